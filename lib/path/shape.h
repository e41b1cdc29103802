/* SPDX-License-Identifier: MIT */
/* lib/path/shape.h - building the shape of a smooth or constant-speed path
 * (lib/path/shape.c; not installed). */
#ifndef CAMPATH_SHAPE_H
#define CAMPATH_SHAPE_H

#include "base.h"
#include "path_impl.h"
#include "path_layout.h"

/* Builds the shape, the channel curves and the warp of a smooth or
 * constant-speed path whose keys and options are set; its parameters start
 * at `origin` (NULL: 0). */
int cpi_shape_build(cp_path *p, const cpi_field_names *names, const cpi_shape_origin *origin, cp_error *error);
void cpi_shape_free(cpi_shape *s);

#endif /* CAMPATH_SHAPE_H */

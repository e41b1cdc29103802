/* SPDX-License-Identifier: MIT */
/* lib/path/warp_speed.h - the warp of constant-speed timing
 * (lib/path/warp_speed.c; not installed). */
#ifndef CAMPATH_WARP_SPEED_H
#define CAMPATH_WARP_SPEED_H

#include "campath/path.h"
#include "base.h"

/* The warp of a constant-speed path; sets the keys' times. */
int cpi_warp_constant_speed(cp_path *p, const cpi_field_names *names, cp_error *error);

#endif /* CAMPATH_WARP_SPEED_H */

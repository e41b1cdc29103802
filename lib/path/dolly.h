/* SPDX-License-Identifier: MIT */
/* lib/path/dolly.h - dolly zoom: a look-at path whose field of view follows
 * the distance to its target so that a keyed width stays the same size on
 * screen (lib/path/dolly.c, docs/math.md "Dolly zoom"). Not installed. */
#ifndef CAMPATH_DOLLY_H
#define CAMPATH_DOLLY_H

#include <stddef.h>

#include "base.h"
#include "campath/path.h"

/* The keys' frame widths checked against the options (a width on every key
 * of a dolly-zoom path, on none of another; a dolly zoom needs a look-at
 * path); for a dolly-zoom path *derived gets a copy of the keys with each
 * fov derived from its width and distance (free it with cpi_free and the
 * options' allocator), else NULL. CP_OK, or a status with the key and
 * field named. */
int cpi_dolly_prepare(const cp_key *keys, size_t count, const cp_path_options *o, const cpi_field_names *names,
                      cp_key **derived, cp_error *error);

/* The fov of a dolly zoom, fov = 2 atan(w / (2 |target - position|)) in
 * degrees, with its first and second time derivatives, from the jets
 * (value, first, second derivative) of the position P, the target T and
 * the width W. */
void cpi_dolly_fov(double P[3][3], double T[3][4], const double W[3], double fov[3]);

#endif /* CAMPATH_DOLLY_H */

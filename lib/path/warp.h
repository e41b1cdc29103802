/* SPDX-License-Identifier: MIT */
/* lib/path/warp.h - the time warp of smooth timing, and what every warp
 * shares: its segment index, its evaluation and its inverse
 * (lib/path/warp.c; not installed). */
#ifndef CAMPATH_WARP_H
#define CAMPATH_WARP_H

#include <stddef.h>

#include "base.h"
#include "path_layout.h"

/* The warp of a smooth path: monotone C2 through the keys and holds. */
int cpi_warp_smooth(cp_path *p, cp_error *error);
/* Builds the warp's segment index, gives a loop's seam record the u of one
 * period further, and fills each record's knot indices. */
int cpi_warp_finish(cpi_shape *s, cp_curve *w, cp_error *error);
/* u and its first and second time derivatives at local time t (already in
 * one cycle) in warp piece j; *k gets the u-segment. */
void cpi_warp_eval(const cpi_shape *s, size_t j, double t, double u[3], size_t *k);

/* The first time in the warp's first cycle at which it reaches u. */
double cpi_warp_time_at(const cpi_shape *s, double u);

#endif /* CAMPATH_WARP_H */

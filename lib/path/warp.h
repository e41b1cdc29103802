/* SPDX-License-Identifier: MIT */
/* lib/path/warp.h - the time warp of smooth timing, and what every warp
 * shares: its segment index, its evaluation and its inverse
 * (lib/path/warp.c; not installed). */
#ifndef CAMPATH_WARP_H
#define CAMPATH_WARP_H

#include <stddef.h>

#include "base.h"
#include "path_layout.h"

/* The knots of a warp: times, u, stops, their u-knots, and NULL or the
 * slope factors of eased keys (cpi_mono_spec.scale). */
typedef struct cpi_warp_knots {
    size_t               m;
    const double        *x, *y;
    const unsigned char *stop;
    const size_t        *knot;
    const double        *scale;
} cpi_warp_knots;

/* The monotone C2 warp through `kn` (work: NULL, or scratch for m knots),
 * replacing the shape's warp. */
int cpi_warp_build(cp_path *p, const cpi_warp_knots *kn, void *work, cp_error *error);

/* Eases (lib/path/warp_ease.c, docs/math.md section 20): whether a key has
 * one, and the smooth warp built again through the knots they add, from the
 * plain warp's knots `kn` (the shape's warp is the plain one when called). */
int cpi_path_has_ease(const cp_key *keys, size_t count);
int cpi_warp_ease(cp_path *p, const cpi_warp_knots *kn, cp_error *error);

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

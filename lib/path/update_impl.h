/* SPDX-License-Identifier: MIT */
/* lib/path/update_impl.h - the local rebuild behind cp_path_update: the
 * window of keys rebuilt around an edit and the splices of its records into
 * the path, one file per timing (lib/path/update_keys.c, update_shape.c;
 * not installed). */
#ifndef CAMPATH_UPDATE_IMPL_H
#define CAMPATH_UPDATE_IMPL_H

#include <stddef.h>

#include "path_layout.h"

/* How far (in keys) the window reaches beyond the edited keys on each side,
 * and how many of those keys stay the path's own: the records of keys
 * [first - REACH + KEEP, last + REACH - KEEP] come from the window's build.
 * The C2 solves damp a change by at least 1/2 per knot (docs/math.md,
 * section 23), so what the window's own ends change in its build has
 * shrunk by 2^-64 or more where the splice starts. */
#define CPI_UPDATE_REACH 128
#define CPI_UPDATE_KEEP 64

/* The window: keys a..b of the path (clamped to it) were built as a path of
 * their own (`sub`, its key 0 is key a); the records of keys lo..hi are
 * spliced (lo = a only at the path's first key, hi = b only at its last). */
typedef struct cpi_update_window {
    size_t a, b, lo, hi;
} cpi_update_window;

/* How far the window's records may be from the path's at a seam (the
 * check that the damping did its work; else the update falls back on a
 * whole rebuild): measured as the values they make, a derivative of order
 * `order` times the knot spacing h that many times, against the magnitude
 * of the values and parameters there. The sums a whole build makes over a
 * long path round at that scale, so no finer test is meaningful. */
#define CPI_UPDATE_SEAM_TOLERANCE 1e-13

static inline int cpi_update_agree(double x, double y, int order, double h, double magnitude)
{
    double d = x > y ? x - y : y - x;
    for (int o = 0; o < order; o++)
        d *= h;
    return d <= CPI_UPDATE_SEAM_TOLERANCE * magnitude; /* false for NaN */
}

/* Keys timing: splices `sub`'s records of keys lo..hi into the path's
 * curves, or returns 0 and changes nothing where the records do not line
 * up (inserted rotation keys, a hemisphere that flips after the window, a
 * seam beyond the tolerance). `changed` gets the span of time that moved. */
int cpi_update_keys(cp_path *p, const cp_path *sub, const cpi_update_window *w, double changed[2]);

/* Smooth timing: the same for the shape and the warp, whose parameters
 * after the window shift by what the window changed them by. */
int cpi_update_shape(cp_path *p, const cp_path *sub, const cpi_update_window *w, double changed[2]);

#endif /* CAMPATH_UPDATE_IMPL_H */

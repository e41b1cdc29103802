/* SPDX-License-Identifier: MIT */
/* lib/path/arclength.h - the arc length of a position curve's segments,
 * for the distance queries, the constant-speed warp, retiming and the
 * checks (lib/path/arclength.c; not installed). */
#ifndef CAMPATH_ARCLENGTH_H
#define CAMPATH_ARCLENGTH_H

#include <stddef.h>

#include "campath/curve.h"

/* The length of segment `seg` of a position curve (dimension 3) from its
 * start to its parameter x. */
double cpi_arc_partial(const cp_curve *c, size_t seg, double x);
/* The whole length of that segment. */
double cpi_arc_segment_length(const cp_curve *c, size_t seg);
/* The velocity of cubic segment `seg` of a position curve as a polynomial
 * in w = x - x_seg: v[k][j] is the coefficient of w^k of component j. */
void cpi_arc_velocity(const cp_curve *c, size_t seg, double v[3][3]);

/* A cubic position segment's length from its start, as a smooth function
 * of where it stops: the pieces the adaptive quadrature of the whole segment
 * accepted, each integrated by its one rule up to the stop (an adaptive
 * integral of each partial length would jump as its pieces change). */
typedef struct cpi_arc_table {
    const cp_curve *c;
    size_t          seg;
    double          a, b;      /* the segment's parameter range */
    double          v[3][3];   /* its velocity over x = (t - a) / (b - a) in [0, 1], over s / (b - a) */
    double          s;         /* lengths below times s are metres */
    size_t          n, cap;
    double         *x0, *cum;  /* piece starts (in x) and cumulative lengths (n + 1) */
    int             failed;
} cpi_arc_table;
int    cpi_arc_table_build(cpi_arc_table *t, const cp_curve *c, size_t seg); /* 0, or -1 out of memory */
double cpi_arc_table_at(const cpi_arc_table *t, double x);
void   cpi_arc_table_free(cpi_arc_table *t);

/* The least speed |p'| on segment `seg` of a position curve (exact: the
 * square root of a quartic's least value). */
double cpi_arc_least_speed(const cp_curve *c, size_t seg);

#endif /* CAMPATH_ARCLENGTH_H */

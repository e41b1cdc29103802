/* SPDX-License-Identifier: MIT */
/* lib/path/pace.h - the measure constant-speed timing paces by: distance
 * along the shape with turning weighed in (docs/math.md, section 13;
 * lib/path/pace.c; not installed). */
#ifndef CAMPATH_PACE_H
#define CAMPATH_PACE_H

#include <stddef.h>

#include "arclength.h"
#include "path_layout.h"

/* The pace of u-segment `seg` at parameter u is
 *
 *     G'(u) = M(M(a, c b), f max(1, c))
 *
 * with a = |P_u| (metres of travel per unit u), b = |omega_u| (radians of
 * turn per unit u), c metres per radian (the cruise speed over the fastest
 * turn) and M a smooth maximum that is exactly max(x, y) wherever one is at
 * least twice the other; f is CPI_PACE_FLOOR. A segment whose pace is the
 * distance alone (a at least twice both others wherever it is probed) is
 * `plain`: its length and rates are those of the position's arc table. */
#define CPI_PACE_FLOOR 1e-3

typedef struct cpi_pace_probe {
    double turn;   /* the largest b / a probed (infinite where a is 0) */
    double least;  /* the least a probed */
    int    travel; /* the segment's position moves */
} cpi_pace_probe;

/* What the pace of segment `seg` needs: b / a and a at its ends and 15
 * points between them (look-at paths: no turn, b = 0). */
void cpi_pace_probe_segment(const cp_path *p, size_t seg, cpi_pace_probe *probe);
/* Whether a segment so probed is paced by its distance alone at c. */
int cpi_pace_is_plain(const cpi_pace_probe *probe, double c);

typedef struct cpi_pace {
    const cp_path *p;
    size_t         seg;     /* the u-segment */
    double         c;       /* metres per radian */
    int            plain;
    double         u0, u1;  /* the segment's u range */
    cpi_arc_table  arc;     /* plain: the position segment's arc table */
    size_t         n, cap;  /* otherwise the accepted pieces of the integral of G' */
    double        *x0, *cum;
    int            failed;
} cpi_pace;

/* The table of segment `seg`'s pace at c (0, or -1 out of memory). */
int    cpi_pace_build(cpi_pace *t, const cp_path *p, size_t seg, double c, int plain);
/* G(u) - G(u0): metres from the segment's start (a smooth function of u). */
double cpi_pace_at(const cpi_pace *t, double u);
/* The whole segment's G. */
double cpi_pace_total(const cpi_pace *t);
/* G'(u) and G''(u). */
void   cpi_pace_rate(const cpi_pace *t, double u, double g[2]);
void   cpi_pace_free(cpi_pace *t);
/* The u of the segment where G reaches `dist` metres from its start
 * (bisection, `halvings` of them). */
double cpi_pace_u_at(const cpi_pace *t, double dist, int halvings);

#endif /* CAMPATH_PACE_H */

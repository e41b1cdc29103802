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
 *     G'(u) = (a^k + (c b)^k + F^k)^(1/k),  k = CPI_PACE_POWER,
 *
 * F = CPI_PACE_FLOOR max(1, c), rising to CPI_PACE_SPOT_FLOOR of the
 * segment's mean pace max(travel, c turn) / du at a key where a turn on
 * the spot starts or ends (lib/path/pace.c says why),
 *
 * with a = |P_u| (metres of travel per unit u), b = |omega_u| (radians of
 * turn per unit u), c metres per radian (the cruise speed over the fastest
 * turn). Where c b and F are below a / CPI_PACE_PLAIN, G' is a to within
 * (1/100)^8 / 8 ~ 1e-17: the distance alone, to the last bit; a segment
 * probed so is `plain`: its length and rates are those of the position's
 * arc table, as they were before turning counted. */
#define CPI_PACE_POWER 8
#define CPI_PACE_FLOOR 1e-3
#define CPI_PACE_PLAIN 100.0
#define CPI_PACE_SPOT_FLOOR 0.3

typedef struct cpi_pace_probe {
    double turn;   /* the largest b / a probed (infinite where a is 0) */
    double least;  /* the least a probed */
    int    travel; /* the segment's position moves */
} cpi_pace_probe;

/* What the pace of segment `seg` needs: b / a and a at its ends and 15
 * points between them (look-at paths: no turn, b = 0). */
void cpi_pace_probe_segment(const cp_path *p, size_t seg, cpi_pace_probe *probe);
/* Whether u-knot j is where a turn on the spot starts or ends (the
 * position's map is flat on one side and has slope 0 there); *spot gets
 * that turn's u-segment. */
int cpi_pace_junction(const cp_path *p, size_t j, size_t *spot);
/* Whether a segment so probed is paced by its distance alone at c. */
int cpi_pace_is_plain(const cpi_pace_probe *probe, double c);

/* Terms of the series of G' on a piece of a table (lib/path/pace.c). */
#define CPI_PACE_NODES 16
typedef struct cpi_pace_piece {
    double x0, x1, base, start;          /* its u range, G at x0, the antiderivative's series at x0 */
    double c[CPI_PACE_NODES];            /* G' = sum c[j] T_j(s), s in [-1, 1] over [x0, x1] */
    double C[CPI_PACE_NODES + 1];        /* its antiderivative in s */
} cpi_pace_piece;

typedef struct cpi_pace {
    const cp_path *p;
    size_t         seg;     /* the u-segment */
    double         c;       /* metres per radian */
    double         floor[2]; /* F at its two knots */
    int            plain;
    double         u0, u1;  /* the segment's u range */
    cpi_arc_table  arc;     /* plain: the position segment's arc table */
    size_t         n, cap;  /* otherwise pieces of G' as Chebyshev series */
    struct cpi_pace_piece *pieces;
    double         total;
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

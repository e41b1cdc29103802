/* SPDX-License-Identifier: MIT */
/* lib/path/lookat.h - the orientation of a look-at path: the camera looks
 * from its position at its target, +Y up, rolled (lib/path/lookat.c,
 * docs/math.md section 15); the view on a segment as polynomials
 * (lib/path/lookat_view.c); the hemisphere of the sampled quaternion
 * (lib/path/lookat_lift.c). Not installed. */
#ifndef CAMPATH_LOOKAT_H
#define CAMPATH_LOOKAT_H

#include <stddef.h>

#include "campath/path.h"
#include "path_layout.h"

/* Each key's look-at frame (p->q0, hemispheres chained from the identity)
 * and its rotation with roll (p->keys[].rotation). The keys are valid. */
int cpi_lookat_prepare(cp_path *p, cp_error *error);

/* The look-at frame (no roll) of view direction d, in the hemisphere of ref. */
cp_quat cpi_lookat_frame(const double d[3], cp_quat ref);

/* The camera's rotation looking along d (target - position), +Y up, rolled
 * by roll[0] degrees, with its world angular velocity and acceleration from
 * the first and second time derivatives of d (d[1], d[2]) and of the roll;
 * roll may be NULL (none). The look-at frame's quaternion is taken in the
 * hemisphere of `ref`. omega and alpha may be NULL (not computed). */
void cpi_lookat(double d[3][3], const double *roll, cp_quat ref, cp_quat *q, cp_vec3 *omega,
                cp_vec3 *alpha);

/* omega and alpha of cpi_lookat (not NULL), to the bit, without the
 * frame's quaternion and the roll's sine and cosine. */
void cpi_lookat_rates(double d[3][3], const double *roll, cp_vec3 *omega, cp_vec3 *alpha);

/* |omega| of cpi_lookat for view d and its first derivative (d[1]), roll
 * NULL or its value and first derivative, to the bit, without the frame
 * (no square root of the frame's, no roll's sine or cosine). */
double cpi_lookat_rate(double d[2][3], const double *roll);

/* How far key k is from a degenerate view: the angle in radians between
 * its view and straight up or down, and the distance from its position to
 * its target in metres. */
void cpi_lookat_margins(const cp_key *k, double *angle, double *distance);

/* ---- the view on a segment (lookat_view.c) ---------------------------------------------- */

/* The segments a look-at path is sampled by: the position curve's in keys
 * timing, the u-segments otherwise (0 when every key is at one u-knot). */
size_t cpi_lookat_segments(const cp_path *p);

#define CPI_VIEW_MAX_DEGREE 15

/* d = target - position on a segment: c[j] is the power form of component
 * j in a variable w over [0, hi]; the sampler's parameter there (local time
 * in keys timing, u otherwise) is x0 + scale w. */
typedef struct cpi_view {
    int    deg;    /* 3 in keys timing (0..3 in w = seconds from the segment's start); 15 in smooth
                      timing (w = the fraction of the u-segment); 0 for a view that stands still */
    double hi, x0, scale;
    double c[3][CPI_VIEW_MAX_DEGREE + 1];
} cpi_view;

/* The view on segment seg (< cpi_lookat_segments, or 0 when there is none). */
void cpi_lookat_view(const cp_path *p, size_t seg, cpi_view *v);

/* Whether the view's heading (its horizontal part) stays within a quarter
 * turn of the unit heading m = (m_x, m_z) all along segment seg, by the
 * convex hulls of the channel curves' Bezier points: a quick sufficient
 * test (0 says only that it could not tell). */
int cpi_lookat_view_ahead(const cp_path *p, size_t seg, const double m[2]);

/* Lower bounds over segment seg of the angle between the view and the
 * vertical (radians) and of the distance from camera to target (metres), 0
 * where none follows: from the convex hulls of the channel curves' Bezier
 * points (v NULL), or, tighter, of d's own (v: the segment's view). */
void cpi_lookat_view_bounds(const cp_path *p, size_t seg, const cpi_view *v, double *angle, double *distance);

/* ---- the hemisphere (lookat_lift.c) ------------------------------------------------------------ */

/* p->lift, once the path's curves (and shape) are built, and every key's
 * frame and rotation (p->q0, p->keys[].rotation) in the hemisphere the
 * path has there. */
int cpi_lookat_lift(cp_path *p, cp_error *error);

/* The reference frame for a sample at parameter x (local time in keys
 * timing, u otherwise) in segment seg, in a cycle of a loop that `odd` says. */
static inline cp_quat cpi_lookat_ref(const cp_path *p, size_t seg, double x, int odd)
{
    const cpi_lift *l = &p->lift;
    const cpi_lift_seg *s = &l->seg[seg < l->nseg ? seg : l->nseg - 1];
    cp_quat r = s->ref;
    for (uint32_t i = 0; i < s->nmore && l->more[s->more + i].at <= x; i++)
        r = l->more[s->more + i].ref;
    return odd && l->seam < 0 ? cp_quat_neg(r) : r;
}

#endif /* CAMPATH_LOOKAT_H */

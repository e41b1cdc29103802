/* SPDX-License-Identifier: MIT */
/* lib/path/lookat_lift.c - the hemisphere of a look-at path's quaternion
 * (docs/math.md, section 15). q and -q are one rotation; a look-at frame
 * is the same quaternion as its heading's half angle, up to sign, so the
 * quaternion is continuous exactly when that half angle is: the heading
 * must be followed however far it turns between keys. Each segment gets
 * references where its heading comes a quarter turn from the last one,
 * found once when the path is built (roots of a polynomial), so a sample
 * is decided by where it is, with no state. */
#include <math.h>
#include <stdlib.h>

#include "base.h"
#include "curve_impl.h"
#include "lookat.h"
#include "path_layout.h"
#include "poly.h"
#include "shape_eval.h"

/* References a segment may add: a heading a polynomial of degree 15 turns
 * through has far fewer quarter turns; a bound for views that pass through
 * the vertical, where the heading has no meaning. */
#define CPI_LIFT_MAX_PIECES 64

/* Whether the polynomial c (degree deg) is positive on [lo, hi]: all its
 * Bernstein coefficients there are (sufficient). */
static int positive_on(const double *c, int deg, double lo, double hi)
{
    double b[CPI_VIEW_MAX_DEGREE + 1];
    cpi_poly_bernstein(c, deg, lo, hi, b);
    for (int i = 0; i <= deg; i++)
        if (!(b[i] > 0))
            return 0;
    return 1;
}

/* The view d at parameter x of segment seg, evaluated as the sampler does. */
static void view_at(const cp_path *p, size_t seg, double x, double d[3])
{
    if (p->shape) {
        double P[3][3], R[3][4], F[3];
        cpi_shape_eval(p, seg, x, 1.0, P, R, F, NULL);
        for (int j = 0; j < 3; j++)
            d[j] = R[0][j] - P[0][j];
        return;
    }
    double t[3], q[3];
    cpi_curve_eval(p->target, seg, x, 1.0, t, NULL, NULL);
    cpi_curve_eval(p->pos, seg, x, 1.0, q, NULL, NULL);
    for (int j = 0; j < 3; j++)
        d[j] = t[j] - q[j];
}

/* d's heading as a unit vector (x, z); 0 when the view is vertical. */
static int heading(const double d[3], double m[2])
{
    const double r = hypot(d[0], d[2]);
    if (!(r > 0) || !isfinite(r))
        return 0;
    m[0] = d[0] / r, m[1] = d[2] / r;
    return 1;
}

/* Appends a reference to segment s. */
static int add_piece(cpi_lift *l, size_t *cap, cpi_lift_seg *s, double at, cp_quat ref)
{
    const size_t used = (size_t)s->more + s->nmore;
    if (used == *cap) {
        const size_t c = *cap ? 2 * *cap : 16;
        cpi_lift_piece *m = c <= UINT32_MAX ? realloc(l->more, c * sizeof *m) : NULL;
        if (!m)
            return 0; /* l->more is still the path's, freed with it */
        l->more = m, *cap = c;
    }
    l->more[used] = (cpi_lift_piece){at, ref};
    s->nmore++;
    return 1;
}

/* q in the hemisphere of ref. */
static cp_quat toward(cp_quat q, cp_quat ref) { return cp_quat_dot(q, ref) < 0 ? cp_quat_neg(q) : q; }

/* Segment seg's references: it starts with the frame `ref` at key a (the
 * first at its start), and the heading is followed from there. Returns the
 * last reference. */
static int lift_segment(const cp_path *p, cpi_lift *l, size_t *cap, size_t seg, size_t used, size_t a, cp_quat *ref)
{
    cpi_lift_seg *s = &l->seg[seg];
    *s = (cpi_lift_seg){*ref, (uint32_t)used, 0};
    const cp_key *k = &p->keys[a];
    double d[3] = {k->target.x - k->position.x, k->target.y - k->position.y, k->target.z - k->position.z}, m[2];
    /* the heading stays within a quarter turn of the reference up to the
     * first root of m . (d_x, d_z); there the next reference begins, a
     * quarter turn on, where both hemispheres agree by a wide margin */
    cpi_view v;
    double w = 0.0;
    for (int more = 0; more < CPI_LIFT_MAX_PIECES && heading(d, m); more++) {
        if (more == 0) {
            if (cpi_lookat_view_ahead(p, seg, m))
                break;
            cpi_lookat_view(p, seg, &v);
        }
        double e[CPI_VIEW_MAX_DEGREE + 1], r[CPI_POLY_MAX_DEGREE];
        for (int j = 0; j <= v.deg; j++)
            e[j] = m[0] * v.c[0][j] + m[1] * v.c[2][j];
        if (positive_on(e, v.deg, w, v.hi) || cpi_poly_roots(e, v.deg, w, v.hi, r) == 0)
            break;
        w = r[0];
        const double at = v.x0 + v.scale * w;
        view_at(p, seg, at, d);
        *ref = cpi_lookat_frame(d, *ref);
        if (!add_piece(l, cap, s, at, *ref))
            return 0;
    }
    return 1;
}

int cpi_lookat_lift(cp_path *p, cp_error *error)
{
    cpi_lift *l = &p->lift;
    const size_t n = p->count, nseg = cpi_lookat_segments(p);
    const uint32_t *knot = p->shape ? p->shape->key_knot : NULL;
    l->nseg = nseg ? nseg : 1;
    l->seg = cpi_alloc_array(l->nseg, sizeof *l->seg);
    if (!l->seg)
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the look-at frames of %zu keys", n);
    /* from the first key's frame in the hemisphere of the identity; where
     * a segment ends, the frame of the key there in the hemisphere of the
     * segment's last reference (a view that jumps there, step
     * interpolation, chains as the keys do) */
    cp_quat ref = p->q0[0];
    size_t cap = 0, used = 0, a = 0;
    l->seg[0] = (cpi_lift_seg){ref, 0, 0};
    for (size_t seg = 0; seg < nseg; seg++) {
        size_t b = a + 1; /* the first key at the segment's end (the seam: key 0) */
        while (knot && b < n && knot[b] == seg)
            b++;
        if (b >= n)
            b = 0;
        if (!lift_segment(p, l, &cap, seg, used, a, &ref))
            return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the look-at frames of %zu keys", n);
        used += l->seg[seg].nmore;
        ref = toward(p->q0[b], ref);
        a = b;
    }
    l->seam = p->opts.ends == CP_ENDS_CLOSED && cp_quat_dot(ref, l->seg[0].ref) < 0 ? -1.0 : 1.0;
    /* each key in the hemisphere the path has there: where its segment
     * starts, or (the last key of an open path) where the path ends; a
     * negated frame negates the rolled rotation exactly */
    for (size_t i = 0; i < n; i++) {
        const size_t k = knot ? knot[i] : i;
        if (cp_quat_dot(p->q0[i], k < nseg ? l->seg[k].ref : ref) < 0) {
            p->q0[i] = cp_quat_neg(p->q0[i]);
            p->keys[i].rotation = cp_quat_neg(p->keys[i].rotation);
        }
    }
    return CP_OK;
}

/* SPDX-License-Identifier: MIT */
/* lib/path/lookat_view.c - the view d = target - position of a look-at
 * path on one segment as three polynomials, exact up to rounding: cubics
 * of time in keys timing, and in smooth timing the cubic curves composed
 * with the monotone quintic maps of u, polynomials of degree 15 in the
 * segment's fraction (docs/math.md, section 15). The hemisphere of the
 * sampled quaternion (lookat_lift.c) and the look-at checks
 * (check_lookat.c) ask their questions of these. */
#include <math.h>
#include <stddef.h>

#include "check_impl.h"
#include "curve_impl.h"
#include "lookat.h"
#include "path_layout.h"
#include "poly.h"

/* The power form of component j of a channel curve's segment seg, in the
 * curve's parameter from the segment's start (a curve of one knot is its
 * value). */
static void curve_power(const cp_curve *c, size_t seg, int j, double out[4])
{
    if (c->nseg == 0) {
        out[0] = CPI_VALUE(c, 0)[j], out[1] = out[2] = out[3] = 0.0;
        return;
    }
    cpi_check_power(c, seg, j, out);
}

/* The power form of the quintic Hermite map from (y0, d0, a0) to (y1, d1,
 * a1) over a piece of width h, in its fraction s: the basis
 * of lib/path/monotone.h expanded (H5 = 10s^3 - 15s^4 + 6s^5, H1 = s - 6s^3
 * + 8s^4 - 3s^5, H4 = -4s^3 + 7s^4 - 3s^5, H2 = (s^2 - 3s^3 + 3s^4 - s^5) / 2,
 * H3 = (s^3 - 2s^4 + s^5) / 2). */
static void quintic_power(const double *a, const double *b, double h, double q[6])
{
    const double dy = b[0] - a[0], d0 = h * a[1], d1 = h * b[1], a0 = h * h * a[2], a1 = h * h * b[2];
    q[0] = a[0];
    q[1] = d0;
    q[2] = 0.5 * a0;
    q[3] = 10 * dy - 6 * d0 - 4 * d1 - 1.5 * a0 + 0.5 * a1;
    q[4] = -15 * dy + 8 * d0 + 7 * d1 + 1.5 * a0 - a1;
    q[5] = 6 * dy - 3 * d0 - 3 * d1 - 0.5 * a0 + 0.5 * a1;
}

/* The curve's segment that holds the values a monotone map runs through
 * from the curve's knot `knot` (as the sampler finds it: the segment that
 * ends at a value, and the last one past the end). */
static size_t segment_of(const cp_curve *c, size_t knot, double mid)
{
    if (c->nseg == 0)
        return 0;
    size_t i = knot < c->nseg ? knot : c->nseg - 1;
    while (i + 1 < c->nseg && CPI_TIME(c, i + 1) < mid)
        i++;
    return i;
}

/* sign * P(q(s)) added to out: the cubic p composed with the quintic q. */
static void add_composed(const double p[4], const double q[6], double sign, double out[CPI_VIEW_MAX_DEGREE + 1])
{
    double q2[11] = {0}, q3[16] = {0};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            q2[i + j] += q[i] * q[j];
    for (int i = 0; i < 11; i++)
        for (int j = 0; j < 6; j++)
            q3[i + j] += q2[i] * q[j];
    out[0] += sign * p[0];
    for (int k = 0; k < 6; k++)
        out[k] += sign * p[1] * q[k];
    for (int k = 0; k < 11; k++)
        out[k] += sign * p[2] * q2[k];
    for (int k = 0; k < 16; k++)
        out[k] += sign * p[3] * q3[k];
}

size_t cpi_lookat_segments(const cp_path *p)
{
    if (!p->shape)
        return p->pos->nseg;
    const cpi_shape *s = p->shape;
    return p->opts.ends == CP_ENDS_CLOSED && s->total > 0 ? s->nu : s->nu - 1;
}

void cpi_lookat_view(const cp_path *p, size_t seg, cpi_view *v)
{
    for (int j = 0; j < 3; j++)
        for (int k = 0; k <= CPI_VIEW_MAX_DEGREE; k++)
            v->c[j][k] = 0.0;
    if (!p->shape) {
        v->deg = 3;
        v->x0 = CPI_TIME(p->pos, seg), v->scale = 1.0;
        v->hi = CPI_TIME(p->pos, seg + 1) - v->x0;
        for (int j = 0; j < 3; j++) {
            double a[4], b[4];
            curve_power(p->target, seg, j, a);
            curve_power(p->pos, seg, j, b);
            for (int k = 0; k < 4; k++)
                v->c[j][k] = a[k] - b[k];
        }
        return;
    }
    const cpi_shape *s = p->shape;
    const cpi_uknot *a = &s->uk[seg], *b = &s->uk[seg + 1];
    if (cpi_lookat_segments(p) == 0) { /* one u-knot: the view stands still */
        v->deg = 0, v->x0 = a->u, v->scale = 1.0, v->hi = 0.0;
        for (int j = 0; j < 3; j++)
            v->c[j][0] = CPI_VALUE(p->target, 0)[j] - CPI_VALUE(p->pos, 0)[j];
        return;
    }
    v->deg = CPI_VIEW_MAX_DEGREE;
    v->x0 = a->u, v->scale = b->u - a->u, v->hi = 1.0;
    /* each channel: its curve's cubic of sigma, sigma a quintic of s */
    for (int which = 0; which < 2; which++) {
        const cp_curve *c = which ? p->target : p->pos;
        const double *ma = which ? a->sr : a->sp, *mb = which ? b->sr : b->sp;
        double q[6];
        quintic_power(ma, mb, v->scale, q);
        const size_t i = segment_of(c, which ? a->rseg : a->pseg, cpi_poly_eval(q, 5, 0.5));
        if (c->nseg)
            q[0] -= CPI_TIME(c, i); /* the curve's parameter from its segment's start */
        for (int j = 0; j < 3; j++) {
            double pc[4];
            curve_power(c, i, j, pc);
            add_composed(pc, q, which ? 1.0 : -1.0, v->c[j]);
        }
    }
}

/* m . b for a curve segment's Bezier points b (horizontal components;
 * their convex hull holds the segment): how many. */
static int hull(const cp_curve *c, size_t seg, const double m[2], double v[4])
{
    const double *k0 = CPI_VALUE(c, c->nseg ? seg : 0);
    int n = 1;
    v[0] = m[0] * k0[0] + m[1] * k0[2];
    if (c->nseg) {
        const double *r0 = c->rec + seg * (size_t)c->stride, *r1 = r0 + c->stride;
        const double *k1 = r1 + 1, h = r1[0] - r0[0];
        if (c->mode == CP_CURVE_CUBIC) {
            const double *m0 = r0 + c->tout, *m1 = r1 + c->tin;
            v[n++] = m[0] * (k0[0] + h * m0[0] / 3) + m[1] * (k0[2] + h * m0[2] / 3);
            v[n++] = m[0] * (k1[0] - h * m1[0] / 3) + m[1] * (k1[2] - h * m1[2] / 3);
        }
        v[n++] = m[0] * k1[0] + m[1] * k1[2];
    }
    return n;
}

int cpi_lookat_view_ahead(const cp_path *p, size_t seg, const double m[2])
{
    size_t ts = seg, ps = seg;
    if (p->shape) {
        if (cpi_lookat_segments(p) == 0)
            return 1;
        const cpi_uknot *a = &p->shape->uk[seg], *b = &p->shape->uk[seg + 1];
        ts = segment_of(p->target, a->rseg, 0.5 * (a->sr[0] + b->sr[0]));
        ps = segment_of(p->pos, a->pseg, 0.5 * (a->sp[0] + b->sp[0]));
    }
    double t[4], q[4];
    const int nt = hull(p->target, ts, m, t), np = hull(p->pos, ps, m, q);
    if (!p->shape && nt == np) {
        /* one parameter: d's own Bezier points are the differences */
        for (int k = 0; k < nt; k++)
            if (!(t[k] - q[k] > 0))
                return 0;
        return 1;
    }
    /* each on its own parameter: m . d >= (least of m . target) - (largest of m . position) */
    double tlo = t[0], phi = q[0];
    for (int k = 1; k < nt; k++)
        tlo = t[k] < tlo ? t[k] : tlo;
    for (int k = 1; k < np; k++)
        phi = q[k] > phi ? q[k] : phi;
    return tlo - phi > 0;
}

/* A curve segment's Bezier points (3-D; their convex hull holds the
 * segment): how many. */
static int bezier3(const cp_curve *c, size_t seg, double b[4][3])
{
    const double *k0 = CPI_VALUE(c, c->nseg ? seg : 0);
    int n = 0;
    for (int j = 0; j < 3; j++)
        b[n][j] = k0[j];
    n++;
    if (c->nseg) {
        const double *r0 = c->rec + seg * (size_t)c->stride, *r1 = r0 + c->stride, *k1 = r1 + 1, h = r1[0] - r0[0];
        if (c->mode == CP_CURVE_CUBIC) {
            for (int j = 0; j < 3; j++) {
                b[n][j] = k0[j] + h * r0[c->tout + j] / 3;
                b[n + 1][j] = k1[j] - h * r1[c->tin + j] / 3;
            }
            n += 2;
        }
        for (int j = 0; j < 3; j++)
            b[n][j] = k1[j];
        n++;
    }
    return n;
}

/* Lower bounds of the view's angle from the vertical and of its length
 * when d lies in the convex hull of the points tb minus the points pb
 * (every difference of a point of one and a point of the other). */
static void hull_bounds(const double (*tb)[3], int nt, const double (*pb)[3], int np, double *angle,
                        double *distance)
{
    /* a direction near the middle of the view: the first and last differences */
    double m[3], ml = 0, mh = 0;
    for (int j = 0; j < 3; j++) {
        m[j] = (tb[0][j] - pb[0][j]) + (tb[nt - 1][j] - pb[np - 1][j]);
        ml += m[j] * m[j];
        mh += j == 1 ? 0.0 : m[j] * m[j];
    }
    ml = sqrt(ml), mh = sqrt(mh);
    /* m . d >= (least of m . t) - (largest of m . p); |d_y| at most the widest gap */
    double t3 = INFINITY, th = INFINITY, p3 = -INFINITY, ph = -INFINITY, tylo = INFINITY, tyhi = -INFINITY,
           pylo = INFINITY, pyhi = -INFINITY;
    for (int k = 0; k < nt; k++) {
        t3 = fmin(t3, (m[0] * tb[k][0] + m[1] * tb[k][1] + m[2] * tb[k][2]) / ml);
        th = fmin(th, (m[0] * tb[k][0] + m[2] * tb[k][2]) / mh);
        tylo = fmin(tylo, tb[k][1]), tyhi = fmax(tyhi, tb[k][1]);
    }
    for (int k = 0; k < np; k++) {
        p3 = fmax(p3, (m[0] * pb[k][0] + m[1] * pb[k][1] + m[2] * pb[k][2]) / ml);
        ph = fmax(ph, (m[0] * pb[k][0] + m[2] * pb[k][2]) / mh);
        pylo = fmin(pylo, pb[k][1]), pyhi = fmax(pyhi, pb[k][1]);
    }
    const double lh = th - ph, l3 = t3 - p3, ymax = fmax(fabs(tyhi - pylo), fabs(tylo - pyhi));
    *angle = ml > 0 && mh > 0 && lh > 0 ? atan2(lh, ymax) : 0.0;
    *distance = ml > 0 && l3 > 0 ? l3 : 0.0;
}

void cpi_lookat_view_bounds(const cp_path *p, size_t seg, const cpi_view *v, double *angle, double *distance)
{
    if (v) {
        /* d's own Bezier points: the Bernstein coefficients of its components */
        double b[CPI_VIEW_MAX_DEGREE + 1][3], bc[CPI_VIEW_MAX_DEGREE + 1];
        static const double origin[1][3] = {{0, 0, 0}};
        for (int j = 0; j < 3; j++) {
            cpi_poly_bernstein(v->c[j], v->deg, 0.0, v->hi, bc);
            for (int k = 0; k <= v->deg; k++)
                b[k][j] = bc[k];
        }
        hull_bounds((const double(*)[3])b, v->deg + 1, origin, 1, angle, distance);
        return;
    }
    size_t ts = seg, ps = seg;
    if (p->shape) {
        if (cpi_lookat_segments(p) == 0) {
            *angle = *distance = 0.0;
            return;
        }
        const cpi_uknot *a = &p->shape->uk[seg], *b = &p->shape->uk[seg + 1];
        ts = segment_of(p->target, a->rseg, 0.5 * (a->sr[0] + b->sr[0]));
        ps = segment_of(p->pos, a->pseg, 0.5 * (a->sp[0] + b->sp[0]));
    }
    double tb[4][3], pb[4][3];
    const int nt = bezier3(p->target, ts, tb), np = bezier3(p->pos, ps, pb);
    hull_bounds((const double(*)[3])tb, nt, (const double(*)[3])pb, np, angle, distance);
}

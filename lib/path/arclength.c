/* SPDX-License-Identifier: MIT */
/* lib/path/arclength.c - arc length of the position curve and distance <-> time.
 *
 * A cubic segment's speed |p'| is the square root of a quartic. Where the
 * speed touches zero (a path that reverses along a line) or dips close to
 * it, |p'| has a corner or a sharp valley that quadrature rules miss; so each
 * segment is first cut at the minima of the quartic (the real roots of its
 * derivative, lib/path/poly.c), and each piece is integrated by adaptive
 * Gauss-Kronrod quadrature, which on such smooth pieces almost always
 * accepts its first 15-point rule (docs/math.md, section 7). The work is
 * bounded whatever the integrand: at most CPI_ARC_DEPTH halvings and
 * CPI_INTEGRATE_SPLITS splits per piece (lib/path/poly.h), and none once a
 * value is not finite. The velocity is scaled by a power of two before it is
 * squared, so speeds whose squares would overflow are measured too. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arclength.h"
#include "base.h"
#include "curve_impl.h"
#include "path_layout.h"
#include "poly.h"
#include "shape_eval.h"
#include "warp.h"

/* Gauss and Kronrod sums agree to this on every accepted piece; the Kronrod
 * sum's own error is far smaller (exact for degree 22). */
#define CPI_ARC_TOL 1e-11
#define CPI_ARC_DEPTH 24
/* The time at a distance within a segment: Newton's steps kept in a
 * bracket (halving it where a step would leave it), until the length is
 * within 1e-12 of the segment's or the bracket within 1e-15 of the times,
 * and at most this many steps; past it the last step, inside the bracket,
 * is the answer. */
#define CPI_ARC_SOLVE_STEPS 60

/* The velocity of a cubic segment as a polynomial in w = t - t_k (from the
 * Hermite form, docs/math.md): p'(w) = c[0] + c[1] w + c[2] w^2. */
static void raw_velocity(const cp_curve *c, size_t seg, double v[3][3])
{
    const double *k0 = c->rec + seg * (size_t)c->stride, *k1 = k0 + c->stride;
    const double h = k1[0] - k0[0], ih = 1.0 / h;
    for (int j = 0; j < 3; j++) {
        const double dp = k0[1 + j] - k1[1 + j], m0 = k0[c->tout + j], m1 = k1[c->tin + j];
        v[0][j] = m0;
        v[1][j] = (-6.0 * dp * ih - 4.0 * m0 - 2.0 * m1) * ih;
        v[2][j] = (6.0 * dp * ih + 3.0 * m0 + 3.0 * m1) * ih * ih;
    }
}

/* The same over the segment's own parameter x = w / h in [0, 1], whose
 * coefficients are velocities (terms in 1/h^2 would overflow where the keys
 * are close): p'(x) = s (c[0] + c[1] x + c[2] x^2), s a power of two that
 * brings the largest coefficient near 1, so that squares neither overflow
 * nor underflow. A length in x is h s times the integral of |c(x)|. */
typedef struct velocity_poly { double c[3][3], s, h; } velocity_poly;

static void velocity_of(const cp_curve *c, size_t seg, velocity_poly *v)
{
    const double *k0 = c->rec + seg * (size_t)c->stride, *k1 = k0 + c->stride;
    const double h = k1[0] - k0[0], ih = 1.0 / h;
    double m = 0;
    for (int j = 0; j < 3; j++) {
        const double slope = (k1[1 + j] - k0[1 + j]) * ih, m0 = k0[c->tout + j], m1 = k1[c->tin + j];
        v->c[0][j] = m0;
        v->c[1][j] = 6.0 * slope - 4.0 * m0 - 2.0 * m1;
        v->c[2][j] = -6.0 * slope + 3.0 * m0 + 3.0 * m1;
        m = fmax(m, fmax(fabs(v->c[0][j]), fmax(fabs(v->c[1][j]), fabs(v->c[2][j]))));
    }
    v->h = h;
    v->s = 1.0;
    if (!(m > 0) || !isfinite(m))
        return;
    v->s = ldexp(1.0, ilogb(m));
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            v->c[i][j] /= v->s;
}

/* |c(x)|^2 as a quartic in x. */
static void speed_quartic(const velocity_poly *v, double q[5])
{
    q[0] = q[1] = q[2] = q[3] = q[4] = 0.0;
    for (int j = 0; j < 3; j++) {
        const double c0 = v->c[0][j], c1 = v->c[1][j], c2 = v->c[2][j];
        q[0] += c0 * c0;
        q[1] += 2 * c0 * c1;
        q[2] += c1 * c1 + 2 * c0 * c2;
        q[3] += 2 * c1 * c2;
        q[4] += c2 * c2;
    }
}

void cpi_arc_velocity(const cp_curve *c, size_t seg, double v[3][3]) { raw_velocity(c, seg, v); }

static double poly_speed(const void *ctx, double x)
{
    const velocity_poly *v = ctx;
    double s = 0;
    for (int j = 0; j < 3; j++) {
        const double d = v->c[0][j] + x * (v->c[1][j] + x * v->c[2][j]);
        s += d * d;
    }
    return sqrt(s);
}

static double speed(const cp_curve *c, size_t seg, double t)
{
    double d1[3];
    cpi_curve_eval(c, seg, t, 1.0, NULL, d1, NULL);
    const double s2 = d1[0] * d1[0] + d1[1] * d1[1] + d1[2] * d1[2];
    if (s2 <= DBL_MAX)
        return sqrt(s2);
    /* beyond about 1e154 m/s the squares overflow: scale first */
    const double m = fmax(fabs(d1[0]), fmax(fabs(d1[1]), fabs(d1[2])));
    if (!isfinite(m))
        return m + d1[0] + d1[1] + d1[2]; /* inf, or NaN if any is NaN */
    const double x = d1[0] / m, y = d1[1] / m, z = d1[2] / m;
    return m * sqrt(x * x + y * y + z * z);
}

double cpi_arc_partial(const cp_curve *c, size_t seg, double t)
{
    const double a = CPI_TIME(c, seg);
    if (c->nseg == 0 || !(t > a) || c->mode == CP_CURVE_STEP)
        return 0.0;
    const double b = CPI_TIME(c, seg + 1), w1 = fmin(t, b) - a;
    if (c->mode == CP_CURVE_LINEAR)
        return speed(c, seg, a) * w1;
    velocity_poly v;
    velocity_of(c, seg, &v);
    /* |p'|^2 as a quartic in x; its derivative's roots are where the speed
     * turns, the pieces between them are where |p'| is smooth */
    const double x1 = t < b ? w1 / v.h : 1.0;
    double q[5];
    speed_quartic(&v, q);
    const double dq[4] = {q[1], 2 * q[2], 3 * q[3], 4 * q[4]};
    double cut[5];
    const int ncut = cpi_poly_roots(dq, 3, 0.0, x1, cut + 1);
    cut[0] = 0.0;
    cut[ncut + 1] = x1;
    double sum = 0;
    for (int i = 0; i <= ncut; i++)
        sum += cpi_integrate(poly_speed, &v, cut[i], cut[i + 1], CPI_ARC_TOL, CPI_ARC_DEPTH);
    return sum * v.s * v.h;
}

double cpi_arc_least_speed(const cp_curve *c, size_t seg)
{
    if (c->nseg == 0 || c->mode == CP_CURVE_STEP)
        return 0.0;
    if (c->mode == CP_CURVE_LINEAR)
        return speed(c, seg, CPI_TIME(c, seg));
    velocity_poly v;
    velocity_of(c, seg, &v);
    double q[5];
    speed_quartic(&v, q);
    return sqrt(fmax(cpi_poly_min(q, 4, 0.0, 1.0), 0.0)) * v.s;
}

/* ---- a segment's length as a smooth function of where it stops ---------------------- */

static void add_leaf(void *ctx, double a, double b, double value)
{
    cpi_arc_table *t = ctx;
    if (t->failed)
        return;
    if (t->n == t->cap) {
        const size_t cap = t->cap ? 2 * t->cap : 16;
        double *x = realloc(t->x0, cap * sizeof *x);
        if (x)
            t->x0 = x;
        double *c = x ? realloc(t->cum, (cap + 1) * sizeof *c) : NULL;
        if (c)
            t->cum = c;
        if (!x || !c) {
            t->failed = 1;
            return;
        }
        t->cap = cap;
    }
    (void)b;
    t->x0[t->n] = a;
    t->cum[t->n + 1] = t->cum[t->n] + value;
    t->n++;
}

int cpi_arc_table_build(cpi_arc_table *t, const cp_curve *c, size_t seg)
{
    memset(t, 0, sizeof *t);
    t->c = c;
    t->seg = seg;
    t->a = CPI_TIME(c, seg);
    t->b = CPI_TIME(c, seg + 1);
    t->s = 1.0;
    t->cum = malloc(sizeof *t->cum);
    if (!t->cum)
        return -1;
    t->cum[0] = 0.0;
    if (c->mode != CP_CURVE_CUBIC)
        return 0;
    velocity_poly v;
    velocity_of(c, seg, &v);
    memcpy(t->v, v.c, sizeof t->v);
    t->s = v.s * v.h;
    double q[5], cut[5];
    speed_quartic(&v, q);
    const double dq[4] = {q[1], 2 * q[2], 3 * q[3], 4 * q[4]};
    const int ncut = cpi_poly_roots(dq, 3, 0.0, 1.0, cut + 1);
    cut[0] = 0.0;
    cut[ncut + 1] = 1.0;
    for (int i = 0; i <= ncut; i++)
        cpi_integrate_leaves(poly_speed, &v, cut[i], cut[i + 1], CPI_ARC_TOL, CPI_ARC_DEPTH, add_leaf, t);
    return t->failed ? -1 : 0;
}

double cpi_arc_table_at(const cpi_arc_table *t, double x)
{
    if (t->c->mode != CP_CURVE_CUBIC)
        return cpi_arc_partial(t->c, t->seg, x);
    if (!(x > t->a) || t->n == 0)
        return 0.0;
    const double w = x < t->b ? (x - t->a) / (t->b - t->a) : 1.0;
    size_t lo = 0, hi = t->n - 1; /* the last leaf starting at or before w */
    while (lo < hi) {
        const size_t mid = lo + (hi - lo + 1) / 2;
        if (t->x0[mid] <= w)
            lo = mid;
        else
            hi = mid - 1;
    }
    velocity_poly v;
    memcpy(v.c, t->v, sizeof v.c);
    return (t->cum[lo] + cpi_qk15(poly_speed, &v, t->x0[lo], w)) * t->s;
}

void cpi_arc_table_free(cpi_arc_table *t)
{
    free(t->x0);
    free(t->cum);
    memset(t, 0, sizeof *t);
}

double cpi_arc_segment_length(const cp_curve *c, size_t seg) { return cpi_arc_partial(c, seg, CPI_TIME(c, seg + 1)); }

/* The time in segment `seg` at which `target` metres (from its start) are
 * reached: Newton's method on the partial length, kept inside a bracket and
 * falling back to bisection. */
static double solve_in_segment(const cp_curve *c, size_t seg, double target, double seglen)
{
    double a = CPI_TIME(c, seg), b = CPI_TIME(c, seg + 1);
    if (!(seglen > 0) || target <= 0)
        return a;
    if (target >= seglen)
        return b;
    double lo = a, hi = b, t = a + (b - a) * (target / seglen);
    for (int i = 0; i < CPI_ARC_SOLVE_STEPS; i++) {
        double f = cpi_arc_partial(c, seg, t) - target;
        if (fabs(f) <= 1e-12 * seglen)
            break;
        if (f > 0)
            hi = t;
        else
            lo = t;
        double v = speed(c, seg, t);
        double next = v > 0 ? t - f / v : 0.5 * (lo + hi);
        t = (next > lo && next < hi) ? next : 0.5 * (lo + hi);
        if (hi - lo <= 1e-15 * (fabs(a) + fabs(b) + 1.0))
            break;
    }
    return t;
}

/* The position curve's parameter at `time` (clamped to the path) and its
 * segment: the time itself for keys timing, else sigma_p(u(time)). */
static double param_at(const cp_path *p, double time, size_t *seg)
{
    const cp_curve *c = p->shape ? p->shape->warp : p->pos;
    double t = time;
    if (!(t > c->start)) /* also NaN */
        t = c->start;
    if (t > c->end)
        t = c->end;
    if (!p->shape) {
        *seg = cpi_curve_segment(c, t, 0);
        return t;
    }
    double u[3];
    size_t k;
    cpi_warp_eval(p->shape, cpi_curve_segment(c, t, 0), t, u, &k);
    return cpi_shape_sigma(p, k, u[0], seg);
}

/* The first time at which the position curve's parameter is x. */
static double time_at_param(const cp_path *p, double x)
{
    if (!p->shape)
        return x;
    size_t k;
    return cpi_warp_time_at(p->shape, cpi_shape_u_at_sigma(p, x, &k));
}

double cp_path_length(const cp_path *path)
{
    double sum = 0;
    for (size_t i = 0; i < path->pos->nseg; i++)
        sum += cpi_arc_segment_length(path->pos, i);
    return sum;
}

double cp_path_distance_at(const cp_path *path, double time)
{
    const cp_curve *c = path->pos;
    size_t seg;
    const double x = param_at(path, time, &seg);
    double sum = 0;
    for (size_t i = 0; i < seg; i++)
        sum += cpi_arc_segment_length(c, i);
    return sum + cpi_arc_partial(c, seg, x);
}

double cp_path_time_at_distance(const cp_path *path, double distance)
{
    const cp_curve *c = path->pos;
    double sum = 0;
    if (!(distance > 0))
        return time_at_param(path, c->start);
    for (size_t i = 0; i < c->nseg; i++) {
        double len = cpi_arc_segment_length(c, i);
        if (sum + len >= distance)
            return time_at_param(path, solve_in_segment(c, i, distance - sum, len));
        sum += len;
    }
    return time_at_param(path, c->end);
}

/* ---- the table --------------------------------------------------------------------- */

struct cp_arclength {
    const cp_path *path;
    size_t         nseg;
    double        *cum; /* nseg + 1 cumulative lengths */
};

cp_arclength *cp_arclength_create(const cp_path *path, cp_error *error)
{
    cp_arclength *a = calloc(1, sizeof *a);
    if (a)
        a->cum = cpi_alloc_array(path->pos->nseg + 1, sizeof *a->cum);
    if (!a || !a->cum) {
        free(a);
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for an arc-length table");
        return NULL;
    }
    a->path = path;
    a->nseg = path->pos->nseg;
    a->cum[0] = 0;
    for (size_t i = 0; i < a->nseg; i++)
        a->cum[i + 1] = a->cum[i] + cpi_arc_segment_length(path->pos, i);
    cpi_error_clear(error);
    return a;
}

void cp_arclength_destroy(cp_arclength *table)
{
    if (table) {
        free(table->cum);
        free(table);
    }
}

double cp_arclength_total(const cp_arclength *table) { return table->cum[table->nseg]; }

double cp_arclength_distance_at(const cp_arclength *table, double time)
{
    size_t seg;
    const double x = param_at(table->path, time, &seg);
    return table->cum[seg] + cpi_arc_partial(table->path->pos, seg, x);
}

double cp_arclength_time_at(const cp_arclength *table, double distance)
{
    const cp_path *p = table->path;
    const cp_curve *c = p->pos;
    if (!(distance > 0) || table->nseg == 0)
        return time_at_param(p, c->start);
    if (distance >= table->cum[table->nseg])
        return time_at_param(p, c->end);
    size_t lo = 0, hi = table->nseg - 1; /* the last segment whose start is <= distance */
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2;
        if (table->cum[mid] <= distance)
            lo = mid;
        else
            hi = mid - 1;
    }
    return time_at_param(p, solve_in_segment(c, lo, distance - table->cum[lo], table->cum[lo + 1] - table->cum[lo]));
}

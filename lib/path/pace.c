/* SPDX-License-Identifier: MIT */
/* lib/path/pace.c - the measure constant-speed timing paces by: distance
 * along the shape, with turning weighed in where the camera would turn
 * faster than its fastest turn (docs/math.md, section 13).
 *
 * The pace G'(u) = M(M(a, c b), F) is C1 in u wherever it is positive:
 * a = |P_u| and b = |omega_u| are C1 where they are not 0 (the shape is
 * C2 in u), and where one of them is 0 the smooth maximum M is exactly the
 * other (or the floor F), so the corner of a norm at 0 never shows. M is
 * C2 in its two arguments where their sum is positive. So G is C2, and the
 * warp u(t) = G^-1(d(t)) is C2 as it was with G the distance alone. */
#include <math.h>
#include <string.h>

#include "base.h"
#include "pace.h"
#include "poly.h"
#include "shape_eval.h"

/* Gauss and Kronrod sums of a piece agree to this, relative. */
#define CPI_PACE_TOL 1e-11
#define CPI_PACE_DEPTH 24
/* Where M leaves max: when the smaller argument is more than half the larger,
 * |x - y| / (x + y) < 1/3. */
#define CPI_PACE_Z0 (1.0 / 3.0)
/* Points probed inside a segment (besides its ends). */
#define CPI_PACE_PROBES 15

/* The smooth maximum of x, y >= 0 (x + y > 0) and its two partial
 * derivatives: (x + y) / 2 (1 + Q(z)), z = (x - y) / (x + y), with Q(z) = |z|
 * for |z| >= Z0 (so M = max(x, y) exactly) and inside the even quartic that
 * meets |z| there with its value, slope and curvature (C2):
 * Q = 3 Z0 / 8 + 3 z^2 / (4 Z0) - z^4 / (8 Z0^3). Q >= |z|, so M >= max,
 * and M = 1.125 max where x = y. */
static double smooth_max(double x, double y, double *mx, double *my)
{
    const double s = x + y;
    if (!(s > 0)) {
        *mx = *my = 0.5;
        return 0.0;
    }
    const double z = (x - y) / s, az = fabs(z);
    double q, dq;
    if (az >= CPI_PACE_Z0) {
        q = az, dq = z < 0 ? -1.0 : 1.0;
    } else {
        const double z0 = CPI_PACE_Z0, z2 = z * z;
        q = 3.0 * z0 / 8.0 + z2 * (3.0 / (4.0 * z0) - z2 / (8.0 * z0 * z0 * z0));
        dq = z * (3.0 / (2.0 * z0) - z2 / (2.0 * z0 * z0 * z0));
    }
    *mx = 0.5 * (1.0 + q) + dq * y / s;
    *my = 0.5 * (1.0 + q) - dq * x / s;
    return 0.5 * s * (1.0 + q);
}

/* a, b and their derivatives in u at u of segment seg. */
static void travel_and_turn(const cp_path *p, size_t seg, double u, double ab[2][2])
{
    double P[3][3], R[3][4], F[3];
    cpi_shape_eval(p, seg, u, 1.0, P, R, F, NULL);
    const double a = sqrt(P[1][0] * P[1][0] + P[1][1] * P[1][1] + P[1][2] * P[1][2]);
    ab[0][0] = a;
    ab[0][1] = a > 0 ? (P[1][0] * P[2][0] + P[1][1] * P[2][1] + P[1][2] * P[2][2]) / a : 0.0;
    ab[1][0] = ab[1][1] = 0.0;
    if (p->opts.orientation == CP_ORIENTATION_LOOK_AT)
        return;
    /* omega = 2 vec(R' conj R) / |R|^2, alpha = 2 vec(R'' conj R) / |R|^2 - 2 s omega
     * (docs/math.md, section 5), R = (x, y, z, w) */
    const double *q = R[0];
    const double n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if (!(n2 > 0))
        return;
    double w[2][3];
    for (int d = 0; d < 2; d++) {
        const double *r = R[1 + d];
        /* vec(r conj q) = q_w r_v - r_w q_v - r_v x q_v */
        w[d][0] = q[3] * r[0] - r[3] * q[0] - (r[1] * q[2] - r[2] * q[1]);
        w[d][1] = q[3] * r[1] - r[3] * q[1] - (r[2] * q[0] - r[0] * q[2]);
        w[d][2] = q[3] * r[2] - r[3] * q[2] - (r[0] * q[1] - r[1] * q[0]);
        for (int j = 0; j < 3; j++)
            w[d][j] *= 2.0 / n2;
    }
    const double s = (q[0] * R[1][0] + q[1] * R[1][1] + q[2] * R[1][2] + q[3] * R[1][3]) / n2;
    for (int j = 0; j < 3; j++)
        w[1][j] -= 2.0 * s * w[0][j];
    const double b = sqrt(w[0][0] * w[0][0] + w[0][1] * w[0][1] + w[0][2] * w[0][2]);
    ab[1][0] = b;
    ab[1][1] = b > 0 ? (w[0][0] * w[1][0] + w[0][1] * w[1][1] + w[0][2] * w[1][2]) / b : 0.0;
}

/* G' and G'' at u of a segment that is not plain. */
static void pace_rate(const cp_path *p, size_t seg, double c, double u, double g[2])
{
    double ab[2][2], m1x, m1y, m2x, m2y;
    travel_and_turn(p, seg, u, ab);
    const double floor = CPI_PACE_FLOOR * fmax(1.0, c);
    const double m1 = smooth_max(ab[0][0], c * ab[1][0], &m1x, &m1y);
    g[0] = smooth_max(m1, floor, &m2x, &m2y);
    g[1] = m2x * (m1x * ab[0][1] + m1y * c * ab[1][1]);
}

void cpi_pace_probe_segment(const cp_path *p, size_t seg, cpi_pace_probe *probe)
{
    const cpi_shape *s = p->shape;
    const double u0 = s->uk[seg].u, u1 = s->uk[seg + 1].u;
    probe->turn = 0.0;
    probe->least = INFINITY;
    probe->travel = s->uk[seg + 1].sp[0] != s->uk[seg].sp[0];
    for (int i = 0; i <= CPI_PACE_PROBES + 1; i++) {
        const double u = i == CPI_PACE_PROBES + 1 ? u1 : u0 + (u1 - u0) * i / (CPI_PACE_PROBES + 1.0);
        double ab[2][2];
        travel_and_turn(p, seg, u, ab);
        probe->least = fmin(probe->least, ab[0][0]);
        const double r = ab[0][0] > 0 ? ab[1][0] / ab[0][0] : ab[1][0] > 0 ? INFINITY : 0.0;
        probe->turn = fmax(probe->turn, r);
    }
}

int cpi_pace_is_plain(const cpi_pace_probe *probe, double c)
{
    return probe->travel && probe->least >= 2.0 * CPI_PACE_FLOOR * fmax(1.0, c) && c * probe->turn <= 0.5;
}

typedef struct pace_ctx {
    const cp_path *p;
    size_t         seg;
    double         c;
} pace_ctx;

static double pace_integrand(const void *ctx, double u)
{
    const pace_ctx *x = ctx;
    double g[2];
    pace_rate(x->p, x->seg, x->c, u, g);
    return g[0];
}

static void pace_leaf(void *ctx, double a, double b, double value)
{
    cpi_pace *t = ctx;
    (void)b;
    if (t->failed)
        return;
    if (t->n + 1 >= t->cap) {
        const size_t cap = t->cap ? 2 * t->cap : 16;
        double *x0 = cpi_realloc_array(&t->p->alloc, t->x0, cap, sizeof *x0);
        if (x0)
            t->x0 = x0;
        double *cum = x0 ? cpi_realloc_array(&t->p->alloc, t->cum, cap, sizeof *cum) : NULL;
        if (!cum) {
            t->failed = 1;
            return;
        }
        t->cum = cum, t->cap = cap;
    }
    t->x0[t->n] = a;
    t->cum[t->n + 1] = t->cum[t->n] + value;
    t->n++;
}

int cpi_pace_build(cpi_pace *t, const cp_path *p, size_t seg, double c, int plain)
{
    const cpi_shape *s = p->shape;
    memset(t, 0, sizeof *t);
    t->p = p, t->seg = seg, t->c = c, t->plain = plain;
    t->u0 = s->uk[seg].u, t->u1 = s->uk[seg + 1].u;
    if (plain)
        return cpi_arc_table_build(&t->arc, p->pos, s->uk[seg].pseg);
    const pace_ctx x = {p, seg, c};
    t->cap = 16;
    t->x0 = cpi_alloc_array(&p->alloc, t->cap, sizeof *t->x0);
    t->cum = cpi_alloc_array(&p->alloc, t->cap, sizeof *t->cum);
    if (!t->x0 || !t->cum)
        return cpi_pace_free(t), -1;
    t->cum[0] = 0.0;
    cpi_integrate_leaves(pace_integrand, &x, t->u0, t->u1, CPI_PACE_TOL, CPI_PACE_DEPTH, pace_leaf, t);
    if (t->failed) {
        cpi_pace_free(t);
        return -1;
    }
    return 0;
}

double cpi_pace_at(const cpi_pace *t, double u)
{
    if (t->plain) {
        size_t pseg;
        return cpi_arc_table_at(&t->arc, cpi_shape_sigma(t->p, t->seg, u, &pseg));
    }
    if (!(u > t->u0) || t->n == 0)
        return 0.0;
    if (u >= t->u1)
        return t->cum[t->n];
    size_t lo = 0, hi = t->n - 1; /* the last piece starting at or before u */
    while (lo < hi) {
        const size_t mid = lo + (hi - lo + 1) / 2;
        if (t->x0[mid] <= u)
            lo = mid;
        else
            hi = mid - 1;
    }
    const pace_ctx x = {t->p, t->seg, t->c};
    return t->cum[lo] + cpi_qk15(pace_integrand, &x, t->x0[lo], u);
}

double cpi_pace_total(const cpi_pace *t)
{
    return t->plain ? cpi_arc_table_at(&t->arc, t->arc.b) : t->n ? t->cum[t->n] : 0.0;
}

void cpi_pace_rate(const cpi_pace *t, double u, double g[2])
{
    if (t->plain) {
        double P[3][3], R[3][4], F[3];
        cpi_shape_eval(t->p, t->seg, u, 1.0, P, R, F, NULL);
        g[0] = sqrt(P[1][0] * P[1][0] + P[1][1] * P[1][1] + P[1][2] * P[1][2]);
        g[1] = (P[1][0] * P[2][0] + P[1][1] * P[2][1] + P[1][2] * P[2][2]) / g[0];
        return;
    }
    pace_rate(t->p, t->seg, t->c, u, g);
}

double cpi_pace_u_at(const cpi_pace *t, double dist, int halvings)
{
    if (t->plain) {
        double lo = t->arc.a, hi = t->arc.b;
        for (int i = 0; i < halvings; i++) {
            const double mid = 0.5 * (lo + hi);
            if (cpi_arc_table_at(&t->arc, mid) < dist)
                lo = mid;
            else
                hi = mid;
        }
        size_t k;
        return cpi_shape_u_at_sigma(t->p, 0.5 * (lo + hi), &k);
    }
    double lo = t->u0, hi = t->u1;
    for (int i = 0; i < halvings; i++) {
        const double mid = 0.5 * (lo + hi);
        if (cpi_pace_at(t, mid) < dist)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

void cpi_pace_free(cpi_pace *t)
{
    cpi_arc_table_free(&t->arc);
    if (t->p) {
        cpi_free(&t->p->alloc, t->x0);
        cpi_free(&t->p->alloc, t->cum);
    }
    t->x0 = t->cum = NULL;
    t->n = t->cap = 0;
}

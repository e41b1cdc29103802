/* SPDX-License-Identifier: MIT */
/* lib/path/check_lookat.c - the checks of a look-at path (docs/math.md,
 * sections 14 and 15): where the view comes near straight up or down (a
 * camera with +Y up spins about the vertical there), where the target comes
 * near the camera (the view swings with every small move), and the angle
 * the camera turns. In keys timing the view d = target - position is a
 * cubic on each segment, so both questions are about sextics, answered
 * exactly; in smooth timing d composes splines with monotone maps, a
 * polynomial of degree 15 on each u-segment (lib/path/lookat_view.c): the
 * least distance is exact, the least angle refined and verified. */
#include <math.h>
#include <stdio.h>

#include "check_impl.h"
#include "curve_impl.h"
#include "dtoa.h"
#include "lookat.h"
#include "path_impl.h"
#include "path_layout.h"
#include "poly.h"
#include "shape_eval.h"
#include "warp.h"

static const double RAD = 180.0 / 3.14159265358979323846;

/* The turn of a segment is integrated with at most this many splits (15
 * poses each): a segment whose angular speed has a feature no rule settles
 * on (a constant-speed look-at path 1e14 m long) took over a second with
 * the 2048 of an arc length; the tests' paths need at most a few. */
#define TURN_SPLITS 128

static double angular_speed(const void *ctx, double t) { return cpi_path_turn_rate(ctx, t); }

/* The nodes of one integral lie in one or two segments: a cursor finds
 * them without a search from the start of the path. */
typedef struct turn_along {
    const cp_path *p;
    size_t        *seg;
} turn_along;

/* cpi_path_turn_rate's keys-timing look-at sample, to the bit: the same
 * segment (found from the last), the same basis, the values and first
 * derivatives (|omega| needs no second). */
static double angular_speed_along(const void *ctx, double time)
{
    const turn_along *a = ctx;
    const cp_path *p = a->p;
    int odd;
    const double local = cpi_curve_local_time(p->pos, time, 0, &odd);
    const size_t seg = cpi_curve_segment_cursor(p->pos, a->seg, local);
    double h, ih, X[2], d[2][3];
    const double u = cpi_segment_u(p->pos, seg, local, &h, &ih);
    cpi_basis B;
    cpi_basis_make2(h, ih, u, &B);
    const cp_curve *pc = p->pos, *tc = p->target;
    const double *p0 = pc->rec + seg * (size_t)pc->stride, *p1 = p0 + pc->stride;
    const double *q0 = tc->rec + seg * (size_t)tc->stride, *q1 = q0 + tc->stride;
    for (int j = 0; j < 3; j++) {
        /* cpi_basis_apply's value and first derivative, sign 1 */
        const double pp0 = p0[1 + j], pm0 = p0[pc->tout + j], pp1 = p1[1 + j], pm1 = p1[pc->tin + j];
        const double tp0 = q0[1 + j], tm0 = q0[tc->tout + j], tp1 = q1[1 + j], tm1 = q1[tc->tin + j];
        const double P0 = (B.b00 * pp0 + B.b10 * pm0 + B.b01 * pp1 + B.b11 * pm1);
        const double P1 = (B.e00 * (pp0 - pp1) + B.e10 * pm0 + B.e11 * pm1);
        const double R0 = (B.b00 * tp0 + B.b10 * tm0 + B.b01 * tp1 + B.b11 * tm1);
        const double R1 = (B.e00 * (tp0 - tp1) + B.e10 * tm0 + B.e11 * tm1);
        d[0][j] = R0 - P0, d[1][j] = R1 - P1;
    }
    const int roll = (p->xmask & CPI_X_BIT(CPI_X_ROLL)) != 0;
    if (roll) {
        const cp_curve *rc = p->xc[CPI_X_ROLL];
        const double *r0 = rc->rec + seg * (size_t)rc->stride, *r1 = r0 + rc->stride;
        X[0] = (B.b00 * r0[1] + B.b10 * r0[rc->tout] + B.b01 * r1[1] + B.b11 * r1[rc->tin]);
        X[1] = (B.e00 * (r0[1] - r1[1]) + B.e10 * r0[rc->tout] + B.e11 * r1[rc->tin]);
    }
    return cpi_lookat_rate(d, roll ? X : NULL);
}

/* Bezier points of a cubic curve's segment, components 0..dim-1. */
static void bezier_of(const cp_curve *c, size_t seg, int dim, double b[4][3])
{
    const double *k0 = c->rec + seg * (size_t)c->stride, *k1 = k0 + c->stride;
    const double h = k1[0] - k0[0];
    for (int j = 0; j < dim; j++) {
        b[0][j] = k0[1 + j];
        b[1][j] = k0[1 + j] + h * k0[c->tout + j] / 3.0;
        b[2][j] = k1[1 + j] - h * k1[c->tin + j] / 3.0;
        b[3][j] = k1[1 + j];
    }
}

#define TURN_PIECES 4

/* The control points of piece i of TURN_PIECES of a cubic Bezier curve,
 * in terms of the curve's: its blossoms at (s0, s0, s0), (s0, s0, s1),
 * (s0, s1, s1), (s1, s1, s1) (de Casteljau with a parameter per level;
 * s0 = i / 4, s1 = s0 + 1 / 4), exact binary fractions. */
static const double PIECE[TURN_PIECES][4][4] = {
    {{1.0, 0.0, 0.0, 0.0}, {3.0 / 4, 1.0 / 4, 0.0, 0.0}, {9.0 / 16, 3.0 / 8, 1.0 / 16, 0.0},
     {27.0 / 64, 27.0 / 64, 9.0 / 64, 1.0 / 64}},
    {{27.0 / 64, 27.0 / 64, 9.0 / 64, 1.0 / 64}, {9.0 / 32, 15.0 / 32, 7.0 / 32, 1.0 / 32},
     {3.0 / 16, 7.0 / 16, 5.0 / 16, 1.0 / 16}, {1.0 / 8, 3.0 / 8, 3.0 / 8, 1.0 / 8}},
    {{1.0 / 8, 3.0 / 8, 3.0 / 8, 1.0 / 8}, {1.0 / 16, 5.0 / 16, 7.0 / 16, 3.0 / 16},
     {1.0 / 32, 7.0 / 32, 15.0 / 32, 9.0 / 32}, {1.0 / 64, 9.0 / 64, 27.0 / 64, 27.0 / 64}},
    {{1.0 / 64, 9.0 / 64, 27.0 / 64, 27.0 / 64}, {0.0, 1.0 / 16, 3.0 / 8, 9.0 / 16}, {0.0, 0.0, 1.0 / 4, 3.0 / 4},
     {0.0, 0.0, 0.0, 1.0}},
};

static void piece_of(double b[4][3], int dim, int i, double q[4][3])
{
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < dim; j++)
            q[k][j] = PIECE[i][k][0] * b[0][j] + PIECE[i][k][1] * b[1][j] + PIECE[i][k][2] * b[2][j] +
                      PIECE[i][k][3] * b[3][j];
}

/* An upper bound of the angle (radians) a keys-timing look-at camera turns
 * over segment `seg` (INFINITY where none follows). omega = w + (k |d| -
 * r') d / |d| with w = d x d' / |d|^2 across the view and k = d_y w_y /
 * rho^2 (lib/path/lookat.c, turn_of), so |omega|^2 <= |w|^2 + (|k| |d| +
 * |r'|)^2 with |w| <= |d'| / |d| and |k| |d| <= |d_y| |d'| / (|d| rho);
 * on each of four pieces |d| >= m . b_k (m unit along b_0 + b_3), rho >=
 * m_h . b_k (m_h horizontal), |d_y| <= max |b_k,y|, and the derivatives at
 * most 3 / H times their largest control polygon step (H the piece's
 * duration). */
static double lookat_turn_bound(const cp_path *p, size_t seg)
{
    double bt[4][3], bp[4][3], d[4][3], br[4][3] = {{0}};
    bezier_of(p->target, seg, 3, bt);
    bezier_of(p->pos, seg, 3, bp);
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < 3; j++)
            d[k][j] = bt[k][j] - bp[k][j];
    const int roll = (p->xmask & CPI_X_BIT(CPI_X_ROLL)) != 0 && p->xc[CPI_X_ROLL];
    if (roll)
        bezier_of(p->xc[CPI_X_ROLL], seg, 1, br);
    const double h = CPI_TIME(p->pos, seg + 1) - CPI_TIME(p->pos, seg), H = h / TURN_PIECES;
    double sum = 0;
    for (int i = 0; i < TURN_PIECES; i++) {
        double q[4][3], r[4][3];
        piece_of(d, 3, i, q);
        piece_of(br, 1, i, r);
        const double m[3] = {q[0][0] + q[3][0], q[0][1] + q[3][1], q[0][2] + q[3][2]};
        const double ml = sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]), mh = sqrt(m[0] * m[0] + m[2] * m[2]);
        if (!(ml > 0) || !(mh > 0))
            return INFINITY;
        double ahead = INFINITY, level = INFINITY, height = 0, step = 0, rstep = 0;
        for (int k = 0; k < 4; k++) { /* (a path's curves are finite: no NaN to drop) */
            const double f = (m[0] * q[k][0] + m[1] * q[k][1] + m[2] * q[k][2]) / ml,
                         l = (m[0] * q[k][0] + m[2] * q[k][2]) / mh, y = fabs(q[k][1]);
            ahead = f < ahead ? f : ahead, level = l < level ? l : level, height = y > height ? y : height;
            if (k < 3) {
                const double e[3] = {q[k + 1][0] - q[k][0], q[k + 1][1] - q[k][1], q[k + 1][2] - q[k][2]};
                const double e2 = e[0] * e[0] + e[1] * e[1] + e[2] * e[2], er = fabs(r[k + 1][0] - r[k][0]);
                step = e2 > step ? e2 : step, rstep = er > rstep ? er : rstep;
            }
        }
        step = sqrt(step);
        if (!(ahead > 0) || !(level > 0))
            return INFINITY;
        const double d1 = 3.0 * step / H, r1 = 3.0 * rstep / H * (3.14159265358979323846 / 180.0);
        const double A = d1 / ahead, B = height * d1 / (ahead * level) + r1;
        sum += H * sqrt(A * A + B * B);
    }
    return isfinite(sum) ? sum : INFINITY;
}

double cpi_check_lookat_turned(const cp_path *p, double a, double b, double enough)
{
    if (!(b > a))
        return 0.0;
    if (p->shape || !p->target || !p->all_cubic || !p->rot_shared || p->pos->nseg == 0)
        return cpi_integrate_splits(angular_speed, p, a, b, 1e-6, 12, TURN_SPLITS);
    size_t seg = cpi_curve_segment(p->pos, a, 0);
    if (CPI_TIME(p->pos, seg) == a && CPI_TIME(p->pos, seg + 1) == b) {
        /* one segment: a bound 1e-4 below `enough` (a hundred times the
         * integral's tolerance) clears it as the integral would */
        const double bound = lookat_turn_bound(p, seg);
        if (bound <= enough * (1.0 - 1e-4))
            return bound;
    }
    const turn_along t = {p, &seg};
    return cpi_integrate_splits(angular_speed_along, &t, a, b, 1e-6, 12, TURN_SPLITS);
}

/* What a segment comes to: the least distance from camera to target (m)
 * and the least angle between the view and the vertical (radians), each
 * with where (time) and, for the angle, whether the view looks up. */
typedef struct nearest {
    double distance, distance_at;
    double angle, angle_at;
    int    up;
} nearest;

/* ---- keys timing: sextics ------------------------------------------------------------------ */

/* a * b for two cubics (power form), added to out (degree 6) times s. */
static void add_product(const double a[4], const double b[4], double s, double out[7])
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            out[i + j] += s * a[i] * b[j];
}

/* cos^2(beta) (dx^2 + dz^2) - sin^2(beta) dy^2: negative where the view is
 * within beta of the vertical. */
static void vertical_sextic(double d[3][4], double beta, double out[7])
{
    const double c = cos(beta), s = sin(beta);
    for (int k = 0; k < 7; k++)
        out[k] = 0.0;
    add_product(d[0], d[0], c * c, out);
    add_product(d[2], d[2], c * c, out);
    add_product(d[1], d[1], -s * s, out);
}

static void nearest_keys_timing(const cpi_checker *c, size_t seg, double margin, nearest *n)
{
    const cp_path *p = c->p;
    const double t0 = CPI_TIME(p->pos, seg), h = CPI_TIME(p->pos, seg + 1) - t0;
    double d[3][4], big = 0;
    for (int j = 0; j < 3; j++) {
        double a[4], b[4];
        cpi_check_power(p->target, seg, j, a);
        cpi_check_power(p->pos, seg, j, b);
        for (int k = 0; k < 4; k++)
            d[j][k] = a[k] - b[k], big = fmax(big, fabs(d[j][k]));
    }
    /* a power of two (exact) keeps the squares finite; the angle is free of it */
    int e = 0;
    if (big > 0 && isfinite(big))
        (void)frexp(big, &e);
    for (int j = 0; j < 3; j++)
        for (int k = 0; k < 4; k++)
            d[j][k] = ldexp(d[j][k], -e);
    /* Most segments are cleared by the view's Bezier hull first (section
     * 14): both answers below are only reported when they come under
     * their margin, so a hull at least twice the margin away, and far
     * above the rounding of the exact tests (1e-4 of the hull's scale S),
     * leaves them as they are. */
    double b[4][3], S = 0;
    for (int j = 0; j < 3; j++) {
        const double *q = d[j];
        b[0][j] = q[0];
        b[1][j] = q[0] + q[1] * h / 3.0;
        b[2][j] = q[0] + 2.0 * q[1] * h / 3.0 + q[2] * h * h / 3.0;
        b[3][j] = q[0] + q[1] * h + q[2] * h * h + q[3] * h * h * h;
        S = fmax(S, fabs(q[0]) + fabs(q[1]) * h + fabs(q[2]) * h * h + fabs(q[3]) * h * h * h);
    }
    /* |d| >= m . d >= the least m . b_k for a unit m (here along b_0 + b_3) */
    double m[3] = {b[0][0] + b[3][0], b[0][1] + b[3][1], b[0][2] + b[3][2]};
    const double ml = sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]);
    double ahead = ml > 0 ? INFINITY : 0.0; /* (fmin drops a NaN: no direction, no bound) */
    for (int k = 0; k < 4 && ml > 0; k++)
        ahead = fmin(ahead, (m[0] * b[k][0] + m[1] * b[k][1] + m[2] * b[k][2]) / ml);
    const int distant = ahead >= 2.0 * ldexp(c->o.target_distance, -e) && ahead >= 1e-4 * S;
    /* the view's horizontal length at least the least mh . b_k (mh unit,
     * horizontal), its height at most the largest |b_k y| */
    const double mx = m[0], mz = m[2], mhl = sqrt(mx * mx + mz * mz);
    double level = mhl > 0 ? INFINITY : 0.0, height = 0;
    for (int k = 0; k < 4 && mhl > 0; k++) {
        level = fmin(level, (mx * b[k][0] + mz * b[k][2]) / mhl);
        height = fmax(height, fabs(b[k][1]));
    }
    const double cm = cos(margin) * level;
    const int clear = cm >= 2.0 * sin(margin) * height && cm >= 1e-4 * S;
    double w;
    if (!distant) {
        double sq[7] = {0};
        for (int j = 0; j < 3; j++)
            add_product(d[j], d[j], 1.0, sq);
        n->distance = ldexp(sqrt(fmax(cpi_poly_min_at(sq, 6, 0.0, h, &w), 0.0)), e);
        n->distance_at = t0 + w;
    }
    n->angle = INFINITY;
    if (clear)
        return;
    /* the least angle: the least beta at which the sextic dips below 0,
     * bisected (each test exact) */
    double v[7];
    vertical_sextic(d, margin, v);
    if (!(cpi_poly_min(v, 6, 0.0, h) < 0))
        return;
    double lo = 0, hi = margin;
    for (int it = 0; it < 60 && hi - lo > 1e-15; it++) {
        const double mid = 0.5 * (lo + hi);
        vertical_sextic(d, mid, v);
        if (cpi_poly_min(v, 6, 0.0, h) < 0)
            hi = mid;
        else
            lo = mid;
    }
    vertical_sextic(d, hi, v);
    (void)cpi_poly_min_at(v, 6, 0.0, h, &w);
    n->angle = hi;
    n->angle_at = t0 + w;
    n->up = cpi_poly_eval(d[1], 3, w) > 0;
}

/* ---- smooth timing: the view's polynomials --------------------------------------------------- */

/* The view at parameter u of u-segment k, as the sampler has it. */
static void view_at(const cp_path *p, size_t k, double u, double d[3])
{
    double P[3][3], R[3][4], F[3];
    cpi_shape_eval(p, k, u, 1.0, P, R, F, NULL);
    for (int j = 0; j < 3; j++)
        d[j] = R[0][j] - P[0][j];
}

/* The angle between the view and the vertical at w, from the polynomials. */
static double view_angle(const void *ctx, double w)
{
    const cpi_view *v = ctx;
    const double x = cpi_poly_eval(v->c[0], v->deg, w), y = cpi_poly_eval(v->c[1], v->deg, w),
                 z = cpi_poly_eval(v->c[2], v->deg, w);
    return atan2(hypot(x, z), fabs(y));
}

/* Samples of a u-segment's view polynomials before the refinement. */
#define SMOOTH_SAMPLES 256

/* The least angle between the view and the vertical on the segment, and
 * where (w): refined samples of the polynomials, then verified: the
 * polynomial cos^2(b) (d_x^2 + d_z^2) - sin^2(b) d_y^2 (degree 30) for b
 * just below it must have no negative value (its least value: exact roots),
 * else the search goes on from where it has one. */
static double least_angle(const cpi_view *v, double *at)
{
    double best = cpi_check_least(view_angle, v, 0.0, v->hi, SMOOTH_SAMPLES, at);
    const int deg = 2 * v->deg;
    for (int round = 0; round < 8 && best > 0; round++) {
        const double b = best * (1.0 - 1e-9), cb = cos(b), sb = sin(b);
        double q[2 * CPI_VIEW_MAX_DEGREE + 1] = {0};
        for (int i = 0; i <= v->deg; i++)
            for (int k = 0; k <= v->deg; k++)
                q[i + k] += cb * cb * (v->c[0][i] * v->c[0][k] + v->c[2][i] * v->c[2][k]) -
                            sb * sb * v->c[1][i] * v->c[1][k];
        double w;
        if (!(cpi_poly_min_at(q, deg, 0.0, v->hi, &w) < 0))
            break;
        const double step = v->hi / SMOOTH_SAMPLES;
        double w2;
        const double a = cpi_check_least(view_angle, v, fmax(0.0, w - step), fmin(v->hi, w + step), 8, &w2);
        if (!(a < best))
            break; /* rounding: the polynomial dips where no sample does */
        best = a, *at = w2;
    }
    return best;
}

static void nearest_smooth(const cpi_checker *c, size_t i, size_t j, nearest *n)
{
    const cp_path *p = c->p;
    const cpi_shape *s = p->shape;
    const size_t ka = s->key_knot[i], kb = j == 0 && p->opts.ends == CP_ENDS_CLOSED ? s->nu : s->key_knot[j];
    const double margin = c->o.vertical_angle / RAD;
    double d[3];
    if (kb <= ka) { /* the keys share a u-knot: the view stands still there */
        view_at(p, ka, s->uk[ka].u, d);
        n->distance = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        n->angle = atan2(hypot(d[0], d[2]), fabs(d[1]));
        n->distance_at = n->angle_at = cpi_warp_time_at(s, s->uk[ka].u);
        n->up = d[1] > 0;
        return;
    }
    /* most segments are cleared by bounds: the curves' hulls, then the view's own */
    double angle, distance;
    cpi_lookat_view_bounds(p, ka, NULL, &angle, &distance);
    if (angle >= margin && distance >= c->o.target_distance)
        return;
    cpi_view v;
    cpi_lookat_view(p, ka, &v);
    cpi_lookat_view_bounds(p, ka, &v, &angle, &distance);
    double w;
    if (distance < c->o.target_distance) {
        double sq[2 * CPI_VIEW_MAX_DEGREE + 1] = {0};
        for (int a = 0; a <= v.deg; a++)
            for (int b = 0; b <= v.deg; b++)
                sq[a + b] += v.c[0][a] * v.c[0][b] + v.c[1][a] * v.c[1][b] + v.c[2][a] * v.c[2][b];
        (void)cpi_poly_min_at(sq, 2 * v.deg, 0.0, v.hi, &w);
        const double u = v.x0 + v.scale * w;
        view_at(p, ka, u, d);
        n->distance = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        n->distance_at = cpi_warp_time_at(s, u);
    }
    if (angle < margin) {
        (void)least_angle(&v, &w);
        const double u = v.x0 + v.scale * w;
        view_at(p, ka, u, d);
        n->angle = atan2(hypot(d[0], d[2]), fabs(d[1]));
        n->angle_at = cpi_warp_time_at(s, u);
        n->up = d[1] > 0;
    }
}

void cpi_check_lookat(cpi_checker *c, size_t i)
{
    const cp_path *p = c->p;
    double t1;
    const size_t j = cpi_check_next_key(p, i, &t1);
    const double margin = c->o.vertical_angle / RAD;
    nearest n = {INFINITY, 0, INFINITY, 0, 0};
    if (p->shape)
        nearest_smooth(c, i, j, &n);
    else
        nearest_keys_timing(c, i, margin, &n);
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
    if (n.angle < margin)
        cpi_check_add(c, CP_FINDING_LOOK_VERTICAL, CP_SEVERITY_WARNING, i, j, n.angle_at, n.angle * RAD,
                      "the view comes within %s degrees of straight %s (at t = %s): a camera with +Y up spins about "
                      "the vertical there",
                      cpi_fmt_double(b1, n.angle * RAD), n.up ? "up" : "down", cpi_fmt_double(b2, n.angle_at));
    if (p->opts.dolly_zoom && !(n.distance > 0))
        cpi_check_add(c, CP_FINDING_FOV_RANGE, CP_SEVERITY_ERROR, i, j, n.distance_at, 180.0,
                      "the target reaches the camera (at t = %s): the dolly zoom's fov is 180 degrees there",
                      cpi_fmt_double(b2, n.distance_at));
    if (n.distance < c->o.target_distance)
        cpi_check_add(c, CP_FINDING_TARGET_NEAR, CP_SEVERITY_WARNING, i, j, n.distance_at, n.distance,
                      "the target comes within %s m of the camera (at t = %s): the view swings with every small move",
                      cpi_fmt_double(b1, n.distance), cpi_fmt_double(b2, n.distance_at));
}

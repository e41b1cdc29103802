/* lib/path/check_lookat.c - the checks of a look-at path (docs/math.md,
 * sections 14 and 15): where the view comes near straight up or down (a
 * camera with +Y up spins about the vertical there), where the target comes
 * near the camera (the view swings with every small move), and the angle
 * the camera turns. In keys timing the view d = target - position is a
 * cubic on each segment, so both questions are about sextics, answered
 * exactly; in smooth timing d composes splines with monotone maps, and the
 * segment is searched by samples refined by golden-section search. */
#include <math.h>
#include <stdio.h>

#include "check_impl.h"
#include "curve_impl.h"
#include "dtoa.h"
#include "lookat.h"
#include "path_layout.h"
#include "poly.h"
#include "shape_eval.h"
#include "warp.h"

static const double RAD = 180.0 / 3.14159265358979323846;

/* Samples of each segment in smooth timing, before the refinement. */
#define SMOOTH_SAMPLES 32
/* The turn of a segment is integrated with at most this many splits (15
 * poses each): a segment whose angular speed has a feature no rule settles
 * on (a constant-speed look-at path 1e14 m long) took over a second with
 * the 2048 of an arc length; the tests' paths need at most a few. */
#define TURN_SPLITS 128

static double angular_speed(const void *ctx, double t)
{
    cp_pose s;
    cp_path_sample(ctx, t, &s);
    return cp_vec3_length(s.angular_velocity);
}

double cpi_check_lookat_turned(const cp_path *p, double a, double b)
{
    return b > a ? cpi_integrate_splits(angular_speed, p, a, b, 1e-6, 12, TURN_SPLITS) : 0.0;
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
    double sq[7] = {0}, w;
    for (int j = 0; j < 3; j++)
        add_product(d[j], d[j], 1.0, sq);
    n->distance = ldexp(sqrt(fmax(cpi_poly_min_at(sq, 6, 0.0, h, &w), 0.0)), e);
    n->distance_at = t0 + w;
    /* the least angle: the least beta at which the sextic dips below 0,
     * bisected (each test exact) */
    double v[7];
    vertical_sextic(d, margin, v);
    n->angle = INFINITY;
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

/* ---- smooth timing: samples refined ----------------------------------------------------------- */

/* The view at parameter u of u-segment k. */
static void view_at(const cp_path *p, size_t k, double u, double d[3])
{
    double P[3][3], R[3][4], F[3];
    cpi_shape_eval(p, k, u, 1.0, P, R, F, NULL);
    for (int j = 0; j < 3; j++)
        d[j] = R[0][j] - P[0][j];
}

/* which = 0: the distance; 1: the angle from the vertical (radians). */
static double measure(const cp_path *p, size_t k, double u, int which)
{
    double d[3];
    view_at(p, k, u, d);
    const double rho = hypot(d[0], d[2]);
    return which ? atan2(rho, fabs(d[1])) : hypot(rho, d[1]);
}

/* The least of measure `which` over [ua, ub] and where: the least of the
 * samples, refined by golden-section search between its neighbours. */
static double least(const cp_path *p, size_t k, double ua, double ub, int which, double *at)
{
    const double step = (ub - ua) / SMOOTH_SAMPLES;
    double best = INFINITY;
    int m = 0;
    for (int i = 0; i <= SMOOTH_SAMPLES; i++) {
        const double v = measure(p, k, i < SMOOTH_SAMPLES ? ua + i * step : ub, which);
        if (v < best)
            best = v, m = i;
    }
    double a = ua + (m > 0 ? m - 1 : 0) * step, b = m < SMOOTH_SAMPLES ? ua + (m + 1) * step : ub;
    const double g = 0.5 * (sqrt(5.0) - 1.0);
    double x1 = b - g * (b - a), x2 = a + g * (b - a);
    double f1 = measure(p, k, x1, which), f2 = measure(p, k, x2, which);
    for (int it = 0; it < 60 && b - a > 1e-13 * (fabs(a) + fabs(b)); it++) {
        if (f1 < f2)
            b = x2, x2 = x1, f2 = f1, x1 = b - g * (b - a), f1 = measure(p, k, x1, which);
        else
            a = x1, x1 = x2, f1 = f2, x2 = a + g * (b - a), f2 = measure(p, k, x2, which);
    }
    const double xm = f1 < f2 ? x1 : x2, fm = fmin(f1, f2);
    *at = fm < best ? xm : ua + m * step;
    return fmin(fm, best);
}

static void nearest_smooth(const cpi_checker *c, size_t i, size_t j, nearest *n)
{
    const cp_path *p = c->p;
    const cpi_shape *s = p->shape;
    const size_t ka = s->key_knot[i], kb = j == 0 && p->opts.ends == CP_ENDS_CLOSED ? s->nu : s->key_knot[j];
    const double ua = s->uk[ka].u, ub = s->uk[kb > ka ? kb : ka].u;
    double u;
    n->distance = least(p, ka, ua, ub, 0, &u);
    n->distance_at = cpi_warp_time_at(s, u);
    n->angle = least(p, ka, ua, ub, 1, &u);
    n->angle_at = cpi_warp_time_at(s, u);
    double d[3];
    view_at(p, ka, u, d);
    n->up = d[1] > 0;
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
    if (n.distance < c->o.target_distance)
        cpi_check_add(c, CP_FINDING_TARGET_NEAR, CP_SEVERITY_WARNING, i, j, n.distance_at, n.distance,
                      "the target comes within %s m of the camera (at t = %s): the view swings with every small move",
                      cpi_fmt_double(b1, n.distance), cpi_fmt_double(b2, n.distance_at));
}

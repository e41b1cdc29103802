/* SPDX-License-Identifier: MIT */
/* lib/path/follow.c - live targets: a cascade of first-order lags advanced
 * exactly over a held or linearly moving input, the look-at view of its
 * output from the path's position, blended with the keyed view by the
 * hand-off's quintic (docs/math.md, "Live targets"). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "base.h"
#include "campath/follow.h"
#include "campath/handoff.h"
#include "curve_impl.h"
#include "dolly.h"
#include "dtoa.h"
#include "lookat.h"
#include "path_layout.h"
#include "shape_eval.h"
#include "warp.h"

/* ---- the keyed view ------------------------------------------------------------------- */

/* The path's target, and its scalar channels roll and frame width (0 when
 * the path has none), at `time`, each with its first and second time
 * derivatives. */
static void keyed_view(const cp_path *p, double time, double T[3][3], double X[CPI_X_COUNT][3])
{
    static const int wanted[2] = {CPI_X_ROLL, CPI_X_WIDTH};
    for (int c = 0; c < CPI_X_COUNT; c++)
        X[c][0] = X[c][1] = X[c][2] = 0.0;
    int odd;
    if (!p->shape) {
        const double local = cpi_curve_local_time(p->target, time, 0, &odd);
        cpi_curve_eval(p->target, cpi_curve_segment(p->target, local, 0), local, 1.0, T[0], T[1], T[2]);
        for (int i = 0; i < 2; i++) {
            const cp_curve *c = p->xc[wanted[i]];
            if (!(p->xmask & CPI_X_BIT(wanted[i])) || !c)
                continue;
            const double l = cpi_curve_local_time(c, time, 0, &odd);
            double *x = X[wanted[i]];
            cpi_curve_eval(c, cpi_curve_segment(c, l, 0), l, 1.0, &x[0], &x[1], &x[2]);
        }
        return;
    }
    const cp_curve *w = p->shape->warp;
    const double local = cpi_curve_local_time(w, time, 0, &odd);
    double u[3], P[3][3], R[3][4], F[3], XC[CPI_X_COUNT][3] = {{0}};
    size_t k;
    cpi_warp_eval(p->shape, cpi_curve_segment(w, local, 0), local, u, &k);
    cpi_shape_eval(p, k, u[0], 1.0, P, R, F, XC);
    /* d/dt = d/du u', d2/dt2 = d2/du2 u'^2 + d/du u'' */
    for (int j = 0; j < 3; j++) {
        T[0][j] = R[0][j];
        T[1][j] = R[1][j] * u[1];
        T[2][j] = R[2][j] * u[1] * u[1] + R[1][j] * u[2];
    }
    for (int i = 0; i < 2; i++) {
        const int c = wanted[i];
        if (!(p->xmask & CPI_X_BIT(c)))
            continue;
        X[c][0] = XC[c][0];
        X[c][1] = XC[c][1] * u[1];
        X[c][2] = XC[c][2] * u[1] * u[1] + XC[c][1] * u[2];
    }
}

/* ---- the filter ------------------------------------------------------------------------- */

static double comp(cp_vec3 v, int j) { return j == 0 ? v.x : j == 1 ? v.y : v.z; }

/* The cascade y_k' = (y_{k-1} - y_k) / tau, k = 1..n, y_0 the input
 * a + b s (s = seconds from the state's time), advanced by s: the ramp's
 * own solution y_k* = a + b s - k tau b plus deviations that decay as
 * e^(-s/tau) times polynomials of r = s / tau,
 * dev_k(s) = e^(-r) sum_{i <= k} dev_i(0) r^(k-i) / (k-i)!  (exact). */
static void advance(unsigned n, double tau, const double y0[3], double a, double b, double s, double y[3],
                    double dev[3])
{
    double d0[3];
    for (unsigned k = 0; k < n; k++)
        d0[k] = y0[k] - (a - (k + 1) * tau * b);
    const double r = s / tau, e = exp(-r);
    for (unsigned k = 0; k < n; k++) {
        double sum = 0.0, term = 1.0; /* r^(k-i) / (k-i)!, i from k down */
        for (unsigned i = k + 1; i-- > 0;) {
            sum += d0[i] * term;
            term *= r / (double)(k - i + 1);
        }
        /* far on the deviations are gone (and r^2 e^-r would be inf * 0) */
        dev[k] = e > 0.0 ? sum * e : 0.0;
        y[k] = a + b * s - (k + 1) * tau * b + dev[k];
    }
}

/* The filtered point at `time` >= f->time, with its two derivatives, in
 * component j: x = y_n, x' = (y_{n-1} - y_n) / tau, x'' = (y_{n-2} -
 * 2 y_{n-1} + y_n) / tau^2, y_0 being the input then. The ramp's own
 * solution contributes b to x' and 0 to x'', so both come from the
 * deviations alone, which keeps the digits a difference of nearby values
 * would lose. */
static void point(const cp_follow *f, double time, int j, double out[3])
{
    const unsigned n = f->order;
    const double tau = f->response / n, s = time - f->time;
    const double a = comp(f->input, j) + f->response * comp(f->lead, j), b = comp(f->lead, j);
    double y0[3], y[3], dev[4];
    for (unsigned k = 0; k < n; k++)
        y0[k] = f->stage[k][j];
    advance(n, tau, y0, a, b, s, y, dev + 1);
    dev[0] = 0.0; /* the input is its own ramp */
    out[0] = y[n - 1];
    out[1] = b + (dev[n - 1] - dev[n]) / tau;
    out[2] = n >= 2 ? (dev[n - 2] - 2.0 * dev[n - 1] + dev[n]) / (tau * tau) : dev[1] / (tau * tau);
}

/* ---- checks ------------------------------------------------------------------------------- */

static int field_error(cp_error *error, const char *field, const char *fmt, ...) CPI_PRINTF(3, 4);
static int field_error(cp_error *error, const char *field, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return cpi_error_at(error, CP_ERR_INVALID, -1, field, "%s", what);
}

static int check_time(const cp_follow *f, double time, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
    if (!isfinite(time))
        return field_error(error, "time", "%s is not a finite number", cpi_fmt_double(b1, time));
    if (f->fed && time < f->time)
        return field_error(error, "time", "%s s is before the last target's time (%s s)", cpi_fmt_double(b1, time),
                           cpi_fmt_double(b2, f->time));
    return CP_OK;
}

static int check_vec(cp_vec3 v, const char *field, const char *unit, cp_error *error)
{
    char b[3][CPI_FMT_DOUBLE_SIZE];
    const double c[3] = {v.x, v.y, v.z};
    for (int j = 0; j < 3; j++)
        if (!(fabs(c[j]) <= CP_FOLLOW_MAX_MAGNITUDE))
            return field_error(error, field, "(%s, %s, %s) %s: not finite or beyond %g", cpi_fmt_double(b[0], v.x),
                               cpi_fmt_double(b[1], v.y), cpi_fmt_double(b[2], v.z), unit, CP_FOLLOW_MAX_MAGNITUDE);
    return CP_OK;
}

static int check_blend(cp_error *error, double time, double x)
{
    char b[CPI_FMT_DOUBLE_SIZE], lo[CPI_FMT_DOUBLE_SIZE], hi[CPI_FMT_DOUBLE_SIZE];
    if (!isfinite(time))
        return field_error(error, "time", "%s is not a finite number", cpi_fmt_double(b, time));
    if (!isfinite(x) || !(x >= 0.0))
        return field_error(error, "blend", "%s s is not a finite number >= 0", cpi_fmt_double(b, x));
    if (x != 0.0 && !(x >= CP_HANDOFF_MIN_BLEND && x <= CP_HANDOFF_MAX_BLEND))
        return field_error(error, "blend", "%s s is outside %s..%s s (0 is a cut)", cpi_fmt_double(b, x),
                           cpi_fmt_double(lo, CP_HANDOFF_MIN_BLEND), cpi_fmt_double(hi, CP_HANDOFF_MAX_BLEND));
    return CP_OK;
}

/* ---- the API -------------------------------------------------------------------------------- */

cp_status cp_follow_begin(cp_follow *f, const cp_path *path, const cp_follow_options *options, cp_error *error)
{
    char b[CPI_FMT_DOUBLE_SIZE], lo[CPI_FMT_DOUBLE_SIZE], hi[CPI_FMT_DOUBLE_SIZE];
    if (!path)
        return field_error(error, "path", "NULL path");
    if (!path->target)
        return field_error(error, "path", "a live target needs a look-at path (orientation \"%s\"), this one is \"%s\"",
                           cp_orientation_name(CP_ORIENTATION_LOOK_AT), cp_orientation_name(path->opts.orientation));
    const cp_follow_options o = options ? *options : (cp_follow_options){0};
    const double response = o.response == 0.0 ? CP_FOLLOW_DEFAULT_RESPONSE : o.response;
    if (!(response >= CP_FOLLOW_MIN_RESPONSE && response <= CP_FOLLOW_MAX_RESPONSE))
        return field_error(error, "options.response", "%s s is outside %s..%s s (0: %g s)", cpi_fmt_double(b, response),
                           cpi_fmt_double(lo, CP_FOLLOW_MIN_RESPONSE), cpi_fmt_double(hi, CP_FOLLOW_MAX_RESPONSE),
                           CP_FOLLOW_DEFAULT_RESPONSE);
    if (o.order > 3)
        return field_error(error, "options.order", "%u is not 1, 2 or 3 (0: 3)", o.order);
    *f = (cp_follow){.path = path, .response = response, .order = o.order ? o.order : 3, .fed = false,
                     .engage_time = INFINITY, .release_time = INFINITY};
    cpi_error_clear(error);
    return CP_OK;
}

cp_status cp_follow_target(cp_follow *f, double time, cp_vec3 position, const cp_vec3 *velocity, cp_error *error)
{
    if (check_time(f, time, error) != CP_OK || check_vec(position, "position", "m", error) != CP_OK ||
        (velocity && check_vec(*velocity, "velocity", "m/s", error) != CP_OK))
        return CP_ERR_INVALID;
    const unsigned n = f->order;
    const double tau = f->response / n;
    if (!f->fed) {
        /* start from the keyed target's jet x, x', x'': the lags' outputs
         * that have it are y_n = x, y_{n-1} = x + tau x', y_{n-2} =
         * x + 2 tau x' + tau^2 x'' (so nothing jumps where following starts) */
        double T[3][3], X[CPI_X_COUNT][3];
        keyed_view(f->path, time, T, X);
        for (int j = 0; j < 3; j++) {
            const double y[3] = {T[0][j], T[0][j] + tau * T[1][j], T[0][j] + 2 * tau * T[1][j] + tau * tau * T[2][j]};
            for (unsigned k = 0; k < n; k++)
                f->stage[k][j] = y[n - 1 - k];
        }
    } else {
        for (int j = 0; j < 3; j++) {
            double y0[3], y[3], dev[3];
            for (unsigned k = 0; k < n; k++)
                y0[k] = f->stage[k][j];
            advance(n, tau, y0, comp(f->input, j) + f->response * comp(f->lead, j), comp(f->lead, j), time - f->time,
                    y, dev);
            for (unsigned k = 0; k < n; k++)
                f->stage[k][j] = y[k];
        }
    }
    f->fed = true;
    f->time = time;
    f->input = position;
    f->lead = velocity ? *velocity : cp_vec3_make(0, 0, 0);
    cpi_error_clear(error);
    return CP_OK;
}

cp_status cp_follow_engage(cp_follow *f, double time, double blend, cp_error *error)
{
    if (check_blend(error, time, blend) != CP_OK)
        return CP_ERR_INVALID;
    f->engage_time = time, f->engage = blend;
    cpi_error_clear(error);
    return CP_OK;
}

cp_status cp_follow_release(cp_follow *f, double time, double blend, cp_error *error)
{
    if (check_blend(error, time, blend) != CP_OK)
        return CP_ERR_INVALID;
    f->release_time = time, f->release = blend;
    cpi_error_clear(error);
    return CP_OK;
}

cp_status cp_follow_point(const cp_follow *f, double time, cp_vec3 out[3], cp_error *error)
{
    if (check_time(f, time, error) != CP_OK)
        return CP_ERR_INVALID;
    double T[3][3], X[CPI_X_COUNT][3];
    if (!f->fed) {
        keyed_view(f->path, time, T, X);
    } else {
        for (int j = 0; j < 3; j++) {
            double v[3];
            point(f, time, j, v);
            T[0][j] = v[0], T[1][j] = v[1], T[2][j] = v[2];
        }
    }
    for (int r = 0; r < 3; r++)
        out[r] = cp_vec3_make(T[r][0], T[r][1], T[r][2]);
    cpi_error_clear(error);
    return CP_OK;
}

cp_status cp_follow_sample(const cp_follow *f, double time, cp_pose *out, cp_error *error)
{
    cp_vec3 x[3];
    if (cp_follow_point(f, time, x, error) != CP_OK)
        return CP_ERR_INVALID;
    cp_pose keyed, live;
    cp_path_sample(f->path, time, &keyed);
    live = keyed;
    if (f->fed) {
        double T[3][3], X[CPI_X_COUNT][3], d[3][3];
        keyed_view(f->path, time, T, X);
        const cp_vec3 P[3] = {keyed.position, keyed.velocity, keyed.acceleration};
        for (int r = 0; r < 3; r++)
            for (int j = 0; j < 3; j++)
                d[r][j] = comp(x[r], j) - comp(P[r], j);
        const int has_roll = (f->path->xmask & CPI_X_BIT(CPI_X_ROLL)) != 0;
        /* the live frame in the hemisphere of the keyed one (the keyed
         * rotation unrolled): the same quaternion wherever the views agree */
        const double half = X[CPI_X_ROLL][0] * (3.14159265358979323846 / 360.0);
        const cp_quat ref = cp_quat_mul(keyed.rotation, cp_quat_make(0, 0, -sin(half), cos(half)));
        cpi_lookat(d, has_roll ? X[CPI_X_ROLL] : NULL, ref, &live.rotation, &live.angular_velocity,
                   &live.angular_acceleration);
        if (f->path->opts.dolly_zoom) { /* the subject keeps its size at the live target's distance */
            double Pj[3][3], Tj[3][4], F[3];
            for (int r = 0; r < 3; r++)
                for (int j = 0; j < 3; j++)
                    Pj[r][j] = comp(P[r], j), Tj[r][j] = comp(x[r], j);
            cpi_dolly_fov(Pj, Tj, X[CPI_X_WIDTH], F);
            live.fov = F[0], live.fov_velocity = F[1], live.fov_acceleration = F[2];
        }
    }
    /* the keyed view, blended to the live one and back */
    cp_pose in;
    cp_pose_blend(&keyed, &live, f->engage_time, f->engage, &in);
    cp_pose_blend(&in, &keyed, f->release_time, f->release, out);
    out->time = time;
    cpi_error_clear(error);
    return CP_OK;
}

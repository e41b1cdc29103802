/* SPDX-License-Identifier: MIT */
/* lib/path/check.c - the checks behind `campath check` (docs/math.md, section
 * 14): continuity at the keys, and the overshoots a spline in time makes
 * between keys that are unevenly timed. Where a quantity is a polynomial on
 * a segment its extremes are found exactly (roots of its derivative,
 * lib/path/poly.c); the angle a segment turns is an integral, taken by
 * adaptive quadrature. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arclength.h"
#include "base.h"
#include "check_impl.h"
#include "curve_impl.h"
#include "dtoa.h"
#include "path_layout.h"
#include "poly.h"
#include "shape_eval.h"
#include "warp.h"

#define CPI_CHECK_MAX_JUMP 1e-9
#define CPI_CHECK_MAX_TURN 1.0
#define CPI_CHECK_TURN_SHARE 0.05
#define CPI_CHECK_MAX_FINDINGS 1000
/* Keys this close to a half turn apart turn one way or the other by rounding. */
#define CPI_CHECK_HALF_TURN_MARGIN 2.0
/* Backward motion and drift smaller than this (relative to the segment's
 * own scale) are rounding, not findings. */
#define CPI_CHECK_ROUNDING 1e-9
/* Look-at: a view within this many degrees of straight up or down turns
 * about the vertical at 11 times (and more) the rate it moves sideways; a
 * target this close (metres) swings the view with every small move. */
#define CPI_CHECK_VERTICAL_ANGLE 5.0
#define CPI_CHECK_TARGET_DISTANCE 0.1
/* A whip pan: angular speed beyond this many times the path's
 * max_angular_speed, or acceleration beyond this many times it per second
 * (docs/math.md, section 21). */
#define CPI_CHECK_WHIP_SPEED 3.0
#define CPI_CHECK_WHIP_ACCELERATION 6.0

static const double RAD = 180.0 / 3.14159265358979323846;

static const char *const kind_names[] = {"jump",           "reverse",         "turn",           "fov-range",
                                         "fov-overshoot",  "half-turn",       "inserted-keys",  "look-vertical",
                                         "target-near",    "focus-range",     "focus-overshoot", "aperture-range",
                                         "aperture-overshoot", "cut", "whip-pan"};
static const char *const severity_names[] = {"error", "warning", "info"};

const char *cp_finding_kind_name(cp_finding_kind kind)
{
    return (unsigned)kind <= (unsigned)CP_FINDING_WHIP_PAN ? kind_names[kind] : NULL;
}

const char *cp_severity_name(cp_severity severity)
{
    return (unsigned)severity <= (unsigned)CP_SEVERITY_INFO ? severity_names[severity] : NULL;
}

void cpi_check_add(cpi_checker *c, cp_finding_kind kind, cp_severity sev, size_t a, size_t b, double at, double value,
                   const char *fmt, ...)
{
    cp_check_report *r = c->r;
    r->total++;
    r->errors += sev == CP_SEVERITY_ERROR;
    r->warnings += sev == CP_SEVERITY_WARNING;
    r->infos += sev == CP_SEVERITY_INFO;
    if (r->count >= c->o.max_findings || c->failed)
        return;
    if (r->count == c->cap) {
        const size_t cap = c->cap ? 2 * c->cap : 16;
        cp_finding *f = cpi_realloc_array(&r->allocator, r->findings, cap, sizeof *f);
        if (!f) {
            c->failed = 1;
            return;
        }
        r->findings = f, c->cap = cap;
    }
    cp_finding *f = &r->findings[r->count++];
    const cp_key *k = c->p->keys;
    const size_t n = c->p->count;
    f->kind = kind, f->severity = sev, f->key[0] = a, f->key[1] = b, f->at = at, f->value = value;
    f->time[0] = k[a].time;
    f->time[1] = b == 0 && a + 1 == n ? k[0].time + c->p->opts.period : k[b].time;
    char ta[CPI_FMT_DOUBLE_SIZE], tb[CPI_FMT_DOUBLE_SIZE];
    int w;
    if (a == b)
        w = snprintf(f->message, sizeof f->message, "keys[%zu] (t = %s): ", a, cpi_fmt_double(ta, f->time[0]));
    else
        w = snprintf(f->message, sizeof f->message, "keys[%zu] (t = %s)..keys[%zu] (t = %s): ", a,
                     cpi_fmt_double(ta, f->time[0]), b, cpi_fmt_double(tb, f->time[1]));
    if (w > 0 && (size_t)w < sizeof f->message) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(f->message + w, sizeof f->message - (size_t)w, fmt, ap);
        va_end(ap);
    }
}

int cpi_check_listing(const cpi_checker *c) { return c->r->count < c->o.max_findings && !c->failed; }

void cpi_check_count(cpi_checker *c, cp_severity sev)
{
    cp_check_report *r = c->r;
    r->total++;
    r->errors += sev == CP_SEVERITY_ERROR;
    r->warnings += sev == CP_SEVERITY_WARNING;
    r->infos += sev == CP_SEVERITY_INFO;
}

/* Golden-section search for a minimum of f in [a, b]: the least value seen
 * (the search keeps it as one of its two inner points); or the first value
 * below `stop`. */
static double golden(double (*f)(const void *, double), const void *ctx, double a, double b, double stop, double *at)
{
    const double g = 0.5 * (sqrt(5.0) - 1.0);
    double x1 = b - g * (b - a), x2 = a + g * (b - a), f1 = f(ctx, x1), f2 = f(ctx, x2);
    for (int it = 0; it < 100 && b - a > 1e-14 * (fabs(a) + fabs(b)) && x1 < x2 && !(f1 < stop) && !(f2 < stop); it++) {
        if (f1 < f2)
            b = x2, x2 = x1, f2 = f1, x1 = b - g * (b - a), f1 = f(ctx, x1);
        else
            a = x1, x1 = x2, f1 = f2, x2 = a + g * (b - a), f2 = f(ctx, x2);
    }
    *at = f1 < f2 ? x1 : x2;
    return fmin(f1, f2);
}

double cpi_check_least(double (*f)(const void *ctx, double x), const void *ctx, double a, double b, int n, double *at)
{
    return cpi_check_least_until(f, ctx, a, b, n, -INFINITY, at);
}

double cpi_check_least_until(double (*f)(const void *ctx, double x), const void *ctx, double a, double b, int n,
                             double stop, double *at)
{
    double v[CPI_CHECK_LEAST_MAX + 1];
    if (n > CPI_CHECK_LEAST_MAX)
        n = CPI_CHECK_LEAST_MAX;
    const double step = (b - a) / n;
    for (int k = 0; k <= n; k++)
        v[k] = f(ctx, k < n ? a + k * step : b);
    double best = INFINITY;
    *at = a;
    for (int k = 0; k <= n; k++) {
        if ((k > 0 && v[k - 1] < v[k]) || (k < n && v[k + 1] < v[k]))
            continue;
        const double x = k < n ? a + k * step : b;
        if (v[k] < best)
            best = v[k], *at = x;
        /* a flat stretch is no minimum worth a search (a constant f would search at every point) */
        if (n == 0 || !(b > a) || !((k > 0 && v[k] < v[k - 1]) || (k < n && v[k] < v[k + 1])))
            continue;
        double y;
        const double fy =
            golden(f, ctx, k > 0 ? a + (k - 1) * step : a, k < n ? fmin(a + (k + 1) * step, b) : b, stop, &y);
        if (fy < best)
            best = fy, *at = y;
        if (best < stop)
            break;
    }
    return best;
}

size_t cpi_check_next_key(const cp_path *p, size_t i, double *t)
{
    const size_t j = i + 1 < p->count ? i + 1 : 0;
    *t = j == 0 ? p->keys[0].time + p->opts.period : p->keys[j].time;
    return j;
}

/* ---- jumps at the keys ---------------------------------------------------------------- */

/* How many derivatives an interpolation keeps continuous. */
static int smoothness(cp_interp i)
{
    return i == CP_INTERP_C2 ? 2 : i == CP_INTERP_BISECTOR || i == CP_INTERP_CATMULL_ROM ? 1 : 0;
}

typedef struct joint {
    size_t key;
    int    hold_end;
    double t, jump[6];
} joint;

/* The joins inside the path (inner keys, the ends of holds, a loop's first
 * key) with the jumps of the six derivatives there; and each derivative's
 * scale, which the jumps are measured against: its largest value at any of
 * them, or its mean over the path if that is larger. */
typedef struct joints {
    joint  *j;
    size_t  count, next;
    double  scale[6];
} joints;

static double dist3(cp_vec3 a, cp_vec3 b) { return cp_vec3_length(cp_vec3_sub(a, b)); }

static int measure_joints(const cp_path *p, joints *js)
{
    const size_t n = p->count;
    const int closed = p->opts.ends == CP_ENDS_CLOSED;
    memset(js, 0, sizeof *js);
    js->j = cpi_alloc_array(&p->alloc, 2 * n, sizeof *js->j);
    if (!js->j)
        return -1;
    /* rounding makes a derivative that is zero everywhere jump by its own
     * size: measure against the path's mean pace too (chords, turns and fov
     * changes over the duration) */
    double chords[3] = {0, 0, 0};
    for (size_t i = 0; i + 1 < n + (size_t)closed; i++) {
        const cp_key *a = &p->keys[i], *b = &p->keys[i + 1 < n ? i + 1 : 0];
        chords[0] += cp_vec3_length(cp_vec3_sub(b->position, a->position));
        chords[1] += cp_quat_angle_between(a->rotation, b->rotation);
        chords[2] += fabs(b->fov - a->fov);
    }
    const double T = cp_path_duration(p);
    for (int q = 0; q < 6; q++)
        js->scale[q] = T > 0 ? chords[q / 2] / (q % 2 ? T * T : T) : 0.0;
    for (size_t i = 0; i < n; i++) {
        const cp_key *k = &p->keys[i];
        const int held = (k->flags & CP_KEY_HOLD) && k->hold > 0;
        for (int e = 0; e <= held; e++) {
            if (!closed && ((i == 0 && e == 0) || (i + 1 == n && (e == 1 || !held))))
                continue;
            joint *j = &js->j[js->count++];
            j->key = i, j->hold_end = e, j->t = k->time + (e ? k->hold : 0.0);
            cp_pose l, r;
            cp_path_sample_unshaken(p, j->t, -1, &l);
            cp_path_sample_unshaken(p, j->t, 1, &r);
            const cp_vec3 lv[6] = {l.velocity, l.acceleration, l.angular_velocity, l.angular_acceleration,
                                   cp_vec3_make(l.fov_velocity, 0, 0), cp_vec3_make(l.fov_acceleration, 0, 0)};
            const cp_vec3 rv[6] = {r.velocity, r.acceleration, r.angular_velocity, r.angular_acceleration,
                                   cp_vec3_make(r.fov_velocity, 0, 0), cp_vec3_make(r.fov_acceleration, 0, 0)};
            for (int q = 0; q < 6; q++) {
                j->jump[q] = dist3(lv[q], rv[q]);
                js->scale[q] = fmax(js->scale[q], fmax(cp_vec3_length(lv[q]), cp_vec3_length(rv[q])));
            }
        }
    }
    return 0;
}

/* The jumps at key i (taken in order from js). */
static void check_jumps(cpi_checker *c, joints *js, size_t i)
{
    static const char *const what[6] = {"velocity", "acceleration", "angular velocity", "angular acceleration",
                                        "fov velocity", "fov acceleration"};
    static const char *const unit[6] = {"m/s", "m/s^2", "rad/s", "rad/s^2", "deg/s", "deg/s^2"};
    const cp_path *p = c->p;
    /* a look-at rotation is as smooth as position and target (the
     * position's interpolation) and the roll (the rotation's), if any */
    int rot_order = smoothness(p->opts.rotation);
    if (p->target) {
        const int pos_order = smoothness(p->opts.position);
        rot_order = (p->xmask & CPI_X_BIT(CPI_X_ROLL)) && rot_order < pos_order ? rot_order : pos_order;
    }
    const int order[3] = {smoothness(p->opts.position), rot_order, smoothness(p->opts.fov)};
    for (; js->next < js->count && js->j[js->next].key == i; js->next++) {
        const joint *j = &js->j[js->next];
        for (int q = 0; q < 6; q++) {
            /* only derivatives the channel's interpolation keeps continuous */
            if (order[q / 2] < 1 + q % 2 || !(js->scale[q] > 0))
                continue;
            const double rel = j->jump[q] / js->scale[q];
            if (!(rel <= c->o.max_jump)) {
                char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], b3[CPI_FMT_DOUBLE_SIZE], where[64] = "";
                if (j->hold_end)
                    snprintf(where, sizeof where, "at the end of its hold (t = %s), ", cpi_fmt_double(b3, j->t));
                cpi_check_add(c, CP_FINDING_JUMP, CP_SEVERITY_ERROR, j->key, j->key, j->t, rel,
                    "%sthe %s jumps by %s %s (%s of its scale on the path)", where, what[q],
                    cpi_fmt_double(b1, j->jump[q]), unit[q], cpi_fmt_double(b2, rel));
            }
        }
    }
}

/* ---- between two keys ------------------------------------------------------------------- */

/* The position curve's segment from key i to the next, when they differ in
 * position (else no segment: *seg is left alone and 0 is returned). */
static int position_segment(const cp_path *p, size_t i, size_t *seg)
{
    double t;
    const size_t j = cpi_check_next_key(p, i, &t);
    if (cp_vec3_length(cp_vec3_sub(p->keys[j].position, p->keys[i].position)) == 0.0)
        return 0;
    if (!p->shape) {
        *seg = i;
        return 1;
    }
    *seg = p->shape->uk[p->shape->key_knot[i]].pseg;
    if (p->pos->nseg > 0 && *seg >= p->pos->nseg)
        *seg = p->pos->nseg - 1;
    return 1;
}

double cpi_check_time_of_param(const cp_path *p, double x)
{
    if (!p->shape)
        return x;
    size_t k;
    return cpi_warp_time_at(p->shape, cpi_shape_u_at_sigma(p, x, &k));
}

/* The velocity along a unit chord at a time. */
typedef struct along {
    const cp_path *p;
    cp_vec3        u;
} along;

static double velocity_along(const void *ctx, double t)
{
    const along *a = ctx;
    cp_pose s;
    cp_path_sample_unshaken(a->p, t, 0, &s);
    return cp_vec3_dot(s.velocity, a->u);
}

/* Smooth timing: the least velocity along chord u over the times where the
 * curve moves backwards, g(w) < 0 for w in [0, h] past the curve's
 * parameter x0 (g the velocity along the chord in that parameter, a
 * quadratic): refined samples of each such stretch, mapped to time. */
static void back_in_time(const cp_path *p, const double g[3], double x0, double h, cp_vec3 u, double *at,
                         double *back)
{
    double cut[4] = {0.0}, r[2];
    int m = 1;
    const int nr = cpi_poly_roots(g, 2, 0.0, h, r);
    for (int k = 0; k < nr; k++)
        cut[m++] = r[k];
    cut[m++] = h;
    const along a = {p, u};
    double best = INFINITY, where = *at;
    for (int k = 0; k + 1 < m; k++) {
        if (!(cpi_poly_eval(g, 2, 0.5 * (cut[k] + cut[k + 1])) < 0))
            continue;
        const double t0 = cpi_check_time_of_param(p, x0 + cut[k]), t1 = cpi_check_time_of_param(p, x0 + cut[k + 1]);
        double t;
        const double v = cpi_check_least(velocity_along, &a, t0, fmax(t0, t1), 64, &t);
        if (v < best)
            best = v, where = t;
    }
    if (best < 0)
        *at = where, *back = best;
}

static void check_reverse(cpi_checker *c, size_t i)
{
    const cp_path *p = c->p;
    const cp_curve *pc = p->pos;
    double t1;
    const size_t j = cpi_check_next_key(p, i, &t1);
    const cp_vec3 chord = cp_vec3_sub(p->keys[j].position, p->keys[i].position);
    const double len = cp_vec3_length(chord);
    if (pc->mode != CP_CURVE_CUBIC || pc->nseg == 0)
        return;
    double v[3][3];
    size_t seg = 0;
    if (len == 0.0) {
        /* keys at one position: how far the camera drifts from it (only a
         * spline in time can; smooth timing holds the position there) */
        if (p->shape)
            return;
        cpi_arc_velocity(pc, i, v);
        /* |p(w) - p_i|^2 with p(w) - p_i = v0 w + v1 w^2 / 2 + v2 w^3 / 3 */
        double d[7] = {0};
        for (int a = 0; a < 3; a++) {
            const double c1 = v[0][a], c2 = v[1][a] / 2, c3 = v[2][a] / 3;
            d[2] += c1 * c1, d[3] += 2 * c1 * c2, d[4] += c2 * c2 + 2 * c1 * c3, d[5] += 2 * c2 * c3, d[6] += c3 * c3;
        }
        const double h = CPI_TIME(pc, i + 1) - CPI_TIME(pc, i);
        double neg[6], r[5];
        for (int k = 0; k < 6; k++)
            neg[k] = -(k + 1) * d[k + 1];
        double farthest = 0, at = CPI_TIME(pc, i);
        const int nr = cpi_poly_roots(neg, 5, 0.0, h, r);
        for (int k = 0; k < nr; k++) {
            const double x = sqrt(fmax(cpi_poly_eval(d, 6, r[k]), 0.0));
            if (x > farthest)
                farthest = x, at = CPI_TIME(pc, i) + r[k];
        }
        const double extent = fmax(cp_vec3_length(p->keys[i].position), 1.0);
        if (farthest > CPI_CHECK_ROUNDING * extent) {
            char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
            cpi_check_add(c, CP_FINDING_REVERSE, CP_SEVERITY_ERROR, i, j, at, farthest,
                "the keys share a position, but the camera drifts up to %s m away from it (at t = %s)",
                cpi_fmt_double(b1, farthest), cpi_fmt_double(b2, at));
        }
        return;
    }
    if (!position_segment(p, i, &seg))
        return;
    cpi_arc_velocity(pc, seg, v);
    const cp_vec3 u = cp_vec3_scale(chord, 1.0 / len);
    /* the velocity along the chord, a quadratic in the curve's parameter */
    const double g[3] = {v[0][0] * u.x + v[0][1] * u.y + v[0][2] * u.z, v[1][0] * u.x + v[1][1] * u.y + v[1][2] * u.z,
                         v[2][0] * u.x + v[2][1] * u.y + v[2][2] * u.z};
    const double x0 = CPI_TIME(pc, seg), h = CPI_TIME(pc, seg + 1) - x0;
    const double least = cpi_poly_min(g, 2, 0.0, h);
    if (!(least < -CPI_CHECK_ROUNDING * len / h))
        return;
    /* where: an end, or the vertex of the quadratic */
    double w = g[2] > 0 ? -g[1] / (2 * g[2]) : 0.0;
    if (!(w > 0 && w < h))
        w = cpi_poly_eval(g, 2, 0.0) < cpi_poly_eval(g, 2, h) ? 0.0 : h;
    double at = x0 + w, back = least;
    if (p->shape && cpi_check_listing(c)) {
        /* in time the velocity along the chord is g(sigma) sigma'(u) u'(t):
         * its least is not where g's is (there the warp may stand still),
         * so it is searched in time where g < 0 (for the listed findings
         * only: a path with a million of them is not searched a million
         * times) */
        back_in_time(p, g, x0, h, u, &at, &back);
    }
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
    cpi_check_add(c, CP_FINDING_REVERSE, CP_SEVERITY_ERROR, i, j, at, back,
        "the camera moves backwards along the segment, at up to %s m/s (at t = %s)", cpi_fmt_double(b1, -back),
        cpi_fmt_double(b2, at));
}

/* The angle a rotation curve turns over its parameter range [a, b]: the
 * integral of |omega| segment by segment. It does not depend on the timing
 * (|omega dt| is the same over any parameter), so it is taken on the curve
 * itself, over time for keys timing and over sigma_r for the others. */
typedef struct turn_ctx {
    const cp_curve *c;
    size_t          seg;
    double          x0;       /* the segment's start */
    double          p[4][4];  /* cubic segments: coefficient k of w^k, component j */
} turn_ctx;

void cpi_check_power(const cp_curve *c, size_t seg, int j, double out[4])
{
    const double *k0 = c->rec + seg * (size_t)c->stride, *k1 = k0 + c->stride;
    const double h = k1[0] - k0[0], d = (k1[1 + j] - k0[1 + j]) / h;
    out[0] = k0[1 + j], out[1] = out[2] = out[3] = 0.0;
    if (c->mode == CP_CURVE_LINEAR) {
        out[1] = d;
    } else if (c->mode == CP_CURVE_CUBIC) {
        /* p(w) = p0 + m0 w + (3d - 2m0 - m1)/h w^2 + (m0 + m1 - 2d)/h^2 w^3 */
        const double m0 = k0[c->tout + j], m1 = k1[c->tin + j];
        out[1] = m0, out[2] = (3 * d - 2 * m0 - m1) / h, out[3] = (m0 + m1 - 2 * d) / (h * h);
    }
}

/* |omega| = 2 |vec(p' conj p)| / |p|^2 (section 5), from the power form. */
static double cubic_angular_speed(const void *ctx, double x)
{
    const turn_ctx *t = ctx;
    const double w = x - t->x0;
    double p[4], d[4];
    for (int j = 0; j < 4; j++) {
        const double *c = t->p[j];
        p[j] = ((c[3] * w + c[2]) * w + c[1]) * w + c[0];
        d[j] = (3 * c[3] * w + 2 * c[2]) * w + c[1];
    }
    const cp_vec3 v = cpi_vec_mul_conj(d, p);
    return 2.0 * cp_vec3_length(v) / (p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
}

static double curve_angular_speed(const void *ctx, double x)
{
    const turn_ctx *t = ctx;
    cp_vec3 omega;
    cpi_curve_eval_rotation(t->c, t->seg, x, 1.0, NULL, &omega, NULL);
    return cp_vec3_length(omega);
}

/* An upper bound of the angle (radians) a cubic R4 segment turns: the
 * rotation angle is twice the arc length of p / |p| on S3, which is at most
 * the length of p over its least |p|; the length is at most the Bezier
 * control polygon's, and |p| is at least m . b_k for a unit m (the convex
 * hull, section 6). 0 when no bound follows (the hull comes near 0). */
static double bezier_turn_bound(double b[4][4])
{
    double m[4], len = 0, mlen = 0;
    for (int j = 0; j < 4; j++) {
        m[j] = b[0][j] + b[3][j];
        mlen += m[j] * m[j];
    }
    mlen = sqrt(mlen);
    double rho = INFINITY;
    for (int k = 0; k < 4; k++) {
        double dot = 0, e = 0;
        for (int j = 0; j < 4; j++) {
            dot += m[j] / mlen * b[k][j];
            if (k < 3)
                e += (b[k + 1][j] - b[k][j]) * (b[k + 1][j] - b[k][j]);
        }
        rho = fmin(rho, dot);
        len += sqrt(e);
    }
    return rho > 0.1 ? 2.0 * len / rho : INFINITY;
}

/* The Bezier control points of a cubic R4 segment. */
static void bezier_of(const cp_curve *c, size_t seg, double b[4][4])
{
    const double *k0 = c->rec + seg * (size_t)c->stride, *k1 = k0 + c->stride;
    const double h = k1[0] - k0[0];
    for (int j = 0; j < 4; j++) {
        b[0][j] = k0[1 + j];
        b[1][j] = k0[1 + j] + h * k0[c->tout + j] / 3.0;
        b[2][j] = k1[1 + j] - h * k1[c->tin + j] / 3.0;
        b[3][j] = k1[1 + j];
    }
}

static double turn_bound(const cp_curve *c, size_t seg)
{
    double b[4][4];
    bezier_of(c, seg, b);
    return bezier_turn_bound(b);
}

/* The blossom of a cubic Bezier curve at (u1, u2, u3) (de Casteljau with a
 * parameter per level): the control points of its piece over [s0, s1] are
 * its blossoms at (s0, s0, s0), (s0, s0, s1), (s0, s1, s1), (s1, s1, s1). */
static void blossom(double b[4][4], double u1, double u2, double u3, double out[4])
{
    for (int j = 0; j < 4; j++) {
        const double c0 = b[0][j] + u1 * (b[1][j] - b[0][j]), c1 = b[1][j] + u1 * (b[2][j] - b[1][j]),
                     c2 = b[2][j] + u1 * (b[3][j] - b[2][j]);
        const double d0 = c0 + u2 * (c1 - c0), d1 = c1 + u2 * (c2 - c1);
        out[j] = d0 + u3 * (d1 - d0);
    }
}

/* A finer bound than turn_bound: the sum of its bound over four pieces of
 * the segment (the control polygons of the pieces come closer to the arc). */
#define CPI_TURN_PIECES 4
static double turn_bound_fine(const cp_curve *c, size_t seg)
{
    double b[4][4], sum = 0;
    bezier_of(c, seg, b);
    for (int i = 0; i < CPI_TURN_PIECES; i++) {
        const double s0 = (double)i / CPI_TURN_PIECES, s1 = (double)(i + 1) / CPI_TURN_PIECES;
        double q[4][4];
        blossom(b, s0, s0, s0, q[0]);
        blossom(b, s0, s0, s1, q[1]);
        blossom(b, s0, s1, s1, q[2]);
        blossom(b, s1, s1, s1, q[3]);
        sum += bezier_turn_bound(q);
    }
    return sum;
}

static double turned_at_least(const cp_curve *c, double a, double b);

/* The angle turned over [a, b], or, when `enough` (radians) is more than
 * a cheap bound of it, that bound: the caller only needs to know it is not
 * more than `enough`. When `counted` (the finding would only be counted),
 * also a lower bound where it passes `enough` by more than the integral's
 * tolerance. */
static double turned_between(const cp_curve *c, double a, double b, double enough, int counted)
{
    if (!(b > a) || c->nseg == 0 || c->mode == CP_CURVE_STEP)
        return 0.0;
    turn_ctx t = {.c = c, .seg = cpi_curve_segment(c, a, 0)};
    if (c->mode == CP_CURVE_CUBIC) {
        double bound = 0;
        for (size_t s = t.seg; s < c->nseg && CPI_TIME(c, s) < b && bound <= enough; s++)
            bound += turn_bound(c, s);
        if (bound <= enough)
            return bound;
        /* the pieces' bound, held further below `enough` than the
         * quadrature's tolerance (1e-6 relative): where it clears the
         * segment the integral would have too */
        double fine = 0;
        for (size_t s = t.seg; s < c->nseg && CPI_TIME(c, s) < b && fine <= enough; s++)
            fine += turn_bound_fine(c, s);
        if (fine <= enough * (1.0 - 1e-4))
            return fine;
    }
    if (counted) {
        /* the angles between 9 of its rotations, each at most the turn
         * between them */
        const double least = turned_at_least(c, a, b) / RAD;
        if (least > enough * (1.0 + 1e-4))
            return least;
    }
    double sum = 0;
    for (; t.seg < c->nseg && CPI_TIME(c, t.seg) < b; t.seg++) {
        const double lo = fmax(a, CPI_TIME(c, t.seg)), hi = fmin(b, CPI_TIME(c, t.seg + 1));
        if (c->mode == CP_CURVE_CUBIC) {
            t.x0 = CPI_TIME(c, t.seg);
            for (int j = 0; j < 4; j++)
                cpi_check_power(c, t.seg, j, t.p[j]);
        }
        /* degrees are asked: 1e-6 relative is plenty */
        sum += cpi_integrate(c->mode == CP_CURVE_CUBIC ? cubic_angular_speed : curve_angular_speed, &t, lo, hi,
                             1e-6, 12);
    }
    return sum;
}

/* The angle between two rotations, the short way, in degrees. */
static double step_degrees(cp_quat a, cp_quat b)
{
    if (cp_quat_dot(a, b) < 0)
        b = cp_quat_neg(b);
    const double d = cp_quat_length(cp_quat_make(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w));
    const double s = cp_quat_length(cp_quat_make(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w));
    return 4.0 * atan2(d, s) * RAD;
}

/* A lower bound of the angle (degrees) a rotation curve turns over its
 * parameter range [a, b]: the angles between its rotations at 9 evenly
 * spread points (each at most the turn between them). */
static double turned_at_least(const cp_curve *c, double a, double b)
{
    if (!(b > a) || c->nseg == 0 || c->mode == CP_CURVE_STEP)
        return 0.0;
    double sum = 0;
    cp_quat prev = cp_quat_identity();
    size_t seg = cpi_curve_segment(c, a, 0);
    for (int k = 0; k <= 8; k++) {
        const double x = k == 8 ? b : a + (b - a) * k / 8;
        while (seg + 1 < c->nseg && CPI_TIME(c, seg + 1) <= x)
            seg++;
        cp_quat q;
        cpi_curve_eval_rotation(c, seg, x, 1.0, &q, NULL, NULL);
        if (k > 0)
            sum += step_degrees(prev, q);
        prev = q;
    }
    return sum;
}

static void check_turn(cpi_checker *c, size_t i)
{
    const cp_path *p = c->p;
    double t1;
    const size_t j = cpi_check_next_key(p, i, &t1);
    const double step = step_degrees(p->keys[i].rotation, p->keys[j].rotation);
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], b3[CPI_FMT_DOUBLE_SIZE];
    if (step > 180.0 - CPI_CHECK_HALF_TURN_MARGIN)
        cpi_check_add(c, CP_FINDING_HALF_TURN, CP_SEVERITY_WARNING, i, j, p->keys[i].time, step,
            "the rotations are %s degrees apart, within %s of a half turn: which way the camera turns is a rounding "
            "accident",
            cpi_fmt_double(b1, step), cpi_fmt_double(b2, CPI_CHECK_HALF_TURN_MARGIN));
    const double t0 = p->keys[i].time;
    double a = t0, b = t1;
    if (p->target) {
        /* a look-at rotation has no curve of its own: over time */
    } else if (p->shape) {
        const cpi_shape *s = p->shape;
        const size_t kb = j == 0 && p->opts.ends == CP_ENDS_CLOSED ? s->nu : s->key_knot[j];
        a = s->uk[s->key_knot[i]].sr[0], b = s->uk[kb].sr[0];
    }
    /* a C2 turn that reverses at a key swings past it, in shape, whatever
     * the timing: a few percent of the step is not a long way round (more
     * is, and is reported: docs/math.md, section 12) */
    const double allowed = step + c->o.max_turn + CPI_CHECK_TURN_SHARE * step;

    const double turned = (p->target ? cpi_check_lookat_turned(p, a, b, allowed / RAD)
                                     : turned_between(p->rot, a, b, allowed / RAD, !cpi_check_listing(c))) *
                          RAD;
    if (turned > allowed)
        cpi_check_add(c, CP_FINDING_TURN, CP_SEVERITY_ERROR, i, j, t0, turned - step,
            "the camera turns %s degrees where the keys are %s degrees apart (%s degrees too far)",
            cpi_fmt_double(b1, turned), cpi_fmt_double(b2, step), cpi_fmt_double(b3, turned - step));
}

/* Keys the rotation builder inserted: rotation curve knots strictly between
 * the two keys' parameters. */
static void check_inserted(cpi_checker *c, size_t i)
{
    const cp_path *p = c->p;
    const cp_curve *rc = p->rot;
    double t1;
    const size_t j = cpi_check_next_key(p, i, &t1);
    if (!rc || rc->nseg == 0) /* look-at paths have no rotation curve */
        return;
    double a = p->keys[i].time, b = t1;
    if (p->shape) {
        const cpi_shape *s = p->shape;
        const size_t ka = s->key_knot[i], kb = j == 0 ? (p->opts.ends == CP_ENDS_CLOSED ? s->nu : 0) : s->key_knot[j];
        a = s->uk[ka].sr[0], b = s->uk[kb].sr[0];
    }
    if (!(b > a))
        return;
    const size_t first = cpi_curve_segment(rc, a, 0);
    size_t count = 0;
    for (size_t m = first + 1; m < rc->count && CPI_TIME(rc, m) < b; m++)
        count += CPI_TIME(rc, m) > a;
    if (count)
        cpi_check_add(c, CP_FINDING_INSERTED_KEYS, CP_SEVERITY_INFO, i, j, p->keys[i].time, (double)count,
            "the rotation builder inserted %zu key%s between them: the turn nears the rotation map's singularity",
            count, count == 1 ? "" : "s");
}

/* ---- the report ---------------------------------------------------------------------------- */

cp_status cp_path_check(const cp_path *path, const cp_check_options *options, cp_check_report *report, cp_error *error)
{
    memset(report, 0, sizeof *report);
    report->allocator = path->alloc;
    cpi_checker c = {.p = path, .r = report};
    if (options)
        c.o = *options;
    if (!(c.o.max_jump > 0))
        c.o.max_jump = CPI_CHECK_MAX_JUMP;
    if (!(c.o.max_turn > 0))
        c.o.max_turn = CPI_CHECK_MAX_TURN;
    if (c.o.max_findings == 0)
        c.o.max_findings = CPI_CHECK_MAX_FINDINGS;
    if (!(c.o.vertical_angle > 0))
        c.o.vertical_angle = CPI_CHECK_VERTICAL_ANGLE;
    if (!(c.o.target_distance > 0))
        c.o.target_distance = CPI_CHECK_TARGET_DISTANCE;
    const double most = path->opts.max_angular_speed > 0 ? path->opts.max_angular_speed
                                                         : CP_PATH_DEFAULT_MAX_ANGULAR_SPEED;
    if (!(c.o.whip_speed > 0))
        c.o.whip_speed = CPI_CHECK_WHIP_SPEED * most;
    if (!(c.o.whip_acceleration > 0))
        c.o.whip_acceleration = CPI_CHECK_WHIP_ACCELERATION * most;
    if (!isfinite(c.o.max_jump) || !isfinite(c.o.max_turn) || !isfinite(c.o.target_distance) ||
        !(c.o.vertical_angle < 90))
        return cpi_error_set(error, CP_ERR_INVALID,
                             "check: max_jump, max_turn and target_distance must be finite numbers, vertical_angle "
                             "below 90 degrees");
    if (!isfinite(c.o.whip_speed) || !isfinite(c.o.whip_acceleration))
        return cpi_error_set(error, CP_ERR_INVALID, "check: whip_speed and whip_acceleration must be finite numbers");
    joints js;
    c.failed = measure_joints(path, &js) != 0;
    /* in path order: what happens at each key, then on its way to the next */
    const size_t n = path->count, nseg = path->opts.ends == CP_ENDS_CLOSED ? n : n - 1;
    for (size_t i = 0; i < n && !c.failed; i++) {
        check_jumps(&c, &js, i);
        if (i >= nseg)
            continue;
        check_reverse(&c, i);
        check_turn(&c, i);
        cpi_check_scalar(&c, i, path->opts.dolly_zoom ? 3 : 0); /* a dolly zoom's fov: its width */
        if (path->xmask & CPI_X_BIT(CPI_X_FOCUS))
            cpi_check_scalar(&c, i, 1);
        if (path->xmask & CPI_X_BIT(CPI_X_APERTURE))
            cpi_check_scalar(&c, i, 2);
        check_inserted(&c, i);
        if (path->target)
            cpi_check_lookat(&c, i);
        cpi_check_whip(&c, i);
    }
    cpi_free(&path->alloc, js.j);
    if (c.failed) {
        cp_check_report_free(report);
        return cpi_error_set(error, CP_ERR_MEMORY, "check: out of memory for the findings of %zu keys", n);
    }
    cpi_error_clear(error);
    return CP_OK;
}

void cp_check_report_free(cp_check_report *report)
{
    if (!report)
        return;
    cpi_free(&report->allocator, report->findings);
    memset(report, 0, sizeof *report);
}

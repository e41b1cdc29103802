/* SPDX-License-Identifier: MIT */
/* lib/path/validate_shape.c - the validation of a smooth or constant-speed
 * path once its shape and warp are built (validate.c checks the keys): the
 * path's parameter u and the targets' travel stay within
 * CP_PATH_MAX_MAGNITUDE, and every term the sampler sums stays within the
 * limit of its channel (cpi_channel_of), so that every sample is finite.
 *
 * A sample is the warp's quintic in time, each channel's map (a quintic in
 * u) and its curve over the map (docs/math.md, section 12), put together by
 * the chain rule:
 *
 *     P_u = P_s s'                 P_uu = P_ss s'^2 + P_s s''
 *     p'  = P_u u'                 p''  = P_uu u'^2 + P_u u''
 *
 * Each factor is bounded over its piece from its coefficients (the largest
 * values of the Hermite bases), and the products are bounded piece by
 * piece: a warp piece lies in one u-segment, whose maps and curve segments
 * are known. Every bound is at least what the sampler computes, so a path
 * that passes samples to finite poses; a path refused here would have
 * sampled to a term beyond its limit somewhere. Constant speed also needs a
 * shape it can keep a speed along (cpi_path_check_moving). Errors name the
 * key and field as validate.c's do. */
#include <math.h>
#include <stdio.h>

#include "arclength.h"
#include "base.h"
#include "curve_impl.h"
#include "dtoa.h"
#include "monotone.h"
#include "path_layout.h"
#include "validate.h"

#define LIMIT CP_PATH_MAX_MAGNITUDE
/* u' is squared by the sampler (u'^2 multiplies the second derivative over u). */
#define U1_LIMIT 1e150

/* Bounds of a function's first and second derivative over a piece (NaN or
 * infinity where a term overflows: such bounds fail every test). */
typedef struct rates {
    double r1, r2;
} rates;

static int within(double x, double limit) { return fabs(x) <= limit; } /* false for NaN */

/* A quintic Hermite piece of width h from (y0, d0, a0) to (y1, d1, a1)
 * (lib/path/monotone.h): its basis functions' largest values on [0, 1] give
 * |v'| <= 1.875 |dy| / h + |d0| + |d1| + 0.068 h (|a0| + |a1|) and
 * |v''| <= 5.78 |dy| / h^2 + 3.95 (|d0| + |d1|) / h + |a0| + |a1|; the value
 * sums y0, dy and the terms h |d| (times 0.2) and h^2 |a| (times 0.02),
 * which must stay finite too. A flat piece is evaluated as its value. */
static rates quintic_rates(double h, const double *v0, const double *v1)
{
    const double dy = fabs(v1[0] - v0[0]), d = fabs(v0[1]) + fabs(v1[1]), a = fabs(v0[2]) + fabs(v1[2]);
    if (v0[0] == v1[0] && d == 0 && a == 0)
        return (rates){0, 0};
    const double ih = 1.0 / h;
    rates r = {1.875 * dy * ih + d + 0.068 * (h * a), 5.78 * (dy * ih) * ih + 3.95 * d * ih + a};
    if (!within(v0[0], LIMIT) || !within(dy, LIMIT) || !within(h * d, LIMIT) || !within(h * (h * a), LIMIT))
        r.r1 = INFINITY;
    return r;
}

static rates max_rates(rates a, rates b)
{
    /* NaN wins: it fails every test */
    return (rates){a.r1 > b.r1 || isnan(a.r1) ? a.r1 : b.r1, a.r2 > b.r2 || isnan(a.r2) ? a.r2 : b.r2};
}

/* A curve's segments [from, to) (all of them in their own limits, each
 * term: cpi_curve_segment_range): |P_s| <= 1.5 |dp| / h + |m0| + |m1|,
 * |P_ss| <= 6 |dp| / h^2 + 4 (|m0| + |m1|) / h, the largest component's. */
static rates curve_rates(const cp_curve *c, size_t from, size_t to, int *fault)
{
    rates r = {0, 0};
    const cpi_range_limits lim = {LIMIT, LIMIT, LIMIT};
    for (size_t s = from; s < to && s < c->nseg; s++) {
        if (cpi_curve_segment_range(c, s, &lim) != CPI_RANGE_OK) {
            *fault = 1;
            return (rates){INFINITY, INFINITY};
        }
        if (c->mode == CP_CURVE_STEP)
            continue;
        const double *k0 = c->rec + s * (size_t)c->stride, *k1 = k0 + c->stride;
        const double h = k1[0] - k0[0], ih = 1.0 / h;
        for (int j = 0; j < c->dim; j++) {
            const double dp = fabs(k1[1 + j] - k0[1 + j]);
            const double m = c->mode == CP_CURVE_CUBIC ? fabs(k0[c->tout + j]) + fabs(k1[c->tin + j]) : 0.0;
            r = max_rates(r, (rates){1.5 * dp * ih + m, 6.0 * (dp * ih) * ih + 4.0 * m * ih});
        }
    }
    return r;
}

/* ---- where a fault is ---------------------------------------------------------------------- */

/* The keys around u-segment k: a, the last key at its start, and b, the
 * first at its end (0 across the seam of a loop, *seam set). */
static void segment_keys(const cp_path *p, size_t k, size_t *a, size_t *b, int *seam)
{
    const cpi_shape *s = p->shape;
    *a = 0;
    *b = 0;
    *seam = 1;
    for (size_t i = 0; i < p->count; i++) {
        if (s->key_knot[i] <= k)
            *a = i;
        if (s->key_knot[i] > k) {
            *b = i;
            *seam = 0;
            break;
        }
    }
}

static const char *key_field(char buf[128], size_t i, const char *member)
{
    snprintf(buf, 128, "keys[%zu].%s", i, member);
    return buf;
}

/* What a channel's spline in a smooth or constant-speed path is over, and
 * that parameter's step over u-segment k. */
static const char *spline_over(const cp_path *p, size_t k, int which, int curve, double *step)
{
    const cpi_uknot *a = &p->shape->uk[k], *b = &p->shape->uk[k + 1];
    if (curve && which == CPI_CH_POSITION) {
        *step = b->sp[0] - a->sp[0];
        return "the distance the position travels";
    }
    if (curve && which == CPI_CH_TARGET) {
        *step = b->sr[0] - a->sr[0];
        return "the distance the target travels";
    }
    if (curve && which == CPI_CH_ROTATION) {
        *step = b->sr[0] - a->sr[0];
        return "the angle the camera turns";
    }
    *step = b->u - a->u;
    return "the path's parameter";
}

/* Channel `which` changes too fast over u-segment k for its spline (the
 * curve, or the map of u when `curve` is 0): its keys are too close in
 * what the spline is over, for how much they differ. */
static int shape_fault(const cp_path *p, size_t k, int which, int curve, cp_error *error)
{
    char f[128], g[128], b1[CPI_FMT_DOUBLE_SIZE];
    size_t a, b;
    int seam;
    segment_keys(p, k, &a, &b, &seam);
    double step;
    const char *over = spline_over(p, k, which, curve, &step);
    const char *member = cpi_channel_of(which, p->opts.orientation == CP_ORIENTATION_LOOK_AT).member;
    return cpi_error_at(error, CP_ERR_INVALID, (long)b, key_field(f, b, member),
                        "too close to %s for %s timing, which splines it over %s: a step of %s%s leaves terms "
                        "beyond 1e+300 (CP_PATH_MAX_MAGNITUDE)",
                        key_field(g, a, member), cp_timing_name(p->opts.timing), over, cpi_fmt_double(b1, step),
                        seam ? " across the seam" : "");
}

/* The timing is at fault over u-segment k: its keys are too close in time
 * for what the camera does between them. `what` says what overflows. */
static int timing_fault(const cp_path *p, size_t k, const char *what, const char *limit,
                        const cpi_field_names *names, cp_error *error)
{
    char f[128], g[128], b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], b3[CPI_FMT_DOUBLE_SIZE];
    size_t a, b;
    int seam;
    segment_keys(p, k, &a, &b, &seam);
    const cpi_shape *s = p->shape;
    const double du = s->uk[k + 1].u - s->uk[k].u;
    const double hold = (p->keys[a].flags & CP_KEY_HOLD) ? p->keys[a].hold : 0.0;
    const double next = seam ? p->keys[0].time + p->opts.period : p->keys[b].time;
    const double gap = next - p->keys[a].time - hold;
    if (seam) {
        snprintf(f, sizeof f, "%speriod", names->options);
        return cpi_error_at(error, CP_ERR_INVALID, -1, f,
                            "%s leaves %s s from the last key back to the first for a step of %s m in the path's "
                            "parameter: the %s would be beyond %s",
                            cpi_fmt_double(b1, p->opts.period), cpi_fmt_double(b2, gap), cpi_fmt_double(b3, du), what,
                            limit);
    }
    return cpi_error_at(error, CP_ERR_INVALID, (long)b, key_field(f, b, names->time),
                        "only %s s after %s%s for a step of %s m in the path's parameter: the %s would be beyond %s",
                        cpi_fmt_double(b1, gap), key_field(g, a, names->time), hold > 0 ? "'s hold" : "",
                        cpi_fmt_double(b2, du), what, limit);
}

/* ---- constant speed: a shape it can keep a speed along ----------------------------------- */

/* Below this much of the chord's pace the shape nearly stops (a reversal,
 * or a bend so sharp that keeping the speed would whip the camera round). */
#define CPI_SPEED_LEAST 0.02

#define BENDS_TOO_SHARPLY                                                                                        \
    "keys[%zu]..keys[%zu]: no constant speed fits here: the path nearly stops or bends too sharply (the camera "    \
    "would whip round), or is so slow that its 1 s eases vanish; add a hold there, or use smooth timing"

/* The key at the end of segment i, named as the place of a shape that
 * defeats constant speed (the message names both keys). */
int cpi_path_bends_too_sharply(size_t i, size_t n, cp_error *error)
{
    const size_t j = i + 1 < n ? i + 1 : 0;
    char f[64];
    cpi_error_set(error, CP_ERR_INVALID, BENDS_TOO_SHARPLY, i, j);
    snprintf(f, sizeof f, "keys[%zu]", j);
    cpi_error_field(error, (long)j, f);
    return CP_ERR_INVALID;
}

/* Whether two keys' rotations are the same turn (q and -q are). */
static int same_rotation(cp_quat a, cp_quat b)
{
    return (a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w) ||
           (a.x == -b.x && a.y == -b.y && a.z == -b.z && a.w == -b.w);
}

int cpi_path_check_moving(const cp_path *p, const cpi_field_names *names, cp_error *error)
{
    char f[128], g[128];
    const cpi_shape *s = p->shape;
    const size_t n = p->count;
    const int closed = p->opts.ends == CP_ENDS_CLOSED;
    if (p->opts.position == CP_INTERP_STEP) {
        snprintf(f, sizeof f, "%stiming", names->options);
        return cpi_error_at(error, CP_ERR_INVALID, -1, f,
                            "constant speed needs a moving position, and %sposition is step", names->interp);
    }
    /* a turn on the spot is paced by the turn (lib/path/pace.c); a look-at
     * path's turn comes from its target, which the pace does not measure */
    const int look_at = p->opts.orientation == CP_ORIENTATION_LOOK_AT;
    for (size_t i = 0; i < (closed ? n : n - 1); i++) {
        const size_t j = i + 1 < n ? i + 1 : 0;
        if (cp_vec3_length(cp_vec3_sub(p->keys[j].position, p->keys[i].position)) == 0.0 &&
            (look_at || same_rotation(p->keys[i].rotation, p->keys[j].rotation))) {
            snprintf(f, sizeof f, "keys[%zu].position", j);
            snprintf(g, sizeof g, "keys[%zu]", i);
            return cpi_error_at(error, CP_ERR_INVALID, (long)j, f,
                                look_at ? "the same as %s's: at constant speed a look-at camera cannot turn or wait "
                                          "on the spot (use a hold to wait, or smooth timing)"
                                        : "the same as %s's, and so is the rotation: at constant speed the camera "
                                          "cannot wait on the spot (use a hold to wait, or smooth timing)",
                                g);
        }
    }
    /* every key its own u-knot (the layout takes segment i to join key i to
     * the next): a step too small to change the path's parameter in
     * doubles would make two keys one */
    for (size_t i = 1; i < n + (closed ? 1 : 0); i++) {
        const size_t k = i < n ? s->key_knot[i] : s->nu;
        if (k != i || (i == n && s->nu != n)) {
            char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
            const size_t j = i < n ? i : 0;
            snprintf(f, sizeof f, "keys[%zu].position", j);
            snprintf(g, sizeof g, "keys[%zu]", i - 1);
            return cpi_error_at(error, CP_ERR_INVALID, (long)j, f,
                                "%s m from %s's is too little to tell apart on a path of %s m: at constant speed "
                                "every key must stand apart from the one before",
                                cpi_fmt_double(b1, cp_vec3_length(cp_vec3_sub(p->keys[j].position,
                                                                               p->keys[i - 1].position))),
                                g, cpi_fmt_double(b2, s->total));
        }
    }
    /* the pace along the shape, S' = |P'(sigma)| sigma'(u), must stay clear
     * of zero: its two factors' least values are exact (quartic minima) */
    for (size_t i = 0; i < s->nu - (closed ? 0 : 1); i++) {
        const cpi_uknot *a = &s->uk[i], *b = &s->uk[i + 1];
        /* a turn on the spot, and the segments next to one, whose travel
         * stops at the key they share with it: the pace's turn and floor
         * keep the timing moving there (lib/path/pace.c) */
        const size_t nseg = s->nu - (closed ? 0 : 1);
        if (b->sp[0] == a->sp[0] || (i > 0 && a->sp[0] == s->uk[i - 1].sp[0]) ||
            (closed && i == 0 && s->uk[nseg].sp[0] - s->uk[nseg - 1].sp[0] == 0) ||
            (i + 1 < nseg && s->uk[i + 2].sp[0] == b->sp[0]) || (closed && i + 1 == nseg && s->uk[1].sp[0] == s->uk[0].sp[0]))
            continue;
        const double chord = (b->sp[0] - a->sp[0]) / (b->u - a->u);
        const double slope = cpi_quintic_min_slope(b->u - a->u, a->sp[0], b->sp[0], a->sp[1], b->sp[1], a->sp[2],
                                                   b->sp[2]);
        const double least = cpi_arc_least_speed(p->pos, a->pseg); /* its position segment (a turn on the spot has none) */
        if (!(slope >= CPI_SPEED_LEAST * chord) || !(least >= CPI_SPEED_LEAST))
            return cpi_path_bends_too_sharply(i, n, error);
    }
    return CP_OK;
}

/* ---- the travel --------------------------------------------------------------------------- */

int cpi_path_check_travel(const cp_path *p, cp_error *error)
{
    char f[128], b1[CPI_FMT_DOUBLE_SIZE];
    const cpi_shape *s = p->shape;
    const int closed = p->opts.ends == CP_ENDS_CLOSED, look_at = p->opts.orientation == CP_ORIENTATION_LOOK_AT;
    for (size_t i = 0; i <= p->count; i++) {
        if (i == p->count && !closed)
            break;
        /* past the last key: back at key 0, one period on (the seam knot) */
        const cpi_uknot *k = i < p->count ? &s->uk[s->key_knot[i]] : &s->uk[s->nu];
        const size_t key = i < p->count ? i : 0;
        if (!within(k->u, LIMIT))
            return cpi_error_at(error, CP_ERR_INVALID, (long)key, key_field(f, key, "position"),
                                "the path's parameter (the chords, with turns, fov and lens changes weighted in) "
                                "reaches %s m %s, beyond 1e+300 (CP_PATH_MAX_MAGNITUDE)",
                                cpi_fmt_double(b1, k->u), i < p->count ? "here" : "back here");
        if (look_at && !within(k->sr[0], LIMIT))
            return cpi_error_at(error, CP_ERR_INVALID, (long)key, key_field(f, key, "target"),
                                "the targets have travelled %s m %s, beyond 1e+300 (CP_PATH_MAX_MAGNITUDE)",
                                cpi_fmt_double(b1, k->sr[0]), i < p->count ? "by here" : "back here");
    }
    /* and the whole: a total that is not a number leaves every key on one knot */
    if (!within(s->total, LIMIT))
        return cpi_error_at(error, CP_ERR_INVALID, 0, key_field(f, 0, "position"),
                            "the path's parameter (the chords, with turns, fov and lens changes weighted in) "
                            "reaches %s m over the path, beyond 1e+300 (CP_PATH_MAX_MAGNITUDE)",
                            cpi_fmt_double(b1, s->total));
    return CP_OK;
}

/* ---- the rates ---------------------------------------------------------------------------- */

/* A channel over u-segment k: its map's rates (s', s'') and its curve's
 * (P_s, P_ss), and their product, the rates over u. */
typedef struct channel_rates {
    int   which;   /* CPI_CH_* */
    rates map, curve, over_u;
} channel_rates;

/* The map of values at the u-knots a and b (three doubles each: value and
 * two derivatives in u), or the identity when `v0` is NULL. */
static rates map_rates(double du, const double *v0, const double *v1)
{
    return v0 ? quintic_rates(du, v0, v1) : (rates){1.0, 0.0};
}

/* A channel's own fault: which, and whether its curve (1) or its map (0). */
typedef struct fault_of {
    int which, curve;
} fault_of;

/* The channels of u-segment k; returns how many. A fault of a map or a
 * curve on its own is set in *fault (which = -1: none). */
static int segment_channels(const cp_path *p, size_t k, channel_rates out[CPI_CHANNELS], fault_of *fault)
{
    const cpi_shape *s = p->shape;
    const cpi_uknot *a = &s->uk[k], *b = &s->uk[k + 1];
    const double du = b->u - a->u;
    const int look_at = p->opts.orientation == CP_ORIENTATION_LOOK_AT;
    int n = 0, bad = 0;
    *fault = (fault_of){-1, 0};
    /* position over sigma_p; the rotation (look-at: the target) over sigma_r */
    out[n++] = (channel_rates){CPI_CH_POSITION, map_rates(du, a->sp, b->sp),
                               curve_rates(p->pos, a->pseg, b->pseg, &bad), {0, 0}};
    if (bad)
        *fault = (fault_of){CPI_CH_POSITION, 1};
    out[n++] = (channel_rates){look_at ? CPI_CH_TARGET : CPI_CH_ROTATION, map_rates(du, a->sr, b->sr),
                               curve_rates(look_at ? p->target : p->rot, a->rseg, b->rseg, &bad), {0, 0}};
    if (bad && fault->which < 0)
        *fault = (fault_of){out[1].which, 1};
    /* fov and the scalar channels: a monotone map of u, or a curve over u itself */
    for (int c = -1; c < CPI_X_COUNT; c++) {
        if (c >= 0 && !(p->xmask & CPI_X_BIT(c)))
            continue;
        const int mono = c < 0 ? s->fov_mono : s->x_mono[c];
        channel_rates r = {c < 0 ? CPI_CH_FOV : CPI_CH_ROLL + c, {1.0, 0.0}, {1.0, 0.0}, {0, 0}};
        if (mono)
            r.map = c < 0 ? quintic_rates(du, a->f, b->f) : quintic_rates(du, s->xk[k].v[c], s->xk[k + 1].v[c]);
        else
            r.curve = curve_rates(c < 0 ? p->fov : p->xc[c], k, k + 1, &bad);
        if (bad && fault->which < 0)
            *fault = (fault_of){r.which, 1};
        out[n++] = r;
    }
    /* over u: P_u = P_s s', P_uu = P_ss s'^2 + P_s s'' (each product as the sampler forms it) */
    for (int i = 0; i < n && fault->which < 0; i++) {
        const rates m = out[i].map, c = out[i].curve;
        out[i].over_u = (rates){c.r1 * m.r1, c.r2 * m.r1 * m.r1 + c.r1 * m.r2};
        if (!within(c.r1, LIMIT) || !within(c.r2, LIMIT))
            *fault = (fault_of){out[i].which, 1};
        else if (!within(m.r1, LIMIT) || !within(m.r2, LIMIT) || !within(out[i].over_u.r1, LIMIT) ||
                 !within(c.r2 * m.r1 * m.r1, LIMIT) || !within(c.r1 * m.r2, LIMIT))
            *fault = (fault_of){out[i].which, 0};
    }
    return n;
}

/* The exact test of warp pieces [j0, j1): each piece's u-segment's channels
 * (segment_channels), then the piece's rates and their products against
 * every limit; the first fault found is the error. */
static int check_pieces(const cp_path *p, size_t j0, size_t j1, size_t nseg_u, const cpi_field_names *names,
                        cp_error *error)
{
    const cpi_shape *s = p->shape;
    const cp_curve *w = s->warp;
    const int look_at = p->opts.orientation == CP_ORIENTATION_LOOK_AT;
    channel_rates ch[CPI_CHANNELS];
    int nch = 0;
    size_t have = (size_t)-1; /* the u-segment whose channels ch holds */
    for (size_t j = j0; j < j1; j++) {
        const double *r0 = w->rec + j * (size_t)w->stride, *r1 = r0 + w->stride;
        const rates u = quintic_rates(r1[0] - r0[0], r0 + CPI_WARP_U, r1 + CPI_WARP_U);
        size_t k = (size_t)r0[CPI_WARP_K];
        if (k >= nseg_u)
            k = nseg_u - 1; /* the hold at an open path's end: sampled in the last segment */
        if (k != have) {
            fault_of fault;
            nch = segment_channels(p, k, ch, &fault);
            have = k;
            if (fault.which >= 0)
                return shape_fault(p, k, fault.which, fault.curve, error);
        }
        if (u.r1 == 0 && u.r2 == 0)
            continue; /* a hold: every rate is zero */
        if (!within(u.r1, U1_LIMIT))
            return timing_fault(p, k, "rate of the path's parameter", "1e+150 m/s (its square must be a double)",
                                names, error);
        if (!within(u.r2, LIMIT))
            return timing_fault(p, k, "acceleration of the path's parameter", "1e+300 (CP_PATH_MAX_MAGNITUDE)",
                                names, error);
        /* in time: p' = P_u u', p'' = P_uu u'^2 + P_u u'' */
        for (int i = 0; i < nch; i++) {
            const cpi_channel c = cpi_channel_of(ch[i].which, look_at);
            const rates v = ch[i].over_u;
            if (!within(v.r1 * u.r1, c.d1) || !within(v.r2 * (u.r1 * u.r1), c.d2) || !within(v.r1 * u.r2, c.d2) ||
                !within(v.r2 * (u.r1 * u.r1) + v.r1 * u.r2, c.d2)) {
                char what[96];
                snprintf(what, sizeof what, "%s's %s", c.member,
                         ch[i].which == CPI_CH_ROTATION ? "angular velocity or acceleration"
                                                        : "velocity or acceleration");
                return timing_fault(p, k, what, c.limit_text, names, error);
            }
        }
    }
    return CP_OK;
}

/* ---- the common case: a run of pieces proved at once ------------------------------------------ */

/* The exact test above forms, for each warp piece, a handful of rates and
 * their products, and compares each with a limit (1e140 at the least) that
 * a real path misses by a hundred orders of magnitude. A run of RUN warp
 * pieces is first tested from bounds over the whole run: the largest
 * magnitude of each rate (a map's, a curve's, the warp's) over the pieces
 * and u-segments of the run, put through the same formulas and the same
 * products. Every operation there is a sum or a product of non-negative
 * doubles, or 1 / h with h > 0, and rounding to nearest is monotone
 * (x <= y gives fl(x) <= fl(y)); so where each operand is at least the
 * magnitude of the per-piece operand, each result is at least the
 * magnitude of the per-piece result (|fl(x y)| = fl(|x| |y|),
 * |fl(x + y)| <= fl(|x| + |y|)), and a bound within its limit proves every
 * per-piece term it bounds within it. Where a run's bounds pass, every test
 * of the exact loop passes over it; where one does not, the run is tested
 * by the exact loop (check_pieces), unchanged, which finds the same fault
 * as it does over the whole path (the runs are in order, and a run that
 * passes holds no fault). A largest value drops a NaN, so every value a
 * maximum is taken of is also summed (as a magnitude): a NaN or an infinity
 * anywhere leaves the sum NaN or infinite, and the run goes to the exact
 * loop. */
#define RUN 256

static double max_abs(double m, double x)
{
    x = fabs(x);
    return x > m ? x : m;
}

/* Bounds of curve_rates over a curve's segments [from, to) (what every
 * u-segment of a run reads of it, and perhaps more), from the largest
 * |value|, |dp| (a component's change over a segment), |tangent| and h and
 * the least h over them (each component alike: curve_rates and the range
 * test treat every component the same way). 1 when they prove every
 * segment within the range test's limits (cpi_curve_segment_range with
 * every limit LIMIT, as curve_rates calls it), *out then bounding the
 * rates; 0 when they do not. */
static int curve_bound(const cp_curve *c, size_t from, size_t to, rates *out)
{
    *out = (rates){0, 0};
    if (to > c->nseg)
        to = c->nseg;
    if (from >= to)
        return 1;
    const int d = c->dim, st = c->stride, cubic = c->mode == CP_CURVE_CUBIC;
    double vmax = 0, dmax = 0, mmax = 0, hmin = INFINITY, hmax = 0, sum = 0;
    for (size_t s = from; s < to; s++) {
        const double *k0 = c->rec + s * (size_t)st, *k1 = k0 + st;
        const double h = k1[0] - k0[0];
        hmin = h < hmin ? h : hmin;
        hmax = h > hmax ? h : hmax;
        sum += h; /* NaN or infinite if h is (a negative h fails hmin) */
        for (int j = 0; j < d; j++) {
            const double dp = fabs(k1[1 + j] - k0[1 + j]); /* NaN or infinite if either value is */
            vmax = max_abs(vmax, k0[1 + j]);
            dmax = dp > dmax ? dp : dmax;
            sum += dp;
            if (cubic) {
                const double m0 = fabs(k0[c->tout + j]), m1 = fabs(k1[c->tin + j]);
                mmax = m0 > mmax ? m0 : mmax;
                mmax = m1 > mmax ? m1 : mmax;
                sum += m0 + m1;
            }
        }
    }
    for (int j = 0; j < d; j++)
        vmax = max_abs(vmax, c->rec[to * (size_t)st + 1 + j]); /* the last segment's end */
    /* the values and their differences */
    if (!(sum < INFINITY) || !(vmax <= LIMIT) || !(dmax <= LIMIT))
        return 0;
    if (c->mode == CP_CURVE_STEP)
        return 1; /* no rates */
    /* 1 / h <= 1 / hmin, and every term of the range test from there */
    if (!(hmin > 0))
        return 0;
    const double ih = 1.0 / hmin, ih2 = ih * ih, turn = c->rotation ? 3.2 : 1.0;
    if (!(6.0 * turn * turn * ih2 <= LIMIT) || !(turn * ih <= LIMIT) || !(1.5 * dmax * ih <= LIMIT) ||
        !(6.0 * dmax * ih2 <= LIMIT))
        return 0;
    if (cubic && (!(mmax <= LIMIT) || !(hmax * mmax <= LIMIT) || !(4.0 * mmax * ih <= LIMIT)))
        return 0;
    /* curve_rates' sums: m = |m0| + |m1| <= mmax + mmax */
    const double m = cubic ? mmax + mmax : 0.0;
    *out = (rates){1.5 * dmax * ih + m, 6.0 * (dmax * ih) * ih + 4.0 * m * ih};
    return 1;
}

/* Bounds of quintic_rates over pieces: the largest |y0|, |dy|, |d0| + |d1|,
 * |a0| + |a1| and h, and the least h, of the pieces that are not flat (a
 * flat piece's rates are 0, below any bound); `sum` adds their magnitudes. */
typedef struct quintic_bound {
    double y, dy, d, a, hmin, hmax, sum;
    size_t n; /* pieces that are not flat */
} quintic_bound;

#define QUINTIC_BOUND_EMPTY {0, 0, 0, 0, INFINITY, 0, 0, 0}

static inline void quintic_add(quintic_bound *q, double h, const double *v0, const double *v1)
{
    const double dy = fabs(v1[0] - v0[0]), d = fabs(v0[1]) + fabs(v1[1]), a = fabs(v0[2]) + fabs(v1[2]);
    if (v0[0] == v1[0] && d == 0 && a == 0)
        return; /* flat (false for NaN) */
    q->y = max_abs(q->y, v0[0]);
    q->dy = dy > q->dy ? dy : q->dy;
    q->d = d > q->d ? d : q->d;
    q->a = a > q->a ? a : q->a;
    q->hmin = h < q->hmin ? h : q->hmin;
    q->hmax = h > q->hmax ? h : q->hmax;
    q->sum += dy + d + a + h; /* NaN or infinite if any of v0, v1 or h is (a negative h fails hmin) */
    q->n++;
}

/* quintic_rates' formulas from the bounds, 1 / h <= 1 / hmin (h >= hmin > 0):
 * at least the magnitude of every piece's rates; 0 when the bounds do not
 * keep the value's terms within LIMIT (quintic_rates' infinity) or are not
 * finite. No piece: rates 0. */
static int quintic_rates_bound(const quintic_bound *q, rates *r)
{
    *r = (rates){0, 0};
    if (q->n == 0)
        return 1; /* every piece flat */
    if (!(q->sum < INFINITY) || !(q->hmin > 0) || !(q->y <= LIMIT) || !(q->dy <= LIMIT) ||
        !(q->hmax * q->d <= LIMIT) || !(q->hmax * (q->hmax * q->a) <= LIMIT))
        return 0;
    const double ih = 1.0 / q->hmin;
    *r = (rates){1.875 * q->dy * ih + q->d + 0.068 * (q->hmax * q->a),
                 5.78 * (q->dy * ih) * ih + 3.95 * q->d * ih + q->a};
    return 1;
}

/* segment_channels' tests and the products of the exact loop, from a
 * channel's bounds: its curve's rates c, its map's m, the warp's u1 and u2. */
static int channel_proved(rates c, rates m, double u1, double u2, cpi_channel ch)
{
    if (!(c.r1 <= LIMIT) || !(c.r2 <= LIMIT) || !(m.r1 <= LIMIT) || !(m.r2 <= LIMIT))
        return 0;
    const double v1 = c.r1 * m.r1, a2 = c.r2 * m.r1 * m.r1, b2 = c.r1 * m.r2, v2 = a2 + b2, uu = u1 * u1;
    return v1 <= LIMIT && a2 <= LIMIT && b2 <= LIMIT && v1 * u1 <= ch.d1 && v2 * uu <= ch.d2 && v1 * u2 <= ch.d2 &&
           v2 * uu + v1 * u2 <= ch.d2;
}

/* Whether the bounds over warp pieces [j0, j1) prove that the exact loop
 * passes them. */
static int run_proved(const cp_path *p, size_t j0, size_t j1, size_t nseg_u)
{
    const cpi_shape *s = p->shape;
    const cp_curve *w = s->warp;
    const int look_at = p->opts.orientation == CP_ORIENTATION_LOOK_AT;
    /* the warp's rates (a hold's are zero), and the u-segments the pieces lie in */
    quintic_bound qu = QUINTIC_BOUND_EMPTY;
    size_t kmin = (size_t)-1, kmax = 0;
    for (size_t j = j0; j < j1; j++) {
        const double *r0 = w->rec + j * (size_t)w->stride, *r1 = r0 + w->stride;
        quintic_add(&qu, r1[0] - r0[0], r0 + CPI_WARP_U, r1 + CPI_WARP_U);
        size_t k = (size_t)r0[CPI_WARP_K];
        if (k >= nseg_u)
            k = nseg_u - 1;
        kmin = k < kmin ? k : kmin;
        kmax = k > kmax ? k : kmax;
    }
    rates u;
    if (!quintic_rates_bound(&qu, &u) || !(u.r1 <= U1_LIMIT) || !(u.r2 <= LIMIT))
        return 0;
    /* the maps over u-segments [kmin, kmax], and the curves' segments they
     * reach: curve_rates reads [uk[k].pseg, uk[k + 1].pseg) for u-segment
     * k, within [least, largest pseg over knots kmin..kmax + 1) (the same
     * for rseg; a curve over u reads [k, k + 1)) */
    quintic_bound qp = QUINTIC_BOUND_EMPTY, qr = QUINTIC_BOUND_EMPTY, qf = QUINTIC_BOUND_EMPTY;
    quintic_bound qx[CPI_X_COUNT] = {QUINTIC_BOUND_EMPTY, QUINTIC_BOUND_EMPTY, QUINTIC_BOUND_EMPTY,
                                     QUINTIC_BOUND_EMPTY};
    uint32_t pmin = s->uk[kmax + 1].pseg, pmax = pmin, rmin = s->uk[kmax + 1].rseg, rmax = rmin;
    for (size_t k = kmin; k <= kmax; k++) {
        const cpi_uknot *a = &s->uk[k], *b = a + 1;
        const double du = b->u - a->u;
        quintic_add(&qp, du, a->sp, b->sp);
        quintic_add(&qr, du, a->sr, b->sr);
        if (s->fov_mono)
            quintic_add(&qf, du, a->f, b->f);
        for (int c = 0; c < CPI_X_COUNT; c++)
            if ((p->xmask & CPI_X_BIT(c)) && s->x_mono[c])
                quintic_add(&qx[c], du, s->xk[k].v[c], s->xk[k + 1].v[c]);
        pmin = a->pseg < pmin ? a->pseg : pmin;
        pmax = a->pseg > pmax ? a->pseg : pmax;
        rmin = a->rseg < rmin ? a->rseg : rmin;
        rmax = a->rseg > rmax ? a->rseg : rmax;
    }
    rates mp, mr, mf, mx[CPI_X_COUNT] = {{0, 0}};
    if (!quintic_rates_bound(&qp, &mp) || !quintic_rates_bound(&qr, &mr) || !quintic_rates_bound(&qf, &mf))
        return 0;
    for (int c = 0; c < CPI_X_COUNT; c++)
        if (!quintic_rates_bound(&qx[c], &mx[c]))
            return 0;
    rates cp, cr;
    if (!curve_bound(p->pos, pmin, pmax, &cp) || !curve_bound(look_at ? p->target : p->rot, rmin, rmax, &cr) ||
        !channel_proved(cp, mp, u.r1, u.r2, cpi_channel_of(CPI_CH_POSITION, look_at)) ||
        !channel_proved(cr, mr, u.r1, u.r2, cpi_channel_of(look_at ? CPI_CH_TARGET : CPI_CH_ROTATION, look_at)))
        return 0;
    /* fov and the scalar channels: the map, or the curve over u (the other
     * factor 1 and 0, as segment_channels sets it) */
    for (int c = -1; c < CPI_X_COUNT; c++) {
        if (c >= 0 && !(p->xmask & CPI_X_BIT(c)))
            continue;
        const int mono = c < 0 ? s->fov_mono : s->x_mono[c];
        rates map = {1.0, 0.0}, curve = {1.0, 0.0};
        if (mono)
            map = c < 0 ? mf : mx[c];
        else if (!curve_bound(c < 0 ? p->fov : p->xc[c], kmin, kmax + 1, &curve))
            return 0;
        if (!channel_proved(curve, map, u.r1, u.r2, cpi_channel_of(c < 0 ? CPI_CH_FOV : CPI_CH_ROLL + c, look_at)))
            return 0;
    }
    return 1;
}

int cpi_path_check_timed(const cp_path *p, const cpi_field_names *names, cp_error *error)
{
    const cpi_shape *s = p->shape;
    const cp_curve *w = s->warp;
    const int loop = p->opts.ends == CP_ENDS_CLOSED && s->total > 0;
    const size_t nseg_u = loop ? s->nu : s->nu - 1;
    if (nseg_u == 0)
        return CP_OK; /* one u-knot: every channel is a constant */
    for (size_t j0 = 0; j0 < w->nseg; j0 += RUN) {
        const size_t j1 = w->nseg - j0 > RUN ? j0 + RUN : w->nseg;
        if (run_proved(p, j0, j1, nseg_u))
            continue;
        const int rc = check_pieces(p, j0, j1, nseg_u, names, error);
        if (rc != CP_OK)
            return rc;
    }
    return CP_OK;
}

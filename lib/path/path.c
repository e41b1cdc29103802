/* SPDX-License-Identifier: MIT */
/* lib/path/path.c - camera paths: creation (validated, lib/path/validate.c), the channel
 * curves, pose sampling, metadata and the names of the options. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "campath/path.h"
#include "base.h"
#include "curve_impl.h"
#include "dolly.h"
#include "lookat.h"
#include "path_impl.h"
#include "path_layout.h"
#include "shape.h"
#include "shape_eval.h"
#include "shake_impl.h"
#include "validate.h"
#include "warp.h"

/* ---- names -------------------------------------------------------------------- */

static const char *const interp_names[] = {"c2", "bisector", "catmull-rom", "linear", "step"};
static const char *const ends_names[] = {"natural", "rest", "closed"};
static const char *const timing_names[] = {"keys", "smooth", "constant-speed"};
static const char *const orientation_names[] = {"rotation", "look-at"};

/* The index of `name` among the `count` names, or -1. */
static int find_name(const char *name, const char *const *names, int count)
{
    for (int i = 0; name && i < count; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

#define NAME_COUNT(table) ((int)(sizeof table / sizeof *table))
#define NAME_OF(table, value) ((unsigned)(value) < (unsigned)NAME_COUNT(table) ? table[value] : NULL)

const char *cp_interp_name(cp_interp interp) { return NAME_OF(interp_names, interp); }
const char *cp_ends_name(cp_ends ends) { return NAME_OF(ends_names, ends); }
const char *cp_timing_name(cp_timing timing) { return NAME_OF(timing_names, timing); }
const char *cp_orientation_name(cp_orientation orientation) { return NAME_OF(orientation_names, orientation); }

/* A parser of an enum's names, read from its table (the names in the order
 * of the enum's values, from 0): CP_OK and *out set, or CP_ERR_INVALID for
 * an unknown name (or NULL) and *out untouched. A macro only because each
 * parser stores its own enum type. */
#define DEFINE_PARSE(function, type, table)                                    \
    cp_status function(const char *name, type *out)                            \
    {                                                                          \
        const int i = find_name(name, table, NAME_COUNT(table));               \
        if (i < 0)                                                             \
            return CP_ERR_INVALID;                                             \
        *out = (type)i;                                                        \
        return CP_OK;                                                          \
    }

DEFINE_PARSE(cp_interp_parse, cp_interp, interp_names)
DEFINE_PARSE(cp_ends_parse, cp_ends, ends_names)
DEFINE_PARSE(cp_timing_parse, cp_timing, timing_names)
DEFINE_PARSE(cp_orientation_parse, cp_orientation, orientation_names)

/* ---- life cycle ---------------------------------------------------------------------- */

/* The channels of a key a curve can be made of: position and target (dim
 * 3), fov, and the scalar channels from CH_X on (dim 1). */
enum { CH_POSITION, CH_TARGET, CH_FOV, CH_X };

/* A channel curve filled straight from the keys. */
static cp_curve *channel(const cp_key *keys, size_t count, int ch, cp_interp interp, const cp_path_options *o,
                         const cp_curve *index_from, cp_error *error)
{
    const int dim = ch <= CH_TARGET ? 3 : 1;
    cp_curve *c = cpi_curve_alloc(o->allocator, dim, count, cpi_interp_mode(interp), 0, 0, o->period, 0, error);
    if (!c)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        double *r = c->rec + i * (size_t)c->stride;
        r[0] = keys[i].time;
        if (dim == 3) {
            const cp_vec3 v = ch == CH_POSITION ? keys[i].position : keys[i].target;
            r[1] = v.x, r[2] = v.y, r[3] = v.z;
            r[4] = r[5] = r[6] = 0.0;
        } else {
            r[1] = ch == CH_FOV ? keys[i].fov : cpi_key_x(&keys[i], ch - CH_X);
            r[2] = 0.0;
        }
    }
    if ((c->mode == CP_CURVE_CUBIC && cpi_curve_solve(c, interp, o->ends, error) != CP_OK) ||
        cpi_curve_finish(c, index_from, error) != CP_OK) {
        cp_curve_destroy(c);
        return NULL;
    }
    return c;
}

/* The interpolation of scalar channel c: roll turns as the rotation does,
 * focus and aperture follow the fov. */
static cp_interp x_interp(const cp_path_options *o, int c) { return c == CPI_X_ROLL ? o->rotation : o->fov; }

/* Keys timing, rotation paths: position, fov and rotation curves are
 * allocated before the keys are copied and filled in the same pass
 * (fill_key), so the keys are read once for all of them. */
static int alloc_filled(cp_path *p, cp_error *error)
{
    const cp_path_options *o = &p->opts;
    if (!(p->pos = cpi_curve_alloc(&p->alloc, 3, p->count, cpi_interp_mode(o->position), 0, 0, o->period, 0, error)) ||
        !(p->fov = cpi_curve_alloc(&p->alloc, 1, p->count, cpi_interp_mode(o->fov), 0, 0, o->period, 0, error)) ||
        !(p->rot = cpi_rotation_alloc(&p->alloc, p->count, o->rotation, o->ends, o->period, error)))
        return CP_ERR_MEMORY;
    return CP_OK;
}

/* Key i's records in the curves alloc_filled made: as channel() and
 * cpi_rotation_build fill them (the rotation from the caller's key as
 * given, hemisphere chained through prev). */
static inline void fill_key(cp_path *p, size_t i, const cp_key *k, const cp_key *given, double prev[4])
{
    double *r = p->pos->rec + i * (size_t)p->pos->stride;
    r[0] = k->time;
    r[1] = k->position.x, r[2] = k->position.y, r[3] = k->position.z;
    r[4] = r[5] = r[6] = 0.0;
    r = p->fov->rec + i * (size_t)p->fov->stride;
    r[0] = k->time, r[1] = k->fov, r[2] = 0.0;
    r = p->rot->rec + i * (size_t)p->rot->stride;
    r[0] = given->time;
    cpi_rotation_chain(prev, given->rotation, r + 1);
}

/* The tangents and indexes of the curves alloc_filled made and the keys
 * filled: the C2 channels solved together (one factorisation of the
 * matrix the key times make), the others each with its builder. */
static int finish_filled(cp_path *p, const cpi_field_names *names, cp_error *error)
{
    const cp_path_options *o = &p->opts;
    cpi_rotation_loaded(p->rot, o->ends);
    cp_curve *const all[3] = {p->pos, p->fov, p->rot};
    const cp_interp interp[3] = {o->position, o->fov, o->rotation};
    cp_curve *c2[3];
    int n2 = 0;
    for (int c = 0; c < 3; c++) {
        if (all[c]->mode != CP_CURVE_CUBIC)
            cpi_curve_seam(all[c]);
        else if (interp[c] == CP_INTERP_C2)
            c2[n2++] = all[c];
        else if (cpi_curve_solve(all[c], interp[c], o->ends, error) != CP_OK)
            return CP_ERR_INVALID;
    }
    if (n2 > 0 && cpi_curves_solve_c2(c2, n2, o->ends, error) != CP_OK)
        return CP_ERR_INVALID;
    if (cpi_curve_finish(p->pos, NULL, error) != CP_OK || cpi_curve_finish(p->fov, p->pos, error) != CP_OK)
        return CP_ERR_INVALID;
    cp_curve *rot = p->rot;
    p->rot = NULL;
    if (!(p->rot = cpi_rotation_complete(rot, o->rotation, o->ends, o->period, p->pos, names->time, error)))
        return CP_ERR_INVALID;
    return CP_OK;
}

/* Keys timing: every channel a curve through the key times (the rotation
 * through the caller's keys, as given: the curve normalises them itself). */
static int build_curves(cp_path *p, const cp_key *given, const cpi_field_names *names, const cpi_key_stats *stats,
                        cp_error *error)
{
    const cp_path_options *o = &p->opts;
    const size_t n = p->count;
    /* the other curves (and the rotation's, unless it needed extra keys)
     * share the position curve's segment index: a sample searches once */
    if (p->rot) {
        if (finish_filled(p, names, error) != CP_OK)
            return CP_ERR_INVALID;
    } else if (!(p->pos = channel(p->keys, n, CH_POSITION, o->position, o, NULL, error)) ||
               !(p->fov = channel(p->keys, n, CH_FOV, o->fov, o, p->pos, error))) {
        return CP_ERR_INVALID;
    }
    if (o->orientation == CP_ORIENTATION_LOOK_AT) {
        if (!(p->target = channel(p->keys, n, CH_TARGET, o->position, o, p->pos, error)))
            return CP_ERR_INVALID;
    } else if (!p->rot && !(p->rot = cpi_rotation_build(&p->alloc, n, &given[0].time, sizeof *given,
                                                         &given[0].rotation, sizeof *given, o->rotation, o->ends,
                                                         o->period, p->pos, names->time, error))) {
        return CP_ERR_INVALID;
    }
    for (int c = 0; c < CPI_X_COUNT; c++)
        if ((p->xmask & CPI_X_BIT(c)) && !(p->xc[c] = channel(p->keys, n, CH_X + c, x_interp(o, c), o, p->pos, error)))
            return CP_ERR_INVALID;
    p->rot_shared = !p->rot || p->rot->count == n;
    int rc = cpi_path_check_splines(p, stats, names, error);
    if (rc != CP_OK)
        return rc;
    p->all_cubic = p->pos->mode == CP_CURVE_CUBIC && p->fov->mode == CP_CURVE_CUBIC &&
                   (p->rot ? p->rot : p->target)->mode == CP_CURVE_CUBIC;
    for (int c = 0; c < CPI_X_COUNT; c++)
        p->all_cubic &= !p->xc[c] || p->xc[c]->mode == CP_CURVE_CUBIC;
    return CP_OK;
}

static cp_path *build(const cp_key *keys, size_t count, const cp_path_options *options,
                      const cpi_field_names *names, const cpi_shape_origin *origin, cp_error *error)
{
    cp_path_options opts = {0};
    if (options)
        opts = *options;
    if (opts.ends != CP_ENDS_CLOSED)
        opts.period = 0.0;
    cpi_key_stats stats = {0}; /* filled by a validation that succeeds; zeroed for compilers that see
                                  across files (the amalgamation) and cannot tell */
    if (cpi_path_validate(keys, count, &opts, names, &stats, error) != CP_OK ||
        cpi_shake_validate(&opts.shake, names->options, error) != CP_OK ||
        cpi_shake_validate_keys(keys, count, error) != CP_OK)
        return NULL;

    cp_path *p = cpi_calloc(opts.allocator, 1, sizeof *p);
    if (p) {
        p->alloc = cpi_allocator_copy(opts.allocator);
        /* the path's options point at its own copy: what derives a path
         * from it (retiming, a copy) allocates as it does */
        opts.allocator = p->alloc.alloc ? &p->alloc : NULL;
        p->keys = cpi_alloc_large(&p->alloc, count, sizeof *p->keys);
    }
    if (!p || !p->keys) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for a path of %zu keys", count);
        cp_path_destroy(p);
        return NULL;
    }
    p->count = count;
    p->opts = opts;
    const int look_at = opts.orientation == CP_ORIENTATION_LOOK_AT;
    const int filled = opts.timing == CP_TIMING_KEYS && !look_at;
    if (filled && alloc_filled(p, error) != CP_OK) {
        cp_path_destroy(p);
        return NULL;
    }
    double prev[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < count; i++) {
        p->keys[i] = keys[i];
        for (int c = 0; c < CPI_X_COUNT; c++)
            p->xmask |= cpi_key_x(&keys[i], c) != 0.0 ? CPI_X_BIT(c) : 0u;
        /* Normalising a unit quaternion can move it by an ulp; leave keys that
         * are unit to rounding as given, so a file round trip is bit-exact. */
        const double n2 = cp_quat_dot(keys[i].rotation, keys[i].rotation);
        if (!look_at && !(fabs(n2 - 1.0) <= 8 * DBL_EPSILON))
            p->keys[i].rotation = cp_quat_normalize(keys[i].rotation);
        if (filled)
            fill_key(p, i, &p->keys[i], &keys[i], prev);
    }
    int rc = look_at ? cpi_lookat_prepare(p, error) : CP_OK;
    if (rc == CP_OK)
        rc = opts.timing != CP_TIMING_KEYS ? cpi_shape_build(p, names, origin, error) : build_curves(p, keys, names, &stats, error);
    if (rc == CP_OK && look_at)
        rc = cpi_lookat_lift(p, error);
    if (rc == CP_OK)
        p->shake_scale = cpi_shake_scale_build(p->keys, count, &p->opts, &p->alloc, &rc, error);
    p->shaken = cp_shake_active(&opts.shake);
    if (rc != CP_OK) {
        cp_path_destroy(p);
        return NULL;
    }
    cpi_error_clear(error);
    return p;
}

/* A dolly-zoom path is built from its keys with their fov derived
 * (lib/path/dolly.c); every other from its keys as given. */
static cp_path *build_derived(const cp_key *keys, size_t count, const cp_path_options *options,
                              const cpi_field_names *names, const cpi_shape_origin *origin, cp_error *error)
{
    const cp_path_options none = {0};
    cp_key *derived;
    if (cpi_dolly_prepare(keys, count, options ? options : &none, names, &derived, error) != CP_OK)
        return NULL;
    cp_path *p = build(derived ? derived : keys, count, options, names, origin, error);
    if (derived)
        cpi_free(options->allocator, derived);
    return p;
}

cp_path *cpi_path_build(const cp_key *keys, size_t count, const cp_path_options *options,
                        const cpi_field_names *names, cp_error *error)
{
    return build_derived(keys, count, options, names, NULL, error);
}

cp_path *cpi_path_build_window(const cp_key *keys, size_t count, const cp_path_options *options,
                               const cpi_shape_origin *origin, cp_error *error)
{
    return build_derived(keys, count, options, &cpi_api_names, origin, error);
}

cp_path *cp_path_create(const cp_key *keys, size_t count, const cp_path_options *options, cp_error *error)
{
    return cpi_path_build(keys, count, options, &cpi_api_names, error);
}

static void free_meta(cp_path *p)
{
    if (p->key_extras) {
        for (size_t i = 0; i < p->count; i++)
            cpi_free(&p->alloc, p->key_extras[i]);
        cpi_free(&p->alloc, p->key_extras);
    }
    cpi_free(&p->alloc, p->name);
    cpi_free(&p->alloc, p->extras);
    p->name = p->extras = NULL;
    p->key_extras = NULL;
}

void cp_path_destroy(cp_path *path)
{
    if (!path)
        return;
    free_meta(path);
    cpi_free(&path->alloc, path->scene);
    cpi_shape_free(path->shape);
    cpi_shake_scale_free(path->shake_scale, &path->alloc);
    cp_curve_destroy(path->rot); /* these may borrow the position curve's index */
    cp_curve_destroy(path->fov);
    cp_curve_destroy(path->target);
    for (int c = 0; c < CPI_X_COUNT; c++)
        cp_curve_destroy(path->xc[c]);
    cp_curve_destroy(path->pos);
    const cp_allocator a = path->alloc;
    cpi_free(&a, path->q0);
    cpi_free(&a, path->lift.seg);
    cpi_free(&a, path->lift.more);
    cpi_free(&a, path->keys);
    cpi_free(&a, path);
}

/* ---- accessors --------------------------------------------------------------------- */

size_t cp_path_key_count(const cp_path *path) { return path->count; }
const cp_key *cp_path_keys(const cp_path *path) { return path->keys; }
cp_path_options cp_path_get_options(const cp_path *path) { return path->opts; }
double cp_path_start(const cp_path *path) { return path->keys[0].time; }
double cp_path_constant_speed(const cp_path *path) { return path->shape ? path->shape->speed : 0.0; }
double cp_path_duration(const cp_path *path)
{
    const cp_curve *c = path->shape ? path->shape->warp : path->pos;
    return cp_curve_end(c) - cp_curve_start(c);
}

size_t cp_path_key_times(const cp_path *path, double *times)
{
    /* already in order: validation ends every hold before the next key (a
     * closed path's last one before the period ends), and an open path's
     * last hold ends where the path does */
    const cp_curve *c = path->shape ? path->shape->warp : path->pos;
    const int closed = path->opts.ends == CP_ENDS_CLOSED;
    size_t m = 0;
    for (size_t i = 0; i < path->count; i++) {
        const cp_key *k = &path->keys[i];
        times[m++] = k->time;
        if ((k->flags & CP_KEY_HOLD) && k->hold > 0 && (closed || i + 1 < path->count))
            times[m++] = k->time + k->hold;
    }
    const double end = cp_curve_end(c);
    if (end > times[m - 1])
        times[m++] = end;
    return m;
}
const cp_curve *cp_path_position_curve(const cp_path *path) { return path->pos; }
const cp_curve *cp_path_rotation_curve(const cp_path *path) { return path->rot; }
const cp_curve *cp_path_fov_curve(const cp_path *path) { return path->fov; }
const cp_curve *cp_path_target_curve(const cp_path *path) { return path->target; }

/* ---- sampling ------------------------------------------------------------------------ */

/* The orientation from the R4 rotation or (look-at paths) from position,
 * target and roll, and the pose's scalar channels: jets in time. */
static void orient(const cp_path *p, double P[3][3], double R[3][4], double X[CPI_X_COUNT][3],
                   cp_quat ref, int derivs, cp_pose *out)
{
    cp_vec3 *w = derivs ? &out->angular_velocity : NULL, *a = derivs ? &out->angular_acceleration : NULL;
    if (p->target) {
        double d[3][3];
        for (int r = 0; r < 3; r++)
            for (int j = 0; j < 3; j++)
                d[r][j] = R[r][j] - P[r][j];
        cpi_lookat(d, (p->xmask & CPI_X_BIT(CPI_X_ROLL)) ? X[CPI_X_ROLL] : NULL, ref, &out->rotation, w, a);
    } else {
        cpi_rotation_from_r4(R[0], R[1], R[2], &out->rotation, w, a);
    }
    if (!derivs)
        out->angular_velocity = out->angular_acceleration = cp_vec3_make(0, 0, 0);
    out->focus = X[CPI_X_FOCUS][0];
    out->aperture = X[CPI_X_APERTURE][0];
}

/* Smooth and constant-speed timing: the warp gives u and its derivatives,
 * the shape the channels over u; the chain rule gives the time derivatives
 * (docs/math.md, section 12). */
static void sample_timed(const cp_path *p, double time, int side, cp_path_cursor *cursor, int derivs, cp_pose *out)
{
    const cpi_shape *s = p->shape;
    const cp_curve *w = s->warp, *oc = p->rot ? p->rot : p->target;
    int odd;
    const double local = cpi_curve_local_time(w, time, side, &odd);
    size_t j;
    if (cursor) {
        j = cpi_curve_segment_cursor(w, &cursor->position, local);
    } else {
        const size_t guess = cpi_curve_guess(w, local), from = guess > 1 ? guess - 2 : 0;
        cpi_prefetch_records(w, from, 5);
        /* a guess at the channels' records too: without holds or repeated
         * keys a warp knot is the key, u-knot and curve knot of that index */
        if (s->nu == w->count) {
            /* the guessed segment and the one before it (the guess is one
             * off for about half the samples) */
            const size_t g0 = guess > 0 ? guess - 1 : 0, g2 = guess + 2 < s->nu ? guess + 2 : s->nu;
            const char *ua = (const char *)&s->uk[g0], *ub = (const char *)&s->uk[g2];
            for (; ua < ub; ua += 64)
                CPI_PREFETCH(ua);
            CPI_PREFETCH(ub - 1);
            cpi_prefetch_records(p->pos, g0, 3);
            cpi_prefetch_records(oc, g0, 3);
        }
        j = cpi_curve_segment_from(w, local, side, guess);
    }
    /* the records the channels need, all at once, while the warp is evaluated */
    const double *r = w->rec + j * (size_t)w->stride;
    CPI_PREFETCH(&s->uk[(size_t)r[CPI_WARP_K]]);
    CPI_PREFETCH(&s->uk[(size_t)r[CPI_WARP_K] + 1]);
    cpi_prefetch_records(p->pos, (size_t)r[CPI_WARP_PSEG], 2);
    cpi_prefetch_records(oc, (size_t)r[CPI_WARP_RSEG], 3);
    const size_t kk = (size_t)r[CPI_WARP_K];
    if (p->lift.seg)
        CPI_PREFETCH(&p->lift.seg[kk < p->lift.nseg ? kk : 0]);
    if (s->xk) {
        CPI_PREFETCH(&s->xk[kk]);
        CPI_PREFETCH(&s->xk[kk + 1]);
    }
    for (int c = 0; c < CPI_X_COUNT; c++)
        if (p->xc[c])
            cpi_prefetch_records(p->xc[c], kk, 2);
    double u[3], P[3][3], R[3][4], F[3], X[CPI_X_COUNT][3] = {{0}};
    size_t k;
    cpi_warp_eval(s, j, local, u, &k);
    cpi_shape_eval(p, k, u[0], p->rot ? cpi_curve_sign(p->rot, odd) : 1.0, P, R, F, p->xmask ? X : NULL);
    const double u1 = u[1], u11 = u[1] * u[1], u2 = u[2];
    /* d/dt = d/du u', d2/dt2 = d2/du2 u'^2 + d/du u'' */
#define CPI_CHAIN(v)                                                                                                  \
    do {                                                                                                              \
        (v)[2] = (v)[2] * u11 + (v)[1] * u2;                                                                          \
        (v)[1] *= u1;                                                                                                 \
    } while (0)
    for (int c = 0; c < 4; c++) {
        double v[3] = {R[0][c], R[1][c], R[2][c]};
        CPI_CHAIN(v);
        R[1][c] = v[1], R[2][c] = v[2];
    }
    for (int c = 0; c < 3; c++) {
        double v[3] = {P[0][c], P[1][c], P[2][c]};
        CPI_CHAIN(v);
        P[1][c] = v[1], P[2][c] = v[2];
    }
    CPI_CHAIN(F);
    for (int c = 0; c < CPI_X_COUNT; c++)
        CPI_CHAIN(X[c]);
#undef CPI_CHAIN
    if (p->opts.dolly_zoom)
        cpi_dolly_fov(P, R, X[CPI_X_WIDTH], F);
    out->time = time;
    out->position = cp_vec3_make(P[0][0], P[0][1], P[0][2]);
    out->fov = F[0];
    orient(p, P, R, X, p->target ? cpi_lookat_ref(p, k, u[0], odd) : cp_quat_identity(), derivs, out);
    if (derivs) {
        out->velocity = cp_vec3_make(P[1][0], P[1][1], P[1][2]);
        out->acceleration = cp_vec3_make(P[2][0], P[2][1], P[2][2]);
        out->fov_velocity = F[1];
        out->fov_acceleration = F[2];
    } else {
        out->velocity = out->acceleration = cp_vec3_make(0, 0, 0);
        out->fov_velocity = out->fov_acceleration = 0.0;
    }
}

static void sample_unshaken(const cp_path *p, double time, int side, cp_path_cursor *cursor, int derivs,
                            cp_pose *out)
{
    if (p->shape) {
        sample_timed(p, time, side, cursor, derivs, out);
        return;
    }
    int odd;
    const double local = cpi_curve_local_time(p->pos, time, side, &odd);
    size_t seg;
    if (cursor) {
        seg = cpi_curve_segment_cursor(p->pos, &cursor->position, local);
    } else {
        /* A random sample of a long path misses the cache in every channel.
         * The slice table (always cached) gives a guess without touching any
         * key, so the records of all the channels around it load at once,
         * in one memory round trip, while the search settles on the segment. */
        size_t guess = cpi_curve_guess(p->pos, local), from = guess > 1 ? guess - 2 : 0;
        cpi_prefetch_records(p->pos, from, 6);
        if (p->rot_shared)
            cpi_prefetch_records(p->rot ? p->rot : p->target, from, 6);
        cpi_prefetch_records(p->fov, from, 6);
        if (p->lift.seg)
            CPI_PREFETCH(&p->lift.seg[guess < p->lift.nseg ? guess : 0]);
        for (int c = 0; c < CPI_X_COUNT; c++)
            if (p->xc[c])
                cpi_prefetch_records(p->xc[c], from, 6);
        seg = cpi_curve_segment_from(p->pos, local, side, guess);
    }
    size_t rseg = seg;
    if (!p->rot_shared)
        rseg = cursor ? cpi_curve_segment_cursor(p->rot, &cursor->rotation, local)
                      : cpi_curve_segment(p->rot, local, side);
    else if (cursor)
        cursor->rotation = seg;
    if (cursor)
        cursor->fov = seg;

    out->time = time;
    const cp_curve *oc = p->rot ? p->rot : p->target;
    const double rsign = p->rot ? cpi_curve_sign(p->rot, odd) : 1.0;
    double P[3][3], R[3][4], F[3], X[CPI_X_COUNT][3] = {{0}};
    if (p->all_cubic && p->rot_shared && p->pos->nseg > 0) {
        /* the usual path: every channel a cubic on the same segment, one basis for all */
        double h, ih;
        const double u = cpi_segment_u(p->pos, seg, local, &h, &ih);
        cpi_basis B;
        cpi_basis_make2(h, ih, u, &B);
        cpi_cubic_apply(3, p->pos, seg, &B, 1.0, P[0], P[1], P[2]);
        cpi_cubic_apply(1, p->fov, seg, &B, 1.0, &F[0], &F[1], &F[2]);
        if (p->rot)
            cpi_cubic_apply(4, p->rot, seg, &B, rsign, R[0], R[1], R[2]);
        else
            cpi_cubic_apply(3, p->target, seg, &B, 1.0, R[0], R[1], R[2]);
        for (int c = 0; c < CPI_X_COUNT; c++)
            if (p->xc[c])
                cpi_cubic_apply(1, p->xc[c], seg, &B, 1.0, &X[c][0], &X[c][1], &X[c][2]);
    } else {
        cpi_curve_eval(p->pos, seg, local, 1.0, P[0], P[1], P[2]);
        cpi_curve_eval(p->fov, seg, local, 1.0, &F[0], &F[1], &F[2]);
        cpi_curve_eval(oc, rseg, local, rsign, R[0], R[1], R[2]);
        for (int c = 0; c < CPI_X_COUNT; c++)
            if (p->xc[c])
                cpi_curve_eval(p->xc[c], seg, local, 1.0, &X[c][0], &X[c][1], &X[c][2]);
    }
    if (p->opts.dolly_zoom)
        cpi_dolly_fov(P, R, X[CPI_X_WIDTH], F);
    orient(p, P, R, X, p->target ? cpi_lookat_ref(p, seg, local, odd) : cp_quat_identity(), derivs, out);
    if (derivs) {
        out->velocity = cp_vec3_make(P[1][0], P[1][1], P[1][2]);
        out->acceleration = cp_vec3_make(P[2][0], P[2][1], P[2][2]);
        out->fov_velocity = F[1];
        out->fov_acceleration = F[2];
    } else {
        out->velocity = out->acceleration = cp_vec3_make(0, 0, 0);
        out->fov_velocity = out->fov_acceleration = 0.0;
    }
    out->position = cp_vec3_make(P[0][0], P[0][1], P[0][2]);
    out->fov = F[0]; /* not clamped: a keys-timed fov can leave (0, 180), which `campath check` reports */
}

/* The pose with the shake layer (lib/path/shake.c) on it: the noise runs
 * on the time asked for (a NaN time: the start, as the pose is). */
static void sample(const cp_path *p, double time, int side, cp_path_cursor *cursor, int derivs, cp_pose *out)
{
    sample_unshaken(p, time, side, cursor, derivs, out);
    if (!p->shaken)
        return;
    const double t = time == time ? time : p->keys[0].time;
    double scale[3];
    cpi_shake_scale_eval(p->shake_scale, t, scale);
    if (!derivs)
        scale[1] = scale[2] = 0.0;
    cp_shake_apply(&p->opts.shake, t, scale, out);
    if (!derivs) {
        out->velocity = out->acceleration = out->angular_velocity = out->angular_acceleration = cp_vec3_make(0, 0, 0);
        out->fov_velocity = out->fov_acceleration = 0.0;
    }
}

void cp_path_sample_unshaken(const cp_path *path, double time, int side, cp_pose *out)
{
    sample_unshaken(path, time, side < 0 ? -1 : side > 0 ? 1 : 0, NULL, 1, out);
}

void cp_path_shake_scale(const cp_path *path, double time, double out[3])
{
    cpi_shake_scale_eval(path->shake_scale, time, out);
}

double cpi_path_turn_rate(const cp_path *p, double time)
{
    if (p->shape || !p->target || !p->all_cubic || !p->rot_shared || p->pos->nseg == 0) {
        cp_pose s;
        sample_unshaken(p, time, 0, NULL, 1, &s);
        return cp_vec3_length(s.angular_velocity);
    }
    /* the keys-timing look-at sample of `sample`, as far as omega needs */
    int odd;
    const double local = cpi_curve_local_time(p->pos, time, 0, &odd);
    const size_t seg = cpi_curve_segment(p->pos, local, 0);
    double h, ih, P[3][3], R[3][3], X[3], d[2][3];
    const double u = cpi_segment_u(p->pos, seg, local, &h, &ih);
    cpi_basis B;
    cpi_basis_make2(h, ih, u, &B);
    cpi_cubic_apply(3, p->pos, seg, &B, 1.0, P[0], P[1], P[2]);
    cpi_cubic_apply(3, p->target, seg, &B, 1.0, R[0], R[1], R[2]);
    const int roll = (p->xmask & CPI_X_BIT(CPI_X_ROLL)) != 0;
    if (roll)
        cpi_cubic_apply(1, p->xc[CPI_X_ROLL], seg, &B, 1.0, &X[0], &X[1], &X[2]);
    for (int r = 0; r < 2; r++)
        for (int j = 0; j < 3; j++)
            d[r][j] = R[r][j] - P[r][j];
    return cpi_lookat_rate(d, roll ? X : NULL);
}

void cp_path_sample(const cp_path *path, double time, cp_pose *out) { sample(path, time, 0, NULL, 1, out); }

void cp_path_sample_fast(const cp_path *path, double time, cp_pose *out) { sample(path, time, 0, NULL, 0, out); }

void cp_path_sample_cursor(const cp_path *path, cp_path_cursor *cursor, double time, cp_pose *out)
{
    sample(path, time, 0, cursor, 1, out);
}

void cp_path_sample_side(const cp_path *path, double time, int side, cp_pose *out)
{
    sample(path, time, side < 0 ? -1 : 1, NULL, 1, out);
}

void cp_path_parameter(const cp_path *path, double time, int side, double out[3])
{
    if (!path->shape) {
        out[0] = time, out[1] = 1.0, out[2] = 0.0;
        return;
    }
    int odd;
    const cp_curve *w = path->shape->warp;
    const double local = cpi_curve_local_time(w, time, side < 0 ? -1 : 1, &odd);
    size_t k;
    cpi_warp_eval(path->shape, cpi_curve_segment(w, local, side < 0 ? -1 : 1), local, out, &k);
}

bool cp_path_target(const cp_path *path, double time, cp_vec3 *out)
{
    if (!path->target)
        return false;
    double v[4], d1[4], d2[4];
    int odd;
    if (!path->shape) {
        const double local = cpi_curve_local_time(path->target, time, 0, &odd);
        cpi_curve_eval(path->target, cpi_curve_segment(path->target, local, 0), local, 1.0, v, d1, d2);
    } else {
        const cp_curve *w = path->shape->warp;
        const double local = cpi_curve_local_time(w, time, 0, &odd);
        double u[3], P[3][3], R[3][4], F[3];
        size_t k;
        cpi_warp_eval(path->shape, cpi_curve_segment(w, local, 0), local, u, &k);
        cpi_shape_eval(path, k, u[0], 1.0, P, R, F, NULL);
        v[0] = R[0][0], v[1] = R[0][1], v[2] = R[0][2];
    }
    *out = cp_vec3_make(v[0], v[1], v[2]);
    return true;
}

/* ---- metadata ----------------------------------------------------------------------------- */

const char *cp_path_name(const cp_path *path) { return path->name; }
const char *cp_path_scene(const cp_path *path) { return path->scene; }

cp_status cpi_path_copy_meta(cp_path *dst, const cp_path *src, cp_error *error)
{
    cp_status rc = cp_path_set_meta(dst, src->name, src->extras, (const char *const *)src->key_extras, error);
    return rc == CP_OK ? cp_path_set_scene(dst, src->scene, error) : rc;
}

cp_status cp_path_set_scene(cp_path *path, const char *scene, cp_error *error)
{
    char *s = cpi_strdup(&path->alloc, scene);
    if (scene && !s)
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the path's scene");
    cpi_free(&path->alloc, path->scene);
    path->scene = s;
    cpi_error_clear(error);
    return CP_OK;
}
const char *cp_path_extras(const cp_path *path) { return path->extras; }
const char *cp_path_key_extras(const cp_path *path, size_t i)
{
    return path->key_extras && i < path->count ? path->key_extras[i] : NULL;
}

cp_status cp_path_set_meta(cp_path *path, const char *name, const char *extras, const char *const *key_extras,
                           cp_error *error)
{
    char *n = cpi_strdup(&path->alloc, name), *e = cpi_strdup(&path->alloc, extras);
    char **k = NULL;
    int ok = (!name || n) && (!extras || e);
    if (ok && key_extras) {
        k = cpi_calloc(&path->alloc, path->count, sizeof *k);
        ok = k != NULL;
        for (size_t i = 0; ok && i < path->count; i++) {
            k[i] = cpi_strdup(&path->alloc, key_extras[i]);
            ok = !key_extras[i] || k[i];
        }
    }
    if (!ok) {
        cpi_free(&path->alloc, n);
        cpi_free(&path->alloc, e);
        if (k)
            for (size_t i = 0; i < path->count; i++)
                cpi_free(&path->alloc, k[i]);
        cpi_free(&path->alloc, k);
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the path's metadata");
    }
    free_meta(path);
    path->name = n;
    path->extras = e;
    path->key_extras = k;
    cpi_error_clear(error);
    return CP_OK;
}

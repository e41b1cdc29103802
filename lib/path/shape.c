/* SPDX-License-Identifier: MIT */
/* lib/path/shape.c - the shape of a smooth or constant-speed path: the
 * geometric parameter u, each channel's own chord parameter as a monotone
 * C2 map of u, and the channel curves over those parameters (docs/math.md,
 * section 12). Nothing here depends on the key times, so timing cannot
 * bend the shape. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "curve_impl.h"
#include "monotone.h"
#include "path_layout.h"
#include "shape.h"
#include "validate.h"
#include "warp.h"
#include "warp_speed.h"

/* How rotation and fov count in u, in metres (docs/math.md, section 12): a
 * turn of one radian counts as one metre of travel, and a fov change as a
 * turn of half its angle (each frustum edge moves by half the change). A
 * change of focus distance or f-number by a factor of e counts as one metre
 * (section 15). */
#define CPI_SHAPE_METRES_PER_RADIAN 1.0
#define CPI_SHAPE_RADIANS_PER_FOV_DEGREE (0.5 * 3.14159265358979323846 / 180.0)
#define CPI_SHAPE_METRES_PER_LENS_E 1.0
#define CPI_SHAPE_RADIANS_PER_DEGREE (3.14159265358979323846 / 180.0)

void cpi_shape_free(cpi_shape *s)
{
    if (!s)
        return;
    const cp_allocator *a = s->alloc;
    cpi_free(a, s->uk);
    cpi_free(a, s->key_knot);
    cpi_free(a, s->xk);
    cp_curve_destroy(s->warp);
    cpi_free(a, s);
}

/* The angle in radians between two rotations (unit quaternions), the short
 * way: 4 atan2(|a - b|, |a + b|) with b on a's side, accurate for small
 * angles and exactly 0 for equal keys (so that they share a u-knot). */
static double rotation_angle(cp_quat a, cp_quat b)
{
    if (cp_quat_dot(a, b) < 0)
        b = cp_quat_neg(b);
    const double d = cp_quat_length(cp_quat_make(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w));
    const double s = cp_quat_length(cp_quat_make(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w));
    return 4.0 * atan2(d, s);
}

/* sqrt(x[0]^2 + ... + x[n-1]^2) without overflow or underflow of the
 * squares: scaled by a power of two where they could (chords of keys up to
 * CP_PATH_MAX_MAGNITUDE apart). */
static double norm(const double *x, int n)
{
    double m = 0;
    for (int i = 0; i < n; i++)
        m = fmax(m, fabs(x[i]));
    int e = 0; /* each term by 2^-e, exactly: 2^-e itself overflows below 1e-308 */
    if (m > 0 && isfinite(m) && !(m > 1e-140 && m < 1e140))
        (void)frexp(m, &e);
    double sum = 0;
    if (e == 0) { /* no scaling (the usual case): the same sums without ldexp's calls */
        for (int i = 0; i < n; i++)
            sum += x[i] * x[i];
        return sqrt(sum);
    }
    for (int i = 0; i < n; i++) {
        const double y = ldexp(x[i], -e);
        sum += y * y;
    }
    return ldexp(sqrt(sum), e);
}

static double chord(cp_vec3 a, cp_vec3 b)
{
    const double d[3] = {b.x - a.x, b.y - a.y, b.z - a.z};
    return norm(d, 3);
}

/* ln(b / a) for a, b > 0, also where b / a would overflow or underflow (a
 * subnormal focus). */
static double log_ratio(double b, double a)
{
    const double r = b / a;
    return r > 0 && isfinite(r) ? log(r) : log(b) - log(a);
}

/* Steps between consecutive keys (and across the seam of a loop). */
typedef struct steps {
    double *dp, *dr, *du; /* position chord (m), rotation angle (rad; look-at: target chord, m), parameter (m) */
} steps;

/* The step of u from key a to key b, and the steps of the position and of
 * the second chord parameter (rotation angle, or a look-at path's target
 * chord). A look-at path turns by the angle between the keys' look-at
 * frames and their roll (the target moves nothing on screen but through
 * that turn, so its own travel does not count); focus and aperture count
 * by the logarithm of their ratio (section 15). */
static double step_u(const cp_path *p, size_t i, size_t j, double *dp, double *dr)
{
    const cp_key *a = &p->keys[i], *b = &p->keys[j];
    *dp = chord(a->position, b->position);
    double turn;
    if (p->opts.orientation == CP_ORIENTATION_LOOK_AT) {
        *dr = chord(a->target, b->target);
        const double frames = rotation_angle(p->q0[i], p->q0[j]);
        const double roll = CPI_SHAPE_RADIANS_PER_DEGREE * (b->roll - a->roll);
        turn = sqrt(frames * frames + roll * roll);
    } else {
        turn = *dr = rotation_angle(a->rotation, b->rotation);
    }
    double terms[3 + CPI_X_COUNT] = {*dp, CPI_SHAPE_METRES_PER_RADIAN * turn,
                                     CPI_SHAPE_METRES_PER_RADIAN * CPI_SHAPE_RADIANS_PER_FOV_DEGREE *
                                         fabs(b->fov - a->fov)};
    int n = 3;
    for (int c = CPI_X_FOCUS; c < CPI_X_COUNT; c++)
        if (p->xmask & CPI_X_BIT(c))
            terms[n++] = CPI_SHAPE_METRES_PER_LENS_E * log_ratio(cpi_key_x(b, c), cpi_key_x(a, c));
    return norm(terms, n);
}

/* A channel curve over a chord parameter: the distinct values of `sigma`
 * among the u-knots become its knots (a value equal to the period, the
 * seam, is not one). `fill` writes a knot's value from its first u-knot.
 * Sets each u-knot's index into the curve. */
typedef struct channel_ctx {
    cp_path   *p;
    cpi_shape *s;
    int        which; /* 0 position, 1 rotation */
} channel_ctx;

static double knot_sigma(const cpi_shape *s, size_t k, int which) { return which ? s->uk[k].sr[0] : s->uk[k].sp[0]; }

static void set_knot_index(cpi_shape *s, size_t k, int which, uint32_t idx)
{
    if (which)
        s->uk[k].rseg = idx;
    else
        s->uk[k].pseg = idx;
}

/* The distinct sigma values (count returned), the u-knot each comes from. */
static size_t distinct_knots(cpi_shape *s, int which, int closed, double period, size_t *from)
{
    size_t m = 0;
    for (size_t k = 0; k < s->nu; k++) {
        const double v = knot_sigma(s, k, which);
        if (m > 0 && v == knot_sigma(s, from[m - 1], which)) {
            set_knot_index(s, k, which, (uint32_t)(m - 1));
            continue;
        }
        if (closed && m > 0 && !(v < period)) { /* back at the first knot */
            set_knot_index(s, k, which, (uint32_t)m);
            continue;
        }
        set_knot_index(s, k, which, (uint32_t)m);
        from[m++] = k;
    }
    return m;
}

/* The position curve over sigma_p (which = 0), or a look-at path's target
 * curve over sigma_t (which = 1, the rotation's slots of the u-knots). */
static cp_curve *point_curve(cpi_shape *s, const cp_path *p, int which, int closed, double period, size_t *from,
                             const size_t *first_key, cp_error *error)
{
    const size_t m = distinct_knots(s, which, closed, period, from);
    const int loop = closed && m > 1;
    cp_curve *c = cpi_curve_alloc(&p->alloc, 3, m, cpi_interp_mode(p->opts.position), 0, 0, loop ? period : 0.0, 0, error);
    if (!c)
        return NULL;
    for (size_t i = 0; i < m; i++) {
        const cp_key *k = &p->keys[first_key[from[i]]];
        const cp_vec3 v = which ? k->target : k->position;
        double *r = c->rec + i * (size_t)c->stride;
        r[0] = knot_sigma(s, from[i], which);
        r[1] = v.x, r[2] = v.y, r[3] = v.z;
        r[4] = r[5] = r[6] = 0.0;
    }
    if (loop)
        set_knot_index(s, s->nu, which, (uint32_t)m);
    if ((c->mode == CP_CURVE_CUBIC && m > 1 &&
         cpi_curve_solve(c, p->opts.position, loop ? CP_ENDS_CLOSED : CP_ENDS_NATURAL, error) != CP_OK) ||
        cpi_curve_finish(c, NULL, error) != CP_OK) {
        cp_curve_destroy(c);
        return NULL;
    }
    return c;
}

static cp_curve *rotation_curve(cpi_shape *s, const cp_path *p, int closed, double period, size_t *from,
                                const size_t *first_key, const char *time_name, cp_error *error)
{
    const size_t m = distinct_knots(s, 1, closed, period, from);
    const int loop = closed && m > 1;
    double *t = cpi_alloc_array(&p->alloc, m, sizeof *t);
    cp_quat *q = cpi_alloc_array(&p->alloc, m, sizeof *q);
    cp_curve *c = NULL;
    if (!t || !q) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the rotation of %zu keys", m);
        goto done;
    }
    for (size_t i = 0; i < m; i++) {
        t[i] = s->uk[from[i]].sr[0];
        q[i] = p->keys[first_key[from[i]]].rotation;
    }
    c = cpi_rotation_build(&p->alloc, m, t, sizeof *t, q, sizeof *q, p->opts.rotation, loop ? CP_ENDS_CLOSED : CP_ENDS_NATURAL,
                           loop ? period : 0.0, NULL, time_name, error);
    if (!c)
        goto done;
    /* inserted keys shift the indices: the curve's knot for each distinct
     * value (both lists increase, and the u-knots' indices do too) */
    size_t ci = 0;
    for (size_t k = 0; k < s->nu; k++) {
        const size_t i = s->uk[k].rseg;
        if (i >= m)
            continue; /* at the seam */
        while (ci + 1 < c->count && CPI_TIME(c, ci) < t[i])
            ci++;
        s->uk[k].rseg = (uint32_t)ci;
    }
    if (loop)
        s->uk[s->nu].rseg = (uint32_t)c->count;
done:
    cpi_free(&p->alloc, t);
    cpi_free(&p->alloc, q);
    return c;
}

/* A value per u-knot with its two derivatives in u: `base` points at the
 * first knot's, the next knot's is `stride` bytes on. */
typedef struct knot_values {
    char  *base;
    size_t stride;
} knot_values;

static double *at_knot(knot_values kv, size_t k) { return (double *)(kv.base + k * kv.stride); }

/* fov or a scalar channel over u with a cubic builder (any interpolation
 * but c2): its knots are the u-knots. */
static cp_curve *scalar_curve(cpi_shape *s, cp_interp interp, knot_values kv, int closed, cp_error *error)
{
    const int loop = closed && s->nu > 1;
    cp_curve *c = cpi_curve_alloc(s->alloc, 1, s->nu, cpi_interp_mode(interp), 0, 0, loop ? s->total : 0.0, 0, error);
    if (!c)
        return NULL;
    for (size_t k = 0; k < s->nu; k++) {
        double *r = c->rec + k * (size_t)c->stride;
        r[0] = s->uk[k].u;
        r[1] = at_knot(kv, k)[0];
        r[2] = 0.0;
    }
    if ((c->mode == CP_CURVE_CUBIC && s->nu > 1 &&
         cpi_curve_solve(c, interp, loop ? CP_ENDS_CLOSED : CP_ENDS_NATURAL, error) != CP_OK) ||
        cpi_curve_finish(c, NULL, error) != CP_OK) {
        cp_curve_destroy(c);
        return NULL;
    }
    return c;
}

/* A monotone C2 map over the u-knots of the values kv holds (sp, sr, f or
 * a scalar channel), rising by `rise` over a loop. */
static int map_over_u(cpi_shape *s, int closed, knot_values kv, double rise, cp_error *error)
{
    const size_t n = s->nu;
    if (n == 1 || !(s->total > 0)) { /* one knot: a constant */
        for (size_t k = 0; k <= n; k++)
            at_knot(kv, k)[1] = at_knot(kv, k)[2] = 0.0;
        return CP_OK;
    }
    double *buf = s->scratch;
    double *x = buf, *y = buf + n, *d = buf + 2 * n, *a = buf + 3 * n;
    for (size_t k = 0; k < n; k++) {
        x[k] = s->uk[k].u;
        y[k] = at_knot(kv, k)[0];
    }
    cpi_mono_spec spec = {.n = n, .x = x, .y = y, .closed = closed, .px = s->total, .py = rise, .work = s->work,
                          .alloc = s->alloc};
    int rc = cpi_monotone_build(&spec, d, a, error);
    for (size_t k = 0; rc == CP_OK && k < n; k++) {
        at_knot(kv, k)[1] = d[k];
        at_knot(kv, k)[2] = a[k];
    }
    if (rc == CP_OK && closed) {
        at_knot(kv, n)[1] = d[0];
        at_knot(kv, n)[2] = a[0];
    }
    return rc;
}

/* The maps of the values in kv[0..count-1] (rising by rise[i]) over the
 * u-knots: map_over_u for each, the same to the bit, their C2 estimates
 * solved side by side where they can share the elimination
 * (cpi_monotone_build_shared). Open paths; the scratch holds 10 (n + 1)
 * doubles. */
static int maps_over_u(cpi_shape *s, int closed, const knot_values *kv, const double *rise, size_t count,
                       cp_error *error)
{
    const size_t n = s->nu;
    if (closed || n == 1 || !(s->total > 0) || count > CPI_MONO_SHARED_MAX) {
        int rc = CP_OK;
        for (size_t i = 0; i < count && rc == CP_OK; i++)
            rc = map_over_u(s, closed, kv[i], rise[i], error);
        return rc;
    }
    double *x = s->scratch, *y[CPI_MONO_SHARED_MAX], *d[CPI_MONO_SHARED_MAX], *a[CPI_MONO_SHARED_MAX];
    cpi_mono_spec spec[CPI_MONO_SHARED_MAX];
    for (size_t i = 0; i < count; i++) {
        y[i] = x + (1 + i) * n, d[i] = x + (4 + i) * n, a[i] = x + (7 + i) * n;
        spec[i] = (cpi_mono_spec){.n = n, .x = x, .y = y[i], .px = s->total, .py = rise[i], .alloc = s->alloc};
    }
    for (size_t k = 0; k < n; k++) {
        x[k] = s->uk[k].u;
        for (size_t i = 0; i < count; i++)
            y[i][k] = at_knot(kv[i], k)[0];
    }
    const int rc = cpi_monotone_build_shared(spec, count, d, a, s->work, error);
    for (size_t i = 0; rc == CP_OK && i < count; i++)
        for (size_t k = 0; k < n; k++) {
            at_knot(kv[i], k)[1] = d[i][k];
            at_knot(kv[i], k)[2] = a[i][k];
        }
    return rc;
}

static knot_values uk_field(cpi_shape *s, size_t field) { return (knot_values){(char *)s->uk + field, sizeof *s->uk}; }

static knot_values xk_channel(cpi_shape *s, int c)
{
    return (knot_values){(char *)s->xk + offsetof(cpi_xknot, v) + (size_t)c * sizeof s->xk->v[0], sizeof *s->xk};
}

/* The scalar channels (roll, focus, aperture) over u: a monotone map where
 * the channel's interpolation is c2 (as the fov's), else a curve over u. */
static int scalar_channels(cp_path *p, cpi_shape *s, int loop, cp_error *error)
{
    int rc = CP_OK;
    for (int c = 0; c < CPI_X_COUNT && rc == CP_OK; c++) {
        if (!(p->xmask & CPI_X_BIT(c)))
            continue;
        const cp_interp interp = c == CPI_X_ROLL ? p->opts.rotation : p->opts.fov;
        s->x_mono[c] = interp == CP_INTERP_C2;
        if (s->x_mono[c])
            rc = map_over_u(s, loop, xk_channel(s, c), 0.0, error);
        else if (!(p->xc[c] = scalar_curve(s, interp, xk_channel(s, c), loop, error)))
            rc = error->code;
    }
    return rc;
}

/* The scalar channels' values at u-knot k from key i. */
static void x_values(cpi_shape *s, size_t k, const cp_key *key)
{
    if (s->xk)
        for (int c = 0; c < CPI_X_COUNT; c++)
            s->xk[k].v[c][0] = cpi_key_x(key, c), s->xk[k].v[c][1] = s->xk[k].v[c][2] = 0.0;
}

int cpi_shape_build(cp_path *p, const cpi_field_names *names, const cpi_shape_origin *origin, cp_error *error)
{
    cp_error own;
    if (!error)
        error = &own; /* to pass on the status of a builder that fails */
    const size_t n = p->count;
    const int closed = p->opts.ends == CP_ENDS_CLOSED, look_at = p->opts.orientation == CP_ORIENTATION_LOOK_AT;
    const size_t nsteps = closed ? n : n - 1;
    const cp_allocator *A = &p->alloc;
    cpi_shape *s = cpi_calloc(A, 1, sizeof *s);
    steps st = {cpi_alloc_array(A, n, sizeof(double)), cpi_alloc_array(A, n, sizeof(double)),
                cpi_alloc_array(A, n, sizeof(double))};
    size_t *from = cpi_alloc_array(A, n + 1, sizeof *from), *first_key = cpi_alloc_array(A, n + 1, sizeof *first_key);
    int extra_ok = 1;
    if (s) {
        s->alloc = A;
        s->uk = cpi_alloc_array(A, n + 1, sizeof *s->uk);
        s->key_knot = cpi_alloc_array(A, n, sizeof *s->key_knot);
        /* one scratch block for the maps and the warp (a knot per key, and
         * one more at the end of each hold) */
        size_t knots = n;
        for (size_t i = 0; i < n; i++)
            knots += (p->keys[i].flags & CP_KEY_HOLD) && p->keys[i].hold > 0;
        s->work = cpi_alloc(A, cpi_monotone_shared_work_size(knots));
        s->scratch = cpi_alloc_array(A, n + 1, 10 * sizeof *s->scratch);
        if (p->xmask && !(s->xk = cpi_alloc_array(A, n + 1, sizeof *s->xk)))
            extra_ok = 0;
    }
    int rc = CP_OK;
    if (!s || !s->uk || !s->key_knot || !s->work || !s->scratch || !extra_ok || !st.dp || !st.dr || !st.du ||
        !from || !first_key) {
        rc = cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the shape of %zu keys", n);
        goto done;
    }
    p->shape = s;
    /* u: chord length of position with rotation, fov, focus and aperture weighted in */
    for (size_t i = 0; i < nsteps; i++)
        st.du[i] = step_u(p, i, i + 1 < n ? i + 1 : 0, &st.dp[i], &st.dr[i]);
    /* the u-knots: keys equal in every channel (zero step) share one */
    const cpi_shape_origin zero = {0, 0, 0}, *o = origin ? origin : &zero;
    double u = o->u, sp = o->sp, sr = o->sr;
    size_t k = 0;
    s->uk[0] = (cpi_uknot){.u = u, .sp = {sp, 0, 0}, .sr = {sr, 0, 0}, .f = {p->keys[0].fov, 0, 0}};
    x_values(s, 0, &p->keys[0]);
    s->key_knot[0] = 0;
    first_key[0] = 0;
    for (size_t i = 1; i < n; i++) {
        const double before = u;
        u += st.du[i - 1], sp += st.dp[i - 1], sr += st.dr[i - 1];
        if (u > before) { /* a step too small to change u in floating point merges too */
            k++;
            s->uk[k] = (cpi_uknot){.u = u, .sp = {sp, 0, 0}, .sr = {sr, 0, 0}, .f = {p->keys[i].fov, 0, 0}};
            x_values(s, k, &p->keys[i]);
            first_key[k] = i;
        }
        s->key_knot[i] = (uint32_t)k;
    }
    s->nu = k + 1;
    size_t written = k; /* the last u-knot written */
    double total_sp = sp, total_sr = sr;
    if (closed) {
        s->total = u + st.du[n - 1];
        total_sp += st.dp[n - 1], total_sr += st.dr[n - 1];
        /* keys at the end equal to key 0 are the seam: their knot, the
         * last, becomes the seam knot (index nu), and they keep its index */
        if (!(s->total > u) && s->nu > 1)
            s->nu = k;
        s->uk[s->nu] = (cpi_uknot){.u = s->total, .sp = {total_sp, 0, 0}, .sr = {total_sr, 0, 0},
                                   .f = {p->keys[0].fov, 0, 0}};
        x_values(s, s->nu, &p->keys[0]);
        first_key[s->nu] = 0;
        written = s->nu > written ? s->nu : written;
        if (!(s->total > 0)) { /* every key the same: one knot, no seam to speak of */
            s->nu = 1;
            for (size_t i = 0; i < n; i++)
                s->key_knot[i] = 0;
        }
    } else {
        s->total = u;
    }
    /* the u-knots no key reached (keys that merged): zero, written once */
    memset(s->uk + written + 1, 0, (n - written) * sizeof *s->uk);
    const int loop = closed && s->total > 0;
    if ((rc = cpi_path_check_travel(p, error)) != CP_OK)
        goto done;
    /* the channels' own parameters as monotone maps of u, then their curves */
    s->fov_mono = p->opts.fov == CP_INTERP_C2;
    {
        const knot_values kv[3] = {uk_field(s, offsetof(cpi_uknot, sp)), uk_field(s, offsetof(cpi_uknot, sr)),
                                   uk_field(s, offsetof(cpi_uknot, f))};
        const double rise[3] = {total_sp, total_sr, 0.0};
        rc = maps_over_u(s, loop, kv, rise, s->fov_mono ? 3 : 2, error);
    }
    if (rc == CP_OK)
        rc = scalar_channels(p, s, loop, error);
    if (rc == CP_OK && !(p->pos = point_curve(s, p, 0, loop, total_sp, from, first_key, error)))
        rc = error->code;
    if (rc == CP_OK && look_at && !(p->target = point_curve(s, p, 1, loop, total_sr, from, first_key, error)))
        rc = error->code;
    if (rc == CP_OK && !look_at &&
        !(p->rot = rotation_curve(s, p, loop, total_sr, from, first_key, names->time, error)))
        rc = error->code;
    if (rc == CP_OK && !s->fov_mono &&
        !(p->fov = scalar_curve(s, p->opts.fov, uk_field(s, offsetof(cpi_uknot, f)), loop, error)))
        rc = error->code;
    if (rc == CP_OK)
        rc = p->opts.timing == CP_TIMING_CONSTANT_SPEED ? cpi_warp_constant_speed(p, names, error) : cpi_warp_smooth(p, error);
    if (rc == CP_OK)
        rc = cpi_path_check_timed(p, names, error);
done:
    if (s) {
        cpi_free(A, s->work);
        cpi_free(A, s->scratch);
        s->work = NULL, s->scratch = NULL;
    }
    cpi_free(A, st.dp);
    cpi_free(A, st.dr);
    cpi_free(A, st.du);
    cpi_free(A, from);
    cpi_free(A, first_key);
    if (rc != CP_OK && s && p->shape != s)
        cpi_shape_free(s);
    return rc;
}

/* lib/path/shape.c - the shape of a smooth or constant-speed path: the
 * geometric parameter u, each channel's own chord parameter as a monotone
 * C2 map of u, and the channel curves over those parameters (docs/math.md,
 * section 12). Nothing here depends on the key times, so timing cannot
 * bend the shape. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "curve_impl.h"
#include "base.h"
#include "monotone.h"
#include "path_impl.h"

/* How rotation and fov count in u, in metres (docs/math.md, section 12): a
 * turn of one radian counts as one metre of travel, and a fov change as a
 * turn of half its angle (each frustum edge moves by half the change). */
#define CPI_SHAPE_METRES_PER_RADIAN 1.0
#define CPI_SHAPE_RADIANS_PER_FOV_DEGREE (0.5 * 3.14159265358979323846 / 180.0)

void cpi_shape_free(cpi_shape *s)
{
    if (!s)
        return;
    free(s->uk);
    free(s->key_knot);
    cp_curve_destroy(s->warp);
    free(s);
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

/* Steps between consecutive keys (and across the seam of a loop). */
typedef struct steps {
    double *dp, *dr, *du; /* position chord (m), rotation angle (rad), parameter (m) */
} steps;

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

static cp_curve *position_curve(cpi_shape *s, const cp_path *p, int closed, double period, size_t *from,
                                const size_t *first_key, cp_error *error)
{
    const size_t m = distinct_knots(s, 0, closed, period, from);
    const int loop = closed && m > 1;
    cp_curve *c = cpi_curve_alloc(3, m, cpi_interp_mode(p->opts.position), 0, 0, loop ? period : 0.0, 0, error);
    if (!c)
        return NULL;
    for (size_t i = 0; i < m; i++) {
        const cp_key *k = &p->keys[first_key[from[i]]];
        double *r = c->rec + i * (size_t)c->stride;
        r[0] = s->uk[from[i]].sp[0];
        r[1] = k->position.x, r[2] = k->position.y, r[3] = k->position.z;
        r[4] = r[5] = r[6] = 0.0;
    }
    if (loop)
        s->uk[s->nu].pseg = (uint32_t)m;
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
    double *t = cpi_alloc_array(m, sizeof *t);
    cp_quat *q = cpi_alloc_array(m, sizeof *q);
    cp_curve *c = NULL;
    if (!t || !q) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the rotation of %zu keys", m);
        goto done;
    }
    for (size_t i = 0; i < m; i++) {
        t[i] = s->uk[from[i]].sr[0];
        q[i] = p->keys[first_key[from[i]]].rotation;
    }
    c = cpi_rotation_build(m, t, sizeof *t, q, sizeof *q, p->opts.rotation, loop ? CP_ENDS_CLOSED : CP_ENDS_NATURAL,
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
    free(t);
    free(q);
    return c;
}

/* fov over u with a cubic builder (any interpolation but c2): its knots are the u-knots. */
static cp_curve *fov_curve(cpi_shape *s, const cp_path *p, int closed, cp_error *error)
{
    const int loop = closed && s->nu > 1;
    cp_curve *c = cpi_curve_alloc(1, s->nu, cpi_interp_mode(p->opts.fov), 0, 0, loop ? s->total : 0.0, 0, error);
    if (!c)
        return NULL;
    for (size_t k = 0; k < s->nu; k++) {
        double *r = c->rec + k * (size_t)c->stride;
        r[0] = s->uk[k].u;
        r[1] = s->uk[k].f[0];
        r[2] = 0.0;
    }
    if ((c->mode == CP_CURVE_CUBIC && s->nu > 1 &&
         cpi_curve_solve(c, p->opts.fov, loop ? CP_ENDS_CLOSED : CP_ENDS_NATURAL, error) != CP_OK) ||
        cpi_curve_finish(c, NULL, error) != CP_OK) {
        cp_curve_destroy(c);
        return NULL;
    }
    return c;
}

/* A monotone C2 map over the u-knots of the values at offset `field` (sp,
 * sr or f), rising by `rise` over a loop. */
static int map_over_u(cpi_shape *s, int closed, size_t field, double rise, cp_error *error)
{
    const size_t n = s->nu;
    if (n == 1 || !(s->total > 0)) { /* one knot: a constant */
        for (size_t k = 0; k <= n; k++) {
            double *v = (double *)((char *)&s->uk[k] + field);
            v[1] = v[2] = 0.0;
        }
        return CP_OK;
    }
    double *buf = s->scratch;
    double *x = buf, *y = buf + n, *d = buf + 2 * n, *a = buf + 3 * n;
    for (size_t k = 0; k < n; k++) {
        x[k] = s->uk[k].u;
        y[k] = ((const double *)((const char *)&s->uk[k] + field))[0];
    }
    cpi_mono_spec spec = {.n = n, .x = x, .y = y, .closed = closed, .px = s->total, .py = rise, .work = s->work};
    int rc = cpi_monotone_build(&spec, d, a, error);
    for (size_t k = 0; rc == CP_OK && k < n; k++) {
        double *v = (double *)((char *)&s->uk[k] + field);
        v[1] = d[k];
        v[2] = a[k];
    }
    if (rc == CP_OK && closed) {
        double *v = (double *)((char *)&s->uk[n] + field);
        v[1] = d[0];
        v[2] = a[0];
    }
    return rc;
}

int cpi_shape_build(cp_path *p, const cpi_field_names *names, cp_error *error)
{
    cp_error own;
    if (!error)
        error = &own; /* to pass on the status of a builder that fails */
    const size_t n = p->count;
    const int closed = p->opts.ends == CP_ENDS_CLOSED;
    const size_t nsteps = closed ? n : n - 1;
    cpi_shape *s = calloc(1, sizeof *s);
    steps st = {cpi_alloc_array(n, sizeof(double)), cpi_alloc_array(n, sizeof(double)),
                cpi_alloc_array(n, sizeof(double))};
    size_t *from = cpi_alloc_array(n + 1, sizeof *from), *first_key = cpi_alloc_array(n + 1, sizeof *first_key);
    if (s) {
        s->uk = cpi_alloc_array(n + 1, sizeof *s->uk);
        s->key_knot = cpi_alloc_array(n, sizeof *s->key_knot);
        /* one scratch block for the maps and the warp (a knot per key, and
         * one more at the end of each hold) */
        size_t knots = n;
        for (size_t i = 0; i < n; i++)
            knots += (p->keys[i].flags & CP_KEY_HOLD) && p->keys[i].hold > 0;
        s->work = malloc(cpi_monotone_work_size(knots));
        s->scratch = cpi_alloc_array(n + 1, 4 * sizeof *s->scratch);
    }
    int rc = CP_OK;
    if (!s || !s->uk || !s->key_knot || !s->work || !s->scratch || !st.dp || !st.dr || !st.du || !from ||
        !first_key) {
        rc = cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the shape of %zu keys", n);
        goto done;
    }
    p->shape = s;
    /* u: chord length of position with rotation and fov weighted in */
    for (size_t i = 0; i < nsteps; i++) {
        const cp_key *a = &p->keys[i], *b = &p->keys[i + 1 < n ? i + 1 : 0];
        st.dp[i] = cp_vec3_length(cp_vec3_sub(b->position, a->position));
        st.dr[i] = rotation_angle(a->rotation, b->rotation);
        const double r = CPI_SHAPE_METRES_PER_RADIAN * st.dr[i];
        const double f = CPI_SHAPE_METRES_PER_RADIAN * CPI_SHAPE_RADIANS_PER_FOV_DEGREE * fabs(b->fov - a->fov);
        st.du[i] = sqrt(st.dp[i] * st.dp[i] + r * r + f * f);
    }
    /* the u-knots: keys equal in every channel (zero step) share one */
    double u = 0, sp = 0, sr = 0;
    size_t k = 0;
    memset(s->uk, 0, (n + 1) * sizeof *s->uk);
    s->uk[0] = (cpi_uknot){.u = 0, .f = {p->keys[0].fov, 0, 0}};
    s->key_knot[0] = 0;
    first_key[0] = 0;
    for (size_t i = 1; i < n; i++) {
        const double before = u;
        u += st.du[i - 1], sp += st.dp[i - 1], sr += st.dr[i - 1];
        if (u > before) { /* a step too small to change u in floating point merges too */
            k++;
            s->uk[k] = (cpi_uknot){.u = u, .sp = {sp, 0, 0}, .sr = {sr, 0, 0}, .f = {p->keys[i].fov, 0, 0}};
            first_key[k] = i;
        }
        s->key_knot[i] = (uint32_t)k;
    }
    s->nu = k + 1;
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
        first_key[s->nu] = 0;
        if (!(s->total > 0)) { /* every key the same: one knot, no seam to speak of */
            s->nu = 1;
            for (size_t i = 0; i < n; i++)
                s->key_knot[i] = 0;
        }
    } else {
        s->total = u;
    }
    const int loop = closed && s->total > 0;
    /* the channels' own parameters as monotone maps of u, then their curves */
    rc = map_over_u(s, loop, offsetof(cpi_uknot, sp), total_sp, error);
    if (rc == CP_OK)
        rc = map_over_u(s, loop, offsetof(cpi_uknot, sr), total_sr, error);
    s->fov_mono = p->opts.fov == CP_INTERP_C2;
    if (rc == CP_OK && s->fov_mono)
        rc = map_over_u(s, loop, offsetof(cpi_uknot, f), 0.0, error);
    if (rc == CP_OK && !(p->pos = position_curve(s, p, loop, total_sp, from, first_key, error)))
        rc = error->code;
    if (rc == CP_OK && !(p->rot = rotation_curve(s, p, loop, total_sr, from, first_key, names->time, error)))
        rc = error->code;
    if (rc == CP_OK && !s->fov_mono && !(p->fov = fov_curve(s, p, loop, error)))
        rc = error->code;
    if (rc == CP_OK)
        rc = p->opts.timing == CP_TIMING_CONSTANT_SPEED ? cpi_warp_constant_speed(p, names, error) : cpi_warp_smooth(p, error);
done:
    if (s) {
        free(s->work);
        free(s->scratch);
        s->work = NULL, s->scratch = NULL;
    }
    free(st.dp);
    free(st.dr);
    free(st.du);
    free(from);
    free(first_key);
    if (rc != CP_OK && s && p->shape != s)
        cpi_shape_free(s);
    return rc;
}

/* ---- evaluation ------------------------------------------------------------------- */

/* One of the maps (sp, sr, f) between two u-knots, with the segment's basis. */
static void map_eval(const cpi_uknot *a, const cpi_uknot *b, size_t field, const cpi_quintic_basis *q,
                     double out[3])
{
    const double *va = (const double *)((const char *)a + field), *vb = (const double *)((const char *)b + field);
    cpi_quintic_apply(q, va[0], vb[0], va[1], vb[1], va[2], vb[2], &out[0], &out[1], &out[2]);
}

/* A channel curve at parameter x, starting the segment search at knot i
 * (inserted rotation keys may lie between two u-knots). */
static void curve_at(const cp_curve *c, size_t i, double x, double sign, double *v, double *d1, double *d2)
{
    if (c->nseg == 0) {
        cpi_curve_eval(c, 0, x, sign, v, d1, d2);
        return;
    }
    if (i >= c->nseg)
        i = c->nseg - 1;
    /* strictly: at a knot, the segment that ends there (its end is exact,
     * and the warp asks for a left limit only through the earlier u-segment) */
    while (i + 1 < c->nseg && CPI_TIME(c, i + 1) < x)
        i++;
    if (c->mode != CP_CURVE_CUBIC || (c->dim != 3 && c->dim != 4)) {
        cpi_curve_eval(c, i, x, sign, v, d1, d2);
        return;
    }
    /* the common case inline, as the keys-timing sampler has it */
    double h, ih;
    const double u = cpi_segment_u(c, i, x, &h, &ih);
    cpi_basis B;
    cpi_basis_make2(h, ih, u, &B);
    if (c->dim == 3)
        cpi_cubic_apply(3, c, i, &B, sign, v, d1, d2);
    else
        cpi_cubic_apply(4, c, i, &B, sign, v, d1, d2);
}

/* The u-segment and position on it used for u in u-segment k (the last knot
 * is the end of the last segment). Returns 0 when there is no segment. */
static int locate(const cpi_shape *s, int loop, size_t k, double u, size_t *seg, double *sl)
{
    const size_t nseg = loop ? s->nu : s->nu - 1;
    if (nseg == 0) {
        *seg = 0, *sl = 0;
        return 0;
    }
    if (k >= nseg) {
        *seg = nseg - 1, *sl = 1.0;
        return 1;
    }
    *seg = k;
    const double v = (u - s->uk[k].u) / (s->uk[k + 1].u - s->uk[k].u);
    *sl = v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
    return 1;
}

void cpi_shape_eval(const cp_path *p, size_t k, double u, double sign, double pos[3][3], double rot[3][4],
                    double fov[3])
{
    const cpi_shape *s = p->shape;
    double sp[3] = {s->uk[0].sp[0], 0, 0}, sr[3] = {s->uk[0].sr[0], 0, 0}, f[3] = {s->uk[0].f[0], 0, 0};
    size_t seg;
    double sl;
    const int moves = locate(s, p->opts.ends == CP_ENDS_CLOSED && s->total > 0, k, u, &seg, &sl);
    if (moves) {
        const cpi_uknot *a = &s->uk[seg], *b = &s->uk[seg + 1];
        cpi_quintic_basis q;
        cpi_quintic_basis_make(b->u - a->u, sl, &q);
        map_eval(a, b, offsetof(cpi_uknot, sp), &q, sp);
        map_eval(a, b, offsetof(cpi_uknot, sr), &q, sr);
        if (s->fov_mono)
            map_eval(a, b, offsetof(cpi_uknot, f), &q, f);
    }
    double v[4], d1[4], d2[4];
    curve_at(p->pos, s->uk[seg].pseg, sp[0], 1.0, v, d1, d2);
    for (int j = 0; j < 3; j++) {
        pos[0][j] = v[j];
        pos[1][j] = d1[j] * sp[1];
        pos[2][j] = d2[j] * sp[1] * sp[1] + d1[j] * sp[2];
    }
    curve_at(p->rot, s->uk[seg].rseg, sr[0], sign, v, d1, d2);
    for (int j = 0; j < 4; j++) {
        rot[0][j] = v[j];
        rot[1][j] = d1[j] * sr[1];
        rot[2][j] = d2[j] * sr[1] * sr[1] + d1[j] * sr[2];
    }
    if (s->fov_mono) {
        fov[0] = f[0], fov[1] = f[1], fov[2] = f[2];
    } else {
        curve_at(p->fov, seg, moves ? u : s->uk[0].u, 1.0, fov, fov + 1, fov + 2);
    }
}

double cpi_shape_sigma(const cp_path *p, size_t k, double u, size_t *pseg)
{
    const cpi_shape *s = p->shape;
    size_t seg;
    double sl, sp[3] = {s->uk[0].sp[0], 0, 0};
    if (locate(s, p->opts.ends == CP_ENDS_CLOSED && s->total > 0, k, u, &seg, &sl)) {
        cpi_quintic_basis q;
        cpi_quintic_basis_make(s->uk[seg + 1].u - s->uk[seg].u, sl, &q);
        map_eval(&s->uk[seg], &s->uk[seg + 1], offsetof(cpi_uknot, sp), &q, sp);
    }
    const cp_curve *c = p->pos;
    size_t i = s->uk[seg].pseg;
    if (c->nseg == 0)
        i = 0;
    else if (i >= c->nseg)
        i = c->nseg - 1;
    while (i + 1 < c->nseg && CPI_TIME(c, i + 1) < sp[0])
        i++;
    *pseg = i;
    return sp[0];
}

double cpi_shape_u_at_sigma(const cp_path *p, double sigma, size_t *k)
{
    const cpi_shape *s = p->shape;
    const size_t nseg = p->opts.ends == CP_ENDS_CLOSED && s->total > 0 ? s->nu : s->nu - 1;
    *k = 0;
    if (nseg == 0 || !(sigma > s->uk[0].sp[0]))
        return s->uk[0].u;
    size_t lo = 0, hi = nseg - 1; /* the first segment whose end reaches sigma */
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (s->uk[mid + 1].sp[0] >= sigma)
            hi = mid;
        else
            lo = mid + 1;
    }
    const cpi_uknot *a = &s->uk[lo], *b = &s->uk[lo + 1];
    const double h = b->u - a->u;
    const double sl = cpi_quintic_solve(h, a->sp[0], b->sp[0], a->sp[1], b->sp[1], a->sp[2], b->sp[2], sigma);
    *k = lo;
    return sl >= 1.0 ? b->u : a->u + sl * h;
}

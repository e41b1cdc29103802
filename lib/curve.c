/* lib/curve.c - keyframe curves: creation, segment search, Hermite evaluation.
 *
 * The cubic segment is the glTF 2.0 CUBICSPLINE segment (glTF 2.0
 * specification, Appendix C): tangents per second, scaled by the segment's
 * duration. The derivation of the derivatives is in docs/math.md. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "curve_impl.h"
#include "internal.h"

/* ---- creation ------------------------------------------------------------ */

static int check_finite(const double *a, size_t n, int dim, const char *what, cp_error *error)
{
    if (!a)
        return CP_OK;
    for (size_t i = 0; i < n * (size_t)dim; i++)
        if (!isfinite(a[i]))
            return cpi_error_set(error, CP_ERR_INVALID, "curve key %zu: %s[%d] is not a finite number (%g)",
                                 i / (size_t)dim, what, (int)(i % (size_t)dim), a[i]);
    return CP_OK;
}

int cpi_curve_validate(const cp_curve_desc *d, cp_error *error)
{
    if (!d)
        return cpi_error_set(error, CP_ERR_INVALID, "curve: no description given");
    if (d->dim < 1 || d->dim > CP_CURVE_MAX_DIM)
        return cpi_error_set(error, CP_ERR_INVALID, "curve: dimension %d is outside 1..%d", d->dim, CP_CURVE_MAX_DIM);
    if (d->rotation && d->dim != 4)
        return cpi_error_set(error, CP_ERR_INVALID, "curve: a rotation curve has dimension 4, not %d", d->dim);
    if (d->count < 1)
        return cpi_error_set(error, CP_ERR_INVALID, "curve: at least 1 key is needed, got 0");
    if (d->count > (size_t)UINT32_MAX - 2)
        return cpi_error_set(error, CP_ERR_LIMIT, "curve: %zu keys is more than the limit of %lu", d->count,
                             (unsigned long)UINT32_MAX - 2);
    if ((unsigned)d->mode > (unsigned)CP_CURVE_STEP)
        return cpi_error_set(error, CP_ERR_INVALID, "curve: unknown mode %d", (int)d->mode);
    if (!d->times || !d->values)
        return cpi_error_set(error, CP_ERR_INVALID, "curve: times and values are required");
    for (size_t i = 0; i < d->count; i++) {
        if (!isfinite(d->times[i]))
            return cpi_error_set(error, CP_ERR_INVALID, "curve key %zu: time is not a finite number (%g)", i,
                                 d->times[i]);
        if (i > 0 && !(d->times[i] > d->times[i - 1]))
            return cpi_error_set(error, CP_ERR_INVALID,
                                 "curve key %zu: time %.17g must be greater than key %zu's time %.17g", i,
                                 d->times[i], i - 1, d->times[i - 1]);
    }
    int rc = check_finite(d->values, d->count, d->dim, "value", error);
    if (rc == CP_OK)
        rc = check_finite(d->in_tangents, d->count, d->dim, "in-tangent", error);
    if (rc == CP_OK)
        rc = check_finite(d->out_tangents, d->count, d->dim, "out-tangent", error);
    if (rc != CP_OK)
        return rc;
    if (!isfinite(d->period) || d->period < 0)
        return cpi_error_set(error, CP_ERR_INVALID, "curve: period %g must be a finite number >= 0", d->period);
    double span = d->times[d->count - 1] - d->times[0];
    if (d->period > 0 && !(d->period > span))
        return cpi_error_set(error, CP_ERR_INVALID,
                             "curve: period %.17g must exceed the key span %.17g (last time - first time)",
                             d->period, span);
    if (d->antiperiodic && d->period <= 0)
        return cpi_error_set(error, CP_ERR_INVALID, "curve: anti-periodic needs a period");
    return CP_OK;
}

static void build_buckets(cp_curve *c)
{
    const size_t n = c->nseg;
    c->nbuckets = n;
    c->bucket_scale = (double)n / (c->end - c->start);
    size_t seg = 0;
    for (size_t b = 0; b <= n; b++) {
        double bt = c->start + (double)b / c->bucket_scale;
        while (seg + 1 < n && c->times[seg + 1] <= bt)
            seg++;
        c->buckets[b] = (uint32_t)seg;
    }
}

cp_curve *cp_curve_create(const cp_curve_desc *desc, cp_error *error)
{
    if (cpi_curve_validate(desc, error) != CP_OK)
        return NULL;
    cp_curve *c = calloc(1, sizeof *c);
    if (!c) {
        cpi_error_set(error, CP_ERR_MEMORY, "curve: out of memory");
        return NULL;
    }
    const int d = desc->dim;
    const size_t n = desc->count;
    const int closed = desc->period > 0;
    c->dim = d;
    c->stride = 3 * d;
    c->mode = desc->mode;
    c->rotation = desc->rotation != 0;
    c->count = n;
    c->nseg = closed ? n : n - 1;
    c->period = closed ? desc->period : 0.0;
    c->seam_sign = closed && desc->antiperiodic ? -1.0 : 1.0;
    c->loop = closed || desc->loop;
    c->start = desc->times[0];
    c->end = closed ? desc->times[0] + desc->period : desc->times[n - 1];

    const size_t nkeys = c->nseg + 1 > n ? c->nseg + 1 : n;
    c->times = cpi_alloc_array(nkeys, sizeof *c->times);
    c->data = cpi_alloc_array(nkeys, (size_t)c->stride * sizeof *c->data);
    c->buckets = cpi_alloc_array(c->nseg + 1, sizeof *c->buckets);
    if (!c->times || !c->data || !c->buckets) {
        cp_curve_destroy(c);
        cpi_error_set(error, CP_ERR_MEMORY, "curve: out of memory for %zu keys", n);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        double *k = c->data + i * (size_t)c->stride;
        c->times[i] = desc->times[i];
        for (int j = 0; j < d; j++) {
            k[j] = desc->values[i * (size_t)d + (size_t)j];
            k[d + j] = desc->in_tangents ? desc->in_tangents[i * (size_t)d + (size_t)j] : 0.0;
            k[2 * d + j] = desc->out_tangents ? desc->out_tangents[i * (size_t)d + (size_t)j] : 0.0;
        }
    }
    if (closed) {
        double *seam = c->data + n * (size_t)c->stride;
        c->times[n] = c->end;
        for (int j = 0; j < c->stride; j++)
            seam[j] = c->seam_sign * c->data[j];
    }
    if (c->nseg > 0)
        build_buckets(c);
    cpi_error_clear(error);
    return c;
}

void cp_curve_destroy(cp_curve *curve)
{
    if (!curve)
        return;
    free(curve->times);
    free(curve->data);
    free(curve->buckets);
    free(curve);
}

/* ---- time mapping and segment search --------------------------------------- */

double cpi_curve_local_time(const cp_curve *c, double t, int side, double *sign)
{
    *sign = 1.0;
    if (isnan(t))
        t = c->start;
    const double span = c->end - c->start;
    if (!c->loop || !(span > 0)) {
        if (t < c->start)
            return c->start;
        return t > c->end ? c->end : t;
    }
    if (isinf(t))
        return t > 0 ? c->end : c->start;
    double r = fmod(t - c->start, span);
    if (r < 0)
        r += span;
    if (r >= span) /* rounding of r + span */
        r = 0.0;
    if (side < 0 && r == 0.0)
        r = span;
    if (c->seam_sign < 0) {
        double k = nearbyint((t - c->start - r) / span);
        if (fmod(fabs(k), 2.0) == 1.0)
            *sign = -1.0;
    }
    double local = c->start + r;
    return local > c->end ? c->end : local;
}

static size_t find_segment(const cp_curve *c, double t)
{
    const size_t n = c->nseg;
    if (n <= 1)
        return 0;
    const double *times = c->times;
    double x = (t - c->start) * c->bucket_scale;
    size_t b = x <= 0 ? 0 : x >= (double)c->nbuckets ? c->nbuckets - 1 : (size_t)x;
    size_t lo = c->buckets[b], hi = c->buckets[b + 1];
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2;
        if (times[mid] <= t)
            lo = mid;
        else
            hi = mid - 1;
    }
    /* The bucket is computed in floating point; step across its edge if the
     * rounding put t on the wrong side of it. */
    while (lo > 0 && times[lo] > t)
        lo--;
    while (lo + 1 < n && times[lo + 1] <= t)
        lo++;
    return lo;
}

size_t cpi_curve_segment(const cp_curve *c, double t, int side)
{
    size_t i = find_segment(c, t);
    if (side < 0 && i > 0 && c->times[i] >= t)
        i--;
    return i;
}

size_t cpi_curve_segment_cursor(const cp_curve *c, size_t *cursor, double t)
{
    const size_t n = c->nseg;
    size_t i = *cursor;
    if (n <= 1) {
        i = 0;
    } else if (i < n && c->times[i] <= t) {
        if (i + 1 < n && c->times[i + 1] <= t) {
            if (i + 2 >= n || t < c->times[i + 2])
                i++;
            else
                i = find_segment(c, t);
        }
    } else {
        i = find_segment(c, t);
    }
    *cursor = i;
    return i;
}

size_t cp_curve_find_segment(const cp_curve *curve, double t)
{
    return cpi_curve_segment(curve, t, 0);
}

/* ---- evaluation ------------------------------------------------------------ */

/* q' and q'' of the unit quaternion for a constant angular velocity omega
 * (world frame): q' = omega q / 2, q'' = omega q' / 2 = -|omega|^2 q / 4. */
static void slerp_segment(const double *a, const double *b, double u, double h, double sign, double *v,
                          double *d1, double *d2)
{
    cp_quat qa = cp_quat_make(a[0], a[1], a[2], a[3]);
    cp_quat qb = cp_quat_make(b[0], b[1], b[2], b[3]);
    cp_quat q = cp_quat_scale(cp_quat_slerp(qa, qb, u), sign);
    if (v) {
        v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
    }
    if (!d1 && !d2)
        return;
    /* relative rotation b conj(a) = (axis sin(theta/2), cos(theta/2)) in the world frame */
    cp_quat rel = cp_quat_mul(qb, cp_quat_conj(qa));
    if (rel.w < 0)
        rel = cp_quat_neg(rel);
    double s = sqrt(rel.x * rel.x + rel.y * rel.y + rel.z * rel.z);
    double theta = 2.0 * atan2(s, rel.w);
    cp_vec3 omega = s > 0 ? cp_vec3_scale(cp_vec3_make(rel.x, rel.y, rel.z), theta / (s * h)) : cp_vec3_make(0, 0, 0);
    cp_quat w = cp_quat_make(omega.x, omega.y, omega.z, 0.0);
    cp_quat q1 = cp_quat_scale(cp_quat_mul(w, q), 0.5);
    cp_quat q2 = cp_quat_scale(q, -0.25 * cp_vec3_dot(omega, omega));
    if (d1) {
        d1[0] = q1.x, d1[1] = q1.y, d1[2] = q1.z, d1[3] = q1.w;
    }
    if (d2) {
        d2[0] = q2.x, d2[1] = q2.y, d2[2] = q2.z, d2[3] = q2.w;
    }
}

void cpi_curve_eval(const cp_curve *c, size_t seg, double t, double sign, double *v, double *d1, double *d2)
{
    const int d = c->dim;
    const double *k0 = c->data + seg * (size_t)c->stride;
    if (c->nseg == 0) {
        for (int j = 0; j < d; j++) {
            if (v)
                v[j] = sign * k0[j];
            if (d1)
                d1[j] = 0.0;
            if (d2)
                d2[j] = 0.0;
        }
        return;
    }
    const double *k1 = k0 + c->stride;
    const double t0 = c->times[seg];
    const double h = c->times[seg + 1] - t0;
    double u = (t - t0) / h;
    u = u < 0.0 ? 0.0 : u > 1.0 ? 1.0 : u;

    switch (c->mode) {
    case CP_CURVE_CUBIC: {
        const double u2 = u * u, u3 = u2 * u;
        /* Hermite basis: value, and its first and second derivatives in u */
        const double b00 = 2 * u3 - 3 * u2 + 1, b10 = (u3 - 2 * u2 + u) * h;
        const double b01 = -2 * u3 + 3 * u2, b11 = (u3 - u2) * h;
        const double ih = sign / h, ih2 = sign / (h * h);
        const double e00 = (6 * u2 - 6 * u) * ih, e10 = (3 * u2 - 4 * u + 1) * h * ih;
        const double e01 = -e00, e11 = (3 * u2 - 2 * u) * h * ih;
        const double f00 = (12 * u - 6) * ih2, f10 = (6 * u - 4) * h * ih2;
        const double f01 = -f00, f11 = (6 * u - 2) * h * ih2;
        const double *p0 = k0, *m0 = k0 + 2 * d, *p1 = k1, *m1 = k1 + d;
        for (int j = 0; j < d; j++) {
            if (v)
                v[j] = sign * (b00 * p0[j] + b10 * m0[j] + b01 * p1[j] + b11 * m1[j]);
            if (d1)
                d1[j] = e00 * p0[j] + e10 * m0[j] + e01 * p1[j] + e11 * m1[j];
            if (d2)
                d2[j] = f00 * p0[j] + f10 * m0[j] + f01 * p1[j] + f11 * m1[j];
        }
        return;
    }
    case CP_CURVE_LINEAR:
        if (c->rotation) {
            slerp_segment(k0, k1, u, h, sign, v, d1, d2);
            return;
        }
        for (int j = 0; j < d; j++) {
            if (v)
                v[j] = sign * (k0[j] + u * (k1[j] - k0[j]));
            if (d1)
                d1[j] = sign * (k1[j] - k0[j]) / h;
            if (d2)
                d2[j] = 0.0;
        }
        return;
    case CP_CURVE_STEP:
    default: {
        /* hold the earlier key; only the very end of an open curve shows the last key */
        const double *k = (u >= 1.0 && seg + 1 == c->nseg && !c->loop) ? k1 : k0;
        for (int j = 0; j < d; j++) {
            if (v)
                v[j] = sign * k[j];
            if (d1)
                d1[j] = 0.0;
            if (d2)
                d2[j] = 0.0;
        }
        return;
    }
    }
}

/* Unit quaternion q = p / |p| and its derivatives from the R^4 curve p. */
static void normalize_derivs(const double *p, const double *p1, const double *p2, double *q, double *q1,
                             double *q2)
{
    double r2 = p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3];
    double r = sqrt(r2);
    double qq[4];
    for (int j = 0; j < 4; j++)
        qq[j] = p[j] / r;
    if (q)
        memcpy(q, qq, sizeof qq);
    if (!q1 && !q2)
        return;
    double rd = 0, pp = 0, ppp = 0; /* r', |p'|^2, p . p'' */
    for (int j = 0; j < 4; j++) {
        rd += qq[j] * p1[j];
        pp += p1[j] * p1[j];
        ppp += p[j] * p2[j];
    }
    double qd[4];
    for (int j = 0; j < 4; j++)
        qd[j] = (p1[j] - qq[j] * rd) / r;
    if (q1)
        memcpy(q1, qd, sizeof qd);
    if (q2) {
        double rdd = (pp + ppp - rd * rd) / r;
        for (int j = 0; j < 4; j++)
            q2[j] = (p2[j] - 2 * qd[j] * rd - qq[j] * rdd) / r;
    }
}

/* The vector part of a conj(b) for 4-arrays (x, y, z, w). */
static cp_vec3 vec_mul_conj(const double *a, const double *b)
{
    cp_quat r = cp_quat_mul(cp_quat_make(a[0], a[1], a[2], a[3]), cp_quat_conj(cp_quat_make(b[0], b[1], b[2], b[3])));
    return cp_vec3_make(r.x, r.y, r.z);
}

void cpi_curve_eval_rotation(const cp_curve *c, size_t seg, double t, double sign, cp_quat *q, cp_vec3 *omega,
                             cp_vec3 *alpha)
{
    double p[4], p1[4], p2[4];
    const int derivs = omega || alpha;
    cpi_curve_eval(c, seg, t, sign, p, derivs ? p1 : NULL, derivs ? p2 : NULL);
    double r2 = p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3];
    if (q) {
        double ir = 1.0 / sqrt(r2);
        *q = cp_quat_make(p[0] * ir, p[1] * ir, p[2] * ir, p[3] * ir);
    }
    if (!derivs)
        return;
    /* omega = 2 vec(p' conj p) / |p|^2, alpha = 2 vec(p'' conj p) / |p|^2 - 2 s omega,
     * s = (p . p') / |p|^2 (docs/math.md); exact for LINEAR (slerp) and STEP too,
     * where |p| = 1. */
    double s = (p[0] * p1[0] + p[1] * p1[1] + p[2] * p1[2] + p[3] * p1[3]) / r2;
    cp_vec3 w = cp_vec3_scale(vec_mul_conj(p1, p), 2.0 / r2);
    if (omega)
        *omega = w;
    if (alpha)
        *alpha = cp_vec3_sub(cp_vec3_scale(vec_mul_conj(p2, p), 2.0 / r2), cp_vec3_scale(w, 2.0 * s));
}

/* ---- public sampling --------------------------------------------------------- */

static void sample_at(const cp_curve *c, size_t seg, double local, double sign, double *v, double *d1, double *d2)
{
    if (!c->rotation || c->mode != CP_CURVE_CUBIC) {
        cpi_curve_eval(c, seg, local, sign, v, d1, d2);
        return;
    }
    double p[4], p1[4], p2[4];
    cpi_curve_eval(c, seg, local, sign, p, p1, p2);
    normalize_derivs(p, p1, p2, v, d1, d2);
}

void cp_curve_sample(const cp_curve *curve, double t, double *value, double *d1, double *d2)
{
    double sign;
    double local = cpi_curve_local_time(curve, t, 0, &sign);
    sample_at(curve, cpi_curve_segment(curve, local, 0), local, sign, value, d1, d2);
}

void cp_curve_sample_cursor(const cp_curve *curve, size_t *cursor, double t, double *value, double *d1,
                            double *d2)
{
    double sign;
    double local = cpi_curve_local_time(curve, t, 0, &sign);
    sample_at(curve, cpi_curve_segment_cursor(curve, cursor, local), local, sign, value, d1, d2);
}

void cp_curve_sample_side(const cp_curve *curve, double t, int side, double *value, double *d1, double *d2)
{
    double sign;
    double local = cpi_curve_local_time(curve, t, side, &sign);
    sample_at(curve, cpi_curve_segment(curve, local, side), local, sign, value, d1, d2);
}

void cp_curve_sample_rotation(const cp_curve *curve, double t, int side, cp_quat *rotation,
                              cp_vec3 *angular_velocity, cp_vec3 *angular_acceleration)
{
    double sign;
    double local = cpi_curve_local_time(curve, t, side, &sign);
    size_t seg = cpi_curve_segment(curve, local, side);
    if (curve->dim != 4) { /* not a quaternion curve: a caller bug, answer harmlessly */
        if (rotation)
            *rotation = cp_quat_identity();
        if (angular_velocity)
            *angular_velocity = cp_vec3_make(0, 0, 0);
        if (angular_acceleration)
            *angular_acceleration = cp_vec3_make(0, 0, 0);
        return;
    }
    cpi_curve_eval_rotation(curve, seg, local, sign, rotation, angular_velocity, angular_acceleration);
}

/* ---- inspection ------------------------------------------------------------- */

int cp_curve_dim(const cp_curve *curve) { return curve->dim; }
cp_curve_mode cp_curve_get_mode(const cp_curve *curve) { return curve->mode; }
int cp_curve_is_rotation(const cp_curve *curve) { return curve->rotation; }
size_t cp_curve_key_count(const cp_curve *curve) { return curve->count; }
double cp_curve_start(const cp_curve *curve) { return curve->start; }
double cp_curve_end(const cp_curve *curve) { return curve->end; }
double cp_curve_period(const cp_curve *curve) { return curve->period; }
double cp_curve_seam_sign(const cp_curve *curve) { return curve->seam_sign; }

void cp_curve_key(const cp_curve *curve, size_t i, double *time, double *value, double *in_tangent,
                  double *out_tangent)
{
    if (i >= curve->count)
        i = curve->count - 1;
    const int d = curve->dim;
    const double *k = curve->data + i * (size_t)curve->stride;
    if (time)
        *time = curve->times[i];
    if (value)
        memcpy(value, k, (size_t)d * sizeof *k);
    if (in_tangent)
        memcpy(in_tangent, k + d, (size_t)d * sizeof *k);
    if (out_tangent)
        memcpy(out_tangent, k + 2 * d, (size_t)d * sizeof *k);
}

/* SPDX-License-Identifier: MIT */
/* lib/curve/curve.c - keyframe curves: creation, segment search, Hermite evaluation.
 *
 * The cubic segment is the glTF 2.0 CUBICSPLINE segment (glTF 2.0
 * specification, Appendix C): tangents per second, scaled by the segment's
 * duration. The derivation of the derivatives is in docs/math.md. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "curve_impl.h"
#include "base.h"

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

static void build_slices(cp_curve *c)
{
    const size_t n = c->nseg;
    c->nslices = n < CPI_MAX_SLICES ? n : CPI_MAX_SLICES;
    c->slice_scale = (double)c->nslices / (c->end - c->start);
    size_t seg = 0;
    for (size_t j = 0; j <= c->nslices; j++) {
        double st = c->start + (double)j / c->slice_scale;
        while (seg + 1 < n && CPI_TIME(c, seg + 1) <= st)
            seg++;
        c->slices[j] = (uint32_t)seg;
    }
}

void cpi_curve_reslice(cp_curve *c, double t0, double t1)
{
    if (!c->owns_slices || !c->slices || c->nseg == 0)
        return;
    if (!(t0 > c->start) && !(t1 < c->end)) { /* the whole table, over the curve's range as it is now */
        build_slices(c);
        return;
    }
    const size_t n = c->nseg;
    const double x0 = (t0 - c->start) * c->slice_scale, x1 = (t1 - c->start) * c->slice_scale;
    const size_t j0 = x0 <= 1 ? 0 : x0 >= (double)c->nslices ? c->nslices : (size_t)x0 - 1;
    const size_t j1 = x1 >= (double)c->nslices - 1 ? c->nslices : (size_t)x1 + 2;
    /* as build_slices, from the segment holding the first slice's start on */
    size_t seg = 0, hi = n - 1;
    const double s0 = c->start + (double)j0 / c->slice_scale;
    while (seg < hi) {
        const size_t mid = seg + (hi - seg + 1) / 2;
        if (CPI_TIME(c, mid) <= s0)
            seg = mid;
        else
            hi = mid - 1;
    }
    for (size_t j = j0; j <= j1; j++) {
        const double st = c->start + (double)j / c->slice_scale;
        while (seg + 1 < n && CPI_TIME(c, seg + 1) <= st)
            seg++;
        c->slices[j] = (uint32_t)seg;
    }
}

cp_curve *cpi_curve_alloc(const cp_allocator *alloc, int dim, size_t count, cp_curve_mode mode, int rotation, int loop, double period,
                          int split, cp_error *error)
{
    cp_curve *c = cpi_calloc(alloc, 1, sizeof *c);
    if (!c) {
        cpi_error_set(error, CP_ERR_MEMORY, "curve: out of memory");
        return NULL;
    }
    const int closed = period > 0;
    c->alloc = cpi_allocator_copy(alloc);
    c->dim = dim;
    c->stride = 1 + (split ? 3 : 2) * dim;
    c->tin = 1 + dim;
    c->tout = 1 + (split ? 2 : 1) * dim;
    c->mode = mode;
    c->rotation = rotation != 0;
    c->count = count;
    c->nseg = closed ? count : count - 1;
    c->period = closed ? period : 0.0;
    c->seam_sign = 1.0;
    c->loop = closed || loop;
    c->rec = cpi_alloc_large(alloc, c->nseg + 1, (size_t)c->stride * sizeof *c->rec);
    if (!c->rec) {
        cpi_free(alloc, c);
        cpi_error_set(error, CP_ERR_MEMORY, "curve: out of memory for %zu keys", count);
        return NULL;
    }
    return c;
}

void cpi_curve_seam(cp_curve *c)
{
    c->start = CPI_TIME(c, 0);
    c->end = c->period > 0 ? c->start + c->period : CPI_TIME(c, c->count - 1);
    if (c->period > 0) {
        double *seam = c->rec + c->count * (size_t)c->stride;
        seam[0] = c->end;
        for (int j = 1; j < c->stride; j++)
            seam[j] = c->seam_sign * c->rec[j];
    }
}

int cpi_curve_finish(cp_curve *c, const cp_curve *index_from, cp_error *error)
{
    cpi_curve_seam(c);
    if (c->nseg == 0)
        return CP_OK;
    if (index_from && index_from->nseg == c->nseg && index_from->slices) {
        c->nslices = index_from->nslices;
        c->slice_scale = index_from->slice_scale;
        c->slices = index_from->slices;
        c->owns_slices = 0;
        return CP_OK;
    }
    const size_t nslices = c->nseg < CPI_MAX_SLICES ? c->nseg : CPI_MAX_SLICES;
    c->slices = cpi_alloc_array(&c->alloc, nslices + 1, sizeof *c->slices);
    if (!c->slices)
        return cpi_error_set(error, CP_ERR_MEMORY, "curve: out of memory for the index of %zu keys", c->count);
    c->owns_slices = 1;
    build_slices(c);
    return CP_OK;
}

cp_curve *cp_curve_create(const cp_curve_desc *desc, cp_error *error)
{
    if (cpi_curve_validate(desc, error) != CP_OK)
        return NULL;
    const int d = desc->dim;
    const int split = desc->in_tangents != desc->out_tangents;
    cp_curve *c = cpi_curve_alloc(desc->allocator, d, desc->count, desc->mode, desc->rotation, desc->loop, desc->period, split, error);
    if (!c)
        return NULL;
    c->seam_sign = desc->period > 0 && desc->antiperiodic ? -1.0 : 1.0;
    for (size_t i = 0; i < desc->count; i++) {
        double *r = c->rec + i * (size_t)c->stride;
        const size_t o = i * (size_t)d;
        r[0] = desc->times[i];
        for (int j = 0; j < d; j++) {
            r[1 + j] = desc->values[o + (size_t)j];
            r[c->tin + j] = desc->in_tangents ? desc->in_tangents[o + (size_t)j] : 0.0;
            r[c->tout + j] = desc->out_tangents ? desc->out_tangents[o + (size_t)j] : 0.0;
        }
    }
    if (cpi_curve_finish(c, NULL, error) != CP_OK) {
        cp_curve_destroy(c);
        return NULL;
    }
    cpi_error_clear(error);
    return c;
}

void cp_curve_destroy(cp_curve *curve)
{
    if (!curve)
        return;
    const cp_allocator a = curve->alloc;
    cpi_free(&a, curve->rec);
    if (curve->owns_slices)
        cpi_free(&a, curve->slices);
    cpi_free(&a, curve);
}

/* ---- time mapping and segment search --------------------------------------- */

double cpi_curve_local_time(const cp_curve *c, double t, int side, int *odd)
{
    *odd = 0;
    if (isnan(t))
        t = c->start;
    const double span = c->end - c->start;
    if (!c->loop || !(span > 0)) {
        if (t < c->start)
            return c->start;
        return t > c->end ? c->end : t;
    }
    if (t >= c->start && t < c->end && side >= 0) /* the common case: inside the first cycle */
        return t;
    if (t > c->start && t <= c->end && side < 0) /* a left limit in the first cycle: exact, like the above */
        return t;
    if (isinf(t))
        return t > 0 ? c->end : c->start;
    double r = fmod(t - c->start, span);
    if (r < 0)
        r += span;
    if (r >= span) /* rounding of r + span */
        r = 0.0;
    if (side < 0 && r == 0.0)
        r = span;
    /* the parity of the number of periods removed, for anti-periodic curves
     * (computed for every curve: a path reads it off its position curve) */
    double k = nearbyint((t - c->start - r) / span);
    *odd = fmod(fabs(k), 2.0) == 1.0;
    double local = c->start + r;
    return local > c->end ? c->end : local;
}

/* The largest i < nseg with times[i] <= t, starting from the guess: a few
 * steps to neighbouring keys (records the caller has usually prefetched),
 * then binary search within the slice if the keys there are very uneven. */
static size_t find_from(const cp_curve *c, double t, size_t g)
{
    const size_t n = c->nseg;
    if (n <= 1)
        return 0;
    for (int step = 0; step < 8; step++) {
        if (CPI_TIME(c, g) > t) {
            if (g == 0)
                return 0;
            g--;
        } else if (g + 1 < n && CPI_TIME(c, g + 1) <= t) {
            g++;
        } else {
            return g;
        }
    }
    /* far from the guess: search the whole slice, whose bounds hold t */
    const double x = (t - c->start) * c->slice_scale;
    const size_t j = x <= 0 ? 0 : x >= (double)c->nslices ? c->nslices - 1 : (size_t)x;
    size_t lo = c->slices[j], hi = c->slices[j + 1];
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2;
        if (CPI_TIME(c, mid) <= t)
            lo = mid;
        else
            hi = mid - 1;
    }
    /* the slice bounds are computed in floating point: step across an edge
     * if rounding put t on the wrong side of one */
    while (lo > 0 && CPI_TIME(c, lo) > t)
        lo--;
    while (lo + 1 < n && CPI_TIME(c, lo + 1) <= t)
        lo++;
    return lo;
}

static size_t find_segment(const cp_curve *c, double t)
{
    if (c->nseg <= 1)
        return 0;
    size_t g = cpi_curve_guess(c, t);
    cpi_prefetch_records(c, g > 0 ? g - 1 : 0, 4);
    return find_from(c, t, g);
}

size_t cpi_curve_segment_from(const cp_curve *c, double t, int side, size_t guess)
{
    size_t i = find_from(c, t, guess);
    if (side < 0 && i > 0 && CPI_TIME(c, i) >= t)
        i--;
    return i;
}

size_t cpi_curve_segment(const cp_curve *c, double t, int side)
{
    size_t i = find_segment(c, t);
    if (side < 0 && i > 0 && CPI_TIME(c, i) >= t)
        i--;
    return i;
}

size_t cpi_curve_segment_cursor(const cp_curve *c, size_t *cursor, double t)
{
    const size_t n = c->nseg;
    size_t i = *cursor;
    if (n <= 1) {
        i = 0;
    } else if (i < n && CPI_TIME(c, i) <= t) {
        if (i + 1 < n && CPI_TIME(c, i + 1) <= t) {
            if (i + 2 >= n || t < CPI_TIME(c, i + 2))
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
    const double *k0 = c->rec + seg * (size_t)c->stride;
    double tv[CP_CURVE_MAX_DIM], t1[CP_CURVE_MAX_DIM], t2[CP_CURVE_MAX_DIM];
    double *ov = v ? v : tv, *o1 = d1 ? d1 : t1, *o2 = d2 ? d2 : t2;
    if (c->nseg == 0) {
        for (int j = 0; j < d; j++) {
            ov[j] = sign * k0[1 + j];
            o1[j] = o2[j] = 0.0;
        }
        return;
    }
    const double *k1 = k0 + c->stride;
    const double h = k1[0] - k0[0];
    double u = (t - k0[0]) / h;
    u = u < 0.0 ? 0.0 : u > 1.0 ? 1.0 : u;

    switch (c->mode) {
    case CP_CURVE_CUBIC: {
        const double *p0 = k0 + 1, *m0 = k0 + c->tout, *p1 = k1 + 1, *m1 = k1 + c->tin;
        switch (d) { /* 1..4, checked at creation: each case a constant for the unrolled kernel */
        case 1: cpi_hermite(1, p0, m0, p1, m1, h, u, sign, ov, o1, o2); break;
        case 2: cpi_hermite(2, p0, m0, p1, m1, h, u, sign, ov, o1, o2); break;
        case 3: cpi_hermite(3, p0, m0, p1, m1, h, u, sign, ov, o1, o2); break;
        default: cpi_hermite(4, p0, m0, p1, m1, h, u, sign, ov, o1, o2); break;
        }
        return;
    }
    case CP_CURVE_LINEAR:
        if (c->rotation) {
            slerp_segment(k0 + 1, k1 + 1, u, h, sign, ov, o1, o2);
            return;
        }
        for (int j = 0; j < d; j++) {
            ov[j] = sign * (k0[1 + j] + u * (k1[1 + j] - k0[1 + j]));
            o1[j] = sign * (k1[1 + j] - k0[1 + j]) / h;
            o2[j] = 0.0;
        }
        return;
    case CP_CURVE_STEP:
    default: {
        /* hold the earlier key; only the very end of an open curve shows the last key */
        const double *k = (u >= 1.0 && seg + 1 == c->nseg && !c->loop) ? k1 : k0;
        for (int j = 0; j < d; j++) {
            ov[j] = sign * k[1 + j];
            o1[j] = o2[j] = 0.0;
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

void cpi_curve_eval_rotation(const cp_curve *c, size_t seg, double t, double sign, cp_quat *q, cp_vec3 *omega,
                             cp_vec3 *alpha)
{
    double p[4], p1[4], p2[4];
    cpi_curve_eval(c, seg, t, sign, p, p1, p2);
    cpi_rotation_from_r4(p, p1, p2, q, omega, alpha);
}

/* ---- public sampling --------------------------------------------------------- */

static void sample_at(const cp_curve *c, size_t seg, double local, int odd, double *v, double *d1, double *d2)
{
    const double sign = cpi_curve_sign(c, odd);
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
    int odd;
    double local = cpi_curve_local_time(curve, t, 0, &odd);
    sample_at(curve, cpi_curve_segment(curve, local, 0), local, odd, value, d1, d2);
}

void cp_curve_sample_cursor(const cp_curve *curve, size_t *cursor, double t, double *value, double *d1,
                            double *d2)
{
    int odd;
    double local = cpi_curve_local_time(curve, t, 0, &odd);
    sample_at(curve, cpi_curve_segment_cursor(curve, cursor, local), local, odd, value, d1, d2);
}

void cp_curve_sample_side(const cp_curve *curve, double t, int side, double *value, double *d1, double *d2)
{
    int odd;
    double local = cpi_curve_local_time(curve, t, side, &odd);
    sample_at(curve, cpi_curve_segment(curve, local, side), local, odd, value, d1, d2);
}

void cp_curve_sample_rotation(const cp_curve *curve, double t, int side, cp_quat *rotation,
                              cp_vec3 *angular_velocity, cp_vec3 *angular_acceleration)
{
    if (curve->dim != 4) { /* not a quaternion curve: a caller bug, answer harmlessly */
        if (rotation)
            *rotation = cp_quat_identity();
        if (angular_velocity)
            *angular_velocity = cp_vec3_make(0, 0, 0);
        if (angular_acceleration)
            *angular_acceleration = cp_vec3_make(0, 0, 0);
        return;
    }
    int odd;
    double local = cpi_curve_local_time(curve, t, side, &odd);
    size_t seg = cpi_curve_segment(curve, local, side);
    cpi_curve_eval_rotation(curve, seg, local, cpi_curve_sign(curve, odd), rotation, angular_velocity,
                            angular_acceleration);
}

/* ---- inspection ------------------------------------------------------------- */

int cp_curve_dim(const cp_curve *curve) { return curve->dim; }
cp_curve_mode cp_curve_get_mode(const cp_curve *curve) { return curve->mode; }
bool cp_curve_is_rotation(const cp_curve *curve) { return curve->rotation != 0; }
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
    const double *r = curve->rec + i * (size_t)curve->stride;
    if (time)
        *time = r[0];
    if (value)
        memcpy(value, r + 1, (size_t)d * sizeof *r);
    if (in_tangent)
        memcpy(in_tangent, r + curve->tin, (size_t)d * sizeof *r);
    if (out_tangent)
        memcpy(out_tangent, r + curve->tout, (size_t)d * sizeof *r);
}

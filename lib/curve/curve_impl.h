/* SPDX-License-Identifier: MIT */
/* lib/curve/curve_impl.h - the curve's layout and segment-level evaluation, shared
 * by the curve, tangent, rotation, path and arc-length code (not installed). */
#ifndef CAMPATH_CURVE_IMPL_H
#define CAMPATH_CURVE_IMPL_H

#include <stdint.h>

#include <math.h>

#include "campath/curve.h"

/* Keys are stored as records [time | value | tangent(s)], one after another,
 * so a segment (record i and record i+1) is one contiguous run of memory and
 * a random sample touches few cache lines. Curves built from tangent
 * builders have one tangent per key (in = out, record of 1 + 2 dim doubles);
 * curves created with distinct in- and out-tangents carry both (1 + 3 dim).
 * A closed curve stores one extra record, the seam: seam_sign times key 0 at
 * start + period. Segment lookup uses a small table over uniform time
 * slices (at most CPI_MAX_SLICES entries, so it stays in cache): the segment
 * is interpolated within its slice and corrected by stepping to the
 * neighbouring keys, with binary search as the fallback: O(1) for evenly
 * spread keys, O(log n) at worst. The channels of a path share one table. */
struct cp_curve {
    int            dim;
    int            stride;       /* doubles per record */
    int            tin, tout;    /* offsets of the in- and out-tangent in a record */
    cp_curve_mode  mode;
    int            rotation;
    int            loop;
    size_t         count;        /* keys given */
    size_t         nseg;         /* segments: count - 1 when open, count when closed */
    double        *rec;          /* (nseg + 1, at least 1) records */
    double         start, end;   /* time range of one cycle */
    double         period;       /* 0 when open */
    double         seam_sign;    /* -1 for an anti-periodic closed curve */
    size_t         nslices;
    double         slice_scale;  /* slices per second */
    uint32_t      *slices;       /* nslices + 1: the segment holding each slice's start */
    int            owns_slices;  /* 0 when borrowed from another curve with the same times */
    cp_allocator   alloc;        /* what the curve was allocated with */
};

#define CPI_TIME(c, i) ((c)->rec[(size_t)(i) * (size_t)(c)->stride])
#define CPI_VALUE(c, i) ((c)->rec + (size_t)(i) * (size_t)(c)->stride + 1)

/* Allocates a curve (with `alloc`, kept in the curve) for `count` keys whose records the caller fills (time
 * and value; tangents too unless cpi_curve_solve computes them), then
 * finishes with cpi_curve_finish. `split` gives separate in/out tangents. */
cp_curve *cpi_curve_alloc(const cp_allocator *alloc, int dim, size_t count, cp_curve_mode mode, int rotation, int loop, double period,
                          int split, cp_error *error);

/* Computes one tangent per key in place with a tangent builder (C2,
 * bisector, Catmull-Rom), honouring the curve's period and seam sign. */
int cpi_curve_solve(cp_curve *c, cp_interp interp, cp_ends ends, cp_error *error);

/* The C2 tangents (CP_INTERP_C2) of up to CPI_SHARED_MAX curves with the
 * same key times (the same count, records filled, not split), solved as
 * cpi_curve_solve solves each, to the bit, in one factorisation and one
 * pair of sweeps for all when the ends are open. */
#define CPI_SHARED_MAX 8
int cpi_curves_solve_c2(cp_curve *const *curves, int ncurves, cp_ends ends, cp_error *error);

/* Sets start and end and writes the seam record of a closed curve (from key
 * 0 and the seam sign); cpi_curve_solve and cpi_curve_finish call it. */
void cpi_curve_seam(cp_curve *c);

/* Writes the seam record of a closed curve and builds the slice table, or
 * borrows `index_from`'s when not NULL (it must have the same key times and
 * outlive this curve). */
int cpi_curve_finish(cp_curve *c, const cp_curve *index_from, cp_error *error);

/* Builds the slice table again where key times changed in place: the
 * slices whose start lies in [t0, t1] (the table's slices stay as wide as
 * they were; a range that grew past them is found by the search's steps),
 * or (t0 <= start and t1 >= end) the whole table over the curve's start and
 * end as they are now. A curve that borrows its table is left alone. */
void cpi_curve_reslice(cp_curve *c, double t0, double t1);

/* Maps a sample time into one cycle: clamps (open) or wraps (loop). *odd is
 * set when an odd number of periods was removed (anti-periodic curves change
 * sign there). side < 0 maps a cycle boundary to the end of the previous
 * cycle, so left limits at the seam are taken there. */
double cpi_curve_local_time(const cp_curve *c, double t, int side, int *odd);

/* The sign of a curve's value in a cycle reached by an odd number of periods. */
static inline double cpi_curve_sign(const cp_curve *c, int odd) { return odd ? c->seam_sign : 1.0; }

/* The segment holding local time t: the largest i < nseg with times[i] <= t,
 * or with side < 0 the largest with times[i] < t (0 at the start). */
size_t cpi_curve_segment(const cp_curve *c, double t, int side);

/* The same from a guess (cpi_curve_guess) whose records were prefetched. */
size_t cpi_curve_segment_from(const cp_curve *c, double t, int side, size_t guess);

/* Segment search starting from a cursor, for increasing times. */
size_t cpi_curve_segment_cursor(const cp_curve *c, size_t *cursor, double t);

/* Raw value and derivatives of segment `seg` at local time t (no
 * normalisation for rotation curves), multiplied by `sign`. Outputs may be
 * NULL. For a rotation curve in LINEAR mode this is the slerp. */
void cpi_curve_eval(const cp_curve *c, size_t seg, double t, double sign, double *v, double *d1, double *d2);

/* A rotation curve's unit quaternion, angular velocity and acceleration at
 * local time t in segment seg; outputs may be NULL. */
void cpi_curve_eval_rotation(const cp_curve *c, size_t seg, double t, double sign, cp_quat *q, cp_vec3 *omega,
                             cp_vec3 *alpha);

/* ---- the hot kernels, inline so the path's sampler can use them directly ---- */

/* Forced inlining: the dimension argument must become a constant at each
 * call site for the loops to unroll (measured: 3x fewer instructions). */
#if defined(__GNUC__) || defined(__clang__)
#define CPI_HOT static inline __attribute__((always_inline))
#else
#define CPI_HOT static inline
#endif
#if defined(__clang__)
#define CPI_UNROLL _Pragma("unroll")
#elif defined(__GNUC__)
#define CPI_UNROLL _Pragma("GCC unroll 4")
#else
#define CPI_UNROLL
#endif

/* The cubic Hermite basis at u in a segment of duration h, with its first
 * and second time derivatives (docs/math.md), ready to apply to any number of
 * channels that share the segment. Tangent terms carry h. */
typedef struct cpi_basis {
    double b00, b10, b01, b11; /* value: p0, m0, p1, m1 */
    double e00, e10, e11;      /* first derivative: (p0 - p1), m0, m1 */
    double f00, f10, f11;      /* second derivative: (p0 - p1), m0, m1 */
} cpi_basis;

CPI_HOT void cpi_basis_make2(double h, double ih, double u, cpi_basis *B)
{
    const double u2 = u * u, u3 = u2 * u;
    const double ih2 = ih * ih;
    B->b00 = 2 * u3 - 3 * u2 + 1, B->b10 = (u3 - 2 * u2 + u) * h;
    B->b01 = -2 * u3 + 3 * u2, B->b11 = (u3 - u2) * h;
    B->e00 = (6 * u2 - 6 * u) * ih, B->e10 = 3 * u2 - 4 * u + 1, B->e11 = 3 * u2 - 2 * u;
    B->f00 = (12 * u - 6) * ih2, B->f10 = (6 * u - 4) * ih, B->f11 = (6 * u - 2) * ih;
}

/* Value and both derivatives of D components; every output times `sign`.
 * `D` is a constant at the call sites, so the loop unrolls. */
CPI_HOT void cpi_basis_apply(int D, const cpi_basis *B, const double *p0, const double *m0, const double *p1,
                             const double *m1, double sign, double *v, double *d1, double *d2)
{
    CPI_UNROLL
    for (int j = 0; j < D; j++) {
        const double dp = p0[j] - p1[j];
        v[j] = sign * (B->b00 * p0[j] + B->b10 * m0[j] + B->b01 * p1[j] + B->b11 * m1[j]);
        d1[j] = sign * (B->e00 * dp + B->e10 * m0[j] + B->e11 * m1[j]);
        d2[j] = sign * (B->f00 * dp + B->f10 * m0[j] + B->f11 * m1[j]);
    }
}

/* The basis at u for a segment of duration h (1 / h computed here). */
CPI_HOT void cpi_basis_make(double h, double u, cpi_basis *B) { cpi_basis_make2(h, 1.0 / h, u, B); }

CPI_HOT void cpi_hermite(int D, const double *p0, const double *m0, const double *p1, const double *m1, double h,
                         double u, double sign, double *v, double *d1, double *d2)
{
    cpi_basis B;
    cpi_basis_make(h, u, &B);
    cpi_basis_apply(D, &B, p0, m0, p1, m1, sign, v, d1, d2);
}

/* The position in a segment: u in [0, 1], the duration h and 1 / h. u is a
 * quotient, as in cpi_curve_eval: (t1 - t0) / h is exactly 1, so the last
 * key is reproduced bit for bit, where (t1 - t0) * (1 / h) can fall an ulp
 * short of 1. The two divisions are independent and overlap. */
CPI_HOT double cpi_segment_u(const cp_curve *c, size_t seg, double t, double *h, double *ih)
{
    const double *k0 = c->rec + seg * (size_t)c->stride;
    *h = k0[c->stride] - k0[0];
    *ih = 1.0 / *h;
    const double u = (t - k0[0]) / *h;
    return u < 0.0 ? 0.0 : u > 1.0 ? 1.0 : u;
}

/* Applies a basis to segment `seg` of a CUBIC curve of dimension D. */
CPI_HOT void cpi_cubic_apply(int D, const cp_curve *c, size_t seg, const cpi_basis *B, double sign, double *v,
                             double *d1, double *d2)
{
    const double *k0 = c->rec + seg * (size_t)c->stride, *k1 = k0 + c->stride;
    cpi_basis_apply(D, B, k0 + 1, k0 + c->tout, k1 + 1, k1 + c->tin, sign, v, d1, d2);
}

/* The vector part of a conj(b) for quaternions stored (x, y, z, w). */
CPI_HOT cp_vec3 cpi_vec_mul_conj(const double *a, const double *b)
{
    return cp_vec3_make(a[0] * b[3] - a[3] * b[0] - a[1] * b[2] + a[2] * b[1],
                        a[1] * b[3] - a[3] * b[1] + a[0] * b[2] - a[2] * b[0],
                        a[2] * b[3] - a[3] * b[2] - a[0] * b[1] + a[1] * b[0]);
}

/* Orientation from the R^4 curve p and its derivatives: q = p / |p|,
 * omega = 2 vec(p' conj p) / |p|^2, alpha = 2 vec(p'' conj p) / |p|^2 - 2 s omega
 * with s = (p . p') / |p|^2 (docs/math.md); exact for slerp too, where |p| = 1. */
CPI_HOT void cpi_rotation_from_r4(const double *p, const double *p1, const double *p2, cp_quat *q,
                                        cp_vec3 *omega, cp_vec3 *alpha)
{
    const double r2 = p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3];
    const double ir2 = 1.0 / r2; /* one division for all: sampling is division-bound */
    if (q) {
        const double ir = sqrt(ir2);
        *q = cp_quat_make(p[0] * ir, p[1] * ir, p[2] * ir, p[3] * ir);
    }
    if (!omega && !alpha)
        return;
    const double k = 2.0 * ir2;
    const double s = (p[0] * p1[0] + p[1] * p1[1] + p[2] * p1[2] + p[3] * p1[3]) * ir2;
    const cp_vec3 w = cp_vec3_scale(cpi_vec_mul_conj(p1, p), k);
    if (omega)
        *omega = w;
    if (alpha)
        *alpha = cp_vec3_sub(cp_vec3_scale(cpi_vec_mul_conj(p2, p), k), cp_vec3_scale(w, 2.0 * s));
}

#if defined(__GNUC__) || defined(__clang__)
#define CPI_PREFETCH(addr) __builtin_prefetch(addr)
#else
#define CPI_PREFETCH(addr) ((void)(addr))
#endif

/* Starts loading `count` records from record `first` into the cache (no
 * effect on results). Records are not cache-line aligned, so a segment's two
 * keys span up to three or four lines. */
CPI_HOT void cpi_prefetch_records(const cp_curve *c, size_t first, size_t count)
{
    if (first + count > c->nseg + 1)
        count = first <= c->nseg ? c->nseg + 1 - first : 0;
    const char *r = (const char *)(c->rec + first * (size_t)c->stride);
    const size_t bytes = count * (size_t)c->stride * sizeof(double);
    for (size_t off = 0; off < bytes; off += 64)
        CPI_PREFETCH(r + off);
    if (bytes)
        CPI_PREFETCH(r + bytes - 1);
}

/* At most this many slices: 128 KiB of table, which mostly stays in the L2
 * cache while random samples stream key records through it (measured on
 * 10^6 keys: 8192 slices guess too coarsely on uneven keys, 131072 no longer
 * stay cached; docs/performance.md). */
#define CPI_MAX_SLICES 32768

/* A guess of the segment holding local time t, from the slice table alone
 * (no key record is read): the segment at the slice's start, plus the
 * fraction of the slice times the segments it spans. Exact for evenly
 * spaced keys, a few segments off for uneven ones; callers prefetch around
 * it, then cpi_curve_segment finds the answer. */
CPI_HOT size_t cpi_curve_guess(const cp_curve *c, double t)
{
    if (c->nseg <= 1)
        return 0;
    const double x = (t - c->start) * c->slice_scale;
    const size_t j = x <= 0 ? 0 : x >= (double)c->nslices ? c->nslices - 1 : (size_t)x;
    const double f = x - (double)j;
    const size_t lo = c->slices[j], hi = c->slices[j + 1];
    const size_t g = lo + (size_t)((f > 0 ? f : 0) * (double)(hi - lo + 1));
    return g > hi ? hi : g;
}

/* Why a segment of a built curve could sample to inf or NaN (cpi_curve_range). */
typedef enum cpi_range_fault {
    CPI_RANGE_OK = 0,
    CPI_RANGE_VALUES,  /* values or their difference beyond the limit */
    CPI_RANGE_SPACING, /* a segment so short that 1 / h or 1 / h^2 is beyond the limits */
    CPI_RANGE_DERIVS   /* velocity or acceleration terms (slopes, tangents) beyond the limits */
} cpi_range_fault;

/* The limits of the terms the sampler sums: values (and tangents times the
 * segment's length), first-derivative terms (smaller where a caller squares
 * them: rotation curves, look-at views), second-derivative terms. */
typedef struct cpi_range_limits {
    double value, d1, d2;
} cpi_range_limits;

/* The first segment (in *seg) of a built curve whose sample could overflow:
 * every term the sampler sums within its limit. lib/curve/curve_range.c. */
cpi_range_fault cpi_curve_range(const cp_curve *c, const cpi_range_limits *limits, size_t *seg);
/* The same for segment `seg` alone. */
cpi_range_fault cpi_curve_segment_range(const cp_curve *c, size_t seg, const cpi_range_limits *limits);

/* Checks a description as cp_curve_create does (CP_OK or a status). */
int cpi_curve_validate(const cp_curve_desc *desc, cp_error *error);

/* Checks times and values for the builders (finite, increasing, period). */
int cpi_check_keys(int dim, size_t count, const double *times, const double *values, cp_ends ends, double period,
                   cp_error *error);


/* The curve mode an interpolation evaluates with. */
cp_curve_mode cpi_interp_mode(cp_interp interp);

/* An orientation curve from quaternions read through byte strides (so that
 * cp_key arrays and cp_quat arrays both work). `index_from` as for
 * cpi_curve_finish (used only if no key had to be inserted). Errors name
 * keys[i].rotation, or keys[i].TIME_NAME when the times are at fault. */
cp_curve *cpi_rotation_build(const cp_allocator *alloc, size_t count, const double *times, size_t tstride_bytes, const cp_quat *rotations,
                             size_t qstride_bytes, cp_interp interp, cp_ends ends, double period,
                             const cp_curve *index_from, const char *time_name, cp_error *error);

/* The same in steps, for a caller that fills the records itself (times, and
 * values through cpi_rotation_chain from the first key on, prev starting
 * at 0), then calls cpi_rotation_loaded, solves the tangents of a CUBIC
 * curve (cpi_curve_solve or cpi_curves_solve_c2) and finishes with
 * cpi_rotation_complete, which takes the curve over (the guard, keys
 * inserted where it fails, the index): the guarded curve or NULL. */
cp_curve *cpi_rotation_alloc(const cp_allocator *alloc, size_t count, cp_interp interp, cp_ends ends, double period, cp_error *error);
void cpi_rotation_loaded(cp_curve *c, cp_ends ends);
cp_curve *cpi_rotation_complete(cp_curve *c, cp_interp interp, cp_ends ends, double period,
                                const cp_curve *index_from, const char *time_name, cp_error *error);

/* A key's quaternion q (finite, not near 0) normalised and put in the
 * hemisphere of the one before (prev, updated), written to out[0..3]. */
CPI_HOT void cpi_rotation_chain(double prev[4], cp_quat q, double *out)
{
    const double len = cp_quat_length(q);
    q = cp_quat_scale(q, 1.0 / len);
    if (q.x * prev[0] + q.y * prev[1] + q.z * prev[2] + q.w * prev[3] < 0)
        q = cp_quat_neg(q);
    out[0] = prev[0] = q.x, out[1] = prev[1] = q.y, out[2] = prev[2] = q.z, out[3] = prev[3] = q.w;
}

#endif /* CAMPATH_CURVE_IMPL_H */

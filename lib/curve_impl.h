/* lib/curve_impl.h - the curve's layout and segment-level evaluation, shared
 * by the curve, rotation, path and arc-length code (not installed). */
#ifndef CAMPATH_CURVE_IMPL_H
#define CAMPATH_CURVE_IMPL_H

#include <stdint.h>

#include "campath/curve.h"

/* Keys are stored key after key as [value | in-tangent | out-tangent], so a
 * segment's data (key i and key i+1) is one contiguous run of memory. A
 * closed curve stores one extra key, the seam: seam_sign times key 0 at
 * start + period. Segment lookup uses a bucket index over uniform time
 * slices: O(1) for evenly spread keys, O(log n) at worst. */
struct cp_curve {
    int            dim;
    int            stride;       /* 3 * dim doubles per key */
    cp_curve_mode  mode;
    int            rotation;
    int            loop;
    size_t         count;        /* keys given */
    size_t         nseg;         /* segments: count - 1 when open, count when closed */
    double        *times;        /* nseg + 1 (or 1 when count == 1) */
    double        *data;         /* (nseg + 1) * stride */
    double         start, end;   /* time range of one cycle */
    double         period;       /* 0 when open */
    double         seam_sign;    /* -1 for an anti-periodic closed curve */
    size_t         nbuckets;
    double         bucket_scale; /* buckets per second */
    uint32_t      *buckets;      /* nbuckets + 1 segment indices */
};

/* Maps a sample time into one cycle: clamps (open) or wraps (loop), giving
 * the local time and the sign the value takes there (anti-periodic curves
 * change sign every period). side < 0 maps a cycle boundary to the end of
 * the previous cycle, so left limits at the seam are taken there. */
double cpi_curve_local_time(const cp_curve *c, double t, int side, double *sign);

/* The segment holding local time t: the largest i < nseg with times[i] <= t,
 * or with side < 0 the largest with times[i] < t (0 at the start). */
size_t cpi_curve_segment(const cp_curve *c, double t, int side);

/* Segment search starting from a cursor, for increasing times. */
size_t cpi_curve_segment_cursor(const cp_curve *c, size_t *cursor, double t);

/* Raw value and derivatives of segment `seg` at local time t (no
 * normalisation for rotation curves), multiplied by `sign`. Outputs may be
 * NULL. For a rotation curve in LINEAR mode this is the slerp. */
void cpi_curve_eval(const cp_curve *c, size_t seg, double t, double sign,
                    double *v, double *d1, double *d2);

/* A rotation curve's unit quaternion, angular velocity and acceleration at
 * local time t in segment seg; outputs may be NULL. */
void cpi_curve_eval_rotation(const cp_curve *c, size_t seg, double t, double sign,
                             cp_quat *q, cp_vec3 *omega, cp_vec3 *alpha);

/* Checks a description as cp_curve_create does (CP_OK or a status). */
int cpi_curve_validate(const cp_curve_desc *desc, cp_error *error);

/* Runs the tangent builder for a cubic interpolation (C2, bisector, Catmull-Rom). */
int cpi_build_tangents(cp_interp interp, int dim, size_t count, const double *times, const double *values,
                       cp_ends ends, double period, double seam_sign, double *tangents, cp_error *error);

/* The curve mode an interpolation evaluates with. */
cp_curve_mode cpi_interp_mode(cp_interp interp);

#endif /* CAMPATH_CURVE_IMPL_H */

/* SPDX-License-Identifier: MIT */
/* campath/curve.h - the one curve type: keyframes in R^1..R^4, sampled with
 * value, first and second derivative; the tangent builders; rotation curves.
 *
 * A curve is a list of keys (time, value, in-tangent, out-tangent), the
 * glTF animation sampler model. Between two keys it is STEP (hold the
 * earlier key), LINEAR, or CUBIC: the cubic Hermite segment of glTF 2.0
 * (Appendix C, "Spline Interpolation"), where tangents are per second and are
 * scaled by the segment's duration h:
 *
 *     p(u) = (2u^3-3u^2+1) v_k + (u^3-2u^2+u) h b_k + (-2u^3+3u^2) v_k+1 + (u^3-u^2) h a_k+1
 *
 * with u = (t - t_k) / h, b_k the out-tangent of key k and a_k+1 the
 * in-tangent of key k+1.
 *
 * Tangents usually come from a builder: the C2 solve (continuous
 * acceleration, exact, O(n); see docs/math.md), bisector tangents (C1) or
 * Catmull-Rom (C1). `cp_curve_build` does both steps; `cp_curve_build_rotation`
 * builds a C2 orientation curve from unit quaternions by splining in R^4.
 *
 * Quick start:
 *
 *     double t[3] = {0, 1, 3}, v[3] = {60, 45, 70};
 *     cp_curve *c = cp_curve_build(1, 3, t, v, CP_INTERP_C2, CP_ENDS_NATURAL, 0, &err);
 *     double fov, dfov;
 *     cp_curve_sample(c, 2.0, &fov, &dfov, NULL);
 *     cp_curve_destroy(c);
 *
 * Memory: a curve copies what it is given; the caller keeps its arrays.
 * Curves are immutable once built and may be sampled from many threads.
 */
#ifndef CAMPATH_CURVE_H
#define CAMPATH_CURVE_H

#include <stddef.h>

#include "common.h"
#include "math.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CP_CURVE_MAX_DIM 4

/* How a path (or a builder) shapes the curve between keys. */
typedef enum cp_interp {
    CP_INTERP_C2 = 0,      /* tangents solved for continuous acceleration */
    CP_INTERP_BISECTOR,    /* bisector tangents (C1) */
    CP_INTERP_CATMULL_ROM, /* non-uniform Catmull-Rom (C1) */
    CP_INTERP_LINEAR,      /* lerp; slerp for rotation (C0) */
    CP_INTERP_STEP         /* hold the previous key */
} cp_interp;

/* What happens at the first and last key. */
typedef enum cp_ends {
    CP_ENDS_NATURAL = 0,   /* zero acceleration at the first and last key */
    CP_ENDS_REST,          /* zero velocity at the first and last key */
    CP_ENDS_CLOSED         /* a loop: back at key 0 at time keys[0].time + period, C2 across the seam */
} cp_ends;

/* How a curve is evaluated between two keys. */
typedef enum cp_curve_mode {
    CP_CURVE_CUBIC = 0,    /* cubic Hermite with the keys' tangents */
    CP_CURVE_LINEAR,       /* straight line; shortest-path slerp for rotation curves */
    CP_CURVE_STEP          /* the earlier key's value */
} cp_curve_mode;

/* A curve described key by key: what glTF calls a sampler. */
typedef struct cp_curve_desc {
    int            dim;          /* components per value, 1..4 (4 for rotation) */
    size_t         count;        /* number of keys, >= 1 */
    const double  *times;        /* count times in seconds, strictly increasing */
    const double  *values;       /* count * dim numbers, key after key */
    const double  *in_tangents;  /* count * dim, per second; NULL = zero (CUBIC only) */
    const double  *out_tangents; /* count * dim, per second; NULL = zero (CUBIC only) */
    cp_curve_mode  mode;
    int            rotation;     /* non-zero: dim 4 quaternions; samples are normalised (S3) */
    int            loop;         /* non-zero: sample times wrap over the key range (or the period) */
    double         period;       /* > 0: closed; a seam segment joins the last key to the first
                                    at times[0] + period (implies loop) */
    int            antiperiodic; /* closed only: value(t + period) = -value(t) (rotation chains
                                    that come back with the opposite sign) */
} cp_curve_desc;

typedef struct cp_curve cp_curve;

/* ---- building ----------------------------------------------------------- */

/* A curve from explicit keys and tangents (validated: finite numbers,
 * increasing times, dim in range). Returns NULL and fills `error` on failure.
 * Destroy with cp_curve_destroy. */
CP_API cp_curve *cp_curve_create(const cp_curve_desc *desc, cp_error *error);

/* A curve through `count` values in R^dim at `times`, shaped by `interp` with
 * end behaviour `ends` (`period` > last - first time for CP_ENDS_CLOSED,
 * ignored otherwise). The tangent builders below do the work. */
CP_API cp_curve *cp_curve_build(int dim, size_t count, const double *times, const double *values,
                         cp_interp interp, cp_ends ends, double period, cp_error *error);

/* An orientation curve through unit quaternions: keys are normalised (zero or
 * non-finite ones are rejected), put in one hemisphere chain (each key on the
 * same side as the one before, so no rotation takes the long way), splined in
 * R^4 and mapped back to S^3 by normalising (Vlachos and Isidoro, Game
 * Programming Gems 2). Where the R^4 curve could come near the origin a
 * midpoint key is inserted, so the curve may hold more keys than were given;
 * paths whose keys are less than 90 degrees apart never need one. A closed
 * chain that returns with the opposite sign is solved anti-periodic. LINEAR is
 * slerp. */
CP_API cp_curve *cp_curve_build_rotation(size_t count, const double *times, const cp_quat *rotations,
                                  cp_interp interp, cp_ends ends, double period, cp_error *error);

/* Frees the curve; NULL is a no-op. */
CP_API void cp_curve_destroy(cp_curve *curve);

/* ---- tangent builders ----------------------------------------------------
 * Each writes one tangent per key (count * dim numbers, per second) for the
 * values at `times`; in- and out-tangents are equal. For CP_ENDS_CLOSED the
 * seam segment runs from the last key to `seam_sign` times the first key at
 * times[0] + period (seam_sign is 1, or -1 for an anti-periodic chain).
 * Returns CP_OK, or the status it wrote to `error`. */

/* The exact C2 solve: tangents m_i such that the second derivative is
 * continuous at every inner key (and across the seam when closed):
 *     h_i m_(i-1) + 2 (h_(i-1) + h_i) m_i + h_(i-1) m_(i+1) = 3 (h_i d_(i-1) + h_(i-1) d_i)
 * Natural ends: zero acceleration; rest ends: zero velocity. O(count). */
CP_API cp_status cp_tangents_c2(int dim, size_t count, const double *times, const double *values,
                                cp_ends ends, double period, double seam_sign, double *tangents, cp_error *error);

/* Bisector tangents (Lowe, "Rounded non-uniform splines", Game Programming
 * Gems 4): along the bisector of the directions to the two neighbours, with
 * the mean speed of the two segments as magnitude. C1. */
CP_API cp_status cp_tangents_bisector(int dim, size_t count, const double *times, const double *values,
                                      cp_ends ends, double period, double seam_sign, double *tangents, cp_error *error);

/* Non-uniform Catmull-Rom: (v_(i+1) - v_(i-1)) / (t_(i+1) - t_(i-1)). C1. */
CP_API cp_status cp_tangents_catmull_rom(int dim, size_t count, const double *times, const double *values,
                                         cp_ends ends, double period, double seam_sign, double *tangents,
                                         cp_error *error);

/* ---- sampling ------------------------------------------------------------ */

/* Value, first and second derivative (per second) at time t; any output may
 * be NULL. Outside the key range an open curve holds its end value and gives
 * the one-sided derivatives at that end; a looping curve wraps. A rotation
 * curve gives the unit quaternion q and the derivatives q', q'' of the unit
 * quaternion itself. */
CP_API void cp_curve_sample(const cp_curve *curve, double t, double *value, double *d1, double *d2);

/* The same, starting the segment search at *cursor (initialise it to 0) and
 * leaving the segment found there: amortised O(1) for increasing times. */
CP_API void cp_curve_sample_cursor(const cp_curve *curve, size_t *cursor, double t,
                            double *value, double *d1, double *d2);

/* Left (side < 0) or right (side >= 0) limit at time t: at a key, side < 0
 * evaluates the segment that ends there. What continuity tests measure. */
CP_API void cp_curve_sample_side(const cp_curve *curve, double t, int side,
                          double *value, double *d1, double *d2);

/* A rotation curve's orientation with world-frame angular velocity (rad/s)
 * and angular acceleration (rad/s^2); outputs may be NULL. side as above
 * (0 = the ordinary sample). */
CP_API void cp_curve_sample_rotation(const cp_curve *curve, double t, int side,
                              cp_quat *rotation, cp_vec3 *angular_velocity,
                              cp_vec3 *angular_acceleration);

/* ---- inspecting ---------------------------------------------------------- */

/* Components per value, 1..4: an int, as cp_curve_desc.dim and the
 * builders' `dim` are (a size, but one that indexes nothing on its own). */
CP_API int           cp_curve_dim(const cp_curve *curve);
CP_API cp_curve_mode cp_curve_get_mode(const cp_curve *curve);
/* Whether the curve is a rotation curve (dim 4, samples normalised). */
CP_API bool          cp_curve_is_rotation(const cp_curve *curve);
/* Keys held, without the seam key of a closed curve. */
CP_API size_t        cp_curve_key_count(const cp_curve *curve);
/* Key i's time and, where not NULL, dim numbers each of value and tangents. */
CP_API void          cp_curve_key(const cp_curve *curve, size_t i, double *time, double *value,
                           double *in_tangent, double *out_tangent);
CP_API double        cp_curve_start(const cp_curve *curve);
/* Last key time, or start + period when closed. */
CP_API double        cp_curve_end(const cp_curve *curve);
/* The period of a closed curve, 0 when open. */
CP_API double        cp_curve_period(const cp_curve *curve);
/* -1 for an anti-periodic closed curve, else 1. */
CP_API double        cp_curve_seam_sign(const cp_curve *curve);

/* Index of the segment holding time t (already inside the curve's range):
 * the largest i with times[i] <= t. O(1) for evenly spread keys (a cached
 * slice table guesses, neighbouring keys correct), O(log n) at worst. */
CP_API size_t        cp_curve_find_segment(const cp_curve *curve, double t);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_CURVE_H */

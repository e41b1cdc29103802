/* SPDX-License-Identifier: MIT */
/* campath/math.h - 3-vectors and quaternions in double precision.
 *
 * Conventions: right-handed, +Y up, metres, seconds, angles in radians here
 * (field of view is in degrees elsewhere). Quaternions are (x, y, z, w) with
 * w the scalar part; a unit quaternion q rotates v to q v conj(q). A camera
 * looks down its local -Z with its local +Y up (the glTF convention).
 *
 * Everything here is a small `static inline` function on values: no
 * allocation, no failure.
 */
#ifndef CAMPATH_MATH_H
#define CAMPATH_MATH_H

#include <math.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cp_vec3 { double x, y, z; } cp_vec3;
typedef struct cp_quat { double x, y, z, w; } cp_quat;

/* ---- cp_vec3 ----------------------------------------------------------- */

static inline cp_vec3 cp_vec3_make(double x, double y, double z) { cp_vec3 r = {x, y, z}; return r; }
static inline cp_vec3 cp_vec3_add(cp_vec3 a, cp_vec3 b) { return cp_vec3_make(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline cp_vec3 cp_vec3_sub(cp_vec3 a, cp_vec3 b) { return cp_vec3_make(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline cp_vec3 cp_vec3_scale(cp_vec3 a, double s) { return cp_vec3_make(a.x * s, a.y * s, a.z * s); }
static inline double  cp_vec3_dot(cp_vec3 a, cp_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline double  cp_vec3_length(cp_vec3 a) { return sqrt(cp_vec3_dot(a, a)); }
static inline cp_vec3 cp_vec3_cross(cp_vec3 a, cp_vec3 b)
{
    return cp_vec3_make(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline cp_vec3 cp_vec3_lerp(cp_vec3 a, cp_vec3 b, double t)
{
    return cp_vec3_make(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t);
}
/* Unit vector along a; the zero vector stays zero. */
static inline cp_vec3 cp_vec3_normalize(cp_vec3 a)
{
    double l = cp_vec3_length(a);
    return l > 0.0 ? cp_vec3_scale(a, 1.0 / l) : a;
}

/* ---- cp_quat ----------------------------------------------------------- */

static inline cp_quat cp_quat_make(double x, double y, double z, double w) { cp_quat r = {x, y, z, w}; return r; }
static inline cp_quat cp_quat_identity(void) { return cp_quat_make(0.0, 0.0, 0.0, 1.0); }
static inline double  cp_quat_dot(cp_quat a, cp_quat b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
static inline double  cp_quat_length(cp_quat a) { return sqrt(cp_quat_dot(a, a)); }
static inline cp_quat cp_quat_conj(cp_quat a) { return cp_quat_make(-a.x, -a.y, -a.z, a.w); }
static inline cp_quat cp_quat_scale(cp_quat a, double s) { return cp_quat_make(a.x * s, a.y * s, a.z * s, a.w * s); }
static inline cp_quat cp_quat_neg(cp_quat a) { return cp_quat_scale(a, -1.0); }

/* Hamilton product a b: apply b first, then a. */
static inline cp_quat cp_quat_mul(cp_quat a, cp_quat b)
{
    return cp_quat_make(a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                        a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                        a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
                        a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z);
}

/* Unit quaternion along a; the zero quaternion becomes the identity. */
static inline cp_quat cp_quat_normalize(cp_quat a)
{
    double l = cp_quat_length(a);
    return l > 0.0 ? cp_quat_scale(a, 1.0 / l) : cp_quat_identity();
}

/* Rotation by `angle` radians about `axis` (any length but zero). */
static inline cp_quat cp_quat_from_axis_angle(cp_vec3 axis, double angle)
{
    cp_vec3 n = cp_vec3_normalize(axis);
    double s = sin(0.5 * angle);
    return cp_quat_make(n.x * s, n.y * s, n.z * s, cos(0.5 * angle));
}

/* v rotated by the unit quaternion q (q v conj(q)). */
static inline cp_vec3 cp_quat_rotate(cp_quat q, cp_vec3 v)
{
    cp_vec3 u = cp_vec3_make(q.x, q.y, q.z);
    cp_vec3 t = cp_vec3_scale(cp_vec3_cross(u, v), 2.0);
    return cp_vec3_add(cp_vec3_add(v, cp_vec3_scale(t, q.w)), cp_vec3_cross(u, t));
}

/* The angle in radians (0..pi) of the rotation taking a to b. */
static inline double cp_quat_angle_between(cp_quat a, cp_quat b)
{
    double d = fabs(cp_quat_dot(a, b)) / (cp_quat_length(a) * cp_quat_length(b));
    return 2.0 * acos(d > 1.0 ? 1.0 : d);
}

/* Shortest-path spherical interpolation of unit quaternions, t in [0, 1]. */
static inline cp_quat cp_quat_slerp(cp_quat a, cp_quat b, double t)
{
    double d = cp_quat_dot(a, b);
    if (d < 0.0) {
        b = cp_quat_neg(b);
        d = -d;
    }
    double wa, wb;
    if (d > 0.9995) { /* nearly parallel: lerp is exact to rounding and avoids 0/0 */
        wa = 1.0 - t;
        wb = t;
    } else {
        double th = acos(d), s = sin(th);
        wa = sin((1.0 - t) * th) / s;
        wb = sin(t * th) / s;
    }
    return cp_quat_normalize(cp_quat_make(wa * a.x + wb * b.x, wa * a.y + wb * b.y,
                                          wa * a.z + wb * b.z, wa * a.w + wb * b.w));
}

/* The camera's forward (local -Z) and up (local +Y) directions in the world. */
static inline cp_vec3 cp_quat_forward(cp_quat q) { return cp_quat_rotate(q, cp_vec3_make(0.0, 0.0, -1.0)); }
static inline cp_vec3 cp_quat_up(cp_quat q) { return cp_quat_rotate(q, cp_vec3_make(0.0, 1.0, 0.0)); }
static inline cp_vec3 cp_quat_right(cp_quat q) { return cp_quat_rotate(q, cp_vec3_make(1.0, 0.0, 0.0)); }

/* A camera orientation from yaw (about +Y, 0 looks down -Z, positive turns
 * left), pitch (about the camera's X, positive looks up) and roll (about the
 * view direction), applied yaw, then pitch, then roll. */
static inline cp_quat cp_quat_from_yaw_pitch_roll(double yaw, double pitch, double roll)
{
    cp_quat qy = cp_quat_from_axis_angle(cp_vec3_make(0.0, 1.0, 0.0), yaw);
    cp_quat qp = cp_quat_from_axis_angle(cp_vec3_make(1.0, 0.0, 0.0), pitch);
    cp_quat qr = cp_quat_from_axis_angle(cp_vec3_make(0.0, 0.0, 1.0), roll);
    return cp_quat_mul(qy, cp_quat_mul(qp, qr));
}

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_MATH_H */

/* SPDX-License-Identifier: MIT */
/* lib/path/lookat.c - the orientation of a look-at path: the camera looks
 * from its position at the target, +Y up, rolled about the view direction;
 * its rotation, angular velocity and angular acceleration come in closed
 * form from the view direction d = target - position, its first and second
 * time derivatives, and the roll's (docs/math.md, section 15). */
#include <math.h>
#include <stdlib.h>

#include "base.h"
#include "lookat.h"
#include "path_layout.h"

#define HALF_DEG_TO_RAD (3.14159265358979323846 / 360.0)
#define DEG_TO_RAD (3.14159265358979323846 / 180.0)

/* The power of two (exact) that brings the view's largest component into
 * [0.5, 1) when its squares could overflow or underflow, else 1: every
 * result below is free of the scale. */
static double safe_scale(const double d[3])
{
    const double m = fmax(fabs(d[0]), fmax(fabs(d[1]), fabs(d[2])));
    if ((m >= 1e-140 && m <= 1e140) || !(m > 0) || !isfinite(m))
        return 1.0;
    int e;
    (void)frexp(m, &e);
    return ldexp(1.0, -e);
}

/* The look-at frame of view d, and what the angular derivatives reuse. */
typedef struct frame_of {
    cp_quat q0;
    double  rho2, len2, len; /* d_x^2 + d_z^2, |d|^2, |d| */
} frame_of;

/* The frame of a direction: yaw about +Y, then pitch about the camera's x
 * axis, q0 = q_yaw(psi) q_pitch(theta), with the view
 * f = (-cos(theta) sin(psi), sin(theta), -cos(theta) cos(psi)) (section 15).
 * The half angles come from d without any trigonometric call:
 * cos(psi/2) = (rho - d_z) / w, sin(psi/2) = -d_x / w with
 * w = sqrt(2 rho (rho - d_z)) (or, far from it, the same from rho + d_z,
 * which differs in sign only), and cos(theta/2) = (|d| + rho) / v,
 * sin(theta/2) = d_y / v with v = sqrt(2 |d| (|d| + rho)). */
static frame_of frame(const double d[3], cp_quat ref)
{
    const double dx = d[0], dy = d[1], dz = d[2];
    frame_of f;
    f.rho2 = dx * dx + dz * dz;
    f.len2 = f.rho2 + dy * dy;
    const double rho = sqrt(f.rho2);
    f.len = sqrt(f.len2);
    /* straight up or down (rho = 0) has no heading, and any is as good
     * (keys there are refused, `campath check` warns) */
    double cy = 1.0, sy = 0.0;
    if (rho > 0) {
        const double a = dz <= 0 ? rho - dz : rho + dz, iw = 1.0 / sqrt(2.0 * rho * a);
        cy = dz <= 0 ? a * iw : -dx * iw;
        sy = dz <= 0 ? -dx * iw : a * iw;
    }
    double cp = 1.0, sp = 0.0;
    if (f.len > 0) {
        const double iv = 1.0 / sqrt(2.0 * f.len * (f.len + rho));
        cp = (f.len + rho) * iv, sp = dy * iv;
    }
    f.q0 = cp_quat_make(cy * sp, sy * cp, -sy * sp, cy * cp);
    if (cp_quat_dot(f.q0, ref) < 0)
        f.q0 = cp_quat_neg(f.q0);
    return f;
}

cp_quat cpi_lookat_frame(const double d[3], cp_quat ref)
{
    const double k = safe_scale(d), s[3] = {d[0] * k, d[1] * k, d[2] * k};
    return frame(s, ref).q0;
}

/* q0 turned by `roll` degrees about its own z axis: q0 (0, 0, sin r/2, cos r/2). */
static cp_quat rolled(cp_quat q0, double roll)
{
    const double sr = sin(roll * HALF_DEG_TO_RAD), cr = cos(roll * HALF_DEG_TO_RAD);
    return cp_quat_make(cr * q0.x + sr * q0.y, cr * q0.y - sr * q0.x, cr * q0.z + sr * q0.w, cr * q0.w - sr * q0.z);
}

static cp_vec3 cross(const double a[3], const double b[3])
{
    return cp_vec3_make(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
}

/* The angular velocity of the look-at frame of view d (and d' in d[1]),
 * with what the angular acceleration reuses. */
typedef struct view_turn {
    double  dy, il2, irho2, k, r1;
    cp_vec3 w, dv, w0, zc;
} view_turn;

static cp_vec3 turn_of(const double *d0, const double *d1, const frame_of *f, const double *roll, view_turn *t)
{
    t->dy = d0[1], t->il2 = 1.0 / f->len2, t->irho2 = f->rho2 > 0 ? 1.0 / f->rho2 : 0.0;
    /* the part across the view, w = d x d' / |d|^2, and the twist about the
     * view that keeps the camera's x axis level, k d with k = d_y w_y / rho^2 */
    t->w = cp_vec3_scale(cross(d0, d1), t->il2);
    t->k = t->dy * t->w.y * t->irho2;
    t->dv = cp_vec3_make(d0[0], t->dy, d0[2]);
    t->w0 = cp_vec3_add(t->w, cp_vec3_scale(t->dv, t->k));
    /* roll turns about the camera's z axis, -d / |d| */
    t->zc = cp_vec3_scale(t->dv, -f->len * t->il2);
    t->r1 = roll ? roll[1] * DEG_TO_RAD : 0.0;
    return cp_vec3_add(t->w0, cp_vec3_scale(t->zc, t->r1));
}

double cpi_lookat_rate(double din[2][3], const double *roll)
{
    const double sc = safe_scale(din[0]);
    double d[3][3];
    for (int r = 0; r < 2; r++)
        for (int j = 0; j < 3; j++)
            d[r][j] = din[r][j] * sc;
    frame_of f; /* the lengths frame() finds, without the frame */
    f.rho2 = d[0][0] * d[0][0] + d[0][2] * d[0][2];
    f.len2 = f.rho2 + d[0][1] * d[0][1];
    f.len = sqrt(f.len2);
    if (!(f.len2 > 0))
        return 0.0;
    view_turn t;
    return cp_vec3_length(turn_of(d[0], d[1], &f, roll, &t));
}

static void turn_rates(double d[3][3], const frame_of *fr, const double *roll, cp_vec3 *omega, cp_vec3 *alpha);

void cpi_lookat(double din[3][3], const double *roll, cp_quat ref, cp_quat *q, cp_vec3 *omega, cp_vec3 *alpha)
{
    const double sc = safe_scale(din[0]);
    double d[3][3];
    for (int r = 0; r < (omega ? 3 : 1); r++)
        for (int j = 0; j < 3; j++)
            d[r][j] = din[r][j] * sc;
    const frame_of f = frame(d[0], ref);
    *q = roll ? rolled(f.q0, roll[0]) : f.q0;
    if (!omega)
        return;
    turn_rates(d, &f, roll, omega, alpha);
}

void cpi_lookat_rates(double din[3][3], const double *roll, cp_vec3 *omega, cp_vec3 *alpha)
{
    const double sc = safe_scale(din[0]);
    double d[3][3];
    for (int r = 0; r < 3; r++)
        for (int j = 0; j < 3; j++)
            d[r][j] = din[r][j] * sc;
    frame_of f; /* the lengths frame() finds, without the frame */
    f.rho2 = d[0][0] * d[0][0] + d[0][2] * d[0][2];
    f.len2 = f.rho2 + d[0][1] * d[0][1];
    f.len = sqrt(f.len2);
    turn_rates(d, &f, roll, omega, alpha);
}

/* omega and alpha of cpi_lookat from the scaled view d and the lengths f */
static void turn_rates(double d[3][3], const frame_of *fr, const double *roll, cp_vec3 *omega, cp_vec3 *alpha)
{
    const frame_of f = *fr;
    if (!(f.len2 > 0)) { /* the target at the camera: no direction to turn with */
        *omega = cp_vec3_make(0, 0, 0);
        if (alpha)
            *alpha = *omega;
        return;
    }
    view_turn t;
    *omega = turn_of(d[0], d[1], &f, roll, &t);
    if (!alpha)
        return;
    const double dy = t.dy, il2 = t.il2, irho2 = t.irho2, k = t.k;
    const cp_vec3 w = t.w, dv = t.dv, w0 = t.w0, zc = t.zc;
    const cp_vec3 d1 = cp_vec3_make(d[1][0], d[1][1], d[1][2]);
    const double r1 = t.r1, r2 = roll ? roll[2] * DEG_TO_RAD : 0.0;
    const double s = cp_vec3_dot(dv, d1) * il2;
    const cp_vec3 w1 = cp_vec3_sub(cp_vec3_scale(cross(d[0], d[2]), il2), cp_vec3_scale(w, 2.0 * s));
    const double rho2_1 = 2.0 * (dv.x * d1.x + dv.z * d1.z);
    const double k1 = (d1.y * w.y + dy * w1.y - k * rho2_1) * irho2;
    const cp_vec3 w0_1 = cp_vec3_add(w1, cp_vec3_add(cp_vec3_scale(dv, k1), cp_vec3_scale(d1, k)));
    /* z_c' = omega0 x z_c: the roll's axis turns with the look-at frame */
    *alpha = cp_vec3_add(w0_1, cp_vec3_add(cp_vec3_scale(zc, r2), cp_vec3_scale(cp_vec3_cross(w0, zc), r1)));
}

void cpi_lookat_margins(const cp_key *k, double *angle, double *distance)
{
    const double d[3] = {k->target.x - k->position.x, k->target.y - k->position.y, k->target.z - k->position.z};
    const double sc = safe_scale(d), x = d[0] * sc, y = d[1] * sc, z = d[2] * sc;
    *angle = atan2(sqrt(x * x + z * z), fabs(y));
    *distance = sqrt(x * x + y * y + z * z) / sc;
}

int cpi_lookat_prepare(cp_path *p, cp_error *error)
{
    const size_t n = p->count;
    p->q0 = cpi_alloc_array(&p->alloc, n, sizeof *p->q0);
    if (!p->q0)
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the look-at frames of %zu keys", n);
    /* each frame in the hemisphere of the one before, for the shape's
     * angles; once the curves are built, cpi_lookat_lift takes each in the
     * hemisphere the path reaches it in */
    cp_quat prev = cp_quat_make(0, 0, 0, 1);
    for (size_t i = 0; i < n; i++) {
        cp_key *k = &p->keys[i];
        const double d[3] = {k->target.x - k->position.x, k->target.y - k->position.y, k->target.z - k->position.z};
        prev = p->q0[i] = cpi_lookat_frame(d, prev);
        k->rotation = rolled(prev, k->roll);
    }
    return CP_OK;
}

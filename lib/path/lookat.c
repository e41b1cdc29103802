/* lib/path/lookat.c - the orientation of a look-at path: the camera looks
 * from its position at the target, +Y up, rolled about the view direction;
 * its rotation, angular velocity and angular acceleration come in closed
 * form from the view direction d = target - position, its first and second
 * time derivatives, and the roll's (docs/math.md, section 15). */
#include <math.h>
#include <stdlib.h>

#include "base.h"
#include "path_impl.h"

#define HALF_DEG_TO_RAD (3.14159265358979323846 / 360.0)
#define DEG_TO_RAD (3.14159265358979323846 / 180.0)

/* d, d', d'' scaled by one power of two (exact), so that squares of d can
 * neither overflow nor underflow; every result below is free of the scale. */
static void scaled(double in[3][3], int rows, double out[3][3])
{
    const double m = fmax(fabs(in[0][0]), fmax(fabs(in[0][1]), fabs(in[0][2])));
    int e = 0;
    if (m > 0 && isfinite(m))
        (void)frexp(m, &e);
    for (int r = 0; r < rows; r++)
        for (int j = 0; j < 3; j++)
            out[r][j] = ldexp(in[r][j], -e);
}

/* The frame of a unit-free direction: yaw about +Y, then pitch about the
 * camera's x axis, q0 = q_yaw(psi) q_pitch(theta), with the view
 * f = (-cos(theta) sin(psi), sin(theta), -cos(theta) cos(psi)) (section 15).
 * The half angles come from the direction's components without any
 * trigonometric call. */
static cp_quat frame(const double d[3], cp_quat ref)
{
    const double dx = d[0], dy = d[1], dz = d[2];
    const double rho = sqrt(dx * dx + dz * dz), len = sqrt(dx * dx + dy * dy + dz * dz);
    /* heading: cos(psi), sin(psi); straight up or down (rho = 0) has none,
     * and any is as good (keys there are refused, `campath check` warns) */
    double c = 1.0, s = 0.0;
    if (rho > 0)
        c = -dz / rho, s = -dx / rho;
    /* (cos psi/2, sin psi/2) up to sign, from whichever form is far from 0 */
    const double a = c >= 0 ? 1.0 + c : s, b = c >= 0 ? s : 1.0 - c;
    const double n = sqrt(a * a + b * b), cy = a / n, sy = b / n;
    /* pitch in [-90, 90] degrees: cos(theta) = rho / len >= 0 */
    const double h = len > 0 ? rho / len : 1.0, fy = len > 0 ? dy / len : 0.0;
    const double cp = sqrt(0.5 * (1.0 + h)), sp = 0.5 * fy / cp;
    cp_quat q = cp_quat_make(cy * sp, sy * cp, -sy * sp, cy * cp);
    return cp_quat_dot(q, ref) < 0 ? cp_quat_neg(q) : q;
}

cp_quat cpi_lookat_frame(const double d[3], cp_quat ref)
{
    double in[3][3] = {{d[0], d[1], d[2]}}, s[3][3];
    scaled(in, 1, s);
    return frame(s[0], ref);
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

void cpi_lookat(double din[3][3], const double *roll, cp_quat ref, cp_quat *q, cp_vec3 *omega, cp_vec3 *alpha)
{
    double d[3][3];
    scaled(din, omega ? 3 : 1, d);
    const cp_quat q0 = frame(d[0], ref);
    *q = roll ? rolled(q0, roll[0]) : q0;
    if (!omega)
        return;
    const double dx = d[0][0], dy = d[0][1], dz = d[0][2];
    const double len2 = dx * dx + dy * dy + dz * dz, rho2 = dx * dx + dz * dz;
    if (!(len2 > 0)) { /* the target at the camera: no direction to turn with */
        *omega = cp_vec3_make(0, 0, 0);
        if (alpha)
            *alpha = *omega;
        return;
    }
    const double il2 = 1.0 / len2;
    /* the part across the view, w = d x d' / |d|^2, and the twist about the
     * view that keeps the camera's x axis level, k d with k = d_y w_y / rho^2 */
    const cp_vec3 w = cp_vec3_scale(cross(d[0], d[1]), il2);
    const double k = rho2 > 0 ? dy * w.y / rho2 : 0.0;
    const cp_vec3 dv = cp_vec3_make(dx, dy, dz), d1 = cp_vec3_make(d[1][0], d[1][1], d[1][2]);
    const cp_vec3 w0 = cp_vec3_add(w, cp_vec3_scale(dv, k));
    /* roll turns about the camera's z axis, -d / |d| */
    const cp_vec3 zc = cp_vec3_scale(dv, -sqrt(il2));
    const double r1 = roll ? roll[1] * DEG_TO_RAD : 0.0, r2 = roll ? roll[2] * DEG_TO_RAD : 0.0;
    *omega = cp_vec3_add(w0, cp_vec3_scale(zc, r1));
    if (!alpha)
        return;
    const double s = cp_vec3_dot(dv, d1) * il2;
    const cp_vec3 w1 = cp_vec3_sub(cp_vec3_scale(cross(d[0], d[2]), il2), cp_vec3_scale(w, 2.0 * s));
    const double rho2_1 = 2.0 * (dx * d1.x + dz * d1.z);
    const double k1 = rho2 > 0 ? (d1.y * w.y + dy * w1.y - k * rho2_1) / rho2 : 0.0;
    const cp_vec3 w0_1 = cp_vec3_add(w1, cp_vec3_add(cp_vec3_scale(dv, k1), cp_vec3_scale(d1, k)));
    /* z_c' = omega0 x z_c: the roll's axis turns with the look-at frame */
    *alpha = cp_vec3_add(w0_1, cp_vec3_add(cp_vec3_scale(zc, r2), cp_vec3_scale(cp_vec3_cross(w0, zc), r1)));
}

void cpi_lookat_margins(const cp_key *k, double *angle, double *distance)
{
    double in[3][3] = {{k->target.x - k->position.x, k->target.y - k->position.y, k->target.z - k->position.z}};
    double s[3][3];
    scaled(in, 1, s);
    *angle = atan2(sqrt(s[0][0] * s[0][0] + s[0][2] * s[0][2]), fabs(s[0][1]));
    *distance = cp_vec3_length(cp_vec3_make(in[0][0], in[0][1], in[0][2]));
}

int cpi_lookat_prepare(cp_path *p, cp_error *error)
{
    const size_t n = p->count;
    p->q0 = cpi_alloc_array(n, sizeof *p->q0);
    if (!p->q0)
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the look-at frames of %zu keys", n);
    /* each frame in the hemisphere of the one before: the chain that makes
     * the sampled quaternion continuous from key to key */
    cp_quat prev = cp_quat_make(0, 0, 0, 1);
    for (size_t i = 0; i < n; i++) {
        cp_key *k = &p->keys[i];
        const double d[3] = {k->target.x - k->position.x, k->target.y - k->position.y, k->target.z - k->position.z};
        prev = p->q0[i] = cpi_lookat_frame(d, prev);
        k->rotation = rolled(prev, k->roll);
    }
    p->q0_seam = p->opts.ends == CP_ENDS_CLOSED && cp_quat_dot(p->q0[n - 1], p->q0[0]) < 0 ? -1.0 : 1.0;
    return CP_OK;
}

/* SPDX-License-Identifier: MIT */
/* lib/path/handoff.c - C2 blends between moving cameras: pose
 * extrapolation, mixing by a weight, the quintic blend, and the hand-off
 * from a live camera into a path and back (docs/math.md, "Hand-off"). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "campath/handoff.h"
#include "curve_impl.h"
#include "base.h"
#include "dtoa.h"

/* ---- quaternion jets ------------------------------------------------------------------- */

/* A unit-quaternion signal as a curve in R^4: value, first and second
 * derivative, stored (x, y, z, w) like the curve records. */
typedef struct jet4 {
    double v[4], d1[4], d2[4];
} jet4;

static void quat_to(double *o, cp_quat q) { o[0] = q.x, o[1] = q.y, o[2] = q.z, o[3] = q.w; }

/* The R^4 derivatives of a unit quaternion q turning at angular velocity w
 * with angular acceleration a (world frame): q' = w q / 2 and
 * q'' = (a q + w q') / 2 = a q / 2 - |w|^2 q / 4, w and a as pure quaternions. */
static jet4 rotation_jet(cp_quat q, cp_vec3 w, cp_vec3 a)
{
    jet4 j;
    cp_quat wq = cp_quat_mul(cp_quat_make(w.x, w.y, w.z, 0.0), q);
    cp_quat aq = cp_quat_mul(cp_quat_make(a.x, a.y, a.z, 0.0), q);
    double k = 0.25 * cp_vec3_dot(w, w);
    quat_to(j.v, q);
    quat_to(j.d1, cp_quat_scale(wq, 0.5));
    quat_to(j.d2, cp_quat_make(0.5 * aq.x - k * q.x, 0.5 * aq.y - k * q.y, 0.5 * aq.z - k * q.z, 0.5 * aq.w - k * q.w));
    return j;
}

/* ---- extrapolation ---------------------------------------------------------------------- */

/* C(g) = cos(sqrt g) and S(g) = sin(sqrt g) / sqrt g with S' and S'' (by g):
 * by their series for small g, where the closed forms cancel. */
static void exp_coefficients(double g, double *c, double *s, double *s1, double *s2)
{
    if (g < 1.0) {
        /* C = sum (-g)^k / (2k)!, S = sum (-g)^k / (2k+1)!; 15 terms reach
           double precision for g < 1 (1 / 31! is 1e-34) */
        double cs = 0, ss = 0, s1s = 0, s2s = 0, p = 1.0, f2k = 1.0; /* p = (-g)^k, f2k = (2k)! */
        double pm1 = 0, pm2 = 0; /* (-1)^k g^(k-1), (-1)^k g^(k-2) */
        for (int k = 0; k < 15; k++) {
            double f2k1 = f2k * (2 * k + 1);
            cs += p / f2k;
            ss += p / f2k1;
            if (k >= 1)
                s1s += k * pm1 / f2k1;
            if (k >= 2)
                s2s += k * (k - 1) * pm2 / f2k1;
            pm2 = k == 0 ? 0.0 : -pm1;
            pm1 = k == 0 ? -1.0 : pm1 * -g;
            p *= -g;
            f2k = f2k1 * (2 * k + 2);
        }
        *c = cs, *s = ss, *s1 = s1s, *s2 = s2s;
        return;
    }
    const double th = sqrt(g);
    *c = cos(th);
    *s = sin(th) / th;
    *s1 = (*c - *s) / (2.0 * g);
    *s2 = -(*s + 6.0 * *s1) / (4.0 * g);
}

/* exp(x(t)) for the pure quaternion x with derivatives x1, x2, as an R^4 jet
 * (w, the scalar, last): exp(x) = (S(g) x, C(g)) with g = x . x. */
static jet4 exp_jet(cp_vec3 x, cp_vec3 x1, cp_vec3 x2)
{
    const double g = cp_vec3_dot(x, x), g1 = 2.0 * cp_vec3_dot(x, x1),
                 g2 = 2.0 * (cp_vec3_dot(x1, x1) + cp_vec3_dot(x, x2));
    double c, s, s1, s2;
    exp_coefficients(g, &c, &s, &s1, &s2);
    /* C' = -S / 2 and C'' = -S' / 2 */
    const cp_vec3 v = cp_vec3_scale(x, s);
    const cp_vec3 v1 = cp_vec3_add(cp_vec3_scale(x, s1 * g1), cp_vec3_scale(x1, s));
    const cp_vec3 v2 = cp_vec3_add(cp_vec3_add(cp_vec3_scale(x, s2 * g1 * g1 + s1 * g2), cp_vec3_scale(x1, 2.0 * s1 * g1)),
                                   cp_vec3_scale(x2, s));
    jet4 j;
    quat_to(j.v, cp_quat_make(v.x, v.y, v.z, c));
    quat_to(j.d1, cp_quat_make(v1.x, v1.y, v1.z, -0.5 * s * g1));
    quat_to(j.d2, cp_quat_make(v2.x, v2.y, v2.z, -0.5 * (s1 * g1 * g1 + s * g2)));
    return j;
}

static cp_quat quat_of(const double *v) { return cp_quat_make(v[0], v[1], v[2], v[3]); }

void cp_pose_extrapolate(const cp_pose *pose, double time, cp_pose *out)
{
    const double dt = time - pose->time;
    cp_pose r = *pose;
    r.time = time;
    r.position = cp_vec3_add(pose->position, cp_vec3_add(cp_vec3_scale(pose->velocity, dt),
                                                         cp_vec3_scale(pose->acceleration, 0.5 * dt * dt)));
    r.velocity = cp_vec3_add(pose->velocity, cp_vec3_scale(pose->acceleration, dt));
    r.fov = pose->fov + pose->fov_velocity * dt + 0.5 * pose->fov_acceleration * dt * dt;
    r.fov_velocity = pose->fov_velocity + pose->fov_acceleration * dt;
    /* q(t) = exp(phi(t) / 2) q0 with the rotation vector phi = w dt + a dt^2 / 2:
       unit for every t, and its angular velocity and acceleration at dt = 0
       are w and a (docs/math.md) */
    const cp_vec3 w = pose->angular_velocity, a = pose->angular_acceleration;
    const cp_vec3 x = cp_vec3_scale(cp_vec3_add(cp_vec3_scale(w, dt), cp_vec3_scale(a, 0.5 * dt * dt)), 0.5);
    const cp_vec3 x1 = cp_vec3_scale(cp_vec3_add(w, cp_vec3_scale(a, dt)), 0.5);
    const jet4 e = exp_jet(x, x1, cp_vec3_scale(a, 0.5));
    const cp_quat q0 = pose->rotation;
    double q[4], q1[4], q2[4];
    quat_to(q, cp_quat_mul(quat_of(e.v), q0));
    quat_to(q1, cp_quat_mul(quat_of(e.d1), q0));
    quat_to(q2, cp_quat_mul(quat_of(e.d2), q0));
    cpi_rotation_from_r4(q, q1, q2, &r.rotation, &r.angular_velocity, &r.angular_acceleration);
    *out = r;
}

/* ---- mixing ------------------------------------------------------------------------------- */

/* a + w (b - a) for the value and its derivatives, by the product rule. */
static void mix1(double a, double a1, double a2, double b, double b1, double b2, double w, double w1, double w2,
                 double *v, double *v1, double *v2)
{
    const double d = b - a, d1 = b1 - a1, d2 = b2 - a2;
    *v = a + w * d;
    *v1 = a1 + w * d1 + w1 * d;
    *v2 = a2 + w * d2 + 2.0 * w1 * d1 + w2 * d;
}

static void mix3(cp_vec3 a, cp_vec3 a1, cp_vec3 a2, cp_vec3 b, cp_vec3 b1, cp_vec3 b2, double w, double w1, double w2,
                 cp_vec3 *v, cp_vec3 *v1, cp_vec3 *v2)
{
    mix1(a.x, a1.x, a2.x, b.x, b1.x, b2.x, w, w1, w2, &v->x, &v1->x, &v2->x);
    mix1(a.y, a1.y, a2.y, b.y, b1.y, b2.y, w, w1, w2, &v->y, &v1->y, &v2->y);
    mix1(a.z, a1.z, a2.z, b.z, b1.z, b2.z, w, w1, w2, &v->z, &v1->z, &v2->z);
}

/* A pose member that is 0 when absent (focus, aperture): mixed when both
 * have it, else whichever has it. */
static double mix_optional(double a, double b, double w)
{
    return a > 0 && b > 0 ? a + w * (b - a) : a > 0 ? a : b;
}

void cp_pose_mix(const cp_pose *a, const cp_pose *b, double w, double w1, double w2, cp_pose *out)
{
    cp_pose r;
    r.time = a->time;
    mix3(a->position, a->velocity, a->acceleration, b->position, b->velocity, b->acceleration, w, w1, w2,
         &r.position, &r.velocity, &r.acceleration);
    mix1(a->fov, a->fov_velocity, a->fov_acceleration, b->fov, b->fov_velocity, b->fov_acceleration, w, w1, w2,
         &r.fov, &r.fov_velocity, &r.fov_acceleration);
    r.focus = mix_optional(a->focus, b->focus, w);
    r.aperture = mix_optional(a->aperture, b->aperture, w);
    /* rotation: both signals in R^4, b in a's hemisphere, mixed like the
       rest, then normalised with exact derivatives (as rotation curves are) */
    jet4 ja = rotation_jet(a->rotation, a->angular_velocity, a->angular_acceleration);
    jet4 jb = rotation_jet(b->rotation, b->angular_velocity, b->angular_acceleration);
    const double sign = cp_quat_dot(a->rotation, b->rotation) < 0.0 ? -1.0 : 1.0;
    double q[4], q1[4], q2[4];
    for (int k = 0; k < 4; k++)
        mix1(ja.v[k], ja.d1[k], ja.d2[k], sign * jb.v[k], sign * jb.d1[k], sign * jb.d2[k], w, w1, w2, &q[k], &q1[k],
             &q2[k]);
    cpi_rotation_from_r4(q, q1, q2, &r.rotation, &r.angular_velocity, &r.angular_acceleration);
    /* the result starts as a and ends as b, sign included: in the
     * hemisphere of the heavier signal (the same rotation either way) */
    if (w >= 0.5 && sign < 0)
        r.rotation = cp_quat_neg(r.rotation);
    *out = r;
}

void cp_pose_blend(const cp_pose *a, const cp_pose *b, double start, double duration, cp_pose *out)
{
    double w, w1 = 0.0, w2 = 0.0;
    if (!(duration > 0.0)) {
        w = a->time >= start ? 1.0 : 0.0;
    } else {
        /* s(u) = 10u^3 - 15u^4 + 6u^5: s, s', s'' are 0 at u = 0; 1, 0, 0 at
           u = 1 (exactly, in floating point too); u is clamped, so the same
           polynomial gives the signals before and after the blend */
        const double id = 1.0 / duration;
        double u = (a->time - start) * id;
        u = u < 0.0 ? 0.0 : u > 1.0 ? 1.0 : u;
        const double v = 1.0 - u;
        w = u * u * u * (10.0 + u * (-15.0 + 6.0 * u));
        w1 = 30.0 * u * u * v * v * id;
        w2 = 60.0 * u * v * (v - u) * id * id;
    }
    cp_pose_mix(a, b, w, w1, w2, out);
}

/* ---- the hand-off ----------------------------------------------------------------------------- */

/* Fills `error` for a field ("from.fov: ..."), with the field as data too. */
static int field_error(cp_error *error, const char *field, const char *fmt, ...) CPI_PRINTF(3, 4);
static int field_error(cp_error *error, const char *field, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    cpi_error_set(error, CP_ERR_INVALID, "%s: %s", field, what);
    if (error)
        snprintf(error->field, sizeof error->field, "%s", field);
    return CP_ERR_INVALID;
}

static int check_finite(cp_error *error, const char *field, double x)
{
    char b[CPI_FMT_DOUBLE_SIZE];
    return isfinite(x) ? CP_OK : field_error(error, field, "%s is not a finite number", cpi_fmt_double(b, x));
}

/* A blend's length: 0 (a cut), or within the documented range (beyond it
 * the weight's derivatives, 1 / T and 1 / T^2, or the live camera carried on
 * over T, leave the range of a double). */
static int check_blend(cp_error *error, const char *field, double x)
{
    char b[CPI_FMT_DOUBLE_SIZE], lo[CPI_FMT_DOUBLE_SIZE], hi[CPI_FMT_DOUBLE_SIZE];
    if (!isfinite(x) || !(x >= 0.0))
        return field_error(error, field, "%s s is not a finite number >= 0", cpi_fmt_double(b, x));
    if (x != 0.0 && !(x >= CP_HANDOFF_MIN_BLEND && x <= CP_HANDOFF_MAX_BLEND))
        return field_error(error, field, "%s s is outside %s..%s s (0 is a cut)", cpi_fmt_double(b, x),
                           cpi_fmt_double(lo, CP_HANDOFF_MIN_BLEND), cpi_fmt_double(hi, CP_HANDOFF_MAX_BLEND));
    return CP_OK;
}

/* A live camera pose as the hand-off needs it: finite, a rotation that gives
 * an orientation (returned normalised in *ok), fov in (0, 180). `name`
 * prefixes the fields ("from", "live"); with_time checks pose->time too. */
static int check_pose(const cp_pose *pose, const char *name, int with_time, cp_pose *ok, cp_error *error)
{
    if (!pose)
        return field_error(error, name, "NULL pose");
    const struct {
        const char *field;
        double      v;
    } nums[] = {
        {"time", pose->time},
        {"position.x", pose->position.x},
        {"position.y", pose->position.y},
        {"position.z", pose->position.z},
        {"velocity.x", pose->velocity.x},
        {"velocity.y", pose->velocity.y},
        {"velocity.z", pose->velocity.z},
        {"acceleration.x", pose->acceleration.x},
        {"acceleration.y", pose->acceleration.y},
        {"acceleration.z", pose->acceleration.z},
        {"rotation.x", pose->rotation.x},
        {"rotation.y", pose->rotation.y},
        {"rotation.z", pose->rotation.z},
        {"rotation.w", pose->rotation.w},
        {"angular_velocity.x", pose->angular_velocity.x},
        {"angular_velocity.y", pose->angular_velocity.y},
        {"angular_velocity.z", pose->angular_velocity.z},
        {"angular_acceleration.x", pose->angular_acceleration.x},
        {"angular_acceleration.y", pose->angular_acceleration.y},
        {"angular_acceleration.z", pose->angular_acceleration.z},
        {"fov", pose->fov},
        {"fov_velocity", pose->fov_velocity},
        {"fov_acceleration", pose->fov_acceleration},
    };
    char field[64], b[CPI_FMT_DOUBLE_SIZE];
    for (size_t k = with_time ? 0 : 1; k < sizeof nums / sizeof nums[0]; k++)
        if (!isfinite(nums[k].v)) { /* the name is made only when needed: this runs every frame */
            snprintf(field, sizeof field, "%s.%s", name, nums[k].field);
            return check_finite(error, field, nums[k].v);
        }
    const double len = cp_quat_length(pose->rotation);
    if (!(len > 1e-150) || !isfinite(len)) {
        snprintf(field, sizeof field, "%s.rotation", name);
        return field_error(error, field, "length %s gives no orientation (expected a unit quaternion x, y, z, w)",
                           cpi_fmt_double(b, len));
    }
    if (!(pose->fov > 0.0 && pose->fov < 180.0)) {
        snprintf(field, sizeof field, "%s.fov", name);
        return field_error(error, field, "%s degrees is outside (0, 180) (vertical field of view)",
                           cpi_fmt_double(b, pose->fov));
    }
    /* focus and aperture: 0 when the camera has none */
    const double lens[2] = {pose->focus, pose->aperture};
    static const char *const lens_name[2] = {"focus", "aperture"};
    for (int c = 0; c < 2; c++)
        if (!(lens[c] >= 0.0) || !isfinite(lens[c])) {
            snprintf(field, sizeof field, "%s.%s", name, lens_name[c]);
            return field_error(error, field, "%s is not a finite number >= 0 (%s; 0 means none)",
                               cpi_fmt_double(b, lens[c]), c ? "f-number" : "metres");
        }
    *ok = *pose;
    ok->rotation = cp_quat_scale(pose->rotation, 1.0 / len);
    return CP_OK;
}

/* The path's camera at game time `time`: an open path holds its end poses
 * at rest outside its key range (derivatives zero, as for any camera that
 * stands still); a closed one wraps. */
static void path_pose(const cp_handoff *h, double time, cp_pose *out)
{
    const cp_path *p = h->path;
    const double pt = h->path_time + (time - h->from.time);
    const double start = cp_path_start(p), end = start + cp_path_duration(p);
    if (cp_path_get_options(p).ends != CP_ENDS_CLOSED && (pt < start || pt > end))
        cp_path_sample_fast(p, pt, out);
    else
        cp_path_sample(p, pt, out);
    out->time = time;
    if (h->sign < 0)
        out->rotation = cp_quat_neg(out->rotation);
}

cp_status cp_handoff_begin(cp_handoff *h, const cp_path *path, double path_time, const cp_pose *from, double blend,
                           cp_error *error)
{
    cp_pose f;
    if (!path)
        return field_error(error, "path", "NULL path");
    if (check_finite(error, "path_time", path_time) != CP_OK || check_blend(error, "blend", blend) != CP_OK ||
        check_pose(from, "from", 1, &f, error) != CP_OK)
        return CP_ERR_INVALID;
    cp_handoff r = {.path = path, .path_time = path_time, .from = f, .enter = blend, .leave_time = INFINITY,
                    .leave = 0.0, .sign = 1.0};
    /* the blend arrives at the path in the hemisphere of the live camera
     * carried on to its end (as scene() mixes them there): the scene is
     * shown in that hemisphere, so the quaternion does not flip where the
     * blend ends */
    cp_pose a, b;
    const double end = f.time + blend;
    cp_pose_extrapolate(&f, end, &a);
    path_pose(&r, end, &b);
    r.sign = cp_quat_dot(a.rotation, b.rotation) < 0.0 ? -1.0 : 1.0;
    *h = r;
    cpi_error_clear(error);
    return CP_OK;
}

cp_status cp_handoff_leave(cp_handoff *h, double time, double blend, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
    if (check_finite(error, "time", time) != CP_OK || check_blend(error, "blend", blend) != CP_OK)
        return CP_ERR_INVALID;
    if (time < h->from.time)
        return field_error(error, "time", "%s s is before the hand-off began (%s s)", cpi_fmt_double(b1, time),
                           cpi_fmt_double(b2, h->from.time));
    h->leave_time = time;
    h->leave = blend;
    cpi_error_clear(error);
    return CP_OK;
}

bool cp_handoff_done(const cp_handoff *h, double time) { return time > h->leave_time + h->leave; }

/* The cut-scene camera: the live pose (extrapolated) before the hand-off,
 * the entering blend on [from.time, from.time + enter], the path after. */
static void scene(const cp_handoff *h, double time, cp_pose *out)
{
    const double t0 = h->from.time;
    if (time > t0 + h->enter) {
        path_pose(h, time, out);
        return;
    }
    cp_pose a, b;
    cp_pose_extrapolate(&h->from, time, &a);
    if (time < t0) {
        *out = a;
        return;
    }
    path_pose(h, time, &b);
    cp_pose_blend(&a, &b, t0, h->enter, out);
}

/* Whether every number of a pose is finite. */
static int pose_finite(const cp_pose *p)
{
    const double v[] = {p->position.x, p->position.y, p->position.z, p->velocity.x, p->velocity.y, p->velocity.z,
                        p->acceleration.x, p->acceleration.y, p->acceleration.z, p->rotation.x, p->rotation.y,
                        p->rotation.z, p->rotation.w, p->angular_velocity.x, p->angular_velocity.y,
                        p->angular_velocity.z, p->angular_acceleration.x, p->angular_acceleration.y,
                        p->angular_acceleration.z, p->fov, p->fov_velocity, p->fov_acceleration, p->focus,
                        p->aperture};
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
        if (!isfinite(v[k]))
            return 0;
    return 1;
}

cp_status cp_handoff_sample(const cp_handoff *h, double time, const cp_pose *live, cp_pose *out, cp_error *error)
{
    if (check_finite(error, "time", time) != CP_OK)
        return CP_ERR_INVALID;
    cp_pose r;
    if (time < h->leave_time) {
        scene(h, time, &r);
    } else {
        cp_pose b;
        if (check_pose(live, "live", 0, &b, error) != CP_OK)
            return CP_ERR_INVALID;
        b.time = time;
        if (time > h->leave_time + h->leave) {
            r = b;
        } else {
            cp_pose a;
            scene(h, time, &a);
            cp_pose_blend(&a, &b, h->leave_time, h->leave, &r);
        }
    }
    if (!pose_finite(&r)) {
        /* finite input within the limits, but a live camera carried on so
         * far (or so fast) that its pose leaves the range of a double */
        char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
        return field_error(error, "time", "%s s: the live camera carried on from %s s leaves the range of a double",
                           cpi_fmt_double(b1, time), cpi_fmt_double(b2, h->from.time));
    }
    *out = r;
    cpi_error_clear(error);
    return CP_OK;
}

/* SPDX-License-Identifier: MIT */
/* tests/unit/test_handoff.c - hand-off between live cameras and a path:
 * extrapolation against closed forms, derivatives against finite
 * differences, continuity measured at both ends of the entering and the
 * leaving blend (position, rotation, fov and two derivatives of each), the
 * failure of a naive cross-fade by the same measure, and bad input. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

static cp_quat yaw(double rad) { return cp_quat_from_axis_angle(cp_vec3_make(0, 1, 0), rad); }
static cp_quat pitch(double rad) { return cp_quat_from_axis_angle(cp_vec3_make(1, 0, 0), rad); }

/* ---- the signals ------------------------------------------------------------------------ */

/* The player's camera: an analytic C2 motion with exact derivatives. It
 * yaws by a(t) and pitches by b(t): q = Ry(a) Rx(b), so in the world frame
 * w = a' y + Ry(a) b' x and alpha = a'' y + Ry(a) b'' x + a' y x (Ry(a) b' x). */
static cp_pose live_at(double t)
{
    cp_pose p;
    memset(&p, 0, sizeof p);
    p.time = t;
    p.position = cp_vec3_make(3 * sin(t), 2 + 0.5 * cos(2 * t), -4 * t + 0.3 * t * t);
    p.velocity = cp_vec3_make(3 * cos(t), -sin(2 * t), -4 + 0.6 * t);
    p.acceleration = cp_vec3_make(-3 * sin(t), -2 * cos(2 * t), 0.6);
    double a = 0.7 * sin(0.9 * t), a1 = 0.63 * cos(0.9 * t), a2 = -0.567 * sin(0.9 * t);
    double b = 0.3 * cos(1.3 * t), b1 = -0.39 * sin(1.3 * t), b2 = -0.507 * cos(1.3 * t);
    p.rotation = cp_quat_mul(yaw(a), pitch(b));
    cp_vec3 y = {0, 1, 0}, xr = cp_quat_rotate(yaw(a), cp_vec3_make(1, 0, 0));
    p.angular_velocity = cp_vec3_add(cp_vec3_scale(y, a1), cp_vec3_scale(xr, b1));
    p.angular_acceleration = cp_vec3_add(cp_vec3_add(cp_vec3_scale(y, a2), cp_vec3_scale(xr, b2)),
                                         cp_vec3_scale(cp_vec3_cross(y, xr), a1 * b1));
    p.fov = 60 + 5 * sin(t);
    p.fov_velocity = 5 * cos(t);
    p.fov_acceleration = -5 * sin(t);
    return p;
}

/* A cut-scene at path times 10..18. */
static cp_path *scene_path(cp_ends ends)
{
    cp_key k[5] = {0};
    const double x[5] = {0, 6, 10, 8, 2}, z[5] = {-20, -26, -32, -40, -44}, fov[5] = {50, 45, 40, 55, 60};
    for (int i = 0; i < 5; i++) {
        k[i].time = 10 + 2 * i;
        k[i].position = cp_vec3_make(x[i], 4 + i, z[i]);
        k[i].rotation = cp_quat_mul(yaw(0.4 * i - 0.5), pitch(-0.1 * i));
        k[i].fov = fov[i];
    }
    cp_path_options o = {.ends = ends, .period = ends == CP_ENDS_CLOSED ? 10.0 : 0.0};
    cp_error err;
    cp_path *p = cp_path_create(k, 5, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    return p;
}

/* ---- the measures ------------------------------------------------------------------------ */

/* The largest relative difference between two poses in each of the nine
 * quantities (relative to max(|l|, |r|, 1)): position, velocity,
 * acceleration, rotation (either sign), angular velocity and acceleration,
 * fov and its two derivatives. */
typedef struct jumps {
    double v[9];
} jumps;

static double rel3(cp_vec3 a, cp_vec3 b)
{
    double n = fmax(fmax(cp_vec3_length(a), cp_vec3_length(b)), 1.0);
    return cp_vec3_length(cp_vec3_sub(a, b)) / n;
}

static double rel1(double a, double b) { return fabs(a - b) / fmax(fmax(fabs(a), fabs(b)), 1.0); }

static jumps measure(const cp_pose *l, const cp_pose *r)
{
    jumps j;
    j.v[0] = rel3(l->position, r->position);
    j.v[1] = rel3(l->velocity, r->velocity);
    j.v[2] = rel3(l->acceleration, r->acceleration);
    cp_quat d = cp_quat_dot(l->rotation, r->rotation) < 0 ? cp_quat_neg(r->rotation) : r->rotation;
    j.v[3] = cp_quat_length(cp_quat_make(l->rotation.x - d.x, l->rotation.y - d.y, l->rotation.z - d.z,
                                         l->rotation.w - d.w));
    j.v[4] = rel3(l->angular_velocity, r->angular_velocity);
    j.v[5] = rel3(l->angular_acceleration, r->angular_acceleration);
    j.v[6] = rel1(l->fov, r->fov);
    j.v[7] = rel1(l->fov_velocity, r->fov_velocity);
    j.v[8] = rel1(l->fov_acceleration, r->fov_acceleration);
    return j;
}

static const char *const quantity[9] = {"position", "velocity", "acceleration", "rotation", "angular velocity",
                                        "angular acceleration", "fov", "fov velocity", "fov acceleration"};

/* Fails unless every quantity is continuous to 1e-13; returns the largest jump. */
static double expect_c2(const cp_pose *l, const cp_pose *r, const char *where)
{
    jumps j = measure(l, r);
    double most = 0;
    for (int k = 0; k < 9; k++) {
        if (!(j.v[k] <= 1e-13))
            fail_msg("%s: %s jumps by %.3g (relative)", where, quantity[k], j.v[k]);
        most = fmax(most, j.v[k]);
    }
    return most;
}

static cp_pose sample(const cp_handoff *h, double t)
{
    cp_pose live = live_at(t), out;
    cp_error err;
    if (cp_handoff_sample(h, t, &live, &out, &err) != CP_OK)
        fail_msg("%s", err.message);
    return out;
}

static cp_pose path_at(const cp_path *p, double t)
{
    cp_pose out;
    cp_path_sample(p, t, &out);
    return out;
}

/* The derivatives a pose signal reports are the derivatives of its values:
 * central differences of position, velocity, rotation (through
 * w = 2 vec(q' conj q)), angular velocity and fov, at step h. */
typedef cp_pose (*signal)(const void *ctx, double t);

static void expect_true_derivatives(signal f, const void *ctx, double t, const char *where)
{
    const double h = 1e-5;
    cp_pose m = f(ctx, t - h), c = f(ctx, t), p = f(ctx, t + h);
    cp_vec3 v = cp_vec3_scale(cp_vec3_sub(p.position, m.position), 0.5 / h);
    cp_vec3 a = cp_vec3_scale(cp_vec3_sub(p.velocity, m.velocity), 0.5 / h);
    cp_quat qp = cp_quat_dot(p.rotation, c.rotation) < 0 ? cp_quat_neg(p.rotation) : p.rotation;
    cp_quat qm = cp_quat_dot(m.rotation, c.rotation) < 0 ? cp_quat_neg(m.rotation) : m.rotation;
    cp_quat dq = cp_quat_make((qp.x - qm.x) * 0.5 / h, (qp.y - qm.y) * 0.5 / h, (qp.z - qm.z) * 0.5 / h,
                              (qp.w - qm.w) * 0.5 / h);
    cp_quat wq = cp_quat_mul(dq, cp_quat_conj(c.rotation));
    cp_vec3 w = cp_vec3_make(2 * wq.x, 2 * wq.y, 2 * wq.z);
    cp_vec3 al = cp_vec3_scale(cp_vec3_sub(p.angular_velocity, m.angular_velocity), 0.5 / h);
    const double checks[6] = {
        rel3(v, c.velocity),
        rel3(a, c.acceleration),
        rel3(w, c.angular_velocity),
        rel3(al, c.angular_acceleration),
        rel1((p.fov - m.fov) * 0.5 / h, c.fov_velocity),
        rel1((p.fov_velocity - m.fov_velocity) * 0.5 / h, c.fov_acceleration),
    };
    static const char *const names[6] = {"velocity", "acceleration", "angular velocity", "angular acceleration",
                                         "fov velocity", "fov acceleration"};
    for (int k = 0; k < 6; k++)
        if (!(checks[k] < 1e-7))
            fail_msg("%s at t = %.17g: %s is off its finite difference by %.3g", where, t, names[k], checks[k]);
}

/* ---- extrapolation -------------------------------------------------------------------------- */

static void extrapolation_should_turn_about_a_fixed_axis_as_the_closed_form(void **state)
{
    (void)state;
    cp_pose p;
    memset(&p, 0, sizeof p);
    p.time = 2.0;
    p.position = cp_vec3_make(1, 2, 3);
    p.velocity = cp_vec3_make(0.5, 0, -2);
    p.acceleration = cp_vec3_make(0, -1, 0.25);
    p.rotation = cp_quat_mul(pitch(0.3), yaw(0.2));
    p.angular_velocity = cp_vec3_make(0, 1.3, 0);
    p.angular_acceleration = cp_vec3_make(0, -0.4, 0);
    p.fov = 60;
    p.fov_velocity = -3;
    p.fov_acceleration = 1;
    /* angles from 0 through both branches of the exponential's coefficients */
    for (double dt = -3; dt <= 3; dt += 0.125) {
        cp_pose e;
        cp_pose_extrapolate(&p, 2.0 + dt, &e);
        double angle = 1.3 * dt - 0.2 * dt * dt;
        cp_quat q = cp_quat_mul(yaw(angle), p.rotation);
        assert_near(fabs(cp_quat_dot(e.rotation, q)), 1.0, 1e-15, 1);
        assert_near(cp_quat_dot(e.rotation, q), 1.0, 1e-15, 1); /* and no sign flip */
        assert_near(e.angular_velocity.y, 1.3 - 0.4 * dt, 1e-13, 1);
        assert_near(e.angular_velocity.x, 0, 1e-13, 1);
        assert_near(e.angular_velocity.z, 0, 1e-13, 1);
        assert_near(e.angular_acceleration.y, -0.4, 1e-13, 1);
        assert_near(e.angular_acceleration.x, 0, 1e-13, 1);
        assert_near(e.position.x, 1 + 0.5 * dt, 1e-15, 1);
        assert_near(e.position.y, 2 - 0.5 * dt * dt, 1e-15, 1);
        assert_near(e.velocity.z, -2 + 0.25 * dt, 1e-15, 1);
        assert_near(e.fov, 60 - 3 * dt + 0.5 * dt * dt, 1e-15, 1);
        assert_near(e.fov_velocity, -3 + dt, 1e-15, 1);
        assert_true(e.time == 2.0 + dt);
    }
    /* at dt = 0 the pose itself */
    cp_pose e;
    cp_pose_extrapolate(&p, 2.0, &e);
    expect_c2(&e, &p, "extrapolation at dt = 0");
}

static cp_pose extrapolated(const void *ctx, double t)
{
    cp_pose e;
    cp_pose_extrapolate(ctx, t, &e);
    return e;
}

static void extrapolation_should_report_true_derivatives(void **state)
{
    (void)state;
    cp_pose p = live_at(1.0); /* angular velocity and acceleration not parallel */
    p.angular_velocity = cp_vec3_scale(p.angular_velocity, 3.0);
    assert_true(cp_vec3_length(cp_vec3_cross(p.angular_velocity, p.angular_acceleration)) > 0.1);
    for (double t = -2.0; t <= 4.0; t += 0.37)
        expect_true_derivatives(extrapolated, &p, t, "extrapolation");
    cp_pose e;
    cp_pose_extrapolate(&p, 1.0, &e);
    expect_c2(&e, &p, "extrapolation at dt = 0");
}

/* ---- the hand-off ---------------------------------------------------------------------------- */

static cp_pose handoff_signal(const void *ctx, double t) { return sample(ctx, t); }

static void entering_and_leaving_should_be_c2_at_both_ends_of_each_blend(void **state)
{
    (void)state;
    cp_path *path = scene_path(CP_ENDS_NATURAL);
    cp_handoff h;
    cp_pose from = live_at(3.0);
    cp_error err;
    assert_int_equal(cp_handoff_begin(&h, path, 10.0, &from, 1.5, &err), CP_OK);
    assert_int_equal(cp_handoff_leave(&h, 7.0, 2.0, &err), CP_OK);

    /* the signals differ a lot at each end, so a jump would show */
    cp_pose at0 = sample(&h, 3.0), p0 = path_at(path, 10.0);
    jumps gap = measure(&at0, &p0);
    for (int k = 0; k < 9; k++)
        assert_true(gap.v[k] > 1e-2 || k == 5 || k == 8);

    /* entering: the live pose (extrapolated) on the left, the blend on the right */
    cp_pose left, right;
    cp_pose_extrapolate(&from, 3.0, &left);
    right = sample(&h, 3.0);
    double most = expect_c2(&left, &right, "entering blend, start");
    left = sample(&h, 4.5);
    right = path_at(path, 11.5);
    most = fmax(most, expect_c2(&left, &right, "entering blend, end"));
    /* leaving: the path on the left, then the live camera on the right */
    left = path_at(path, 14.0);
    right = sample(&h, 7.0);
    most = fmax(most, expect_c2(&left, &right, "leaving blend, start"));
    left = sample(&h, 9.0);
    right = live_at(9.0);
    most = fmax(most, expect_c2(&left, &right, "leaving blend, end"));
    print_message("largest relative jump of any quantity at the four blend ends: %.2g\n", most);

    /* between and around the junctions, the reported derivatives are the real ones */
    for (double t = 2.9; t < 9.1; t += 0.0625)
        if (fabs(t - 3.0) > 1e-3 && fabs(t - 4.5) > 1e-3 && fabs(t - 7.0) > 1e-3 && fabs(t - 9.0) > 1e-3)
            expect_true_derivatives(handoff_signal, &h, t, "hand-off");

    /* the pieces: the path after entering, the live camera after leaving */
    cp_pose mid = sample(&h, 5.25), direct = path_at(path, 12.25);
    assert_true(memcmp(&mid.position, &direct.position, sizeof mid.position) == 0);
    assert_true(mid.time == 5.25);
    cp_pose after = sample(&h, 9.5), live = live_at(9.5);
    assert_true(memcmp(&after.position, &live.position, sizeof live.position) == 0);
    assert_false(cp_handoff_done(&h, 9.0));
    assert_true(cp_handoff_done(&h, 9.0000001));
    cp_path_destroy(path);
}

/* The player's camera with its quaternion in the other hemisphere: the
 * same rotations, -q. */
static cp_pose live_negated_at(double t)
{
    cp_pose p = live_at(t);
    p.rotation = cp_quat_neg(p.rotation);
    return p;
}

/* The hand-off's quaternion, sampled every millisecond with the live
 * camera `live`: how often it changes sign between two samples (q . q_prev
 * < 0 while the rotation barely moves), and the last time it did. */
static int sign_changes(const cp_handoff *h, cp_pose (*live)(double), double t0, double t1, double *at)
{
    int n = 0;
    cp_pose prev, out, l = live(t0);
    cp_error err;
    assert_int_equal(cp_handoff_sample(h, t0, &l, &prev, &err), CP_OK);
    for (double t = t0 + 1e-3; t <= t1; t += 1e-3) {
        l = live(t);
        assert_int_equal(cp_handoff_sample(h, t, &l, &out, &err), CP_OK);
        if (cp_quat_dot(prev.rotation, out.rotation) < -0.99)
            n++, *at = t;
        prev = out;
    }
    return n;
}

/* The quaternion keeps its hemisphere from the live camera's into the path
 * and through the scene, whichever hemisphere the game keeps its camera
 * in. Leaving, it must end as the live camera's own, sign included: where
 * the game's camera comes back in the other hemisphere (here it is
 * negated between entering and leaving), it changes sign once, halfway
 * through the blend (w = 1/2), where neither camera outweighs the other. */
static void hemisphere_should_hold_through_a_hand_off(void **state)
{
    (void)state;
    cp_path *path = scene_path(CP_ENDS_NATURAL);
    cp_pose (*const lives[2])(double) = {live_at, live_negated_at};
    for (int in = 0; in < 2; in++)
        for (int out_neg = 0; out_neg < 2; out_neg++) {
            cp_handoff h;
            cp_pose from = lives[in](3.0);
            cp_error err;
            assert_int_equal(cp_handoff_begin(&h, path, 10.0, &from, 1.5, &err), CP_OK);
            assert_int_equal(cp_handoff_leave(&h, 7.0, 2.0, &err), CP_OK);
            assert_true(h.sign == (in ? -1.0 : 1.0)); /* the scene in the live camera's hemisphere */
            double at = 0;
            if (sign_changes(&h, lives[in], 2.9, 7.0, &at))
                fail_msg("live quaternion %s: the hand-off's quaternion changes sign at t = %.3f", in ? "-q" : "q",
                         at);
            const int leaving = sign_changes(&h, lives[out_neg], 7.0, 9.5, &at);
            assert_int_equal(leaving, in != out_neg);
            if (leaving)
                assert_true(at > 8.0 - 1e-9 && at < 8.0 + 1e-3);
            /* and it ends as the live camera, sign included */
            cp_pose l = lives[out_neg](9.0), out;
            assert_int_equal(cp_handoff_sample(&h, 9.0, &l, &out, &err), CP_OK);
            const cp_quat d = cp_quat_make(out.rotation.x - l.rotation.x, out.rotation.y - l.rotation.y,
                                           out.rotation.z - l.rotation.z, out.rotation.w - l.rotation.w);
            assert_true(cp_quat_length(d) < 1e-13);
            print_message("    live quaternion %s, then %s: no sign change entering or in the scene; %d leaving%s\n",
                          in ? "-q" : "q", out_neg ? "-q" : "q", leaving, leaving ? " (at w = 1/2)" : "");
        }
    cp_path_destroy(path);
}

static void naive_cross_fade_should_jump_by_the_same_measure(void **state)
{
    (void)state;
    cp_path *path = scene_path(CP_ENDS_NATURAL);
    cp_pose from = live_at(3.0);
    const double t0 = 3.0, T = 1.5;
    /* the same two signals, mixed with a weight linear in time: w = u, w' = 1 / T, w'' = 0 */
    cp_pose a0, b0, a1, b1 = path_at(path, 10.0 + T), start, end;
    cp_pose_extrapolate(&from, t0, &a0);
    b0 = path_at(path, 10.0);
    b0.time = t0;
    cp_pose_extrapolate(&from, t0 + T, &a1);
    b1.time = t0 + T;
    cp_pose_mix(&a0, &b0, 0.0, 1.0 / T, 0.0, &start);
    cp_pose_mix(&a1, &b1, 1.0, 1.0 / T, 0.0, &end);
    jumps js = measure(&a0, &start), je = measure(&end, &b1);
    /* continuous in value, but not C1, and not C2 either */
    assert_true(js.v[0] < 1e-15 && je.v[0] < 1e-14 && js.v[3] < 1e-15 && je.v[3] < 1e-14);
    double least = INFINITY;
    for (int k = 1; k <= 8; k++) {
        if (k == 3 || k == 6)
            continue;
        if (!(js.v[k] > 1e-2 && je.v[k] > 1e-2))
            fail_msg("the naive cross-fade should jump in %s: %.3g at the start, %.3g at the end", quantity[k],
                     js.v[k], je.v[k]);
        least = fmin(least, fmin(js.v[k], je.v[k]));
    }
    print_message("linear cross-fade: every derivative jumps at both ends by at least %.2g (relative); "
                  "velocity by %.2g and %.2g\n", least, js.v[1], je.v[1]);
    /* the quintic weight on the same signals: no jump */
    cp_pose q0, q1;
    cp_pose_blend(&a0, &b0, t0, T, &q0);
    cp_pose_blend(&a1, &b1, t0, T, &q1);
    expect_c2(&a0, &q0, "quintic blend, start");
    expect_c2(&q1, &b1, "quintic blend, end");
    cp_path_destroy(path);
}

static void a_cut_and_a_path_end_should_behave(void **state)
{
    (void)state;
    cp_path *path = scene_path(CP_ENDS_REST);
    cp_handoff h;
    cp_pose from = live_at(0.0);
    assert_int_equal(cp_handoff_begin(&h, path, 10.0, &from, 0.0, NULL), CP_OK);
    cp_pose s = sample(&h, 0.0), p = path_at(path, 10.0);
    expect_c2(&s, &p, "a cut");
    /* before the hand-off: the live pose, extrapolated */
    cp_pose before = sample(&h, -0.5), e;
    cp_pose_extrapolate(&from, -0.5, &e);
    expect_c2(&before, &e, "before the hand-off");
    /* past the end of an open path: its last pose, at rest; with rest ends
       that is C1 (the path stops there, its acceleration does not vanish) */
    cp_pose end = sample(&h, 8.0), past = sample(&h, 9.0);
    jumps j = measure(&end, &past);
    for (int k = 0; k < 9; k++)
        if (k == 2 || k == 5 || k == 8)
            assert_true(j.v[k] > 1e-3);
        else
            assert_true(j.v[k] < 1e-13);
    assert_true(cp_vec3_length(past.velocity) == 0 && cp_vec3_length(past.angular_velocity) == 0);
    expect_true_derivatives(handoff_signal, &h, 7.99, "before the end");
    /* a closed path wraps instead */
    cp_path *loop = scene_path(CP_ENDS_CLOSED);
    assert_int_equal(cp_handoff_begin(&h, loop, 10.0, &from, 0.5, NULL), CP_OK);
    cp_pose w = sample(&h, 12.0), w0 = path_at(loop, 12.0);
    expect_c2(&w, &w0, "a closed path, one period on");
    expect_true_derivatives(handoff_signal, &h, 10.01, "a closed path past its seam");
    cp_path_destroy(loop);
    cp_path_destroy(path);
}

/* ---- bad input ------------------------------------------------------------------------------------ */

static void expect_begin_refused(const cp_path *path, double path_time, const cp_pose *from, double blend,
                                 const char *field, const char *message)
{
    cp_handoff h, before;
    memset(&h, 0x5a, sizeof h);
    before = h;
    cp_error err;
    assert_int_equal(cp_handoff_begin(&h, path, path_time, from, blend, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, message);
    assert_string_equal(err.field, field);
    assert_true(memcmp(&h, &before, sizeof h) == 0); /* untouched */
}

static void bad_input_should_be_named(void **state)
{
    (void)state;
    cp_path *path = scene_path(CP_ENDS_NATURAL);
    cp_pose ok = live_at(1.0), bad = ok;
    bad.velocity.y = NAN;
    expect_begin_refused(path, 10, &bad, 1, "from.velocity.y", "from.velocity.y: nan is not a finite number");
    bad = ok;
    bad.angular_acceleration.z = -INFINITY;
    expect_begin_refused(path, 10, &bad, 1, "from.angular_acceleration.z",
                         "from.angular_acceleration.z: -inf is not a finite number");
    bad = ok;
    bad.rotation = cp_quat_make(0, 0, 0, 0);
    expect_begin_refused(path, 10, &bad, 1, "from.rotation",
                         "from.rotation: length 0 gives no orientation (expected a unit quaternion x, y, z, w)");
    bad = ok;
    bad.fov = 180;
    expect_begin_refused(path, 10, &bad, 1, "from.fov",
                         "from.fov: 180 degrees is outside (0, 180) (vertical field of view)");
    bad = ok;
    bad.time = NAN;
    expect_begin_refused(path, 10, &bad, 1, "from.time", "from.time: nan is not a finite number");
    expect_begin_refused(path, 10, &ok, -1, "blend", "blend: -1 s is not a finite number >= 0");
    expect_begin_refused(path, 10, &ok, INFINITY, "blend", "blend: inf s is not a finite number >= 0");
    expect_begin_refused(path, NAN, &ok, 1, "path_time", "path_time: nan is not a finite number");
    /* blends whose weight or extrapolation leave the doubles: refused, not NaN */
    expect_begin_refused(path, 10, &ok, 1e-310, "blend", "blend: 1e-310 s is outside 0.000001..1000000 s (0 is a cut)");
    expect_begin_refused(path, 10, &ok, 1e300, "blend", "blend: 1e+300 s is outside 0.000001..1000000 s (0 is a cut)");
    expect_begin_refused(path, 10, NULL, 1, "from", "from: NULL pose");
    expect_begin_refused(NULL, 10, &ok, 1, "path", "path: NULL path");

    cp_handoff h;
    cp_error err;
    assert_int_equal(cp_handoff_begin(&h, path, 10, &ok, 1, &err), CP_OK);
    assert_int_equal(cp_handoff_leave(&h, 0.5, 1, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "time: 0.5 s is before the hand-off began (1 s)");
    assert_int_equal(cp_handoff_leave(&h, 3, NAN, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "blend: nan s is not a finite number >= 0");
    assert_true(isinf(h.leave_time)); /* nothing scheduled */
    assert_int_equal(cp_handoff_leave(&h, 3, 1e300, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "blend: 1e+300 s is outside 0.000001..1000000 s (0 is a cut)");
    assert_true(isinf(h.leave_time));
    /* within the limits, a live camera so fast that its pose carried on
     * leaves the doubles: an error, never NaN with CP_OK */
    cp_handoff fast;
    cp_pose racing = ok;
    racing.velocity.x = 1e304;
    assert_int_equal(cp_handoff_begin(&fast, path, 10, &racing, 1e6, &err), CP_OK);
    cp_pose nan_out;
    assert_int_equal(cp_handoff_sample(&fast, 5e5, &racing, &nan_out, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "time: 500000 s: the live camera carried on from 1 s leaves the range of a double");
    assert_int_equal(cp_handoff_leave(&h, 3, 1, &err), CP_OK);

    cp_pose out, before;
    memset(&out, 0x5a, sizeof out);
    before = out;
    assert_int_equal(cp_handoff_sample(&h, 2.0, NULL, &out, &err), CP_OK); /* no live camera needed yet */
    assert_int_equal(cp_handoff_sample(&h, 3.5, NULL, &before, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "live: NULL pose");
    memset(&out, 0x5a, sizeof out);
    before = out;
    bad = live_at(3.5);
    bad.fov = 0;
    assert_int_equal(cp_handoff_sample(&h, 3.5, &bad, &out, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "live.fov: 0 degrees is outside (0, 180) (vertical field of view)");
    assert_true(memcmp(&out, &before, sizeof out) == 0);
    bad.fov = 60;
    bad.time = NAN; /* not read */
    assert_int_equal(cp_handoff_sample(&h, 3.5, &bad, &out, &err), CP_OK);
    assert_int_equal(cp_handoff_sample(&h, NAN, &bad, &out, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "time: nan is not a finite number");
    cp_path_destroy(path);
}

/* Focus and aperture go through a hand-off: mixed by the blend's weight
 * where both cameras have them (so they join each end without a jump),
 * kept where one has them; a negative one is refused. */
static void focus_and_aperture_should_blend_through_a_hand_off(void **state)
{
    (void)state;
    cp_key k[3] = {0};
    for (int i = 0; i < 3; i++) {
        k[i].time = 10 + 2 * i;
        k[i].position = cp_vec3_make(2 * i, 1, -3 * i);
        k[i].rotation = yaw(0.2 * i);
        k[i].fov = 50;
        k[i].focus = 6 + i;
        k[i].aperture = 2 + i;
    }
    cp_error err;
    cp_path *path = cp_path_create(k, 3, NULL, &err);
    assert_non_null(path);
    cp_pose from = live_at(3.0);
    from.focus = 1.5; /* the live camera has a focus but no aperture */
    cp_handoff h;
    assert_int_equal(cp_handoff_begin(&h, path, 10.0, &from, 1.0, &err), CP_OK);
    cp_pose start = sample(&h, 3.0), mid = sample(&h, 3.5), end = sample(&h, 4.0), inside = path_at(path, 11.0);
    assert_true(start.focus == 1.5);                      /* the live camera's, at the start */
    assert_true(end.focus == inside.focus);               /* the path's, at the end */
    assert_near(mid.focus, 1.5 + 0.5 * (path_at(path, 10.5).focus - 1.5), 1e-15, 1); /* s(1/2) = 1/2 */
    assert_true(start.aperture == 2 && mid.aperture == path_at(path, 10.5).aperture); /* only the path has one */
    /* leaving into a live camera without them: the path's are kept */
    assert_int_equal(cp_handoff_leave(&h, 5.0, 1.0, &err), CP_OK);
    cp_pose after = sample(&h, 5.5);
    assert_true(after.focus == path_at(path, 12.5).focus && after.aperture == path_at(path, 12.5).aperture);
    /* bad input is named */
    cp_pose bad = from;
    bad.aperture = -2;
    expect_begin_refused(path, 10, &bad, 1, "from.aperture",
                         "from.aperture: -2 is not a finite number >= 0 (f-number; 0 means none)");
    bad = from;
    bad.focus = NAN;
    expect_begin_refused(path, 10, &bad, 1, "from.focus", "from.focus: nan is not a finite number >= 0 (metres; 0 means none)");
    cp_path_destroy(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(extrapolation_should_turn_about_a_fixed_axis_as_the_closed_form),
        cmocka_unit_test(extrapolation_should_report_true_derivatives),
        cmocka_unit_test(entering_and_leaving_should_be_c2_at_both_ends_of_each_blend),
        cmocka_unit_test(hemisphere_should_hold_through_a_hand_off),
        cmocka_unit_test(naive_cross_fade_should_jump_by_the_same_measure),
        cmocka_unit_test(a_cut_and_a_path_end_should_behave),
        cmocka_unit_test(bad_input_should_be_named),
        cmocka_unit_test(focus_and_aperture_should_blend_through_a_hand_off),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

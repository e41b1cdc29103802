/* SPDX-License-Identifier: MIT */
/* tests/unit/test_follow.c - live targets: with a target that jumps, the
 * camera's rotation is C2 (measured from rotation samples alone, and from
 * the sampled angular derivatives on both sides of each jump), and a
 * first-order follow is not (the same measure says so); the filter is
 * exact between frames (the frame rate changes nothing; the step response
 * in closed form); the lag at constant velocity and with feed-forward; the
 * blends in and out; a dolly zoom framing the live target; errors named. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

/* A look-at path: the camera flies along x at 2 m height, looking at
 * targets round (0, 1, -10); keys timing, or smooth timing with roll. */
static cp_path *flight(int smooth)
{
    cp_key k[5];
    memset(k, 0, sizeof k);
    for (int i = 0; i < 5; i++) {
        k[i].time = 1.3 * i + 0.2 * (i % 2);
        k[i].position = cp_vec3_make(-6.0 + 3.0 * i, 2.0 + 0.3 * (i % 3), 1.0 * (i % 2));
        k[i].target = cp_vec3_make(-2.0 + i, 1.0 - 0.2 * i, -10.0 + 0.5 * (i % 2));
        k[i].flags = CP_KEY_TARGET;
        k[i].fov = 50.0;
        k[i].roll = smooth ? 5.0 * (i % 3) : 0.0;
    }
    cp_path_options o = {.orientation = CP_ORIENTATION_LOOK_AT, .timing = smooth ? CP_TIMING_SMOOTH : CP_TIMING_KEYS};
    cp_error err;
    cp_path *p = cp_path_create(k, 5, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    return p;
}

static cp_follow begin(const cp_path *p, double response, unsigned order)
{
    cp_follow f;
    cp_error err;
    const cp_follow_options o = {.response = response, .order = order};
    if (cp_follow_begin(&f, p, &o, &err) != CP_OK)
        fail_msg("%s", err.message);
    return f;
}

static void feed(cp_follow *f, double t, cp_vec3 x, const cp_vec3 *v)
{
    cp_error err;
    if (cp_follow_target(f, t, x, v, &err) != CP_OK)
        fail_msg("%s", err.message);
}

static cp_pose sample(const cp_follow *f, double t)
{
    cp_pose s;
    cp_error err;
    if (cp_follow_sample(f, t, &s, &err) != CP_OK)
        fail_msg("%s", err.message);
    return s;
}

/* The jumping target: round a circle, teleported by 1.5 m every 0.5 s. */
static cp_vec3 jumping(double t)
{
    const double hop = floor(t / 0.5);
    return cp_vec3_make(0.8 * cos(1.7 * t) + 1.5 * fmod(hop, 3.0), 1.0 + 0.4 * sin(2.3 * t) - 0.5 * fmod(hop, 2.0),
                        -9.0 + 0.6 * sin(t));
}

static double q4(cp_quat q, int c) { return c == 0 ? q.x : c == 1 ? q.y : c == 2 ? q.z : q.w; }

/* ---- C2 from samples alone ---------------------------------------------------------------- */

/* A game loop at 60 Hz feeding the jumping target (held between frames),
 * engaged from the start. At each jump the rotation is sampled at
 * t_j + i h, i = -4..4 (before the new target is given for i <= 0, after it
 * for i >= 0), and the quaternion's first and second derivatives are
 * estimated on each side by one-sided differences of second order; their
 * difference, relative to the largest estimate, is the jump. Also the
 * sampled angular velocity and acceleration just before and just after the
 * target is given at t_j (the left and right limits). */
typedef struct jumps {
    double d1, d2;       /* from the quaternion samples: relative jump of q', of q'' */
    double w, a;         /* from the sampled angular velocity and acceleration */
} jumps;

static jumps measure(const cp_path *p, unsigned order, double h)
{
    cp_follow f = begin(p, 0.4, order);
    cp_error err;
    assert_int_equal(cp_follow_engage(&f, 0.0, 0.0, &err), CP_OK);
    jumps j = {0, 0, 0, 0};
    double s1 = 0, s2 = 0, sw = 0, sa = 0, j1 = 0, j2 = 0, jw = 0, ja = 0;
    const double frame = 1.0 / 60.0;
    for (int k = 0; k <= 240; k++) {
        const double t = k * frame;
        const int hop = k > 0 && floor(t / 0.5) != floor((t - frame) / 0.5);
        if (!hop || k < 60) {
            feed(&f, t, jumping(t), NULL);
            continue;
        }
        cp_quat q[9];
        for (int i = -4; i <= 0; i++)
            q[i + 4] = sample(&f, t + i * h).rotation;
        const cp_pose left = sample(&f, t);
        feed(&f, t, jumping(t), NULL);
        const cp_pose right = sample(&f, t);
        for (int i = 0; i <= 4; i++)
            q[i + 4] = sample(&f, t + i * h).rotation;
        double e1 = 0, e2 = 0;
        for (int c = 0; c < 4; c++) {
            const double m = q4(q[4], c), l1 = q4(q[3], c), l2 = q4(q[2], c), l3 = q4(q[1], c);
            const double r1 = q4(q[5], c), r2 = q4(q[6], c), r3 = q4(q[7], c);
            const double dl = (3 * m - 4 * l1 + l2) / (2 * h), dr = (-3 * m + 4 * r1 - r2) / (2 * h);
            const double al = (2 * m - 5 * l1 + 4 * l2 - l3) / (h * h), ar = (2 * m - 5 * r1 + 4 * r2 - r3) / (h * h);
            s1 = fmax(s1, fmax(fabs(dl), fabs(dr)));
            s2 = fmax(s2, fmax(fabs(al), fabs(ar)));
            e1 = fmax(e1, fabs(dl - dr));
            e2 = fmax(e2, fabs(al - ar));
        }
        j1 = fmax(j1, e1), j2 = fmax(j2, e2);
        sw = fmax(sw, cp_vec3_length(left.angular_velocity));
        sa = fmax(sa, cp_vec3_length(left.angular_acceleration));
        jw = fmax(jw, cp_vec3_length(cp_vec3_sub(left.angular_velocity, right.angular_velocity)));
        ja = fmax(ja, cp_vec3_length(cp_vec3_sub(left.angular_acceleration, right.angular_acceleration)));
    }
    j.d1 = j1 / s1, j.d2 = j2 / s2, j.w = jw / sw, j.a = ja / sa;
    return j;
}

static void rotation_should_be_c2_with_a_jumping_target(void **state)
{
    (void)state;
    for (int smooth = 0; smooth < 2; smooth++) {
        cp_path *p = flight(smooth);
        const jumps coarse = measure(p, 3, 1e-3), fine = measure(p, 3, 1e-4);
        print_message("    third order, %s timing: relative jump at the target's jumps, from quaternion samples "
                      "(h = 1e-3 / 1e-4): q' %.1e / %.1e, q'' %.1e / %.1e; sampled: angular velocity %.1e, "
                      "acceleration %.1e\n",
                      smooth ? "smooth" : "keys", coarse.d1, fine.d1, coarse.d2, fine.d2, fine.w, fine.a);
        /* C2: the one-sided estimates agree to their own error, O(h^2):
         * a tenth of the step, a hundredth of the difference */
        assert_true(coarse.d1 < 1e-3 && fine.d1 < 1e-5 && coarse.d1 > 30 * fine.d1);
        assert_true(coarse.d2 < 1e-2 && fine.d2 < 1e-4 && coarse.d2 > 30 * fine.d2);
        assert_true(fine.w <= 1e-12 && fine.a <= 1e-12);
        cp_path_destroy(p);
    }
}

/* The same measure can fail: a first-order follow (the exponential
 * smoothing most cameras use) breaks the angular velocity at every jump,
 * a second-order one the angular acceleration, and neither jump shrinks
 * with the step of the samples. */
static void lower_orders_should_break_the_same_measure(void **state)
{
    (void)state;
    cp_path *p = flight(0);
    const jumps o1 = measure(p, 1, 1e-3), o1f = measure(p, 1, 1e-4), o2 = measure(p, 2, 1e-3), o2f = measure(p, 2, 1e-4);
    print_message("    first order: q' jumps by %.2f / %.2f of its scale (C0 only); second order: q' %.1e, q'' by "
                  "%.2f / %.2f (C1 only)\n",
                  o1.d1, o1f.d1, o2.d1, o2.d2, o2f.d2);
    assert_true(o1.d1 > 0.05 && o1f.d1 > 0.5 * o1.d1 && o1f.w > 0.05);
    assert_true(o2.d1 < 1e-3 && o2f.d1 < 1e-5 && o2.w < 1e-12);
    assert_true(o2.d2 > 0.05 && o2f.d2 > 0.5 * o2.d2 && o2f.a > 0.05);
    cp_path_destroy(p);
}

/* omega = 2 vec(q' conj q), alpha from central differences of the sampled
 * omega: the pose's angular derivatives are those of its rotation, while
 * engaged and during both blends. */
static void angular_derivatives_should_be_those_of_the_rotation(void **state)
{
    (void)state;
    for (int smooth = 0; smooth < 2; smooth++) {
        cp_path *p = flight(smooth);
        cp_follow f = begin(p, 0.3, 3);
        cp_error err;
        assert_int_equal(cp_follow_engage(&f, 0.5, 1.0, &err), CP_OK);
        assert_int_equal(cp_follow_release(&f, 3.0, 1.2, &err), CP_OK);
        double worst[2] = {0, 0};
        for (int k = 0; k <= 300; k++) {
            const double t = k / 60.0, h = 1e-5;
            feed(&f, t, jumping(t), NULL);
            if (k % 7)
                continue;
            const double at = t + 0.004;
            const cp_pose m = sample(&f, at), lo = sample(&f, at - h), hi = sample(&f, at + h);
            const cp_quat q1 = cp_quat_make((hi.rotation.x - lo.rotation.x) / (2 * h), (hi.rotation.y - lo.rotation.y) / (2 * h),
                                            (hi.rotation.z - lo.rotation.z) / (2 * h), (hi.rotation.w - lo.rotation.w) / (2 * h));
            const cp_quat v = cp_quat_mul(q1, cp_quat_conj(m.rotation));
            const cp_vec3 w = cp_vec3_make(2 * v.x, 2 * v.y, 2 * v.z);
            const cp_vec3 a = cp_vec3_scale(cp_vec3_sub(hi.angular_velocity, lo.angular_velocity), 1 / (2 * h));
            const double ew = cp_vec3_length(cp_vec3_sub(w, m.angular_velocity)) / fmax(cp_vec3_length(m.angular_velocity), 0.1);
            const double ea =
                cp_vec3_length(cp_vec3_sub(a, m.angular_acceleration)) / fmax(cp_vec3_length(m.angular_acceleration), 0.1);
            if (!(ew < 1e-6) || !(ea < 1e-5))
                fail_msg("at t = %.17g: angular velocity off by %.3g, acceleration by %.3g", at, ew, ea);
            worst[0] = fmax(worst[0], ew), worst[1] = fmax(worst[1], ea);
        }
        print_message("    %s timing, against central differences: angular velocity within %.1e, acceleration "
                      "within %.1e\n",
                      smooth ? "smooth" : "keys", worst[0], worst[1]);
        cp_path_destroy(p);
    }
}

/* ---- the blends ---------------------------------------------------------------------------- */

/* Engaged over 1 s and released over 1.2 s: the pose is the path's before
 * and after, the view looks at the filtered point between, and the blends'
 * four ends are C2 in the sampled angular velocity and acceleration. */
static void blends_should_go_from_the_keys_and_back(void **state)
{
    (void)state;
    cp_path *p = flight(1);
    cp_follow f = begin(p, 0.3, 3);
    cp_error err;
    assert_int_equal(cp_follow_engage(&f, 0.5, 1.0, &err), CP_OK);
    assert_int_equal(cp_follow_release(&f, 3.0, 1.2, &err), CP_OK);
    const double ends[4] = {0.5, 1.5, 3.0, 4.2};
    double worst = 0;
    for (int k = 0; k <= 300; k++) {
        const double t = k / 60.0;
        feed(&f, t, cp_vec3_make(1.0 + 0.1 * t, 0.5, -8.0), NULL);
        cp_pose s = sample(&f, t + 0.001), path;
        cp_path_sample(p, t + 0.001, &path);
        if (t + 0.001 < 0.5 || t + 0.001 > 4.2) {
            assert_true(cp_quat_dot(s.rotation, path.rotation) > 1 - 1e-15);
            assert_true(cp_vec3_length(cp_vec3_sub(s.angular_velocity, path.angular_velocity)) < 1e-12);
        }
        if (t + 0.001 > 1.5 && t + 0.001 < 3.0) { /* looking at the filtered point */
            cp_vec3 x[3];
            assert_int_equal(cp_follow_point(&f, t + 0.001, x, &err), CP_OK);
            const cp_vec3 view = cp_vec3_normalize(cp_vec3_sub(x[0], s.position));
            assert_true(cp_vec3_dot(view, cp_quat_forward(s.rotation)) > 1 - 1e-12);
        }
        for (int e = 0; e < 4; e++)
            if (t < ends[e] && t + 1.0 / 60.0 >= ends[e]) {
                const double h = 1e-7;
                const cp_pose l = sample(&f, ends[e] - h), r = sample(&f, ends[e] + h);
                const double ja = cp_vec3_length(cp_vec3_sub(l.angular_acceleration, r.angular_acceleration)) /
                                  fmax(cp_vec3_length(l.angular_acceleration), 0.1);
                worst = fmax(worst, ja);
            }
    }
    print_message("    blend ends: the angular acceleration changes by at most %.1e (relative) over 2e-7 s\n", worst);
    assert_true(worst < 1e-4);
    cp_path_destroy(p);
}

/* ---- the filter is exact ------------------------------------------------------------------ */

/* A target at rest that jumps by d at t = 0 and stays: the third-order
 * step response x = p - d e^-r (1 + r + r^2 / 2), r = 3 t / T, whether the
 * game gives it once or at 60 Hz or at uneven times. */
static void step_response_should_be_the_closed_form_at_any_frame_rate(void **state)
{
    (void)state;
    cp_key k[2];
    memset(k, 0, sizeof k);
    for (int i = 0; i < 2; i++) {
        k[i].time = 4.0 * i;
        k[i].position = cp_vec3_make(2.0 * i, 2, 5);
        k[i].target = cp_vec3_make(0, 1, -5);
        k[i].flags = CP_KEY_TARGET;
        k[i].fov = 60;
    }
    const cp_path_options o = {.orientation = CP_ORIENTATION_LOOK_AT};
    cp_path *p = cp_path_create(k, 2, &o, NULL);
    assert_non_null(p);
    const double T = 0.6;
    const cp_vec3 goal = cp_vec3_make(3, 2, -6), d = cp_vec3_sub(goal, k[0].target);
    cp_follow once = begin(p, T, 3), often = begin(p, T, 3), uneven = begin(p, T, 3);
    feed(&once, 0.0, goal, NULL);
    testutil_rng rng = {0x5e9};
    double tu = 0.0, worst = 0.0;
    feed(&uneven, 0.0, goal, NULL);
    for (int f = 0; f <= 180; f++) {
        const double t = f / 60.0;
        feed(&often, t, goal, NULL);
        while (tu + 0.05 < t) {
            tu += testutil_uniform(&rng, 0.001, 0.05);
            feed(&uneven, tu, goal, NULL);
        }
        const double at = fmax(t, tu) + 0.003, r = 3 * at / T, e = exp(-r);
        const double x = -e * (1 + r + r * r / 2), x1 = e * r * r / 2 * (3 / T), x2 = e * (r - r * r / 2) * 9 / (T * T);
        cp_vec3 a[3], b[3], c[3];
        assert_int_equal(cp_follow_point(&once, at, a, NULL), CP_OK);
        assert_int_equal(cp_follow_point(&often, at, b, NULL), CP_OK);
        assert_int_equal(cp_follow_point(&uneven, at, c, NULL), CP_OK);
        const cp_vec3 want[3] = {cp_vec3_add(goal, cp_vec3_scale(d, x)), cp_vec3_scale(d, x1), cp_vec3_scale(d, x2)};
        for (int r2 = 0; r2 < 3; r2++) {
            const double scale = r2 == 0 ? 10.0 : r2 == 1 ? 10.0 / T : 10.0 / (T * T);
            worst = fmax(worst, cp_vec3_length(cp_vec3_sub(a[r2], want[r2])) / scale);
            worst = fmax(worst, cp_vec3_length(cp_vec3_sub(b[r2], want[r2])) / scale);
            worst = fmax(worst, cp_vec3_length(cp_vec3_sub(c[r2], want[r2])) / scale);
        }
    }
    print_message("    step response, given once, at 60 Hz and at uneven times: within %.1e of the closed form\n",
                  worst);
    assert_true(worst < 1e-13);
    cp_path_destroy(p);
}

/* A target moving on a line, given with its velocity at 30 Hz and at
 * 144 Hz: the same filtered point at any time (the input between frames is
 * the same line). */
static void moving_target_should_not_depend_on_the_frame_rate(void **state)
{
    (void)state;
    cp_path *p = flight(0);
    cp_follow a = begin(p, 0.5, 3), b = begin(p, 0.5, 3);
    const cp_vec3 v = cp_vec3_make(1.5, 0.2, -0.7);
    double worst = 0.0;
    for (int k = 0; k <= 4 * 144; k++) {
        const double t = k / 144.0;
        const cp_vec3 x = cp_vec3_add(cp_vec3_make(-1, 1, -9), cp_vec3_scale(v, t));
        feed(&b, t, x, &v);
        if (k % 24 == 0) /* every 1/6 s: a frame of both */
            for (int i = 0; i < 5; i++) {
                const double ta = (k / 24) / 6.0 + i / 30.0;
                feed(&a, ta, cp_vec3_add(cp_vec3_make(-1, 1, -9), cp_vec3_scale(v, ta)), &v);
            }
        if (k % 24 == 0 && k > 0) {
            /* both fed up to the same time ta <= t + 4/30: compare past it */
            const double at = (k / 24) / 6.0 + 4.0 / 30.0 + 0.001;
            cp_vec3 pa[3], pb[3];
            cp_follow bb = b;
            for (int f = k + 1; f / 144.0 < at; f++) {
                const double tf = f / 144.0;
                feed(&bb, tf, cp_vec3_add(cp_vec3_make(-1, 1, -9), cp_vec3_scale(v, tf)), &v);
            }
            assert_int_equal(cp_follow_point(&a, at, pa, NULL), CP_OK);
            assert_int_equal(cp_follow_point(&bb, at, pb, NULL), CP_OK);
            for (int r = 0; r < 3; r++)
                worst = fmax(worst, cp_vec3_length(cp_vec3_sub(pa[r], pb[r])));
        }
    }
    print_message("    a line given at 30 Hz and at 144 Hz: the filtered points differ by %.1e\n", worst);
    assert_true(worst < 1e-11);
    cp_path_destroy(p);
}

/* ---- the lag ------------------------------------------------------------------------------- */

/* Measured after 20 response times of a target at 2 m/s given at 1 kHz:
 * without its velocity the point trails it by T plus half a frame (the
 * target is held between frames); with it, by nothing; under a constant
 * acceleration a with its velocity, by a T^2 / 3. */
static void lag_should_be_the_response_time_and_go_with_feed_forward(void **state)
{
    (void)state;
    cp_path *p = flight(0);
    const double T = 0.5, V = 2.0, A = 1.0, h = 1e-3;
    const cp_vec3 dir = cp_vec3_make(0.6, 0, -0.8), o = cp_vec3_make(-3, 1, -9);
    for (unsigned order = 1; order <= 3; order++) {
        cp_follow held = begin(p, T, order), ff = begin(p, T, order), acc = begin(p, T, order);
        double lag = 0, lag_ff = 0, lag_acc = 0;
        int n = 0;
        for (int k = 0; k <= 12000; k++) {
            const double t = k * h;
            const cp_vec3 x = cp_vec3_add(o, cp_vec3_scale(dir, V * t)), v = cp_vec3_scale(dir, V);
            const cp_vec3 xa = cp_vec3_add(o, cp_vec3_scale(dir, A * t * t / 2)), va = cp_vec3_scale(dir, A * t);
            feed(&held, t, x, NULL);
            feed(&ff, t, x, &v);
            feed(&acc, t, xa, &va);
            if (t < 20 * T)
                continue;
            /* the mean over a frame: at its middle (the filter smooths the staircase) */
            const double at = t + h / 2;
            const cp_vec3 xm = cp_vec3_add(o, cp_vec3_scale(dir, V * at)), xam = cp_vec3_add(o, cp_vec3_scale(dir, A * at * at / 2));
            cp_vec3 a[3], b[3], c[3];
            assert_int_equal(cp_follow_point(&held, at, a, NULL), CP_OK);
            assert_int_equal(cp_follow_point(&ff, at, b, NULL), CP_OK);
            assert_int_equal(cp_follow_point(&acc, at, c, NULL), CP_OK);
            lag += cp_vec3_dot(cp_vec3_sub(xm, a[0]), dir) / V;
            lag_ff += cp_vec3_length(cp_vec3_sub(xm, b[0]));
            lag_acc += cp_vec3_dot(cp_vec3_sub(xam, c[0]), dir);
            n++;
        }
        lag /= n, lag_ff /= n, lag_acc /= n;
        const double want_acc = (order - 1.0) / (2.0 * order) * A * T * T;
        print_message("    order %u, T = %.1f s: lag %.6f s (T + h/2 = %.6f); with velocity %.1e m; under %.0f m/s^2 "
                      "%.5f m (predicted %.5f)\n",
                      order, T, lag, T + h / 2, lag_ff, A, lag_acc, want_acc);
        assert_near(lag, T + h / 2, 1e-4, 1.0);
        assert_true(lag_ff < 1e-9);
        /* the input between frames is a line, not the parabola: a T h / 2 more */
        assert_true(fabs(lag_acc - want_acc) < 1.5 * A * T * h / 2 + 1e-9);
    }
    cp_path_destroy(p);
}

/* ---- errors ---------------------------------------------------------------------------------- */

static void expect(cp_status got, const cp_error *err, const char *field, const char *text)
{
    assert_int_equal(got, CP_ERR_INVALID);
    assert_string_equal(err->field, field);
    if (!strstr(err->message, text))
        fail_msg("message \"%s\" does not say \"%s\"", err->message, text);
}

static void bad_input_should_be_named(void **state)
{
    (void)state;
    cp_key k[2];
    memset(k, 0, sizeof k);
    k[0].rotation = k[1].rotation = cp_quat_identity();
    k[1].time = 1, k[0].fov = k[1].fov = 60;
    cp_path *rot = cp_path_create(k, 2, NULL, NULL), *p = flight(0);
    cp_follow f, g = begin(p, 0, 0);
    cp_error err;
    expect(cp_follow_begin(&f, rot, NULL, &err), &err, "path", "look-at");
    const cp_follow_options fast = {.response = 1e-4}, slow = {.response = NAN}, four = {.order = 4};
    expect(cp_follow_begin(&f, p, &fast, &err), &err, "options.response", "outside");
    expect(cp_follow_begin(&f, p, &slow, &err), &err, "options.response", "outside");
    expect(cp_follow_begin(&f, p, &four, &err), &err, "options.order", "not 1, 2 or 3");
    assert_true(g.response == CP_FOLLOW_DEFAULT_RESPONSE && g.order == 3);
    feed(&g, 1.0, cp_vec3_make(0, 0, -5), NULL);
    const cp_follow before = g;
    expect(cp_follow_target(&g, 0.5, cp_vec3_make(0, 0, -5), NULL, &err), &err, "time", "before the last target");
    expect(cp_follow_target(&g, NAN, cp_vec3_make(0, 0, -5), NULL, &err), &err, "time", "not a finite number");
    expect(cp_follow_target(&g, 2, cp_vec3_make(0, INFINITY, -5), NULL, &err), &err, "position", "not finite");
    const cp_vec3 huge = cp_vec3_make(1e200, 0, 0);
    expect(cp_follow_target(&g, 2, cp_vec3_make(0, 0, -5), &huge, &err), &err, "velocity", "beyond");
    expect(cp_follow_engage(&g, 2, -1, &err), &err, "blend", ">= 0");
    expect(cp_follow_release(&g, 2, 1e-9, &err), &err, "blend", "outside");
    expect(cp_follow_engage(&g, NAN, 1, &err), &err, "time", "not a finite number");
    assert_memory_equal(&g, &before, sizeof g);
    cp_pose s;
    expect(cp_follow_sample(&g, 0.9, &s, &err), &err, "time", "before the last target");
    cp_path_destroy(rot);
    cp_path_destroy(p);
}

/* Before any target the live view is the keyed one: engaged, nothing moves. */
static void unfed_follow_should_be_the_path(void **state)
{
    (void)state;
    cp_path *p = flight(1);
    cp_follow f = begin(p, 0.5, 3);
    cp_error err;
    assert_int_equal(cp_follow_engage(&f, 0.0, 0.0, &err), CP_OK);
    for (double t = 0; t < 5; t += 0.37) {
        cp_pose a = sample(&f, t), b;
        cp_path_sample(p, t, &b);
        assert_true(cp_quat_dot(a.rotation, b.rotation) > 1 - 1e-15);
        assert_true(cp_vec3_length(cp_vec3_sub(a.angular_acceleration, b.angular_acceleration)) <
                    1e-12 * fmax(1, cp_vec3_length(b.angular_acceleration)));
    }
    /* the first target starts the filter at the keyed target, moving as it does */
    feed(&f, 2.0, cp_vec3_make(5, 5, -20), NULL);
    cp_pose a = sample(&f, 2.0), b;
    cp_path_sample(p, 2.0, &b);
    assert_true(cp_quat_dot(a.rotation, b.rotation) > 1 - 1e-14);
    assert_true(cp_vec3_length(cp_vec3_sub(a.angular_velocity, b.angular_velocity)) < 1e-10);
    assert_true(cp_vec3_length(cp_vec3_sub(a.angular_acceleration, b.angular_acceleration)) < 1e-9);
    cp_path_destroy(p);
}

/* A dolly zoom follows the live target's distance: a subject at the
 * filtered point keeps its size on screen, and the fov is C2 at the
 * target's jumps (its rate and acceleration the same on both sides). */
static void dolly_zoom_should_keep_a_live_subject_its_size(void **state)
{
    (void)state;
    cp_key k[3];
    memset(k, 0, sizeof k);
    for (int i = 0; i < 3; i++) {
        k[i].time = 2.5 * i;
        k[i].position = cp_vec3_make(-4.0 + 4.0 * i, 2.0, 6.0 - 2.0 * i);
        k[i].target = cp_vec3_make(0, 1, -6);
        k[i].flags = CP_KEY_TARGET;
        k[i].frame_width = 2.0;
    }
    const cp_path_options o = {.orientation = CP_ORIENTATION_LOOK_AT, .dolly_zoom = true};
    cp_error err;
    cp_path *p = cp_path_create(k, 3, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    cp_follow f = begin(p, 0.3, 3);
    assert_int_equal(cp_follow_engage(&f, 0.0, 0.0, &err), CP_OK);
    double lo = INFINITY, hi = -INFINITY, jump = 0, scale = 0;
    for (int frame = 0; frame < 300; frame++) {
        const double t = frame / 60.0;
        const cp_pose before = sample(&f, t);
        feed(&f, t, jumping(t), NULL);
        const cp_pose after = sample(&f, t);
        jump = fmax(jump, fmax(fabs(before.fov_velocity - after.fov_velocity),
                               fabs(before.fov_acceleration - after.fov_acceleration)));
        scale = fmax(scale, fabs(after.fov_acceleration));
        const double at = t + 0.007;
        const cp_pose s = sample(&f, at);
        cp_vec3 x[3];
        assert_int_equal(cp_follow_point(&f, at, x, &err), CP_OK);
        const cp_vec3 top = cp_vec3_add(x[0], cp_vec3_scale(cp_quat_up(s.rotation), 0.6));
        const cp_vec3 c = cp_quat_rotate(cp_quat_conj(s.rotation), cp_vec3_sub(top, s.position));
        const double y = c.y / (-c.z * tan(s.fov * M_PI / 360));
        lo = fmin(lo, y), hi = fmax(hi, y);
    }
    print_message("    dolly zoom on a live target: the subject's height on screen %.15f..%.15f (want 0.6); the fov's "
                  "rate and acceleration across the target's jumps within %.1e (its acceleration up to %.3g)\n",
                  lo, hi, jump, scale);
    assert_near(lo, 0.6, 1e-12, 1);
    assert_near(hi, 0.6, 1e-12, 1);
    assert_true(jump <= 1e-12 * scale);
    cp_path_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rotation_should_be_c2_with_a_jumping_target),
        cmocka_unit_test(lower_orders_should_break_the_same_measure),
        cmocka_unit_test(angular_derivatives_should_be_those_of_the_rotation),
        cmocka_unit_test(blends_should_go_from_the_keys_and_back),
        cmocka_unit_test(step_response_should_be_the_closed_form_at_any_frame_rate),
        cmocka_unit_test(moving_target_should_not_depend_on_the_frame_rate),
        cmocka_unit_test(lag_should_be_the_response_time_and_go_with_feed_forward),
        cmocka_unit_test(bad_input_should_be_named),
        cmocka_unit_test(unfed_follow_should_be_the_path),
        cmocka_unit_test(dolly_zoom_should_keep_a_live_subject_its_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* tests/unit/test_turn.c - constant-speed timing that turns: a turn gets the
 * time max_angular_speed asks (a turn on the spot too), the camera never
 * turns faster, the timing stays C2, a path that hardly turns keeps its
 * distance pace to the bit, and `campath check` finds no whip pan where the
 * distance pace made one (docs/math.md, sections 13 and 21). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static cp_quat yaw(double deg) { return cp_quat_from_axis_angle(cp_vec3_make(0, 1, 0), deg * M_PI / 180); }

static cp_key at(double t, double x, double deg)
{
    return (cp_key){.time = t, .position = {x, 0, 0}, .rotation = yaw(deg), .fov = 60};
}

static cp_path *build(const cp_key *k, size_t n, double max_angular_speed)
{
    cp_path_options o = {.timing = CP_TIMING_CONSTANT_SPEED, .max_angular_speed = max_angular_speed};
    cp_error err;
    cp_path *p = cp_path_create(k, n, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    return p;
}

/* The largest angular speed of a path, degrees per second, from samples. */
static double fastest_turn(const cp_path *p, int samples)
{
    const double t0 = cp_path_start(p), span = cp_path_duration(p);
    double most = 0;
    for (int i = 0; i <= samples; i++) {
        cp_pose s;
        cp_path_sample(p, t0 + span * i / samples, &s);
        most = fmax(most, cp_vec3_length(s.angular_velocity));
    }
    return most * 180 / M_PI;
}

/* Walk 10 m, turn 60 degrees on the spot, walk 10 m, in 14 s: the camera
 * stops where the turn starts and ends, and turns at the fastest turn in
 * between: 60 / 30 = 2 s at the default, and half of each ease (1 s) on
 * top; it never turns faster than 30 degrees per second, and reaches it. */
static void a_turn_on_the_spot_should_take_what_the_fastest_turn_asks(void **state)
{
    (void)state;
    for (int m = 0; m < 3; m++) {
        const double most = m == 0 ? 0 : m == 1 ? 45 : 10; /* 0: the default, 30 */
        const double w = most > 0 ? most : CP_PATH_DEFAULT_MAX_ANGULAR_SPEED;
        const cp_key k[4] = {at(0, 0, 0), at(5, 10, 0), at(9, 10, 60), at(14, 20, 60)};
        cp_path *p = build(k, 4, most);
        double t[8];
        assert_int_equal(cp_path_key_times(p, t), 4);
        const double turn = t[2] - t[1], fastest = fastest_turn(p, 200000);
        printf("    60 degrees on the spot at %g degrees per second: %.6f s, fastest turn %.9f degrees per second\n",
               w, turn, fastest);
        /* the turn between two stops: 60 / w at w, and half of each ease,
         * tau = 1 s, or less so that the eases cover at most half the turn
         * (docs/math.md, section 13): tau = min(1, (60 / w) / 2); and
         * less than 5% more, where the turn starts and ends slower than the
         * pace's floor near its stops */
        const double least = 60 / w + fmin(1.0, 30 / w);
        assert_true(turn >= least && turn <= 1.05 * least);
        assert_true(fastest <= w * (1 + 1e-6));
        assert_true(fastest >= w * (1 - 1e-6)); /* and it does turn at it */
        /* exactly on the spot */
        for (int i = 0; i <= 100; i++) {
            cp_pose s;
            cp_path_sample(p, t[1] + turn * i / 100, &s);
            assert_true(s.position.x == 10);
        }
        cp_path_destroy(p);
    }
}

/* A turn with a little travel (the case of docs/math.md section 21: 60
 * degrees in a 5 cm step, which the distance pace turned at 10,500
 * degrees per second) is paced by the turn: no faster than the fastest
 * turn, and `campath check` finds no whip pan; with the fastest turn at
 * its limit the check finds it (the control). */
static void a_quick_turn_should_be_no_whip_pan_at_constant_speed(void **state)
{
    (void)state;
    const cp_key k[4] = {at(0, 0, 0), at(2, 1, 0), at(2.3, 1.05, 60), at(4.3, 2.05, 60)};
    for (int control = 0; control < 2; control++) {
        cp_path *p = build(k, 4, control ? CP_PATH_MAX_ANGULAR_SPEED_LIMIT : 0);
        cp_check_options co = {.whip_speed = 3 * CP_PATH_DEFAULT_MAX_ANGULAR_SPEED,
                               .whip_acceleration = 6 * CP_PATH_DEFAULT_MAX_ANGULAR_SPEED};
        cp_check_report r;
        cp_error err;
        assert_int_equal(cp_path_check(p, &co, &r, &err), CP_OK);
        size_t whips = 0;
        for (size_t f = 0; f < r.count; f++)
            whips += r.findings[f].kind == CP_FINDING_WHIP_PAN;
        const double fastest = fastest_turn(p, 100000);
        printf("    60 degrees in 5 cm, fastest turn %s: %.1f degrees per second, %zu whip-pan findings\n",
               control ? "3600" : "the default", fastest, whips);
        if (control) {
            assert_true(whips >= 1);
            assert_true(fastest > 1000);
        } else {
            assert_int_equal(whips, 0);
            assert_true(fastest <= CP_PATH_DEFAULT_MAX_ANGULAR_SPEED * (1 + 1e-6));
        }
        cp_check_report_free(&r);
        cp_path_destroy(p);
    }
}

/* The largest change of the acceleration (and angular acceleration)
 * between samples `step` apart, relative to the largest. */
static double acc_change(const cp_path *p, double step)
{
    const double t0 = cp_path_start(p), span = cp_path_duration(p);
    double most = 0, scale = 1e-300;
    cp_pose prev;
    cp_path_sample(p, t0, &prev);
    for (long i = 1; t0 + i * step <= t0 + span; i++) {
        cp_pose s;
        cp_path_sample(p, t0 + i * step, &s);
        most = fmax(most, cp_vec3_length(cp_vec3_sub(s.acceleration, prev.acceleration)));
        most = fmax(most, cp_vec3_length(cp_vec3_sub(s.angular_acceleration, prev.angular_acceleration)));
        scale = fmax(scale, fmax(cp_vec3_length(s.acceleration), cp_vec3_length(s.angular_acceleration)));
        prev = s;
    }
    return most / scale;
}

/* Random walks that stop and turn on the spot, and turn while they
 * travel: C2 from samples (a jump in the acceleration shows the same at
 * 2 ms and 1 ms; continuity halves it), never faster than the fastest
 * turn; a bisector (C1) path is the control. */
static void turning_constant_speed_should_be_c2(void **state)
{
    (void)state;
    testutil_rng rng = {21};
    double worst = 0, fastest = 0;
    int refused = 0;
    for (int trial = 0; trial < 30; trial++) {
        cp_key k[8];
        double t = 0, x = 0, heading = 0;
        const size_t n = (size_t)testutil_uniform(&rng, 3, 8);
        for (size_t i = 0; i < n; i++) {
            k[i] = at(t, x, heading);
            k[i].position.z = testutil_uniform(&rng, -0.2, 0.2);
            t += testutil_uniform(&rng, 1, 3);
            if (testutil_uniform(&rng, 0, 1) < 0.3) { /* a turn on the spot */
                heading += testutil_uniform(&rng, 20, 90);
                if (i + 1 < n) {
                    k[i + 1] = k[i];
                    k[i + 1].time = t;
                    k[i + 1].rotation = yaw(heading);
                    t += testutil_uniform(&rng, 1, 3);
                    i++;
                    if (i + 1 == n)
                        break;
                }
            }
            x += testutil_uniform(&rng, 1, 5);
            heading += testutil_uniform(&rng, -60, 60);
        }
        cp_path_options o = {.timing = CP_TIMING_CONSTANT_SPEED};
        cp_error err;
        cp_path *p = cp_path_create(k, n, &o, &err);
        if (!p) { /* a shape that nearly stops in its travel (a sharp bend): refused as it always was */
            if (!strstr(err.message, "no constant speed fits here"))
                fail_msg("trial %d: %s", trial, err.message);
            refused++;
            continue;
        }
        const double coarse = acc_change(p, 2e-3), fine = acc_change(p, 1e-3);
        if (!(fine <= 0.75 * coarse || coarse < 1e-6)) {
            fail_msg("trial %d: acceleration changes by %.3g at 2 ms, %.3g at 1 ms", trial, coarse, fine);
        }
        worst = fmax(worst, fine);
        /* the fastest turn, raised where the path's turns would take more
         * than half its time at it (docs/math.md, section 13) */
        double turned = 0;
        for (size_t i = 0; i + 1 < n; i++) {
            const double d = fabs(cp_quat_dot(k[i].rotation, k[i + 1].rotation));
            turned += 2 * acos(fmin(1.0, d));
        }
        const double limit = fmax(CP_PATH_DEFAULT_MAX_ANGULAR_SPEED, 2 * turned * 180 / M_PI / cp_path_duration(p));
        fastest = fmax(fastest, fastest_turn(p, 20000) / limit);
        cp_path_destroy(p);
    }
    printf("    30 random walks with turns: acceleration changes by %.2g of its largest between samples 1 ms apart, "
           "fastest turn %.9f of the fastest allowed\n",
           worst, fastest);
    printf("    (%d of 30 refused: a bend too sharp for constant speed)\n", refused);
    assert_true(refused <= 10);
    assert_true(fastest <= 1 + 1e-6);
    const cp_key k[4] = {at(0, 0, 0), at(1, 1, 10), at(2, 1.5, 30), at(3, 3, 35)};
    cp_key c[4];
    memcpy(c, k, sizeof c);
    c[1].position.y = 1, c[2].position.z = -2;
    cp_path_options o = {.position = CP_INTERP_BISECTOR};
    cp_error err;
    cp_path *p = cp_path_create(c, 4, &o, &err);
    assert_non_null(p);
    const double coarse = acc_change(p, 2e-3), fine = acc_change(p, 1e-3);
    printf("    bisector position: acceleration changes by %.3g at 2 ms, %.3g at 1 ms (a jump)\n", coarse, fine);
    assert_true(fine > 0.75 * coarse);
    cp_path_destroy(p);
}

/* A path that turns far below the fastest turn keeps the distance pace to
 * the bit: the same key times and the same samples as with the fastest
 * turn at its limit; one that does turn fast changes (the control). */
static void a_path_that_hardly_turns_should_keep_its_times(void **state)
{
    (void)state;
    for (int fast = 0; fast < 2; fast++) {
        const double d = fast ? 40 : 0.02; /* degrees per key, keys 10 m apart at about 2.5 m/s */
        const cp_key k[5] = {at(0, 0, 0), at(4, 10, d), at(8, 20, 2 * d), at(12, 30, d), at(16, 35, 0)};
        cp_path *p = build(k, 5, 0), *q = build(k, 5, CP_PATH_MAX_ANGULAR_SPEED_LIMIT);
        double a[5], b[5];
        cp_path_key_times(p, a);
        cp_path_key_times(q, b);
        int same = 1;
        for (int i = 0; i < 5; i++)
            same &= a[i] == b[i];
        for (int i = 0; i <= 1000; i++) {
            cp_pose s, r;
            cp_path_sample(p, 16.0 * i / 1000, &s);
            cp_path_sample(q, 16.0 * i / 1000, &r);
            same &= memcmp(&s.position, &r.position, sizeof s.position) == 0;
        }
        printf("    %g degrees per 10 m: %s timing\n", d, same ? "the same" : "a different");
        assert_int_equal(same, !fast);
        cp_path_destroy(p);
        cp_path_destroy(q);
    }
}

/* Waiting on the spot (no travel and no turn) is refused, located; a
 * turn the fastest turn cannot fit in the path's time turns faster, at
 * the pace that fills it (docs/math.md, section 13). */
static void waiting_on_the_spot_should_be_refused(void **state)
{
    (void)state;
    cp_key k[3] = {at(0, 0, 0), at(1, 0, 0), at(2, 5, 0)};
    cp_path_options o = {.timing = CP_TIMING_CONSTANT_SPEED};
    cp_error err;
    assert_null(cp_path_create(k, 3, &o, &err));
    assert_string_equal(err.message, "keys[1].position: the same as keys[0]'s, and so is the rotation: at constant "
                                     "speed the camera cannot wait on the spot (use a hold to wait, or smooth timing)");
    /* 180 degrees in 1 s of a 2 s path: more than the fastest turn allows */
    k[1].rotation = yaw(180);
    k[1].rotation = yaw(179);
    cp_path *p = cp_path_create(k, 3, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    const double fastest = fastest_turn(p, 20000);
    printf("    179 degrees on the spot in a 2 s path: fastest turn %.1f degrees per second\n", fastest);
    assert_true(fastest > CP_PATH_DEFAULT_MAX_ANGULAR_SPEED);
    cp_path_destroy(p);
    /* a look-at path's turn is not paced: its turn on the spot is refused */
    cp_key l[3] = {at(0, 0, 0), at(1, 0, 0), at(2, 5, 0)};
    l[0].target = cp_vec3_make(0, 0, -5), l[1].target = cp_vec3_make(5, 0, 0), l[2].target = cp_vec3_make(10, 0, 0);
    for (int i = 0; i < 3; i++)
        l[i].flags |= CP_KEY_TARGET;
    o.orientation = CP_ORIENTATION_LOOK_AT;
    assert_null(cp_path_create(l, 3, &o, &err));
    if (!strstr(err.message, "a look-at camera cannot turn or wait on the spot"))
        fail_msg("%s", err.message);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_turn_on_the_spot_should_take_what_the_fastest_turn_asks),
        cmocka_unit_test(a_quick_turn_should_be_no_whip_pan_at_constant_speed),
        cmocka_unit_test(turning_constant_speed_should_be_c2),
        cmocka_unit_test(a_path_that_hardly_turns_should_keep_its_times),
        cmocka_unit_test(waiting_on_the_spot_should_be_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

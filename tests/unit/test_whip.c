/* SPDX-License-Identifier: MIT */
/* tests/unit/test_whip.c - whip pans: `campath check` warns where the
 * camera turns faster than 3 times the path's max_angular_speed (or speeds
 * its turn up or down harder than 6 times it per second), in every timing,
 * and not where an operator's pace is kept; "max_angular_speed" in the
 * file, round trip and located errors. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static cp_quat yaw(double deg) { return cp_quat_from_axis_angle(cp_vec3_make(0, 1, 0), deg * M_PI / 180); }

/* Four keys along x, 1 m apart, the third turned `turn` degrees from the
 * second `gap` seconds after it (the others 2 s apart). */
static void keys(cp_key k[4], double turn, double gap)
{
    const double t[4] = {0, 2, 2 + gap, 4 + gap}, y[4] = {0, 0, turn, turn};
    for (int i = 0; i < 4; i++)
        k[i] = (cp_key){.time = t[i], .position = {(double)i, 0, 0}, .rotation = yaw(y[i]), .fov = 60};
}

/* The whip-pan findings of a path: how many, and the largest value. */
static size_t whips(const cp_key *k, size_t n, const cp_path_options *o, const cp_check_options *co,
                    double *largest)
{
    cp_error err;
    cp_path *p = cp_path_create(k, n, o, &err);
    if (!p)
        fail_msg("%s", err.message);
    cp_check_report r;
    assert_int_equal(cp_path_check(p, co, &r, &err), CP_OK);
    size_t count = 0;
    *largest = 0;
    for (size_t f = 0; f < r.count; f++)
        if (r.findings[f].kind == CP_FINDING_WHIP_PAN) {
            assert_int_equal(r.findings[f].severity, CP_SEVERITY_WARNING);
            assert_non_null(strstr(r.findings[f].message, "degrees per second"));
            *largest = fmax(*largest, r.findings[f].value);
            count++;
        }
    cp_check_report_free(&r);
    cp_path_destroy(p);
    return count;
}

/* The case: a 60 degree turn in a third of a second is a whip pan
 * in every timing; the same turn over 4 s is not. */
static void a_quick_turn_should_be_a_whip_pan_in_every_timing(void **state)
{
    (void)state;
    for (int timing = 0; timing < 3; timing++) {
        cp_key k[4];
        cp_path_options o = {.timing = (cp_timing)timing};
        double v;
        cp_check_options co = {0};
        keys(k, 60, 0.3);
        if (timing == CP_TIMING_CONSTANT_SPEED) {
            /* its times are its own: a short step for the turn, and a
             * fastest turn far beyond it, so that the pace is the distance
             * alone (at the default the turn is paced: tests/unit/test_turn.c),
             * with the check's threshold at its default's 90 */
            k[2].position.x = k[1].position.x + 0.05;
            o.max_angular_speed = CP_PATH_MAX_ANGULAR_SPEED_LIMIT;
            co.whip_speed = 3 * CP_PATH_DEFAULT_MAX_ANGULAR_SPEED;
            co.whip_acceleration = 6 * CP_PATH_DEFAULT_MAX_ANGULAR_SPEED;
        }
        const size_t quick = whips(k, 4, &o, &co, &v);
        printf("    %s timing, 60 degrees in a short step: %zu whip-pan findings, up to %.0f degrees per second\n",
               cp_timing_name((cp_timing)timing), quick, v);
        assert_true(quick >= 1);
        assert_true(v > 90);
        keys(k, 60, 4.0);
        assert_int_equal(whips(k, 4, &o, &co, &v), 0);
    }
}

/* The measure, against dense samples: the value reported is the largest
 * angular speed of the segment, to 1e-6. */
static void the_value_should_be_the_largest_angular_speed(void **state)
{
    (void)state;
    cp_key k[4];
    keys(k, 60, 0.3);
    cp_path_options o = {.timing = CP_TIMING_SMOOTH};
    double v;
    assert_int_equal(whips(k, 4, &o, NULL, &v), 1);
    cp_error err;
    cp_path *p = cp_path_create(k, 4, &o, &err);
    double most = 0;
    for (int i = 0; i <= 20000; i++) {
        cp_pose s;
        cp_path_sample(p, 2.0 + 0.3 * i / 20000, &s);
        most = fmax(most, cp_vec3_length(s.angular_velocity) * 180 / M_PI);
    }
    assert_near(v, most, 1e-6, 1);
    cp_path_destroy(p);
}

/* max_angular_speed moves the threshold; the check's options override it. */
static void the_threshold_should_follow_max_angular_speed(void **state)
{
    (void)state;
    cp_key k[4];
    keys(k, 60, 0.3);
    double v;
    cp_path_options o = {.timing = CP_TIMING_SMOOTH};
    assert_int_equal(whips(k, 4, &o, NULL, &v), 1);
    const double peak = v;
    o.max_angular_speed = 3600; /* an operator who turns ten times a second */
    assert_int_equal(whips(k, 4, &o, NULL, &v), 0);
    o.max_angular_speed = 0;
    cp_check_options co = {.whip_speed = peak * 1.001, .whip_acceleration = 1e12}; /* just above the turn */
    assert_int_equal(whips(k, 4, &o, &co, &v), 0);
    co.whip_speed = peak * 0.999;
    assert_int_equal(whips(k, 4, &o, &co, &v), 1);
    co = (cp_check_options){.whip_speed = 1e9}; /* the speed allowed: the acceleration still is not */
    assert_int_equal(whips(k, 4, &o, &co, &v), 1);
    assert_true(v > 180);
    co.whip_acceleration = 1e12;
    assert_int_equal(whips(k, 4, &o, &co, &v), 0);
    co.whip_speed = INFINITY;
    cp_error err;
    cp_path *p = cp_path_create(k, 4, &o, &err);
    cp_check_report r;
    assert_int_equal(cp_path_check(p, &co, &r, &err), CP_ERR_INVALID);
    assert_non_null(strstr(err.message, "whip_speed"));
    cp_path_destroy(p);
}

static void max_angular_speed_should_round_trip_and_be_checked(void **state)
{
    (void)state;
    cp_key k[4];
    keys(k, 60, 0.3);
    cp_path_options o = {.timing = CP_TIMING_SMOOTH, .max_angular_speed = 45};
    cp_error err;
    cp_path *p = cp_path_create(k, 4, &o, &err);
    assert_non_null(p);
    size_t size;
    char *text = cp_path_save_memory(p, &size, &err);
    assert_non_null(strstr(text, "\"max_angular_speed\": 45"));
    cp_path *back = cp_path_load_memory(text, size, "a.json", &err);
    assert_non_null(back);
    assert_true(cp_path_get_options(back).max_angular_speed == 45);
    free(text);
    cp_path_destroy(back);
    cp_path_destroy(p);
    /* left out: 0, the default, and not written */
    o.max_angular_speed = 0;
    p = cp_path_create(k, 4, &o, &err);
    text = cp_path_save_memory(p, &size, &err);
    assert_null(strstr(text, "max_angular_speed"));
    free(text);
    cp_path_destroy(p);
    static const char *const bad[] = {"-1", "0", "4000"};
    for (int i = 0; i < 3; i++) {
        char file[512];
        snprintf(file, sizeof file,
                 "{\n  \"campath\": 1,\n  \"max_angular_speed\": %s,\n  \"keys\": [ { \"t\": 0, \"position\": [0, 0, 0], "
                 "\"rotation\": [0, 0, 0, 1] }, { \"t\": 1, \"position\": [1, 0, 0], \"rotation\": [0, 0, 0, 1] } ]\n}\n",
                 bad[i]);
        assert_null(cp_path_load_memory(file, strlen(file), "a.json", &err));
        if (!strstr(err.message, "a.json:3:24: max_angular_speed: ") || !strstr(err.message, "must be in (0, 3600]"))
            fail_msg("%s: %s", bad[i], err.message);
    }
    o.max_angular_speed = NAN;
    assert_null(cp_path_create(k, 4, &o, &err));
    assert_string_equal(err.field, "options.max_angular_speed");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_quick_turn_should_be_a_whip_pan_in_every_timing),
        cmocka_unit_test(the_value_should_be_the_largest_angular_speed),
        cmocka_unit_test(the_threshold_should_follow_max_angular_speed),
        cmocka_unit_test(max_angular_speed_should_round_trip_and_be_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* tests/unit/test_arclength.c - arc length against known lengths and a
 * brute-force polyline, distance <-> time both ways, constant-speed retiming. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static cp_key key(double t, double x, double y, double z)
{
    cp_key k = {.time = t, .position = {x, y, z}, .rotation = {0, 0, 0, 1}, .fov = 60};
    return k;
}

static void straight_line_length_should_be_exact(void **state)
{
    (void)state;
    /* evenly timed collinear keys: natural C2 is exactly the straight line at constant speed */
    cp_key k[4] = {key(0, 0, 0, 0), key(1, 1, 2, 2), key(2, 2, 4, 4), key(3, 3, 6, 6)};
    cp_path *p = cp_path_create(k, 4, NULL, NULL);
    assert_near(cp_path_length(p), 9.0, 1e-14, 1);
    assert_near(cp_path_distance_at(p, 1.5), 4.5, 1e-14, 1);
    assert_near(cp_path_time_at_distance(p, 6.0), 2.0, 1e-12, 1);
    assert_true(cp_path_time_at_distance(p, -1) == 0 && cp_path_time_at_distance(p, 100) == 3);
    assert_true(cp_path_distance_at(p, -5) == 0);
    assert_near(cp_path_distance_at(p, 50), 9.0, 1e-14, 1);
    cp_path_destroy(p);
}

/* Speeds near 1e298 m/s: their squares overflow a double. The length once
 * came out infinite after splitting every segment 2^24 times (the test of
 * convergence fails on inf - inf); it is the straight line's length. */
static void length_should_survive_speeds_whose_squares_overflow(void **state)
{
    (void)state;
    cp_key k[3] = {key(0, 0, 0, 0), key(1, 1e298, 1e298, 0), key(2, 2e298, 2e298, 0)};
    cp_path *p = cp_path_create(k, 3, NULL, NULL);
    assert_non_null(p);
    const double want = 2 * sqrt(2.0) * 1e298;
    assert_near(cp_path_length(p), want, 1e-13, 1);
    assert_near(cp_path_distance_at(p, 1), want / 2, 1e-13, 1);
    assert_near(cp_path_time_at_distance(p, want / 4), 0.5, 1e-12, 1);
    cp_arclength *a = cp_arclength_create(p, NULL);
    assert_near(cp_arclength_total(a), want, 1e-13, 1);
    cp_arclength_destroy(a);
    cp_path *r = cp_path_retime_constant_speed(p, 4, NULL);
    assert_non_null(r);
    assert_near(cp_path_keys(r)[1].time, 2, 1e-12, 1);
    cp_path_destroy(r);
    cp_path_destroy(p);
}

/* A retimed path is the same path file with other times: name, extras and
 * scene stay, in keys timing (segment by segment) and smooth timing (the warp). */
static void retime_should_keep_what_the_file_said(void **state)
{
    (void)state;
    cp_key k[3] = {key(0, 0, 0, 0), key(1, 10, 0, 0), key(3, 10, 0, 5)};
    for (int smooth = 0; smooth < 2; smooth++) {
        cp_path_options o = {.timing = smooth ? CP_TIMING_SMOOTH : CP_TIMING_KEYS};
        cp_path *p = cp_path_create(k, 3, &o, NULL);
        assert_non_null(p);
        const char *key_extras[3] = {NULL, "{\"label\": \"corner\"}", NULL};
        assert_int_equal(cp_path_set_meta(p, "intro", "{\"author\": \"ann\"}", key_extras, NULL), CP_OK);
        assert_int_equal(cp_path_set_scene(p, "levels/harbour.glb", NULL), CP_OK);
        cp_path *r = cp_path_retime_constant_speed(p, 6, NULL);
        assert_non_null(r);
        assert_string_equal(cp_path_name(r), "intro");
        assert_string_equal(cp_path_extras(r), "{\"author\": \"ann\"}");
        assert_string_equal(cp_path_key_extras(r, 1), "{\"label\": \"corner\"}");
        assert_string_equal(cp_path_scene(r), "levels/harbour.glb");
        cp_path_destroy(r);
        cp_path_destroy(p);
    }
}

/* A duration the new key times cannot hold is named as the duration, not as
 * the key whose time it made overflow. */
static void retime_should_name_a_duration_it_cannot_use(void **state)
{
    (void)state;
    cp_key k[3] = {key(0, 0, 0, 0), key(1, 1, 0, 0), key(3, 1, 2, 0)};
    cp_path *p = cp_path_create(k, 3, NULL, NULL);
    cp_error err;
    assert_null(cp_path_retime_constant_speed(p, 1e308, &err));
    assert_string_equal(err.field, "duration");
    assert_string_equal(err.message, "duration: 1e+308 s from the first key at 0 s ends beyond the largest time a "
                                     "path takes, 1e+300 (CP_PATH_MAX_MAGNITUDE)");
    assert_null(cp_path_retime_constant_speed(p, 1e-300, &err));
    assert_string_equal(err.field, "duration");
    assert_non_null(strstr(err.message, "duration: 1e-300 s: the keys retimed over it do not make a path: keys[1].time"));
    cp_path *r = cp_path_retime_constant_speed(p, 1e299, &err); /* large, but it fits */
    assert_non_null(r);
    assert_true(cp_path_duration(r) == 1e299);
    cp_path_destroy(r);
    cp_path_destroy(p);
}

static void closed_circle_length_should_approach_two_pi_r(void **state)
{
    (void)state;
    cp_key k[64];
    const double r = 7.0;
    for (int i = 0; i < 64; i++)
        k[i] = key(i, r * cos(2 * M_PI * i / 64), 1, r * sin(2 * M_PI * i / 64));
    cp_path_options o = {.ends = CP_ENDS_CLOSED, .period = 64};
    cp_path *p = cp_path_create(k, 64, &o, NULL);
    /* a periodic cubic spline through 64 points of a circle is within ~1e-6 of it */
    assert_near(cp_path_length(p), 2 * M_PI * r, 1e-6, 1);
    cp_path_destroy(p);
}

/* The length of a dense polyline through the curve: converges as 1/N^2. */
static double polyline(const cp_path *p, double t0, double t1, int n)
{
    cp_pose a, b;
    cp_path_sample_fast(p, t0, &a);
    double sum = 0;
    for (int i = 1; i <= n; i++) {
        cp_path_sample_fast(p, t0 + (t1 - t0) * i / n, &b);
        sum += cp_vec3_length(cp_vec3_sub(b.position, a.position));
        a = b;
    }
    return sum;
}

static void length_should_match_a_dense_polyline(void **state)
{
    (void)state;
    testutil_rng rng = {17};
    for (int trial = 0; trial < 6; trial++) {
        cp_key k[12];
        double t = 0;
        for (int i = 0; i < 12; i++) {
            k[i] = key(t, testutil_uniform(&rng, -20, 20), testutil_uniform(&rng, 0, 5), testutil_uniform(&rng, -20, 20));
            t += testutil_uniform(&rng, 0.3, 3);
        }
        cp_path_options o = {.position = (cp_interp)(trial % 3), .ends = (cp_ends)(trial % 2)};
        cp_path *p = cp_path_create(k, 12, &o, NULL);
        double quad = cp_path_length(p);
        double poly = polyline(p, k[0].time, k[11].time, 400000);
        assert_near(quad, poly, 1e-8, 1);
        cp_path_destroy(p);
    }
}

/* A path that reverses along a line: its length is the distance out plus
 * the distance back. The speed touches zero at the turning point, where |p'|
 * has a corner that adaptive quadrature missed (13.25 instead of 13.2846). */
static void length_should_count_a_reversal_along_a_line(void **state)
{
    (void)state;
    cp_key k[3] = {key(0, 0, 0, 0), key(1, 10, 0, 0), key(1.5, 6.75, 0, 0)};
    cp_path_options o = {.ends = CP_ENDS_REST};
    cp_path *p = cp_path_create(k, 3, &o, NULL);
    /* the farthest point, from the sign change of the velocity: bisection */
    double a = 0.5, b = 1.5;
    cp_pose s;
    for (int i = 0; i < 200; i++) {
        double m = 0.5 * (a + b);
        cp_path_sample(p, m, &s);
        if (s.velocity.x > 0)
            a = m;
        else
            b = m;
    }
    cp_path_sample(p, a, &s);
    const double far = s.position.x, expect = far + (far - 6.75);
    assert_near(expect, 13.2846, 1e-5, 1);
    assert_near(cp_path_length(p), expect, 1e-12, 1);
    assert_near(cp_path_distance_at(p, a), far, 1e-12, 1);
    /* the distance is flat in time at the turning point: compare distances */
    assert_near(cp_path_distance_at(p, cp_path_time_at_distance(p, far)), far, 1e-11, 1);
    assert_near(cp_path_distance_at(p, cp_path_time_at_distance(p, far + 2)), far + 2, 1e-11, 1);
    cp_error err;
    cp_arclength *t = cp_arclength_create(p, &err);
    assert_near(cp_arclength_total(t), expect, 1e-12, 1);
    assert_near(cp_arclength_distance_at(t, cp_arclength_time_at(t, far + 1)), far + 1, 1e-11, 1);
    cp_arclength_destroy(t);
    cp_path_destroy(p);
}

static void distance_and_time_should_invert_each_other(void **state)
{
    (void)state;
    testutil_rng rng = {23};
    cp_key k[40];
    double t = 1;
    for (int i = 0; i < 40; i++) {
        k[i] = key(t, testutil_uniform(&rng, -50, 50), testutil_uniform(&rng, 0, 9), testutil_uniform(&rng, -50, 50));
        t += testutil_uniform(&rng, 0.1, 4);
    }
    for (int ends = 0; ends < 3; ends++) {
        cp_path_options o = {.ends = (cp_ends)ends, .period = t - 1 + 2};
        cp_path *p = cp_path_create(k, 40, &o, NULL);
        cp_error err;
        cp_arclength *table = cp_arclength_create(p, &err);
        assert_non_null(table);
        assert_near(cp_arclength_total(table), cp_path_length(p), 1e-12, 1);
        double end = cp_path_start(p) + cp_path_duration(p);
        for (int i = 0; i < 300; i++) {
            double x = testutil_uniform(&rng, cp_path_start(p), end);
            double s = cp_arclength_distance_at(table, x);
            assert_near(s, cp_path_distance_at(p, x), 1e-10, 1);
            assert_near(cp_arclength_time_at(table, s), x, 1e-9, 1);
            if (i % 30 == 0)
                assert_near(cp_path_time_at_distance(p, s), x, 1e-9, 1);
        }
        assert_true(cp_arclength_time_at(table, -3) == cp_path_start(p));
        assert_true(cp_arclength_time_at(table, 1e9) == end);
        cp_arclength_destroy(table);
        cp_path_destroy(p);
    }
    cp_arclength_destroy(NULL);
}

/* Mean speed of each segment: length / duration. */
static void segment_speeds(const cp_path *p, double *lo, double *hi)
{
    const cp_key *k = cp_path_keys(p);
    size_t n = cp_path_key_count(p);
    int closed = cp_path_get_options(p).ends == CP_ENDS_CLOSED;
    *lo = INFINITY, *hi = 0;
    for (size_t i = 0; i < (closed ? n : n - 1); i++) {
        double a = k[i].time, b = i + 1 < n ? k[i + 1].time : cp_path_start(p) + cp_path_duration(p);
        double v = (cp_path_distance_at(p, b) - cp_path_distance_at(p, a)) / (b - a);
        *lo = fmin(*lo, v), *hi = fmax(*hi, v);
    }
}

static void retime_should_give_every_segment_the_same_mean_speed(void **state)
{
    (void)state;
    testutil_rng rng = {29};
    cp_key k[15];
    double t = 0;
    for (int i = 0; i < 15; i++) {
        k[i] = key(t, testutil_uniform(&rng, -30, 30), testutil_uniform(&rng, 0, 9), testutil_uniform(&rng, -30, 30));
        k[i].fov = 40 + i;
        t += testutil_uniform(&rng, 0.1, 5); /* wildly uneven: the camera races and crawls */
    }
    for (int ends = 0; ends < 3; ends++) {
        cp_path_options o = {.ends = (cp_ends)ends, .period = t + 1};
        cp_path *p = cp_path_create(k, 15, &o, NULL);
        cp_path_set_meta(p, "tour", NULL, NULL, NULL);
        double lo, hi;
        segment_speeds(p, &lo, &hi);
        assert_true(hi / lo > 3); /* the original really is uneven */
        cp_error err;
        cp_path *r = cp_path_retime_constant_speed(p, 30.0, &err);
        if (!r)
            fail_msg("%s", err.message);
        assert_near(cp_path_duration(r), 30.0, 1e-12, 1);
        assert_true(cp_path_keys(r)[0].time == k[0].time);
        for (int i = 0; i < 15; i++) {
            assert_true(cp_path_keys(r)[i].position.x == k[i].position.x && cp_path_keys(r)[i].fov == k[i].fov);
            assert_true(i == 0 || cp_path_keys(r)[i].time > cp_path_keys(r)[i - 1].time);
        }
        segment_speeds(r, &lo, &hi);
        printf("    %s: segment mean speeds within %.2g of each other after retiming\n", cp_ends_name(o.ends),
               hi / lo - 1);
        assert_true(hi / lo - 1 < 1e-6);
        assert_string_equal(cp_path_name(r), "tour");
        cp_path *same = cp_path_retime_constant_speed(p, 0, NULL); /* 0 keeps the duration */
        assert_near(cp_path_duration(same), cp_path_duration(p), 1e-12, 1);
        cp_path_destroy(same);
        cp_path_destroy(r);
        cp_path_destroy(p);
    }
}

static void retime_should_keep_turns_on_the_spot_apart(void **state)
{
    (void)state;
    /* keys 1 and 2 share a position: the camera only turns there */
    cp_key k[4] = {key(0, 0, 0, 0), key(1, 10, 0, 0), key(2, 10, 0, 0), key(3, 20, 0, 0)};
    k[2].rotation = cp_quat_from_axis_angle(cp_vec3_make(0, 1, 0), 1.0);
    cp_path_options o = {.position = CP_INTERP_LINEAR};
    cp_path *p = cp_path_create(k, 4, &o, NULL);
    cp_path *r = cp_path_retime_constant_speed(p, 10, NULL);
    assert_non_null(r);
    double h = cp_path_keys(r)[2].time - cp_path_keys(r)[1].time;
    /* a 2% share of the mean segment length: 10 * 0.02 * (20/3) / (20 + 0.02 * 20/3) */
    assert_near(h, 10 * (0.02 * 20.0 / 3) / (20 + 0.02 * 20.0 / 3), 1e-9, 1);
    cp_error err;
    assert_null(cp_path_retime_constant_speed(p, -1, &err));
    assert_string_equal(err.message, "duration: -1 must be a finite number of seconds >= 0");
    assert_null(cp_path_retime_constant_speed(p, NAN, &err));
    cp_path_destroy(r);
    cp_path_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(straight_line_length_should_be_exact),
        cmocka_unit_test(length_should_survive_speeds_whose_squares_overflow),
        cmocka_unit_test(retime_should_name_a_duration_it_cannot_use),
        cmocka_unit_test(retime_should_keep_what_the_file_said),
        cmocka_unit_test(closed_circle_length_should_approach_two_pi_r),
        cmocka_unit_test(length_should_match_a_dense_polyline),
        cmocka_unit_test(length_should_count_a_reversal_along_a_line),
        cmocka_unit_test(distance_and_time_should_invert_each_other),
        cmocka_unit_test(retime_should_give_every_segment_the_same_mean_speed),
        cmocka_unit_test(retime_should_keep_turns_on_the_spot_apart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* tests/unit/test_path.c - camera paths: the README snippet, validation
 * messages, sampling (ends, wrap, cursor, fast), continuity of whole poses,
 * metadata and names. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static cp_quat yaw(double deg) { return cp_quat_from_axis_angle(cp_vec3_make(0, 1, 0), deg * M_PI / 180); }

/* The README's example, as written there. */
static void readme_snippet_should_work(void **state)
{
    (void)state;
    cp_key keys[4] = {
        {.time = 0.0, .position = {0, 2, 10}, .rotation = {0, 0, 0, 1}, .fov = 60},
        {.time = 2.5, .position = {4, 3, 6}, .rotation = {0, 0.38268343236508978, 0, 0.92387953251128674}, .fov = 55},
        {.time = 4.0, .position = {8, 3, 0}, .rotation = {0, 0.70710678118654752, 0, 0.70710678118654752}, .fov = 50},
        {.time = 6.0, .position = {8, 2, -8}, .rotation = {0, 0.92387953251128674, 0, 0.38268343236508978}, .fov = 60},
    };
    cp_error err;
    cp_path *path = cp_path_create(keys, 4, NULL, &err); /* NULL: defaults (C2, natural ends) */
    if (!path)
        fail_msg("%s", err.message);
    cp_pose pose;
    cp_path_sample(path, 1.25, &pose);
    assert_true(pose.time == 1.25);
    assert_true(cp_vec3_length(pose.velocity) > 0);
    assert_near(cp_quat_length(pose.rotation), 1, 1e-15, 1);
    assert_true(pose.fov < 60 && pose.fov > 55);
    assert_int_equal(cp_path_key_count(path), 4);
    assert_true(cp_path_duration(path) == 6.0);
    assert_true(cp_path_keys(path)[2].position.x == 8);
    cp_path_options o = cp_path_get_options(path);
    assert_true(o.position == CP_INTERP_C2 && o.rotation == CP_INTERP_C2 && o.fov == CP_INTERP_C2 &&
                o.ends == CP_ENDS_NATURAL);
    cp_path_destroy(path);
    cp_path_destroy(NULL);
}

static cp_key key(double t, double x, double y, double z, cp_quat q, double fov)
{
    cp_key k = {.time = t, .position = {x, y, z}, .rotation = q, .fov = fov};
    return k;
}

static void expect_rejected(const cp_key *keys, size_t n, const cp_path_options *o, const char *message)
{
    cp_error err = {0};
    assert_null(cp_path_create(keys, n, o, &err));
    assert_int_not_equal(err.code, CP_OK);
    assert_string_equal(err.message, message);
}

static void invalid_keys_should_be_named_with_their_values(void **state)
{
    (void)state;
    cp_key k[3] = {key(0, 0, 0, 0, yaw(0), 60), key(1, 1, 0, 0, yaw(10), 60), key(2, 2, 0, 0, yaw(20), 60)};
    expect_rejected(k, 1, NULL, "a path needs at least 2 keys, got 1");
    expect_rejected(k, 0, NULL, "a path needs at least 2 keys, got 0");
    expect_rejected(NULL, 3, NULL, "keys: NULL array for 3 keys");

    cp_key b[3];
    memcpy(b, k, sizeof b);
    b[2].time = 1;
    expect_rejected(b, 3, NULL, "keys[2].time: 1 is not greater than keys[1].time 1 (times must strictly increase)");
    b[1].time = 0.30000000000000004; /* values that differ are printed so that they differ */
    b[2].time = 0.3;
    expect_rejected(b, 3, NULL,
                    "keys[2].time: 0.3 is not greater than keys[1].time 0.30000000000000004 (times must strictly "
                    "increase)");
    memcpy(b, k, sizeof b);
    b[1].time = NAN;
    expect_rejected(b, 3, NULL, "keys[1].time: nan is not a finite number");
    memcpy(b, k, sizeof b);
    b[2].position.y = INFINITY;
    expect_rejected(b, 3, NULL, "keys[2].position.y: inf is not a finite number");
    memcpy(b, k, sizeof b);
    b[0].rotation.w = NAN;
    expect_rejected(b, 3, NULL, "keys[0].rotation.w: nan is not a finite number");
    memcpy(b, k, sizeof b);
    b[1].rotation = cp_quat_make(0, 0, 0, 0);
    expect_rejected(b, 3, NULL,
                    "keys[1].rotation: (0, 0, 0, 0) has length 0 and gives no orientation (expected a unit "
                    "quaternion x, y, z, w)");
    memcpy(b, k, sizeof b);
    b[2].fov = 180;
    expect_rejected(b, 3, NULL, "keys[2].fov: 180 degrees is outside (0, 180) (vertical field of view)");
    b[2].fov = 0;
    expect_rejected(b, 3, NULL, "keys[2].fov: 0 degrees is outside (0, 180) (vertical field of view)");
    b[2].fov = -5.5;
    expect_rejected(b, 3, NULL, "keys[2].fov: -5.5 degrees is outside (0, 180) (vertical field of view)");
    b[2].fov = NAN;
    expect_rejected(b, 3, NULL, "keys[2].fov: nan is not a finite number");

    cp_path_options o = {.ends = CP_ENDS_CLOSED, .period = 2};
    expect_rejected(k, 3, &o,
                    "options.period: 2 must be a number greater than the key span 2 (last time - first time) for "
                    "a closed path");
    o.period = 0;
    expect_rejected(k, 3, &o,
                    "options.period: 0 must be a number greater than the key span 2 (last time - first time) for "
                    "a closed path");
    o.period = NAN;
    expect_rejected(k, 3, &o,
                    "options.period: nan must be a number greater than the key span 2 (last time - first time) "
                    "for a closed path");
    cp_path_options bad = {.fov = (cp_interp)12};
    expect_rejected(k, 3, &bad,
                    "options.fov: unknown interpolation 12 (expected 0..4: c2, bisector, catmull-rom, linear, step)");
    cp_path_options bad_ends = {.ends = (cp_ends)3};
    expect_rejected(k, 3, &bad_ends, "options.ends: unknown ends 3 (expected 0..2: natural, rest, closed)");
    /* a period given with open ends is ignored, not an error */
    cp_path_options open = {.ends = CP_ENDS_REST, .period = -4};
    cp_path *p = cp_path_create(k, 3, &open, NULL);
    assert_non_null(p);
    cp_path_destroy(p);
}

/* Like expect_rejected, and the field and key are data too. */
static void expect_placed(const cp_key *keys, size_t n, const cp_path_options *o, const char *field, long key_index,
                          const char *message)
{
    cp_error err = {0};
    assert_null(cp_path_create(keys, n, o, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    if (strncmp(err.message, message, strlen(message)) != 0)
        fail_msg("message: %s\nexpected: %s...", err.message, message);
    assert_string_equal(err.field, field);
    assert_int_equal(err.key, key_index);
    assert_true(err.line == 0 && err.column == 0); /* no file: no place in one */
}

/* Keys that pass one by one but make splines that sample to inf or NaN
 * (the times 0, 1e-320, 1 or positions of 1.7e308 made arc length run for
 * many seconds and sampling return NaN even at a key): refused, naming the
 * key and the field, with the C API's field names. */
static void keys_whose_splines_overflow_should_be_refused(void **state)
{
    (void)state;
    cp_key k[3] = {key(0, 0, 0, 0, yaw(0), 60), key(1e-320, 1, 0, 0, yaw(0), 60), key(1, 2, 0, 0, yaw(0), 60)};
    expect_placed(k, 3, NULL, "keys[1].time", 1,
                  "keys[1].time: 1e-320 is too close to keys[0].time 0 (1e-320 s apart): keys must be at least "
                  "1e-12 s apart here (CP_PATH_MIN_KEY_SPACING times the largest time, 1)");
    /* the same keys scaled down: all times subnormal, still too close (this once blamed identity rotations) */
    k[1].time = 1e-320, k[2].time = 2e-320;
    expect_placed(k, 3, NULL, "keys[1].time", 1,
                  "keys[1].time: 1e-320 is too close to keys[0].time 0 (1e-320 s apart): keys must be at least "
                  "1e-140 s apart here (CP_PATH_MIN_KEY_SECONDS");
    cp_key h[3] = {key(0, 0, 0, 0, yaw(0), 60), key(1, 0, -1.7e308, 0, yaw(0), 60), key(2, 0, 1.7e308, 0, yaw(0), 60)};
    expect_placed(h, 3, NULL, "keys[1].position.y", 1,
                  "keys[1].position.y: -1.7e+308 is beyond the largest magnitude a path takes, 1e+300");
    h[1].position.y = 0, h[2].time = 1e301;
    expect_placed(h, 3, NULL, "keys[2].time", 2, "keys[2].time: 1e+301 is beyond the largest magnitude");
    /* within range one by one, but the spline between them overflows */
    cp_key v[3] = {key(0, 0, 0, 0, yaw(0), 60), key(1, 9e299, 0, 0, yaw(0), 60), key(2, 0, 0, 0, yaw(0), 60)};
    expect_placed(v, 3, NULL, "keys[1].position", 1,
                  "keys[1].position: changes too much from keys[0].position for keys 1 s apart");
    cp_key d[2] = {key(0, 0, 1e300, 0, yaw(0), 60), key(1e10, 0, -1e300, 0, yaw(0), 60)};
    expect_placed(d, 2, NULL, "keys[1].position", 1, "keys[1].position: too far from keys[0].position for a spline");
    /* the seam of a closed path counts as a spacing too */
    cp_key c[3] = {key(0, 0, 0, 0, yaw(0), 60), key(1, 1, 0, 0, yaw(0), 60), key(2, 0, 1, 0, yaw(0), 60)};
    cp_path_options o = {.ends = CP_ENDS_CLOSED, .period = 2.0000000000001};
    expect_placed(c, 3, &o, "options.period", -1, "options.period: 2.0000000000001 leaves 9.992007221626409e-14 s");

    /* what passes samples finite values everywhere, even at the limits: large
     * positions, and rotations half a turn apart at the smallest spacing */
    cp_key ok[2][3] = {
        {key(0, 0, 0, 0, yaw(0), 60), key(1, 1e299, 0, 0, yaw(40), 60), key(2, 0, 0, 0, yaw(0), 60)},
        {key(0, 0, 0, 0, yaw(0), 60), key(1e-140, 0, 0, 0, yaw(179), 60), key(2e-140, 0, 0, 0, yaw(0), 60)},
    };
    for (int i = 0; i < 2; i++) {
        cp_path *p = cp_path_create(ok[i], 3, NULL, NULL);
        assert_non_null(p);
        const double end = ok[i][2].time;
        for (double t = 0; t <= end; t += end / 64) {
            cp_pose pose;
            cp_path_sample(p, t, &pose);
            assert_true(isfinite(pose.position.x) && isfinite(pose.velocity.x) && isfinite(pose.acceleration.x));
            assert_true(isfinite(pose.angular_velocity.y) && isfinite(pose.angular_acceleration.y));
            assert_true(isfinite(pose.fov_acceleration));
        }
        assert_true(isfinite(cp_path_length(p)));
        cp_path_destroy(p);
    }
}

static int pose_finite(const cp_pose *q)
{
    const double x[] = {q->position.x, q->position.y, q->position.z, q->velocity.x, q->velocity.y, q->velocity.z,
                        q->acceleration.x, q->acceleration.y, q->acceleration.z, q->rotation.x, q->rotation.w,
                        q->angular_velocity.x, q->angular_velocity.y, q->angular_velocity.z,
                        q->angular_acceleration.x, q->angular_acceleration.y, q->angular_acceleration.z, q->fov,
                        q->fov_velocity, q->fov_acceleration};
    for (size_t i = 0; i < sizeof x / sizeof x[0]; i++)
        if (!isfinite(x[i]))
            return 0;
    return 1;
}

/* Random keys at every scale a double has (positions up to 1e300, spacings
 * down to 1e-150, every interpolation and end): a path is refused, or it
 * samples to finite numbers everywhere and has a finite length. */
static void every_path_that_builds_should_sample_finite(void **state)
{
    (void)state;
    testutil_rng rng = {2024};
    int built = 0, refused = 0;
    for (int trial = 0; trial < 3000; trial++) {
        cp_key k[6];
        const size_t n = 2 + (size_t)testutil_uniform(&rng, 0, 4.99);
        const double pscale = pow(10.0, testutil_uniform(&rng, -300, 300));
        const double hscale = pow(10.0, testutil_uniform(&rng, -150, 10));
        double t = testutil_uniform(&rng, -1, 1) * pow(10.0, testutil_uniform(&rng, -300, 20));
        for (size_t i = 0; i < n; i++) {
            k[i] = key(t, testutil_uniform(&rng, -1, 1) * pscale, testutil_uniform(&rng, -1, 1) * pscale,
                       testutil_uniform(&rng, -1, 1), testutil_random_quat(&rng), testutil_uniform(&rng, 1, 179));
            t += hscale * testutil_uniform(&rng, 0.01, 1);
        }
        cp_path_options o = {.position = (cp_interp)(trial % 5), .rotation = (cp_interp)(trial / 5 % 5),
                             .fov = (cp_interp)(trial / 25 % 5), .ends = (cp_ends)(trial % 3)};
        o.period = (t - k[0].time) * testutil_uniform(&rng, 1.001, 2);
        cp_error err;
        cp_path *p = cp_path_create(k, n, &o, &err);
        if (!p) {
            refused++;
            assert_true(err.code == CP_ERR_INVALID && err.field[0] != '\0');
            continue;
        }
        built++;
        const double start = cp_path_start(p), span = cp_path_duration(p);
        for (int j = 0; j <= 64; j++) {
            cp_pose pose;
            cp_path_sample(p, start + span * j / 64.0, &pose);
            if (!pose_finite(&pose))
                fail_msg("trial %d: a pose at %a is not finite (%zu keys, positions %g, spacing %g)", trial,
                         start + span * j / 64.0, n, pscale, hscale);
        }
        if (!isfinite(cp_path_length(p)))
            fail_msg("trial %d: the length is not finite", trial);
        cp_path_destroy(p);
    }
    /* both outcomes happen, so the test sees both sides of the limits */
    assert_true(built > 300 && refused > 300);
}

static void rotations_should_be_normalised(void **state)
{
    (void)state;
    cp_key k[2] = {key(0, 0, 0, 0, cp_quat_make(0, 0, 0, 3), 60), key(1, 0, 0, 0, cp_quat_make(0, 2, 0, 2), 60)};
    cp_path *p = cp_path_create(k, 2, NULL, NULL);
    assert_non_null(p);
    assert_near(cp_quat_length(cp_path_keys(p)[1].rotation), 1, 1e-15, 1);
    cp_pose pose;
    cp_path_sample(p, 1, &pose);
    assert_true(cp_quat_angle_between(pose.rotation, yaw(90)) < 1e-12);
    cp_path_destroy(p);
}

static void open_path_should_hold_end_poses(void **state)
{
    (void)state;
    cp_key k[3] = {key(1, 0, 0, 0, yaw(0), 60), key(2, 3, 1, 0, yaw(30), 50), key(4, 5, 0, 2, yaw(50), 40)};
    cp_path *p = cp_path_create(k, 3, NULL, NULL);
    cp_pose before, start, after, end;
    cp_path_sample(p, -10, &before);
    cp_path_sample_side(p, 1, 1, &start);
    assert_true(before.position.x == 0 && before.fov == 60);
    assert_true(before.velocity.x == start.velocity.x && before.velocity.x != 0);
    assert_true(before.angular_velocity.y == start.angular_velocity.y);
    cp_path_sample(p, 99, &after);
    cp_path_sample_side(p, 4, -1, &end);
    assert_true(after.position.x == 5 && after.position.z == 2 && after.fov == 40);
    assert_true(after.acceleration.y == end.acceleration.y);
    assert_true(cp_quat_angle_between(after.rotation, yaw(50)) < 1e-12);
    assert_true(before.time == -10); /* the pose reports the time asked for */
    cp_path_destroy(p);
}

static void random_keys(testutil_rng *rng, size_t n, cp_key *k)
{
    double t = testutil_uniform(rng, -2, 2);
    cp_quat q = testutil_random_quat(rng);
    memset(k, 0, n * sizeof *k); /* the members not set here: none */
    for (size_t i = 0; i < n; i++) {
        k[i].time = t;
        t += testutil_uniform(rng, 0.2, 3.0);
        k[i].position = cp_vec3_make(testutil_uniform(rng, -30, 30), testutil_uniform(rng, 0, 10),
                                     testutil_uniform(rng, -30, 30));
        cp_vec3 axis = cp_vec3_make(testutil_uniform(rng, -1, 1), testutil_uniform(rng, -1, 1),
                                    testutil_uniform(rng, -1, 1));
        q = cp_quat_mul(cp_quat_from_axis_angle(axis, testutil_uniform(rng, 0, 1.4)), q);
        k[i].rotation = q;
        k[i].fov = testutil_uniform(rng, 30, 90);
    }
}

static void closed_path_should_wrap(void **state)
{
    (void)state;
    testutil_rng rng = {3};
    cp_key k[8];
    random_keys(&rng, 8, k);
    cp_path_options o = {.ends = CP_ENDS_CLOSED, .period = k[7].time - k[0].time + 1.5};
    cp_path *p = cp_path_create(k, 8, &o, NULL);
    assert_non_null(p);
    assert_true(cp_path_duration(p) == o.period);
    for (int i = 0; i < 100; i++) {
        double t = testutil_uniform(&rng, k[0].time, k[0].time + o.period);
        cp_pose a, b;
        cp_path_sample(p, t, &a);
        cp_path_sample(p, t + 5 * o.period, &b);
        assert_near(a.position.x, b.position.x, 1e-9, 30);
        assert_near(a.velocity.z, b.velocity.z, 1e-9, 30);
        assert_near(a.fov, b.fov, 1e-9, 60);
        assert_true(cp_quat_angle_between(a.rotation, b.rotation) < 1e-7);
        assert_near(a.angular_acceleration.x, b.angular_acceleration.x, 1e-7, 1);
    }
    /* at the period the pose is key 0 again */
    cp_pose s;
    cp_path_sample(p, k[0].time + o.period, &s);
    assert_true(s.position.x == k[0].position.x && s.fov == k[0].fov);
    cp_path_destroy(p);
}

typedef struct pose_jumps { double v, a, w, al, f1, f2, sv, sa, sw, sal, sf1, sf2; } pose_jumps;

static pose_jumps measure_path(const cp_path *p)
{
    pose_jumps j = {0};
    const cp_key *k = cp_path_keys(p);
    size_t n = cp_path_key_count(p);
    int closed = cp_path_get_options(p).ends == CP_ENDS_CLOSED;
    for (size_t i = closed ? 0 : 1; i < (closed ? n : n - 1); i++) {
        cp_pose l, r;
        cp_path_sample_side(p, k[i].time, -1, &l);
        cp_path_sample_side(p, k[i].time, 1, &r);
        assert_true(cp_vec3_length(cp_vec3_sub(l.position, r.position)) <= 1e-12 * 30);
        if (!(cp_quat_dot(l.rotation, r.rotation) > 1 - 1e-15))
            fail_msg("key %zu of %zu (ends %d): rotation limits (%g %g %g %g) and (%g %g %g %g)", i, n, closed, l.rotation.x,
                     l.rotation.y, l.rotation.z, l.rotation.w, r.rotation.x, r.rotation.y, r.rotation.z, r.rotation.w);
        j.v = fmax(j.v, cp_vec3_length(cp_vec3_sub(l.velocity, r.velocity)));
        j.a = fmax(j.a, cp_vec3_length(cp_vec3_sub(l.acceleration, r.acceleration)));
        j.w = fmax(j.w, cp_vec3_length(cp_vec3_sub(l.angular_velocity, r.angular_velocity)));
        j.al = fmax(j.al, cp_vec3_length(cp_vec3_sub(l.angular_acceleration, r.angular_acceleration)));
        j.sv = fmax(j.sv, cp_vec3_length(l.velocity));
        j.sa = fmax(j.sa, cp_vec3_length(l.acceleration));
        j.sw = fmax(j.sw, cp_vec3_length(l.angular_velocity));
        j.sal = fmax(j.sal, cp_vec3_length(l.angular_acceleration));
    }
    /* fov through the curve API: the pose has no fov derivatives */
    const cp_curve *fc = cp_path_fov_curve(p);
    for (size_t i = closed ? 0 : 1; i < (closed ? n : n - 1); i++) {
        double a, a1, a2, b, b1, b2;
        cp_curve_sample_side(fc, k[i].time, -1, &a, &a1, &a2);
        cp_curve_sample_side(fc, k[i].time, 1, &b, &b1, &b2);
        j.f1 = fmax(j.f1, fabs(a1 - b1));
        j.f2 = fmax(j.f2, fabs(a2 - b2));
        j.sf1 = fmax(j.sf1, fabs(a1));
        j.sf2 = fmax(j.sf2, fabs(a2));
    }
    return j;
}

static void c2_paths_should_be_c2_in_every_channel(void **state)
{
    (void)state;
    testutil_rng rng = {8080};
    double worst = 0;
    for (int trial = 0; trial < 60; trial++) {
        cp_key k[30];
        size_t n = (size_t)testutil_uniform(&rng, 3, 30);
        random_keys(&rng, n, k);
        cp_path_options o = {.ends = (cp_ends)(trial % 3), .period = k[n - 1].time - k[0].time + 2};
        cp_error err;
        cp_path *p = cp_path_create(k, n, &o, &err);
        if (!p)
            fail_msg("%s", err.message);
        pose_jumps j = measure_path(p);
        double rel[6] = {j.v / j.sv, j.a / j.sa, j.w / j.sw, j.al / j.sal, j.f1 / j.sf1, j.f2 / j.sf2};
        for (int q = 0; q < 6; q++) {
            if (!(rel[q] <= 1e-9))
                fail_msg("trial %d ends %s: relative jump %d is %.3g", trial, cp_ends_name(o.ends), q, rel[q]);
            worst = fmax(worst, rel[q]);
        }
        cp_path_destroy(p);
    }
    printf("    C2 paths: largest relative jump of any derivative at a key: %.2g\n", worst);
}

static void c1_paths_should_jump_in_acceleration_only(void **state)
{
    (void)state;
    const cp_interp modes[2] = {CP_INTERP_BISECTOR, CP_INTERP_CATMULL_ROM};
    for (int mi = 0; mi < 2; mi++) {
        testutil_rng rng = {8080};
        for (int trial = 0; trial < 30; trial++) {
            cp_key k[30];
            size_t n = (size_t)testutil_uniform(&rng, 4, 30);
            random_keys(&rng, n, k);
            cp_path_options o = {.position = modes[mi], .rotation = modes[mi], .fov = modes[mi],
                                 .ends = (cp_ends)(trial % 3), .period = k[n - 1].time - k[0].time + 2};
            cp_path *p = cp_path_create(k, n, &o, NULL);
            assert_non_null(p);
            pose_jumps j = measure_path(p);
            assert_true(j.v <= 1e-9 * j.sv && j.w <= 1e-9 * j.sw && j.f1 <= 1e-9 * j.sf1);
            if (!(j.a > 1e-3 * j.sa && j.al > 1e-3 * j.sal && j.f2 > 1e-3 * j.sf2))
                fail_msg("%s trial %d: acceleration jumps %.3g %.3g %.3g look continuous", cp_interp_name(modes[mi]),
                         trial, j.a / j.sa, j.al / j.sal, j.f2 / j.sf2);
            cp_path_destroy(p);
        }
    }
}

static void end_conditions_should_hold_for_whole_poses(void **state)
{
    (void)state;
    testutil_rng rng = {12};
    cp_key k[6];
    random_keys(&rng, 6, k);
    cp_path_options rest = {.ends = CP_ENDS_REST};
    cp_path *p = cp_path_create(k, 6, &rest, NULL);
    cp_pose s, e;
    cp_path_sample(p, k[0].time, &s);
    cp_path_sample(p, k[5].time, &e);
    assert_true(cp_vec3_length(s.velocity) == 0 && cp_vec3_length(e.velocity) == 0);
    assert_true(cp_vec3_length(s.angular_velocity) < 1e-15 && cp_vec3_length(e.angular_velocity) < 1e-15);
    cp_path_destroy(p);
    p = cp_path_create(k, 6, NULL, NULL);
    cp_path_sample(p, k[0].time, &s);
    cp_path_sample(p, k[5].time, &e);
    assert_true(cp_vec3_length(s.acceleration) < 1e-9 && cp_vec3_length(e.acceleration) < 1e-9);
    cp_path_destroy(p);
}

static void cursor_and_fast_sampling_should_agree_with_sample(void **state)
{
    (void)state;
    testutil_rng rng = {21};
    cp_key k[200];
    random_keys(&rng, 200, k);
    /* a long half turn in one segment makes the rotation curve add keys, so
     * its segments differ from the position curve's */
    k[100].rotation = cp_quat_mul(yaw(179), k[99].rotation);
    k[100].time = k[99].time + 0.01;
    k[101].rotation = cp_quat_mul(yaw(-179), k[100].rotation);
    k[101].time = k[100].time + 500;
    for (int i = 102; i < 200; i++)
        k[i].time += 500;
    for (int ends = 0; ends < 3; ends++) {
        cp_path_options o = {.ends = (cp_ends)ends, .period = k[199].time - k[0].time + 1};
        cp_error err;
        cp_path *p = cp_path_create(k, 200, &o, &err);
        if (!p)
            fail_msg("%s", err.message);
        cp_path_cursor cur = {0};
        double t = k[0].time - 1;
        for (int i = 0; i < 5000; i++) {
            t = (i % 7 == 0) ? testutil_uniform(&rng, k[0].time - 5, k[199].time + 600)
                             : t + testutil_uniform(&rng, 0, 0.5);
            cp_pose a, b, c;
            cp_path_sample(p, t, &a);
            cp_path_sample_cursor(p, &cur, t, &b);
            cp_path_sample_fast(p, t, &c);
            assert_memory_equal(&a, &b, sizeof a);
            assert_true(a.position.x == c.position.x && a.position.y == c.position.y && a.fov == c.fov);
            assert_true(a.rotation.x == c.rotation.x && a.rotation.w == c.rotation.w);
            assert_true(c.velocity.x == 0 && c.angular_acceleration.z == 0);
        }
        cp_path_destroy(p);
    }
}

/* Every key is reproduced bit for bit, the last one included: the sampler
 * divides by the segment's duration as the curve sampler does (multiplying
 * by its reciprocal gave 999.9999999999997 for a last key at 1000). */
static void sample_should_reproduce_every_key_bit_for_bit(void **state)
{
    (void)state;
    testutil_rng rng = {404};
    int checked = 0;
    for (int trial = 0; trial < 200; trial++) {
        cp_key k[6];
        random_keys(&rng, 6, k);
        const double shift = testutil_uniform(&rng, 900, 1100);
        for (int i = 0; i < 6; i++) {
            k[i].time += shift;
            k[i].position.x *= 37;
        }
        cp_path_options o = {.ends = (cp_ends)(trial % 2)};
        cp_path *p = cp_path_create(k, 6, &o, NULL);
        assert_non_null(p);
        for (int i = 0; i < 6; i++) {
            cp_pose s;
            cp_path_sample(p, k[i].time, &s);
            if (s.position.x != k[i].position.x || s.position.y != k[i].position.y ||
                s.position.z != k[i].position.z || s.fov != k[i].fov)
                fail_msg("trial %d key %d at t = %.17g: x %.17g, expected %.17g", trial, i, k[i].time, s.position.x,
                         k[i].position.x);
            checked++;
        }
        cp_path_destroy(p);
    }
    /* the case of the report: the last key at 1000 s */
    cp_key k2[2] = {key(0.1, 0, 0, 0, yaw(0), 60), key(1000, 1000, 0, 0, yaw(10), 60)};
    cp_path *p = cp_path_create(k2, 2, NULL, NULL);
    cp_pose s;
    cp_path_sample(p, 1000, &s);
    assert_true(s.position.x == 1000);
    cp_path_destroy(p);
    assert_int_equal(checked, 1200);
}

/* A NaN time is a caller's mistake that must not poison the pose: it gives
 * the pose at the start (as a time before the start would), and `time`
 * keeps the NaN so that the caller can tell. */
static void nan_time_should_give_the_start_pose(void **state)
{
    (void)state;
    cp_key k[3] = {key(1, 0, 0, 0, yaw(0), 60), key(2, 3, 1, 0, yaw(30), 50), key(4, 5, 0, 2, yaw(50), 40)};
    for (int ends = 0; ends < 3; ends++) {
        cp_path_options o = {.ends = (cp_ends)ends, .period = 5};
        cp_path *p = cp_path_create(k, 3, &o, NULL);
        cp_pose n, s;
        cp_path_sample(p, NAN, &n);
        cp_path_sample_side(p, 1, 1, &s);
        assert_true(isnan(n.time));
        assert_true(n.position.x == s.position.x && n.position.y == s.position.y && n.fov == s.fov);
        assert_true(n.velocity.x == s.velocity.x && n.rotation.w == s.rotation.w);
        cp_path_cursor c = {0};
        cp_path_sample_cursor(p, &c, NAN, &n);
        assert_true(isnan(n.time) && n.position.x == s.position.x);
        cp_path_sample_fast(p, NAN, &n);
        assert_true(isnan(n.time) && n.position.x == s.position.x);
        cp_path_destroy(p);
    }
}

/* "Natural" ends give the R4 rotation curve zero second derivative at the
 * first and last key, which is not zero angular acceleration: with p'' = 0,
 * alpha = -2 s omega, s = (p . p') / |p|^2 (docs/math.md, section 5). The
 * angular acceleration at a natural end is parallel to the angular velocity:
 * the turn speeds up or slows down about a fixed axis. */
static void natural_rotation_ends_should_have_alpha_along_omega(void **state)
{
    (void)state;
    testutil_rng rng = {77};
    int nonzero = 0;
    for (int trial = 0; trial < 50; trial++) {
        cp_key k[5];
        random_keys(&rng, 5, k);
        cp_path *p = cp_path_create(k, 5, NULL, NULL);
        const cp_curve *rc = cp_path_rotation_curve(p);
        for (int end = 0; end < 2; end++) {
            const size_t i = end ? cp_curve_key_count(rc) - 1 : 0;
            double t, v[4], m[4];
            cp_curve_key(rc, i, &t, v, m, NULL);
            const double s = (v[0] * m[0] + v[1] * m[1] + v[2] * m[2] + v[3] * m[3]) /
                             (v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
            cp_pose pose;
            cp_path_sample_side(p, t, end ? -1 : 1, &pose);
            const cp_vec3 expect = cp_vec3_scale(pose.angular_velocity, -2.0 * s);
            const double scale = cp_vec3_length(pose.angular_velocity) * cp_vec3_length(pose.angular_velocity) + 1e-3;
            assert_true(cp_vec3_length(cp_vec3_sub(pose.angular_acceleration, expect)) <= 1e-12 * scale);
            nonzero += cp_vec3_length(pose.angular_acceleration) > 1e-3 * scale;
        }
        cp_path_destroy(p);
    }
    assert_true(nonzero > 50); /* not zero in general */
}

static void metadata_should_be_copied_and_replaced(void **state)
{
    (void)state;
    cp_key k[2] = {key(0, 0, 0, 0, yaw(0), 60), key(1, 1, 0, 0, yaw(10), 60)};
    cp_path *p = cp_path_create(k, 2, NULL, NULL);
    assert_null(cp_path_name(p));
    assert_null(cp_path_extras(p));
    assert_null(cp_path_key_extras(p, 0));
    char name[] = "intro";
    const char *ke[2] = {NULL, "{\"note\":1}"};
    assert_int_equal(cp_path_set_meta(p, name, "{\"x\":2}", ke, NULL), CP_OK);
    name[0] = 'X'; /* copied, not referenced */
    assert_string_equal(cp_path_name(p), "intro");
    assert_string_equal(cp_path_extras(p), "{\"x\":2}");
    assert_null(cp_path_key_extras(p, 0));
    assert_string_equal(cp_path_key_extras(p, 1), "{\"note\":1}");
    assert_null(cp_path_key_extras(p, 2));
    assert_int_equal(cp_path_set_meta(p, NULL, NULL, NULL, NULL), CP_OK);
    assert_null(cp_path_name(p));
    cp_path_destroy(p);
}

static void names_should_round_trip(void **state)
{
    (void)state;
    for (int i = 0; i <= CP_INTERP_STEP; i++) {
        cp_interp m;
        assert_int_equal(cp_interp_parse(cp_interp_name((cp_interp)i), &m), CP_OK);
        assert_int_equal(m, i);
    }
    for (int i = 0; i <= CP_ENDS_CLOSED; i++) {
        cp_ends e;
        assert_int_equal(cp_ends_parse(cp_ends_name((cp_ends)i), &e), CP_OK);
        assert_int_equal(e, i);
    }
    cp_interp m;
    assert_int_equal(cp_interp_parse("C2", &m), CP_ERR_INVALID);
    assert_int_equal(cp_interp_parse(NULL, &m), CP_ERR_INVALID);
    assert_null(cp_interp_name((cp_interp)5));
    assert_null(cp_ends_name((cp_ends)-1));
    assert_string_equal(cp_interp_name(CP_INTERP_CATMULL_ROM), "catmull-rom");
    assert_string_equal(cp_status_name(CP_ERR_SYNTAX), "syntax");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(readme_snippet_should_work),
        cmocka_unit_test(invalid_keys_should_be_named_with_their_values),
        cmocka_unit_test(keys_whose_splines_overflow_should_be_refused),
        cmocka_unit_test(every_path_that_builds_should_sample_finite),
        cmocka_unit_test(rotations_should_be_normalised),
        cmocka_unit_test(open_path_should_hold_end_poses),
        cmocka_unit_test(closed_path_should_wrap),
        cmocka_unit_test(c2_paths_should_be_c2_in_every_channel),
        cmocka_unit_test(c1_paths_should_jump_in_acceleration_only),
        cmocka_unit_test(end_conditions_should_hold_for_whole_poses),
        cmocka_unit_test(cursor_and_fast_sampling_should_agree_with_sample),
        cmocka_unit_test(sample_should_reproduce_every_key_bit_for_bit),
        cmocka_unit_test(nan_time_should_give_the_start_pose),
        cmocka_unit_test(natural_rotation_ends_should_have_alpha_along_omega),
        cmocka_unit_test(metadata_should_be_copied_and_replaced),
        cmocka_unit_test(names_should_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* tests/unit/test_record.c - the recorder: key times under distance and real
 * pace, the distance flown, undo and count, bad input (nothing recorded),
 * options, paths from the keys, and the save/load round trip (with the
 * timing the editor records). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testutil.h"

static cp_quat yaw(double deg) { return cp_quat_from_axis_angle(cp_vec3_make(0, 1, 0), deg * M_PI / 180); }

static cp_recorder *make(cp_pace pace, double speed)
{
    cp_recorder_options o = {.pace = pace, .speed = speed};
    cp_error err;
    cp_recorder *r = cp_recorder_create(&o, &err);
    if (!r)
        fail_msg("%s", err.message);
    return r;
}

static void add(cp_recorder *r, double now, double x, double y, double z, cp_quat q, double fov)
{
    cp_error err;
    if (cp_recorder_add(r, now, cp_vec3_make(x, y, z), q, fov, &err) != CP_OK)
        fail_msg("%s", err.message);
    assert_int_equal(err.code, CP_OK);
}

static double time_of(const cp_recorder *r, size_t i)
{
    assert_true(i < cp_recorder_count(r));
    return cp_recorder_keys(r)[i].time;
}

/* ---- distance pace --------------------------------------------------------------------- */

static void distance_pace_should_time_keys_by_distance_over_speed(void **state)
{
    (void)state;
    cp_recorder *r = make(CP_PACE_DISTANCE, 4.0);
    add(r, 100.0, 0, 2, 0, yaw(0), 60);
    add(r, 100.5, 12, 2, 0, yaw(0), 60); /* 12 m at 4 m/s, however soon it was pressed */
    add(r, 900.0, 12, 2, 20, yaw(0), 50);
    assert_int_equal(cp_recorder_count(r), 3);
    assert_true(time_of(r, 0) == 0.0);
    assert_near(time_of(r, 1), 3.0, 1e-15, 1);
    assert_near(time_of(r, 2), 8.0, 1e-15, 1);
    assert_true(cp_recorder_keys(r)[2].fov == 50);
    cp_recorder_destroy(r);

    /* zeroed options: the default speed */
    cp_recorder_options zero = {0};
    r = cp_recorder_create(&zero, NULL);
    assert_non_null(r);
    add(r, 0, 0, 0, 0, yaw(0), 60);
    add(r, 0, CP_RECORDER_SPEED * 2.5, 0, 0, yaw(0), 60);
    assert_near(time_of(r, 1), 2.5, 1e-15, 1);
    cp_recorder_destroy(r);
    r = cp_recorder_create(NULL, NULL);
    add(r, 0, 0, 0, 0, yaw(0), 60);
    add(r, 0, 0, 0, 3, yaw(0), 60);
    assert_near(time_of(r, 1), 3.0 / CP_RECORDER_SPEED, 1e-15, 1);
    cp_recorder_destroy(r);
}

static void distance_pace_should_count_turns_and_keep_a_minimum_gap(void **state)
{
    (void)state;
    cp_recorder *r = make(CP_PACE_DISTANCE, 10.0);
    add(r, 0, 0, 5, 0, yaw(0), 60);
    add(r, 0, 1, 5, 0, yaw(90), 60); /* 0.1 s of flight, but a quarter turn */
    assert_near(time_of(r, 1), (M_PI / 2) / CP_RECORDER_TURN_RATE, 1e-12, 1);
    add(r, 0, 1, 5, 0, yaw(90), 60); /* the same pose again still moves time on */
    assert_near(time_of(r, 2) - time_of(r, 1), CP_RECORDER_MIN_GAP, 1e-12, 1);
    /* the short way round: a turn of 350 degrees is one of 10 */
    add(r, 0, 1, 5, 0, yaw(440), 60);
    assert_near(time_of(r, 3) - time_of(r, 2), (M_PI / 18) / CP_RECORDER_TURN_RATE, 1e-12, 1);
    cp_recorder_destroy(r);
}

static void distance_flown_should_count_when_longer_than_the_chord(void **state)
{
    (void)state;
    cp_recorder *r = make(CP_PACE_DISTANCE, 4.0);
    add(r, 0, 0, 5, 0, yaw(0), 60);
    cp_error err;
    for (int i = 0; i < 32; i++) /* 32 m out and back */
        assert_int_equal(cp_recorder_fly(r, 1.0, &err), CP_OK);
    double next;
    assert_int_equal(cp_recorder_next_time(r, 0, cp_vec3_make(0, 5, 0), yaw(0), &next, &err), CP_OK);
    assert_near(next, 8.0, 1e-15, 1);
    add(r, 0, 0, 5, 0, yaw(0), 60);
    assert_near(time_of(r, 1), 8.0, 1e-15, 1);
    /* the count starts again at each key: now the chord is longer */
    assert_int_equal(cp_recorder_fly(r, 1.0, NULL), CP_OK);
    add(r, 0, 0, 5, 8, yaw(0), 60);
    assert_near(time_of(r, 2) - time_of(r, 1), 2.0, 1e-15, 1);
    /* undo forgets what was flown since the dropped key */
    assert_int_equal(cp_recorder_fly(r, 400.0, NULL), CP_OK);
    assert_true(cp_recorder_undo(r));
    add(r, 0, 0, 5, 4, yaw(0), 60);
    assert_near(time_of(r, 2) - time_of(r, 1), 1.0, 1e-15, 1);

    assert_int_equal(cp_recorder_fly(r, -1.0, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "distance flown: -1 m is not a finite number >= 0");
    assert_int_equal(cp_recorder_fly(r, NAN, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "distance flown: nan m is not a finite number >= 0");
    cp_recorder_destroy(r);
}

/* ---- real pace -------------------------------------------------------------------------- */

static void real_pace_should_give_now_minus_the_first_now(void **state)
{
    (void)state;
    cp_recorder *r = make(CP_PACE_REAL, 0);
    const double nows[] = {1234.125, 1235.5, 1235.75, 1290.0};
    for (int i = 0; i < 4; i++)
        add(r, nows[i], 100.0 * i, 0, 0, yaw(0), 60); /* far apart, but the clock decides */
    for (size_t i = 0; i < 4; i++)
        assert_true(time_of(r, i) == nows[i] - nows[0]);
    cp_recorder_destroy(r);
}

static void real_pace_should_refuse_a_clock_that_does_not_move_forward(void **state)
{
    (void)state;
    cp_recorder *r = make(CP_PACE_REAL, 0);
    add(r, 10.0, 0, 0, 0, yaw(0), 60);
    add(r, 12.5, 1, 0, 0, yaw(0), 60);
    cp_error err;
    assert_int_equal(cp_recorder_add(r, 12.5, cp_vec3_make(2, 0, 0), yaw(0), 60, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "keys[2].now: 12.5 s repeats keys[1]'s 12.5 s (real pace: the clock must move "
                                     "forward)");
    assert_string_equal(err.field, "keys[2].now");
    assert_int_equal(err.key, 2);
    assert_int_equal(cp_recorder_add(r, 11, cp_vec3_make(2, 0, 0), yaw(0), 60, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "keys[2].now: 11 s is earlier than keys[1]'s 12.5 s (real pace: the clock must "
                                     "move forward)");
    double t = -1;
    assert_int_equal(cp_recorder_next_time(r, 12.5, cp_vec3_make(2, 0, 0), yaw(0), &t, &err), CP_ERR_INVALID);
    assert_true(t == -1); /* untouched on failure */
    assert_int_equal(cp_recorder_count(r), 2);
    /* after an undo the clock only has to pass the key before */
    assert_true(cp_recorder_undo(r));
    add(r, 11, 2, 0, 0, yaw(0), 60);
    assert_true(time_of(r, 1) == 1.0);
    cp_recorder_destroy(r);
}

static void a_change_of_pace_should_keep_times_increasing(void **state)
{
    (void)state;
    cp_recorder *r = make(CP_PACE_DISTANCE, 2.0);
    add(r, 50.0, 0, 0, 0, yaw(0), 60);
    add(r, 51.0, 10, 0, 0, yaw(0), 60); /* 5 s by distance, 1 s by the clock */
    cp_recorder_options real = {.pace = CP_PACE_REAL};
    cp_error err;
    assert_int_equal(cp_recorder_set_options(r, &real, &err), CP_OK);
    add(r, 53.0, 11, 0, 0, yaw(0), 60);
    add(r, 54.5, 12, 0, 0, yaw(0), 60);
    assert_near(time_of(r, 2), 5.0 + 2.0, 1e-15, 1);
    assert_near(time_of(r, 3), 5.0 + 3.5, 1e-15, 1);
    cp_recorder_options dist = {.pace = CP_PACE_DISTANCE, .speed = 1.0};
    assert_int_equal(cp_recorder_set_options(r, &dist, &err), CP_OK);
    add(r, 0.0, 15, 0, 0, yaw(0), 60); /* distance pace does not look at the clock */
    assert_near(time_of(r, 4), 8.5 + 3.0, 1e-15, 1);
    cp_recorder_destroy(r);
}

/* ---- undo, count, clear ---------------------------------------------------------------- */

static void undo_should_drop_the_last_key_only(void **state)
{
    (void)state;
    cp_recorder *r = make(CP_PACE_DISTANCE, 1.0);
    assert_int_equal(cp_recorder_count(r), 0);
    assert_null(cp_recorder_keys(r));
    assert_false(cp_recorder_undo(r));
    for (int i = 0; i < 200; i++) /* past the first allocation */
        add(r, i, i, 0, 0, yaw(0), 60);
    assert_int_equal(cp_recorder_count(r), 200);
    assert_true(cp_recorder_undo(r));
    assert_int_equal(cp_recorder_count(r), 199);
    assert_true(cp_recorder_keys(r)[198].position.x == 198);
    add(r, 0, 200, 0, 0, yaw(0), 60);
    assert_near(time_of(r, 199), 198.0 + 2.0, 1e-15, 1);
    cp_recorder_clear(r);
    assert_int_equal(cp_recorder_count(r), 0);
    add(r, 0, 7, 0, 0, yaw(0), 60);
    assert_true(time_of(r, 0) == 0.0);
    cp_recorder_destroy(r);
    cp_recorder_destroy(NULL);
}

/* ---- bad input ---------------------------------------------------------------------------- */

static void expect_refused(cp_recorder *r, double now, cp_vec3 p, cp_quat q, double fov, const char *field,
                           const char *message)
{
    size_t n = cp_recorder_count(r);
    cp_error err = {0};
    assert_int_equal(cp_recorder_add(r, now, p, q, fov, &err), CP_ERR_INVALID);
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_string_equal(err.message, message);
    assert_string_equal(err.field, field);
    assert_int_equal(err.key, (long)n);
    assert_int_equal(cp_recorder_count(r), n); /* nothing recorded */
    assert_int_equal(cp_recorder_add(r, now, p, q, fov, NULL), CP_ERR_INVALID);
    assert_int_equal(cp_recorder_count(r), n);
}

static void bad_input_should_be_named_and_record_nothing(void **state)
{
    (void)state;
    cp_recorder *r = make(CP_PACE_DISTANCE, 0);
    cp_vec3 p = {1, 2, 3};
    cp_quat q = yaw(30);
    expect_refused(r, NAN, p, q, 60, "keys[0].now", "keys[0].now: nan is not a finite number");
    add(r, 0, 0, 0, 0, q, 60);
    expect_refused(r, 1, cp_vec3_make(1, NAN, 3), q, 60, "keys[1].position.y",
                   "keys[1].position.y: nan is not a finite number");
    expect_refused(r, 1, cp_vec3_make(-INFINITY, 2, 3), q, 60, "keys[1].position.x",
                   "keys[1].position.x: -inf is not a finite number");
    expect_refused(r, 1, p, cp_quat_make(0, 0, INFINITY, 1), 60, "keys[1].rotation.z",
                   "keys[1].rotation.z: inf is not a finite number");
    expect_refused(r, 1, p, cp_quat_make(0, 0, 0, 0), 60, "keys[1].rotation",
                   "keys[1].rotation: (0, 0, 0, 0) has length 0 and gives no orientation (expected a unit "
                   "quaternion x, y, z, w)");
    expect_refused(r, 1, p, q, 180, "keys[1].fov", "keys[1].fov: 180 degrees is outside (0, 180) (vertical field of view)");
    expect_refused(r, 1, p, q, 0, "keys[1].fov", "keys[1].fov: 0 degrees is outside (0, 180) (vertical field of view)");
    expect_refused(r, 1, p, q, NAN, "keys[1].fov", "keys[1].fov: nan degrees is outside (0, 180) (vertical field of view)");
    /* a key so far away that its time is not a number */
    expect_refused(r, 1, cp_vec3_make(1e308, 0, 0), q, 60, "keys[1].time",
                   "keys[1].time: the pace gives inf s, not later than keys[0].time 0 (times must strictly "
                   "increase)");
    add(r, 1, 1, 0, 0, q, 60);
    assert_int_equal(cp_recorder_count(r), 2);
    cp_recorder_destroy(r);
}

static void rotations_should_be_stored_normalised(void **state)
{
    (void)state;
    cp_recorder *r = make(CP_PACE_DISTANCE, 0);
    add(r, 0, 0, 0, 0, cp_quat_make(0, 2, 0, 2), 60);
    cp_quat unit = yaw(17);
    add(r, 0, 1, 0, 0, unit, 60);
    cp_quat s = cp_recorder_keys(r)[0].rotation;
    assert_near(s.y, sqrt(0.5), 1e-15, 1);
    assert_near(s.w, sqrt(0.5), 1e-15, 1);
    assert_true(memcmp(&cp_recorder_keys(r)[1].rotation, &unit, sizeof unit) == 0); /* unit stays bit for bit */
    cp_recorder_destroy(r);
}

/* Focus and aperture come from a pose, reach the keys, the path and the
 * file, and are on every key or on none. */
static void poses_should_carry_focus_and_aperture(void **state)
{
    (void)state;
    cp_recorder *r = make(CP_PACE_DISTANCE, 0);
    cp_pose pose = {.position = {0, 2, 0}, .rotation = yaw(10), .fov = 50, .focus = 4, .aperture = 2.8};
    cp_error err;
    assert_int_equal(cp_recorder_add_pose(r, 0, &pose, &err), CP_OK);
    pose.position.x = 6, pose.focus = 8, pose.aperture = 4;
    pose.time = NAN, pose.velocity.x = NAN; /* not read */
    assert_int_equal(cp_recorder_add_pose(r, 1, &pose, &err), CP_OK);
    assert_true(cp_recorder_keys(r)[1].focus == 8 && cp_recorder_keys(r)[1].aperture == 4);
    assert_true(cp_recorder_keys(r)[1].fov == 50);

    /* on every key or on none: nothing recorded otherwise */
    assert_int_equal(cp_recorder_add(r, 2, cp_vec3_make(12, 2, 0), yaw(0), 50, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "keys[2].focus: none, while keys[0].focus is 4 (focus is on every key or on none)");
    assert_string_equal(err.field, "keys[2].focus");
    pose.position.x = 12, pose.aperture = 0;
    assert_int_equal(cp_recorder_add_pose(r, 2, &pose, &err), CP_ERR_INVALID);
    assert_string_equal(err.message,
                        "keys[2].aperture: none, while keys[0].aperture is 2.8 (aperture is on every key or on none)");
    pose.aperture = -1;
    assert_int_equal(cp_recorder_add_pose(r, 2, &pose, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "keys[2].aperture: -1 is negative (f-number; 0 means none)");
    pose.aperture = 4, pose.focus = INFINITY;
    assert_int_equal(cp_recorder_add_pose(r, 2, &pose, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "keys[2].focus: inf is not a finite number");
    assert_int_equal(cp_recorder_count(r), 2);
    pose.focus = 16;
    assert_int_equal(cp_recorder_add_pose(r, 2, &pose, &err), CP_OK);

    /* the path samples them; the file keeps them, bit for bit */
    cp_path *p = cp_recorder_path(r, NULL, &err);
    assert_non_null(p);
    cp_pose s;
    cp_path_sample(p, cp_recorder_keys(r)[1].time, &s);
    assert_true(s.focus == 8 && s.aperture == 4);
    char *dir = testutil_tempdir(), file[512];
    snprintf(file, sizeof file, "%s/lens.json", dir);
    assert_int_equal(cp_recorder_save(r, file, &err), CP_OK);
    cp_path *back = cp_path_load(file, &err);
    assert_non_null(back);
    for (size_t i = 0; i < 3; i++) {
        assert_true(cp_path_keys(back)[i].focus == cp_recorder_keys(r)[i].focus);
        assert_true(cp_path_keys(back)[i].aperture == cp_recorder_keys(r)[i].aperture);
    }
    cp_path_destroy(back);
    cp_path_destroy(p);
    testutil_rmtree(dir);
    free(dir);

    /* a recording without them has none, and refuses a pose that has one */
    cp_recorder_clear(r);
    pose.focus = pose.aperture = 0;
    assert_int_equal(cp_recorder_add_pose(r, 0, &pose, &err), CP_OK);
    assert_true(cp_recorder_keys(r)[0].focus == 0 && cp_recorder_keys(r)[0].aperture == 0);
    pose.position.x = 20, pose.focus = 3;
    assert_int_equal(cp_recorder_add_pose(r, 1, &pose, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "keys[1].focus: 3, while keys[0].focus is none (focus is on every key or on none)");
    cp_recorder_destroy(r);
}

static void bad_options_should_be_refused(void **state)
{
    (void)state;
    cp_error err;
    cp_recorder_options o = {.pace = (cp_pace)2};
    assert_null(cp_recorder_create(&o, &err));
    assert_string_equal(err.message, "options.pace: unknown pace 2 (expected 0..1: distance, real)");
    o = (cp_recorder_options){.speed = -3};
    assert_null(cp_recorder_create(&o, &err));
    assert_string_equal(err.message, "options.speed: -3 m/s is not a finite number > 0 (0: the default 6 m/s)");
    o.speed = INFINITY;
    assert_null(cp_recorder_create(&o, &err));
    assert_string_equal(err.message, "options.speed: inf m/s is not a finite number > 0 (0: the default 6 m/s)");
    cp_recorder *r = make(CP_PACE_DISTANCE, 2.0);
    o.speed = NAN;
    assert_int_equal(cp_recorder_set_options(r, &o, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "options.speed: nan m/s is not a finite number > 0 (0: the default 6 m/s)");
    assert_int_equal(cp_recorder_set_options(r, &o, NULL), CP_ERR_INVALID);
    /* the old options stay */
    add(r, 0, 0, 0, 0, yaw(0), 60);
    add(r, 0, 4, 0, 0, yaw(0), 60);
    assert_near(time_of(r, 1), 2.0, 1e-15, 1);
    assert_int_equal(cp_recorder_set_options(r, NULL, &err), CP_OK); /* NULL: the defaults */
    add(r, 0, 4 + CP_RECORDER_SPEED, 0, 0, yaw(0), 60);
    assert_near(time_of(r, 2), 3.0, 1e-15, 1);
    cp_recorder_destroy(r);
}

static void gap_should_be_the_distance_rule(void **state)
{
    (void)state;
    cp_recorder_options o = {.pace = CP_PACE_REAL, .speed = 3.0}; /* the pace is ignored */
    cp_vec3 a = {0, 0, 0}, b = {0, 6, 0};
    assert_near(cp_recorder_gap(&o, a, yaw(0), b, yaw(0), 0), 2.0, 1e-15, 1);
    assert_near(cp_recorder_gap(&o, a, yaw(0), b, yaw(0), 9), 3.0, 1e-15, 1);
    assert_near(cp_recorder_gap(&o, a, yaw(0), a, yaw(180), 0), M_PI / CP_RECORDER_TURN_RATE, 1e-12, 1);
    assert_near(cp_recorder_gap(NULL, a, yaw(0), a, yaw(0), 0), CP_RECORDER_MIN_GAP, 0, 1);
    assert_true(isnan(cp_recorder_gap(NULL, a, yaw(0), cp_vec3_make(NAN, 0, 0), yaw(0), 0)));
    assert_true(isnan(cp_recorder_gap(NULL, a, cp_quat_make(0, 0, 0, 0), b, yaw(0), 0)));
    assert_true(isnan(cp_recorder_gap(NULL, a, yaw(0), b, yaw(0), INFINITY)));
    o.speed = -1;
    assert_true(isnan(cp_recorder_gap(&o, a, yaw(0), b, yaw(0), 0)));
}

/* ---- paths and files ------------------------------------------------------------------------ */

static void path_should_pass_through_the_recorded_keys(void **state)
{
    (void)state;
    cp_recorder *r = make(CP_PACE_DISTANCE, 5.0);
    cp_error err;
    assert_null(cp_recorder_path(r, NULL, &err));
    assert_string_equal(err.message, "the recorder holds 0 keys; a path needs at least 2");
    add(r, 0, 0, 2, 0, yaw(0), 60);
    assert_null(cp_recorder_path(r, NULL, &err));
    assert_string_equal(err.message, "the recorder holds 1 key; a path needs at least 2");
    add(r, 0, 10, 2, 0, yaw(40), 55);
    add(r, 0, 10, 2, 10, yaw(80), 50);
    cp_path_options closed = {.ends = CP_ENDS_CLOSED, .period = 10.0};
    cp_path *p = cp_recorder_path(r, &closed, &err);
    if (!p)
        fail_msg("%s", err.message);
    assert_int_equal(cp_path_key_count(p), 3);
    assert_int_equal(cp_path_get_options(p).ends, CP_ENDS_CLOSED);
    for (size_t i = 0; i < 3; i++) {
        cp_pose pose;
        cp_path_sample(p, time_of(r, i), &pose);
        const cp_key *k = &cp_recorder_keys(r)[i];
        assert_near(pose.position.x, k->position.x, 1e-12, 1);
        assert_near(pose.position.z, k->position.z, 1e-12, 1);
        assert_near(fabs(cp_quat_dot(pose.rotation, k->rotation)), 1.0, 1e-12, 1);
        assert_near(pose.fov, k->fov, 1e-12, 1);
    }
    cp_path_destroy(p);
    closed.period = 1.0; /* the path's own checks still apply */
    assert_null(cp_recorder_path(r, &closed, &err));
    assert_non_null(strstr(err.message, "options.period"));
    cp_recorder_destroy(r);
}

static void save_should_round_trip_bit_for_bit(void **state)
{
    (void)state;
    char *dir = testutil_tempdir();
    assert_non_null(dir);
    char file[512], missing[512];
    snprintf(file, sizeof file, "%s/take.json", dir);
    snprintf(missing, sizeof missing, "%s/no/such/folder/take.json", dir);
    cp_recorder *r = make(CP_PACE_REAL, 0);
    testutil_rng rng = {12345};
    cp_error err;
    assert_int_equal(cp_recorder_save(r, file, &err), CP_ERR_INVALID);
    struct stat st;
    assert_int_not_equal(stat(file, &st), 0); /* nothing written */
    double now = 17.3;
    for (int i = 0; i < 20; i++) {
        now += testutil_uniform(&rng, 0.01, 3.0);
        add(r, now, testutil_uniform(&rng, -50, 50), testutil_uniform(&rng, 0, 10), testutil_uniform(&rng, -50, 50),
            testutil_random_quat(&rng), testutil_uniform(&rng, 20, 100));
    }
    assert_int_equal(testutil_write_file(file, "an older file"), 0);
    assert_int_equal(cp_recorder_save(r, file, &err), CP_OK);
    assert_int_equal(err.code, CP_OK);
    cp_path *back = cp_path_load(file, &err);
    if (!back)
        fail_msg("%s", err.message);
    assert_int_equal(cp_path_key_count(back), 20);
    const cp_key *a = cp_recorder_keys(r), *b = cp_path_keys(back);
    for (size_t i = 0; i < 20; i++) {
        assert_true(a[i].time == b[i].time);
        assert_true(memcmp(&a[i].position, &b[i].position, sizeof a[i].position) == 0);
        assert_true(memcmp(&a[i].rotation, &b[i].rotation, sizeof a[i].rotation) == 0);
        assert_true(a[i].fov == b[i].fov);
    }
    cp_path_destroy(back);
    assert_int_equal(cp_recorder_save(r, missing, &err), CP_ERR_IO);
    assert_non_null(strstr(err.message, "no/such/folder/take.json"));
    assert_int_equal(cp_recorder_save(r, missing, NULL), CP_ERR_IO);
    cp_recorder_undo(r);
    for (int i = 0; i < 18; i++)
        cp_recorder_undo(r);
    assert_int_equal(cp_recorder_save(r, file, NULL), CP_ERR_INVALID);
    back = cp_path_load(file, &err); /* the last good save is still there, whole */
    assert_non_null(back);
    assert_int_equal(cp_path_key_count(back), 20);
    cp_path_destroy(back);
    cp_recorder_destroy(r);
    testutil_rmtree(dir);
    free(dir);
}

/* The editor's F2 records with this recorder and gives a new path smooth
 * timing (C2, natural ends); a take saved from a game is the same file. */
static void save_should_write_the_timing_the_editor_records(void **state)
{
    (void)state;
    char *dir = testutil_tempdir();
    assert_non_null(dir);
    char file[512];
    snprintf(file, sizeof file, "%s/take.json", dir);
    cp_recorder *r = make(CP_PACE_DISTANCE, 0);
    add(r, 0, 0, 2, 0, yaw(0), 60);
    add(r, 1, 10, 2, 0, yaw(30), 55);
    add(r, 9, 10, 2, 1, yaw(90), 50); /* a short hop after a long one: uneven key times */
    cp_error err;
    assert_int_equal(cp_recorder_save(r, file, &err), CP_OK);
    cp_path *back = cp_path_load(file, &err);
    if (!back)
        fail_msg("%s", err.message);
    cp_path *p = cp_recorder_path(r, NULL, &err);
    assert_non_null(p);
    for (int i = 0; i < 2; i++) {
        cp_path_options o = cp_path_get_options(i ? p : back);
        assert_int_equal(o.timing, CP_TIMING_SMOOTH);
        assert_int_equal(o.position, CP_INTERP_C2);
        assert_int_equal(o.rotation, CP_INTERP_C2);
        assert_int_equal(o.fov, CP_INTERP_C2);
        assert_int_equal(o.ends, CP_ENDS_NATURAL);
        assert_int_equal(o.orientation, CP_ORIENTATION_ROTATION);
    }
    char *text = cp_path_save_memory(back, NULL, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"timing\": \"smooth\""));
    free(text);
    cp_path_destroy(p);
    cp_path_destroy(back);
    /* options given are the caller's: zeroed is the path's own default, keys timing */
    cp_path_options keys = {0};
    p = cp_recorder_path(r, &keys, &err);
    assert_non_null(p);
    assert_int_equal(cp_path_get_options(p).timing, CP_TIMING_KEYS);
    cp_path_destroy(p);
    cp_recorder_destroy(r);
    testutil_rmtree(dir);
    free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(distance_pace_should_time_keys_by_distance_over_speed),
        cmocka_unit_test(distance_pace_should_count_turns_and_keep_a_minimum_gap),
        cmocka_unit_test(distance_flown_should_count_when_longer_than_the_chord),
        cmocka_unit_test(real_pace_should_give_now_minus_the_first_now),
        cmocka_unit_test(real_pace_should_refuse_a_clock_that_does_not_move_forward),
        cmocka_unit_test(a_change_of_pace_should_keep_times_increasing),
        cmocka_unit_test(undo_should_drop_the_last_key_only),
        cmocka_unit_test(bad_input_should_be_named_and_record_nothing),
        cmocka_unit_test(rotations_should_be_stored_normalised),
        cmocka_unit_test(poses_should_carry_focus_and_aperture),
        cmocka_unit_test(bad_options_should_be_refused),
        cmocka_unit_test(gap_should_be_the_distance_rule),
        cmocka_unit_test(path_should_pass_through_the_recorded_keys),
        cmocka_unit_test(save_should_round_trip_bit_for_bit),
        cmocka_unit_test(save_should_write_the_timing_the_editor_records),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

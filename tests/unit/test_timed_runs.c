/* SPDX-License-Identifier: MIT */
/* tests/unit/test_timed_runs.c - the check of a smooth path's rates on long
 * paths: the check proves runs of a few hundred segments at once from
 * bounds, and tests a run segment by segment only where the bounds do not
 * prove it. A path with a fault far into it (in a later run, at the first
 * or the last key, two faults) must be refused with the same located error
 * the segment-by-segment test gives, and a path with large but legal steps
 * (bounds that fail, a run tested exactly) must build. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define N 1000

/* A flight of N keys about 0.1 s apart, turning gently, the fov swinging;
 * look-at flights keep a target 10 m ahead. */
static cp_key *flight(int look_at)
{
    cp_key *k = calloc(N, sizeof *k);
    assert_non_null(k);
    double t = 0, heading = 0;
    cp_vec3 p = {0, 20, 0};
    for (size_t i = 0; i < N; i++) {
        k[i].time = t;
        k[i].position = p;
        k[i].fov = 60 + 10 * sin(0.1 * (double)i);
        k[i].rotation = cp_quat_from_yaw_pitch_roll(-heading, 0.05 * sin(0.3 * (double)i), 0);
        if (look_at) {
            k[i].flags = CP_KEY_TARGET;
            k[i].target = cp_vec3_add(p, cp_vec3_make(10 * cos(heading), -2, 10 * sin(heading)));
        }
        heading += 0.02 * sin(0.05 * (double)i);
        p = cp_vec3_add(p, cp_vec3_make(0.8 * cos(heading), 0.01 * sin((double)i), 0.8 * sin(heading)));
        t += 0.1 + 0.05 * sin(0.7 * (double)i);
    }
    return k;
}

/* Every key from `at` on moved by dx along x (the target too when `target`). */
static void jump(cp_key *k, size_t at, double dx, int target)
{
    for (size_t i = at; i < N; i++) {
        if (target)
            k[i].target.x += dx;
        else
            k[i].position.x += dx;
    }
}

static cp_path *build(const cp_key *k, int look_at, cp_error *e)
{
    cp_path_options o = {.timing = CP_TIMING_SMOOTH,
                         .orientation = look_at ? CP_ORIENTATION_LOOK_AT : CP_ORIENTATION_ROTATION};
    memset(e, 0, sizeof *e);
    return cp_path_create(k, N, &o, e);
}

static int pose_finite(const cp_pose *q)
{
    const double v[] = {q->position.x,     q->position.y,     q->position.z,     q->velocity.x,
                        q->velocity.y,     q->velocity.z,     q->acceleration.x, q->acceleration.y,
                        q->acceleration.z, q->rotation.w,     q->fov,            q->fov_acceleration};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++)
        if (!isfinite(v[i]))
            return 0;
    return 1;
}

/* The refusal of a path whose keys from `at` on jump: the key, the field and
 * what overflows. */
static void assert_refused_at(const cp_key *k, int look_at, long key, const char *what)
{
    cp_error e;
    cp_path *p = build(k, look_at, &e);
    if (p)
        cp_path_destroy(p);
    assert_null(p);
    assert_int_equal(e.code, CP_ERR_INVALID);
    assert_int_equal(e.key, key);
    char field[64];
    snprintf(field, sizeof field, "keys[%ld].time", key);
    assert_string_equal(e.field, field);
    if (!strstr(e.message, what))
        fail_msg("\"%s\" does not say \"%s\"", e.message, what);
}

static void long_paths_should_build_and_sample_finite(void **state)
{
    (void)state;
    for (int look_at = 0; look_at <= 1; look_at++) {
        for (int legal_jump = 0; legal_jump <= 1; legal_jump++) {
            cp_key *k = flight(look_at);
            /* a step of 1e100 m: far beyond any bound of its run proving it
             * at once, within every limit segment by segment */
            if (legal_jump && !look_at)
                jump(k, 700, 1e100, 0);
            cp_error e;
            cp_path *p = build(k, look_at, &e);
            if (!p)
                fail_msg("%s", e.message);
            for (size_t i = 0; i < 4 * N; i++) {
                cp_pose q;
                cp_path_sample(p, cp_path_start(p) + cp_path_duration(p) * (double)i / (4.0 * N), &q);
                if (!pose_finite(&q))
                    fail_msg("sample %zu of %s is not finite", i, look_at ? "look-at" : "rotation");
            }
            cp_path_destroy(p);
            free(k);
        }
    }
}

static void a_fault_far_into_the_path_should_name_its_key(void **state)
{
    (void)state;
    static const size_t at[] = {1, 255, 256, 257, 700, N - 1};
    for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
        cp_key *k = flight(0);
        jump(k, at[i], 1e160, 0);
        assert_refused_at(k, 0, (long)at[i], "rate of the path's parameter would be beyond 1e+150");
        free(k);
    }
}

static void of_two_faults_the_first_should_be_named(void **state)
{
    (void)state;
    cp_key *k = flight(0);
    jump(k, 700, 1e160, 0);
    jump(k, 300, 1e160, 0);
    assert_refused_at(k, 0, 300, "rate of the path's parameter");
    free(k);
}

static void a_look_at_fault_far_into_the_path_should_name_its_key(void **state)
{
    (void)state;
    cp_key *k = flight(1);
    jump(k, 700, 1e139, 1);
    assert_refused_at(k, 1, 700, "target's velocity or acceleration would be beyond 1e+140 (CP_PATH_MAX_LOOKAT_RATE)");
    free(k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(long_paths_should_build_and_sample_finite),
        cmocka_unit_test(a_fault_far_into_the_path_should_name_its_key),
        cmocka_unit_test(of_two_faults_the_first_should_be_named),
        cmocka_unit_test(a_look_at_fault_far_into_the_path_should_name_its_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* tests/unit/test_figures.c - figures docs/math.md quotes about what
 * smooth and constant-speed timing do, measured here and printed (the doc
 * names this program; tests/e2e/math_figures.sh checks the doc against
 * what it prints): how far smooth timing's rotation swings past its keys,
 * and that `campath check` flags every swing beyond its allowance; how much
 * of a run between stops a constant-speed ease covers. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#define DEG (180.0 / M_PI)

/* ---- smooth timing swings past its rotation keys ------------------------------------------------ */

/* The angle turned over [a, b]: the sum of the angles between m + 1 samples. */
static double turned(const cp_path *p, double a, double b, int m)
{
    double sum = 0;
    cp_pose prev, s;
    cp_path_sample(p, a, &prev);
    for (int j = 1; j <= m; j++) {
        cp_path_sample(p, a + (b - a) * j / m, &s);
        sum += cp_quat_angle_between(prev.rotation, s.rotation);
        prev = s;
    }
    return sum;
}

/* A camera panning back and forth: rotation keys about axes near the
 * vertical, each step reversing the last with odds 0.6, half of them up to
 * 10 degrees and half up to 150, at positions anywhere in a room, in smooth
 * timing. A C2 spline through rotations that double back swings past the
 * key where they turn (the turn of a segment minus its keys' step), the
 * more so where a small step meets a large one. The largest over 400 paths
 * of 6 keys is the figure; every swing beyond check's allowance (1 degree
 * plus 5% of the step) is a turn finding of the same size. */
static void smooth_timing_should_swing_past_its_keys_as_check_says(void **state)
{
    (void)state;
    testutil_rng rng = {0x5717};
    double most = 0, most_step = 0;
    size_t segments = 0, flagged = 0;
    for (int it = 0; it < 400; it++) {
        cp_key k[6];
        memset(k, 0, sizeof k);
        cp_quat q = testutil_random_quat(&rng);
        double way = 1;
        for (int i = 0; i < 6; i++) {
            k[i].time = i;
            k[i].position = cp_vec3_make(testutil_uniform(&rng, -10, 10), testutil_uniform(&rng, 0, 3),
                                         testutil_uniform(&rng, -10, 10));
            const cp_vec3 axis = cp_vec3_normalize(
                cp_vec3_make(testutil_uniform(&rng, -0.2, 0.2), 1, testutil_uniform(&rng, -0.2, 0.2)));
            way = testutil_uniform(&rng, 0, 1) < 0.6 ? -way : way;
            const double step = testutil_uniform(&rng, 0, 1) < 0.5 ? testutil_uniform(&rng, 0, 10)
                                                                   : testutil_uniform(&rng, 0, 150);
            if (i > 0)
                q = cp_quat_mul(cp_quat_from_axis_angle(axis, way * step / DEG), q);
            k[i].rotation = q;
            k[i].fov = 50;
        }
        cp_error err;
        cp_path *p = cp_path_create(k, 6, &(cp_path_options){.timing = CP_TIMING_SMOOTH}, &err);
        if (!p)
            fail_msg("%s", err.message);
        cp_check_report r;
        assert_int_equal(cp_path_check(p, NULL, &r, &err), CP_OK);
        const cp_key *pk = cp_path_keys(p);
        for (size_t i = 0; i + 1 < 6; i++) {
            const double step = cp_quat_angle_between(pk[i].rotation, pk[i + 1].rotation) * DEG;
            const double past = turned(p, pk[i].time, pk[i + 1].time, 2000) * DEG - step;
            segments++;
            if (past > most)
                most = past, most_step = step;
            const cp_finding *f = NULL;
            for (size_t m = 0; m < r.count; m++)
                if (r.findings[m].kind == CP_FINDING_TURN && r.findings[m].key[0] == i)
                    f = &r.findings[m];
            if (past > 1.0 + 0.05 * step + 0.01) {
                if (!f)
                    fail_msg("path %d, keys %zu..%zu: %.3f degrees past a step of %.3f, no turn finding", it, i,
                             i + 1, past, step);
                flagged++;
            }
            if (f)
                assert_near(f->value, past, 1e-4, 1);
        }
        cp_check_report_free(&r);
        cp_path_destroy(p);
    }
    print_message("    smooth timing, a pan back and forth in steps up to 150 degrees: swings up to %.0f degrees "
                  "past its keys (a step of %.0f); %zu of %zu segments past the check's allowance, each flagged\n",
                  most, most_step, flagged, segments);
    assert_true(most > 10);
}

/* ---- constant speed: the eases --------------------------------------------------------------------- */

/* How far the camera travels while it eases out of the stop that ends at
 * time t0 (position x0 along the line), its speed reaching the cruise v:
 * as a share of the run's length. */
static double ease_share(const cp_path *p, double t0, double x0, double v, double length)
{
    const double dt = 1e-5;
    for (double t = t0; t < t0 + 2.0; t += dt) {
        cp_pose s;
        cp_path_sample(p, t, &s);
        if (cp_vec3_length(s.velocity) >= v * (1 - 1e-9))
            return fabs(s.position.x - x0) / length;
    }
    return INFINITY;
}

/* Keys 2 m apart on a line, 1 s apart, a hold at the middle one: the
 * eases are shortened to fit their runs. With rest ends each run has a stop
 * at both ends and each ease covers a quarter of it; with natural ends a
 * run has one stop, and its ease covers half of it. */
static void eases_should_cover_a_quarter_of_a_run_between_two_stops(void **state)
{
    (void)state;
    double share[2];
    for (int rest = 0; rest < 2; rest++) {
        cp_key k[3];
        memset(k, 0, sizeof k);
        for (int i = 0; i < 3; i++) {
            k[i].time = i == 2 ? 2.5 : i;
            k[i].position = cp_vec3_make(2.0 * i, 0, 0);
            k[i].rotation = cp_quat_make(0, 0, 0, 1);
            k[i].fov = 50;
        }
        k[1].flags = CP_KEY_HOLD;
        k[1].hold = 0.5;
        cp_error err;
        cp_path *p = cp_path_create(
            k, 3, &(cp_path_options){.timing = CP_TIMING_CONSTANT_SPEED, .ends = rest ? CP_ENDS_REST : CP_ENDS_NATURAL},
            &err);
        if (!p)
            fail_msg("%s", err.message);
        const double v = cp_path_constant_speed(p);
        share[rest] = ease_share(p, cp_path_keys(p)[1].time + 0.5, 2.0, v, 2.0);
        cp_path_destroy(p);
    }
    print_message("    constant speed: an ease covers %.4f of a run between two stops, %.4f of a run with one\n",
                  share[1], share[0]);
    assert_near(share[1], 0.25, 1e-3, 1);
    assert_near(share[0], 0.5, 1e-3, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(smooth_timing_should_swing_past_its_keys_as_check_says),
        cmocka_unit_test(eases_should_cover_a_quarter_of_a_run_between_two_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* tests/unit/test_dolly.c - dolly zoom: the subject at the target keeps its
 * size on screen (projected from sampled poses), the fov is C2 at every key
 * in every timing (measured from both sides; with bisector widths it is
 * not, and the same measure says so) and its derivatives are those of the
 * samples; the file member "dolly_zoom" and the key member "frame_width"
 * round-trip and are refused, located, where they do not belong; `check`
 * finds a width that swings to 0. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The camera pulls back from 3 m to 12 m while the target drifts; the
 * widths are keyed (all 2 m, or varying). */
static cp_path *pull_back(cp_timing timing, cp_interp fov, int vary, cp_error *err)
{
    cp_key k[6];
    memset(k, 0, sizeof k);
    static const double t[6] = {0, 0.7, 2.0, 2.4, 3.9, 5.0};
    for (int i = 0; i < 6; i++) {
        k[i].time = t[i];
        k[i].position = cp_vec3_make(0.3 * i, 1.7 + 0.1 * (i % 2), 3.0 + 1.8 * i);
        k[i].target = cp_vec3_make(0.2 * (i % 3), 1.5, 0.4 * i - 1.0);
        k[i].flags = CP_KEY_TARGET;
        k[i].frame_width = vary ? 2.0 + 0.5 * (i % 3) : 2.0;
    }
    const cp_path_options o = {.orientation = CP_ORIENTATION_LOOK_AT, .timing = timing, .fov = fov, .dolly_zoom = true};
    return cp_path_create(k, 6, &o, err);
}

static cp_path *made(cp_timing timing, cp_interp fov, int vary)
{
    cp_error err;
    cp_path *p = pull_back(timing, fov, vary, &err);
    if (!p)
        fail_msg("%s", err.message);
    return p;
}

/* ---- the subject keeps its size ------------------------------------------------------------ */

/* A point half a subject's height s above the target, in the camera's own
 * up direction, projected with the sampled pose: its height on screen, as
 * a fraction of the view's half height, is s / w everywhere. */
static void subject_should_keep_its_size_on_screen(void **state)
{
    (void)state;
    static const cp_timing timings[2] = {CP_TIMING_KEYS, CP_TIMING_SMOOTH};
    for (int ti = 0; ti < 2; ti++) {
        cp_path *p = made(timings[ti], CP_INTERP_C2, 0);
        const double s = 1.2;
        double lo = INFINITY, hi = -INFINITY, fmin_ = INFINITY, fmax_ = 0;
        for (int i = 0; i <= 1000; i++) {
            const double t = 5.0 * i / 1000;
            cp_pose pose;
            cp_vec3 target;
            cp_path_sample(p, t, &pose);
            assert_true(cp_path_target(p, t, &target));
            const cp_vec3 top = cp_vec3_add(target, cp_vec3_scale(cp_quat_up(pose.rotation), s / 2));
            const cp_vec3 c = cp_quat_rotate(cp_quat_conj(pose.rotation), cp_vec3_sub(top, pose.position));
            const double y = c.y / (-c.z * tan(pose.fov * M_PI / 360));
            lo = fmin(lo, y), hi = fmax(hi, y);
            fmin_ = fmin(fmin_, pose.fov), fmax_ = fmax(fmax_, pose.fov);
        }
        print_message("    %s timing: the fov runs %.2f..%.2f degrees, the subject's height on screen %.15f..%.15f "
                      "(want %.15f)\n",
                      cp_timing_name(timings[ti]), fmin_, fmax_, lo, hi, 1.2 / 2.0);
        assert_true(fmax_ - fmin_ > 10);
        assert_near(lo, s / 2.0, 1e-12, 1);
        assert_near(hi, s / 2.0, 1e-12, 1);
        cp_path_destroy(p);
    }
}

/* ---- C2 -------------------------------------------------------------------------------------- */

/* The largest relative jumps of fov, its velocity and its acceleration at
 * the inner keys, from the left and right limits. */
static void fov_jumps(const cp_path *p, double j[3])
{
    const cp_key *k = cp_path_keys(p);
    double scale[3] = {0, 0, 0};
    cp_pose l[6], r[6];
    const size_t n = cp_path_key_count(p);
    j[0] = j[1] = j[2] = 0;
    for (size_t i = 1; i + 1 < n; i++) {
        cp_path_sample_side(p, k[i].time, -1, &l[i]);
        cp_path_sample_side(p, k[i].time, 1, &r[i]);
        scale[0] = fmax(scale[0], fabs(l[i].fov));
        scale[1] = fmax(scale[1], fabs(l[i].fov_velocity));
        scale[2] = fmax(scale[2], fabs(l[i].fov_acceleration));
    }
    for (size_t i = 1; i + 1 < n; i++) {
        j[0] = fmax(j[0], fabs(l[i].fov - r[i].fov) / scale[0]);
        j[1] = fmax(j[1], fabs(l[i].fov_velocity - r[i].fov_velocity) / scale[1]);
        j[2] = fmax(j[2], fabs(l[i].fov_acceleration - r[i].fov_acceleration) / scale[2]);
    }
}

static void fov_should_be_c2_at_every_key(void **state)
{
    (void)state;
    static const cp_timing timings[3] = {CP_TIMING_KEYS, CP_TIMING_SMOOTH, CP_TIMING_CONSTANT_SPEED};
    for (int ti = 0; ti < 3; ti++) {
        cp_path *p = made(timings[ti], CP_INTERP_C2, 1);
        double j[3];
        fov_jumps(p, j);
        print_message("    %s timing, widths keyed: largest relative jump of fov %.1e, its velocity %.1e, its "
                      "acceleration %.1e\n",
                      cp_timing_name(timings[ti]), j[0], j[1], j[2]);
        assert_true(j[0] <= 1e-13 && j[1] <= 1e-12 && j[2] <= 1e-11);
        cp_path_destroy(p);
    }
    /* the measure can fail: bisector widths are C1, and so is the fov */
    cp_path *p = made(CP_TIMING_KEYS, CP_INTERP_BISECTOR, 1);
    double j[3];
    fov_jumps(p, j);
    print_message("    bisector widths: the fov's acceleration jumps by %.2f of its scale\n", j[2]);
    assert_true(j[1] <= 1e-12 && j[2] > 1e-2);
    cp_path_destroy(p);
}

/* fov' and fov'' against central differences of the sampled fov. */
static void fov_derivatives_should_be_those_of_the_samples(void **state)
{
    (void)state;
    static const cp_timing timings[2] = {CP_TIMING_KEYS, CP_TIMING_SMOOTH};
    for (int ti = 0; ti < 2; ti++) {
        cp_path *p = made(timings[ti], CP_INTERP_C2, 1);
        double worst[2] = {0, 0};
        for (int i = 1; i < 100; i++) {
            const double t = 5.0 * i / 100 + 0.013, h = 1e-5;
            cp_pose m, a, b;
            cp_path_sample(p, t, &m);
            cp_path_sample(p, t - h, &a);
            cp_path_sample(p, t + h, &b);
            const double v = (b.fov - a.fov) / (2 * h), acc = (b.fov_velocity - a.fov_velocity) / (2 * h);
            worst[0] = fmax(worst[0], fabs(v - m.fov_velocity) / fmax(fabs(m.fov_velocity), 1));
            worst[1] = fmax(worst[1], fabs(acc - m.fov_acceleration) / fmax(fabs(m.fov_acceleration), 1));
        }
        print_message("    %s timing, against central differences: fov velocity within %.1e, acceleration within "
                      "%.1e\n",
                      cp_timing_name(timings[ti]), worst[0], worst[1]);
        assert_true(worst[0] < 1e-7 && worst[1] < 1e-6);
        cp_path_destroy(p);
    }
}

/* ---- the file ---------------------------------------------------------------------------------- */

static void file_should_round_trip(void **state)
{
    (void)state;
    cp_path *p = made(CP_TIMING_SMOOTH, CP_INTERP_C2, 1);
    size_t size;
    cp_error err;
    char *text = cp_path_save_memory(p, &size, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"dolly_zoom\": true"));
    assert_non_null(strstr(text, "\"frame_width\": 2.5"));
    /* no key has a fov: the only one is the interpolation's */
    assert_non_null(strstr(text, "\"fov\": \"c2\""));
    assert_null(strstr(strstr(text, "\"fov\"") + 1, "\"fov\""));
    cp_path *q = cp_path_load_memory(text, size, "dolly.json", &err);
    if (!q)
        fail_msg("%s", err.message);
    assert_true(cp_path_get_options(q).dolly_zoom);
    for (size_t i = 0; i < cp_path_key_count(p); i++) {
        assert_true(cp_path_keys(q)[i].frame_width == cp_path_keys(p)[i].frame_width);
        assert_true(cp_path_keys(q)[i].fov == cp_path_keys(p)[i].fov);
    }
    cp_pose a, b;
    cp_path_sample(p, 1.234, &a);
    cp_path_sample(q, 1.234, &b);
    assert_true(a.fov == b.fov && a.fov_acceleration == b.fov_acceleration);
    free(text);
    cp_path_destroy(q);
    cp_path_destroy(p);
}

static void expect_file_error(const char *text, const char *field, const char *where, const char *says)
{
    cp_error err;
    cp_path *p = cp_path_load_memory(text, strlen(text), "bad.json", &err);
    if (p)
        fail_msg("loaded: %s", text);
    assert_string_equal(err.field, field);
    if (!strstr(err.message, where) || !strstr(err.message, says))
        fail_msg("message \"%s\" does not say \"%s\" and \"%s\"", err.message, where, says);
}

static void file_errors_should_be_located(void **state)
{
    (void)state;
    expect_file_error("{\"campath\": 1, \"orientation\": \"look-at\", \"dolly_zoom\": true, \"keys\": [\n"
                      "{\"t\": 0, \"position\": [0,0,5], \"target\": [0,0,0], \"frame_width\": 2},\n"
                      "{\"t\": 1, \"position\": [0,0,9], \"target\": [0,0,0], \"fov\": 40}]}",
                      "keys[1].fov", "bad.json:3:", "not used with \"dolly_zoom\"");
    expect_file_error("{\"campath\": 1, \"orientation\": \"look-at\", \"dolly_zoom\": true, \"keys\": [\n"
                      "{\"t\": 0, \"position\": [0,0,5], \"target\": [0,0,0], \"frame_width\": 2},\n"
                      "{\"t\": 1, \"position\": [0,0,9], \"target\": [0,0,0]}]}",
                      "keys[1].frame_width", "bad.json:3:1:", "missing");
    expect_file_error("{\"campath\": 1, \"orientation\": \"look-at\", \"keys\": [\n"
                      "{\"t\": 0, \"position\": [0,0,5], \"target\": [0,0,0], \"frame_width\": 2},\n"
                      "{\"t\": 1, \"position\": [0,0,9], \"target\": [0,0,0]}]}",
                      "keys[0].frame_width", "bad.json:2:", "needs dolly_zoom");
    expect_file_error("{\"campath\": 1, \"dolly_zoom\": true, \"keys\": [\n"
                      "{\"t\": 0, \"position\": [0,0,5], \"rotation\": [0,0,0,1], \"frame_width\": 2},\n"
                      "{\"t\": 1, \"position\": [0,0,9], \"rotation\": [0,0,0,1], \"frame_width\": 2}]}",
                      "dolly_zoom", "bad.json:1:30:", "needs the look-at orientation");
    expect_file_error("{\"campath\": 1, \"orientation\": \"look-at\", \"dolly_zoom\": 1, \"keys\": []}", "dolly_zoom",
                      "bad.json:1:", "true or false");
    expect_file_error("{\"campath\": 1, \"orientation\": \"look-at\", \"dolly_zoom\": true, \"keys\": [\n"
                      "{\"t\": 0, \"position\": [0,0,5], \"target\": [0,0,0], \"frame_width\": -2},\n"
                      "{\"t\": 1, \"position\": [0,0,9], \"target\": [0,0,0], \"frame_width\": 2}]}",
                      "keys[0].frame_width", "bad.json:2:", "not > 0");
    expect_file_error("{\"campath\": 1, \"orientation\": \"look-at\", \"dolly_zoom\": true, \"keys\": [\n"
                      "{\"t\": 0, \"position\": [0,0,5], \"target\": [0,0,0], \"frame_width\": 2e7},\n"
                      "{\"t\": 1, \"position\": [0,0,9], \"target\": [0,0,0], \"frame_width\": 2}]}",
                      "keys[0].frame_width", "bad.json:2:", "outside");
}

/* ---- check ----------------------------------------------------------------------------------- */

/* A width keyed 4 m, 0.05 m, 4 m on uneven times swings below 0 on a
 * spline in time: the fov leaves (0, 180) there, a fov-range error; the
 * same widths on smooth timing stay between their keys. */
static void check_should_find_the_width_at_zero(void **state)
{
    (void)state;
    cp_key k[4];
    memset(k, 0, sizeof k);
    static const double t[4] = {0, 0.1, 3, 3.1}, w[4] = {4, 0.05, 0.05, 4};
    for (int i = 0; i < 4; i++) {
        k[i].time = t[i];
        k[i].position = cp_vec3_make(i, 2, 8);
        k[i].target = cp_vec3_make(0, 1, 0);
        k[i].flags = CP_KEY_TARGET;
        k[i].frame_width = w[i];
    }
    for (int smooth = 0; smooth < 2; smooth++) {
        const cp_path_options o = {.orientation = CP_ORIENTATION_LOOK_AT, .dolly_zoom = true,
                                   .timing = smooth ? CP_TIMING_SMOOTH : CP_TIMING_KEYS};
        cp_error err;
        cp_path *p = cp_path_create(k, 4, &o, &err);
        if (!p)
            fail_msg("%s", err.message);
        cp_check_report r;
        assert_int_equal(cp_path_check(p, NULL, &r, &err), CP_OK);
        const cp_finding *range = NULL;
        for (size_t i = 0; i < r.count; i++)
            if (r.findings[i].kind == CP_FINDING_FOV_RANGE)
                range = &r.findings[i];
        if (!smooth) {
            assert_non_null(range);
            print_message("    keys timing: %s\n", range->message);
            cp_pose s;
            cp_path_sample(p, range->at, &s);
            assert_true(range->value <= 0 && !(s.fov > 0)); /* the sample agrees */
        } else {
            assert_null(range);
        }
        cp_check_report_free(&r);
        cp_path_destroy(p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(subject_should_keep_its_size_on_screen),
        cmocka_unit_test(fov_should_be_c2_at_every_key),
        cmocka_unit_test(fov_derivatives_should_be_those_of_the_samples),
        cmocka_unit_test(file_should_round_trip),
        cmocka_unit_test(file_errors_should_be_located),
        cmocka_unit_test(check_should_find_the_width_at_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

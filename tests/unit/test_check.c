/* SPDX-License-Identifier: MIT */
/* tests/unit/test_check.c - cp_path_check: every kind of finding, once where
 * it must be found and once where it must not; the five overshoot
 * examples found with keys timing and gone with smooth timing; the report's
 * fields, limits and names. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static cp_quat yaw(double deg) { return cp_quat_from_axis_angle(cp_vec3_make(0, 1, 0), deg * M_PI / 180); }

static cp_key key(double t, double x, double yaw_deg, double fov)
{
    cp_key k = {.time = t, .position = {x, 0, 0}, .rotation = yaw(yaw_deg), .fov = fov};
    return k;
}

/* The findings of a path made from keys (NULL options: the defaults). */
static cp_check_report check(const cp_key *k, size_t n, cp_path_options o, const cp_check_options *co)
{
    cp_error err;
    cp_path *p = cp_path_create(k, n, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    cp_check_report r;
    assert_int_equal(cp_path_check(p, co, &r, &err), CP_OK);
    assert_int_equal(err.code, CP_OK);
    cp_path_destroy(p);
    return r;
}

/* How many findings of `kind`; the first one in *first. */
static size_t count_kind(const cp_check_report *r, cp_finding_kind kind, const cp_finding **first)
{
    size_t m = 0;
    for (size_t i = 0; i < r->count; i++)
        if (r->findings[i].kind == kind && m++ == 0 && first)
            *first = &r->findings[i];
    return m;
}

static cp_check_report check_file(const char *file)
{
    cp_error err;
    cp_path *p = cp_path_load(file, &err);
    if (!p)
        fail_msg("%s", err.message);
    cp_check_report r;
    assert_int_equal(cp_path_check(p, NULL, &r, &err), CP_OK);
    cp_path_destroy(p);
    return r;
}

/* ---- the overshoot examples --------------------------------------------------------------------- */

static void issue_examples_should_be_found_with_keys_timing_only(void **state)
{
    (void)state;
    static const struct { const char *name; cp_finding_kind kind; } ex[5] = {
        {"rotation_long_way", CP_FINDING_TURN},
        {"position_reverses", CP_FINDING_REVERSE},
        {"fov_dips", CP_FINDING_FOV_RANGE},
        {"hold_drifts", CP_FINDING_REVERSE},
        {"lens_swings", CP_FINDING_FOCUS_RANGE},
    };
    for (int i = 0; i < 5; i++) {
        char file[128];
        snprintf(file, sizeof file, "tests/data/check/%s_keys.json", ex[i].name);
        cp_check_report r = check_file(file);
        const cp_finding *f = NULL;
        if (count_kind(&r, ex[i].kind, &f) == 0)
            fail_msg("%s: no %s finding", file, cp_finding_kind_name(ex[i].kind));
        assert_int_equal(f->severity, CP_SEVERITY_ERROR);
        printf("    %s: %s\n", ex[i].name, f->message);
        cp_check_report_free(&r);
        snprintf(file, sizeof file, "tests/data/check/%s_smooth.json", ex[i].name);
        r = check_file(file);
        if (r.total != 0)
            fail_msg("%s: %zu findings, the first: %s", file, r.total, r.findings[0].message);
        cp_check_report_free(&r);
    }
}

/* ---- each kind, both ways ------------------------------------------------------------------------ */

static void reverse_motion_should_be_measured_exactly(void **state)
{
    (void)state;
    cp_key k[4] = {key(0, 0, 0, 60), key(1, 10, 0, 60), key(1.2, 20, 0, 60), key(3, 30, 0, 60)};
    cp_check_report r = check(k, 4, (cp_path_options){0}, NULL);
    assert_int_equal(count_kind(&r, CP_FINDING_REVERSE, NULL), 2);
    /* the first: backwards from the start, at the slope of the natural spline there */
    const cp_finding *f = &r.findings[0];
    assert_true(f->key[0] == 0 && f->key[1] == 1 && f->time[0] == 0 && f->time[1] == 1);
    assert_near(f->value, -7.666201766620187, 1e-12, 1);
    assert_true(f->at == 0);
    assert_string_equal(f->message, "keys[0] (t = 0)..keys[1] (t = 1): the camera moves backwards along the segment, "
                                    "at up to 7.666201766620187 m/s (at t = 0)");
    cp_check_report_free(&r);
    /* the same keys evenly timed: a straight line at constant speed */
    for (int i = 0; i < 4; i++)
        k[i].time = i;
    r = check(k, 4, (cp_path_options){0}, NULL);
    assert_int_equal(r.total, 0);
    cp_check_report_free(&r);
}

/* Keys anywhere in a room, unevenly timed: plenty of backward motion in
 * every timing (smooth timing's shape overshoots too, over its chords).
 * Constant speed refuses a path that bends too sharply: another is drawn. */
static cp_path *room_path(testutil_rng *rng, size_t n, cp_timing timing)
{
    for (int attempt = 0; attempt < 100; attempt++) {
        cp_key k[8];
        memset(k, 0, sizeof k);
        double t = 0;
        for (size_t i = 0; i < n; i++) {
            k[i] = key(t, 0, testutil_uniform(rng, -90, 90), 50);
            k[i].position = cp_vec3_make(testutil_uniform(rng, -10, 10), testutil_uniform(rng, 0, 3),
                                         testutil_uniform(rng, -10, 10));
            t += testutil_uniform(rng, 0.2, 3);
        }
        cp_error err;
        cp_path *p = cp_path_create(k, n, &(cp_path_options){.timing = timing}, &err);
        if (p)
            return p;
        if (timing != CP_TIMING_CONSTANT_SPEED)
            fail_msg("%s", err.message);
    }
    fail_msg("no constant-speed room path in 100 attempts");
    return NULL;
}

/* In every timing a reverse finding reports the camera's true backward
 * speed: its value is the velocity along the chord at its time, and no
 * sample of the segment (2,000 of them) backs up faster. */
static void reverse_should_be_the_true_extreme_in_every_timing(void **state)
{
    (void)state;
    testutil_rng rng = {0x5eed5};
    for (int timing = 0; timing < 3; timing++) {
        size_t findings = 0, wrong = 0;
        double worst = 0;
        for (int it = 0; it < 40; it++) {
            cp_path *p = room_path(&rng, 3 + (size_t)it % 5, (cp_timing)timing);
            cp_check_report r;
            cp_error err;
            assert_int_equal(cp_path_check(p, NULL, &r, &err), CP_OK);
            const cp_key *k = cp_path_keys(p);
            for (size_t f = 0; f < r.count; f++) {
                const cp_finding *fi = &r.findings[f];
                if (fi->kind != CP_FINDING_REVERSE || !strstr(fi->message, "backwards"))
                    continue;
                const cp_vec3 u =
                    cp_vec3_normalize(cp_vec3_sub(k[fi->key[1]].position, k[fi->key[0]].position));
                cp_pose s;
                cp_path_sample(p, fi->at, &s);
                assert_near(cp_vec3_dot(s.velocity, u), fi->value, 1e-9, 1);
                double least = INFINITY;
                for (int j = 0; j <= 2000; j++) {
                    cp_path_sample(p, fi->time[0] + (fi->time[1] - fi->time[0]) * j / 2000.0, &s);
                    least = fmin(least, cp_vec3_dot(s.velocity, u));
                }
                findings++;
                worst = fmax(worst, fi->value - least);
                if (fi->value > least + 1e-9 * fmax(1, fabs(least)) && wrong++ < 3)
                    print_message("    %s timing: %s\n      but a sample backs up at %.6g m/s\n",
                                  cp_timing_name((cp_timing)timing), fi->message, -least);
            }
            cp_check_report_free(&r);
            cp_path_destroy(p);
        }
        print_message("    %s timing: %zu reverse findings, %zu slower than a sample; the most: %.2g m/s\n",
                      cp_timing_name((cp_timing)timing), findings, wrong, worst);
        assert_true(findings > 20);
        assert_int_equal(wrong, 0);
    }
}

static void drift_at_a_repeated_position_should_be_found(void **state)
{
    (void)state;
    cp_key k[4] = {key(0, 0, 0, 60), key(1, 10, 0, 60), key(2, 10, 0, 60), key(3, 20, 0, 60)};
    cp_check_report r = check(k, 4, (cp_path_options){0}, NULL);
    const cp_finding *f = NULL;
    assert_int_equal(count_kind(&r, CP_FINDING_REVERSE, &f), 1);
    assert_true(f->key[0] == 1 && f->key[1] == 2);
    /* 10.32 at the most: the figure measured before smooth timing existed */
    assert_near(f->value, 0.32075014954979647, 1e-9, 1);
    cp_check_report_free(&r);
    r = check(k, 4, (cp_path_options){.timing = CP_TIMING_SMOOTH}, NULL);
    assert_int_equal(r.total, 0);
    cp_check_report_free(&r);
}

/* The one finding of `kind` in the report, about keys a and a + 1, with
 * its severity, value and time. */
static const cp_finding *expect_one(const cp_check_report *r, cp_finding_kind kind, cp_severity severity, size_t a,
                                    double value, double at)
{
    const cp_finding *f = NULL;
    assert_int_equal(count_kind(r, kind, &f), 1);
    assert_true(f->severity == severity && f->key[0] == a && f->key[1] == a + 1);
    assert_near(f->value, value, 1e-12, 1);
    assert_near(f->at, at, 1e-12, 1);
    return f;
}

static void fov_should_be_found_outside_its_range_and_its_keys(void **state)
{
    (void)state;
    /* leaves (0, 180): an error */
    cp_key k[4] = {key(0, 0, 0, 60), key(1, 0, 0, 20), key(10, 0, 0, 20), key(11, 0, 0, 60)};
    cp_check_report r = check(k, 4, (cp_path_options){0}, NULL);
    const cp_finding *f = NULL;
    expect_one(&r, CP_FINDING_FOV_RANGE, CP_SEVERITY_ERROR, 1, -63.79310344827586, 5.5);
    cp_check_report_free(&r);
    /* stays positive but leaves its keys' range: a warning */
    cp_key m[4] = {key(0, 0, 0, 60), key(1, 0, 0, 40), key(2, 0, 0, 40.5), key(8, 0, 0, 60)};
    r = check(m, 4, (cp_path_options){0}, NULL);
    assert_int_equal(count_kind(&r, CP_FINDING_FOV_RANGE, NULL), 0);
    assert_true(count_kind(&r, CP_FINDING_FOV_OVERSHOOT, &f) >= 1);
    assert_int_equal(f->severity, CP_SEVERITY_WARNING);
    assert_true(f->value < 40 || f->value > 60);
    cp_check_report_free(&r);
    /* smooth timing: monotone runs stay monotone, so neither */
    r = check(m, 4, (cp_path_options){.timing = CP_TIMING_SMOOTH}, NULL);
    assert_int_equal(r.total, 0);
    cp_check_report_free(&r);
    /* nor does linear fov in keys timing */
    r = check(k, 4, (cp_path_options){.fov = CP_INTERP_LINEAR}, NULL);
    assert_int_equal(count_kind(&r, CP_FINDING_FOV_RANGE, NULL) + count_kind(&r, CP_FINDING_FOV_OVERSHOOT, NULL), 0);
    cp_check_report_free(&r);
}

/* Focus and aperture are channels like the fov: a spline in time through
 * unevenly timed keys swings them past their keys, the focus through 0 (an
 * error: no lens focuses there), the f-number far past its keys (a
 * warning); smooth timing keeps them monotone between keys. */
static void focus_and_aperture_should_be_found_outside_their_range_and_keys(void **state)
{
    (void)state;
    cp_key k[4] = {key(0, 0, 0, 50), key(1, 0, 0, 50), key(10, 0, 0, 50), key(11, 0, 0, 50)};
    const double focus[4] = {12, 2, 2, 12}, aperture[4] = {2, 11, 11, 2};
    for (int i = 0; i < 4; i++)
        k[i].focus = focus[i], k[i].aperture = aperture[i];
    cp_check_report r = check(k, 4, (cp_path_options){0}, NULL);
    const cp_finding *f = expect_one(&r, CP_FINDING_FOCUS_RANGE, CP_SEVERITY_ERROR, 1, -18.948275862068964, 5.5);
    assert_string_equal(f->message, "keys[1] (t = 1)..keys[2] (t = 10): the focus distance reaches -18.948275862068964 m "
                                    "(at t = 5.5), not above 0");
    f = expect_one(&r, CP_FINDING_APERTURE_OVERSHOOT, CP_SEVERITY_WARNING, 1, 29.85344827586207, 5.5);
    assert_string_equal(f->message, "keys[1] (t = 1)..keys[2] (t = 10): the aperture reaches f/29.85344827586207 "
                                    "(at t = 5.5), outside its keys' f/11..f/11");
    cp_check_report_free(&r);
    /* the f-number through 0: an error; the focus past its keys only: a warning */
    for (int i = 0; i < 4; i++)
        k[i].focus = aperture[i] + 1, k[i].aperture = focus[i];
    r = check(k, 4, (cp_path_options){0}, NULL);
    assert_int_equal(count_kind(&r, CP_FINDING_APERTURE_RANGE, &f), 1);
    assert_true(f->severity == CP_SEVERITY_ERROR && f->value < 0);
    assert_int_equal(count_kind(&r, CP_FINDING_FOCUS_OVERSHOOT, &f), 1);
    assert_true(f->severity == CP_SEVERITY_WARNING && f->value > 12);
    cp_check_report_free(&r);
    /* smooth timing (monotone maps), and linear lens channels, are clean */
    r = check(k, 4, (cp_path_options){.timing = CP_TIMING_SMOOTH}, NULL);
    assert_int_equal(r.total, 0);
    cp_check_report_free(&r);
    r = check(k, 4, (cp_path_options){.fov = CP_INTERP_LINEAR}, NULL);
    assert_int_equal(r.total, 0);
    cp_check_report_free(&r);
    /* a swing within 1% of the keys is no finding: evenly timed keys */
    for (int i = 0; i < 4; i++)
        k[i].time = i;
    r = check(k, 4, (cp_path_options){0}, NULL);
    for (size_t i = 0; i < r.count; i++)
        assert_true(r.findings[i].kind != CP_FINDING_FOCUS_RANGE && r.findings[i].kind != CP_FINDING_APERTURE_RANGE);
    cp_check_report_free(&r);
}

static void turning_the_long_way_should_be_found(void **state)
{
    (void)state;
    cp_key k[4] = {key(0, 0, 0, 60), key(1, 0, 30, 60), key(101, 0, -60, 60), key(102, 0, -30, 60)};
    cp_check_report r = check(k, 4, (cp_path_options){0}, NULL);
    const cp_finding *f = NULL;
    assert_int_equal(count_kind(&r, CP_FINDING_TURN, &f), 1);
    assert_true(f->key[0] == 1 && f->key[1] == 2 && f->time[1] == 101);
    assert_near(f->value, 540, 1e-6, 1);
    cp_check_report_free(&r);
    /* turning one way, evenly timed: the short way */
    cp_key e[4] = {key(0, 0, 0, 60), key(1, 0, 30, 60), key(2, 0, 60, 60), key(3, 0, 90, 60)};
    r = check(e, 4, (cp_path_options){0}, NULL);
    assert_int_equal(count_kind(&r, CP_FINDING_TURN, NULL), 0);
    cp_check_report_free(&r);
}

static void half_turns_should_be_a_warning(void **state)
{
    (void)state;
    cp_key k[3] = {key(0, 0, 0, 60), key(1, 1, 179, 60), key(2, 2, 190, 60)};
    cp_check_report r = check(k, 3, (cp_path_options){0}, NULL);
    const cp_finding *f = NULL;
    assert_int_equal(count_kind(&r, CP_FINDING_HALF_TURN, &f), 1);
    assert_true(f->severity == CP_SEVERITY_WARNING && f->key[0] == 0 && f->key[1] == 1);
    assert_near(f->value, 179, 1e-9, 1);
    assert_true(r.warnings >= 1);
    cp_check_report_free(&r);
    k[1].rotation = yaw(170);
    r = check(k, 3, (cp_path_options){0}, NULL);
    assert_int_equal(count_kind(&r, CP_FINDING_HALF_TURN, NULL), 0);
    cp_check_report_free(&r);
}

static void inserted_rotation_keys_should_be_information(void **state)
{
    (void)state;
    /* wide turns, unevenly timed: the rotation builder adds a key between the last two */
    cp_key k[4] = {key(0, 0, 70, 60), key(0.9, 0, 240, 60), key(8.8, 0, 320, 60), key(17.3, 0, 150, 60)};
    cp_check_report r = check(k, 4, (cp_path_options){0}, NULL);
    const cp_finding *f = NULL;
    assert_int_equal(count_kind(&r, CP_FINDING_INSERTED_KEYS, &f), 1);
    assert_true(f->severity == CP_SEVERITY_INFO && f->key[0] == 2 && f->key[1] == 3 && f->value == 1);
    assert_true(r.infos == 1);
    cp_check_report_free(&r);
    cp_key e[4] = {key(0, 0, 0, 60), key(1, 0, 40, 60), key(2, 0, 80, 60), key(3, 0, 120, 60)};
    r = check(e, 4, (cp_path_options){0}, NULL);
    assert_int_equal(r.total, 0);
    cp_check_report_free(&r);
}

/* A C2 path's derivatives agree at its keys to rounding: nothing at the
 * default tolerance, and the rounding itself once the tolerance is below it. */
static void jumps_should_be_measured_against_the_tolerance(void **state)
{
    (void)state;
    testutil_rng rng = {3};
    cp_key k[12];
    memset(k, 0, sizeof k);
    for (int i = 0; i < 12; i++) {
        k[i].time = i == 0 ? 0 : k[i - 1].time + testutil_uniform(&rng, 0.3, 2);
        k[i].position = cp_vec3_make(testutil_uniform(&rng, -9, 9), testutil_uniform(&rng, 0, 3), testutil_uniform(&rng, -9, 9));
        k[i].rotation = yaw(testutil_uniform(&rng, -40, 40));
        k[i].fov = testutil_uniform(&rng, 40, 70);
    }
    cp_check_report r = check(k, 12, (cp_path_options){0}, NULL);
    assert_int_equal(count_kind(&r, CP_FINDING_JUMP, NULL), 0);
    cp_check_report_free(&r);
    const cp_check_options tight = {.max_jump = 1e-20};
    r = check(k, 12, (cp_path_options){0}, &tight);
    const cp_finding *f = NULL;
    assert_true(count_kind(&r, CP_FINDING_JUMP, &f) > 0);
    assert_true(f->severity == CP_SEVERITY_ERROR && f->value > 1e-20 && f->value < 1e-9);
    assert_true(f->key[0] == f->key[1] && f->at == f->time[0]);
    assert_non_null(strstr(f->message, "of its scale on the path)"));
    cp_check_report_free(&r);
    /* bisector tangents keep only the velocity continuous: their
     * acceleration jumps are not findings, their velocity has none */
    r = check(k, 12, (cp_path_options){.position = CP_INTERP_BISECTOR, .rotation = CP_INTERP_BISECTOR,
                                       .fov = CP_INTERP_BISECTOR}, &tight);
    assert_int_equal(count_kind(&r, CP_FINDING_JUMP, NULL), 0);
    cp_check_report_free(&r);
}

/* ---- the report ----------------------------------------------------------------------------------- */

static void report_should_list_up_to_its_limit_and_count_all(void **state)
{
    (void)state;
    cp_key k[40];
    for (int i = 0; i < 40; i++) /* gaps of 1 s and 0.05 s on a line: backwards motion on many segments */
        k[i] = key(i / 2 * 1.05 + (i % 2) * 1.0, 10.0 * i, 0, 60);
    cp_check_report all = check(k, 40, (cp_path_options){0}, NULL);
    assert_true(all.total > 5 && all.count == all.total && all.errors == all.total);
    const cp_check_options few = {.max_findings = 3};
    cp_check_report r = check(k, 40, (cp_path_options){0}, &few);
    assert_int_equal(r.count, 3);
    assert_int_equal(r.total, all.total);
    assert_int_equal(r.errors, all.errors);
    for (int i = 0; i < 3; i++)
        assert_string_equal(r.findings[i].message, all.findings[i].message);
    /* in path order */
    for (size_t i = 1; i < all.count; i++)
        assert_true(all.findings[i].key[0] >= all.findings[i - 1].key[0]);
    cp_check_report_free(&r);
    cp_check_report_free(&all);
    cp_check_report_free(&all); /* a freed report is zeroed: a no-op */
    cp_check_report_free(NULL);
    cp_error err;
    cp_path *p = cp_path_create(k, 40, NULL, NULL);
    const cp_check_options bad = {.max_turn = INFINITY};
    assert_int_equal(cp_path_check(p, &bad, &r, &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "check: max_jump, max_turn and target_distance must be finite numbers, "
                                     "vertical_angle below 90 degrees");
    const cp_check_options steep = {.vertical_angle = 90};
    assert_int_equal(cp_path_check(p, &steep, &r, &err), CP_ERR_INVALID);
    assert_null(r.findings);
    cp_path_destroy(p);
}

static void names_should_cover_every_kind(void **state)
{
    (void)state;
    static const char *const kinds[15] = {"jump",           "reverse",         "turn",           "fov-range",
                                          "fov-overshoot",  "half-turn",       "inserted-keys",  "look-vertical",
                                          "target-near",    "focus-range",     "focus-overshoot", "aperture-range",
                                          "aperture-overshoot", "cut",          "whip-pan"};
    for (int i = 0; i < 15; i++)
        assert_string_equal(cp_finding_kind_name((cp_finding_kind)i), kinds[i]);
    assert_null(cp_finding_kind_name((cp_finding_kind)15));
    assert_string_equal(cp_severity_name(CP_SEVERITY_ERROR), "error");
    assert_string_equal(cp_severity_name(CP_SEVERITY_WARNING), "warning");
    assert_string_equal(cp_severity_name(CP_SEVERITY_INFO), "info");
    assert_null(cp_severity_name((cp_severity)3));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(issue_examples_should_be_found_with_keys_timing_only),
        cmocka_unit_test(reverse_motion_should_be_measured_exactly),
        cmocka_unit_test(reverse_should_be_the_true_extreme_in_every_timing),
        cmocka_unit_test(drift_at_a_repeated_position_should_be_found),
        cmocka_unit_test(fov_should_be_found_outside_its_range_and_its_keys),
        cmocka_unit_test(focus_and_aperture_should_be_found_outside_their_range_and_keys),
        cmocka_unit_test(turning_the_long_way_should_be_found),
        cmocka_unit_test(half_turns_should_be_a_warning),
        cmocka_unit_test(inserted_rotation_keys_should_be_information),
        cmocka_unit_test(jumps_should_be_measured_against_the_tolerance),
        cmocka_unit_test(report_should_list_up_to_its_limit_and_count_all),
        cmocka_unit_test(names_should_cover_every_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

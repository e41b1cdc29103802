/* SPDX-License-Identifier: MIT */
/* tests/unit/test_focus.c - focus and aperture: per-key channels that pass
 * through their keys exactly, are C2 at every key (measured by one-sided
 * second differences, which also show a C1 interpolation's jump), stay
 * monotone between their keys in smooth timing, move the shape's parameter
 * when nothing else moves (a rack focus on the spot), and are on every key
 * or on none. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

/* n keys with focus and aperture, unevenly timed, on a wandering line. */
static cp_path *lens_path(testutil_rng *rng, size_t n, cp_timing timing, cp_ends ends, cp_interp fov, cp_key *out)
{
    cp_key k[12];
    memset(k, 0, sizeof k);
    double t = 0;
    for (size_t i = 0; i < n; i++) {
        k[i].time = t;
        k[i].position = cp_vec3_make(3.0 * (double)i + testutil_uniform(rng, -1, 1), 2, testutil_uniform(rng, -2, 2));
        k[i].rotation = cp_quat_from_yaw_pitch_roll(testutil_uniform(rng, -0.5, 0.5), 0, 0);
        k[i].fov = 50;
        k[i].focus = testutil_uniform(rng, 1, 30);
        k[i].aperture = testutil_uniform(rng, 1.4, 16);
        t += testutil_uniform(rng, 0.2, 3);
    }
    cp_path_options o = {.fov = fov, .ends = ends, .timing = timing, .period = ends == CP_ENDS_CLOSED ? t : 0};
    cp_error err;
    cp_path *p = cp_path_create(k, n, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    if (out)
        memcpy(out, k, n * sizeof *k);
    return p;
}

static double lens_at(const cp_path *p, double t, int c)
{
    cp_pose s;
    cp_path_sample(p, t, &s);
    return c ? s.aperture : s.focus;
}

/* The jump of the second derivative at t, from second differences on each
 * side (step h), relative to the channel's scale: O(h) for a C2 channel
 * (cp_pose holds focus and aperture without derivatives). */
static double second_jump(const cp_path *p, double t, double h, int c)
{
    const double f0 = lens_at(p, t, c);
    const double left = (f0 - 2 * lens_at(p, t - h, c) + lens_at(p, t - 2 * h, c)) / (h * h);
    const double right = (lens_at(p, t + 2 * h, c) - 2 * lens_at(p, t + h, c) + f0) / (h * h);
    const double first_l = (f0 - lens_at(p, t - h, c)) / h, first_r = (lens_at(p, t + h, c) - f0) / h;
    const double scale = fmax(fmax(fabs(left), fabs(right)), fmax(fabs(first_l), fabs(first_r)) + 1.0);
    return fabs(left - right) / scale;
}

static void lens_should_pass_its_keys_and_be_c2(void **state)
{
    (void)state;
    testutil_rng rng = {0xf0c05};
    const cp_timing timings[2] = {CP_TIMING_KEYS, CP_TIMING_SMOOTH};
    const cp_ends ends[3] = {CP_ENDS_NATURAL, CP_ENDS_REST, CP_ENDS_CLOSED};
    double c2 = 0, c1 = INFINITY;
    for (int ti = 0; ti < 2; ti++)
        for (int e = 0; e < 3; e++)
            for (int it = 0; it < 10; it++) {
                cp_key k[12];
                const size_t n = 4 + (size_t)it % 6;
                cp_path *p = lens_path(&rng, n, timings[ti], ends[e], CP_INTERP_C2, k);
                cp_path *b = lens_path(&rng, n, timings[ti], ends[e], CP_INTERP_BISECTOR, NULL);
                double worst_b = 0;
                for (size_t i = 0; i < n; i++) {
                    cp_pose s;
                    cp_path_sample(p, k[i].time, &s);
                    assert_true(s.focus == k[i].focus && s.aperture == k[i].aperture); /* bit for bit */
                    if (i == 0 || i + 1 == n)
                        continue;
                    for (int c = 0; c < 2; c++) {
                        /* a jump that is the differences' error shrinks with h */
                        const double coarse = second_jump(p, k[i].time, 1e-4, c);
                        const double fine = second_jump(p, k[i].time, 1e-5, c);
                        if (!(fine < fmax(coarse / 5, 1e-3)))
                            fail_msg("keys[%zu]: %s's second derivative jumps by %.3g (h = 1e-4) and %.3g (h = 1e-5)",
                                     i, c ? "aperture" : "focus", coarse, fine);
                        c2 = fmax(c2, fine);
                        const double tb = cp_path_keys(b)[i].time;
                        const double bc = second_jump(b, tb, 1e-4, c), bf = second_jump(b, tb, 1e-5, c);
                        worst_b = fmax(worst_b, bf < bc / 2 ? 0 : bf); /* a real jump does not shrink */
                    }
                }
                c1 = fmin(c1, worst_b);
                cp_path_destroy(p);
                cp_path_destroy(b);
            }
    print_message("    second derivative at the keys from one-sided differences: c2's jump shrinks with h at every "
                  "key (at most %.1e at h = 1e-5); bisector's stays, at least %.2f on every path\n",
                  c2, c1);
    /* the differences' own error is h times the third derivative, up to
     * 0.4 at h = 1e-4 on the steepest monotone pieces: a C2 channel's jump
     * is that error and shrinks with h, a C1 one's is the jump itself */
    assert_true(c1 > 3e-2);
}

/* Smooth timing: between two keys focus and aperture stay in their range
 * (monotone), a repeated value stays exactly; keys timing overshoots on the
 * same jagged keys. */
static void smooth_lens_should_stay_between_its_keys(void **state)
{
    (void)state;
    cp_key k[5] = {0};
    const double t[5] = {0, 0.3, 4, 4.3, 9}, focus[5] = {2, 10, 10, 3, 20};
    for (int i = 0; i < 5; i++) {
        k[i].time = t[i];
        k[i].position = cp_vec3_make(4 * i, 2, 0);
        k[i].rotation = cp_quat_make(0, 0, 0, 1);
        k[i].fov = 50;
        k[i].focus = focus[i];
        k[i].aperture = 4;
    }
    double overshoot[2] = {0, 0};
    for (int timing = 0; timing < 2; timing++) {
        cp_path_options o = {.timing = (cp_timing)timing};
        cp_error err;
        cp_path *p = cp_path_create(k, 5, &o, &err);
        assert_non_null(p);
        for (int i = 0; i < 4; i++) {
            const double lo = fmin(focus[i], focus[i + 1]), hi = fmax(focus[i], focus[i + 1]);
            for (int j = 0; j <= 1000; j++) {
                cp_pose s;
                cp_path_sample(p, t[i] + (t[i + 1] - t[i]) * j / 1000.0, &s);
                overshoot[timing] = fmax(overshoot[timing], fmax(lo - s.focus, s.focus - hi));
                if (timing == 1) {
                    assert_true(s.focus >= lo && s.focus <= hi);
                    assert_true(s.aperture == 4); /* the same on every key: exactly that */
                }
            }
        }
        cp_path_destroy(p);
    }
    print_message("    focus beyond its keys' range: keys timing %.3g m, smooth timing %.3g m\n", overshoot[0],
                  overshoot[1]);
    assert_true(overshoot[0] > 1); /* the keys are jagged enough to show it */
}

/* A rack focus on the spot: smooth timing moves the focus while the
 * position, rotation and fov keep still, to the bit. */
static void rack_focus_on_the_spot_should_play_out(void **state)
{
    (void)state;
    cp_key k[3] = {0};
    for (int i = 0; i < 3; i++) {
        k[i].time = 2 * i;
        k[i].position = cp_vec3_make(0, 1.6, 6);
        k[i].rotation = cp_quat_make(0, 0, 0, 1);
        k[i].fov = 40;
        k[i].focus = i == 1 ? 12 : 2;
        k[i].aperture = i == 2 ? 5.6 : 1.8;
    }
    cp_path_options o = {.timing = CP_TIMING_SMOOTH, .ends = CP_ENDS_REST};
    cp_error err;
    cp_path *p = cp_path_create(k, 3, &o, &err);
    assert_non_null(p);
    double prev = 2;
    for (int j = 1; j <= 100; j++) {
        cp_pose s;
        cp_path_sample(p, 2.0 * j / 100, &s);
        assert_memory_equal(&s.position, &k[0].position, sizeof s.position);
        assert_true(s.fov == 40 && s.rotation.w == 1);
        assert_true(s.focus >= prev); /* rising to 12 */
        prev = s.focus;
    }
    assert_true(prev == 12);
    double u[3];
    cp_path_parameter(p, 3, 0, u);
    assert_true(u[1] > 0); /* the aperture alone moves the parameter too */
    cp_path_destroy(p);
}

/* Focus and aperture are on every key or on none; negative and non-finite
 * ones are refused; a path without them samples 0. */
static void lens_presence_should_be_checked(void **state)
{
    (void)state;
    cp_key k[3] = {0};
    for (int i = 0; i < 3; i++) {
        k[i].time = i;
        k[i].position = cp_vec3_make(i, 0, 0);
        k[i].rotation = cp_quat_make(0, 0, 0, 1);
        k[i].fov = 60;
    }
    cp_path *p = cp_path_create(k, 3, NULL, NULL);
    cp_pose s;
    cp_path_sample(p, 0.5, &s);
    assert_true(s.focus == 0 && s.aperture == 0);
    cp_path_destroy(p);
    static const struct {
        double focus[3], aperture[3];
        const char *field, *message;
    } cases[] = {
        {{0, 3, 4}, {0, 0, 0}, "keys[0].focus", "keys[0].focus: missing, while keys[1].focus is 3 (focus is on every key or on none)"},
        {{2, 3, 4}, {2, 2, 0}, "keys[2].aperture",
         "keys[2].aperture: missing, while keys[0].aperture is 2 (aperture is on every key or on none)"},
        {{2, -3, 4}, {0, 0, 0}, "keys[1].focus", "keys[1].focus: -3 is not > 0 (focus distance in metres; 0 means none)"},
        {{2, 3, 4}, {0, -1, 0}, "keys[1].aperture", "keys[1].aperture: -1 is not > 0 (f-number; 0 means none)"},
        {{2, NAN, 4}, {0, 0, 0}, "keys[1].focus", "keys[1].focus: nan is not a finite number"},
        {{2, 3, 1e301}, {0, 0, 0}, "keys[2].focus",
         "keys[2].focus: 1e+301 is beyond the largest magnitude a path takes, 1e+300 (CP_PATH_MAX_MAGNITUDE)"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (int i = 0; i < 3; i++)
            k[i].focus = cases[c].focus[i], k[i].aperture = cases[c].aperture[i];
        cp_error err;
        assert_null(cp_path_create(k, 3, NULL, &err));
        assert_string_equal(err.message, cases[c].message);
        assert_string_equal(err.field, cases[c].field);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lens_should_pass_its_keys_and_be_c2),
        cmocka_unit_test(smooth_lens_should_stay_between_its_keys),
        cmocka_unit_test(rack_focus_on_the_spot_should_play_out),
        cmocka_unit_test(lens_presence_should_be_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* tests/editor/test_lens.c - the path camera's lens as the editor draws it:
 * the thin lens's limits of sharpness against a depth-of-field table, the
 * blur it gives, the plane in focus as the view's marker, and the graph's
 * focus strip with its depth of field. */
#include "edtest.h"

#include "lens.h"
#include "trace.h"
#include "view.h"

/* |a - b| <= tol (tol < 1) */
#define assert_close(a, b, tol) assert_near((a) - (b), 0, (tol), 1)

/* a fov whose focal length on the 24 mm sensor is 50 mm */
static double fov_of_50mm(void) { return 2.0 * atan(12.0 / 50.0) * 180.0 / M_PI; }

static void the_limits_should_match_a_depth_of_field_table(void **state)
{
    (void)state;
    assert_close(ed_lens_focal(fov_of_50mm()), 0.050, 1e-12);
    /* 50 mm at f/2.8 focused at 10 m, circle of confusion 0.03 mm: sharp
       from 7.49 m to 15.0 m; hyperfocal distance 29.8 m */
    cp_pose pose = {.fov = fov_of_50mm(), .focus = 10, .aperture = 2.8, .rotation = {0, 0, 0, 1}};
    ed_lens l;
    assert_int_equal(ed_lens_of(&pose, &l), 1);
    double near, far;
    ed_lens_limits(&l, &near, &far);
    assert_close(near, 7.494, 0.001);
    assert_close(far, 15.02, 0.01);
    /* stopped down to f/8 the zone deepens; focused past the hyperfocal distance it reaches infinity */
    l.aperture = 8;
    double near8, far8;
    ed_lens_limits(&l, &near8, &far8);
    assert_true(near8 < near && far8 > far);
    l.aperture = 2.8, l.focus = 40;
    ed_lens_limits(&l, &near, &far);
    assert_true(isinf(far));
    assert_close(near, 40 * 29.762 / (29.812 + 40 - 0.1), 0.001);
    /* no lens without both numbers */
    pose.aperture = 0;
    assert_int_equal(ed_lens_of(&pose, &l), 0);
    pose.aperture = 2.8, pose.focus = 0;
    assert_int_equal(ed_lens_of(&pose, &l), 0);
    pose.focus = NAN;
    assert_int_equal(ed_lens_of(&pose, &l), 0);
}

static void the_blur_should_vanish_at_the_focus_and_grow_away_from_it(void **state)
{
    (void)state;
    cp_pose pose = {.fov = fov_of_50mm(), .focus = 10, .aperture = 2.8, .rotation = {0, 0, 0, 1}};
    ed_lens l;
    assert_int_equal(ed_lens_of(&pose, &l), 1);
    /* the circle of confusion of a point at infinity: f^2 / (N (S - f)) */
    assert_close(ed_lens_coc(&l, 1e300), 0.05 * 0.05 / (2.8 * 9.95), 1e-12);
    assert_close(ed_lens_coc(&l, 10), 0, 1e-15);
    /* at the near limit it is the 0.03 mm called sharp */
    double near, far;
    ed_lens_limits(&l, &near, &far);
    assert_close(ed_lens_coc(&l, near), ED_LENS_COC_LIMIT, 1e-9);
    assert_close(ed_lens_coc(&l, far), ED_LENS_COC_LIMIT, 1e-9);
    /* in pixels of a 720-high image: half the circle, scaled from 24 mm; capped */
    assert_close(ed_lens_blur(&l, 20, 720), 0.5 * ed_lens_coc(&l, 20) / 0.024 * 720, 1e-9);
    assert_close(ed_lens_blur_scale(&l, 720) * 10 / 20, ed_lens_blur(&l, 20, 720), 1e-9);
    double prev = 0;
    for (double d = 9.5; d > 0.3; d *= 0.8) {
        double b = ed_lens_blur(&l, d, 720);
        assert_true(b >= prev);
        assert_true(b <= ED_LENS_MAX_BLUR * 720 + 1e-12);
        prev = b;
    }
    assert_close(prev, ED_LENS_MAX_BLUR * 720, 1e-9);
}

static void the_plane_in_focus_should_fill_the_view_at_the_focus_distance(void **state)
{
    (void)state;
    cp_pose pose = {.position = {3, 2, 1}, .rotation = cp_quat_from_yaw_pitch_roll(0.7, -0.2, 0.1), .fov = 40,
                    .focus = 12, .aperture = 4};
    cp_vec3 c[4];
    assert_int_equal(ed_lens_plane(&pose, 16.0 / 9.0, c), 1);
    ed_view v;
    ed_view_init(&v, pose.position, pose.rotation, pose.fov, 0, 0, 1600, 900);
    const double want[4][2] = {{0, 0}, {1600, 0}, {1600, 900}, {0, 900}};
    for (int i = 0; i < 4; i++) {
        cp_vec3 cam = ed_view_to_camera(&v, c[i]);
        assert_close(cam.z, -12, 1e-9);
        float sx, sy;
        assert_int_equal(ed_view_project(&v, cam, &sx, &sy), 1);
        assert_close(sx, want[i][0], 0.01);
        assert_close(sy, want[i][1], 0.01);
    }
    pose.focus = 0;
    assert_int_equal(ed_lens_plane(&pose, 16.0 / 9.0, c), 0);
}

static cp_path *pulled_focus(int with_lens)
{
    cp_key k[3] = {0};
    for (int i = 0; i < 3; i++) {
        k[i].time = 2.0 * i;
        k[i].position = cp_vec3_make(4.0 * i, 2, 0);
        k[i].rotation = cp_quat_from_yaw_pitch_roll(0.2 * i, 0, 0);
        k[i].fov = 50;
        if (with_lens)
            k[i].focus = 3 + 6 * i, k[i].aperture = 2.8 + i;
    }
    cp_path_options o = {0};
    cp_path *p = cp_path_create(k, 3, &o, NULL);
    assert_non_null(p);
    return p;
}

static void the_focus_strip_should_show_the_focus_and_its_depth_of_field(void **state)
{
    (void)state;
    ed_trace t;
    memset(&t, 0, sizeof t);
    cp_path *p = pulled_focus(1);
    assert_int_equal(ed_trace_build(&t, p, 1), 0);
    assert_int_equal(t.has_lens, 1);
    assert_true(t.plot_count > 100);
    for (size_t i = 0; i < t.plot_count; i++) {
        cp_pose pose;
        cp_path_sample(p, t.plot_t[i], &pose);
        assert_close(t.plot[ED_PLOT_FOCUS][i], pose.focus, 1e-4 * pose.focus);
        ed_lens l;
        assert_int_equal(ed_lens_of(&pose, &l), 1);
        double near, far;
        ed_lens_limits(&l, &near, &far);
        assert_close(t.lens_near[i], near, 1e-4 * near);
        assert_true(t.lens_near[i] < t.plot[ED_PLOT_FOCUS][i] && t.plot[ED_PLOT_FOCUS][i] < t.lens_far[i]);
        if (isfinite(far))
            assert_close(t.lens_far[i], far, 1e-4 * far);
    }
    assert_close(t.plot_min[ED_PLOT_FOCUS], 3, 1e-6);
    assert_close(t.plot_max[ED_PLOT_FOCUS], 15, 1e-6);
    double lo, hi;
    ed_trace_plot_range(&t, ED_PLOT_FOCUS, &lo, &hi);
    assert_true(lo == 0 && hi >= 15);
    cp_path_destroy(p);
    /* a path without a lens: a strip of zeros and no depth of field */
    p = pulled_focus(0);
    assert_int_equal(ed_trace_build(&t, p, 2), 0);
    assert_int_equal(t.has_lens, 0);
    for (size_t i = 0; i < t.plot_count; i++)
        assert_true(t.plot[ED_PLOT_FOCUS][i] == 0 && isnan(t.lens_near[i]) && isnan(t.lens_far[i]));
    cp_path_destroy(p);
    ed_trace_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_limits_should_match_a_depth_of_field_table),
        cmocka_unit_test(the_blur_should_vanish_at_the_focus_and_grow_away_from_it),
        cmocka_unit_test(the_plane_in_focus_should_fill_the_view_at_the_focus_distance),
        cmocka_unit_test(the_focus_strip_should_show_the_focus_and_its_depth_of_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

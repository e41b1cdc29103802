/* SPDX-License-Identifier: MIT */
/* tests/editor/test_dolly.c - the dolly zoom in the editor: the inspector's
 * width turns it on (every key framing what its fov framed), sets a key's
 * width typed or dragged, shows the fov the width gives, and "-" turns it
 * off (every key keeping that fov); a look-at path turned back to rotations
 * leaves it; each change one undo step; the file keeps it. */
#include <math.h>

#include "edtest.h"
#include "fit.h"
#include "inspector.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    fixture *f = edtest_fixture_new("dolly.json", 1);
    ed_record_set_nominal_speed(&f->app, 6.0);
    for (int i = 0; i < 3; i++) {
        ed_app_place_camera(&f->app, cp_vec3_make(8.0 * i, 30, 20 + 5.0 * i),
                            cp_quat_from_yaw_pitch_roll(0.3 * i, -0.2 - 0.1 * i, 0.0));
        assert_int_equal(ed_record_key(&f->app, 0), 0);
    }
    assert_int_equal(ed_options_set_orientation(&f->app, CP_ORIENTATION_LOOK_AT), 0);
    *state = f;
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

static void type(ed_app *app, ed_field field, const char *text)
{
    ed_inspector_type_begin(app, field);
    ed_inspector_type_text(app, text);
    if (ed_inspector_type_enter(app, 0) != 0)
        fail_msg("%s: %s refused", ed_field_name(field), text);
}

static void the_width_should_turn_the_dolly_zoom_on_and_off(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    double fov[3];
    for (size_t i = 0; i < 3; i++)
        fov[i] = edtest_key(app, i)->fov;
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_true(ed_inspector_value(app, ED_FIELD_WIDTH) == 0); /* "-": none */
    type(app, ED_FIELD_WIDTH, "3.5");
    assert_true(app->doc.cur.doc.options.dolly_zoom);
    assert_true(cp_path_get_options(app->doc.path).dolly_zoom);
    assert_true(edtest_key(app, 1)->frame_width == 3.5);
    /* the other keys frame what their fov framed: the path's fov at them is theirs */
    for (size_t i = 0; i < 3; i += 2) {
        cp_pose p;
        cp_path_sample(app->doc.path, edtest_key(app, i)->time, &p);
        assert_near(p.fov, fov[i], 1e-9, 1);
    }
    /* the fov shown is the one the width gives */
    const cp_key *k = edtest_key(app, 1);
    const double d = cp_vec3_length(cp_vec3_sub(k->target, k->position));
    assert_near(ed_inspector_value(app, ED_FIELD_FOV), 2 * atan(3.5 / (2 * d)) * 180 / M_PI, 1e-12, 1);
    /* a fov typed sets the width that gives it */
    type(app, ED_FIELD_FOV, "40");
    assert_near(ed_inspector_value(app, ED_FIELD_FOV), 40, 1e-12, 1);
    assert_near(edtest_key(app, 1)->frame_width, 2 * d * tan(20 * M_PI / 180), 1e-12, 1);
    /* dragged: a factor per pixel */
    const double w = edtest_key(app, 1)->frame_width;
    assert_int_equal(ed_inspector_drag(app, ED_FIELD_WIDTH, 20), 0);
    assert_near(edtest_key(app, 1)->frame_width, w * exp(0.1), 1e-12, 1);
    assert_int_equal(ed_app_end_drag(app), 0);
    /* off: every key keeps the fov it had */
    cp_pose at1;
    cp_path_sample(app->doc.path, edtest_key(app, 1)->time, &at1);
    type(app, ED_FIELD_WIDTH, "-");
    assert_false(app->doc.cur.doc.options.dolly_zoom);
    assert_true(edtest_key(app, 1)->frame_width == 0);
    assert_near(edtest_key(app, 1)->fov, at1.fov, 1e-12, 1);
    /* each change one undo step */
    assert_int_equal(ed_edit_undo(app), 0);
    assert_true(app->doc.cur.doc.options.dolly_zoom);
}

static void rotations_should_leave_the_dolly_zoom(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 0), 0);
    type(app, ED_FIELD_WIDTH, "2");
    cp_pose at0;
    cp_path_sample(app->doc.path, edtest_key(app, 0)->time, &at0);
    assert_int_equal(ed_options_set_orientation(app, CP_ORIENTATION_ROTATION), 0);
    assert_false(app->doc.cur.doc.options.dolly_zoom);
    assert_near(edtest_key(app, 0)->fov, at0.fov, 1e-12, 1);
    /* and a width needs a look-at path */
    ed_inspector_type_begin(app, ED_FIELD_WIDTH);
    ed_inspector_type_text(app, "2");
    assert_int_equal(ed_inspector_type_enter(app, 0), -1);
}

static void a_key_recorded_into_a_dolly_zoom_should_keep_its_picture(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 0), 0);
    type(app, ED_FIELD_WIDTH, "2");
    ed_app_place_camera(app, cp_vec3_make(30, 30, 40), cp_quat_from_yaw_pitch_roll(0.5, -0.3, 0.0));
    assert_int_equal(ed_record_key(app, 0), 0);
    const cp_key *k = edtest_key(app, 3);
    assert_true(k->frame_width > 0);
    cp_pose p;
    cp_path_sample(app->doc.path, k->time, &p);
    assert_near(p.fov, k->fov, 1e-9, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(the_width_should_turn_the_dolly_zoom_on_and_off, setup, teardown),
        cmocka_unit_test_setup_teardown(rotations_should_leave_the_dolly_zoom, setup, teardown),
        cmocka_unit_test_setup_teardown(a_key_recorded_into_a_dolly_zoom_should_keep_its_picture, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

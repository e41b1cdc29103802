/* SPDX-License-Identifier: MIT */
/* tests/editor/test_lookat.c - look-at targets, focus and aperture in the
 * editor: a path turned to look-at and back keeps every key's rotation; a
 * recording looks at what the camera sees; the inspector shows and edits a
 * key's target, focus and aperture (typed, dragged, by script), and turning
 * a key (yaw, pitch, roll; looking from it) turns its target; keys inserted
 * and pasted fit the path they join; the file keeps it all. */
#include <math.h>

#include "edtest.h"
#include "fit.h"
#include "inspector.h"

typedef edtest_fixture fixture;

#define DEG (M_PI / 180.0)

static int setup(void **state)
{
    fixture *f = edtest_fixture_new("look.json", 1);
    ed_record_set_nominal_speed(&f->app, 6.0);
    /* three keys high over the town, each turned a little */
    for (int i = 0; i < 3; i++) {
        ed_app_place_camera(&f->app, cp_vec3_make(8.0 * i, 30, 20),
                            cp_quat_from_yaw_pitch_roll(0.3 * i, -0.2 - 0.1 * i, 0.05 * i));
        assert_int_equal(ed_record_key(&f->app, 0), 0);
    }
    *state = f;
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

static double qdist(cp_quat a, cp_quat b)
{
    if (cp_quat_dot(a, b) < 0)
        b = cp_quat_neg(b);
    return cp_quat_length(cp_quat_make(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w));
}

/* The distance from p to the line through a along unit direction u. */
static double off_ray(cp_vec3 p, cp_vec3 a, cp_vec3 u)
{
    const cp_vec3 d = cp_vec3_sub(p, a);
    return cp_vec3_length(cp_vec3_sub(d, cp_vec3_scale(u, cp_vec3_dot(d, u))));
}

static void run(fixture *f, const char *line)
{
    if (ed_script_line(&f->s, line, f->err, sizeof f->err) != 0)
        fail_msg("%s: %s", line, f->err);
}

static void a_path_should_turn_to_look_at_and_back_keeping_every_rotation(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    cp_quat before[3];
    for (int i = 0; i < 3; i++)
        before[i] = edtest_key(app, (size_t)i)->rotation;
    assert_int_equal(ed_options_cycle_orientation(app), 0); /* Shift+O */
    assert_int_equal(app->doc.cur.doc.options.orientation, CP_ORIENTATION_LOOK_AT);
    assert_int_equal(cp_path_get_options(app->doc.path).orientation, CP_ORIENTATION_LOOK_AT);
    for (size_t i = 0; i < 3; i++) {
        const cp_key *k = edtest_key(app, i);
        assert_true(k->flags & CP_KEY_TARGET);
        /* on the key's view, as far as the view meets the town (or 10 m) */
        assert_true(off_ray(k->target, k->position, cp_quat_forward(before[i])) < 1e-9);
        const double r = cp_vec3_length(cp_vec3_sub(k->target, k->position));
        assert_near(r, ed_scene_view_distance(&app->scene, k->position, before[i], ED_TARGET_DISTANCE), 1e-12, 1);
        /* the path derives the same rotation, roll included */
        assert_true(qdist(k->rotation, before[i]) < 1e-12);
        assert_true(qdist(cp_path_keys(app->doc.path)[i].rotation, before[i]) < 1e-12);
    }
    assert_near(edtest_key(app, 2)->roll, 0.1 / DEG, 1e-9, 1);
    /* the view meets the town: the targets are on it, not 10 m away */
    assert_true(fabs(cp_vec3_length(cp_vec3_sub(edtest_key(app, 0)->target, edtest_key(app, 0)->position)) -
                     ED_TARGET_DISTANCE) > 1);
    /* and back: the rotations the targets gave, no targets */
    assert_int_equal(ed_options_set_orientation(app, CP_ORIENTATION_ROTATION), 0);
    for (size_t i = 0; i < 3; i++) {
        assert_false(edtest_key(app, i)->flags & CP_KEY_TARGET);
        assert_true(edtest_key(app, i)->roll == 0);
        assert_true(qdist(edtest_key(app, i)->rotation, before[i]) < 1e-12);
    }
    /* each change one undo step */
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(app->doc.cur.doc.options.orientation, CP_ORIENTATION_LOOK_AT);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(app->doc.cur.doc.options.orientation, CP_ORIENTATION_ROTATION);
}

static void a_recording_should_look_at_what_the_camera_sees(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    run(f, "orientation look-at");
    run(f, "expect orientation look-at");
    ed_app_place_camera(app, cp_vec3_make(30, 12, 10), cp_quat_from_yaw_pitch_roll(0.5, -0.3, 0.2));
    assert_int_equal(ed_record_key(app, 0), 0);
    const cp_key *k = edtest_key(app, 3);
    const cp_quat q = ed_camera_rotation(&app->ui.camera);
    assert_true(k->flags & CP_KEY_TARGET);
    assert_true(off_ray(k->target, k->position, cp_quat_forward(q)) < 1e-9);
    assert_near(k->roll, app->ui.camera.roll / DEG, 1e-9, 1);
    assert_true(qdist(k->rotation, q) < 1e-12); /* the key shows what the camera showed */
    /* looking at the sky: the way the key before looks */
    ed_app_place_camera(app, cp_vec3_make(40, 12, 10), cp_quat_from_yaw_pitch_roll(0.5, 0.6, 0));
    assert_int_equal(ed_record_key(app, 0), 0);
    const cp_key *sky = edtest_key(app, 4), *prev = edtest_key(app, 3);
    assert_near(cp_vec3_length(cp_vec3_sub(sky->target, sky->position)),
                cp_vec3_length(cp_vec3_sub(prev->target, prev->position)), 1e-12, 1);
}

static ed_inspector_item *item(ed_inspector *in, ed_field fl)
{
    for (int i = 0; i < in->count; i++)
        if (in->items[i].field == fl)
            return &in->items[i];
    return NULL;
}

static void the_inspector_should_show_and_edit_targets(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    ed_app_resize(app, 1280, 720);
    assert_int_equal(ed_select_one(app, 1), 0);
    ed_inspector in;
    ed_inspector_build(app, &in);
    assert_null(item(&in, ED_FIELD_TX)); /* a rotation path: no target */
    assert_non_null(item(&in, ED_FIELD_FOCUS));
    assert_string_equal(item(&in, ED_FIELD_FOCUS)->value, "-");
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_TX, 3), -1);
    assert_non_null(strstr(app->base.message, "a target needs the look-at orientation"));
    run(f, "orientation look-at");
    ed_inspector_build(app, &in);
    assert_non_null(item(&in, ED_FIELD_TX));
    assert_non_null(item(&in, ED_FIELD_TZ));
    char want[48];
    snprintf(want, sizeof want, "%.3f", edtest_key(app, 1)->target.y);
    assert_string_equal(item(&in, ED_FIELD_TY)->value, want);
    /* typed: the target moves, the camera turns to it */
    const cp_vec3 p = edtest_key(app, 1)->position;
    ed_inspector_type_begin(app, ED_FIELD_TX);
    ed_inspector_type_text(app, "-4");
    assert_int_equal(ed_inspector_type_enter(app, 0), 0);
    const cp_key *k = edtest_key(app, 1);
    assert_true(k->target.x == -4);
    const cp_vec3 view = cp_vec3_normalize(cp_vec3_sub(k->target, p));
    assert_true(cp_vec3_length(cp_vec3_sub(cp_quat_forward(k->rotation), view)) < 1e-12);
    /* yaw typed: the target turns about the key, at its distance */
    const double r = cp_vec3_length(cp_vec3_sub(k->target, p));
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_YAW, 40), 0);
    k = edtest_key(app, 1);
    assert_near(cp_vec3_length(cp_vec3_sub(k->target, p)), r, 1e-12, 1);
    assert_near(ed_inspector_value(app, ED_FIELD_YAW), 40, 1e-9, 1);
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_ROLL, 15), 0);
    assert_near(edtest_key(app, 1)->roll, 15, 1e-12, 1);
    assert_near(ed_inspector_value(app, ED_FIELD_ROLL), 15, 1e-9, 1);
    /* dragged: along the axis, following the mouse, one undo step */
    const double z0 = edtest_key(app, 1)->target.z;
    assert_int_equal(ed_inspector_drag(app, ED_FIELD_TZ, 100), 0);
    assert_true(edtest_key(app, 1)->target.z > z0);
    assert_int_equal(ed_app_end_drag(app), 0);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_true(edtest_key(app, 1)->target.z == z0);
    /* the script */
    run(f, "edit target 1 2 3");
    run(f, "expect key 1 target 1 2 3");
    run(f, "expect key 1 focus none");
    /* a target on the key is refused, with the reason */
    assert_int_equal(ed_edit_target(app, edtest_key(app, 1)->position), -1);
    assert_non_null(strstr(app->base.message, "no direction to look in"));
}

static void focus_and_aperture_should_be_on_every_key_or_none(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    ed_app_resize(app, 1280, 720);
    assert_int_equal(ed_select_one(app, 2), 0);
    /* the first focus typed goes to every key */
    ed_inspector_type_begin(app, ED_FIELD_FOCUS);
    ed_inspector_type_text(app, "12");
    assert_int_equal(ed_inspector_type_enter(app, 0), 0);
    for (size_t i = 0; i < 3; i++)
        assert_true(edtest_key(app, i)->focus == 12);
    assert_non_null(strstr(app->base.message, "on every key"));
    /* then the selected key's own */
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_FOCUS, 5), 0);
    assert_true(edtest_key(app, 2)->focus == 5 && edtest_key(app, 0)->focus == 12);
    cp_pose pose;
    cp_path_sample(app->doc.path, edtest_key(app, 2)->time, &pose);
    assert_true(pose.focus == 5);
    /* dragged: a factor, e^0.005 a pixel */
    assert_int_equal(ed_inspector_drag(app, ED_FIELD_FOCUS, 200), 0);
    assert_near(edtest_key(app, 2)->focus, 5 * exp(1.0), 1e-12, 1);
    assert_int_equal(ed_app_end_drag(app), 0);
    /* aperture: by script, then the "-" takes it from every key */
    run(f, "edit aperture 2.8");
    run(f, "expect key 0 aperture 2.8");
    run(f, "expect key 2 aperture 2.8");
    ed_inspector_type_begin(app, ED_FIELD_APERTURE);
    ed_inspector_type_text(app, "-");
    assert_int_equal(ed_inspector_type_enter(app, 0), 0);
    run(f, "expect key 1 aperture none");
    ed_inspector in;
    ed_inspector_build(app, &in);
    assert_string_equal(item(&in, ED_FIELD_APERTURE)->value, "-");
    /* a drag of none refuses, and says what to do */
    assert_int_equal(ed_inspector_drag(app, ED_FIELD_APERTURE, 10), -1);
    assert_non_null(strstr(app->base.message, "type a value"));
    assert_int_equal(ed_edit_lens(app, 0, 1, -1), -1);
    /* a recording into a path with focus focuses on what it looks at */
    run(f, "orientation look-at");
    ed_app_place_camera(app, cp_vec3_make(30, 12, 10), cp_quat_from_yaw_pitch_roll(0.5, -0.3, 0));
    assert_int_equal(ed_record_key(app, 0), 0);
    const cp_key *k = edtest_key(app, 3);
    assert_near(k->focus, cp_vec3_length(cp_vec3_sub(k->target, k->position)), 1e-12, 1);
    /* and the file keeps it all */
    assert_int_equal(ed_app_save(app), 0);
    cp_path *back = cp_path_load(f->file, NULL);
    assert_non_null(back);
    assert_int_equal(cp_path_get_options(back).orientation, CP_ORIENTATION_LOOK_AT);
    for (size_t i = 0; i < 4; i++) {
        assert_memory_equal(&cp_path_keys(back)[i].target, &edtest_key(app, i)->target, sizeof(cp_vec3));
        assert_true(cp_path_keys(back)[i].focus == edtest_key(app, i)->focus);
    }
    cp_path_destroy(back);
}

static void looking_from_a_key_should_turn_its_target(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    run(f, "orientation look-at");
    assert_int_equal(ed_select_one(app, 0), 0);
    const cp_key *k = edtest_key(app, 0);
    const cp_vec3 p = k->position;
    const double r = cp_vec3_length(cp_vec3_sub(k->target, p));
    assert_int_equal(ed_drag_look_begin(app), 0);
    ed_camera_look(&app->ui.camera, 120, -40); /* the right mouse: turn */
    app->ui.camera.roll = 10 * DEG;
    ed_drag_look_sync(app);
    assert_int_equal(ed_drag_look_end(app, 1), 0);
    k = edtest_key(app, 0);
    const cp_quat q = ed_camera_rotation(&app->ui.camera);
    assert_near(cp_vec3_length(cp_vec3_sub(k->target, p)), r, 1e-12, 1);
    assert_true(off_ray(k->target, p, cp_quat_forward(q)) < 1e-9);
    assert_near(k->roll, 10, 1e-9, 1);
    assert_true(qdist(k->rotation, q) < 1e-12);
}

static void inserted_and_pasted_keys_should_fit_the_path(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 0), 0);
    run(f, "edit focus 7");
    /* copy from the rotation path, then make it look-at and paste: targets on the views */
    run(f, "select 0-1");
    run(f, "copy");
    run(f, "orientation look-at");
    ed_app_seek(app, ed_app_start(app) + ed_app_duration(app));
    run(f, "paste");
    run(f, "expect keys 5");
    for (size_t i = 3; i < 5; i++) {
        const cp_key *k = edtest_key(app, i);
        assert_true(k->flags & CP_KEY_TARGET);
        assert_true(off_ray(k->target, k->position, cp_quat_forward(k->rotation)) < 1e-9);
        assert_true(k->focus == 7);
    }
    /* a key at the playhead of a look-at path: its target is the path's there */
    const double t = 0.5 * (edtest_key(app, 0)->time + edtest_key(app, 1)->time);
    ed_app_seek(app, t);
    cp_vec3 target;
    assert_true(cp_path_target(app->doc.path, t, &target));
    cp_pose pose;
    cp_path_sample(app->doc.path, t, &pose);
    assert_int_equal(ed_record_at_playhead(app), 0);
    const cp_key *k = edtest_key(app, 1);
    assert_memory_equal(&k->target, &target, sizeof target);
    assert_true(qdist(k->rotation, pose.rotation) < 1e-12); /* its roll is the pose's */
    assert_true(k->focus == pose.focus);
    /* copy look-at keys, paste them into a rotation path: no targets, the rotations kept */
    run(f, "select 1");
    run(f, "copy");
    run(f, "orientation rotation");
    ed_app_seek(app, ed_app_start(app) + ed_app_duration(app));
    run(f, "paste");
    const cp_key *pasted = edtest_key(app, ed_app_key_count(app) - 1);
    assert_false(pasted->flags & CP_KEY_TARGET);
    assert_true(qdist(pasted->rotation, pose.rotation) < 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_path_should_turn_to_look_at_and_back_keeping_every_rotation, setup, teardown),
        cmocka_unit_test_setup_teardown(a_recording_should_look_at_what_the_camera_sees, setup, teardown),
        cmocka_unit_test_setup_teardown(the_inspector_should_show_and_edit_targets, setup, teardown),
        cmocka_unit_test_setup_teardown(focus_and_aperture_should_be_on_every_key_or_none, setup, teardown),
        cmocka_unit_test_setup_teardown(looking_from_a_key_should_turn_its_target, setup, teardown),
        cmocka_unit_test_setup_teardown(inserted_and_pasted_keys_should_fit_the_path, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* tests/editor/test_shake.c - the shake layer in the editor: set in the
 * inspector (the path's seed, amplitudes and frequencies, a key's shake
 * scale), typed or dragged, refused out of its limits with the field left
 * as it was, undone in one step each, saved in the file, and previewed: the view through the
 * path camera is the shaken pose. */
#include <math.h>

#include "edtest.h"
#include "inspector.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    fixture *f = edtest_fixture_new("shake.json", 1);
    edtest_record_line(&f->app, 4, 6.0); /* x = 0..18 at t = 0..3 */
    *state = f;
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

static void the_inspector_should_set_the_shake_and_the_preview_show_it(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_string_equal(edtest_item(app, ED_FIELD_SHAKE_POS)->value, "0");
    assert_string_equal(edtest_item(app, ED_FIELD_SHAKE_SCALE)->value, "-");
    /* the preview before: exactly the path */
    ed_app_seek(app, 1.3);
    cp_vec3 p0, p1;
    cp_quat q0, q1;
    double fov0, fov1;
    ed_app_view_path(app, 1);
    ed_app_view_pose(app, &p0, &q0, &fov0);
    ed_app_view_path(app, 0); /* the inspector hides while the view is the path camera's */
    /* typed: an amplitude gets 1 Hz, then its frequency and the seed */
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_SHAKE_POS, 0.05), 0);
    assert_string_equal(edtest_item(app, ED_FIELD_SHAKE_POS_HZ)->value, "1");
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_SHAKE_POS_HZ, 2.5), 0);
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_SHAKE_ROT, 0.8), 0);
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_SHAKE_SEED, 42), 0);
    const cp_shake sh = app->doc.cur.doc.options.shake;
    assert_true(sh.position.amplitude == 0.05 && sh.position.frequency == 2.5 && sh.rotation.amplitude == 0.8 &&
                sh.rotation.frequency == 1.0 && sh.seed == 42);
    assert_non_null(app->doc.path);
    const cp_path_options po = cp_path_get_options(app->doc.path);
    assert_true(cp_shake_active(&po.shake));
    /* the preview now: the shaken pose, which the path gives */
    ed_app_view_path(app, 1);
    ed_app_view_pose(app, &p1, &q1, &fov1);
    ed_app_view_path(app, 0);
    cp_pose shaken, bare;
    cp_path_sample(app->doc.path, 1.3, &shaken);
    cp_path_sample_unshaken(app->doc.path, 1.3, 0, &bare);
    assert_true(cp_vec3_length(cp_vec3_sub(p1, shaken.position)) < 1e-12);
    assert_true(cp_vec3_length(cp_vec3_sub(bare.position, p0)) < 1e-12);
    assert_true(cp_vec3_length(cp_vec3_sub(p1, p0)) > 1e-4);
    /* out of the limits: refused, nothing changed */
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_SHAKE_ROT, 90), -1);
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_SHAKE_FOV_HZ, -1), -1);
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_SHAKE_SEED, 1.5), -1);
    assert_true(app->doc.cur.doc.options.shake.rotation.amplitude == 0.8);
    /* a key's scale: 0 there, and the preview at that key is the path's to the bit */
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_SHAKE_SCALE, 0), 0);
    assert_string_equal(edtest_item(app, ED_FIELD_SHAKE_SCALE)->value, "0");
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_SHAKE_SCALE, -2), -1);
    const double t1 = edtest_key(app, 1)->time;
    cp_path_sample(app->doc.path, t1, &shaken);
    cp_path_sample_unshaken(app->doc.path, t1, 0, &bare);
    assert_memory_equal(&shaken.position, &bare.position, sizeof bare.position);
    /* each change one undo step: the scale, then the seed */
    assert_int_equal(ed_edit_undo(app), 0);
    assert_false(edtest_key(app, 1)->flags & CP_KEY_SHAKE_SCALE);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(app->doc.cur.doc.options.shake.seed, 0);
    /* saved in the file */
    assert_int_equal(ed_app_save(app), 0);
    cp_error err;
    cp_path *back = cp_path_load(f->file, &err);
    assert_non_null(back);
    assert_true(cp_path_get_options(back).shake.rotation.amplitude == 0.8);
    cp_path_destroy(back);
}

static void a_dragged_shake_should_follow_the_mouse_and_undo_in_one_step(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 2), 0);
    unsigned long rev = app->doc.cur.revision;
    const ed_rect b = edtest_item(app, ED_FIELD_SHAKE_ROT)->box;
    const int x = b.x + 10, y = b.y + 5;
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, x, y);
    for (int k = 1; k <= 8; k++)
        edtest_event(f, ED_EV_MOTION, 0, x + 10 * k, y);
    assert_near(app->doc.cur.doc.options.shake.rotation.amplitude, 80 * 0.01, 1e-9, 1); /* 0.01 degree a pixel */
    assert_true(app->doc.cur.doc.options.shake.rotation.frequency == 1.0);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, x + 80, y);
    assert_true(app->doc.cur.revision != rev);
    /* and the key's scale, from 1 (none) down, stopping at 0 */
    const ed_rect s = edtest_item(app, ED_FIELD_SHAKE_SCALE)->box;
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, s.x + 50, s.y + 5);
    edtest_event(f, ED_EV_MOTION, 0, s.x - 400, s.y + 5);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, s.x - 400, s.y + 5);
    assert_true(edtest_key(app, 2)->flags & CP_KEY_SHAKE_SCALE);
    assert_true(edtest_key(app, 2)->shake_scale == 0.0);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_false(edtest_key(app, 2)->flags & CP_KEY_SHAKE_SCALE);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(app->doc.cur.revision, rev);
    assert_true(app->doc.cur.doc.options.shake.rotation.amplitude == 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(the_inspector_should_set_the_shake_and_the_preview_show_it, setup, teardown),
        cmocka_unit_test_setup_teardown(a_dragged_shake_should_follow_the_mouse_and_undo_in_one_step, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

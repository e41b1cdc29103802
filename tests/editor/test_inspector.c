/* SPDX-License-Identifier: MIT */
/* tests/editor/test_inspector.c - the key inspector: its fields where the
 * mouse finds them, values typed (Enter applies, Tab goes on, Esc cancels,
 * a bad number is refused and stays open) and dragged, for one key and for
 * several; typing never flies the camera. */
#include <math.h>

#include "edtest.h"
#include "inspector.h"

typedef edtest_fixture fixture;

#define DEG (M_PI / 180.0)

static int setup(void **state)
{
    fixture *f = edtest_fixture_new("inspect.json", 1);
    edtest_record_line(&f->app, 4, 6.0); /* x = 0..18 at t = 0..3 */
    *state = f;
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

static void the_inspector_should_show_the_selected_keys_values(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    ed_inspector in;
    ed_select_one(app, -1);
    ed_inspector_build(app, &in);
    assert_int_equal(in.panel.w, 0);
    assert_int_equal(ed_select_one(app, 2), 0);
    assert_int_equal(ed_edit_rotation(app, 15, -5, 2.5), 0);
    ed_inspector_build(app, &in);
    assert_true(in.panel.w > 0);
    assert_string_equal(in.title, "key 2");
    assert_string_equal(edtest_item(app, ED_FIELD_TIME)->value, "2.000");
    assert_string_equal(edtest_item(app, ED_FIELD_X)->value, "12.000");
    assert_string_equal(edtest_item(app, ED_FIELD_YAW)->value, "15.00");
    assert_string_equal(edtest_item(app, ED_FIELD_PITCH)->value, "-5.00");
    assert_string_equal(edtest_item(app, ED_FIELD_ROLL)->value, "2.50");
    assert_string_equal(edtest_item(app, ED_FIELD_FOV)->value, "60.00");
    /* each box is found where it is, inside the panel and the window */
    for (int i = 0; i < in.count; i++) {
        const ed_rect *b = &in.items[i].box;
        assert_int_equal(ed_inspector_hit(&in, b->x + b->w / 2, b->y + b->h / 2), in.items[i].field);
        assert_true(b->x >= in.panel.x && b->x + b->w <= in.panel.x + in.panel.w);
        assert_true(b->y + b->h <= in.panel.y + in.panel.h && in.panel.x + in.panel.w <= app->ui.width);
    }
    /* several keys: their relative amounts and centre */
    assert_int_equal(ed_select_range(app, 1, 3), 0);
    ed_inspector_build(app, &in);
    assert_string_equal(edtest_item(app, ED_FIELD_CX)->value, "12.000");
    assert_string_equal(edtest_item(app, ED_FIELD_SCALE)->value, "1.0000");
    assert_non_null(strstr(in.title, "3 keys"));
    /* none through the path camera: the view is the shot */
    app->ui.view_path = 1;
    ed_inspector_build(app, &in);
    assert_int_equal(in.panel.w, 0);
}

static void a_typed_value_should_apply_on_enter_in_one_undo_step(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 1), 0);
    unsigned long rev = app->doc.cur.revision;
    /* a click on the fov box opens it for typing */
    const ed_rect b = edtest_item(app, ED_FIELD_FOV)->box;
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, b.x + 5, b.y + 5);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, b.x + 5, b.y + 5);
    assert_int_equal(app->ui.typing.field, ED_FIELD_FOV);
    /* keys typed are not commands: '-' does not zoom, W does not fly */
    double z = app->ui.camera.position.z, fov = app->ui.camera.fov;
    edtest_event(f, ED_EV_KEY_DOWN, '-', 0, 0);
    edtest_text(f, "-");
    edtest_event(f, ED_EV_KEY_UP, '-', 0, 0);
    edtest_event(f, ED_EV_KEY_DOWN, 'w', 0, 0);
    for (int i = 0; i < 30; i++)
        ed_control_update(&f->ctl, app, 1.0 / 30);
    edtest_event(f, ED_EV_KEY_UP, 'w', 0, 0);
    assert_near(app->ui.camera.position.z, z, 0, 1);
    assert_near(app->ui.camera.fov, fov, 0, 1);
    assert_true(f->ctl.want_text);
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_BACKSPACE, 0, 0);
    edtest_text(f, "3");
    edtest_text(f, "5.5");
    assert_string_equal(edtest_item(app, ED_FIELD_FOV)->value, "35.5_");
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_RETURN, 0, 0);
    assert_int_equal(app->ui.typing.field, 0);
    assert_near(ed_app_keys(app)[1].fov, 35.5, 0, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(app->doc.cur.revision, rev);
    /* Enter on a selected key types its time; Tab applies and goes on to the next field */
    ed_control_command(app, ED_CMD_ENTER);
    assert_int_equal(app->ui.typing.field, ED_FIELD_TIME);
    edtest_text(f, ".5");
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_TAB, 0, 0);
    assert_near(ed_app_keys(app)[1].time, 0.5, 0, 1);
    assert_int_equal(app->ui.typing.field, ED_FIELD_HOLD);
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_TAB, 0, 0); /* nothing typed: nothing changes */
    assert_false(ed_app_keys(app)[1].flags & CP_KEY_HOLD);
    assert_int_equal(app->ui.typing.field, ED_FIELD_FOV);
    /* a bad number is refused, and the field stays open to put it right */
    edtest_text(f, "4o");
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_RETURN, 0, 0);
    assert_int_equal(app->ui.typing.field, ED_FIELD_FOV);
    assert_true(app->base.message_error);
    assert_non_null(strstr(app->base.message, "'4o' is not a number"));
    /* so is a value the key cannot take */
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_BACKSPACE, 0, 0);
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_BACKSPACE, 0, 0);
    edtest_text(f, "200");
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_RETURN, 0, 0);
    assert_int_equal(app->ui.typing.field, ED_FIELD_FOV);
    assert_non_null(strstr(app->base.message, "less than 180"));
    /* Esc: nothing changes */
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_ESCAPE, 0, 0);
    assert_int_equal(app->ui.typing.field, 0);
    assert_near(ed_app_keys(app)[1].fov, 60, 0, 1);
    assert_int_equal(app->doc.cur.selected, 1); /* Esc closed the field, it did not deselect */
    ed_control_update(&f->ctl, app, 1.0 / 60);
    assert_false(f->ctl.want_text);
}

static void a_dragged_value_should_follow_the_mouse_and_undo_in_one_step(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 2), 0);
    unsigned long rev = app->doc.cur.revision;
    const ed_rect b = edtest_item(app, ED_FIELD_YAW)->box;
    int x = b.x + 10, y = b.y + 5;
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, x, y);
    for (int k = 1; k <= 8; k++)
        edtest_event(f, ED_EV_MOTION, 0, x + 5 * k, y);
    double yaw, pitch, roll;
    ed_quat_to_yaw_pitch_roll(ed_app_keys(app)[2].rotation, &yaw, &pitch, &roll);
    assert_near(yaw / DEG, 40 * 0.25, 1e-9, 1); /* a quarter degree a pixel */
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, x + 40, y);
    assert_int_equal(app->ui.typing.field, 0); /* a drag, not a click */
    assert_true(app->doc.cur.revision != rev);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(app->doc.cur.revision, rev);
    ed_quat_to_yaw_pitch_roll(ed_app_keys(app)[2].rotation, &yaw, &pitch, &roll);
    assert_near(yaw, 0, 0, 1);
    /* the time, dragged past the next key, stops short of it */
    const ed_rect t = edtest_item(app, ED_FIELD_TIME)->box;
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, t.x + 5, t.y + 5);
    edtest_event(f, ED_EV_MOTION, 0, t.x + 300, t.y + 5);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, t.x + 300, t.y + 5);
    assert_near(ed_app_keys(app)[2].time, 3 - ED_TIME_MARGIN, 1e-12, 1);
}

static void several_keys_should_turn_scale_and_shift_from_the_inspector(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_range(app, 1, 2), 0); /* x = 6, 12: centre 9 */
    ed_inspector_type_begin(app, ED_FIELD_TURN);
    ed_inspector_type_text(app, "90");
    assert_int_equal(ed_inspector_type_enter(app, 0), 0);
    assert_near(ed_app_keys(app)[1].position.x, 9, 1e-12, 1);
    assert_near(ed_app_keys(app)[1].position.z, 3, 1e-12, 1);
    assert_near(ed_app_keys(app)[0].position.x, 0, 0, 1);
    ed_inspector_type_begin(app, ED_FIELD_CY);
    ed_inspector_type_text(app, "4");
    assert_int_equal(ed_inspector_type_enter(app, 0), 0);
    assert_near(ed_app_keys(app)[1].position.y, 4, 1e-12, 1);
    assert_near(ed_app_keys(app)[2].position.y, 4, 1e-12, 1);
    ed_inspector_type_begin(app, ED_FIELD_SHIFT);
    ed_inspector_type_text(app, "0.25");
    assert_int_equal(ed_inspector_type_enter(app, 0), 0);
    assert_near(ed_app_keys(app)[1].time, 1.25, 1e-12, 1);
    assert_near(ed_app_keys(app)[2].time, 2.25, 1e-12, 1);
    /* dragging the scale doubles the spread at log(2) / 0.004 pixels */
    const ed_rect b = edtest_item(app, ED_FIELD_SCALE)->box;
    int px = (int)lround(log(2.0) / 0.004);
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, b.x + 5, b.y + 5);
    edtest_event(f, ED_EV_MOTION, 0, b.x + 5 + px, b.y + 5);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, b.x + 5 + px, b.y + 5);
    assert_near(ed_app_keys(app)[2].position.z - ed_app_keys(app)[1].position.z, -12, 0.01, 1);
    /* four edits, four undo steps */
    for (int i = 0; i < 4; i++)
        assert_int_equal(ed_edit_undo(app), 0);
    assert_near(ed_app_keys(app)[1].position.x, 6, 0, 1);
    assert_near(ed_app_keys(app)[1].time, 1, 0, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(the_inspector_should_show_the_selected_keys_values, setup, teardown),
        cmocka_unit_test_setup_teardown(a_typed_value_should_apply_on_enter_in_one_undo_step, setup, teardown),
        cmocka_unit_test_setup_teardown(a_dragged_value_should_follow_the_mouse_and_undo_in_one_step, setup, teardown),
        cmocka_unit_test_setup_teardown(several_keys_should_turn_scale_and_shift_from_the_inspector, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

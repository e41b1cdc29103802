/* SPDX-License-Identifier: MIT */
/* tests/editor/test_pointer.c - dragging with the mouse: a box selects, the
 * gizmo and a key's marker move the selection, a key's tick moves its time
 * (Shift: with the later keys), looking from a key turns it; each drag one
 * undo step, Esc puts it back. Also the gizmo's math on its own. */
#include <math.h>

#include "edtest.h"
#include "gizmo.h"
#include "pointer.h"

typedef edtest_fixture fixture;

#define DEG (M_PI / 180.0)

static int setup(void **state)
{
    *state = edtest_fixture_new("drag.json", 1);
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

static void project(const ed_app *app, cp_vec3 p, float *x, float *y)
{
    ed_view v;
    ed_app_view(app, &v);
    assert_true(ed_view_project(&v, ed_view_to_camera(&v, p), x, y));
}

/* Five keys on the X axis, 6 m apart, seen from 40 m in front (+Z), looking down -Z. */
static void five_keys(ed_app *app)
{
    edtest_record_line(app, 5, 6.0);
    ed_select_one(app, -1);
    edtest_place(app, 12, 0, 40);
}

/* ---- the gizmo's math ------------------------------------------------------------------------------ */

static void the_gizmo_should_drag_as_far_as_the_mouse_goes(void **state)
{
    (void)state;
    ed_view v;
    ed_view_init(&v, cp_vec3_make(0, 0, 10), cp_quat_identity(), 60, 0, 0, 800, 600);
    ed_gizmo g;
    ed_gizmo_place(&g, &v, cp_vec3_make(0, 0, 0));
    assert_true(g.visible);
    assert_near(g.ox, 400, 1e-6, 1);
    assert_near(g.ex[0] - g.ox, ED_GIZMO_PIXELS, 1e-4, 1);   /* X to the right */
    assert_near(g.oy - g.ey[1], ED_GIZMO_PIXELS, 1e-4, 1);   /* Y up */
    assert_int_equal(ed_gizmo_hit(&g, 400, 300), ED_GIZMO_PLANE);
    assert_int_equal(ed_gizmo_hit(&g, 450, 302), ED_GIZMO_X);
    assert_int_equal(ed_gizmo_hit(&g, 398, 250), ED_GIZMO_Y);
    assert_int_equal(ed_gizmo_hit(&g, 600, 500), ED_GIZMO_NONE);
    /* Z points at the camera: a dot on screen, not a handle */
    assert_true(fabs(g.ex[2] - g.ox) < 1 && fabs(g.ey[2] - g.oy) < 1);
    /* dragging X by the axis' own length on screen moves by its length in metres */
    cp_vec3 d = ed_gizmo_drag(&g, &v, ED_GIZMO_X, 440, 300, 440 + ED_GIZMO_PIXELS, 300);
    assert_near(d.x, g.length, 1e-9, 1);
    assert_near(d.y, 0, 0, 1);
    d = ed_gizmo_drag(&g, &v, ED_GIZMO_PLANE, 400, 300, 400 + ED_GIZMO_PIXELS, 300 - ED_GIZMO_PIXELS);
    assert_near(d.x, g.length, 1e-9, 1);
    assert_near(d.y, g.length, 1e-9, 1);
    assert_near(d.z, 0, 0, 1);
}

/* ---- selecting ------------------------------------------------------------------------------------- */

static void a_box_should_select_the_keys_inside(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    five_keys(app);
    float x1, y1, x3, y3;
    project(app, ed_app_keys(app)[1].position, &x1, &y1);
    project(app, ed_app_keys(app)[3].position, &x3, &y3);
    edtest_drag(f, x1 - 5, y1 - 30, x3 + 5, y3 + 30);
    assert_int_equal(ed_app_selected_count(app), 3);
    assert_true(ed_app_is_selected(app, 1) && ed_app_is_selected(app, 2) && ed_app_is_selected(app, 3));
    assert_int_equal(app->rec.gesture.kind, ED_GESTURE_NONE);
    /* Shift adds to it: key 0 */
    float x0, y0;
    project(app, ed_app_keys(app)[0].position, &x0, &y0);
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_SHIFT, 0, 0);
    edtest_drag(f, x0 - 30, y0 - 30, x0 + 2, y0 + 30);
    edtest_event(f, ED_EV_KEY_UP, ED_KEY_SHIFT, 0, 0);
    assert_int_equal(ed_app_selected_count(app), 4);
    /* a click on empty space selects nothing; Shift+click on a key adds it */
    edtest_drag(f, x0 - 40, y0 - 80, x0 - 40, y0 - 80);
    assert_int_equal(ed_app_selected_count(app), 0);
    float x4, y4;
    project(app, ed_app_keys(app)[4].position, &x4, &y4);
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, (int)x1, (int)y1);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, (int)x1, (int)y1);
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_SHIFT, 0, 0);
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, (int)x4, (int)y4);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, (int)x4, (int)y4);
    edtest_event(f, ED_EV_KEY_UP, ED_KEY_SHIFT, 0, 0);
    assert_int_equal(ed_app_selected_count(app), 2);
    assert_true(ed_app_is_selected(app, 1) && ed_app_is_selected(app, 4));
    assert_int_equal(app->doc.cur.selected, 4);
    /* the selection did not change the keys: nothing to undo from the mouse */
    assert_int_equal(ed_app_key_count(app), 5);
}

/* ---- moving keys -------------------------------------------------------------------------------------- */

static void the_gizmo_should_move_the_selection_in_one_undo_step(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    five_keys(app);
    assert_int_equal(ed_select_range(app, 1, 2), 0);
    ed_view v;
    ed_gizmo g;
    ed_app_view(app, &v);
    assert_true(ed_app_gizmo(app, &v, &g));
    /* at the selection's centre, x = 9 */
    assert_near(g.origin.x, 9, 1e-12, 1);
    double len = g.length;
    unsigned long rev = app->doc.cur.revision;
    float hx = (float)(0.5 * (g.ox + g.ex[1])), hy = (float)(0.5 * (g.oy + g.ey[1]));
    edtest_drag(f, hx, hy, hx, hy - ED_GIZMO_PIXELS); /* up the Y axis by its own length */
    /* within a pixel: the drag's pixels are whole */
    assert_near(ed_app_keys(app)[1].position.y, len, 1.0 / ED_GIZMO_PIXELS, 1);
    assert_near(ed_app_keys(app)[2].position.y, ed_app_keys(app)[1].position.y, 0, 1);
    assert_near(ed_app_keys(app)[0].position.y, 0, 0, 1);
    assert_near(ed_app_keys(app)[1].position.x, 6, 0, 1);
    assert_true(app->doc.cur.revision != rev);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(ed_app_keys(app)[1].position.y, 0, 0, 1);
    assert_near(ed_app_keys(app)[2].position.y, 0, 0, 1);
    assert_int_equal(app->doc.cur.revision, rev);
    /* a marker dragged moves the selection in the camera's plane (key 1: left of the gizmo, whose X
       axis runs over key 2); Esc before the release puts it back */
    float x1, y1;
    project(app, ed_app_keys(app)[1].position, &x1, &y1);
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, (int)x1, (int)y1);
    for (int k = 1; k <= 5; k++)
        edtest_event(f, ED_EV_MOTION, 0, (int)x1 - 10 * k, (int)y1);
    assert_true(ed_app_keys(app)[1].position.x < 5.5);
    assert_true(ed_app_keys(app)[2].position.x < 11.5); /* the whole selection */
    ed_event esc = {.type = ED_EV_KEY_DOWN, .key = ED_KEY_ESCAPE};
    ed_control_event(&f->ctl, app, &esc);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, (int)x1 - 50, (int)y1);
    assert_near(ed_app_keys(app)[1].position.x, 6, 0, 1);
    assert_near(ed_app_keys(app)[2].position.x, 12, 0, 1);
    assert_int_equal(app->doc.cur.revision, rev);
    assert_int_equal(ed_app_selected_count(app), 2);
    /* and released, it stays, in the camera's plane (z unchanged) */
    edtest_drag(f, x1, y1, x1 - 50, y1 + 20);
    assert_true(ed_app_keys(app)[1].position.x < 5.5);
    assert_true(ed_app_keys(app)[1].position.y < -0.5);
    assert_near(ed_app_keys(app)[1].position.z, 0, 1e-9, 1);
    assert_near(ed_app_keys(app)[2].position.y, ed_app_keys(app)[1].position.y, 0, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(ed_app_keys(app)[1].position.x, 6, 0, 1);
}

static void a_tick_should_move_its_key_in_time_between_its_neighbours(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    five_keys(app); /* t = 0..4 */
    ed_layout l;
    ed_app_layout(app, &l);
    int y = l.bar.y + l.bar.h / 2;
    double x2 = ed_layout_x_of(&l, 0, 4, 2.0), per_second = (l.bar.w - 1) / 4.0;
    edtest_drag(f, x2, y, x2 + 0.5 * per_second, y);
    assert_int_equal(app->doc.cur.selected, 2);
    assert_near(ed_app_keys(app)[2].time, 2.5, 1.0 / per_second, 1);
    assert_near(ed_app_keys(app)[3].time, 3.0, 0, 1);
    /* kept short of the next key */
    double now = ed_layout_x_of(&l, 0, 4, ed_app_keys(app)[2].time);
    edtest_drag(f, now, y, now + 3 * per_second, y);
    assert_near(ed_app_keys(app)[2].time, 3.0 - ED_TIME_MARGIN, 1e-12, 1);
    /* Shift: the keys after it go with it */
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(ed_app_keys(app)[2].time, 2.0, 0, 1);
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_SHIFT, 0, 0);
    edtest_drag(f, x2, y, x2 + per_second, y);
    edtest_event(f, ED_EV_KEY_UP, ED_KEY_SHIFT, 0, 0);
    assert_near(ed_app_keys(app)[2].time, 3.0, 1.0 / per_second, 1);
    assert_near(ed_app_keys(app)[4].time - ed_app_keys(app)[2].time, 2.0, 1e-12, 1);
    assert_near(ed_app_keys(app)[1].time, 1.0, 0, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(ed_app_keys(app)[4].time, 4.0, 0, 1);
}

static void looking_from_a_key_should_turn_it(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    five_keys(app);
    assert_int_equal(ed_select_one(app, 2), 0);
    ed_control_command(app, ED_CMD_LOOK_FROM_KEY);
    assert_int_equal(app->rec.look_key, 2);
    assert_near(app->ui.camera.position.x, 12, 0, 1);
    unsigned long rev = app->doc.cur.revision;
    /* turn left 30 degrees with the mouse, try to fly away, roll a little */
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_RIGHT, 10, 10);
    ed_event m;
    memset(&m, 0, sizeof m);
    m.type = ED_EV_MOTION;
    m.dx = -30 * DEG / ED_CAMERA_LOOK_RATE;
    ed_control_event(&f->ctl, app, &m);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_RIGHT, 10, 10);
    edtest_event(f, ED_EV_KEY_DOWN, 'w', 0, 0);
    for (int i = 0; i < 30; i++) {
        ed_control_update(&f->ctl, app, 1.0 / 60);
        ed_app_update(app, 1.0 / 60);
    }
    edtest_event(f, ED_EV_KEY_UP, 'w', 0, 0);
    assert_near(app->ui.camera.position.x, 12, 0, 1);
    assert_near(app->ui.camera.position.z, 0, 0, 1);
    double yaw, pitch, roll;
    ed_quat_to_yaw_pitch_roll(ed_app_keys(app)[2].rotation, &yaw, &pitch, &roll);
    assert_near(yaw / DEG, 30, 1e-9, 1);
    /* L again keeps it: one undo step */
    ed_control_command(app, ED_CMD_LOOK_FROM_KEY);
    assert_int_equal(app->rec.look_key, -1);
    assert_true(app->doc.cur.revision != rev);
    assert_int_equal(ed_edit_undo(app), 0);
    ed_quat_to_yaw_pitch_roll(ed_app_keys(app)[2].rotation, &yaw, &pitch, &roll);
    assert_near(yaw, 0, 0, 1);
    /* Esc puts it back */
    ed_control_command(app, ED_CMD_LOOK_FROM_KEY);
    app->ui.camera.fov = 35;
    ed_control_update(&f->ctl, app, 1.0 / 60);
    assert_near(ed_app_keys(app)[2].fov, 35, 0, 1);
    ed_control_command(app, ED_CMD_DESELECT);
    assert_int_equal(app->rec.look_key, -1);
    assert_near(ed_app_keys(app)[2].fov, 60, 0, 1);
    assert_int_equal(app->doc.cur.revision, rev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_gizmo_should_drag_as_far_as_the_mouse_goes),
        cmocka_unit_test_setup_teardown(a_box_should_select_the_keys_inside, setup, teardown),
        cmocka_unit_test_setup_teardown(the_gizmo_should_move_the_selection_in_one_undo_step, setup, teardown),
        cmocka_unit_test_setup_teardown(a_tick_should_move_its_key_in_time_between_its_neighbours, setup, teardown),
        cmocka_unit_test_setup_teardown(looking_from_a_key_should_turn_it, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

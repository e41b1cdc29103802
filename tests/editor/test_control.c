/* SPDX-License-Identifier: MIT */
/* tests/editor/test_control.c - the binding table, and input events through
 * the control layer: held keys fly, pressed keys edit, the mouse looks,
 * selects and scrubs, and resizing, minimising and losing focus neither
 * crash nor corrupt the state. */
#include "edtest.h"

#include "bindings.h"
#include "control.h"
#include "layout.h"
#include "view.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    *state = edtest_fixture_new("keys.json", 1);
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

static void send(fixture *f, ed_event_type type, int key, unsigned mods)
{
    ed_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.key = key;
    ev.mods = mods;
    ed_control_event(&f->ctl, &f->app, &ev);
}

static void mouse(fixture *f, ed_event_type type, int button, int x, int y)
{
    ed_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.key = button;
    ev.x = x;
    ev.y = y;
    ed_control_event(&f->ctl, &f->app, &ev);
}

static void frames(fixture *f, int n, double dt)
{
    for (int i = 0; i < n; i++) {
        ed_control_update(&f->ctl, &f->app, dt);
        ed_app_update(&f->app, dt);
    }
}

/* ---- the table ---------------------------------------------------------------------------------- */

static void every_command_should_have_a_binding(void **state)
{
    (void)state;
    size_t n;
    const ed_binding *b = ed_bindings(&n);
    for (int cmd = ED_CMD_NONE + 1; cmd < ED_CMD_COUNT; cmd++) {
        int found = 0;
        for (size_t i = 0; i < n; i++)
            found |= b[i].cmd == (ed_cmd)cmd;
        if (!found)
            fail_msg("command %d has no binding", cmd);
    }
}

static void no_two_bindings_should_share_a_chord(void **state)
{
    (void)state;
    size_t n;
    const ed_binding *b = ed_bindings(&n);
    for (size_t i = 0; i < n; i++) {
        assert_true(b[i].help && b[i].help[0]);
        assert_true(b[i].section && b[i].section[0]);
        assert_string_not_equal(ed_key_name(b[i].key), "?");
        for (size_t j = i + 1; j < n; j++) {
            /* mouse rows describe the gestures of one button (the input layer tells them apart) */
            if (b[i].key != b[j].key || b[i].kind != b[j].kind || b[i].kind == ED_BIND_MOUSE)
                continue;
            if (b[i].kind == ED_BIND_PRESS && (b[i].mods != b[j].mods || b[i].prompt != b[j].prompt))
                continue;
            char c[64];
            fail_msg("bindings %zu and %zu both use %s", i, j, ed_chord_name(b[i].key, b[i].mods, c, sizeof c));
        }
        if (b[i].kind == ED_BIND_PRESS) {
            const ed_binding *found = ed_binding_find(b[i].key, b[i].mods, b[i].prompt);
            assert_non_null(found);
            assert_int_equal(found->cmd, b[i].cmd);
        }
    }
}

static void chord_names_should_parse_back(void **state)
{
    (void)state;
    size_t n;
    const ed_binding *b = ed_bindings(&n);
    for (size_t i = 0; i < n; i++) {
        char name[64];
        int key;
        unsigned mods;
        ed_chord_name(b[i].key, b[i].mods, name, sizeof name);
        assert_int_equal(ed_chord_parse(name, &key, &mods), 0);
        assert_int_equal(key, b[i].key);
        assert_int_equal(mods, b[i].mods);
    }
    int key;
    unsigned mods;
    assert_int_equal(ed_chord_parse("shift+f2", &key, &mods), 0);
    assert_int_equal(key, ED_KEY_F2);
    assert_int_equal(mods, ED_MOD_SHIFT);
    assert_int_equal(ed_chord_parse("+", &key, &mods), 0);
    assert_int_equal(key, '=');
    assert_int_equal(ed_chord_parse("hyper+x", &key, &mods), -1);
    assert_int_equal(ed_chord_parse("nosuchkey", &key, &mods), -1);
}

static char *read_text(const char *file)
{
    FILE *in = fopen(file, "rb");
    if (!in)
        return NULL;
    fseek(in, 0, SEEK_END);
    long n = ftell(in);
    fseek(in, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (text && fread(text, 1, (size_t)n, in) == (size_t)n)
        text[n] = '\0';
    fclose(in);
    return text;
}

static void the_manual_should_show_the_binding_table(void **state)
{
    (void)state;
    char *doc = read_text("docs/editor.md");
    assert_non_null(doc);
    char *table = ed_bindings_markdown();
    assert_non_null(table);
    if (!strstr(doc, table))
        fail_msg("docs/editor.md does not hold the binding table as ed_bindings_markdown() makes it;\n"
                 "replace the table with the output of: campath-editor --print-bindings");
    free(table);
    free(doc);
}

/* ---- keys ----------------------------------------------------------------------------------------- */

static void held_keys_should_fly_at_a_speed_independent_of_the_frame_rate(void **state)
{
    fixture *f = *state;
    edtest_place(&f->app, 0, 5, 0);
    f->app.ui.camera.speed = 8;
    send(f, ED_EV_KEY_DOWN, 'w', 0);
    frames(f, 120, 1.0 / 120);
    double z1 = f->app.ui.camera.position.z;
    frames(f, 15, 1.0 / 15);
    double z2 = f->app.ui.camera.position.z;
    assert_near(z1, -8.0, 1e-9, 1);
    assert_near(z2, -16.0, 1e-9, 1);
    send(f, ED_EV_KEY_DOWN, ED_KEY_SHIFT, ED_MOD_SHIFT);
    frames(f, 10, 0.05);
    assert_near(f->app.ui.camera.position.z, -16.0 - 0.5 * 8 * ED_CAMERA_FAST_FACTOR, 1e-9, 1);
    send(f, ED_EV_KEY_UP, 'w', ED_MOD_SHIFT);
    send(f, ED_EV_KEY_UP, ED_KEY_SHIFT, 0);
    frames(f, 10, 0.1);
    assert_near(f->app.ui.camera.position.z, -32.0, 1e-9, 1);
    /* a stalled frame counts as at most a second, as for playback */
    send(f, ED_EV_KEY_DOWN, 'w', 0);
    frames(f, 1, 30.0);
    assert_near(f->app.ui.camera.position.z, -40.0, 1e-9, 1);
}

static void ctrl_should_turn_letters_into_commands(void **state)
{
    fixture *f = *state;
    edtest_record_line(&f->app, 2, 6.0);
    edtest_place(&f->app, 0, 5, 0);
    send(f, ED_EV_KEY_DOWN, ED_KEY_CTRL, ED_MOD_CTRL);
    send(f, ED_EV_KEY_DOWN, 's', ED_MOD_CTRL);
    frames(f, 30, 1.0 / 30);
    assert_near(f->app.ui.camera.position.z, 0.0, 0, 1);
    assert_false(ed_app_dirty(&f->app));
    assert_true(edtest_exists(f->file));
    send(f, ED_EV_KEY_UP, 's', ED_MOD_CTRL);
    send(f, ED_EV_KEY_UP, ED_KEY_CTRL, 0);
}

/* A letter pressed with Ctrl is a command, however the keys come up again:
 * Ctrl let go first (Ctrl+S flew the camera back, Ctrl+Z rolled it), key
 * repeats of the letter after that, Ctrl+A, Ctrl+C. */
static void a_ctrl_chord_should_never_fly_whatever_the_release_order(void **state)
{
    fixture *f = *state;
    edtest_record_line(&f->app, 2, 6.0);
    static const int letters[] = {'s', 'z', 'a', 'c', 'e', 'w', 'd'}; /* not q: Ctrl+Q quits */
    for (size_t i = 0; i < sizeof letters / sizeof letters[0]; i++) {
        int k = letters[i];
        edtest_place(&f->app, 0, 5, 0);
        f->app.ui.camera.roll = 0;
        send(f, ED_EV_KEY_DOWN, ED_KEY_CTRL, ED_MOD_CTRL);
        send(f, ED_EV_KEY_DOWN, k, ED_MOD_CTRL);
        frames(f, 5, 1.0 / 30);
        send(f, ED_EV_KEY_UP, ED_KEY_CTRL, 0); /* Ctrl first: the letter is still down */
        frames(f, 30, 1.0 / 30);
        ed_event rep;
        memset(&rep, 0, sizeof rep);
        rep.type = ED_EV_KEY_DOWN;
        rep.key = k;
        rep.repeat = 1;
        ed_control_event(&f->ctl, &f->app, &rep);
        frames(f, 30, 1.0 / 30);
        if (cp_vec3_length(cp_vec3_sub(f->app.ui.camera.position, cp_vec3_make(0, 5, 0))) != 0 || f->app.ui.camera.roll != 0)
            fail_msg("Ctrl+%c, Ctrl released first: the camera moved to (%g, %g, %g), roll %g", k,
                     f->app.ui.camera.position.x, f->app.ui.camera.position.y, f->app.ui.camera.position.z, f->app.ui.camera.roll);
        send(f, ED_EV_KEY_UP, k, 0);
    }
    /* a new press of the letter alone flies again */
    send(f, ED_EV_KEY_DOWN, 's', 0);
    frames(f, 10, 0.1);
    send(f, ED_EV_KEY_UP, 's', 0);
    assert_true(f->app.ui.camera.position.z > 0);
}

static void hotkeys_should_record_insert_and_undo(void **state)
{
    fixture *f = *state;
    edtest_place(&f->app, 0, 5, 0);
    edtest_press(f, ED_KEY_F2, 0);
    edtest_place(&f->app, 12, 5, 0);
    edtest_press(f, ED_KEY_F2, 0);
    assert_int_equal(ed_app_key_count(&f->app), 2);
    edtest_press(f, '[', 0);
    assert_int_equal(f->app.doc.cur.selected, 0);
    edtest_place(&f->app, 6, 9, 0);
    edtest_press(f, ED_KEY_F2, ED_MOD_SHIFT);
    assert_int_equal(ed_app_key_count(&f->app), 3);
    assert_near(ed_app_keys(&f->app)[1].position.y, 9, 0, 1);
    edtest_press(f, 'z', ED_MOD_CTRL);
    assert_int_equal(ed_app_key_count(&f->app), 2);
    edtest_press(f, 'y', ED_MOD_CTRL);
    assert_int_equal(ed_app_key_count(&f->app), 3);
    edtest_press(f, 'z', ED_MOD_CTRL | ED_MOD_SHIFT);
    assert_int_equal(ed_app_key_count(&f->app), 3);
    edtest_press(f, ED_KEY_DELETE, 0);
    assert_int_equal(ed_app_key_count(&f->app), 2);
    edtest_press(f, 'i', 0);
    assert_int_equal(f->app.doc.cur.doc.options.position, CP_INTERP_BISECTOR);
    edtest_press(f, 'o', 0);
    assert_int_equal(f->app.doc.cur.doc.options.ends, CP_ENDS_REST);
    /* a key repeat of F2 must not record a burst of keys; one of Left may step */
    ed_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = ED_EV_KEY_DOWN;
    ev.key = ED_KEY_F2;
    ev.repeat = 1;
    ed_control_event(&f->ctl, &f->app, &ev);
    assert_int_equal(ed_app_key_count(&f->app), 2);
    ed_app_seek(&f->app, 1.0);
    ev.key = ED_KEY_LEFT;
    ed_control_event(&f->ctl, &f->app, &ev);
    assert_near(f->app.base.playhead, 1.0 - ED_STEP_SMALL, 1e-12, 1);
}

static void a_question_should_take_the_keys_for_its_answers(void **state)
{
    fixture *f = *state;
    edtest_record_line(&f->app, 3, 6.0);
    send(f, ED_EV_QUIT, 0, 0);
    assert_int_equal(f->app.base.prompt, ED_PROMPT_QUIT);
    send(f, ED_EV_KEY_DOWN, 'd', 0); /* discard, not "fly right" */
    frames(f, 5, 0.1);
    assert_true(f->app.base.quit);
    assert_near(f->app.ui.camera.position.x, 12, 0, 1);
}

/* ---- mouse ---------------------------------------------------------------------------------------- */

static void right_drag_should_look_and_capture_the_mouse(void **state)
{
    fixture *f = *state;
    double yaw = f->app.ui.camera.yaw;
    mouse(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_RIGHT, 100, 100);
    assert_true(f->ctl.want_relative_mouse);
    ed_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = ED_EV_MOTION;
    ev.dx = 100;
    ev.dy = -50;
    ed_control_event(&f->ctl, &f->app, &ev);
    assert_near(f->app.ui.camera.yaw, yaw - 100 * ED_CAMERA_LOOK_RATE, 1e-12, 1);
    assert_near(f->app.ui.camera.pitch, 50 * ED_CAMERA_LOOK_RATE, 1e-12, 1);
    mouse(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_RIGHT, 100, 100);
    assert_false(f->ctl.want_relative_mouse);
    ed_control_event(&f->ctl, &f->app, &ev);
    assert_near(f->app.ui.camera.pitch, 50 * ED_CAMERA_LOOK_RATE, 1e-12, 1);
    ev.type = ED_EV_WHEEL;
    ev.dy = 2;
    double speed = f->app.ui.camera.speed;
    ed_control_event(&f->ctl, &f->app, &ev);
    assert_near(f->app.ui.camera.speed, speed * ED_CAMERA_WHEEL_STEP * ED_CAMERA_WHEEL_STEP, 1e-12, 1);
}

static void a_click_should_select_the_key_under_it(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    edtest_place(app, -6, 0, -20);
    ed_record_key(app, 0);
    edtest_place(app, 6, 0, -20);
    ed_record_key(app, 0);
    ed_select_one(app, -1);
    edtest_place(app, 0, 0, 0);
    ed_layout l;
    ed_layout_compute(&l, app->ui.width, app->ui.height, app->ui.show_graph);
    ed_view v;
    ed_view_init(&v, app->ui.camera.position, ed_camera_rotation(&app->ui.camera), app->ui.camera.fov, l.view.x, l.view.y,
                 l.view.w, l.view.h);
    float sx, sy;
    assert_true(ed_view_project(&v, ed_view_to_camera(&v, ed_app_keys(app)[1].position), &sx, &sy));
    mouse(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, (int)sx + 4, (int)sy - 3);
    mouse(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, (int)sx + 4, (int)sy - 3);
    assert_int_equal(app->doc.cur.selected, 1);
    /* far from every key: nothing, once the button is up (a drag from there would draw a box) */
    mouse(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, 5, l.view.h / 2);
    mouse(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, 5, l.view.h / 2);
    assert_int_equal(app->doc.cur.selected, -1);
}

static void the_timeline_should_scrub(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    edtest_record_line(app, 3, 6.0); /* 0 .. 2 s */
    ed_layout l;
    ed_layout_compute(&l, app->ui.width, app->ui.height, app->ui.show_graph);
    int y = l.bar.y + l.bar.h / 2;
    /* between the keys' ticks (a press on a tick takes the key) */
    mouse(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, l.bar.x + (l.bar.w - 1) / 4, y);
    assert_near(app->base.playhead, 0.5, 2.0 / l.bar.w, 1); /* within a pixel */
    ed_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = ED_EV_MOTION;
    ev.x = l.bar.x + l.bar.w + 50;
    ev.y = y;
    ed_control_event(&f->ctl, app, &ev);
    assert_near(app->base.playhead, 2.0, 0, 1);
    mouse(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, ev.x, y);
    ev.x = l.bar.x;
    ed_control_event(&f->ctl, app, &ev);
    assert_near(app->base.playhead, 2.0, 0, 1);
}

/* ---- the window ---------------------------------------------------------------------------------- */

/* A state snapshot that window events must leave alone. */
static void same_document(const ed_app *app, const cp_document *doc, unsigned long rev, long sel)
{
    assert_true(ed_doc_equal(doc, &app->doc.cur.doc));
    assert_int_equal(app->doc.cur.revision, rev);
    assert_int_equal(app->doc.cur.selected, sel);
}

static void resizing_minimising_and_losing_focus_should_not_corrupt_state(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    edtest_record_line(app, 4, 6.0);
    ed_select_one(app, 2);
    cp_document doc;
    assert_int_equal(cp_document_copy(&doc, &app->doc.cur.doc, NULL), 0);
    unsigned long rev = app->doc.cur.revision;
    ed_event ev;
    memset(&ev, 0, sizeof ev);

    static const int sizes[][2] = {{640, 360}, {1, 1}, {0, 0}, {-5, 20}, {8000, 30}, {1280, 720}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        ev.type = ED_EV_RESIZE;
        ev.w = sizes[i][0];
        ev.h = sizes[i][1];
        ed_control_event(&f->ctl, app, &ev);
        assert_true(app->ui.width >= 1 && app->ui.height >= 1);
        ed_layout l;
        ed_layout_compute(&l, app->ui.width, app->ui.height, 1);
        assert_true(l.view.w >= 1 && l.view.h >= 1 && l.bar.w >= 1);
        /* clicks anywhere in a tiny window must be safe */
        mouse(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, 0, 0);
        mouse(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, 0, 0);
        ed_select_one(app, 2);
        frames(f, 3, 1.0 / 60);
    }
    assert_int_equal(app->ui.width, 1280);
    same_document(app, &doc, rev, 2);

    /* minimise while flying and looking: everything held is let go */
    cp_vec3 before = app->ui.camera.position;
    send(f, ED_EV_KEY_DOWN, 'w', 0);
    mouse(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_RIGHT, 10, 10);
    ev.type = ED_EV_MINIMIZE;
    ed_control_event(&f->ctl, app, &ev);
    assert_true(f->ctl.minimized);
    assert_false(f->ctl.want_relative_mouse);
    frames(f, 60, 1.0 / 60);
    assert_near(app->ui.camera.position.z, before.z, 0, 1);
    ev.type = ED_EV_RESTORE;
    ed_control_event(&f->ctl, app, &ev);
    assert_false(f->ctl.minimized);

    /* lose focus with keys down: the key-up goes elsewhere, the camera must stop */
    send(f, ED_EV_KEY_DOWN, 'd', 0);
    send(f, ED_EV_KEY_DOWN, 'c', 0);
    mouse(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_RIGHT, 10, 10);
    frames(f, 6, 1.0 / 60);
    ev.type = ED_EV_FOCUS_LOST;
    ed_control_event(&f->ctl, app, &ev);
    assert_false(f->ctl.focused);
    assert_false(f->ctl.looking);
    assert_false(f->ctl.want_relative_mouse);
    cp_vec3 at = app->ui.camera.position;
    double roll = app->ui.camera.roll;
    frames(f, 120, 1.0 / 60);
    assert_near(app->ui.camera.position.x, at.x, 0, 1);
    assert_near(app->ui.camera.roll, roll, 0, 1);
    ev.type = ED_EV_FOCUS_GAINED;
    ed_control_event(&f->ctl, app, &ev);
    assert_true(f->ctl.focused);
    frames(f, 10, 1.0 / 60);
    assert_near(app->ui.camera.position.x, at.x, 0, 1);
    same_document(app, &doc, rev, 2);
    cp_document_free(&doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_command_should_have_a_binding),
        cmocka_unit_test(no_two_bindings_should_share_a_chord),
        cmocka_unit_test(chord_names_should_parse_back),
        cmocka_unit_test(the_manual_should_show_the_binding_table),
        cmocka_unit_test_setup_teardown(held_keys_should_fly_at_a_speed_independent_of_the_frame_rate, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(ctrl_should_turn_letters_into_commands, setup, teardown),
        cmocka_unit_test_setup_teardown(a_ctrl_chord_should_never_fly_whatever_the_release_order, setup, teardown),
        cmocka_unit_test_setup_teardown(hotkeys_should_record_insert_and_undo, setup, teardown),
        cmocka_unit_test_setup_teardown(a_question_should_take_the_keys_for_its_answers, setup, teardown),
        cmocka_unit_test_setup_teardown(right_drag_should_look_and_capture_the_mouse, setup, teardown),
        cmocka_unit_test_setup_teardown(a_click_should_select_the_key_under_it, setup, teardown),
        cmocka_unit_test_setup_teardown(the_timeline_should_scrub, setup, teardown),
        cmocka_unit_test_setup_teardown(resizing_minimising_and_losing_focus_should_not_corrupt_state, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

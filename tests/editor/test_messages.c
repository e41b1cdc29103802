/* SPDX-License-Identifier: MIT */
/* tests/editor/test_messages.c - what the editor says: counts in good
 * English, messages that go with the state they describe. */
#include <math.h>

#include "edtest.h"
#include "status.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    *state = edtest_fixture_new("msg.json", 1);
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

/* Fails when the HUD message has a count of 1 with a plural noun. */
static void assert_no_one_keys(const ed_app *app)
{
    if (strstr(app->base.message, " 1 keys") || strstr(app->base.message, "(1 keys"))
        fail_msg("message \"%s\" says \"1 keys\"", app->base.message);
}

static void counts_of_one_should_be_singular(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_select_one(app, 1), 0);
    edtest_place(app, 9, 3, 0);
    assert_int_equal(ed_record_key(app, 1), 0); /* one key after the insert */
    assert_no_one_keys(app);
    assert_non_null(strstr(app->base.message, "the key after it moved"));
    assert_int_equal(ed_select_one(app, 3), 0);
    assert_int_equal(ed_edit_delete(app), 0);
    assert_int_equal(ed_select_one(app, 2), 0);
    assert_int_equal(ed_edit_delete(app), 0);
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_edit_delete(app), 0); /* one key left */
    assert_no_one_keys(app);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(ed_edit_redo(app), 0);
    assert_int_equal(ed_edit_redo(app), 0); /* one key */
    assert_no_one_keys(app);
    assert_int_equal(ed_app_key_count(app), 1);
    assert_int_equal(ed_select_one(app, 4), -1);
    assert_no_one_keys(app);
}

/* Clicking a key said "key 6 selected", and it stayed after Esc. */
static void a_selection_message_should_go_with_the_selection(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    edtest_record_line(app, 8, 6.0);
    assert_int_equal(ed_select_one(app, 6), 0);
    assert_non_null(strstr(app->base.message, "key 6"));
    ed_event esc = {.type = ED_EV_KEY_DOWN, .key = ED_KEY_ESCAPE};
    ed_control_event(&f->ctl, app, &esc);
    assert_int_equal(app->doc.cur.selected, -1);
    if (ed_app_message_shown(app) && strstr(app->base.message, "selected"))
        fail_msg("after deselecting, the HUD still says \"%s\"", app->base.message);
    /* a message about something else is left alone */
    assert_int_equal(ed_select_one(app, 2), 0);
    ed_app_message(app, 0, "saved");
    ed_control_event(&f->ctl, app, &esc);
    assert_string_equal(app->base.message, "saved");
}

/* The status line about the path, and the one about the camera. */
static const char *status(ed_app *app, double top, const char *starts, ed_status_kind *kind)
{
    static ed_status_line lines[ED_STATUS_MAX_LINES];
    int n = ed_status_lines(app, top, lines);
    for (int i = 0; i < n; i++)
        if (strncmp(lines[i].text, starts, strlen(starts)) == 0) {
            if (kind)
                *kind = lines[i].kind;
            return lines[i].text;
        }
    fail_msg("no status line starts with \"%s\"", starts);
    return NULL;
}

/* "speed 0..0.0 m/s": a scale read from nothing */
static void a_colour_scale_of_nothing_should_not_be_shown_as_a_range(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    const char *s = status(app, 0, "interpolation", NULL);
    assert_null(strstr(s, "colour"));   /* no path: no colour */
    /* a camera that turns on the spot: its speed is 0 everywhere */
    for (int i = 0; i < 3; i++) {
        ed_app_place_camera(app, cp_vec3_make(0, 2, 0), cp_quat_from_yaw_pitch_roll(0.5 * i, 0, 0));
        assert_int_equal(ed_record_key(app, 0), 0);
    }
    s = status(app, 0, "interpolation", NULL);
    if (strstr(s, "0..0") || !strstr(s, "speed"))
        fail_msg("the status says \"%s\"", s);
    s = status(app, 0.04, "interpolation", NULL);
    assert_non_null(strstr(s, "0..0.04 m/s"));
}

/* "ends rest" under linear interpolation, where it does nothing */
static void ends_should_say_when_they_have_no_effect(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_options_set_timing(app, CP_TIMING_KEYS), 0);
    assert_int_equal(ed_options_set_ends(app, CP_ENDS_REST), 0);
    assert_non_null(strstr(status(app, 1, "interpolation", NULL), "ends rest"));
    assert_int_equal(ed_options_set_interp(app, CP_INTERP_LINEAR), 0);
    const char *s = status(app, 1, "interpolation", NULL);
    if (strstr(s, "ends rest"))
        fail_msg("under linear interpolation the status says \"%s\"", s);
    assert_non_null(strstr(s, "no effect"));
    assert_int_equal(ed_options_set_ends(app, CP_ENDS_NATURAL), 0);
    assert_non_null(strstr(app->base.message, "no effect"));
    /* smooth timing's warp starts and stops at rest with rest ends, whatever the curves */
    assert_int_equal(ed_options_set_ends(app, CP_ENDS_REST), 0);
    assert_int_equal(ed_options_set_timing(app, CP_TIMING_SMOOTH), 0);
    assert_non_null(strstr(status(app, 1, "interpolation", NULL), "ends rest"));
    assert_int_equal(ed_options_set_timing(app, CP_TIMING_KEYS), 0);
    assert_int_equal(ed_options_set_ends(app, CP_ENDS_CLOSED), 0);
    assert_non_null(strstr(status(app, 1, "interpolation", NULL), "ends closed"));
}

static void the_hud_should_show_the_camera_roll(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    ed_status_kind kind;
    assert_non_null(strstr(status(app, 0, "camera", &kind), "roll 0"));
    assert_int_equal(kind, ED_STATUS_PLAIN);
    app->ui.camera.roll = -12.0 * M_PI / 180.0;
    assert_non_null(strstr(status(app, 0, "camera", &kind), "roll -12.0"));
    assert_int_equal(kind, ED_STATUS_NOTE);
}

/* A long message was cut at the window's edge: it wraps, and says when it is cut short. */
static void long_messages_should_wrap_to_the_width(void **state)
{
    (void)state;
    const char *msg = "paths/a/very/long/folder/name/that/goes/on/intro.json:12:7: keys[3].rotation: the rotation "
                      "(0, 0, 0, 0) is zero: a rotation needs a non-zero quaternion";
    char lines[ED_MESSAGE_MAX_LINES][ED_STATUS_LINE];
    int n = ed_wrap(msg, 40, lines, ED_MESSAGE_MAX_LINES);
    assert_true(n >= 3);
    char joined[512] = "";
    for (int i = 0; i < n; i++) {
        if (strlen(lines[i]) > 40)
            fail_msg("line %d is %zu characters: \"%s\"", i, strlen(lines[i]), lines[i]);
        strcat(joined, lines[i]);
    }
    /* nothing lost but the blanks at the breaks */
    char squeezed[512], joined_sq[512];
    size_t a = 0, b = 0;
    for (const char *p = msg; *p; p++)
        if (*p != ' ')
            squeezed[a++] = *p;
    for (const char *p = joined; *p; p++)
        if (*p != ' ')
            joined_sq[b++] = *p;
    squeezed[a] = joined_sq[b] = '\0';
    assert_string_equal(joined_sq, squeezed);
    /* too long for the lines there are: it ends in dots */
    n = ed_wrap(msg, 20, lines, 2);
    assert_int_equal(n, 2);
    assert_true(strlen(lines[1]) <= 20);
    assert_string_equal(lines[1] + strlen(lines[1]) - 3, "...");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(counts_of_one_should_be_singular, setup, teardown),
        cmocka_unit_test_setup_teardown(a_selection_message_should_go_with_the_selection, setup, teardown),
        cmocka_unit_test_setup_teardown(a_colour_scale_of_nothing_should_not_be_shown_as_a_range, setup, teardown),
        cmocka_unit_test_setup_teardown(ends_should_say_when_they_have_no_effect, setup, teardown),
        cmocka_unit_test_setup_teardown(the_hud_should_show_the_camera_roll, setup, teardown),
        cmocka_unit_test(long_messages_should_wrap_to_the_width),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

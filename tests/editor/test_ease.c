/* SPDX-License-Identifier: MIT */
/* tests/editor/test_ease.c - a key's ease in the inspector: the presets
 * typed by name (linear, ease-in, ease-out, ease-in-out) and dragged
 * through, the two sides typed, each change one undo step, bad values and
 * keys timing refused with a reason, the camera at rest at a key eased to
 * 1, the ease saved in the file; Shift+T skipping a timing that the
 * path's holds or eases refuse; the path's fastest turn (turn/s). */
#include <math.h>

#include "edtest.h"
#include "inspector.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    fixture *f = edtest_fixture_new("ease.json", 1);
    edtest_record_line(&f->app, 4, 6.0); /* x = 0..18 at t = 0..3, smooth timing */
    *state = f;
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

/* Clicks a field open and types `s` into it, then Enter. */
static void type_into(fixture *f, ed_field field, const char *s)
{
    const ed_rect b = edtest_item(&f->app, field)->box;
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, b.x + 5, b.y + 5);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, b.x + 5, b.y + 5);
    assert_int_equal(f->app.ui.typing.field, field);
    edtest_text(f, s);
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_RETURN, 0, 0);
}

static double speed_at_key(const ed_app *app, size_t i)
{
    cp_pose p;
    cp_path_sample(app->doc.path, ed_app_keys(app)[i].time, &p);
    return cp_vec3_length(p.velocity);
}

static void presets_should_be_typed_by_name_in_one_undo_step(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_string_equal(edtest_item(app, ED_FIELD_EASE)->value, "linear");
    assert_string_equal(edtest_item(app, ED_FIELD_EASE_IN)->value, "0.00");
    const double plain = speed_at_key(app, 1);
    assert_true(plain > 1);
    static const struct {
        const char *typed, *shown;
        double in, out;
    } cases[] = {{"ease-in", "ease-in", 1, 0},
                 {"ease-out", "ease-out", 0, 1},
                 {"in-out", "ease-in-out", 1, 1},
                 {"linear", "linear", 0, 0},
                 {"0.5", "custom", 0.5, 0.5}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        unsigned long rev = app->doc.cur.revision;
        type_into(f, ED_FIELD_EASE, cases[c].typed);
        assert_int_equal(app->ui.typing.field, 0);
        assert_near(ed_app_keys(app)[1].ease[0], cases[c].in, 0, 1);
        assert_near(ed_app_keys(app)[1].ease[1], cases[c].out, 0, 1);
        assert_string_equal(edtest_item(app, ED_FIELD_EASE)->value, cases[c].shown);
        /* the path is eased: at rest at the key with a side of 1, half speed with 0.5 */
        const double e = fmax(cases[c].in, cases[c].out);
        assert_near(speed_at_key(app, 1), (1 - e) * plain, 1e-9, plain);
        /* one undo step, and redo */
        assert_int_equal(ed_edit_undo(app), 0);
        assert_int_equal(app->doc.cur.revision, rev);
        assert_int_equal(ed_edit_redo(app), 0);
    }
    /* a name it does not know is refused, and the field stays open */
    type_into(f, ED_FIELD_EASE, "bouncy");
    assert_int_equal(app->ui.typing.field, ED_FIELD_EASE);
    assert_true(app->base.message_error);
    assert_non_null(strstr(app->base.message, "'bouncy' is not linear, ease-in, ease-out or ease-in-out"));
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_ESCAPE, 0, 0);
    /* saved in the file */
    assert_int_equal(ed_app_save(app), 0);
    size_t size;
    char *saved = testutil_read_file(f->file, &size);
    assert_non_null(saved);
    assert_non_null(strstr(saved, "\"ease\": [0.5, 0.5]"));
    free(saved);
}

static void the_sides_should_be_typed_and_checked(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 2), 0);
    type_into(f, ED_FIELD_EASE_IN, "0.25");
    type_into(f, ED_FIELD_EASE_OUT, "1");
    assert_near(ed_app_keys(app)[2].ease[0], 0.25, 0, 1);
    assert_near(ed_app_keys(app)[2].ease[1], 1, 0, 1);
    assert_string_equal(edtest_item(app, ED_FIELD_EASE)->value, "custom");
    assert_true(speed_at_key(app, 2) <= 1e-9);
    /* out of [0, 1]: refused, the field stays open, nothing changed */
    unsigned long rev = app->doc.cur.revision;
    type_into(f, ED_FIELD_EASE_OUT, "1.5");
    assert_int_equal(app->ui.typing.field, ED_FIELD_EASE_OUT);
    assert_non_null(strstr(app->base.message, "ease out is from 0"));
    assert_int_equal(app->doc.cur.revision, rev);
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_ESCAPE, 0, 0);
    /* a key with a hold: the library's reason */
    assert_int_equal(ed_edit_hold(app, 1, 0.2), -1);
    assert_non_null(strstr(app->base.message, "a key with a hold comes to rest already"));
    /* keys timing has no ease */
    assert_int_equal(ed_edit_ease_preset(app, "linear"), 0);
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_edit_ease(app, 0, 0), 0);
    assert_int_equal(ed_options_set_timing(app, CP_TIMING_KEYS), 0);
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_edit_ease_preset(app, "ease-in"), -1);
    assert_non_null(strstr(app->base.message, "an ease needs smooth or constant-speed timing"));
}

static void dragging_the_preset_should_step_through_them(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 1), 0);
    unsigned long rev = app->doc.cur.revision;
    const ed_rect b = edtest_item(app, ED_FIELD_EASE)->box;
    int x = b.x + 10, y = b.y + 5;
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, x, y);
    static const char *const order[] = {"linear", "ease-in", "ease-out", "ease-in-out", "ease-in-out"};
    for (int k = 1; k <= 4; k++) {
        edtest_event(f, ED_EV_MOTION, 0, x + 40 * k, y);
        assert_string_equal(edtest_item(app, ED_FIELD_EASE)->value, order[k]);
    }
    edtest_event(f, ED_EV_MOTION, 0, x + 40, y); /* back to ease-in */
    assert_string_equal(edtest_item(app, ED_FIELD_EASE)->value, "ease-in");
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, x + 40, y);
    assert_near(ed_app_keys(app)[1].ease[0], 1, 0, 1);
    assert_true(speed_at_key(app, 1) <= 1e-9);
    /* one undo step for the whole drag */
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(app->doc.cur.revision, rev);
    assert_near(ed_app_keys(app)[1].ease[0], 0, 0, 1);
    /* a side dragged: 0.005 a pixel, kept in [0, 1] */
    const ed_rect s = edtest_item(app, ED_FIELD_EASE_OUT)->box;
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, s.x + 5, s.y + 5);
    edtest_event(f, ED_EV_MOTION, 0, s.x + 105, s.y + 5);
    assert_near(ed_app_keys(app)[1].ease[1], 0.5, 1e-12, 1);
    edtest_event(f, ED_EV_MOTION, 0, s.x + 905, s.y + 5);
    assert_near(ed_app_keys(app)[1].ease[1], 1, 0, 1);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, s.x + 905, s.y + 5);
}

/* Shift+T goes on to the next timing the path takes: keys timing, which
 * has no holds and no eases, is skipped with its reason. */
static void the_timing_cycle_should_skip_a_timing_the_keys_refuse(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_edit_hold(app, 1, 0.3), 0);
    assert_int_equal(app->doc.cur.doc.options.timing, CP_TIMING_SMOOTH);
    ed_control_command(app, ED_CMD_CYCLE_TIMING);
    assert_int_equal(app->doc.cur.doc.options.timing, CP_TIMING_CONSTANT_SPEED);
    unsigned long rev = app->doc.cur.revision;
    ed_control_command(app, ED_CMD_CYCLE_TIMING); /* keys refuses the hold: on to smooth */
    assert_int_equal(app->doc.cur.doc.options.timing, CP_TIMING_SMOOTH);
    assert_false(app->base.message_error);
    assert_non_null(strstr(app->base.message, "timing: smooth"));
    assert_non_null(strstr(app->base.message, "skipped keys"));
    assert_non_null(strstr(app->base.message, "hold"));
    /* one undo step, back to constant speed */
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(app->doc.cur.revision, rev);
    assert_int_equal(app->doc.cur.doc.options.timing, CP_TIMING_CONSTANT_SPEED);
    /* an ease instead of the hold: the same */
    assert_int_equal(ed_edit_redo(app), 0);
    assert_int_equal(ed_edit_hold(app, 0, 0), 0);
    assert_int_equal(ed_edit_ease_preset(app, "ease-in-out"), 0);
    ed_control_command(app, ED_CMD_CYCLE_TIMING);
    assert_int_equal(app->doc.cur.doc.options.timing, CP_TIMING_CONSTANT_SPEED);
    ed_control_command(app, ED_CMD_CYCLE_TIMING);
    assert_int_equal(app->doc.cur.doc.options.timing, CP_TIMING_SMOOTH);
    assert_non_null(strstr(app->base.message, "skipped keys"));
    assert_non_null(strstr(app->base.message, "ease"));
    /* nothing in the way: every timing in turn */
    assert_int_equal(ed_edit_ease_preset(app, "linear"), 0);
    ed_control_command(app, ED_CMD_CYCLE_TIMING);
    ed_control_command(app, ED_CMD_CYCLE_TIMING);
    assert_int_equal(app->doc.cur.doc.options.timing, CP_TIMING_KEYS);
    assert_null(strstr(app->base.message, "skipped"));
}

/* The script's `edit ease`: a preset by name, or the two sides. */
static void the_script_should_set_an_ease(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_script_line(&f->s, "select 1", f->err, sizeof f->err), 0);
    assert_int_equal(ed_script_line(&f->s, "edit ease ease-out", f->err, sizeof f->err), 0);
    assert_true(ed_app_keys(app)[1].ease[0] == 0 && ed_app_keys(app)[1].ease[1] == 1);
    assert_int_equal(ed_script_line(&f->s, "edit ease 0.25 0.5", f->err, sizeof f->err), 0);
    assert_true(ed_app_keys(app)[1].ease[0] == 0.25 && ed_app_keys(app)[1].ease[1] == 0.5);
    assert_int_equal(ed_script_line(&f->s, "edit ease 2 0", f->err, sizeof f->err), -1);
    assert_non_null(strstr(f->err, "ease in is from 0"));
    assert_int_equal(ed_script_line(&f->s, "edit ease wobbly", f->err, sizeof f->err), -1);
    assert_non_null(strstr(f->err, "'wobbly' is not linear"));
}

/* The path's fastest turn, shown with each key: typed (0 is the default),
 * one undo step, saved as "max_angular_speed", out of range refused. */
static void the_fastest_turn_should_be_set_in_the_inspector(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_string_equal(edtest_item(app, ED_FIELD_MAX_TURN)->value, "30.00");
    unsigned long rev = app->doc.cur.revision;
    type_into(f, ED_FIELD_MAX_TURN, "45");
    assert_int_equal(app->ui.typing.field, 0);
    assert_near(app->doc.cur.doc.options.max_angular_speed, 45, 0, 1);
    assert_near(cp_path_get_options(app->doc.path).max_angular_speed, 45, 0, 1);
    assert_string_equal(edtest_item(app, ED_FIELD_MAX_TURN)->value, "45.00");
    assert_non_null(strstr(app->base.message, "a whip pan beyond 135"));
    assert_int_equal(ed_app_save(app), 0);
    size_t size;
    char *saved = testutil_read_file(f->file, &size);
    assert_non_null(strstr(saved, "\"max_angular_speed\": 45"));
    free(saved);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(app->doc.cur.revision, rev);
    assert_string_equal(edtest_item(app, ED_FIELD_MAX_TURN)->value, "30.00");
    type_into(f, ED_FIELD_MAX_TURN, "5000");
    assert_int_equal(app->ui.typing.field, ED_FIELD_MAX_TURN);
    assert_true(app->base.message_error);
    assert_non_null(strstr(app->base.message, "degrees per second, not 5000"));
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_ESCAPE, 0, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(presets_should_be_typed_by_name_in_one_undo_step, setup, teardown),
        cmocka_unit_test_setup_teardown(the_sides_should_be_typed_and_checked, setup, teardown),
        cmocka_unit_test_setup_teardown(dragging_the_preset_should_step_through_them, setup, teardown),
        cmocka_unit_test_setup_teardown(the_timing_cycle_should_skip_a_timing_the_keys_refuse, setup, teardown),
        cmocka_unit_test_setup_teardown(the_fastest_turn_should_be_set_in_the_inspector, setup, teardown),
        cmocka_unit_test_setup_teardown(the_script_should_set_an_ease, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

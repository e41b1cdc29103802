/* SPDX-License-Identifier: MIT */
/* tests/editor/test_hold.c - timing in the editor: new paths are smooth,
 * holds are edited per key (typed, dragged, by script), the graph's speed
 * drops to zero over a hold, key times keep clear of holds, constant-speed
 * timing computes its inner keys' times, and keys timing has no holds. */
#include <math.h>

#include "edtest.h"
#include "inspector.h"
#include "trace.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    fixture *f = edtest_fixture_new("hold.json", 1);
    ed_record_set_nominal_speed(&f->app, 6.0);
    edtest_record_line(&f->app, 4, 6.0); /* x = 0..18 at t = 0..3 */
    *state = f;
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

static void new_recordings_should_use_smooth_timing(void **state)
{
    fixture *f = *state;
    assert_int_equal(f->app.doc.cur.doc.options.timing, CP_TIMING_SMOOTH);
    assert_int_equal(cp_path_get_options(f->app.doc.path).timing, CP_TIMING_SMOOTH);
    /* an existing file keeps its own: keys timing when it says none */
    char *other = edtest_path(f->dir, "old.json");
    assert_int_equal(edtest_write_path(other, 3, NULL), 0);
    assert_int_equal(ed_app_save(&f->app), 0);
    assert_int_equal(ed_app_open(&f->app, other), 0);
    assert_int_equal(f->app.doc.cur.doc.options.timing, CP_TIMING_KEYS);
    free(other);
}

static void a_hold_should_stop_the_camera_and_show_on_the_graph(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_edit_hold(app, 1, 0.6), 0);
    assert_true(edtest_key(app, 1)->flags & CP_KEY_HOLD);
    assert_near(edtest_key(app, 1)->hold, 0.6, 0, 1);
    /* at rest over the hold: velocity and acceleration exactly zero */
    for (double t = 1.0; t <= 1.6; t += 0.05) {
        cp_pose p;
        cp_path_sample(app->doc.path, t, &p);
        assert_near(cp_vec3_length(p.velocity), 0, 0, 1);
        assert_near(p.position.x, 6, 1e-12, 1);
    }
    /* the graph: zero over the hold, samples on both sides of its end, moving after it */
    ed_trace t;
    memset(&t, 0, sizeof t);
    assert_int_equal(ed_trace_build(&t, app->doc.path, 1), 0);
    int at_end = 0;
    for (size_t i = 0; i < t.plot_count; i++) {
        if (t.plot_t[i] >= 1.0 && t.plot_t[i] <= 1.6)
            assert_near(t.plot[ED_PLOT_SPEED][i], 0, 0, 1);
        at_end += t.plot_t[i] == 1.6;
        if (t.plot_t[i] > 1.7 && t.plot_t[i] < 1.9)
            assert_true(t.plot[ED_PLOT_SPEED][i] > 0);
    }
    assert_true(at_end >= 2);
    ed_trace_free(&t);
    /* one undo step; none takes it away */
    assert_int_equal(ed_edit_hold(app, 0, 0), 0);
    assert_false(edtest_key(app, 1)->flags & CP_KEY_HOLD);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_true(edtest_key(app, 1)->flags & CP_KEY_HOLD);
    /* a hold past the next key makes room: the later keys move (tests/editor/test_pace.c) */
    double after = edtest_key(app, 2)->time;
    assert_int_equal(ed_edit_hold(app, 1, 1.5), 0);
    assert_near(edtest_key(app, 2)->time, after + 0.9, 1e-12, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    unsigned long rev = app->doc.cur.revision;
    assert_int_equal(ed_edit_hold(app, 1, -1), -1);
    assert_int_equal(app->doc.cur.revision, rev);
}

static void key_times_should_keep_clear_of_holds(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_edit_hold(app, 1, 0.5), 0);
    /* key 2 cannot come before key 1's hold ends */
    assert_int_equal(ed_select_one(app, 2), 0);
    assert_int_equal(ed_edit_time(app, 1.4), -1);
    assert_non_null(strstr(app->base.message, "between 1.50 s (key 1's hold ends)"));
    assert_int_equal(ed_edit_time(app, 1.7), 0);
    /* dragged or nudged earlier, it stops short of the hold's end */
    assert_int_equal(ed_drag_time(app, 2, -5, 0), 0);
    assert_int_equal(ed_app_end_drag(app), 0);
    assert_near(edtest_key(app, 2)->time, 1.5 + ED_TIME_MARGIN, 1e-12, 1);
    /* key 1 cannot move so late that its hold runs into key 2 */
    assert_int_equal(ed_edit_nudge(app, 0.5, 0), 0);
    assert_near(edtest_key(app, 2)->time, 2.01, 1e-12, 1);
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_edit_nudge(app, 0.5, 0), 0);
    assert_near(ed_doc_key_end(edtest_key(app, 1)), edtest_key(app, 2)->time - ED_TIME_MARGIN, 1e-12, 1);
    /* a key recorded after a held last key starts from the end of the hold */
    assert_int_equal(ed_select_one(app, 3), 0);
    assert_int_equal(ed_edit_hold(app, 1, 2), 0);
    edtest_place(app, 24, 0, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_near(edtest_key(app, 4)->time, ed_doc_key_end(edtest_key(app, 3)) + 1.0, 1e-12, 1);
    /* no key at the playhead inside a hold */
    ed_app_seek(app, edtest_key(app, 3)->time + 1.0);
    assert_int_equal(ed_record_at_playhead(app), -1);
    assert_non_null(strstr(app->base.message, "hold"));
}

static void holds_should_be_typed_and_dragged_in_the_inspector(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 2), 0);
    ed_inspector_type_begin(app, ED_FIELD_HOLD);
    ed_inspector_type_text(app, "0.25");
    assert_int_equal(ed_inspector_type_enter(app, 0), 0);
    assert_near(edtest_key(app, 2)->hold, 0.25, 0, 1);
    ed_inspector in;
    ed_inspector_build(app, &in);
    const ed_inspector_item *hold = NULL;
    for (int i = 0; i < in.count; i++)
        if (in.items[i].field == ED_FIELD_HOLD)
            hold = &in.items[i];
    assert_non_null(hold);
    assert_string_equal(hold->value, "0.250");
    /* dragged 30 pixels: 0.3 s more, one undo step */
    unsigned long rev = app->doc.cur.revision;
    assert_int_equal(ed_inspector_drag(app, ED_FIELD_HOLD, 30), 0);
    assert_int_equal(ed_app_end_drag(app), 0);
    assert_near(edtest_key(app, 2)->hold, 0.55, 1e-12, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(app->doc.cur.revision, rev);
    /* typed away */
    ed_inspector_type_begin(app, ED_FIELD_HOLD);
    ed_inspector_type_backspace(app);
    assert_int_equal(ed_inspector_type_enter(app, 0), 0);
    assert_false(edtest_key(app, 2)->flags & CP_KEY_HOLD);
    ed_inspector_build(app, &in);
    for (int i = 0; i < in.count; i++)
        if (in.items[i].field == ED_FIELD_HOLD)
            assert_string_equal(in.items[i].value, "-");
}

static void keys_timing_should_have_no_holds(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_edit_hold(app, 1, 0.5), 0);
    /* a timing without holds cannot be set while a key holds */
    assert_int_equal(ed_options_set_timing(app, CP_TIMING_KEYS), -1);
    assert_int_equal(app->doc.cur.doc.options.timing, CP_TIMING_SMOOTH);
    assert_int_equal(ed_clip_copy(app), 0);
    assert_int_equal(ed_edit_hold(app, 0, 0), 0);
    assert_int_equal(ed_options_set_timing(app, CP_TIMING_KEYS), 0);
    assert_int_equal(ed_edit_hold(app, 1, 0.5), -1);
    assert_non_null(strstr(app->base.message, "needs smooth or constant-speed timing"));
    /* keys with holds pasted into keys timing lose them, and the message says so */
    ed_app_seek(app, ed_app_start(app) + ed_app_duration(app));
    assert_int_equal(ed_clip_paste(app), 0);
    assert_int_equal(ed_app_key_count(app), 5);
    assert_false(edtest_key(app, 4)->flags & CP_KEY_HOLD);
    assert_non_null(strstr(app->base.message, "1 hold dropped"));
    /* pasted into smooth timing they keep them */
    assert_int_equal(ed_options_set_timing(app, CP_TIMING_SMOOTH), 0);
    assert_int_equal(ed_clip_paste(app), 0);
    assert_true(edtest_key(app, 5)->flags & CP_KEY_HOLD);
    assert_near(edtest_key(app, 5)->hold, 0.5, 0, 1);
}

static void constant_speed_timing_should_time_its_inner_keys(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_edit_position(app, cp_vec3_make(6, 4, 0)), 0);
    /* R retimes a smooth path to constant-speed timing, as campath retime does */
    assert_int_equal(ed_edit_retime(app, 0), 0);
    assert_int_equal(app->doc.cur.doc.options.timing, CP_TIMING_CONSTANT_SPEED);
    /* what the document shows is what the path computed */
    for (size_t i = 0; i < 4; i++)
        assert_near(edtest_key(app, i)->time, cp_path_keys(app->doc.path)[i].time, 0, 1);
    assert_true(cp_path_constant_speed(app->doc.path) > 0);
    /* an inner key's time is the path's to set; the last one's sets the duration */
    assert_int_equal(ed_edit_time(app, 1.5), -1);
    assert_non_null(strstr(app->base.message, "constant-speed timing"));
    assert_int_equal(ed_select_one(app, 3), 0);
    assert_int_equal(ed_edit_time(app, 6), 0);
    assert_near(edtest_key(app, 3)->time, 6, 0, 1);
    assert_int_equal(ed_options_set_timing(app, CP_TIMING_SMOOTH), 0);
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_edit_time(app, 1.5), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(new_recordings_should_use_smooth_timing, setup, teardown),
        cmocka_unit_test_setup_teardown(a_hold_should_stop_the_camera_and_show_on_the_graph, setup, teardown),
        cmocka_unit_test_setup_teardown(key_times_should_keep_clear_of_holds, setup, teardown),
        cmocka_unit_test_setup_teardown(holds_should_be_typed_and_dragged_in_the_inspector, setup, teardown),
        cmocka_unit_test_setup_teardown(keys_timing_should_have_no_holds, setup, teardown),
        cmocka_unit_test_setup_teardown(constant_speed_timing_should_time_its_inner_keys, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* tests/editor/test_edit.c - recording in both time modes, inserting,
 * deleting, moving and retiming keys, options, and undo/redo of each edit. */
#include "edtest.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    *state = edtest_fixture_new("rec.json", 1);
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

/* ---- time modes --------------------------------------------------------------------------- */

static void record_should_time_keys_by_distance_over_nominal_speed(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    ed_record_set_nominal_speed(app, 6.0);
    edtest_place(app, 0, 2, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    edtest_place(app, 12, 2, 0);
    assert_near(ed_record_next_time(app), 2.0, 1e-12, 1);
    assert_int_equal(ed_record_key(app, 0), 0);
    edtest_place(app, 12, 2, 30);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_int_equal(ed_app_key_count(app), 3);
    assert_near(edtest_key(app, 0)->time, 0.0, 0, 1);
    assert_near(edtest_key(app, 1)->time, 2.0, 1e-12, 1);
    assert_near(edtest_key(app, 2)->time, 7.0, 1e-12, 1);
    assert_int_equal(app->doc.cur.selected, 2);
    assert_non_null(app->doc.path);
}

static void record_should_count_the_distance_flown_not_just_the_chord(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    ed_record_set_nominal_speed(app, 4.0);
    app->ui.camera.speed = 8.0;
    edtest_place(app, 0, 5, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    /* fly 2 s forward and 2 s back: 32 m flown, back where the key is */
    ed_camera_input fwd = {1, 0, 0, 0, 0, 0}, back = {-1, 0, 0, 0, 0, 0};
    for (int i = 0; i < 120; i++)
        ed_app_fly(app, &fwd, 1.0 / 60);
    for (int i = 0; i < 60; i++)
        ed_app_fly(app, &back, 2.0 / 60);
    assert_near(app->ui.camera.position.z, 0.0, 1e-9, 1);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_near(edtest_key(app, 1)->time, 32.0 / 4.0, 1e-9, 1);
}

static void record_should_time_a_turn_on_the_spot_by_the_turn_rate(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_place(app, 0, 5, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    ed_app_place_camera(app, cp_vec3_make(0, 5, 0), cp_quat_from_yaw_pitch_roll(M_PI / 2, 0, 0));
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_near(edtest_key(app, 1)->time, (M_PI / 2) / ED_TURN_RATE, 1e-9, 1);
    /* the same pose again still moves time on */
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_near(edtest_key(app, 2)->time - edtest_key(app, 1)->time, ED_MIN_GAP, 1e-9, 1);
}

static void record_in_real_time_should_keep_the_pace_flown(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    ed_record_set_time_mode(app, ED_TIME_REAL);
    edtest_place(app, 0, 5, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    for (int i = 0; i < 3; i++)
        ed_app_update(app, 0.5);
    edtest_place(app, 100, 5, 0); /* far away, but only 1.5 s later */
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_near(edtest_key(app, 1)->time, 1.5, 1e-12, 1);
    for (int i = 0; i < 5; i++)
        ed_app_update(app, 0.25);
    edtest_place(app, 101, 5, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_near(edtest_key(app, 2)->time, 2.75, 1e-12, 1);
}

static void record_in_real_time_should_need_the_clock_to_move_on(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    ed_record_set_time_mode(app, ED_TIME_REAL);
    edtest_place(app, 0, 5, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    ed_app_update(app, 0.5);
    edtest_place(app, 3, 5, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    /* the same moment again: nothing recorded, and the HUD shows the press's own time */
    assert_near(ed_record_next_time(app), 0.5, 1e-12, 1);
    edtest_place(app, 6, 5, 0);
    assert_int_equal(ed_record_key(app, 0), -1);
    assert_string_equal(app->base.message, "real time: no time has passed since the previous key was recorded");
    assert_int_equal(ed_app_key_count(app), 2);
    ed_app_update(app, 0.25);
    assert_near(ed_record_next_time(app), 0.75, 1e-12, 1);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_near(edtest_key(app, 2)->time, 0.75, 1e-12, 1);
}

static void record_in_real_time_should_fall_back_to_distance_without_a_previous_press(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    edtest_place(app, 0, 5, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    edtest_place(app, 6, 5, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_int_equal(ed_app_save(app), 0);
    /* a new session on the same file: the last key was not recorded in it */
    ed_app_free(app);
    ed_app_init(app);
    assert_int_equal(ed_app_open(app, f->file), 0);
    ed_record_set_time_mode(app, ED_TIME_REAL);
    for (int i = 0; i < 80; i++)
        ed_app_update(app, 0.5);
    edtest_place(app, 6 + 12, 5, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_near(edtest_key(app, 2)->time - edtest_key(app, 1)->time, 12.0 / ED_NOMINAL_SPEED, 1e-12, 1);
}

/* F2 through the path camera recorded the free camera, which the user
 * could not see: it records what the user sees, the path's pose at the
 * playhead. */
/* A game that records with the library's recorder gets the file F2 gives:
 * the same key times and the same options (smooth timing, C2, natural ends). */
static void record_should_save_what_the_library_recorder_saves(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    ed_record_set_nominal_speed(app, CP_RECORDER_SPEED);
    cp_error err;
    cp_recorder *rec = cp_recorder_create(NULL, &err);
    assert_non_null(rec);
    const double x[3] = {0, 12, 14}, z[3] = {0, 0, 9};
    for (int i = 0; i < 3; i++) {
        edtest_place(app, x[i], 2, z[i]);
        assert_int_equal(ed_record_key(app, 0), 0);
        assert_int_equal(cp_recorder_add(rec, i, cp_vec3_make(x[i], 2, z[i]), cp_quat_identity(), edtest_key(app, i)->fov,
                                         &err), CP_OK);
    }
    assert_int_equal(ed_app_save(app), 0);
    char *take = edtest_path(f->dir, "take.json");
    assert_int_equal(cp_recorder_save(rec, take, &err), CP_OK);
    cp_path *a = cp_path_load(f->file, &err), *b = cp_path_load(take, &err);
    assert_non_null(a);
    assert_non_null(b);
    cp_path_options oa = cp_path_get_options(a), ob = cp_path_get_options(b);
    assert_int_equal(ob.timing, CP_TIMING_SMOOTH);
    assert_int_equal(oa.timing, ob.timing);
    assert_true(oa.position == ob.position && oa.rotation == ob.rotation && oa.fov == ob.fov);
    assert_true(oa.ends == ob.ends && oa.orientation == ob.orientation);
    assert_int_equal(cp_path_key_count(a), cp_path_key_count(b));
    for (size_t i = 0; i < 3; i++)
        assert_near(cp_path_keys(a)[i].time, cp_path_keys(b)[i].time, 1e-12, 1);
    cp_path_destroy(a);
    cp_path_destroy(b);
    cp_recorder_destroy(rec);
    free(take);
}

static void record_through_the_path_camera_should_record_what_is_seen(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 3, 12.0); /* t = 0, 2, 4 */
    ed_app_seek(app, 1.5);
    app->ui.view_path = 1;
    edtest_place(app, 100, 50, -70); /* the free camera, out of sight */
    cp_pose seen;
    cp_path_sample(app->doc.path, 1.5, &seen);
    for (int insert = 0; insert < 2; insert++) {
        assert_int_equal(ed_record_key(app, insert), 0);
        assert_int_equal(ed_app_key_count(app), 4);
        assert_int_equal(app->doc.cur.selected, 1);
        const cp_key *k = edtest_key(app, 1);
        assert_near(k->time, 1.5, 0, 1);
        assert_near(k->position.x, seen.position.x, 1e-12, 1);
        assert_near(k->position.y, seen.position.y, 1e-12, 1);
        assert_near(cp_quat_angle_between(k->rotation, seen.rotation), 0, 0, 1e-9);
        assert_non_null(strstr(app->base.message, "path camera"));
        assert_int_equal(ed_edit_undo(app), 0);
    }
    /* on a key there is nothing new to see: refused, with the reason */
    ed_app_seek(app, 2.0);
    assert_int_equal(ed_record_key(app, 0), -1);
    assert_non_null(strstr(app->base.message, "at the playhead"));
    assert_int_equal(ed_app_key_count(app), 3);
}

/* A file changed on disk only in a key's hold or focus is a change (the
 * reload check compares documents). */
static void documents_should_differ_in_their_keys_optional_members(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 3, 6.0);
    cp_document a, b;
    assert_int_equal(cp_document_copy(&a, &app->doc.cur.doc, NULL), 0);
    assert_int_equal(cp_document_copy(&b, &app->doc.cur.doc, NULL), 0);
    assert_true(ed_doc_equal(&a, &b));
    b.keys[1].flags = CP_KEY_HOLD;
    assert_false(ed_doc_equal(&a, &b));
    a.keys[1].flags = CP_KEY_HOLD;
    a.keys[1].hold = 0.5;
    assert_false(ed_doc_equal(&a, &b));
    b.keys[1].hold = 0.5;
    assert_true(ed_doc_equal(&a, &b));
    b.keys[2].focus = 3.0;
    assert_false(ed_doc_equal(&a, &b));
    b.keys[2].focus = 0;
    b.options.timing = a.options.timing == CP_TIMING_KEYS ? CP_TIMING_SMOOTH : CP_TIMING_KEYS;
    assert_false(ed_doc_equal(&a, &b));
    cp_document_free(&a);
    cp_document_free(&b);
}

/* ---- insert, delete, move ----------------------------------------------------------------------- */

static void insert_should_place_the_key_after_the_selection_and_move_the_rest(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 3, 12.0); /* t = 0, 2, 4 */
    assert_int_equal(ed_select_one(app, 0), 0);
    edtest_place(app, 6, 0, 8); /* 10 m from key 0 and from key 1 */
    assert_int_equal(ed_record_key(app, 1), 0);
    assert_int_equal(ed_app_key_count(app), 4);
    assert_int_equal(app->doc.cur.selected, 1);
    assert_near(edtest_key(app, 1)->position.x, 6, 0, 1);
    assert_near(edtest_key(app, 1)->time, 10.0 / 6.0, 1e-12, 1);
    assert_near(edtest_key(app, 2)->time, 20.0 / 6.0, 1e-12, 1);
    assert_near(edtest_key(app, 3)->time, 20.0 / 6.0 + 2.0, 1e-12, 1);
    assert_near(edtest_key(app, 2)->position.x, 12, 0, 1);
    /* a second insert chains after the new key */
    edtest_place(app, 9, 0, 4);
    assert_int_equal(ed_record_key(app, 1), 0);
    assert_int_equal(app->doc.cur.selected, 2);
    assert_near(edtest_key(app, 2)->position.x, 9, 0, 1);
    for (size_t i = 1; i < ed_app_key_count(app); i++)
        assert_true(edtest_key(app, i)->time > edtest_key(app, i - 1)->time);
}

static void insert_without_a_selection_should_record_at_the_end(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 2, 6.0);
    assert_int_equal(ed_select_one(app, -1), 0);
    edtest_place(app, 18, 0, 0);
    assert_int_equal(ed_record_key(app, 1), 0);
    assert_int_equal(ed_app_key_count(app), 3);
    assert_near(edtest_key(app, 2)->position.x, 18, 0, 1);
    assert_near(edtest_key(app, 2)->time, 3.0, 1e-12, 1);
}

static void delete_should_remove_the_selected_key(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 4, 6.0);
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_edit_delete(app), 0);
    assert_int_equal(ed_app_key_count(app), 3);
    assert_near(edtest_key(app, 1)->position.x, 12, 0, 1);
    assert_int_equal(app->doc.cur.selected, 1);
    assert_int_equal(ed_select_one(app, 2), 0);
    assert_int_equal(ed_edit_delete(app), 0);
    assert_int_equal(app->doc.cur.selected, 1);
    assert_int_equal(ed_edit_delete(app), 0);
    assert_int_equal(ed_app_key_count(app), 1);
    assert_null(app->doc.path); /* one key is not a path, but it is kept */
    assert_int_equal(ed_edit_delete(app), 0);
    assert_int_equal(app->doc.cur.selected, -1);
    assert_int_equal(ed_edit_delete(app), -1);
}

static void move_key_should_take_the_camera_pose(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_select_one(app, 1), 0);
    cp_quat q = cp_quat_from_yaw_pitch_roll(0.3, -0.2, 0.1);
    ed_app_place_camera(app, cp_vec3_make(6, 3, -2), q);
    app->ui.camera.fov = 45;
    double t = edtest_key(app, 1)->time;
    assert_int_equal(ed_edit_move_to_camera(app), 0);
    const cp_key *k = edtest_key(app, 1);
    assert_near(k->position.y, 3, 0, 1);
    assert_near(k->fov, 45, 0, 1);
    assert_near(fabs(cp_quat_dot(k->rotation, q)), 1.0, 1e-12, 1);
    assert_near(k->time, t, 0, 1);
}

static void key_times_should_stay_strictly_increasing(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 3, 6.0); /* 0, 1, 2 */
    assert_int_equal(ed_edit_key_time(app, 1, 2.0), -1);
    assert_int_equal(ed_edit_key_time(app, 1, 0.0), -1);
    assert_int_equal(ed_edit_key_time(app, 1, 1.5), 0);
    assert_near(edtest_key(app, 1)->time, 1.5, 0, 1);
    assert_int_equal(ed_select_one(app, 1), 0);
    for (int i = 0; i < 20; i++)
        ed_edit_nudge(app, ED_NUDGE, 0);
    assert_near(edtest_key(app, 1)->time, 2.0 - ED_TIME_MARGIN, 1e-12, 1);
    assert_int_equal(ed_edit_nudge(app, ED_NUDGE, 0), -1);
    /* ripple moves the rest along */
    assert_int_equal(ed_edit_nudge(app, 0.5, 1), 0);
    assert_near(edtest_key(app, 1)->time, 2.49, 1e-12, 1);
    assert_near(edtest_key(app, 2)->time, 2.5, 1e-12, 1);
}

static void retime_should_give_constant_speed(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_place(app, 0, 0, 0);
    ed_record_key(app, 0);
    edtest_place(app, 1, 0, 0);
    ed_record_key(app, 0);
    edtest_place(app, 31, 0, 0);
    ed_record_key(app, 0);
    assert_int_equal(ed_edit_key_time(app, 1, 4.0), 0);
    double dur = ed_app_duration(app);
    assert_int_equal(ed_edit_retime(app, 0), 0);
    assert_near(ed_app_duration(app), dur, 1e-9, 1);
    /* key 1 is 1/31 of the way: it should come early now */
    assert_true(edtest_key(app, 1)->time < 0.2 * dur);
}

/* A long path is retimed in the background (here every path: the threshold
 * set to 0): the editor goes on, the result comes in through ed_app_update,
 * an edit made meanwhile wins over it, and quitting during one leaks nothing. */
static void retime_should_not_hold_the_editor_up(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    app->doc.retime_background = 0;
    edtest_place(app, 0, 0, 0);
    ed_record_key(app, 0);
    edtest_place(app, 1, 0, 0);
    ed_record_key(app, 0);
    edtest_place(app, 31, 0, 0);
    ed_record_key(app, 0);
    assert_int_equal(ed_edit_key_time(app, 1, 4.0), 0);
    const double dur = ed_app_duration(app);
    assert_int_equal(ed_edit_retime(app, 0), 0);
    assert_non_null(app->doc.retimer);
    assert_non_null(strstr(app->base.message, "retiming 3 keys to constant speed"));
    assert_near(edtest_key(app, 1)->time, 4.0, 0, 1); /* not yet */
    assert_int_equal(ed_edit_retime(app, 0), -1);      /* one at a time */
    while (app->doc.retimer)
        ed_app_update(app, 0.01);
    assert_near(ed_app_duration(app), dur, 1e-9, 1);
    assert_true(edtest_key(app, 1)->time < 0.2 * dur);

    /* an edit while it runs: the retime is dropped, the edit stays (in
     * smooth timing: constant-speed timing computes the keys' times) */
    assert_int_equal(ed_options_set_timing(app, CP_TIMING_SMOOTH), 0);
    assert_int_equal(ed_edit_retime(app, 2 * dur), 0);
    assert_int_equal(ed_edit_key_time(app, 1, 3.0), 0);
    assert_int_equal(ed_edit_wait_retime(app), -1);
    assert_non_null(strstr(app->base.message, "path changed while it was being retimed"));
    assert_near(edtest_key(app, 1)->time, 3.0, 0, 1);
    assert_near(ed_app_duration(app), dur, 1e-9, 1);

    /* a bad duration is reported when the retime ends */
    assert_int_equal(ed_edit_retime(app, -1.0), 0);
    assert_int_equal(ed_edit_wait_retime(app), -1);
    assert_true(app->base.message_error);

    assert_int_equal(ed_edit_retime(app, 0), 0); /* left running: the teardown frees it */
}

static void closed_ends_should_keep_the_closing_segment(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_place(app, 0, 0, 0);
    ed_record_key(app, 0);
    edtest_place(app, 12, 0, 0);
    ed_record_key(app, 0);
    edtest_place(app, 12, 0, 12);
    ed_record_key(app, 0);
    assert_int_equal(ed_options_set_ends(app, CP_ENDS_CLOSED), 0);
    const cp_path_options *o = &app->doc.cur.doc.options;
    double span = edtest_key(app, 2)->time - edtest_key(app, 0)->time;
    double closing = o->period - span;
    assert_near(closing, sqrt(288.0) / ED_NOMINAL_SPEED, 1e-12, 1);
    edtest_place(app, 0, 0, 12);
    assert_int_equal(ed_record_key(app, 0), 0);
    span = edtest_key(app, 3)->time - edtest_key(app, 0)->time;
    assert_near(app->doc.cur.doc.options.period - span, closing, 1e-12, 1);
    assert_int_equal(ed_options_set_ends(app, CP_ENDS_NATURAL), 0);
    assert_int_equal(ed_options_cycle_ends(app), 0);
    assert_int_equal(app->doc.cur.doc.options.ends, CP_ENDS_REST);
}

static void interpolation_should_cycle_through_four_kinds(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 4, 6.0);
    static const cp_interp want[] = {CP_INTERP_BISECTOR, CP_INTERP_CATMULL_ROM, CP_INTERP_LINEAR, CP_INTERP_C2};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(ed_options_cycle_interp(app), 0);
        assert_int_equal(app->doc.cur.doc.options.position, want[i]);
        assert_int_equal(app->doc.cur.doc.options.rotation, want[i]);
        assert_int_equal(app->doc.cur.doc.options.fov, want[i]);
        assert_int_equal(cp_path_get_options(app->doc.path).position, want[i]);
    }
}

static void cycling_from_step_interpolation_should_start_over_at_c2(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 3, 6.0);
    /* step is not in the I cycle; a file may still hold it */
    assert_int_equal(ed_options_set_interp(app, CP_INTERP_STEP), 0);
    assert_int_equal(ed_options_cycle_interp(app), 0);
    assert_int_equal(app->doc.cur.doc.options.position, CP_INTERP_C2);
    assert_int_equal(ed_options_cycle_interp(app), 0);
    assert_int_equal(app->doc.cur.doc.options.position, CP_INTERP_BISECTOR);
}

static void end_should_put_the_playhead_at_the_end_of_a_closed_loop(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_options_set_ends(app, CP_ENDS_CLOSED), 0);
    double end = ed_app_start(app) + ed_app_duration(app);
    ed_control_command(app, ED_CMD_SEEK_END);
    assert_near(app->base.playhead, end, 1e-12, 1);
    /* and playing on from there goes round again */
    ed_app_play(app, 1);
    ed_app_update(app, 0.25);
    assert_near(app->base.playhead, ed_app_start(app) + 0.25, 1e-9, 1);
    /* Right past the end wraps as before */
    ed_app_play(app, 0);
    ed_control_command(app, ED_CMD_SEEK_END);
    ed_control_command(app, ED_CMD_STEP_FORWARD);
    assert_near(app->base.playhead, ed_app_start(app) + ED_STEP_SMALL, 1e-9, 1);
}

/* ---- undo and redo ------------------------------------------------------------------------------ */

typedef int (*edit_fn)(ed_app *app);

static int do_record(ed_app *app) { edtest_place(app, 40, 1, 3); return ed_record_key(app, 0); }
static int do_insert(ed_app *app) { ed_select_one(app, 1); edtest_place(app, 8, 4, 0); return ed_record_key(app, 1); }
static int do_delete(ed_app *app) { ed_select_one(app, 2); return ed_edit_delete(app); }
static int do_move(ed_app *app) { ed_select_one(app, 0); edtest_place(app, -3, 2, 1); return ed_edit_move_to_camera(app); }
static int do_time(ed_app *app) { return ed_edit_key_time(app, 2, 2.5); }
static int do_nudge(ed_app *app) { ed_select_one(app, 1); return ed_edit_nudge(app, -0.3, 0); }
static int do_ripple(ed_app *app) { ed_select_one(app, 1); return ed_edit_nudge(app, 0.7, 1); }
static int do_retime(ed_app *app) { return ed_edit_retime(app, 10.0); }
static int do_interp(ed_app *app) { return ed_options_set_interp(app, CP_INTERP_CATMULL_ROM); }
static int do_ends(ed_app *app) { return ed_options_set_ends(app, CP_ENDS_CLOSED); }

static void every_edit_should_undo_and_redo(void **state)
{
    static const struct {
        const char *name;
        edit_fn     fn;
    } edits[] = {{"record", do_record}, {"insert", do_insert}, {"delete", do_delete}, {"move", do_move},
                 {"time", do_time},     {"nudge", do_nudge},   {"ripple", do_ripple}, {"retime", do_retime},
                 {"interp", do_interp}, {"ends", do_ends}};
    ed_app *app = &((fixture *)*state)->app;
    for (size_t e = 0; e < sizeof edits / sizeof edits[0]; e++) {
        ed_edit_undo(app); /* not needed, but must not disturb */
        ed_app_free(app);
        ed_app_init(app);
        assert_int_equal(ed_app_open(app, ((fixture *)*state)->file), 0);
        edtest_record_line(app, 4, 6.0);
        cp_document before, after;
        assert_int_equal(cp_document_copy(&before, &app->doc.cur.doc, NULL), 0);
        print_message("edit: %s\n", edits[e].name);
        assert_int_equal(edits[e].fn(app), 0);
        assert_false(ed_doc_equal(&before, &app->doc.cur.doc));
        assert_int_equal(cp_document_copy(&after, &app->doc.cur.doc, NULL), 0);
        assert_int_equal(ed_edit_undo(app), 0);
        assert_true(ed_doc_equal(&before, &app->doc.cur.doc));
        assert_non_null(app->doc.path);
        assert_int_equal(ed_edit_redo(app), 0);
        assert_true(ed_doc_equal(&after, &app->doc.cur.doc));
        assert_int_equal(ed_edit_redo(app), -1);
        cp_document_free(&before);
        cp_document_free(&after);
    }
}

static void undo_should_walk_back_through_every_recording(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 5, 6.0);
    for (int i = 4; i >= 0; i--) {
        assert_int_equal(ed_edit_undo(app), 0);
        assert_int_equal(ed_app_key_count(app), (size_t)i);
    }
    assert_int_equal(ed_edit_undo(app), -1);
    for (int i = 1; i <= 5; i++) {
        assert_int_equal(ed_edit_redo(app), 0);
        assert_int_equal(ed_app_key_count(app), (size_t)i);
    }
    /* a new edit after undo forgets the redo states */
    ed_edit_undo(app);
    ed_edit_undo(app);
    edtest_place(app, 100, 0, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_int_equal(ed_edit_redo(app), -1);
    assert_int_equal(ed_app_key_count(app), 4);
}

static void a_failed_edit_should_change_nothing(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 3, 6.0);
    cp_document before;
    assert_int_equal(cp_document_copy(&before, &app->doc.cur.doc, NULL), 0);
    unsigned long rev = app->doc.cur.revision;
    size_t depth = app->doc.history.undo_count;
    assert_int_equal(ed_edit_key_time(app, 1, NAN), -1);
    assert_int_equal(ed_edit_key_time(app, 7, 1.0), -1);
    assert_int_equal(ed_edit_retime(app, -1.0), -1);
    assert_int_equal(ed_select_one(app, 9), -1);
    assert_true(app->base.message_error);
    assert_true(ed_doc_equal(&before, &app->doc.cur.doc));
    assert_int_equal(app->doc.cur.revision, rev);
    assert_int_equal(app->doc.history.undo_count, depth);
    cp_document_free(&before);
}

static void playback_should_advance_and_stop_at_the_end(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 3, 6.0); /* 0 .. 2 s */
    ed_app_seek(app, 0);
    ed_app_play(app, 1);
    for (int i = 0; i < 60; i++)
        ed_app_update(app, 1.0 / 60);
    assert_near(app->base.playhead, 1.0, 1e-9, 1);
    assert_true(app->base.playing);
    for (int i = 0; i < 120; i++)
        ed_app_update(app, 1.0 / 60);
    assert_false(app->base.playing);
    assert_near(app->base.playhead, 2.0, 0, 1);
    /* play again starts over */
    ed_app_toggle_play(app);
    assert_near(app->base.playhead, 0.0, 0, 1);
    /* a closed path loops */
    ed_app_play(app, 0);
    assert_int_equal(ed_options_set_ends(app, CP_ENDS_CLOSED), 0);
    double period = app->doc.cur.doc.options.period;
    ed_app_seek(app, 0);
    ed_app_play(app, 1);
    for (int i = 0; i < 60; i++)
        ed_app_update(app, period / 40);
    assert_true(app->base.playing);
    assert_near(app->base.playhead, fmod(1.5 * period, period), 1e-9, 1);
    /* looking through the path camera shows the path's pose */
    app->ui.view_path = 1;
    cp_vec3 p;
    cp_quat q;
    double fov;
    ed_app_view_pose(app, &p, &q, &fov);
    cp_pose pose;
    cp_path_sample(app->doc.path, app->base.playhead, &pose);
    assert_near(p.x, pose.position.x, 1e-12, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(record_should_time_keys_by_distance_over_nominal_speed, setup, teardown),
        cmocka_unit_test_setup_teardown(record_should_count_the_distance_flown_not_just_the_chord, setup, teardown),
        cmocka_unit_test_setup_teardown(record_should_time_a_turn_on_the_spot_by_the_turn_rate, setup, teardown),
        cmocka_unit_test_setup_teardown(record_in_real_time_should_keep_the_pace_flown, setup, teardown),
        cmocka_unit_test_setup_teardown(record_in_real_time_should_need_the_clock_to_move_on, setup, teardown),
        cmocka_unit_test_setup_teardown(record_in_real_time_should_fall_back_to_distance_without_a_previous_press,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(record_should_save_what_the_library_recorder_saves, setup, teardown),
        cmocka_unit_test_setup_teardown(record_through_the_path_camera_should_record_what_is_seen, setup, teardown),
        cmocka_unit_test_setup_teardown(documents_should_differ_in_their_keys_optional_members, setup, teardown),
        cmocka_unit_test_setup_teardown(insert_should_place_the_key_after_the_selection_and_move_the_rest, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(insert_without_a_selection_should_record_at_the_end, setup, teardown),
        cmocka_unit_test_setup_teardown(delete_should_remove_the_selected_key, setup, teardown),
        cmocka_unit_test_setup_teardown(move_key_should_take_the_camera_pose, setup, teardown),
        cmocka_unit_test_setup_teardown(key_times_should_stay_strictly_increasing, setup, teardown),
        cmocka_unit_test_setup_teardown(retime_should_give_constant_speed, setup, teardown),
        cmocka_unit_test_setup_teardown(retime_should_not_hold_the_editor_up, setup, teardown),
        cmocka_unit_test_setup_teardown(closed_ends_should_keep_the_closing_segment, setup, teardown),
        cmocka_unit_test_setup_teardown(interpolation_should_cycle_through_four_kinds, setup, teardown),
        cmocka_unit_test_setup_teardown(cycling_from_step_interpolation_should_start_over_at_c2, setup, teardown),
        cmocka_unit_test_setup_teardown(every_edit_should_undo_and_redo, setup, teardown),
        cmocka_unit_test_setup_teardown(undo_should_walk_back_through_every_recording, setup, teardown),
        cmocka_unit_test_setup_teardown(a_failed_edit_should_change_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(playback_should_advance_and_stop_at_the_end, setup, teardown),
        cmocka_unit_test_setup_teardown(end_should_put_the_playhead_at_the_end_of_a_closed_loop, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

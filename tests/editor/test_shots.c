/* SPDX-License-Identifier: MIT */
/* tests/editor/test_shots.c - a sequence open in the editor: its shots on
 * the track, the path of the shot chosen edited, the preview through the
 * cuts and blends, shots changed by the mouse on the track (each drag one
 * undo step, refusals in shot numbers and seconds) and by commands, undo
 * taking shot edits and key edits in the order they were made, saving every
 * file that changed, and the question on quitting. */
#include <math.h>

#include "edtest.h"
#include "edit.h"
#include "pointer.h"
#include "select.h"
#include "shots.h"

typedef edtest_fixture fixture;

/* |a - b| <= tol, or a failure showing both */
#define assert_double_equal(a, b, tol) near_((a), (b), (tol), #a, __LINE__)
static void near_(double a, double b, double tol, const char *what, int line)
{
    if (!(fabs(a - b) <= tol))
        fail_msg("line %d: %s is %.17g, expected %.17g (within %g)", line, what, a, b, tol);
}

/* a.json: 11 keys, 0 to 10 s; b.json: 9 keys, 0 to 8 s. Shot 1 plays a whole, shot 2 b from 2 to
   8 s blending in over 2 s (sequence 8 to 14 s), shot 3 a from 4 to 9 s after a cut (14 to 19 s). */
static int setup(void **state)
{
    fixture *f = edtest_fixture_new("seq.json", 0);
    char *a = edtest_path(f->dir, "a.json"), *b = edtest_path(f->dir, "b.json");
    assert_int_equal(edtest_write_path(a, 11, NULL), 0);
    assert_int_equal(edtest_write_path(b, 9, "\"name\": \"bee\","), 0);
    assert_int_equal(testutil_write_file(f->file, "{\"campath\": 1, \"shots\": [\n"
                                                  "  {\"path\": \"a.json\"},\n"
                                                  "  {\"path\": \"b.json\", \"from\": 2, \"to\": 8, \"blend\": 2},\n"
                                                  "  {\"path\": \"a.json\", \"from\": 4, \"to\": 9}]}\n"),
                     0);
    free(a);
    free(b);
    ed_app_resize(&f->app, 960, 540);
    assert_int_equal(ed_app_open(&f->app, f->file), 0);
    *state = f;
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

static void click(fixture *f, double x, double y) { edtest_drag(f, x, y, x, y); }

static ed_shot_box box(fixture *f, size_t i)
{
    ed_layout l;
    ed_app_layout(&f->app, &l);
    ed_shot_box b;
    ed_shots_box(&f->app, &l, i, &b);
    return b;
}

static double mid_y(const ed_shot_box *b) { return (b->y0 + b->y1) / 2.0; }

/* seconds per pixel on the track */
static double per_pixel(fixture *f)
{
    ed_layout l;
    ed_app_layout(&f->app, &l);
    return ed_shots_duration(&f->app) / (l.bar.w - 1);
}

static const ed_seq_shot *shot(fixture *f, size_t i)
{
    assert_true(i < f->app.seq.count);
    return &f->app.seq.shots[i];
}

/* ---- opening and playing ----------------------------------------------------------------------- */

static void test_open(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_shots_count(app), 3);
    assert_int_equal(app->seq.current, 0);
    assert_int_equal(ed_app_key_count(app), 11); /* a.json's keys */
    assert_false(ed_app_dirty(app));
    assert_double_equal(ed_shots_duration(app), 19.0, 1e-9);
    assert_non_null(strstr(app->base.message, "3 shots"));
    ed_layout l;
    ed_app_layout(app, &l);
    assert_true(l.shots.h > 0);
    assert_true(l.shots.y + l.shots.h <= l.timeline.y);
    assert_true(l.view.y + l.view.h <= l.shots.y);
    /* the boxes: shot 2 overlaps shot 1 by its blend, shot 3 starts where shot 2 ends (a cut) */
    ed_shot_box b1 = box(f, 0), b2 = box(f, 1), b3 = box(f, 2);
    assert_true(b2.x0 < b1.x1 && b2.xb > b2.x0 + 10);
    assert_double_equal(b2.xb, b1.x1, 1e-9);
    assert_double_equal(b3.x0, b2.x1, 1e-9);
    assert_double_equal(b3.xb, b3.x0, 1e-9);
    assert_true(b1.current && !b2.current);
    assert_true(b1.y0 != b2.y0); /* alternate rows: the blend's overlap shows */
}

/* The view through the path camera and the rendered shot are the sequence's poses. */
static void test_preview(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    ed_app_refresh(app);
    cp_error err;
    char *seqname = edtest_path(f->dir, "seq.json");
    cp_sequence *lib = cp_sequence_load(seqname, &err);
    free(seqname);
    assert_non_null(lib);
    const double times[] = {0, 3.5, 8.5, 9.9, 13.0, 14.0, 16.25, 19.0};
    for (size_t k = 0; k < sizeof times / sizeof times[0]; k++) {
        cp_sequence_pose want, got;
        cp_sequence_sample(lib, times[k], NAN, &want);
        assert_int_equal(ed_shots_pose(app, times[k], &got), 0);
        assert_double_equal(got.pose.position.x, want.pose.position.x, 1e-12);
        assert_double_equal(got.pose.fov, want.pose.fov, 1e-12);
        assert_int_equal(got.shot, want.shot);
    }
    /* playing: the playhead walks through the shots, the shot playing is edited */
    ed_app_view_path(app, 1);
    ed_app_play(app, 1);
    for (int i = 0; i < 95; i++)
        ed_app_update(app, 0.1); /* 9.5 s: inside the blend, shot 2 plays */
    assert_int_equal(app->seq.current, 1);
    assert_int_equal(ed_app_key_count(app), 9);
    assert_double_equal(app->base.playhead, 2 + 1.5, 1e-6);
    cp_vec3 p;
    cp_quat q;
    double fov;
    ed_app_view_pose(app, &p, &q, &fov);
    cp_sequence_pose want;
    cp_sequence_sample(lib, 9.5, NAN, &want);
    assert_double_equal(p.x, want.pose.position.x, 1e-6);
    assert_true(want.blending);
    for (int i = 0; i < 120; i++)
        ed_app_update(app, 0.1);
    assert_false(app->base.playing); /* it stops at the end */
    assert_int_equal(app->seq.current, 2);
    assert_double_equal(ed_shots_time(app), 19.0, 1e-9);
    assert_double_equal(app->base.playhead, 9.0, 1e-9);
    cp_sequence_destroy(lib);
}

/* ---- the mouse on the track -------------------------------------------------------------------- */

static void test_click_chooses(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    ed_shot_box b2 = box(f, 1);
    click(f, (b2.xb + b2.x1) / 2, mid_y(&b2));
    assert_int_equal(app->seq.current, 1);
    assert_int_equal(ed_app_key_count(app), 9);
    assert_string_equal(app->doc.cur.doc.name, "bee");
    assert_non_null(strstr(app->base.message, "shot 2 of 3"));
    assert_true(box(f, 1).current);
    /* the keys edited are b's: an edit there leaves a alone */
    ed_select_one(app, 0);
    assert_int_equal(ed_edit_fov(app, 40), 0);
    ed_shot_box b1 = box(f, 0);
    click(f, (b1.x0 + b1.x1) / 2, mid_y(&b1));
    assert_int_equal(app->seq.current, 0);
    assert_int_equal(ed_app_key_count(app), 11);
    assert_double_equal(edtest_key(app, 0)->fov, app->seq.paths[1].doc.cur.doc.keys[1].fov, 1e-12);
    assert_double_equal(app->seq.paths[1].doc.cur.doc.keys[0].fov, 40, 1e-12);
    assert_true(ed_app_dirty(app)); /* b waits with its edit */
}

static void test_drag_blend(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    ed_shot_box b2 = box(f, 1);
    double spp = per_pixel(f);
    /* the left edge 60 px left: a longer blend, by 60 px of seconds */
    edtest_drag(f, b2.x0, mid_y(&b2), b2.x0 - 60, mid_y(&b2));
    assert_double_equal(shot(f, 1)->blend, 2 + 60 * spp, 1e-9);
    assert_non_null(strstr(app->base.message, "shot 2: a blend of"));
    assert_true(ed_app_dirty(app));
    /* one undo step */
    assert_int_equal(ed_edit_undo(app), 0);
    assert_double_equal(shot(f, 1)->blend, 2, 1e-12);
    assert_non_null(strstr(app->base.message, "undone: shot 2: a blend of"));
    assert_false(ed_app_dirty(app));
    assert_int_equal(ed_edit_redo(app), 0);
    assert_double_equal(shot(f, 1)->blend, 2 + 60 * spp, 1e-9);
    assert_int_equal(ed_edit_undo(app), 0);
    /* the left edge of shot 3 to the right, past the cut: stays a cut */
    ed_shot_box b3 = box(f, 2);
    edtest_drag(f, b3.x0, mid_y(&b3), b3.x0 + 40, mid_y(&b3));
    assert_double_equal(shot(f, 2)->blend, 0, 0);
    /* ... and far left: a blend longer than shot 3 (5 s) is refused; the last good one stays */
    b3 = box(f, 2);
    edtest_drag(f, b3.x0, mid_y(&b3), b3.x0 - 6.5 / spp, mid_y(&b3));
    assert_true(app->base.message_error == 0); /* the drag ends on its last good step */
    assert_true(shot(f, 2)->blend > 3.5 && shot(f, 2)->blend <= 4.0 + 1e-9);
    /* shot 2's own blend (2 s) and shot 3's (up to 4 s) share shot 2's 6 s: no more */
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, (int)lround(box(f, 2).x0), (int)mid_y(&b3));
    edtest_event(f, ED_EV_MOTION, 0, (int)lround(box(f, 2).x0 - 1.0 / spp), (int)mid_y(&b3));
    edtest_event(f, ED_EV_MOTION, 0, (int)lround(box(f, 2).x0 - 2.0 / spp), (int)mid_y(&b3));
    assert_true(app->base.message_error);
    assert_non_null(strstr(app->base.message, "shot 3"));
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, (int)lround(box(f, 2).x0 - 2.0 / spp), (int)mid_y(&b3));
    assert_true(shot(f, 2)->blend <= 4.0 + 1e-9);
}

static void test_drag_trim_and_escape(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    ed_shot_box b1 = box(f, 0);
    double spp = per_pixel(f);
    /* the right edge of shot 1, 30 px left: it ends earlier */
    edtest_drag(f, b1.x1, mid_y(&b1), b1.x1 - 30, mid_y(&b1));
    assert_double_equal(shot(f, 0)->to, 10 - 30 * spp, 1e-9);
    assert_double_equal(shot(f, 0)->from, 0, 0);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_double_equal(shot(f, 0)->to, 10, 0);
    /* Shift+left edge of shot 3: its from */
    ed_shot_box b3 = box(f, 2);
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_SHIFT, 0, 0);
    edtest_drag(f, b3.x0, mid_y(&b3), b3.x0 + 20, mid_y(&b3));
    edtest_event(f, ED_EV_KEY_UP, ED_KEY_SHIFT, 0, 0);
    assert_double_equal(shot(f, 2)->from, 4 + 20 * spp, 1e-9);
    assert_double_equal(shot(f, 2)->to, 9, 0);
    /* Esc in a drag puts the shots back */
    ed_shot_box b2 = box(f, 1);
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, (int)b2.x1, (int)mid_y(&b2));
    edtest_event(f, ED_EV_MOTION, 0, (int)b2.x1 - 40, (int)mid_y(&b2));
    assert_true(shot(f, 1)->to < 8);
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_ESCAPE, 0, 0);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, (int)b2.x1 - 40, (int)mid_y(&b2));
    assert_double_equal(shot(f, 1)->to, 8, 0);
}

static void test_drag_moves(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    /* shot 3's body dragged left past the middle of shot 2: it becomes shot 2 */
    ed_shot_box b2 = box(f, 1), b3 = box(f, 2);
    edtest_drag(f, (b3.x0 + b3.x1) / 2, mid_y(&b3), (b2.x0 + b2.xb) / 2 - 10, mid_y(&b3));
    assert_double_equal(shot(f, 1)->from, 4, 0); /* a's 4-9 s part */
    assert_double_equal(shot(f, 2)->from, 2, 0); /* b's */
    assert_double_equal(shot(f, 2)->blend, 2, 0);
    assert_non_null(strstr(app->base.message, "moved to place 2"));
    assert_int_equal(ed_edit_undo(app), 0);
    assert_double_equal(shot(f, 2)->from, 4, 0);
    /* shot 2's body dragged a little left: it starts earlier, through its blend */
    b2 = box(f, 1);
    double spp = per_pixel(f);
    edtest_drag(f, (b2.xb + b2.x1) / 2, mid_y(&b2), (b2.xb + b2.x1) / 2 - 15, mid_y(&b2));
    assert_double_equal(shot(f, 1)->blend, 2 + 15 * spp, 1e-9);
}

/* ---- commands, refusals, undo in order --------------------------------------------------------- */

static void test_commands(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_shots_blend(app, 1, 7), -1);
    assert_string_equal(app->base.message, "shot 2: a blend of 7.00 s is longer than the shot (6.00 s)");
    assert_int_equal(ed_shots_blend(app, 2, 4.5), -1);
    assert_string_equal(app->base.message, "shot 3: its blend (4.50 s) overlaps shot 2's own blend (2.00 s): together 6.50 s, shot 2 is 6.00 s");
    assert_int_equal(ed_shots_blend(app, 0, 1), -1);
    assert_non_null(strstr(app->base.message, "shot 1 starts the sequence"));
    assert_int_equal(ed_shots_trim(app, 1, 3, 12), -1);
    assert_string_equal(app->base.message, "shot 2: 3.00 s to 12.00 s is outside its path b.json (0.00 s to 8.00 s)");
    assert_int_equal(ed_shots_trim(app, 1, 6, 3), -1);
    assert_non_null(strstr(app->base.message, "from 6.00 s must come before to 3.00 s"));
    assert_int_equal(ed_shots_choose(app, 5), -1);
    assert_string_equal(app->base.message, "there is no shot 6: the sequence has 3");
    assert_false(ed_app_dirty(app));
    /* add the path edited (a) as shot 4 */
    assert_int_equal(ed_shots_add(app, NULL), 0);
    assert_int_equal(ed_shots_count(app), 4);
    assert_int_equal(app->seq.current, 3);
    assert_double_equal(shot(f, 3)->to, 10, 0);
    /* undo in the order of the edits: a key edit of a, a shot edit, a key edit of a */
    ed_select_one(app, 1);
    assert_int_equal(ed_edit_fov(app, 30), 0);
    assert_int_equal(ed_shots_trim(app, 3, 1, 6), 0);
    ed_select_one(app, 2);
    assert_int_equal(ed_edit_fov(app, 35), 0);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_double_equal(edtest_key(app, 2)->fov, 60, 1e-9);
    assert_double_equal(shot(f, 3)->to, 6, 0);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_double_equal(shot(f, 3)->to, 10, 0);
    assert_double_equal(edtest_key(app, 1)->fov, 30, 1e-9);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_double_equal(edtest_key(app, 1)->fov, 60, 1e-9);
    assert_int_equal(ed_shots_count(app), 4);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(ed_shots_count(app), 3);
    assert_int_equal(ed_edit_redo(app), 0);
    assert_int_equal(ed_shots_count(app), 4);
}

/* ---- saving and quitting ------------------------------------------------------------------------ */

static void test_save(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_shots_choose(app, 1), 0);
    ed_select_one(app, 3);
    assert_int_equal(ed_edit_fov(app, 45), 0);
    assert_int_equal(ed_shots_choose(app, 0), 0);
    assert_int_equal(ed_shots_blend(app, 1, 1.25), 0);
    /* quitting asks: b and the shots have edits not saved, though a has none */
    assert_false(ed_file_dirty(&app->file, &app->doc));
    assert_int_equal(ed_app_request_quit(app), 0);
    assert_int_equal(app->base.prompt, ED_PROMPT_QUIT);
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_SAVE), 0);
    assert_true(app->base.quit);
    assert_false(ed_app_dirty(app));
    /* on disk: b's key, the blend */
    char *b = edtest_path(f->dir, "b.json");
    cp_error err;
    cp_path *pb = cp_path_load(b, &err);
    assert_non_null(pb);
    assert_double_equal(cp_path_keys(pb)[3].fov, 45, 1e-9);
    cp_path_destroy(pb);
    free(b);
    cp_sequence *q = cp_sequence_load(f->file, &err);
    assert_non_null(q);
    assert_int_equal(cp_sequence_shot_count(q), 3);
    assert_double_equal(cp_sequence_shot(q, 1)->blend, 1.25, 0);
    assert_double_equal(cp_sequence_shot(q, 2)->from, 4, 0);
    assert_string_equal(cp_sequence_shot_file(q, 1) + strlen(cp_sequence_shot_file(q, 1)) - 6, "b.json");
    cp_sequence_destroy(q);
}

/* Members the editor does not change stay, in their order: the file's own and each shot's. */
static void test_save_keeps_members(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    char *x = edtest_path(f->dir, "x.json");
    assert_int_equal(testutil_write_file(x, "{\"campath\": 1, \"name\": \"cut \\\"scene\\\"\", \"note\": [1, {\"a\": null}],\n"
                                            "\"shots\": [{\"path\": \"./a.json\", \"look\": {\"seed\": 7, \"amp\": [0.5, 2]}},\n"
                                            "{\"path\": \"b.json\", \"from\": 1, \"to\": 8, \"blend\": 0.5, \"tag\": true}]}\n"),
                     0);
    assert_int_equal(ed_app_open(app, x), 0);
    assert_int_equal(ed_shots_move(app, 1, 0), 0); /* b first: its blend goes */
    assert_int_equal(ed_shots_blend(app, 1, 1.5), 0);
    assert_int_equal(ed_app_save(app), 0);
    char text[2048];
    FILE *in = fopen(x, "rb");
    assert_non_null(in);
    size_t n = fread(text, 1, sizeof text - 1, in);
    fclose(in);
    text[n] = '\0';
    assert_string_equal(text, "{\n"
                              "  \"campath\": 1,\n"
                              "  \"name\": \"cut \\\"scene\\\"\",\n"
                              "  \"note\": [1, { \"a\": null }],\n"
                              "  \"shots\": [\n"
                              "    { \"path\": \"b.json\", \"from\": 1, \"to\": 8, \"tag\": true },\n"
                              "    { \"path\": \"./a.json\", \"look\": { \"seed\": 7, \"amp\": [0.5, 2] }, \"from\": 0, \"to\": 10, \"blend\": 1.5 }\n"
                              "  ]\n"
                              "}\n");
    free(x);
}

/* A sequence started from the path edited, shots added, saved: the library plays it. */
static void test_new_sequence(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    char *a = edtest_path(f->dir, "a.json"), *b = edtest_path(f->dir, "b.json"), *n = edtest_path(f->dir, "n.json");
    assert_int_equal(ed_app_open(app, a), 0);
    assert_false(ed_shots_open(app));
    assert_int_equal(ed_shots_add(app, NULL), -1); /* no sequence yet */
    assert_int_equal(ed_shots_new(app, f->file), -1); /* seq.json is there */
    assert_non_null(strstr(app->base.message, "there is a file there already"));
    assert_int_equal(ed_shots_new(app, n), 0);
    assert_int_equal(ed_shots_count(app), 1);
    assert_true(ed_app_dirty(app));
    assert_int_equal(ed_shots_add(app, b), 0);
    assert_int_equal(ed_shots_add(app, NULL), 0);
    assert_int_equal(ed_shots_count(app), 3);
    assert_int_equal(app->seq.current, 2);
    assert_int_equal(ed_shots_blend(app, 1, 1.5), 0);
    assert_int_equal(ed_shots_trim(app, 2, 3, 7), 0);
    assert_int_equal(ed_app_save(app), 0);
    assert_false(ed_app_dirty(app));
    cp_error err;
    cp_sequence *q = cp_sequence_load(n, &err);
    assert_non_null(q);
    assert_int_equal(cp_sequence_shot_count(q), 3);
    assert_double_equal(cp_sequence_duration(q), 10 + 8 - 1.5 + 4, 1e-12);
    assert_double_equal(cp_sequence_shot(q, 1)->blend, 1.5, 0);
    assert_double_equal(cp_sequence_shot(q, 2)->from, 3, 0);
    cp_sequence_destroy(q);
    free(a);
    free(b);
    free(n);
}

/* The window's keys: Ctrl+N starts a sequence beside the path (the next free
 * name), then adds the path edited as a shot; Ctrl+[ and Ctrl+] choose shots. */
static void test_window_keys(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    char *a = edtest_path(f->dir, "a.json"), *taken = edtest_path(f->dir, "a.sequence.json");
    char *made = edtest_path(f->dir, "a.sequence-2.json");
    assert_int_equal(testutil_write_file(taken, "not ours\n"), 0);
    assert_int_equal(ed_app_open(app, a), 0);
    edtest_press(f, ']', ED_MOD_CTRL); /* no sequence yet: said so */
    assert_non_null(strstr(app->base.message, "no sequence is open"));
    edtest_press(f, 'n', ED_MOD_CTRL);
    assert_true(ed_shots_open(app));
    assert_int_equal(ed_shots_count(app), 1);
    assert_string_equal(app->seq.name, made);
    edtest_press(f, 'n', ED_MOD_CTRL);
    assert_int_equal(ed_shots_count(app), 2);
    assert_int_equal(app->seq.current, 1);
    edtest_press(f, '[', ED_MOD_CTRL);
    assert_int_equal(app->seq.current, 0);
    edtest_press(f, '[', ED_MOD_CTRL); /* the first: stays, said so */
    assert_int_equal(app->seq.current, 0);
    assert_non_null(strstr(app->base.message, "shot 1 is the first one"));
    edtest_press(f, ']', ED_MOD_CTRL);
    assert_int_equal(app->seq.current, 1);
    assert_int_equal(ed_app_save(app), 0);
    size_t kept_size;
    char *kept = testutil_read_file(taken, &kept_size);
    assert_string_equal(kept, "not ours\n"); /* the file that was there is not touched */
    cp_error err;
    cp_sequence *q = cp_sequence_load(made, &err);
    assert_non_null(q);
    assert_int_equal(cp_sequence_shot_count(q), 2);
    assert_double_equal(cp_sequence_duration(q), 20, 1e-12);
    cp_sequence_destroy(q);
    free(kept);
    free(a);
    free(taken);
    free(made);
}

/* An inline shot path is refused with the shot named; a path file opened after a sequence closes it. */
static void test_open_other(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    char *inl = edtest_path(f->dir, "inline.json");
    assert_int_equal(testutil_write_file(inl, "{\"campath\": 1, \"shots\": [{\"path\": \"a.json\"}, {\"path\": "
                                              "{\"keys\": [{\"t\": 0, \"position\": [0, 0, 0], \"rotation\": [0, 0, 0, 1]}, "
                                              "{\"t\": 1, \"position\": [1, 0, 0], \"rotation\": [0, 0, 0, 1]}]}}]}\n"),
                     0);
    assert_int_equal(ed_app_open(app, inl), -1);
    assert_non_null(strstr(app->base.message, "shot 2's path is inline"));
    assert_int_equal(ed_shots_count(app), 3); /* the sequence open stays */
    char *a = edtest_path(f->dir, "a.json");
    assert_int_equal(ed_shots_blend(app, 1, 1), 0);
    assert_int_equal(ed_app_open(app, a), -1); /* unsaved shots */
    assert_non_null(strstr(app->base.message, "unsaved"));
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(ed_app_open(app, a), 0);
    assert_false(ed_shots_open(app));
    ed_layout l;
    ed_app_layout(app, &l);
    assert_int_equal(l.shots.h, 0);
    free(a);
    free(inl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_open, setup, teardown),
        cmocka_unit_test_setup_teardown(test_preview, setup, teardown),
        cmocka_unit_test_setup_teardown(test_click_chooses, setup, teardown),
        cmocka_unit_test_setup_teardown(test_drag_blend, setup, teardown),
        cmocka_unit_test_setup_teardown(test_drag_trim_and_escape, setup, teardown),
        cmocka_unit_test_setup_teardown(test_drag_moves, setup, teardown),
        cmocka_unit_test_setup_teardown(test_commands, setup, teardown),
        cmocka_unit_test_setup_teardown(test_save, setup, teardown),
        cmocka_unit_test_setup_teardown(test_save_keeps_members, setup, teardown),
        cmocka_unit_test_setup_teardown(test_new_sequence, setup, teardown),
        cmocka_unit_test_setup_teardown(test_open_other, setup, teardown),
        cmocka_unit_test_setup_teardown(test_window_keys, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

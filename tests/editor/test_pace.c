/* SPDX-License-Identifier: MIT */
/* tests/editor/test_pace.c - the pace shaped without typing key times: the
 * path's or the selection's duration (script, inspector), a hold that
 * makes room for itself (ripple), refusals in the user's terms, and the
 * speed set at a segment or a key (script, and a real drag of the graph's
 * speed strip); each change one undo step. */
#include <math.h>

#include "edtest.h"
#include "inspector.h"
#include "pace.h"
#include "refusal.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    fixture *f = edtest_fixture_new("pace.json", 1);
    ed_record_set_nominal_speed(&f->app, 6.0);
    edtest_record_line(&f->app, 5, 6.0); /* x = 0..24 at t = 0..4, smooth timing */
    *state = f;
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

static int run(fixture *f, const char *const *lines)
{
    for (int i = 0; lines[i]; i++) {
        f->s.line = i + 1;
        if (ed_script_line(&f->s, lines[i], f->err, sizeof f->err) != 0) {
            print_message("%s: %s\n", lines[i], f->err);
            return -1;
        }
    }
    return 0;
}

static double t_of(const fixture *f, size_t i) { return edtest_key(&f->app, i)->time; }

/* No number in the message written with more than 2 decimals, and no file field names. */
static void assert_user_terms(const char *m)
{
    assert_null(strstr(m, "keys["));
    for (const char *p = m; *p; p++)
        if (*p == '.' && p > m && p[-1] >= '0' && p[-1] <= '9') {
            size_t d = strspn(p + 1, "0123456789");
            if (d > 2)
                fail_msg("more than 2 decimals in \"%s\"", m);
        }
}

/* ---- duration ----------------------------------------------------------------------------------------- */

static void duration_should_set_the_path_or_the_selection_holds_kept(void **state)
{
    fixture *f = *state;
    const char *const hold[] = {"select 1", "edit hold 0.5", "select none", "duration 8", NULL};
    assert_int_equal(run(f, hold), 0);
    /* 3.5 s of moving time became 7.5 s: every segment's moving time x 15/7, the hold kept */
    const double k = 7.5 / 3.5;
    assert_near(edtest_key(&f->app, 1)->hold, 0.5, 0, 1);
    assert_near(t_of(f, 1), k, 1e-12, 1);
    assert_near(t_of(f, 2), k + 0.5 + 0.5 * k, 1e-12, 1);
    assert_near(t_of(f, 4), 8, 1e-12, 1);
    assert_near(ed_app_duration(&f->app), 8, 1e-12, 1);
    assert_non_null(strstr(f->app.base.message, "the path's duration 8.00 s (was 4.00 s"));
    /* one undo step */
    assert_int_equal(ed_edit_undo(&f->app), 0);
    assert_near(t_of(f, 4), 4, 1e-12, 1);
    /* one key selected spans nothing: the whole path */
    const char *const one[] = {"select 3", "duration 6", "expect key-time 4 6", "undo", NULL};
    assert_int_equal(run(f, one), 0);
    /* the duration typed, to the digit, whatever the sums of scaled segments round to */
    for (int d = 1; d <= 40; d++) {
        const double want = d * 0.7;
        assert_int_equal(ed_pace_duration(&f->app, want), 0);
        if (ed_app_duration(&f->app) != want)
            fail_msg("duration %.17g came out as %.17g", want, ed_app_duration(&f->app));
    }
    for (int d = 0; d < 40; d++)
        assert_int_equal(ed_edit_undo(&f->app), 0);
    assert_near(t_of(f, 4), 4, 1e-12, 1);
    /* keys 1..3 span 2 s with the hold: 1.5 s of moving time become 2.5 s; key 4 follows */
    const char *const span[] = {"select 1-3", "duration 3", "expect key-time 0 0", "expect key-time 1 1",
                                "expect key-time 3 4", "expect key-time 4 5", "expect key 1 hold 0.5", NULL};
    assert_int_equal(run(f, span), 0);
    assert_near(t_of(f, 2), 1 + 0.5 + 0.5 * 5.0 / 3.0, 1e-12, 1);
    /* a duration the holds fill is refused in the user's terms */
    unsigned long rev = f->app.doc.cur.revision;
    assert_int_equal(ed_pace_duration(&f->app, 0.4), -1);
    assert_non_null(strstr(f->app.base.message, "type a longer duration"));
    assert_user_terms(f->app.base.message);
    assert_int_equal(ed_pace_duration(&f->app, -1), -1);
    assert_int_equal(f->app.doc.cur.revision, rev);
    /* in constant-speed timing a selection's inner times are the shape's */
    const char *const cs[] = {"select 1", "edit hold none", "timing constant-speed", "select 1-3", NULL};
    assert_int_equal(run(f, cs), 0);
    assert_int_equal(ed_script_line(&f->s, "duration 2", f->err, sizeof f->err), -1);
    assert_non_null(strstr(f->err, "constant-speed"));
    const char *const whole[] = {"select none", "duration 10", "expect key-time 4 10", NULL};
    assert_int_equal(run(f, whole), 0);
}

static void the_inspector_should_set_the_duration(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 2), 0);
    ed_inspector in;
    ed_inspector_build(app, &in);
    int shown = 0;
    for (int i = 0; i < in.count; i++)
        if (in.items[i].field == ED_FIELD_DURATION) {
            shown = 1;
            assert_string_equal(in.items[i].value, "4.000");
            assert_string_equal(in.items[i].label, "dur");
        }
    assert_true(shown);
    /* typed: Enter applies, one undo step */
    ed_inspector_type_begin(app, ED_FIELD_DURATION);
    ed_inspector_type_text(app, "12");
    assert_int_equal(ed_inspector_type_enter(app, 0), 0);
    assert_near(ed_app_duration(app), 12, 1e-12, 1);
    assert_near(ed_inspector_value(app, ED_FIELD_DURATION), 12, 1e-12, 1);
    /* several keys: their span */
    assert_int_equal(ed_select_range(app, 0, 2), 0);
    assert_near(ed_inspector_value(app, ED_FIELD_DURATION), 6, 1e-12, 1);
    assert_int_equal(ed_inspector_apply(app, ED_FIELD_DURATION, 3), 0);
    assert_near(t_of(f, 2), 3, 1e-12, 1);
    assert_near(t_of(f, 4), 9, 1e-12, 1);
    /* dragged: 100 pixels, 2 s longer, one undo step when it ends */
    assert_int_equal(ed_inspector_drag(app, ED_FIELD_DURATION, 100), 0);
    assert_int_equal(ed_app_end_drag(app), 0);
    assert_near(t_of(f, 2), 5, 1e-9, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(t_of(f, 2), 3, 1e-12, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(ed_app_duration(app), 4, 1e-12, 1);
}

/* ---- a hold makes room ---------------------------------------------------------------------------------- */

static void a_hold_longer_than_the_gap_should_push_the_later_keys(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 1), 0);
    /* fits: the segment after it gives the time, nothing moves */
    assert_int_equal(ed_edit_hold(app, 1, 0.5), 0);
    assert_near(t_of(f, 2), 2, 0, 1);
    /* does not fit: keys 2..4 move by what the hold grew, the segment after it keeps its 1 s */
    assert_int_equal(ed_edit_hold(app, 1, 2.5), 0);
    assert_near(t_of(f, 1), 1, 0, 1);
    assert_near(t_of(f, 2), 4, 1e-12, 1);
    assert_near(t_of(f, 4), 6, 1e-12, 1);
    assert_near(t_of(f, 2) - (t_of(f, 1) + 2.5), 0.5, 1e-12, 1);
    assert_non_null(strstr(app->base.message, "key 1: a hold of 2.50 s; keys 2..4 moved 2.00 s later"));
    /* the camera rests over the hold */
    cp_pose p;
    cp_path_sample(app->doc.path, 3.0, &p);
    assert_near(p.position.x, 6, 1e-12, 1);
    /* one undo step takes the hold and the move */
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(edtest_key(app, 1)->hold, 0.5, 0, 1);
    assert_near(t_of(f, 2), 2, 0, 1);
    /* several keys: each makes its own room (key 1's hold grows by 1 s, key 3's by 1.5 s) */
    const char *const two[] = {"select 1", "select-add 3", "edit hold 1.5", "expect key-time 2 3",
                               "expect key-time 3 4", "expect key-time 4 6.5", NULL};
    if (run(f, two))
        fail_msg("%s", f->err);
    assert_int_equal(ed_edit_undo(app), 0);
    /* dragged in the inspector: 250 pixels, 2.5 s from 0.5, past key 2 */
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_inspector_drag(app, ED_FIELD_HOLD, 250), 0);
    assert_int_equal(ed_app_end_drag(app), 0);
    assert_near(edtest_key(app, 1)->hold, 3.0, 1e-9, 1);
    assert_near(t_of(f, 2), 4.5, 1e-9, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(t_of(f, 2), 2, 0, 1);
}

static void a_hold_should_make_room_in_constant_speed_timing(void **state)
{
    fixture *f = *state;
    const char *const lines[] = {"timing constant-speed", "select 2", NULL};
    assert_int_equal(run(f, lines), 0);
    const double d = ed_app_duration(&f->app);
    /* the path computes its inner times: the hold adds its seconds, the moving time stays (the
       camera eases into and out of the hold within it) */
    assert_int_equal(ed_edit_hold(&f->app, 1, 5), 0);
    assert_near(ed_app_duration(&f->app), d + 5, 1e-9, 1);
    assert_true(t_of(f, 3) > t_of(f, 2) + 5);
    assert_non_null(strstr(f->app.base.message, "moved 5.00 s later to make room"));
}

static void a_closed_loop_hold_should_grow_the_period(void **state)
{
    fixture *f = *state;
    const char *const lines[] = {"ends closed", "select 4", NULL};
    assert_int_equal(run(f, lines), 0);
    const double period = f->app.doc.cur.doc.options.period, gap = period - 4;
    assert_int_equal(ed_edit_hold(&f->app, 1, gap + 1), 0);
    assert_near(f->app.doc.cur.doc.options.period, period + gap + 1, 1e-12, 1);
    assert_non_null(strstr(f->app.base.message, "period grew"));
}

/* ---- refusals in the user's terms -------------------------------------------------------------------------- */

static void refusals_should_name_keys_seconds_and_what_to_do(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_edit_hold(app, 1, 0.5), 0);
    /* key 2 a hair after key 1's hold: the library refuses it in file terms */
    assert_int_equal(ed_select_one(app, 2), 0);
    unsigned long rev = app->doc.cur.revision;
    assert_int_equal(ed_edit_time(app, 1.5 + 1e-13), -1);
    assert_int_equal(app->doc.cur.revision, rev);
    assert_string_equal(app->base.message, "key 1's hold of 0.50 s ends at 1.50 s, not before key 2 at 1.50 s: "
                                           "make the hold at most 0.49 s, or move the later keys on (Shift+drag "
                                           "key 2)");
    /* the editor's own bounds say the same way */
    assert_int_equal(ed_edit_time(app, 1.2), -1);
    assert_non_null(strstr(app->base.message, "key 2's time must lie between 1.50 s (key 1's hold ends) and 3.00 s "
                                              "(key 3): type a time between them"));
    assert_user_terms(app->base.message);
    /* the same document's error as the library gives it, and as the editor says it */
    cp_document d;
    assert_int_equal(cp_document_copy(&d, &app->doc.cur.doc, NULL), CP_OK);
    d.keys[1].time = 1.0000000000000002;
    d.keys[1].hold = 0.9999999999999997 + 0.05;
    cp_error err;
    assert_null(cp_document_to_path(&d, &err));
    assert_non_null(strstr(err.message, "0000"));
    char text[256];
    ed_refusal_text(&err, &d, text, sizeof text);
    assert_user_terms(text);
    assert_non_null(strstr(text, "key 1's hold of 1.05 s ends at 2.05 s, not before key 2 at 2.00 s"));
    if (!strstr(text, "make the hold at most 0.99 s"))
        fail_msg("%s", text);
    /* anything else: field names as keys, long numbers to 2 decimals */
    ed_refusal_plain("keys[3].fov: 180.00000000000003 is not below 180 (keys[2].t 2.5000000000000004)", text,
                     sizeof text);
    assert_string_equal(text, "key 3's fov: 180.00 is not below 180 (key 2's time 2.50)");
    cp_document_free(&d);
}

/* ---- the speed at a segment or a key --------------------------------------------------------------------- */

/* The mean speed over segment i: its length over its moving time. */
static double mean_speed(const ed_app *app, size_t i)
{
    const cp_key *a = edtest_key(app, i), *b = edtest_key(app, i + 1);
    double start = a->time + ((a->flags & CP_KEY_HOLD) ? a->hold : 0.0);
    return (cp_path_distance_at(app->doc.path, b->time) - cp_path_distance_at(app->doc.path, start)) / (b->time - start);
}

/* The speed in m/s at time t, from the distance travelled (central difference). */
static double speed_at(const ed_app *app, double t)
{
    const double h = 1e-5;
    return (cp_path_distance_at(app->doc.path, t + h) - cp_path_distance_at(app->doc.path, t - h)) / (2 * h);
}

static void the_speed_at_a_key_should_be_set_by_its_ease(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    const double natural = speed_at(app, 2.0);
    assert_true(natural > 1);
    /* slower at an inner key in smooth timing: the ease, both sides, 1 - factor; no key time moves */
    const char *const down[] = {"speed-at key 2 0.25", "expect key 2 ease 0.75 0.75", "expect key-time 1 1",
                                "expect key-time 2 2", "expect key-time 3 3", "expect key-time 4 4", NULL};
    assert_int_equal(run(f, down), 0);
    assert_near(speed_at(app, 2.0), 0.25 * natural, 1e-6 * natural, 1);
    assert_non_null(strstr(app->base.message, "at 0.25 of its natural speed; no key time moved"));
    assert_user_terms(app->base.message);
    /* again slower: the depth compounds (0.25 x 0.5 of the natural speed), the sides keep their proportion */
    assert_int_equal(ed_edit_undo(app), 0);
    const char *const shaped[] = {"select 2", "edit ease 0.5 0.25", "select none", "speed-at key 2 0.5",
                                  "expect key 2 ease 0.75 0.375", "expect key-time 2 2", NULL};
    assert_int_equal(run(f, shaped), 0);
    /* faster: the ease goes first; x1.5 of 0.25 leaves an ease of 0.625 with the same proportion */
    const char *const up[] = {"speed-at key 2 1.5", "expect key 2 ease 0.625 0.3125", "expect key-time 2 2", NULL};
    assert_int_equal(run(f, up), 0);
    /* then, past the natural speed, the key times move as without an ease: x8 of 0.375 is 3 times natural */
    assert_int_equal(ed_script_line(&f->s, "speed-at key 2 8", f->err, sizeof f->err), 0);
    assert_near(edtest_key(app, 2)->ease[0], 0, 0, 1);
    assert_near(edtest_key(app, 2)->ease[1], 0, 0, 1);
    assert_near(t_of(f, 1), 1, 0, 1);
    assert_near(t_of(f, 2), 1 + 1.0 / 3.0, 1e-12, 1);
    assert_non_null(strstr(app->base.message, "key 2's ease taken away (was in 0."));
    assert_non_null(strstr(app->base.message, "then speed at key 2 x3.00"));
    assert_user_terms(app->base.message);
    /* an instant of rest: slower does nothing more (and says so); faster lifts it from 1/16 */
    const char *const rest[] = {"undo", "select 2", "edit ease 1 1", "select none", "expect key-time 2 2", NULL};
    assert_int_equal(run(f, rest), 0);
    assert_int_equal(ed_pace_speed(app, ED_PACE_KEY, 2, 0.5), 0);
    assert_non_null(strstr(app->base.message, "instant of rest there already"));
    assert_near(edtest_key(app, 2)->ease[0], 1, 0, 1);
    assert_int_equal(ed_pace_speed(app, ED_PACE_KEY, 2, 4), 0);
    assert_near(edtest_key(app, 2)->ease[0], 0.75, 1e-12, 1);
    assert_near(edtest_key(app, 2)->ease[1], 0.75, 1e-12, 1);
    /* the first and last keys of an open path and a held key keep the key-time rule */
    const char *const ends[] = {"select 2", "edit ease 0 0", "select none", "speed-at key 4 0.5",
                                "expect key 4 ease 0 0", "expect key-time 4 5", "undo", "expect key-time 4 4",
                                "select 1", "edit hold 0.2", "select none", "speed-at key 1 0.5",
                                "expect key 1 ease 0 0", "expect key-time 2 3.8", "undo", "expect key-time 2 2",
                                "select 1", "edit hold none", "select none", NULL};
    assert_int_equal(run(f, ends), 0);
    /* keys timing keeps the key-time rule */
    const char *const keys[] = {"timing keys", "speed-at key 2 0.5", "expect key 2 ease 0 0", "expect key-time 2 3",
                                "undo", "timing smooth", NULL};
    assert_int_equal(run(f, keys), 0);
    /* constant speed: slower at a key is its ease; the key's speed is (1 - ease) of the cruise */
    const char *const cs[] = {"timing constant-speed", "speed-at key 2 0.5", "expect key 2 ease 0.5 0.5", NULL};
    assert_int_equal(run(f, cs), 0);
    const double cruise = cp_path_constant_speed(app->doc.path);
    assert_true(cruise > 1);
    assert_near(speed_at(app, edtest_key(app, 2)->time), 0.5 * cruise, 1e-6 * cruise, 1);
}

static void the_speed_should_be_set_at_a_segment_by_moving_one_key(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    const double v1 = mean_speed(app, 1), v2 = mean_speed(app, 2);
    double len = cp_path_length(app->doc.path);
    assert_int_equal(ed_script_line(&f->s, "speed-at segment 1 2", f->err, sizeof f->err), 0);
    /* twice as fast: key 2 comes at 1.5 s; the segment after it gave the time, no other key moved */
    assert_near(t_of(f, 0), 0, 0, 1);
    assert_near(t_of(f, 1), 1, 0, 1);
    assert_near(t_of(f, 2), 1.5, 1e-12, 1);
    assert_near(t_of(f, 3), 3, 0, 1);
    assert_near(t_of(f, 4), 4, 0, 1);
    assert_near(mean_speed(app, 1), 2 * v1, 1e-9, 1);
    assert_near(mean_speed(app, 2), v2 / 1.5, 1e-9, 1);
    /* the shape is the same: smooth timing */
    assert_near(cp_path_length(app->doc.path), len, 1e-9, 1);
    for (size_t i = 0; i < 5; i++)
        assert_near(edtest_key(app, i)->position.x, 6.0 * (double)i, 0, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(t_of(f, 2), 2, 0, 1);
    /* four times as slow: 3 s more; the segment after it gives half its 1 s, the later keys move 2.5 s */
    assert_int_equal(ed_pace_speed(app, ED_PACE_SEGMENT, 1, 0.25), 0);
    assert_near(t_of(f, 2), 5, 1e-12, 1);
    assert_near(t_of(f, 3), 5.5, 1e-12, 1);
    assert_near(t_of(f, 4), 6.5, 1e-12, 1);
    assert_non_null(strstr(app->base.message, "the keys after key 2 moved +2.50 s"));
    assert_int_equal(ed_edit_undo(app), 0);
    /* the last segment: the duration changes */
    assert_int_equal(ed_pace_speed(app, ED_PACE_SEGMENT, 3, 0.5), 0);
    assert_near(t_of(f, 4), 5, 1e-12, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    /* out of range */
    assert_int_equal(ed_pace_speed(app, ED_PACE_SEGMENT, 4, 2), -1);
    assert_int_equal(ed_pace_speed(app, ED_PACE_SEGMENT, 1, 100), -1);
    assert_int_equal(ed_script_line(&f->s, "speed-at segment x 2", f->err, sizeof f->err), -1);
}

static void the_speed_should_be_set_at_a_key_and_in_constant_speed(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    /* at key 2: both segments meeting there twice as fast; key 1 keeps its time, key 4 too */
    const char *const at_key[] = {"speed-at key 2 2", "expect key-time 1 1", "expect key-time 2 1.5",
                                  "expect key-time 3 2", "expect key-time 4 4", "undo", "expect key-time 2 2", NULL};
    assert_int_equal(run(f, at_key), 0);
    /* constant speed has one speed: the path's duration */
    const char *const cs[] = {"timing constant-speed", "speed-at segment 0 2", NULL};
    assert_int_equal(run(f, cs), 0);
    assert_near(ed_app_duration(app), 2, 1e-9, 1);
    assert_int_equal(app->doc.cur.doc.options.timing, CP_TIMING_CONSTANT_SPEED);
    /* a drag's factor counts from where it began, however often the mouse moves */
    assert_int_equal(ed_pace_drag(app, ED_PACE_SEGMENT, 1, 2), 0);
    assert_int_equal(ed_pace_drag(app, ED_PACE_SEGMENT, 1, 2), 0);
    assert_int_equal(ed_app_end_drag(app), 0);
    assert_near(ed_app_duration(app), 1, 1e-9, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(ed_app_duration(app), 2, 1e-9, 1);
}

/* ---- a real drag of the speed strip ------------------------------------------------------------------------ */

static void send(fixture *f, ed_event_type type, int key, int x, int y)
{
    ed_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.key = key;
    ev.x = x;
    ev.y = y;
    ed_control_event(&f->ctl, &f->app, &ev);
}

static void drag(fixture *f, int x0, int y0, int x1, int y1)
{
    send(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, x0, y0);
    for (int k = 1; k <= 10; k++)
        send(f, ED_EV_MOTION, 0, x0 + (x1 - x0) * k / 10, y0 + (y1 - y0) * k / 10);
    send(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, x1, y1);
}

static void dragging_the_speed_strip_should_set_the_speed(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    ed_app_show_graph(app, 1);
    ed_layout l;
    ed_app_layout(app, &l);
    assert_true(l.graph.h > 0);
    const double start = ed_app_start(app), dur = ed_app_duration(app);
    const int y = l.graph.y + l.graph.h / 10; /* the top strip: speed */
    const int x = (int)lround(ed_layout_x_of(&l, start, dur, 1.5));
    ed_pace_at at;
    size_t i;
    assert_int_equal(ed_pace_hit(app, x, y, &at, &i), 0);
    assert_int_equal(at, ED_PACE_SEGMENT);
    assert_int_equal(i, 1);
    /* 50 pixels up: twice as fast at segment 1, one undo step */
    unsigned long rev = app->doc.cur.revision;
    drag(f, x, y, x, y - (int)ED_PACE_PIXELS);
    assert_int_equal(app->rec.gesture.kind, ED_GESTURE_NONE);
    assert_near(t_of(f, 2), 1.5, 1e-12, 1);
    assert_near(t_of(f, 3), 3, 0, 1);
    assert_true(app->doc.cur.revision != rev);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(t_of(f, 2), 2, 0, 1);
    assert_int_equal(ed_edit_undo(app), 0); /* the recording's own steps are under it */
    assert_int_equal(ed_edit_redo(app), 0);
    /* at key 3's line, 50 pixels down: the camera passes key 3 at half its speed, by its ease; no key
       time moves, one undo step */
    const int xk = (int)lround(ed_layout_x_of(&l, start, dur, 3.0));
    assert_int_equal(ed_pace_hit(app, xk + 2, y, &at, &i), 0);
    assert_int_equal(at, ED_PACE_KEY);
    assert_int_equal(i, 3);
    const double natural = speed_at(app, 3.0);
    rev = app->doc.cur.revision;
    drag(f, xk + 2, y, xk + 2, y + (int)ED_PACE_PIXELS);
    assert_int_equal(app->rec.gesture.kind, ED_GESTURE_NONE);
    assert_near(edtest_key(app, 3)->ease[0], 0.5, 1e-12, 1);
    assert_near(edtest_key(app, 3)->ease[1], 0.5, 1e-12, 1);
    for (size_t k = 0; k < 5; k++)
        assert_near(t_of(f, k), (double)k, 0, 1);
    assert_near(speed_at(app, 3.0), 0.5 * natural, 1e-6 * natural, 1);
    assert_non_null(strstr(app->base.message, "ease in 0.50, out 0.50"));
    assert_user_terms(app->base.message);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(app->doc.cur.revision, rev);
    assert_near(edtest_key(app, 3)->ease[0], 0, 0, 1);
    /* sideways it scrubs, and no key moves */
    rev = app->doc.cur.revision;
    drag(f, x, y, x + 80, y + 5);
    assert_int_equal(app->doc.cur.revision, rev);
    assert_near(app->base.playhead, ed_layout_time_at(&l, start, dur, x + 80), 1e-9, 1);
    /* below the speed strip the graph scrubs as before */
    assert_int_equal(ed_pace_hit(app, x, l.graph.y + l.graph.h / 2, &at, &i), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(duration_should_set_the_path_or_the_selection_holds_kept, setup, teardown),
        cmocka_unit_test_setup_teardown(the_inspector_should_set_the_duration, setup, teardown),
        cmocka_unit_test_setup_teardown(a_hold_longer_than_the_gap_should_push_the_later_keys, setup, teardown),
        cmocka_unit_test_setup_teardown(a_hold_should_make_room_in_constant_speed_timing, setup, teardown),
        cmocka_unit_test_setup_teardown(a_closed_loop_hold_should_grow_the_period, setup, teardown),
        cmocka_unit_test_setup_teardown(refusals_should_name_keys_seconds_and_what_to_do, setup, teardown),
        cmocka_unit_test_setup_teardown(the_speed_should_be_set_at_a_segment_by_moving_one_key, setup, teardown),
        cmocka_unit_test_setup_teardown(the_speed_should_be_set_at_a_key_and_in_constant_speed, setup, teardown),
        cmocka_unit_test_setup_teardown(the_speed_at_a_key_should_be_set_by_its_ease, setup, teardown),
        cmocka_unit_test_setup_teardown(dragging_the_speed_strip_should_set_the_speed, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

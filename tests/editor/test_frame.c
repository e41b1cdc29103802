/* SPDX-License-Identifier: MIT */
/* tests/editor/test_frame.c - an idle editor draws nothing: the frame loop
 * waits for events unless something moves (playback, a held key that
 * flies, a scene loading) or time changes what is shown (a file reloaded,
 * a message that expires). */
#include "edtest.h"
#include "frame.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    *state = edtest_fixture_new("frame.json", 1);
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

/* One turn of the frame loop: whether it would draw. */
static int frame_needed(fixture *f, double dt)
{
    ed_frame_stamp a, b;
    ed_frame_stamp_take(&f->app, &a);
    ed_control_update(&f->ctl, &f->app, dt);
    ed_app_update(&f->app, dt);
    ed_frame_stamp_take(&f->app, &b);
    return ed_frame_stamp_changed(&a, &b) || ed_frame_idle_wait(&f->app, &f->ctl) == 0;
}

static void an_idle_editor_should_draw_nothing(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    edtest_record_line(app, 3, 6.0);
    /* the message of the last recording shows for a while: the loop wakes when it goes, draws once, then rests */
    double w = ed_frame_idle_wait(app, &f->ctl);
    assert_true(w > 0 && w <= ED_IDLE_WAKE);
    int drawn = 0;
    for (int i = 0; i < 40; i++)
        drawn += frame_needed(f, ED_IDLE_WAKE);
    assert_int_equal(drawn, 1); /* the message going */
    assert_near(ed_frame_idle_wait(app, &f->ctl), ED_IDLE_WAKE, 0, 1);
    /* playback draws every frame until it stops at the end */
    ed_app_play(app, 1);
    assert_near(ed_frame_idle_wait(app, &f->ctl), 0, 0, 1);
    assert_true(frame_needed(f, 1.0 / 60));
    while (app->base.playing)
        frame_needed(f, 0.5);
    assert_false(frame_needed(f, ED_IDLE_WAKE));
    /* a held key that flies draws every frame; one held with Ctrl (a command) does not */
    ed_event down = {.type = ED_EV_KEY_DOWN, .key = 'w'}, up = {.type = ED_EV_KEY_UP, .key = 'w'};
    ed_control_event(&f->ctl, app, &down);
    assert_near(ed_frame_idle_wait(app, &f->ctl), 0, 0, 1);
    assert_true(frame_needed(f, 1.0 / 60));
    ed_control_event(&f->ctl, app, &up);
    frame_needed(f, 1.0 / 60);
    assert_true(ed_frame_idle_wait(app, &f->ctl) > 0);
}

static void a_change_from_outside_should_be_drawn(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_app_save(app), 0);
    for (int i = 0; i < 40; i++)
        frame_needed(f, ED_IDLE_WAKE);
    assert_false(frame_needed(f, ED_IDLE_WAKE));
    /* another program writes the file: the idle loop's next look reloads it and draws */
    assert_int_equal(edtest_write_path(f->file, 5, NULL), 0);
    int drawn = 0;
    double end = edtest_now() + 5;
    while (!drawn && edtest_now() < end) {
        drawn = frame_needed(f, ED_IDLE_WAKE);
        usleep(2000);
    }
    assert_true(drawn);
    assert_int_equal(ed_app_key_count(app), 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(an_idle_editor_should_draw_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(a_change_from_outside_should_be_drawn, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

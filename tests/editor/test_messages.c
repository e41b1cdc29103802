/* tests/editor/test_messages.c - what the editor says: counts in good
 * English, messages that go with the state they describe. */
#include "edtest.h"

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
    if (strstr(app->message, " 1 keys") || strstr(app->message, "(1 keys"))
        fail_msg("message \"%s\" says \"1 keys\"", app->message);
}

static void counts_of_one_should_be_singular(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_app_select(app, 1), 0);
    edtest_place(app, 9, 3, 0);
    assert_int_equal(ed_app_record(app, 1), 0); /* one key after the insert */
    assert_no_one_keys(app);
    assert_non_null(strstr(app->message, "the key after it moved"));
    assert_int_equal(ed_app_select(app, 3), 0);
    assert_int_equal(ed_app_delete_selected(app), 0);
    assert_int_equal(ed_app_select(app, 2), 0);
    assert_int_equal(ed_app_delete_selected(app), 0);
    assert_int_equal(ed_app_select(app, 1), 0);
    assert_int_equal(ed_app_delete_selected(app), 0); /* one key left */
    assert_no_one_keys(app);
    assert_int_equal(ed_app_undo(app), 0);
    assert_int_equal(ed_app_undo(app), 0);
    assert_int_equal(ed_app_redo(app), 0);
    assert_int_equal(ed_app_redo(app), 0); /* one key */
    assert_no_one_keys(app);
    assert_int_equal(ed_app_key_count(app), 1);
    assert_int_equal(ed_app_select(app, 4), -1);
    assert_no_one_keys(app);
}

/* Clicking a key said "key 6 selected", and it stayed after Esc. */
static void a_selection_message_should_go_with_the_selection(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    edtest_record_line(app, 8, 6.0);
    assert_int_equal(ed_app_select(app, 6), 0);
    assert_non_null(strstr(app->message, "key 6"));
    ed_event esc = {ED_EV_KEY_DOWN, ED_KEY_ESCAPE, 0, 0, 0, 0, 0, 0, 0, 0};
    ed_control_event(&f->ctl, app, &esc);
    assert_int_equal(app->cur.selected, -1);
    if (app->message[0] && app->clock - app->message_clock < ED_MESSAGE_SECONDS && strstr(app->message, "selected"))
        fail_msg("after deselecting, the HUD still says \"%s\"", app->message);
    /* a message about something else is left alone */
    assert_int_equal(ed_app_select(app, 2), 0);
    ed_app_message(app, 0, "saved");
    ed_control_event(&f->ctl, app, &esc);
    assert_string_equal(app->message, "saved");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(counts_of_one_should_be_singular, setup, teardown),
        cmocka_unit_test_setup_teardown(a_selection_message_should_go_with_the_selection, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

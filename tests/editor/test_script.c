/* SPDX-License-Identifier: MIT */
/* tests/editor/test_script.c - the headless command language: it drives the
 * editor like a person, and its errors name the script line. */
#include "edtest.h"

#include "control.h"
#include "script.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    *state = edtest_fixture_new("script.json", 0);
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

/* Runs lines in order; returns the first failure's status. */
static int run(fixture *f, const char *const *lines)
{
    for (int i = 0; lines[i]; i++) {
        f->s.line = i + 1;
        if (ed_script_line(&f->s, lines[i], f->err, sizeof f->err) != 0)
            return -1;
    }
    return 0;
}

static void a_script_should_record_edit_and_save_a_path(void **state)
{
    fixture *f = *state;
    char open[512];
    snprintf(open, sizeof open, "open \"%s/a path.json\"", f->dir);
    const char *const lines[] = {
        open,
        "# comments and blank lines are fine",
        "",
        "speed 5",
        "camera 0 3 20 0 0",
        "record",
        "camera 0 3 10   # trailing comment",
        "record",
        "camera-quat 5 3 0  0 0.38268343236508978 0 0.92387953251128674",
        "fov 50",
        "record",
        "expect keys 3",
        "expect key-time 1 2",
        "select 1",
        "insert",
        "expect keys 4",
        "expect selected 2",
        "undo",
        "expect keys 3",
        "redo",
        "delete",
        "expect keys 3",
        "interpolation bisector",
        "ends rest",
        "expect interpolation bisector",
        "expect ends rest",
        "expect dirty yes",
        "save",
        "expect dirty no",
        "seek 0",
        "play-to 2.5",
        "expect playhead 2.5",
        "graph on",
        "view path",
        "event resize 320 200",
        "event minimize",
        "event restore",
        "event focus-lost",
        "event focus-gained",
        "press f1",
        "press space",
        "wait 0.5",
        NULL,
    };
    if (run(f, lines) != 0)
        fail_msg("%s", f->err);
    assert_int_equal(f->app.ui.width, 320);
    assert_true(f->app.ui.show_help);
    assert_true(f->app.base.playing);
    char *file = edtest_path(f->dir, "a path.json");
    cp_error err;
    cp_path *p = cp_path_load(file, &err);
    assert_non_null(p);
    assert_int_equal(cp_path_key_count(p), 3);
    assert_int_equal(cp_path_get_options(p).ends, CP_ENDS_REST);
    cp_path_destroy(p);
    free(file);
}

static void held_keys_in_a_script_should_fly_during_wait(void **state)
{
    fixture *f = *state;
    const char *const lines[] = {"camera 0 0 0 90 0", "key-down w", "wait 1", "key-up w", "wait 1", NULL};
    if (run(f, lines) != 0)
        fail_msg("%s", f->err);
    /* yaw 90 looks down -X; 1 s at 8 m/s */
    assert_near(f->app.ui.camera.position.x, -8.0, 1e-9, 1);
    assert_near(f->app.ui.camera.position.z, 0.0, 1e-9, 1);
}

static void a_pressed_chord_should_release_its_modifiers(void **state)
{
    fixture *f = *state;
    /* after Ctrl+S and Shift+F2, W flies again, at the base speed */
    const char *const lines[] = {"camera 0 0 0 90 0", "press ctrl+s", "press shift+f2", "key-down w", "wait 1",
                                 "key-up w", NULL};
    if (run(f, lines) != 0)
        fail_msg("%s", f->err);
    assert_false(f->ctl.down[ED_KEY_CTRL]);
    assert_false(f->ctl.down[ED_KEY_SHIFT]);
    assert_near(f->app.ui.camera.position.x, -8.0, 1e-9, 1);
    /* key-down holds the modifier too, until key-up lets go of both */
    const char *const held[] = {"key-down shift+w", "wait 0.5", "key-up shift+w", "wait 0.5", NULL};
    if (run(f, held) != 0)
        fail_msg("%s", f->err);
    assert_false(f->ctl.down[ED_KEY_SHIFT]);
    assert_near(f->app.ui.camera.position.x, -8.0 - 16.0, 1e-9, 1);
}

static void errors_should_name_the_line_and_the_problem(void **state)
{
    fixture *f = *state;
    static const struct {
        const char *line, *want;
    } cases[] = {
        {"fly 1 2", "usage: fly X Y Z"},
        {"camera 1 2 x", "'x' is not a number"},
        {"camera 1 2 3 4", "give both YAW and PITCH"},
        {"jump", "unknown command 'jump'"},
        {"mode fast", "'fast' is not one of: distance, real"},
        {"interpolation cubic", "'cubic' is not c2, bisector"},
        {"record", "record: "},
        {"save", "save: "},
        {"expect keys 3", "expected 3 keys, the path has 1"},
        {"expect prompt quit", "expected prompt quit, it is none"},
        {"select 7", "no key 7"},
        {"press hyper+q", "'hyper+q' is not a key"},
        {"screenshot x.png", "screenshot: this program cannot render"},
        {"open \"unterminated", "no closing quote"},
        {"fov 500", "fov: 500 is outside"},
        {"wait -1", "wait: -1 s is outside"},
        {"play-to 3", "nothing to play"},
        {"click 1e300 5", "click: (1e+300, 5) is outside the 960x540 window"},
    };
    char open[512];
    snprintf(open, sizeof open, "open %s/e.json", f->dir);
    assert_int_equal(ed_script_line(&f->s, open, f->err, sizeof f->err), 0);
    assert_int_equal(ed_script_line(&f->s, "record", f->err, sizeof f->err), 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        f->s.line = (int)i + 10;
        if (i == 6) {
            /* the app refuses while a question waits */
            f->app.base.prompt = ED_PROMPT_RELOAD;
        } else if (i == 7) {
            f->app.base.prompt = ED_PROMPT_NONE;
        }
        if (ed_script_line(&f->s, cases[i].line, f->err, sizeof f->err) == 0)
            fail_msg("'%s' should have failed", cases[i].line);
        char where[32];
        snprintf(where, sizeof where, "t.script:%d: ", (int)i + 10);
        if (strncmp(f->err, where, strlen(where)) != 0 || !strstr(f->err, cases[i].want))
            fail_msg("'%s' gave \"%s\", expected \"%s...%s\"", cases[i].line, f->err, where, cases[i].want);
    }
}

static void a_script_file_should_stop_at_its_first_error(void **state)
{
    fixture *f = *state;
    char *file = edtest_path(f->dir, "s.txt"), text[1024];
    snprintf(text, sizeof text, "open %s/x.json\ncamera 0 0 0\nrecord\nbogus 1\nrecord\n", f->dir);
    assert_int_equal(testutil_write_file(file, text), 0);
    assert_int_equal(ed_script_run_file(&f->s, file, f->err, sizeof f->err), -1);
    assert_non_null(strstr(f->err, "s.txt:4: unknown command 'bogus'"));
    assert_int_equal(ed_app_key_count(&f->app), 1);
    free(file);
    assert_int_equal(ed_script_run_file(&f->s, "/nonexistent/script", f->err, sizeof f->err), -1);
    assert_non_null(strstr(f->err, "cannot open the script"));
}

static void quit_should_ask_when_there_are_unsaved_edits(void **state)
{
    fixture *f = *state;
    char open[512];
    snprintf(open, sizeof open, "open %s/q.json", f->dir);
    const char *const lines[] = {open, "record", "quit", "expect prompt quit", "answer cancel", "expect prompt none",
                                 "quit", "answer discard", NULL};
    if (run(f, lines) != 0)
        fail_msg("%s", f->err);
    assert_true(f->app.base.quit);
    /* the script ends there, as the window would close: a save after it never runs */
    assert_true(f->s.done);
    char *file = edtest_path(f->dir, "s.txt"), text[1024];
    snprintf(text, sizeof text, "open %s/r.json\nrecord\nrecord\nquit\nanswer discard\nsave\n", f->dir);
    assert_int_equal(testutil_write_file(file, text), 0);
    ed_app_free(&f->app);
    ed_app_init(&f->app);
    f->s.done = 0;
    assert_int_equal(ed_script_run_file(&f->s, file, f->err, sizeof f->err), 0);
    assert_true(f->s.done);
    char *saved = edtest_path(f->dir, "r.json");
    assert_false(edtest_exists(saved));
    free(saved);
    free(file);
}

static void the_manual_should_describe_every_command(void **state)
{
    (void)state;
    FILE *in = fopen("docs/editor.md", "rb");
    assert_non_null(in);
    static char doc[1 << 17];
    size_t n = fread(doc, 1, sizeof doc - 1, in);
    fclose(in);
    doc[n] = '\0';
    size_t count;
    const ed_script_command *c = ed_script_commands(&count);
    for (size_t i = 0; i < count; i++) {
        char want[256];
        snprintf(want, sizeof want, "`%s`", c[i].usage);
        if (!strstr(doc, want))
            fail_msg("docs/editor.md does not list %s", want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_script_should_record_edit_and_save_a_path, setup, teardown),
        cmocka_unit_test_setup_teardown(held_keys_in_a_script_should_fly_during_wait, setup, teardown),
        cmocka_unit_test_setup_teardown(a_pressed_chord_should_release_its_modifiers, setup, teardown),
        cmocka_unit_test_setup_teardown(errors_should_name_the_line_and_the_problem, setup, teardown),
        cmocka_unit_test_setup_teardown(a_script_file_should_stop_at_its_first_error, setup, teardown),
        cmocka_unit_test_setup_teardown(quit_should_ask_when_there_are_unsaved_edits, setup, teardown),
        cmocka_unit_test(the_manual_should_describe_every_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

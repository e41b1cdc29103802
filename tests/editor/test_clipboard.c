/* SPDX-License-Identifier: MIT */
/* tests/editor/test_clipboard.c - copy, cut and paste of keys: spacing kept,
 * later keys moved on, one key as well as many, unknown members kept,
 * between files, through the system clipboard the front end offers. */
#include "edtest.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    *state = edtest_fixture_new("clip.json", 1);
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

static void paste_should_keep_the_spacing_and_move_later_keys_on(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    ed_record_set_nominal_speed(app, 6.0);
    edtest_record_line(app, 5, 6.0); /* x = 0..24 at t = 0..4 */
    assert_int_equal(ed_select_range(app, 1, 2), 0);
    assert_int_equal(ed_clip_copy(app), 0);
    assert_non_null(strstr(app->base.message, "2 keys copied"));
    ed_app_seek(app, 3.5);
    assert_int_equal(ed_clip_paste(app), 0);
    assert_int_equal(ed_app_key_count(app), 7);
    static const double t[7] = {0, 1, 2, 3, 3.5, 4.5, 7.0}, x[7] = {0, 6, 12, 18, 6, 12, 24};
    for (size_t i = 0; i < 7; i++) {
        assert_near(edtest_key(app, i)->time, t[i], 1e-12, 1);
        assert_near(edtest_key(app, i)->position.x, x[i], 0, 1);
    }
    /* the pasted keys are selected, the first of them active; one undo step */
    assert_int_equal(ed_app_selected_count(app), 2);
    assert_true(ed_app_is_selected(app, 4) && ed_app_is_selected(app, 5));
    assert_int_equal(app->doc.cur.selected, 4);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(ed_app_key_count(app), 5);
    assert_near(edtest_key(app, 4)->time, 4, 0, 1);
}

static void one_key_should_copy_and_paste_after_the_key_at_the_playhead(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    ed_record_set_nominal_speed(app, 6.0);
    edtest_record_line(app, 3, 6.0); /* t = 0, 1, 2 */
    assert_int_equal(ed_select_one(app, 2), 0);
    assert_int_equal(ed_clip_copy(app), 0);
    assert_non_null(strstr(app->base.message, "1 key copied"));
    /* a path file that says it holds one copied key */
    assert_non_null(strstr(app->ui.clipboard, "\"campath\""));
    assert_non_null(strstr(app->ui.clipboard, ED_CLIP_MEMBER));
    /* the playhead on key 1 (x = 6): the pasted key (x = 12) goes after it, 6 m on at 6 m/s */
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_clip_paste(app), 0);
    assert_int_equal(ed_app_key_count(app), 4);
    assert_near(edtest_key(app, 2)->time, 1 + 1, 1e-12, 1);
    assert_near(edtest_key(app, 2)->position.x, 12, 0, 1);
    /* the next key moved on by that second and the shortest gap (it is where the pasted key is) */
    assert_near(edtest_key(app, 3)->time, 2 + 1 + ED_MIN_GAP, 1e-12, 1);
    /* at the end it is appended */
    ed_app_seek(app, ed_app_start(app) + ed_app_duration(app));
    assert_int_equal(ed_clip_paste(app), 0);
    assert_int_equal(ed_app_key_count(app), 5);
    assert_near(edtest_key(app, 4)->position.x, 12, 0, 1);
    assert_true(edtest_key(app, 4)->time > edtest_key(app, 3)->time);
}

static void cut_should_copy_then_delete_in_one_step(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 4, 6.0);
    assert_int_equal(ed_select_range(app, 1, 2), 0);
    assert_int_equal(ed_clip_cut(app), 0);
    assert_int_equal(ed_app_key_count(app), 2);
    assert_non_null(strstr(app->base.message, "2 keys cut"));
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(ed_app_key_count(app), 4);
    assert_int_equal(ed_select_one(app, -1), 0);
    assert_int_equal(ed_clip_cut(app), -1);
    assert_non_null(strstr(app->base.message, "select a key first"));
}

static void keys_should_paste_into_another_file_with_their_unknown_members(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    char *a = edtest_path(f->dir, "a.json"), *b = edtest_path(f->dir, "b.json");
    assert_int_equal(testutil_write_file(a, "{\"campath\": 1, \"keys\": ["
                                           "{\"t\": 0, \"position\": [0, 1, 2], \"rotation\": [0, 0, 0, 1], \"fov\": 50},"
                                           "{\"t\": 2, \"position\": [5, 1, 2], \"rotation\": [0, 0, 0, 1], \"fov\": 40, "
                                           "\"note\": \"keep me\"},"
                                           "{\"t\": 3, \"position\": [9, 1, 2], \"rotation\": [0, 0, 0, 1], \"fov\": 45}]}\n"),
                     0);
    assert_int_equal(ed_app_open(app, a), 0);
    assert_int_equal(ed_select_range(app, 1, 2), 0);
    assert_int_equal(ed_clip_copy(app), 0);
    assert_int_equal(ed_app_open(app, b), 0);
    assert_int_equal(ed_app_key_count(app), 0);
    assert_int_equal(ed_clip_paste(app), 0);
    assert_int_equal(ed_app_key_count(app), 2);
    assert_near(edtest_key(app, 0)->time, 0, 0, 1);
    assert_near(edtest_key(app, 1)->time, 1, 0, 1);
    assert_near(edtest_key(app, 0)->fov, 40, 0, 1);
    assert_non_null(app->doc.cur.doc.key_extras);
    assert_non_null(app->doc.cur.doc.key_extras[0]);
    assert_non_null(strstr(app->doc.cur.doc.key_extras[0], "keep me"));
    assert_int_equal(ed_app_save(app), 0);
    cp_document back;
    assert_int_equal(cp_document_load(b, &back, NULL), 0);
    assert_int_equal(back.count, 2);
    assert_non_null(strstr(back.key_extras[0], "keep me"));
    cp_document_free(&back);
    free(a);
    free(b);
}

/* A system clipboard for the test: what was set, and what get gives. */
typedef struct fake_clipboard {
    char  set[8192];
    const char *give;   /* NULL: empty */
} fake_clipboard;

static void fake_set(void *ctx, const char *text) { snprintf(((fake_clipboard *)ctx)->set, 8192, "%s", text); }

static char *fake_get(void *ctx)
{
    const char *g = ((fake_clipboard *)ctx)->give;
    if (!g)
        return NULL;
    char *c = malloc(strlen(g) + 1);
    assert_non_null(c);
    strcpy(c, g);
    return c;
}

static void the_system_clipboard_should_carry_the_keys(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    fake_clipboard fake = {"", NULL};
    ed_clipboard_host host = {&fake, fake_set, fake_get};
    app->ui.clipboard_host = &host;
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_clip_copy(app), 0);
    assert_string_equal(fake.set, app->ui.clipboard);
    /* the system clipboard empty: the editor's own copy pastes */
    ed_app_seek(app, ed_app_start(app) + ed_app_duration(app));
    assert_int_equal(ed_clip_paste(app), 0);
    assert_int_equal(ed_app_key_count(app), 4);
    /* text from another program: refused with the reason, nothing changes */
    fake.give = "hello from a text editor";
    unsigned long rev = app->doc.cur.revision;
    assert_int_equal(ed_clip_paste(app), -1);
    assert_non_null(strstr(app->base.message, "the clipboard holds no campath keys"));
    assert_int_equal(app->doc.cur.revision, rev);
    /* a path file copied as text pastes as its keys */
    fake.give = "{\"campath\": 1, \"keys\": [{\"t\": 0, \"position\": [1, 2, 3], \"rotation\": [0, 0, 0, 1], \"fov\": 30},"
                "{\"t\": 0.5, \"position\": [2, 2, 3], \"rotation\": [0, 0, 0, 1], \"fov\": 31}]}";
    assert_int_equal(ed_clip_paste(app), 0);
    assert_int_equal(ed_app_key_count(app), 6);
    assert_near(edtest_key(app, 4)->fov, 30, 0, 1);
    assert_near(edtest_key(app, 5)->time - edtest_key(app, 4)->time, 0.5, 1e-12, 1);
    app->ui.clipboard_host = NULL;
}

/* Pastes `text` as the system clipboard's; the result of the paste. */
static int paste_text(ed_app *app, const char *text)
{
    fake_clipboard fake = {"", text};
    ed_clipboard_host host = {&fake, fake_set, fake_get};
    app->ui.clipboard_host = &host;
    int rc = ed_clip_paste(app);
    app->ui.clipboard_host = NULL;
    return rc;
}

#define KEY(t, x, more) "{\"t\": " #t ", \"position\": [" #x ", 1, 2], \"rotation\": [0, 0, 0, 1], \"fov\": 50" more "}"

static void keys_that_all_carry_the_old_padding_member_should_paste_as_keys(void **state)
{
    /* an earlier editor marked the padding key of a one-key clipboard with a member; text whose
       every key carries it read before the keys once (a heap overflow): now they are keys */
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 3, 6.0);
    ed_app_seek(app, ed_app_start(app) + ed_app_duration(app));
    assert_int_equal(paste_text(app, "{\"campath\": 1, \"keys\": [" KEY(0, 7, ", \"campath-editor-clipboard\": 1") ","
                                     KEY(1, 8, ", \"campath-editor-clipboard\": 1") "]}"),
                     0);
    assert_int_equal(ed_app_key_count(app), 5);
    assert_near(edtest_key(app, 3)->position.x, 7, 0, 1);
    assert_near(edtest_key(app, 4)->position.x, 8, 0, 1);
}

static void one_key_should_copy_as_a_path_file_that_says_how_many_keys_it_holds(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_select_one(app, 2), 0);
    assert_int_equal(ed_clip_copy(app), 0);
    /* a path file (two keys: it must) whose top level says that one of them was copied; no key is marked */
    cp_document clip;
    assert_int_equal(cp_document_load_memory(app->ui.clipboard, strlen(app->ui.clipboard), "clip", &clip, NULL), 0);
    assert_int_equal(clip.count, 2);
    assert_non_null(clip.extras);
    assert_non_null(strstr(clip.extras, "\"" ED_CLIP_MEMBER "\": {\"keys\": 1}"));
    assert_true(!clip.key_extras || (!clip.key_extras[0] && !clip.key_extras[1]));
    cp_document_free(&clip);
    /* several keys say so too */
    assert_int_equal(ed_select_range(app, 0, 2), 0);
    assert_int_equal(ed_clip_copy(app), 0);
    assert_non_null(strstr(app->ui.clipboard, "\"" ED_CLIP_MEMBER "\": {\"keys\": 3}"));
}

static void the_copied_count_should_be_checked_and_only_those_keys_pasted(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 2, 6.0);
    ed_app_seek(app, ed_app_start(app) + ed_app_duration(app));
    const char *keys = "\"keys\": [" KEY(0, 7, "") "," KEY(1, 8, "") "," KEY(2, 9, "") "]}";
    char text[1024];
    snprintf(text, sizeof text, "{\"campath\": 1, \"" ED_CLIP_MEMBER "\": {\"keys\": 2}, %s", keys);
    assert_int_equal(paste_text(app, text), 0);
    assert_int_equal(ed_app_key_count(app), 4);
    assert_near(edtest_key(app, 3)->position.x, 8, 0, 1);
    static const char *bad[] = {"0", "4", "-1", "1.5", "\"one\"", "null", "1e300"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(text, sizeof text, "{\"campath\": 1, \"" ED_CLIP_MEMBER "\": {\"keys\": %s}, %s", bad[i], keys);
        unsigned long rev = app->doc.cur.revision;
        assert_int_equal(paste_text(app, text), -1);
        if (!strstr(app->base.message, "the clipboard's \"" ED_CLIP_MEMBER "\" member") ||
            !strstr(app->base.message, "1 to 3"))
            fail_msg("%s: %s", bad[i], app->base.message);
        assert_int_equal(app->doc.cur.revision, rev);
    }
    /* a member that is not an object with "keys" is refused the same way */
    snprintf(text, sizeof text, "{\"campath\": 1, \"" ED_CLIP_MEMBER "\": 1, %s", keys);
    assert_int_equal(paste_text(app, text), -1);
    assert_non_null(strstr(app->base.message, ED_CLIP_MEMBER));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(paste_should_keep_the_spacing_and_move_later_keys_on, setup, teardown),
        cmocka_unit_test_setup_teardown(one_key_should_copy_and_paste_after_the_key_at_the_playhead, setup, teardown),
        cmocka_unit_test_setup_teardown(cut_should_copy_then_delete_in_one_step, setup, teardown),
        cmocka_unit_test_setup_teardown(keys_should_paste_into_another_file_with_their_unknown_members, setup, teardown),
        cmocka_unit_test_setup_teardown(the_system_clipboard_should_carry_the_keys, setup, teardown),
        cmocka_unit_test_setup_teardown(keys_that_all_carry_the_old_padding_member_should_paste_as_keys, setup, teardown),
        cmocka_unit_test_setup_teardown(one_key_should_copy_as_a_path_file_that_says_how_many_keys_it_holds, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(the_copied_count_should_be_checked_and_only_those_keys_pasted, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* tests/editor/test_file.c - the editor's file: new files, saving, the dirty
 * flag, unknown fields, the recovery file, reloads and their conflicts,
 * quitting with unsaved edits. Real files in a temporary folder. */
#include <sys/stat.h>

#include "edtest.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    *state = edtest_fixture_new("shot.json", 0);
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

/* Lets time pass in frames (ed_app_update caps a single step at 1 s). */
static void pass(ed_app *app, double seconds)
{
    for (double t = 0; t < seconds; t += 0.25)
        ed_app_update(app, 0.25);
}

static void reopen(fixture *f)
{
    ed_app_free(&f->app);
    ed_app_init(&f->app);
    assert_int_equal(ed_app_open(&f->app, f->file), 0);
}

/* The key count of the file on disk (-1 if it does not load). */
static long keys_on_disk(const char *file)
{
    cp_document doc;
    if (cp_document_load(file, &doc, NULL) != CP_OK)
        return -1;
    long n = (long)doc.count;
    cp_document_free(&doc);
    return n;
}

/* The whole text of a small file ("" if it cannot be read). */
static void read_text(const char *file, char *text, size_t size)
{
    text[0] = '\0';
    FILE *in = fopen(file, "r");
    if (!in)
        return;
    size_t n = fread(text, 1, size - 1, in);
    fclose(in);
    text[n] = '\0';
}

/* ---- new files, saving, dirty ----------------------------------------------------------------- */

static void a_new_file_should_be_created_by_the_first_save(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_app_open(app, f->file), 0);
    assert_false(app->file.exists);
    assert_false(ed_app_dirty(app));
    assert_string_equal(app->doc.cur.doc.name, "shot");
    edtest_place(app, 0, 0, 0);
    ed_record_key(app, 0);
    assert_true(ed_app_dirty(app));
    /* one key is not a path yet */
    assert_int_equal(ed_app_save(app), -1);
    assert_false(edtest_exists(f->file));
    edtest_record_line(app, 2, 6.0);
    assert_int_equal(ed_app_save(app), 0);
    assert_false(ed_app_dirty(app));
    cp_error err;
    cp_path *p = cp_path_load(f->file, &err);
    assert_non_null(p);
    assert_int_equal(cp_path_key_count(p), 3);
    assert_string_equal(cp_path_name(p), "shot");
    cp_path_destroy(p);
}

static void the_dirty_flag_should_follow_undo_back_to_the_saved_state(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_app_save(app), 0);
    assert_false(ed_app_dirty(app));
    ed_options_set_interp(app, CP_INTERP_BISECTOR);
    assert_true(ed_app_dirty(app));
    ed_edit_undo(app);
    assert_false(ed_app_dirty(app));
    ed_edit_redo(app);
    assert_true(ed_app_dirty(app));
    /* selecting, seeking and flying are not edits */
    ed_edit_undo(app);
    ed_select_one(app, 1);
    ed_app_seek(app, 0.5);
    edtest_place(app, 3, 3, 3);
    assert_false(ed_app_dirty(app));
}

static void a_file_that_does_not_load_should_not_be_opened(void **state)
{
    fixture *f = *state;
    assert_int_equal(testutil_write_file(f->file, "{\"campath\": 1, \"keys\": [ {\"t\": 0,"), 0);
    assert_int_equal(ed_app_open(&f->app, f->file), -1);
    assert_true(f->app.base.message_error);
    assert_null(f->app.file.name);
    assert_non_null(strstr(f->app.base.message, "shot.json"));
}

static void unknown_fields_should_survive_an_edit_and_a_save(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(edtest_write_path(f->file, 3, "\"author\": {\"who\": \"ana\", \"take\": 7},"), 0);
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_place(app, 30, 0, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_int_equal(ed_app_save(app), 0);
    FILE *in = fopen(f->file, "r");
    assert_non_null(in);
    char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, in);
    fclose(in);
    text[n] = '\0';
    assert_non_null(strstr(text, "\"author\""));
    assert_non_null(strstr(text, "\"ana\""));
    cp_document doc;
    assert_int_equal(cp_document_load(f->file, &doc, NULL), 0);
    assert_int_equal(doc.count, 4);
    cp_document_free(&doc);
}

/* Each member a file carries is a difference: a recovery file or an outside
 * write that changes only it must not be taken for the document on screen
 * (and dropped). */
static void documents_should_differ_in_every_member_a_file_carries(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_record_line(app, 3, 6.0);
    const cp_document *cur = &app->doc.cur.doc;
    enum { EASE_IN, EASE_OUT, SHAKE_SCALE, FRAME_WIDTH, DOLLY, MAX_TURN, SEED, SHAKE_POS, SHAKE_ROT, SHAKE_FOV,
           HOLD, CASES };
    for (int c = 0; c < CASES; c++) {
        cp_document d;
        assert_int_equal(cp_document_copy(&d, cur, NULL), CP_OK);
        assert_true(ed_doc_equal(&d, cur));
        cp_key *k = &d.keys[1];
        switch (c) {
        case EASE_IN: k->ease[0] = 0.5; break;
        case EASE_OUT: k->ease[1] = 0.5; break;
        case SHAKE_SCALE: k->flags |= CP_KEY_SHAKE_SCALE, k->shake_scale = 1.0; break;
        case FRAME_WIDTH: k->frame_width = 2.0; break;
        case DOLLY: d.options.dolly_zoom = !d.options.dolly_zoom; break;
        case MAX_TURN: d.options.max_angular_speed = 45.0; break;
        case SEED: d.options.shake.seed++; break;
        case SHAKE_POS: d.options.shake.position.amplitude = 0.01; break;
        case SHAKE_ROT: d.options.shake.rotation.frequency = 3.0; break;
        case SHAKE_FOV: d.options.shake.fov.amplitude = 0.5; break;
        case HOLD: k->flags |= CP_KEY_HOLD, k->hold = 0.5; break;
        }
        if (ed_doc_equal(&d, cur))
            fail_msg("case %d: a document that differs was taken for the same", c);
        cp_document_free(&d);
    }
}

/* ---- recovery ---------------------------------------------------------------------------------- */

static void recovery_should_be_written_while_dirty_and_removed_by_a_save(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_app_save(app), 0);
    edtest_place(app, 50, 0, 0);
    ed_record_key(app, 0);
    pass(app, ED_RECOVERY_INTERVAL / 2);
    assert_false(edtest_exists(f->recovery));
    pass(app, ED_RECOVERY_INTERVAL);
    assert_true(edtest_exists(f->recovery));
    cp_document rec;
    assert_int_equal(cp_document_load(f->recovery, &rec, NULL), 0);
    assert_true(ed_doc_equal(&rec, &app->doc.cur.doc));
    cp_document_free(&rec);
    /* the file itself is untouched until a save */
    cp_document disk;
    assert_int_equal(cp_document_load(f->file, &disk, NULL), 0);
    assert_int_equal(disk.count, 3);
    cp_document_free(&disk);
    assert_int_equal(ed_app_save(app), 0);
    assert_false(edtest_exists(f->recovery));
}

static void recovery_should_be_offered_after_a_crash(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_record_line(app, 2, 6.0);
    assert_int_equal(ed_app_save(app), 0);
    edtest_place(app, 40, 0, 0);
    ed_record_key(app, 0);
    pass(app, ED_RECOVERY_INTERVAL + 0.1);
    assert_true(edtest_exists(f->recovery));
    /* the editor dies here: nothing is saved, the recovery file stays */
    reopen(f);
    assert_int_equal(app->base.prompt, ED_PROMPT_RECOVERY);
    assert_int_equal(ed_app_key_count(app), 2);
    /* nothing else happens while the question waits */
    assert_int_equal(ed_record_key(app, 0), -1);
    assert_int_equal(ed_app_save(app), -1);
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_KEEP), -1);
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_RESTORE), 0);
    assert_int_equal(app->base.prompt, ED_PROMPT_NONE);
    assert_int_equal(ed_app_key_count(app), 3);
    assert_true(ed_app_dirty(app));
    /* restoring is undoable */
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(ed_app_key_count(app), 2);
    ed_edit_redo(app);
    assert_int_equal(ed_app_save(app), 0);
    assert_false(edtest_exists(f->recovery));
    reopen(f);
    assert_int_equal(app->base.prompt, ED_PROMPT_NONE);
    assert_int_equal(ed_app_key_count(app), 3);
}

static void discarding_recovery_should_remove_it(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_app_write_recovery(app), 0);
    assert_true(edtest_exists(f->recovery));
    /* never saved at all: the file does not exist, the recovery file does */
    reopen(f);
    assert_int_equal(app->base.prompt, ED_PROMPT_RECOVERY);
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_DISCARD), 0);
    assert_false(edtest_exists(f->recovery));
    assert_int_equal(ed_app_key_count(app), 0);
}

static void a_recovery_file_equal_to_the_file_should_be_dropped_quietly(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(edtest_write_path(f->file, 3, NULL), 0);
    cp_document doc;
    assert_int_equal(cp_document_load(f->file, &doc, NULL), 0);
    assert_int_equal(cp_document_save(&doc, f->recovery, NULL), 0);
    cp_document_free(&doc);
    assert_int_equal(ed_app_open(app, f->file), 0);
    assert_int_equal(app->base.prompt, ED_PROMPT_NONE);
    assert_false(edtest_exists(f->recovery));
}

static void a_recovery_file_that_does_not_load_should_be_left_alone(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    static const char broken[] = "{\"campath\": 1, \"keys\": [ half of a newer session's edits";
    assert_int_equal(edtest_write_path(f->file, 3, NULL), 0);
    assert_int_equal(testutil_write_file(f->recovery, broken), 0);
    assert_int_equal(ed_app_open(app, f->file), 0);
    assert_int_equal(app->base.prompt, ED_PROMPT_NONE);
    assert_true(app->base.message_error);
    /* unsaved edits do not write over it, and the editor says so */
    edtest_place(app, 40, 0, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    pass(app, 2 * ED_RECOVERY_INTERVAL);
    char text[8192];
    read_text(f->recovery, text, sizeof text);
    assert_string_equal(text, broken);
    assert_true(app->base.message_error);
    assert_non_null(strstr(app->base.message, ED_RECOVERY_SUFFIX));
    assert_int_equal(ed_app_write_recovery(app), -1);
    /* nor do a save and a quit remove it */
    assert_int_equal(ed_app_save(app), 0);
    assert_int_equal(ed_app_request_quit(app), 1);
    read_text(f->recovery, text, sizeof text);
    assert_string_equal(text, broken);
}

static void another_sessions_recovery_file_should_not_be_overwritten(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_app_write_recovery(app), 0);
    assert_true(edtest_exists(f->recovery));
    /* another editor on the same file writes its own, newer recovery file */
    assert_int_equal(edtest_write_path(f->recovery, 7, NULL), 0);
    edtest_place(app, 99, 0, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_int_equal(ed_app_write_recovery(app), -1);
    assert_true(app->base.message_error);
    pass(app, 2 * ED_RECOVERY_INTERVAL);
    assert_int_equal(keys_on_disk(f->recovery), 7);
    /* discarding this session's edits does not remove the other session's file either */
    assert_int_equal(ed_app_request_quit(app), 0);
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_DISCARD), 0);
    assert_int_equal(keys_on_disk(f->recovery), 7);
}

static int is_link(const char *file)
{
    struct stat st;
    return lstat(file, &st) == 0 && S_ISLNK(st.st_mode);
}

static void a_link_at_the_recovery_name_should_be_left_alone_not_written_through(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    char *victim = edtest_path(f->dir, "victim.json"), *other = edtest_path(f->dir, "other.json");
    assert_int_equal(edtest_write_path(f->file, 3, NULL), 0);
    /* shipped beside the path file: a link to a file that is not there (yet) */
    assert_int_equal(symlink("victim.json", f->recovery), 0);
    assert_int_equal(ed_app_open(app, f->file), 0);
    assert_int_equal(app->base.prompt, ED_PROMPT_NONE);
    edtest_place(app, 40, 0, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    pass(app, 2 * ED_RECOVERY_INTERVAL);
    /* its target is not created, the link stays, and the editor says why nothing is backed up */
    assert_false(edtest_exists(victim));
    assert_true(is_link(f->recovery));
    assert_true(app->base.message_error);
    assert_non_null(strstr(app->base.message, ED_RECOVERY_SUFFIX " is a symbolic link, not a regular file"));
    assert_int_equal(ed_app_write_recovery(app), -1);
    assert_false(edtest_exists(victim));
    /* a save does not remove it, nor does quitting */
    assert_int_equal(ed_app_save(app), 0);
    assert_true(is_link(f->recovery));
    assert_int_equal(ed_app_request_quit(app), 1);
    assert_true(is_link(f->recovery));
    assert_false(edtest_exists(victim));
    /* a link to a path file elsewhere: not read (no recovery offered from it), not written */
    assert_int_equal(unlink(f->recovery), 0);
    assert_int_equal(edtest_write_path(other, 7, NULL), 0);
    assert_int_equal(symlink("other.json", f->recovery), 0);
    reopen(f);
    app = &f->app;
    assert_int_equal(app->base.prompt, ED_PROMPT_NONE);
    assert_true(app->base.message_error);
    assert_non_null(strstr(app->base.message, "is a symbolic link, not a regular file"));
    edtest_place(app, 60, 0, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    pass(app, 2 * ED_RECOVERY_INTERVAL);
    assert_int_equal(keys_on_disk(other), 7);
    assert_int_equal(ed_app_save(app), 0);
    assert_true(is_link(f->recovery));
    assert_int_equal(keys_on_disk(other), 7);
    free(victim);
    free(other);
}

static void a_fifo_at_the_recovery_name_should_be_left_alone(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(edtest_write_path(f->file, 3, NULL), 0);
    assert_int_equal(mkfifo(f->recovery, 0600), 0);
    /* opening neither blocks on it nor offers it */
    assert_int_equal(ed_app_open(app, f->file), 0);
    assert_int_equal(app->base.prompt, ED_PROMPT_NONE);
    edtest_place(app, 40, 0, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_int_equal(ed_app_write_recovery(app), -1);
    assert_non_null(strstr(app->base.message, ED_RECOVERY_SUFFIX " is a FIFO, not a regular file"));
    assert_int_equal(ed_app_save(app), 0);
    struct stat st;
    assert_int_equal(lstat(f->recovery, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
}

static void the_recovery_file_should_be_replaced_whole_keeping_its_mode(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_app_write_recovery(app), 0);
    assert_int_equal(chmod(f->recovery, 0640), 0);
    /* a second link to the recovery file keeps the old bytes: the file is replaced, not written into */
    char *second = edtest_path(f->dir, "second");
    assert_int_equal(link(f->recovery, second), 0);
    edtest_place(app, 70, 0, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_int_equal(ed_app_write_recovery(app), 0);
    assert_int_equal(keys_on_disk(f->recovery), 4);
    assert_int_equal(keys_on_disk(second), 3);
    struct stat st;
    assert_int_equal(stat(f->recovery, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0640);
    free(second);
}

/* ---- reloading ----------------------------------------------------------------------------------- */

static int reloaded(const ed_app *app) { return ed_app_key_count(app) == 5; }
static int asked(const ed_app *app) { return app->base.prompt == ED_PROMPT_RELOAD; }
static int never(const ed_app *app) { return app->base.prompt != ED_PROMPT_NONE; }

static void an_outside_change_should_reload_at_once_without_edits(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(edtest_write_path(f->file, 3, NULL), 0);
    assert_int_equal(ed_app_open(app, f->file), 0);
    assert_int_equal(edtest_write_path(f->file, 5, NULL), 0);
    assert_true(edtest_poll_until(app, reloaded, 5.0));
    assert_int_equal(app->base.prompt, ED_PROMPT_NONE);
    assert_false(ed_app_dirty(app));
    assert_non_null(app->doc.path);
    assert_int_equal(cp_path_key_count(app->doc.path), 5);
    /* the reload is one undo away */
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(ed_app_key_count(app), 3);
    assert_true(ed_app_dirty(app));
}

static void an_outside_change_with_unsaved_edits_should_ask(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(edtest_write_path(f->file, 3, NULL), 0);
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_place(app, 99, 0, 0);
    ed_record_key(app, 0); /* 4 keys, unsaved */
    assert_int_equal(edtest_write_path(f->file, 5, NULL), 0);
    assert_true(edtest_poll_until(app, asked, 5.0));
    assert_int_equal(ed_app_key_count(app), 4);
    assert_int_equal(ed_edit_delete(app), -1);
    /* keep mine: nothing changes on either side until the next save */
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_KEEP), 0);
    assert_int_equal(ed_app_key_count(app), 4);
    assert_true(ed_app_dirty(app));
    cp_document disk;
    assert_int_equal(cp_document_load(f->file, &disk, NULL), 0);
    assert_int_equal(disk.count, 5);
    cp_document_free(&disk);
    /* even after undoing every edit the editor knows the file differs */
    ed_edit_undo(app);
    assert_true(ed_app_dirty(app));
    ed_edit_redo(app);
    assert_int_equal(ed_app_save(app), 0);
    assert_int_equal(cp_document_load(f->file, &disk, NULL), 0);
    assert_int_equal(disk.count, 4);
    cp_document_free(&disk);
}

static void reloading_over_unsaved_edits_should_keep_them_reachable(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(edtest_write_path(f->file, 3, NULL), 0);
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_place(app, 99, 0, 0);
    ed_record_key(app, 0);
    assert_int_equal(edtest_write_path(f->file, 5, NULL), 0);
    assert_true(edtest_poll_until(app, asked, 5.0));
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_RELOAD), 0);
    assert_int_equal(ed_app_key_count(app), 5);
    assert_false(ed_app_dirty(app));
    /* the edits set aside are in the recovery file and one undo away */
    assert_true(edtest_exists(f->recovery));
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(ed_app_key_count(app), 4);
    assert_near(ed_app_keys(app)[3].position.x, 99, 0, 1);
    /* quitting clean afterwards keeps that recovery file */
    ed_edit_redo(app);
    assert_int_equal(ed_app_request_quit(app), 1);
    assert_true(edtest_exists(f->recovery));
}

static void the_editors_own_saves_should_not_look_like_outside_changes(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_record_line(app, 3, 6.0);
    for (int round = 0; round < 3; round++) {
        assert_int_equal(ed_app_save(app), 0);
        edtest_place(app, 100 + round, 0, 0);
        ed_record_key(app, 0); /* dirty again at once */
        assert_false(edtest_poll_until(app, never, 0.3));
        assert_int_equal(ed_app_key_count(app), (size_t)(4 + round));
    }
}

static void a_broken_outside_write_should_keep_the_editors_version(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(edtest_write_path(f->file, 3, NULL), 0);
    assert_int_equal(ed_app_open(app, f->file), 0);
    assert_int_equal(testutil_write_file(f->file, "{ this is not json"), 0);
    double end = edtest_now() + 5.0;
    while (!app->base.message_error && edtest_now() < end) {
        ed_app_poll_file(app);
        usleep(2000);
    }
    assert_true(app->base.message_error);
    assert_int_equal(ed_app_key_count(app), 3);
    assert_int_equal(app->base.prompt, ED_PROMPT_NONE);
    /* the next good write is picked up */
    assert_int_equal(edtest_write_path(f->file, 5, NULL), 0);
    assert_true(edtest_poll_until(app, reloaded, 5.0));
}

static void a_new_file_created_by_another_program_should_not_be_overwritten(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_record_line(app, 2, 6.0);
    /* before the first save, another program creates the file */
    assert_int_equal(edtest_write_path(f->file, 5, NULL), 0);
    assert_int_equal(ed_app_save(app), -1);
    assert_int_equal(app->base.prompt, ED_PROMPT_RELOAD);
    assert_int_equal(keys_on_disk(f->file), 5);
    /* keep mine: now the save overwrites it, as asked */
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_KEEP), 0);
    assert_int_equal(ed_app_save(app), 0);
    assert_int_equal(keys_on_disk(f->file), 2);
    /* without unsaved edits, a file that appears is simply opened */
    char *other = edtest_path(f->dir, "other.json");
    assert_int_equal(ed_app_open(app, other), 0);
    assert_false(app->file.exists);
    assert_int_equal(edtest_write_path(other, 5, NULL), 0);
    ed_app_update(app, 0.01);
    assert_int_equal(ed_app_key_count(app), 5);
    assert_true(app->file.exists);
    assert_false(ed_app_dirty(app));
    assert_int_equal(app->base.prompt, ED_PROMPT_NONE);
    free(other);
}

static void a_reload_question_put_aside_by_quit_should_be_asked_again(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(edtest_write_path(f->file, 3, NULL), 0);
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_place(app, 99, 0, 0);
    ed_record_key(app, 0); /* 4 keys, unsaved */
    assert_int_equal(edtest_write_path(f->file, 5, NULL), 0);
    assert_true(edtest_poll_until(app, asked, 5.0));
    /* Ctrl+Q while the reload question waits, then Esc: the question comes back */
    assert_int_equal(ed_app_request_quit(app), 0);
    assert_int_equal(app->base.prompt, ED_PROMPT_QUIT);
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_CANCEL), 0);
    assert_true(edtest_poll_until(app, asked, 5.0));
    assert_int_equal(ed_app_save(app), -1);
    assert_int_equal(keys_on_disk(f->file), 5);
    /* Ctrl+Q, then S: saving asks about the other version first, instead of overwriting it */
    assert_int_equal(ed_app_request_quit(app), 0);
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_SAVE), -1);
    assert_false(app->base.quit);
    assert_int_equal(app->base.prompt, ED_PROMPT_RELOAD);
    assert_int_equal(keys_on_disk(f->file), 5);
    /* an answer settles it */
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_KEEP), 0);
    assert_int_equal(ed_app_request_quit(app), 0);
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_SAVE), 0);
    assert_true(app->base.quit);
    assert_int_equal(keys_on_disk(f->file), 4);
}

/* ---- quitting ------------------------------------------------------------------------------------- */

static void quitting_with_unsaved_edits_should_ask_first(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_app_open(app, f->file), 0);
    assert_int_equal(ed_app_request_quit(app), 1); /* nothing to lose */
    app->base.quit = 0;
    edtest_record_line(app, 3, 6.0);
    assert_int_equal(ed_app_request_quit(app), 0);
    assert_int_equal(app->base.prompt, ED_PROMPT_QUIT);
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_CANCEL), 0);
    assert_false(app->base.quit);
    assert_int_equal(ed_app_request_quit(app), 0);
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_SAVE), 0);
    assert_true(app->base.quit);
    assert_true(edtest_exists(f->file));
    /* discard: quits, and leaves no recovery file behind */
    reopen(f);
    edtest_place(app, 50, 0, 0);
    ed_record_key(app, 0);
    ed_app_write_recovery(app);
    assert_true(edtest_exists(f->recovery));
    ed_app_request_quit(app);
    assert_int_equal(ed_app_answer(app, ED_CMD_ANSWER_DISCARD), 0);
    assert_true(app->base.quit);
    assert_false(edtest_exists(f->recovery));
    /* the frame that ends the loop must not write it again */
    pass(app, 2 * ED_RECOVERY_INTERVAL);
    assert_false(edtest_exists(f->recovery));
}

static void opening_another_file_should_not_drop_unsaved_edits(void **state)
{
    fixture *f = *state;
    ed_app *app = &f->app;
    assert_int_equal(ed_app_open(app, f->file), 0);
    edtest_record_line(app, 2, 6.0);
    char *other = edtest_path(f->dir, "other.json");
    assert_int_equal(ed_app_open(app, other), -1);
    assert_int_equal(ed_app_key_count(app), 2);
    assert_int_equal(ed_app_save(app), 0);
    assert_int_equal(ed_app_open(app, other), 0);
    assert_int_equal(ed_app_key_count(app), 0);
    free(other);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_new_file_should_be_created_by_the_first_save, setup, teardown),
        cmocka_unit_test_setup_teardown(the_dirty_flag_should_follow_undo_back_to_the_saved_state, setup, teardown),
        cmocka_unit_test_setup_teardown(a_file_that_does_not_load_should_not_be_opened, setup, teardown),
        cmocka_unit_test_setup_teardown(unknown_fields_should_survive_an_edit_and_a_save, setup, teardown),
        cmocka_unit_test_setup_teardown(documents_should_differ_in_every_member_a_file_carries, setup, teardown),
        cmocka_unit_test_setup_teardown(recovery_should_be_written_while_dirty_and_removed_by_a_save, setup, teardown),
        cmocka_unit_test_setup_teardown(recovery_should_be_offered_after_a_crash, setup, teardown),
        cmocka_unit_test_setup_teardown(discarding_recovery_should_remove_it, setup, teardown),
        cmocka_unit_test_setup_teardown(a_recovery_file_equal_to_the_file_should_be_dropped_quietly, setup, teardown),
        cmocka_unit_test_setup_teardown(a_recovery_file_that_does_not_load_should_be_left_alone, setup, teardown),
        cmocka_unit_test_setup_teardown(another_sessions_recovery_file_should_not_be_overwritten, setup, teardown),
        cmocka_unit_test_setup_teardown(a_link_at_the_recovery_name_should_be_left_alone_not_written_through, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_fifo_at_the_recovery_name_should_be_left_alone, setup, teardown),
        cmocka_unit_test_setup_teardown(the_recovery_file_should_be_replaced_whole_keeping_its_mode, setup, teardown),
        cmocka_unit_test_setup_teardown(an_outside_change_should_reload_at_once_without_edits, setup, teardown),
        cmocka_unit_test_setup_teardown(an_outside_change_with_unsaved_edits_should_ask, setup, teardown),
        cmocka_unit_test_setup_teardown(reloading_over_unsaved_edits_should_keep_them_reachable, setup, teardown),
        cmocka_unit_test_setup_teardown(the_editors_own_saves_should_not_look_like_outside_changes, setup, teardown),
        cmocka_unit_test_setup_teardown(a_broken_outside_write_should_keep_the_editors_version, setup, teardown),
        cmocka_unit_test_setup_teardown(a_new_file_created_by_another_program_should_not_be_overwritten, setup, teardown),
        cmocka_unit_test_setup_teardown(a_reload_question_put_aside_by_quit_should_be_asked_again, setup, teardown),
        cmocka_unit_test_setup_teardown(quitting_with_unsaved_edits_should_ask_first, setup, teardown),
        cmocka_unit_test_setup_teardown(opening_another_file_should_not_drop_unsaved_edits, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

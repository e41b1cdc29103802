/* SPDX-License-Identifier: MIT */
/* tests/unit/test_reload.c - hot reload on real files in a temporary folder,
 * with the system's change watch (inotify; ReadDirectoryChangesW on Windows)
 * and with stat polling, files that are not there yet included. Nothing
 * waits a fixed time: each step polls until what it expects happens or a
 * deadline passes. Symbolic links are POSIX's here (Windows' need a
 * privilege to make). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <unistd.h>
#endif

#include "testutil.h"

#define DEADLINE_S 5.0

static double now(void) { return testutil_now(); }

/* between polls, so the loop is not a busy one */
static void pause_briefly(void) { testutil_nap(0.0002); }

/* A path file of n keys whose first position x is `tag`. */
static char *path_text(int n, int tag)
{
    size_t cap = 256 + 120 * (size_t)n, len = 0;
    char *s = malloc(cap);
    len += (size_t)snprintf(s, cap, "{\n  \"campath\": 1,\n  \"keys\": [\n");
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(s + len, cap - len,
                                "    { \"t\": %d, \"position\": [%d, %d, 0], \"rotation\": [0, 0, 0, 1] }%s\n", i,
                                i == 0 ? tag : i, i, i + 1 < n ? "," : "");
    snprintf(s + len, cap - len, "  ]\n}\n");
    return s;
}

static void write_renamed(const char *file, const char *text)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s.tmp~", file);
    assert_int_equal(testutil_write_file(tmp, text), 0);
    assert_int_equal(testutil_rename(tmp, file), 0);
}

/* Polls until the resource reaches generation `gen` (and no error). */
static void expect_generation(cp_library *lib, cp_resource *res, unsigned long gen)
{
    double end = now() + DEADLINE_S;
    while (cp_resource_generation(res) < gen && now() < end) {
        cp_library_poll(lib);
        if (cp_resource_generation(res) < gen)
            pause_briefly();
    }
    if (cp_resource_generation(res) != gen)
        fail_msg("generation %lu, expected %lu (error: %s)", cp_resource_generation(res), gen,
                 cp_resource_error(res) ? cp_resource_error(res) : "none");
    assert_null(cp_resource_error(res));
}

static void expect_error(cp_library *lib, cp_resource *res, const char *part)
{
    double end = now() + DEADLINE_S;
    while (!(cp_resource_error(res) && strstr(cp_resource_error(res), part)) && now() < end) {
        cp_library_poll(lib);
        pause_briefly();
    }
    if (!cp_resource_error(res) || !strstr(cp_resource_error(res), part))
        fail_msg("no error with \"%s\" (error: %s)", part, cp_resource_error(res) ? cp_resource_error(res) : "none");
}

static double first_x(const cp_resource *res) { return cp_path_keys(cp_resource_path(res))[0].position.x; }

static void follow_every_kind_of_save(cp_library *lib)
{
    char *dir = testutil_tempdir(), file[1024];
    snprintf(file, sizeof file, "%s/intro.json", dir);
    char *t = path_text(2, 100);
    assert_int_equal(testutil_write_file(file, t), 0);
    free(t);
    cp_error err;
    cp_resource *res = cp_library_open(lib, file, &err);
    assert_non_null(res);
    assert_int_equal(cp_resource_generation(res), 1);
    assert_int_equal(cp_path_key_count(cp_resource_path(res)), 2);
    assert_string_equal(cp_resource_file(res), file);
    assert_ptr_equal(cp_library_open(lib, file, &err), res); /* one handle per file */
    assert_int_equal(cp_library_poll(lib), 0);                /* nothing changed */

    /* saved by rename, as editors and cp_path_save do */
    t = path_text(3, 101);
    write_renamed(file, t);
    free(t);
    expect_generation(lib, res, 2);
    assert_int_equal(cp_path_key_count(cp_resource_path(res)), 3);

    /* truncated, then written in place (same length as before: only the content differs) */
    t = path_text(3, 102);
    assert_int_equal(testutil_write_file(file, t), 0);
    free(t);
    expect_generation(lib, res, 3);
    assert_true(first_x(res) == 102);

    /* written in two pieces with a poll in between: the half file fails, the whole one loads */
    t = path_text(4, 103);
    size_t half = strlen(t) / 2;
    FILE *f = testutil_fopen(file, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(t, 1, half, f), half);
    assert_int_equal(fflush(f), 0);
    expect_error(lib, res, "intro.json");
    assert_int_equal(cp_resource_generation(res), 3); /* the last good path stays */
    assert_true(first_x(res) == 102);
    assert_int_equal(fwrite(t + half, 1, strlen(t) - half, f), strlen(t) - half);
    assert_int_equal(fclose(f), 0);
    free(t);
    expect_generation(lib, res, 4);
    assert_int_equal(cp_path_key_count(cp_resource_path(res)), 4);

    /* a broken save keeps the last good path; the next good one replaces it */
    write_renamed(file, "{ \"campath\": 1, \"keys\": [ { \"t\": 0 ");
    expect_error(lib, res, "is the file truncated?");
    assert_int_equal(cp_resource_generation(res), 4);
    assert_int_equal(cp_path_key_count(cp_resource_path(res)), 4);
    t = path_text(5, 104);
    write_renamed(file, t);
    free(t);
    expect_generation(lib, res, 5);

    /* deleted: the path stays; created again: picked up */
    assert_int_equal(remove(file), 0);
    expect_error(lib, res, "not found");
    assert_int_equal(cp_path_key_count(cp_resource_path(res)), 5);
    t = path_text(6, 105);
    assert_int_equal(testutil_write_file(file, t), 0);
    free(t);
    expect_generation(lib, res, 6);
    assert_true(first_x(res) == 105);

    /* the same bytes again make no new generation */
    t = path_text(6, 105);
    write_renamed(file, t);
    free(t);
    for (int i = 0; i < 50; i++) {
        cp_library_poll(lib);
        pause_briefly();
    }
    assert_int_equal(cp_resource_generation(res), 6);

    testutil_rmtree(dir);
    free(dir);
}

static void reload_should_follow_saves_with_inotify(void **state)
{
    (void)state;
    cp_error err;
    cp_library *lib = cp_library_create(&err);
    assert_non_null(lib);
#ifdef __linux__
    if (!cp_library_uses_inotify(lib)) {
        print_message("skipped: inotify is not available here\n");
        cp_library_destroy(lib);
        skip();
    }
    assert_true(cp_library_fd(lib) >= 0);
#elif defined(_WIN32)
    assert_string_equal(cp_library_watch_method(lib), "ReadDirectoryChangesW");
    assert_false(cp_library_uses_inotify(lib));
    assert_int_equal(cp_library_fd(lib), -1);
#endif
    follow_every_kind_of_save(lib);
    cp_library_destroy(lib);
}

static void reload_should_follow_saves_with_stat_polling(void **state)
{
    (void)state;
    cp_error err;
    cp_library *lib = cp_library_create_polling(&err);
    assert_non_null(lib);
    assert_false(cp_library_uses_inotify(lib));
    assert_string_equal(cp_library_watch_method(lib), "stat polling");
    assert_int_equal(cp_library_fd(lib), -1);
    follow_every_kind_of_save(lib);
    cp_library_destroy(lib);
}

static void reload_should_poll_when_told_by_the_environment(void **state)
{
    (void)state;
    cp_error err;
    testutil_setenv("CAMPATH_NO_INOTIFY", "1");
    cp_library *lib = cp_library_create(&err);
    testutil_setenv("CAMPATH_NO_INOTIFY", NULL);
    assert_non_null(lib);
    assert_false(cp_library_uses_inotify(lib));
    assert_string_equal(cp_library_watch_method(lib), "stat polling");
    cp_library_destroy(lib);
}

static void reload_should_refuse_files_that_do_not_load(void **state)
{
    (void)state;
    cp_error err;
    cp_library *lib = cp_library_create(&err);
    /* a file that is there must load (one that is not is waited for: below) */
    assert_null(cp_library_open(lib, "tests/data", &err));
    assert_non_null(strstr(err.message, "tests/data: "));
    assert_int_equal(err.code, CP_ERR_IO);
    assert_null(cp_library_open(lib, "tests/data/bad/time_string.json", &err));
    assert_non_null(strstr(err.message, "time_string.json:8:12: keys[3].t: number expected"));
    /* several files, in several folders, each with its own handle */
    cp_resource *a = cp_library_open(lib, "tests/data/good/minimal.json", &err);
    cp_resource *b = cp_library_open(lib, "tests/data/good/closed_loop.json", &err);
    cp_resource *c = cp_library_open(lib, "tests/data/good/../good/minimal.json", &err);
    assert_non_null(a);
    assert_non_null(b);
    assert_ptr_not_equal(a, b);
    assert_ptr_equal(a, c); /* the same file under another name */
    assert_int_equal(cp_library_poll(lib), 0);
    cp_library_destroy(lib);
    cp_library_destroy(NULL);
}

/* A handle is found by what its file is now, not by what it was at the last
 * poll: after `mv a.json b.json` and a new a.json, b.json is another file. */
static void reload_should_not_mistake_a_renamed_file_for_its_old_name(void **state)
{
    (void)state;
    char *dir = testutil_tempdir(), a_file[1024], b_file[1024];
    snprintf(a_file, sizeof a_file, "%s/a.json", dir);
    snprintf(b_file, sizeof b_file, "%s/b.json", dir);
    char *t = path_text(2, 100);
    assert_int_equal(testutil_write_file(a_file, t), 0);
    free(t);
    cp_error err;
    cp_library *lib = cp_library_create_polling(&err);
    cp_resource *a = cp_library_open(lib, a_file, &err);
    assert_non_null(a);
    assert_int_equal(testutil_rename(a_file, b_file), 0); /* no poll in between */
    t = path_text(3, 200);
    assert_int_equal(testutil_write_file(a_file, t), 0);
    free(t);
    cp_resource *b = cp_library_open(lib, b_file, &err);
    assert_non_null(b);
    assert_ptr_not_equal(a, b);
    assert_string_equal(cp_resource_file(b), b_file);
    assert_true(first_x(b) == 100);
    expect_generation(lib, a, 2);
    assert_true(first_x(a) == 200);
    cp_library_destroy(lib);
    testutil_rmtree(dir);
    free(dir);
}

/* Opens a library of the kind asked for: the system's change watch (1) or
 * stat polling (0); NULL (and a message) if the watch is asked for and
 * missing. */
static cp_library *library(int watch)
{
    cp_error err;
    cp_library *lib = watch ? cp_library_create(&err) : cp_library_create_polling(&err);
    assert_non_null(lib);
    if (watch && strcmp(cp_library_watch_method(lib), "stat polling") == 0) {
        print_message("no change watch here: checked with stat polling only\n");
        cp_library_destroy(lib);
        return NULL;
    }
    return lib;
}

#ifndef _WIN32
/* Replaces `link` by a symbolic link to `target`, atomically (by rename). */
static void relink(const char *link, const char *target)
{
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.link~", link);
    unlink(tmp);
    assert_int_equal(symlink(target, tmp), 0);
    assert_int_equal(rename(tmp, link), 0);
}

/* A file replaced by a link into another folder, then the file there saved,
 * written in place, and the link moved along a chain into a third folder:
 * every change is seen (with inotify the other folders must be watched too). */
static void follow_links_into_other_folders(int inotify)
{
    cp_library *lib = library(inotify);
    if (!lib)
        return;
    char *dir = testutil_tempdir(), a[1024], b[1024], c[1024], file[1100], real[1100], other[1100], hop[1100];
    snprintf(a, sizeof a, "%s/a", dir);
    snprintf(b, sizeof b, "%s/b", dir);
    snprintf(c, sizeof c, "%s/c", dir);
    assert_int_equal(testutil_mkdir(a), 0);
    assert_int_equal(testutil_mkdir(b), 0);
    assert_int_equal(testutil_mkdir(c), 0);
    snprintf(file, sizeof file, "%s/intro.json", a);
    snprintf(real, sizeof real, "%s/real.json", b);
    snprintf(other, sizeof other, "%s/other.json", b);
    snprintf(hop, sizeof hop, "%s/hop.json", c);
    char *t = path_text(2, 100);
    assert_int_equal(testutil_write_file(file, t), 0);
    free(t);
    cp_error err;
    cp_resource *res = cp_library_open(lib, file, &err);
    assert_non_null(res);

    t = path_text(2, 200);
    assert_int_equal(testutil_write_file(real, t), 0);
    free(t);
    relink(file, "../b/real.json");
    expect_generation(lib, res, 2);
    assert_true(first_x(res) == 200);

    t = path_text(3, 201); /* saved by rename in the link's target folder */
    write_renamed(real, t);
    free(t);
    expect_generation(lib, res, 3);
    assert_true(first_x(res) == 201);

    t = path_text(3, 202); /* written in place */
    assert_int_equal(testutil_write_file(real, t), 0);
    free(t);
    expect_generation(lib, res, 4);
    assert_true(first_x(res) == 202);

    /* a chain: intro.json -> c/hop.json -> b/other.json */
    t = path_text(2, 300);
    assert_int_equal(testutil_write_file(other, t), 0);
    free(t);
    relink(hop, "../b/other.json");
    relink(file, "../c/hop.json");
    expect_generation(lib, res, 5);
    assert_true(first_x(res) == 300);
    t = path_text(2, 301);
    write_renamed(other, t);
    free(t);
    expect_generation(lib, res, 6);
    assert_true(first_x(res) == 301);
    relink(hop, "../b/real.json"); /* the middle link moves */
    expect_generation(lib, res, 7);
    assert_true(first_x(res) == 202);
    t = path_text(2, 203);
    write_renamed(real, t);
    free(t);
    expect_generation(lib, res, 8);
    assert_true(first_x(res) == 203);

    cp_library_destroy(lib);
    testutil_rmtree(dir);
    free(dir);
}

static void reload_should_follow_links_into_other_folders_with_inotify(void **state)
{
    (void)state;
    follow_links_into_other_folders(1);
}

static void reload_should_follow_links_into_other_folders_with_stat_polling(void **state)
{
    (void)state;
    follow_links_into_other_folders(0);
}
#endif

/* A game may open its file before the editor or the recorder first saves
 * it: the resource has no path, and says why, until the save brings it in
 * as any reload does; so does a file whose folder is not there yet. */
static void wait_for_a_file_not_saved_yet(int inotify)
{
    cp_library *lib = library(inotify);
    if (!lib)
        return;
    char *dir = testutil_tempdir(), file[1024], folder[1024], later[1100], expected[1200];
    snprintf(file, sizeof file, "%s/intro.json", dir);
    cp_error err;
    cp_resource *res = cp_library_open(lib, file, &err);
    assert_non_null(res);
    assert_int_equal(err.code, CP_OK);
    assert_null(cp_resource_path(res));
    assert_int_equal(cp_resource_generation(res), 0);
    snprintf(expected, sizeof expected, "%s: not there yet: the path comes with the file's first save", file);
    assert_string_equal(cp_resource_error(res), expected);
    assert_ptr_equal(cp_library_open(lib, file, &err), res); /* still one handle per file */
    for (int i = 0; i < 20; i++) {
        assert_int_equal(cp_library_poll(lib), 0);
        pause_briefly();
    }
    assert_null(cp_resource_path(res));
    assert_string_equal(cp_resource_error(res), expected);

    char *t = path_text(3, 7);
    write_renamed(file, t); /* the first save */
    expect_generation(lib, res, 1);
    assert_true(first_x(res) == 7);
    /* from then on it is any file: deleted, the last good path stays */
    assert_int_equal(remove(file), 0);
    expect_error(lib, res, "keeping the last good path");
    assert_true(first_x(res) == 7);

    /* a folder that is not there yet either; then the folder, then the file written in place */
    snprintf(folder, sizeof folder, "%s/later", dir);
    snprintf(later, sizeof later, "%s/outro.json", folder);
    cp_resource *out = cp_library_open(lib, later, &err);
    assert_non_null(out);
    assert_null(cp_resource_path(out));
    assert_non_null(strstr(cp_resource_error(out), "not there yet"));
    cp_library_poll(lib);
    assert_int_equal(testutil_mkdir(folder), 0);
    cp_library_poll(lib);
    assert_int_equal(testutil_write_file(later, t), 0);
    expect_generation(lib, out, 1);
    assert_int_equal(cp_path_key_count(cp_resource_path(out)), 3);
    free(t);
    cp_library_destroy(lib);
    testutil_rmtree(dir);
    free(dir);
}

static void reload_should_wait_for_a_file_not_saved_yet(void **state)
{
    (void)state;
    wait_for_a_file_not_saved_yet(1); /* inotify */
    wait_for_a_file_not_saved_yet(0); /* stat polling */
}

/* Polls until the resource has no error. */
static void expect_no_error(cp_library *lib, cp_resource *res)
{
    double end = now() + DEADLINE_S;
    while (cp_resource_error(res) && now() < end) {
        cp_library_poll(lib);
        pause_briefly();
    }
    if (cp_resource_error(res))
        fail_msg("still in error: %s", cp_resource_error(res));
}

/* A file that cannot be read (deleted), or does not load, and then comes
 * back with the bytes of the path in service: the error goes, and no new
 * generation is made (docs/format.md: the same bytes make none). */
static void come_back_unchanged(int inotify)
{
    cp_library *lib = library(inotify);
    if (!lib)
        return;
    char *dir = testutil_tempdir(), file[1024];
    snprintf(file, sizeof file, "%s/intro.json", dir);
    char *good = path_text(3, 100);
    assert_int_equal(testutil_write_file(file, good), 0);
    cp_error err;
    cp_resource *res = cp_library_open(lib, file, &err);
    assert_non_null(res);

    assert_int_equal(remove(file), 0);
    expect_error(lib, res, "not found");
    assert_int_equal(testutil_write_file(file, good), 0);
    expect_no_error(lib, res);
    assert_int_equal(cp_resource_generation(res), 1);

    write_renamed(file, "{ \"campath\": 1, \"keys\": [");
    expect_error(lib, res, "is the file truncated?");
    write_renamed(file, good);
    expect_no_error(lib, res);
    assert_int_equal(cp_resource_generation(res), 1);

    /* and a real change after that is still a new generation */
    char *t = path_text(3, 101);
    write_renamed(file, t);
    free(t);
    expect_generation(lib, res, 2);
    free(good);
    cp_library_destroy(lib);
    testutil_rmtree(dir);
    free(dir);
}

static void reload_should_not_count_a_file_that_comes_back_unchanged_with_inotify(void **state)
{
    (void)state;
    come_back_unchanged(1);
}

static void reload_should_not_count_a_file_that_comes_back_unchanged_with_stat_polling(void **state)
{
    (void)state;
    come_back_unchanged(0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reload_should_follow_saves_with_inotify),
        cmocka_unit_test(reload_should_follow_saves_with_stat_polling),
        cmocka_unit_test(reload_should_poll_when_told_by_the_environment),
        cmocka_unit_test(reload_should_refuse_files_that_do_not_load),
        cmocka_unit_test(reload_should_wait_for_a_file_not_saved_yet),
        cmocka_unit_test(reload_should_not_mistake_a_renamed_file_for_its_old_name),
#ifndef _WIN32
        cmocka_unit_test(reload_should_follow_links_into_other_folders_with_inotify),
        cmocka_unit_test(reload_should_follow_links_into_other_folders_with_stat_polling),
#endif
        cmocka_unit_test(reload_should_not_count_a_file_that_comes_back_unchanged_with_inotify),
        cmocka_unit_test(reload_should_not_count_a_file_that_comes_back_unchanged_with_stat_polling),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

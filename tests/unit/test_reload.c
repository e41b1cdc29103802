/* tests/unit/test_reload.c - hot reload on real files in a temporary folder,
 * with inotify and with stat polling. Nothing waits a fixed time: each step
 * polls until what it expects happens or a deadline passes. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

#define DEADLINE_S 5.0

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void pause_briefly(void)
{
    struct timespec t = {0, 200000}; /* between polls, so the loop is not a busy one */
    nanosleep(&t, NULL);
}

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
    assert_int_equal(rename(tmp, file), 0);
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
    int fd = open(file, O_WRONLY | O_TRUNC);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, t, half), (ssize_t)half);
    fsync(fd);
    expect_error(lib, res, "intro.json");
    assert_int_equal(cp_resource_generation(res), 3); /* the last good path stays */
    assert_true(first_x(res) == 102);
    assert_int_equal(write(fd, t + half, strlen(t) - half), (ssize_t)(strlen(t) - half));
    close(fd);
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
    assert_int_equal(unlink(file), 0);
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
    assert_int_equal(cp_library_fd(lib), -1);
    follow_every_kind_of_save(lib);
    cp_library_destroy(lib);
}

static void reload_should_poll_when_told_by_the_environment(void **state)
{
    (void)state;
    cp_error err;
    setenv("CAMPATH_NO_INOTIFY", "1", 1);
    cp_library *lib = cp_library_create(&err);
    unsetenv("CAMPATH_NO_INOTIFY");
    assert_non_null(lib);
    assert_false(cp_library_uses_inotify(lib));
    cp_library_destroy(lib);
}

static void reload_should_refuse_files_that_do_not_load(void **state)
{
    (void)state;
    cp_error err;
    cp_library *lib = cp_library_create(&err);
    assert_null(cp_library_open(lib, "tests/data/no-such-file.json", &err));
    assert_string_equal(err.message, "tests/data/no-such-file.json: cannot open: not found");
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
    assert_int_equal(rename(a_file, b_file), 0); /* no poll in between */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reload_should_follow_saves_with_inotify),
        cmocka_unit_test(reload_should_follow_saves_with_stat_polling),
        cmocka_unit_test(reload_should_poll_when_told_by_the_environment),
        cmocka_unit_test(reload_should_refuse_files_that_do_not_load),
        cmocka_unit_test(reload_should_not_mistake_a_renamed_file_for_its_old_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

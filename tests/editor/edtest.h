/* SPDX-License-Identifier: MIT */
/* tests/editor/edtest.h - helpers shared by the editor tests. */
#ifndef ED_TEST_H
#define ED_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

#include "app.h"
#include "control.h"
#include "script.h"

/* A file name inside dir (malloc'd). */
static inline char *edtest_path(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    assert_non_null(p);
    snprintf(p, n, "%s/%s", dir, name);
    return p;
}

static inline int edtest_exists(const char *file) { return access(file, F_OK) == 0; }

static inline double edtest_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* What every editor test works on: an app (with its control layer and a
 * script runner bound to both) and a fresh temporary folder holding `file`
 * and its recovery file, both named but not created. */
typedef struct edtest_fixture {
    char      *dir, *file, *recovery;
    ed_app     app;
    ed_control ctl;
    ed_script  s;
    char       err[1024];
} edtest_fixture;

/* A new fixture for cmocka's state; `open` non-zero opens `file_name` (it
 * does not exist yet: a new path). */
static inline edtest_fixture *edtest_fixture_new(const char *file_name, int open)
{
    edtest_fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->dir = testutil_tempdir();
    assert_non_null(f->dir);
    f->file = edtest_path(f->dir, file_name);
    size_t n = strlen(f->file) + strlen(ED_RECOVERY_SUFFIX) + 1;
    f->recovery = malloc(n);
    assert_non_null(f->recovery);
    snprintf(f->recovery, n, "%s%s", f->file, ED_RECOVERY_SUFFIX);
    ed_app_init(&f->app);
    ed_control_init(&f->ctl);
    f->s.app = &f->app;
    f->s.control = &f->ctl;
    f->s.source = "t.script";
    if (open)
        assert_int_equal(ed_app_open(&f->app, f->file), 0);
    return f;
}

static inline int edtest_teardown(void **state)
{
    edtest_fixture *f = *state;
    ed_app_free(&f->app);
    testutil_rmtree(f->dir);
    free(f->dir);
    free(f->file);
    free(f->recovery);
    free(f);
    return 0;
}

/* Key i of the app's document (the test fails if there is none). */
static inline const cp_key *edtest_key(const ed_app *app, size_t i)
{
    assert_true(i < ed_app_key_count(app));
    return &ed_app_keys(app)[i];
}

/* Puts the camera at (x, y, z) looking down -Z (a jump, not flown). */
static inline void edtest_place(ed_app *app, double x, double y, double z)
{
    ed_app_place_camera(app, cp_vec3_make(x, y, z), cp_quat_identity());
}

/* Records keys at x = 0, step, 2 step, ... on the X axis. */
static inline void edtest_record_line(ed_app *app, int count, double step)
{
    for (int i = 0; i < count; i++) {
        edtest_place(app, i * step, 0, 0);
        assert_int_equal(ed_record_key(app, 0), 0);
    }
}

/* A path file with `count` keys on the X axis, 1 s and 6 m apart, written
 * the careless way (no rename) as another program might. Returns 0. */
static inline int edtest_write_path(const char *file, int count, const char *extra_member)
{
    char text[8192];
    size_t n = (size_t)snprintf(text, sizeof text, "{\"campath\": 1, %s \"keys\": [", extra_member ? extra_member : "");
    for (int i = 0; i < count; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s{\"t\": %d, \"position\": [%d, 0, 0], \"rotation\": [0, 0, 0, 1]}",
                              i ? ", " : "", i, 6 * i);
    snprintf(text + n, sizeof text - n, "]}\n");
    return testutil_write_file(file, text);
}

/* Polls the app's file watch until `done(app)` or a deadline (no fixed sleeps). */
static inline int edtest_poll_until(ed_app *app, int (*done)(const ed_app *), double seconds)
{
    double end = edtest_now() + seconds;
    for (;;) {
        ed_app_poll_file(app);
        if (done(app))
            return 1;
        if (edtest_now() > end)
            return 0;
        usleep(2000);
    }
}

#endif /* ED_TEST_H */

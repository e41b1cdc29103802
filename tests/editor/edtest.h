/* SPDX-License-Identifier: MIT */
/* tests/editor/edtest.h - helpers shared by the editor tests. */
#ifndef ED_TEST_H
#define ED_TEST_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

#include "app.h"
#include "control.h"
#include "inspector.h"
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

/* A world of n random triangles, each within 1 m of a centre drawn from a
 * 20 m square, `half_height` metres above or below 0. */
static inline void edtest_random_world(ed_world *w, double half_height, size_t n, testutil_rng *rng)
{
    ed_world_init(w);
    const float white[4] = {1, 1, 1, 1};
    int mat = ed_world_add_material(w, white, -1);
    ed_mesh *m = ed_world_add_mesh(w, mat, 3 * n, n, 0);
    assert_non_null(m);
    for (size_t t = 0; t < n; t++) {
        double cx = testutil_uniform(rng, -10, 10), cy = testutil_uniform(rng, -half_height, half_height),
               cz = testutil_uniform(rng, -10, 10);
        for (size_t k = 0; k < 3; k++) {
            size_t v = 3 * t + k;
            m->positions[3 * v] = (float)(cx + testutil_uniform(rng, -1, 1));
            m->positions[3 * v + 1] = (float)(cy + testutil_uniform(rng, -1, 1));
            m->positions[3 * v + 2] = (float)(cz + testutil_uniform(rng, -1, 1));
            m->normals[3 * v] = 0, m->normals[3 * v + 1] = 1, m->normals[3 * v + 2] = 0;
            m->indices[v] = (unsigned)v;
        }
    }
    ed_world_mesh_done(w, m);
}

/* A glTF scene in dir: `name`.gltf and `name`.bin, one mesh (a box of 8
 * shared corners from lo to hi, no normals) and the nodes and scene given
 * as glTF members (`"scenes": ..., "nodes": ...`). Returns the .gltf's
 * name (malloc'd). */
static inline char *edtest_write_box_gltf(const char *dir, const char *name, const float lo[3], const float hi[3],
                                          const char *scene_members)
{
    static const unsigned short tris[36] = {0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4,
                                            3, 7, 6, 3, 6, 2, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5};
    float corners[8][3];
    for (int i = 0; i < 8; i++) {
        const int x = (i == 1 || i == 2 || i == 5 || i == 6), y = (i & 3) >= 2, z = i >= 4;
        corners[i][0] = x ? hi[0] : lo[0];
        corners[i][1] = y ? hi[1] : lo[1];
        corners[i][2] = z ? hi[2] : lo[2];
    }
    char file[256], text[4096];
    snprintf(file, sizeof file, "%s.bin", name);
    char *bin = edtest_path(dir, file);
    snprintf(file, sizeof file, "%s.gltf", name);
    char *gltf = edtest_path(dir, file);
    FILE *f = fopen(bin, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(corners, sizeof corners, 1, f), 1);
    assert_int_equal(fwrite(tris, sizeof tris, 1, f), 1);
    assert_int_equal(fclose(f), 0);
    snprintf(text, sizeof text,
             "{\"asset\": {\"version\": \"2.0\"}, \"scene\": 0, %s,\n"
             " \"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 0}, \"indices\": 1}]}],\n"
             " \"buffers\": [{\"uri\": \"%s.bin\", \"byteLength\": 168}],\n"
             " \"bufferViews\": [{\"buffer\": 0, \"byteOffset\": 0, \"byteLength\": 96},\n"
             "                   {\"buffer\": 0, \"byteOffset\": 96, \"byteLength\": 72}],\n"
             " \"accessors\": [{\"bufferView\": 0, \"componentType\": 5126, \"count\": 8, \"type\": \"VEC3\",\n"
             "                  \"min\": [%.9g, %.9g, %.9g], \"max\": [%.9g, %.9g, %.9g]},\n"
             "                 {\"bufferView\": 1, \"componentType\": 5123, \"count\": 36, \"type\": \"SCALAR\"}]}\n",
             scene_members, name, lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]);
    assert_int_equal(testutil_write_file(gltf, text), 0);
    free(bin);
    return gltf;
}

/* One input event through the control layer, as the window would send it. */
static inline void edtest_event(edtest_fixture *f, ed_event_type type, int key, int x, int y)
{
    ed_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.key = key;
    ev.x = x;
    ev.y = y;
    ed_control_event(&f->ctl, &f->app, &ev);
}

/* A key pressed and let go with Ctrl and Shift (ED_MOD_*) held around it, as the window sends it. */
static inline void edtest_press(edtest_fixture *f, int key, unsigned mods)
{
    const struct { ed_event_type type; int key, when; } seq[] = {
        {ED_EV_KEY_DOWN, ED_KEY_CTRL, ED_MOD_CTRL}, {ED_EV_KEY_DOWN, ED_KEY_SHIFT, ED_MOD_SHIFT},
        {ED_EV_KEY_DOWN, key, 0},                   {ED_EV_KEY_UP, key, 0},
        {ED_EV_KEY_UP, ED_KEY_SHIFT, ED_MOD_SHIFT}, {ED_EV_KEY_UP, ED_KEY_CTRL, ED_MOD_CTRL}};
    for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
        if (seq[i].when && !(mods & (unsigned)seq[i].when))
            continue;
        ed_event ev;
        memset(&ev, 0, sizeof ev);
        ev.type = seq[i].type;
        ev.key = seq[i].key;
        ev.mods = i >= 4 ? 0 : mods; /* the modifiers let go: none held */
        ed_control_event(&f->ctl, &f->app, &ev);
    }
}

/* Typed text, as the window's text input sends it. */
static inline void edtest_text(edtest_fixture *f, const char *s)
{
    ed_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = ED_EV_TEXT;
    snprintf(ev.text, sizeof ev.text, "%s", s);
    ed_control_event(&f->ctl, &f->app, &ev);
}

/* A left-button drag in 10 steps, as the script's `drag` makes it (a click when it does not move). */
static inline void edtest_drag(edtest_fixture *f, double x0, double y0, double x1, double y1)
{
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, (int)lround(x0), (int)lround(y0));
    for (int k = 1; k <= 10; k++)
        edtest_event(f, ED_EV_MOTION, 0, (int)lround(x0 + (x1 - x0) * k / 10), (int)lround(y0 + (y1 - y0) * k / 10));
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, (int)lround(x1), (int)lround(y1));
}

/* The inspector's item for a field, as it is laid out now (fails the test when there is none). */
static inline const ed_inspector_item *edtest_item(const ed_app *app, ed_field field)
{
    static ed_inspector in;
    ed_inspector_build(app, &in);
    for (int i = 0; i < in.count; i++)
        if (in.items[i].field == field)
            return &in.items[i];
    fail_msg("no %s field in the inspector", ed_field_name(field));
    return NULL;
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

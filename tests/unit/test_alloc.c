/* SPDX-License-Identifier: MIT */
/* tests/unit/test_alloc.c - every allocation fails in turn.
 *
 * For load, save, glTF export, glTF import and reload, the operation is run
 * again and again with its 1st, then 2nd, 3rd, ... allocation refused, until
 * a run refuses none. Each run must end in a clear CP_ERR_MEMORY error or
 * in a success identical to the one without failures (never a lossy
 * success, a crash or a leak: the live allocation count returns to where it
 * was).
 *
 * The allocations come to the counting allocator (counting.h) the way a
 * game's allocator gets them: through the options of the paths, documents,
 * libraries and glTF calls (docs/api.md, "Your own allocator"). cJSON's
 * parse tree during a glTF import is the one thing campath leaves to the C
 * library (cJSON's hooks are global state); this test, a program of its
 * own, sets those hooks to the same allocator so that cJSON's allocations
 * are refused in turn too. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "counting.h"
#include "testutil.h"

/* ---- the allocator --------------------------------------------------------------------------- */

static counting C; /* the one every operation gives campath (and cJSON) */

static void arm(long n) { counting_arm(&C, n); }

static void disarm(void) { C.fail_at = 0; }

/* Options that give campath the counting allocator. */
static const cp_json_options *json_options(void)
{
    static cp_json_options o;
    o.allocator = &C.allocator;
    return &o;
}

/* Text campath allocated with the counting allocator, as a malloc'd copy (the
 * loop compares and frees plain copies). */
static unsigned char *plain_copy(void *text, size_t size)
{
    if (!text)
        return NULL;
    unsigned char *copy = malloc(size ? size : 1);
    assert_non_null(copy);
    memcpy(copy, text, size);
    counting_free(&C, text);
    return copy;
}

/* ---- the loop ----------------------------------------------------------------------------------- */

/* An operation: runs the library call(s) under test with failures armed,
 * disarms, and returns the outcome as bytes to compare (malloc'd, *size),
 * or NULL with `error` filled. */
typedef unsigned char *(*operation)(void *ctx, size_t *size, cp_error *error);

static void every_allocation_fails_in_turn(const char *name, operation op, void *ctx)
{
    cp_error err;
    size_t ref_size = 0;
    long before = C.live_blocks;
    arm(0);
    unsigned char *ref = op(ctx, &ref_size, &err);
    if (!ref)
        print_error("%s: %s\n", name, err.message);
    assert_non_null(ref);
    long n = 1;
    for (;; n++) {
        assert_true(n < 200000);
        size_t size = 0;
        long start = C.live_blocks;
        arm(n);
        unsigned char *out = op(ctx, &size, &err);
        disarm();
        if (!out) {
            if (err.code != CP_ERR_MEMORY || !strstr(err.message, "out of memory"))
                print_error("%s, allocation %ld refused: %s (code %d)\n", name, n, err.message, err.code);
            assert_true(C.refused);
            assert_int_equal(err.code, CP_ERR_MEMORY);
            assert_non_null(strstr(err.message, "out of memory"));
        } else {
            if (size != ref_size || memcmp(out, ref, size) != 0)
                print_error("%s, allocation %ld refused: a different result\n%.*s\n---- expected\n%.*s\n", name, n,
                            (int)size, (const char *)out, (int)ref_size, (const char *)ref);
            assert_int_equal(size, ref_size);
            assert_memory_equal(out, ref, size);
            free(out);
        }
        if (C.live_blocks != start)
            print_error("%s, allocation %ld refused: %ld allocations leaked\n", name, n, C.live_blocks - start);
        assert_int_equal(C.live_blocks, start);
        if (!C.refused)
            break; /* every allocation of the operation was served */
    }
    free(ref);
    assert_int_equal(C.live_blocks, before);
    printf("%s: %ld allocations, each refused in turn\n", name, n - 1);
}

/* ---- the operations -------------------------------------------------------------------------------- */

static const char path_text[] =
    "{ \"campath\": 1, \"name\": \"alloc\", \"scene\": \"town.glb\",\n"
    "  \"interpolation\": { \"position\": \"c2\", \"rotation\": \"c2\", \"fov\": \"catmull-rom\" },\n"
    "  \"ends\": \"closed\", \"period\": 9, \"odd\": [0.30000000000000004, {\"x\": null}],\n"
    "  \"keys\": [\n"
    "    { \"t\": 0, \"position\": [0, 2, 10], \"rotation\": [0, 0, 0, 1], \"fov\": 60, \"note\": \"a\" },\n"
    "    { \"t\": 1.7, \"position\": [7, 3, 5], \"rotation\": [0, 0.5, 0, 0.8660254037844386], \"fov\": 50 },\n"
    "    { \"t\": 4.1, \"position\": [6, 1, -6], \"rotation\": [0.1, 0.9, 0, 0.3], \"fov\": 45 },\n"
    "    { \"t\": 6, \"position\": [-5, 2, -3], \"rotation\": [0, 0.9659258262890683, 0, -0.25881904510252074], "
    "\"fov\": 55 }\n"
    "  ] }\n";

/* A look-at path in smooth timing with roll, focus and aperture (the
 * channels and maps they add), and one in keys timing. */
static const char lookat_text[] =
    "{ \"campath\": 1, \"orientation\": \"look-at\", \"timing\": \"smooth\", \"ends\": \"closed\",\n"
    "  \"period\": 8, \"interpolation\": { \"position\": \"c2\", \"rotation\": \"bisector\", \"fov\": \"c2\" },\n"
    "  \"keys\": [\n"
    "    { \"t\": 0, \"position\": [0, 2, 10], \"target\": [0, 1, 0], \"roll\": 5, \"focus\": 10, \"aperture\": 2 },\n"
    "    { \"t\": 2, \"position\": [8, 3, 0], \"target\": [0, 1, 1], \"focus\": 8, \"aperture\": 2, \"hold\": 1 },\n"
    "    { \"t\": 5, \"position\": [0, 2, -9], \"target\": [1, 1, 0], \"roll\": -5, \"focus\": 9, \"aperture\": 4 }\n"
    "  ] }\n";
static const char lookat_keys_text[] =
    "{ \"campath\": 1, \"orientation\": \"look-at\",\n"
    "  \"keys\": [\n"
    "    { \"t\": 0, \"position\": [0, 2, 10], \"target\": [0, 1, 0], \"roll\": 5, \"focus\": 10 },\n"
    "    { \"t\": 2, \"position\": [8, 3, 0], \"target\": [0, 1, 1], \"focus\": 8 }\n"
    "  ] }\n";

typedef struct fixture {
    char    *dir;
    char     file[512], other[512], gltf[512];
    cp_path *path;
    char    *gltf_text;
    size_t   gltf_size;
} fixture;

static unsigned char *saved_text(const cp_path *p, size_t *size, cp_error *error)
{
    char *text = cp_path_save_memory(p, size, error); /* the path's allocator: the counting one */
    return plain_copy(text, *size);
}

static unsigned char *read_bytes(const char *file, size_t *size)
{
    FILE *f = fopen(file, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    unsigned char *b = malloc((size_t)n + 1);
    assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *size = (size_t)n;
    return b;
}

static unsigned char *op_load(void *ctx, size_t *size, cp_error *error)
{
    fixture *f = ctx;
    cp_path *p = cp_path_load_with(f->file, json_options(), error);
    disarm();
    if (!p)
        return NULL;
    unsigned char *out = saved_text(p, size, error);
    cp_path_destroy(p);
    return out;
}

static unsigned char *op_load_text(const char *text, size_t *size, cp_error *error)
{
    cp_path *p = cp_path_load_memory_with(text, strlen(text), "lookat.json", json_options(), error);
    disarm();
    if (!p)
        return NULL;
    unsigned char *out = saved_text(p, size, error);
    cp_path_destroy(p);
    return out;
}

static unsigned char *op_load_lookat(void *ctx, size_t *size, cp_error *error)
{
    (void)ctx;
    return op_load_text(lookat_text, size, error);
}

static unsigned char *op_load_lookat_keys(void *ctx, size_t *size, cp_error *error)
{
    (void)ctx;
    return op_load_text(lookat_keys_text, size, error);
}

static unsigned char *op_save(void *ctx, size_t *size, cp_error *error)
{
    fixture *f = ctx;
    testutil_write_file(f->other, "old");
    cp_status rc = cp_path_save(f->path, f->other, error);
    disarm();
    unsigned char *out = read_bytes(f->other, size);
    if (rc != CP_OK) {
        assert_int_equal(*size, 3); /* the old file is untouched */
        assert_memory_equal(out, "old", 3);
        free(out);
        return NULL;
    }
    return out;
}

static unsigned char *op_export(void *ctx, size_t *size, cp_error *error)
{
    fixture *f = ctx;
    char *text = cp_gltf_export_memory(f->path, NULL, size, error); /* NULL: the path's allocator */
    disarm();
    return plain_copy(text, *size);
}

static unsigned char *op_export_glb(void *ctx, size_t *size, cp_error *error)
{
    fixture *f = ctx;
    const cp_gltf_export_options o = {.allocator = &C.allocator};
    void *glb = cp_gltf_export_glb_memory(f->path, &o, size, error);
    disarm();
    return plain_copy(glb, *size);
}

static unsigned char *op_export_file(void *ctx, size_t *size, cp_error *error)
{
    fixture *f = ctx;
    cp_status rc = cp_gltf_export(f->path, f->gltf, NULL, error);
    disarm();
    return rc == CP_OK ? read_bytes(f->gltf, size) : NULL;
}

static unsigned char *import_outcome(cp_path *p, const cp_gltf_import_report *rep, size_t *size, cp_error *error)
{
    disarm();
    if (!p)
        return NULL;
    unsigned char *text = saved_text(p, size, error);
    cp_path_destroy(p);
    assert_non_null(text);
    text[0] = (unsigned char)('0' + rep->source); /* "{" becomes the source: an exact import is not a matched one */
    return text;
}

static unsigned char *op_import(void *ctx, size_t *size, cp_error *error)
{
    fixture *f = ctx;
    cp_gltf_import_report rep;
    const cp_gltf_import_options o = {.allocator = &C.allocator};
    cp_path *p = cp_gltf_import_memory(f->gltf_text, f->gltf_size, "a.gltf", &o, &rep, error);
    return import_outcome(p, &rep, size, error);
}

static unsigned char *op_import_floats(void *ctx, size_t *size, cp_error *error)
{
    fixture *f = ctx;
    cp_gltf_import_report rep;
    cp_gltf_import_options o = {.ignore_extras = 1, .allocator = &C.allocator};
    cp_path *p = cp_gltf_import_memory(f->gltf_text, f->gltf_size, "a.gltf", &o, &rep, error);
    return import_outcome(p, &rep, size, error);
}

static unsigned char *op_import_file(void *ctx, size_t *size, cp_error *error)
{
    (void)ctx;
    cp_gltf_import_report rep;
    const cp_gltf_import_options o = {.allocator = &C.allocator};
    cp_path *p = cp_gltf_import("tests/data/gltf/external_buffer.gltf", &o, &rep, error);
    return import_outcome(p, &rep, size, error);
}

/* A library opens the file: the path it serves, or its error. */
static unsigned char *op_reload_open(void *ctx, size_t *size, cp_error *error)
{
    fixture *f = ctx;
    cp_library *lib = cp_library_create_with(&(cp_library_options){.allocator = &C.allocator, .polling = true}, error);
    cp_resource *r = lib ? cp_library_open(lib, f->file, error) : NULL;
    disarm();
    unsigned char *out = r ? saved_text(cp_resource_path(r), size, error) : NULL;
    cp_library_destroy(lib);
    return out;
}

/* A library opens a file that is not there yet: the resource, with no path
 * and the message that says why, or out of memory. */
static unsigned char *op_reload_open_waiting(void *ctx, size_t *size, cp_error *error)
{
    fixture *f = ctx;
    char file[4096];
    snprintf(file, sizeof file, "%s/not-yet.json", f->dir);
    cp_library *lib = cp_library_create_with(&(cp_library_options){.allocator = &C.allocator, .polling = true}, error);
    cp_resource *r = lib ? cp_library_open(lib, file, error) : NULL;
    disarm();
    unsigned char *out = NULL;
    if (r) {
        assert_null(cp_resource_path(r));
        const char *why = cp_resource_error(r);
        assert_non_null(why);
        *size = strlen(why);
        out = malloc(*size);
        assert_non_null(out);
        memcpy(out, why, *size);
    }
    cp_library_destroy(lib);
    return out;
}

/* The file changes and a poll reloads it: the new path, or the old one
 * kept with an out-of-memory error. Only the poll runs with failures armed. */
static unsigned char *op_reload_poll(void *ctx, size_t *size, cp_error *error)
{
    fixture *f = ctx;
    const long n = C.fail_at;
    disarm();
    assert_int_equal(cp_path_save(f->path, f->other, error), CP_OK);
    cp_library *lib = cp_library_create_with(&(cp_library_options){.allocator = &C.allocator, .polling = true}, error);
    assert_non_null(lib);
    cp_resource *r = cp_library_open(lib, f->other, error);
    assert_non_null(r);
    cp_key keys[4];
    memcpy(keys, cp_path_keys(f->path), sizeof keys);
    keys[2].position.x += 1;
    cp_path_options o = cp_path_get_options(f->path);
    cp_path *moved = cp_path_create(keys, 4, &o, error);
    assert_non_null(moved);
    assert_int_equal(cp_path_save(moved, f->other, error), CP_OK); /* a new inode: the poll sees it */
    cp_path_destroy(moved);
    unsigned char *old = saved_text(cp_resource_path(r), size, error);
    arm(n);
    cp_library_poll(lib);
    disarm();
    unsigned char *out = NULL;
    if (cp_resource_generation(r) == 2) {
        out = saved_text(cp_resource_path(r), size, error);
    } else {
        /* not reloaded: the old path, whole, and the reason */
        size_t now = 0;
        unsigned char *kept = saved_text(cp_resource_path(r), &now, error);
        assert_int_equal(cp_resource_generation(r), 1);
        assert_memory_equal(kept, old, now);
        free(kept);
        const char *why = cp_resource_error(r);
        snprintf(error->message, sizeof error->message, "%s", why ? why : "not reloaded, and no error recorded");
        error->code = why && strstr(why, "out of memory") ? CP_ERR_MEMORY : CP_ERR_INVALID;
    }
    free(old);
    cp_library_destroy(lib);
    return out;
}

static void setup_fixture(fixture *f)
{
    memset(f, 0, sizeof *f);
    f->dir = testutil_tempdir();
    snprintf(f->file, sizeof f->file, "%s/a.json", f->dir);
    snprintf(f->other, sizeof f->other, "%s/b.json", f->dir);
    snprintf(f->gltf, sizeof f->gltf, "%s/c.glb", f->dir);
    assert_int_equal(testutil_write_file(f->file, path_text), 0);
    cp_error err;
    f->path = cp_path_load_with(f->file, json_options(), &err);
    assert_non_null(f->path);
    f->gltf_text = cp_gltf_export_memory(f->path, NULL, &f->gltf_size, &err);
    assert_non_null(f->gltf_text);
}

static void free_fixture(fixture *f)
{
    counting_free(&C, f->gltf_text);
    cp_path_destroy(f->path);
    testutil_rmtree(f->dir);
    free(f->dir);
}

static void load_and_save_should_fail_cleanly(void **state)
{
    (void)state;
    fixture f;
    setup_fixture(&f);
    every_allocation_fails_in_turn("load", op_load, &f);
    every_allocation_fails_in_turn("load look-at, smooth", op_load_lookat, &f);
    every_allocation_fails_in_turn("load look-at, keys timing", op_load_lookat_keys, &f);
    every_allocation_fails_in_turn("save", op_save, &f);
    free_fixture(&f);
}

static void gltf_export_should_fail_cleanly(void **state)
{
    (void)state;
    fixture f;
    setup_fixture(&f);
    every_allocation_fails_in_turn("glTF export", op_export, &f);
    every_allocation_fails_in_turn("GLB export", op_export_glb, &f);
    every_allocation_fails_in_turn("GLB export to a file", op_export_file, &f);
    free_fixture(&f);
}

static void gltf_import_should_fail_cleanly(void **state)
{
    (void)state;
    fixture f;
    setup_fixture(&f);
    every_allocation_fails_in_turn("glTF import (exact)", op_import, &f);
    every_allocation_fails_in_turn("glTF import (float data)", op_import_floats, &f);
    every_allocation_fails_in_turn("glTF import (external buffer)", op_import_file, &f);
    free_fixture(&f);
}

static void reload_should_fail_cleanly(void **state)
{
    (void)state;
    fixture f;
    setup_fixture(&f);
    every_allocation_fails_in_turn("reload: open", op_reload_open, &f);
    every_allocation_fails_in_turn("reload: open a file not there yet", op_reload_open_waiting, &f);
    every_allocation_fails_in_turn("reload: poll", op_reload_poll, &f);
    free_fixture(&f);
}

static void *hook_malloc(size_t n) { return counting_alloc(&C, n ? n : 1); }
static void hook_free(void *p) { counting_free(&C, p); }

int main(void)
{
    counting_init(&C);
    cJSON_Hooks hooks = {hook_malloc, hook_free};
    cJSON_InitHooks(&hooks); /* cJSON's allocations are counted and refused too */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(load_and_save_should_fail_cleanly),
        cmocka_unit_test(gltf_export_should_fail_cleanly),
        cmocka_unit_test(gltf_import_should_fail_cleanly),
        cmocka_unit_test(reload_should_fail_cleanly),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    cJSON_InitHooks(NULL);
    return rc;
}

/* SPDX-License-Identifier: MIT */
/* tests/unit/test_allocator.c - a game's allocator gets every byte back.
 *
 * Every public call that allocates runs with the counting allocator
 * (counting.h) given through the options of the object or call: paths
 * (create, derived paths, checks, arc-length tables, metadata), curves,
 * path files and documents, resource libraries with a reload, recorders,
 * glTF export and import, and the link's two sides passing a path. After
 * each, what it returned is destroyed or freed and the allocator must hold
 * no block and no byte; while an object lives the allocator must be seen
 * holding its memory (so the C library did not serve it). The allocator
 * checks that every block given back is one it served: a block of the C
 * library freed through it, or one of its own freed with free(), would be
 * caught here (the second by AddressSanitizer). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting.h"
#include "testutil.h"

static counting C;

/* Nothing held: every block and byte given back. */
static void all_back(const char *what)
{
    if (C.live_blocks != 0 || C.live_bytes != 0)
        fail_msg("%s: %ld blocks, %zu bytes not given back", what, C.live_blocks, C.live_bytes);
}

/* The allocator holds memory now, and served some since `calls`. */
static void holding(const char *what, long calls)
{
    if (C.live_blocks <= 0 || C.live_bytes == 0 || C.calls <= calls)
        fail_msg("%s: the allocator holds nothing (%ld blocks): the memory came from elsewhere", what,
                 C.live_blocks);
}

static int setup(void **state)
{
    (void)state;
    counting_init(&C);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    all_back("at the end");
    return 0;
}

static const char path_text[] =
    "{ \"campath\": 1, \"name\": \"counted\", \"scene\": \"town.glb\", \"odd\": [1, {\"x\": null}],\n"
    "  \"interpolation\": { \"position\": \"c2\", \"rotation\": \"c2\", \"fov\": \"catmull-rom\" },\n"
    "  \"ends\": \"closed\", \"period\": 9,\n"
    "  \"keys\": [\n"
    "    { \"t\": 0, \"position\": [0, 2, 10], \"rotation\": [0, 0, 0, 1], \"fov\": 60, \"note\": \"a\" },\n"
    "    { \"t\": 1.7, \"position\": [7, 3, 5], \"rotation\": [0, 0.5, 0, 0.8660254037844386], \"fov\": 50 },\n"
    "    { \"t\": 4.1, \"position\": [6, 1, -6], \"rotation\": [0.1, 0.9, 0, 0.3], \"fov\": 45 },\n"
    "    { \"t\": 6, \"position\": [-5, 2, -3], \"rotation\": [0, 0.9659258262890683, 0, -0.25881904510252074], "
    "\"fov\": 55 }\n"
    "  ] }\n";

static const char lookat_text[] =
    "{ \"campath\": 1, \"orientation\": \"look-at\", \"timing\": \"smooth\", \"ends\": \"closed\",\n"
    "  \"period\": 8, \"keys\": [\n"
    "    { \"t\": 0, \"position\": [0, 2, 10], \"target\": [0, 1, 0], \"roll\": 5, \"focus\": 10 },\n"
    "    { \"t\": 2, \"position\": [8, 3, 0], \"target\": [0, 1, 1], \"focus\": 8, \"hold\": 1 },\n"
    "    { \"t\": 5, \"position\": [0, 2, -9], \"target\": [1, 1, 0], \"roll\": -5, \"focus\": 9 }\n"
    "  ] }\n";

static cp_path *load(const char *text)
{
    const cp_json_options o = {.allocator = &C.allocator};
    cp_error err;
    long calls = C.calls;
    cp_path *p = cp_path_load_memory_with(text, strlen(text), "counted.json", &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    holding("cp_path_load_memory_with", calls);
    return p;
}

static void paths_should_give_every_byte_back(void **state)
{
    (void)state;
    cp_key keys[3] = {
        {.time = 0, .position = {0, 2, 10}, .rotation = {0, 0, 0, 1}, .fov = 60},
        {.time = 2, .position = {4, 3, 6}, .rotation = {0, 0.38268343236508978, 0, 0.92387953251128674}, .fov = 55},
        {.time = 5, .position = {9, 1, 0}, .rotation = {0, 0.7071067811865476, 0, 0.7071067811865476}, .fov = 50},
    };
    const cp_timing timings[3] = {CP_TIMING_KEYS, CP_TIMING_SMOOTH, CP_TIMING_CONSTANT_SPEED};
    for (int t = 0; t < 3; t++) {
        cp_path_options o = {.timing = timings[t], .ends = CP_ENDS_CLOSED, .period = 8, .allocator = &C.allocator};
        cp_error err;
        long calls = C.calls;
        cp_path *p = cp_path_create(keys, 3, &o, &err);
        if (!p)
            fail_msg("%s", err.message);
        holding("cp_path_create", calls);
        /* the options say which allocator, pointing at the path's own copy */
        cp_path_options got = cp_path_get_options(p);
        assert_non_null(got.allocator);
        assert_true(got.allocator != &C.allocator);
        assert_ptr_equal(got.allocator->user, &C);
        const size_t held = C.live_bytes;

        cp_path *q = cp_path_retime_constant_speed(p, 12, &err); /* a derived path: the same allocator */
        assert_non_null(q);
        assert_true(C.live_bytes > held);
        cp_path_destroy(q);
        assert_int_equal(C.live_bytes, held);

        cp_arclength *a = cp_arclength_create(p, &err);
        assert_non_null(a);
        assert_true(C.live_bytes > held);
        cp_arclength_destroy(a);
        assert_int_equal(C.live_bytes, held);

        cp_check_report rep;
        assert_int_equal(cp_path_check(p, NULL, &rep, &err), CP_OK);
        cp_check_report_free(&rep);
        assert_int_equal(C.live_bytes, held);

        const char *extras[3] = {"{\"a\": 1}", NULL, "{}"};
        assert_int_equal(cp_path_set_meta(p, "name", "{\"b\": 2}", extras, &err), CP_OK);
        assert_int_equal(cp_path_set_scene(p, "town.glb", &err), CP_OK);
        assert_true(C.live_bytes > held);
        size_t n;
        char *text = cp_path_save_memory(p, &n, &err); /* the path's allocator */
        assert_non_null(text);
        counting_free(&C, text);
        cp_path_destroy(p);
        all_back("a path and what was made from it");
    }
}

static void curves_should_give_every_byte_back(void **state)
{
    (void)state;
    const double t[3] = {0, 1, 3}, v[3] = {1, 4, 2};
    cp_curve_desc d = {.dim = 1, .count = 3, .times = t, .values = v, .allocator = &C.allocator};
    long calls = C.calls;
    cp_curve *c = cp_curve_create(&d, NULL);
    assert_non_null(c);
    holding("cp_curve_create", calls);
    cp_curve_destroy(c);
    all_back("cp_curve_create");
}

static void files_and_documents_should_give_every_byte_back(void **state)
{
    (void)state;
    char *dir = testutil_tempdir();
    char file[512], copy[512];
    snprintf(file, sizeof file, "%s/a.json", dir);
    snprintf(copy, sizeof copy, "%s/b.json", dir);
    assert_int_equal(testutil_write_file(file, path_text), 0);
    const cp_json_options o = {.allocator = &C.allocator};
    cp_error err;

    long calls = C.calls;
    cp_path *p = cp_path_load_with(file, &o, &err);
    assert_non_null(p);
    holding("cp_path_load_with", calls);
    assert_int_equal(cp_path_save(p, copy, &err), CP_OK);
    cp_path_destroy(p);
    all_back("cp_path_load_with and cp_path_save");

    cp_path_destroy(load(lookat_text));
    all_back("a look-at path in smooth timing");

    cp_document doc, other;
    calls = C.calls;
    assert_int_equal(cp_document_load_with(file, &doc, &o, &err), CP_OK);
    holding("cp_document_load_with", calls);
    assert_ptr_equal(doc.allocator.user, &C);
    assert_true(doc.warning_count > 0); /* the unknown members: warnings, also counted */
    cp_key k = doc.keys[1];
    k.time = 1;
    for (int i = 0; i < 40; i++) /* past the capacity: the arrays grow */
        assert_int_equal(cp_document_insert_key(&doc, 1, &k, &err), CP_OK);
    for (int i = 0; i < 40; i++)
        cp_document_remove_key(&doc, 1);
    assert_int_equal(cp_document_copy(&other, &doc, &err), CP_OK);
    assert_ptr_equal(other.allocator.user, &C);
    cp_path *q = cp_document_to_path(&other, &err); /* the document's allocator */
    assert_non_null(q);
    assert_ptr_equal(cp_path_get_options(q).allocator->user, &C);
    cp_document_free(&other);
    assert_int_equal(cp_document_from_path(q, &other, &err), CP_OK);
    assert_ptr_equal(other.allocator.user, &C);
    cp_path_destroy(q);
    assert_int_equal(cp_document_save(&other, copy, &err), CP_OK);
    size_t n;
    char *text = cp_document_save_memory(&other, &n, &err);
    assert_non_null(text);
    counting_free(&C, text);
    cp_document_free(&other);
    cp_document_free(&doc);
    all_back("documents");

    assert_int_equal(cp_document_load_memory_with(path_text, strlen(path_text), NULL, &doc, &o, &err), CP_OK);
    cp_document_free(&doc);
    all_back("cp_document_load_memory_with");

    /* failures give everything back too */
    assert_null(cp_path_load_memory_with("{ \"campath\": 1, \"keys\": [ {} ] }", 32, NULL, &o, &err));
    assert_int_equal(cp_document_load_with(dir, &doc, &o, &err), CP_ERR_IO);
    assert_null(doc.allocator.alloc); /* a failed load leaves the document zeroed */
    assert_int_equal(cp_document_load_memory_with("", 0, NULL, &doc, &o, &err), CP_ERR_SYNTAX);
    assert_null(doc.allocator.alloc);
    const char *no_keys = "{ \"campath\": 1 }";
    assert_int_equal(cp_document_load_memory_with(no_keys, strlen(no_keys), NULL, &doc, &o, &err), CP_ERR_INVALID);
    assert_null(doc.allocator.alloc);
    all_back("failed loads");
    testutil_rmtree(dir);
    free(dir);
}

static void libraries_should_give_every_byte_back(void **state)
{
    (void)state;
    char *dir = testutil_tempdir();
    char file[512], missing[512];
    snprintf(file, sizeof file, "%s/a.json", dir);
    snprintf(missing, sizeof missing, "%s/later.json", dir);
    assert_int_equal(testutil_write_file(file, path_text), 0);
    for (int polling = 0; polling < 2; polling++) {
        const cp_library_options o = {.allocator = &C.allocator, .polling = polling != 0};
        cp_error err;
        long calls = C.calls;
        cp_library *lib = cp_library_create_with(&o, &err);
        assert_non_null(lib);
        holding("cp_library_create_with", calls);
        cp_resource *r = cp_library_open(lib, file, &err);
        assert_non_null(r);
        assert_ptr_equal(cp_path_get_options(cp_resource_path(r)).allocator->user, &C);
        assert_non_null(cp_library_open(lib, missing, &err));
        /* a change that reloads, one that fails (the old path stays) */
        testutil_nap(0.02);
        assert_int_equal(testutil_write_file(file, lookat_text), 0);
        double until = testutil_now() + 5;
        while (cp_resource_generation(r) < 2 && testutil_now() < until) {
            cp_library_poll(lib);
            testutil_nap(0.01);
        }
        assert_int_equal(cp_resource_generation(r), 2);
        assert_int_equal(testutil_write_file(file, "{ not json"), 0);
        until = testutil_now() + 5;
        while (!cp_resource_error(r) && testutil_now() < until) {
            cp_library_poll(lib);
            testutil_nap(0.01);
        }
        assert_non_null(cp_resource_error(r));
        cp_library_destroy(lib);
        all_back("a resource library");
        assert_int_equal(testutil_write_file(file, path_text), 0);
    }
    testutil_rmtree(dir);
    free(dir);
}

static void recorders_should_give_every_byte_back(void **state)
{
    (void)state;
    char *dir = testutil_tempdir();
    char file[512];
    snprintf(file, sizeof file, "%s/take.json", dir);
    const cp_recorder_options o = {.allocator = &C.allocator};
    cp_error err;
    long calls = C.calls;
    cp_recorder *r = cp_recorder_create(&o, &err);
    assert_non_null(r);
    holding("cp_recorder_create", calls);
    for (int i = 0; i < 100; i++) {
        const double a = 0.05 * i;
        assert_int_equal(cp_recorder_add(r, i, cp_vec3_make(10 * a, 2, i), cp_quat_make(0, sin(a / 2), 0, cos(a / 2)),
                                         60, &err),
                         CP_OK);
    }
    cp_path *p = cp_recorder_path(r, NULL, &err); /* the recorder's allocator */
    assert_non_null(p);
    assert_ptr_equal(cp_path_get_options(p).allocator->user, &C);
    cp_path_destroy(p);
    assert_int_equal(cp_recorder_save(r, file, &err), CP_OK);
    cp_recorder_destroy(r);
    all_back("a recorder");
    testutil_rmtree(dir);
    free(dir);
}

static void gltf_should_give_every_byte_back(void **state)
{
    (void)state;
    char *dir = testutil_tempdir();
    char file[512];
    snprintf(file, sizeof file, "%s/a.glb", dir);
    counting other; /* the export's own, apart from the path's */
    counting_init(&other);
    cp_path *p = load(path_text);
    const size_t held = C.live_bytes;
    cp_error err;
    size_t n;
    /* no allocator in the options: the path's */
    char *text = cp_gltf_export_memory(p, NULL, &n, &err);
    assert_non_null(text);
    assert_true(C.live_bytes > held);
    /* an allocator of its own: every byte of the export from it */
    const cp_gltf_export_options eo = {.allocator = &other.allocator, .form = CP_GLTF_CUBIC};
    long calls = C.calls;
    void *glb = cp_gltf_export_glb_memory(p, &eo, &n, &err);
    assert_non_null(glb);
    assert_int_equal(C.calls, calls);
    assert_true(other.live_bytes > 0);
    counting_free(&other, glb);
    assert_int_equal(cp_gltf_export(p, file, &eo, &err), CP_OK);
    assert_int_equal(other.live_bytes, 0);
    assert_true(other.calls > 0);

    for (int ignore = 0; ignore < 2; ignore++) {
        const cp_gltf_import_options io = {.allocator = &C.allocator, .ignore_extras = ignore};
        cp_gltf_import_report rep;
        cp_path *q = cp_gltf_import_memory(text, strlen(text), "a.gltf", &io, &rep, &err);
        if (!q)
            fail_msg("%s", err.message);
        assert_ptr_equal(cp_path_get_options(q).allocator->user, &C);
        cp_path_destroy(q);
        q = cp_gltf_import(file, &io, &rep, &err);
        assert_non_null(q);
        cp_path_destroy(q);
    }
    counting_free(&C, text);
    cp_path_destroy(p);
    all_back("glTF export and import");
    testutil_rmtree(dir);
    free(dir);
}

/* The Windows build has no live link yet (its sockets are POSIX's; README,
 * "Windows"): this test is the one part of the suite it leaves out. */
#if !defined(_WIN32)
static void links_should_give_every_byte_back(void **state)
{
    (void)state;
    counting editor; /* the server's, apart from the game's */
    counting_init(&editor);
    const cp_link_server_options so = {.port = CP_LINK_ANY_PORT, .timeout = 2.0, .allocator = &editor.allocator};
    cp_error err;
    cp_link_server *s = cp_link_server_open(&so, &err);
    if (!s)
        fail_msg("%s", err.message);
    assert_true(editor.live_bytes > 0);
    const cp_link_options lo = {.name = "counted", .timeout = 2.0, .allocator = &C.allocator};
    long calls = C.calls;
    cp_link *l = cp_link_connect("127.0.0.1", (int)cp_link_server_port(s), &lo, &err);
    if (!l)
        fail_msg("%s", err.message);
    holding("cp_link_connect", calls);
    cp_path *p = cp_path_load_memory(path_text, strlen(path_text), NULL, &err); /* the C library's */
    assert_non_null(p);
    double now = 100, until = testutil_now() + 10;
    int sent = 0;
    cp_link_news news;
    while (cp_link_generation(l) < 1 && testutil_now() < until) {
        cp_link_server_poll(s);
        cp_link_poll(l, now, &news);
        if (!sent && cp_link_server_game_count(s) == 1) {
            assert_int_equal(cp_link_server_set_path(s, p, &err), CP_OK);
            sent = 1;
        }
        now += 0.001;
        testutil_nap(0.001);
    }
    assert_int_equal(cp_link_generation(l), 1);
    assert_ptr_equal(cp_path_get_options(cp_link_path(l)).allocator->user, &C);
    cp_path_destroy(p);
    cp_link_close(l);
    cp_link_server_close(s);
    all_back("the game's side of the link");
    assert_int_equal(editor.live_blocks, 0);
    assert_int_equal(editor.live_bytes, 0);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(paths_should_give_every_byte_back, setup, teardown),
        cmocka_unit_test_setup_teardown(curves_should_give_every_byte_back, setup, teardown),
        cmocka_unit_test_setup_teardown(files_and_documents_should_give_every_byte_back, setup, teardown),
        cmocka_unit_test_setup_teardown(libraries_should_give_every_byte_back, setup, teardown),
        cmocka_unit_test_setup_teardown(recorders_should_give_every_byte_back, setup, teardown),
        cmocka_unit_test_setup_teardown(gltf_should_give_every_byte_back, setup, teardown),
#if !defined(_WIN32)
        cmocka_unit_test_setup_teardown(links_should_give_every_byte_back, setup, teardown),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

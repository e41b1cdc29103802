/* SPDX-License-Identifier: MIT */
/* tests/editor/test_budget.c - a scene's budget (import.h, world.h): what a
 * glTF asks for counted before assimp reads it (scan.h), images measured by
 * their headers before anything decodes them (image.h), a texture named by
 * many materials made once, an import that runs out of time or is
 * cancelled, and a wait that is given up. The large scenes are made by
 * tests/data/scenes/make_bombs.py for tests/e2e/editor_budget.sh; the ones
 * here are small and written by the tests themselves. */
#include <sys/stat.h>

#include "edtest.h"

#include "image.h"
#include "import.h"
#include "loader.h"
#include "scan.h"

/* one triangle (0,0,0) (1,0,0) (0,1,0) as the base64 of nine floats */
#define TRIANGLE "AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"

typedef struct text {
    char  *s;
    size_t n, cap;
} text;

static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int k = vsnprintf(t->s ? t->s + t->n : NULL, t->s ? t->cap - t->n : 0, fmt, ap);
        va_end(ap);
        assert_true(k >= 0);
        if (t->s && (size_t)k < t->cap - t->n) {
            t->n += (size_t)k;
            return;
        }
        t->cap = 2 * (t->cap + (size_t)k + 64);
        t->s = realloc(t->s, t->cap);
        assert_non_null(t->s);
        t->s[t->n] = '\0';
    }
}

/* A glTF 2.0 file in dir of `nodes` (a JSON array's inside) with the
 * triangle as mesh 0 (once for each of `materials` materials, in a
 * primitive of its own); `extra` adds top-level members. */
static char *write_gltf_with(const char *dir, const char *name, const char *nodes, const char *roots, int materials,
                             const char *extra)
{
    text t = {0};
    add(&t, "{\"asset\": {\"version\": \"2.0\"}, \"scene\": 0, \"scenes\": [{\"nodes\": [%s]}], \"nodes\": [%s],", roots,
        nodes);
    add(&t, "\"meshes\": [{\"primitives\": [");
    for (int i = 0; i < (materials ? materials : 1); i++)
        if (materials)
            add(&t, "%s{\"attributes\": {\"POSITION\": 0}, \"material\": %d}", i ? "," : "", i);
        else
            add(&t, "{\"attributes\": {\"POSITION\": 0}}");
    add(&t, "]}],");
    add(&t, "\"accessors\": [{\"bufferView\": 0, \"componentType\": 5126, \"count\": 3, \"type\": \"VEC3\", "
            "\"min\": [0, 0, 0], \"max\": [1, 1, 0]}],");
    add(&t, "\"bufferViews\": [{\"buffer\": 0, \"byteLength\": 36}],");
    add(&t, "\"buffers\": [{\"byteLength\": 36, \"uri\": \"data:application/octet-stream;base64," TRIANGLE "\"}]%s%s}",
        extra ? ", " : "", extra ? extra : "");
    char *file = edtest_path(dir, name);
    assert_int_equal(testutil_write_file(file, t.s), 0);
    free(t.s);
    return file;
}

static char *write_gltf(const char *dir, const char *name, const char *nodes, const char *roots, const char *extra)
{
    return write_gltf_with(dir, name, nodes, roots, 0, extra);
}

static void write_bytes(const char *file, const void *data, size_t n)
{
    FILE *f = fopen(file, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* A chain of n nodes, each the child of the one before, the last with the mesh. */
static char *chain(const char *dir, const char *name, int n)
{
    text t = {0};
    for (int i = 0; i < n - 1; i++)
        add(&t, "{\"children\": [%d]},", i + 1);
    add(&t, "{\"mesh\": 0}");
    char *file = write_gltf(dir, name, t.s, "0", NULL);
    free(t.s);
    return file;
}

static void assert_placed(const ed_scan_counts *c, double nodes, double meshes, double triangles, double vertices)
{
    assert_near(c->nodes, nodes, 0, 1);
    assert_near(c->meshes, meshes, 0, 1);
    assert_near(c->triangles, triangles, 0, 1);
    assert_near(c->vertices, vertices, 0, 1);
}

static int setup(void **state)
{
    *state = testutil_tempdir();
    return *state ? 0 : -1;
}

static int teardown(void **state)
{
    testutil_rmtree(*state);
    free(*state);
    return 0;
}

/* ---- the glTF scan ------------------------------------------------------------------------------- */

static void a_chain_as_deep_as_the_limit_should_load_on_the_loader_thread_and_one_deeper_be_refused(void **state)
{
    const char *dir = *state;
    char err[1024];
    char *ok = chain(dir, "ok.gltf", ED_IMPORT_MAX_DEPTH), *deep = chain(dir, "deep.gltf", ED_IMPORT_MAX_DEPTH + 1);
    ed_scan_counts c;
    assert_int_equal(ed_scan_gltf(ok, &c, err, sizeof err), 0);
    assert_int_equal(c.gltf, 1);
    assert_near(c.depth, ED_IMPORT_MAX_DEPTH, 0, 1);
    /* assimp walks the chain recursively: on the loader's thread it has the stack for it */
    ed_loader *l = ed_loader_start(ok, NULL, err, sizeof err);
    assert_non_null(l);
    ed_world w;
    if (ed_loader_finish(l, &w, NULL, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(w.triangle_count, 1);
    ed_world_free(&w);
    assert_int_equal(ed_import_world(&w, deep, NULL, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "deep.gltf: the node tree is 1001 levels deep, over the editor's limit of 1000 levels"));
    free(ok);
    free(deep);
}

static void nodes_under_several_parents_should_count_once_for_each(void **state)
{
    /* 0 -> {1, 2}, 1 -> {3, 3}, 2 -> {3}: node 3 (the triangle) is placed three times, 6 nodes in all */
    char err[1024];
    char *file = write_gltf(*state, "dag.gltf", "{\"children\": [1, 2]}, {\"children\": [3, 3]}, {\"children\": [3]}, "
                                                "{\"mesh\": 0}", "0", NULL);
    ed_scan_counts c;
    assert_int_equal(ed_scan_gltf(file, &c, err, sizeof err), 0);
    assert_placed(&c, 6, 3, 3, 9);
    assert_near(c.depth, 3, 0, 1);
    assert_near(c.stored_meshes, 1, 0, 1);
    assert_near(c.stored_triangles, 1, 0, 1);
    /* and assimp places it three times too */
    ed_world w;
    assert_int_equal(ed_import_world(&w, file, NULL, NULL, err, sizeof err), 0);
    assert_int_equal(w.mesh_count, 3);
    ed_world_free(&w);
    free(file);
}

static void a_node_among_its_descendants_should_be_named_in_either_glTF_version(void **state)
{
    const char *dir = *state;
    char err[1024];
    char *two = write_gltf(dir, "loop.gltf", "{\"children\": [1]}, {\"children\": [2]}, {\"children\": [1], \"mesh\": 0}",
                           "0", NULL);
    assert_int_equal(ed_scan_gltf(two, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "loop.gltf: nodes[1] is among its own descendants"));
    /* glTF 1.0 names its nodes */
    char *one = edtest_path(dir, "loop1.gltf");
    assert_int_equal(testutil_write_file(one, "{\"asset\": {\"version\": \"1.0\"}, \"scenes\": {\"s\": {\"nodes\": [\"a\"]}},"
                                              "\"nodes\": {\"a\": {\"children\": [\"b\"]}, \"b\": {\"children\": [\"a\"]}}}"),
                     0);
    assert_int_equal(ed_scan_gltf(one, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "loop1.gltf: nodes.a is among its own descendants"));
    free(two);
    free(one);
}

static void glTF_1_instances_should_be_counted_by_name(void **state)
{
    char err[1024];
    char *file = edtest_path(*state, "named.gltf");
    assert_int_equal(testutil_write_file(file, "{\"asset\": {\"version\": \"1.0\"}, \"scenes\": {\"s\": {\"nodes\": [\"top\"]}},"
                                               "\"nodes\": {\"top\": {\"children\": [\"leaf\", \"leaf\"]},"
                                               "\"leaf\": {\"meshes\": [\"m\", \"m\"]}},"
                                               "\"meshes\": {\"m\": {\"primitives\": [{\"attributes\": {\"POSITION\": \"p\"}, "
                                               "\"indices\": \"i\"}]}},"
                                               "\"accessors\": {\"p\": {\"count\": 4}, \"i\": {\"count\": 6}}}"),
                     0);
    ed_scan_counts c;
    assert_int_equal(ed_scan_gltf(file, &c, err, sizeof err), 0);
    assert_placed(&c, 3, 4, 8, 16);
    free(file);
}

static void glb_headers_and_chunks_that_do_not_fit_the_file_should_be_refused(void **state)
{
    static const char json[] = "{\"asset\":{\"version\":\"2.0\"}}    "; /* 32 bytes */
    unsigned char glb[12 + 8 + 32 + 8 + 4];
    const unsigned char head[12] = {'g', 'l', 'T', 'F', 2, 0, 0, 0, sizeof glb, 0, 0, 0};
    const unsigned char json_chunk[8] = {32, 0, 0, 0, 'J', 'S', 'O', 'N'};
    const unsigned char bin_chunk[8] = {4, 0, 0, 0, 'B', 'I', 'N', 0};
    memcpy(glb, head, 12);
    memcpy(glb + 12, json_chunk, 8);
    memcpy(glb + 20, json, 32);
    memcpy(glb + 52, bin_chunk, 8);
    memset(glb + 60, 0, 4);
    char *file = edtest_path(*state, "x.glb"), err[1024];
    write_bytes(file, glb, sizeof glb);
    assert_int_equal(ed_scan_gltf(file, NULL, err, sizeof err), 0);
    static const struct {
        size_t        at;
        unsigned char value;
        const char   *message;
    } cases[] = {
        {8, 200, "the GLB's header says it is 200 bytes long, but the file has 64"},
        {8, 11, "the GLB's header says it is 11 bytes long, shorter than the header itself"},
        {12, 45, "the GLB's chunk 0 (JSON) at byte 12 says it holds 45 bytes, but only 44 follow"},
        {52, 5, "the GLB's chunk 1 (BIN) at byte 52 says it holds 5 bytes, but only 4 follow"},
        {16, 'B', "the GLB's first chunk is 0x4e4f5342, not JSON"},
        {4, 3, "a GLB of version 3 (the editor reads versions 1 and 2)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned char bad[sizeof glb];
        memcpy(bad, glb, sizeof glb);
        bad[cases[i].at] = cases[i].value;
        write_bytes(file, bad, sizeof bad);
        if (ed_scan_gltf(file, NULL, err, sizeof err) != -1 || !strstr(err, cases[i].message))
            fail_msg("case %zu: expected \"%s\", got \"%s\"", i, cases[i].message, err);
    }
    free(file);
}

static void json_over_its_value_limit_should_be_refused_before_it_is_parsed(void **state)
{
    char *file = edtest_path(*state, "values.gltf"), err[1024];
    size_t n = 2 * (size_t)ED_IMPORT_MAX_JSON_VALUES + 64;
    char *big = malloc(n);
    assert_non_null(big);
    size_t k = (size_t)sprintf(big, "{\"asset\": {\"version\": \"2.0\"}, \"extras\": [");
    while (k + 4 < n)
        big[k++] = '0', big[k++] = ',';
    memcpy(big + k - 1, "0]}", 4);
    assert_int_equal(testutil_write_file(file, big), 0);
    free(big);
    assert_int_equal(ed_scan_gltf(file, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "values.gltf: the glTF's JSON holds"));
    assert_non_null(strstr(err, "values, over the editor's limit of 8000000"));
    free(file);
}

static void other_files_should_be_left_to_assimp(void **state)
{
    (void)state;
    char err[1024];
    ed_scan_counts c;
    assert_int_equal(ed_scan_gltf("tests/data/scenes/wall.obj", &c, err, sizeof err), 0);
    assert_int_equal(c.gltf, 0);
    assert_int_equal(ed_scan_gltf("tests/data/scenes/wall.glb", &c, err, sizeof err), 0);
    assert_int_equal(c.gltf, 1);
    assert_near(c.triangles, 12, 0, 1);
}

/* ---- images ---------------------------------------------------------------------------------------- */

static void image_headers_should_give_the_size_before_any_decoding(void **state)
{
    (void)state;
    ed_image_info in;
    char why[256];
    static const unsigned char png[24] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
                                          0, 0, 0x20, 0, 0, 0, 0x01, 0x02};
    assert_int_equal(ed_image_info_memory(png, sizeof png, NULL, &in, why, sizeof why), 0);
    assert_int_equal(in.format, ED_IMAGE_PNG);
    assert_int_equal(in.width, 8192);
    assert_int_equal(in.height, 258);
    assert_string_equal(ed_image_format_name(in.format), "PNG");
    /* a JPEG with metadata (APP1) and a table (DHT, which is not a frame header) before its SOF2 */
    static const unsigned char jpg[] = {0xFF, 0xD8, 0xFF, 0xE1, 0, 6, 'E', 'x', 'i', 'f', 0xFF, 0xFF, 0xC4, 0, 2,
                                        0xFF, 0xC2, 0, 11, 8, 0x01, 0x2C, 0x02, 0x58, 3, 0, 0, 0};
    assert_int_equal(ed_image_info_memory(jpg, sizeof jpg, NULL, &in, why, sizeof why), 0);
    assert_int_equal(in.format, ED_IMAGE_JPEG);
    assert_int_equal(in.width, 600);
    assert_int_equal(in.height, 300);
    /* BMP: the Windows header (a negative height: rows top-down) and the OS/2 one */
    unsigned char bmp[26] = {'B', 'M'};
    bmp[14] = 40, bmp[18] = 0x10, bmp[22] = 0xF0, bmp[23] = 0xFF, bmp[24] = 0xFF, bmp[25] = 0xFF;
    assert_int_equal(ed_image_info_memory(bmp, sizeof bmp, NULL, &in, why, sizeof why), 0);
    assert_int_equal(in.width, 16);
    assert_int_equal(in.height, 16);
    memset(bmp + 14, 0, 12);
    bmp[14] = 12, bmp[18] = 7, bmp[20] = 9;
    assert_int_equal(ed_image_info_memory(bmp, sizeof bmp, NULL, &in, why, sizeof why), 0);
    assert_int_equal(in.width, 7);
    assert_int_equal(in.height, 9);
    /* TGA only when the name says so */
    unsigned char tga[18] = {0, 0, 2};
    tga[12] = 0x00, tga[13] = 0x01, tga[14] = 0x40, tga[16] = 32;
    assert_int_equal(ed_image_info_memory(tga, sizeof tga, "bricks.TGA", &in, why, sizeof why), 0);
    assert_int_equal(in.format, ED_IMAGE_TGA);
    assert_int_equal(in.width, 256);
    assert_int_equal(in.height, 64);
    assert_int_equal(ed_image_info_memory(tga, sizeof tga, NULL, &in, why, sizeof why), -1);
    assert_string_equal(why, "not a PNG, JPEG, BMP or TGA image");
    /* cut short, or without a frame header */
    assert_int_equal(ed_image_info_memory(png, 20, NULL, &in, why, sizeof why), -1);
    assert_non_null(strstr(why, "a PNG cut short"));
    assert_int_equal(ed_image_info_memory(jpg, 12, NULL, &in, why, sizeof why), -1);
    assert_non_null(strstr(why, "JPEG"));
    static const unsigned char eoi[] = {0xFF, 0xD8, 0xFF, 0xD9};
    assert_int_equal(ed_image_info_memory(eoi, sizeof eoi, NULL, &in, why, sizeof why), -1);
    assert_non_null(strstr(why, "before any frame header"));
    assert_int_equal(ed_image_info_file("tests/data/scenes/checker.png", &in, why, sizeof why), 0);
    assert_int_equal(in.width, 64);
    assert_int_equal(ed_image_info_file("tests/data/scenes", &in, why, sizeof why), -1);
    assert_string_equal(why, "not a regular file");
}

/* A PNG header (and no pixels) of w x h: all the import reads of it. */
static void write_png_header(const char *file, unsigned w, unsigned h)
{
    const unsigned char png[24] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
                                   (unsigned char)(w >> 24), (unsigned char)(w >> 16), (unsigned char)(w >> 8),
                                   (unsigned char)w, (unsigned char)(h >> 24), (unsigned char)(h >> 16),
                                   (unsigned char)(h >> 8), (unsigned char)h};
    write_bytes(file, png, sizeof png);
}

static void a_texture_named_by_many_materials_should_be_made_once_and_the_budget_hold(void **state)
{
    const char *dir = *state;
    char err[1024];
    for (int i = 0; i < 3; i++) {
        char name[32];
        snprintf(name, sizeof name, "big%d.png", i);
        char *png = edtest_path(dir, name);
        write_png_header(png, 8192, 8192);
        free(png);
    }
    /* three materials, one image: 64 million pixels, within the budget */
    const char *same = "\"materials\": [{\"pbrMetallicRoughness\": {\"baseColorTexture\": {\"index\": 0}}},"
                       "{\"pbrMetallicRoughness\": {\"baseColorTexture\": {\"index\": 1}}},"
                       "{\"pbrMetallicRoughness\": {\"baseColorTexture\": {\"index\": 2}}}],"
                       "\"textures\": [{\"source\": 0}, {\"source\": 0}, {\"source\": 0}], \"images\": [{\"uri\": \"big0.png\"}]";
    char *file = write_gltf_with(dir, "same.gltf", "{\"mesh\": 0}", "0", 3, same);
    ed_world w;
    if (ed_import_world(&w, file, NULL, NULL, err, sizeof err) != 0)
        fail_msg("%s", err);
    size_t textured = 0;
    for (size_t i = 0; i < w.material_count; i++)
        textured += w.materials[i].texture == 0;
    assert_int_equal(textured, 3);
    assert_int_equal(w.texture_count, 1);
    assert_int_equal(w.textures[0].width, 8192);
    assert_string_equal(w.textures[0].format, "PNG");
    ed_world_free(&w);
    free(file);
    /* three images of 64 million pixels each: over the budget at the third */
    const char *three = "\"materials\": [{\"pbrMetallicRoughness\": {\"baseColorTexture\": {\"index\": 0}}},"
                        "{\"pbrMetallicRoughness\": {\"baseColorTexture\": {\"index\": 1}}},"
                        "{\"pbrMetallicRoughness\": {\"baseColorTexture\": {\"index\": 2}}}],"
                        "\"textures\": [{\"source\": 0}, {\"source\": 1}, {\"source\": 2}],"
                        "\"images\": [{\"uri\": \"big0.png\"}, {\"uri\": \"big1.png\"}, {\"uri\": \"big2.png\"}]";
    file = write_gltf_with(dir, "three.gltf", "{\"mesh\": 0}", "0", 3, three);
    assert_int_equal(ed_import_world(&w, file, NULL, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "three.gltf: texture big2.png brings the scene's textures to 201326592 pixels"));
    assert_int_equal(w.texture_count, 0);
    free(file);
}

/* ---- time, cancelling, giving up ---------------------------------------------------------------------- */

static void an_import_past_its_time_or_cancelled_should_stop_and_say_so(void **state)
{
    (void)state;
    ed_world w;
    char err[1024];
    ed_import_options o = {.max_seconds = 1e-9};
    assert_int_equal(ed_import_world(&w, "tests/data/scenes/wall.gltf", &o, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "wall.gltf: loading took more than 1e-09 s, the editor's limit for a scene: stopped"));
    assert_int_equal(w.triangle_count, 0);
    ed_import_progress p = {0};
    atomic_store(&p.cancel, 1);
    assert_int_equal(ed_import_world(&w, "tests/data/scenes/wall.obj", NULL, &p, err, sizeof err), -1);
    assert_non_null(strstr(err, "wall.obj: loading cancelled"));
    assert_int_equal(atomic_load(&p.stage), ED_IMPORT_DONE);
}

static int give_up(void *ctx, const char *line)
{
    (void)line;
    (*(int *)ctx)++;
    return 1;
}

static void a_wait_given_up_should_cancel_the_load_and_keep_the_world(void **state)
{
    /* a scene that takes longer than the half second before the first progress line */
    const char *dir = *state;
    text t = {0};
    for (int i = 0; i < 90000; i++)
        add(&t, "%s{\"mesh\": 0}", i ? "," : "");
    text roots = {0};
    for (int i = 0; i < 90000; i++)
        add(&roots, "%s%d", i ? "," : "", i);
    char *file = write_gltf(dir, "slow.gltf", t.s, roots.s, NULL);
    free(t.s);
    free(roots.s);
    ed_app app;
    assert_int_equal(ed_app_init(&app), 0);
    size_t demo = app.scene.world.triangle_count;
    int calls = 0;
    assert_int_equal(ed_app_load_scene(&app, file, 0), 0);
    double t0 = edtest_now();
    int rc = ed_app_wait_scene(&app, give_up, &calls);
    double waited = edtest_now() - t0;
    if (calls == 1) {
        assert_int_equal(rc, -1);
        assert_non_null(strstr(app.base.message, "slow.gltf interrupted (the world is unchanged)"));
        assert_int_equal(app.scene.world.triangle_count, demo);
        assert_null(app.scene.loader);
    } else {
        /* a machine fast enough to load it in half a second: nothing to give up */
        assert_int_equal(rc, 0);
        print_message("loaded in %.2f s, before a progress line\n", waited);
    }
    ed_app_free(&app);
    free(file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_chain_as_deep_as_the_limit_should_load_on_the_loader_thread_and_one_deeper_be_refused,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(nodes_under_several_parents_should_count_once_for_each, setup, teardown),
        cmocka_unit_test_setup_teardown(a_node_among_its_descendants_should_be_named_in_either_glTF_version, setup, teardown),
        cmocka_unit_test_setup_teardown(glTF_1_instances_should_be_counted_by_name, setup, teardown),
        cmocka_unit_test_setup_teardown(glb_headers_and_chunks_that_do_not_fit_the_file_should_be_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(json_over_its_value_limit_should_be_refused_before_it_is_parsed, setup, teardown),
        cmocka_unit_test(other_files_should_be_left_to_assimp),
        cmocka_unit_test(image_headers_should_give_the_size_before_any_decoding),
        cmocka_unit_test_setup_teardown(a_texture_named_by_many_materials_should_be_made_once_and_the_budget_hold, setup,
                                        teardown),
        cmocka_unit_test(an_import_past_its_time_or_cancelled_should_stop_and_say_so),
        cmocka_unit_test_setup_teardown(a_wait_given_up_should_cancel_the_load_and_keep_the_world, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

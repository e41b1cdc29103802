/* SPDX-License-Identifier: MIT */
/* tests/editor/test_world.c - scenes into the editor's world: glTF text and
 * binary and OBJ through assimp, node transforms, textures, the options, the
 * loader thread, the path file's "scene" member, and every kind of bad scene
 * with its message. Runs from the project root (the scenes in tests/data/scenes). */
#include <sys/stat.h>
#include <unistd.h>

#include "edtest.h"

#include "import.h"
#include "loader.h"
#include "world.h"

#define SCENES "tests/data/scenes/"

static void assert_wall_bounds(const ed_world *w, double y_lo)
{
    /* the mesh is centred on z = 0; its node puts it at z = -10 */
    assert_near(w->lo[0], -5, 1e-6, 1);
    assert_near(w->hi[0], 5, 1e-6, 1);
    assert_near(w->lo[1], y_lo, 1e-6, 1);
    assert_near(w->hi[1], y_lo + 6, 1e-6, 1);
    assert_near(w->lo[2], -10.25, 1e-6, 1);
    assert_near(w->hi[2], -9.75, 1e-6, 1);
}

static void a_gltf_text_scene_should_become_a_textured_mesh_where_its_node_puts_it(void **state)
{
    (void)state;
    ed_world w;
    char err[1024];
    ed_import_progress progress = {0};
    assert_int_equal(ed_import_world(&w, SCENES "wall.gltf", NULL, &progress, err, sizeof err), 0);
    assert_int_equal(w.triangle_count, 12);
    assert_int_equal(w.mesh_count, 1);
    assert_wall_bounds(&w, 0);
    const ed_material *m = &w.materials[w.meshes[0].material];
    assert_int_equal(m->texture, 0);
    assert_non_null(w.textures[0].file);
    assert_non_null(strstr(w.textures[0].file, "tests/data/scenes/checker.png"));
    assert_non_null(w.meshes[0].uvs);
    assert_string_equal(w.source, SCENES "wall.gltf");
    assert_int_equal(atomic_load(&progress.stage), ED_IMPORT_DONE);
    assert_true(atomic_load(&progress.read) >= atomic_load(&progress.total));
    ed_world_free(&w);
}

static void a_glb_should_carry_its_texture_inside(void **state)
{
    (void)state;
    ed_world w;
    char err[1024];
    assert_int_equal(ed_import_world(&w, SCENES "wall.glb", NULL, NULL, err, sizeof err), 0);
    assert_int_equal(w.triangle_count, 12);
    assert_wall_bounds(&w, 0);
    assert_int_equal(w.texture_count, 1);
    const ed_texture *t = &w.textures[0];
    assert_null(t->file);
    assert_string_equal(t->hint, "png");
    assert_true(t->size > 8);
    assert_memory_equal(t->data, "\x89PNG", 4);
    ed_world_free(&w);
}

static void an_obj_scene_should_load_with_its_material_library(void **state)
{
    (void)state;
    ed_world w;
    char err[1024];
    assert_int_equal(ed_import_world(&w, SCENES "wall.obj", NULL, NULL, err, sizeof err), 0);
    assert_int_equal(w.triangle_count, 12);
    assert_wall_bounds(&w, 0);
    const ed_material *m = &w.materials[w.meshes[0].material];
    /* Kd 0.784 0.235 0.157, kept as written (only glTF colour factors are linear) */
    assert_near(m->color[0], 0.784, 1e-6, 1);
    assert_near(m->color[1], 0.235, 1e-6, 1);
    assert_true(m->texture >= 0);
    ed_world_free(&w);
}

static void z_up_and_scale_should_turn_and_size_the_scene(void **state)
{
    (void)state;
    ed_world w;
    char err[1024];
    ed_import_options o = {.z_up = 1, .scale = 2.0};
    assert_int_equal(ed_import_world(&w, SCENES "wall.gltf", &o, NULL, err, sizeof err), 0);
    /* (x, y, z) -> (x, z, -y), times 2: the wall lies flat, its height along -z */
    assert_near(w.lo[0], -10, 1e-6, 1);
    assert_near(w.hi[0], 10, 1e-6, 1);
    assert_near(w.lo[1], -20.5, 1e-6, 1);
    assert_near(w.hi[1], -19.5, 1e-6, 1);
    assert_near(w.lo[2], -12, 1e-6, 1);
    assert_near(w.hi[2], 0, 1e-6, 1);
    /* normals turn with the geometry: still unit length */
    const float *n = w.meshes[0].normals;
    for (size_t i = 0; i < w.meshes[0].vertex_count; i++)
        assert_near(sqrt(n[3 * i] * n[3 * i] + n[3 * i + 1] * n[3 * i + 1] + n[3 * i + 2] * n[3 * i + 2]), 1, 1e-6, 1);
    ed_world_free(&w);
}

/* ---- bad scenes --------------------------------------------------------------------------------- */

static void bad_scenes_should_be_refused_with_the_file_and_the_reason(void **state)
{
    (void)state;
    static const struct {
        const char *file, *message;
    } cases[] = {
        {SCENES "bad/missing.glb", "bad/missing.glb: No such file or directory"},
        {SCENES "bad", "bad: not a regular file"},
        {SCENES "bad/truncated.glb", "bad/truncated.glb: the GLB's header says it is 2744 bytes long, but the file has 100"},
        {SCENES "bad/not_json.gltf", "bad/not_json.gltf: the glTF's JSON does not parse (line 1, column 35)"},
        {SCENES "bad/unknown.xyz", "bad/unknown.xyz: No suitable reader"},
        {SCENES "bad/absurd.gltf", "bad/absurd.gltf: 2000000000 vertices in the meshes, over the editor's limit of 20000000"},
        {SCENES "bad/no_triangles.gltf", "bad/no_triangles.gltf: the scene holds no triangles"},
        {SCENES "bad/escape.gltf", "outside the scene's folder"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ed_world w;
        char err[1024] = "";
        ed_import_options o = {0};
        int rc = ed_import_world(&w, cases[i].file, &o, NULL, err, sizeof err);
        if (rc == 0 || !strstr(err, cases[i].message))
            fail_msg("%s: expected an error with \"%s\", got %d \"%s\"", cases[i].file, cases[i].message, rc, err);
        assert_int_equal(w.triangle_count, 0);
        assert_int_equal(w.mesh_count, 0);
        assert_null(w.source);
    }
}

static void a_buffer_outside_the_folder_should_not_be_read_nor_its_contents_shown(void **state)
{
    (void)state;
    ed_world w;
    char err[1024];
    assert_int_equal(ed_import_world(&w, SCENES "bad/escape.gltf", NULL, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "etc/passwd: outside the scene's folder"));
    assert_null(strstr(err, "root:"));
}

static void a_fifo_should_be_refused_without_blocking(void **state)
{
    (void)state;
    char *dir = testutil_tempdir();
    char *scene = edtest_path(dir, "wall.gltf"), *bin = edtest_path(dir, "wall.bin"), *fifo = edtest_path(dir, "fifo.glb");
    FILE *in = fopen(SCENES "wall.gltf", "rb");
    assert_non_null(in);
    char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, in);
    fclose(in);
    text[n] = '\0';
    assert_int_equal(testutil_write_file(scene, text), 0);
    /* the scene's own buffer is a FIFO with no writer: opening it for reading would block */
    assert_int_equal(mkfifo(bin, 0600), 0);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    ed_world w;
    char err[1024];
    assert_int_equal(ed_import_world(&w, scene, NULL, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "wall.bin: not a regular file"));
    assert_int_equal(ed_import_world(&w, fifo, NULL, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "fifo.glb: not a regular file"));
    testutil_rmtree(dir);
    free(dir);
    free(scene);
    free(bin);
    free(fifo);
}

/* ---- the loader thread ------------------------------------------------------------------------------ */

static void the_loader_should_give_the_same_world_or_the_same_error(void **state)
{
    (void)state;
    char err[1024];
    ed_loader *l = ed_loader_start(SCENES "wall.glb", NULL, err, sizeof err);
    assert_non_null(l);
    char line[512];
    ed_loader_describe(l, line, sizeof line);
    assert_non_null(strstr(line, "wall.glb"));
    ed_world w;
    ed_bvh b;
    assert_int_equal(ed_loader_finish(l, &w, &b, err, sizeof err), 0);
    assert_int_equal(w.triangle_count, 12);
    /* the clearance index comes with it */
    assert_int_equal(b.tri_count, 12);
    ed_bvh_free(&b);
    ed_world_free(&w);
    l = ed_loader_start(SCENES "bad/unknown.xyz", NULL, err, sizeof err);
    assert_non_null(l);
    assert_int_equal(ed_loader_finish(l, &w, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "unknown.xyz: No suitable reader"));
}

/* ---- the app: the world, the scene member ---------------------------------------------------------- */

static int setup(void **state)
{
    *state = edtest_fixture_new("flight.json", 1);
    return 0;
}

static void a_scene_should_replace_the_world_and_a_bad_one_keep_it(void **state)
{
    edtest_fixture *f = *state;
    ed_app *app = &f->app;
    size_t demo = app->scene.world.triangle_count;
    unsigned long serial = app->scene.world_serial;
    assert_true(demo > 500);
    assert_null(app->scene.file);
    assert_int_equal(ed_app_load_scene(app, SCENES "wall.glb", 0), 0);
    assert_int_equal(ed_app_wait_scene(app, NULL, NULL), 0);
    assert_int_equal(app->scene.world.triangle_count, 12);
    assert_true(app->scene.world_serial != serial);
    assert_string_equal(app->scene.file, SCENES "wall.glb");
    /* flying speed follows the scene's size (a 10 m wall, not a town) */
    assert_true(app->ui.camera.speed < 2.0);
    serial = app->scene.world_serial;
    assert_int_equal(ed_app_load_scene(app, SCENES "bad/truncated.glb", 0), 0);
    assert_int_equal(ed_app_wait_scene(app, NULL, NULL), -1);
    assert_non_null(strstr(app->base.message, "truncated.glb"));
    assert_non_null(strstr(app->base.message, "the world is unchanged"));
    assert_int_equal(app->scene.world.triangle_count, 12);
    assert_int_equal(app->scene.world_serial, serial);
}

static void the_path_file_should_remember_its_scene_relative_to_itself(void **state)
{
    edtest_fixture *f = *state;
    ed_app *app = &f->app;
    edtest_record_line(app, 3, 5.0);
    char scene[4096];
    assert_non_null(realpath(SCENES "wall.gltf", scene));
    assert_int_equal(ed_app_load_scene(app, scene, 1), 0);
    assert_int_equal(ed_app_wait_scene(app, NULL, NULL), 0);
    assert_non_null(app->doc.cur.doc.scene);
    /* relative to the file's folder: climbs out of the temporary folder to the scene */
    assert_non_null(strstr(app->doc.cur.doc.scene, "../"));
    assert_non_null(strstr(app->doc.cur.doc.scene, "tests/data/scenes/wall.gltf"));
    assert_true(ed_app_dirty(app));
    /* the member is an edit like any other */
    assert_int_equal(ed_edit_undo(app), 0);
    assert_null(app->doc.cur.doc.scene);
    assert_int_equal(ed_edit_redo(app), 0);
    assert_int_equal(ed_app_save(app), 0);
    /* opened again, the file brings its scene */
    ed_app other;
    assert_int_equal(ed_app_init(&other), 0);
    assert_int_equal(ed_app_open(&other, f->file), 0);
    assert_int_equal(ed_app_wait_scene(&other, NULL, NULL), 0);
    assert_int_equal(other.scene.world.triangle_count, 12);
    assert_false(ed_app_dirty(&other));
    ed_app_free(&other);
}

static void a_missing_scene_should_be_reported_and_the_path_open(void **state)
{
    edtest_fixture *f = *state;
    assert_int_equal(edtest_write_path(f->file, 3, "\"scene\": \"nowhere/town.glb\","), 0);
    ed_app app;
    assert_int_equal(ed_app_init(&app), 0);
    size_t demo = app.scene.world.triangle_count;
    assert_int_equal(ed_app_open(&app, f->file), 0);
    assert_non_null(strstr(app.base.message, "nowhere/town.glb, which is not there"));
    assert_int_equal(ed_app_wait_scene(&app, NULL, NULL), 0);
    assert_int_equal(ed_app_key_count(&app), 3);
    assert_int_equal(app.scene.world.triangle_count, demo);
    assert_string_equal(app.doc.cur.doc.scene, "nowhere/town.glb");
    ed_app_free(&app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_gltf_text_scene_should_become_a_textured_mesh_where_its_node_puts_it),
        cmocka_unit_test(a_glb_should_carry_its_texture_inside),
        cmocka_unit_test(an_obj_scene_should_load_with_its_material_library),
        cmocka_unit_test(z_up_and_scale_should_turn_and_size_the_scene),
        cmocka_unit_test(bad_scenes_should_be_refused_with_the_file_and_the_reason),
        cmocka_unit_test(a_buffer_outside_the_folder_should_not_be_read_nor_its_contents_shown),
        cmocka_unit_test(a_fifo_should_be_refused_without_blocking),
        cmocka_unit_test(the_loader_should_give_the_same_world_or_the_same_error),
        cmocka_unit_test_setup_teardown(a_scene_should_replace_the_world_and_a_bad_one_keep_it, setup, edtest_teardown),
        cmocka_unit_test_setup_teardown(the_path_file_should_remember_its_scene_relative_to_itself, setup,
                                        edtest_teardown),
        cmocka_unit_test_setup_teardown(a_missing_scene_should_be_reported_and_the_path_open, setup, edtest_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

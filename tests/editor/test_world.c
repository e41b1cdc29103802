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

/* A cube of 8 shared corners without normals, as glTF text and its buffer in dir. */
static char *write_cube_without_normals(const char *dir)
{
    static const float lo[3] = {-1, -1, -1}, hi[3] = {1, 1, 1};
    return edtest_write_box_gltf(dir, "cube", lo, hi,
                                 "\"scenes\": [{\"nodes\": [0]}], \"nodes\": [{\"mesh\": 0, \"name\": \"cube\"}]");
}

static void a_gltf_without_normals_should_get_flat_ones(void **state)
{
    (void)state;
    /* glTF: "When normals are not specified, client implementations MUST calculate flat normals" */
    char *dir = testutil_tempdir(), *gltf = write_cube_without_normals(dir);
    ed_world w;
    char err[1024];
    assert_int_equal(ed_import_world(&w, gltf, NULL, NULL, err, sizeof err), 0);
    size_t faces = 0;
    for (size_t i = 0; i < w.mesh_count; i++) {
        const ed_mesh *m = &w.meshes[i];
        for (size_t t = 0; t < m->triangle_count; t++, faces++) {
            const float *p[3];
            for (int k = 0; k < 3; k++)
                p[k] = m->positions + 3 * m->indices[3 * t + k];
            double e1[3], e2[3], n[3];
            for (int k = 0; k < 3; k++)
                e1[k] = p[1][k] - p[0][k], e2[k] = p[2][k] - p[0][k];
            n[0] = e1[1] * e2[2] - e1[2] * e2[1];
            n[1] = e1[2] * e2[0] - e1[0] * e2[2];
            n[2] = e1[0] * e2[1] - e1[1] * e2[0];
            double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            /* every corner of the face has the face's normal: a wall is shaded flat */
            for (int k = 0; k < 3; k++)
                for (int c = 0; c < 3; c++)
                    assert_near(m->normals[3 * m->indices[3 * t + k] + c], n[c] / len, 1e-6, 1);
        }
    }
    assert_int_equal(faces, 12);
    ed_world_free(&w);
    testutil_rmtree(dir);
    free(dir);
    free(gltf);
}

static void other_formats_without_normals_should_keep_smooth_ones_below_the_angle(void **state)
{
    (void)state;
    /* an OBJ keeps assimp's rule: normals smoothed across edges below 30 degrees */
    char *dir = testutil_tempdir(), *obj = edtest_path(dir, "fold.obj");
    assert_int_equal(testutil_write_file(obj, "v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nv 2 0.1 0\nv 2 0.1 1\n"
                                              "f 1 3 2\nf 1 4 3\nf 2 3 6\nf 2 6 5\n"), 0);
    ed_world w;
    char err[1024];
    assert_int_equal(ed_import_world(&w, obj, NULL, NULL, err, sizeof err), 0);
    /* the shared edge x = 1 is smoothed: a normal there leans between the two faces' */
    int leaning = 0;
    for (size_t i = 0; i < w.mesh_count; i++)
        for (size_t v = 0; v < w.meshes[i].vertex_count; v++) {
            const float *n = w.meshes[i].normals + 3 * v;
            if (fabs(w.meshes[i].positions[3 * v] - 1) < 1e-6 && fabs(n[0]) > 1e-4 && fabs(n[0]) < 0.09)
                leaning++;
        }
    assert_true(leaning >= 2);
    ed_world_free(&w);
    testutil_rmtree(dir);
    free(dir);
    free(obj);
}

/* A triangle 1 m wide and 2 m tall in millimetres with +Z up, as the file declares it. */
static const char collada_mm_z_up[] =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    "<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\">\n"
    "  <asset><unit name=\"millimeter\" meter=\"0.001\"/><up_axis>Z_UP</up_axis></asset>\n"
    "  <library_geometries><geometry id=\"g\" name=\"wall\"><mesh>\n"
    "    <source id=\"p\"><float_array id=\"pa\" count=\"9\">0 0 0 1000 0 0 0 0 2000</float_array>\n"
    "      <technique_common><accessor source=\"#pa\" count=\"3\" stride=\"3\"><param name=\"X\" type=\"float\"/>"
    "<param name=\"Y\" type=\"float\"/><param name=\"Z\" type=\"float\"/></accessor></technique_common></source>\n"
    "    <vertices id=\"v\"><input semantic=\"POSITION\" source=\"#p\"/></vertices>\n"
    "    <triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/><p>0 1 2</p></triangles>\n"
    "  </mesh></geometry></library_geometries>\n"
    "  <library_visual_scenes><visual_scene id=\"s\"><node id=\"wall\" name=\"wall\">"
    "<instance_geometry url=\"#g\"/></node></visual_scene></library_visual_scenes>\n"
    "  <scene><instance_visual_scene url=\"#s\"/></scene>\n"
    "</COLLADA>\n";

/* The same in FBX (ASCII): UnitScaleFactor is centimetres per unit, 0.1 for millimetres. */
static const char fbx_mm_z_up[] =
    "; FBX 7.4.0 project file\n"
    "FBXHeaderExtension:  {\n\tFBXHeaderVersion: 1003\n\tFBXVersion: 7400\n}\n"
    "GlobalSettings:  {\n\tVersion: 1000\n\tProperties70:  {\n"
    "\t\tP: \"UpAxis\", \"int\", \"Integer\", \"\",2\n"
    "\t\tP: \"UpAxisSign\", \"int\", \"Integer\", \"\",1\n"
    "\t\tP: \"FrontAxis\", \"int\", \"Integer\", \"\",1\n"
    "\t\tP: \"FrontAxisSign\", \"int\", \"Integer\", \"\",-1\n"
    "\t\tP: \"CoordAxis\", \"int\", \"Integer\", \"\",0\n"
    "\t\tP: \"CoordAxisSign\", \"int\", \"Integer\", \"\",1\n"
    "\t\tP: \"UnitScaleFactor\", \"double\", \"Number\", \"\",0.1\n"
    "\t}\n}\n"
    "Objects:  {\n"
    "\tGeometry: 100, \"Geometry::wall\", \"Mesh\" {\n"
    "\t\tVertices: *9 {\n\t\t\ta: 0,0,0,1000,0,0,0,0,2000\n\t\t}\n"
    "\t\tPolygonVertexIndex: *3 {\n\t\t\ta: 0,1,-3\n\t\t}\n"
    "\t\tGeometryVersion: 124\n\t}\n"
    "\tModel: 200, \"Model::wall\", \"Mesh\" {\n\t\tVersion: 232\n\t}\n}\n"
    "Connections:  {\n\tC: \"OO\",200,0\n\tC: \"OO\",100,200\n}\n";

static void declared_units_and_axes_should_be_respected(void **state)
{
    (void)state;
    char *dir = testutil_tempdir();
    const struct {
        const char *name, *text;
    } files[] = {{"wall.dae", collada_mm_z_up}, {"wall.fbx", fbx_mm_z_up}};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *file = edtest_path(dir, files[i].name);
        assert_int_equal(testutil_write_file(file, files[i].text), 0);
        /* with and without the options: the file's own declaration wins, it is not turned twice */
        for (int opt = 0; opt < 2; opt++) {
            ed_import_options o = {.z_up = opt, .scale = opt ? 0.01 : 0};
            ed_world w;
            char err[1024];
            assert_int_equal(ed_import_world(&w, file, &o, NULL, err, sizeof err), 0);
            /* 1 m wide along X, 2 m tall along +Y: not 1000 m, not lying down */
            assert_near(w.lo[0], 0, 1e-6, 1);
            assert_near(w.hi[0], 1, 1e-6, 1);
            assert_near(w.lo[1], 0, 1e-6, 1);
            assert_near(w.hi[1], 2, 1e-6, 1);
            assert_near(w.lo[2], 0, 1e-6, 1);
            assert_near(w.hi[2], 0, 1e-6, 1);
            assert_non_null(strstr(w.note, "as the file declares"));
            if (opt) {
                assert_non_null(strstr(w.note, "z-up is not applied"));
                assert_non_null(strstr(w.note, "the scale option is not applied"));
            }
            ed_world_free(&w);
        }
        free(file);
    }
    testutil_rmtree(dir);
    free(dir);
}

static void a_texture_left_out_should_be_named_in_the_note(void **state)
{
    (void)state;
    char *dir = testutil_tempdir(), *obj = edtest_path(dir, "wall.obj"), *mtl = edtest_path(dir, "wall.mtl");
    assert_int_equal(testutil_write_file(mtl, "newmtl a\nmap_Kd missing.png\nnewmtl b\nmap_Kd ../../outside.png\n"), 0);
    assert_int_equal(testutil_write_file(obj, "mtllib wall.mtl\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"
                                              "vt 0 0\nvt 1 0\nvt 1 1\n"
                                              "usemtl a\nf 1/1 2/2 3/3\nusemtl b\nf 1/1 3/3 4/2\n"), 0);
    ed_world w;
    char err[1024];
    assert_int_equal(ed_import_world(&w, obj, NULL, NULL, err, sizeof err), 0);
    assert_non_null(strstr(w.note, "2 textures were left out, the first: "));
    assert_non_null(strstr(w.note, "missing.png"));
    ed_world_free(&w);
    testutil_rmtree(dir);
    free(dir);
    free(obj);
    free(mtl);
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
        cmocka_unit_test(a_gltf_without_normals_should_get_flat_ones),
        cmocka_unit_test(declared_units_and_axes_should_be_respected),
        cmocka_unit_test(a_texture_left_out_should_be_named_in_the_note),
        cmocka_unit_test(other_formats_without_normals_should_keep_smooth_ones_below_the_angle),
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

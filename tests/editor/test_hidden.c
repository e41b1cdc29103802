/* SPDX-License-Identifier: MIT */
/* tests/editor/test_hidden.c - the path file's "hidden": read with located
 * errors and kept by the library, edited in a document's extras with the
 * other members byte for byte, applied to a scene's nodes (and what is
 * under them), out of the clearance check, one undo step. */
#include "edtest.h"

#include "hidden.h"

#define KEYS "\"keys\": [{\"t\": 0, \"position\": [0, 2, 0], \"rotation\": [0, 0, 0, 1]}, " \
             "{\"t\": 4, \"position\": [0, 2, -20], \"rotation\": [0, 0, 0, 1]}]"

static void the_reader_should_check_hidden_and_keep_it_without_a_warning(void **state)
{
    (void)state;
    const char good[] = "{\"campath\": 1, \"hidden\": [\"door\", \"gate \\\"2\\\"\"], \"x\": 0.10000000000000001, " KEYS "}";
    cp_document d;
    cp_error e;
    assert_int_equal(cp_document_load_memory(good, strlen(good), "p.json", &d, &e), CP_OK);
    assert_int_equal(d.warning_count, 1); /* "x" only: "hidden" is known */
    assert_null(strstr(d.warnings[0], "hidden"));
    ed_hidden h;
    assert_int_equal(ed_hidden_read(d.extras, &h), 0);
    assert_int_equal(h.count, 2);
    assert_string_equal(h.names[0], "door");
    assert_string_equal(h.names[1], "gate \"2\"");
    /* saved again, it is still there */
    char *text = cp_document_save_memory(&d, NULL, &e);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"hidden\": [\"door\", \"gate \\\"2\\\"\"]"));
    free(text);
    ed_hidden_free(&h);
    cp_document_free(&d);

    static const struct {
        const char *text, *error;
    } bad[] = {
        {"{\"campath\": 1, \"hidden\": \"door\", " KEYS "}", "p.json:1:26: hidden: an array of node names expected, got string \"door\""},
        {"{\"campath\": 1, \"hidden\": [\"door\", 3], " KEYS "}", "p.json:1:35: hidden[1]: string expected, got number 3"},
        {"{\"campath\": 1, \"hidden\": [\"\"], " KEYS "}", "p.json:1:27: hidden[0]: a node name, not an empty string"},
        {"{\"campath\": 1, \"hidden\": [\"a\\u0000b\"], " KEYS "}", "p.json:1:27: hidden[0]: contains a NUL character"},
        {"{\"campath\": 1, \"hidden\": [], \"hidden\": [], " KEYS "}", "p.json:1:40: hidden: duplicate member (first at 1:26)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_not_equal(cp_document_load_memory(bad[i].text, strlen(bad[i].text), "p.json", &d, &e), CP_OK);
        if (!strstr(e.message, bad[i].error))
            fail_msg("case %zu: got \"%s\", expected \"%s\"", i, e.message, bad[i].error);
    }
}

static void writing_should_keep_the_other_members_byte_for_byte(void **state)
{
    (void)state;
    const char extras[] = "{\"a\": 0.10000000000000001, \"hidden\": [\"old\"], \"b\": {\"c\": [1, \"]}\"]}}";
    ed_hidden h = {NULL, 0};
    assert_int_equal(ed_hidden_set(&h, "door", 1), 0);
    assert_int_equal(ed_hidden_set(&h, "door", 1), 0); /* once */
    assert_int_equal(ed_hidden_set(&h, "odd\"name\\", 1), 0);
    char *out;
    assert_int_equal(ed_hidden_write(extras, &h, &out), 0);
    assert_string_equal(out, "{\"a\": 0.10000000000000001, \"b\": {\"c\": [1, \"]}\"]}, \"hidden\": [\"door\", \"odd\\\"name\\\\\"]}");
    ed_hidden back;
    assert_int_equal(ed_hidden_read(out, &back), 0);
    assert_true(ed_hidden_equal(&h, &back));
    ed_hidden_free(&back);
    free(out);
    /* an empty list takes the member out, and with it the last member */
    ed_hidden none = {NULL, 0};
    assert_int_equal(ed_hidden_write("{\"hidden\": [\"x\"]}", &none, &out), 0);
    assert_null(out);
    assert_int_equal(ed_hidden_write(NULL, &h, &out), 0);
    assert_string_equal(out, "{\"hidden\": [\"door\", \"odd\\\"name\\\\\"]}");
    free(out);
    ed_hidden_free(&h);
}

/* ---- in the editor --------------------------------------------------------------------------------- */

static int setup(void **state)
{
    *state = edtest_fixture_new("hide.json", 1);
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

/* A door (a node "door" holding a node "panel" with the mesh) in a wall at z = -10, with a path through both. */
static char *write_door_scene(const char *dir)
{
    static const float lo[3] = {-1, 0, -0.1f}, hi[3] = {1, 4, 0.1f};
    return edtest_write_box_gltf(dir, "door", lo, hi,
        "\"scenes\": [{\"nodes\": [0, 2]}],\n"
        " \"nodes\": [{\"name\": \"door\", \"children\": [1], \"translation\": [0, 0, -10]},\n"
        "           {\"name\": \"panel\", \"mesh\": 0},\n"
        "           {\"name\": \"post\", \"mesh\": 0, \"translation\": [5, 0, -10]}]");
}

static size_t through(ed_app *app)
{
    const ed_clearance *c = ed_app_check_clearance(app);
    assert_non_null(c);
    size_t n = 0;
    for (size_t i = 0; i < c->count; i++)
        n += c->ranges[i].through != 0;
    return n;
}

static void a_hidden_node_should_leave_the_view_and_the_check_in_one_undo_step(void **state)
{
    edtest_fixture *f = *state;
    ed_app *app = &f->app;
    char *scene = write_door_scene(f->dir);
    assert_int_equal(ed_app_load_scene(app, scene, 1), 0);
    assert_int_equal(ed_app_wait_scene(app, NULL, NULL), 0);
    edtest_place(app, 0, 2, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    edtest_place(app, 0, 2, -20);
    assert_int_equal(ed_record_key(app, 0), 0);
    assert_int_equal(through(app), 1);

    /* a name the scene lacks is refused; the door goes with the panel under it */
    assert_int_equal(ed_hide_node(app, "window", 1), -1);
    assert_non_null(strstr(app->base.message, "no node of the scene is named \"window\""));
    assert_int_equal(ed_hide_node(app, "door", 1), 0);
    assert_int_equal(app->scene.hidden_meshes, 1);
    assert_int_equal(through(app), 0);
    size_t hidden_mesh = app->scene.world.meshes[0].hidden ? 0 : 1;
    assert_true(app->scene.world.meshes[hidden_mesh].hidden);
    assert_false(app->scene.world.meshes[1 - hidden_mesh].hidden);
    assert_int_equal(ed_hide_node(app, "door", 1), -1); /* already */

    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(through(app), 1);
    assert_int_equal(app->scene.hidden_meshes, 0);
    assert_int_equal(ed_edit_redo(app), 0);
    assert_int_equal(through(app), 0);

    /* saved, and applied when the path opens again */
    assert_int_equal(ed_app_save(app), 0);
    size_t size;
    char *text = testutil_read_file(f->file, &size);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"hidden\": [\"door\"]"));
    free(text);
    assert_int_equal(ed_app_open(app, f->file), 0);
    assert_int_equal(ed_app_wait_scene(app, NULL, NULL), 0);
    assert_int_equal(through(app), 0);
    assert_int_equal(app->scene.hidden_meshes, 1);
    assert_int_equal(ed_hide_show_all(app), 0);
    assert_int_equal(through(app), 1);
    assert_int_equal(ed_hide_show_all(app), -1);
    free(scene);
}

static void a_click_should_hide_the_object_under_the_mouse(void **state)
{
    edtest_fixture *f = *state;
    ed_app *app = &f->app;
    char *scene = write_door_scene(f->dir);
    assert_int_equal(ed_app_load_scene(app, scene, 1), 0);
    assert_int_equal(ed_app_wait_scene(app, NULL, NULL), 0);
    ed_app_resize(app, 960, 540);
    edtest_place(app, 0, 2, 0); /* the door straight ahead */
    ed_layout l;
    ed_app_layout(app, &l);
    assert_int_equal(ed_hide_at(app, l.frame.x + l.frame.w / 2, l.frame.y + l.frame.h / 2), 0);
    assert_non_null(strstr(app->base.message, "panel hidden"));
    assert_int_equal(app->scene.hidden_meshes, 1);
    /* nothing there now: the sky */
    assert_int_equal(ed_hide_at(app, l.frame.x + l.frame.w / 2, l.frame.y + l.frame.h / 2), -1);
    free(scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_reader_should_check_hidden_and_keep_it_without_a_warning),
        cmocka_unit_test(writing_should_keep_the_other_members_byte_for_byte),
        cmocka_unit_test_setup_teardown(a_hidden_node_should_leave_the_view_and_the_check_in_one_undo_step, setup, teardown),
        cmocka_unit_test_setup_teardown(a_click_should_hide_the_object_under_the_mouse, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

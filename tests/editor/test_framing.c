/* SPDX-License-Identifier: MIT */
/* tests/editor/test_framing.c - the first view of a scene and the keys that
 * frame the path and the selection: everything framed lands inside the
 * view, at every window shape, and nothing is cut off. */
#include "edtest.h"

#include "view.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    *state = edtest_fixture_new("frame.json", 1);
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

/* Whether p projects inside the view's frame (a margin of `m` pixels kept). */
static int in_view(const ed_app *app, cp_vec3 p, double m)
{
    ed_view v;
    ed_app_view(app, &v);
    float x, y;
    if (!ed_view_project(&v, ed_view_to_camera(&v, p), &x, &y))
        return 0;
    ed_layout l;
    ed_app_layout(app, &l);
    return x >= l.frame.x + m && x <= l.frame.x + l.frame.w - m && y >= l.frame.y + m && y <= l.frame.y + l.frame.h - m;
}

/* A path that winds over 200 m, far from where the camera is. */
static void record_far_path(ed_app *app)
{
    static const double xz[][2] = {{100, 0}, {180, 40}, {200, 120}, {120, 180}, {20, 150}};
    for (size_t i = 0; i < sizeof xz / sizeof xz[0]; i++) {
        edtest_place(app, xz[i][0], 5 + 10 * (double)i, xz[i][1]);
        assert_int_equal(ed_record_key(app, 0), 0);
    }
    edtest_place(app, -500, 3, 0); /* looking away from all of it */
}

static void frame_path_should_show_every_key_and_the_curve(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    static const int sizes[][2] = {{960, 540}, {1280, 720}, {1920, 1080}, {600, 900}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        if (s == 0)
            record_far_path(app);
        else
            edtest_place(app, -500, 3, 0);
        ed_app_resize(app, sizes[s][0], sizes[s][1]);
        assert_false(in_view(app, edtest_key(app, 0)->position, 0));
        assert_int_equal(ed_app_frame_path(app), 0);
        for (size_t i = 0; i < ed_app_key_count(app); i++)
            assert_true(in_view(app, edtest_key(app, i)->position, 2));
        double start = ed_app_start(app), dur = ed_app_duration(app);
        for (int i = 0; i <= 100; i++) {
            cp_pose p;
            cp_path_sample_fast(app->doc.path, start + dur * i / 100.0, &p);
            assert_true(in_view(app, p.position, 2));
        }
    }
}

static void frame_selection_should_show_the_selected_keys_close_up(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    record_far_path(app);
    ed_app_resize(app, 960, 540);
    assert_int_equal(ed_select_one(app, -1), 0);
    assert_int_equal(ed_app_frame_selection(app), -1); /* nothing selected: said so */
    assert_non_null(strstr(app->base.message, "select keys"));
    assert_int_equal(ed_select_range(app, 1, 2), 0);
    assert_int_equal(ed_app_frame_selection(app), 0);
    assert_true(in_view(app, edtest_key(app, 1)->position, 2));
    assert_true(in_view(app, edtest_key(app, 2)->position, 2));
    /* close up: the two keys are 82 m apart; the camera is well within 4 times that */
    cp_vec3 mid = cp_vec3_scale(cp_vec3_add(edtest_key(app, 1)->position, edtest_key(app, 2)->position), 0.5);
    assert_true(cp_vec3_length(cp_vec3_sub(app->ui.camera.position, mid)) < 200);
}

static void a_loaded_scene_should_be_framed_whole(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    /* a scene, and keys far outside it: the first view holds both */
    record_far_path(app);
    ed_app_resize(app, 960, 540);
    assert_int_equal(ed_app_load_scene(app, "tests/data/scenes/wall.glb", 0), 0);
    assert_int_equal(ed_app_wait_scene(app, NULL, NULL), 0);
    const ed_world *w = &app->scene.world;
    for (int c = 0; c < 8; c++) {
        cp_vec3 p = cp_vec3_make(c & 1 ? w->hi[0] : w->lo[0], c & 2 ? w->hi[1] : w->lo[1], c & 4 ? w->hi[2] : w->lo[2]);
        assert_true(in_view(app, p, 0));
    }
    for (size_t i = 0; i < ed_app_key_count(app); i++)
        assert_true(in_view(app, edtest_key(app, i)->position, 0));
}

static void the_frame_keys_should_be_bound(void **state)
{
    (void)state;
    const ed_binding *p = ed_binding_find('f', ED_MOD_CTRL, ED_PROMPT_NONE);
    const ed_binding *s = ed_binding_find('f', ED_MOD_SHIFT, ED_PROMPT_NONE);
    assert_non_null(p);
    assert_non_null(s);
    assert_int_equal(p->cmd, ED_CMD_FRAME_PATH);
    assert_int_equal(s->cmd, ED_CMD_FRAME_SELECTION);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(frame_path_should_show_every_key_and_the_curve, setup, teardown),
        cmocka_unit_test_setup_teardown(frame_selection_should_show_the_selected_keys_close_up, setup, teardown),
        cmocka_unit_test_setup_teardown(a_loaded_scene_should_be_framed_whole, setup, teardown),
        cmocka_unit_test(the_frame_keys_should_be_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

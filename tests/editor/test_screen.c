/* SPDX-License-Identifier: MIT */
/* tests/editor/test_screen.c - the overlays' layout: at 960x540 and above no
 * overlay covers another (HUD, its colour scale, the picture-in-picture,
 * the inspector, the messages, the clearance labels), the help sheet stays
 * off the timeline, H hides the HUD. */
#include "edtest.h"
#include "options.h"

typedef edtest_fixture fixture;

static int setup(void **state)
{
    edtest_fixture *f = edtest_fixture_new("screen.json", 1);
    /* DejaVu Sans Mono as the renderer opens it */
    const ed_text_metrics m = {8, 17, 7, 15};
    ed_app_set_text_metrics(&f->app, &m);
    *state = f;
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

/* A path through the wall five times, close together: five clearance problems to label. */
static void zigzag_through_the_wall(ed_app *app)
{
    assert_int_equal(ed_app_load_scene(app, "tests/data/scenes/wall.glb", 0), 0);
    assert_int_equal(ed_app_wait_scene(app, NULL, NULL), 0);
    for (int i = 0; i < 6; i++) {
        edtest_place(app, -4 + 1.5 * i, 3, i % 2 ? -20 : 0);
        assert_int_equal(ed_record_key(app, 0), 0);
    }
    const ed_clearance *c = ed_app_check_clearance(app);
    assert_non_null(c);
    assert_true(c->count >= 5);
}

static void assert_apart(const char *what_a, const ed_rect *a, const char *what_b, const ed_rect *b, int w, int h)
{
    if (ed_screen_overlap(a, b))
        fail_msg("%dx%d: %s (%d,%d %dx%d) covers %s (%d,%d %dx%d)", w, h, what_a, a->x, a->y, a->w, a->h, what_b, b->x,
                 b->y, b->w, b->h);
}

static void assert_in_window(const char *what, const ed_rect *r, int w, int h)
{
    if (r->w > 0 && (r->x < 0 || r->y < 0 || r->x + r->w > w || r->y + r->h > h))
        fail_msg("%dx%d: %s (%d,%d %dx%d) leaves the window", w, h, what, r->x, r->y, r->w, r->h);
}

/* Every overlay apart from every other one, in the window. */
static void assert_laid_out(const ed_app *app, int w, int h, int want_labels)
{
    ed_screen s;
    ed_screen_build(app, 12.5, &s);
    const ed_rect *r[] = {&s.hud, &s.pip, &s.inspector, &s.messages, &s.layout.timeline, &s.layout.graph};
    const char *name[] = {"the HUD", "the picture-in-picture", "the inspector", "the messages", "the timeline", "the graph"};
    const size_t n = sizeof r / sizeof r[0];
    for (size_t i = 0; i < n; i++) {
        assert_in_window(name[i], r[i], w, h);
        for (size_t j = i + 1; j < n; j++)
            assert_apart(name[i], r[i], name[j], r[j], w, h);
    }
    /* the colour scale inside the HUD, clear of its text */
    if (s.legend.w > 0) {
        assert_true(s.legend.x >= s.hud.x && s.legend.x + s.legend.w <= s.hud.x + s.hud.w);
        assert_true(s.legend.y >= s.hud.y && s.legend.y + s.legend.h <= s.hud.y + s.hud.h);
        for (int i = 0; i < s.hud_lines; i++) {
            ed_rect text = {16, 14 + i * 18, (int)strlen(s.lines[i].text) * 8, 17};
            assert_apart("the colour scale", &s.legend, s.lines[i].text, &text, w, h);
        }
    }
    for (size_t i = 0; i < s.label_count; i++) {
        for (size_t j = 0; j < n; j++)
            assert_apart(s.labels[i].text, &s.labels[i].box, name[j], r[j], w, h);
        for (size_t j = i + 1; j < s.label_count; j++)
            assert_apart(s.labels[i].text, &s.labels[i].box, s.labels[j].text, &s.labels[j].box, w, h);
        assert_in_window(s.labels[i].text, &s.labels[i].box, w, h);
    }
    if (want_labels)
        assert_true(s.label_count >= 2);
}

static void nothing_should_cover_anything_at_960x540_and_above(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    zigzag_through_the_wall(app);
    static const int sizes[][2] = {{960, 540}, {1280, 720}, {1920, 1080}};
    /* each size with a rotation key's inspector, then a look-at key's (the tallest) */
    for (size_t i = 0; i < 2 * sizeof sizes / sizeof sizes[0]; i++) {
        const int w = sizes[i % 3][0], h = sizes[i % 3][1];
        if (i == 3)
            assert_int_equal(ed_options_set_orientation(app, CP_ORIENTATION_LOOK_AT), 0);
        ed_app_resize(app, w, h);
        assert_int_equal(ed_app_frame_path(app), 0);
        assert_int_equal(ed_select_one(app, 2), 0); /* the inspector */
        ed_app_message(app, 1, "a long message that wraps: %s", "the quick brown fox jumps over the lazy dog "
                       "again and again until the line is far wider than any window the editor is likely to open "
                       "at all, and then some more");
        for (int graph = 0; graph < 2; graph++) {
            ed_app_show_graph(app, graph);
            assert_laid_out(app, w, h, !graph && i < 3); /* the look-at zigzag need not pass the wall */
        }
        ed_app_show_graph(app, 0);
        /* the help sheet: over the view, off the timeline */
        ed_app_show_help(app, 1);
        ed_screen s;
        ed_screen_build(app, 12.5, &s);
        assert_true(s.help.w > 0);
        assert_apart("the help sheet", &s.help, "the timeline", &s.layout.timeline, w, h);
        ed_app_show_help(app, 0);
    }
}

static void h_should_hide_the_hud(void **state)
{
    edtest_fixture *f = *state;
    ed_app *app = &f->app;
    const ed_binding *b = ed_binding_find('h', 0, ED_PROMPT_NONE);
    assert_non_null(b);
    assert_int_equal(b->cmd, ED_CMD_HUD);
    ed_screen s;
    ed_screen_build(app, 1, &s);
    assert_true(s.hud.w > 0);
    ed_control_command(app, ED_CMD_HUD);
    ed_screen_build(app, 1, &s);
    assert_int_equal(s.hud.w, 0);
    assert_int_equal(s.hud_lines, 0);
    assert_non_null(strstr(app->base.message, "HUD hidden"));
    ed_control_command(app, ED_CMD_HUD);
    ed_screen_build(app, 1, &s);
    assert_true(s.hud.w > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(nothing_should_cover_anything_at_960x540_and_above, setup, teardown),
        cmocka_unit_test_setup_teardown(h_should_hide_the_hud, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

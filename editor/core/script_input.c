/* editor/core/script_input.c - the script commands that act as a person at the
 * keyboard, mouse and window would (through the input layer), `screenshot`,
 * and `expect`, which checks the editor's state for tests. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "script_impl.h"

int ed_script_c_quit(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc, (void)argv, (void)err, (void)n;
    ed_event ev = {ED_EV_QUIT, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    ed_script_send(s, &ev);
    s->done = s->app->quit;
    return 0;
}

static int chord(const ed_script *s, const char *word, int *key, unsigned *mods, char *err, size_t n)
{
    if (ed_chord_parse(word, key, mods) != 0)
        return ed_script_fail(s, err, n, "'%s' is not a key (examples: f2, shift+f2, ctrl+s, space, [)", word);
    return 0;
}

/* Key events as a person makes them: the modifier keys go down first. */
static void key_event(ed_script *s, ed_event_type type, int key, unsigned mods)
{
    ed_event ev = {type, key, mods, 0, 0, 0, 0, 0, 0, 0};
    ed_script_send(s, &ev);
}

static void modifiers(ed_script *s, ed_event_type type, unsigned mods)
{
    if (mods & ED_MOD_CTRL)
        key_event(s, type, ED_KEY_CTRL, mods);
    if (mods & ED_MOD_SHIFT)
        key_event(s, type, ED_KEY_SHIFT, mods);
}

int ed_script_c_press(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    int key;
    unsigned mods;
    if (chord(s, argv[1], &key, &mods, err, n))
        return -1;
    int down = strcmp(argv[0], "key-up") != 0, up = strcmp(argv[0], "key-down") != 0;
    if (down) {
        modifiers(s, ED_EV_KEY_DOWN, mods);
        key_event(s, ED_EV_KEY_DOWN, key, mods);
    }
    if (up) {
        key_event(s, ED_EV_KEY_UP, key, mods);
        modifiers(s, ED_EV_KEY_UP, mods);
    }
    s->done = s->app->quit;
    return 0;
}

int ed_script_c_click(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double v[2];
    if (ed_script_numbers(s, argv + 1, 2, v, err, n))
        return -1;
    /* also keeps the conversion to int pixels defined */
    if (!(v[0] >= 0 && v[1] >= 0 && v[0] < s->app->width && v[1] < s->app->height))
        return ed_script_fail(s, err, n, "click: (%g, %g) is outside the %dx%d window", v[0], v[1], s->app->width,
                              s->app->height);
    ed_event ev = {ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, 0, 0, (int)v[0], (int)v[1], 0, 0, 0, 0};
    ed_script_send(s, &ev);
    ev.type = ED_EV_BUTTON_UP;
    ed_script_send(s, &ev);
    return 0;
}

int ed_script_c_event(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    static const char *const names[] = {"resize", "minimize", "restore", "focus-lost", "focus-gained", NULL};
    static const ed_event_type types[] = {ED_EV_RESIZE, ED_EV_MINIMIZE, ED_EV_RESTORE, ED_EV_FOCUS_LOST,
                                          ED_EV_FOCUS_GAINED};
    int k = ed_script_choice(s, argv[1], names, err, n);
    if (k < 0)
        return -1;
    ed_event ev = {types[k], 0, 0, 0, 0, 0, 0, 0, 0, 0};
    if (types[k] == ED_EV_RESIZE) {
        double v[2];
        if (argc != 4)
            return ed_script_fail(s, err, n, "event resize needs a width and a height");
        if (ed_script_numbers(s, argv + 2, 2, v, err, n))
            return -1;
        if (v[0] < 0 || v[1] < 0 || v[0] > 8192 || v[1] > 8192)
            return ed_script_fail(s, err, n, "event resize: %gx%g is outside 0..8192", v[0], v[1]);
        ev.w = (int)v[0];
        ev.h = (int)v[1];
    } else if (argc != 2) {
        return ed_script_fail(s, err, n, "event %s takes no numbers", argv[1]);
    }
    ed_script_send(s, &ev);
    return 0;
}

int ed_script_c_screenshot(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    char why[256] = "this program cannot render";
    if (!s->host || !s->host->screenshot || s->host->screenshot(s->host->ctx, s->app, argv[1], why, sizeof why))
        return ed_script_fail(s, err, n, "screenshot: %s", why);
    return 0;
}

/* The expectations about the world and the clearance check. */
static int expect_world(ed_script *s, int w, char **argv, char *err, size_t n)
{
    ed_app *app = s->app;
    double v;
    if (w == 0) {
        const char *name = app->scene_file ? strrchr(app->scene_file, '/') : NULL;
        name = app->scene_file ? (name ? name + 1 : app->scene_file) : "demo";
        if (strcmp(name, argv[2]) != 0)
            return ed_script_fail(s, err, n, "expected scene %s, it is %s", argv[2], name);
        return 0;
    }
    if (ed_script_number(s, argv[2], &v, err, n))
        return -1;
    if (w == 1) {
        if (v != (double)app->world.triangle_count)
            return ed_script_fail(s, err, n, "expected %s triangles, the world has %zu", argv[2], app->world.triangle_count);
        return 0;
    }
    const ed_clearance *c = ed_app_clearance(app);
    if (!c)
        return ed_script_fail(s, err, n, "expect %s: out of memory", argv[1]);
    char list[512];
    ed_clearance_describe(c, 6, list, sizeof list);
    if (w == 2) {
        if (v != (double)c->count)
            return ed_script_fail(s, err, n, "expected %s clearance problems, there are %zu: %s", argv[2], c->count, list);
        return 0;
    }
    int inside = 0;
    for (size_t i = 0; i < c->count; i++)
        if (v >= c->ranges[i].t0 && v <= c->ranges[i].t1 && (w == 4 || c->ranges[i].through))
            inside = 1;
    if (w == 3 && !inside)
        return ed_script_fail(s, err, n, "expected the camera to pass through geometry at %g s; the check found: %s", v, list);
    if (w == 4 && inside)
        return ed_script_fail(s, err, n, "expected the camera clear at %g s; the check found: %s", v, list);
    return 0;
}

int ed_script_c_expect(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    static const char *const world[] = {"scene", "triangles", "clearance", "through", "clear", NULL};
    for (int k = 0; world[k]; k++)
        if (strcmp(argv[1], world[k]) == 0) {
            if (argc != 3)
                return ed_script_fail(s, err, n, "expect %s: wrong number of words", argv[1]);
            return expect_world(s, k, argv, err, n);
        }
    static const char *const what[] = {"keys", "dirty", "selected", "prompt", "playhead", "interpolation",
                                       "ends", "key-time", "camera-speed", "scene", "triangles", "clearance",
                                       "through", "clear", NULL};
    static const char *const prompts[] = {"none", "reload", "recovery", "quit", NULL};
    static const char *const yes_no[] = {"no", "yes", NULL};
    ed_app *app = s->app;
    int w = ed_script_choice(s, argv[1], what, err, n);
    if (w < 0)
        return -1;
    int want_args = w == 7 ? 4 : 3;
    if (argc != want_args && !((w == 4 || w == 8) && argc == 4))
        return ed_script_fail(s, err, n, "expect %s: wrong number of words", argv[1]);
    double v[2] = {0, 1e-9};
    long i = -1;
    int k;
    switch (w) {
    case 0:
        if (ed_script_index(s, argv[2], &i, err, n))
            return -1;
        if ((size_t)i != app->cur.doc.count)
            return ed_script_fail(s, err, n, "expected %ld keys, the path has %zu", i, app->cur.doc.count);
        return 0;
    case 1:
        if ((k = ed_script_choice(s, argv[2], yes_no, err, n)) < 0)
            return -1;
        if (k != (ed_app_dirty(app) != 0))
            return ed_script_fail(s, err, n, "expected dirty %s, it is %s", argv[2], ed_app_dirty(app) ? "yes" : "no");
        return 0;
    case 2:
        if (strcmp(argv[2], "none") != 0 && ed_script_index(s, argv[2], &i, err, n))
            return -1;
        if (i != app->cur.selected)
            return ed_script_fail(s, err, n, "expected selected %s, it is %ld", argv[2], app->cur.selected);
        return 0;
    case 3:
        if ((k = ed_script_choice(s, argv[2], prompts, err, n)) < 0)
            return -1;
        if (k != (int)app->prompt)
            return ed_script_fail(s, err, n, "expected prompt %s, it is %s", argv[2], prompts[app->prompt]);
        return 0;
    case 4:
    case 8:
        if (ed_script_numbers(s, argv + 2, argc - 2, v, err, n))
            return -1;
        {
            double got = w == 4 ? app->playhead : app->camera.speed;
            if (!(fabs(got - v[0]) <= v[1]))
                return ed_script_fail(s, err, n, "expected %s %.9g (within %g), it is %.9g", argv[1], v[0], v[1], got);
        }
        return 0;
    case 5:
        if (strcmp(argv[2], cp_interp_name(app->cur.doc.options.position)) != 0)
            return ed_script_fail(s, err, n, "expected interpolation %s, it is %s", argv[2],
                        cp_interp_name(app->cur.doc.options.position));
        return 0;
    case 6:
        if (strcmp(argv[2], cp_ends_name(app->cur.doc.options.ends)) != 0)
            return ed_script_fail(s, err, n, "expected ends %s, they are %s", argv[2], cp_ends_name(app->cur.doc.options.ends));
        return 0;
    default:
        if (ed_script_index(s, argv[2], &i, err, n) || ed_script_number(s, argv[3], &v[0], err, n))
            return -1;
        if ((size_t)i >= app->cur.doc.count)
            return ed_script_fail(s, err, n, "expect key-time: no key %ld", i);
        if (!(fabs(app->cur.doc.keys[i].time - v[0]) <= 1e-9 * fmax(1.0, fabs(v[0]))))
            return ed_script_fail(s, err, n, "expected key %ld at %.9g s, it is at %.17g s", i, v[0], app->cur.doc.keys[i].time);
        return 0;
    }
}


/* SPDX-License-Identifier: MIT */
/* editor/core/script_input.c - the script commands that act as a person at the
 * keyboard, mouse and window would (through the input layer), `screenshot`,
 * `drag`. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "script_impl.h"

int ed_script_c_quit(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc, (void)argv, (void)err, (void)n;
    ed_event ev = {.type = ED_EV_QUIT};
    ed_script_send(s, &ev);
    s->done = s->app->base.quit;
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
    ed_event ev = {.type = type, .key = key, .mods = mods};
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
    s->done = s->app->base.quit;
    return 0;
}

int ed_script_c_click(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double v[2];
    if (ed_script_numbers(s, argv + 1, 2, v, err, n))
        return -1;
    /* also keeps the conversion to int pixels defined */
    if (!(v[0] >= 0 && v[1] >= 0 && v[0] < s->app->ui.width && v[1] < s->app->ui.height))
        return ed_script_fail(s, err, n, "click: (%g, %g) is outside the %dx%d window", v[0], v[1], s->app->ui.width,
                              s->app->ui.height);
    ed_event ev = {.type = ED_EV_BUTTON_DOWN, .key = ED_KEY_MOUSE_LEFT, .x = (int)v[0], .y = (int)v[1]};
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
    ed_event ev = {.type = types[k]};
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

/* Raw events on the window system's queue, read by `pump` as one frame of
 * the window reads them: what arrives within one frame (a click and the
 * keys typed right after it) arrives together. */
int ed_script_c_queue(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    if (!s->host || !s->host->queue)
        return ed_script_fail(s, err, n, "queue: this program has no window system queue");
    if (strcmp(argv[1], "click") == 0) {
        double v[2];
        if (argc != 4)
            return ed_script_fail(s, err, n, "queue click needs X and Y");
        if (ed_script_numbers(s, argv + 2, 2, v, err, n))
            return -1;
        if (!(v[0] >= 0 && v[1] >= 0 && v[0] < s->app->ui.width && v[1] < s->app->ui.height))
            return ed_script_fail(s, err, n, "queue click: (%g, %g) is outside the %dx%d window", v[0], v[1],
                                  s->app->ui.width, s->app->ui.height);
        ed_event ev = {.type = ED_EV_BUTTON_DOWN, .key = ED_KEY_MOUSE_LEFT, .x = (int)v[0], .y = (int)v[1]};
        s->host->queue(s->host->ctx, &ev);
        ev.type = ED_EV_BUTTON_UP;
        s->host->queue(s->host->ctx, &ev);
        return 0;
    }
    if (argc != 3)
        return ed_script_fail(s, err, n, "queue %s needs one word", argv[1]);
    if (strcmp(argv[1], "drop") == 0) {
        if (!s->host->queue_drop)
            return ed_script_fail(s, err, n, "queue drop: this program's window takes no dropped files");
        s->host->queue_drop(s->host->ctx, argv[2]);
        return 0;
    }
    if (strcmp(argv[1], "key") == 0) {
        int key;
        unsigned mods;
        if (chord(s, argv[2], &key, &mods, err, n))
            return -1;
        ed_event ev = {.type = ED_EV_KEY_DOWN, .key = key, .mods = mods};
        s->host->queue(s->host->ctx, &ev);
        ev.type = ED_EV_KEY_UP;
        s->host->queue(s->host->ctx, &ev);
        return 0;
    }
    if (strcmp(argv[1], "text") == 0) {
        for (const char *p = argv[2]; *p; p++) {
            ed_event ev = {.type = ED_EV_KEY_DOWN, .key = (unsigned char)*p};
            if (ev.key <= ' ' || ev.key >= 127)
                return ed_script_fail(s, err, n, "queue text: only printable ASCII");
            ed_event t = {.type = ED_EV_TEXT};
            t.text[0] = *p;
            s->host->queue(s->host->ctx, &ev);
            s->host->queue(s->host->ctx, &t);
            ev.type = ED_EV_KEY_UP;
            s->host->queue(s->host->ctx, &ev);
        }
        return 0;
    }
    return ed_script_fail(s, err, n, "queue: '%s' is not click, key, text or drop", argv[1]);
}

int ed_script_c_pump(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc, (void)argv;
    if (!s->host || !s->host->pump)
        return ed_script_fail(s, err, n, "pump: this program has no window system queue");
    s->host->pump(s->host->ctx, s->app, s->control);
    s->done = s->app->base.quit;
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

int ed_script_c_drag(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double v[4];
    if (ed_script_numbers(s, argv + 1, 4, v, err, n))
        return -1;
    for (int i = 0; i < 4; i += 2)
        if (!(v[i] >= 0 && v[i + 1] >= 0 && v[i] < s->app->ui.width && v[i + 1] < s->app->ui.height))
            return ed_script_fail(s, err, n, "drag: (%g, %g) is outside the %dx%d window", v[i], v[i + 1],
                                  s->app->ui.width, s->app->ui.height);
    /* the way a hand drags: the button goes down, the mouse moves in steps, the button comes up */
    ed_event ev = {.type = ED_EV_BUTTON_DOWN, .key = ED_KEY_MOUSE_LEFT, .x = (int)v[0], .y = (int)v[1]};
    ed_script_send(s, &ev);
    int px = (int)v[0], py = (int)v[1];
    for (int k = 1; k <= ED_SCRIPT_DRAG_STEPS; k++) {
        int x = (int)lround(v[0] + (v[2] - v[0]) * k / ED_SCRIPT_DRAG_STEPS);
        int y = (int)lround(v[1] + (v[3] - v[1]) * k / ED_SCRIPT_DRAG_STEPS);
        ed_event m = {.type = ED_EV_MOTION, .x = x, .y = y, .dx = x - px, .dy = y - py};
        ed_script_send(s, &m);
        px = x, py = y;
    }
    ev.type = ED_EV_BUTTON_UP;
    ev.x = (int)v[2], ev.y = (int)v[3];
    ed_script_send(s, &ev);
    return 0;
}

int ed_script_c_type(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)err, (void)n;
    /* as a keyboard sends it: a few characters per text event, the words with blanks between */
    for (int i = 1; i < argc; i++) {
        const char *p = argv[i];
        if (i > 1) {
            ed_event blank = {.type = ED_EV_TEXT, .text = " "};
            ed_script_send(s, &blank);
        }
        while (*p) {
            ed_event ev = {.type = ED_EV_TEXT};
            size_t k = strlen(p) < 4 ? strlen(p) : 4;
            memcpy(ev.text, p, k);
            ed_script_send(s, &ev);
            p += k;
        }
    }
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/control.h - input events to editor commands, through the binding
 * table: held keys fly the camera, pressed keys run commands, the mouse
 * looks, scrubs and selects; window events (resize, minimise, focus) keep
 * the state sane.
 *
 * Events here are the editor's own (no SDL types), so tests and the headless
 * mode feed synthetic ones; editor/sdl/input.c translates SDL events into them.
 */
#ifndef ED_CONTROL_H
#define ED_CONTROL_H

#include "bindings.h"
#include "commands.h"

typedef enum ed_event_type {
    ED_EV_NONE = 0,
    ED_EV_KEY_DOWN, ED_EV_KEY_UP,          /* key, mods, repeat */
    ED_EV_BUTTON_DOWN, ED_EV_BUTTON_UP,    /* key = ED_KEY_MOUSE_LEFT / RIGHT, x, y */
    ED_EV_MOTION,                          /* x, y, dx, dy */
    ED_EV_WHEEL,                           /* dy clicks, positive away from the user */
    ED_EV_RESIZE,                          /* w, h */
    ED_EV_MINIMIZE, ED_EV_RESTORE, ED_EV_FOCUS_LOST, ED_EV_FOCUS_GAINED,
    ED_EV_QUIT,                            /* the window's close button */
    ED_EV_TEXT                             /* text typed (while an inspector field takes it) */
} ed_event_type;

typedef struct ed_event {
    ed_event_type type;
    int           key;
    unsigned      mods;     /* ED_MOD_* held at the time */
    int           repeat;   /* a key repeat */
    int           x, y;
    double        dx, dy;
    int           w, h;
    char          text[32];  /* ED_EV_TEXT: UTF-8, NUL-terminated (as SDL sends it) */
} ed_event;

typedef struct ed_control {
    unsigned char down[ED_KEY_LAST];  /* keys held now */
    unsigned char chord[ED_KEY_LAST]; /* held keys that went down with Ctrl: commands, they never fly */
    int           looking;            /* right button held */
    int           minimized;
    int           focused;
    int           want_relative_mouse;/* the window should capture the mouse (look) */
    int           want_text;          /* an inspector field is being typed into: the window should send text */
} ed_control;

void ed_control_init(ed_control *c);

/* Handles one event. */
void ed_control_event(ed_control *c, ed_app *app, const ed_event *ev);

/* A file dropped on the window (its name as the system gives it): a sound
 * becomes the path's sound (sound.h). 0, or -1 with a message. */
int ed_control_drop(ed_control *c, ed_app *app, const char *file);

/* Runs one pressed command (what a key binding does). */
void ed_control_command(ed_app *app, ed_cmd cmd);

/* The camera input from the keys held now. */
ed_camera_input ed_control_camera_input(const ed_control *c, const ed_app *app);

/* Advances the camera by dt seconds from the keys held. */
void ed_control_update(ed_control *c, ed_app *app, double dt);

#endif /* ED_CONTROL_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/inspector.h - the key inspector: the selected key's values
 * (time, field of view, hold, position, yaw / pitch / roll in degrees, focus
 * and aperture, a look-at key's target and dolly-zoom width, its ease with
 * presets, its shake scale, and the path's shake layer: seed, amplitudes
 * and frequencies, and fastest turn) with the path's duration, or for
 * several selected keys their shift in time, turn, scale, centre and the
 * duration they span;
 * each one typed (Enter applies, Esc cancels, Tab goes on to the next) or
 * dragged left and right with the mouse, each change one undo step.
 *
 * The panel's layout is made here in pixels from the text metrics the
 * renderer reports (ui.h), so that clicks land on the field the eye sees;
 * editor/sdl draws what ed_inspector_build gives.
 */
#ifndef ED_INSPECTOR_H
#define ED_INSPECTOR_H

#include "app.h"

typedef enum ed_field {
    ED_FIELD_NONE = 0,
    /* one key */
    ED_FIELD_TIME, ED_FIELD_FOV, ED_FIELD_HOLD, ED_FIELD_X, ED_FIELD_Y, ED_FIELD_Z,
    ED_FIELD_YAW, ED_FIELD_PITCH, ED_FIELD_ROLL,
    ED_FIELD_FOCUS, ED_FIELD_APERTURE,                  /* "-" when the path has none */
    ED_FIELD_TX, ED_FIELD_TY, ED_FIELD_TZ,              /* look-at paths: the target */
    /* several keys: relative amounts, and the centre */
    ED_FIELD_SHIFT, ED_FIELD_TURN, ED_FIELD_SCALE, ED_FIELD_CX, ED_FIELD_CY, ED_FIELD_CZ,
    /* one key: its shake_scale ("-" when it has none: 1); the path's shake layer */
    ED_FIELD_SHAKE_SCALE, ED_FIELD_SHAKE_SEED, ED_FIELD_SHAKE_POS, ED_FIELD_SHAKE_POS_HZ, ED_FIELD_SHAKE_ROT,
    ED_FIELD_SHAKE_ROT_HZ, ED_FIELD_SHAKE_FOV, ED_FIELD_SHAKE_FOV_HZ,
    ED_FIELD_WIDTH,                                     /* look-at paths: the dolly zoom's frame width ("-": none) */
    /* the whole path's duration (one key), or the selected keys' span (several): pace.h */
    ED_FIELD_DURATION,
    /* one key: its ease as a preset (linear, ease-in, ease-out, ease-in-out; typed by name, dragged
       through them in turn) and its two sides, 0..1 */
    ED_FIELD_EASE, ED_FIELD_EASE_IN, ED_FIELD_EASE_OUT,
    ED_FIELD_MAX_TURN, /* the path's max_angular_speed, degrees per second, shown with each key */
    ED_FIELD_BPM, ED_FIELD_SOUND_AT, /* the path's sound: its tempo and the path time it starts at ("-": none) */
    ED_FIELD_COUNT
} ed_field;

#define ED_INSPECTOR_LABEL 6     /* characters for a field's name */
#define ED_INSPECTOR_VALUE 10    /* characters for its value's box */
#define ED_INSPECTOR_MAX_TEXT 24 /* what may be typed into a field */

typedef struct ed_inspector_item {
    ed_field field;
    ed_rect  box;                /* the value's box (clicks and drags land here) */
    int      label_x;            /* where the name is written, on the box's line */
    char     label[ED_INSPECTOR_LABEL + 1];
    char     value[48];          /* as shown (while typing: the text typed) */
    int      typing;             /* the field being typed into */
} ed_inspector_item;

typedef struct ed_inspector {
    ed_rect           panel;     /* w = 0: nothing to show */
    char              title[64];
    int               title_y;
    int               count;
    ed_inspector_item items[ED_FIELD_COUNT]; /* at most every field once */
} ed_inspector;

/* The inspector for the app's state (an empty panel when no key is
 * selected or the view is through the path camera). */
void ed_inspector_build(const ed_app *app, ed_inspector *in);
/* The field whose box holds (x, y), or ED_FIELD_NONE. */
ed_field ed_inspector_hit(const ed_inspector *in, int x, int y);
/* A field's name as the script and the manual write it ("time", "x", "turn"). */
const char *ed_field_name(ed_field f);

/* A field's value now (the relative fields of several keys read 0, or 1 for scale). */
double ed_inspector_value(const ed_app *app, ed_field f);
/* Sets a field to a value: one edit, one undo step. */
int ed_inspector_apply(ed_app *app, ed_field f, double value);
/* A drag of `pixels` to the right (negative: left) from where it began: the
 * field's value changes by pixels times its step, as an edit that follows
 * the mouse. */
int ed_inspector_drag(ed_app *app, ed_field f, double pixels);

/* Typing: starts on a field (the text holds its value and is replaced by
 * what is typed first), takes text, a Backspace, and ends with Enter
 * (applied; 0, or -1 with the reason and the field still open), Tab (applied,
 * then the next field) or Esc (nothing changed). */
void ed_inspector_type_begin(ed_app *app, ed_field f);
void ed_inspector_type_text(ed_app *app, const char *text);
void ed_inspector_type_backspace(ed_app *app);
int  ed_inspector_type_enter(ed_app *app, int next);
void ed_inspector_type_cancel(ed_app *app);
/* Enter with no field open: typing starts on the first field (time, or for
 * several keys their shift). -1 with a message when no key is selected. */
int ed_inspector_type_first(ed_app *app);
/* The field typed into goes when its key does (an undo, a deletion). */
void ed_inspector_sync(ed_app *app);

#endif /* ED_INSPECTOR_H */

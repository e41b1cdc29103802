/* SPDX-License-Identifier: MIT */
/* editor/sdl/input.h - SDL events to the editor's own events (editor/core/control.h),
 * and back again for the synthetic events of the headless mode, so that
 * scripted key presses and window events take the same road as real ones.
 */
#ifndef ED_INPUT_H
#define ED_INPUT_H

#include <SDL.h>

#include "control.h"

/* Translates an SDL event; returns 0 for events the editor ignores. */
int ed_input_translate(const SDL_Event *e, ed_event *out);

/* The SDL event that ed_input_translate turns into `ev` (window events for
 * window id 0). Returns 0 if there is none. */
int ed_input_synthesize(const ed_event *ev, SDL_Event *out);

/* What the window's event reading keeps from frame to frame. */
typedef struct ed_input_state {
    int texting;   /* SDL sends text (an inspector field takes it) */
    int relative;  /* the mouse is captured (looking) */
} ed_input_state;

/* Starts reading: text off (keys are commands), the mouse free. */
void ed_input_begin(ed_input_state *st);

/* Reads every event waiting, as the window does once a frame, and hands them
 * to `ctl`. Text input goes on the moment an event starts typing (a click on
 * an inspector field), before the next event is read; the keys SDL had
 * already queued without their text (it read them while text was off) give
 * their characters as text, so nothing typed right after the click is lost.
 * Returns the number of events read. */
int ed_input_pump(ed_input_state *st, ed_control *ctl, ed_app *app);

#endif /* ED_INPUT_H */

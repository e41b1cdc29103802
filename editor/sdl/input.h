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


#endif /* ED_INPUT_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/snap.h - snapping: when it is on, key times dragged along the
 * timeline or in the inspector, holds dragged in the inspector (where they
 * end), and keys F2 and K put at the playhead land on the frame grid
 * (the render rate, ED_SNAP_FPS unless set) or, within ED_SNAP_PIXELS of
 * one, on a beat of the sound's beat grid (the "audio" member's bpm and
 * first_beat, audio.h). N turns it on and off; the script's `snap`.
 */
#ifndef ED_SNAP_H
#define ED_SNAP_H

#include "app.h"

/* Turns snapping on (1), off (0) or over (-1), with a message saying to what. */
int ed_snap_set(ed_app *app, int on);
/* The frame grid's rate, frames per second (0.01..1000). */
int ed_snap_set_fps(ed_app *app, double fps);
/* t as snapping puts it (t itself when snapping is off): a beat within
 * `tolerance` seconds, else the nearest frame. */
double ed_snap_time(const ed_app *app, double t, double tolerance);
/* The seconds ED_SNAP_PIXELS span on the timeline now. */
double ed_snap_tolerance(const ed_app *app);

#endif /* ED_SNAP_H */

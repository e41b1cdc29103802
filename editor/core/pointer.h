/* SPDX-License-Identifier: MIT */
/* editor/core/pointer.h - the left mouse button: clicks select keys (Shift
 * adds), drags scrub the playhead, draw a box to select, move keys with
 * the gizmo or by their marker, move a key's time on the timeline (Shift:
 * with the keys after it) and drag inspector values. The gesture, with the
 * view and gizmo as they were when it began, is app->rec.gesture (rec.h). */
#ifndef ED_POINTER_H
#define ED_POINTER_H

#include "app.h"

#define ED_PICK_RADIUS 14.0   /* pixels: how near a click must be to a key marker */
#define ED_DRAG_THRESHOLD 3   /* pixels the mouse moves before a press is a drag, not a click */
#define ED_TICK_GRAB 5        /* pixels: how near a key's tick on the timeline a press takes it */

/* The events of the left button and of motion (not while looking around). */
void ed_pointer_down(ed_app *app, int x, int y, int shift);
void ed_pointer_motion(ed_app *app, int x, int y, int shift);
void ed_pointer_up(ed_app *app, int x, int y);
/* Drops a drag in progress, putting back what it changed (Esc). */
void ed_pointer_cancel(ed_app *app);
/* The button's release goes elsewhere (focus lost, minimised): a drag ends
 * where it is, as one undo step. */
void ed_pointer_release(ed_app *app);


#endif /* ED_POINTER_H */

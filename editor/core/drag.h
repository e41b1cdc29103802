/* SPDX-License-Identifier: MIT */
/* editor/core/drag.h - what the mouse drags: the selected keys through the
 * move gizmo, a key's time along the timeline, and a key's rotation and
 * field of view by looking from it with the free camera. Each runs as an
 * edit that follows the mouse (doc.h: ed_doc_live_*): every step shows at
 * once, the end is one undo step (ed_app_end_drag), Esc puts it all back
 * (ed_app_cancel_drag).
 */
#ifndef ED_DRAG_H
#define ED_DRAG_H

#include "app.h"

/* Starts a drag (the state now is where it began). 0, or -1 with a
 * message while a question waits or if out of memory. */
int ed_drag_begin(ed_app *app);
/* Moves the selected keys by d metres from where they were when the drag
 * began (starts one if none runs). */
int ed_drag_move(ed_app *app, cp_vec3 d);
/* Moves key `key` (with the selection when it is selected; with ripple,
 * also every key after the first of them) by dt seconds from where it was
 * when the drag began, kept ED_TIME_MARGIN from the keys that stay. */
int ed_drag_time(ed_app *app, size_t key, double dt, int ripple);
/* Looks from the selected key: the free camera sits on it, and turning,
 * rolling and zooming the camera turn and zoom the key with it (each frame,
 * ed_drag_look_sync) until ed_drag_look_end keeps (one undo step) or undoes it. */
int ed_drag_look_begin(ed_app *app);
void ed_drag_look_sync(ed_app *app);
int ed_drag_look_end(ed_app *app, int keep);

#endif /* ED_DRAG_H */

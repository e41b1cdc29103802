/* SPDX-License-Identifier: MIT */
/* editor/core/edit.h - edits of keys, each one undo step, all or nothing:
 * a key's values as typed or dragged to (time, position, rotation, field
 * of view, hold, a look-at key's target, focus and aperture), deleting the
 * selection, a key moved to the free camera, undo and redo, and retiming
 * to constant speed.
 */
#ifndef ED_EDIT_H
#define ED_EDIT_H

#include "app.h"

#define ED_NUDGE 0.1                 /* s: one step of , and . */

/* Deletes the selected keys. */
int ed_edit_delete(ed_app *app);
/* Moves the selected key to the free camera's pose. */
int ed_edit_move_to_camera(ed_app *app);
/* Sets key i's time; it must stay strictly between its neighbours (and
 * their holds). */
int ed_edit_key_time(ed_app *app, size_t i, double time);
/* Moves the selected key's time by dt: alone, between its neighbours
 * (ripple = 0), or together with all the keys after it (ripple = 1).
 * Several selected keys move together (ed_xform_shift). */
int ed_edit_nudge(ed_app *app, double dt, int ripple);

/* The selected key's time (one key selected), position (one key), rotation
 * as yaw, pitch, roll in degrees (camera.h's convention; every selected
 * key) and vertical field of view in degrees (every selected key). A
 * look-at key keeps looking the same way when it moves, and turns by its
 * target (kept at its distance) and roll. */
int ed_edit_time(ed_app *app, double time);
int ed_edit_position(ed_app *app, cp_vec3 position);
int ed_edit_rotation(ed_app *app, double yaw, double pitch, double roll);
int ed_edit_fov(ed_app *app, double fov);
/* Gives every selected key a hold of `seconds` (>= 0; on = 0 takes the
 * hold away): the camera rests at the key from its time for that long; a
 * hold longer than the gap to the next key pushes the later keys (ripple.h),
 * all in one undo step. Smooth and constant-speed timing only. */
int ed_edit_hold(ed_app *app, int on, double seconds);
/* Gives every selected key the ease [in, out] (each 0..1: 0 passes the key
 * at its natural pace, 1 eases down to an instant of rest; [0, 0] is none).
 * Smooth and constant-speed timing only; a key with a hold is refused. */
int ed_edit_ease(ed_app *app, double in, double out);
/* The ease presets by name: "linear" [0, 0], "ease-in" [1, 0], "ease-out"
 * [0, 1], "ease-in-out" [1, 1] ("in", "out", "in-out" too). -1 with a
 * message for another name. */
int ed_edit_ease_preset(ed_app *app, const char *name);
/* The preset's name for an ease, or NULL when it is none of them. */
const char *ed_edit_ease_name(const double ease[2]);

/* The selected key's target (a look-at path, one key selected). */
int ed_edit_target(ed_app *app, cp_vec3 target);
/* Focus (which = 0, metres) or aperture (which = 1, f-number) of the
 * selected keys; a path that has none gets it on every key (a path has it
 * on every key or on none), and on = 0 takes it from every key. */
int ed_edit_lens(ed_app *app, int which, int on, double value);
/* The selected keys' shake_scale (the shake layer's multiplier there, in
 * [0, CP_SHAKE_MAX_SCALE]); on = 0 takes it away (the key reads 1). */
int ed_edit_shake_scale(ed_app *app, int on, double value);
/* Dolly zoom (a look-at path): the width in metres framed at the selected
 * keys' targets; a path without the dolly zoom turns it on, every key
 * framing what its fov framed, and on = 0 turns it off, every key keeping
 * the fov the zoom gave it. */
int ed_edit_frame_width(ed_app *app, int on, double width);

/* The keys of `doc` (moved in: a generated or imported path, with its
 * options) replace the document's, as one undo step; `active` (-1: none)
 * becomes the active key. */
int ed_edit_replace(ed_app *app, cp_document *doc, long active);

int ed_edit_undo(ed_app *app);
int ed_edit_redo(ed_app *app);

/* Retimes the path to constant speed (doc.h: ed_doc_retime); duration 0
 * keeps the current one. */
int ed_edit_retime(ed_app *app, double duration);
/* Waits for a retime under way and takes it (scripts: one command at a time). 0 or -1. */
int ed_edit_wait_retime(ed_app *app);

#endif /* ED_EDIT_H */

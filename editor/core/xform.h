/* SPDX-License-Identifier: MIT */
/* editor/core/xform.h - transforms of the selected keys, or of every key
 * when none is selected: move by a distance, turn about +Y through their
 * centre (their rotations and look-at targets turn with them), scale about
 * their centre, shift in time. Each is one undo step, or with ed_xform_drag
 * an edit that follows the mouse (drag.h).
 */
#ifndef ED_XFORM_H
#define ED_XFORM_H

#include "app.h"

/* Move by d metres; turn by `degrees`; scale by `factor` (> 0); shift by
 * `seconds` (the keys must keep their order). */
int ed_xform_translate(ed_app *app, cp_vec3 d);
int ed_xform_rotate(ed_app *app, double degrees);
int ed_xform_scale(ed_app *app, double factor);
int ed_xform_shift(ed_app *app, double seconds);

/* The transforms as edits that follow the mouse, applied to the keys as
 * they were when the drag began (one is started if none runs): translate
 * by d, rotate by `amount` degrees, scale by `amount`, shift by `amount`
 * seconds (kept between the keys that stay, as a drag on the timeline). */
typedef enum ed_xform_kind { ED_XF_TRANSLATE = 0, ED_XF_ROTATE, ED_XF_SCALE, ED_XF_SHIFT } ed_xform_kind;
int ed_xform_drag(ed_app *app, ed_xform_kind kind, cp_vec3 d, double amount);

/* The mean position of the keys a transform acts on. */
cp_vec3 ed_xform_centre(const ed_app *app);

#endif /* ED_XFORM_H */

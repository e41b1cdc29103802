/* SPDX-License-Identifier: MIT */
/* editor/core/record.h - recording keys: F2 records the free camera as a
 * key (timed by the recording rule, rec.h), Shift+F2 inserts it after the
 * selected key, and a key can be put on the path at the playhead. Each is
 * one undo step.
 */
#ifndef ED_RECORD_H
#define ED_RECORD_H

#include "app.h"

/* Records the free camera as a new key at the end (insert = 0), or after
 * the selected key (insert = 1; at the end if nothing or the last key is
 * selected); the keys after an inserted one move on so that the way to the
 * next also takes its time. The new key is selected. Looking through the
 * path camera, records what is seen: the path's pose at the playhead
 * (ed_record_at_playhead); through a linked game's camera, the pose the
 * game sent, exactly (its clock times the keys of real pace). */
int ed_record_key(ed_app *app, int insert);
/* A key on the path's pose at the playhead (position, rotation, fov, and a
 * look-at path's target and roll, focus and aperture): the shape stays as
 * far as the interpolation allows (docs/editor.md). */
int ed_record_at_playhead(ed_app *app);
/* The time the next key recorded at the end would get (for the HUD and tests). */
double ed_record_next_time(const ed_app *app);
/* The recording rule: distance at the nominal speed, or real time (rec.h). */
void ed_record_set_time_mode(ed_app *app, ed_time_mode mode);
int ed_record_set_nominal_speed(ed_app *app, double speed);

#endif /* ED_RECORD_H */

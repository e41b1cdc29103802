/* SPDX-License-Identifier: MIT */
/* editor/sdl/shottrack.h - the shot track above the timeline (shots.h lays
 * it out): one box per shot on alternating rows, a blend as a ramp where the
 * shot overlaps the one before, a cut as an edge across the track, the shot
 * edited outlined, and the sequence time. It only reads the app. */
#ifndef ED_SHOTTRACK_H
#define ED_SHOTTRACK_H

#include "gfx.h"
#include "layout.h"

void ed_draw_shot_track(ed_gfx *g, const ed_app *app, const ed_layout *l);

#endif /* ED_SHOTTRACK_H */

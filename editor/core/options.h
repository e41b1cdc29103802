/* SPDX-License-Identifier: MIT */
/* editor/core/options.h - the path's options, each change one undo step:
 * its timing (keys, smooth, constant-speed), the interpolation of its
 * channels, its end behaviour, and its orientation (rotation keys, or
 * look-at targets). The key bindings cycle through each.
 */
#ifndef ED_OPTIONS_H
#define ED_OPTIONS_H

#include "app.h"

int ed_options_set_timing(ed_app *app, cp_timing timing);
int ed_options_cycle_timing(ed_app *app);
/* The interpolation of all three channels. */
int ed_options_set_interp(ed_app *app, cp_interp interp);
int ed_options_cycle_interp(ed_app *app);
int ed_options_set_ends(ed_app *app, cp_ends ends);
int ed_options_cycle_ends(ed_app *app);
/* Look-at gives every key a target on its view (the first surface of the
 * world within ED_TARGET_REACH, else ED_TARGET_DISTANCE away) and its roll,
 * so that every key keeps its rotation; rotation keeps every key's rotation
 * as the targets made it. */
int ed_options_set_orientation(ed_app *app, cp_orientation orientation);
/* The fastest the camera should turn, degrees per second (the file's
 * "max_angular_speed"; 0: the default, CP_PATH_DEFAULT_MAX_ANGULAR_SPEED):
 * `campath check` warns of a whip pan beyond 3 times it. One undo step. */
int ed_options_set_max_angular_speed(ed_app *app, double degrees_per_second);
int ed_options_cycle_orientation(ed_app *app);

/* The shake layer (docs/format.md, "Shake"): band 0, 1, 2 (position in
 * metres, rotation and fov in degrees) with part 0 its amplitude and 1 its
 * frequency in Hz, or band 3 the seed. An amplitude set where the band has
 * no frequency yet gets 1 Hz. One undo step; -1 with the limit named. */
int ed_options_set_shake(ed_app *app, int band, int part, double value);

#endif /* ED_OPTIONS_H */

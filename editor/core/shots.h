/* SPDX-License-Identifier: MIT */
/* editor/core/shots.h - the commands of a sequence's shots (seq.h holds
 * them): choosing the shot whose path is edited, adding the path edited as
 * a shot, trimming, moving, cuts and blends; the shot track above the
 * timeline (where each shot's box is, and what the mouse does on it); and
 * the sequence's pose for the front ends.
 *
 * Shots are numbered from 1 in messages and in the script (`shot 2`); the
 * functions here take indices from 0. Every change is checked before it is
 * made: a refusal says which shot and by how many seconds (2 decimals), and
 * changes nothing. Each change, or each drag on the track, is one undo step.
 */
#ifndef ED_SHOTS_H
#define ED_SHOTS_H

#include <stddef.h>

#include "app.h"

#define ED_SHOTS_EDGE 5       /* pixels: how near a box's edge a press takes the edge */

enum { ED_SHOTS_GRAB_NONE, ED_SHOTS_GRAB_BODY, ED_SHOTS_GRAB_BLEND, ED_SHOTS_GRAB_FROM, ED_SHOTS_GRAB_TO };

/* Starts a new sequence file `file` (written by the next save) whose one
 * shot is the path edited, whole; shot-add adds more. */
int ed_shots_new(ed_app *app, const char *file);
/* Edits shot i's path (its keys in the timeline, the inspector, the view). */
int ed_shots_choose(ed_app *app, size_t i);
/* Adds the path file `file` (NULL: the path edited) whole as a shot at the
 * end, after a cut, and edits it. */
int ed_shots_add(ed_app *app, const char *file);
/* The window's key for shots (Ctrl+N): the path edited as a shot at the
 * end, or, with no sequence open, a new sequence beside the path file
 * (NAME.sequence.json, or NAME.sequence-2.json and on when that is taken)
 * whose shot 1 it is. */
int ed_shots_add_here(ed_app *app);
/* Edits the shot `step` after (or before) the one edited. */
int ed_shots_step(ed_app *app, int step);
/* Shot i plays its path from `from` to `to` (seconds of the path). */
int ed_shots_trim(ed_app *app, size_t i, double from, double to);
/* Shot i blends from the shot before over `seconds` (0: a cut). */
int ed_shots_blend(ed_app *app, size_t i, double seconds);
/* Shot i becomes shot `to` (the others keep their order); the first shot
 * has no blend. */
int ed_shots_move(ed_app *app, size_t i, size_t to);
/* Moves the sequence time (the shot playing then is edited). */
int ed_shots_seek(ed_app *app, double time);

/* ---- what the front ends read ----------------------------------------------------------------------- */

/* Whether a sequence is open, its duration and the sequence time now. */
int ed_shots_open(const ed_app *app);
double ed_shots_duration(const ed_app *app);
double ed_shots_time(const ed_app *app);
/* The sequence's pose at `time`: 0, or -1 when no sequence plays (none is
 * open, or its shots do not make one now). */
int ed_shots_pose(const ed_app *app, double time, cp_sequence_pose *out);

/* Shot i's box on the track of layout l. */
typedef struct ed_shot_box {
    double x0, x1;   /* its start and end, pixel columns */
    double xb;       /* where its blend ends (x0 for a cut) */
    int    y0, y1;   /* its row: shots alternate between the track's upper and lower half */
    int    current;  /* the shot edited */
} ed_shot_box;
size_t ed_shots_count(const ed_app *app);
void ed_shots_box(const ed_app *app, const ed_layout *l, size_t i, ed_shot_box *box);
/* The pixel column of sequence time t on the track, and the reverse. */
double ed_shots_x_of(const ed_app *app, const ed_layout *l, double t);
double ed_shots_time_at(const ed_app *app, const ed_layout *l, int x);

/* ---- the mouse on the track ------------------------------------------------------------------------- */

/* A press of the left button: 1 when it is on the track (a shot taken, or
 * the sequence time moved), else 0. On a shot's left edge it sets the
 * blend (Shift: trims its `from`), on its right edge trims its `to`, on its
 * body it moves the shot (its start through its blend; past a neighbour,
 * its place). A press that does not move chooses the shot. */
int ed_shots_press(ed_app *app, int x, int y, int shift);
/* Whether a press on the track is being dragged; its motion; its release. */
int ed_shots_grabbed(const ed_app *app);
void ed_shots_motion(ed_app *app, int x);
void ed_shots_release(ed_app *app, int x);

#endif /* ED_SHOTS_H */

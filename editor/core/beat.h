/* SPDX-License-Identifier: MIT */
/* editor/core/beat.h - the grids key times snap to: frames at a frame rate
 * and the beats of a tempo, both in path time.
 *
 * The frames fall at k / fps; the beats at origin + k * 60 / bpm (origin:
 * the path time of one beat, the "audio" member's offset + first_beat). A
 * time snaps to the nearest beat when one is within `tolerance` seconds,
 * else to the nearest frame.
 */
#ifndef ED_BEAT_H
#define ED_BEAT_H

#include <stddef.h>

typedef struct ed_beat_grid {
    double fps;     /* frames per second; 0: no frame grid */
    double bpm;     /* beats per minute; 0: no beat grid */
    double origin;  /* path time of a beat */
} ed_beat_grid;

/* The beat nearest to t (t itself without a beat grid). */
double ed_beat_nearest(const ed_beat_grid *g, double t);
/* The frame time nearest to t (t itself without a frame grid). */
double ed_beat_frame(const ed_beat_grid *g, double t);
/* t snapped: the nearest beat within `tolerance`, else the nearest frame. */
double ed_beat_snap(const ed_beat_grid *g, double t, double tolerance);
/* The beats in [t0, t1], the first `max` into out (out may be NULL with
 * max 0); returns how many there are. */
size_t ed_beat_list(const ed_beat_grid *g, double t0, double t1, double *out, size_t max);

#endif /* ED_BEAT_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/pace.h - the pace of the path, shaped without typing key
 * times: the duration of the whole path or of the selected keys, and the
 * speed set at a segment or at a key by dragging the graph's speed strip.
 *
 * Duration: the library's rule (cp_path_retime_duration, shared with
 * `campath retime --duration`): the time the camera moves is scaled, holds
 * keep their seconds, the keys after the span follow. Two or more selected
 * keys set the span from the first to the last of them; otherwise (no key
 * or one key selected: one key spans nothing) the whole path's duration.
 *
 * Speed, by moving key times: the shape does not change (smooth timing
 * keeps it exactly; keys timing's curve follows its key times a little).
 * At segment i (key i, or the end of its hold, to key i + 1) the speed is
 * multiplied by a factor: the segment's moving time is divided by it, key
 * i and every key before it keep their times, and key i + 1 moves. The
 * segment after it gives or takes the time, so that no other key moves,
 * as far as that segment goes at most twice or half as fast as it did; the
 * rest of the change moves the keys after it (and a loop's period). The
 * last segment of an open path changes the path's duration. At key i both
 * segments that meet at it (one at the ends) take the factor: key i - 1
 * keeps its time, keys i and i + 1 move, and the change at key i + 1 is
 * given and taken the same way. In constant-speed timing there is one
 * speed: a drag anywhere sets it for the whole path (its duration).
 *
 * Speed at a key, by its ease: in smooth and constant-speed timing, at a
 * key where the camera does not rest already (no hold; not the first or
 * last key of an open path), the speed at the key is set by the key's
 * ease (docs/math.md, section 20: the camera passes the key at
 * 1 - max(in, out) of its natural speed) and no key time moves. Slower:
 * the depth becomes 1 - factor (1 - depth), at most 1 (an instant of
 * rest); a key without an ease gets it on both sides, an eased key keeps
 * the proportion of its two sides. Faster: the ease is taken away first
 * (an ease of 1 counting as 1/ED_PACE_MAX_FACTOR of the natural speed),
 * and what is left of the factor moves key times as above (or sets the
 * constant speed).
 */
#ifndef ED_PACE_H
#define ED_PACE_H

#include "app.h"

#define ED_PACE_PIXELS 50.0  /* pixels up the speed strip that double the speed (down: halve it) */
#define ED_PACE_GRAB 5       /* pixels: how near a key's line a press in the speed strip takes the key */
#define ED_PACE_MAX_FACTOR 16.0 /* one drag or command changes a speed by at most this factor either way */

typedef enum ed_pace_at {
    ED_PACE_SEGMENT = 0,     /* segment i: from key i (the end of its hold) to key i + 1 */
    ED_PACE_KEY              /* key i: the segments that meet there */
} ed_pace_at;

/* Sets the duration (seconds > 0) of the selected keys' span (two or more
 * selected) or of the whole path: one undo step. 0, or -1 with a message. */
int ed_pace_duration(ed_app *app, double seconds);
/* A drag of the inspector's duration field: the span's duration changed by
 * `delta` seconds from what it was when the drag began. */
int ed_pace_drag_duration(ed_app *app, double delta);
/* The span `duration` acts on now: keys first..last, and whether it is the
 * whole path. -1 without a path. */
int ed_pace_span(const ed_app *app, size_t *first, size_t *last, int *whole);
/* The duration `duration` would set now: the span's or the path's (0 without a path). */
double ed_pace_span_seconds(const ed_app *app);

/* Multiplies the speed at segment or key i by `factor` (1/16 .. 16): one
 * undo step. 0, or -1 with a message. */
int ed_pace_speed(ed_app *app, ed_pace_at at, size_t i, double factor);
/* The same as an edit that follows the mouse: the factor is from the keys
 * as they were when the drag began (the drag ends with ed_app_end_drag). */
int ed_pace_drag(ed_app *app, ed_pace_at at, size_t i, double factor);
/* What a press at (x, y) in the graph's speed strip holds: a key (within
 * ED_PACE_GRAB pixels of its line) or a segment. 0, or -1 when (x, y) is
 * not in the strip or there is no path. */
int ed_pace_hit(const ed_app *app, int x, int y, ed_pace_at *at, size_t *i);

#endif /* ED_PACE_H */

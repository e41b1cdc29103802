/* SPDX-License-Identifier: MIT */
/* campath/record.h - a recorder: camera poses taken from a running game at
 * the moments a hotkey goes down, timed into the keys of a path and saved as
 * a path file. The editor's F2 records with it too.
 *
 * Quick start:
 *
 *     cp_recorder *rec = cp_recorder_create(NULL, &err);   // NULL: distance pace, 6 m/s
 *     ...
 *     if (hotkey_pressed &&                                // in the game loop
 *         cp_recorder_add(rec, now, cam.position, cam.rotation, cam.fov, &err) != CP_OK)
 *         show(err.message);                               // nothing was recorded
 *     ...
 *     if (cp_recorder_save(rec, "paths/intro.json", &err) != CP_OK) show(err.message);
 *     cp_recorder_destroy(rec);
 *
 * How a key gets its time (the pace):
 *   - CP_PACE_DISTANCE: the previous key's time plus
 *         max(distance / speed, turn / CP_RECORDER_TURN_RATE, CP_RECORDER_MIN_GAP)
 *     where distance is the straight distance between the two poses (or the
 *     distance flown, reported with cp_recorder_fly, when that is longer) and
 *     turn the angle between their rotations: keys come out at the pace of a
 *     camera flying at `speed`, whatever the pace of the presses. The first
 *     key is at time 0.
 *   - CP_PACE_REAL: `now` minus the first key's `now`: the path keeps the pace
 *     the camera was flown at. `now` must move forward from key to key.
 *
 * `now` is the game's clock in seconds (any origin). A recorder is plain
 * memory: no files are touched until cp_recorder_save, no thread is started;
 * use one recorder from one thread at a time.
 */
#ifndef CAMPATH_RECORD_H
#define CAMPATH_RECORD_H

#include <stddef.h>

#include "common.h"
#include "math.h"
#include "path.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The default speed of distance pace, in m/s. */
#define CP_RECORDER_SPEED 6.0
/* Distance pace counts a turn as taking this long: radians per second (60 degrees/s). */
#define CP_RECORDER_TURN_RATE 1.0471975511965976
/* Distance pace never puts two keys closer than this, in seconds (a turn of
 * nothing on the spot still moves time on). */
#define CP_RECORDER_MIN_GAP 0.1

/* How keys get their times (see the top of this header). */
typedef enum cp_pace { CP_PACE_DISTANCE = 0, CP_PACE_REAL } cp_pace;

typedef struct cp_recorder_options {   /* all zero = the defaults */
    cp_pace pace;    /* CP_PACE_DISTANCE (the default) or CP_PACE_REAL */
    double  speed;   /* m/s, for CP_PACE_DISTANCE; 0 = CP_RECORDER_SPEED */
} cp_recorder_options;

typedef struct cp_recorder cp_recorder;

/* ---- recording ---------------------------------------------------------------- */

/* An empty recorder. `options` may be NULL for the defaults; a pace out of
 * range or a speed that is not a finite number > 0 (or 0) is an error.
 * Free with cp_recorder_destroy. NULL on failure. */
CP_API cp_recorder *cp_recorder_create(const cp_recorder_options *options, cp_error *error);

/* Frees the recorder and its keys; NULL is a no-op. */
CP_API void cp_recorder_destroy(cp_recorder *r);

/* Records a key: the pose (metres; a rotation of any non-zero length, stored
 * normalised; vertical fov in degrees, in (0, 180)) at the game's clock
 * `now` (seconds), timed by the pace. Bad input (a non-finite number, a zero
 * rotation, fov out of range, under real pace a `now` that does not move
 * forward) records nothing and names the field, e.g.
 * "keys[3].fov: 190 degrees is outside (0, 180) (vertical field of view)".
 * CP_OK or a cp_status. */
CP_API cp_status cp_recorder_add(cp_recorder *r, double now, cp_vec3 position, cp_quat rotation, double fov,
                                 cp_error *error);

/* cp_recorder_add for a camera kept as a cp_pose: records its position,
 * rotation and fov, and its focus and aperture (0: none). A recording has
 * focus (or aperture) on every key or on none: a pose that has one the
 * first key lacks, or lacks one it has, is an error ("keys[3].focus: none,
 * while keys[0].focus is 4 ..."), as is a negative or non-finite one, and
 * nothing is recorded. The pose's time and derivatives are not read.
 * CP_OK or a cp_status. */
CP_API cp_status cp_recorder_add_pose(cp_recorder *r, double now, const cp_pose *pose, cp_error *error);

/* Drops the last key (and the distance flown since it). False when the
 * recorder holds no key (nothing to drop), else true. */
CP_API bool cp_recorder_undo(cp_recorder *r);

/* How many keys the recorder holds. */
CP_API size_t cp_recorder_count(const cp_recorder *r);

/* A path through the keys (at least 2), built with `options`; NULL gives
 * what the editor records: smooth timing, C2, natural ends (the path's own
 * defaults, cp_path_options zeroed, are keys timing). The caller destroys
 * it. NULL on failure. */
CP_API cp_path *cp_recorder_path(const cp_recorder *r, const cp_path_options *options, cp_error *error);

/* Saves the keys as a path file with the JSON layer's atomic save (the file
 * is whole or untouched), timed as the editor's F2 records: "timing":
 * "smooth", C2, natural ends (cp_recorder_path with NULL options). For other
 * options, save cp_recorder_path's path with cp_path_save. At least 2 keys.
 * CP_OK or a cp_status. */
CP_API cp_status cp_recorder_save(const cp_recorder *r, const char *file, cp_error *error);

/* ---- for live displays and editors ----------------------------------------------- */

/* The keys so far (count of them; NULL when empty), owned by the recorder and
 * valid until the next call that changes it. Times are as the pace gave them. */
CP_API const cp_key *cp_recorder_keys(const cp_recorder *r);

/* The time cp_recorder_add would give a key with this pose at `now`, in
 * *time, without recording it (for a display of "next key at ..."). Fails
 * as cp_recorder_add would (the fov is not asked for). CP_OK or a cp_status. */
CP_API cp_status cp_recorder_next_time(const cp_recorder *r, double now, cp_vec3 position, cp_quat rotation,
                                       double *time, cp_error *error);

/* Adds `metres` (finite, >= 0) to the distance the camera has flown since
 * the last key, for distance pace: a game that reports its camera's movement
 * each frame gets keys timed by the way actually flown (when longer than the
 * straight distance). Without calls, the straight distance is used. Adding a
 * key or undoing one starts the count again. CP_OK or a cp_status. */
CP_API cp_status cp_recorder_fly(cp_recorder *r, double metres, cp_error *error);

/* Changes the pace or speed for the keys still to come; keys already
 * recorded keep their times. After a change to real pace, the next key comes
 * as long after the last one as `now` moved on since it. CP_OK or a cp_status. */
CP_API cp_status cp_recorder_set_options(cp_recorder *r, const cp_recorder_options *options, cp_error *error);

/* Drops every key and the distance flown; the options stay. */
CP_API void cp_recorder_clear(cp_recorder *r);

/* The seconds distance pace puts between a key at (from_position,
 * from_rotation) and one at (position, rotation), given `flown` metres flown
 * between them (0: the straight distance counts); options->pace is ignored,
 * NULL means the default speed. NaN for a non-finite input, a zero rotation
 * or an invalid speed. */
CP_API double cp_recorder_gap(const cp_recorder_options *options, cp_vec3 from_position, cp_quat from_rotation,
                              cp_vec3 position, cp_quat rotation, double flown);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_RECORD_H */

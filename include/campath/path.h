/* SPDX-License-Identifier: MIT */
/* campath/path.h - a camera path: keys of position, rotation (or a look-at
 * target and roll) and field of view, optionally focus and aperture, each
 * channel a curve; pose sampling with first and second derivatives; arc
 * length and constant-speed retiming; the checks behind `campath check`.
 *
 * Quick start:
 *
 *     cp_key keys[2] = {
 *         {.time = 0.0, .position = {0, 2, 10}, .rotation = {0, 0, 0, 1}, .fov = 60},
 *         {.time = 2.5, .position = {4, 3, 6}, .rotation = {0, 0.38268343236508978, 0, 0.92387953251128674}, .fov = 55},
 *     };
 *     cp_error err;
 *     cp_path *path = cp_path_create(keys, 2, NULL, &err);  // NULL: C2, natural ends
 *     if (!path) { fprintf(stderr, "%s\n", err.message); return 1; }
 *     cp_pose pose;
 *     cp_path_sample(path, 1.25, &pose);
 *     cp_path_destroy(path);
 *
 * A path copies its keys; it is immutable once created and may be sampled
 * from several threads at once (give each its own cp_path_cursor).
 */
#ifndef CAMPATH_PATH_H
#define CAMPATH_PATH_H

#include <stddef.h>

#include "common.h"
#include "curve.h"
#include "math.h"
#include "shake.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest number of keys a path may hold (a sanity limit, not a tuning one). */
#define CP_PATH_MAX_KEYS 50000000u

/* Largest magnitude of a key's time, position and target coordinates, hold,
 * focus and aperture, of every velocity and acceleration term of the
 * splines, and (smooth and constant-speed timing) of the path's parameter at
 * every key and of every term of a sample by the chain rule: beyond it sums
 * of a few terms could overflow a double, and samples would be inf or NaN. */
#define CP_PATH_MAX_MAGNITUDE 1e300

/* Smallest spacing of two keys in time, as a fraction of the path's time
 * scale (its largest |time|, the seam of a closed path included): closer keys
 * leave too few representable times between them to sample. */
#define CP_PATH_MIN_KEY_SPACING 1e-12
/* Smallest spacing of two keys in seconds, whatever the scale: accelerations
 * grow as 1 / spacing^2, and the angular acceleration would overflow. */
#define CP_PATH_MIN_KEY_SECONDS 1e-140

/* The fastest a camera operator turns the camera, in degrees per second,
 * when a path does not say (cp_path_options.max_angular_speed, the file's
 * "max_angular_speed"): RED's rule of thumb for panning without judder, a
 * full image width in no less than seven seconds, is 13 degrees per second
 * for the 91-degree width of the default 60-degree vertical fov at 16:9,
 * at 24 frames a second; at the 60 a game shows it is 2.5 times that, 33,
 * rounded down (docs/math.md, section 21). At most
 * CP_PATH_MAX_ANGULAR_SPEED_LIMIT. */
#define CP_PATH_DEFAULT_MAX_ANGULAR_SPEED 30.0
#define CP_PATH_MAX_ANGULAR_SPEED_LIMIT 3600.0

/* How time is mapped onto the path (docs/math.md, section 12). */
typedef enum cp_timing {
    CP_TIMING_KEYS = 0,       /* every channel is splined in time through the key times */
    CP_TIMING_SMOOTH,         /* each channel is splined over a geometric parameter and time
                                 maps onto it through a monotone C2 warp: no overshoot, holds */
    CP_TIMING_CONSTANT_SPEED  /* the smooth shape, travelled at one constant speed (easing in
                                 and out of holds and rest ends); the keys' times are computed */
} cp_timing;

/* Where the camera's orientation comes from. */
typedef enum cp_orientation {
    CP_ORIENTATION_ROTATION = 0, /* the keys' rotations */
    CP_ORIENTATION_LOOK_AT       /* from the position towards the keys' targets, +Y up, rolled */
} cp_orientation;

/* Bits of cp_key.flags. */
#define CP_KEY_HOLD 1u   /* the key has a hold (`hold` seconds, 0 = rest for an instant) */
#define CP_KEY_TARGET 2u /* the key has a target (look-at paths: every key; the origin is a target too) */
#define CP_KEY_SHAKE_SCALE 8u /* the key has a shake_scale (without it the key's is 1) */

/* Look-at keys (docs/math.md, section 15). A key whose target is closer to
 * its position than CP_PATH_LOOKAT_MIN_DISTANCE metres, or whose view comes
 * within CP_PATH_LOOKAT_MIN_ANGLE degrees of straight up or down (where a
 * camera with +Y up has no heading), is refused; `campath check` warns where
 * the path between keys comes near either. |roll| is at most
 * CP_PATH_MAX_ROLL degrees (ten turns: more is a mistake, not a move). */
#define CP_PATH_LOOKAT_MIN_DISTANCE 1e-6
#define CP_PATH_LOOKAT_MIN_ANGLE 0.01
#define CP_PATH_MAX_ROLL 3600.0
/* The largest velocity and acceleration of a look-at path's position and
 * target (m/s, m/s^2) and roll (deg/s, deg/s^2), every term of the splines:
 * the view's angular acceleration squares the view's rate of turn, which is
 * up to this over CP_PATH_LOOKAT_MIN_DISTANCE, and divides by the square of
 * the sine of CP_PATH_LOOKAT_MIN_ANGLE (3.3e7): (2e146)^2 * 3.3e7 * 5 is
 * still a double (docs/math.md, section 15). */
#define CP_PATH_MAX_LOOKAT_RATE 1e140

/* Dolly zoom: the smallest and largest frame_width of a key, in metres. */
#define CP_PATH_MIN_FRAME_WIDTH 1e-6
#define CP_PATH_MAX_FRAME_WIDTH 1e6

/* One recorded camera pose. The members after `fov` are optional: a key
 * zeroed before it is filled ({0} or memset) has none of them. */
typedef struct cp_key {
    double   time;      /* seconds; strictly increasing along the array */
    cp_vec3  position;  /* metres; right-handed, +Y up */
    cp_quat  rotation;  /* unit quaternion; the camera looks down its local -Z, +Y up
                           (look-at paths: derived from target and roll by cp_path_create) */
    double   fov;       /* vertical field of view in degrees */
    unsigned flags;     /* CP_KEY_HOLD, CP_KEY_TARGET */
    double   hold;      /* with CP_KEY_HOLD (smooth timing): seconds at rest from `time` */
    cp_vec3  target;    /* with CP_KEY_TARGET (look-at paths only): the point looked at, metres */
    double   roll;      /* look-at paths: degrees about the view direction, positive turning the
                           camera's up towards its left; 0 = none */
    double   focus;     /* focus distance in metres, > 0; 0 = none (all keys have it or none) */
    double   aperture;  /* f-number, > 0; 0 = none (all keys have it or none) */
    double   shake_scale; /* with CP_KEY_SHAKE_SCALE: the shake layer's multiplier here, in
                             [0, CP_SHAKE_MAX_SCALE] (campath/shake.h); keys without it read 1 */
    double   frame_width; /* dolly-zoom paths only (every key): the width in metres of the subject
                             framed at the target, kept the same on screen (0 = none) */
    double   ease[2];   /* smooth and constant-speed timing: how the camera arrives at (ease[0]) and leaves
                           (ease[1]) the key, each in [0, 1]: 0 = at its natural pace (the default),
                           1 = easing down to an instant of rest at the key (docs/math.md, section 20) */
} cp_key;

typedef struct cp_path_options {   /* all zero = the defaults */
    cp_interp position, rotation, fov;  /* look-at targets use `position`, roll `rotation`;
                                           focus and aperture `fov` */
    cp_ends   ends;
    double    period;               /* CP_ENDS_CLOSED only; must exceed last.time - first.time */
    cp_timing timing;               /* CP_TIMING_KEYS (the default), _SMOOTH or _CONSTANT_SPEED */
    cp_orientation orientation;     /* CP_ORIENTATION_ROTATION (the default) or CP_ORIENTATION_LOOK_AT */
    const cp_allocator *allocator;  /* the path's memory; NULL: the C library. The path keeps a
                                       copy; cp_path_get_options points it at that copy */
    cp_shake  shake;                /* the shake layer (campath/shake.h); zero: none */
    bool      dolly_zoom;           /* look-at paths: the fov follows the distance to the target so
                                       that the keys' frame_width fills the view's height:
                                       fov = 2 atan(frame_width / (2 distance)); the keys' fov are
                                       derived from it (docs/math.md, "Dolly zoom") */
    double    max_angular_speed;    /* degrees per second the camera should turn at most (`campath check`
                                       warns of a whip pan beyond 3 times it); 0 = the default,
                                       CP_PATH_DEFAULT_MAX_ANGULAR_SPEED */
} cp_path_options;

/* A pose of the camera. Look-at paths give the rotation looking from the
 * position at the target (+Y up, rolled), with exact angular derivatives.
 * The rotation's sign (q and -q are one rotation) is continuous along the
 * whole path, between keys too, starting from the first key's in the
 * hemisphere of the identity (docs/math.md, sections 4 and 15); a closed
 * path whose quaternion comes back as -q after a period negates odd
 * periods. Sampling keeps no state: any time, in any order, gives the same. */
typedef struct cp_pose {
    double  time;
    cp_vec3 position, velocity, acceleration;          /* m, m/s, m/s^2 */
    cp_quat rotation;                                   /* unit, no sign flips along a path (above) */
    cp_vec3 angular_velocity, angular_acceleration;    /* world frame, rad/s, rad/s^2 */
    double  fov;                                        /* degrees */
    double  fov_velocity, fov_acceleration;             /* deg/s, deg/s^2 */
    double  focus, aperture;                            /* m, f-number; 0 when the path has none */
} cp_pose;

/* For sequential sampling: start zeroed (`cp_path_cursor c = {0};`). */
typedef struct cp_path_cursor {
    size_t position, rotation, fov;
} cp_path_cursor;

typedef struct cp_path cp_path;

/* ---- life cycle ----------------------------------------------------------- */

/* A path through `count` keys (>= 2). `options` may be NULL for the defaults.
 * Every key is validated (finite numbers within CP_PATH_MAX_MAGNITUDE,
 * strictly increasing times at least CP_PATH_MIN_KEY_SPACING apart, non-zero
 * rotations, fov in (0, 180); focus and aperture > 0 on every key or on
 * none; holds 0 or at least the key spacing, ending that long before the
 * next key; look-at paths: a target on every key (CP_KEY_TARGET) that is not
 * degenerate, roll within CP_PATH_MAX_ROLL, and the keys' rotations are not
 * read but derived), and so is everything built through them: no velocity
 * or acceleration term of the splines that overflows (CP_PATH_MAX_LOOKAT_RATE
 * for a look-at view), and in smooth and constant-speed timing the path's
 * parameter, the warp and every term of a sample within the same limits
 * (docs/format.md lists them). Rotations are normalised. Whatever the
 * numbers, it returns: a path that samples to finite poses everywhere, or
 * NULL with the key and the value named in `error` (the field,
 * "keys[3].time", and the key index are in error->field and error->key). */
CP_API cp_path *cp_path_create(const cp_key *keys, size_t count,
                        const cp_path_options *options, cp_error *error);

/* Frees the path; NULL is a no-op. */
CP_API void cp_path_destroy(cp_path *path);

/* Replaces keys first .. first + count - 1 of `path` with `keys` (count
 * keys; the path's other keys and its options stay) and returns the path
 * for the new keys, as realloc does: the same object updated where only
 * part of the path moves (an edit of a few keys of a long path), else a new
 * one and `path` is freed. Its poses equal cp_path_create's on the new keys
 * within the bound docs/api.md gives ("Editing a long path"). `changed`
 * (may be NULL) receives the span of time outside which no pose moved
 * beyond that bound. On an error (a key that does not validate, named as
 * cp_path_create names it, first + count past the keys, no memory) it
 * returns NULL and `path` is unchanged. */
CP_API cp_path *cp_path_update(cp_path *path, size_t first, const cp_key *keys, size_t count,
                               double changed[2], cp_error *error);

/* ---- what it holds -------------------------------------------------------- */

CP_API size_t        cp_path_key_count(const cp_path *path);
/* The keys as given (rotations normalised); owned by the path. */
CP_API const cp_key *cp_path_keys(const cp_path *path);
/* The options in force (defaults filled in). `allocator` is NULL for the C
 * library, else it points at the path's own copy (valid while the path lives). */
CP_API cp_path_options cp_path_get_options(const cp_path *path);
/* The speed in m/s at which a constant-speed path cruises (between its eases
 * into and out of holds and rest ends); 0 for the other timings. */
CP_API double        cp_path_constant_speed(const cp_path *path);
/* First key time. */
CP_API double        cp_path_start(const cp_path *path);
/* Last time - first time (plus the last key's hold); the period when closed. */
CP_API double        cp_path_duration(const cp_path *path);
/* Where the camera's motion may change course, for sampling at the joins
 * (plots, exports): every key's time, the end of every hold and the end of
 * the path, increasing, each once. Writes at most 2 * cp_path_key_count + 1
 * times, which `times` must have room for; returns how many it wrote.
 * (A rotation curve in keys timing may also join at keys the builder
 * inserted: cp_path_rotation_curve has them.) */
CP_API size_t        cp_path_key_times(const cp_path *path, double *times);

/* The channel curves (owned by the path): position (dim 3), rotation
 * (dim 4, may hold inserted keys; NULL for look-at paths), field of view
 * (dim 1; NULL in smooth timing with c2 fov, a monotone map of the shape's
 * parameter), look-at targets (dim 3; NULL unless look-at). Over time in
 * keys timing, over the shape's chord parameters in the other timings. */
CP_API const cp_curve *cp_path_position_curve(const cp_path *path);
CP_API const cp_curve *cp_path_rotation_curve(const cp_path *path);
CP_API const cp_curve *cp_path_fov_curve(const cp_path *path);
CP_API const cp_curve *cp_path_target_curve(const cp_path *path);

/* ---- sampling ------------------------------------------------------------- */

/* The pose at `time`, with velocity, acceleration, angular velocity and
 * angular acceleration. An open path holds its end pose outside its key range
 * (derivatives are the one-sided values at that end); a closed path wraps.
 * A NaN time gives the pose at the start (as any time before it would), with
 * out->time set to that NaN so the caller can tell; so do the variants below. */
CP_API void cp_path_sample(const cp_path *path, double time, cp_pose *out);

/* Position, rotation and fov only (derivatives are set to zero): cheaper. */
CP_API void cp_path_sample_fast(const cp_path *path, double time, cp_pose *out);

/* cp_path_sample for playback: amortised O(1) segment search when times
 * increase. */
CP_API void cp_path_sample_cursor(const cp_path *path, cp_path_cursor *cursor, double time, cp_pose *out);

/* The left (side < 0) or right (side >= 0) limit of the pose at `time`. At a
 * key the two differ by the jump in each derivative: zero for C2. */
CP_API void cp_path_sample_side(const cp_path *path, double time, int side, cp_pose *out);

/* The pose without the shake layer (the path as its keys make it): side 0
 * as cp_path_sample, < 0 and > 0 as cp_path_sample_side. cp_path_sample and
 * its variants include the layer when the path has one. */
CP_API void cp_path_sample_unshaken(const cp_path *path, double time, int side, cp_pose *out);

/* The shake layer's multiplier at `time`: out[0] and its first and second
 * time derivatives (1, 0, 0 when no key has a shake_scale). */
CP_API void cp_path_shake_scale(const cp_path *path, double time, double out[3]);

/* Whether the path looks at a target (look-at orientation); if so *out
 * gets the point it looks at at `time` (metres), else *out is untouched. */
CP_API bool cp_path_target(const cp_path *path, double time, cp_vec3 *out);

/* Where along the shape the camera is at `time`: the geometric parameter u
 * (metres, docs/math.md section 12) in out[0], its first and second time
 * derivatives in out[1] and out[2]; side as for cp_path_sample_side. Smooth
 * and constant-speed timing only: u never decreases, and out[1] = out[2] = 0
 * during a hold. For keys timing the parameter is the time: (time, 1, 0). */
CP_API void cp_path_parameter(const cp_path *path, double time, int side, double out[3]);

/* ---- arc length and retiming ---------------------------------------------- */

/* Length in metres of the position curve over the whole path (one period when
 * closed). Each segment is cut where its speed has a minimum and integrated by
 * adaptive Gauss-Kronrod quadrature: relative error below 1e-9. */
CP_API double cp_path_length(const cp_path *path);

/* Distance travelled from the start to `time` (clamped to the path). */
CP_API double cp_path_distance_at(const cp_path *path, double time);

/* The time at which `distance` metres have been travelled (clamped to
 * [0, length]). O(keys) per call; build a cp_arclength for many queries. */
CP_API double cp_path_time_at_distance(const cp_path *path, double distance);

/* A table of cumulative segment lengths for many distance <-> time queries. */
typedef struct cp_arclength cp_arclength;
CP_API cp_arclength *cp_arclength_create(const cp_path *path, cp_error *error);
CP_API void          cp_arclength_destroy(cp_arclength *table);
CP_API double        cp_arclength_total(const cp_arclength *table);
CP_API double        cp_arclength_distance_at(const cp_arclength *table, double time);
CP_API double        cp_arclength_time_at(const cp_arclength *table, double distance);

/* A copy of `path` whose key times make the camera move at (nearly) constant
 * speed: each segment's duration is proportional to its length, iterated
 * because the lengths depend on the timing. `duration` > 0 sets the new total
 * duration (the period when closed); 0 keeps the current one. Segments that
 * barely move (a camera turning on the spot) keep a minimum share of 2% of
 * the mean so no two keys collapse onto one time. Returns NULL on error. */
CP_API cp_path *cp_path_retime_constant_speed(const cp_path *path, double duration, cp_error *error);

/* A copy of `path` whose keys first..last span `duration` seconds (> 0),
 * the timing kept: the moving time between them is scaled, holds keep their
 * seconds, keys before `first` keep their times and keys after `last` move
 * by the change. The whole path (first 0, last the last key) spans its
 * duration, cp_path_duration: its last key's hold included when open, the
 * period when closed (whose seam's moving time scales too); a smaller span
 * runs from key first's time to key last's. A smooth path keeps its shape
 * exactly; a constant-speed path takes the whole duration only (as
 * cp_path_retime_constant_speed with that duration). Returns NULL on error
 * (the error's field is "duration" when the duration is what is wrong). */
CP_API cp_path *cp_path_retime_duration(const cp_path *path, size_t first, size_t last, double duration,
                                        cp_error *error);

/* ---- checks: what `campath check` reports ------------------------------------
 * Continuity at the keys and the overshoots a global spline in time can
 * make between them, each measured exactly (extremes of polynomials, not
 * samples) where the math allows (docs/math.md, section 14). */

typedef enum cp_finding_kind {
    CP_FINDING_JUMP = 0,       /* a derivative jumps at a key (its interpolation promises it does not) */
    CP_FINDING_REVERSE,        /* the camera moves backwards along a segment, or away from a key it stays at */
    CP_FINDING_TURN,           /* a segment turns further than its keys' rotation step */
    CP_FINDING_FOV_RANGE,      /* the fov leaves (0, 180) degrees */
    CP_FINDING_FOV_OVERSHOOT,  /* the fov leaves the range of its segment's two keys */
    CP_FINDING_HALF_TURN,      /* two keys' rotations are within 2 degrees of a half turn apart */
    CP_FINDING_INSERTED_KEYS,  /* the rotation builder inserted keys between two keys */
    CP_FINDING_LOOK_VERTICAL,  /* a look-at view comes within vertical_angle of straight up or down */
    CP_FINDING_TARGET_NEAR,    /* a look-at target comes within target_distance of the camera */
    CP_FINDING_FOCUS_RANGE,    /* the focus distance comes to 0 or below */
    CP_FINDING_FOCUS_OVERSHOOT, /* the focus distance leaves its segment's two keys' range (by over 1%) */
    CP_FINDING_APERTURE_RANGE, /* the f-number comes to 0 or below */
    CP_FINDING_APERTURE_OVERSHOOT, /* the f-number leaves its segment's two keys' range (by over 1%) */
    CP_FINDING_CUT,            /* sequences: the picture cuts from one shot to the next (information) */
    CP_FINDING_WHIP_PAN        /* the camera turns faster, or speeds its turn up or down harder, than an
                                  operator would (whip_speed, whip_acceleration) */
} cp_finding_kind;

typedef enum cp_severity {
    CP_SEVERITY_ERROR = 0,     /* the path does what its keys do not ask */
    CP_SEVERITY_WARNING,       /* a risk: the result hangs on rounding */
    CP_SEVERITY_INFO           /* for information */
} cp_severity;

typedef struct cp_finding {
    cp_finding_kind kind;
    cp_severity     severity;
    size_t          key[2];      /* the keys (key[1] == key[0] for one key) */
    double          time[2];     /* their times, s */
    double          at;          /* where it is largest, s */
    double          value;       /* its size: jump relative to that derivative's scale on the path (its
                                    largest value at a key, or its mean: chords over the duration);
                                    backward speed m/s (or distance m away); extra degrees turned; fov in
                                    degrees; degrees between the rotations; keys inserted; the least
                                    angle from straight up or down, degrees; the least distance, m;
                                    focus in m; aperture as an f-number; whip-pan: the angular speed in
                                    deg/s (or, when only that is too much, its acceleration in deg/s^2) */
    char            message[224]; /* one line naming the keys and times */
} cp_finding;

typedef struct cp_check_options {  /* all zero = the defaults */
    double max_jump;      /* relative jump allowed at a key: default 1e-9 */
    double max_turn;      /* degrees a segment may turn past its keys' step (plus 5% of the step): default 1 */
    size_t max_findings;  /* listed at most (all are counted): default 1000 */
    double vertical_angle;  /* look-at: degrees from straight up or down that warn: default 5 */
    double target_distance; /* look-at: metres from the camera to the target that warn: default 0.1 */
    double whip_speed;        /* degrees per second of turn that warn of a whip pan: default 3 times
                                 the path's max_angular_speed (90 with its default) */
    double whip_acceleration; /* degrees per second squared: default 6 times the path's
                                 max_angular_speed per second (180 with its default) */
} cp_check_options;

typedef struct cp_check_report {
    cp_finding *findings;         /* count findings in path order, from the path's allocator */
    size_t      count;
    size_t      total;            /* found, listed or not */
    size_t      errors, warnings, infos;
    cp_allocator allocator;       /* the path's: what findings was allocated with */
} cp_check_report;

/* Checks `path` (options may be NULL for the defaults) and fills `report`;
 * free it with cp_check_report_free. CP_OK or a cp_status (then the
 * report is empty). */
CP_API cp_status cp_path_check(const cp_path *path, const cp_check_options *options, cp_check_report *report,
                               cp_error *error);
/* Frees what the report holds and zeroes it; a zeroed report is a no-op. */
CP_API void cp_check_report_free(cp_check_report *report);
/* "jump", "reverse", "turn", "fov-range", "fov-overshoot", "half-turn", "inserted-keys",
 * "look-vertical", "target-near", "focus-range", "focus-overshoot", "aperture-range",
 * "aperture-overshoot", "cut", "whip-pan" (NULL if out of range). */
CP_API const char *cp_finding_kind_name(cp_finding_kind kind);
/* "error", "warning", "info" (NULL if out of range). */
CP_API const char *cp_severity_name(cp_severity severity);

/* ---- metadata carried for file round trips -----------------------------------
 * The path layer does not interpret these; the JSON layer stores the name and
 * the members of the file that campath does not know (as JSON object text),
 * so that loading and saving again loses nothing. */
CP_API const char *cp_path_name(const cp_path *path);                 /* NULL if none */
CP_API const char *cp_path_extras(const cp_path *path);               /* NULL if none */
CP_API const char *cp_path_key_extras(const cp_path *path, size_t i); /* NULL if none */
/* The scene file the path was made in, relative to the path file's folder
 * (the file member "scene"; the editor opens it as its world). NULL if none. */
CP_API const char *cp_path_scene(const cp_path *path);
/* Replaces the scene with a copy of `scene` (NULL: none). CP_OK or a cp_status. */
CP_API cp_status cp_path_set_scene(cp_path *path, const char *scene, cp_error *error);
/* Replaces the metadata with copies (any argument may be NULL; key_extras, if
 * not NULL, has cp_path_key_count entries). CP_OK or a cp_status (then the
 * path is unchanged). */
CP_API cp_status cp_path_set_meta(cp_path *path, const char *name, const char *extras,
                                  const char *const *key_extras, cp_error *error);

/* ---- names ---------------------------------------------------------------- */

/* "c2", "bisector", "catmull-rom", "linear", "step" (NULL if out of range). */
CP_API const char *cp_interp_name(cp_interp interp);
/* "natural", "rest", "closed" (NULL if out of range). */
CP_API const char *cp_ends_name(cp_ends ends);
/* "keys", "smooth", "constant-speed" (NULL if out of range). */
CP_API const char *cp_timing_name(cp_timing timing);
/* "rotation", "look-at" (NULL if out of range). */
CP_API const char *cp_orientation_name(cp_orientation orientation);
/* Parse those names: CP_OK and *out set, or CP_ERR_INVALID (*out untouched)
 * for an unknown name. */
CP_API cp_status cp_interp_parse(const char *name, cp_interp *out);
CP_API cp_status cp_ends_parse(const char *name, cp_ends *out);
CP_API cp_status cp_timing_parse(const char *name, cp_timing *out);
CP_API cp_status cp_orientation_parse(const char *name, cp_orientation *out);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_PATH_H */

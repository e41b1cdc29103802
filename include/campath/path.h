/* campath/path.h - a camera path: keys of position, rotation and field of
 * view, each channel a curve; pose sampling with first and second
 * derivatives; arc length and constant-speed retiming.
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

#ifdef __cplusplus
extern "C" {
#endif

/* Largest number of keys a path may hold (a sanity limit, not a tuning one). */
#define CP_PATH_MAX_KEYS 50000000u

/* Largest magnitude of a key's time and position coordinates, and of every
 * velocity and acceleration term of the splines: beyond it sums of a few
 * terms could overflow a double, and samples would be inf or NaN. */
#define CP_PATH_MAX_MAGNITUDE 1e300

/* Smallest spacing of two keys in time, as a fraction of the path's time
 * scale (its largest |time|, the seam of a closed path included): closer keys
 * leave too few representable times between them to sample. */
#define CP_PATH_MIN_KEY_SPACING 1e-12
/* Smallest spacing of two keys in seconds, whatever the scale: accelerations
 * grow as 1 / spacing^2, and the angular acceleration would overflow. */
#define CP_PATH_MIN_KEY_SECONDS 1e-140

/* How time is mapped onto the path (docs/math.md, "Timing"). */
typedef enum cp_timing {
    CP_TIMING_KEYS = 0,    /* every channel is splined in time through the key times */
    CP_TIMING_SMOOTH       /* each channel is splined over a geometric parameter and time
                              maps onto it through a monotone C2 warp: no overshoot, holds */
} cp_timing;

/* Where the camera's orientation comes from. */
typedef enum cp_orientation {
    CP_ORIENTATION_ROTATION = 0, /* the keys' rotations */
    CP_ORIENTATION_LOOK_AT       /* from the position towards the keys' targets, +Y up, rolled */
} cp_orientation;

/* Bits of cp_key.flags. */
#define CP_KEY_HOLD 1u   /* the key has a hold (`hold` seconds, 0 = rest for an instant) */

/* One recorded camera pose. The members after `fov` are optional: a key
 * zeroed before it is filled ({0} or memset) has none of them. */
typedef struct cp_key {
    double   time;      /* seconds; strictly increasing along the array */
    cp_vec3  position;  /* metres; right-handed, +Y up */
    cp_quat  rotation;  /* unit quaternion; the camera looks down its local -Z, +Y up
                           (look-at paths: derived from target and roll by cp_path_create) */
    double   fov;       /* vertical field of view in degrees */
    unsigned flags;     /* CP_KEY_HOLD */
    double   hold;      /* with CP_KEY_HOLD (smooth timing): seconds at rest from `time` */
    cp_vec3  target;    /* look-at paths: the point looked at, metres */
    double   roll;      /* look-at paths: degrees about the view direction */
    double   focus;     /* focus distance in metres, > 0; 0 = none (all keys have it or none) */
    double   aperture;  /* f-number, > 0; 0 = none (all keys have it or none) */
} cp_key;

typedef struct cp_path_options {   /* all zero = the defaults */
    cp_interp position, rotation, fov;  /* look-at targets use `position`; focus and aperture `fov` */
    cp_ends   ends;
    double    period;               /* CP_ENDS_CLOSED only; must exceed last.time - first.time */
    cp_timing timing;               /* CP_TIMING_KEYS (the default) or CP_TIMING_SMOOTH */
    cp_orientation orientation;     /* CP_ORIENTATION_ROTATION (the default) or CP_ORIENTATION_LOOK_AT */
} cp_path_options;

typedef struct cp_pose {
    double  time;
    cp_vec3 position, velocity, acceleration;          /* m, m/s, m/s^2 */
    cp_quat rotation;                                   /* unit, no sign flips along a path */
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
 * rotations, fov in (0, 180)), and so are the splines built through them (no
 * velocity or acceleration that overflows); rotations are normalised. On
 * failure returns NULL and names the key and the value in `error` (the field,
 * "keys[3].time", and the key index are in error->field and error->key). */
CP_API cp_path *cp_path_create(const cp_key *keys, size_t count,
                        const cp_path_options *options, cp_error *error);

/* Frees the path; NULL is a no-op. */
CP_API void cp_path_destroy(cp_path *path);

/* ---- what it holds -------------------------------------------------------- */

CP_API size_t        cp_path_key_count(const cp_path *path);
/* The keys as given (rotations normalised); owned by the path. */
CP_API const cp_key *cp_path_keys(const cp_path *path);
/* The options in force (defaults filled in). */
CP_API cp_path_options cp_path_get_options(const cp_path *path);
/* First key time. */
CP_API double        cp_path_start(const cp_path *path);
/* Last time - first time; the period when closed. */
CP_API double        cp_path_duration(const cp_path *path);   /* closed: the period */

/* The channel curves (owned by the path): position (dim 3), rotation
 * (dim 4, may hold inserted keys), field of view (dim 1). */
CP_API const cp_curve *cp_path_position_curve(const cp_path *path);
CP_API const cp_curve *cp_path_rotation_curve(const cp_path *path);
CP_API const cp_curve *cp_path_fov_curve(const cp_path *path);

/* ---- sampling ------------------------------------------------------------- */

/* The pose at `time`, with velocity, acceleration, angular velocity and
 * angular acceleration. An open path holds its end pose outside its key range
 * (derivatives are the one-sided values at that end); a closed path wraps. */
CP_API void cp_path_sample(const cp_path *path, double time, cp_pose *out);

/* Position, rotation and fov only (derivatives are set to zero): cheaper. */
CP_API void cp_path_sample_fast(const cp_path *path, double time, cp_pose *out);

/* cp_path_sample for playback: amortised O(1) segment search when times
 * increase. */
CP_API void cp_path_sample_cursor(const cp_path *path, cp_path_cursor *cursor, double time, cp_pose *out);

/* The left (side < 0) or right (side >= 0) limit of the pose at `time`. At a
 * key the two differ by the jump in each derivative: zero for C2. */
CP_API void cp_path_sample_side(const cp_path *path, double time, int side, cp_pose *out);

/* ---- arc length and retiming ---------------------------------------------- */

/* Length in metres of the position curve over the whole path (one period when
 * closed). Adaptive Gauss-Legendre quadrature, relative error below 1e-9. */
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
/* Replaces the scene with a copy of `scene` (NULL: none). 0 (CP_OK) or a cp_status. */
CP_API int cp_path_set_scene(cp_path *path, const char *scene, cp_error *error);
/* Replaces the metadata with copies (any argument may be NULL; key_extras, if
 * not NULL, has cp_path_key_count entries). */
CP_API int cp_path_set_meta(cp_path *path, const char *name, const char *extras,
                     const char *const *key_extras, cp_error *error);

/* ---- names ---------------------------------------------------------------- */

/* "c2", "bisector", "catmull-rom", "linear", "step" (NULL if out of range). */
CP_API const char *cp_interp_name(cp_interp interp);
/* "natural", "rest", "closed" (NULL if out of range). */
CP_API const char *cp_ends_name(cp_ends ends);
/* Parse those names; return 0 and set *out, or -1 for an unknown name. */
CP_API int cp_interp_parse(const char *name, cp_interp *out);
CP_API int cp_ends_parse(const char *name, cp_ends *out);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_PATH_H */

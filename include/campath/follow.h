/* SPDX-License-Identifier: MIT */
/* campath/follow.h - live targets: a look-at path that keeps looking at a
 * point only the game knows (a character, a car), fed each frame, with the
 * camera's rotation C2 in time whatever the game feeds, even a target that
 * jumps.
 *
 * Quick start (`t` is the path's time, the clock the game samples it with):
 *
 *     cp_follow f;
 *     cp_follow_begin(&f, path, NULL, &err);          // NULL: response 0.5 s, third order
 *     cp_follow_engage(&f, t0, 1.0, &err);            // turn to the live target over 1 s from t0
 *     ...each frame:
 *     cp_follow_target(&f, t, hero_position, &hero_velocity, &err);  // velocity may be NULL
 *     cp_follow_sample(&f, t, &camera, &err);                        // render from `camera`
 *     ...later: cp_follow_release(&f, t1, 1.0, &err);  // back to the keyed targets
 *
 * How (docs/math.md, "Live targets"): the point looked at is the target
 * passed through `order` first-order lags of time constant response/order
 * each (order 3, the default: a third-order critically damped follow,
 * 1 / (1 + s T/3)^3). Between two calls the target is taken to be the one
 * given, held (no velocity), or moving on with the velocity given; the
 * filter is advanced exactly over that input (one exponential per call, no
 * step size), so the result does not depend on the frame rate. A target
 * that jumps makes the third derivative of the filtered point jump, no
 * lower one: the point is C2 in time, and so is the camera's rotation
 * looking at it from the path's C2 position. Blending from the keyed view
 * to the live one and back uses the hand-off's quintic (cp_pose_blend).
 *
 * The lag it costs: for a target moving at a constant velocity v given
 * without its velocity, the filtered point trails it by `response` seconds
 * (v * response metres; plus half a frame: the target is held between
 * frames). Given with its velocity, the filter is fed the target led by
 * response * v, which cancels that lag exactly at constant velocity; a
 * constant acceleration a then leaves (order - 1) / (2 order) a response^2
 * metres (a response^2 / 3 for order 3).
 *
 * Memory: nothing is allocated; a cp_follow is a plain struct that refers
 * to the path (which must outlive it). Copying it copies the follow.
 */
#ifndef CAMPATH_FOLLOW_H
#define CAMPATH_FOLLOW_H

#include "common.h"
#include "math.h"
#include "path.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The response time, in seconds: CP_FOLLOW_DEFAULT_RESPONSE when 0, else
 * within CP_FOLLOW_MIN_RESPONSE..CP_FOLLOW_MAX_RESPONSE (shorter, the
 * filtered point's acceleration, up to the jump / response^2, leaves any
 * screen's meaning; longer, it never arrives). */
#define CP_FOLLOW_DEFAULT_RESPONSE 0.5
#define CP_FOLLOW_MIN_RESPONSE 1e-3
#define CP_FOLLOW_MAX_RESPONSE 1e6
/* The largest coordinate of a target and of its velocity (m, m/s). */
#define CP_FOLLOW_MAX_MAGNITUDE 1e140

typedef struct cp_follow_options { /* all zero = the defaults */
    double   response; /* seconds: the lag of a target moving at constant velocity (0: 0.5) */
    unsigned order;    /* 0 or 3: C2 rotation; 1 (exponential smoothing, C0 with a jumping
                          target) and 2 (C1) are there for comparison */
} cp_follow_options;

typedef struct cp_follow { /* filled by cp_follow_begin; the members may be read */
    const cp_path *path;         /* a look-at path (not owned) */
    double         response;     /* seconds */
    unsigned       order;        /* 1, 2 or 3 */
    bool           fed;          /* a target has been given */
    double         time;         /* path time of the filter's state (the last target's time) */
    double         stage[3][3];  /* the lags' outputs, stage[order - 1] the point looked at */
    cp_vec3        input;        /* what the filter is fed from `time` on: input + lead (t - time) */
    cp_vec3        lead;         /* the target's velocity given (0 if none) */
    double         engage_time, engage;   /* the blend to the live target: start, seconds
                                             (start INFINITY: not engaged) */
    double         release_time, release; /* the blend back: the same (INFINITY: not released) */
} cp_follow;

/* Starts following on a look-at path (CP_ORIENTATION_LOOK_AT; any other,
 * or options out of range, is an error naming it, and `f` is untouched).
 * Until the first target the filter looks where the path's keys look.
 * CP_OK or a cp_status. */
CP_API cp_status cp_follow_begin(cp_follow *f, const cp_path *path, const cp_follow_options *options,
                                 cp_error *error);

/* The target at path time `time` (not before the last one's): its position
 * in metres and, if not NULL, its velocity in m/s (then fed forward: no lag
 * at constant velocity). The first target starts the filter from the
 * keyed target at `time`, moving as it moves (so nothing jumps there).
 * A non-finite or too large value, or a time going back, is an error
 * naming it, and `f` is unchanged. CP_OK or a cp_status. */
CP_API cp_status cp_follow_target(cp_follow *f, double time, cp_vec3 position, const cp_vec3 *velocity,
                                  cp_error *error);

/* Schedules the blend from the keyed view to the live one: from path time
 * `time`, over `blend` seconds (0: a cut; else CP_HANDOFF_MIN_BLEND to
 * CP_HANDOFF_MAX_BLEND). Again, it moves the blend. CP_OK or a cp_status. */
CP_API cp_status cp_follow_engage(cp_follow *f, double time, double blend, cp_error *error);

/* Schedules the blend back to the keyed view, as cp_follow_engage. */
CP_API cp_status cp_follow_release(cp_follow *f, double time, double blend, cp_error *error);

/* The point looked at by the live view at path time `time` (not before the
 * last target's): out[0] the position, out[1] its velocity, out[2] its
 * acceleration. Before any target, the keyed target's. CP_OK or a
 * cp_status (then out is untouched). */
CP_API cp_status cp_follow_point(const cp_follow *f, double time, cp_vec3 out[3], cp_error *error);

/* The camera at path time `time` (not before the last target's), with its
 * derivatives: the path's pose, its rotation blended from the keyed view
 * to the one looking at the filtered point while engaged. Position, focus
 * and aperture are the path's, and so is the fov, but in a dolly zoom
 * (cp_path_options.dolly_zoom), whose fov follows the distance to the
 * filtered point. CP_OK or a cp_status (then *out is untouched). */
CP_API cp_status cp_follow_sample(const cp_follow *f, double time, cp_pose *out, cp_error *error);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_FOLLOW_H */

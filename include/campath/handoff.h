/* SPDX-License-Identifier: MIT */
/* campath/handoff.h - hand-off between a live camera and a path: start a
 * cut-scene from wherever the player's camera is and join the path, then
 * return to the player's camera as it keeps moving, C2 at both ends of each
 * blend (position, rotation and fov, with their first and second derivatives).
 *
 * Quick start (game time `now` in seconds; the player's camera as a cp_pose
 * with its velocity and acceleration, zero if the game does not know them):
 *
 *     cp_handoff h;
 *     cp_handoff_begin(&h, path, cp_path_start(path), &player, 1.0, &err);  // 1 s into the path
 *     ...each frame:
 *     if (now >= end_of_scene && !leaving) { cp_handoff_leave(&h, now, 1.5, &err); leaving = 1; }
 *     cp_handoff_sample(&h, now, &player, &camera, &err);                   // render from `camera`
 *     if (cp_handoff_done(&h, now)) ...the player's camera is back in charge
 *
 * How (docs/math.md, "Hand-off"): a blend mixes two moving cameras a(t) and
 * b(t) with the quintic smoothstep s(u) = 10u^3 - 15u^4 + 6u^5 of
 * u = (t - start) / duration, whose first and second derivatives vanish at
 * both ends: position and fov as a + s (b - a), rotation the same in R^4
 * (b's quaternion taken in a's hemisphere) normalised, with every derivative
 * carried through exactly. Entering, a(t) is the live pose at the start
 * extrapolated with its velocity and acceleration; leaving, b(t) is the live
 * camera as given each frame. So the result is as smooth as the two signals:
 * C2 when they are.
 *
 * The quaternion keeps its hemisphere: a blend starts as a and ends as b,
 * sign included (it takes the hemisphere of the heavier signal, b's from
 * the blend's middle on); entering, the scene is shown in the hemisphere
 * the blend arrives in (h->sign), so from the live camera's quaternion
 * through the scene nothing flips. Leaving must end as the game's own
 * quaternion: if that comes back in the other hemisphere, the sign changes
 * once, halfway through the blend back.
 *
 * Focus and aperture (0: none) are mixed where both cameras have them; where
 * only one has them, its value is kept for the whole blend, and "none"
 * begins (or ends) exactly at the blend's end (or start) at the camera
 * without them: a renderer sees depth of field switch there, as at a cut.
 * Give both cameras a focus to blend it.
 *
 * Limits: while the two rotations are nearly a half turn apart the blend may
 * turn either way, and where they pass exactly a half turn apart mid-blend
 * the way flips (no blend of rotations can avoid that); an extrapolated fov
 * that changes fast may leave (0, 180) during a long entering blend; an
 * open path holds its end pose (at rest) outside its key range, so a blend
 * that spans the path's end is only as smooth as the path's end (C1 with
 * "rest" ends, C0 otherwise): leave so that the blend is over by the end.
 *
 * Memory: nothing is allocated; a cp_handoff is a plain struct that refers to
 * the path (which must outlive it).
 */
#ifndef CAMPATH_HANDOFF_H
#define CAMPATH_HANDOFF_H

#include "common.h"
#include "math.h"
#include "path.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the building blocks ---------------------------------------------------------
 * Pure math on poses for other compositions: they do not check their input
 * (finite numbers, unit rotations); cp_handoff_begin and cp_handoff_sample do. */

/* The pose `pose` would have at `time` (seconds; pose->time is now) if it
 * kept its velocity and acceleration: position and fov to second order, the
 * rotation turned by the rotation vector w dt + a dt^2 / 2 (w, a the angular
 * velocity and acceleration, dt = time - pose->time), with exact
 * derivatives. focus and aperture stay. */
CP_API void cp_pose_extrapolate(const cp_pose *pose, double time, cp_pose *out);

/* Mixes two camera signals sampled at the same time (a->time) by a weight
 * w(t), given with its first and second time derivatives w1, w2: the
 * result is a + w (b - a) in position and fov, the same in R^4 for the
 * rotation (normalised), with derivatives by the product rule; focus and
 * aperture the same when both have them, else whichever has them (0: none).
 * The rotation is in a's hemisphere while w < 1/2 and in b's from 1/2 on,
 * so a weight from 0 to 1 starts as a and ends as b, sign included.
 * out->time is a->time. Any weight works; cp_pose_blend uses the one that is C2. */
CP_API void cp_pose_mix(const cp_pose *a, const cp_pose *b, double w, double w1, double w2, cp_pose *out);

/* The C2 blend from signal a to signal b (both sampled at a->time) that
 * starts at `start` and lasts `duration` seconds (0: a cut at `start`):
 * cp_pose_mix with the quintic smoothstep, a before the blend, b after it. */
CP_API void cp_pose_blend(const cp_pose *a, const cp_pose *b, double start, double duration, cp_pose *out);

/* ---- a cut-scene between live cameras ------------------------------------------------ */

/* The shortest and the longest blend, in seconds (0, a cut, is also
 * accepted): shorter, the blend's derivatives (1 / T, 1 / T^2) overflow, and
 * no display could show it; longer, the live camera carried on over the
 * blend leaves any scene, and its square (a dt^2 / 2) heads for overflow. */
#define CP_HANDOFF_MIN_BLEND 1e-6
#define CP_HANDOFF_MAX_BLEND 1e6

typedef struct cp_handoff {   /* filled by cp_handoff_begin; the members may be read */
    const cp_path *path;       /* the cut-scene (not owned) */
    double         path_time;  /* path time shown at game time from.time; it then runs with the game's clock */
    cp_pose        from;       /* the live camera when the hand-off began; from.time is that game time */
    double         enter;      /* seconds of the blend from `from` into the path (0: a cut) */
    double         leave_time; /* game time the blend back to the live camera begins; INFINITY until
                                  cp_handoff_leave */
    double         leave;      /* seconds of that blend */
    double         sign;       /* 1, or -1 when the entering blend arrives at the path's -q: the
                                  scene is shown in that hemisphere (the quaternion never flips) */
} cp_handoff;

/* Starts a hand-off at game time from->time: the camera leaves the live pose
 * `from` (position, rotation, fov and their velocities; accelerations zero
 * if unknown) and has joined `path`, played from `path_time`, after `blend`
 * seconds (0: a cut, else CP_HANDOFF_MIN_BLEND to CP_HANDOFF_MAX_BLEND).
 * A non-finite value, a zero rotation, a fov out of (0, 180), a negative
 * focus or aperture (0: none) or a blend outside that range is an error
 * naming it ("from.fov: ...", "blend: ..."), and `h` is left untouched.
 * CP_OK or a cp_status. */
CP_API cp_status cp_handoff_begin(cp_handoff *h, const cp_path *path, double path_time, const cp_pose *from,
                                  double blend, cp_error *error);

/* Schedules the way back: from game time `time` (not before the hand-off
 * began) the camera blends over `blend` seconds (0, or CP_HANDOFF_MIN_BLEND
 * to CP_HANDOFF_MAX_BLEND) into the live camera that cp_handoff_sample is
 * given. Calling it again moves the way back. CP_OK or a cp_status (then
 * `h` is unchanged). */
CP_API cp_status cp_handoff_leave(cp_handoff *h, double time, double blend, cp_error *error);

/* The camera at game time `time`, with its derivatives, in *out. `live` is
 * the live camera at `time` (its pose, velocity and acceleration; live->time
 * is not read); it is needed from the leave time on and may be NULL before.
 * An invalid `live` or time is an error and *out is untouched; so is a
 * pose that leaves the range of a double (a live camera so fast that,
 * carried on with its velocity and acceleration, it overflows), never NaN.
 * CP_OK or a cp_status. */
CP_API cp_status cp_handoff_sample(const cp_handoff *h, double time, const cp_pose *live, cp_pose *out,
                                   cp_error *error);

/* True once the way back is over at `time`: the camera is the live one. */
CP_API bool cp_handoff_done(const cp_handoff *h, double time);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_HANDOFF_H */

/* SPDX-License-Identifier: MIT */
/* campath/shake.h - a hand-held shake layered on a path's poses (and per
 * shot on a sequence's): C2 noise on position, rotation and field of view,
 * the same bits on every platform and compiler, with its derivatives in
 * every pose (docs/math.md, "Shake").
 *
 *     cp_path_options opts = {0};
 *     opts.shake = (cp_shake){.seed = 7, .position = {0.02, 1.5}, .rotation = {0.4, 2.0}};
 *     cp_path *path = cp_path_create(keys, n, &opts, &err);
 *     cp_path_sample(path, t, &pose);                 // shaken, derivatives included
 *     cp_path_sample_unshaken(path, t, 0, &pose);     // the path without the layer
 *
 * A key's `shake_scale` (with CP_KEY_SHAKE_SCALE in its flags; 1 without)
 * multiplies the layer: a C2 channel over time, so shake swells and dies away.
 */
#ifndef CAMPATH_SHAKE_H
#define CAMPATH_SHAKE_H

#include <stdint.h>

#include "common.h"

struct cp_pose; /* campath/path.h */

#ifdef __cplusplus
extern "C" {
#endif

/* The limits of a shake (docs/format.md's limits table): amplitudes are
 * >= 0 and at most these; a frequency is > 0 and at most
 * CP_SHAKE_MAX_FREQUENCY Hz where its amplitude is not 0 (0 there: none). */
#define CP_SHAKE_MAX_POSITION 1000.0 /* metres */
#define CP_SHAKE_MAX_ROTATION 45.0   /* degrees */
#define CP_SHAKE_MAX_FOV 45.0        /* degrees */
#define CP_SHAKE_MAX_FREQUENCY 1000.0 /* Hz */
/* A key's shake_scale is within [0, CP_SHAKE_MAX_SCALE]. */
#define CP_SHAKE_MAX_SCALE 1000.0

/* One noise: an amplitude (metres or degrees; 0 = none) and the frequency
 * in Hz above which it has (almost) no energy (docs/math.md, "Shake"). */
typedef struct cp_shake_band {
    double amplitude, frequency;
} cp_shake_band;

/* A shake layer; all zero = none. */
typedef struct cp_shake {
    uint32_t      seed;      /* picks the noise: the same seed, the same shake */
    cp_shake_band position;  /* metres, world axes, each axis its own noise */
    cp_shake_band rotation;  /* degrees about the camera's own x, y, z axes (pitch, yaw, roll) */
    cp_shake_band fov;       /* degrees added to the field of view */
} cp_shake;

/* Whether the layer moves anything (an amplitude not 0). */
CP_API bool cp_shake_active(const cp_shake *shake);

/* The noise behind the layer: stream `stream` of `seed` at x (lattice
 * units), in [-1, 1]; d[0] and d[1] (if d is not NULL) get its first and
 * second derivative in x. C2 everywhere, the same bits on every platform
 * (integer hashing, a quintic fade; no libm call but floor). */
CP_API double cp_shake_noise(uint32_t seed, uint32_t stream, double x, double d[2]);

/* Adds the layer to `pose` at `time` (seconds: the noise's clock), scaled by
 * scale[0] with its first and second time derivatives scale[1], scale[2]:
 * position, velocity and acceleration; rotation (composed on the camera's
 * side), angular velocity and acceleration; fov and its rates. A scale of
 * exactly (0, 0, 0) leaves the pose untouched. */
CP_API void cp_shake_apply(const cp_shake *shake, double time, const double scale[3], struct cp_pose *pose);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_SHAKE_H */

/* SPDX-License-Identifier: MIT */
/* campath/campath.h - everything in one include.
 *
 * campath builds smooth camera paths: position and orientation curves whose
 * velocity and acceleration are continuous at every key (C2), sampled as
 * poses with derivatives, stored as JSON resources that running game code
 * reloads as soon as they change.
 *
 * Conventions, everywhere in the API and in files:
 *   - seconds, metres, doubles;
 *   - right-handed, +Y up; a camera looks down its local -Z with +Y up
 *     (the glTF camera convention);
 *   - quaternions are (x, y, z, w), w the scalar part;
 *   - field of view is vertical, in degrees;
 *   - key times strictly increase; an open path holds its end pose outside
 *     its key range, a closed path wraps;
 *   - a function that can fail returns a cp_status (CP_OK, 0, on success)
 *     or a pointer (NULL on failure) and fills an optional cp_error; a
 *     predicate returns bool; a count returns size_t;
 *   - memory comes from the C library unless the options of the object or
 *     call give a cp_allocator (common.h); there is no global state.
 *
 * Layers, each using only those above it in this list:
 *   campath/common.h  errors, version, cp_allocator
 *   campath/math.h    cp_vec3, cp_quat
 *   campath/curve.h   keyframe curves and tangent builders
 *   campath/path.h    camera paths and pose sampling
 *   campath/handoff.h C2 blends between a live camera and a path
 *   campath/follow.h  live targets: a look-at path following a moving point
 *   campath/sequence.h shots of paths with cuts and C2 blends (files: json layer)
 *   campath/json.h    path files: load, validate, save
 *   campath/reload.h  path resources with hot reload
 *   campath/record.h  a recorder: live camera poses to a path file
 *   campath/gltf.h    glTF 2.0 camera animation export and import
 *   campath/link.h    the live link to the editor: paths, playhead, hand-off, camera
 *
 * Link with `pkg-config --cflags --libs campath`, or build/libcampath.a
 * plus -lcjson -lm.
 */
#ifndef CAMPATH_CAMPATH_H
#define CAMPATH_CAMPATH_H

#include "common.h"
#include "math.h"
#include "curve.h"
#include "shake.h"
#include "path.h"
#include "handoff.h"
#include "follow.h"
#include "sequence.h"
#include "json.h"
#include "reload.h"
#include "record.h"
#include "gltf.h"
#include "link.h"

#endif /* CAMPATH_CAMPATH_H */

/* SPDX-License-Identifier: MIT */
/* editor/cli/scene_anim.h - what editor/cli/scene.c computes a camera's world
 * pose with: affine transforms in doubles, and a node's transform at a time
 * by assimp's rule for its animation channel (docs/cli.md, import-scene):
 * translation and scaling linear between keys, rotation spherical linear
 * the shorter way round, each kind of key held before its first key and
 * after its last; a kind the channel has no key of, and a node without a
 * channel, keep the node's own transform. Built with assimp only
 * (CAMPATH_WITH_ASSIMP). */
#ifndef CAMPATH_CLI_SCENE_ANIM_H
#define CAMPATH_CLI_SCENE_ANIM_H

#include <assimp/scene.h>

#include "campath/campath.h"

/* An affine transform, row-major like aiMatrix4x4 (column 3 the translation). */
typedef struct cli_affine {
    double m[3][4];
} cli_affine;

cli_affine cli_affine_identity(void);
/* a * b: b applied first. */
cli_affine cli_affine_mul(const cli_affine *a, const cli_affine *b);
/* The linear part of `a` applied to `v` (a direction: no translation). */
cp_vec3 cli_affine_linear(const cli_affine *a, cp_vec3 v);

/* The unit quaternion of the rotation matrix whose columns are c0, c1, c2. */
cp_quat cli_quat_from_columns(cp_vec3 c0, cp_vec3 c1, cp_vec3 c2);

/* `node`'s transform at `ticks` with its channel `channel` (NULL: none):
 * translation * rotation * scaling, as assimp composes them. The channel's
 * keys must have increasing times. */
cli_affine cli_anim_local(const struct aiNode *node, const struct aiNodeAnim *channel, double ticks);

#endif /* CAMPATH_CLI_SCENE_ANIM_H */

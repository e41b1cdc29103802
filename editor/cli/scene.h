/* SPDX-License-Identifier: MIT */
/* editor/cli/scene.h - a camera's animation read from a scene file through
 * assimp, as campath keys (`campath import-scene`, docs/cli.md).
 *
 * The keys are the camera's world pose in campath's convention (right-handed,
 * +Y up, metres, the camera looking down its local -Z) at every time at which
 * a channel of its node or of a node above it has a key, and its vertical
 * field of view in degrees. Built with assimp on Linux (the Makefile defines
 * CAMPATH_WITH_ASSIMP); elsewhere (the Windows build, CMake's) reading says
 * that it is not available in this build. */
#ifndef CAMPATH_CLI_SCENE_H
#define CAMPATH_CLI_SCENE_H

#include <stddef.h>

#include "campath/campath.h"

typedef struct cli_scene_shot {
    cp_key *keys;            /* count keys (malloc'd): time, position, rotation, fov */
    size_t  count;
    char    camera[256];     /* the camera's name */
    char    notes[1024];     /* what was assumed or left aside, "; "-separated, or "" */
} cli_scene_shot;

enum {
    CLI_SCENE_OK = 0,
    CLI_SCENE_FAILED = -1,       /* err says why: "FILE: ..." */
    CLI_SCENE_UNAVAILABLE = -2   /* this build has no scene importer */
};

/* Reads the animation of camera `camera` (NULL: the file's only camera)
 * from `file`. CLI_SCENE_OK and `shot` filled (free it with
 * cli_scene_shot_free), or another CLI_SCENE_* with the reason in err and
 * `shot` empty. */
int cli_scene_read(const char *file, const char *camera, cli_scene_shot *shot, char *err, size_t err_size);

void cli_scene_shot_free(cli_scene_shot *shot);

#endif /* CAMPATH_CLI_SCENE_H */

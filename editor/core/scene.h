/* SPDX-License-Identifier: MIT */
/* editor/core/scene.h - the world the editor flies through: the demo town
 * (demo.h) or the user's scene, loaded on a thread of its own (loader.h)
 * while the previous world stays; its triangles indexed for rays and
 * distances (bvh.h); and the clearance check of the path against them
 * (clearance.h).
 *
 * The scene part knows the path only as a cp_path handed to it; the
 * commands (app.h) tie a loaded scene to the document and the camera.
 */
#ifndef ED_SCENE_H
#define ED_SCENE_H

#include <stddef.h>

#include "base.h"
#include "bvh.h"
#include "campath/campath.h"
#include "clearance.h"
#include "import.h"
#include "loader.h"
#include "world.h"

#define ED_CLEARANCE_MIN 0.001           /* metres: the range of the clearance setting */
#define ED_CLEARANCE_MAX 100.0
#define ED_TARGET_REACH 1000.0           /* metres: how far along a view the world is searched */

typedef struct ed_scene {
    ed_world          world;
    unsigned long     world_serial;      /* +1 every time `world` is replaced (for caches) */
    char             *file;              /* the scene file the world came from, as loaded (NULL: the demo) */
    ed_import_options options;           /* how scenes load (axes, scale) */
    ed_loader        *loader;            /* a scene being loaded, or NULL; the previous world stays meanwhile */
    int               remember;          /* the scene being loaded goes into the document's "scene" member */
    ed_bvh            bvh;               /* the world's triangles, built on demand */
    unsigned long     bvh_serial;        /* the world_serial it was built for (0: none) */
    ed_clearance      clearance;         /* the last check */
    double            radius;            /* the clearance setting, metres */
    unsigned long     checked_path, checked_world; /* the serials the check was made for */
    double            checked_radius;
    int               checked;           /* 0: no check made yet */
} ed_scene;

/* The demo town, the default clearance. 0, or -1 if out of memory (the world is then empty). */
int ed_scene_init(ed_scene *s);
void ed_scene_free(ed_scene *s);

/* The demo town again (no scene). 0, or -1 if out of memory. */
int ed_scene_use_demo(ed_scene *s);
/* Starts loading `file` with s->options; the previous world
 * stays until it has loaded, and stays for good if it fails. `remember` is
 * kept for the command that takes the result. -1 (with a message) if a load
 * is already running or cannot start. */
int ed_scene_load(ed_scene *s, ed_base *b, const char *file, int remember);
/* Installs the world once the load has finished, or reports its failure:
 * 1 when a load finished now with success, -1 when it failed, 0 otherwise. */
int ed_scene_poll(ed_scene *s, ed_base *b);
/* Waits for the load in progress, calling report(ctx, line) about twice a
 * second with a progress line; when report returns non-zero the load is
 * cancelled (loader.h) and the wait ends. 0 when the world loaded or
 * nothing was loading, -1 when the load failed or was interrupted (the
 * reason in b->message). With `loaded`, *loaded says whether a world was
 * installed. */
int ed_scene_wait(ed_scene *s, ed_base *b, int (*report)(void *ctx, const char *line), void *ctx, int *loaded);

/* How far to look along a view from `position` (rotation: the camera's):
 * the first surface of the world within ED_TARGET_REACH, else `fallback`. */
double ed_scene_view_distance(ed_scene *s, cp_vec3 position, cp_quat rotation, double fallback);

/* Checks the path (NULL: none, nothing found) against the world when the path (its
 * serial), the world or the clearance changed since the last check. 0, or
 * -1 if out of memory. */
int ed_scene_check(ed_scene *s, const cp_path *path, unsigned long path_serial);
/* The check of the path with serial `path_serial`, when it is current (NULL otherwise). */
const ed_clearance *ed_scene_clearance(const ed_scene *s, unsigned long path_serial);
/* Sets the clearance in metres (ED_CLEARANCE_MIN..ED_CLEARANCE_MAX). */
int ed_scene_set_radius(ed_scene *s, ed_base *b, double metres);
/* Moves the playhead to the start of the next clearance problem of `path`
 * after it (round to the first), with a message naming it. -1 if there is none. */
int ed_scene_next_problem(ed_scene *s, ed_base *b, const cp_path *path, unsigned long path_serial);

#endif /* ED_SCENE_H */

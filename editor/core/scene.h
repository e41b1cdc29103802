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
#include "hidden.h"
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
    unsigned long     hidden_serial;     /* +1 every time the hidden meshes change */
    unsigned long     bvh_hidden;        /* the hidden_serial it was built for */
    size_t            hidden_meshes;     /* meshes hidden now */
    ed_hidden         hidden;            /* the names they were hidden by */
    unsigned long     hidden_world;      /* the world_serial they were hidden in */
    ed_clearance      clearance;         /* the last check */
    double            radius;            /* the clearance setting, metres */
    unsigned long     checked_path, checked_world, checked_hidden; /* the serials the check was made for */
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

/* Hides the world's meshes placed by a node named in `h` (moved in: *h is
 * emptied) or by one of its descendants, from the view and the clearance
 * check, and shows the others; nothing is done when the names and the world
 * are those of the last call. A name that no node of the world has is
 * reported (the demo town has none). Returns the number of meshes hidden. */
size_t ed_scene_set_hidden(ed_scene *s, ed_base *b, ed_hidden *h);
/* The mesh that the ray from `from` along `dir` meets first (hidden ones
 * left out), or -1; *distance (if not NULL) gets how far. */
long ed_scene_pick_mesh(const ed_scene *s, cp_vec3 from, cp_vec3 dir, double *distance);
/* The name by which mesh i can be hidden: its node's, or the nearest
 * ancestor's with a name. NULL when none has one. */
const char *ed_scene_mesh_name(const ed_scene *s, size_t i);

/* How far to look along a view from `position` (rotation: the camera's):
 * the first surface of the world within ED_TARGET_REACH, else `fallback`. */
double ed_scene_view_distance(ed_scene *s, cp_vec3 position, cp_quat rotation, double fallback);

/* Checks the path (NULL: none, nothing found) against the world when the path (its
 * serial), the world or the clearance changed since the last check. 0, or
 * -1 if out of memory. */
int ed_scene_check(ed_scene *s, const cp_path *path, unsigned long path_serial);
/* The same when `path` may be the one last checked changed only in `span`
 * (seconds; NULL: anywhere): when the check is of that path (its serial
 * s->checked_path), with the same world and clearance, only the span is
 * checked again (ed_clearance_update). */
int ed_scene_check_update(ed_scene *s, const cp_path *path, unsigned long path_serial, const double span[2]);
/* The check of the path with serial `path_serial`, when it is current (NULL otherwise). */
const ed_clearance *ed_scene_clearance(const ed_scene *s, unsigned long path_serial);
/* Sets the clearance in metres (ED_CLEARANCE_MIN..ED_CLEARANCE_MAX). */
int ed_scene_set_radius(ed_scene *s, ed_base *b, double metres);
/* Moves the playhead to the start of the next clearance problem of `path`
 * after it (round to the first), with a message naming it. -1 if there is none. */
int ed_scene_next_problem(ed_scene *s, ed_base *b, const cp_path *path, unsigned long path_serial);

#endif /* ED_SCENE_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/import.h - the user's scene as the editor's world: any format
 * assimp reads (glTF 2.0 .gltf and .glb first; OBJ, FBX, COLLADA, IFC...)
 * into plain meshes and materials (world.h).
 *
 * Node transforms are applied (each mesh instance becomes a mesh in world
 * space); base colours and base-colour textures are kept (a texture as its
 * file or as the bytes the scene embeds). Units and axes are glTF's (metres,
 * +Y up); options turn a Z-up source and scale it.
 *
 * The importer reads only regular files inside the scene file's own folder
 * (buffers, textures, material libraries): a reference that leaves it, a
 * device or a FIFO is not opened, and the message says which.
 *
 * A scene has a budget (docs/editor.md, "Scene limits"): the limits below
 * and world.h's. What a glTF file asks for is counted before assimp reads
 * it (scan.h), what any scene holds before the editor copies it, and every
 * texture's size is read from its header before anything decodes it
 * (image.h); over a limit the scene is refused with a message naming it.
 * An import that runs past ED_IMPORT_MAX_SECONDS, or is cancelled, stops at
 * the next file it reads or mesh it converts.
 */
#ifndef ED_IMPORT_H
#define ED_IMPORT_H

#include <stdatomic.h>
#include <stddef.h>

#include "world.h"

#define ED_IMPORT_MAX_NODES 200000u                      /* node instances: a node under several parents once for each */
#define ED_IMPORT_MAX_DEPTH 1000                         /* levels of the node tree */
#define ED_IMPORT_MAX_JSON_BYTES (64u * 1024u * 1024u)   /* a glTF's JSON */
#define ED_IMPORT_MAX_JSON_VALUES 8000000u               /* values in a glTF's JSON */
#define ED_IMPORT_MAX_UNBACKED_BYTES (256u * 1024u * 1024u) /* accessor data in no file (sparse, zeros) */
#define ED_IMPORT_MAX_SECONDS 120.0                      /* wall clock, reading and converting */

/* Zeroed options are the defaults: +Y up, scale 1. */
typedef struct ed_import_options {
    int    z_up;     /* the source has +Z up: turn it so that +Z becomes +Y */
    double scale;    /* metres per source unit; 0 means 1 */
    double max_seconds; /* how long the import may take; 0 means ED_IMPORT_MAX_SECONDS */
} ed_import_options;

/* How far an import has come, updated while it runs (from another thread:
 * hence atomics). Zero it before the import. */
typedef enum ed_import_stage { ED_IMPORT_READING = 0, ED_IMPORT_CONVERTING, ED_IMPORT_DONE } ed_import_stage;
typedef struct ed_import_progress {
    atomic_llong read;          /* bytes read from the scene's files so far (a file may be read twice) */
    atomic_llong total;         /* bytes of the scene file itself */
    atomic_int   stage;         /* ed_import_stage */
    atomic_llong meshes_done, meshes_total;
    atomic_int   cancel;        /* set from another thread: the import stops as soon as it looks */
} ed_import_progress;

/* Loads `file` into `world` (initialised here). 0, or -1 with "FILE: reason"
 * in err (the importer's own reason when it has one); on failure the world
 * is left empty. `progress` may be NULL. Options may be NULL. */
int ed_import_world(ed_world *world, const char *file, const ed_import_options *options,
                    ed_import_progress *progress, char *err, size_t err_size);

/* Only the importer's own part of ed_import_world (assimp reading the file
 * with the same settings, nothing kept): the benchmark's baseline. 0, or -1
 * with the importer's reason. */
int ed_import_baseline(const char *file, const ed_import_options *options, char *err, size_t err_size);

#endif /* ED_IMPORT_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/scan.h - a glTF scene looked through before assimp reads it.
 *
 * A glTF file of a few hundred bytes can ask for far more than it holds:
 * nodes that instance each other (a node under two parents, each under two
 * more...) expand to millions of copies when assimp builds its node tree; a
 * chain of nodes thousands of levels deep runs assimp's recursion out of
 * stack; a GLB chunk that says it holds 4 GB is allocated before anything
 * checks it; a sparse accessor describes data that is in no file. assimp
 * does these things before the editor sees a node, so the file is read here
 * first (the JSON with cJSON, the GLB's header and chunks as the glTF 2.0
 * specification lays them out) and refused when what it asks for is over
 * the limits of import.h and world.h, with a message naming the limit.
 *
 * glTF 2.0 and 1.0, as JSON text or as binary GLB (versions 2 and 1); any
 * other file is left to assimp.
 */
#ifndef ED_SCAN_H
#define ED_SCAN_H

#include <stddef.h>

/* What a glTF file asks for. Counts are doubles: a bomb's are astronomic. */
typedef struct ed_scan_counts {
    int    gltf;              /* 1 when the file is glTF (and was looked through) */
    double nodes;             /* node instances placed: a node under several parents once for each */
    double depth;             /* levels of the deepest branch */
    double meshes;            /* mesh instances placed (one per primitive, as assimp splits them) */
    double triangles;         /* triangles placed (what the world will hold) */
    double vertices;          /* vertices placed */
    double stored_meshes;     /* primitives in the file, each once (what assimp holds) */
    double stored_triangles, stored_vertices;  /* morph targets' vertices included */
    double unbacked_bytes;    /* accessor data in no file: accessors without a bufferView */
} ed_scan_counts;

/* Looks through `file` when it is glTF. 0 when it is within the limits or
 * not glTF (counts->gltf = 0); -1 with "FILE: reason" in err when it is
 * over a limit or is glTF that does not read (a GLB whose header or chunks
 * do not fit the file, JSON that does not parse, a node among its own
 * descendants). `counts` may be NULL. */
int ed_scan_gltf(const char *file, ed_scan_counts *counts, char *err, size_t err_size);

#endif /* ED_SCAN_H */

/* editor/core/scene.h - the demo world to fly through: a ground with a grid, a
 * tall pillar to circle, a stone bridge with an arch to fly under, a tall
 * building at the far end, and a few landmarks (trees, a pyramid, houses, a
 * mast).
 *
 * The world is built of convex solids so that the renderer can draw them
 * back to front with back-face culling and no depth buffer. Colours are lit
 * once here (a fixed sun), so drawing a frame costs no lighting.
 *
 * Layout (metres, +Y up): the pillar stands at the origin; the bridge crosses
 * the Z axis at z = -70 with its arch around x = 0 (9 m radius); the building
 * faces the pillar at z = -150.
 */
#ifndef ED_SCENE_H
#define ED_SCENE_H

#include <stddef.h>

#include "campath/math.h"

typedef struct ed_rgba {
    unsigned char r, g, b, a;
} ed_rgba;

typedef struct ed_tri {
    cp_vec3 v[3];        /* counter-clockwise seen from the outside */
    cp_vec3 normal;      /* outward unit normal */
    ed_rgba color;       /* lit */
} ed_tri;

typedef struct ed_solid {
    size_t  first, count;   /* triangles tris[first .. first + count) */
    cp_vec3 lo, hi;         /* bounding box */
    int     flat;           /* on the ground: drawn first, in order, before the grid */
} ed_solid;

typedef struct ed_line {
    cp_vec3 a, b;
    ed_rgba color;
} ed_line;

typedef struct ed_scene {
    ed_tri  *tris;
    size_t   tri_count, tri_cap;
    ed_solid *solids;
    size_t   solid_count, solid_cap;
    ed_line *lines;         /* the ground grid */
    size_t   line_count, line_cap;
    ed_rgba  sky;
} ed_scene;

/* The demo world. 0 on success, -1 if out of memory (the scene is then empty). */
int ed_scene_build_demo(ed_scene *scene);
void ed_scene_free(ed_scene *scene);

#endif /* ED_SCENE_H */

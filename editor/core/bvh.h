/* SPDX-License-Identifier: MIT */
/* editor/core/bvh.h - a bounding volume hierarchy over the world's triangles,
 * for the clearance check: the distance from a point to the nearest
 * triangle, and whether a segment crosses one. Built once per world in
 * O(n log n) (median splits); a query visits only the boxes near it, so a
 * million triangles stay interactive.
 */
#ifndef ED_BVH_H
#define ED_BVH_H

#include <stdatomic.h>
#include <stddef.h>

#include "world.h"

#define ED_BVH_LEAF 4   /* triangles per leaf, at most */

typedef struct ed_bvh_node {
    float    lo[3], hi[3];
    unsigned first, count;   /* a leaf: triangles first .. first + count; an inner node: count = 0 */
    unsigned right;          /* an inner node's second child (the first is the next node) */
} ed_bvh_node;

typedef struct ed_bvh {
    float       *tris;       /* 9 floats per triangle (three corners), in leaf order */
    size_t       tri_count;
    ed_bvh_node *nodes;
    size_t       node_count, node_cap;
} ed_bvh;

/* Builds the hierarchy of every triangle in the world. 0, or -1 if out of
 * memory (the bvh is then empty). An empty world gives an empty bvh. */
int ed_bvh_build(ed_bvh *b, const ed_world *w);
/* The same, given up (-1, the bvh empty) as soon as *stop is set. */
int ed_bvh_build_until(ed_bvh *b, const ed_world *w, const atomic_int *stop);
void ed_bvh_free(ed_bvh *b);

/* The distance in metres from p to the nearest triangle, if it is below
 * `limit`; otherwise `limit`. */
double ed_bvh_distance(const ed_bvh *b, cp_vec3 p, double limit);

/* Whether the segment from a to c crosses a triangle; *u (if not NULL) gets
 * the fraction of the way to the first crossing. */
int ed_bvh_segment(const ed_bvh *b, cp_vec3 a, cp_vec3 c, double *u);


/* Whether p is inside closed geometry: most of a few rays from p of length
 * `reach` cross the surface an odd number of times. (One open surface, a
 * lone wall, leaves no inside.) */
int ed_bvh_inside(const ed_bvh *b, cp_vec3 p, double reach);

/* The distance from p to the triangle (t0, t1, t2): the textbook closest
 * point by Voronoi regions (Ericson, Real-Time Collision Detection, 5.1.5). */
double ed_point_triangle_distance(cp_vec3 p, cp_vec3 t0, cp_vec3 t1, cp_vec3 t2);

#endif /* ED_BVH_H */

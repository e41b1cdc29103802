/* SPDX-License-Identifier: MIT */
/* editor/core/view.h - 3D to 2D: a camera's view transform, clipping at the near
 * plane (and at a guard band around the screen, so that projected
 * coordinates stay small enough for any rasteriser), projection of points,
 * segments and convex polygons, and picking of keys under the mouse.
 *
 * Camera space is the camera's local frame: +X right, +Y up, looking down -Z.
 * Screen space is pixels, +x right, +y down, inside a viewport rectangle.
 */
#ifndef ED_VIEW_H
#define ED_VIEW_H

#include <stddef.h>

#include "campath/path.h"
#include "selection.h"

#define ED_VIEW_NEAR 0.05        /* metres */
#define ED_VIEW_GUARD 2.0        /* the guard band, in viewport half-sizes from the centre */
#define ED_VIEW_MAX_POLY 16      /* vertices of a clipped convex polygon (3 + 5 planes, with room) */

typedef struct ed_view {
    cp_vec3 eye;
    double  m[3][3];            /* world -> camera rotation (rows: right, up, back) */
    double  focal;              /* pixels per unit of x / -z */
    double  x, y, w, h;         /* viewport */
    double  cx, cy;             /* its centre */
    double  gx, gy;             /* guard band slopes: |x| <= gx * -z */
} ed_view;

/* A view from a camera pose (fov vertical, degrees) into the viewport
 * (x, y, w, h) in pixels. */
void ed_view_init(ed_view *v, cp_vec3 eye, cp_quat rotation, double fov, double x, double y, double w, double h);

/* The view and projection as one OpenGL matrix (column-major), mapping the
 * viewport given to ed_view_init onto normalised device coordinates, with
 * depth from `near` to `far` metres: a point drawn with it lands on the
 * pixel ed_view_project gives. */
void ed_view_matrix(const ed_view *v, double near, double far, float out[16]);

/* A world point in camera space. */
static inline cp_vec3 ed_view_to_camera(const ed_view *v, cp_vec3 p)
{
    double dx = p.x - v->eye.x, dy = p.y - v->eye.y, dz = p.z - v->eye.z;
    return cp_vec3_make(v->m[0][0] * dx + v->m[0][1] * dy + v->m[0][2] * dz,
                        v->m[1][0] * dx + v->m[1][1] * dy + v->m[1][2] * dz,
                        v->m[2][0] * dx + v->m[2][1] * dy + v->m[2][2] * dz);
}

/* Which clip planes (bit 0 near, 1..4 the guard band sides) a camera-space
 * point is outside of; 0 = inside. */
unsigned ed_view_outcode(const ed_view *v, cp_vec3 c);

/* Projects a camera-space point in front of the near plane; returns 0 (and
 * leaves the outputs alone) for a point behind it. */
int ed_view_project(const ed_view *v, cp_vec3 c, float *sx, float *sy);

/* Clips the camera-space segment a-b to the view volume and projects it:
 * out = {x0, y0, x1, y1}. Returns 0 if nothing is left. */
int ed_view_clip_segment(const ed_view *v, cp_vec3 a, cp_vec3 b, float out[4]);

/* Clips a convex camera-space polygon of n (<= 8) vertices and projects it:
 * xy gets 2 * count floats (room for ED_VIEW_MAX_POLY vertices). Returns the
 * vertex count (0, or >= 3). */
int ed_view_clip_polygon(const ed_view *v, const cp_vec3 *c, int n, float *xy);

/* The index of the key whose position projects nearest to (px, py), within
 * `radius` pixels and in front of the camera; -1 if none. */
long ed_view_pick(const ed_view *v, const cp_key *keys, size_t count, double px, double py, double radius);

/* Flags sel->on[i] (a set for `count` keys) for every key in front of the
 * camera whose position projects inside the rectangle with corners (x0, y0)
 * and (x1, y1), in any order; with add, keys already flagged stay. 0, or -1
 * if out of memory. */
int ed_view_pick_rect(const ed_view *v, const cp_key *keys, size_t count, double x0, double y0, double x1, double y1,
                      int add, ed_sel *sel);

/* The world direction (unit) of the ray from the eye through pixel (px, py). */
cp_vec3 ed_view_ray(const ed_view *v, double px, double py);

#endif /* ED_VIEW_H */

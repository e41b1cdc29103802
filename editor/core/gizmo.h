/* SPDX-License-Identifier: MIT */
/* editor/core/gizmo.h - the move gizmo: three axis arrows and a square for
 * the camera's plane, drawn at the selected keys, a steady size on screen;
 * which part is under the mouse, and where a drag of it moves the keys.
 *
 * Pure math on an ed_view (no drawing): the renderer draws the parts where
 * ed_gizmo_place puts them, the input layer hit-tests and drags with the
 * same numbers, so a drag starts where the eye sees the handle.
 */
#ifndef ED_GIZMO_H
#define ED_GIZMO_H

#include "view.h"

#define ED_GIZMO_PIXELS 80.0   /* the axes' length on screen */
#define ED_GIZMO_GRAB 7.0      /* pixels: how near the mouse must be to an axis */
#define ED_GIZMO_SQUARE 9.0    /* pixels: half the side of the plane square */

typedef enum ed_gizmo_part {
    ED_GIZMO_NONE = 0,
    ED_GIZMO_X, ED_GIZMO_Y, ED_GIZMO_Z,   /* along the world axes */
    ED_GIZMO_PLANE                          /* in the plane facing the camera */
} ed_gizmo_part;

typedef struct ed_gizmo {
    int     visible;       /* the origin is in front of the camera */
    cp_vec3 origin;        /* world */
    double  length;        /* of the axes in metres (ED_GIZMO_PIXELS on screen) */
    float   ox, oy;        /* the origin on screen */
    float   ex[3], ey[3];  /* the axes' ends on screen (x, y, z) */
    int     end_visible[3];
} ed_gizmo;

/* Places the gizmo at `origin` for the view. */
void ed_gizmo_place(ed_gizmo *g, const ed_view *v, cp_vec3 origin);

/* The part under pixel (px, py): the square first, then the nearest axis. */
ed_gizmo_part ed_gizmo_hit(const ed_gizmo *g, double px, double py);

/* How far a drag of `part` from pixel (x0, y0) to (x1, y1) moves the keys,
 * in metres (world): along the axis (the point of the axis nearest the
 * mouse ray), or in the plane through the origin facing the camera. Zero
 * where the ray runs along the axis or the plane. */
cp_vec3 ed_gizmo_drag(const ed_gizmo *g, const ed_view *v, ed_gizmo_part part, double x0, double y0, double x1,
                      double y1);

#endif /* ED_GIZMO_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/gizmo.c - the move gizmo's place, hit test and drag. */
#include "gizmo.h"

#include <math.h>

static cp_vec3 axis(int i) { return cp_vec3_make(i == 0, i == 1, i == 2); }

void ed_gizmo_place(ed_gizmo *g, const ed_view *v, cp_vec3 origin)
{
    g->origin = origin;
    cp_vec3 c = ed_view_to_camera(v, origin);
    g->visible = ed_view_project(v, c, &g->ox, &g->oy) && -c.z > 2 * ED_VIEW_NEAR;
    /* a steady size on screen: ED_GIZMO_PIXELS at the origin's depth */
    g->length = ED_GIZMO_PIXELS * fmax(-c.z, ED_VIEW_NEAR) / v->focal;
    for (int i = 0; i < 3; i++) {
        g->ex[i] = g->ox, g->ey[i] = g->oy;
        cp_vec3 e = ed_view_to_camera(v, cp_vec3_add(origin, cp_vec3_scale(axis(i), g->length)));
        g->end_visible[i] = g->visible && ed_view_project(v, e, &g->ex[i], &g->ey[i]);
    }
}

/* The distance from (px, py) to the segment a-b, in pixels. */
static double segment_distance(double px, double py, double ax, double ay, double bx, double by)
{
    double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
    double u = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    double qx = ax + u * dx - px, qy = ay + u * dy - py;
    return sqrt(qx * qx + qy * qy);
}

ed_gizmo_part ed_gizmo_hit(const ed_gizmo *g, double px, double py)
{
    if (!g->visible)
        return ED_GIZMO_NONE;
    if (fabs(px - g->ox) <= ED_GIZMO_SQUARE && fabs(py - g->oy) <= ED_GIZMO_SQUARE)
        return ED_GIZMO_PLANE;
    ed_gizmo_part best = ED_GIZMO_NONE;
    double best_d = ED_GIZMO_GRAB;
    for (int i = 0; i < 3; i++) {
        /* an axis seen end on is a dot: it cannot be dragged along */
        double sl = hypot(g->ex[i] - g->ox, g->ey[i] - g->oy);
        if (!g->end_visible[i] || sl < 12.0)
            continue;
        double d = segment_distance(px, py, g->ox, g->oy, g->ex[i], g->ey[i]);
        if (d <= best_d) {
            best_d = d;
            best = (ed_gizmo_part)(ED_GIZMO_X + i);
        }
    }
    return best;
}

/* The parameter s of the point origin + s a nearest the ray eye + t d (a, d
 * unit); 0 with *ok = 0 when they are nearly parallel. */
static double nearest_on_axis(cp_vec3 origin, cp_vec3 a, cp_vec3 eye, cp_vec3 d, int *ok)
{
    cp_vec3 w = cp_vec3_sub(origin, eye);
    double b = cp_vec3_dot(a, d), denom = 1.0 - b * b;
    *ok = denom > 1e-6;
    if (!*ok)
        return 0;
    return (b * cp_vec3_dot(d, w) - cp_vec3_dot(a, w)) / denom;
}

/* Where the ray meets the plane through origin with normal n; *ok = 0 if it does not (in front). */
static cp_vec3 on_plane(cp_vec3 origin, cp_vec3 n, cp_vec3 eye, cp_vec3 d, int *ok)
{
    double dn = cp_vec3_dot(d, n);
    double t = fabs(dn) > 1e-9 ? cp_vec3_dot(cp_vec3_sub(origin, eye), n) / dn : -1;
    *ok = t > 0 && isfinite(t);
    return cp_vec3_add(eye, cp_vec3_scale(d, *ok ? t : 0));
}

cp_vec3 ed_gizmo_drag(const ed_gizmo *g, const ed_view *v, ed_gizmo_part part, double x0, double y0, double x1,
                      double y1)
{
    cp_vec3 zero = cp_vec3_make(0, 0, 0);
    cp_vec3 d0 = ed_view_ray(v, x0, y0), d1 = ed_view_ray(v, x1, y1);
    int ok0, ok1;
    if (part >= ED_GIZMO_X && part <= ED_GIZMO_Z) {
        cp_vec3 a = axis(part - ED_GIZMO_X);
        double s0 = nearest_on_axis(g->origin, a, v->eye, d0, &ok0);
        double s1 = nearest_on_axis(g->origin, a, v->eye, d1, &ok1);
        /* near the vanishing point of the axis a pixel is worth kilometres: bounded */
        double s = s1 - s0, most = 1e3 * g->length;
        s = s > most ? most : s < -most ? -most : s;
        return ok0 && ok1 ? cp_vec3_scale(a, s) : zero;
    }
    if (part == ED_GIZMO_PLANE) {
        cp_vec3 n = cp_vec3_make(v->m[2][0], v->m[2][1], v->m[2][2]);
        cp_vec3 p0 = on_plane(g->origin, n, v->eye, d0, &ok0), p1 = on_plane(g->origin, n, v->eye, d1, &ok1);
        return ok0 && ok1 ? cp_vec3_sub(p1, p0) : zero;
    }
    return zero;
}

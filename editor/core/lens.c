/* SPDX-License-Identifier: MIT */
/* editor/core/lens.c - the thin lens behind the editor's depth of field
 * (docs/math.md, section 22). */
#include "lens.h"

#include <math.h>

double ed_lens_focal(double fov)
{
    return 0.5 * ED_LENS_SENSOR_H / tan(0.5 * fov * M_PI / 180.0);
}

int ed_lens_of(const cp_pose *pose, ed_lens *out)
{
    if (!(pose->focus > 0) || !(pose->aperture > 0) || !isfinite(pose->focus) || !isfinite(pose->aperture) ||
        !(pose->fov > 0 && pose->fov < 180))
        return 0;
    out->focus = pose->focus;
    out->aperture = pose->aperture;
    out->focal = ed_lens_focal(pose->fov);
    return 1;
}

/* f^2 / (N (S - f)): the circle of confusion of a point at infinity. A focus
 * inside the focal length has no real image; it is taken as 1.01 f (the
 * most blur the lens gives). */
static double coc_infinity(const ed_lens *l)
{
    double s = fmax(l->focus, 1.01 * l->focal);
    return l->focal * l->focal / (l->aperture * (s - l->focal));
}

double ed_lens_coc(const ed_lens *l, double depth)
{
    if (!(depth > 0))
        return coc_infinity(l);
    return coc_infinity(l) * fabs(depth - l->focus) / depth;
}

double ed_lens_blur_scale(const ed_lens *l, double height)
{
    return 0.5 * coc_infinity(l) / ED_LENS_SENSOR_H * height;
}

double ed_lens_blur(const ed_lens *l, double depth, double height)
{
    double r = 0.5 * ed_lens_coc(l, depth) / ED_LENS_SENSOR_H * height;
    return fmin(r, ED_LENS_MAX_BLUR * height);
}

void ed_lens_limits(const ed_lens *l, double *near, double *far)
{
    double f = l->focal, s = l->focus;
    double h = f * f / (l->aperture * ED_LENS_COC_LIMIT) + f; /* the hyperfocal distance */
    *near = s * (h - f) / (h + s - 2 * f);
    *far = s < h ? s * (h - f) / (h - s) : INFINITY;
    if (!(*near > 0))
        *near = 0;
}

int ed_lens_plane(const cp_pose *pose, double aspect, cp_vec3 corners[4])
{
    ed_lens l;
    if (!ed_lens_of(pose, &l))
        return 0;
    double d = l.focus, hh = d * tan(0.5 * pose->fov * M_PI / 180.0), hw = hh * aspect;
    const cp_vec3 local[4] = {{-hw, hh, -d}, {hw, hh, -d}, {hw, -hh, -d}, {-hw, -hh, -d}};
    cp_quat q = cp_quat_normalize(pose->rotation);
    for (int i = 0; i < 4; i++)
        corners[i] = cp_vec3_add(pose->position, cp_quat_rotate(q, local[i]));
    return 1;
}

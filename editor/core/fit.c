/* SPDX-License-Identifier: MIT */
/* editor/core/fit.c - keys that fit the document they join. */
#include "fit.h"

#include <math.h>

#include "camera.h"

#define DEG (M_PI / 180.0)


double ed_fit_fallback(const cp_document *d, const cp_key *near)
{
    if (near && d->options.orientation == CP_ORIENTATION_LOOK_AT && (near->flags & CP_KEY_TARGET)) {
        const double r = cp_vec3_length(cp_vec3_sub(near->target, near->position));
        if (r > 0 && isfinite(r))
            return r;
    }
    if (near && near->focus > 0)
        return near->focus;
    return ED_TARGET_DISTANCE;
}

cp_vec3 ed_fit_target_turned(const cp_key *k, double yaw, double pitch)
{
    const double r = cp_vec3_length(cp_vec3_sub(k->target, k->position));
    const cp_quat q = cp_quat_from_yaw_pitch_roll(yaw * DEG, pitch * DEG, 0.0);
    return cp_vec3_add(k->position, cp_vec3_scale(cp_quat_forward(q), r > 0 ? r : ED_TARGET_DISTANCE));
}

double ed_fit_frame_width(const cp_key *k)
{
    const double d = cp_vec3_length(cp_vec3_sub(k->target, k->position));
    const double w = 2.0 * d * tan(k->fov * DEG / 2.0);
    return isfinite(w) ? fmin(fmax(w, CP_PATH_MIN_FRAME_WIDTH), CP_PATH_MAX_FRAME_WIDTH) : 1.0;
}

double ed_fit_dolly_fov(const cp_key *k)
{
    const double d = cp_vec3_length(cp_vec3_sub(k->target, k->position));
    const double fov = 2.0 * atan(k->frame_width / (2.0 * d)) / DEG;
    return fov > 0 && fov < 180 ? fov : k->fov;
}

void ed_fit_key(const cp_document *d, cp_key *k, const cp_key *near, double distance)
{
    if (d->options.orientation == CP_ORIENTATION_LOOK_AT) {
        if (!(k->flags & CP_KEY_TARGET)) {
            /* the key keeps its rotation: a target on its view, and its roll
             * (a look-at rotation is yaw, then pitch, then roll) */
            double yaw, pitch, roll;
            ed_quat_to_yaw_pitch_roll(k->rotation, &yaw, &pitch, &roll);
            k->target = cp_vec3_add(k->position, cp_vec3_scale(cp_quat_forward(k->rotation), distance));
            k->roll = roll / DEG;
            k->flags |= CP_KEY_TARGET;
        }
    } else {
        /* the rotation the target gave stays; the target goes */
        k->flags &= ~CP_KEY_TARGET;
        k->target = cp_vec3_make(0, 0, 0);
        k->roll = 0;
    }
    if (!d->options.dolly_zoom) { /* from a dolly zoom: the fov its width gave it */
        if (k->frame_width > 0 && (k->flags & CP_KEY_TARGET))
            k->fov = ed_fit_dolly_fov(k);
        k->frame_width = 0;
    }
    else if (!(k->frame_width > 0))
        k->frame_width = ed_fit_frame_width(k);
    if (d->count == 0)
        return;
    for (int w = 0; w < 2; w++) {
        const double has = ed_fit_lens(&d->keys[0], w);
        if (!(has > 0)) {
            ed_fit_set_lens(k, w, 0);
        } else if (!(ed_fit_lens(k, w) > 0)) {
            const double to_target = cp_vec3_length(cp_vec3_sub(k->target, k->position));
            ed_fit_set_lens(k, w, w == 0 && (k->flags & CP_KEY_TARGET) ? to_target : near ? ed_fit_lens(near, w) : has);
        }
    }
}

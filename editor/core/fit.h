/* SPDX-License-Identifier: MIT */
/* editor/core/fit.h - a key made to fit the document it joins: recorded,
 * inserted or pasted keys get what the path's other keys have. In a
 * look-at path a key needs a target (on its view, so that it keeps its
 * rotation) and a roll; in a rotation path it has neither; focus and
 * aperture are on every key or on none.
 */
#ifndef ED_FIT_H
#define ED_FIT_H

#include "campath/campath.h"

#define ED_TARGET_DISTANCE 10.0  /* metres: a new target's distance when nothing tells better */

/* A key's focus (which = 0, metres) or aperture (which = 1, f-number); 0: none. */
static inline double ed_fit_lens(const cp_key *k, int which) { return which ? k->aperture : k->focus; }
static inline void ed_fit_set_lens(cp_key *k, int which, double v)
{
    if (which)
        k->aperture = v;
    else
        k->focus = v;
}

/* The width a dolly zoom frames at key k's target for the fov it has
 * (2 d tan(fov / 2), within the library's limits), and the fov that a
 * width gives it (2 atan(w / 2d)): the picture at the key stays. */
double ed_fit_frame_width(const cp_key *k);
double ed_fit_dolly_fov(const cp_key *k);

/* Makes key k fit document d: in a look-at path a target `distance` along
 * its view and the roll that keep its rotation (when it has no target), in
 * a rotation path no target and no roll; focus and aperture when d's keys
 * have them (a look-at key's focus the way to its target, else `near`'s),
 * none when they have not; in a dolly zoom a frame width that keeps its
 * fov, else none. A document without keys takes the key as it is. */
void ed_fit_key(const cp_document *d, cp_key *k, const cp_key *near, double distance);
/* The distance a fitted key's target should have when the world tells
 * nothing: the way `near` looks (look-at) or its focus, else ED_TARGET_DISTANCE. */
double ed_fit_fallback(const cp_document *d, const cp_key *near);
/* Where a look-at key's target goes when the key turns to yaw and pitch
 * (degrees): the same distance away along the new view. */
cp_vec3 ed_fit_target_turned(const cp_key *k, double yaw, double pitch);

#endif /* ED_FIT_H */

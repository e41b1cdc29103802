/* SPDX-License-Identifier: MIT */
/* lib/link/view.c - who has the game's camera: the game, or the linked path
 * at the editor's playhead, with the C2 blends of campath/handoff.h between
 * them when the editor takes the camera or gives it back. */
#include <math.h>
#include <string.h>

#include "campath/handoff.h"
#include "client_impl.h"

static bool finite_pose(const cp_pose *p)
{
    double s = p->position.x + p->position.y + p->position.z + p->velocity.x + p->velocity.y + p->velocity.z +
               p->acceleration.x + p->acceleration.y + p->acceleration.z + p->rotation.x + p->rotation.y +
               p->rotation.z + p->rotation.w + p->angular_velocity.x + p->angular_velocity.y + p->angular_velocity.z +
               p->angular_acceleration.x + p->angular_acceleration.y + p->angular_acceleration.z + p->fov +
               p->fov_velocity + p->fov_acceleration;
    return isfinite(s);
}

/* The path at the playhead at game time `now`, its derivatives in game time. */
static void on_path(const cp_link *l, double now, cp_pose *out)
{
    cp_link_playhead ph;
    double t, rate = 1.0;
    if (cp_link_playhead_at(l, now, &ph)) {
        t = ph.time;
        rate = ph.playing ? ph.rate : 0.0;
    } else {
        t = cp_path_start(l->path) + (now - l->take_time); /* no playhead yet: from the start, in real time */
    }
    cp_path_sample(l->path, t, out);
    /* path time runs `rate` times as fast as the game's: d/dt = rate d/dtau */
    double r2 = rate * rate;
    out->velocity = cp_vec3_scale(out->velocity, rate);
    out->acceleration = cp_vec3_scale(out->acceleration, r2);
    out->angular_velocity = cp_vec3_scale(out->angular_velocity, rate);
    out->angular_acceleration = cp_vec3_scale(out->angular_acceleration, r2);
    out->fov_velocity *= rate;
    out->fov_acceleration *= r2;
    out->time = now;
}

/* The camera while the path has it: the blend onto it, then the path itself. */
static void entering(cp_link *l, double now, cp_pose *out)
{
    cp_pose path;
    on_path(l, now, &path);
    if (l->mode == CPI_VIEW_ENTER && now >= l->enter_start + l->enter_blend)
        l->mode = CPI_VIEW_PATH;
    if (l->mode == CPI_VIEW_PATH || now >= l->enter_start + l->enter_blend) {
        *out = path;
        return;
    }
    cp_pose from;
    cp_pose_extrapolate(&l->from, now, &from);
    cp_pose_blend(&from, &path, l->enter_start, l->enter_blend, out);
}

/* The camera at `now` by the current mode (live is the game's camera there). */
static void sample(cp_link *l, double now, const cp_pose *live, cp_pose *out)
{
    if (l->mode == CPI_VIEW_LIVE || !l->path) {
        *out = *live;
        out->time = now;
        return;
    }
    if (l->mode != CPI_VIEW_LEAVE) {
        entering(l, now, out);
        return;
    }
    if (now >= l->leave_start + l->leave_blend) {
        l->mode = CPI_VIEW_LIVE;
        *out = *live;
        out->time = now;
        return;
    }
    cp_pose path, game = *live;
    entering(l, now, &path);
    game.time = now;
    cp_pose_blend(&path, &game, l->leave_start, l->leave_blend, out);
}

cp_status cp_link_view(cp_link *link, double now, const cp_pose *live, cp_pose *out, cp_error *error)
{
    cp_link *l = link;
    if (!isfinite(now))
        return cpi_error_set(error, CP_ERR_INVALID, "now: %g is not a finite time", now);
    if (!finite_pose(live))
        return cpi_error_set(error, CP_ERR_INVALID, "live: the game's camera has a number that is not finite");
    if (l->request == CPI_LINK_TAKE && l->path && (l->mode == CPI_VIEW_LIVE || l->mode == CPI_VIEW_LEAVE)) {
        /* from wherever the camera is now, moving as it moves */
        cp_pose here;
        sample(l, now, live, &here);
        l->from = here;
        l->enter_start = l->take_time = now;
        l->enter_blend = l->request_blend;
        l->mode = CPI_VIEW_ENTER;
    } else if (l->request == CPI_LINK_GIVE && (l->mode == CPI_VIEW_ENTER || l->mode == CPI_VIEW_PATH)) {
        l->leave_start = now;
        l->leave_blend = l->request_blend;
        l->mode = CPI_VIEW_LEAVE;
    }
    /* a take that came before any path waits for one */
    if (l->request != CPI_LINK_TAKE || l->path)
        l->request = CPI_LINK_NO_REQUEST;
    cp_pose p;
    sample(l, now, live, &p);
    *out = p;
    cpi_error_clear(error);
    return CP_OK;
}

bool cp_link_taken(const cp_link *link, double now)
{
    if (link->mode == CPI_VIEW_LIVE || !link->path)
        return false;
    return link->mode != CPI_VIEW_LEAVE || now < link->leave_start + link->leave_blend;
}

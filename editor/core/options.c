/* SPDX-License-Identifier: MIT */
/* editor/core/options.c - the path's options. */
#include "options.h"

#include <math.h>
#include <stdio.h>

#include "app_impl.h"
#include "fit.h"

int ed_options_set_timing(ed_app *app, cp_timing timing)
{
    if (ed_app_ready(app))
        return -1;
    if (!cp_timing_name(timing)) {
        ed_app_message(app, 1, "unknown timing %d", (int)timing);
        return -1;
    }
    if (app->doc.cur.doc.options.timing == timing) {
        ed_app_message(app, 0, "timing is already %s", cp_timing_name(timing));
        return 0;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    work.options.timing = timing;
    if (ed_app_commit(app, &work, app->doc.cur.selected, 1))
        return -1;
    static const char *const what[] = {"every channel splined in time through the key times",
                                       "the shape over distance, time through a monotone warp (holds)",
                                       "the smooth shape at one speed; key times computed"};
    ed_app_message(app, 0, "timing: %s (%s)", cp_timing_name(timing), what[timing]);
    return 0;
}

int ed_options_cycle_timing(ed_app *app)
{
    /* the next timing the path takes: one its keys refuse (holds or eases
     * in keys timing, a turn on the spot at constant speed) is skipped,
     * with its reason */
    const int now = (int)app->doc.cur.doc.options.timing;
    char skipped[160] = "";
    for (int step = 1; step <= 2; step++) {
        const cp_timing t = (cp_timing)((now + step) % 3);
        if (ed_options_set_timing(app, t) == 0) {
            if (skipped[0]) {
                char said[sizeof app->base.message];
                snprintf(said, sizeof said, "%s", app->base.message);
                ed_app_message(app, 0, "%.80s; skipped %s", said, skipped);
            }
            return 0;
        }
        if (ed_app_ready(app))
            return -1;
        if (step == 1)
            snprintf(skipped, sizeof skipped, "%s: %.140s", cp_timing_name(t), app->base.message);
    }
    char last[sizeof app->base.message];
    snprintf(last, sizeof last, "%s", app->base.message);
    ed_app_message(app, 1, "timing stays %s: %.110s; %.110s", cp_timing_name((cp_timing)now), skipped, last);
    return -1;
}

int ed_options_set_max_angular_speed(ed_app *app, double v)
{
    if (ed_app_ready(app))
        return -1;
    if (!(v >= 0 && v <= CP_PATH_MAX_ANGULAR_SPEED_LIMIT)) {
        ed_app_message(app, 1, "the fastest turn is from 0 (the default, %g) to %g degrees per second, not %g",
                       CP_PATH_DEFAULT_MAX_ANGULAR_SPEED, CP_PATH_MAX_ANGULAR_SPEED_LIMIT, v);
        return -1;
    }
    if (app->doc.cur.doc.options.max_angular_speed == v)
        return 0;
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    work.options.max_angular_speed = v;
    if (ed_app_commit(app, &work, app->doc.cur.selected, 1))
        return -1;
    const double in_force = v > 0 ? v : CP_PATH_DEFAULT_MAX_ANGULAR_SPEED;
    ed_app_message(app, 0, "the camera turns at most %g degrees per second%s (a whip pan beyond %g)", in_force,
                   v > 0 ? "" : ", the default", 3 * in_force);
    return 0;
}

/* ---- options --------------------------------------------------------------------------------- */

int ed_options_set_interp(ed_app *app, cp_interp interp)
{
    if (ed_app_ready(app))
        return -1;
    if (!cp_interp_name(interp)) {
        ed_app_message(app, 1, "unknown interpolation %d", (int)interp);
        return -1;
    }
    const cp_path_options *o = &app->doc.cur.doc.options;
    if (o->position == interp && o->rotation == interp && o->fov == interp) {
        ed_app_message(app, 0, "interpolation is already %s", cp_interp_name(interp));
        return 0;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    work.options.position = work.options.rotation = work.options.fov = interp;
    if (ed_app_commit(app, &work, app->doc.cur.selected, 0))
        return -1;
    ed_app_message(app, 0, "interpolation: %s", cp_interp_name(interp));
    return 0;
}

int ed_options_cycle_interp(ed_app *app)
{
    static const cp_interp order[] = {CP_INTERP_C2, CP_INTERP_BISECTOR, CP_INTERP_CATMULL_ROM, CP_INTERP_LINEAR};
    size_t n = sizeof order / sizeof order[0], i = 0;
    while (i < n && order[i] != app->doc.cur.doc.options.position)
        i++;
    /* from one that is not in the cycle (step, read from a file) it starts over at C2 */
    return ed_options_set_interp(app, order[i < n ? (i + 1) % n : 0]);
}

int ed_options_set_ends(ed_app *app, cp_ends ends)
{
    if (ed_app_ready(app))
        return -1;
    if (!cp_ends_name(ends)) {
        ed_app_message(app, 1, "unknown ends %d", (int)ends);
        return -1;
    }
    if (app->doc.cur.doc.options.ends == ends) {
        ed_app_message(app, 0, "ends are already %s", cp_ends_name(ends));
        return 0;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    work.options.ends = ends;
    if (ends != CP_ENDS_CLOSED)
        work.options.period = 0;
    if (ed_app_commit(app, &work, app->doc.cur.selected, 0))
        return -1;
    if (ed_doc_ends_matter(&app->doc.cur.doc.options))
        ed_app_message(app, 0, "ends: %s", cp_ends_name(ends));
    else
        ed_app_message(app, 0, "ends: %s (no effect on %s curves: only a closed loop changes them)", cp_ends_name(ends),
                       cp_interp_name(app->doc.cur.doc.options.position));
    return 0;
}

int ed_options_cycle_ends(ed_app *app)
{
    return ed_options_set_ends(app, (cp_ends)(((int)app->doc.cur.doc.options.ends + 1) % 3));
}

/* ---- the orientation ----------------------------------------------------------------------------------- */

int ed_options_set_orientation(ed_app *app, cp_orientation o)
{
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    if (work.options.orientation == o) {
        cp_document_free(&work);
        ed_app_message(app, 0, "the orientation is %s already", cp_orientation_name(o));
        return 0;
    }
    if (o != CP_ORIENTATION_LOOK_AT && work.options.dolly_zoom) { /* needs a target: each key keeps its fov */
        for (size_t i = 0; i < work.count; i++)
            work.keys[i].fov = ed_fit_dolly_fov(&work.keys[i]);
        work.options.dolly_zoom = false;
    }
    work.options.orientation = o;
    for (size_t i = 0; i < work.count; i++) {
        cp_key *k = &work.keys[i];
        const double d = o == CP_ORIENTATION_LOOK_AT
                             ? ed_scene_view_distance(&app->scene, k->position, k->rotation, ED_TARGET_DISTANCE)
                             : 0;
        ed_fit_key(&work, k, NULL, d);
    }
    if (ed_app_commit(app, &work, app->doc.cur.selected, 1))
        return -1;
    if (o == CP_ORIENTATION_LOOK_AT)
        ed_app_message(app, 0, "orientation look-at: every key looks at a target on its view (its rotation kept)");
    else
        ed_app_message(app, 0, "orientation rotation: every key keeps the rotation its target gave");
    return 0;
}

int ed_options_cycle_orientation(ed_app *app)
{
    return ed_options_set_orientation(app, app->doc.cur.doc.options.orientation == CP_ORIENTATION_LOOK_AT
                                           ? CP_ORIENTATION_ROTATION
                                           : CP_ORIENTATION_LOOK_AT);
}

/* ---- shake ------------------------------------------------------------------------------------ */

int ed_options_set_shake(ed_app *app, int band, int part, double v)
{
    static const char *const names[3] = {"position", "rotation", "fov"};
    static const char *const units[3] = {"m", "degrees", "degrees"};
    const double limits[3] = {CP_SHAKE_MAX_POSITION, CP_SHAKE_MAX_ROTATION, CP_SHAKE_MAX_FOV};
    if (ed_app_ready(app) || band < 0 || band > 3 || part < 0 || part > 1)
        return -1;
    if (band == 3 && !(v >= 0 && v <= 4294967295.0 && v == floor(v))) {
        ed_app_message(app, 1, "shake seed: a whole number in [0, 4294967295] (got %g)", v);
        return -1;
    }
    if (band < 3 && part == 0 && !(v >= 0 && v <= limits[band])) {
        ed_app_message(app, 1, "shake %s: an amplitude in [0, %g] %s (got %g)", names[band], limits[band],
                       units[band], v);
        return -1;
    }
    if (band < 3 && part == 1 && !(v > 0 && v <= CP_SHAKE_MAX_FREQUENCY)) {
        ed_app_message(app, 1, "shake %s: a frequency in (0, %g] Hz (got %g)", names[band], CP_SHAKE_MAX_FREQUENCY, v);
        return -1;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    cp_shake *sh = &work.options.shake;
    cp_shake_band *b = band == 0 ? &sh->position : band == 1 ? &sh->rotation : &sh->fov;
    if (band == 3)
        sh->seed = (uint32_t)v;
    else if (part == 0)
        b->amplitude = v, b->frequency = b->frequency > 0 ? b->frequency : 1.0;
    else
        b->frequency = v;
    if (ed_app_commit(app, &work, app->doc.cur.selected, 1))
        return -1;
    if (band == 3)
        ed_app_message(app, 0, "shake: seed %u", (unsigned)sh->seed);
    else
        ed_app_message(app, 0, "shake %s: %g %s at %g Hz%s", names[band], b->amplitude, units[band], b->frequency,
                       cp_shake_active(sh) ? "" : " (no shake: every amplitude is 0)");
    return 0;
}

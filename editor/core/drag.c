/* SPDX-License-Identifier: MIT */
/* editor/core/drag.c - what the mouse drags. */
#include "drag.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "app_impl.h"
#include "fit.h"

int ed_drag_begin(ed_app *app)
{
    if (app->doc.live.active)
        return 0;
    if (ed_app_ready(app))
        return -1;
    return ed_doc_live_begin(&app->doc, &app->base);
}

int ed_drag_work(ed_app *app, cp_document *work)
{
    memset(work, 0, sizeof *work);
    if (ed_drag_begin(app))
        return -1;
    return ed_doc_live_work(&app->doc, &app->base, work);
}

int ed_drag_move(ed_app *app, cp_vec3 d)
{
    if (ed_drag_begin(app))
        return -1;
    /* the run from the first chosen key to the last, as they were when the drag began */
    const cp_document *o = ed_doc_live_origin(&app->doc);
    const ed_sel *sel = &app->doc.cur.sel;
    size_t first = 0, end = 0;
    if (sel->count && sel->n != o->count) {
        end = o->count; /* cannot be (a selection is for the keys): each key asked */
    } else if (sel->count) {
        first = ed_sel_next(sel, 0);
        end = ed_sel_last(sel) + 1;
    } else if (!sel->count && app->doc.cur.selected >= 0 && (size_t)app->doc.cur.selected < o->count) {
        first = (size_t)app->doc.cur.selected;
        end = first + 1;
    }
    cp_key *run = end > first ? malloc((end - first) * sizeof *run) : NULL;
    if (end > first && !run) {
        ed_app_message(app, 1, "out of memory: the drag stopped");
        return -1;
    }
    size_t n = 0;
    for (size_t i = first; i < end; i++) {
        run[i - first] = o->keys[i];
        if (ed_doc_chosen(&app->doc, i)) {
            run[i - first].position = cp_vec3_add(run[i - first].position, d);
            run[i - first].target = cp_vec3_add(run[i - first].target, d);
            n++;
        }
    }
    int rc = ed_doc_live_update_keys(&app->doc, &app->base, first, end - first, run);
    free(run);
    if (rc)
        return -1;
    if (n == 1)
        ed_app_message(app, 0, "key %ld moved by (%.3g, %.3g, %.3g) m", app->doc.cur.selected, d.x, d.y, d.z);
    else
        ed_app_message(app, 0, "%zu keys moved by (%.3g, %.3g, %.3g) m", n, d.x, d.y, d.z);
    return 0;
}

int ed_drag_time(ed_app *app, size_t key, double dt, int ripple)
{
    cp_document work;
    if (ed_drag_work(app, &work))
        return -1;
    size_t n = work.count;
    if (key >= n) {
        cp_document_free(&work);
        return -1;
    }
    /* the keys that move: the selection (or the key alone), with ripple every key from the first of them on */
    size_t first = key;
    for (size_t i = 0; i < n; i++)
        if (ed_doc_chosen(&app->doc, i) && i < first)
            first = i;
    int with_key = ed_doc_chosen(&app->doc, key);
    /* a key keeps ED_TIME_MARGIN from each neighbour that stays where it is */
    double lo = -INFINITY, hi = INFINITY;
    for (size_t i = 0; i < n; i++) {
        int m = ripple ? i >= first : with_key ? ed_doc_chosen(&app->doc, i) : i == key;
        if (!m)
            continue;
        const cp_key *k = work.keys;
        int prev_still = i > 0 && !(ripple ? i - 1 >= first : with_key ? ed_doc_chosen(&app->doc, i - 1) : i - 1 == key);
        int next_still = i + 1 < n && !(ripple || (with_key ? ed_doc_chosen(&app->doc, i + 1) : i + 1 == key));
        /* after the previous key's hold, and this key's own hold over before the next key */
        if (prev_still)
            lo = fmax(lo, ed_doc_key_end(&k[i - 1]) + ED_TIME_MARGIN - k[i].time);
        if (next_still)
            hi = fmin(hi, k[i + 1].time - ED_TIME_MARGIN - ed_doc_key_end(&k[i]));
        /* a constant-speed path times its inner keys itself: only the whole path moves */
        if ((prev_still || next_still) && work.options.timing == CP_TIMING_CONSTANT_SPEED && i > 0 && i + 1 < n) {
            cp_document_free(&work);
            return ed_doc_time_is_free(&app->doc, &app->base, i);
        }
    }
    dt = lo > hi ? 0 : fmin(fmax(dt, lo), hi);
    for (size_t i = 0; i < n; i++)
        if (ripple ? i >= first : with_key ? ed_doc_chosen(&app->doc, i) : i == key)
            work.keys[i].time += dt;
    double t = work.keys[key].time;
    if (ed_doc_live_update(&app->doc, &app->base, &work))
        return -1;
    ed_app_seek(app, t);
    ed_app_message(app, 0, ripple ? "key %zu at %.3f s (%+.3f s), the keys after it with it" : "key %zu at %.3f s (%+.3f s)",
                   key, t, dt);
    return 0;
}

/* ---- looking from a key -------------------------------------------------------------------- */

int ed_drag_look_begin(ed_app *app)
{
    if (ed_app_ready(app) || ed_app_need_selection(app))
        return -1;
    long s = app->doc.cur.selected;
    const cp_key *k = &app->doc.cur.doc.keys[s];
    if (ed_drag_begin(app))
        return -1;
    ed_camera_set_pose(&app->ui.camera, k->position, k->rotation, k->fov);
    app->ui.view_path = 0;
    app->rec.look_key = s;
    app->rec.look_from = app->ui.camera;
    ed_app_message(app, 0, "looking from key %ld: turn (right mouse), roll (Z, C), zoom (-, +); L or Enter keeps it, Esc puts it back", s);
    return 0;
}

void ed_drag_look_sync(ed_app *app)
{
    if (app->rec.look_key < 0 || !app->doc.live.active)
        return;
    const ed_camera *c = &app->ui.camera, *f = &app->rec.look_from;
    int turned = c->yaw != f->yaw || c->pitch != f->pitch || c->roll != f->roll;
    int zoomed = c->fov != f->fov;
    /* the camera stays on the key: looking does not move it */
    app->ui.camera.position = f->position;
    if (!turned && !zoomed)
        return;
    cp_document work;
    if (ed_drag_work(app, &work))
        return;
    cp_key *k = &work.keys[app->rec.look_key];
    if (turned)
        k->rotation = ed_camera_rotation(c);
    if (turned && work.options.orientation == CP_ORIENTATION_LOOK_AT) {
        /* a look-at key turns by its target (kept at its distance) and its roll */
        k->target = ed_fit_target_turned(k, c->yaw * 180.0 / M_PI, c->pitch * 180.0 / M_PI);
        k->roll = c->roll * 180.0 / M_PI;
    }
    if (zoomed)
        k->fov = c->fov;
    ed_doc_live_update(&app->doc, &app->base, &work);
}

int ed_drag_look_end(ed_app *app, int keep)
{
    if (app->rec.look_key < 0)
        return -1;
    long s = app->rec.look_key;
    int changed = app->doc.live.changed;
    if (keep)
        ed_app_end_drag(app);
    else
        ed_app_cancel_drag(app);
    app->rec.look_key = -1;
    if (!keep)
        ed_app_message(app, 0, "key %ld as it was", s);
    else if (changed)
        ed_app_message(app, 0, "key %ld turned to the view", s);
    else
        ed_app_message(app, 0, "key %ld unchanged", s);
    return 0;
}

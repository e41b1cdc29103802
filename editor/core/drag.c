/* editor/core/drag.c - what the mouse drags: the selected keys through the
 * move gizmo, a key's time along the timeline, and a key's rotation and
 * field of view by looking from it with the free camera. Each runs as an
 * edit that follows the mouse (live.c): one undo step when it ends. */
#include <math.h>
#include <string.h>

#include "app.h"
#include "gizmo.h"

/* Whether key i moves with the selection (the active key when none is flagged). */
static int moves(const ed_app *app, size_t i)
{
    return app->cur.sel.count ? ed_sel_has(&app->cur.sel, i) : (long)i == app->cur.selected;
}

int ed_app_drag_move(ed_app *app, cp_vec3 d)
{
    cp_document work;
    if (ed_app_live_work(app, &work))
        return -1;
    size_t n = 0;
    for (size_t i = 0; i < work.count; i++)
        if (moves(app, i)) {
            work.keys[i].position = cp_vec3_add(work.keys[i].position, d);
            work.keys[i].target = cp_vec3_add(work.keys[i].target, d);
            n++;
        }
    if (ed_app_live_update(app, &work))
        return -1;
    if (n == 1)
        ed_app_message(app, 0, "key %ld moved by (%.3g, %.3g, %.3g) m", app->cur.selected, d.x, d.y, d.z);
    else
        ed_app_message(app, 0, "%zu keys moved by (%.3g, %.3g, %.3g) m", n, d.x, d.y, d.z);
    return 0;
}

int ed_app_drag_time(ed_app *app, size_t key, double dt, int ripple)
{
    cp_document work;
    if (ed_app_live_work(app, &work))
        return -1;
    size_t n = work.count;
    if (key >= n) {
        cp_document_free(&work);
        return -1;
    }
    /* the keys that move: the selection (or the key alone), with ripple every key from the first of them on */
    size_t first = key;
    for (size_t i = 0; i < n; i++)
        if (moves(app, i) && i < first)
            first = i;
    int with_key = moves(app, key);
    /* a key keeps ED_TIME_MARGIN from each neighbour that stays where it is */
    double lo = -INFINITY, hi = INFINITY;
    for (size_t i = 0; i < n; i++) {
        int m = ripple ? i >= first : with_key ? moves(app, i) : i == key;
        if (!m)
            continue;
        const cp_key *k = work.keys;
        int prev_still = i > 0 && !(ripple ? i - 1 >= first : with_key ? moves(app, i - 1) : i - 1 == key);
        int next_still = i + 1 < n && !(ripple || (with_key ? moves(app, i + 1) : i + 1 == key));
        /* after the previous key's hold, and this key's own hold over before the next key */
        if (prev_still)
            lo = fmax(lo, ed_key_end(&k[i - 1]) + ED_TIME_MARGIN - k[i].time);
        if (next_still)
            hi = fmin(hi, k[i + 1].time - ED_TIME_MARGIN - ed_key_end(&k[i]));
        /* a constant-speed path times its inner keys itself: only the whole path moves */
        if ((prev_still || next_still) && work.options.timing == CP_TIMING_CONSTANT_SPEED && i > 0 && i + 1 < n) {
            cp_document_free(&work);
            return ed_app_time_is_free(app, i);
        }
    }
    dt = lo > hi ? 0 : fmin(fmax(dt, lo), hi);
    for (size_t i = 0; i < n; i++)
        if (ripple ? i >= first : with_key ? moves(app, i) : i == key)
            work.keys[i].time += dt;
    double t = work.keys[key].time;
    if (ed_app_live_update(app, &work))
        return -1;
    ed_app_seek(app, t);
    ed_app_message(app, 0, ripple ? "key %zu at %.3f s (%+.3f s), the keys after it with it" : "key %zu at %.3f s (%+.3f s)",
                   key, t, dt);
    return 0;
}

/* ---- looking from a key -------------------------------------------------------------------- */

int ed_app_look_begin(ed_app *app)
{
    if (ed_app_check_prompt(app) || ed_app_need_selection(app))
        return -1;
    long s = app->cur.selected;
    const cp_key *k = &app->cur.doc.keys[s];
    if (ed_app_live_begin(app))
        return -1;
    ed_camera_set_pose(&app->camera, k->position, k->rotation, k->fov);
    app->view_path = 0;
    app->look_key = s;
    app->look_from = app->camera;
    ed_app_message(app, 0, "looking from key %ld: turn (right mouse), roll (Z, C), zoom (-, +); L or Enter keeps it, Esc puts it back", s);
    return 0;
}

void ed_app_look_sync(ed_app *app)
{
    if (app->look_key < 0 || !app->live.active)
        return;
    const ed_camera *c = &app->camera, *f = &app->look_from;
    int turned = c->yaw != f->yaw || c->pitch != f->pitch || c->roll != f->roll;
    int zoomed = c->fov != f->fov;
    /* the camera stays on the key: looking does not move it */
    app->camera.position = f->position;
    if (!turned && !zoomed)
        return;
    cp_document work;
    if (ed_app_live_work(app, &work))
        return;
    cp_key *k = &work.keys[app->look_key];
    if (turned)
        k->rotation = ed_camera_rotation(c);
    if (turned && work.options.orientation == CP_ORIENTATION_LOOK_AT) {
        /* a look-at key turns by its target (kept at its distance) and its roll */
        k->target = ed_target_turned(k, c->yaw * 180.0 / M_PI, c->pitch * 180.0 / M_PI);
        k->roll = c->roll * 180.0 / M_PI;
    }
    if (zoomed)
        k->fov = c->fov;
    ed_app_live_update(app, &work);
}

int ed_app_look_end(ed_app *app, int keep)
{
    if (app->look_key < 0)
        return -1;
    long s = app->look_key;
    int changed = app->live.changed;
    if (keep)
        ed_app_live_end(app);
    else
        ed_app_live_cancel(app);
    app->look_key = -1;
    if (!keep)
        ed_app_message(app, 0, "key %ld as it was", s);
    else if (changed)
        ed_app_message(app, 0, "key %ld turned to the view", s);
    else
        ed_app_message(app, 0, "key %ld unchanged", s);
    return 0;
}

/* ---- the view and its gizmo -------------------------------------------------------------------- */

void ed_app_view(const ed_app *app, ed_view *v)
{
    ed_layout l;
    ed_app_layout(app, &l);
    cp_vec3 pos;
    cp_quat rot;
    double fov;
    ed_app_view_pose(app, &pos, &rot, &fov);
    ed_view_init(v, pos, rot, fov, l.frame.x, l.frame.y, l.frame.w, l.frame.h);
}

int ed_app_gizmo(const ed_app *app, const ed_view *v, ed_gizmo *g)
{
    memset(g, 0, sizeof *g);
    if ((app->view_path && app->path) || app->look_key >= 0 || app->cur.selected < 0)
        return 0;
    ed_gizmo_place(g, v, ed_app_selected_count(app) > 1 ? ed_app_selection_centre(app)
                                                       : app->cur.doc.keys[app->cur.selected].position);
    return g->visible;
}

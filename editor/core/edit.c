/* editor/core/edit.c - every change to the keys: recording, deleting, moving,
 * retiming, options; each one undoable, each one all or nothing. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "status.h"

/* ---- the edit protocol: copy, change the copy, build, then swap ---------------------------- */

int ed_app_begin_edit(ed_app *app, cp_document *work)
{
    memset(work, 0, sizeof *work);
    if (ed_app_check_prompt(app))
        return -1;
    cp_error err;
    if (cp_document_copy(work, &app->cur.doc, &err) != CP_OK) {
        ed_app_message(app, 1, "%s", err.message);
        return -1;
    }
    return 0;
}

/* From the first key to the end of the last one's hold. */
static double span(const cp_document *d) { return d->count >= 2 ? ed_key_end(&d->keys[d->count - 1]) - d->keys[0].time : 0; }

/* A constant-speed path computes its keys' times, and a look-at path their
 * rotations: the document takes them, so that what it shows and saves is
 * what the camera does (a key's frustum and yaw, pitch and roll included). */
static void take_times(cp_document *d, const cp_path *p)
{
    if (!p || cp_path_key_count(p) != d->count)
        return;
    const cp_key *k = cp_path_keys(p);
    const int times = d->options.timing == CP_TIMING_CONSTANT_SPEED;
    const int rotations = d->options.orientation == CP_ORIENTATION_LOOK_AT;
    for (size_t i = 0; i < d->count && (times || rotations); i++) {
        if (times)
            d->keys[i].time = k[i].time;
        if (rotations)
            d->keys[i].rotation = k[i].rotation;
    }
}

void ed_app_take_times(ed_app *app) { take_times(&app->cur.doc, app->path); }

static cp_recorder_options take_options(const ed_app *app)
{
    cp_recorder_options o = {.pace = app->time_mode == ED_TIME_REAL ? CP_PACE_REAL : CP_PACE_DISTANCE,
                             .speed = app->nominal_speed};
    return o;
}

void ed_app_sync_take(ed_app *app)
{
    cp_recorder_options o = take_options(app);
    if (app->take)
        cp_recorder_set_options(app->take, &o, NULL);
}

/* The time the camera takes from `from` to a pose at nominal speed, by the
 * recorder's distance rule: the straight distance, or the turn at
 * ED_TURN_RATE, whichever is longer, and at least ED_MIN_GAP. */
double ed_app_gap(const ed_app *app, const cp_key *from, cp_vec3 position, cp_quat rotation)
{
    cp_recorder_options o = take_options(app);
    return cp_recorder_gap(&o, from->position, from->rotation, position, rotation, 0.0);
}

int ed_app_rebuild_path(ed_app *app)
{
    cp_path *p = NULL;
    int rc = 0;
    if (app->cur.doc.count >= 2) {
        cp_error err;
        p = cp_document_to_path(&app->cur.doc, &err);
        if (!p) {
            ed_app_message(app, 1, "%s", err.message);
            rc = -1;
        }
    }
    cp_path_destroy(app->path);
    app->path = p;
    app->path_serial++;
    take_times(&app->cur.doc, p);
    ed_app_clamp(app);
    return rc;
}

int ed_app_commit(ed_app *app, cp_document *work, long selected, int keep_period)
{
    return ed_app_commit_sel(app, work, NULL, selected, keep_period);
}

/* The selection a commit gives the new document when none is given. */
static int default_selection(const ed_app *app, const cp_document *work, long selected, ed_sel *out)
{
    memset(out, 0, sizeof *out);
    if (work->count == app->cur.doc.count && selected == app->cur.selected)
        return ed_sel_copy(out, &app->cur.sel);
    ed_sel_reset(out, work->count);
    return selected >= 0 && (size_t)selected < work->count ? ed_sel_set(out, (size_t)selected, 1) : 0;
}

int ed_app_commit_sel(ed_app *app, cp_document *work, ed_sel *sel, long selected, int keep_period)
{
    cp_error err;
    ed_sel given = {0};
    if (sel) {
        given = *sel;
        memset(sel, 0, sizeof *sel);
    } else if (default_selection(app, work, selected, &given)) {
        ed_app_message(app, 1, "out of memory for the selection: the edit was not made");
        ed_sel_free(&given);
        cp_document_free(work);
        return -1;
    }
    if (work->options.ends == CP_ENDS_CLOSED && work->count >= 2 && !keep_period) {
        const cp_document *old = &app->cur.doc;
        double closing = old->options.ends == CP_ENDS_CLOSED && old->count >= 2 ? old->options.period - span(old) : 0;
        if (!(closing > 0)) {
            const cp_key *last = &work->keys[work->count - 1];
            closing = ed_app_gap(app, last, work->keys[0].position, work->keys[0].rotation);
        }
        work->options.period = span(work) + closing;
    }
    cp_path *p = NULL;
    if (work->count >= 2) {
        p = cp_document_to_path(work, &err);
        if (!p) {
            ed_app_message(app, 1, "%s", err.message);
            ed_sel_free(&given);
            cp_document_free(work);
            return -1;
        }
    }
    ed_state previous = app->cur;
    if (ed_history_push(&app->history, &previous) != 0) {
        ed_app_message(app, 1, "out of memory for undo: the edit was not made");
        ed_sel_free(&given);
        cp_path_destroy(p);
        cp_document_free(work);
        return -1;
    }
    app->cur.doc = *work;
    memset(work, 0, sizeof *work);
    app->cur.sel = given;
    app->cur.selected = selected;
    app->cur.revision = app->next_revision++;
    cp_path_destroy(app->path);
    app->path = p;
    app->path_serial++;
    take_times(&app->cur.doc, p);
    ed_app_clamp(app);
    return 0;
}

/* ---- recording ---------------------------------------------------------------------------- */

/* The take's last key, or NULL. */
static const cp_key *take_last(const ed_app *app)
{
    size_t n = app->take ? cp_recorder_count(app->take) : 0;
    return n ? &cp_recorder_keys(app->take)[n - 1] : NULL;
}

/* Whether `k` is the key the previous recording made (the take's last), so
 * that the take goes on from it: the distance flown and the real time since
 * that recording count. */
static int anchored(const ed_app *app, const cp_key *k)
{
    const cp_key *last = take_last(app);
    return last && memcmp(&k->position, &last->position, sizeof k->position) == 0;
}

double ed_app_next_record_time(const ed_app *app)
{
    size_t n = app->cur.doc.count;
    if (n == 0)
        return 0.0;
    const cp_key *from = &app->cur.doc.keys[n - 1];
    cp_vec3 p = app->camera.position;
    cp_quat q = ed_camera_rotation(&app->camera);
    /* the way on starts where the last key's hold ends */
    if (!anchored(app, from))
        return ed_key_end(from) + ed_app_gap(app, from, p, q);
    double t;
    /* in real time, while the clock has not moved on from the press: its time */
    if (cp_recorder_next_time(app->take, app->clock, p, q, &t, NULL) != CP_OK)
        return ed_key_end(from);
    return ed_key_end(from) + (t - take_last(app)->time);
}

/* Records the free camera into the take and sets *dt to the time from
 * `from` (NULL for the first key) to it: a take that goes on from `from`
 * times it by its pace; otherwise a new take starts and the straight
 * distance at nominal speed counts. -1 with a message on failure. */
static int take_camera(ed_app *app, const cp_key *from, double *dt)
{
    cp_error err;
    cp_vec3 p = app->camera.position;
    cp_quat q = ed_camera_rotation(&app->camera);
    if (!app->take) {
        cp_recorder_options o = take_options(app);
        if (!(app->take = cp_recorder_create(&o, &err))) {
            ed_app_message(app, 1, "%s", err.message);
            return -1;
        }
    }
    int go_on = from && anchored(app, from);
    if (!go_on)
        cp_recorder_clear(app->take);
    if (cp_recorder_add(app->take, app->clock, p, q, app->camera.fov, &err) != CP_OK) {
        if (strstr(err.field, ".now"))
            ed_app_message(app, 1, "real time: no time has passed since the previous key was recorded");
        else
            ed_app_message(app, 1, "%s", err.message);
        return -1;
    }
    size_t n = cp_recorder_count(app->take);
    const cp_key *k = cp_recorder_keys(app->take);
    *dt = go_on ? k[n - 1].time - k[n - 2].time : from ? ed_app_gap(app, from, p, q) : 0.0;
    return 0;
}

int ed_app_record(ed_app *app, int insert)
{
    /* through the path camera the free camera is out of sight: what the user sees is the path at the playhead */
    if (app->view_path && app->path) {
        if (ed_app_insert_at_playhead(app) != 0)
            return -1;
        ed_app_message(app, 0, "key %ld recorded at %.2f s: the path camera's pose, as seen (V: back to the free camera)",
                       app->cur.selected, app->playhead);
        return 0;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    size_t n = work.count;
    long s = app->cur.selected;
    size_t index = !insert || s < 0 || (size_t)s + 1 >= n ? n : (size_t)s + 1;
    const cp_key *from = index > 0 ? &work.keys[index - 1] : NULL;
    double dt;
    if (take_camera(app, from, &dt)) {
        cp_document_free(&work);
        return -1;
    }
    cp_key key = {0};
    key.position = app->camera.position;
    key.rotation = ed_camera_rotation(&app->camera);
    key.fov = app->camera.fov;
    key.time = from ? ed_key_end(from) + dt : 0.0;
    /* a look-at path's key looks at what the camera sees; a focus (when the
     * path has one) is on it too */
    ed_key_fit(&work, &key, from,
               ed_app_view_distance(app, key.position, key.rotation, ed_fit_fallback(&work, from)));
    double shift = 0;
    if (index < n) {
        /* an insert: the keys after it move so that the way on to the next
           key also takes its time at nominal speed */
        const cp_key *next = &work.keys[index];
        shift = key.time + ed_app_gap(app, &key, next->position, next->rotation) - next->time;
        for (size_t i = index; i < n; i++)
            work.keys[i].time += shift;
    }
    cp_error err;
    if (cp_document_insert_key(&work, index, &key, &err) != CP_OK) {
        ed_app_message(app, 1, "%s", err.message);
        cp_document_free(&work);
        cp_recorder_undo(app->take);
        return -1;
    }
    if (ed_app_commit(app, &work, (long)index, 0)) {
        cp_recorder_undo(app->take);
        return -1;
    }
    ed_app_seek(app, key.time);
    if (index < n)
        ed_app_message(app, 0, "key %zu inserted at %.2f s; %s after it moved %+.2f s", index, key.time,
                       n - index == 1 ? "the key" : "the keys", shift);
    else
        ed_app_message(app, 0, "key %zu recorded at %.2f s", index, key.time);
    return 0;
}

/* ---- changing keys ------------------------------------------------------------------------- */

int ed_app_need_selection(ed_app *app)
{
    if (app->cur.selected >= 0 && (size_t)app->cur.selected < app->cur.doc.count)
        return 0;
    ed_app_message(app, 1, "select a key first ([ and ], or click its marker)");
    return -1;
}

int ed_app_move_key_to_camera(ed_app *app)
{
    if (ed_app_check_prompt(app) || ed_app_need_selection(app))
        return -1;
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    size_t s = (size_t)app->cur.selected;
    work.keys[s].position = app->camera.position;
    work.keys[s].rotation = ed_camera_rotation(&app->camera);
    work.keys[s].fov = app->camera.fov;
    if (ed_app_commit(app, &work, (long)s, 0))
        return -1;
    ed_app_message(app, 0, "key %zu moved to the camera", s);
    return 0;
}

int ed_app_set_key_time(ed_app *app, size_t i, double time)
{
    if (ed_app_check_prompt(app))
        return -1;
    const cp_document *d = &app->cur.doc;
    if (i >= d->count) {
        ed_app_message(app, 1, "no key %zu (the path has %zu)", i, d->count);
        return -1;
    }
    if (ed_app_time_is_free(app, i))
        return -1;
    /* after the previous key's hold; this key's own hold ends before the next key */
    double lo = i > 0 ? ed_key_end(&d->keys[i - 1]) : -INFINITY;
    double hi = i + 1 < d->count ? d->keys[i + 1].time - (ed_key_end(&d->keys[i]) - d->keys[i].time) : INFINITY;
    if (!isfinite(time) || !(time > lo) || !(time < hi)) {
        ed_app_message(app, 1, "key %zu's time must lie strictly between %.3f s and %.3f s", i, lo, hi);
        return -1;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    work.keys[i].time = time;
    if (ed_app_commit(app, &work, (long)i, 0))
        return -1;
    ed_app_seek(app, time);
    ed_app_message(app, 0, "key %zu at %.2f s", i, time);
    return 0;
}

int ed_app_nudge_key_time(ed_app *app, double dt, int ripple)
{
    if (ed_app_check_prompt(app) || ed_app_need_selection(app))
        return -1;
    /* several keys move together, as a transform does */
    if (!ripple && ed_app_selected_count(app) > 1)
        return ed_app_transform_shift(app, dt);
    const cp_document *d = &app->cur.doc;
    size_t s = (size_t)app->cur.selected;
    if (ed_app_time_is_free(app, s))
        return -1;
    double t = d->keys[s].time;
    double lo = s > 0 ? ed_key_end(&d->keys[s - 1]) + ED_TIME_MARGIN : -INFINITY;
    double hi = !ripple && s + 1 < d->count ? d->keys[s + 1].time - ED_TIME_MARGIN - (ed_key_end(&d->keys[s]) - t)
                                            : INFINITY;
    double target = fmin(fmax(t + dt, lo), hi);
    if (!(fabs(target - t) > 1e-12)) {
        ed_app_message(app, 1, "key %zu cannot move further that way", s);
        return -1;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    for (size_t i = s; i < (ripple ? work.count : s + 1); i++)
        work.keys[i].time += target - t;
    if (ripple)
        work.keys[s].time = target;
    if (ed_app_commit(app, &work, (long)s, 0))
        return -1;
    ed_app_seek(app, target);
    ed_app_message(app, 0, ripple ? "keys %zu.. moved to start at %.2f s" : "key %zu at %.2f s", s, target);
    return 0;
}

int ed_app_retime(ed_app *app, double duration)
{
    if (ed_app_check_prompt(app))
        return -1;
    if (!app->path) {
        ed_app_message(app, 1, "retime needs at least 2 keys");
        return -1;
    }
    if (app->retimer) {
        ed_app_message(app, 1, "already retiming: one retime at a time");
        return -1;
    }
    char err[256];
    app->retimer = ed_retimer_start(&app->cur.doc, app->cur.revision, duration, err, sizeof err);
    if (!app->retimer) {
        ed_app_message(app, 1, "%s", err);
        return -1;
    }
    if (app->cur.doc.count >= app->retime_background) {
        char line[256];
        ed_retimer_describe(app->retimer, line, sizeof line);
        ed_app_message(app, 0, "%s (the editor goes on; edits made meanwhile cancel it)", line);
        return 0;
    }
    return ed_app_wait_retime(app);
}

int ed_app_poll_retime(ed_app *app)
{
    if (!app->retimer || !ed_retimer_done(app->retimer))
        return 0;
    const unsigned long revision = ed_retimer_revision(app->retimer);
    char why[256];
    cp_path *retimed = ed_retimer_finish(app->retimer, why, sizeof why);
    app->retimer = NULL;
    if (!retimed) {
        ed_app_message(app, 1, "%s", why);
        return -1;
    }
    if (revision != app->cur.revision) {
        cp_path_destroy(retimed);
        ed_app_message(app, 1, "retime dropped: the path changed while it was being retimed (retime again)");
        return -1;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work)) {
        cp_path_destroy(retimed);
        return -1;
    }
    const cp_key *k = cp_path_keys(retimed);
    for (size_t i = 0; i < work.count; i++)
        work.keys[i].time = k[i].time;
    work.options.period = cp_path_get_options(retimed).period;
    /* a smooth path keeps its shape and gets constant-speed timing (the library's retime) */
    work.options.timing = cp_path_get_options(retimed).timing;
    cp_path_destroy(retimed);
    if (ed_app_commit(app, &work, app->cur.selected, 1))
        return -1;
    if (work.options.timing == CP_TIMING_CONSTANT_SPEED || app->cur.doc.options.timing == CP_TIMING_CONSTANT_SPEED)
        ed_app_message(app, 0, "retimed to constant speed over %.2f s: the timing is constant-speed (Shift+T changes it)",
                       ed_app_duration(app));
    else
        ed_app_message(app, 0, "retimed to constant speed over %.2f s", ed_app_duration(app));
    return 1;
}

int ed_app_wait_retime(ed_app *app)
{
    if (app->retimer)
        ed_retimer_wait(app->retimer, 1e300);
    return ed_app_poll_retime(app) < 0 ? -1 : 0;
}

int ed_app_time_is_free(ed_app *app, size_t i)
{
    const cp_document *d = &app->cur.doc;
    if (d->options.timing != CP_TIMING_CONSTANT_SPEED || i == 0 || i + 1 >= d->count)
        return 0;
    ed_app_message(app, 1, "key %zu's time follows from the path's shape (constant-speed timing): set the timing "
                           "to smooth (Shift+T) to time keys by hand", i);
    return -1;
}

int ed_app_set_timing(ed_app *app, cp_timing timing)
{
    if (ed_app_check_prompt(app))
        return -1;
    if (!cp_timing_name(timing)) {
        ed_app_message(app, 1, "unknown timing %d", (int)timing);
        return -1;
    }
    if (app->cur.doc.options.timing == timing) {
        ed_app_message(app, 0, "timing is already %s", cp_timing_name(timing));
        return 0;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    work.options.timing = timing;
    if (ed_app_commit(app, &work, app->cur.selected, 1))
        return -1;
    static const char *const what[] = {"every channel splined in time through the key times",
                                       "the shape over distance, time through a monotone warp (holds)",
                                       "the smooth shape at one speed; key times computed"};
    ed_app_message(app, 0, "timing: %s (%s)", cp_timing_name(timing), what[timing]);
    return 0;
}

int ed_app_cycle_timing(ed_app *app)
{
    return ed_app_set_timing(app, (cp_timing)(((int)app->cur.doc.options.timing + 1) % 3));
}

/* ---- options --------------------------------------------------------------------------------- */

int ed_app_set_interp(ed_app *app, cp_interp interp)
{
    if (ed_app_check_prompt(app))
        return -1;
    if (!cp_interp_name(interp)) {
        ed_app_message(app, 1, "unknown interpolation %d", (int)interp);
        return -1;
    }
    const cp_path_options *o = &app->cur.doc.options;
    if (o->position == interp && o->rotation == interp && o->fov == interp) {
        ed_app_message(app, 0, "interpolation is already %s", cp_interp_name(interp));
        return 0;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    work.options.position = work.options.rotation = work.options.fov = interp;
    if (ed_app_commit(app, &work, app->cur.selected, 0))
        return -1;
    ed_app_message(app, 0, "interpolation: %s", cp_interp_name(interp));
    return 0;
}

int ed_app_cycle_interp(ed_app *app)
{
    static const cp_interp order[] = {CP_INTERP_C2, CP_INTERP_BISECTOR, CP_INTERP_CATMULL_ROM, CP_INTERP_LINEAR};
    size_t n = sizeof order / sizeof order[0], i = 0;
    while (i < n && order[i] != app->cur.doc.options.position)
        i++;
    /* from one that is not in the cycle (step, read from a file) it starts over at C2 */
    return ed_app_set_interp(app, order[i < n ? (i + 1) % n : 0]);
}

int ed_app_set_ends(ed_app *app, cp_ends ends)
{
    if (ed_app_check_prompt(app))
        return -1;
    if (!cp_ends_name(ends)) {
        ed_app_message(app, 1, "unknown ends %d", (int)ends);
        return -1;
    }
    if (app->cur.doc.options.ends == ends) {
        ed_app_message(app, 0, "ends are already %s", cp_ends_name(ends));
        return 0;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    work.options.ends = ends;
    if (ends != CP_ENDS_CLOSED)
        work.options.period = 0;
    if (ed_app_commit(app, &work, app->cur.selected, 0))
        return -1;
    if (ed_ends_matter(&app->cur.doc.options))
        ed_app_message(app, 0, "ends: %s", cp_ends_name(ends));
    else
        ed_app_message(app, 0, "ends: %s (no effect on %s curves: only a closed loop changes them)", cp_ends_name(ends),
                       cp_interp_name(app->cur.doc.options.position));
    return 0;
}

int ed_app_cycle_ends(ed_app *app)
{
    return ed_app_set_ends(app, (cp_ends)(((int)app->cur.doc.options.ends + 1) % 3));
}

/* ---- undo and redo ----------------------------------------------------------------------------- */

static int undo_redo(ed_app *app, int redo)
{
    if (ed_app_check_prompt(app))
        return -1;
    int rc = redo ? ed_history_redo(&app->history, &app->cur) : ed_history_undo(&app->history, &app->cur);
    if (rc != 0) {
        ed_app_message(app, 1, redo ? "nothing to redo" : "nothing to undo");
        return -1;
    }
    ed_app_rebuild_path(app);
    ed_app_message(app, 0, redo ? "redone (%zu %s)" : "undone (%zu %s)", app->cur.doc.count,
                   ed_keys_word(app->cur.doc.count));
    return 0;
}

int ed_app_undo(ed_app *app) { return undo_redo(app, 0); }
int ed_app_redo(ed_app *app) { return undo_redo(app, 1); }

/* ---- comparing documents ------------------------------------------------------------------------ */

static int str_equal(const char *a, const char *b) { return a == b || (a && b && strcmp(a, b) == 0); }

int ed_doc_equal(const cp_document *a, const cp_document *b)
{
    if (a->count != b->count || !str_equal(a->name, b->name) || !str_equal(a->scene, b->scene) ||
        !str_equal(a->extras, b->extras))
        return 0;
    const cp_path_options *p = &a->options, *q = &b->options;
    if (p->position != q->position || p->rotation != q->rotation || p->fov != q->fov || p->ends != q->ends ||
        (p->ends == CP_ENDS_CLOSED && p->period != q->period) || p->timing != q->timing ||
        p->orientation != q->orientation)
        return 0;
    for (size_t i = 0; i < a->count; i++) {
        const cp_key *x = &a->keys[i], *y = &b->keys[i];
        if (x->time != y->time || x->fov != y->fov || x->position.x != y->position.x ||
            x->position.y != y->position.y || x->position.z != y->position.z || x->rotation.x != y->rotation.x ||
            x->rotation.y != y->rotation.y || x->rotation.z != y->rotation.z || x->rotation.w != y->rotation.w)
            return 0;
        /* the optional members too: a hold or a focus changed on disk is a change */
        if (x->flags != y->flags || ((x->flags & CP_KEY_HOLD) && x->hold != y->hold) || x->focus != y->focus ||
            x->aperture != y->aperture || x->roll != y->roll || x->target.x != y->target.x ||
            x->target.y != y->target.y || x->target.z != y->target.z)
            return 0;
        const char *ex = a->key_extras ? a->key_extras[i] : NULL, *ey = b->key_extras ? b->key_extras[i] : NULL;
        if (!str_equal(ex, ey))
            return 0;
    }
    return 1;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/doc.c - the document, its path, its history and the edit protocol. */
#include "doc.h"
#include "diff.h"
#include "refusal.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

void ed_doc_init(ed_doc *d)
{
    memset(d, 0, sizeof *d);
    d->cur.selected = -1;
    d->cur.doc.options.timing = CP_TIMING_SMOOTH; /* as a new file gets */
    d->next_revision = 1;
    d->retime_background = ED_RETIME_BACKGROUND;
}

void ed_doc_free(ed_doc *d)
{
    if (d->retimer) {
        char err[8];
        cp_path_destroy(ed_retimer_finish(d->retimer, err, sizeof err));
    }
    cp_path_destroy(d->path);
    ed_state_free(&d->cur);
    ed_state_free(&d->live.origin);
    ed_history_free(&d->history);
    memset(d, 0, sizeof *d);
}

/* ---- the keys -------------------------------------------------------------------------------- */

static double span(const cp_document *d)
{
    return d->count >= 2 ? ed_doc_key_end(&d->keys[d->count - 1]) - d->keys[0].time : 0;
}

double ed_doc_start(const ed_doc *d) { return d->path ? cp_path_start(d->path) : 0.0; }
double ed_doc_duration(const ed_doc *d) { return d->path ? cp_path_duration(d->path) : 0.0; }

static int str_equal(const char *a, const char *b) { return a == b || (a && b && strcmp(a, b) == 0); }

static int band_equal(cp_shake_band a, cp_shake_band b) { return a.amplitude == b.amplitude && a.frequency == b.frequency; }

static int shake_equal(const cp_shake *a, const cp_shake *b)
{
    return a->seed == b->seed && band_equal(a->position, b->position) && band_equal(a->rotation, b->rotation) &&
           band_equal(a->fov, b->fov);
}

int ed_doc_equal(const cp_document *a, const cp_document *b)
{
    if (a->count != b->count || !str_equal(a->name, b->name) || !str_equal(a->scene, b->scene) ||
        !str_equal(a->extras, b->extras))
        return 0;
    const cp_path_options *p = &a->options, *q = &b->options;
    if (p->position != q->position || p->rotation != q->rotation || p->fov != q->fov || p->ends != q->ends ||
        (p->ends == CP_ENDS_CLOSED && p->period != q->period) || p->timing != q->timing ||
        p->orientation != q->orientation || p->dolly_zoom != q->dolly_zoom ||
        p->max_angular_speed != q->max_angular_speed || !shake_equal(&p->shake, &q->shake))
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
            x->target.y != y->target.y || x->target.z != y->target.z || x->frame_width != y->frame_width ||
            ((x->flags & CP_KEY_SHAKE_SCALE) && x->shake_scale != y->shake_scale) || x->ease[0] != y->ease[0] ||
            x->ease[1] != y->ease[1])
            return 0;
        const char *ex = a->key_extras ? a->key_extras[i] : NULL, *ey = b->key_extras ? b->key_extras[i] : NULL;
        if (!str_equal(ex, ey))
            return 0;
    }
    return 1;
}

int ed_doc_ends_matter(const cp_path_options *o)
{
    /* smooth timing's warp starts and stops at rest with rest ends, whatever the curves */
    if (o->ends == CP_ENDS_CLOSED || o->timing != CP_TIMING_KEYS)
        return 1;
    cp_interp c[3] = {o->position, o->rotation, o->fov};
    for (int i = 0; i < 3; i++)
        if (c[i] != CP_INTERP_LINEAR && c[i] != CP_INTERP_STEP)
            return 1;
    return 0;
}

int ed_doc_time_is_free(const ed_doc *d, ed_base *b, size_t i)
{
    const cp_document *doc = &d->cur.doc;
    if (doc->options.timing != CP_TIMING_CONSTANT_SPEED || i == 0 || i + 1 >= doc->count)
        return 0;
    ed_base_message(b, 1, "key %zu's time follows from the path's shape (constant-speed timing): set the timing "
                          "to smooth (Shift+T) to time keys by hand", i);
    return -1;
}

/* ---- the selection ---------------------------------------------------------------------------- */

int ed_doc_chosen(const ed_doc *d, size_t i)
{
    return d->cur.sel.count ? ed_sel_has(&d->cur.sel, i) : (long)i == d->cur.selected;
}

size_t ed_doc_chosen_count(const ed_doc *d) { return d->cur.sel.count ? d->cur.sel.count : d->cur.selected >= 0; }

int ed_doc_transformed(const ed_doc *d, size_t i) { return ed_doc_chosen_count(d) == 0 || ed_doc_chosen(d, i); }

cp_vec3 ed_doc_centre(const ed_doc *d, const cp_document *keys)
{
    cp_vec3 c = cp_vec3_make(0, 0, 0);
    size_t n = 0;
    for (size_t i = 0; i < keys->count; i++)
        if (ed_doc_transformed(d, i)) {
            c = cp_vec3_add(c, keys->keys[i].position);
            n++;
        }
    return n ? cp_vec3_scale(c, 1.0 / (double)n) : c;
}

int ed_doc_need_selection(const ed_doc *d, ed_base *b)
{
    if (d->cur.selected >= 0 && (size_t)d->cur.selected < d->cur.doc.count)
        return 0;
    ed_base_message(b, 1, "select a key first ([ and ], or click its marker)");
    return -1;
}

/* ---- changing it ----------------------------------------------------------------------------- */

int ed_doc_copy(const ed_doc *d, ed_base *b, cp_document *work)
{
    memset(work, 0, sizeof *work);
    cp_error err;
    if (cp_document_copy(work, &d->cur.doc, &err) != CP_OK) {
        ed_base_message(b, 1, "%s", err.message);
        return -1;
    }
    return 0;
}

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

static void clamp(ed_doc *d, ed_base *b);

/* Replaces the path with p (NULL: none) and takes what it computed. */
static void set_path(ed_doc *d, cp_path *p)
{
    cp_path_destroy(d->path);
    d->path = p;
    d->path_serial++;
    d->change.to = 0;
    take_times(&d->cur.doc, p);
}

/* The path for `to` made from d->path, which was built for `from`, by
 * cp_path_update when they differ in one run of keys alone: p, with
 * `changed` the span it moved (d->path is then freed or is p: install it
 * with set_updated at once). NULL with *tried 0 when that cannot be, with
 * *tried 1 and `err` when the update refused the keys (d->path unchanged). */
static cp_path *update(ed_doc *d, const cp_document *from, const cp_document *to, double changed[2], int *tried,
                       cp_error *err)
{
    size_t first, count;
    *tried = 0;
    if (!d->path || to->count < 2 || !ed_diff_key_run(from, to, &first, &count))
        return NULL;
    *tried = 1;
    return cp_path_update(d->path, first, to->keys + first, count, changed, err);
}

/* Installs p, which cp_path_update made of d->path (and freed it unless it is p). */
static void set_updated(ed_doc *d, cp_path *p, const double changed[2])
{
    d->path = p;
    d->change.from = d->path_serial;
    d->change.to = ++d->path_serial;
    d->change.span[0] = changed[0];
    d->change.span[1] = changed[1];
    take_times(&d->cur.doc, p);
}

int ed_doc_changed_since(const ed_doc *d, unsigned long serial, double span[2])
{
    if (!d->path || serial == 0 || d->change.to == 0 || d->change.to != d->path_serial || d->change.from != serial)
        return 0;
    span[0] = d->change.span[0];
    span[1] = d->change.span[1];
    return 1;
}

/* The path for the document again after it changed from `from` (which the
 * path was built for): updated where it can be, else built whole (rebuild). */
static int rebuild_from(ed_doc *d, ed_base *b, const cp_document *from);
/* The same when the document changed in keys [first, first + count) alone
 * (where the two differ, as ed_diff_key_run finds it). */
static void rebuild_run(ed_doc *d, ed_base *b, size_t first, size_t count);

static int rebuild(ed_doc *d, ed_base *b)
{
    cp_path *p = NULL;
    int rc = 0;
    if (d->cur.doc.count >= 2) {
        cp_error err;
        p = cp_document_to_path(&d->cur.doc, &err);
        if (!p) {
            char why[sizeof b->message];
            ed_refusal_text(&err, &d->cur.doc, why, sizeof why);
            ed_base_message(b, 1, "%s", why);
            rc = -1;
        }
    }
    set_path(d, p);
    clamp(d, b);
    return rc;
}

void ed_doc_seek(const ed_doc *d, ed_base *b, double time)
{
    if (d->path)
        ed_base_seek(b, d->path, time);
    else if (isfinite(time))
        b->playhead = d->cur.doc.count ? d->cur.doc.keys[0].time : 0.0;
}

static void clamp(ed_doc *d, ed_base *b)
{
    ed_state *s = &d->cur;
    long n = (long)s->doc.count;
    /* a selection made for other keys (a state built without one) starts over as the active key alone */
    if (s->sel.n != s->doc.count) {
        ed_sel_reset(&s->sel, s->doc.count);
        if (s->selected >= 0 && s->selected < n && ed_sel_set(&s->sel, (size_t)s->selected, 1))
            s->selected = -1;
    }
    if (s->selected >= n || s->selected < -1)
        s->selected = -1;
    if (s->selected >= 0 && !ed_sel_has(&s->sel, (size_t)s->selected))
        s->selected = (long)ed_sel_next(&s->sel, 0) < n ? (long)ed_sel_next(&s->sel, 0) : -1;
    ed_doc_seek(d, b, b->playhead);
}

/* The selection a commit gives the new document when none is given. */
static int default_selection(const ed_doc *d, const cp_document *work, long selected, ed_sel *out)
{
    memset(out, 0, sizeof *out);
    if (work->count == d->cur.doc.count && selected == d->cur.selected)
        return ed_sel_copy(out, &d->cur.sel);
    ed_sel_reset(out, work->count);
    return selected >= 0 && (size_t)selected < work->count ? ed_sel_set(out, (size_t)selected, 1) : 0;
}

/* Frees what a failed commit was given, with a message; returns -1. */
static int refuse(ed_base *b, cp_document *work, ed_sel *sel, const char *why)
{
    ed_base_message(b, 1, "%s", why);
    ed_sel_free(sel);
    cp_document_free(work);
    return -1;
}

/* The state last made takes its name from the first message after it: the
 * edit's own ("key 3 deleted"), up to any parenthesis. */
static void name_state(ed_doc *d, ed_base *b)
{
    if (!d->naming || b->capture)
        return;
    d->naming = 0;
    if (b->captured_error)
        return;
    size_t n = strcspn(b->captured, "(");
    while (n > 0 && (b->captured[n - 1] == ' ' || b->captured[n - 1] == ':' || b->captured[n - 1] == ','))
        n--;
    if (n >= sizeof d->cur.what)
        n = sizeof d->cur.what - 1;
    memcpy(d->cur.what, b->captured, n);
    d->cur.what[n] = '\0';
}

static void naming(ed_doc *d, ed_base *b)
{
    d->cur.what[0] = '\0';
    d->naming = 1;
    b->capture = 1;
}

const char *ed_doc_stepped(const ed_doc *d, int redo)
{
    if (redo)
        return d->cur.what;
    return d->history.redo_count ? d->history.redo[d->history.redo_count - 1].what : "";
}

int ed_doc_commit(ed_doc *d, ed_base *b, cp_document *work, ed_sel *sel, long selected,
                  const cp_recorder_options *closing)
{
    name_state(d, b);
    ed_sel given = {0};
    if (sel) {
        given = *sel;
        memset(sel, 0, sizeof *sel);
    } else if (default_selection(d, work, selected, &given)) {
        return refuse(b, work, &given, "out of memory for the selection: the edit was not made");
    }
    if (closing && work->options.ends == CP_ENDS_CLOSED && work->count >= 2) {
        const cp_document *old = &d->cur.doc;
        double gap = old->options.ends == CP_ENDS_CLOSED && old->count >= 2 ? old->options.period - span(old)
                                                                             : 0;
        if (!(gap > 0)) {
            const cp_key *last = &work->keys[work->count - 1], *first = &work->keys[0];
            gap = cp_recorder_gap(closing, last->position, last->rotation, first->position, first->rotation, 0.0);
        }
        work->options.period = span(work) + gap;
    }
    /* room in the history first: past the path's update nothing may fail, as
       the update may change the path in place */
    if (ed_history_reserve(&d->history) != 0)
        return refuse(b, work, &given, "out of memory for undo: the edit was not made");
    cp_path *p = NULL;
    double changed[2];
    int updated = 0;
    if (work->count >= 2) {
        cp_error err;
        p = update(d, &d->cur.doc, work, changed, &updated, &err);
        if (!updated)
            p = cp_document_to_path(work, &err);
        if (!p) {
            char why[sizeof b->message];
            ed_refusal_text(&err, work, why, sizeof why);
            return refuse(b, work, &given, why);
        }
        if (updated)
            d->path = p; /* the old one may be gone: p is the path now */
    }
    ed_state previous = d->cur;
    if (ed_history_push(&d->history, &previous) != 0)
        ed_state_free(&previous); /* cannot be (ed_history_reserve made room); were it, no undo step */
    d->cur.doc = *work;
    memset(work, 0, sizeof *work);
    d->cur.sel = given;
    d->cur.selected = selected;
    d->cur.revision = d->next_revision++;
    naming(d, b);
    if (updated)
        set_updated(d, p, changed);
    else
        set_path(d, p);
    clamp(d, b);
    return 0;
}

/* ---- an edit of one run of keys ------------------------------------------------------------------- */

/* Whether a path built for doc writes back into its keys (take_times): a
 * change of a run may then change keys beyond it. */
static int takes_keys(const cp_document *doc)
{
    return doc->options.timing == CP_TIMING_CONSTANT_SPEED || doc->options.orientation == CP_ORIENTATION_LOOK_AT;
}

/* Narrows the run [*first, *first + *count) whose new keys are *keys to
 * where they differ from doc's, as ed_diff_key_run finds it (first 0, count
 * 0 when nowhere). */
static void narrow(const cp_document *doc, size_t *first, size_t *count, const cp_key **keys)
{
    size_t a = 0, e = *count;
    while (a < e && memcmp(&doc->keys[*first + a], &(*keys)[a], sizeof **keys) == 0)
        a++;
    while (e > a && memcmp(&doc->keys[*first + e - 1], &(*keys)[e - 1], sizeof **keys) == 0)
        e--;
    if (a == e) {
        *first = 0;
        *count = 0;
        *keys = doc->keys;
        return;
    }
    *first += a;
    *keys += a;
    *count = e - a;
}

static int run_fits(const cp_document *doc, ed_base *b, size_t first, size_t count)
{
    if (first <= doc->count && count <= doc->count - first)
        return 0;
    ed_base_message(b, 1, "keys %zu to %zu are past the path's %zu keys: the edit was not made", first,
                    first + count - 1, doc->count);
    return -1;
}

/* The whole document's way: a copy with the run replaced, committed. */
static int commit_whole(ed_doc *d, ed_base *b, size_t first, size_t count, const cp_key *keys, long selected,
                        const cp_recorder_options *closing)
{
    cp_document work;
    if (ed_doc_copy(d, b, &work))
        return -1;
    if (count)
        memcpy(work.keys + first, keys, count * sizeof *keys);
    return ed_doc_commit(d, b, &work, NULL, selected, closing);
}

int ed_doc_commit_keys(ed_doc *d, ed_base *b, size_t first, size_t count, const cp_key *keys, long selected,
                       const cp_recorder_options *closing)
{
    const cp_document *doc = &d->cur.doc;
    if (run_fits(doc, b, first, count))
        return -1;
    /* a path that writes back into its keys, or a loop whose closing segment
       is timed anew, may change more than the run: those take the whole way */
    if (!d->path || doc->count < 2 || takes_keys(doc) || (closing && doc->options.ends == CP_ENDS_CLOSED))
        return commit_whole(d, b, first, count, keys, selected, closing);
    name_state(d, b);
    size_t a = first, c = count;
    const cp_key *k = keys;
    narrow(doc, &a, &c, &k);
    ed_state previous;
    memset(&previous, 0, sizeof previous);
    ed_sel given;
    if (default_selection(d, doc, selected, &given) || (c && !(previous.run.keys = malloc(c * sizeof *k))) ||
        ed_history_reserve(&d->history) != 0) {
        free(previous.run.keys);
        ed_sel_free(&given);
        ed_base_message(b, 1, "out of memory for undo: the edit was not made");
        return -1;
    }
    cp_error err;
    double changed[2];
    cp_path *p = cp_path_update(d->path, a, k, c, changed, &err);
    if (!p) {
        /* refused: the whole way refuses it too, and says why in the user's terms */
        free(previous.run.keys);
        ed_sel_free(&given);
        return commit_whole(d, b, first, count, keys, selected, closing);
    }
    d->path = p; /* the old one may be gone: p is the path now */
    previous.run.delta = 1;
    previous.run.first = a;
    previous.run.count = c;
    if (c)
        memcpy(previous.run.keys, doc->keys + a, c * sizeof *k);
    previous.sel = d->cur.sel;
    previous.selected = d->cur.selected;
    previous.revision = d->cur.revision;
    memcpy(previous.what, d->cur.what, sizeof previous.what);
    memset(&d->cur.sel, 0, sizeof d->cur.sel);
    if (ed_history_push(&d->history, &previous) != 0)
        ed_state_free(&previous); /* cannot be (ed_history_reserve made room); were it, no undo step */
    if (c)
        memcpy(d->cur.doc.keys + a, k, c * sizeof *k);
    d->cur.sel = given;
    d->cur.selected = selected;
    d->cur.revision = d->next_revision++;
    naming(d, b);
    set_updated(d, p, changed);
    clamp(d, b);
    return 0;
}

int ed_doc_replace(ed_doc *d, ed_base *b, cp_document *doc)
{
    ed_history_free(&d->history);
    cp_document_free(&d->cur.doc);
    d->cur.doc = *doc;
    memset(doc, 0, sizeof *doc);
    d->cur.selected = -1;
    ed_sel_reset(&d->cur.sel, d->cur.doc.count);
    d->cur.revision = d->next_revision++;
    return rebuild(d, b);
}

int ed_doc_undo(ed_doc *d, ed_base *b, int redo)
{
    name_state(d, b);
    int rc = redo ? ed_history_redo(&d->history, &d->cur) : ed_history_undo(&d->history, &d->cur);
    if (rc != 0)
        return -1;
    /* the state left is the one the path was built for */
    const ed_history *h = &d->history;
    const ed_state *left = redo ? &h->undo[h->undo_count - 1] : &h->redo[h->redo_count - 1];
    if (left->run.delta)
        rebuild_run(d, b, left->run.first, left->run.count);
    else
        rebuild_from(d, b, &left->doc);
    return 0;
}

static void rebuild_run(ed_doc *d, ed_base *b, size_t first, size_t count)
{
    cp_error err;
    double changed[2];
    cp_path *p = d->path && d->cur.doc.count >= 2
                     ? cp_path_update(d->path, first, d->cur.doc.keys + first, count, changed, &err)
                     : NULL;
    if (!p) {
        rebuild(d, b); /* also when the update refused: the whole build says why */
        return;
    }
    set_updated(d, p, changed);
    clamp(d, b);
}

static int rebuild_from(ed_doc *d, ed_base *b, const cp_document *from)
{
    cp_error err;
    double changed[2];
    int tried;
    cp_path *p = update(d, from, &d->cur.doc, changed, &tried, &err);
    if (!p)
        return rebuild(d, b); /* also when the update refused: the whole build says why */
    set_updated(d, p, changed);
    clamp(d, b);
    return 0;
}

/* ---- an edit that follows the mouse ---------------------------------------------------------------- */

int ed_doc_live_begin(ed_doc *d, ed_base *b)
{
    if (d->live.active)
        return 0;
    name_state(d, b);
    cp_error err;
    memset(&d->live.origin, 0, sizeof d->live.origin);
    if (cp_document_copy(&d->live.origin.doc, &d->cur.doc, &err) != CP_OK ||
        ed_sel_copy(&d->live.origin.sel, &d->cur.sel) != 0) {
        ed_state_free(&d->live.origin);
        ed_base_message(b, 1, "out of memory: cannot start the drag");
        return -1;
    }
    d->live.origin.selected = d->cur.selected;
    d->live.origin.revision = d->cur.revision;
    memcpy(d->live.origin.what, d->cur.what, sizeof d->cur.what);
    d->live.serial = b->message_serial;
    d->live.active = 1;
    d->live.changed = 0;
    d->live.span[0] = d->live.span[1] = 0;
    d->live.whole = 0;
    return 0;
}

const cp_document *ed_doc_live_origin(const ed_doc *d) { return d->live.active ? &d->live.origin.doc : NULL; }

int ed_doc_live_work(ed_doc *d, ed_base *b, cp_document *work)
{
    memset(work, 0, sizeof *work);
    if (!d->live.active && ed_doc_live_begin(d, b))
        return -1;
    cp_error err;
    if (cp_document_copy(work, &d->live.origin.doc, &err) != CP_OK) {
        ed_base_message(b, 1, "%s", err.message);
        return -1;
    }
    return 0;
}

int ed_doc_live_update(ed_doc *d, ed_base *b, cp_document *work)
{
    if (!d->live.active) {
        cp_document_free(work);
        return -1;
    }
    cp_error err;
    double changed[2];
    int updated = 0;
    cp_path *p = update(d, &d->cur.doc, work, changed, &updated, &err);
    if (!updated && work->count >= 2)
        p = cp_document_to_path(work, &err);
    if (work->count >= 2 && !p) {
        /* the last good state stays on screen */
        char why[sizeof b->message];
        ed_refusal_text(&err, work, why, sizeof why);
        ed_base_message(b, 1, "%s", why);
        cp_document_free(work);
        return -1;
    }
    if (updated)
        d->path = p; /* the old one may be gone: p is the path now */
    cp_document_free(&d->cur.doc);
    d->cur.doc = *work;
    memset(work, 0, sizeof *work);
    if (updated)
        set_updated(d, p, changed);
    else
        set_path(d, p);
    d->live.changed = 1;
    d->live.whole = 1;
    return 0;
}

/* The whole document's way of a step: the origin copied, the run replaced. */
static int live_whole(ed_doc *d, ed_base *b, size_t first, size_t count, const cp_key *keys)
{
    cp_document work;
    if (ed_doc_live_work(d, b, &work))
        return -1;
    if (count)
        memcpy(work.keys + first, keys, count * sizeof *keys);
    return ed_doc_live_update(d, b, &work);
}

int ed_doc_live_update_keys(ed_doc *d, ed_base *b, size_t first, size_t count, const cp_key *keys)
{
    if (!d->live.active && ed_doc_live_begin(d, b))
        return -1;
    const cp_document *o = &d->live.origin.doc;
    cp_document *doc = &d->cur.doc;
    if (run_fits(o, b, first, count))
        return -1;
    if (d->live.whole || !d->path || doc->count < 2 || doc->count != o->count || takes_keys(doc))
        return live_whole(d, b, first, count, keys);
    /* the keys that may differ from the document shown: this step's and the last one's */
    size_t lo = first, hi = first + count;
    if (d->live.span[1] > d->live.span[0]) {
        lo = d->live.span[0] < lo ? d->live.span[0] : lo;
        hi = d->live.span[1] > hi ? d->live.span[1] : hi;
    }
    cp_key *run = hi > lo ? malloc((hi - lo) * sizeof *run) : NULL;
    if (hi > lo && !run) {
        ed_base_message(b, 1, "out of memory: the drag stopped");
        return -1;
    }
    if (hi > lo) {
        memcpy(run, o->keys + lo, (hi - lo) * sizeof *run);
        if (count)
            memcpy(run + (first - lo), keys, count * sizeof *keys);
    }
    size_t a = lo, c = hi - lo;
    const cp_key *k = run;
    if (c)
        narrow(doc, &a, &c, &k);
    else
        a = 0, k = doc->keys;
    cp_error err;
    double changed[2];
    cp_path *p = cp_path_update(d->path, a, k, c, changed, &err);
    if (!p) {
        free(run);
        return live_whole(d, b, first, count, keys); /* refused there too, with the message */
    }
    d->path = p; /* the old one may be gone: p is the path now */
    if (c)
        memcpy(doc->keys + a, k, c * sizeof *k);
    free(run);
    d->live.span[0] = first;
    d->live.span[1] = first + count;
    set_updated(d, p, changed);
    d->live.changed = 1;
    return 0;
}

/* Puts the state of the drag's start back as the current one (its selection too). */
static void restore(ed_doc *d)
{
    long active = d->cur.selected;
    ed_sel sel = d->cur.sel;
    memset(&d->cur.sel, 0, sizeof d->cur.sel);
    ed_state_free(&d->cur);
    d->cur = d->live.origin;
    memset(&d->live.origin, 0, sizeof d->live.origin);
    /* a drag changes no key count: the selection made during it stays */
    if (sel.n == d->cur.doc.count) {
        ed_sel_free(&d->cur.sel);
        d->cur.sel = sel;
        d->cur.selected = active;
    } else {
        ed_sel_free(&sel);
    }
}

int ed_doc_live_end(ed_doc *d, ed_base *b)
{
    if (!d->live.active)
        return 0;
    d->live.active = 0;
    if (!d->live.changed) {
        ed_state_free(&d->live.origin);
        return 0;
    }
    /* the state of the drag's start goes to the history as the edit's "before" */
    ed_state before = d->live.origin;
    memset(&d->live.origin, 0, sizeof d->live.origin);
    if (ed_history_push(&d->history, &before) != 0) {
        d->live.origin = before;
        d->live.active = 1;
        ed_doc_live_cancel(d, b);
        ed_base_message(b, 1, "out of memory for undo: the drag was undone");
        return -1;
    }
    d->cur.revision = d->next_revision++;
    /* named by the drag's last message ("key 2 at 3.40 s"), or by the next one */
    naming(d, b);
    if (b->message_serial != d->live.serial) {
        b->capture = 0;
        memcpy(b->captured, b->message, sizeof b->captured);
        b->captured_error = b->message_error;
        name_state(d, b);
    } else {
        b->capture = 0;
        snprintf(d->cur.what, sizeof d->cur.what, "a drag");
        d->naming = 0;
    }
    clamp(d, b);
    return 0;
}

void ed_doc_live_cancel(ed_doc *d, ed_base *b)
{
    if (!d->live.active)
        return;
    d->live.active = 0;
    /* the keys shown, which the path was built for, against those put back */
    cp_document shown = d->cur.doc;
    memset(&d->cur.doc, 0, sizeof d->cur.doc);
    restore(d);
    rebuild_from(d, b, &shown);
    cp_document_free(&shown);
}

/* ---- a retime under way --------------------------------------------------------------------------- */

int ed_doc_retime(ed_doc *d, ed_base *b, double duration)
{
    if (!d->path) {
        ed_base_message(b, 1, "retime needs at least 2 keys");
        return -1;
    }
    if (d->retimer) {
        ed_base_message(b, 1, "already retiming: one retime at a time");
        return -1;
    }
    char err[256];
    d->retimer = ed_retimer_start(&d->cur.doc, d->cur.revision, duration, err, sizeof err);
    if (!d->retimer) {
        ed_base_message(b, 1, "%s", err);
        return -1;
    }
    if (d->cur.doc.count >= d->retime_background) {
        char line[256];
        ed_retimer_describe(d->retimer, line, sizeof line);
        ed_base_message(b, 0, "%s (the editor goes on; edits made meanwhile cancel it)", line);
        return 0;
    }
    return ed_doc_wait_retime(d, b);
}

int ed_doc_poll_retime(ed_doc *d, ed_base *b)
{
    /* the keys a drag holds are not pulled from under it: its end drops or takes the result */
    if (!d->retimer || !ed_retimer_done(d->retimer) || d->live.active)
        return 0;
    const unsigned long revision = ed_retimer_revision(d->retimer);
    char why[256];
    cp_path *retimed = ed_retimer_finish(d->retimer, why, sizeof why);
    d->retimer = NULL;
    if (!retimed) {
        char plain[sizeof b->message];
        ed_refusal_plain(why, plain, sizeof plain);
        ed_base_message(b, 1, "%s", plain);
        return -1;
    }
    cp_document work;
    if (revision != d->cur.revision) {
        cp_path_destroy(retimed);
        ed_base_message(b, 1, "retime dropped: the path changed while it was being retimed (retime again)");
        return -1;
    }
    if (ed_base_check_prompt(b) || ed_doc_copy(d, b, &work)) {
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
    if (ed_doc_commit(d, b, &work, NULL, d->cur.selected, NULL))
        return -1;
    if (d->cur.doc.options.timing == CP_TIMING_CONSTANT_SPEED)
        ed_base_message(b, 0, "retimed to constant speed over %.2f s: the timing is constant-speed (Shift+T changes it)",
                        ed_doc_duration(d));
    else
        ed_base_message(b, 0, "retimed to constant speed over %.2f s", ed_doc_duration(d));
    return 1;
}

int ed_doc_wait_retime(ed_doc *d, ed_base *b)
{
    if (d->retimer)
        ed_retimer_wait(d->retimer, 1e300);
    return ed_doc_poll_retime(d, b) < 0 ? -1 : 0;
}

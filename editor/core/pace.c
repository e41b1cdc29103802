/* SPDX-License-Identifier: MIT */
/* editor/core/pace.c - the duration of the path or the selection, and the speed set at a segment or a key. */
#include "pace.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app_impl.h"
#include "refusal.h"
#include "trace.h"

static double hold_of(const cp_key *k) { return (k->flags & CP_KEY_HOLD) ? k->hold : 0.0; }

/* ---- duration -------------------------------------------------------------------------------------- */

int ed_pace_span(const ed_app *app, size_t *first, size_t *last, int *whole)
{
    const ed_doc *d = &app->doc;
    const size_t n = d->cur.doc.count;
    if (!d->path || n < 2)
        return -1;
    *first = 0, *last = n - 1;
    if (d->cur.sel.count >= 2) {
        size_t lo = n, hi = 0;
        for (size_t i = 0; i < n; i++)
            if (ed_sel_has(&d->cur.sel, i)) {
                lo = i < lo ? i : lo;
                hi = i;
            }
        *first = lo, *last = hi;
    }
    *whole = *first == 0 && *last + 1 == n;
    return 0;
}

double ed_pace_span_seconds(const ed_app *app)
{
    size_t a, b;
    int whole;
    if (ed_pace_span(app, &a, &b, &whole))
        return 0;
    const cp_key *k = app->doc.cur.doc.keys;
    return whole ? ed_doc_duration(&app->doc) : k[b].time - k[a].time;
}

/* The times (and period) of the library's path `p` into work. */
static void take(cp_document *work, const cp_path *p)
{
    const cp_key *k = cp_path_keys(p);
    for (size_t i = 0; i < work->count; i++)
        work->keys[i].time = k[i].time;
    work->options.period = cp_path_get_options(p).period;
}

/* The keys first..last of `from` (the path of work's keys) retimed to span `seconds` into work. */
static int retime_span(ed_app *app, const cp_path *from, size_t first, size_t last, double seconds,
                       cp_document *work)
{
    cp_error err;
    cp_path *p = cp_path_retime_duration(from, first, last, seconds, &err);
    if (!p) {
        char plain[sizeof app->base.message];
        const size_t f = strlen(err.field);
        /* the library's message begins with its field: "duration: ..." */
        const int named = f && strncmp(err.message, err.field, f) == 0 && err.message[f] == ':';
        ed_refusal_plain(named ? err.message + f + 2 : err.message, plain, sizeof plain);
        if (strcmp(err.field, "duration") == 0)
            ed_app_message(app, 1, "a duration of %s: type a longer duration, or shorten the holds", plain);
        else
            ed_app_message(app, 1, "%s", plain);
        return -1;
    }
    take(work, p);
    cp_path_destroy(p);
    return 0;
}

int ed_pace_duration(ed_app *app, double seconds)
{
    if (ed_app_ready(app))
        return -1;
    size_t a, b;
    int whole;
    if (ed_pace_span(app, &a, &b, &whole)) {
        ed_app_message(app, 1, "duration needs a path of 2 keys or more (record with F2)");
        return -1;
    }
    if (!(seconds > 0) || !isfinite(seconds)) {
        ed_app_message(app, 1, "duration: %.2f is not a number of seconds above 0: type the duration in seconds",
                       seconds);
        return -1;
    }
    if (!whole && app->doc.cur.doc.options.timing == CP_TIMING_CONSTANT_SPEED) {
        ed_app_message(app, 1, "duration of keys %zu..%zu: in constant-speed timing the inner keys' times follow from "
                               "the shape; select none or one key to set the whole path's, or change the timing "
                               "(Shift+T)", a, b);
        return -1;
    }
    const double was = ed_pace_span_seconds(app);
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    if (retime_span(app, app->doc.path, a, b, seconds, &work)) {
        cp_document_free(&work);
        return -1;
    }
    if (ed_app_commit(app, &work, app->doc.cur.selected, 1))
        return -1;
    if (whole)
        ed_app_message(app, 0, "the path's duration %.2f s (was %.2f s; holds kept)", ed_doc_duration(&app->doc), was);
    else
        ed_app_message(app, 0, "keys %zu..%zu span %.2f s (was %.2f s; holds kept, the later keys moved %+.2f s)", a,
                       b, seconds, was, seconds - was);
    return 0;
}

int ed_pace_drag_duration(ed_app *app, double delta)
{
    size_t a, b;
    int whole;
    if (ed_pace_span(app, &a, &b, &whole))
        return -1;
    cp_document work;
    if (ed_drag_work(app, &work))
        return -1;
    cp_error err;
    cp_path *origin = cp_document_to_path(&work, &err);
    if (!origin) {
        cp_document_free(&work);
        return -1;
    }
    const double was = whole ? cp_path_duration(origin) : work.keys[b].time - work.keys[a].time;
    double holds = 0;
    for (size_t i = a; i < b || (whole && i == b); i++)
        holds += hold_of(&work.keys[i]);
    /* no shorter than the holds and a hundredth of a second a segment */
    const double want = fmax(was + delta, holds + ED_TIME_MARGIN * (double)(b - a + 1));
    cp_path *p = cp_path_retime_duration(origin, a, b, want, &err);
    cp_path_destroy(origin);
    if (!p) {
        char plain[sizeof app->base.message];
        ed_refusal_plain(err.message, plain, sizeof plain);
        ed_app_message(app, 1, "%s", plain);
        cp_document_free(&work);
        return -1;
    }
    take(&work, p);
    cp_path_destroy(p);
    ed_app_message(app, 0, "%s %.3f s (was %.3f s)", whole ? "the path's duration" : "the selected keys span", want, was);
    return ed_doc_live_update(&app->doc, &app->base, &work);
}

/* ---- speed ------------------------------------------------------------------------------------------ */

/* Whether a drag at key i sets the key's ease rather than moving key
 * times: in smooth and constant-speed timing (keys timing has no warp to
 * ease), at a key where the camera does not rest already (a hold, or the
 * first or last key of an open path, where the path starts and stops). */
static int key_drag_sets_ease(const cp_document *w, size_t i)
{
    if (w->options.timing == CP_TIMING_KEYS || (w->keys[i].flags & CP_KEY_HOLD))
        return 0;
    return w->options.ends == CP_ENDS_CLOSED || (i > 0 && i + 1 < w->count);
}

/* Key k's speed multiplied by `factor` through its ease (docs/math.md,
 * section 20: the speed at the key is 1 - max(in, out) of its natural
 * speed). The new depth is 1 - factor (1 - depth), clamped to [0, 1]; the
 * two sides keep their proportion (a key without an ease gets both). An
 * ease of 1 (an instant of rest) counts as 1/ED_PACE_MAX_FACTOR of the
 * natural speed when the speed goes up, or no drag could lift it. What
 * the ease could not take (the speed above the natural one, once the ease
 * is gone) is returned, to be set by moving key times; 1 when none. */
static double ease_key(cp_key *k, double factor)
{
    const double e0 = fmax(k->ease[0], k->ease[1]);
    double s0 = 1 - e0;
    if (factor > 1 && s0 < 1 / ED_PACE_MAX_FACTOR)
        s0 = 1 / ED_PACE_MAX_FACTOR;
    const double s = s0 * factor;
    double e = fmin(fmax(1 - s, 0), 1);
    if (e < 1e-9)
        e = 0;
    for (int c = 0; c < 2; c++)
        k->ease[c] = e0 > 0 ? fmin(k->ease[c] * (e / e0), 1) : e;
    return s > 1 ? s : 1;
}

/* The time segment j ends at: key j + 1's, or for a loop's last segment key 0's a period on. */
static double seg_end(const cp_document *w, size_t j)
{
    return j + 1 < w->count ? w->keys[j + 1].time : w->keys[0].time + w->options.period;
}

/* The segments a..b-1 (b may be the count: a loop's last segment) of
 * work go `factor` times as fast: key a keeps its time, the keys up to b
 * move; the change at key b is given and taken by the segment after it
 * (its speed at most doubled or halved), the rest moves the later keys and
 * a loop's period. The factor is first limited so that no segment lasts
 * less than ED_TIME_MARGIN. How far the later keys moved in *rest. */
static void retime_run(cp_document *w, size_t a, size_t b, double *factor, double *rest)
{
    const size_t n = w->count;
    const int closed = w->options.ends == CP_ENDS_CLOSED;
    for (size_t j = a; j < b; j++) {
        double m = seg_end(w, j) - w->keys[j].time - hold_of(&w->keys[j]);
        if (m / *factor < ED_TIME_MARGIN)
            *factor = fmax(m / ED_TIME_MARGIN, 1.0 / ED_PACE_MAX_FACTOR);
    }
    const double old_b = b < n ? w->keys[b].time : w->keys[0].time + w->options.period;
    double t = w->keys[a].time;
    for (size_t j = a; j < b; j++) {
        double m = seg_end(w, j) - w->keys[j].time - hold_of(&w->keys[j]);
        double start = t + hold_of(&w->keys[j]);
        if (j > a)
            w->keys[j].time = t;
        t = start + m / *factor;
    }
    const double delta = t - old_b;
    *rest = 0;
    if (b >= n) { /* a loop's last segment: the period takes the change */
        w->options.period += delta;
        return;
    }
    const double m2 = b + 1 < n || closed ? seg_end(w, b) - old_b - hold_of(&w->keys[b]) : 0;
    double taken = 0;
    if (b + 1 < n || closed)
        taken = delta > 0 ? fmin(delta, 0.5 * m2) : fmax(delta, -m2);
    w->keys[b].time = t;
    *rest = delta - taken;
    if (b + 1 == n && !closed) {
        *rest = 0; /* the path's end: its duration changes */
        return;
    }
    for (size_t j = b + 1; j < n; j++)
        w->keys[j].time += *rest;
    if (closed)
        w->options.period += *rest;
}

/* The change: into work (a copy of the keys to change) for segment or key i. 0, or -1 with a message. */
static int speed_change(ed_app *app, cp_document *w, ed_pace_at at, size_t i, double factor)
{
    const size_t n = w->count;
    const int closed = w->options.ends == CP_ENDS_CLOSED;
    char what[64];
    if (n < 2 || (at == ED_PACE_SEGMENT ? i >= (closed ? n : n - 1) : i >= n)) {
        ed_app_message(app, 1, "no %s %zu on this path of %zu keys", at == ED_PACE_KEY ? "key" : "segment", i, n);
        return -1;
    }
    if (!(factor >= 1.0 / ED_PACE_MAX_FACTOR && factor <= ED_PACE_MAX_FACTOR)) {
        ed_app_message(app, 1, "a speed changes by a factor from 1/%.0f to %.0f at a time (got %.2f)",
                       ED_PACE_MAX_FACTOR, ED_PACE_MAX_FACTOR, factor);
        return -1;
    }
    char pre[128] = "";
    if (at == ED_PACE_KEY && key_drag_sets_ease(w, i)) {
        const double was[2] = {w->keys[i].ease[0], w->keys[i].ease[1]};
        const double rest = ease_key(&w->keys[i], factor);
        const double *e = w->keys[i].ease, depth = fmax(e[0], e[1]);
        if (rest == 1) {
            if (e[0] == was[0] && e[1] == was[1])
                ed_app_message(app, 0, "speed at key %zu: the camera comes to an instant of rest there already "
                                       "(ease 1.00); a hold keeps it there longer", i);
            else
                ed_app_message(app, 0, "speed at key %zu x%.2f: ease in %.2f, out %.2f (was %.2f, %.2f): the camera "
                                       "passes key %zu at %.2f of its natural speed; no key time moved",
                               i, factor, e[0], e[1], was[0], was[1], i, 1 - depth);
            return 0;
        }
        snprintf(pre, sizeof pre, "key %zu's ease taken away (was in %.2f, out %.2f), then ", i, was[0], was[1]);
        if (was[0] == 0 && was[1] == 0)
            pre[0] = 0;
        factor = rest;
    }
    if (w->options.timing == CP_TIMING_CONSTANT_SPEED) {
        /* one speed: the whole path's moving time divided by the factor (from work's keys: a
           drag's origin, not the path it shows now) */
        cp_error err;
        cp_path *from = cp_document_to_path(w, &err);
        if (!from) {
            ed_app_message(app, 1, "%s", err.message);
            return -1;
        }
        double holds = 0;
        for (size_t k = 0; k < n; k++)
            holds += hold_of(&w->keys[k]);
        const double d = cp_path_duration(from), want = holds + (d - holds) / factor;
        int rc = retime_span(app, from, 0, n - 1, want, w);
        cp_path_destroy(from);
        if (rc)
            return -1;
        ed_app_message(app, 0, "%sconstant speed x%.2f: the path's duration %.2f s (was %.2f s)", pre, factor, want,
                       d);
        return 0;
    }
    size_t a = i, b = i + 1;
    if (at == ED_PACE_KEY) {
        a = i > 0 ? i - 1 : 0;
        b = i + 1 < n ? i + 1 : i;
        snprintf(what, sizeof what, "at key %zu", i);
    } else {
        snprintf(what, sizeof what, "segment %zu (key %zu to key %zu)", i, i, i + 1 < n ? i + 1 : 0);
    }
    const double old_end = b < n ? w->keys[b].time : w->keys[0].time + w->options.period;
    double f = factor, rest = 0;
    retime_run(w, a, b, &f, &rest);
    const double moved = (b < n ? w->keys[b].time : w->keys[0].time + w->options.period) - old_end;
    char tail[96];
    if (rest != 0)
        snprintf(tail, sizeof tail, "; the keys after key %zu moved %+.2f s", b, rest);
    else if (b < n && b + 1 < n)
        snprintf(tail, sizeof tail, "; segment %zu gave the time", b);
    else
        snprintf(tail, sizeof tail, "; the path's duration changed %+.2f s", moved);
    ed_app_message(app, 0, "%sspeed %s x%.2f%s: key %zu %+.2f s%s", pre, what, f,
                   f != factor ? " (as fast as it goes: 0.01 s a segment)" : "", b < n ? b : 0, moved, tail);
    return 0;
}

int ed_pace_speed(ed_app *app, ed_pace_at at, size_t i, double factor)
{
    if (ed_app_ready(app))
        return -1;
    if (!app->doc.path) {
        ed_app_message(app, 1, "a speed needs a path of 2 keys or more");
        return -1;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    if (speed_change(app, &work, at, i, factor)) {
        cp_document_free(&work);
        return -1;
    }
    return ed_app_commit(app, &work, app->doc.cur.selected, 1);
}

int ed_pace_drag(ed_app *app, ed_pace_at at, size_t i, double factor)
{
    if (!app->doc.path)
        return -1;
    cp_document work;
    if (ed_drag_work(app, &work))
        return -1;
    if (speed_change(app, &work, at, i, factor)) {
        cp_document_free(&work);
        return -1;
    }
    return ed_doc_live_update(&app->doc, &app->base, &work);
}

int ed_pace_hit(const ed_app *app, int x, int y, ed_pace_at *at, size_t *i)
{
    ed_layout l;
    ed_app_layout(app, &l);
    const double start = ed_app_start(app), dur = ed_app_duration(app);
    const int strip = l.graph.h / ED_PLOT_COUNT;
    const int top = l.graph.y + ED_PLOT_SPEED * strip;
    if (!app->doc.path || !(dur > 0) || l.graph.h <= 0 || y < top || y >= top + strip || x < l.bar.x ||
        x >= l.bar.x + l.bar.w)
        return -1;
    const cp_key *k = ed_app_keys(app);
    const size_t n = ed_app_key_count(app);
    const double t = ed_layout_time_at(&l, start, dur, x);
    /* the segment under it, by bisection: keys are in time order */
    size_t lo = 0, hi = n;
    while (lo + 1 < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (k[mid].time <= t)
            lo = mid;
        else
            hi = mid;
    }
    for (size_t j = lo > 0 ? lo - 1 : 0; j < n && j <= lo + 1; j++)
        if (fabs(ed_layout_x_of(&l, start, dur, k[j].time) - x) <= ED_PACE_GRAB) {
            *at = ED_PACE_KEY, *i = j;
            return 0;
        }
    const int closed = app->doc.cur.doc.options.ends == CP_ENDS_CLOSED;
    if (lo + 1 >= n && !closed)
        lo = n - 2;
    *at = ED_PACE_SEGMENT, *i = lo;
    return 0;
}

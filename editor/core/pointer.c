/* SPDX-License-Identifier: MIT */
/* editor/core/pointer.c - what the left mouse button does. */
#include "pointer.h"

#include "app_impl.h"
#include "drag.h"
#include "inspector.h"
#include "pace.h"
#include "select.h"
#include "shots.h"
#include "snap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static long tick_at(const ed_app *app, const ed_layout *l, int x)
{
    double start = ed_app_start(app), dur = ed_app_duration(app);
    if (!app->doc.path || !(dur > 0))
        return -1;
    long best = -1;
    double best_d = ED_TICK_GRAB + 0.5;
    const cp_key *k = ed_app_keys(app);
    /* keys are in time order: only those near the column's time need a look */
    double t = ed_layout_time_at(l, start, dur, x), per_pixel = dur / (l->bar.w > 1 ? l->bar.w - 1 : 1);
    size_t n = ed_app_key_count(app), lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (k[mid].time < t - (ED_TICK_GRAB + 1) * per_pixel)
            lo = mid + 1;
        else
            hi = mid;
    }
    int near = 0;
    for (size_t i = lo; i < n && k[i].time <= t + (ED_TICK_GRAB + 1) * per_pixel; i++) {
        double d = fabs(ed_layout_x_of(l, start, dur, k[i].time) - x);
        /* where keys crowd the bar a press scrubs: no one key is meant */
        if (d <= ED_TICK_GRAB + 0.5 && ++near > 2)
            return -1;
        /* the selected key wins a tie: a key dragged onto its neighbour's pixel stays in hand */
        if (d < best_d || (d == best_d && ed_app_is_selected(app, i))) {
            best_d = d;
            best = (long)i;
        }
    }
    return best;
}

static void scrub(ed_app *app, int x)
{
    ed_layout l;
    ed_app_layout(app, &l);
    if (app->doc.path)
        ed_app_seek(app, ed_layout_time_at(&l, ed_app_start(app), ed_app_duration(app), x));
}

/* A press on key i (a marker or a tick): a key not yet selected is
 * selected now, alone or with Shift added; one that is stays with the
 * others, so that the whole selection can be dragged (the release of a
 * click then decides). */
static void press_key(ed_app *app, long i, int add)
{
    app->rec.gesture.was_selected = ed_app_is_selected(app, (size_t)i);
    if (app->rec.gesture.was_selected)
        return;
    if (add)
        ed_select_add(app, i, 0);
    else
        ed_select_one(app, i);
}

void ed_pointer_down(ed_app *app, int x, int y, int shift)
{
    ed_gesture *d = &app->rec.gesture;
    memset(d, 0, sizeof *d);
    d->x0 = x, d->y0 = y, d->add = shift, d->key = -1, d->pending = 1;
    app->ui.mouse_x = x, app->ui.mouse_y = y;
    if (app->base.prompt != ED_PROMPT_NONE)
        return;
    /* a click elsewhere takes what was typed, as Enter would */
    if (app->ui.typing.field && ed_inspector_type_enter(app, 0) != 0)
        ed_inspector_type_cancel(app);
    ed_layout l;
    ed_app_layout(app, &l);
    ed_inspector in;
    ed_inspector_build(app, &in);
    if (in.panel.w > 0 && ed_rect_contains(&in.panel, x, y)) {
        d->kind = ED_GESTURE_FIELD;
        d->part = (int)ed_inspector_hit(&in, x, y);
        if (d->part == ED_FIELD_NONE)
            d->kind = ED_GESTURE_NONE; /* the panel itself: nothing under it is picked */
        return;
    }
    if (ed_shots_press(app, x, y, shift))
        return; /* the shot track (shots.h) */
    if (ed_rect_contains(&l.timeline, x, y)) {
        long k = tick_at(app, &l, x);
        if (k >= 0) {
            d->kind = ED_GESTURE_KEY_TIME;
            d->key = k;
            press_key(app, k, shift);
            return;
        }
    }
    ed_pace_at at;
    size_t seg;
    if (ed_pace_hit(app, x, y, &at, &seg) == 0) {
        /* the speed strip: a click or a sideways drag scrubs, a drag up or down sets the speed */
        d->kind = ED_GESTURE_SPEED;
        d->part = (int)at;
        d->key = (long)seg;
        app->base.playing = 0;
        scrub(app, x);
        return;
    }
    if (ed_rect_contains(&l.timeline, x, y) || ed_rect_contains(&l.graph, x, y)) {
        d->kind = ED_GESTURE_SCRUB;
        d->pending = 0;
        app->base.playing = 0;
        scrub(app, x);
        return;
    }
    /* through the path camera the view is the shot: nothing to pick */
    if (!ed_rect_contains(&l.view, x, y) || ed_ui_through(&app->ui, app->doc.path != NULL))
        return;
    ed_app_view(app, &d->view);
    int part = ed_app_gizmo(app, &d->view, &d->gizmo) ? ed_gizmo_hit(&d->gizmo, x, y) : ED_GIZMO_NONE;
    if (part != ED_GIZMO_NONE) {
        d->kind = ED_GESTURE_GIZMO;
        d->part = part;
        return;
    }
    long i = ed_view_pick(&d->view, ed_app_keys(app), ed_app_key_count(app), x, y, ED_PICK_RADIUS);
    d->kind = i >= 0 ? ED_GESTURE_KEY : ED_GESTURE_BOX;
    d->key = i;
    if (i >= 0)
        press_key(app, i, shift);
}

/* The mouse has moved far enough: the press becomes a drag. 0 to go on. */
static int start(ed_app *app)
{
    ed_gesture *d = &app->rec.gesture;
    d->pending = 0;
    switch (d->kind) {
    case ED_GESTURE_KEY:
        if (!ed_app_gizmo(app, &d->view, &d->gizmo))
            return -1;
        d->part = ED_GIZMO_PLANE;
        return ed_drag_begin(app);
    case ED_GESTURE_GIZMO:
        return ed_drag_begin(app);
    case ED_GESTURE_KEY_TIME:
    case ED_GESTURE_FIELD:
    case ED_GESTURE_SPEED:
        return ed_drag_begin(app);
    default:
        return 0;
    }
}

void ed_pointer_motion(ed_app *app, int x, int y, int shift)
{
    ed_gesture *d = &app->rec.gesture;
    app->ui.mouse_x = x, app->ui.mouse_y = y;
    if (ed_shots_grabbed(app)) {
        ed_shots_motion(app, x);
        return;
    }
    if (d->kind == ED_GESTURE_NONE) {
        ed_view v;
        ed_gizmo g;
        ed_app_view(app, &v);
        d->hover = ed_app_gizmo(app, &v, &g) ? (int)ed_gizmo_hit(&g, x, y) : ED_GIZMO_NONE;
        return;
    }
    if (d->pending) {
        if (abs(x - d->x0) < ED_DRAG_THRESHOLD && abs(y - d->y0) < ED_DRAG_THRESHOLD)
            return;
        if (d->kind == ED_GESTURE_SPEED && abs(x - d->x0) > abs(y - d->y0))
            d->kind = ED_GESTURE_SCRUB; /* sideways: the playhead follows, as elsewhere in the graph */
        if (start(app) != 0) {
            d->kind = ED_GESTURE_NONE;
            return;
        }
    }
    ed_layout l;
    switch (d->kind) {
    case ED_GESTURE_SCRUB: scrub(app, x); break;
    case ED_GESTURE_KEY:
    case ED_GESTURE_GIZMO:
        ed_drag_move(app, ed_gizmo_drag(&d->gizmo, &d->view, (ed_gizmo_part)d->part, d->x0, d->y0, x, y));
        break;
    case ED_GESTURE_KEY_TIME: {
        ed_app_layout(app, &l);
        const cp_document *o = ed_app_drag_origin(app);
        /* the time axis as it was when the drag began: the path's span changes under a ripple */
        double start_t = o && o->count ? o->keys[0].time : ed_app_start(app);
        double dur = ed_app_duration(app);
        if (o && o->count >= 2 && o->options.ends != CP_ENDS_CLOSED)
            dur = o->keys[o->count - 1].time - o->keys[0].time;
        double dt = ed_layout_time_at(&l, start_t, dur, x) - ed_layout_time_at(&l, start_t, dur, d->x0);
        if (app->audio.snap && o && (size_t)d->key < o->count) {
            /* snapping: the key lands on a beat near the mouse, else on a frame */
            double was = o->keys[d->key].time;
            dt = ed_snap_time(app, was + dt, ed_snap_tolerance(app)) - was;
        }
        ed_drag_time(app, (size_t)d->key, dt, shift);
        break;
    }
    case ED_GESTURE_FIELD: ed_inspector_drag(app, (ed_field)d->part, x - d->x0); break;
    case ED_GESTURE_SPEED: {
        /* up is faster: ED_PACE_PIXELS double the speed */
        double f = pow(2.0, (double)(d->y0 - y) / ED_PACE_PIXELS);
        f = fmin(fmax(f, 1.0 / ED_PACE_MAX_FACTOR), ED_PACE_MAX_FACTOR);
        ed_pace_drag(app, (ed_pace_at)d->part, (size_t)d->key, f);
        break;
    }
    default: break;
    }
}

void ed_pointer_up(ed_app *app, int x, int y)
{
    ed_gesture *d = &app->rec.gesture;
    app->ui.mouse_x = x, app->ui.mouse_y = y;
    if (ed_shots_grabbed(app)) {
        ed_shots_release(app, x);
        d->kind = ED_GESTURE_NONE;
        d->pending = 0;
        return;
    }
    if (d->pending) {
        /* a click: Shift+click on a selected key takes it out; a click on a key of a larger
           selection selects that key alone; on nothing, nothing */
        int on_key = d->kind == ED_GESTURE_KEY || d->kind == ED_GESTURE_KEY_TIME;
        if (on_key && d->add && d->was_selected)
            ed_select_add(app, d->key, 1);
        else if (on_key && !d->add && ed_app_selected_count(app) > 1)
            ed_select_one(app, d->key);
        else if (d->kind == ED_GESTURE_BOX && !d->add)
            ed_select_one(app, -1);
        else if (d->kind == ED_GESTURE_FIELD)
            ed_inspector_type_begin(app, (ed_field)d->part);
    } else if (d->kind == ED_GESTURE_BOX) {
        ed_sel sel = {0};
        if (d->add && ed_sel_copy(&sel, &app->doc.cur.sel) != 0)
            ed_sel_reset(&sel, ed_app_key_count(app));
        if (ed_view_pick_rect(&d->view, ed_app_keys(app), ed_app_key_count(app), d->x0, d->y0, x, y, d->add, &sel) == 0)
            ed_select_set(app, &sel, app->doc.cur.selected);
        else
            ed_app_message(app, 1, "out of memory for the selection");
        ed_sel_free(&sel);
    } else if (d->kind == ED_GESTURE_KEY || d->kind == ED_GESTURE_GIZMO || d->kind == ED_GESTURE_KEY_TIME ||
               d->kind == ED_GESTURE_FIELD || d->kind == ED_GESTURE_SPEED) {
        ed_app_end_drag(app);
    }
    d->kind = ED_GESTURE_NONE;
    d->pending = 0;
}

void ed_pointer_cancel(ed_app *app)
{
    if (ed_shots_grabbed(app))
        ed_app_cancel_drag(app);
    if (app->rec.gesture.kind != ED_GESTURE_NONE && ed_app_look_key(app) < 0)
        ed_app_cancel_drag(app);
    app->rec.gesture.kind = ED_GESTURE_NONE;
    app->rec.gesture.pending = 0;
}

void ed_pointer_release(ed_app *app)
{
    ed_gesture *d = &app->rec.gesture;
    if (ed_shots_grabbed(app) || (d->kind != ED_GESTURE_NONE && !d->pending))
        ed_app_end_drag(app);
    d->kind = ED_GESTURE_NONE;
    d->pending = 0;
}

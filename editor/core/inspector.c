/* SPDX-License-Identifier: MIT */
/* editor/core/inspector.c - the key inspector's layout, values, typing and dragging. */
#include "inspector.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app_impl.h"
#include "drag.h"
#include "edit.h"
#include "fit.h"
#include "options.h"
#include "pace.h"
#include "ripple.h"
#include "snap.h"
#include "sound.h"
#include "xform.h"

#define DEG (M_PI / 180.0)

static const char *const names[ED_FIELD_COUNT] = {
    "", "time", "fov", "hold", "x", "y", "z", "yaw", "pitch", "roll", "focus", "fstop", "tx", "ty", "tz",
    "shift", "turn", "scale", "x", "y", "z", "shake", "seed", "s.pos", "pos Hz", "s.rot", "rot Hz", "s.fov", "fov Hz",
    "width", "duration", "ease", "in", "out", "turn/s", "bpm", "sound",
};

const char *ed_field_name(ed_field f) { return f > ED_FIELD_NONE && f < ED_FIELD_COUNT ? names[f] : ""; }

/* The fields shown, in Tab order, each with its row and column: two narrow
 * columns, so that the panel hides little of the view. */
typedef struct place {
    ed_field field;
    int      row, col;
} place;

static const place one_key[] = {{ED_FIELD_TIME, 0, 0},        {ED_FIELD_HOLD, 0, 1},        {ED_FIELD_FOV, 4, 0},
                                {ED_FIELD_X, 1, 0},           {ED_FIELD_Y, 2, 0},           {ED_FIELD_Z, 3, 0},
                                {ED_FIELD_YAW, 1, 1},         {ED_FIELD_PITCH, 2, 1},       {ED_FIELD_ROLL, 3, 1},
                                {ED_FIELD_FOCUS, 4, 1},       {ED_FIELD_APERTURE, 5, 1},    {ED_FIELD_EASE, 5, 0},
                                {ED_FIELD_EASE_IN, 6, 0},     {ED_FIELD_EASE_OUT, 6, 1},    {ED_FIELD_SHAKE_SCALE, 7, 0},
                                {ED_FIELD_DURATION, 7, 1},    {ED_FIELD_SHAKE_POS, 8, 0},   {ED_FIELD_SHAKE_POS_HZ, 8, 1},
                                {ED_FIELD_SHAKE_ROT, 9, 0},   {ED_FIELD_SHAKE_ROT_HZ, 9, 1}, {ED_FIELD_SHAKE_FOV, 10, 0},
                                {ED_FIELD_SHAKE_FOV_HZ, 10, 1}, {ED_FIELD_SHAKE_SEED, 11, 0}, {ED_FIELD_MAX_TURN, 11, 1},
                                {ED_FIELD_SOUND_AT, 12, 0},   {ED_FIELD_BPM, 12, 1},        {ED_FIELD_NONE, 0, 0}};
/* a look-at key's target, under its position */
static const place one_look_at[] = {{ED_FIELD_TIME, 0, 0},      {ED_FIELD_HOLD, 0, 1},       {ED_FIELD_FOV, 4, 0},
                                    {ED_FIELD_X, 1, 0},         {ED_FIELD_Y, 2, 0},          {ED_FIELD_Z, 3, 0},
                                    {ED_FIELD_YAW, 1, 1},       {ED_FIELD_PITCH, 2, 1},      {ED_FIELD_ROLL, 3, 1},
                                    {ED_FIELD_FOCUS, 4, 1},     {ED_FIELD_APERTURE, 5, 1},   {ED_FIELD_TX, 5, 0},
                                    {ED_FIELD_TY, 6, 0},        {ED_FIELD_TZ, 7, 0},         {ED_FIELD_SHAKE_SCALE, 6, 1},
                                    {ED_FIELD_WIDTH, 7, 1},     {ED_FIELD_EASE, 8, 0},       {ED_FIELD_DURATION, 8, 1},
                                    {ED_FIELD_EASE_IN, 9, 0},   {ED_FIELD_EASE_OUT, 9, 1},   {ED_FIELD_SHAKE_POS, 10, 0},
                                    {ED_FIELD_SHAKE_POS_HZ, 10, 1}, {ED_FIELD_SHAKE_ROT, 11, 0}, {ED_FIELD_SHAKE_ROT_HZ, 11, 1},
                                    {ED_FIELD_SHAKE_FOV, 12, 0}, {ED_FIELD_SHAKE_FOV_HZ, 12, 1}, {ED_FIELD_SHAKE_SEED, 13, 0},
                                    {ED_FIELD_MAX_TURN, 13, 1}, {ED_FIELD_SOUND_AT, 14, 0}, {ED_FIELD_BPM, 14, 1},
                                    {ED_FIELD_NONE, 0, 0}};
static const place many_keys[] = {{ED_FIELD_SHIFT, 0, 0}, {ED_FIELD_TURN, 1, 0}, {ED_FIELD_SCALE, 2, 0},
                                  {ED_FIELD_CX, 0, 1},    {ED_FIELD_CY, 1, 1},   {ED_FIELD_CZ, 2, 1},
                                  {ED_FIELD_DURATION, 3, 0}, {ED_FIELD_NONE, 0, 0}};

static int many(const ed_app *app) { return ed_app_selected_count(app) > 1; }

static int look_at(const ed_app *app) { return app->doc.cur.doc.options.orientation == CP_ORIENTATION_LOOK_AT; }

/* A field of the path's shake layer: its band (0 position, 1 rotation, 2
 * fov, 3 the seed) times 2 plus its part (0 amplitude, 1 frequency), else -1. */
static int shake_field(ed_field f)
{
    switch (f) {
    case ED_FIELD_SHAKE_POS: return 0;
    case ED_FIELD_SHAKE_POS_HZ: return 1;
    case ED_FIELD_SHAKE_ROT: return 2;
    case ED_FIELD_SHAKE_ROT_HZ: return 3;
    case ED_FIELD_SHAKE_FOV: return 4;
    case ED_FIELD_SHAKE_FOV_HZ: return 5;
    case ED_FIELD_SHAKE_SEED: return 6;
    default: return -1;
    }
}

static double shake_value(const ed_app *app, int which)
{
    const cp_shake *sh = &app->doc.cur.doc.options.shake;
    const cp_shake_band *b = which / 2 == 0 ? &sh->position : which / 2 == 1 ? &sh->rotation : &sh->fov;
    return which == 6 ? (double)sh->seed : which % 2 ? b->frequency : b->amplitude;
}

/* Fields that are "-" when the path has none, typed away with nothing or a dash. */
static int optional(ed_field f) { return f == ED_FIELD_FOCUS || f == ED_FIELD_APERTURE || f == ED_FIELD_WIDTH; }

/* The sound's fields: "-" without a sound (and bpm without a beat grid). */
static int sound_field(ed_field f) { return f == ED_FIELD_BPM || f == ED_FIELD_SOUND_AT; }

/* Focus or aperture: which (0, 1) for a lens field, else -1. */
static int lens(ed_field f) { return f == ED_FIELD_FOCUS ? 0 : f == ED_FIELD_APERTURE ? 1 : -1; }

static const cp_key *active(const ed_app *app)
{
    long s = app->doc.cur.selected;
    return s >= 0 && (size_t)s < app->doc.cur.doc.count ? &app->doc.cur.doc.keys[s] : NULL;
}

/* ---- values ---------------------------------------------------------------------------------------- */

double ed_inspector_value(const ed_app *app, ed_field f)
{
    const cp_key *k = active(app);
    double y = 0, p = 0, r = 0;
    if (k && f >= ED_FIELD_YAW && f <= ED_FIELD_ROLL)
        ed_quat_to_yaw_pitch_roll(k->rotation, &y, &p, &r);
    cp_vec3 c = f >= ED_FIELD_CX ? ed_xform_centre(app) : cp_vec3_make(0, 0, 0);
    switch (f) {
    case ED_FIELD_TIME: return k ? k->time : 0;
    case ED_FIELD_FOV: return k ? (app->doc.cur.doc.options.dolly_zoom ? ed_fit_dolly_fov(k) : k->fov) : 0;
    case ED_FIELD_HOLD: return k && (k->flags & CP_KEY_HOLD) ? k->hold : 0;
    case ED_FIELD_X: return k ? k->position.x : 0;
    case ED_FIELD_Y: return k ? k->position.y : 0;
    case ED_FIELD_Z: return k ? k->position.z : 0;
    case ED_FIELD_YAW: return y / DEG;
    case ED_FIELD_PITCH: return p / DEG;
    case ED_FIELD_ROLL: return r / DEG;
    case ED_FIELD_FOCUS: return k ? k->focus : 0;
    case ED_FIELD_APERTURE: return k ? k->aperture : 0;
    case ED_FIELD_TX: return k ? k->target.x : 0;
    case ED_FIELD_TY: return k ? k->target.y : 0;
    case ED_FIELD_TZ: return k ? k->target.z : 0;
    case ED_FIELD_WIDTH: return k && app->doc.cur.doc.options.dolly_zoom ? k->frame_width : 0;
    case ED_FIELD_EASE_IN: return k ? k->ease[0] : 0;
    case ED_FIELD_EASE_OUT: return k ? k->ease[1] : 0;
    case ED_FIELD_MAX_TURN: {
        const double v = app->doc.cur.doc.options.max_angular_speed;
        return v > 0 ? v : CP_PATH_DEFAULT_MAX_ANGULAR_SPEED;
    }
    case ED_FIELD_SCALE: return 1.0;
    case ED_FIELD_CX: return c.x;
    case ED_FIELD_CY: return c.y;
    case ED_FIELD_CZ: return c.z;
    case ED_FIELD_SHAKE_SCALE: return k && (k->flags & CP_KEY_SHAKE_SCALE) ? k->shake_scale : 1;
    case ED_FIELD_DURATION: return ed_pace_span_seconds(app);
    case ED_FIELD_BPM: return app->audio.member->bpm;
    case ED_FIELD_SOUND_AT: return app->audio.member->offset;
    default: return shake_field(f) >= 0 ? shake_value(app, shake_field(f)) : 0;
    }
}

static void format(const ed_app *app, ed_field f, char *out, size_t n)
{
    double v = ed_inspector_value(app, f);
    const cp_key *k = active(app);
    if ((f == ED_FIELD_HOLD && (!k || !(k->flags & CP_KEY_HOLD))) || (optional(f) && !(v > 0)) ||
        (f == ED_FIELD_SHAKE_SCALE && (!k || !(k->flags & CP_KEY_SHAKE_SCALE))) ||
        (sound_field(f) && (!app->audio.member->file[0] || (f == ED_FIELD_BPM && !(v > 0))))) {
        snprintf(out, n, "-");
        return;
    }
    if (f == ED_FIELD_EASE) {
        const char *preset = k ? ed_edit_ease_name(k->ease) : NULL;
        snprintf(out, n, "%s", preset ? preset : "custom");
        return;
    }
    switch (f) {
    case ED_FIELD_TIME: case ED_FIELD_SHIFT: case ED_FIELD_HOLD: case ED_FIELD_DURATION: snprintf(out, n, "%.3f", v); break;
    case ED_FIELD_SCALE: snprintf(out, n, "%.4f", v); break;
    case ED_FIELD_SHAKE_SEED: snprintf(out, n, "%.0f", v); break;
    case ED_FIELD_SHAKE_SCALE: case ED_FIELD_SHAKE_POS: case ED_FIELD_SHAKE_POS_HZ: case ED_FIELD_SHAKE_ROT:
    case ED_FIELD_SHAKE_ROT_HZ: case ED_FIELD_SHAKE_FOV: case ED_FIELD_SHAKE_FOV_HZ:
        snprintf(out, n, "%.4g", v);
        break;
    case ED_FIELD_FOV: case ED_FIELD_YAW: case ED_FIELD_PITCH: case ED_FIELD_ROLL: case ED_FIELD_TURN:
    case ED_FIELD_APERTURE: case ED_FIELD_EASE_IN: case ED_FIELD_EASE_OUT: case ED_FIELD_MAX_TURN:
    case ED_FIELD_BPM: case ED_FIELD_SOUND_AT:
        snprintf(out, n, "%.2f", v);
        break;
    default: snprintf(out, n, "%.3f", v); break;
    }
    /* -0.000 reads as a sign with nothing behind it */
    if (strspn(out, "-0.") == strlen(out) && out[0] == '-')
        memmove(out, out + 1, strlen(out));
}

/* ---- layout ---------------------------------------------------------------------------------------------- */

void ed_inspector_build(const ed_app *app, ed_inspector *in)
{
    memset(in, 0, sizeof *in);
    const cp_key *k = active(app);
    if (!k || (app->ui.view_path && app->doc.path))
        return;
    ed_layout l;
    ed_app_layout(app, &l);
    int cw = app->ui.text.advance > 0 ? app->ui.text.advance : 8, lh = (app->ui.text.line > 0 ? app->ui.text.line : 17) + 6;
    int cell = (ED_INSPECTOR_LABEL + ED_INSPECTOR_VALUE + 1) * cw, pad = 8;
    const place *list = many(app) ? many_keys : look_at(app) ? one_look_at : one_key;
    int rows = 0;
    for (int i = 0; list[i].field != ED_FIELD_NONE; i++)
        rows = list[i].row + 1 > rows ? list[i].row + 1 : rows;
    int w = 2 * cell + 2 * pad, h = (rows + 1) * lh + 2 * pad - 4;
    int x = l.view.x + l.view.w - w - 10;
    int y = l.pip.w > 0 ? l.pip.y + l.pip.h + 12 : l.view.y + 10;
    /* no room under the picture-in-picture (a short view, the graph open): beside it */
    if (l.pip.w > 0 && y + h > l.view.y + l.view.h - 4) {
        y = l.view.y + 10;
        x = l.pip.x - 12 - w;
    }
    /* still too tall (many fields, a short view): the rows fold into more pairs of columns side by side */
    int per = rows, bottom = l.view.y + l.view.h - 4;
    if (y + h > bottom) {
        const int fit = (bottom - y - 2 * pad + 4) / lh - 1, groups = fit > 0 ? (rows + fit - 1) / fit : 1;
        per = (rows + groups - 1) / groups;
        const int right = x + w;
        w = groups * 2 * cell + 2 * pad, h = (per + 1) * lh + 2 * pad - 4;
        x = right - w;
    }
    x = x < l.view.x ? l.view.x : x;
    in->panel = (ed_rect){x, y, w, h};
    size_t nsel = ed_app_selected_count(app);
    if (nsel > 1)
        snprintf(in->title, sizeof in->title, "%zu keys (key %ld active)", nsel, app->doc.cur.selected);
    else
        snprintf(in->title, sizeof in->title, "key %ld", app->doc.cur.selected);
    in->title_y = y + pad;
    for (int i = 0; list[i].field != ED_FIELD_NONE; i++) {
        ed_inspector_item *it = &in->items[in->count++];
        it->field = list[i].field;
        const int row = list[i].row % per, col = list[i].col + 2 * (list[i].row / per);
        it->label_x = x + pad + col * cell;
        it->box = (ed_rect){it->label_x + ED_INSPECTOR_LABEL * cw, y + pad + (row + 1) * lh - 3,
                            ED_INSPECTOR_VALUE * cw, lh - 2};
        /* "duration" is longer than a label: "dur" */
        snprintf(it->label, sizeof it->label, "%s", it->field == ED_FIELD_DURATION ? "dur" : names[it->field]);
        it->typing = app->ui.typing.field == (int)it->field;
        if (it->typing)
            snprintf(it->value, sizeof it->value, "%s_", app->ui.typing.text);
        else
            format(app, it->field, it->value, sizeof it->value);
    }
}

ed_field ed_inspector_hit(const ed_inspector *in, int x, int y)
{
    for (int i = 0; i < in->count; i++)
        if (ed_rect_contains(&in->items[i].box, x, y))
            return in->items[i].field;
    return ED_FIELD_NONE;
}

/* ---- setting a value -------------------------------------------------------------------------------------- */

static cp_vec3 axis(ed_field f)
{
    int a = f == ED_FIELD_X || f == ED_FIELD_CX || f == ED_FIELD_TX   ? 0
            : f == ED_FIELD_Y || f == ED_FIELD_CY || f == ED_FIELD_TY ? 1
                                                                      : 2;
    return cp_vec3_make(a == 0, a == 1, a == 2);
}

/* p with its component along f's axis set to v. */
static cp_vec3 with(cp_vec3 p, ed_field f, double v)
{
    const cp_vec3 a = axis(f);
    return cp_vec3_make(a.x ? v : p.x, a.y ? v : p.y, a.z ? v : p.z);
}

int ed_inspector_apply(ed_app *app, ed_field f, double v)
{
    const cp_key *k = active(app);
    if (!k)
        return ed_app_need_selection(app);
    double y = ed_inspector_value(app, ED_FIELD_YAW), p = ed_inspector_value(app, ED_FIELD_PITCH),
           r = ed_inspector_value(app, ED_FIELD_ROLL);
    cp_vec3 pos = k->position;
    switch (f) {
    case ED_FIELD_TIME: return ed_edit_time(app, v);
    case ED_FIELD_FOV:
        if (app->doc.cur.doc.options.dolly_zoom && v > 0 && v < 180) { /* the width that gives it */
            cp_key w = *k;
            w.fov = v;
            return ed_edit_frame_width(app, 1, ed_fit_frame_width(&w));
        }
        return ed_edit_fov(app, v);
    case ED_FIELD_HOLD: return ed_edit_hold(app, 1, v);
    case ED_FIELD_X: pos.x = v; return ed_edit_position(app, pos);
    case ED_FIELD_Y: pos.y = v; return ed_edit_position(app, pos);
    case ED_FIELD_Z: pos.z = v; return ed_edit_position(app, pos);
    case ED_FIELD_YAW: return ed_edit_rotation(app, v, p, r);
    case ED_FIELD_PITCH: return ed_edit_rotation(app, y, v, r);
    case ED_FIELD_ROLL: return ed_edit_rotation(app, y, p, v);
    case ED_FIELD_FOCUS: case ED_FIELD_APERTURE: return ed_edit_lens(app, lens(f), 1, v);
    case ED_FIELD_TX: case ED_FIELD_TY: case ED_FIELD_TZ: return ed_edit_target(app, with(k->target, f, v));
    case ED_FIELD_WIDTH: return ed_edit_frame_width(app, 1, v);
    case ED_FIELD_SHIFT: return ed_xform_shift(app, v);
    case ED_FIELD_TURN: return ed_xform_rotate(app, v);
    case ED_FIELD_SCALE: return ed_xform_scale(app, v);
    case ED_FIELD_CX: case ED_FIELD_CY: case ED_FIELD_CZ:
        return ed_xform_translate(app, cp_vec3_scale(axis(f), v - ed_inspector_value(app, f)));
    case ED_FIELD_SHAKE_SCALE: return ed_edit_shake_scale(app, 1, v);
    case ED_FIELD_SHAKE_SEED: case ED_FIELD_SHAKE_POS: case ED_FIELD_SHAKE_POS_HZ: case ED_FIELD_SHAKE_ROT:
    case ED_FIELD_SHAKE_ROT_HZ: case ED_FIELD_SHAKE_FOV: case ED_FIELD_SHAKE_FOV_HZ:
        return ed_options_set_shake(app, shake_field(f) / 2, shake_field(f) % 2, v);
    case ED_FIELD_DURATION: return ed_pace_duration(app, v);
    case ED_FIELD_EASE: return ed_edit_ease(app, v, v);
    case ED_FIELD_EASE_IN: return ed_edit_ease(app, v, k->ease[1]);
    case ED_FIELD_EASE_OUT: return ed_edit_ease(app, k->ease[0], v);
    case ED_FIELD_MAX_TURN: return ed_options_set_max_angular_speed(app, v);
    case ED_FIELD_BPM: return ed_sound_set_grid(app, app->audio.member->offset, v);
    case ED_FIELD_SOUND_AT: return ed_sound_set_grid(app, v, app->audio.member->bpm);
    default:
        ed_app_message(app, 1, "%s cannot be set here", ed_field_name(f));
        return -1;
    }
}

/* ---- dragging a value --------------------------------------------------------------------------------- */

/* How much a pixel of a drag is worth: steady steps for times and angles,
 * and for positions a step that grows with the key's distance, as a
 * gizmo's would. */
static double step(const ed_app *app, ed_field f)
{
    switch (f) {
    case ED_FIELD_TIME: case ED_FIELD_SHIFT: case ED_FIELD_HOLD: return 0.01;
    case ED_FIELD_DURATION: return 0.02;
    case ED_FIELD_FOV: return 0.1;
    case ED_FIELD_YAW: case ED_FIELD_PITCH: case ED_FIELD_ROLL: case ED_FIELD_TURN: return 0.25;
    case ED_FIELD_FOCUS: case ED_FIELD_APERTURE: case ED_FIELD_WIDTH: return 0.005; /* a factor: e^0.005 a pixel */
    case ED_FIELD_SCALE: return 0.004;
    case ED_FIELD_SHAKE_SCALE: case ED_FIELD_SHAKE_POS_HZ: case ED_FIELD_SHAKE_ROT_HZ: case ED_FIELD_SHAKE_FOV_HZ:
        return 0.01;
    case ED_FIELD_SHAKE_POS: return 0.0005;
    case ED_FIELD_SHAKE_ROT: case ED_FIELD_SHAKE_FOV: return 0.01;
    case ED_FIELD_EASE_IN: case ED_FIELD_EASE_OUT: return 0.005;
    case ED_FIELD_EASE: return 1.0 / 40.0; /* the next preset every 40 pixels */
    case ED_FIELD_MAX_TURN: return 0.5;
    default: {
        const cp_key *k = active(app);
        double d = k ? cp_vec3_length(cp_vec3_sub(k->position, app->ui.camera.position)) : 10.0;
        return 0.005 * fmax(d, 1.0);
    }
    }
}

/* The active key's angles or fov changed by `delta` from where they were when the drag began. */
static int drag_angles(ed_app *app, ed_field f, double delta)
{
    cp_document work;
    if (ed_drag_work(app, &work))
        return -1;
    cp_key *k = &work.keys[app->doc.cur.selected];
    if (f == ED_FIELD_FOV) {
        if (work.options.dolly_zoom) /* from the fov the width gave it, and back to a width */
            k->fov = ed_fit_dolly_fov(k);
        k->fov = fmin(fmax(k->fov + delta, 1.0), 179.0);
        if (work.options.dolly_zoom)
            k->frame_width = ed_fit_frame_width(k);
        ed_app_message(app, 0, "key %ld: field of view %.2f degrees", app->doc.cur.selected, k->fov);
    } else {
        double a[3];
        ed_quat_to_yaw_pitch_roll(k->rotation, &a[0], &a[1], &a[2]);
        int i = f - ED_FIELD_YAW;
        a[i] += delta * DEG;
        /* pitch stops short of straight up or down, where yaw and roll become one */
        if (i == 1)
            a[1] = fmin(fmax(a[1], -89.9 * DEG), 89.9 * DEG);
        k->rotation = cp_quat_from_yaw_pitch_roll(a[0], a[1], a[2]);
        if (work.options.orientation == CP_ORIENTATION_LOOK_AT) { /* turned by its target and roll */
            k->target = ed_fit_target_turned(k, a[0] / DEG, a[1] / DEG);
            k->roll = a[2] / DEG;
        }
        ed_app_message(app, 0, "key %ld: yaw %.2f, pitch %.2f, roll %.2f degrees", app->doc.cur.selected, a[0] / DEG,
                       a[1] / DEG, a[2] / DEG);
    }
    return ed_doc_live_update(&app->doc, &app->base, &work);
}

/* The active key's hold changed by `delta` seconds from the drag's start
 * (from 0 when it had none), at least 0; a hold that outgrows the gap to
 * the next key pushes the later keys (ripple.h). */
static int drag_hold(ed_app *app, double delta)
{
    if (app->doc.cur.doc.options.timing == CP_TIMING_KEYS)
        return ed_edit_hold(app, 1, 0); /* refused, with the reason */
    cp_document work;
    if (ed_drag_work(app, &work))
        return -1;
    size_t i = (size_t)app->doc.cur.selected;
    cp_key *k = &work.keys[i];
    double hold = fmax((k->flags & CP_KEY_HOLD ? k->hold : 0.0) + delta, 0.0);
    /* snapping: the hold ends on a frame or a beat (snap.h) */
    double end = ed_snap_time(app, k->time + hold, ed_snap_tolerance(app));
    if (end >= k->time)
        hold = end - k->time;
    double pushed = ed_ripple_hold(&work, i, hold);
    if (pushed > 0)
        ed_app_message(app, 0, "key %zu: a hold of %.2f s, the later keys %.2f s later", i, hold, pushed);
    else
        ed_app_message(app, 0, "key %zu: a hold of %.3f s", i, hold);
    return ed_doc_live_update(&app->doc, &app->base, &work);
}

/* The active key's ease changed from where the drag began: a side by
 * `delta` (kept in [0, 1]), or (side < 0) `delta` presets on in the order
 * linear, ease-in, ease-out, ease-in-out. */
static int drag_ease(ed_app *app, int side, double delta)
{
    if (app->doc.cur.doc.options.timing == CP_TIMING_KEYS)
        return ed_edit_ease(app, 1, 1); /* refused, with the reason */
    cp_document work;
    if (ed_drag_work(app, &work))
        return -1;
    cp_key *k = &work.keys[app->doc.cur.selected];
    if (side >= 0) {
        k->ease[side] = fmin(fmax(k->ease[side] + delta, 0.0), 1.0);
    } else {
        static const double order[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
        int at = 0;
        for (int i = 0; i < 4; i++)
            if (k->ease[0] == order[i][0] && k->ease[1] == order[i][1])
                at = i;
        const double to = fmin(fmax((double)at + floor(delta + 0.5), 0.0), 3.0);
        k->ease[0] = order[(int)to][0], k->ease[1] = order[(int)to][1];
    }
    const char *preset = ed_edit_ease_name(k->ease);
    if (preset)
        ed_app_message(app, 0, "key %ld: ease %s (in %.2f, out %.2f)", app->doc.cur.selected, preset, k->ease[0],
                       k->ease[1]);
    else
        ed_app_message(app, 0, "key %ld: ease in %.2f, out %.2f", app->doc.cur.selected, k->ease[0], k->ease[1]);
    return ed_doc_live_update(&app->doc, &app->base, &work);
}

/* The path's fastest turn changed by `delta` degrees per second from the
 * drag's start, within (0, CP_PATH_MAX_ANGULAR_SPEED_LIMIT]. */
static int drag_max_turn(ed_app *app, double delta)
{
    cp_document work;
    if (ed_drag_work(app, &work))
        return -1;
    double v = work.options.max_angular_speed > 0 ? work.options.max_angular_speed : CP_PATH_DEFAULT_MAX_ANGULAR_SPEED;
    v = fmin(fmax(v + delta, 1.0), CP_PATH_MAX_ANGULAR_SPEED_LIMIT);
    work.options.max_angular_speed = v;
    ed_app_message(app, 0, "the camera turns at most %.1f degrees per second (a whip pan beyond %.1f)", v, 3 * v);
    return ed_doc_live_update(&app->doc, &app->base, &work);
}

/* The active key's target moved by d along an axis, or its focus or
 * aperture scaled by e^d, from where they were when the drag began. */
static int drag_own(ed_app *app, ed_field f, double d)
{
    if (optional(f) && !(ed_inspector_value(app, f) > 0)) {
        ed_app_message(app, 1, "%s: the path has none; type a value (it goes to every key)", ed_field_name(f));
        return -1;
    }
    if (lens(f) < 0 && !look_at(app))
        return -1;
    cp_document work;
    if (ed_drag_work(app, &work))
        return -1;
    cp_key *k = &work.keys[app->doc.cur.selected];
    if (f == ED_FIELD_WIDTH)
        k->frame_width = fmin(fmax(k->frame_width * exp(d), CP_PATH_MIN_FRAME_WIDTH), CP_PATH_MAX_FRAME_WIDTH);
    else if (f == ED_FIELD_FOCUS)
        k->focus *= exp(d);
    else if (f == ED_FIELD_APERTURE)
        k->aperture *= exp(d);
    else
        k->target = cp_vec3_add(k->target, cp_vec3_scale(axis(f), d));
    if (f == ED_FIELD_WIDTH)
        ed_app_message(app, 0, "key %ld: frame width %.4g m", app->doc.cur.selected, k->frame_width);
    else if (lens(f) >= 0)
        ed_app_message(app, 0, "key %ld: %s %.4g", app->doc.cur.selected, lens(f) ? "aperture" : "focus",
                       lens(f) ? k->aperture : k->focus);
    else
        ed_app_message(app, 0, "key %ld looks at (%.3g, %.3g, %.3g)", app->doc.cur.selected, k->target.x, k->target.y,
                       k->target.z);
    return ed_doc_live_update(&app->doc, &app->base, &work);
}

/* The path's shake (an amplitude or a frequency) or the active key's shake
 * scale changed by d from the drag's start, kept within their limits. */
static int drag_shake(ed_app *app, ed_field f, double d)
{
    if (f == ED_FIELD_SHAKE_SEED) {
        ed_app_message(app, 1, "seed: type it (a whole number)");
        return -1;
    }
    cp_document work;
    if (ed_drag_work(app, &work))
        return -1;
    if (f == ED_FIELD_SHAKE_SCALE) {
        cp_key *k = &work.keys[app->doc.cur.selected];
        const double from = k->flags & CP_KEY_SHAKE_SCALE ? k->shake_scale : 1.0;
        k->flags |= CP_KEY_SHAKE_SCALE;
        k->shake_scale = fmin(fmax(from + d, 0.0), CP_SHAKE_MAX_SCALE);
        ed_app_message(app, 0, "key %ld: shake scale %.3g", app->doc.cur.selected, k->shake_scale);
    } else {
        const int w = shake_field(f);
        cp_shake *sh = &work.options.shake;
        cp_shake_band *b = w / 2 == 0 ? &sh->position : w / 2 == 1 ? &sh->rotation : &sh->fov;
        const double top = w / 2 == 0 ? CP_SHAKE_MAX_POSITION : w / 2 == 1 ? CP_SHAKE_MAX_ROTATION : CP_SHAKE_MAX_FOV;
        if (w % 2)
            b->frequency = fmin(fmax(b->frequency + d, 0.01), CP_SHAKE_MAX_FREQUENCY);
        else
            b->amplitude = fmin(fmax(b->amplitude + d, 0.0), top);
        if (b->amplitude > 0 && !(b->frequency > 0))
            b->frequency = 1.0;
        ed_app_message(app, 0, "shake %s: %.4g at %.3g Hz", ed_field_name(f), b->amplitude, b->frequency);
    }
    return ed_doc_live_update(&app->doc, &app->base, &work);
}

/* Snapping: the selected key's time moved by d from where it was when the drag
   began, put on a frame or a beat (snap.h); d itself when snapping is off. */
static double snapped_delta(const ed_app *app, double d)
{
    const cp_document *o = ed_app_drag_origin(app);
    size_t i = (size_t)app->doc.cur.selected;
    if (!app->audio.snap || !o || i >= o->count)
        return d;
    double was = o->keys[i].time;
    return ed_snap_time(app, was + d, ed_snap_tolerance(app)) - was;
}

int ed_inspector_drag(ed_app *app, ed_field f, double pixels)
{
    if (!active(app))
        return -1;
    double d = pixels * step(app, f);
    switch (f) {
    case ED_FIELD_TIME: return ed_drag_time(app, (size_t)app->doc.cur.selected, snapped_delta(app, d), 0);
    case ED_FIELD_HOLD: return drag_hold(app, d);
    case ED_FIELD_FOV: case ED_FIELD_YAW: case ED_FIELD_PITCH: case ED_FIELD_ROLL: return drag_angles(app, f, d);
    case ED_FIELD_X: case ED_FIELD_Y: case ED_FIELD_Z: return ed_drag_move(app, cp_vec3_scale(axis(f), d));
    case ED_FIELD_FOCUS: case ED_FIELD_APERTURE: case ED_FIELD_TX: case ED_FIELD_TY: case ED_FIELD_TZ:
    case ED_FIELD_WIDTH:
        return drag_own(app, f, d);
    case ED_FIELD_SHIFT: return ed_xform_drag(app, ED_XF_SHIFT, cp_vec3_make(0, 0, 0), d);
    case ED_FIELD_TURN: return ed_xform_drag(app, ED_XF_ROTATE, cp_vec3_make(0, 0, 0), d);
    case ED_FIELD_SCALE: return ed_xform_drag(app, ED_XF_SCALE, cp_vec3_make(0, 0, 0), exp(d));
    case ED_FIELD_CX: case ED_FIELD_CY: case ED_FIELD_CZ:
        return ed_xform_drag(app, ED_XF_TRANSLATE, cp_vec3_scale(axis(f), d), 0);
    case ED_FIELD_DURATION: return ed_pace_drag_duration(app, d);
    case ED_FIELD_SHAKE_SCALE: case ED_FIELD_SHAKE_SEED: case ED_FIELD_SHAKE_POS: case ED_FIELD_SHAKE_POS_HZ:
    case ED_FIELD_SHAKE_ROT: case ED_FIELD_SHAKE_ROT_HZ: case ED_FIELD_SHAKE_FOV: case ED_FIELD_SHAKE_FOV_HZ:
        return drag_shake(app, f, d);
    case ED_FIELD_EASE: return drag_ease(app, -1, d);
    case ED_FIELD_EASE_IN: case ED_FIELD_EASE_OUT: return drag_ease(app, f == ED_FIELD_EASE_OUT, d);
    case ED_FIELD_MAX_TURN: return drag_max_turn(app, d);
    default: return -1;
    }
}

/* ---- typing ------------------------------------------------------------------------------------------- */

void ed_inspector_type_begin(ed_app *app, ed_field f)
{
    if (!active(app) || f <= ED_FIELD_NONE || f >= ED_FIELD_COUNT)
        return;
    app->ui.typing.field = (int)f;
    format(app, f, app->ui.typing.text, sizeof app->ui.typing.text);
    app->ui.typing.fresh = 1;
    if (f == ED_FIELD_HOLD)
        ed_app_message(app, 0, "hold: seconds the camera rests at the key (nothing or - for none), Enter applies");
    else if (f == ED_FIELD_WIDTH)
        ed_app_message(app, 0, "width: the dolly zoom's width in metres framed at the target, the fov following "
                               "the distance (nothing or - turns it off), Enter applies");
    else if (f == ED_FIELD_DURATION)
        ed_app_message(app, 0, "duration: seconds %s takes, holds kept; Enter applies",
                       many(app) ? "the selected keys' span" : "the whole path");
    else if (lens(f) >= 0)
        ed_app_message(app, 0, "%s: %s (nothing or - takes it from every key), Enter applies", ed_field_name(f),
                       lens(f) ? "the f-number" : "the focus distance in metres");
    else if (f == ED_FIELD_SHAKE_SCALE)
        ed_app_message(app, 0, "shake: the shake layer's multiplier at this key (nothing or - for none: 1), "
                               "Enter applies");
    else if (shake_field(f) >= 0)
        ed_app_message(app, 0, "%s: the path's shake %s, Enter applies", ed_field_name(f),
                       shake_field(f) == 6 ? "seed" : shake_field(f) % 2 ? "frequency in Hz"
                       : shake_field(f) == 0 ? "amplitude in metres" : "amplitude in degrees");
    else if (f == ED_FIELD_EASE)
        ed_app_message(app, 0, "ease: linear, ease-in, ease-out or ease-in-out (or a number 0..1 for both sides), "
                               "Enter applies");
    else if (f == ED_FIELD_BPM)
        ed_app_message(app, 0, "bpm: the sound's beats per minute, for the beat grid key times snap to (nothing or - "
                               "for none); Enter applies");
    else if (f == ED_FIELD_SOUND_AT)
        ed_app_message(app, 0, "sound: the path time in seconds at which the sound starts (negative: the path starts "
                               "into it); Enter applies");
    else if (f == ED_FIELD_MAX_TURN)
        ed_app_message(app, 0, "turn/s: the fastest the camera should turn, degrees per second (0: the default, "
                               "30); check warns of a whip pan beyond 3 times it; Enter applies");
    else if (f == ED_FIELD_EASE_IN || f == ED_FIELD_EASE_OUT)
        ed_app_message(app, 0, "ease %s: 0 passes the key at its own pace, 1 eases down to an instant of rest; "
                               "Enter applies",
                       f == ED_FIELD_EASE_IN ? "in (arriving)" : "out (leaving)");
    else
        ed_app_message(app, 0, "%s: type a value, Enter applies, Tab the next, Esc cancels", ed_field_name(f));
}

void ed_inspector_type_text(ed_app *app, const char *text)
{
    if (!app->ui.typing.field)
        return;
    if (app->ui.typing.fresh)
        app->ui.typing.text[0] = '\0';
    app->ui.typing.fresh = 0;
    size_t n = strlen(app->ui.typing.text);
    for (const char *p = text; *p && n < ED_INSPECTOR_MAX_TEXT; p++)
        if ((unsigned char)*p >= ' ' && (unsigned char)*p < 127)
            app->ui.typing.text[n++] = *p;
    app->ui.typing.text[n] = '\0';
}

void ed_inspector_type_backspace(ed_app *app)
{
    size_t n = strlen(app->ui.typing.text);
    if (app->ui.typing.fresh)
        n = 0;
    else if (n > 0)
        n--;
    app->ui.typing.text[n] = '\0';
    app->ui.typing.fresh = 0;
}

/* Reads a typed number the way a person writes it (".5", "+2", "-.25"), in
 * any locale. 0, or -1 if it is none. */
static int parse(const char *text, double *out)
{
    char buf[40];
    const char *p = text;
    while (*p == ' ')
        p++;
    if (*p == '+')
        p++;
    size_t n = 0;
    if (*p == '-')
        buf[n++] = *p++;
    if (*p == '.')
        buf[n++] = '0';
    while (*p && *p != ' ' && n < sizeof buf - 1)
        buf[n++] = *p++;
    buf[n] = '\0';
    while (*p == ' ')
        p++;
    return *p || cp_json_parse_number(buf, out) != 0 || !isfinite(*out) ? -1 : 0;
}

/* The field after f in the panel (round to the first). */
static ed_field next_field(const ed_app *app, ed_field f)
{
    ed_inspector in;
    ed_inspector_build(app, &in);
    for (int i = 0; i < in.count; i++)
        if (in.items[i].field == f)
            return in.items[(i + 1) % in.count].field;
    return in.count ? in.items[0].field : ED_FIELD_NONE;
}

int ed_inspector_type_enter(ed_app *app, int next)
{
    ed_field f = (ed_field)app->ui.typing.field;
    if (f == ED_FIELD_NONE)
        return -1;
    double v;
    /* a hold, focus or aperture typed away: nothing, or a dash */
    if ((f == ED_FIELD_HOLD || optional(f) || f == ED_FIELD_SHAKE_SCALE || f == ED_FIELD_BPM) && !app->ui.typing.fresh &&
        (app->ui.typing.text[strspn(app->ui.typing.text, " ")] == '\0' || strcmp(app->ui.typing.text, "-") == 0)) {
        app->ui.typing.field = 0;
        if ((f == ED_FIELD_HOLD            ? ed_edit_hold(app, 0, 0)
             : f == ED_FIELD_BPM         ? ed_sound_set_grid(app, app->audio.member->offset, 0)
             : f == ED_FIELD_SHAKE_SCALE ? ed_edit_shake_scale(app, 0, 0)
             : f == ED_FIELD_WIDTH       ? ed_edit_frame_width(app, 0, 0)
                                         : ed_edit_lens(app, lens(f), 0, 0)) != 0) {
            app->ui.typing.field = (int)f;
            return -1;
        }
        if (next)
            ed_inspector_type_begin(app, next_field(app, f));
        return 0;
    }
    if (app->ui.typing.fresh) {
        /* nothing typed: nothing to change */
        app->ui.typing.field = next ? (int)next_field(app, f) : 0;
        if (next)
            ed_inspector_type_begin(app, (ed_field)app->ui.typing.field);
        return 0;
    }
    if (f == ED_FIELD_EASE && parse(app->ui.typing.text, &v) != 0) { /* a preset by name */
        char name[ED_INSPECTOR_MAX_TEXT + 1];
        snprintf(name, sizeof name, "%s", app->ui.typing.text + strspn(app->ui.typing.text, " "));
        name[strcspn(name, " ")] = '\0';
        app->ui.typing.field = 0;
        if (ed_edit_ease_preset(app, name) != 0) {
            app->ui.typing.field = (int)f;
            return -1;
        }
        if (next)
            ed_inspector_type_begin(app, next_field(app, f));
        return 0;
    }
    if (parse(app->ui.typing.text, &v) != 0) {
        ed_app_message(app, 1, "%s: '%s' is not a number", ed_field_name(f), app->ui.typing.text);
        return -1;
    }
    app->ui.typing.field = 0; /* the edit ends a drag first, and may change what is shown */
    if (ed_inspector_apply(app, f, v) != 0) {
        /* the field stays open with what was typed, so that it can be put right */
        app->ui.typing.field = (int)f;
        return -1;
    }
    if (next)
        ed_inspector_type_begin(app, next_field(app, f));
    return 0;
}

void ed_inspector_type_cancel(ed_app *app)
{
    if (app->ui.typing.field)
        ed_app_message(app, 0, "%s: not changed", ed_field_name((ed_field)app->ui.typing.field));
    app->ui.typing.field = 0;
}

int ed_inspector_type_first(ed_app *app)
{
    if (ed_app_need_selection(app))
        return -1;
    ed_inspector_type_begin(app, ed_app_selected_count(app) > 1 ? ED_FIELD_SHIFT : ED_FIELD_TIME);
    return 0;
}

void ed_inspector_sync(ed_app *app)
{
    /* the field typed into goes when its key does (undo, a deletion) */
    if (app->ui.typing.field && !(app->doc.cur.selected >= 0))
        app->ui.typing.field = 0;
}

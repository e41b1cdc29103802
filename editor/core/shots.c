/* SPDX-License-Identifier: MIT */
/* editor/core/shots.c - the commands of a sequence's shots and the shot track. */
#include "shots.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_impl.h"
#include "os.h"
#include "pointer.h"

#define BLEND_SNAP 0.02 /* s: a blend dragged shorter than this is a cut */

static int need_sequence(ed_app *app)
{
    if (ed_seq_active(&app->seq))
        return 0;
    ed_app_message(app, 1, "no sequence is open: open a sequence file (one with \"shots\")");
    return -1;
}

static int need_shot(ed_app *app, size_t i)
{
    if (need_sequence(app))
        return -1;
    if (i >= app->seq.count) {
        ed_app_message(app, 1, "there is no shot %zu: the sequence has %zu", i + 1, app->seq.count);
        return -1;
    }
    return 0;
}

static const char *base_name(const char *file)
{
    const char *a = file ? strrchr(file, '/') : NULL;
    return a ? a + 1 : file ? file : "";
}

/* A copy of the shots to change (NULL with a message). */
static ed_seq_shot *work_copy(ed_app *app, size_t extra)
{
    ed_seq_shot *w = malloc((app->seq.count + extra) * sizeof *w);
    if (!w)
        ed_app_message(app, 1, "out of memory");
    else
        memcpy(w, app->seq.shots, app->seq.count * sizeof *w);
    return w;
}

static int commit(ed_app *app, ed_seq_shot *w, size_t count, size_t current, const char *what)
{
    int rc = ed_seq_commit(&app->seq, &app->file, &app->doc, &app->base, w, count, current, what);
    free(w);
    if (rc == 0)
        ed_app_message(app, 0, "%s", what);
    return rc;
}

int ed_shots_new(ed_app *app, const char *file)
{
    if (ed_app_ready(app))
        return -1;
    return ed_seq_create(&app->seq, &app->file, &app->doc, &app->base, file);
}

int ed_shots_choose(ed_app *app, size_t i)
{
    if (ed_app_ready(app) || need_shot(app, i))
        return -1;
    if (ed_seq_choose(&app->seq, &app->file, &app->doc, &app->base, i) != 0)
        return -1;
    ed_app_message(app, 0, "editing shot %zu of %zu: %s, %.2f s to %.2f s", i + 1, app->seq.count,
                   base_name(app->file.name), app->seq.shots[i].from, app->seq.shots[i].to);
    return 0;
}

int ed_shots_add(ed_app *app, const char *file)
{
    if (ed_app_ready(app) || need_sequence(app))
        return -1;
    long p = file ? ed_seq_path_of(&app->seq, &app->file, &app->base, file) : (long)app->seq.cur_path;
    if (p < 0)
        return -1;
    const cp_path *path = (size_t)p == app->seq.cur_path ? app->doc.path : app->seq.paths[p].doc.path;
    if (!path) {
        ed_app_message(app, 1, "%s: a shot's path needs 2 keys or more: record with F2",
                       base_name(app->seq.paths[p].file ? app->seq.paths[p].file : app->file.name));
        return -1;
    }
    ed_seq_shot *w = work_copy(app, 1);
    if (!w)
        return -1;
    const size_t n = app->seq.count;
    w[n].path = (size_t)p;
    w[n].from = cp_path_start(path);
    w[n].to = w[n].from + cp_path_duration(path);
    w[n].blend = 0;
    w[n].origin = -1;
    char what[96];
    snprintf(what, sizeof what, "shot %zu added: %s, %.2f s to %.2f s after a cut", n + 1,
             (size_t)p == app->seq.cur_path ? base_name(app->file.name) : base_name(app->seq.paths[p].file), w[n].from,
             w[n].to);
    return commit(app, w, n + 1, n, what);
}

int ed_shots_add_here(ed_app *app)
{
    if (ed_seq_active(&app->seq))
        return ed_shots_add(app, NULL);
    if (!app->file.name) {
        ed_app_message(app, 1, "save the path first (Ctrl+S): the sequence goes beside its file");
        return -1;
    }
    const char *name = app->file.name;
    size_t stem = strlen(name);
    if (stem > 5 && strcmp(name + stem - 5, ".json") == 0)
        stem -= 5;
    char file[4096], why[256];
    for (int n = 1; n <= 99; n++) {
        int len = n == 1 ? snprintf(file, sizeof file, "%.*s.sequence.json", (int)stem, name)
                         : snprintf(file, sizeof file, "%.*s.sequence-%d.json", (int)stem, name, n);
        if (len < 0 || (size_t)len >= sizeof file) {
            ed_app_message(app, 1, "%s: the name is too long for a sequence beside it", name);
            return -1;
        }
        const int there = ed_os_exists(file, why, sizeof why);
        if (there < 0) {
            ed_app_message(app, 1, "%s: %s", file, why);
            return -1;
        }
        if (!there)
            return ed_shots_new(app, file);
    }
    ed_app_message(app, 1, "%.*s.sequence-99.json and every name before it are taken: open one of them",
                   (int)stem, name);
    return -1;
}

int ed_shots_step(ed_app *app, int step)
{
    if (need_sequence(app))
        return -1;
    const long to = (long)app->seq.current + step;
    if (to < 0 || to >= (long)app->seq.count) {
        ed_app_message(app, 1, "shot %zu is the %s one", app->seq.current + 1, step < 0 ? "first" : "last");
        return -1;
    }
    return ed_shots_choose(app, (size_t)to);
}

int ed_shots_trim(ed_app *app, size_t i, double from, double to)
{
    if (ed_app_ready(app) || need_shot(app, i))
        return -1;
    ed_seq_shot *w = work_copy(app, 0);
    if (!w)
        return -1;
    w[i].from = from;
    w[i].to = to;
    char what[96];
    snprintf(what, sizeof what, "shot %zu trimmed: %.2f s to %.2f s of its path", i + 1, from, to);
    return commit(app, w, app->seq.count, app->seq.current, what);
}

int ed_shots_blend(ed_app *app, size_t i, double seconds)
{
    if (ed_app_ready(app) || need_shot(app, i))
        return -1;
    if (i == 0 && seconds != 0) {
        ed_app_message(app, 1, "shot 1 starts the sequence: there is no shot before it to blend from");
        return -1;
    }
    ed_seq_shot *w = work_copy(app, 0);
    if (!w)
        return -1;
    w[i].blend = seconds > 0 && seconds < CP_HANDOFF_MIN_BLEND ? CP_HANDOFF_MIN_BLEND : seconds;
    char what[96];
    if (seconds == 0)
        snprintf(what, sizeof what, "shot %zu: a cut from shot %zu", i + 1, i);
    else
        snprintf(what, sizeof what, "shot %zu: a blend of %.2f s from shot %zu", i + 1, seconds, i);
    return commit(app, w, app->seq.count, app->seq.current, what);
}

/* w with shot i moved to place `to`; the first shot's blend dropped. */
static void reorder(ed_seq_shot *w, size_t count, size_t i, size_t to)
{
    ed_seq_shot t = w[i];
    if (to < i)
        memmove(w + to + 1, w + to, (i - to) * sizeof *w);
    else if (to > i)
        memmove(w + i, w + i + 1, (to - i) * sizeof *w);
    w[to] = t;
    (void)count;
    w[0].blend = 0;
}

int ed_shots_move(ed_app *app, size_t i, size_t to)
{
    if (ed_app_ready(app) || need_shot(app, i) || need_shot(app, to))
        return -1;
    ed_seq_shot *w = work_copy(app, 0);
    if (!w)
        return -1;
    reorder(w, app->seq.count, i, to);
    size_t current = app->seq.current == i ? to : app->seq.current;
    char what[96];
    snprintf(what, sizeof what, "shot %zu is shot %zu now", i + 1, to + 1);
    return commit(app, w, app->seq.count, current, what);
}

int ed_shots_seek(ed_app *app, double time)
{
    if (ed_app_ready(app) || need_sequence(app))
        return -1;
    ed_seq_seek(&app->seq, &app->file, &app->doc, &app->base, time);
    return 0;
}

/* ---- what the front ends read ----------------------------------------------------------------------- */

int ed_shots_open(const ed_app *app) { return ed_seq_active(&app->seq); }
double ed_shots_duration(const ed_app *app) { return ed_seq_duration(&app->seq); }
double ed_shots_time(const ed_app *app) { return ed_seq_time(&app->seq, &app->base); }
size_t ed_shots_count(const ed_app *app) { return ed_seq_active(&app->seq) ? app->seq.count : 0; }

int ed_shots_pose(const ed_app *app, double time, cp_sequence_pose *out)
{
    return ed_seq_sample(&app->seq, &app->doc, time, out);
}

double ed_shots_x_of(const ed_app *app, const ed_layout *l, double t)
{
    double d = ed_seq_duration(&app->seq);
    double u = d > 0 ? t / d : 0;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    return l->bar.x + u * (l->bar.w > 1 ? l->bar.w - 1 : 1);
}

double ed_shots_time_at(const ed_app *app, const ed_layout *l, int x)
{
    double u = (double)(x - l->bar.x) / (l->bar.w > 1 ? l->bar.w - 1 : 1);
    return u * ed_seq_duration(&app->seq);
}

void ed_shots_box(const ed_app *app, const ed_layout *l, size_t i, ed_shot_box *box)
{
    memset(box, 0, sizeof *box);
    const ed_seq *s = &app->seq;
    if (i >= s->count)
        return;
    double a = ed_seq_shot_start(s, i), e = ed_seq_shot_end(s, i);
    box->x0 = ed_shots_x_of(app, l, a);
    box->x1 = ed_shots_x_of(app, l, e);
    box->xb = ed_shots_x_of(app, l, a + (i ? s->shots[i].blend : 0));
    const int half = l->shots.h / 2;
    box->y0 = l->shots.y + 2 + (int)(i % 2) * half;
    box->y1 = box->y0 + half - 3;
    box->current = i == s->current;
}

/* ---- the mouse on the track ------------------------------------------------------------------------- */

int ed_shots_press(ed_app *app, int x, int y, int shift)
{
    if (!ed_seq_active(&app->seq))
        return 0;
    ed_layout l;
    ed_app_layout(app, &l);
    if (!ed_rect_contains(&l.shots, x, y))
        return 0;
    if (ed_app_ready(app))
        return 1;
    ed_seq *s = &app->seq;
    for (size_t k = s->count; k-- > 0;) {
        ed_shot_box b;
        ed_shots_box(app, &l, k, &b);
        if (y < b.y0 - 1 || y > b.y1 + 1 || x < b.x0 - ED_SHOTS_EDGE || x > b.x1 + ED_SHOTS_EDGE)
            continue;
        int kind = ED_SHOTS_GRAB_BODY;
        if (fabs(x - b.x0) <= ED_SHOTS_EDGE)
            kind = shift ? ED_SHOTS_GRAB_FROM : ED_SHOTS_GRAB_BLEND;
        else if (fabs(x - b.x1) <= ED_SHOTS_EDGE)
            kind = ED_SHOTS_GRAB_TO;
        else if (x < b.x0 || x > b.x1)
            continue;
        s->grab.kind = kind;
        s->grab.shot = k;
        s->grab.x = x;
        s->grab.moved = 0;
        return 1;
    }
    /* between boxes: the sequence time */
    ed_seq_seek(s, &app->file, &app->doc, &app->base, ed_shots_time_at(app, &l, x));
    return 1;
}

int ed_shots_grabbed(const ed_app *app) { return app->seq.grab.kind != ED_SHOTS_GRAB_NONE; }

/* The drag's change from the shots as they were when it began. */
static void drag_to(ed_app *app, int x)
{
    ed_seq *s = &app->seq;
    const size_t i = s->grab.shot;
    ed_layout l;
    ed_app_layout(app, &l);
    const ed_seq_step *o = &s->origin;
    if (i >= o->count)
        return;
    /* the time axis as it was when the drag began: the track does not slide under the mouse */
    double whole = 0;
    for (size_t k = 0; k < o->count; k++)
        whole += (o->shots[k].to - o->shots[k].from) - (k ? o->shots[k].blend : 0);
    double dt = (double)(x - s->grab.x) / (l.bar.w > 1 ? l.bar.w - 1 : 1) * whole;
    ed_seq_shot *w = malloc(o->count * sizeof *w);
    if (!w)
        return;
    memcpy(w, o->shots, o->count * sizeof *w);
    ed_seq_shot *t = &w[i];
    char what[96] = "";
    size_t current = s->current;
    switch (s->grab.kind) {
    case ED_SHOTS_GRAB_BODY: {
        /* past the middle of a neighbour: the shot takes its place */
        double start = 0;
        size_t to = i;
        for (size_t k = 0; k < o->count; k++) {
            double len = o->shots[k].to - o->shots[k].from;
            if (k)
                start += (o->shots[k - 1].to - o->shots[k - 1].from) - o->shots[k].blend;
            double mid = start + len / 2, my = 0;
            for (size_t j = 1; j <= i; j++)
                my += (o->shots[j - 1].to - o->shots[j - 1].from) - o->shots[j].blend;
            my += (t->to - t->from) / 2 + dt;
            if (k < i && my < mid && to == i)
                to = k;
            if (k > i && my > mid)
                to = k;
        }
        if (to != i) {
            reorder(w, o->count, i, to);
            current = o->current == i ? to : o->current;
            snprintf(what, sizeof what, "shot %zu moved to place %zu", i + 1, to + 1);
            break;
        }
        /* else its start moves, through its blend */
        if (i == 0) {
            free(w);
            ed_app_message(app, 1, "shot 1 starts the sequence: there is no shot before it to blend from");
            return;
        }
        t->blend = o->shots[i].blend - dt;
        if (t->blend < BLEND_SNAP)
            t->blend = 0;
        snprintf(what, sizeof what, "shot %zu starts at %.2f s", i + 1, ed_seq_shot_start(s, i));
        break;
    }
    case ED_SHOTS_GRAB_BLEND:
        if (i == 0) {
            free(w);
            ed_app_message(app, 1, "shot 1 starts the sequence: there is no shot before it to blend from");
            return;
        }
        t->blend = o->shots[i].blend - dt;
        if (t->blend < BLEND_SNAP)
            t->blend = 0;
        if (t->blend > 0)
            snprintf(what, sizeof what, "shot %zu: a blend of %.2f s from shot %zu", i + 1, t->blend, i);
        else
            snprintf(what, sizeof what, "shot %zu: a cut from shot %zu", i + 1, i);
        break;
    case ED_SHOTS_GRAB_FROM:
        t->from = o->shots[i].from + dt;
        snprintf(what, sizeof what, "shot %zu trimmed: %.2f s to %.2f s of its path", i + 1, t->from, t->to);
        break;
    case ED_SHOTS_GRAB_TO:
        t->to = o->shots[i].to + dt;
        snprintf(what, sizeof what, "shot %zu trimmed: %.2f s to %.2f s of its path", i + 1, t->from, t->to);
        break;
    default:
        break;
    }
    if (ed_seq_live_update(s, &app->doc, &app->base, w, o->count) == 0) {
        s->current = current < s->count ? current : s->current;
        snprintf(s->origin.what, sizeof s->origin.what, "%s", what);
        ed_app_message(app, 0, "%s", what);
    }
    free(w);
}

void ed_shots_motion(ed_app *app, int x)
{
    ed_seq *s = &app->seq;
    if (!s->grab.kind)
        return;
    if (!s->grab.moved && abs(x - s->grab.x) < ED_DRAG_THRESHOLD)
        return;
    if (!s->grab.moved) {
        if (ed_seq_live_begin(s, &app->base, "a shot dragged") != 0) {
            s->grab.kind = 0;
            return;
        }
        s->grab.moved = 1;
    }
    drag_to(app, x);
}

void ed_shots_release(ed_app *app, int x)
{
    ed_seq *s = &app->seq;
    if (!s->grab.kind)
        return;
    if (!s->grab.moved) {
        size_t i = s->grab.shot;
        s->grab.kind = 0;
        ed_shots_choose(app, i);
        return;
    }
    drag_to(app, x);
    char what[96];
    snprintf(what, sizeof what, "%s", s->origin.what);
    if (ed_app_end_drag(app) == 0 && ed_seq_dirty(s))
        ed_app_message(app, 0, "%s", what);
}

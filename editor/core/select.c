/* SPDX-License-Identifier: MIT */
/* editor/core/select.c - the selection commands. */
#include "select.h"

#include <stdio.h>

/* The HUD message about the selection. */
static void describe(ed_app *app)
{
    const ed_sel *s = &app->doc.cur.sel;
    const cp_key *k = app->doc.cur.doc.keys;
    if (s->count == 0) {
        if (app->base.message_selection)
            app->base.message[0] = '\0';
        return;
    }
    if (s->count == 1 && app->doc.cur.selected >= 0)
        ed_app_message(app, 0, "key %ld selected (t = %.2f s)", app->doc.cur.selected, k[app->doc.cur.selected].time);
    else if (s->count == s->n)
        ed_app_message(app, 0, "all %zu keys selected", s->count);
    else
        ed_app_message(app, 0, "%zu keys selected, from %.2f s to %.2f s", s->count, k[ed_sel_next(s, 0)].time,
                       k[ed_sel_last(s)].time);
    app->base.message_selection = 1;
}

static int no_key(ed_app *app, long i)
{
    ed_app_message(app, 1, "no key %ld (the path has %zu %s)", i, app->doc.cur.doc.count, ed_base_keys_word(app->doc.cur.doc.count));
    return -1;
}

static int out_of_memory(ed_app *app)
{
    ed_sel_reset(&app->doc.cur.sel, app->doc.cur.doc.count);
    app->doc.cur.selected = -1;
    ed_app_message(app, 1, "out of memory for the selection");
    return -1;
}

int ed_select_one(ed_app *app, long i)
{
    if (i < -1 || i >= (long)app->doc.cur.doc.count)
        return no_key(app, i);
    ed_sel_reset(&app->doc.cur.sel, app->doc.cur.doc.count);
    app->doc.cur.selected = -1;
    if (i >= 0) {
        if (ed_sel_set(&app->doc.cur.sel, (size_t)i, 1))
            return out_of_memory(app);
        app->doc.cur.selected = i;
        ed_app_seek(app, app->doc.cur.doc.keys[i].time);
    }
    describe(app);
    return 0;
}

int ed_select_add(ed_app *app, long i, int toggle)
{
    if (i < 0 || i >= (long)app->doc.cur.doc.count)
        return no_key(app, i);
    ed_sel *s = &app->doc.cur.sel;
    if (toggle && ed_sel_has(s, (size_t)i)) {
        ed_sel_set(s, (size_t)i, 0);
        if (app->doc.cur.selected == i) {
            size_t next = ed_sel_next(s, 0);
            app->doc.cur.selected = next < s->n ? (long)next : -1;
        }
    } else {
        if (ed_sel_set(s, (size_t)i, 1))
            return out_of_memory(app);
        app->doc.cur.selected = i;
        ed_app_seek(app, app->doc.cur.doc.keys[i].time);
    }
    describe(app);
    return 0;
}

int ed_select_range(ed_app *app, long a, long b)
{
    long n = (long)app->doc.cur.doc.count;
    if (a < 0 || a >= n)
        return no_key(app, a);
    if (b < a || b >= n) {
        ed_app_message(app, 1, "no keys %ld-%ld (the path has keys 0-%ld)", a, b, n - 1);
        return -1;
    }
    ed_sel_reset(&app->doc.cur.sel, (size_t)n);
    if (ed_sel_range(&app->doc.cur.sel, (size_t)a, (size_t)b, 1))
        return out_of_memory(app);
    app->doc.cur.selected = a;
    describe(app);
    return 0;
}

int ed_select_all(ed_app *app)
{
    size_t n = app->doc.cur.doc.count;
    if (n == 0) {
        ed_app_message(app, 1, "no keys to select: record with F2");
        return -1;
    }
    long keep = app->doc.cur.selected;
    ed_sel_reset(&app->doc.cur.sel, n);
    if (ed_sel_range(&app->doc.cur.sel, 0, n - 1, 1))
        return out_of_memory(app);
    app->doc.cur.selected = keep >= 0 ? keep : 0;
    describe(app);
    return 0;
}

int ed_select_set(ed_app *app, ed_sel *sel, long active)
{
    ed_sel_free(&app->doc.cur.sel);
    app->doc.cur.sel = *sel;
    sel->on = NULL;
    sel->n = sel->count = 0;
    if (app->doc.cur.sel.n != app->doc.cur.doc.count)
        ed_sel_reset(&app->doc.cur.sel, app->doc.cur.doc.count);
    if (active < 0 || !ed_sel_has(&app->doc.cur.sel, (size_t)active)) {
        size_t first = ed_sel_next(&app->doc.cur.sel, 0);
        active = first < app->doc.cur.sel.n ? (long)first : -1;
    }
    app->doc.cur.selected = active;
    describe(app);
    return 0;
}

void ed_select_step(ed_app *app, int step)
{
    long n = (long)app->doc.cur.doc.count;
    if (n == 0)
        return;
    long s = app->doc.cur.selected;
    if (s < 0)
        s = step > 0 ? 0 : n - 1;
    else
        s = s + step < 0 ? 0 : s + step >= n ? n - 1 : s + step;
    ed_select_one(app, s);
}

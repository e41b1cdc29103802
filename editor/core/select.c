/* editor/core/select.c - the selection: the set of keys that edits act on and
 * the active key among them, and the message that describes it. */
#include <stdio.h>

#include "app.h"

/* The HUD message about the selection; it goes when the selection changes
 * (a message about a selection that is gone would be stale). */
static void describe(ed_app *app)
{
    const ed_sel *s = &app->cur.sel;
    const cp_key *k = app->cur.doc.keys;
    if (s->count == 0) {
        if (app->message_selection)
            app->message[0] = '\0';
        return;
    }
    if (s->count == 1 && app->cur.selected >= 0)
        ed_app_message(app, 0, "key %ld selected (t = %.2f s)", app->cur.selected, k[app->cur.selected].time);
    else if (s->count == s->n)
        ed_app_message(app, 0, "all %zu keys selected", s->count);
    else
        ed_app_message(app, 0, "%zu keys selected, from %.2f s to %.2f s", s->count, k[ed_sel_next(s, 0)].time,
                       k[ed_sel_last(s)].time);
    app->message_selection = 1;
}

static int no_key(ed_app *app, long i)
{
    ed_app_message(app, 1, "no key %ld (the path has %zu %s)", i, app->cur.doc.count, ed_keys_word(app->cur.doc.count));
    return -1;
}

static int out_of_memory(ed_app *app)
{
    ed_sel_reset(&app->cur.sel, app->cur.doc.count);
    app->cur.selected = -1;
    ed_app_message(app, 1, "out of memory for the selection");
    return -1;
}

size_t ed_app_selected_count(const ed_app *app) { return app->cur.sel.count; }

int ed_app_is_selected(const ed_app *app, size_t i) { return ed_sel_has(&app->cur.sel, i); }

int ed_app_select(ed_app *app, long i)
{
    if (i < -1 || i >= (long)app->cur.doc.count)
        return no_key(app, i);
    ed_sel_reset(&app->cur.sel, app->cur.doc.count);
    app->cur.selected = -1;
    if (i >= 0) {
        if (ed_sel_set(&app->cur.sel, (size_t)i, 1))
            return out_of_memory(app);
        app->cur.selected = i;
        ed_app_seek(app, app->cur.doc.keys[i].time);
    }
    describe(app);
    return 0;
}

int ed_app_select_add(ed_app *app, long i, int toggle)
{
    if (i < 0 || i >= (long)app->cur.doc.count)
        return no_key(app, i);
    ed_sel *s = &app->cur.sel;
    if (toggle && ed_sel_has(s, (size_t)i)) {
        ed_sel_set(s, (size_t)i, 0);
        if (app->cur.selected == i) {
            size_t next = ed_sel_next(s, 0);
            app->cur.selected = next < s->n ? (long)next : -1;
        }
    } else {
        if (ed_sel_set(s, (size_t)i, 1))
            return out_of_memory(app);
        app->cur.selected = i;
        ed_app_seek(app, app->cur.doc.keys[i].time);
    }
    describe(app);
    return 0;
}

int ed_app_select_range(ed_app *app, long a, long b)
{
    long n = (long)app->cur.doc.count;
    if (a < 0 || a >= n)
        return no_key(app, a);
    if (b < a || b >= n) {
        ed_app_message(app, 1, "no keys %ld-%ld (the path has keys 0-%ld)", a, b, n - 1);
        return -1;
    }
    ed_sel_reset(&app->cur.sel, (size_t)n);
    if (ed_sel_range(&app->cur.sel, (size_t)a, (size_t)b, 1))
        return out_of_memory(app);
    app->cur.selected = a;
    describe(app);
    return 0;
}

int ed_app_select_all(ed_app *app)
{
    size_t n = app->cur.doc.count;
    if (n == 0) {
        ed_app_message(app, 1, "no keys to select: record with F2");
        return -1;
    }
    long keep = app->cur.selected;
    ed_sel_reset(&app->cur.sel, n);
    if (ed_sel_range(&app->cur.sel, 0, n - 1, 1))
        return out_of_memory(app);
    app->cur.selected = keep >= 0 ? keep : 0;
    describe(app);
    return 0;
}

int ed_app_select_set(ed_app *app, ed_sel *sel, long active)
{
    ed_sel_free(&app->cur.sel);
    app->cur.sel = *sel;
    sel->on = NULL;
    sel->n = sel->count = 0;
    if (app->cur.sel.n != app->cur.doc.count)
        ed_sel_reset(&app->cur.sel, app->cur.doc.count);
    if (active < 0 || !ed_sel_has(&app->cur.sel, (size_t)active)) {
        size_t first = ed_sel_next(&app->cur.sel, 0);
        active = first < app->cur.sel.n ? (long)first : -1;
    }
    app->cur.selected = active;
    describe(app);
    return 0;
}

void ed_app_select_step(ed_app *app, int step)
{
    long n = (long)app->cur.doc.count;
    if (n == 0)
        return;
    long s = app->cur.selected;
    if (s < 0)
        s = step > 0 ? 0 : n - 1;
    else
        s = s + step < 0 ? 0 : s + step >= n ? n - 1 : s + step;
    ed_app_select(app, s);
}

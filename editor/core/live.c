/* editor/core/live.c - edits that follow the mouse: while a drag lasts the
 * keys change with it (the path is rebuilt, nothing goes to the history);
 * its end makes one undo step of the whole drag, and Esc puts everything
 * back. Each update is computed from the keys as they were when the drag
 * began, so rounding does not pile up over a long drag. */
#include <string.h>

#include "app.h"

int ed_app_live_begin(ed_app *app)
{
    if (app->live.active)
        return 0;
    if (ed_app_check_prompt(app))
        return -1;
    cp_error err;
    memset(&app->live.origin, 0, sizeof app->live.origin);
    if (cp_document_copy(&app->live.origin.doc, &app->cur.doc, &err) != CP_OK ||
        ed_sel_copy(&app->live.origin.sel, &app->cur.sel) != 0) {
        ed_state_free(&app->live.origin);
        ed_app_message(app, 1, "out of memory: cannot start the drag");
        return -1;
    }
    app->live.origin.selected = app->cur.selected;
    app->live.origin.revision = app->cur.revision;
    app->live.active = 1;
    app->live.changed = 0;
    return 0;
}

const cp_document *ed_app_live_origin(const ed_app *app) { return app->live.active ? &app->live.origin.doc : NULL; }

int ed_app_live_work(ed_app *app, cp_document *work)
{
    memset(work, 0, sizeof *work);
    if (!app->live.active && ed_app_live_begin(app))
        return -1;
    cp_error err;
    if (cp_document_copy(work, &app->live.origin.doc, &err) != CP_OK) {
        ed_app_message(app, 1, "%s", err.message);
        return -1;
    }
    return 0;
}

int ed_app_live_update(ed_app *app, cp_document *work)
{
    if (!app->live.active) {
        cp_document_free(work);
        return -1;
    }
    cp_error err;
    cp_path *p = work->count >= 2 ? cp_document_to_path(work, &err) : NULL;
    if (work->count >= 2 && !p) {
        /* the last good state stays on screen */
        ed_app_message(app, 1, "%s", err.message);
        cp_document_free(work);
        return -1;
    }
    cp_document_free(&app->cur.doc);
    app->cur.doc = *work;
    memset(work, 0, sizeof *work);
    cp_path_destroy(app->path);
    app->path = p;
    app->path_serial++;
    ed_app_take_times(app);
    app->live.changed = 1;
    return 0;
}

/* Puts the state of the drag's start back as the current one (its selection too). */
static void restore(ed_app *app)
{
    long active = app->cur.selected;
    ed_sel sel = app->cur.sel;
    memset(&app->cur.sel, 0, sizeof app->cur.sel);
    ed_state_free(&app->cur);
    app->cur = app->live.origin;
    memset(&app->live.origin, 0, sizeof app->live.origin);
    /* a drag changes no key count: the selection made during it stays */
    if (sel.n == app->cur.doc.count) {
        ed_sel_free(&app->cur.sel);
        app->cur.sel = sel;
        app->cur.selected = active;
    } else {
        ed_sel_free(&sel);
    }
}

int ed_app_live_end(ed_app *app)
{
    app->look_key = -1; /* looking from a key is a drag too: it ends with it */
    if (!app->live.active)
        return 0;
    app->live.active = 0;
    if (!app->live.changed) {
        ed_state_free(&app->live.origin);
        return 0;
    }
    /* the state of the drag's start goes to the history as the edit's "before" */
    ed_state before = app->live.origin;
    memset(&app->live.origin, 0, sizeof app->live.origin);
    if (ed_history_push(&app->history, &before) != 0) {
        app->live.origin = before;
        app->live.active = 1;
        ed_app_live_cancel(app);
        ed_app_message(app, 1, "out of memory for undo: the drag was undone");
        return -1;
    }
    app->cur.revision = app->next_revision++;
    ed_app_clamp(app);
    return 0;
}

void ed_app_live_cancel(ed_app *app)
{
    app->look_key = -1;
    if (!app->live.active)
        return;
    app->live.active = 0;
    restore(app);
    ed_app_rebuild_path(app);
}

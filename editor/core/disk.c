/* editor/core/disk.c - the editor's file: open, save, notice changes made by
 * other programs, write and offer the recovery file, ask before losing work. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app.h"

static ed_file_id file_id(const char *file)
{
    ed_file_id id;
    struct stat st;
    memset(&id, 0, sizeof id);
    if (file && stat(file, &st) == 0) {
        id.valid = 1;
        id.dev = (unsigned long long)st.st_dev;
        id.ino = (unsigned long long)st.st_ino;
        id.size = (unsigned long long)st.st_size;
        id.mtime_sec = (long long)st.st_mtim.tv_sec;
        id.mtime_nsec = (long long)st.st_mtim.tv_nsec;
    }
    return id;
}

static int same_id(const ed_file_id *a, const ed_file_id *b)
{
    return a->valid == b->valid && a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
           a->mtime_sec == b->mtime_sec && a->mtime_nsec == b->mtime_nsec;
}

/* "paths/intro.json" -> "intro": the name a new path gets. */
static char *name_from_file(const char *file)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    char *name = strdup(base);
    if (name) {
        char *dot = strrchr(name, '.');
        if (dot && dot != name)
            *dot = '\0';
    }
    return name;
}

/* Whether the recovery file on disk, if any, is one the editor wrote or read
 * itself: one it does not know (another session's, or one that does not
 * load) is neither overwritten nor removed. */
static int recovery_is_ours(const ed_app *app)
{
    ed_file_id now = file_id(app->recovery_file);
    return !now.valid || same_id(&now, &app->recovery_known);
}

static void remove_recovery(ed_app *app)
{
    if (app->recovery_file && recovery_is_ours(app) && remove(app->recovery_file) != 0 && errno != ENOENT)
        ed_app_message(app, 1, "could not remove %s: %s", app->recovery_file, strerror(errno));
    app->recovery_revision = 0;
    app->recovery_keep = 0;
    memset(&app->recovery_known, 0, sizeof app->recovery_known);
}

/* Starts watching the file (it must exist and load). */
static void watch(ed_app *app)
{
    cp_error err;
    cp_library_destroy(app->library);
    app->library = NULL;
    app->resource = NULL;
    app->library = cp_library_create(&err);
    if (app->library)
        app->resource = cp_library_open(app->library, app->file, &err);
    if (!app->resource) {
        cp_library_destroy(app->library);
        app->library = NULL;
        ed_app_message(app, 1, "not watching %s for changes: %s", app->file, err.message);
        return;
    }
    app->generation = cp_resource_generation(app->resource);
    free(app->reload_error);
    app->reload_error = NULL;
}

/* Loads the scene the document names (relative to the path file's folder),
 * unless it is the world already. A scene that is not there is reported;
 * the path opens all the same. */
static void open_scene(ed_app *app, const char *file)
{
    const char *scene = app->cur.doc.scene;
    const char *slash = strrchr(file, '/');
    size_t dir = scene[0] == '/' || !slash ? 0 : (size_t)(slash - file) + 1;
    char *resolved = malloc(dir + strlen(scene) + 1);
    if (!resolved)
        return;
    memcpy(resolved, file, dir);
    strcpy(resolved + dir, scene);
    struct stat st;
    char a[PATH_MAX], b[PATH_MAX];
    if (stat(resolved, &st) != 0)
        ed_app_message(app, 1, "%s names the scene %s, which is not there (%s): the path opens in the current world",
                       file, resolved, strerror(errno));
    else if (!realpath(resolved, b))
        ed_app_message(app, 1, "%s names the scene %s: %s", file, resolved, strerror(errno));
    /* by its resolved name: "paths/../scenes/town.glb" reads better as the file it is */
    else if (!(app->scene_file && realpath(app->scene_file, a) && strcmp(a, b) == 0))
        ed_app_load_scene(app, b, 0);
    free(resolved);
}

/* ---- opening ---------------------------------------------------------------------------- */

/* Offers the recovery file if it holds something the file does not. */
static void check_recovery(ed_app *app)
{
    ed_file_id id = file_id(app->recovery_file);
    if (!id.valid)
        return;
    cp_document rec;
    cp_error err;
    if (cp_document_load(app->recovery_file, &rec, &err) != CP_OK) {
        ed_app_message(app, 1, "a recovery file was found but does not load (left in place): %s", err.message);
        return;
    }
    app->recovery_known = id;
    if (ed_doc_equal(&rec, &app->cur.doc)) {
        cp_document_free(&rec);
        remove_recovery(app);
        return;
    }
    cp_document_free(&app->pending);
    app->pending = rec;
    app->prompt = ED_PROMPT_RECOVERY;
    ed_app_message(app, 0, "%s holds unsaved edits (%zu %s) from an earlier session: R restore, D discard",
                   app->recovery_file, rec.count, ed_keys_word(rec.count));
}

int ed_app_open(ed_app *app, const char *file)
{
    if (ed_app_check_prompt(app))
        return -1;
    if (ed_app_dirty(app)) {
        ed_app_message(app, 1, "unsaved edits: save them (Ctrl+S) before opening another file");
        return -1;
    }
    cp_document doc;
    cp_error err;
    memset(&doc, 0, sizeof doc);
    struct stat st;
    int exists = stat(file, &st) == 0;
    if (!exists && errno != ENOENT) {
        ed_app_message(app, 1, "%s: %s", file, strerror(errno));
        return -1;
    }
    if (exists && cp_document_load(file, &doc, &err) != CP_OK) {
        ed_app_message(app, 1, "%s", err.message);
        return -1;
    }
    /* a new path is recorded with smooth timing: no overshoot between unevenly timed keys, and holds */
    if (!exists)
        doc.options.timing = CP_TIMING_SMOOTH;
    if (!exists && !(doc.name = name_from_file(file))) {
        ed_app_message(app, 1, "out of memory");
        return -1;
    }
    char *name = strdup(file);
    size_t n = strlen(file);
    char *rec = malloc(n + sizeof ED_RECOVERY_SUFFIX);
    if (!name || !rec) {
        free(name);
        free(rec);
        cp_document_free(&doc);
        ed_app_message(app, 1, "out of memory");
        return -1;
    }
    memcpy(rec, file, n);
    memcpy(rec + n, ED_RECOVERY_SUFFIX, sizeof ED_RECOVERY_SUFFIX);

    /* a new file starts a new history */
    ed_history_free(&app->history);
    cp_document_free(&app->cur.doc);
    app->cur.doc = doc;
    app->cur.selected = -1;
    ed_sel_reset(&app->cur.sel, doc.count);
    app->cur.revision = app->next_revision++;
    app->saved_revision = app->cur.revision;
    app->recovery_revision = 0;
    app->recovery_keep = 0;
    memset(&app->recovery_known, 0, sizeof app->recovery_known);
    free(app->file);
    free(app->recovery_file);
    app->file = name;
    app->recovery_file = rec;
    app->file_exists = exists;
    app->known = file_id(file);
    if (app->take)
        cp_recorder_clear(app->take); /* keys of another file anchor nothing */
    app->playing = 0;
    cp_library_destroy(app->library);
    app->library = NULL;
    app->resource = NULL;
    if (ed_app_rebuild_path(app) != 0)
        return -1;
    ed_app_seek(app, ed_app_start(app));
    if (app->cur.doc.count > 0) {
        /* start a little behind the first key, looking the way it looks */
        const cp_key *k = &app->cur.doc.keys[0];
        cp_vec3 back = cp_vec3_scale(cp_quat_forward(k->rotation), -10.0);
        ed_camera_set_pose(&app->camera, cp_vec3_add(k->position, back), k->rotation, k->fov);
    }
    if (exists) {
        if (doc.warning_count > 0)
            ed_app_message(app, 0, "opened %s: %zu %s; %s", file, app->cur.doc.count, ed_keys_word(app->cur.doc.count),
                           app->cur.doc.warnings[0]);
        else
            ed_app_message(app, 0, "opened %s: %zu %s", file, app->cur.doc.count, ed_keys_word(app->cur.doc.count));
        watch(app);
    } else {
        ed_app_message(app, 0, "new file %s: the first save (Ctrl+S) creates it", file);
    }
    if (app->cur.doc.scene)
        open_scene(app, file);
    check_recovery(app);
    return 0;
}

/* ---- saving ------------------------------------------------------------------------------- */

int ed_app_save(ed_app *app)
{
    if (ed_app_check_prompt(app))
        return -1;
    if (!app->file) {
        ed_app_message(app, 1, "no file to save to");
        return -1;
    }
    if (!app->path) {
        ed_app_message(app, 1, "a path needs at least 2 keys to be saved (it has %zu): record with F2",
                       app->cur.doc.count);
        return -1;
    }
    /* a change by another program that has not been dealt with yet must be asked about, not overwritten
       (also a file that another program created since a new one was opened) */
    ed_file_id now = file_id(app->file);
    if (now.valid && !same_id(&now, &app->known)) {
        ed_app_poll_file(app);
        if (app->prompt != ED_PROMPT_NONE)
            return -1;
    }
    cp_error err;
    if (cp_path_save(app->path, app->file, &err) != CP_OK) {
        ed_app_message(app, 1, "not saved: %s", err.message);
        return -1;
    }
    app->known = file_id(app->file);
    app->saved_revision = app->cur.revision;
    app->file_exists = 1;
    remove_recovery(app);
    if (!app->library)
        watch(app);
    ed_app_message(app, 0, "saved %s (%zu %s)", app->file, app->cur.doc.count, ed_keys_word(app->cur.doc.count));
    return 0;
}

/* ---- changes made by other programs ---------------------------------------------------------- */

/* The file holds a version that another program wrote (`now`: its id):
 * reloads it at once when there are no unsaved edits, else asks. 0 when it
 * was dealt with, -1 when it does not load (yet). */
static int outside_change(ed_app *app, ed_file_id now)
{
    cp_document doc;
    cp_error err;
    if (cp_document_load(app->file, &doc, &err) != CP_OK)
        return -1; /* changed again since the library read it: the next poll sees the rest */
    app->known = now;
    if (ed_doc_equal(&doc, &app->cur.doc)) {
        cp_document_free(&doc);
        app->saved_revision = app->cur.revision;
        return 0;
    }
    if (!ed_app_dirty(app)) {
        if (ed_app_commit(app, &doc, app->cur.selected, 1) == 0) {
            app->saved_revision = app->cur.revision;
            ed_app_message(app, 0, "reloaded %s: changed on disk (%zu %s; Ctrl+Z goes back)", app->file,
                           app->cur.doc.count, ed_keys_word(app->cur.doc.count));
        }
        return 0;
    }
    cp_document_free(&app->pending);
    app->pending = doc;
    app->prompt = ED_PROMPT_RELOAD;
    app->playing = 0;
    ed_app_message(app, 0, "%s changed on disk and you have unsaved edits: R reload, K keep mine", app->file);
    return 0;
}

void ed_app_poll_file(ed_app *app)
{
    /* a reload in the middle of a drag would pull the keys from under it: after the drag */
    if (app->live.active)
        return;
    if (!app->library) {
        /* a new file: another program may create it before the first save */
        if (app->file && !app->file_exists && app->prompt == ED_PROMPT_NONE) {
            ed_file_id now = file_id(app->file);
            if (!now.valid || same_id(&now, &app->known))
                return;
            if (outside_change(app, now) == 0) {
                app->file_exists = 1;
                watch(app);
            } else {
                app->known = now; /* looked at once; a later write is looked at again */
                ed_app_message(app, 1, "%s was created by another program but does not load (the editor keeps its version)",
                               app->file);
            }
        }
        return;
    }
    cp_library_poll(app->library);
    const char *rerr = cp_resource_error(app->resource);
    if (rerr && (!app->reload_error || strcmp(rerr, app->reload_error) != 0)) {
        free(app->reload_error);
        app->reload_error = strdup(rerr);
        ed_app_message(app, 1, "the file on disk does not load (the editor keeps its version): %s", rerr);
    }
    unsigned long g = cp_resource_generation(app->resource);
    if (g == app->generation || app->prompt != ED_PROMPT_NONE)
        return;
    ed_file_id now = file_id(app->file);
    if (same_id(&now, &app->known)) {
        app->generation = g; /* our own save coming back */
        return;
    }
    if (outside_change(app, now) == 0)
        app->generation = g;
}

/* ---- recovery ---------------------------------------------------------------------------------- */

int ed_app_write_recovery(ed_app *app)
{
    app->recovery_clock = app->clock;
    if (!app->recovery_file || !ed_app_dirty(app) || app->cur.revision == app->recovery_revision ||
        app->cur.doc.count < 2)
        return 0;
    if (!recovery_is_ours(app)) {
        ed_app_message(app, 1, "%s is not from this session (another editor's, or one that does not load): "
                       "not overwritten, so unsaved edits are not backed up; save (Ctrl+S) or move it away",
                       app->recovery_file);
        return -1;
    }
    cp_error err;
    if (cp_document_save(&app->cur.doc, app->recovery_file, &err) != CP_OK) {
        ed_app_message(app, 1, "could not write the recovery file: %s", err.message);
        return -1;
    }
    app->recovery_revision = app->cur.revision;
    app->recovery_known = file_id(app->recovery_file);
    return 0;
}

/* ---- questions -------------------------------------------------------------------------------- */

static void close_prompt(ed_app *app)
{
    app->prompt = ED_PROMPT_NONE;
    cp_document_free(&app->pending);
}

static int wrong_answer(ed_app *app)
{
    static const char *const expected[] = {"", "R (reload) or K (keep mine)", "R (restore) or D (discard)",
                                           "S (save and quit), D (discard and quit) or Esc (cancel)"};
    if (app->prompt == ED_PROMPT_NONE || (size_t)app->prompt >= sizeof expected / sizeof expected[0])
        ed_app_message(app, 1, "there is no question to answer");
    else
        ed_app_message(app, 1, "the answers are %s", expected[app->prompt]);
    return -1;
}

int ed_app_answer(ed_app *app, ed_cmd answer)
{
    cp_document doc;
    switch (app->prompt) {
    case ED_PROMPT_RELOAD:
        if (answer == ED_CMD_ANSWER_RELOAD) {
            /* the edits set aside stay reachable: in undo, and in the recovery file until a save */
            ed_app_write_recovery(app);
            app->recovery_keep = app->recovery_revision != 0;
            doc = app->pending;
            memset(&app->pending, 0, sizeof app->pending);
            app->prompt = ED_PROMPT_NONE;
            if (ed_app_commit(app, &doc, app->cur.selected, 1) != 0)
                return -1;
            app->saved_revision = app->cur.revision;
            ed_app_message(app, 0, "reloaded %s; your edits are one undo (Ctrl+Z) away", app->file);
            return 0;
        }
        if (answer == ED_CMD_ANSWER_KEEP) {
            close_prompt(app);
            app->saved_revision = 0; /* no revision matches the file any more */
            ed_app_message(app, 0, "kept your version: the next save (Ctrl+S) overwrites %s", app->file);
            return 0;
        }
        return wrong_answer(app);
    case ED_PROMPT_RECOVERY:
        if (answer == ED_CMD_ANSWER_RESTORE) {
            doc = app->pending;
            memset(&app->pending, 0, sizeof app->pending);
            app->prompt = ED_PROMPT_NONE;
            if (ed_app_commit(app, &doc, -1, 1) != 0)
                return -1;
            app->recovery_revision = app->cur.revision; /* the recovery file holds exactly this */
            ed_app_message(app, 0, "restored %zu %s from %s: save (Ctrl+S) to keep them", app->cur.doc.count,
                           ed_keys_word(app->cur.doc.count),
                           app->recovery_file);
            return 0;
        }
        if (answer == ED_CMD_ANSWER_DISCARD) {
            close_prompt(app);
            remove_recovery(app);
            ed_app_message(app, 0, "recovery file discarded");
            return 0;
        }
        return wrong_answer(app);
    case ED_PROMPT_QUIT:
        if (answer == ED_CMD_ANSWER_SAVE) {
            close_prompt(app);
            if (ed_app_save(app) != 0)
                return -1;
            app->quit = 1;
            return 0;
        }
        if (answer == ED_CMD_ANSWER_DISCARD) {
            close_prompt(app);
            remove_recovery(app);
            app->quit = 1;
            return 0;
        }
        if (answer == ED_CMD_ANSWER_CANCEL) {
            close_prompt(app);
            ed_app_message(app, 0, "not quitting");
            return 0;
        }
        return wrong_answer(app);
    case ED_PROMPT_NONE:
        break;
    }
    return wrong_answer(app);
}

int ed_app_request_quit(ed_app *app)
{
    if (app->prompt == ED_PROMPT_QUIT)
        return app->quit;
    if (app->prompt == ED_PROMPT_RELOAD) {
        /* the question makes way for this one, but the change on disk is still not answered:
           forget having seen it, so that the next poll (or a save) asks again */
        close_prompt(app);
        app->generation = 0;
        memset(&app->known, 0, sizeof app->known);
    }
    if (app->prompt == ED_PROMPT_RECOVERY) {
        /* nothing was edited yet; the recovery file stays for the next start */
        close_prompt(app);
        app->quit = 1;
        return 1;
    }
    if (ed_app_dirty(app)) {
        app->prompt = ED_PROMPT_QUIT;
        app->playing = 0;
        ed_app_message(app, 0, "unsaved edits: S save and quit, D discard them and quit, Esc stay");
        return app->quit;
    }
    if (app->recovery_revision && !app->recovery_keep)
        remove_recovery(app);
    app->quit = 1;
    return 1;
}

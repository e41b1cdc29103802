/* SPDX-License-Identifier: MIT */
/* editor/core/file.c - the document's file: open, save, notice changes made by
 * other programs, write and offer the recovery file, ask before losing work. */
#include "file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os.h"
#include "replace.h"

void ed_file_init(ed_file *f) { memset(f, 0, sizeof *f); }

void ed_file_free(ed_file *f)
{
    cp_library_destroy(f->library);
    cp_document_free(&f->pending);
    free(f->name);
    free(f->recovery);
    free(f->reload_error);
    memset(f, 0, sizeof *f);
}

int ed_file_dirty(const ed_file *f, const ed_doc *d) { return d->cur.revision != f->saved_revision; }

/* "paths/intro.json" -> "intro": the name a new path gets. */
static char *name_from_file(const char *file)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    char *name = ed_os_strdup(base);
    if (name) {
        char *dot = strrchr(name, '.');
        if (dot && dot != name)
            *dot = '\0';
    }
    return name;
}

/* Whether the recovery file on disk, if any, is one the editor wrote or read
 * itself: one it does not know (another session's, or one that does not
 * load) is neither overwritten nor removed, and neither is anything at its
 * name that is not a regular file (a link is not followed). */
static int recovery_is_ours(const ed_file *f)
{
    char why[8];
    if (ed_replace_check(f->recovery, why, sizeof why) != 0)
        return 0;
    ed_os_id now = ed_os_file_id(f->recovery);
    return !now.valid || ed_os_same_id(&now, &f->recovery_known);
}

static void remove_recovery(ed_file *f, ed_base *b)
{
    if (f->recovery && recovery_is_ours(f) && remove(f->recovery) != 0 && errno != ENOENT)
        ed_base_message(b, 1, "could not remove %s: %s", f->recovery, strerror(errno));
    f->recovery_revision = 0;
    f->recovery_keep = 0;
    memset(&f->recovery_known, 0, sizeof f->recovery_known);
}

/* Starts watching the file (it must exist and load). */
static void watch(ed_file *f, ed_base *b)
{
    cp_error err;
    cp_library_destroy(f->library);
    f->library = NULL;
    f->resource = NULL;
    f->library = cp_library_create(&err);
    if (f->library)
        f->resource = cp_library_open(f->library, f->name, &err);
    if (!f->resource) {
        cp_library_destroy(f->library);
        f->library = NULL;
        ed_base_message(b, 1, "not watching %s for changes: %s", f->name, err.message);
        return;
    }
    f->generation = cp_resource_generation(f->resource);
    free(f->reload_error);
    f->reload_error = NULL;
}

/* ---- opening ---------------------------------------------------------------------------- */

void ed_file_offer_recovery(ed_file *f, const ed_doc *d, ed_base *b)
{
    /* only a regular file is read: a link's target is no file the person named */
    char why[512];
    if (ed_replace_check(f->recovery, why, sizeof why) != 0) {
        ed_base_message(b, 1, "%s: left alone, not read as a recovery file", why);
        return;
    }
    ed_os_id id = ed_os_file_id(f->recovery);
    if (!id.valid)
        return;
    cp_document rec;
    cp_error err;
    if (cp_document_load(f->recovery, &rec, &err) != CP_OK) {
        ed_base_message(b, 1, "a recovery file was found but does not load (left in place): %s", err.message);
        return;
    }
    f->recovery_known = id;
    if (ed_doc_equal(&rec, &d->cur.doc)) {
        cp_document_free(&rec);
        remove_recovery(f, b);
        return;
    }
    cp_document_free(&f->pending);
    f->pending = rec;
    b->prompt = ED_PROMPT_RECOVERY;
    ed_base_message(b, 0, "%s holds unsaved edits (%zu %s) from an earlier session: R restore, D discard", f->recovery,
                    rec.count, ed_base_keys_word(rec.count));
}

int ed_file_open(ed_file *f, ed_doc *d, ed_base *b, const char *file)
{
    if (ed_base_check_prompt(b))
        return -1;
    if (ed_file_dirty(f, d)) {
        ed_base_message(b, 1, "unsaved edits: save them (Ctrl+S) before opening another file");
        return -1;
    }
    cp_document doc;
    cp_error err;
    memset(&doc, 0, sizeof doc);
    char why[256];
    int exists = ed_os_exists(file, why, sizeof why);
    if (exists < 0) {
        ed_base_message(b, 1, "%s: %s", file, why);
        return -1;
    }
    if (exists && cp_document_load(file, &doc, &err) != CP_OK) {
        ed_base_message(b, 1, "%s", err.message);
        return -1;
    }
    /* a new path is recorded with smooth timing: no overshoot between unevenly timed keys, and holds */
    if (!exists)
        doc.options.timing = CP_TIMING_SMOOTH;
    if (!exists && !(doc.name = name_from_file(file))) {
        ed_base_message(b, 1, "out of memory");
        return -1;
    }
    char *name = ed_os_strdup(file);
    size_t n = strlen(file);
    char *rec = malloc(n + sizeof ED_RECOVERY_SUFFIX);
    if (!name || !rec) {
        free(name);
        free(rec);
        cp_document_free(&doc);
        ed_base_message(b, 1, "out of memory");
        return -1;
    }
    memcpy(rec, file, n);
    memcpy(rec + n, ED_RECOVERY_SUFFIX, sizeof ED_RECOVERY_SUFFIX);
    const size_t warnings = doc.warning_count;
    char first_warning[256] = "";
    if (warnings)
        snprintf(first_warning, sizeof first_warning, "%s", doc.warnings[0]);

    /* a new file starts a new history */
    int rc = ed_doc_replace(d, b, &doc);
    f->saved_revision = d->cur.revision;
    f->recovery_revision = 0;
    f->recovery_keep = 0;
    memset(&f->recovery_known, 0, sizeof f->recovery_known);
    free(f->name);
    free(f->recovery);
    f->name = name;
    f->recovery = rec;
    f->exists = exists;
    f->known = ed_os_file_id(file);
    b->playing = 0;
    cp_library_destroy(f->library);
    f->library = NULL;
    f->resource = NULL;
    if (rc != 0)
        return -1;
    ed_doc_seek(d, b, ed_doc_start(d));
    const size_t count = d->cur.doc.count;
    if (exists) {
        if (warnings > 0)
            ed_base_message(b, 0, "opened %s: %zu %s; %s", file, count, ed_base_keys_word(count), first_warning);
        else
            ed_base_message(b, 0, "opened %s: %zu %s", file, count, ed_base_keys_word(count));
        watch(f, b);
    } else {
        ed_base_message(b, 0, "new file %s: the first save (Ctrl+S) creates it", file);
    }
    return 0;
}

/* ---- saving ------------------------------------------------------------------------------- */

int ed_file_save(ed_file *f, ed_doc *d, ed_base *b)
{
    if (ed_base_check_prompt(b))
        return -1;
    if (!f->name) {
        ed_base_message(b, 1, "no file to save to");
        return -1;
    }
    if (!d->path) {
        ed_base_message(b, 1, "a path needs at least 2 keys to be saved (it has %zu): record with F2", d->cur.doc.count);
        return -1;
    }
    /* a change by another program that has not been dealt with yet must be asked about, not overwritten
       (also a file that another program created since a new one was opened) */
    ed_os_id now = ed_os_file_id(f->name);
    if (now.valid && !ed_os_same_id(&now, &f->known)) {
        ed_file_poll(f, d, b);
        if (b->prompt != ED_PROMPT_NONE)
            return -1;
    }
    cp_error err;
    if (cp_path_save(d->path, f->name, &err) != CP_OK) {
        ed_base_message(b, 1, "not saved: %s", err.message);
        return -1;
    }
    f->known = ed_os_file_id(f->name);
    f->saved_revision = d->cur.revision;
    f->exists = 1;
    remove_recovery(f, b);
    if (!f->library)
        watch(f, b);
    ed_base_message(b, 0, "saved %s (%zu %s)", f->name, d->cur.doc.count, ed_base_keys_word(d->cur.doc.count));
    return 0;
}

/* ---- changes made by other programs ---------------------------------------------------------- */

/* The file holds a version that another program wrote (`now`: its id):
 * reloads it at once when there are no unsaved edits, else asks. 0 when it
 * was dealt with, -1 when it does not load (yet). */
static int outside_change(ed_file *f, ed_doc *d, ed_base *b, ed_os_id now)
{
    cp_document doc;
    cp_error err;
    if (cp_document_load(f->name, &doc, &err) != CP_OK)
        return -1; /* changed again since the library read it: the next poll sees the rest */
    f->known = now;
    if (ed_doc_equal(&doc, &d->cur.doc)) {
        cp_document_free(&doc);
        f->saved_revision = d->cur.revision;
        return 0;
    }
    if (!ed_file_dirty(f, d)) {
        if (ed_doc_commit(d, b, &doc, NULL, d->cur.selected, NULL) == 0) {
            f->saved_revision = d->cur.revision;
            ed_base_message(b, 0, "reloaded %s: changed on disk (%zu %s; Ctrl+Z goes back)", f->name,
                            d->cur.doc.count, ed_base_keys_word(d->cur.doc.count));
        }
        return 0;
    }
    cp_document_free(&f->pending);
    f->pending = doc;
    b->prompt = ED_PROMPT_RELOAD;
    b->playing = 0;
    ed_base_message(b, 0, "%s changed on disk and you have unsaved edits: R reload, K keep mine", f->name);
    return 0;
}

void ed_file_poll(ed_file *f, ed_doc *d, ed_base *b)
{
    /* a reload in the middle of a drag would pull the keys from under it: after the drag */
    if (d->live.active)
        return;
    if (!f->library) {
        /* a new file: another program may create it before the first save */
        if (f->name && !f->exists && b->prompt == ED_PROMPT_NONE) {
            ed_os_id now = ed_os_file_id(f->name);
            if (!now.valid || ed_os_same_id(&now, &f->known))
                return;
            if (outside_change(f, d, b, now) == 0) {
                f->exists = 1;
                watch(f, b);
            } else {
                f->known = now; /* looked at once; a later write is looked at again */
                ed_base_message(b, 1, "%s was created by another program but does not load (the editor keeps its version)",
                                f->name);
            }
        }
        return;
    }
    cp_library_poll(f->library);
    const char *rerr = cp_resource_error(f->resource);
    if (rerr && (!f->reload_error || strcmp(rerr, f->reload_error) != 0)) {
        free(f->reload_error);
        f->reload_error = ed_os_strdup(rerr);
        ed_base_message(b, 1, "the file on disk does not load (the editor keeps its version): %s", rerr);
    }
    unsigned long g = cp_resource_generation(f->resource);
    if (g == f->generation || b->prompt != ED_PROMPT_NONE)
        return;
    ed_os_id now = ed_os_file_id(f->name);
    if (ed_os_same_id(&now, &f->known)) {
        f->generation = g; /* our own save coming back */
        return;
    }
    if (outside_change(f, d, b, now) == 0)
        f->generation = g;
}

/* ---- recovery ---------------------------------------------------------------------------------- */

int ed_file_write_recovery(ed_file *f, const ed_doc *d, ed_base *b)
{
    f->recovery_clock = b->clock;
    if (!f->recovery || !ed_file_dirty(f, d) || d->cur.revision == f->recovery_revision || d->cur.doc.count < 2)
        return 0;
    char why[512];
    if (ed_replace_check(f->recovery, why, sizeof why) != 0) {
        ed_base_message(b, 1, "%s, so unsaved edits are not backed up; save (Ctrl+S) or move it away", why);
        return -1;
    }
    if (!recovery_is_ours(f)) {
        ed_base_message(b, 1, "%s is not from this session (another editor's, or one that does not load): "
                              "not overwritten, so unsaved edits are not backed up; save (Ctrl+S) or move it away",
                        f->recovery);
        return -1;
    }
    /* written like a save (whole, or not at all), but never through what is at the name */
    cp_error err;
    size_t size;
    char *text = cp_document_save_memory(&d->cur.doc, &size, &err);
    if (!text) {
        ed_base_message(b, 1, "could not write the recovery file: %s", err.message);
        return -1;
    }
    int rc = ed_replace_file(f->recovery, text, size, why, sizeof why);
    free(text);
    if (rc != 0) {
        ed_base_message(b, 1, "could not write the recovery file: %s", why);
        return -1;
    }
    f->recovery_revision = d->cur.revision;
    f->recovery_known = ed_os_file_id(f->recovery);
    return 0;
}

void ed_file_tick(ed_file *f, const ed_doc *d, ed_base *b)
{
    /* once quitting is decided (edits discarded or saved), nothing more is written */
    if (!b->quit && ed_file_dirty(f, d) && d->cur.revision != f->recovery_revision &&
        b->clock - f->recovery_clock >= ED_RECOVERY_INTERVAL && b->prompt != ED_PROMPT_RECOVERY)
        ed_file_write_recovery(f, d, b);
}

/* ---- questions -------------------------------------------------------------------------------- */

static void close_prompt(ed_file *f, ed_base *b)
{
    b->prompt = ED_PROMPT_NONE;
    cp_document_free(&f->pending);
}

static int wrong_answer(ed_base *b)
{
    static const char *const expected[] = {"", "R (reload) or K (keep mine)", "R (restore) or D (discard)",
                                           "S (save and quit), D (discard and quit) or Esc (cancel)"};
    if (b->prompt == ED_PROMPT_NONE || (size_t)b->prompt >= sizeof expected / sizeof expected[0])
        ed_base_message(b, 1, "there is no question to answer");
    else
        ed_base_message(b, 1, "the answers are %s", expected[b->prompt]);
    return -1;
}

/* Takes the document a question offered (moved out of f->pending). */
static cp_document take_pending(ed_file *f, ed_base *b)
{
    cp_document doc = f->pending;
    memset(&f->pending, 0, sizeof f->pending);
    b->prompt = ED_PROMPT_NONE;
    return doc;
}

int ed_file_answer(ed_file *f, ed_doc *d, ed_base *b, ed_cmd answer)
{
    cp_document doc;
    switch (b->prompt) {
    case ED_PROMPT_RELOAD:
        if (answer == ED_CMD_ANSWER_RELOAD) {
            /* the edits set aside stay reachable: in undo, and in the recovery file until a save */
            ed_file_write_recovery(f, d, b);
            f->recovery_keep = f->recovery_revision != 0;
            doc = take_pending(f, b);
            if (ed_doc_commit(d, b, &doc, NULL, d->cur.selected, NULL) != 0)
                return -1;
            f->saved_revision = d->cur.revision;
            ed_base_message(b, 0, "reloaded %s; your edits are one undo (Ctrl+Z) away", f->name);
            return 0;
        }
        if (answer == ED_CMD_ANSWER_KEEP) {
            close_prompt(f, b);
            f->saved_revision = 0; /* no revision matches the file any more */
            ed_base_message(b, 0, "kept your version: the next save (Ctrl+S) overwrites %s", f->name);
            return 0;
        }
        return wrong_answer(b);
    case ED_PROMPT_RECOVERY:
        if (answer == ED_CMD_ANSWER_RESTORE) {
            doc = take_pending(f, b);
            if (ed_doc_commit(d, b, &doc, NULL, -1, NULL) != 0)
                return -1;
            f->recovery_revision = d->cur.revision; /* the recovery file holds exactly this */
            ed_base_message(b, 0, "restored %zu %s from %s: save (Ctrl+S) to keep them", d->cur.doc.count,
                            ed_base_keys_word(d->cur.doc.count), f->recovery);
            return 0;
        }
        if (answer == ED_CMD_ANSWER_DISCARD) {
            close_prompt(f, b);
            remove_recovery(f, b);
            ed_base_message(b, 0, "recovery file discarded");
            return 0;
        }
        return wrong_answer(b);
    case ED_PROMPT_QUIT:
        if (answer == ED_CMD_ANSWER_SAVE) {
            close_prompt(f, b);
            if (ed_file_save(f, d, b) != 0)
                return -1;
            b->quit = 1;
            return 0;
        }
        if (answer == ED_CMD_ANSWER_DISCARD) {
            close_prompt(f, b);
            remove_recovery(f, b);
            b->quit = 1;
            return 0;
        }
        if (answer == ED_CMD_ANSWER_CANCEL) {
            close_prompt(f, b);
            ed_base_message(b, 0, "not quitting");
            return 0;
        }
        return wrong_answer(b);
    case ED_PROMPT_NONE:
        break;
    }
    return wrong_answer(b);
}

int ed_file_request_quit(ed_file *f, ed_doc *d, ed_base *b)
{
    if (b->prompt == ED_PROMPT_QUIT)
        return b->quit;
    if (b->prompt == ED_PROMPT_RELOAD) {
        /* the question makes way for this one, but the change on disk is still not answered:
           forget having seen it, so that the next poll (or a save) asks again */
        close_prompt(f, b);
        f->generation = 0;
        memset(&f->known, 0, sizeof f->known);
    }
    if (b->prompt == ED_PROMPT_RECOVERY) {
        /* nothing was edited yet; the recovery file stays for the next start */
        close_prompt(f, b);
        b->quit = 1;
        return 1;
    }
    if (ed_file_dirty(f, d)) {
        b->prompt = ED_PROMPT_QUIT;
        b->playing = 0;
        ed_base_message(b, 0, "unsaved edits: S save and quit, D discard them and quit, Esc stay");
        return b->quit;
    }
    if (f->recovery_revision && !f->recovery_keep)
        remove_recovery(f, b);
    b->quit = 1;
    return 1;
}

/* ---- other files, as seen from this one ----------------------------------------------------- */

char *ed_file_resolve(const ed_file *f, const char *member, ed_base *b)
{
    char why[512];
    char *out = ed_os_resolve(f->name ? f->name : "", member, why, sizeof why);
    if (!out)
        ed_base_message(b, 1, "%s names the scene %s: the path opens in the current world", f->name ? f->name : "the path",
                        why);
    return out;
}

int ed_file_relative(const ed_file *f, const char *target, char *out, size_t size)
{
    return f->name ? ed_os_relative(f->name, target, out, size) : -1;
}

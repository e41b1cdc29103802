/* SPDX-License-Identifier: MIT */
/* editor/core/clip.c - copy, cut and paste of keys. */
#include "clip.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_impl.h"
#include "edit.h"

static char *dup_text(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

/* ---- copy -------------------------------------------------------------------------------------- */

/* The clipboard document of the selected keys (or the active key), and how many they are. */
static int selection_document(ed_app *app, cp_document *out, size_t *copied_out)
{
    const cp_document *d = &app->doc.cur.doc;
    cp_document clip;
    memset(&clip, 0, sizeof clip);
    memset(out, 0, sizeof *out);
    cp_error err;
    for (size_t i = 0; i < d->count; i++) {
        if (!(app->doc.cur.sel.count ? ed_sel_has(&app->doc.cur.sel, i) : (long)i == app->doc.cur.selected))
            continue;
        if (cp_document_insert_key(&clip, clip.count, &d->keys[i], &err) != CP_OK)
            goto fail;
        if (d->key_extras && d->key_extras[i]) {
            if (!clip.key_extras && !(clip.key_extras = calloc(clip.capacity, sizeof *clip.key_extras)))
                goto oom;
            if (!(clip.key_extras[clip.count - 1] = dup_text(d->key_extras[i], strlen(d->key_extras[i]))))
                goto oom;
        }
    }
    /* look-at keys need their orientation (their targets and roll are what they hold) */
    clip.options.orientation = d->options.orientation;
    /* keys with holds need a timing that has them; constant-speed would recompute the times copied */
    for (size_t i = 0; i < clip.count; i++)
        if (clip.keys[i].flags & CP_KEY_HOLD)
            clip.options.timing = CP_TIMING_SMOOTH;
    /* how many keys were copied: a path file holds two or more, so one key is followed by a
       copy of itself a second after it ends, which the count leaves out */
    const size_t copied = clip.count;
    if (copied == 1) {
        cp_key pad = clip.keys[0];
        pad.time = ed_doc_key_end(&pad) + 1.0;
        pad.flags &= ~CP_KEY_HOLD;
        pad.hold = 0;
        if (cp_document_insert_key(&clip, 1, &pad, &err) != CP_OK)
            goto fail;
    }
    char member[64];
    snprintf(member, sizeof member, "{\"" ED_CLIP_MEMBER "\": {\"keys\": %zu}}", copied);
    if (!(clip.extras = dup_text(member, strlen(member))))
        goto oom;
    *out = clip;
    *copied_out = copied;
    return 0;
oom:
    ed_app_message(app, 1, "out of memory for the clipboard");
    cp_document_free(&clip);
    return -1;
fail:
    ed_app_message(app, 1, "%s", err.message);
    cp_document_free(&clip);
    return -1;
}

int ed_clip_copy(ed_app *app)
{
    if (ed_app_need_selection(app))
        return -1;
    cp_document clip;
    size_t copied;
    if (selection_document(app, &clip, &copied))
        return -1;
    cp_error err;
    size_t size;
    char *text = cp_document_save_memory(&clip, &size, &err);
    cp_document_free(&clip);
    if (!text) {
        ed_app_message(app, 1, "cannot copy: %s", err.message);
        return -1;
    }
    free(app->ui.clipboard);
    app->ui.clipboard = text;
    if (app->ui.clipboard_host && app->ui.clipboard_host->set)
        app->ui.clipboard_host->set(app->ui.clipboard_host->ctx, text);
    ed_app_message(app, 0, "%zu %s copied", copied, ed_base_keys_word(copied));
    return 0;
}

int ed_clip_cut(ed_app *app)
{
    if (ed_app_ready(app) || ed_clip_copy(app))
        return -1;
    size_t n = ed_app_selected_count(app);
    n = n ? n : 1;
    if (ed_edit_delete(app))
        return -1;
    ed_app_message(app, 0, "%zu %s cut (%zu left)", n, ed_base_keys_word(n), app->doc.cur.doc.count);
    return 0;
}

/* ---- paste --------------------------------------------------------------------------------------- */

/* The clipboard's keys: the system clipboard's text when there is some, else
 * the editor's own. */
static int clipboard_keys(ed_app *app, cp_document *out)
{
    char *system = app->ui.clipboard_host && app->ui.clipboard_host->get ? app->ui.clipboard_host->get(app->ui.clipboard_host->ctx) : NULL;
    const char *text = system && system[0] ? system : app->ui.clipboard;
    memset(out, 0, sizeof *out);
    if (!text) {
        free(system);
        ed_app_message(app, 1, "the clipboard is empty: copy keys first (Ctrl+C)");
        return -1;
    }
    cp_error err;
    int rc = cp_document_load_memory(text, strlen(text), "the clipboard", out, &err);
    free(system);
    if (rc != CP_OK) {
        ed_app_message(app, 1, "the clipboard holds no campath keys: %s", err.message);
        return -1;
    }
    /* the editor's own says how many of its keys were copied (its only top-level member: small
       text); other text pastes all of them */
    cJSON *extras = out->extras && strlen(out->extras) <= ED_CLIP_MEMBERS_MAX ? cJSON_Parse(out->extras) : NULL;
    const cJSON *member = cJSON_GetObjectItemCaseSensitive(extras, ED_CLIP_MEMBER);
    if (member) {
        const cJSON *keys = cJSON_GetObjectItemCaseSensitive(member, "keys");
        double n = cJSON_IsNumber(keys) ? keys->valuedouble : 0;
        if (!(n >= 1 && n <= (double)out->count && n == floor(n))) {
            ed_app_message(app, 1, "the clipboard's \"" ED_CLIP_MEMBER "\" member does not say how many keys were "
                                   "copied: {\"keys\": N} with N from 1 to %zu (its keys) expected", out->count);
            cJSON_Delete(extras);
            cp_document_free(out);
            return -1;
        }
        while (out->count > (size_t)n)
            cp_document_remove_key(out, out->count - 1);
    }
    cJSON_Delete(extras);
    return 0;
}

/* Puts the keys of `clip` into `work` at `index`, the first at time `base`,
 * keeping their spacing and their extras: appended, then turned into place
 * with one move, so that a large paste into a large path stays linear. */
static int append_at(cp_document *work, size_t index, const cp_document *clip, double base)
{
    size_t n = work->count, m = clip->count;
    for (size_t j = 0; j < m; j++) {
        cp_key k = clip->keys[j];
        k.time = base + (k.time - clip->keys[0].time);
        if (cp_document_insert_key(work, work->count, &k, NULL) != CP_OK)
            return -1;
    }
    if (clip->key_extras && !work->key_extras && !(work->key_extras = calloc(work->capacity, sizeof *work->key_extras)))
        return -1;
    for (size_t j = 0; clip->key_extras && j < m; j++)
        if (clip->key_extras[j] && !(work->key_extras[n + j] = dup_text(clip->key_extras[j], strlen(clip->key_extras[j]))))
            return -1;
    cp_key *tmp = malloc((m ? m : 1) * sizeof *tmp);
    char **xtmp = work->key_extras ? malloc((m ? m : 1) * sizeof *xtmp) : NULL;
    if (!tmp || (work->key_extras && !xtmp)) {
        free(tmp);
        free(xtmp);
        return -1;
    }
    memcpy(tmp, work->keys + n, m * sizeof *tmp);
    memmove(work->keys + index + m, work->keys + index, (n - index) * sizeof *tmp);
    memcpy(work->keys + index, tmp, m * sizeof *tmp);
    if (xtmp) {
        memcpy(xtmp, work->key_extras + n, m * sizeof *xtmp);
        memmove(work->key_extras + index + m, work->key_extras + index, (n - index) * sizeof *xtmp);
        memcpy(work->key_extras + index, xtmp, m * sizeof *xtmp);
    }
    free(tmp);
    free(xtmp);
    return 0;
}

int ed_clip_paste(ed_app *app)
{
    if (ed_app_ready(app))
        return -1;
    cp_document clip;
    if (clipboard_keys(app, &clip))
        return -1;
    const cp_document *d = &app->doc.cur.doc;
    size_t n = d->count, m = clip.count;
    /* keys timing has no holds: pasted into it, keys lose theirs (and say so) */
    size_t dropped = 0;
    for (size_t j = 0; d->options.timing == CP_TIMING_KEYS && j < m; j++)
        if (clip.keys[j].flags & CP_KEY_HOLD) {
            clip.keys[j].flags &= ~CP_KEY_HOLD;
            clip.keys[j].hold = 0;
            dropped++;
        }
    /* keys from a path of another orientation, or with or without focus and
       aperture, take this one's: targets on their views, or none */
    const cp_key *near = n ? &d->keys[0] : NULL;
    for (size_t j = 0; j < m; j++)
        ed_app_fit_key(app, d, &clip.keys[j], near);
    double span = ed_doc_key_end(&clip.keys[m - 1]) - clip.keys[0].time, p = app->base.playhead, base = p;
    /* where the first pasted key goes: at the playhead; after the key that is
       there (or whose hold the playhead is in); after the last key when the playhead is at the end */
    size_t index = 0;
    while (index < n && d->keys[index].time < p + ED_TIME_MARGIN)
        index++;
    if (index > 0 && p - ed_doc_key_end(&d->keys[index - 1]) < ED_TIME_MARGIN)
        base = ed_doc_key_end(&d->keys[index - 1]) +
               ed_rec_gap(&app->rec, &d->keys[index - 1], clip.keys[0].position, clip.keys[0].rotation);
    if (n == 0)
        base = 0;
    /* the keys after them move on by the time the pasted keys take: their span and the way on to the next */
    double shift = 0;
    if (index < n)
        shift = (base - p) + span +
                ed_rec_gap(&app->rec, &clip.keys[m - 1], d->keys[index].position, d->keys[index].rotation);
    cp_document work;
    if (ed_app_begin(app, &work)) {
        cp_document_free(&clip);
        return -1;
    }
    for (size_t i = index; i < n; i++)
        work.keys[i].time += shift;
    if (append_at(&work, index, &clip, base)) {
        ed_app_message(app, 1, "out of memory for the pasted keys");
        cp_document_free(&work);
        cp_document_free(&clip);
        return -1;
    }
    cp_document_free(&clip);
    ed_sel sel = {0};
    ed_sel_reset(&sel, work.count);
    if (ed_sel_range(&sel, index, index + m - 1, 1)) {
        cp_document_free(&work);
        ed_app_message(app, 1, "out of memory for the selection");
        return -1;
    }
    if (ed_app_commit_sel(app, &work, &sel, (long)index, 0))
        return -1;
    ed_app_seek(app, base);
    char moved[96] = "", holds[96] = "";
    if (index < n)
        snprintf(moved, sizeof moved, "; the %s after %s moved %+.2f s", n - index == 1 ? "key" : "keys",
                 m == 1 ? "it" : "them", shift);
    if (dropped)
        snprintf(holds, sizeof holds, "; %zu %s dropped (keys timing has none)", dropped, dropped == 1 ? "hold" : "holds");
    ed_app_message(app, 0, "%zu %s pasted at %.2f s%s%s", m, ed_base_keys_word(m), base, moved, holds);
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/app_impl.h - the command layer's own protocol, shared by the
 * files that implement commands (app.c, edit.c, record.c, options.c,
 * select.c, xform.c, drag.c, clip.c, inspector.c, pointer.c); front ends
 * never call these (tests/tools/check_editor.py checks it).
 */
#ifndef ED_APP_IMPL_H
#define ED_APP_IMPL_H

#include "app.h"

/* What every command does first: a drag that runs ends (it becomes its own
 * undo step), then -1 (with a message) while a question waits. */
int ed_app_ready(ed_app *app);
/* ed_app_ready, then `work` becomes a copy of the document to change. -1
 * (with a message; work zeroed) while a question waits or if out of memory. */
int ed_app_begin(ed_app *app, cp_document *work);
/* Makes `work` (moved in) the document with `selected` active (doc.h:
 * ed_doc_commit); with keep_period 0 a closed loop's closing segment keeps
 * its duration or is timed by the recording rule. 0, or -1 with a message. */
int ed_app_commit(ed_app *app, cp_document *work, long selected, int keep_period);
/* The same with the selection given (`sel`, moved in, for work's keys). */
int ed_app_commit_sel(ed_app *app, cp_document *work, ed_sel *sel, long selected, int keep_period);
/* An edit of keys [first, first + count) alone, `keys` their new values
 * (doc.h: ed_doc_commit_keys): ed_app_begin, the run written and
 * ed_app_commit, at the cost of the run rather than the document where it
 * can. 0, or -1 with a message. */
int ed_app_commit_keys(ed_app *app, size_t first, size_t count, const cp_key *keys, long selected, int keep_period);
/* -1 (with a message) when no key is selected. */
int ed_app_need_selection(ed_app *app);
/* Starts a drag if none runs (drag.h: refused while a question waits) and
 * makes `work` a copy of the keys as they were when it began, for an update
 * (ed_doc_live_update) to change. 0, or -1 with a message (drag.c). */
int ed_drag_work(ed_app *app, cp_document *work);
/* The target a key fitted into document d gets: `near`'s way of looking,
 * or the first surface of the world on the key's view (fit.h). */
void ed_app_fit_key(ed_app *app, const cp_document *d, cp_key *k, const cp_key *near);

#endif /* ED_APP_IMPL_H */

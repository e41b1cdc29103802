/* SPDX-License-Identifier: MIT */
/* editor/core/select.h - the selection commands: the set of keys that edits
 * act on, and the active key among them (the one the inspector shows and
 * single-key commands change). Selecting a key moves the playhead to it.
 * The HUD message describes the selection; it goes when the selection
 * changes (a message about a selection that is gone would be stale).
 */
#ifndef ED_SELECT_H
#define ED_SELECT_H

#include "app.h"

/* Selects key i alone (-1: none). */
int  ed_select_one(ed_app *app, long i);
/* Adds key i to the selection and makes it the active key; with toggle, a
 * key already selected is taken out instead. */
int  ed_select_add(ed_app *app, long i, int toggle);
/* Selects keys a..b (inclusive); a becomes the active key. */
int  ed_select_range(ed_app *app, long a, long b);
/* Selects every key (the active key stays, or becomes key 0). */
int  ed_select_all(ed_app *app);
/* Makes `sel` (moved in; made for the current keys) the selection, with
 * `active` as the active key if it is in it (else the first selected). */
int  ed_select_set(ed_app *app, ed_sel *sel, long active);
/* Selects the next (+1) or previous (-1) key alone. */
void ed_select_step(ed_app *app, int step);

#endif /* ED_SELECT_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/history.h - undo and redo of every edit, as whole-document
 * snapshots.
 *
 * Snapshots rather than inverse operations: every edit (a recording, a
 * retime, a reload from disk) undoes the same way and cannot get out of step
 * with the document. A snapshot is moved in, never copied, so an edit costs
 * one copy of the document (made by the edit itself). The history forgets
 * its oldest states beyond ED_HISTORY_DEPTH steps or ED_HISTORY_MAX_KEYS keys
 * in all, whichever comes first.
 */
#ifndef ED_HISTORY_H
#define ED_HISTORY_H

#include <stddef.h>

#include "campath/json.h"
#include "selection.h"

#define ED_HISTORY_DEPTH 500
#define ED_HISTORY_MAX_KEYS 2000000u

/* A document state and what goes with it. */
typedef struct ed_state {
    cp_document   doc;
    ed_sel        sel;        /* the keys selected (for doc.count keys) */
    long          selected;   /* the active key, which single-key commands and the
                                 inspector act on: -1 = none, else one of sel */
    unsigned long revision;   /* identifies the content, for the dirty flag */
    char          what[96];   /* the edit that made this state, as its message said it ("" unknown) */
} ed_state;

/* Frees the document and the selection of a state and zeroes it. */
void ed_state_free(ed_state *s);

typedef struct ed_history {
    ed_state *undo, *redo;    /* stacks; the top is the last element */
    size_t    undo_count, undo_cap, redo_count, redo_cap;
    size_t    keys_held;      /* keys in all snapshots */
} ed_history;

/* Records `previous` (moved in: *previous is zeroed) as the state to return
 * to on undo, and forgets the redo states. 0, or -1 if out of memory (then
 * *previous is untouched). */
int ed_history_push(ed_history *h, ed_state *previous);
/* Makes room for one push, so that the next ed_history_push cannot fail (an
 * edit that changes its path in place makes room before it does). 0, or -1
 * if out of memory. */
int ed_history_reserve(ed_history *h);

/* Swaps `current` with the newest undo state (current goes to redo).
 * Returns 0, or -1 if there is nothing to undo (or no memory). */
int ed_history_undo(ed_history *h, ed_state *current);
/* The reverse. */
int ed_history_redo(ed_history *h, ed_state *current);

/* Frees every snapshot. */
void ed_history_free(ed_history *h);

#endif /* ED_HISTORY_H */

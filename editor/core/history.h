/* SPDX-License-Identifier: MIT */
/* editor/core/history.h - undo and redo of every edit, as document
 * snapshots: whole documents, or runs of keys.
 *
 * Snapshots rather than inverse operations: every edit (a recording, a
 * retime, a reload from disk) undoes the same way and cannot get out of step
 * with the document. A whole snapshot is moved in, never copied, so such an
 * edit costs one copy of the document (made by the edit itself). An edit of
 * one run of keys alone (doc.h: ed_doc_commit_keys) keeps a delta instead:
 * the run's keys as they were, with the selection, revision and name of the
 * state; undo and redo swap the run in place in the current document, so
 * they cost the run, not the document. A delta is the state next to it
 * towards the current one (the one above it on its stack, or the current
 * state) with its run put back. The history forgets its oldest states
 * beyond ED_HISTORY_DEPTH steps or ED_HISTORY_MAX_KEYS keys in all (a
 * delta counts its run's keys), whichever comes first.
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
    struct {                  /* a delta (keys non-NULL or delta set): doc is empty, and the */
        int     delta;        /* document is its neighbour's with keys [first, first + count) */
        size_t  first, count; /* replaced by these */
        cp_key *keys;
    } run;
} ed_state;

/* The keys a state holds: its document's, or its run's. */
static inline size_t ed_state_keys(const ed_state *s) { return s->run.delta ? s->run.count : s->doc.count; }

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

/* Swaps `current` with the newest undo state (current goes to redo); of a
 * delta, swaps the run's keys in current's document and the rest of the
 * state (the delta goes to redo, holding the keys current had). Returns 0,
 * or -1 if there is nothing to undo (or no memory). */
int ed_history_undo(ed_history *h, ed_state *current);
/* The reverse. */
int ed_history_redo(ed_history *h, ed_state *current);

/* Frees every snapshot. */
void ed_history_free(ed_history *h);

#endif /* ED_HISTORY_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/history.c - the undo and redo stacks. */
#include "history.h"

#include <stdlib.h>
#include <string.h>

void ed_state_free(ed_state *s)
{
    cp_document_free(&s->doc);
    ed_sel_free(&s->sel);
    free(s->run.keys);
    memset(s, 0, sizeof *s);
}

static int reserve(ed_state **stack, size_t *cap, size_t need)
{
    if (need <= *cap)
        return 0;
    size_t cap2 = *cap ? *cap * 2 : 16;
    while (cap2 < need)
        cap2 *= 2;
    ed_state *s = realloc(*stack, cap2 * sizeof *s);
    if (!s)
        return -1;
    *stack = s;
    *cap = cap2;
    return 0;
}

static void clear_redo(ed_history *h)
{
    for (size_t i = 0; i < h->redo_count; i++) {
        h->keys_held -= ed_state_keys(&h->redo[i]);
        ed_state_free(&h->redo[i]);
    }
    h->redo_count = 0;
}

/* Forgets the oldest undo states while over the limits, always keeping the newest. */
static void trim(ed_history *h)
{
    size_t drop = 0;
    size_t keys = h->keys_held;
    while (h->undo_count - drop > 1 &&
           (h->undo_count - drop > ED_HISTORY_DEPTH || keys > ED_HISTORY_MAX_KEYS)) {
        keys -= ed_state_keys(&h->undo[drop]);
        ed_state_free(&h->undo[drop]);
        drop++;
    }
    if (drop) {
        memmove(h->undo, h->undo + drop, (h->undo_count - drop) * sizeof *h->undo);
        h->undo_count -= drop;
        h->keys_held = keys;
    }
}

int ed_history_reserve(ed_history *h) { return reserve(&h->undo, &h->undo_cap, h->undo_count + 1); }

int ed_history_push(ed_history *h, ed_state *previous)
{
    if (reserve(&h->undo, &h->undo_cap, h->undo_count + 1))
        return -1;
    clear_redo(h);
    h->undo[h->undo_count++] = *previous;
    h->keys_held += ed_state_keys(previous);
    memset(previous, 0, sizeof *previous);
    trim(h);
    return 0;
}

static int swap_top(ed_state *from, size_t *from_count, ed_state **to, size_t *to_count, size_t *to_cap,
                    ed_state *current, size_t *keys_held)
{
    if (*from_count == 0 || reserve(to, to_cap, *to_count + 1))
        return -1;
    ed_state *top = &from[*from_count - 1];
    if (top->run.delta) {
        if (top->run.first > current->doc.count || top->run.count > current->doc.count - top->run.first)
            return -1; /* cannot be: a delta is for its neighbour's keys */
        cp_key *k = current->doc.keys + top->run.first;
        for (size_t i = 0; i < top->run.count; i++) {
            cp_key t = k[i];
            k[i] = top->run.keys[i];
            top->run.keys[i] = t;
        }
        /* the rest of the state swaps whole; the document stays where it is */
        ed_state kept = *current;
        current->sel = top->sel;
        current->selected = top->selected;
        current->revision = top->revision;
        memcpy(current->what, top->what, sizeof current->what);
        top->sel = kept.sel;
        top->selected = kept.selected;
        top->revision = kept.revision;
        memcpy(top->what, kept.what, sizeof top->what);
        (*to)[(*to_count)++] = *top;
        --*from_count;
        return 0;
    }
    (*to)[(*to_count)++] = *current;
    *keys_held += ed_state_keys(current);
    *current = from[--*from_count];
    *keys_held -= ed_state_keys(current);
    return 0;
}

int ed_history_undo(ed_history *h, ed_state *current)
{
    return swap_top(h->undo, &h->undo_count, &h->redo, &h->redo_count, &h->redo_cap, current, &h->keys_held);
}

int ed_history_redo(ed_history *h, ed_state *current)
{
    return swap_top(h->redo, &h->redo_count, &h->undo, &h->undo_count, &h->undo_cap, current, &h->keys_held);
}

void ed_history_free(ed_history *h)
{
    clear_redo(h);
    for (size_t i = 0; i < h->undo_count; i++)
        ed_state_free(&h->undo[i]);
    free(h->undo);
    free(h->redo);
    memset(h, 0, sizeof *h);
}

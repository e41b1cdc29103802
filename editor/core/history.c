/* SPDX-License-Identifier: MIT */
/* editor/core/history.c - the undo and redo stacks. */
#include "history.h"

#include <stdlib.h>
#include <string.h>

void ed_state_free(ed_state *s)
{
    cp_document_free(&s->doc);
    ed_sel_free(&s->sel);
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
        h->keys_held -= h->redo[i].doc.count;
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
        keys -= h->undo[drop].doc.count;
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
    h->keys_held += previous->doc.count;
    memset(previous, 0, sizeof *previous);
    trim(h);
    return 0;
}

static int swap_top(ed_state *from, size_t *from_count, ed_state **to, size_t *to_count, size_t *to_cap,
                    ed_state *current, size_t *keys_held)
{
    if (*from_count == 0 || reserve(to, to_cap, *to_count + 1))
        return -1;
    (*to)[(*to_count)++] = *current;
    *keys_held += current->doc.count;
    *current = from[--*from_count];
    *keys_held -= current->doc.count;
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

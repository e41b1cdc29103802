/* SPDX-License-Identifier: MIT */
/* editor/core/selection.h - the keys selected: a set of key indices, one
 * flag per key. Each document state carries its own (history.h), so undo
 * and redo bring back what was selected with the keys it was selected on.
 */
#ifndef ED_SELECTION_H
#define ED_SELECTION_H

#include <stddef.h>

typedef struct ed_sel {
    unsigned char *on;     /* n flags; NULL until a key is selected */
    size_t         n;      /* the number of keys it is for */
    size_t         count;  /* how many flags are set */
} ed_sel;

/* Empties the set and makes it for n keys. 0, or -1 if out of memory (the
 * set is then empty and for n keys, with no flags allocated). */
int ed_sel_reset(ed_sel *s, size_t n);
void ed_sel_free(ed_sel *s);
/* A deep copy into dst (freed first). 0, or -1 if out of memory (dst empty). */
int ed_sel_copy(ed_sel *dst, const ed_sel *src);

static inline int ed_sel_has(const ed_sel *s, size_t i) { return s->on && i < s->n && s->on[i]; }
/* Selects (on = 1) or deselects keys a..b (inclusive, clamped to n). 0, or -1 if out of memory. */
int ed_sel_range(ed_sel *s, size_t a, size_t b, int on);
static inline int ed_sel_set(ed_sel *s, size_t i, int on) { return ed_sel_range(s, i, i, on); }
/* The first selected index at or after i, or n if there is none. */
size_t ed_sel_next(const ed_sel *s, size_t i);
/* The last selected index, or n if none. */
size_t ed_sel_last(const ed_sel *s);

#endif /* ED_SELECTION_H */

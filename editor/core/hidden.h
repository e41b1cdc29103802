/* SPDX-License-Identifier: MIT */
/* editor/core/hidden.h - the path file's "hidden" member: the names of the
 * scene's nodes that the editor hides from the view and from the clearance
 * check (docs/format.md). The library's reader checks it (located errors)
 * and keeps it with the document's other top-level extras; here it is read
 * out of that text and written back into it, the other members left as
 * they are, byte for byte.
 */
#ifndef ED_HIDDEN_H
#define ED_HIDDEN_H

#include <stddef.h>

#define ED_HIDDEN_MEMBER "hidden"

/* A list of node names (malloc'd strings). */
typedef struct ed_hidden {
    char  **names;
    size_t  count;
} ed_hidden;

/* The names in `extras` (a document's extras: object text, or NULL), in
 * the file's order. 0, or -1 if out of memory (h then empty). */
int ed_hidden_read(const char *extras, ed_hidden *h);
void ed_hidden_free(ed_hidden *h);
/* Whether the two lists hold the same names in the same order. */
int ed_hidden_equal(const ed_hidden *a, const ed_hidden *b);
/* Whether `name` is in the list. */
int ed_hidden_has(const ed_hidden *h, const char *name);
/* Adds `name` (when it is not there yet) or takes it out. 0, or -1 if out of memory. */
int ed_hidden_set(ed_hidden *h, const char *name, int hide);

/* `extras` with its "hidden" member set to the list (taken out when the
 * list is empty), every other member as it was: *out is the new object
 * text (malloc'd), or NULL when no member is left. 0, or -1 if out of
 * memory. */
int ed_hidden_write(const char *extras, const ed_hidden *h, char **out);

#endif /* ED_HIDDEN_H */

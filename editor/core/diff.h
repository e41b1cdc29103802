/* SPDX-License-Identifier: MIT */
/* editor/core/diff.h - where a document differs from another. When the keys
 * alone differ, and only in one run of them, the path built for the one can
 * be updated to the other (cp_path_update) instead of being built anew: the
 * edit of a key of a long path costs what the library's update costs.
 */
#ifndef ED_DIFF_H
#define ED_DIFF_H

#include <stddef.h>

#include "campath/json.h"

/* 1 when `to` equals `from` in everything cp_document_to_path reads (the
 * options, the allocator, the name, the scene, the extras, the keys' extras
 * and the keys) except keys [*first, *first + *count) (*count 0: nothing
 * differs); 0 when anything else differs (another key count, options, a name
 * or an extras text). Keys are compared byte for byte, which can only find a
 * key different that is the same (a -0 for a 0): the run is then longer,
 * never wrong. */
int ed_diff_key_run(const cp_document *from, const cp_document *to, size_t *first, size_t *count);

#endif /* ED_DIFF_H */

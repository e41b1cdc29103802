/* SPDX-License-Identifier: MIT */
/* editor/core/grow.h - arrays that grow by doubling, for scratch buffers
 * that are reused frame after frame (they grow but are never shrunk, so a
 * steady frame allocates nothing). */
#ifndef ED_GROW_H
#define ED_GROW_H

#include <stddef.h>

/* Makes *buf (room for *cap elements of `size` bytes) hold at least `need`:
 * doubles from at least 16. 0, or -1 if out of memory or the size would
 * overflow (the buffer is then unchanged). */
int ed_grow(void **buf, size_t *cap, size_t need, size_t size);

#endif /* ED_GROW_H */

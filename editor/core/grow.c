/* SPDX-License-Identifier: MIT */
/* editor/core/grow.c - arrays that grow by doubling. */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>

int ed_grow(void **buf, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 16;
    while (c < need) {
        if (c > SIZE_MAX / 2)
            return -1;
        c *= 2;
    }
    if (size && c > SIZE_MAX / size)
        return -1;
    void *p = realloc(*buf, c * size);
    if (!p)
        return -1;
    *buf = p;
    *cap = c;
    return 0;
}

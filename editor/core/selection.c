/* SPDX-License-Identifier: MIT */
/* editor/core/selection.c - the set of selected keys. */
#include "selection.h"

#include <stdlib.h>
#include <string.h>

int ed_sel_reset(ed_sel *s, size_t n)
{
    free(s->on);
    s->on = NULL;
    s->n = n;
    s->count = 0;
    return 0;
}

void ed_sel_free(ed_sel *s)
{
    free(s->on);
    memset(s, 0, sizeof *s);
}

int ed_sel_copy(ed_sel *dst, const ed_sel *src)
{
    ed_sel_reset(dst, src->n);
    if (!src->on)
        return 0;
    if (!(dst->on = malloc(src->n ? src->n : 1)))
        return -1;
    memcpy(dst->on, src->on, src->n);
    dst->count = src->count;
    return 0;
}

int ed_sel_range(ed_sel *s, size_t a, size_t b, int on)
{
    if (s->n == 0 || a > b || a >= s->n)
        return 0;
    if (b >= s->n)
        b = s->n - 1;
    if (!s->on) {
        if (!on)
            return 0;
        if (!(s->on = calloc(s->n, 1)))
            return -1;
    }
    for (size_t i = a; i <= b; i++) {
        s->count += on && !s->on[i];
        s->count -= !on && s->on[i];
        s->on[i] = on != 0;
    }
    return 0;
}

size_t ed_sel_next(const ed_sel *s, size_t i)
{
    if (!s->on || !s->count)
        return s->n;
    while (i < s->n && !s->on[i])
        i++;
    return i < s->n ? i : s->n;
}

size_t ed_sel_last(const ed_sel *s)
{
    if (!s->on || !s->count)
        return s->n;
    size_t i = s->n;
    while (i > 0 && !s->on[i - 1])
        i--;
    return i > 0 ? i - 1 : s->n;
}

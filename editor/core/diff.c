/* SPDX-License-Identifier: MIT */
/* editor/core/diff.c - the run of keys in which two documents differ. */
#include "diff.h"

#include <string.h>

static int same_text(const char *a, const char *b) { return a == b || (a && b && strcmp(a, b) == 0); }

static int same_key_extras(const cp_document *a, const cp_document *b)
{
    if (!a->key_extras || !b->key_extras)
        return a->key_extras == b->key_extras;
    for (size_t i = 0; i < a->count; i++)
        if (!same_text(a->key_extras[i], b->key_extras[i]))
            return 0;
    return 1;
}

int ed_diff_key_run(const cp_document *from, const cp_document *to, size_t *first, size_t *count)
{
    /* the options and the allocator byte for byte too: equal bytes are equal
       values, whatever members the structs grow */
    if (from->count != to->count || memcmp(&from->options, &to->options, sizeof from->options) != 0 ||
        memcmp(&from->allocator, &to->allocator, sizeof from->allocator) != 0 || !same_text(from->name, to->name) ||
        !same_text(from->scene, to->scene) || !same_text(from->extras, to->extras) || !same_key_extras(from, to))
        return 0;
    const size_t n = from->count;
    size_t a = 0, b = n;
    while (a < n && memcmp(&from->keys[a], &to->keys[a], sizeof *from->keys) == 0)
        a++;
    while (b > a && memcmp(&from->keys[b - 1], &to->keys[b - 1], sizeof *from->keys) == 0)
        b--;
    *first = a == n ? 0 : a;
    *count = b - a;
    return 1;
}

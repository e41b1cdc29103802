/* SPDX-License-Identifier: MIT */
/* lib/json/json_names.c - duplicate member names. The path format allows a
 * member only once in every object (RFC 8259 leaves it open; readers
 * disagree on which copy wins), so the reader refuses a name it has already
 * seen in the same object, at any depth, with the place of both.
 *
 * Names are compared decoded ("a" and "\u0061" are the same name). Each is
 * kept as its hash and position; when an object closes, its names are sorted
 * by hash and only equal hashes are decoded and compared: O(n log n) for an
 * object of n members, however they are spelt. */
#include <stdlib.h>
#include <string.h>

#include "json_impl.h"

static uint64_t fnv1a(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

/* Decodes the (valid) name literal at pos into str; -1 if out of memory. */
static int decode_at(const char *text, size_t size, size_t pos, cpi_string *str)
{
    cpi_scan s = {.text = text, .size = size, .pos = pos};
    return cpi_scan_string(&s, str);
}

int cpi_names_add(cpi_name_set *set, const char *text, size_t size, size_t pos)
{
    if (set->n == set->cap) {
        size_t cap = set->cap ? 2 * set->cap : 16;
        cpi_name_entry *e = cpi_alloc_array(cap, sizeof *e);
        if (!e)
            return -1;
        if (set->n)
            memcpy(e, set->e, set->n * sizeof *e);
        free(set->e);
        set->e = e;
        set->cap = cap;
    }
    if (decode_at(text, size, pos, &set->a) != 0)
        return -1;
    set->e[set->n++] = (cpi_name_entry){fnv1a(set->a.decoded, set->a.length), pos};
    return 0;
}

static int by_hash_then_place(const void *pa, const void *pb)
{
    const cpi_name_entry *a = pa, *b = pb;
    if (a->hash != b->hash)
        return a->hash < b->hash ? -1 : 1;
    return a->pos < b->pos ? -1 : a->pos > b->pos;
}

int cpi_names_check(cpi_name_set *set, const char *text, size_t size, size_t mark, size_t *first, size_t *second)
{
    const size_t n = set->n - mark;
    int found = 0;
    set->n = mark; /* the object is done: its names are dropped whatever the answer */
    if (n < 2)
        return 0; /* also before any name was kept: set->e is NULL then, and NULL + 0 is undefined */
    cpi_name_entry *e = set->e + mark;
    qsort(e, n, sizeof *e, by_hash_then_place);
    for (size_t run = 0; run < n;) {
        size_t end = run + 1;
        while (end < n && e[end].hash == e[run].hash)
            end++;
        /* the earliest name in this run that repeats an earlier one */
        for (size_t j = run + 1; j < end && !(found && e[j].pos > *second); j++) {
            if (decode_at(text, size, e[j].pos, &set->b) != 0)
                return -1;
            for (size_t i = run; i < j; i++) {
                if (decode_at(text, size, e[i].pos, &set->a) != 0)
                    return -1;
                if (set->a.length == set->b.length && memcmp(set->a.decoded, set->b.decoded, set->a.length) == 0) {
                    if (!found || e[j].pos < *second) {
                        *first = e[i].pos;
                        *second = e[j].pos;
                    }
                    found = 1;
                    j = end; /* later names in this run come after this one */
                    break;
                }
            }
        }
        run = end;
    }
    return found;
}

void cpi_names_free(cpi_name_set *set)
{
    free(set->e);
    free(set->a.buf);
    free(set->b.buf);
    memset(set, 0, sizeof *set);
}

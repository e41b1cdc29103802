/* SPDX-License-Identifier: MIT */
/* lib/base/alloc.c - the allocation funnel: every byte lib/ allocates or
 * frees passes here, to the caller's cp_allocator or to the C library. The
 * only file of lib/ that calls malloc, realloc or free (make test checks). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

/* The C library's, when the caller gave none. */
static int own(const cp_allocator *a) { return a && a->alloc; }

cp_allocator cpi_allocator_copy(const cp_allocator *a)
{
    cp_allocator copy = {0};
    if (own(a))
        copy = *a;
    return copy;
}

void *cpi_alloc(const cp_allocator *a, size_t size)
{
    if (size == 0)
        size = 1; /* never ask for 0 bytes: malloc(0) may return NULL */
    return own(a) ? a->alloc(a->user, size) : malloc(size);
}

void *cpi_realloc(const cp_allocator *a, void *p, size_t size)
{
    if (size == 0)
        size = 1;
    return own(a) ? a->realloc(a->user, p, size) : realloc(p, size);
}

void cpi_free(const cp_allocator *a, void *p)
{
    if (!p)
        return;
    if (own(a))
        a->free(a->user, p);
    else
        free(p);
}

void *cpi_alloc_array(const cp_allocator *a, size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size)
        return NULL;
    return cpi_alloc(a, n * size);
}

void *cpi_calloc(const cp_allocator *a, size_t n, size_t size)
{
    void *p = cpi_alloc_array(a, n, size);
    if (p)
        memset(p, 0, n * size > 0 ? n * size : 1);
    return p;
}

void *cpi_realloc_array(const cp_allocator *a, void *p, size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size)
        return NULL;
    return cpi_realloc(a, p, n * size);
}

char *cpi_strndup(const cp_allocator *a, const char *s, size_t n)
{
    char *d = cpi_alloc(a, n + 1 > n ? n + 1 : n);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

char *cpi_strdup(const cp_allocator *a, const char *s)
{
    return s ? cpi_strndup(a, s, strlen(s)) : NULL;
}

void *cpi_alloc_large(const cp_allocator *a, size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size)
        return NULL;
    size_t total = n * size;
    /* Arrays of a million keys span hundreds of megabytes: with the C
     * library's memory, the platform backs them with huge pages where it
     * can (cpi_huge_alloc, lib/base/os.h: that memory too is freed with
     * free(), so cpi_free serves both). A caller's allocator decides for
     * itself. */
    void *p;
    if (!own(a) && cpi_huge_alloc(total, &p))
        return p;
    return cpi_alloc(a, total);
}

/* SPDX-License-Identifier: MIT */
/* tests/unit/counting.c - the counting allocator of counting.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "counting.h"

#define MAGIC 0x63616d70617468u /* "campath" */

/* Before each block: its size and a mark, padded to malloc's alignment, so
 * that the block keeps the alignment campath may rely on. */
typedef union header {
    struct {
        size_t   size;
        uint64_t magic;
    } h;
    max_align_t align;
} header;

void counting_init(counting *c)
{
    memset(c, 0, sizeof *c);
    c->allocator = (cp_allocator){counting_alloc, counting_realloc, counting_free, c};
}

void counting_arm(counting *c, long n)
{
    c->fail_at = n;
    c->armed_calls = 0;
    c->refused = 0;
}

static int refuse(counting *c)
{
    c->calls++;
    if (c->fail_at && ++c->armed_calls == c->fail_at) {
        c->refused = 1;
        return 1;
    }
    return 0;
}

static header *own(void *ptr)
{
    header *h = (header *)ptr - 1;
    if (h->h.magic != MAGIC)
        fail_msg("counting allocator: a block it did not serve (or freed twice) was given back");
    return h;
}

void *counting_alloc(void *user, size_t size)
{
    counting *c = user;
    assert_true(size > 0); /* campath never asks for 0 bytes */
    if (refuse(c) || size > SIZE_MAX - sizeof(header))
        return NULL;
    header *h = malloc(sizeof *h + size);
    if (!h)
        return NULL;
    h->h.size = size;
    h->h.magic = MAGIC;
    c->live_blocks++;
    c->live_bytes += size;
    return h + 1;
}

void *counting_realloc(void *user, void *ptr, size_t size)
{
    counting *c = user;
    if (!ptr)
        return counting_alloc(user, size);
    assert_true(size > 0);
    header *old = own(ptr);
    if (refuse(c) || size > SIZE_MAX - sizeof(header))
        return NULL;
    const size_t was = old->h.size;
    header *h = realloc(old, sizeof *h + size);
    if (!h)
        return NULL;
    h->h.size = size;
    c->live_bytes = c->live_bytes - was + size;
    return h + 1;
}

void counting_free(void *user, void *ptr)
{
    counting *c = user;
    if (!ptr)
        return;
    header *h = own(ptr);
    c->live_blocks--;
    c->live_bytes -= h->h.size;
    c->frees++;
    h->h.magic = 0;
    free(h);
}

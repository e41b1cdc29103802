/* SPDX-License-Identifier: MIT */
/* tests/unit/counting.h - a cp_allocator that counts every block and byte it
 * serves, checks that each block it frees is one of its own, and can refuse
 * the Nth allocation: what the allocation tests hand to campath. */
#ifndef CAMPATH_COUNTING_H
#define CAMPATH_COUNTING_H

#include <stddef.h>

#include "campath/common.h"

typedef struct counting {
    cp_allocator allocator;   /* give &c.allocator to campath's options */
    long         live_blocks; /* served and not yet freed */
    size_t       live_bytes;
    long         calls;       /* allocations and reallocations served or refused */
    long         frees;
    long         fail_at;     /* refuse the fail_at-th call since counting_arm (0: none) */
    long         armed_calls; /* calls since counting_arm */
    int          refused;     /* a call was refused since counting_arm */
} counting;

/* A counter with nothing served; its allocator points at it. */
void counting_init(counting *c);
/* Refuses the nth allocation or reallocation from now (0: none). */
void counting_arm(counting *c, long n);
/* The allocator's functions, for cJSON's hooks and for memory campath returned. */
void *counting_alloc(void *user, size_t size);
void *counting_realloc(void *user, void *ptr, size_t size);
void counting_free(void *user, void *ptr);

#endif /* CAMPATH_COUNTING_H */

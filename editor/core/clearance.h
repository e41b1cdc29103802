/* SPDX-License-Identifier: MIT */
/* editor/core/clearance.h - does the camera keep clear of the world? The path
 * is sampled densely enough that no wall can slip between two samples (the
 * segment between them is tested against the triangles), and every stretch
 * where the camera passes through geometry or comes closer than the
 * clearance is listed as a time range, so that the editor can say "passes
 * through geometry at 12.4-12.9 s" before anyone plays the path.
 */
#ifndef ED_CLEARANCE_H
#define ED_CLEARANCE_H

#include <stddef.h>

#include "bvh.h"
#include "campath/path.h"

#define ED_CLEARANCE_DEFAULT 0.2       /* metres */
#define ED_CLEARANCE_MAX_SAMPLES 2000000 /* per check; beyond it samples are spaced wider (and segments still tested) */
#define ED_CLEARANCE_BLOCKS 2000       /* the path's time is checked in this many equal blocks */

typedef struct ed_clearance_range {
    double t0, t1;          /* seconds, path time */
    double min_distance;    /* the closest the camera comes in this range, metres (0 through geometry) */
    int    through;         /* the camera passes through a surface here */
} ed_clearance_range;

typedef struct ed_clearance {
    ed_clearance_range *ranges;
    size_t              count, cap;
    double              radius;     /* the clearance it was checked with */
    size_t              samples;    /* how many poses were checked */
    /* what an update of part of the path keeps (ed_clearance_update) */
    int                 blocked;    /* 1: the blocks below are those of the last check */
    double              start, end; /* the times it checked */
    ed_clearance_range *raw;        /* the ranges each block found, block after block */
    size_t              raw_count, raw_cap;
    size_t             *block_raw;  /* ED_CLEARANCE_BLOCKS + 1: each block's first range in raw */
    size_t             *block_samples; /* per block: the poses it checked */
} ed_clearance;

/* Checks `path` against the triangles of `bvh` with clearance `radius`
 * (metres, > 0); the result replaces what `c` held. 0, or -1 if out of
 * memory (c is then empty).
 *
 * The path's time is cut into ED_CLEARANCE_BLOCKS equal blocks, each
 * sampled from its start as if it were the first, so that what a block
 * finds depends on the poses in it alone; the ranges found in touching
 * blocks are joined. Within a block, consecutive samples are at most half
 * the clearance apart in space (a step that lands farther is taken again
 * shorter), unless that would take more than ED_CLEARANCE_MAX_SAMPLES
 * samples a check; the line between two samples is tested for a crossing. */
int ed_clearance_check(ed_clearance *c, const cp_path *path, const ed_bvh *bvh, double radius);
/* The same for `path` changed from the one `c` checked (with the same bvh)
 * only in `span` (seconds; NULL: anywhere): checks again the blocks that
 * meet the span and keeps what the others found, so the result is what
 * ed_clearance_check gives wherever the poses outside the span are those of
 * the path checked before. Checks the whole when the start, the end or the
 * radius changed. 0, or -1 if out of memory (c is then empty). */
int ed_clearance_update(ed_clearance *c, const cp_path *path, const ed_bvh *bvh, double radius,
                        const double span[2]);
void ed_clearance_free(ed_clearance *c);

/* One line for people: "passes through geometry at 12.4-12.9 s; closer than
 * 0.2 m at 30.1-30.3 s" (at most `max_ranges` ranges, then "and N more"), or
 * "clear of the world by 0.2 m". Returns buf. */
char *ed_clearance_describe(const ed_clearance *c, size_t max_ranges, char *buf, size_t size);

#endif /* ED_CLEARANCE_H */

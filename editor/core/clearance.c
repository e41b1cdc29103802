/* SPDX-License-Identifier: MIT */
/* editor/core/clearance.c - sampling the path against the world's triangles. */
#include "clearance.h"

#include "grow.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ed_clearance_free(ed_clearance *c)
{
    free(c->ranges);
    free(c->raw);
    free(c->block_raw);
    free(c->block_samples);
    memset(c, 0, sizeof *c);
}

/* Adds [t0, t1] to the list, merging it into the last range when they touch
 * and it is not one of the first `keep` (another block's). */
static int mark(ed_clearance_range **ranges, size_t *count, size_t *cap, size_t keep, double t0, double t1,
                double dist, int through)
{
    if (*count > keep) {
        ed_clearance_range *last = &(*ranges)[*count - 1];
        if (t0 <= last->t1) {
            last->t1 = fmax(last->t1, t1);
            last->min_distance = fmin(last->min_distance, dist);
            last->through |= through;
            return 0;
        }
    }
    if (ed_grow((void **)ranges, cap, *count + 1, sizeof **ranges))
        return -1;
    ed_clearance_range *r = &(*ranges)[(*count)++];
    memset(r, 0, sizeof *r); /* padding too: a block's ranges compare byte for byte */
    r->t0 = t0, r->t1 = t1, r->min_distance = dist, r->through = through;
    return 0;
}

/* The ranges of the blocks checked again. */
typedef struct found {
    ed_clearance_range *ranges;
    size_t              count, cap;
} found;

/* The last sample of a block, which is the first of the next. */
typedef struct joint {
    int     valid;
    cp_pose pose;
    double  d; /* its distance to the world, up to the radius */
} joint;

/* Where block b starts (ED_CLEARANCE_BLOCKS: the end). */
static double block_time(double start, double end, size_t b)
{
    return b >= ED_CLEARANCE_BLOCKS ? end : start + (end - start) * (double)b / ED_CLEARANCE_BLOCKS;
}

/* Checks block [tb0, tb1], its ranges to f; `first`: the path's first block,
 * whose start is a sample of its own (the others' is the last of the block
 * before). `j` holds the start's sample when valid, and gets the end's.
 * Returns the poses checked, or -1 if out of memory. */
static long check_block(found *f, const cp_path *path, const ed_bvh *bvh, double radius, double tb0, double tb1,
                        double dt_min, double dt_max, int first, joint *j)
{
    cp_pose pose;
    double d0;
    if (j->valid) {
        pose = j->pose;
        d0 = j->d;
    } else {
        cp_path_sample_fast(path, tb0, &pose);
        d0 = ed_bvh_distance(bvh, pose.position, radius);
    }
    cp_vec3 prev = pose.position;
    /* a block starts as if it were the path's start: its check depends on nothing before it */
    double prev_t = tb0, prev_d = d0, d = d0;
    int prev_bad = prev_d < radius;
    long samples = 0;
    const size_t keep = f->count; /* the blocks' ranges are joined later (join), not here */
    if (first) {
        if (prev_bad && mark(&f->ranges, &f->count, &f->cap, keep, tb0, tb0, prev_d, 0))
            return -1;
        samples = 1;
    }
    double t = tb0, dt = dt_max;
    const double step = 0.5 * radius; /* the farthest apart two samples may be, in space */
    while (t < tb1) {
        /* a step that would leave a sliver of the block takes it in */
        const double tn = t + dt >= tb1 - 1e-6 * dt_max ? tb1 : t + dt;
        cp_path_sample_fast(path, tn, &pose);
        double len = cp_vec3_length(cp_vec3_sub(pose.position, prev));
        if (len > step && dt > dt_min) { /* (dt reaches dt_min exactly: the loop ends) */
            /* too far from the last sample: a shorter step, in proportion (the pace between them) */
            dt = fmax(dt_min, (tn - t) * fmin(0.5, 0.9 * step / len));
            continue;
        }
        /* the next step at this one's pace, as long as it brings the next sample within `step` */
        dt = len > 0 ? fmin(dt_max, fmax(dt_min, (tn - t) * 0.9 * step / len)) : dt_max;
        t = tn;
        /* a crossing at x would put the previous sample within len of a triangle */
        d = ed_bvh_distance(bvh, pose.position, radius);
        double u;
        int through = len >= prev_d && ed_bvh_segment(bvh, prev, pose.position, &u);
        int bad = through || d < radius;
        /* a range starts at its first sample, or at the sample before a crossing */
        if (bad && mark(&f->ranges, &f->count, &f->cap, keep, prev_bad || through ? prev_t : t, t,
                        through ? 0.0 : d, through))
            return -1;
        prev_bad = bad;
        /* the previous distance is only needed up to the next step's length (the block's end starts the next) */
        prev_d = len > radius && t < tb1 ? ed_bvh_distance(bvh, pose.position, fmax(radius, 2.0 * len)) : d;
        prev = pose.position;
        prev_t = t;
        samples++;
    }
    j->valid = 1;
    j->pose = pose;
    j->d = d;
    return samples;
}

/* Puts the ranges of blocks [b0, b1) (f, block i's from at[i - b0]) in place
 * of their old ones in c->raw. */
static int splice(ed_clearance *c, const found *f, const size_t *at, size_t b0, size_t b1)
{
    const size_t ra = c->block_raw[b0], rb = c->block_raw[b1], tail = c->raw_count - rb, n = f->count;
    if (ed_grow((void **)&c->raw, &c->raw_cap, ra + n + tail, sizeof *c->raw))
        return -1;
    if (tail)
        memmove(c->raw + ra + n, c->raw + rb, tail * sizeof *c->raw);
    if (n)
        memcpy(c->raw + ra, f->ranges, n * sizeof *c->raw);
    for (size_t b = b0 + 1; b <= b1; b++)
        c->block_raw[b] = ra + at[b - b0];
    for (size_t b = b1 + 1; b <= ED_CLEARANCE_BLOCKS; b++)
        c->block_raw[b] = c->block_raw[b] - rb + (ra + n);
    c->raw_count = ra + n + tail;
    return 0;
}

/* The ranges from the blocks' (joined where they touch), and between two
 * crossings the camera may be inside something thicker than the clearance
 * (a wall seen from within): one range, if the middle of the gap is inside. */
static int join(ed_clearance *c, const cp_path *path, const ed_bvh *bvh)
{
    c->count = 0;
    for (size_t i = 0; i < c->raw_count; i++) {
        const ed_clearance_range *r = &c->raw[i];
        if (mark(&c->ranges, &c->count, &c->cap, 0, r->t0, r->t1, r->min_distance, r->through))
            return -1;
    }
    size_t out = 0;
    double reach = 2.0 * (bvh->nodes[0].hi[0] - bvh->nodes[0].lo[0] + bvh->nodes[0].hi[1] - bvh->nodes[0].lo[1] +
                          bvh->nodes[0].hi[2] - bvh->nodes[0].lo[2]) + 1.0;
    cp_pose pose;
    for (size_t i = 0; i < c->count; i++) {
        if (out > 0 && c->ranges[out - 1].through && c->ranges[i].through) {
            cp_path_sample_fast(path, 0.5 * (c->ranges[out - 1].t1 + c->ranges[i].t0), &pose);
            if (ed_bvh_inside(bvh, pose.position, reach)) {
                c->ranges[out - 1].t1 = c->ranges[i].t1;
                continue;
            }
        }
        c->ranges[out++] = c->ranges[i];
    }
    c->count = out;
    return 0;
}

static int check(ed_clearance *c, const cp_path *path, const ed_bvh *bvh, double radius, const double span[2])
{
    if (!path || !bvh || bvh->tri_count == 0 || !(radius > 0)) {
        c->count = c->samples = 0;
        c->radius = radius;
        c->blocked = 0;
        return 0;
    }
    double start = cp_path_start(path), end = start + cp_path_duration(path);
    /* samples at most radius / 2 apart in space, so that the ball of clearance around a
       clear sample covers the way to the next one; and at most a block apart in time */
    double dt_max = (end - start) / ED_CLEARANCE_BLOCKS, dt_min = (end - start) / ED_CLEARANCE_MAX_SAMPLES;
    if (!(dt_max > 0)) {
        c->count = c->samples = 0;
        c->radius = radius;
        c->blocked = 0;
        return 0;
    }
    size_t b0 = 0, b1 = ED_CLEARANCE_BLOCKS;
    if (span && c->blocked && c->start == start && c->end == end && c->radius == radius) {
        /* the blocks that meet the span */
        while (b0 < ED_CLEARANCE_BLOCKS && block_time(start, end, b0 + 1) < span[0])
            b0++;
        b1 = b0;
        while (b1 < ED_CLEARANCE_BLOCKS && block_time(start, end, b1) <= span[1])
            b1++;
    } else {
        c->blocked = 0;
        if (!c->block_raw && !(c->block_raw = malloc((ED_CLEARANCE_BLOCKS + 1) * sizeof *c->block_raw)))
            goto oom;
        if (!c->block_samples && !(c->block_samples = malloc(ED_CLEARANCE_BLOCKS * sizeof *c->block_samples)))
            goto oom;
        memset(c->block_raw, 0, (ED_CLEARANCE_BLOCKS + 1) * sizeof *c->block_raw);
        c->raw_count = 0;
    }
    found f = {0};
    size_t *at = malloc((b1 - b0 + 1) * sizeof *at);
    int rc = at ? 0 : -1;
    joint j = {0};
    for (size_t b = b0; b < b1 && rc == 0; b++) {
        at[b - b0] = f.count;
        long n = check_block(&f, path, bvh, radius, block_time(start, end, b), block_time(start, end, b + 1), dt_min,
                             dt_max, b == 0, &j);
        if (n < 0)
            rc = -1;
        else
            c->block_samples[b] = (size_t)n;
    }
    if (rc == 0) {
        at[b1 - b0] = f.count;
        rc = splice(c, &f, at, b0, b1);
    }
    free(at);
    free(f.ranges);
    if (rc != 0 || join(c, path, bvh) != 0)
        goto oom;
    c->samples = 0;
    for (size_t b = 0; b < ED_CLEARANCE_BLOCKS; b++)
        c->samples += c->block_samples[b];
    c->start = start;
    c->end = end;
    c->radius = radius;
    c->blocked = 1;
    return 0;
oom:
    ed_clearance_free(c);
    return -1;
}

int ed_clearance_check(ed_clearance *c, const cp_path *path, const ed_bvh *bvh, double radius)
{
    return check(c, path, bvh, radius, NULL);
}

int ed_clearance_update(ed_clearance *c, const cp_path *path, const ed_bvh *bvh, double radius,
                        const double span[2])
{
    return check(c, path, bvh, radius, span);
}

char *ed_clearance_describe(const ed_clearance *c, size_t max_ranges, char *buf, size_t size)
{
    if (size == 0)
        return buf;
    buf[0] = '\0';
    if (c->count == 0) {
        snprintf(buf, size, "clear of the world by %.2g m", c->radius);
        return buf;
    }
    size_t n = 0;
    for (size_t i = 0; i < c->count && i < max_ranges; i++) {
        const ed_clearance_range *r = &c->ranges[i];
        char what[64];
        if (r->through)
            snprintf(what, sizeof what, "passes through geometry");
        else
            snprintf(what, sizeof what, "closer than %.2g m (%.2g m)", c->radius, r->min_distance);
        int w = snprintf(buf + n, size - n, "%s%s at %.1f-%.1f s", i ? "; " : "", what, r->t0, r->t1);
        if (w < 0 || (size_t)w >= size - n)
            return buf;
        n += (size_t)w;
    }
    if (c->count > max_ranges)
        snprintf(buf + n, size - n, "; and %zu more", c->count - max_ranges);
    return buf;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/clearance.c - sampling the path against the world's triangles. */
#include "clearance.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ed_clearance_free(ed_clearance *c)
{
    free(c->ranges);
    memset(c, 0, sizeof *c);
}

/* Adds [t0, t1] to the list, merging it into the last range when they touch. */
static int mark(ed_clearance *c, double t0, double t1, double dist, int through)
{
    if (c->count > 0) {
        ed_clearance_range *last = &c->ranges[c->count - 1];
        if (t0 <= last->t1) {
            last->t1 = fmax(last->t1, t1);
            last->min_distance = fmin(last->min_distance, dist);
            last->through |= through;
            return 0;
        }
    }
    if (c->count == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 16;
        ed_clearance_range *r = realloc(c->ranges, cap * sizeof *r);
        if (!r)
            return -1;
        c->ranges = r;
        c->cap = cap;
    }
    c->ranges[c->count++] = (ed_clearance_range){t0, t1, dist, through};
    return 0;
}

int ed_clearance_check(ed_clearance *c, const cp_path *path, const ed_bvh *bvh, double radius)
{
    c->count = 0;
    c->samples = 0;
    c->radius = radius;
    if (!path || !bvh || bvh->tri_count == 0 || !(radius > 0))
        return 0;
    double start = cp_path_start(path), end = start + cp_path_duration(path);
    /* samples at most radius / 2 apart in space, so that the ball of clearance around a
       clear sample covers the way to the next one; and at most this far apart in time */
    double dt_max = (end - start) / 2000.0, dt_min = (end - start) / ED_CLEARANCE_MAX_SAMPLES;
    if (!(dt_max > 0))
        return 0;
    cp_pose pose;
    cp_path_sample_fast(path, start, &pose);
    cp_vec3 prev = pose.position;
    double prev_t = start, prev_d = ed_bvh_distance(bvh, prev, radius);
    int prev_bad = prev_d < radius;
    if (prev_bad && mark(c, start, start, prev_d, 0))
        goto oom;
    c->samples = 1;
    double t = start;
    while (t < end) {
        double speed = cp_vec3_length(pose.velocity);
        double dt = speed > 0 ? 0.5 * radius / speed : dt_max;
        dt = fmin(fmax(dt, dt_min), dt_max);
        t = fmin(t + dt, end);
        cp_path_sample_fast(path, t, &pose);
        double len = cp_vec3_length(cp_vec3_sub(pose.position, prev));
        /* a crossing at x would put the previous sample within len of a triangle */
        double d = ed_bvh_distance(bvh, pose.position, radius);
        double u;
        int through = len >= prev_d && ed_bvh_segment(bvh, prev, pose.position, &u);
        int bad = through || d < radius;
        /* a range starts at its first sample, or at the sample before a crossing */
        if (bad && mark(c, prev_bad || through ? prev_t : t, t, through ? 0.0 : d, through))
            goto oom;
        prev_bad = bad;
        /* the previous distance is only needed up to the next step's length */
        prev_d = len > radius ? ed_bvh_distance(bvh, pose.position, fmax(radius, 2.0 * len)) : d;
        prev = pose.position;
        prev_t = t;
        c->samples++;
    }
    /* between two crossings the camera may be inside something thicker than the
       clearance (a wall seen from within): one range, if the middle of the gap is inside */
    size_t out = 0;
    double reach = 2.0 * (bvh->nodes[0].hi[0] - bvh->nodes[0].lo[0] + bvh->nodes[0].hi[1] - bvh->nodes[0].lo[1] +
                          bvh->nodes[0].hi[2] - bvh->nodes[0].lo[2]) + 1.0;
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
oom:
    ed_clearance_free(c);
    return -1;
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

/* SPDX-License-Identifier: MIT */
/* editor/core/trace.c - sampling a path for the view and the graph.
 *
 * The samples are made key segment by key segment, and each segment's are
 * a function of that segment of the path alone (its times, its chord, the
 * poses in it) and of what an edit of a few keys leaves alone (the key
 * count, the ends, the start, the duration, the polyline's step). So after
 * such an edit only the segments it touched are sampled again, spliced in
 * place of their old samples; what depends on the whole (the colour levels,
 * the graph's ranges and floors) is then made from the samples kept and the
 * new ones, the same way a whole build makes it. */
#include "trace.h"

#include "grow.h"
#include "lens.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* per segment, in t->seg */
enum { SEG_T0, SEG_T1, SEG_HELD, SEG_CHORD, SEG_TURN, SEG_ZOOM, SEG_VMAX, SEG_AMAX, SEG_N };
/* per block of ED_TRACE_BLOCK segments and their first keys, in t->block:
   sums of the segments' chords, turns and zooms, the largest speed and
   acceleration, the largest coordinate, fov and focus of the keys */
enum { BLK_DIST, BLK_TURN, BLK_ZOOM, BLK_VMAX, BLK_AMAX, BLK_COORD, BLK_FOV, BLK_FOCUS, BLK_N };

typedef struct point {
    float xyz[3], mag[2];
} point;

typedef struct plot_entry {
    double t, v[ED_PLOT_COUNT];
    float  near, far;
} plot_entry;

/* The samples of segments [a, b) made again, and where each segment's start. */
typedef struct fresh {
    point      *pts;
    plot_entry *plot;
    size_t      npts, nplot, cap_pts, cap_plot;
    size_t     *pts_at, *plot_at; /* b - a + 1 */
} fresh;

static int reserve(void **p, size_t n, size_t size)
{
    void *q = realloc(*p, (n ? n : 1) * size);
    if (!q)
        return -1;
    *p = q;
    return 0;
}

static void clear(ed_trace *t)
{
    t->serial = 0;
    t->count = t->plot_count = 0;
    t->max[0] = t->max[1] = 0;
    t->has_lens = 0;
    t->seg_count = 0;
    for (int k = 0; k < ED_PLOT_COUNT; k++)
        t->plot_min[k] = t->plot_max[k] = t->plot_floor[k] = 0;
}

void ed_trace_free(ed_trace *t)
{
    free(t->xyz);
    free(t->level[0]);
    free(t->level[1]);
    free(t->mag);
    free(t->plot_t);
    free(t->plot_v);
    free(t->lens_near);
    free(t->lens_far);
    for (int k = 0; k < ED_PLOT_COUNT; k++)
        free(t->plot[k]);
    free(t->seg);
    free(t->block);
    free(t->seg_point);
    free(t->seg_plot);
    free(t->seg_u);
    memset(t, 0, sizeof *t);
}

/* Segment i's time range; for a closed path segment count-1 is the seam.
 * *hold_end is where key i's hold ends (t0 when it has none): the camera
 * rests from t0 to there. */
static void segment(const cp_path *p, size_t i, double *t0, double *t1, double *hold_end)
{
    const cp_key *k = cp_path_keys(p);
    size_t n = cp_path_key_count(p);
    *t0 = k[i].time;
    *t1 = i + 1 < n ? k[i + 1].time : cp_path_start(p) + cp_path_duration(p);
    *hold_end = k[i].flags & CP_KEY_HOLD ? fmin(k[i].time + k[i].hold, *t1) : *t0;
}

static unsigned char level_of(double v, double max)
{
    if (!(max > 0))
        return 0;
    double l = v / max * (ED_TRACE_LEVELS - 1);
    return (unsigned char)(l < 0 ? 0 : l > ED_TRACE_LEVELS - 1 ? ED_TRACE_LEVELS - 1 : l + 0.5);
}

/* The polyline's step for a path this long: finer for short paths, a bounded
 * count for long ones; taken from a ladder of powers of 2, so that an edit
 * that makes the path a little longer or shorter keeps it, and with it the
 * points of the segments it did not touch. */
static double step_for(double total)
{
    double step = 0.25, want = total / (0.25 * ED_TRACE_MAX_POINTS);
    while (step < want && step < 1e300)
        step *= 2;
    return step;
}

/* ---- one segment ------------------------------------------------------------------------------- */

/* Segment i's polyline points, appended to f->pts. */
static int poly_segment(fresh *f, const cp_path *p, cp_path_cursor *cur, size_t i, size_t nseg, double step,
                        double *seg)
{
    /* the camera rests during a hold: the line starts where it moves on */
    double t0 = seg[SEG_HELD], t1 = seg[SEG_T1];
    double mm = ceil(seg[SEG_CHORD] / step);
    int m = mm < 2 ? 2 : mm > 32 ? 32 : (int)mm;
    int c = m + (i + 1 == nseg);
    if (ed_grow((void **)&f->pts, &f->cap_pts, f->npts + (size_t)c, sizeof *f->pts))
        return -1;
    double vmax = 0, amax = 0;
    for (int j = 0; j < c; j++) {
        cp_pose pose;
        double tt = j == m ? t1 : t0 + (t1 - t0) * j / m;
        /* the seam end is the path's own start: sample it as the left limit */
        if (j == m)
            cp_path_sample_side(p, tt, -1, &pose);
        else
            cp_path_sample_cursor(p, cur, tt, &pose);
        point *q = &f->pts[f->npts++];
        q->xyz[0] = (float)pose.position.x;
        q->xyz[1] = (float)pose.position.y;
        q->xyz[2] = (float)pose.position.z;
        double v = cp_vec3_length(pose.velocity), a = cp_vec3_length(pose.acceleration);
        q->mag[0] = (float)v;
        q->mag[1] = (float)a;
        vmax = fmax(vmax, v);
        amax = fmax(amax, a);
    }
    seg[SEG_VMAX] = vmax;
    seg[SEG_AMAX] = amax;
    return 0;
}

static int plot_add(fresh *f, const cp_pose *pose)
{
    if (ed_grow((void **)&f->plot, &f->cap_plot, f->nplot + 1, sizeof *f->plot))
        return -1;
    plot_entry *e = &f->plot[f->nplot++];
    e->t = pose->time;
    double v[ED_PLOT_COUNT] = {cp_vec3_length(pose->velocity), cp_vec3_length(pose->acceleration),
                               cp_vec3_length(pose->angular_velocity), cp_vec3_length(pose->angular_acceleration),
                               pose->fov, pose->focus};
    memcpy(e->v, v, sizeof v);
    ed_lens l;
    double near = NAN, far = NAN;
    if (ed_lens_of(pose, &l))
        ed_lens_limits(&l, &near, &far);
    e->near = (float)near;
    e->far = (float)far;
    return 0;
}

/* Segment i's graph samples, appended to f->plot: both limits at its keys
 * (unless `sides` is 0), at the end of a hold, and the uniform samples from
 * *u that fall in it (*u moves on past them). */
static int plot_segment(fresh *f, const cp_path *p, cp_path_cursor *cur, size_t i, size_t nseg, int closed,
                        int sides, const double *seg, size_t *u)
{
    double start = cp_path_start(p), dur = cp_path_duration(p);
    double t0 = seg[SEG_T0], t1 = seg[SEG_T1], held = seg[SEG_HELD];
    cp_pose pose;
    int rc = 0;
    if (sides) {
        cp_path_sample_side(p, t0, 1, &pose);
        pose.time = t0;
        rc |= plot_add(f, &pose);
    }
    /* a hold ends at a time of its own: both sides there, so that the camera's rest shows to the instant */
    if (held > t0 && held < t1) {
        for (; *u <= ED_TRACE_PLOT_SAMPLES && start + dur * (double)*u / ED_TRACE_PLOT_SAMPLES < held; ++*u) {
            double tu = start + dur * (double)*u / ED_TRACE_PLOT_SAMPLES;
            cp_path_sample_cursor(p, cur, tu, &pose);
            pose.time = tu;
            rc |= plot_add(f, &pose);
        }
        for (int side = -1; side <= 1; side += 2) {
            cp_path_sample_side(p, held, side, &pose);
            pose.time = held;
            rc |= plot_add(f, &pose);
        }
    }
    for (; *u <= ED_TRACE_PLOT_SAMPLES; ++*u) {
        double tu = start + dur * (double)*u / ED_TRACE_PLOT_SAMPLES;
        /* a closed path's end is its start again: its left limit comes from the key samples */
        if (tu > t1 || (tu >= t1 && (i + 1 < nseg || closed)))
            break;
        cp_path_sample_cursor(p, cur, tu, &pose);
        pose.time = tu;
        rc |= plot_add(f, &pose);
    }
    if (sides) {
        cp_path_sample_side(p, t1, -1, &pose);
        pose.time = t1;
        rc |= plot_add(f, &pose);
    }
    return rc ? -1 : 0;
}

/* ---- putting the samples in place ------------------------------------------------------------------ */

/* Makes the polyline's arrays hold n points. */
static int points_room(ed_trace *t, size_t n)
{
    if (n <= t->cap)
        return 0;
    size_t cap = n > t->cap + t->cap / 2 ? n : t->cap + t->cap / 2;
    if (reserve((void **)&t->xyz, cap, 3 * sizeof *t->xyz) || reserve((void **)&t->level[0], cap, 1) ||
        reserve((void **)&t->level[1], cap, 1) || reserve((void **)&t->mag, cap, 2 * sizeof *t->mag))
        return -1;
    t->cap = cap;
    return 0;
}

static int plot_room(ed_trace *t, size_t n)
{
    if (n <= t->plot_cap)
        return 0;
    size_t cap = n > t->plot_cap + t->plot_cap / 2 ? n : t->plot_cap + t->plot_cap / 2;
    if (reserve((void **)&t->plot_t, cap, sizeof *t->plot_t) ||
        reserve((void **)&t->plot_v, cap, ED_PLOT_COUNT * sizeof *t->plot_v) ||
        reserve((void **)&t->lens_near, cap, sizeof *t->lens_near) ||
        reserve((void **)&t->lens_far, cap, sizeof *t->lens_far))
        return -1;
    for (int k = 0; k < ED_PLOT_COUNT; k++)
        if (reserve((void **)&t->plot[k], cap, sizeof *t->plot[k]))
            return -1;
    t->plot_cap = cap;
    return 0;
}

/* Moves elements [from, from + count) of an array of `size`-byte elements to `to`. */
static void shift(void *base, size_t size, size_t from, size_t to, size_t count)
{
    if (count && from != to)
        memmove((char *)base + to * size, (char *)base + from * size, count * size);
}

/* Puts the points of segments [a, b) in place of the old ones; the later
 * segments' points move along. */
static int splice_points(ed_trace *t, const fresh *f, size_t a, size_t b)
{
    const size_t pa = t->seg_point[a], pb = t->seg_point[b], tail = t->count - pb, c = f->npts;
    if (points_room(t, pa + c + tail))
        return -1;
    shift(t->xyz, 3 * sizeof *t->xyz, pb, pa + c, tail);
    shift(t->level[0], 1, pb, pa + c, tail);
    shift(t->level[1], 1, pb, pa + c, tail);
    shift(t->mag, 2 * sizeof *t->mag, pb, pa + c, tail);
    for (size_t i = 0; i < c; i++) {
        memcpy(&t->xyz[3 * (pa + i)], f->pts[i].xyz, sizeof f->pts[i].xyz);
        memcpy(&t->mag[2 * (pa + i)], f->pts[i].mag, sizeof f->pts[i].mag);
    }
    for (size_t s = a + 1; s <= b; s++)
        t->seg_point[s] = pa + f->pts_at[s - a];
    for (size_t s = b + 1; pb != pa + c && s <= t->seg_count; s++)
        t->seg_point[s] = t->seg_point[s] - pb + (pa + c);
    t->count = pa + c + tail;
    return 0;
}

static int splice_plot(ed_trace *t, const fresh *f, size_t a, size_t b)
{
    const size_t pa = t->seg_plot[a], pb = t->seg_plot[b], tail = t->plot_count - pb, c = f->nplot;
    if (plot_room(t, pa + c + tail))
        return -1;
    shift(t->plot_t, sizeof *t->plot_t, pb, pa + c, tail);
    shift(t->plot_v, ED_PLOT_COUNT * sizeof *t->plot_v, pb, pa + c, tail);
    shift(t->lens_near, sizeof *t->lens_near, pb, pa + c, tail);
    shift(t->lens_far, sizeof *t->lens_far, pb, pa + c, tail);
    for (int k = 0; k < ED_PLOT_COUNT; k++)
        shift(t->plot[k], sizeof *t->plot[k], pb, pa + c, tail);
    for (size_t i = 0; i < c; i++) {
        const plot_entry *e = &f->plot[i];
        t->plot_t[pa + i] = e->t;
        memcpy(&t->plot_v[ED_PLOT_COUNT * (pa + i)], e->v, sizeof e->v);
        for (int k = 0; k < ED_PLOT_COUNT; k++)
            t->plot[k][pa + i] = (float)e->v[k];
        t->lens_near[pa + i] = e->near;
        t->lens_far[pa + i] = e->far;
    }
    for (size_t s = a + 1; s <= b; s++)
        t->seg_plot[s] = pa + f->plot_at[s - a];
    for (size_t s = b + 1; pb != pa + c && s <= t->seg_count; s++)
        t->seg_plot[s] = t->seg_plot[s] - pb + (pa + c);
    t->plot_count = pa + c + tail;
    return 0;
}

/* ---- what depends on the whole --------------------------------------------------------------------- */

/* The colour levels of points [from, to), or of all of them when the
 * largest speed or acceleration changed. */
static void levels(ed_trace *t, size_t from, size_t to)
{
    double vmax = 0, amax = 0;
    for (size_t b = 0; b * ED_TRACE_BLOCK < t->seg_count; b++) {
        vmax = fmax(vmax, t->block[BLK_N * b + BLK_VMAX]);
        amax = fmax(amax, t->block[BLK_N * b + BLK_AMAX]);
    }
    if (vmax != t->max[0] || amax != t->max[1])
        from = 0, to = t->count;
    t->max[0] = vmax;
    t->max[1] = amax;
    for (size_t i = from; i < to; i++) {
        t->level[0][i] = level_of(t->mag[2 * i], vmax);
        t->level[1][i] = level_of(t->mag[2 * i + 1], amax);
    }
}

static void plot_ranges(ed_trace *t)
{
    for (size_t i = 0; i < t->plot_count; i++)
        for (int k = 0; k < ED_PLOT_COUNT; k++) {
            double v = t->plot_v[ED_PLOT_COUNT * i + k];
            if (i == 0 || v > t->plot_max[k])
                t->plot_max[k] = v;
            if (i == 0 || v < t->plot_min[k])
                t->plot_min[k] = v;
        }
}

/* The floors of the strips' scales, from the path's own magnitudes: a
 * thousandth of what its keys ask for on average (the distance, turn and
 * zoom between keys over the time between them, and that again per key
 * interval for accelerations), and never below what rounding in doubles
 * can make of its coordinates (a million ulps). Linear interpolation with
 * one rotation for every key gave angular speeds of 3e-17 rad/s: noise,
 * which the strip scaled to fill itself. */
static void plot_floors(ed_trace *t, const cp_path *p)
{
    const cp_key *k = cp_path_keys(p);
    size_t n = cp_path_key_count(p), nseg = t->seg_count;
    double dur = cp_path_duration(p), h = dur / (double)(nseg ? nseg : 1);
    double dist = 0, turn = 0, zoom = 0, coord = 1, fov = 1, focus = 0;
    for (size_t b = 0; b * ED_TRACE_BLOCK < nseg; b++) {
        const double *x = &t->block[BLK_N * b];
        dist += x[BLK_DIST];
        turn += x[BLK_TURN];
        zoom += x[BLK_ZOOM];
        coord = fmax(coord, x[BLK_COORD]);
        fov = fmax(fov, x[BLK_FOV]);
        focus = fmax(focus, x[BLK_FOCUS]);
    }
    const double rel = 1e-3, noise = 1e6 * DBL_EPSILON;
    t->plot_floor[ED_PLOT_SPEED] = fmax(rel * dist / dur, noise * coord / h);
    t->plot_floor[ED_PLOT_ACCELERATION] = fmax(rel * dist / (dur * h), noise * coord / (h * h));
    t->plot_floor[ED_PLOT_ANGULAR_SPEED] = fmax(rel * turn / dur, noise / h);
    t->plot_floor[ED_PLOT_ANGULAR_ACCELERATION] = fmax(rel * turn / (dur * h), noise / (h * h));
    t->plot_floor[ED_PLOT_FOV] = fmax(rel * zoom, noise * fov) + 1e-3;
    t->plot_floor[ED_PLOT_FOCUS] = fmax(rel * focus, 1e-3);
    t->has_lens = n > 0 && k[0].focus > 0 && k[0].aperture > 0;
}

/* Block b's sums and maxima again, from its segments and keys (the last
 * block of an open path also has the last key). */
static void block_again(ed_trace *t, const cp_path *p, size_t b)
{
    const cp_key *k = cp_path_keys(p);
    const size_t n = cp_path_key_count(p), s0 = b * ED_TRACE_BLOCK;
    const size_t s1 = s0 + ED_TRACE_BLOCK < t->seg_count ? s0 + ED_TRACE_BLOCK : t->seg_count;
    double x[BLK_N] = {0};
    for (size_t s = s0; s < s1; s++) {
        const double *seg = &t->seg[SEG_N * s];
        x[BLK_DIST] += seg[SEG_CHORD];
        x[BLK_TURN] += seg[SEG_TURN];
        x[BLK_ZOOM] += seg[SEG_ZOOM];
        x[BLK_VMAX] = fmax(x[BLK_VMAX], seg[SEG_VMAX]);
        x[BLK_AMAX] = fmax(x[BLK_AMAX], seg[SEG_AMAX]);
    }
    for (size_t i = s0; i < (s1 == t->seg_count ? n : s1); i++) {
        x[BLK_COORD] = fmax(x[BLK_COORD], fmax(fabs(k[i].position.x), fmax(fabs(k[i].position.y), fabs(k[i].position.z))));
        x[BLK_FOV] = fmax(x[BLK_FOV], fabs(k[i].fov));
        x[BLK_FOCUS] = fmax(x[BLK_FOCUS], k[i].focus);
    }
    memcpy(&t->block[BLK_N * b], x, sizeof x);
}

/* The blocks of segments [a, b) again. */
static void blocks_again(ed_trace *t, const cp_path *p, size_t a, size_t b)
{
    for (size_t k = a / ED_TRACE_BLOCK; k * ED_TRACE_BLOCK < b; k++)
        block_again(t, p, k);
}

/* The sum of the chords: the polyline's length. */
static double length_of(const ed_trace *t)
{
    double total = 0;
    for (size_t b = 0; b * ED_TRACE_BLOCK < t->seg_count; b++)
        total += t->block[BLK_N * b + BLK_DIST];
    return total;
}

/* ---- building ------------------------------------------------------------------------------------ */

/* Segment i's times and chord. */
static void seg_times(const cp_path *p, size_t i, double *seg)
{
    const cp_key *k = cp_path_keys(p);
    size_t n = cp_path_key_count(p);
    segment(p, i, &seg[SEG_T0], &seg[SEG_T1], &seg[SEG_HELD]);
    seg[SEG_CHORD] = cp_vec3_length(cp_vec3_sub(k[(i + 1) % n].position, k[i].position));
}

static void fresh_free(fresh *f)
{
    free(f->pts);
    free(f->plot);
    free(f->pts_at);
    free(f->plot_at);
}

/* Samples segments [a, b) again (their times and chords are in t->seg) and
 * puts them in place of their old samples. 0, 1 when the graph's uniform
 * samples would not join those kept (build the whole), -1 out of memory. */
static int resample(ed_trace *t, const cp_path *p, size_t a, size_t b)
{
    const cp_key *k = cp_path_keys(p);
    const size_t n = cp_path_key_count(p), nseg = t->seg_count;
    const int sides = n <= ED_TRACE_PLOT_KEY_LIMIT;
    fresh f;
    memset(&f, 0, sizeof f);
    f.pts_at = malloc((b - a + 1) * sizeof *f.pts_at);
    f.plot_at = malloc((b - a + 1) * sizeof *f.plot_at);
    int rc = f.pts_at && f.plot_at ? 0 : -1;
    cp_path_cursor line = {0}, graph = {0};
    size_t u = t->seg_u[a];
    for (size_t i = a; i < b && rc == 0; i++) {
        double *seg = &t->seg[SEG_N * i];
        const cp_key *x = &k[i], *y = &k[(i + 1) % n];
        seg[SEG_TURN] = cp_quat_angle_between(x->rotation, y->rotation);
        seg[SEG_ZOOM] = fabs(y->fov - x->fov);
        f.pts_at[i - a] = f.npts;
        f.plot_at[i - a] = f.nplot;
        t->seg_u[i] = u;
        if (poly_segment(&f, p, &line, i, nseg, t->step, seg) ||
            plot_segment(&f, p, &graph, i, nseg, t->closed, sides, seg, &u))
            rc = -1;
    }
    if (rc == 0 && b < nseg && u != t->seg_u[b])
        rc = 1;
    if (rc == 0) {
        f.pts_at[b - a] = f.npts;
        f.plot_at[b - a] = f.nplot;
        if (b == nseg)
            t->seg_u[b] = u;
        const size_t first = t->seg_point[a];
        if (splice_points(t, &f, a, b) || splice_plot(t, &f, a, b)) {
            rc = -1;
        } else {
            blocks_again(t, p, a, b);
            levels(t, first, first + f.npts);
        }
    }
    fresh_free(&f);
    if (rc == 0) {
        plot_ranges(t);
        plot_floors(t, p);
    }
    return rc;
}

/* Sizes the per-segment arrays for `p` and fills its segments' times, the
 * step and what a later update compares. */
static int prepare(ed_trace *t, const cp_path *p)
{
    const size_t n = cp_path_key_count(p);
    const int closed = cp_path_get_options(p).ends == CP_ENDS_CLOSED;
    const size_t nseg = closed ? n : n - 1;
    const size_t nblock = (nseg + ED_TRACE_BLOCK - 1) / ED_TRACE_BLOCK;
    if (nblock > t->block_cap) {
        if (reserve((void **)&t->block, nblock, BLK_N * sizeof *t->block))
            return -1;
        t->block_cap = nblock;
    }
    if (nseg + 1 > t->seg_cap) {
        if (reserve((void **)&t->seg, nseg, SEG_N * sizeof *t->seg) ||
            reserve((void **)&t->seg_point, nseg + 1, sizeof *t->seg_point) ||
            reserve((void **)&t->seg_plot, nseg + 1, sizeof *t->seg_plot) ||
            reserve((void **)&t->seg_u, nseg + 1, sizeof *t->seg_u))
            return -1;
        t->seg_cap = nseg + 1;
    }
    for (size_t i = 0; i < nseg; i++) {
        double *seg = &t->seg[SEG_N * i];
        seg_times(p, i, seg);
        seg[SEG_TURN] = seg[SEG_ZOOM] = seg[SEG_VMAX] = seg[SEG_AMAX] = 0;
    }
    t->seg_count = nseg;
    blocks_again(t, p, 0, nseg);
    memset(t->seg_point, 0, (nseg + 1) * sizeof *t->seg_point);
    memset(t->seg_plot, 0, (nseg + 1) * sizeof *t->seg_plot);
    t->seg_u[0] = 0;
    t->step = step_for(length_of(t));
    t->start = cp_path_start(p);
    t->duration = cp_path_duration(p);
    t->keys = n;
    t->closed = closed;
    return 0;
}

int ed_trace_build(ed_trace *t, const cp_path *path, unsigned long serial)
{
    clear(t);
    if (!path)
        return 0;
    if (prepare(t, path) || resample(t, path, 0, t->seg_count) != 0) {
        clear(t);
        return -1;
    }
    t->serial = serial;
    return 0;
}

/* The first segment from `from` whose time `which` is at or after `time`
 * (after: strictly after), by bisection: the segments' times increase. */
static size_t first_segment(const ed_trace *t, size_t from, int which, double time, int after)
{
    size_t lo = from, hi = t->seg_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        double x = t->seg[SEG_N * mid + which];
        if (after ? x > time : x >= time)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

int ed_trace_update(ed_trace *t, const cp_path *path, unsigned long serial, const double span[2])
{
    if (!span || !path || t->serial == 0 || t->seg_count == 0)
        return ed_trace_build(t, path, serial);
    const size_t n = cp_path_key_count(path);
    const int closed = cp_path_get_options(path).ends == CP_ENDS_CLOSED;
    const size_t nseg = closed ? n : n - 1;
    if (n != t->keys || closed != t->closed || nseg != t->seg_count || cp_path_start(path) != t->start ||
        cp_path_duration(path) != t->duration)
        return ed_trace_build(t, path, serial);
    /* the segments to sample again: those that meet the span, found by the
       times kept (they increase); the keys outside the span are those of
       before (cp_path_update changes the keys it is given alone, and where a
       key changed its pose did), which the segments either side check */
    size_t a = first_segment(t, 0, SEG_T1, span[0], 0), b = first_segment(t, a, SEG_T0, span[1], 1);
    for (size_t i = a > 0 ? a - 1 : 0; i < b + 1 && i < nseg; i++) {
        double *seg = &t->seg[SEG_N * i], now[SEG_N];
        seg_times(path, i, now);
        const int same = now[SEG_T0] == seg[SEG_T0] && now[SEG_T1] == seg[SEG_T1] && now[SEG_HELD] == seg[SEG_HELD] &&
                         now[SEG_CHORD] == seg[SEG_CHORD];
        if (i < a || i >= b) {
            if (!same) /* a key changed outside the span: it was not the span of the change */
                return ed_trace_build(t, path, serial);
            continue;
        }
        memcpy(seg, now, (SEG_CHORD + 1) * sizeof *seg);
    }
    blocks_again(t, path, a, b);
    if (step_for(length_of(t)) != t->step)
        return ed_trace_build(t, path, serial);
    int rc = 0;
    if (a < b)
        rc = resample(t, path, a, b);
    else
        plot_floors(t, path); /* the keys' fov and focus, should the span have missed them */
    if (rc > 0)
        return ed_trace_build(t, path, serial);
    if (rc < 0) {
        clear(t);
        return -1;
    }
    t->serial = serial;
    return 0;
}

void ed_trace_plot_range(const ed_trace *t, int plot, double *lo, double *hi)
{
    double floor_ = t->plot_floor[plot] > 0 ? t->plot_floor[plot] : 1.0;
    if (plot == ED_PLOT_FOV) {
        /* around the values, 5% over and under; a steady fov sits in the middle */
        double a = t->plot_min[plot], b = t->plot_max[plot], span = fmax(b - a, floor_);
        double mid = 0.5 * (a + b);
        *lo = mid - 0.5 * 1.1 * span;
        *hi = mid + 0.5 * 1.1 * span;
        return;
    }
    *lo = 0;
    *hi = 1.05 * fmax(t->plot_max[plot], floor_);
}

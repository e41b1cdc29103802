/* SPDX-License-Identifier: MIT */
/* editor/core/trace.c - sampling a path for the view and the graph. */
#include "trace.h"

#include "lens.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

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
    for (int k = 0; k < ED_PLOT_COUNT; k++)
        t->plot_min[k] = t->plot_max[k] = t->plot_floor[k] = 0;
}

void ed_trace_free(ed_trace *t)
{
    free(t->xyz);
    free(t->level[0]);
    free(t->level[1]);
    free(t->plot_t);
    free(t->lens_near);
    free(t->lens_far);
    for (int k = 0; k < ED_PLOT_COUNT; k++)
        free(t->plot[k]);
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

static int build_polyline(ed_trace *t, const cp_path *p)
{
    const cp_key *k = cp_path_keys(p);
    size_t n = cp_path_key_count(p);
    size_t nseg = cp_path_get_options(p).ends == CP_ENDS_CLOSED ? n : n - 1;
    double total = 0;
    for (size_t i = 0; i < nseg; i++)
        total += cp_vec3_length(cp_vec3_sub(k[(i + 1) % n].position, k[i].position));
    /* finer steps for short paths, a bounded count for long ones */
    double step = fmax(0.25, total / (0.25 * ED_TRACE_MAX_POINTS));
    size_t need = 1;
    for (size_t i = 0; i < nseg; i++) {
        double chord = cp_vec3_length(cp_vec3_sub(k[(i + 1) % n].position, k[i].position));
        double m = ceil(chord / step);
        need += (size_t)(m < 2 ? 2 : m > 32 ? 32 : m);
    }
    if (need > t->cap) {
        if (reserve((void **)&t->xyz, need, 3 * sizeof *t->xyz) || reserve((void **)&t->level[0], need, 1) ||
            reserve((void **)&t->level[1], need, 1))
            return -1;
        t->cap = need;
    }
    /* the magnitudes wait in the level arrays' place until the maxima are known */
    float *mag = malloc(2 * need * sizeof *mag);
    if (!mag)
        return -1;
    cp_path_cursor cur = {0};
    size_t c = 0;
    double vmax = 0, amax = 0;
    for (size_t i = 0; i < nseg; i++) {
        double t0, t1, held;
        /* the camera rests during a hold: the line starts where it moves on */
        segment(p, i, &held, &t1, &t0);
        (void)held;
        double chord = cp_vec3_length(cp_vec3_sub(k[(i + 1) % n].position, k[i].position));
        double mm = ceil(chord / step);
        int m = mm < 2 ? 2 : mm > 32 ? 32 : (int)mm;
        for (int j = 0; j < m + (i + 1 == nseg); j++) {
            cp_pose pose;
            double tt = j == m ? t1 : t0 + (t1 - t0) * j / m;
            /* the seam end is the path's own start: sample it as the left limit */
            if (j == m)
                cp_path_sample_side(p, tt, -1, &pose);
            else
                cp_path_sample_cursor(p, &cur, tt, &pose);
            t->xyz[3 * c + 0] = (float)pose.position.x;
            t->xyz[3 * c + 1] = (float)pose.position.y;
            t->xyz[3 * c + 2] = (float)pose.position.z;
            double v = cp_vec3_length(pose.velocity), a = cp_vec3_length(pose.acceleration);
            mag[2 * c] = (float)v;
            mag[2 * c + 1] = (float)a;
            vmax = fmax(vmax, v);
            amax = fmax(amax, a);
            c++;
        }
    }
    t->count = c;
    t->max[0] = vmax;
    t->max[1] = amax;
    for (size_t i = 0; i < c; i++) {
        t->level[0][i] = level_of(mag[2 * i], vmax);
        t->level[1][i] = level_of(mag[2 * i + 1], amax);
    }
    free(mag);
    return 0;
}

static void plot_add(ed_trace *t, const cp_pose *pose)
{
    size_t i = t->plot_count++;
    t->plot_t[i] = pose->time;
    double v[ED_PLOT_COUNT] = {cp_vec3_length(pose->velocity), cp_vec3_length(pose->acceleration),
                               cp_vec3_length(pose->angular_velocity), cp_vec3_length(pose->angular_acceleration),
                               pose->fov, pose->focus};
    for (int k = 0; k < ED_PLOT_COUNT; k++) {
        t->plot[k][i] = (float)v[k];
        if (i == 0 || v[k] > t->plot_max[k])
            t->plot_max[k] = v[k];
        if (i == 0 || v[k] < t->plot_min[k])
            t->plot_min[k] = v[k];
    }
    ed_lens l;
    double near = NAN, far = NAN;
    if (ed_lens_of(pose, &l))
        ed_lens_limits(&l, &near, &far);
    t->lens_near[i] = (float)near;
    t->lens_far[i] = (float)far;
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
    size_t n = cp_path_key_count(p);
    int closed = cp_path_get_options(p).ends == CP_ENDS_CLOSED;
    size_t nseg = closed ? n : n - 1;
    double dur = cp_path_duration(p), h = dur / (double)(nseg ? nseg : 1);
    double dist = 0, turn = 0, zoom = 0, coord = 1, fov = 1;
    for (size_t i = 0; i < n; i++) {
        coord = fmax(coord, fmax(fabs(k[i].position.x), fmax(fabs(k[i].position.y), fabs(k[i].position.z))));
        fov = fmax(fov, fabs(k[i].fov));
    }
    for (size_t i = 0; i < nseg; i++) {
        const cp_key *a = &k[i], *b = &k[(i + 1) % n];
        dist += cp_vec3_length(cp_vec3_sub(b->position, a->position));
        turn += cp_quat_angle_between(a->rotation, b->rotation);
        zoom += fabs(b->fov - a->fov);
    }
    const double rel = 1e-3, noise = 1e6 * DBL_EPSILON;
    t->plot_floor[ED_PLOT_SPEED] = fmax(rel * dist / dur, noise * coord / h);
    t->plot_floor[ED_PLOT_ACCELERATION] = fmax(rel * dist / (dur * h), noise * coord / (h * h));
    t->plot_floor[ED_PLOT_ANGULAR_SPEED] = fmax(rel * turn / dur, noise / h);
    t->plot_floor[ED_PLOT_ANGULAR_ACCELERATION] = fmax(rel * turn / (dur * h), noise / (h * h));
    t->plot_floor[ED_PLOT_FOV] = fmax(rel * zoom, noise * fov) + 1e-3;
    double focus = 0;
    for (size_t i = 0; i < n; i++)
        focus = fmax(focus, k[i].focus);
    t->plot_floor[ED_PLOT_FOCUS] = fmax(rel * focus, 1e-3);
    t->has_lens = n > 0 && k[0].focus > 0 && k[0].aperture > 0;
}

static int build_plot(ed_trace *t, const cp_path *p)
{
    size_t n = cp_path_key_count(p);
    int closed = cp_path_get_options(p).ends == CP_ENDS_CLOSED;
    size_t nseg = closed ? n : n - 1;
    int sides = n <= ED_TRACE_PLOT_KEY_LIMIT;
    size_t need = ED_TRACE_PLOT_SAMPLES + 2 + (sides ? 2 * (nseg + 1) : 0) + 2 * nseg; /* and hold ends */
    if (need > t->plot_cap) {
        if (reserve((void **)&t->plot_t, need, sizeof *t->plot_t) ||
            reserve((void **)&t->lens_near, need, sizeof *t->lens_near) ||
            reserve((void **)&t->lens_far, need, sizeof *t->lens_far))
            return -1;
        for (int k = 0; k < ED_PLOT_COUNT; k++)
            if (reserve((void **)&t->plot[k], need, sizeof *t->plot[k]))
                return -1;
        t->plot_cap = need;
    }
    double start = cp_path_start(p), dur = cp_path_duration(p);
    cp_path_cursor cur = {0};
    cp_pose pose;
    size_t u = 0; /* next uniform sample */
    for (size_t i = 0; i < nseg; i++) {
        double t0, t1, held;
        segment(p, i, &t0, &t1, &held);
        if (sides) {
            cp_path_sample_side(p, t0, 1, &pose);
            pose.time = t0;
            plot_add(t, &pose);
        }
        /* a hold ends at a time of its own: both sides there, so that the camera's rest shows to the instant */
        if (held > t0 && held < t1) {
            for (; u <= ED_TRACE_PLOT_SAMPLES && start + dur * (double)u / ED_TRACE_PLOT_SAMPLES < held; u++) {
                double tu = start + dur * (double)u / ED_TRACE_PLOT_SAMPLES;
                cp_path_sample_cursor(p, &cur, tu, &pose);
                pose.time = tu;
                plot_add(t, &pose);
            }
            for (int side = -1; side <= 1; side += 2) {
                cp_path_sample_side(p, held, side, &pose);
                pose.time = held;
                plot_add(t, &pose);
            }
        }
        for (; u <= ED_TRACE_PLOT_SAMPLES; u++) {
            double tu = start + dur * (double)u / ED_TRACE_PLOT_SAMPLES;
            /* a closed path's end is its start again: its left limit comes from the key samples */
            if (tu > t1 || (tu >= t1 && (i + 1 < nseg || closed)))
                break;
            cp_path_sample_cursor(p, &cur, tu, &pose);
            pose.time = tu;
            plot_add(t, &pose);
        }
        if (sides) {
            cp_path_sample_side(p, t1, -1, &pose);
            pose.time = t1;
            plot_add(t, &pose);
        }
    }
    return 0;
}

int ed_trace_build(ed_trace *t, const cp_path *path, unsigned long serial)
{
    clear(t);
    if (!path)
        return 0;
    if (build_polyline(t, path) || build_plot(t, path)) {
        clear(t);
        return -1;
    }
    plot_floors(t, path);
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

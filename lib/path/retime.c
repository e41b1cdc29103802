/* SPDX-License-Identifier: MIT */
/* lib/path/retime.c - a copy of a path retimed so that the camera moves at
 * (nearly) constant speed.
 *
 * It sits above the arc length and the path's construction: it measures a
 * path, then builds a new one through the same keys at other times. Keys
 * timing shares the duration out by segment length, iterated because the
 * lengths depend on the timing; a smooth path only changes its timing to
 * constant speed, whose warp (warp_speed.c) computes the exact times. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arclength.h"
#include "base.h"
#include "dtoa.h"
#include "path_impl.h"
#include "path_layout.h"

/* Retiming is a fixed-point iteration (the lengths depend on the timing);
 * it converges linearly, each step shrinking the change by about half. */
#define CPI_RETIME_ITERATIONS 60
#define CPI_RETIME_TOLERANCE 1e-10
#define CPI_RETIME_MIN_SHARE 0.02

/* The retimed keys failed to make a path: with a new duration given, the
 * duration is what the caller can change, so the error names it. */
static void blame_duration(double duration, cp_error *error)
{
    if (!error || !(duration > 0))
        return;
    char why[sizeof error->message], b[CPI_FMT_DOUBLE_SIZE];
    snprintf(why, sizeof why, "%s", error->message);
    cpi_error_at(error, error->code, -1, "duration", "%s s: the keys retimed over it do not make a path: %s",
                 cpi_fmt_double(b, duration), why);
}

/* Smooth and constant-speed paths: the same shape in constant-speed timing.
 * The keys get provisional times (the moving time shared out by length,
 * holds kept) that cp_path_create replaces with the exact ones. */
static cp_path *retime_shape(const cp_path *path, double total, double duration, cp_error *error)
{
    const size_t n = path->count;
    const int closed = path->opts.ends == CP_ENDS_CLOSED;
    cp_key *keys = cpi_alloc_array(&path->alloc, n, sizeof *keys);
    double *at = cpi_alloc_array(&path->alloc, n, sizeof *at);
    /* one table of segment lengths: distance_at per key would be O(keys) each */
    cp_arclength *table = keys && at ? cp_arclength_create(path, NULL) : NULL;
    cp_path *out = NULL;
    if (!table) {
        cpi_error_set(error, CP_ERR_MEMORY, "retime: out of memory for %zu keys", n);
        goto done;
    }
    memcpy(keys, path->keys, n * sizeof *keys);
    double holds = 0;
    for (size_t i = 0; i < n; i++) {
        at[i] = cp_arclength_distance_at(table, path->keys[i].time);
        if ((keys[i].flags & CP_KEY_HOLD) && (closed || i + 1 < n))
            holds += keys[i].hold;
    }
    const double last_hold = !closed && (keys[n - 1].flags & CP_KEY_HOLD) ? keys[n - 1].hold : 0.0;
    const double span = closed ? total : total - last_hold, length = cp_arclength_total(table);
    double before = 0;
    for (size_t i = 1; i < n; i++) {
        if (keys[i - 1].flags & CP_KEY_HOLD)
            before += keys[i - 1].hold;
        /* half by length, half by count: increasing even where keys share a position */
        const double share = 0.5 * (length > 0 ? at[i] / length : 0.0) + 0.5 * (double)i / (double)(closed ? n : n - 1);
        keys[i].time = keys[0].time + before + (span - holds) * share;
    }
    if (!closed)
        keys[n - 1].time = keys[0].time + span;
    cp_path_options opts = path->opts;
    opts.timing = CP_TIMING_CONSTANT_SPEED;
    if (closed)
        opts.period = total;
    out = cp_path_create(keys, n, &opts, error);
    if (!out)
        blame_duration(duration, error);
    if (out && cpi_path_copy_meta(out, path, error) != CP_OK) {
        cp_path_destroy(out);
        out = NULL;
    }
done:
    cp_arclength_destroy(table);
    cpi_free(&path->alloc, keys);
    cpi_free(&path->alloc, at);
    return out;
}

/* The rule both retimes share for a duration asked for: a finite number of
 * seconds (>= 0; 0 keeps the path's own), and a path that ends within the
 * largest time a path takes. The duration to reach in *total, or -1 with
 * the error naming "duration". */
static int check_duration(const cp_path *path, double duration, double *total, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
    if (!isfinite(duration) || duration < 0) {
        cpi_error_at(error, CP_ERR_INVALID, -1, "duration", "%s must be a finite number of seconds >= 0",
                     cpi_fmt_double(b1, duration));
        return -1;
    }
    *total = duration > 0 ? duration : cp_path_duration(path);
    if (!(fabs(path->keys[0].time + *total) <= CP_PATH_MAX_MAGNITUDE)) {
        cpi_error_at(error, CP_ERR_INVALID, -1, "duration",
                     "%s s from the first key at %s s ends beyond the largest time a path takes, 1e+300 "
                     "(CP_PATH_MAX_MAGNITUDE)",
                     cpi_fmt_double(b1, *total), cpi_fmt_double(b2, path->keys[0].time));
        return -1;
    }
    return 0;
}

cp_path *cp_path_retime_constant_speed(const cp_path *path, double duration, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE];
    const size_t n = path->count;
    const int closed = path->opts.ends == CP_ENDS_CLOSED;
    const size_t nseg = closed ? n : n - 1;
    double total;
    if (check_duration(path, duration, &total, error))
        return NULL;
    if (path->opts.timing != CP_TIMING_KEYS)
        return retime_shape(path, total, duration, error);
    cp_key *keys = cpi_alloc_array(&path->alloc, n, sizeof *keys);
    double *w = cpi_alloc_array(&path->alloc, nseg, sizeof *w);
    if (!keys || !w) {
        cpi_free(&path->alloc, keys);
        cpi_free(&path->alloc, w);
        cpi_error_set(error, CP_ERR_MEMORY, "retime: out of memory for %zu keys", n);
        return NULL;
    }
    memcpy(keys, path->keys, n * sizeof *keys);
    cp_path_options opts = path->opts;
    const cp_path *cur = path;
    cp_path *next = NULL; /* the latest path built here (owned), or NULL */
    for (int iter = 0; iter < CPI_RETIME_ITERATIONS; iter++) {
        double sum = 0;
        for (size_t i = 0; i < nseg; i++) {
            w[i] = cpi_arc_segment_length(cur->pos, i);
            sum += w[i];
        }
        if (!isfinite(sum)) {
            cpi_error_set(error, CP_ERR_INVALID, "retime: the path's length, %s m, is not a finite number",
                          cpi_fmt_double(b1, sum));
            cp_path_destroy(next);
            next = NULL;
            break;
        }
        const double floor_len = CPI_RETIME_MIN_SHARE * (sum > 0 ? sum / (double)nseg : 1.0);
        sum = 0;
        for (size_t i = 0; i < nseg; i++) {
            w[i] = w[i] > floor_len ? w[i] : floor_len;
            sum += w[i];
        }
        double change = 0;
        for (size_t i = 0; i + 1 < n; i++) {
            double h = total * (w[i] / sum); /* total * w[i] could overflow */
            double old = cur->keys[i + 1].time - cur->keys[i].time;
            change = fmax(change, fabs(h - old) / total);
            keys[i + 1].time = keys[i].time + h;
        }
        if (closed)
            opts.period = total;
        cp_path *built = cp_path_create(keys, n, &opts, error);
        cp_path_destroy(next);
        next = built;
        cur = built;
        if (!built) {
            blame_duration(duration, error);
            break;
        }
        if (change < CPI_RETIME_TOLERANCE)
            break;
    }
    cpi_free(&path->alloc, keys);
    cpi_free(&path->alloc, w);
    if (next && cpi_path_copy_meta(next, path, error) != CP_OK) {
        cp_path_destroy(next);
        return NULL;
    }
    return next;
}

/* ---- a duration set: the moving time scaled, holds kept ---------------------------------------------- */

static double hold_of(const cp_key *k) { return (k->flags & CP_KEY_HOLD) ? k->hold : 0.0; }

cp_path *cp_path_retime_duration(const cp_path *path, size_t first, size_t last, double duration, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], b3[CPI_FMT_DOUBLE_SIZE];
    const size_t n = path->count;
    const int closed = path->opts.ends == CP_ENDS_CLOSED;
    const int whole = first == 0 && last + 1 == n;
    if (!(first < last && last < n)) {
        cpi_error_at(error, CP_ERR_INVALID, -1, "keys", "keys %zu..%zu are not a span of this path's %zu keys", first,
                     last, n);
        return NULL;
    }
    double total;
    if (!(duration > 0) && isfinite(duration)) {
        cpi_error_at(error, CP_ERR_INVALID, -1, "duration", "%s must be a number of seconds above 0",
                     cpi_fmt_double(b1, duration));
        return NULL;
    }
    if (check_duration(path, duration, &total, error))
        return NULL;
    if (path->opts.timing == CP_TIMING_CONSTANT_SPEED) {
        /* the inner keys' times follow from the shape: only the whole path's duration is the caller's */
        if (!whole) {
            cpi_error_at(error, CP_ERR_INVALID, (long)first, "duration",
                         "keys %zu..%zu: in constant-speed timing the inner keys' times follow from the shape; "
                         "only the whole path's duration can be set",
                         first, last);
            return NULL;
        }
        return retime_shape(path, total, duration, error);
    }
    /* the span and the holds within it: the whole path counts its last hold (open) or its seam (closed) */
    const cp_key *k = path->keys;
    const double old = whole ? cp_path_duration(path) : k[last].time - k[first].time;
    double holds = 0;
    for (size_t i = first; i < last || (whole && i == last); i++)
        holds += hold_of(&k[i]);
    if (!(total > holds)) {
        cpi_error_at(error, CP_ERR_INVALID, (long)first, "duration",
                     "%s s is not more than the %s s the holds of keys %zu..%zu take: the keys need time to move",
                     cpi_fmt_double(b1, total), cpi_fmt_double(b2, holds), first, last);
        return NULL;
    }
    if (!(old - holds > 0)) {
        cpi_error_at(error, CP_ERR_INVALID, (long)first, "duration",
                     "keys %zu..%zu spend all their %s s holding: there is no moving time to scale", first, last,
                     cpi_fmt_double(b3, old));
        return NULL;
    }
    const double scale = (total - holds) / (old - holds);
    cp_key *keys = cpi_alloc_array(&path->alloc, n, sizeof *keys);
    if (!keys) {
        cpi_error_set(error, CP_ERR_MEMORY, "retime: out of memory for %zu keys", n);
        return NULL;
    }
    memcpy(keys, k, n * sizeof *keys);
    /* each segment's moving time (from its first key's hold's end) scaled; the keys after the span follow */
    for (size_t i = first + 1; i <= last; i++)
        keys[i].time = keys[i - 1].time + hold_of(&k[i - 1]) + scale * (k[i].time - k[i - 1].time - hold_of(&k[i - 1]));
    /* the span as asked, to the digit: the sum of scaled segments may end an ulp or two off the
       duration (20.000000000000004 for 20), which a person who asked for 20 would read as a value
       changed without a word; the span's last key takes the difference where the keys' order allows */
    if (!(whole && closed)) {
        const double exact = keys[first].time + total - (whole ? hold_of(&k[last]) : 0.0);
        if (fabs(exact - keys[last].time) <= 1e-9 * fmax(1.0, fabs(exact)) &&
            exact > keys[last - 1].time + hold_of(&k[last - 1]))
            keys[last].time = exact;
    }
    const double shift = keys[last].time - k[last].time;
    for (size_t i = last + 1; i < n; i++)
        keys[i].time = k[i].time + shift;
    cp_path_options opts = path->opts;
    if (closed)
        opts.period = whole ? total : opts.period + shift;
    cp_path *out = cp_path_create(keys, n, &opts, error);
    if (!out)
        blame_duration(total, error);
    if (out && cpi_path_copy_meta(out, path, error) != CP_OK) {
        cp_path_destroy(out);
        out = NULL;
    }
    cpi_free(&path->alloc, keys);
    return out;
}

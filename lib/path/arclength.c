/* lib/path/arclength.c - arc length of the position curve, distance <-> time, and
 * retiming to constant speed.
 *
 * Segment lengths use adaptive 5-point Gauss-Legendre quadrature of the speed
 * |p'(t)| (nodes and weights from Abramowitz and Stegun, table 25.4): a
 * segment is split in halves until the two halves agree with the whole to
 * 1e-12 relative. The work is bounded whatever the integrand: at most
 * CPI_ARC_DEPTH halvings, at most CPI_ARC_SPLITS splits per segment, and
 * none at all once a value is not finite (a comparison with NaN never
 * succeeds, and would otherwise split all the way down: 2^24 pieces). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curve_impl.h"
#include "base.h"
#include "dtoa.h"
#include "path_impl.h"

#define CPI_ARC_TOL 1e-12
#define CPI_ARC_DEPTH 24
#define CPI_ARC_SPLITS 2048
/* Retiming is a fixed-point iteration (the lengths depend on the timing);
 * it converges linearly, each step shrinking the change by about half. */
#define CPI_RETIME_ITERATIONS 60
#define CPI_RETIME_TOLERANCE 1e-10
#define CPI_RETIME_MIN_SHARE 0.02

static double speed(const cp_curve *c, size_t seg, double t)
{
    double d1[3];
    cpi_curve_eval(c, seg, t, 1.0, NULL, d1, NULL);
    const double s2 = d1[0] * d1[0] + d1[1] * d1[1] + d1[2] * d1[2];
    if (s2 <= DBL_MAX)
        return sqrt(s2);
    /* beyond about 1e154 m/s the squares overflow: scale first */
    const double m = fmax(fabs(d1[0]), fmax(fabs(d1[1]), fabs(d1[2])));
    if (!isfinite(m))
        return m + d1[0] + d1[1] + d1[2]; /* inf, or NaN if any is NaN */
    const double x = d1[0] / m, y = d1[1] / m, z = d1[2] / m;
    return m * sqrt(x * x + y * y + z * z);
}

static double gauss5(const cp_curve *c, size_t seg, double a, double b)
{
    static const double x[3] = {0.0, 0.5384693101056831, 0.9061798459386640};
    static const double w[3] = {0.5688888888888889, 0.4786286704993665, 0.2369268850561891};
    double mid = 0.5 * (a + b), half = 0.5 * (b - a);
    double sum = w[0] * speed(c, seg, mid);
    for (int i = 1; i < 3; i++)
        sum += w[i] * (speed(c, seg, mid - half * x[i]) + speed(c, seg, mid + half * x[i]));
    return sum * half;
}

/* `splits` counts down the splits left to this segment. */
static double adaptive(const cp_curve *c, size_t seg, double a, double b, double whole, int depth, int *splits)
{
    double m = 0.5 * (a + b);
    double l = gauss5(c, seg, a, m), r = gauss5(c, seg, m, b);
    if (depth == 0 || *splits <= 0 || !isfinite(l + r) || fabs(l + r - whole) <= CPI_ARC_TOL * (l + r) + 1e-300)
        return l + r;
    --*splits;
    return adaptive(c, seg, a, m, l, depth - 1, splits) + adaptive(c, seg, m, b, r, depth - 1, splits);
}

/* Length of segment `seg` of the position curve from its start to time t. */
static double partial_length(const cp_curve *c, size_t seg, double t)
{
    double a = CPI_TIME(c, seg);
    if (c->nseg == 0 || !(t > a) || c->mode == CP_CURVE_STEP)
        return 0.0;
    int splits = CPI_ARC_SPLITS;
    return adaptive(c, seg, a, t, gauss5(c, seg, a, t), CPI_ARC_DEPTH, &splits);
}

static double segment_length(const cp_curve *c, size_t seg) { return partial_length(c, seg, CPI_TIME(c, seg + 1)); }

/* The time in segment `seg` at which `target` metres (from its start) are
 * reached: Newton's method on the partial length, kept inside a bracket and
 * falling back to bisection. */
static double solve_in_segment(const cp_curve *c, size_t seg, double target, double seglen)
{
    double a = CPI_TIME(c, seg), b = CPI_TIME(c, seg + 1);
    if (!(seglen > 0) || target <= 0)
        return a;
    if (target >= seglen)
        return b;
    double lo = a, hi = b, t = a + (b - a) * (target / seglen);
    for (int i = 0; i < 60; i++) {
        double f = partial_length(c, seg, t) - target;
        if (fabs(f) <= 1e-12 * seglen)
            break;
        if (f > 0)
            hi = t;
        else
            lo = t;
        double v = speed(c, seg, t);
        double next = v > 0 ? t - f / v : 0.5 * (lo + hi);
        t = (next > lo && next < hi) ? next : 0.5 * (lo + hi);
        if (hi - lo <= 1e-15 * (fabs(a) + fabs(b) + 1.0))
            break;
    }
    return t;
}

static double clamp_time(const cp_path *p, double time)
{
    const cp_curve *c = p->pos;
    if (!(time > c->start)) /* also NaN */
        return c->start;
    return time > c->end ? c->end : time;
}

double cp_path_length(const cp_path *path)
{
    double sum = 0;
    for (size_t i = 0; i < path->pos->nseg; i++)
        sum += segment_length(path->pos, i);
    return sum;
}

double cp_path_distance_at(const cp_path *path, double time)
{
    const cp_curve *c = path->pos;
    double t = clamp_time(path, time);
    size_t seg = cpi_curve_segment(c, t, 0);
    double sum = 0;
    for (size_t i = 0; i < seg; i++)
        sum += segment_length(c, i);
    return sum + partial_length(c, seg, t);
}

double cp_path_time_at_distance(const cp_path *path, double distance)
{
    const cp_curve *c = path->pos;
    double sum = 0;
    if (!(distance > 0))
        return c->start;
    for (size_t i = 0; i < c->nseg; i++) {
        double len = segment_length(c, i);
        if (sum + len >= distance)
            return solve_in_segment(c, i, distance - sum, len);
        sum += len;
    }
    return c->end;
}

/* ---- the table --------------------------------------------------------------------- */

struct cp_arclength {
    const cp_path *path;
    size_t         nseg;
    double        *cum; /* nseg + 1 cumulative lengths */
};

cp_arclength *cp_arclength_create(const cp_path *path, cp_error *error)
{
    cp_arclength *a = calloc(1, sizeof *a);
    if (a)
        a->cum = cpi_alloc_array(path->pos->nseg + 1, sizeof *a->cum);
    if (!a || !a->cum) {
        free(a);
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for an arc-length table");
        return NULL;
    }
    a->path = path;
    a->nseg = path->pos->nseg;
    a->cum[0] = 0;
    for (size_t i = 0; i < a->nseg; i++)
        a->cum[i + 1] = a->cum[i] + segment_length(path->pos, i);
    cpi_error_clear(error);
    return a;
}

void cp_arclength_destroy(cp_arclength *table)
{
    if (table) {
        free(table->cum);
        free(table);
    }
}

double cp_arclength_total(const cp_arclength *table) { return table->cum[table->nseg]; }

double cp_arclength_distance_at(const cp_arclength *table, double time)
{
    const cp_curve *c = table->path->pos;
    double t = clamp_time(table->path, time);
    size_t seg = cpi_curve_segment(c, t, 0);
    return table->cum[seg] + partial_length(c, seg, t);
}

double cp_arclength_time_at(const cp_arclength *table, double distance)
{
    const cp_curve *c = table->path->pos;
    if (!(distance > 0) || table->nseg == 0)
        return c->start;
    if (distance >= table->cum[table->nseg])
        return c->end;
    size_t lo = 0, hi = table->nseg - 1; /* the last segment whose start is <= distance */
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2;
        if (table->cum[mid] <= distance)
            lo = mid;
        else
            hi = mid - 1;
    }
    return solve_in_segment(c, lo, distance - table->cum[lo], table->cum[lo + 1] - table->cum[lo]);
}

/* ---- retiming ------------------------------------------------------------------------ */

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

cp_path *cp_path_retime_constant_speed(const cp_path *path, double duration, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
    const size_t n = path->count;
    const int closed = path->opts.ends == CP_ENDS_CLOSED;
    const size_t nseg = closed ? n : n - 1;
    if (!isfinite(duration) || duration < 0) {
        cpi_error_at(error, CP_ERR_INVALID, -1, "duration", "%s must be a finite number of seconds >= 0",
                     cpi_fmt_double(b1, duration));
        return NULL;
    }
    const double total = duration > 0 ? duration : cp_path_duration(path);
    if (!(fabs(path->keys[0].time + total) <= CP_PATH_MAX_MAGNITUDE)) {
        cpi_error_at(error, CP_ERR_INVALID, -1, "duration",
                     "%s s from the first key at %s s ends beyond the largest time a path takes, 1e+300 "
                     "(CP_PATH_MAX_MAGNITUDE)",
                     cpi_fmt_double(b1, total), cpi_fmt_double(b2, path->keys[0].time));
        return NULL;
    }
    cp_key *keys = cpi_alloc_array(n, sizeof *keys);
    double *w = cpi_alloc_array(nseg, sizeof *w);
    if (!keys || !w) {
        free(keys);
        free(w);
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
            w[i] = segment_length(cur->pos, i);
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
    free(keys);
    free(w);
    if (next && cp_path_set_meta(next, path->name, path->extras, (const char *const *)path->key_extras, error) != CP_OK) {
        cp_path_destroy(next);
        return NULL;
    }
    return next;
}

/* SPDX-License-Identifier: MIT */
/* tests/bench/bench_core.c - building and sampling camera paths, against
 * GSL's natural cubic spline (what a C programmer would otherwise use) and
 * against a linear-scan segment search (the baseline the cursor and bucket
 * index replace), all in one run. Prints tables; best of REPS runs.
 *
 * GSL gets the same work: one gsl_spline (cubic, natural) per component,
 * 3 for position + 4 for the quaternion + 1 for fov, evaluated with value,
 * first and second derivative through a gsl_interp_accel. GSL does not
 * normalise the quaternion or give angular velocity; campath does both. */
#include <malloc.h>
#include <sys/mman.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_spline.h>

#include "campath/campath.h"

#include "bench.h"

#define REPS 5

static cp_key *make_keys(size_t n)
{
    cp_key *k = calloc(n, sizeof *k);
    cp_vec3 p = {0, 2, 0};
    cp_quat q = cp_quat_identity();
    double t = 0;
    for (size_t i = 0; i < n; i++) {
        p = cp_vec3_add(p, cp_vec3_make(bench_uniform(-2, 2), bench_uniform(-0.5, 0.5), bench_uniform(-2, 2)));
        q = cp_quat_normalize(cp_quat_mul(
            cp_quat_from_axis_angle(cp_vec3_make(bench_uniform(-1, 1), bench_uniform(-1, 1), bench_uniform(-1, 1)), bench_uniform(0, 0.5)),
            q));
        k[i].time = t;
        k[i].position = p;
        k[i].rotation = q;
        k[i].fov = bench_uniform(40, 80);
        t += bench_uniform(0.5, 1.5);
    }
    return k;
}

static size_t heap_in_use(void)
{
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

/* ---- GSL: 8 natural cubic splines ------------------------------------------------ */

typedef struct gsl8 {
    gsl_spline       *s[8];
    gsl_interp_accel *acc[8];
} gsl8;

static void gsl8_build(gsl8 *g, const cp_key *k, size_t n, double *x, double *y)
{
    for (size_t i = 0; i < n; i++)
        x[i] = k[i].time;
    for (int c = 0; c < 8; c++) {
        for (size_t i = 0; i < n; i++) {
            const double comp[8] = {k[i].position.x, k[i].position.y, k[i].position.z, k[i].rotation.x,
                                    k[i].rotation.y, k[i].rotation.z, k[i].rotation.w, k[i].fov};
            y[i] = comp[c];
        }
        g->s[c] = gsl_spline_alloc(gsl_interp_cspline, n);
        g->acc[c] = gsl_interp_accel_alloc();
        gsl_spline_init(g->s[c], x, y, n);
    }
}

static void gsl8_free(gsl8 *g)
{
    for (int c = 0; c < 8; c++) {
        gsl_spline_free(g->s[c]);
        gsl_interp_accel_free(g->acc[c]);
    }
}

static double gsl8_sample(gsl8 *g, double t)
{
    double sum = 0;
    for (int c = 0; c < 8; c++) {
        double v, d1, d2;
        gsl_spline_eval_e(g->s[c], t, g->acc[c], &v);
        gsl_spline_eval_deriv_e(g->s[c], t, g->acc[c], &d1);
        gsl_spline_eval_deriv2_e(g->s[c], t, g->acc[c], &d2);
        sum += v + d1 + d2;
    }
    return sum;
}

/* ---- the baseline: the same Hermite pose, found by a linear scan ------------------ */

typedef struct scan_key {
    double t, p[3], mp[3], q[4], mq[4], f, mf;
} scan_key;

static scan_key *scan_build(const cp_path *path)
{
    size_t n = cp_path_key_count(path);
    scan_key *s = malloc(n * sizeof *s);
    for (size_t i = 0; i < n; i++) {
        cp_curve_key(cp_path_position_curve(path), i, &s[i].t, s[i].p, NULL, s[i].mp);
        cp_curve_key(cp_path_rotation_curve(path), i, NULL, s[i].q, NULL, s[i].mq);
        cp_curve_key(cp_path_fov_curve(path), i, NULL, &s[i].f, NULL, &s[i].mf);
    }
    return s;
}

static void hermite(const double *p0, const double *m0, const double *p1, const double *m1, int d, double h,
                    double u, double *v, double *d1, double *d2)
{
    double u2 = u * u, u3 = u2 * u;
    for (int j = 0; j < d; j++) {
        v[j] = (2 * u3 - 3 * u2 + 1) * p0[j] + (u3 - 2 * u2 + u) * h * m0[j] + (-2 * u3 + 3 * u2) * p1[j] +
               (u3 - u2) * h * m1[j];
        d1[j] = ((6 * u2 - 6 * u) * (p0[j] - p1[j]) / h + (3 * u2 - 4 * u + 1) * m0[j] + (3 * u2 - 2 * u) * m1[j]);
        d2[j] = ((12 * u - 6) * (p0[j] - p1[j]) / (h * h) + ((6 * u - 4) * m0[j] + (6 * u - 2) * m1[j]) / h);
    }
}

static double scan_sample(const scan_key *k, size_t n, double t)
{
    size_t i = 0;
    while (i + 2 < n && k[i + 1].t <= t) /* the seeds' search: from the first key, every time */
        i++;
    const scan_key *a = &k[i], *b = &k[i + 1];
    double h = b->t - a->t, u = (t - a->t) / h;
    double p[3], p1[3], p2[3], q[4], q1[4], q2[4], f, f1, f2;
    hermite(a->p, a->mp, b->p, b->mp, 3, h, u, p, p1, p2);
    hermite(a->q, a->mq, b->q, b->mq, 4, h, u, q, q1, q2);
    hermite(&a->f, &a->mf, &b->f, &b->mf, 1, h, u, &f, &f1, &f2);
    double r2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    cp_quat pq = cp_quat_make(q[0], q[1], q[2], q[3]), dq = cp_quat_make(q1[0], q1[1], q1[2], q1[3]);
    cp_quat w = cp_quat_mul(dq, cp_quat_conj(pq));
    return p[0] + p1[1] + p2[2] + f + f1 + f2 + w.x / r2 + q2[0];
}

/* ---- the machine's floor: one dependent load from memory ------------------------- */

/* Nanoseconds per load of a pointer chase through `bytes` of memory in a
 * random cycle (one cache line per step, huge pages where the kernel grants
 * them, as campath's own large arrays): what a random sample cannot beat. */
static double load_latency(size_t bytes)
{
    const size_t n = bytes / 64;
    uint64_t *a = NULL;
    if (posix_memalign((void **)&a, (size_t)2 << 20, n * 64) != 0)
        return NAN;
#ifdef MADV_HUGEPAGE
    (void)madvise(a, n * 64, MADV_HUGEPAGE);
#endif
    size_t *perm = malloc(n * sizeof *perm);
    for (size_t i = 0; i < n; i++)
        perm[i] = i;
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = (size_t)bench_uniform(0, (double)i + 1);
        if (j > i) /* rounding at the top of the range */
            j = i;
        size_t t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (size_t i = 0; i < n; i++)
        a[perm[i] * 8] = perm[(i + 1) % n] * 8;
    free(perm);
    const size_t steps = 2000000;
    double best = INFINITY;
    uint64_t p = 0;
    for (int r = 0; r < 3; r++) {
        double t0 = bench_now();
        for (size_t i = 0; i < steps; i++)
            p = a[p];
        best = fmin(best, (bench_now() - t0) / (double)steps);
    }
    free(a);
    return p == UINT64_MAX ? NAN : best; /* p keeps the chase from being optimised away */
}

/* ---- the runs ------------------------------------------------------------------------ */

static double best_of(double (*run)(void *), void *ctx)
{
    double best = INFINITY;
    for (int r = 0; r < REPS; r++) {
        double t = run(ctx);
        if (t < best)
            best = t;
    }
    return best;
}

typedef struct ctx {
    cp_key       *keys;
    size_t        n;
    cp_path      *path;
    gsl8          gsl;
    scan_key     *scan;
    double       *times;    /* sample times */
    size_t        nsamples;
    double       *x, *y;
    double        sink;
} ctx;

static double run_build(void *p)
{
    ctx *c = p;
    double t0 = bench_now();
    cp_error err;
    cp_path *path = cp_path_create(c->keys, c->n, NULL, &err);
    double t1 = bench_now();
    if (!path) {
        fprintf(stderr, "bench: %s\n", err.message);
        exit(1);
    }
    cp_path_destroy(path);
    return t1 - t0;
}

static double run_gsl_build(void *p)
{
    ctx *c = p;
    gsl8 g;
    double t0 = bench_now();
    gsl8_build(&g, c->keys, c->n, c->x, c->y);
    double t1 = bench_now();
    gsl8_free(&g);
    return t1 - t0;
}

static double run_cursor(void *p)
{
    ctx *c = p;
    cp_path_cursor cur = {0};
    cp_pose pose;
    double t0 = bench_now(), sum = 0;
    for (size_t i = 0; i < c->nsamples; i++) {
        cp_path_sample_cursor(c->path, &cur, c->times[i], &pose);
        sum += pose.position.x + pose.angular_acceleration.y;
    }
    c->sink += sum;
    return (bench_now() - t0) / (double)c->nsamples;
}

static double run_random(void *p)
{
    ctx *c = p;
    cp_pose pose;
    double t0 = bench_now(), sum = 0;
    for (size_t i = 0; i < c->nsamples; i++) {
        cp_path_sample(c->path, c->times[i], &pose);
        sum += pose.position.x + pose.angular_acceleration.y;
    }
    c->sink += sum;
    return (bench_now() - t0) / (double)c->nsamples;
}

static double run_gsl_sample(void *p)
{
    ctx *c = p;
    double t0 = bench_now(), sum = 0;
    for (size_t i = 0; i < c->nsamples; i++)
        sum += gsl8_sample(&c->gsl, c->times[i]);
    c->sink += sum;
    return (bench_now() - t0) / (double)c->nsamples;
}

static double run_scan(void *p)
{
    ctx *c = p;
    double t0 = bench_now(), sum = 0;
    for (size_t i = 0; i < c->nsamples; i++)
        sum += scan_sample(c->scan, c->n, c->times[i]);
    c->sink += sum;
    return (bench_now() - t0) / (double)c->nsamples;
}

static void fill_times(ctx *c, size_t m, int random)
{
    double t0 = c->keys[0].time, t1 = c->keys[c->n - 1].time;
    c->nsamples = m;
    for (size_t i = 0; i < m; i++)
        c->times[i] = random ? bench_uniform(t0, t1) : t0 + (t1 - t0) * (double)i / (double)m;
}

int main(void)
{
    gsl_set_error_handler_off();
    const size_t sizes[4] = {1000, 10000, 100000, 1000000};
    const size_t nsamples = 1000000;
    ctx c = {0};
    c.times = malloc(nsamples * sizeof *c.times);

    printf("campath core benchmark: best of %d runs; one path = position (3) + rotation (4) + fov (1)\n\n", REPS);
    printf("Build a path from keys (C2, natural ends) vs 8 GSL natural cubic splines\n");
    printf("%10s %12s %12s %8s %14s %14s\n", "keys", "campath ms", "GSL ms", "GSL/cp", "campath B/key",
           "GSL B/key");
    for (int s = 0; s < 4; s++) {
        c.n = sizes[s];
        c.keys = make_keys(c.n);
        c.x = malloc(c.n * sizeof *c.x);
        c.y = malloc(c.n * sizeof *c.y);
        double tb = best_of(run_build, &c), tg = best_of(run_gsl_build, &c);
        size_t h0 = heap_in_use();
        cp_path *p = cp_path_create(c.keys, c.n, NULL, NULL);
        size_t h1 = heap_in_use();
        gsl8 g;
        gsl8_build(&g, c.keys, c.n, c.x, c.y);
        size_t h2 = heap_in_use();
        printf("%10zu %12.2f %12.2f %8.2f %14.0f %14.0f\n", c.n, tb * 1e3, tg * 1e3, tg / tb,
               (double)(h1 - h0) / (double)c.n, (double)(h2 - h1) / (double)c.n);
        gsl8_free(&g);
        cp_path_destroy(p);
        free(c.keys);
        free(c.x);
        free(c.y);
    }

    printf("\nSample a pose with all derivatives, ns per pose (%zu samples; linear scan: fewer at large sizes)\n",
           nsamples);
    printf("%10s %12s %12s %12s %12s %12s %12s %12s\n", "keys", "cp cursor", "GSL seq", "scan seq", "cp random",
           "GSL random", "scan random", "scan/cp rnd");
    for (int s = 0; s < 4; s++) {
        c.n = sizes[s];
        c.keys = make_keys(c.n);
        c.x = malloc(c.n * sizeof *c.x);
        c.y = malloc(c.n * sizeof *c.y);
        c.path = cp_path_create(c.keys, c.n, NULL, NULL);
        gsl8_build(&c.gsl, c.keys, c.n, c.x, c.y);
        c.scan = scan_build(c.path);
        size_t scan_samples = c.n >= 1000000 ? 100 : c.n >= 100000 ? 2000 : c.n >= 10000 ? 20000 : nsamples;

        fill_times(&c, nsamples, 0);
        double cur = best_of(run_cursor, &c), gseq = best_of(run_gsl_sample, &c);
        fill_times(&c, scan_samples, 0);
        double sseq = best_of(run_scan, &c);
        fill_times(&c, nsamples, 1);
        double rnd = best_of(run_random, &c), grnd = best_of(run_gsl_sample, &c);
        fill_times(&c, scan_samples, 1);
        double srnd = best_of(run_scan, &c);
        printf("%10zu %12.1f %12.1f %12.1f %12.1f %12.1f %12.1f %12.0f\n", c.n, cur * 1e9, gseq * 1e9, sseq * 1e9,
               rnd * 1e9, grnd * 1e9, srnd * 1e9, srnd / rnd);
        cp_path_destroy(c.path);
        gsl8_free(&c.gsl);
        free(c.scan);
        free(c.keys);
        free(c.x);
        free(c.y);
    }
    printf("\nOne dependent load, ns (pointer chase; the floor under a random sample):"
           "  1 MiB %.0f   4 MiB %.0f   256 MiB %.0f\n",
           load_latency((size_t)1 << 20) * 1e9, load_latency((size_t)4 << 20) * 1e9,
           load_latency((size_t)256 << 20) * 1e9);
    printf("\nTargets (10^6 keys, this machine): build < 150 ms, cursor < 50 ns/pose, random < 300 ns/pose.\n");
    printf("(checksum %g)\n", c.sink);
    free(c.times);
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* tests/bench/bench_timing.c - what smooth timing costs against keys timing
 * (building and sampling at 1,000 and 1,000,000 keys), arc length against
 * the plain adaptive rule it replaced, and `campath info` and `campath
 * check` on a million-key file, all in one run. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campath/campath.h"
#include "bench.h"

#define REPS 3

/* A recording at real pace: the camera's speed drifts between 2 and 10 m/s
 * and its heading turns smoothly, keys 0.1 to 1 s apart, the view following
 * the heading and zooming slowly. */
static cp_key *make_recording(size_t n)
{
    cp_key *k = calloc(n, sizeof *k);
    double t = 0, heading = 0, turn = 0, speed = 5, fov = 60;
    cp_vec3 p = {0, 2, 0};
    for (size_t i = 0; i < n; i++) {
        k[i].time = t;
        k[i].position = p;
        k[i].rotation = cp_quat_from_yaw_pitch_roll(heading + bench_uniform(-0.05, 0.05), bench_uniform(-0.05, 0.05), 0);
        k[i].fov = fov;
        const double dt = bench_uniform(0.1, 1.0);
        speed = fmin(10, fmax(2, speed + bench_uniform(-1, 1)));
        turn = fmax(-0.3, fmin(0.3, turn + bench_uniform(-0.1, 0.1)));
        heading += turn * dt;
        fov = fmin(80, fmax(40, fov + bench_uniform(-1, 1)));
        p = cp_vec3_add(p, cp_vec3_make(speed * dt * cos(heading), bench_uniform(-0.1, 0.1), speed * dt * sin(heading)));
        t += dt;
    }
    return k;
}

/* Hand-timed keys, jagged: steps of 0.5 to 8 m turning up to 40 degrees,
 * keys 0.05 to 1.5 s apart whatever the distance, the view turning and
 * zooming at random. */
static cp_key *make_keys(size_t n)
{
    cp_key *k = calloc(n, sizeof *k);
    double t = 0, heading = 0, yaw = 0;
    cp_vec3 p = {0, 2, 0};
    for (size_t i = 0; i < n; i++) {
        heading += bench_uniform(-0.7, 0.7);
        yaw = heading + bench_uniform(-0.4, 0.4);
        const double step = bench_uniform(0.5, 8);
        p = cp_vec3_add(p, cp_vec3_make(step * cos(heading), bench_uniform(-0.3, 0.3), step * sin(heading)));
        k[i].time = t;
        k[i].position = p;
        k[i].rotation = cp_quat_from_yaw_pitch_roll(yaw, bench_uniform(-0.2, 0.2), 0);
        k[i].fov = bench_uniform(45, 75);
        t += bench_uniform(0.05, 1.5);
    }
    return k;
}

/* ---- building and sampling ------------------------------------------------------------------------- */

static double time_build(const cp_key *k, size_t n, cp_timing timing)
{
    double best = INFINITY;
    for (int r = 0; r < REPS; r++) {
        cp_path_options o = {.timing = timing};
        double t0 = bench_now();
        cp_path *p = cp_path_create(k, n, &o, NULL);
        best = fmin(best, bench_now() - t0);
        if (!p) {
            fprintf(stderr, "bench: path not built\n");
            exit(1);
        }
        cp_path_destroy(p);
    }
    return best;
}


/* ns per pose: in playback order with a cursor, or at random times. */
static double time_sample(const cp_path *p, int random, size_t m)
{
    const double t0 = cp_path_start(p), span = cp_path_duration(p);
    double *times = malloc(m * sizeof *times);
    for (size_t i = 0; i < m; i++)
        times[i] = random ? bench_uniform(t0, t0 + span) : t0 + span * (double)i / (double)m;
    const double ns = bench_sample_ns(p, times, m, REPS, !random);
    free(times);
    return ns;
}

/* ---- arc length: the plain adaptive rule, as it was ------------------------------------------------- */

/* The speed of the position curve's Hermite segment i at time t. */
static double hermite_speed(const cp_curve *c, size_t i, double t)
{
    double t0, t1, p0[3], p1[3], m0[3], m1[3];
    cp_curve_key(c, i, &t0, p0, NULL, m0);
    cp_curve_key(c, i + 1, &t1, p1, m1, NULL);
    const double h = t1 - t0, u = (t - t0) / h;
    double s = 0;
    for (int j = 0; j < 3; j++) {
        const double d = (6 * u * u - 6 * u) * (p0[j] - p1[j]) / h + (3 * u * u - 4 * u + 1) * m0[j] +
                         (3 * u * u - 2 * u) * m1[j];
        s += d * d;
    }
    return sqrt(s);
}

/* 5-point Gauss-Legendre, halved until the halves agree with the whole to
 * 1e-12: the rule the arc length used before it cut segments at the
 * speed's minima. */
static double gauss5(const cp_curve *c, size_t i, double a, double b)
{
    static const double x[3] = {0.0, 0.5384693101056831, 0.9061798459386640};
    static const double w[3] = {0.5688888888888889, 0.4786286704993665, 0.2369268850561891};
    const double mid = 0.5 * (a + b), half = 0.5 * (b - a);
    double sum = w[0] * hermite_speed(c, i, mid);
    for (int k = 1; k < 3; k++)
        sum += w[k] * (hermite_speed(c, i, mid - half * x[k]) + hermite_speed(c, i, mid + half * x[k]));
    return sum * half;
}

static double old_adaptive(const cp_curve *c, size_t i, double a, double b, double whole, int depth)
{
    const double m = 0.5 * (a + b), l = gauss5(c, i, a, m), r = gauss5(c, i, m, b);
    if (depth == 0 || fabs(l + r - whole) <= 1e-12 * (l + r) + 1e-300)
        return l + r;
    return old_adaptive(c, i, a, m, l, depth - 1) + old_adaptive(c, i, m, b, r, depth - 1);
}

static double old_length(const cp_curve *c)
{
    double sum = 0;
    for (size_t i = 0; i + 1 < cp_curve_key_count(c); i++) {
        double a, b;
        cp_curve_key(c, i, &a, NULL, NULL, NULL);
        cp_curve_key(c, i + 1, &b, NULL, NULL, NULL);
        sum += old_adaptive(c, i, a, b, gauss5(c, i, a, b), 24);
    }
    return sum;
}

/* ---- the tools on a million keys ---------------------------------------------------------------------- */

static double run_tool(const char *cmd)
{
    const double t0 = bench_now();
    const int rc = system(cmd);
    const double t = bench_now() - t0;
    if (rc == -1 || !WIFEXITED(rc) || WEXITSTATUS(rc) > 1) {
        fprintf(stderr, "bench: '%s' failed (%d)\n", cmd, rc);
        exit(1);
    }
    return t;
}

int main(void)
{
    printf("campath timing benchmark: best of %d runs; fly-throughs recorded at real pace (keys 0.1 to 1 s apart)\n"
           "and timed by hand (0.05 to 1.5 s apart whatever the distance, jagged)\n\n",
           REPS);
    printf("Build a path, ms; sample a pose with all derivatives, ns per pose (in playback order with a\n"
           "cursor, and at random times); smooth against keys timing on the same keys\n");
    printf("%10s %10s %10s %10s %8s | %10s %10s %8s | %10s %10s %8s\n", "keys", "", "build keys", "smooth",
           "ratio", "seq keys", "smooth", "ratio", "rnd keys", "smooth", "ratio");
    const size_t sizes[2] = {1000, 1000000};
    for (int x = 0; x < 4; x++) {
        const size_t n = sizes[x / 2];
        cp_key *k = x % 2 ? make_keys(n) : make_recording(n);
        const double bk = time_build(k, n, CP_TIMING_KEYS), bs = time_build(k, n, CP_TIMING_SMOOTH);
        cp_path_options ok = {0}, os = {.timing = CP_TIMING_SMOOTH};
        cp_path *pk = cp_path_create(k, n, &ok, NULL), *ps = cp_path_create(k, n, &os, NULL);
        const size_t m = 1000000;
        const double qk = time_sample(pk, 0, m), qs = time_sample(ps, 0, m);
        const double rk = time_sample(pk, 1, m), rs = time_sample(ps, 1, m);
        printf("%10zu %10s %10.2f %10.2f %8.2f | %10.1f %10.1f %8.2f | %10.1f %10.1f %8.2f\n", n,
               x % 2 ? "hand-timed" : "recorded", bk * 1e3, bs * 1e3, bs / bk, qk, qs, qs / qk, rk, rs, rs / rk);
        cp_path_destroy(pk);
        cp_path_destroy(ps);
        free(k);
    }

    printf("\nArc length of a jagged 10,000-key path (keys timing), us per segment\n");
    {
        const size_t n = 10000;
        cp_key *k = make_keys(n);
        cp_path *p = cp_path_create(k, n, NULL, NULL);
        double tn = INFINITY, to = INFINITY, ln = 0, lo = 0;
        for (int r = 0; r < REPS; r++) {
            double t0 = bench_now();
            ln = cp_path_length(p);
            tn = fmin(tn, bench_now() - t0);
            t0 = bench_now();
            lo = old_length(cp_path_position_curve(p));
            to = fmin(to, bench_now() - t0);
        }
        printf("  cut at the speed's minima + Gauss-Kronrod %8.2f us   plain adaptive Gauss-Legendre %8.2f us   "
               "ratio %.1f   lengths %.12g m and %.12g m\n",
               tn * 1e6 / (double)(n - 1), to * 1e6 / (double)(n - 1), to / tn, ln, lo);
        cp_path_destroy(p);
        free(k);
    }

    printf("\nRetime to constant speed (keeps the shape, smooth timing), against building the same path, s\n");
    for (size_t n = 10000; n <= 100000; n *= 10) {
        cp_key *k = make_recording(n);
        cp_path_options o = {.timing = CP_TIMING_SMOOTH};
        double tb = 1e30, tr = 1e30;
        for (int r = 0; r < 3; r++) {
            double t0 = bench_now();
            cp_path *p = cp_path_create(k, n, &o, NULL);
            double t1 = bench_now();
            cp_error err;
            cp_path *q = p ? cp_path_retime_constant_speed(p, 0, &err) : NULL;
            double t2 = bench_now();
            if (!q) {
                fprintf(stderr, "bench: retime: %s\n", p ? err.message : "path not built");
                return 1;
            }
            tb = fmin(tb, t1 - t0), tr = fmin(tr, t2 - t1);
            cp_path_destroy(q);
            cp_path_destroy(p);
        }
        printf("  %7zu keys: retime %6.3f s   build %6.3f s   ratio %5.1f\n", n, tr, tb, tr / tb);
        free(k);
    }

    printf("\nThe tools on a 1,000,000-key file (wall clock, s; a file of about 230 MB)\n");
    {
        const char *build = getenv("BUILD") ? getenv("BUILD") : "build";
        char dir[] = "/tmp/campath-bench-XXXXXX";
        if (!mkdtemp(dir)) {
            perror("bench: mkdtemp");
            return 1;
        }
        const size_t n = 1000000;
        cp_key *rec = make_recording(n), *jag = make_keys(n);
        static const char *const what[3] = {"recorded, keys timing", "recorded, smooth timing",
                                            "hand-timed, keys timing"};
        for (int t = 0; t < 3; t++) {
            const cp_key *k = t == 2 ? jag : rec;
            cp_path_options o = {.timing = t == 1 ? CP_TIMING_SMOOTH : CP_TIMING_KEYS};
            cp_path *p = cp_path_create(k, n, &o, NULL);
            char file[128], cmd[512];
            snprintf(file, sizeof file, "%s/million_%d.json", dir, t);
            cp_error err;
            if (cp_path_save(p, file, &err) != CP_OK) {
                fprintf(stderr, "bench: %s\n", err.message);
                return 1;
            }
            cp_path_destroy(p);
            snprintf(cmd, sizeof cmd, "%s/campath validate %s > /dev/null 2>&1", build, file);
            const double tv = run_tool(cmd);
            snprintf(cmd, sizeof cmd, "%s/campath info %s > /dev/null", build, file);
            const double ti = run_tool(cmd);
            snprintf(cmd, sizeof cmd, "%s/campath check %s > /dev/null", build, file);
            const double tc = run_tool(cmd);
            printf("  %-24s validate (load) %5.2f s   info %5.2f s   check %5.2f s\n", what[t], tv, ti, tc);
            remove(file);
        }
        printf("  (target: info and check within a few seconds; the hand-timed path has a finding at most keys)\n");
        free(rec);
        free(jag);
        rmdir(dir);
    }
    printf("(checksum %g)\n", bench_sink);
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* tests/bench/bench_lookat.c - what a look-at path costs to sample against a
 * plain path through the same keys (the plain one given the rotations the
 * look-at path derives at its keys), in keys and smooth timing, at 1,000 and
 * 1,000,000 keys, all in one run; and what focus and aperture add. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/campath.h"
#include "bench.h"

#define REPS 5

/* A fly-through that keeps a moving subject in view: keys 0.1 to 1 s apart,
 * the camera 4 to 15 m from the subject, a little roll, focus on the
 * subject and an aperture that changes now and then. */
static cp_key *make_keys(size_t n)
{
    cp_key *k = calloc(n, sizeof *k);
    double t = 0, heading = 0, aperture = 2.8;
    cp_vec3 subject = {0, 1, 0};
    for (size_t i = 0; i < n; i++) {
        heading += bench_uniform(0.05, 0.4);
        subject = cp_vec3_add(subject, cp_vec3_make(bench_uniform(-1, 1), bench_uniform(-0.1, 0.1), bench_uniform(-1, 1)));
        const double r = bench_uniform(4, 15);
        k[i].time = t;
        k[i].flags = CP_KEY_TARGET;
        k[i].target = subject;
        k[i].position = cp_vec3_add(subject, cp_vec3_make(r * cos(heading), bench_uniform(1, 4), r * sin(heading)));
        k[i].roll = bench_uniform(-5, 5);
        k[i].fov = bench_uniform(45, 60);
        k[i].focus = r;
        if (bench_uniform(0, 1) < 0.1)
            aperture = bench_uniform(1.8, 8);
        k[i].aperture = aperture;
        t += bench_uniform(0.1, 1.0);
    }
    return k;
}



static cp_path *build(const cp_key *k, size_t n, cp_timing timing, cp_orientation orientation)
{
    cp_path_options o = {.timing = timing, .orientation = orientation};
    cp_error err;
    cp_path *p = cp_path_create(k, n, &o, &err);
    if (!p) {
        fprintf(stderr, "bench: %s\n", err.message);
        exit(1);
    }
    return p;
}

int main(void)
{
    printf("campath look-at benchmark: sample a pose with all derivatives at random times, ns per pose, best of %d\n"
           "runs; the same keys as a plain path (the look-at path's derived key rotations), as a look-at path, and\n"
           "as each with focus and aperture\n\n",
           REPS);
    printf("%10s %7s | %8s %8s %7s | %10s %10s %7s\n", "keys", "timing", "plain", "look-at", "ratio", "plain+lens",
           "look+lens", "ratio");
    const size_t sizes[2] = {1000, 1000000};
    const size_t m = 1000000;
    double *times = malloc(m * sizeof *times);
    for (int x = 0; x < 4; x++) {
        const size_t n = sizes[x / 2];
        const cp_timing timing = x % 2 ? CP_TIMING_SMOOTH : CP_TIMING_KEYS;
        cp_key *look = make_keys(n), *plain = malloc(n * sizeof *plain), *bare = malloc(n * sizeof *bare);
        cp_path *la_lens = build(look, n, timing, CP_ORIENTATION_LOOK_AT);
        for (size_t i = 0; i < n; i++) { /* the same poses at the keys, as rotations */
            plain[i] = look[i];
            plain[i].flags = 0, plain[i].roll = 0;
            plain[i].rotation = cp_path_keys(la_lens)[i].rotation;
        }
        memcpy(bare, look, n * sizeof *bare);
        for (size_t i = 0; i < n; i++)
            bare[i].focus = bare[i].aperture = 0, plain[i].focus = plain[i].aperture = 0;
        cp_path *la = build(bare, n, timing, CP_ORIENTATION_LOOK_AT);
        cp_path *pl = build(plain, n, timing, CP_ORIENTATION_ROTATION);
        for (size_t i = 0; i < n; i++)
            plain[i].focus = look[i].focus, plain[i].aperture = look[i].aperture;
        cp_path *pl_lens = build(plain, n, timing, CP_ORIENTATION_ROTATION);
        const double t0 = cp_path_start(pl), span = cp_path_duration(pl);
        for (size_t i = 0; i < m; i++)
            times[i] = bench_uniform(t0, t0 + span);
        const double a = bench_sample_ns(pl, times, m, REPS, 0), b = bench_sample_ns(la, times, m, REPS, 0);
        const double c = bench_sample_ns(pl_lens, times, m, REPS, 0), d = bench_sample_ns(la_lens, times, m, REPS, 0);
        printf("%10zu %7s | %8.1f %8.1f %7.2f | %10.1f %10.1f %7.2f\n", n, cp_timing_name(timing), a, b, b / a, c, d,
               d / c);
        fflush(stdout);
        cp_path_destroy(pl_lens);
        cp_path_destroy(pl);
        cp_path_destroy(la);
        cp_path_destroy(la_lens);
        free(bare);
        free(plain);
        free(look);
    }
    free(times);
    printf("\n(ratio: look-at against plain on the same keys, measured in this run)\n");
    return bench_sink == 12345.0;
}

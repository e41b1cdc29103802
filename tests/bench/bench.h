/* SPDX-License-Identifier: MIT */
/* tests/bench/bench.h - what every benchmark program shares. */
#ifndef CAMPATH_BENCH_H
#define CAMPATH_BENCH_H

#include <math.h>
#include <stddef.h>
#include <time.h>

#include "campath/path.h"

/* Seconds on a monotonic clock. */
static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Uniform in [lo, hi) from a xorshift generator with a fixed seed: every
 * run of a benchmark measures the same data. */
static unsigned long long bench_rng = 88172645463325252ull;
static inline double bench_uniform(double lo, double hi)
{
    bench_rng ^= bench_rng << 13;
    bench_rng ^= bench_rng >> 7;
    bench_rng ^= bench_rng << 17;
    return lo + (hi - lo) * ((double)(bench_rng >> 11) * 0x1.0p-53);
}

/* Nanoseconds per pose with all derivatives at `times` (in playback order
 * through a cursor when `cursor`, else each on its own), best of `reps`
 * runs. What is sampled goes into bench_sink so nothing is optimized away. */
static volatile double bench_sink;
static inline double bench_sample_ns(const cp_path *p, const double *times, size_t m, int reps, int cursor)
{
    double best = INFINITY;
    for (int r = 0; r < reps; r++) {
        cp_path_cursor cur = {0};
        cp_pose pose;
        double s = 0, start = bench_now();
        for (size_t i = 0; i < m; i++) {
            if (cursor)
                cp_path_sample_cursor(p, &cur, times[i], &pose);
            else
                cp_path_sample(p, times[i], &pose);
            s += pose.position.x + pose.velocity.y + pose.rotation.y + pose.angular_acceleration.z + pose.focus;
        }
        best = fmin(best, bench_now() - start);
        bench_sink += s;
    }
    return best / (double)m * 1e9;
}

#endif /* CAMPATH_BENCH_H */

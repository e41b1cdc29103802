/* SPDX-License-Identifier: MIT */
/* tests/bench/bench.h - what every benchmark program shares. */
#ifndef CAMPATH_BENCH_H
#define CAMPATH_BENCH_H

#include <time.h>

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

#endif /* CAMPATH_BENCH_H */

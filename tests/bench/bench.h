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

#endif /* CAMPATH_BENCH_H */

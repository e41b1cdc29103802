/* SPDX-License-Identifier: MIT */
/* tests/bench/bench_long.c - long recordings (issue 23): a million keys of
 * a recorded flight (keys 0.05 to 0.15 s apart, the heading wandering), each
 * figure printed beside the baseline it is held to, both measured in this
 * run, best of REPS:
 *   - keys-timing build against the memory floor: allocating and writing
 *     the bytes the built path holds, once;
 *   - smooth-timing build and random sampling against keys timing;
 *   - random sampling against one dependent load from memory (DRAM miss);
 *   - `campath validate` and `campath check` against loading the file
 *     (cp_path_load, in this process), rotation and look-at paths;
 *   - constant-speed retiming of look-at paths, 10^6 keys against 10^5;
 *   - the editor's edit: cp_path_update of one key in the middle of 10^5
 *     keys against cp_path_create of the whole path, keys and smooth timing.
 * `bench_long build|sample|tools|retime|update` runs one part. */
#define _GNU_SOURCE
#include <malloc.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "campath/campath.h"
#include "bench.h"

#define REPS 5

/* A recorded flight: keys 0.05 to 0.15 s apart, speed drifting between 2 and
 * 12 m/s, the heading wandering, a little pitch, the fov zooming slowly; a
 * look-at flight keeps a subject 5 to 20 m ahead in view. */
static cp_key *make_flight(size_t n, int look_at)
{
    cp_key *k = calloc(n, sizeof *k);
    double t = 0, heading = 0, turn = 0, speed = 6, fov = 60, r = 10, roll = 0;
    cp_vec3 p = {0, 20, 0};
    for (size_t i = 0; i < n; i++) {
        k[i].time = t;
        k[i].position = p;
        k[i].fov = fov;
        if (look_at) {
            r = fmin(20, fmax(5, r + bench_uniform(-0.2, 0.2)));
            roll = fmin(5, fmax(-5, roll + bench_uniform(-0.2, 0.2)));
            k[i].flags = CP_KEY_TARGET;
            k[i].target = cp_vec3_add(p, cp_vec3_make(r * cos(heading), -2, r * sin(heading)));
            k[i].roll = roll;
        } else {
            k[i].rotation = cp_quat_from_yaw_pitch_roll(-heading + bench_uniform(-0.02, 0.02),
                                                        bench_uniform(-0.1, 0.1), bench_uniform(-0.02, 0.02));
        }
        const double dt = bench_uniform(0.05, 0.15);
        speed = fmin(12, fmax(2, speed + bench_uniform(-0.3, 0.3)));
        turn = fmax(-0.5, fmin(0.5, turn + bench_uniform(-0.05, 0.05)));
        heading += turn * dt;
        fov = fmin(80, fmax(40, fov + bench_uniform(-0.2, 0.2)));
        p = cp_vec3_add(p, cp_vec3_make(speed * dt * cos(heading), bench_uniform(-0.05, 0.05), speed * dt * sin(heading)));
        t += dt;
    }
    return k;
}

/* Seconds of CPU (user and system) this process has used (and cpu_children, its
 * finished children's): on a machine shared with other work the wall clock
 * swings by a factor of two from run to run, the CPU time much less. */
static double cpu_self(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static size_t heap_in_use(void)
{
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
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

/* Best wall-clock seconds, and best CPU seconds in *cpu. */
static double time_build(const cp_key *k, size_t n, cp_timing timing, size_t *bytes, double *cpu)
{
    double best = INFINITY;
    *cpu = INFINITY;
    for (int r = 0; r < REPS; r++) {
        const size_t h0 = heap_in_use();
        const double t0 = bench_now(), c0 = cpu_self();
        cp_path *p = build(k, n, timing, CP_ORIENTATION_ROTATION);
        best = fmin(best, bench_now() - t0);
        *cpu = fmin(*cpu, cpu_self() - c0);
        if (bytes)
            *bytes = heap_in_use() - h0;
        cp_path_destroy(p);
    }
    return best;
}

/* The memory floor: allocating `bytes` as the library allocates its large
 * arrays (huge pages asked for) and writing each byte once. */
static double memory_floor(size_t bytes, double *cpu)
{
    double best = INFINITY;
    *cpu = INFINITY;
    for (int r = 0; r < REPS; r++) {
        const double t0 = bench_now(), c0 = cpu_self();
        char *a = NULL;
        if (posix_memalign((void **)&a, (size_t)2 << 20, bytes) != 0)
            abort();
#ifdef MADV_HUGEPAGE
        (void)madvise(a, bytes & ~(((size_t)2 << 20) - 1), MADV_HUGEPAGE);
#endif
        memset(a, r + 1, bytes);
        best = fmin(best, bench_now() - t0);
        *cpu = fmin(*cpu, cpu_self() - c0);
        if (a[bytes / 2] != r + 1)
            abort();
        free(a);
    }
    return best;
}



/* One dependent load from memory, ns: a pointer chase through 256 MiB in a
 * random cycle, one cache line per step, huge pages asked for. */
static double dram_miss(void)
{
    const size_t bytes = (size_t)256 << 20, n = bytes / 64;
    uint64_t *a = NULL;
    if (posix_memalign((void **)&a, (size_t)2 << 20, bytes) != 0)
        return NAN;
#ifdef MADV_HUGEPAGE
    (void)madvise(a, bytes, MADV_HUGEPAGE);
#endif
    uint32_t *perm = malloc(n * sizeof *perm);
    for (size_t i = 0; i < n; i++)
        perm[i] = (uint32_t)i;
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = (size_t)bench_uniform(0, (double)i + 1);
        j = j > i ? i : j;
        const uint32_t t = perm[i];
        perm[i] = perm[j], perm[j] = t;
    }
    for (size_t i = 0; i < n; i++)
        a[(size_t)perm[i] * 8] = (uint64_t)perm[(i + 1) % n] * 8;
    free(perm);
    double best = INFINITY;
    uint64_t p = 0;
    for (int r = 0; r < REPS; r++) {
        const double t0 = bench_now();
        for (size_t i = 0; i < 2000000; i++)
            p = a[p];
        best = fmin(best, (bench_now() - t0) / 2e6);
    }
    free(a);
    return p == UINT64_MAX ? NAN : best * 1e9;
}

static void part_build_sample(int do_build, int do_sample)
{
    const size_t n = 1000000;
    cp_key *k = make_flight(n, 0);
    if (do_build) {
        size_t bytes = 0;
        double ck, cf, cs;
        const double bk = time_build(k, n, CP_TIMING_KEYS, &bytes, &ck);
        const double floor = memory_floor(bytes, &cf);
        const double bs = time_build(k, n, CP_TIMING_SMOOTH, NULL, &cs);
        printf("Build, 10^6 keys of a recorded flight, ms (best of %d), wall clock | CPU time\n", REPS);
        printf("  keys timing %8.1f   memory floor (%zu bytes written once) %6.1f   ratio %5.2f | %8.1f %6.1f "
               "ratio %5.2f   (target 5)\n",
               bk * 1e3, bytes, floor * 1e3, bk / floor, ck * 1e3, cf * 1e3, ck / cf);
        printf("  smooth timing %6.1f   keys timing %6.1f   ratio %5.2f | %8.1f %6.1f ratio %5.2f   (target 3)\n",
               bs * 1e3, bk * 1e3, bs / bk, cs * 1e3, ck * 1e3, cs / ck);
        fflush(stdout);
    }
    if (do_sample) {
        cp_path *pk = build(k, n, CP_TIMING_KEYS, CP_ORIENTATION_ROTATION);
        cp_path *ps = build(k, n, CP_TIMING_SMOOTH, CP_ORIENTATION_ROTATION);
        const size_t m = 1000000;
        double *times = malloc(m * sizeof *times);
        const double t0 = cp_path_start(pk), span = cp_path_duration(pk);
        for (size_t i = 0; i < m; i++)
            times[i] = bench_uniform(t0, t0 + span);
        const double rk = bench_sample_ns(pk, times, m, REPS, 0), rs = bench_sample_ns(ps, times, m, REPS, 0), miss = dram_miss();
        printf("Random sampling, 10^6 keys, ns per pose with all derivatives (best of %d)\n", REPS);
        printf("  keys timing %6.1f   one DRAM miss %6.1f   ratio %5.2f   (target 1.4)\n", rk, miss, rk / miss);
        printf("  smooth timing %6.1f   keys timing %6.1f   ratio %5.2f   (target 1.3)\n", rs, rk, rs / rk);
        fflush(stdout);
        free(times);
        cp_path_destroy(pk);
        cp_path_destroy(ps);
    }
    free(k);
}

static double cpu_children(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_sec +
           1e-6 * (double)ru.ru_stime.tv_usec;
}

/* Runs cmd: wall-clock seconds, and its CPU seconds in *cpu. */
static double run_tool(const char *cmd, double *cpu)
{
    const double c0 = cpu_children(), t0 = bench_now();
    const int rc = system(cmd);
    const double t = bench_now() - t0;
    *cpu = cpu_children() - c0;
    if (rc == -1 || !WIFEXITED(rc) || WEXITSTATUS(rc) > 1) {
        fprintf(stderr, "bench: '%s' failed (%d)\n", cmd, rc);
        exit(1);
    }
    return t;
}

static void part_tools(void)
{
    const char *bdir = getenv("BUILD") ? getenv("BUILD") : "build";
    char dir[] = "/tmp/campath-bench-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("bench: mkdtemp");
        exit(1);
    }
    const size_t n = 1000000;
    printf("The tools on 10^6 keys, s (best of 3), against loading the file (cp_path_load in this process);\n"
           "wall clock, then CPU time (user + system)\n");
    static const char *const what[3] = {"keys timing", "smooth timing", "look-at, keys timing"};
    for (int t = 0; t < 3; t++) {
        cp_key *k = make_flight(n, t == 2);
        cp_path *p = build(k, n, t == 1 ? CP_TIMING_SMOOTH : CP_TIMING_KEYS,
                           t == 2 ? CP_ORIENTATION_LOOK_AT : CP_ORIENTATION_ROTATION);
        free(k);
        char file[128], cmd[512];
        snprintf(file, sizeof file, "%s/long_%d.json", dir, t);
        cp_error err;
        if (cp_path_save(p, file, &err) != CP_OK) {
            fprintf(stderr, "bench: %s\n", err.message);
            exit(1);
        }
        cp_path_destroy(p);
        double tl = INFINITY, tv = INFINITY, tc = INFINITY, cl = INFINITY, cv = INFINITY, cc = INFINITY, c;
        for (int r = 0; r < 3; r++) {
            const double c0 = cpu_self(), t0 = bench_now();
            cp_path *q = cp_path_load(file, &err);
            tl = fmin(tl, bench_now() - t0);
            cl = fmin(cl, cpu_self() - c0);
            if (!q) {
                fprintf(stderr, "bench: %s\n", err.message);
                exit(1);
            }
            cp_path_destroy(q);
            snprintf(cmd, sizeof cmd, "%s/campath validate %s > /dev/null 2>&1", bdir, file);
            tv = fmin(tv, run_tool(cmd, &c));
            cv = fmin(cv, c);
            snprintf(cmd, sizeof cmd, "%s/campath check %s > /dev/null", bdir, file);
            tc = fmin(tc, run_tool(cmd, &c));
            cc = fmin(cc, c);
        }
        printf("  %-20s wall: load %5.2f  validate %5.2f (%4.2fx)  check %5.2f (%4.2fx) | CPU: load %5.2f  "
               "validate %5.2f (%4.2fx)  check %5.2f (%4.2fx)   (target 3x)\n",
               what[t], tl, tv, tv / tl, tc, tc / tl, cl, cv, cv / cl, cc, cc / cl);
        fflush(stdout);
        remove(file);
    }
    rmdir(dir);
}

static double time_retime(size_t n, cp_orientation orientation)
{
    cp_key *k = make_flight(n, orientation == CP_ORIENTATION_LOOK_AT);
    cp_path *p = build(k, n, CP_TIMING_SMOOTH, orientation);
    free(k);
    double best = INFINITY;
    for (int r = 0; r < 3; r++) {
        cp_error err;
        const double t0 = bench_now();
        cp_path *q = cp_path_retime_constant_speed(p, 0, &err);
        best = fmin(best, bench_now() - t0);
        if (!q) {
            fprintf(stderr, "bench: retime: %s\n", err.message);
            exit(1);
        }
        cp_path_destroy(q);
    }
    cp_path_destroy(p);
    return best;
}

static void part_retime(size_t big)
{
    const double a = time_retime(100000, CP_ORIENTATION_LOOK_AT), b = time_retime(big, CP_ORIENTATION_LOOK_AT);
    printf("Constant-speed retiming of a look-at flight, s (best of 3)\n");
    printf("  %zu keys %7.3f   10^5 keys %7.3f   ratio %5.2f   (target 10 for 10^6)\n", big, b, a, b / a);
    /* with rotation keys the pace counts turning (docs/math.md, section 13):
     * the same flight, 10^4 and 10^5 keys */
    const double c = time_retime(10000, CP_ORIENTATION_ROTATION), d = time_retime(100000, CP_ORIENTATION_ROTATION);
    printf("Constant-speed retiming of the flight with rotation keys (turns paced), s (best of 3)\n");
    printf("  100000 keys %7.3f   10^4 keys %7.3f   ratio %5.2f   (linear: 10)\n", d, c, d / c);
    fflush(stdout);
}

/* The largest difference of poses between an updated path and the whole
 * build of the same keys at m random times: position relative to the
 * flight's extent, velocity relative to its largest value, fov in degrees. */
static void update_difference(const cp_path *a, const cp_path *b, double out[3])
{
    const double t0 = cp_path_start(b), span = cp_path_duration(b);
    double dp = 0, dv = 0, vmax = 0, df = 0, ext = 0;
    for (int i = 0; i < 100000; i++) {
        const double t = t0 + span * bench_uniform(0, 1);
        cp_pose x, y;
        cp_path_sample(a, t, &x);
        cp_path_sample(b, t, &y);
        dp = fmax(dp, cp_vec3_length(cp_vec3_sub(x.position, y.position)));
        ext = fmax(ext, cp_vec3_length(y.position));
        dv = fmax(dv, cp_vec3_length(cp_vec3_sub(x.velocity, y.velocity)));
        vmax = fmax(vmax, cp_vec3_length(y.velocity));
        df = fmax(df, fabs(x.fov - y.fov));
    }
    out[0] = dp / ext, out[1] = dv / vmax, out[2] = df;
}

/* The editor's edit of a long recording: one key in the middle moved (and
 * moved back, so every update starts from the same path), cp_path_update
 * against cp_path_create of all the keys, best of 20 and REPS. */
static void part_update(void)
{
    const size_t n = 100000, mid = n / 2;
    cp_key *k = make_flight(n, 0);
    printf("Editing one key in the middle of a 10^5-key recorded flight, ms (best of 20 | best of %d)\n", REPS);
    for (int smooth = 0; smooth < 2; smooth++) {
        const cp_timing timing = smooth ? CP_TIMING_SMOOTH : CP_TIMING_KEYS;
        cp_path *p = build(k, n, timing, CP_ORIENTATION_ROTATION);
        double best = INFINITY, cpu;
        int in_place = 1;
        for (int r = 0; r < 20; r++) {
            cp_key e = k[mid];
            e.position.y += r % 2 ? 0.0 : 0.5;
            cp_error err;
            double changed[2];
            const double t0 = bench_now();
            cp_path *q = cp_path_update(p, mid, &e, 1, changed, &err);
            best = fmin(best, bench_now() - t0);
            if (!q) {
                fprintf(stderr, "bench: %s\n", err.message);
                exit(1);
            }
            in_place &= q == p;
            p = q;
        }
        const double whole = time_build(k, n, timing, NULL, &cpu);
        /* the last update moved the key back: against the whole build of the flight as it is */
        cp_key e = k[mid];
        e.position.y += 0.5;
        cp_path *q = cp_path_update(p, mid, &e, 1, NULL, NULL);
        k[mid].position.y += 0.5;
        cp_path *ref = build(k, n, timing, CP_ORIENTATION_ROTATION);
        k[mid].position.y -= 0.5;
        double diff[3];
        update_difference(q, ref, diff);
        printf("  %-6s timing: cp_path_update %7.3f (%s)   cp_path_create %7.1f   ratio %6.4f\n"
               "    largest difference from the whole build: position %.1g of the extent, velocity %.1g of its "
               "largest, fov %.1g degrees\n",
               smooth ? "smooth" : "keys", best * 1e3, in_place ? "in place" : "rebuilt whole", whole * 1e3,
               best / whole, diff[0], diff[1], diff[2]);
        fflush(stdout);
        cp_path_destroy(q);
        cp_path_destroy(ref);
    }
    free(k);
}

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : NULL;
    printf("campath long recordings (issue 23): each figure beside its baseline from this run\n\n");
    if (!only || !strcmp(only, "build") || !strcmp(only, "sample"))
        part_build_sample(!only || !strcmp(only, "build"), !only || !strcmp(only, "sample"));
    if (!only || !strcmp(only, "tools"))
        part_tools();
    if (!only || !strcmp(only, "retime"))
        part_retime(argc > 2 ? (size_t)strtoull(argv[2], NULL, 10) : 1000000);
    if (!only || !strcmp(only, "update"))
        part_update();
    printf("(checksum %g)\n", bench_sink);
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* tests/bench/bench_platform.c - the figures a port changes: building paths,
 * sampling them, JSON text both ways, and the files (an atomic save, a load)
 * through the platform interface. ISO C and the library only, so that the
 * same program is built for Linux and for Windows; tests/bench/windows.sh
 * runs both in one `make bench` and prints them side by side (the Windows
 * one under Wine: informative only, Wine is not Windows).
 *
 * Prints one figure a line, "NAME VALUE UNIT  what", the best of a few runs.
 * `bench_platform [FOLDER]`: the file figures save and load in FOLDER. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

#include "campath/campath.h"

static double seconds(void)
{
#ifdef _WIN32
    LARGE_INTEGER t, f;
    QueryPerformanceCounter(&t);
    QueryPerformanceFrequency(&f);
    return (double)t.QuadPart / (double)f.QuadPart;
#else
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
#endif
}

static void die(const cp_error *err)
{
    fprintf(stderr, "bench_platform: %s\n", err->message);
    exit(1);
}

/* n keys along a rising spiral, one a second, turning to face along it. */
static cp_key *spiral(size_t n)
{
    cp_key *k = calloc(n, sizeof *k);
    if (!k)
        exit(1);
    for (size_t i = 0; i < n; i++) {
        const double a = 0.37 * (double)i, h = 0.5 * (a + 1.5707963267948966);
        k[i].time = (double)i;
        k[i].position = cp_vec3_make(20.0 * cos(a), 0.05 * (double)i, 20.0 * sin(a));
        k[i].rotation = cp_quat_make(0.0, sin(-h), 0.0, cos(-h));
        k[i].fov = 50.0 + 10.0 * sin(0.1 * (double)i);
    }
    return k;
}

static cp_path *build(const cp_key *k, size_t n)
{
    cp_error err;
    cp_path *p = cp_path_create(k, n, NULL, &err);
    if (!p)
        die(&err);
    return p;
}

static void figure(const char *name, double value, const char *unit, const char *what)
{
    printf("%-16s %12.4g %-8s %s\n", name, value, unit, what);
    fflush(stdout);
}

static double sink;

static void paths(size_t n, int runs)
{
    cp_key *k = spiral(n);
    double best = INFINITY;
    cp_path *p = NULL;
    for (int r = 0; r < runs; r++) {
        cp_path_destroy(p);
        const double t0 = seconds();
        p = build(k, n);
        best = fmin(best, seconds() - t0);
    }
    char name[32], what[96];
    snprintf(name, sizeof name, "build_%zuk", n / 1000);
    snprintf(what, sizeof what, "build a C2 path of %zu keys (position, rotation, fov)", n);
    figure(name, best * 1e3, "ms", what);

    /* sampling: in order with a cursor (playback), and at random times (scrubbing) */
    const size_t m = 200000;
    const double end = (double)(n - 1);
    double seq = INFINITY, rnd = INFINITY;
    unsigned long long s = 0x9E3779B97F4A7C15ull;
    for (int r = 0; r < 3; r++) {
        cp_path_cursor cur = {0};
        cp_pose pose;
        double t0 = seconds();
        for (size_t i = 0; i < m; i++) {
            cp_path_sample_cursor(p, &cur, end * (double)i / (double)m, &pose);
            sink += pose.velocity.x;
        }
        seq = fmin(seq, (seconds() - t0) / (double)m);
        t0 = seconds();
        for (size_t i = 0; i < m; i++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            cp_path_sample(p, end * (double)(s >> 11) * 0x1.0p-53, &pose);
            sink += pose.angular_velocity.y;
        }
        rnd = fmin(rnd, (seconds() - t0) / (double)m);
    }
    snprintf(name, sizeof name, "cursor_%zuk", n / 1000);
    figure(name, seq * 1e9, "ns/pose", "sample in order with a cursor, all derivatives");
    snprintf(name, sizeof name, "random_%zuk", n / 1000);
    figure(name, rnd * 1e9, "ns/pose", "sample at random times, all derivatives");
    cp_path_destroy(p);
    free(k);
}

static void text_and_files(const char *dir)
{
    const size_t n = 20000;
    cp_key *k = spiral(n);
    cp_path *p = build(k, n);
    cp_error err;
    size_t size = 0;
    double save = INFINITY, load = INFINITY, fsave = INFINITY, fload = INFINITY;
    char file[1024];
    snprintf(file, sizeof file, "%s/bench_platform.json", dir);
    for (int r = 0; r < 5; r++) {
        double t0 = seconds();
        char *text = cp_path_save_memory(p, &size, &err);
        if (!text)
            die(&err);
        save = fmin(save, seconds() - t0);
        t0 = seconds();
        cp_path *q = cp_path_load_memory(text, size, "bench", &err);
        if (!q)
            die(&err);
        load = fmin(load, seconds() - t0);
        cp_path_destroy(q);
        free(text);
        t0 = seconds();
        if (cp_path_save(p, file, &err) != CP_OK)
            die(&err);
        fsave = fmin(fsave, seconds() - t0);
        t0 = seconds();
        if (!(q = cp_path_load(file, &err)))
            die(&err);
        fload = fmin(fload, seconds() - t0);
        cp_path_destroy(q);
    }
    remove(file);
    const double mb = (double)size / 1e6;
    figure("json_write", mb / save, "MB/s", "path to JSON text in memory (20000 keys)");
    figure("json_read", mb / load, "MB/s", "JSON text in memory to a path, validated and built");
    figure("file_save", fsave * 1e3, "ms", "atomic save of the 20000 keys (temporary file, flush, rename)");
    figure("file_load", fload * 1e3, "ms", "load of the 20000 keys from the file");
    cp_path_destroy(p);
    free(k);
}

int main(int argc, char **argv)
{
    /* the folder for the file figures: the argument, or the system's temporary one */
    const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : getenv("TEMP") ? getenv("TEMP") : "/tmp";
    const char *dir = argc > 1 ? argv[1] : tmp;
    paths(1000, 20);
    paths(100000, 5);
    paths(1000000, 3);
    text_and_files(dir);
    printf("(checksum %g)\n", sink);
    return 0;
}

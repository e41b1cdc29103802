/* SPDX-License-Identifier: MIT */
/* tests/bench/bench_json.c - path files: loading and saving a 100,000-key
 * file (against a cJSON parse and print of the same text), and hot reload
 * latency from a rename to the new generation seen by a poll loop. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "campath/campath.h"

#include "bench.h"

#define KEYS 100000
#define RUNS 5
#define RENAMES 50

static double uniform(unsigned long long *s, double lo, double hi)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * (double)(*s >> 11) * 0x1.0p-53;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void write_file(const char *file, const char *text)
{
    FILE *f = fopen(file, "wb");
    fputs(text, f);
    fclose(f);
}

/* Median and 95th percentile, in ms, of rename-to-reload over RENAMES saves. */
static int reload_latency(cp_library *lib, const char *dir, double *median, double *p95)
{
    char file[512], tmp[512];
    snprintf(file, sizeof file, "%s/latency.json", dir);
    snprintf(tmp, sizeof tmp, "%s/latency.json.tmp", dir);
    char text[512];
    snprintf(text, sizeof text, "{\"campath\":1,\"keys\":[{\"t\":0,\"position\":[0,0,0],\"rotation\":[0,0,0,1]},"
                                "{\"t\":1,\"position\":[0,0,1],\"rotation\":[0,0,0,1]}]}\n");
    write_file(file, text);
    cp_error err;
    cp_resource *res = cp_library_open(lib, file, &err);
    if (!res) {
        fprintf(stderr, "%s\n", err.message);
        return -1;
    }
    double ms[RENAMES];
    for (int i = 0; i < RENAMES; i++) {
        snprintf(text, sizeof text, "{\"campath\":1,\"keys\":[{\"t\":0,\"position\":[%d,0,0],\"rotation\":[0,0,0,1]},"
                                    "{\"t\":1,\"position\":[0,0,1],\"rotation\":[0,0,0,1]}]}\n", i + 1);
        write_file(tmp, text);
        unsigned long gen = cp_resource_generation(res);
        double t0 = bench_now();
        rename(tmp, file);
        while (cp_resource_generation(res) == gen && bench_now() - t0 < 2.0)
            cp_library_poll(lib); /* a game polls once a frame; this measures the mechanism itself */
        ms[i] = (bench_now() - t0) * 1e3;
        struct timespec gap = {0, 5000000};
        nanosleep(&gap, NULL);
    }
    qsort(ms, RENAMES, sizeof ms[0], cmp);
    *median = ms[RENAMES / 2];
    *p95 = ms[(RENAMES * 95) / 100];
    return 0;
}

int main(void)
{
    char dir[] = "/tmp/campath-bench-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    char file[512], out[512];
    snprintf(file, sizeof file, "%s/big.json", dir);
    snprintf(out, sizeof out, "%s/saved.json", dir);

    /* a recorded flight: full-precision numbers, as a camera gives them */
    cp_key *keys = calloc(KEYS, sizeof *keys);
    unsigned long long s = 1;
    for (int i = 0; i < KEYS; i++) {
        double a = uniform(&s, -3.14, 3.14);
        keys[i] = (cp_key){.time = 0.1 * i + uniform(&s, 0, 0.01),
                           .position = {uniform(&s, -100, 100), uniform(&s, 0, 50), uniform(&s, -100, 100)},
                           .rotation = {0, sin(a / 2), 0, cos(a / 2)},
                           .fov = uniform(&s, 40, 80)};
    }
    cp_error err;
    cp_path *path = cp_path_create(keys, KEYS, NULL, &err);
    if (!path || cp_path_save(path, file, &err) != CP_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    size_t size;
    char *text = cp_path_save_memory(path, &size, &err);

    double load = 1e9, save = 1e9, save_mem = 1e9, cj_parse = 1e9, cj_print = 1e9;
    for (int r = 0; r < RUNS; r++) {
        double t0 = bench_now();
        cp_path *p = cp_path_load(file, &err);
        double t1 = bench_now();
        cp_path_save(p, out, &err);
        double t2 = bench_now();
        char *m = cp_path_save_memory(p, NULL, &err);
        double t3 = bench_now();
        cJSON *j = cJSON_ParseWithLength(text, size);
        double t4 = bench_now();
        char *printed = cJSON_Print(j);
        double t5 = bench_now();
        load = t1 - t0 < load ? t1 - t0 : load;
        save = t2 - t1 < save ? t2 - t1 : save;
        save_mem = t3 - t2 < save_mem ? t3 - t2 : save_mem;
        cj_parse = t4 - t3 < cj_parse ? t4 - t3 : cj_parse;
        cj_print = t5 - t4 < cj_print ? t5 - t4 : cj_print;
        free(printed);
        cJSON_Delete(j);
        free(m);
        cp_path_destroy(p);
    }
    printf("path file of %d keys, %.1f MB (best of %d runs)\n", KEYS, (double)size / 1e6, RUNS);
    printf("  %-44s %9s %9s\n", "operation", "ms", "target");
    printf("  %-44s %9.1f %9s\n", "cp_path_load (read, parse, check, build)", load * 1e3, "< 200");
    printf("  %-44s %9.1f %9s\n", "cp_path_save (format, write, fsync, rename)", save * 1e3, "< 200");
    printf("  %-44s %9.1f %9s\n", "cp_path_save_memory (format only)", save_mem * 1e3, "");
    printf("  %-44s %9.1f %9s\n", "baseline: cJSON_ParseWithLength (tree only)", cj_parse * 1e3, "");
    printf("  %-44s %9.1f %9s\n", "baseline: cJSON_Print (not bit-exact)", cj_print * 1e3, "");

    printf("\nhot reload, rename to new generation, %d renames\n", RENAMES);
    printf("  %-44s %9s %9s\n", "mode", "median ms", "p95 ms");
    cp_library *lib = cp_library_create(&err);
    double med, p95;
    if (lib && cp_library_uses_inotify(lib) && reload_latency(lib, dir, &med, &p95) == 0)
        printf("  %-44s %9.3f %9.3f\n", "inotify", med, p95);
    cp_library_destroy(lib);
    lib = cp_library_create_polling(&err);
    if (lib && reload_latency(lib, dir, &med, &p95) == 0)
        printf("  %-44s %9.3f %9.3f\n", "stat polling", med, p95);
    cp_library_destroy(lib);
    printf("  (target: median < 10 ms)\n");

    free(text);
    free(keys);
    cp_path_destroy(path);
    unlink(file);
    unlink(out);
    char lat[600];
    snprintf(lat, sizeof lat, "%s/latency.json", dir);
    unlink(lat);
    rmdir(dir);
    return 0;
}

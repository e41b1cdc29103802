/* SPDX-License-Identifier: MIT */
/* tests/bench/bench_record.c - what the recorder and the hand-off cost a
 * frame, against plain path sampling in the same run: cp_recorder_add (both
 * paces), and cp_handoff_sample while entering, on the path and while
 * leaving, each against cp_path_sample at the same times. Best of RUNS. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "campath/campath.h"

#include "bench.h"

#define RUNS 5
#define KEYS 1000
#define SAMPLES 1000000
#define ADDS 1000000

static unsigned long long rng = 88172645463325252ull;
static double uniform(double lo, double hi)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * (double)(rng >> 11) * 0x1.0p-53;
}

/* A wandering camera: positions, rotations and fovs of KEYS keys (or poses). */
static void wander(cp_key *k, size_t n)
{
    cp_vec3 p = {0, 2, 0};
    cp_quat q = cp_quat_identity();
    for (size_t i = 0; i < n; i++) {
        memset(&k[i], 0, sizeof k[i]);
        p = cp_vec3_add(p, cp_vec3_make(uniform(-2, 2), uniform(-0.5, 0.5), uniform(-2, 2)));
        q = cp_quat_normalize(cp_quat_mul(
            cp_quat_from_axis_angle(cp_vec3_make(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)), uniform(0, 0.5)), q));
        k[i].time = (double)i;
        k[i].position = p;
        k[i].rotation = q;
        k[i].fov = uniform(40, 80);
    }
}

static volatile double sink;

/* ns per cp_path_sample at SAMPLES increasing times over [t0, t1]. */
static double path_ns(const cp_path *path, double t0, double t1)
{
    double best = INFINITY;
    for (int r = 0; r < RUNS; r++) {
        double s = 0, start = bench_now();
        for (int i = 0; i < SAMPLES; i++) {
            cp_pose p;
            cp_path_sample(path, t0 + (t1 - t0) * i / SAMPLES, &p);
            s += p.position.x + p.angular_velocity.y;
        }
        best = fmin(best, bench_now() - start);
        sink = s;
    }
    return best * 1e9 / SAMPLES;
}

/* ns per cp_handoff_sample at the same times (game time = path time here). */
static double handoff_ns(const cp_handoff *h, const cp_pose *live, double t0, double t1)
{
    double best = INFINITY;
    for (int r = 0; r < RUNS; r++) {
        double s = 0, start = bench_now();
        for (int i = 0; i < SAMPLES; i++) {
            cp_pose p;
            cp_handoff_sample(h, t0 + (t1 - t0) * i / SAMPLES, live, &p, NULL);
            s += p.position.x + p.angular_velocity.y;
        }
        best = fmin(best, bench_now() - start);
        sink = s;
    }
    return best * 1e9 / SAMPLES;
}

/* ns per cp_recorder_add of ADDS poses: growing to ADDS keys (`batch` 0),
 * or cleared every `batch` keys so that its memory stays warm. */
static double add_ns(cp_pace pace, const cp_key *poses, int batch)
{
    double best = INFINITY;
    for (int r = 0; r < RUNS; r++) {
        cp_recorder_options o = {.pace = pace};
        cp_recorder *rec = cp_recorder_create(&o, NULL);
        double start = bench_now();
        for (int i = 0; i < ADDS; i++) {
            if (batch && i % batch == 0)
                cp_recorder_clear(rec);
            if (cp_recorder_add(rec, poses[i].time, poses[i].position, poses[i].rotation, poses[i].fov, NULL) != CP_OK)
                abort();
        }
        best = fmin(best, bench_now() - start);
        cp_recorder_destroy(rec);
    }
    return best * 1e9 / ADDS;
}

/* The baseline of adding: the same poses appended to a plain array that
 * doubles as it grows (what storing them costs at all). */
static double append_ns(const cp_key *poses, int batch)
{
    double best = INFINITY;
    for (int r = 0; r < RUNS; r++) {
        cp_key *a = NULL;
        size_t n = 0, cap = 0;
        double start = bench_now();
        for (int i = 0; i < ADDS; i++) {
            if (batch && i % batch == 0)
                n = 0;
            if (n == cap) {
                cap = cap ? 2 * cap : 64;
                cp_key *b = realloc(a, cap * sizeof *a);
                if (!b)
                    abort();
                a = b;
            }
            a[n++] = poses[i];
        }
        best = fmin(best, bench_now() - start);
        sink = a[n - 1].time;
        free(a);
    }
    return best * 1e9 / ADDS;
}

int main(void)
{
    cp_key *keys = malloc(KEYS * sizeof *keys), *poses = malloc(ADDS * sizeof *poses);
    if (!keys || !poses)
        return 1;
    wander(keys, KEYS);
    wander(poses, ADDS);
    cp_error err;
    cp_path *path = cp_path_create(keys, KEYS, NULL, &err);
    if (!path) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    /* the live camera: a moving pose with all derivatives */
    cp_pose live;
    cp_path_sample(path, 10.25, &live);
    live.position = cp_vec3_add(live.position, cp_vec3_make(30, 5, -20));
    live.rotation = cp_quat_mul(cp_quat_from_axis_angle(cp_vec3_make(0, 1, 0), 2.0), live.rotation);

    const double t0 = 100, t1 = 900;
    double plain = path_ns(path, t0, t1);
    cp_handoff h;
    /* entering: every sample inside one long blend from the live pose */
    live.time = t0;
    cp_handoff_begin(&h, path, t0, &live, t1 - t0, NULL);
    double entering = handoff_ns(&h, &live, t0, t1);
    /* on the path: after a cut */
    cp_handoff_begin(&h, path, t0, &live, 0.0, NULL);
    double on_path = handoff_ns(&h, &live, t0, t1);
    /* leaving: every sample inside the blend back to the live camera */
    cp_handoff_leave(&h, t0, t1 - t0, NULL);
    double leaving = handoff_ns(&h, &live, t0, t1);

    double baseline = plain;
    printf("hand-off sampling, %d samples in playback order on a %d-key path (best of %d runs)\n", SAMPLES, KEYS,
           RUNS);
    printf("| sample | ns | vs cp_path_sample |\n|---|---:|---:|\n");
    printf("| cp_path_sample (baseline) | %.1f | 1.00x |\n", plain);
    printf("| cp_handoff_sample on the path | %.1f | %.2fx |\n", on_path, on_path / baseline);
    printf("| cp_handoff_sample entering (extrapolate + path + blend) | %.1f | %.2fx |\n", entering,
           entering / baseline);
    printf("| cp_handoff_sample leaving (path + blend) | %.1f | %.2fx |\n", leaving, leaving / baseline);

    printf("\nrecorder: %d poses added one by one (best of %d runs)\n", ADDS, RUNS);
    printf("| call | ns, growing to %d keys | ns, cleared every %d keys | vs cp_path_sample (cleared) |\n"
           "|---|---:|---:|---:|\n", ADDS, KEYS);
    double ag = append_ns(poses, 0), aw = append_ns(poses, KEYS);
    printf("| append to a plain array (baseline) | %.1f | %.1f | %.2fx |\n", ag, aw, aw / baseline);
    const cp_pace paces[2] = {CP_PACE_DISTANCE, CP_PACE_REAL};
    const char *names[2] = {"distance", "real"};
    for (int k = 0; k < 2; k++) {
        double g = add_ns(paces[k], poses, 0), w = add_ns(paces[k], poses, KEYS);
        printf("| cp_recorder_add, %s pace | %.1f | %.1f | %.2fx |\n", names[k], g, w, w / baseline);
    }
    cp_path_destroy(path);
    free(keys);
    free(poses);
    return 0;
}

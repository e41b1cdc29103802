/* SPDX-License-Identifier: MIT */
/* tests/bench/bench_shake.c - what the shake layer costs: sampling a
 * three-shot sequence with blends and shake (on the paths and per shot)
 * against sampling one path without it, and one path with and without its
 * layer, all in one run. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/campath.h"
#include "bench.h"

#define REPS 5
#define KEYS 200

static cp_key *make_keys(size_t n, int scaled)
{
    cp_key *k = calloc(n, sizeof *k);
    double t = 0, heading = 0;
    cp_vec3 p = {0, 2, 0};
    for (size_t i = 0; i < n; i++) {
        heading += bench_uniform(-0.3, 0.3);
        p = cp_vec3_add(p, cp_vec3_make(3 * cos(heading), bench_uniform(-0.2, 0.2), 3 * sin(heading)));
        k[i].time = t;
        k[i].position = p;
        k[i].rotation = cp_quat_from_yaw_pitch_roll(-heading, bench_uniform(-0.1, 0.1), 0);
        k[i].fov = bench_uniform(45, 60);
        if (scaled) {
            k[i].flags = CP_KEY_SHAKE_SCALE;
            k[i].shake_scale = bench_uniform(0, 2);
        }
        t += bench_uniform(0.3, 1.0);
    }
    return k;
}

static cp_path *build(const cp_key *k, size_t n, const cp_shake *shake)
{
    cp_path_options o = {0};
    if (shake)
        o.shake = *shake;
    cp_error err;
    cp_path *p = cp_path_create(k, n, &o, &err);
    if (!p) {
        fprintf(stderr, "bench: %s\n", err.message);
        exit(1);
    }
    return p;
}

/* ns per pose with all derivatives at the given times: the sequence (one path: bench_sample_ns). */
static double time_sequence(const cp_sequence *q, const double *times, size_t m)
{
    double best = INFINITY;
    for (int r = 0; r < REPS; r++) {
        cp_sequence_pose pose;
        double s = 0, start = bench_now();
        for (size_t i = 0; i < m; i++) {
            cp_sequence_sample(q, times[i], NAN, &pose);
            s += pose.pose.position.x + pose.pose.rotation.y + pose.pose.angular_acceleration.z;
        }
        best = fmin(best, bench_now() - start);
        bench_sink += s;
    }
    return best / (double)m * 1e9;
}

int main(void)
{
    printf("campath shake benchmark: sample a pose with all derivatives at random times, ns per pose, best of %d\n"
           "runs; paths of %d keys (keys timing), the sequence of three of them with two blends, shake on each\n"
           "path (with shake_scale) and per shot\n\n",
           REPS, KEYS);
    const size_t m = 1000000;
    double *times = malloc(m * sizeof *times), *seq_times = malloc(m * sizeof *seq_times);
    const cp_shake path_shake = {.seed = 1, .position = {0.02, 1.5}, .rotation = {0.5, 2}, .fov = {0.3, 0.5}};
    const cp_shake shot_shake = {.seed = 2, .rotation = {0.8, 3}};
    cp_key *plain = make_keys(KEYS, 0);
    cp_path *bare = build(plain, KEYS, NULL), *shaken = build(plain, KEYS, &path_shake);
    cp_key *k[3];
    cp_path *shot_paths[3];
    cp_shot shots[3];
    for (int i = 0; i < 3; i++) {
        k[i] = make_keys(KEYS, 1);
        shot_paths[i] = build(k[i], KEYS, &path_shake);
        const double start = cp_path_start(shot_paths[i]), span = cp_path_duration(shot_paths[i]);
        shots[i] = (cp_shot){.path = shot_paths[i], .from = start + 0.1 * span, .to = start + 0.9 * span,
                             .blend = i ? 2.0 : 0.0, .shake = shot_shake};
    }
    cp_error err;
    cp_sequence *seq = cp_sequence_create(shots, 3, &err);
    if (!seq) {
        fprintf(stderr, "bench: %s\n", err.message);
        return 1;
    }
    const double t0 = cp_path_start(bare), span = cp_path_duration(bare), dur = cp_sequence_duration(seq);
    for (size_t i = 0; i < m; i++) {
        times[i] = bench_uniform(t0, t0 + span);
        seq_times[i] = bench_uniform(0, dur);
    }
    const double a = bench_sample_ns(bare, times, m, REPS, 0), b = bench_sample_ns(shaken, times, m, REPS, 0);
    const double c = time_sequence(seq, seq_times, m);
    printf("%28s %10s\n", "", "ns/pose");
    printf("%28s %10.1f\n", "one path, no shake", a);
    printf("%28s %10.1f   (%.2f x the path without it)\n", "one path with shake", b, b / a);
    printf("%28s %10.1f   (%.2f x one path without shake)\n", "three-shot sequence, shaken", c, c / a);
    printf("\n(ratios measured in this run)\n");
    cp_sequence_destroy(seq);
    for (int i = 0; i < 3; i++) {
        cp_path_destroy(shot_paths[i]);
        free(k[i]);
    }
    cp_path_destroy(bare);
    cp_path_destroy(shaken);
    free(plain);
    free(times);
    free(seq_times);
    return bench_sink == 12345.0;
}

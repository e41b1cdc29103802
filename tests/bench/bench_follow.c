/* SPDX-License-Identifier: MIT */
/* tests/bench/bench_follow.c - a live target's step response: a camera
 * looking at a point 10 m away that jumps 3 m sideways (16.7 degrees), fed
 * at 60 Hz, followed with the third-order follow (cp_follow, the default)
 * and with a first-order one (exponential smoothing, as most game cameras
 * do it) of the same response time, in one run: the time to settle within
 * 2% of the turn, the peak angular velocity, and the peak angular
 * acceleration, from the poses' own derivatives and from differences of
 * the sampled angular velocity at two sample rates (a jump in angular
 * velocity shows there as a peak that grows with the rate). Then what a
 * follow sample costs next to a path sample. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/campath.h"
#include "bench.h"

#define RESPONSE 0.5
#define FRAME (1.0 / 60.0)
#define SPAN 4.0

typedef struct response {
    double settle;      /* s: from the jump to within 2% of the turn for good */
    double peak_w;      /* rad/s */
    double peak_a;      /* rad/s^2, the poses' own */
    double peak_fd[2];  /* rad/s^2, |dw| / dt at 1 kHz and 10 kHz */
} response;

static cp_path *still_camera(void)
{
    cp_key k[2];
    memset(k, 0, sizeof k);
    for (int i = 0; i < 2; i++) {
        k[i].time = 10.0 * i;
        k[i].position = cp_vec3_make(0, 1.7, 0);
        k[i].target = cp_vec3_make(0, 1.7, -10);
        k[i].flags = CP_KEY_TARGET;
        k[i].fov = 50;
    }
    const cp_path_options o = {.orientation = CP_ORIENTATION_LOOK_AT};
    return cp_path_create(k, 2, &o, NULL);
}

/* The angle between the camera's view and the direction to p. */
static double off_by(const cp_pose *s, cp_vec3 p)
{
    const cp_vec3 d = cp_vec3_normalize(cp_vec3_sub(p, s->position));
    const double c = cp_vec3_dot(d, cp_quat_forward(s->rotation));
    return acos(c > 1 ? 1 : c);
}

static void step(const cp_path *path, unsigned order, double dt, response *r)
{
    cp_follow f;
    cp_error err;
    const cp_follow_options o = {.response = RESPONSE, .order = order};
    if (cp_follow_begin(&f, path, &o, &err) != CP_OK || cp_follow_engage(&f, 0.0, 0.0, &err) != CP_OK) {
        fprintf(stderr, "bench_follow: %s\n", err.message);
        exit(1);
    }
    const cp_vec3 before = cp_vec3_make(0, 1.7, -10), after = cp_vec3_make(3, 1.7, -10);
    const double turn = atan2(3, 10);
    double next_frame = -1.0, last_out = -1.0;
    const long n = lround((SPAN + 1.0) / dt);
    for (long k = 0; k <= n; k++) {
        const double t = -1.0 + k * dt;
        while (next_frame <= t + 1e-12) { /* the game's frames: the jump at t = 0 */
            cp_follow_target(&f, next_frame, next_frame < -1e-12 ? before : after, NULL, NULL);
            next_frame += FRAME;
        }
        cp_pose s;
        cp_follow_sample(&f, t, &s, NULL);
        if (t >= 0) {
            if (off_by(&s, after) > 0.02 * turn)
                last_out = t;
            r->peak_w = fmax(r->peak_w, cp_vec3_length(s.angular_velocity));
            r->peak_a = fmax(r->peak_a, cp_vec3_length(s.angular_acceleration));
        }
    }
    r->settle = last_out + dt;
}

static double sink;

/* ns per sample, path and follow, at times 60 Hz apart. */
static void cost(const cp_path *path, double *ns_path, double *ns_follow)
{
    cp_follow f;
    cp_follow_begin(&f, path, NULL, NULL);
    cp_follow_engage(&f, 0.0, 0.5, NULL);
    const int m = 200000;
    double best[2] = {INFINITY, INFINITY};
    for (int rep = 0; rep < 5; rep++) {
        cp_pose s;
        double t0 = bench_now();
        for (int i = 0; i < m; i++) {
            cp_path_sample(path, fmod(i * FRAME, 10.0), &s);
            sink += s.rotation.x;
        }
        best[0] = fmin(best[0], (bench_now() - t0) / m * 1e9);
        cp_follow g = f;
        t0 = bench_now();
        for (int i = 0; i < m; i++) {
            const double t = i * FRAME * 1e-3; /* inside the path's 10 s */
            cp_follow_target(&g, t, cp_vec3_make(sin(t), 1.7, -10), NULL, NULL);
            cp_follow_sample(&g, t, &s, NULL);
            sink += s.rotation.x;
        }
        best[1] = fmin(best[1], (bench_now() - t0) / m * 1e9);
    }
    *ns_path = best[0], *ns_follow = best[1];
}

int main(void)
{
    cp_path *path = still_camera();
    if (!path)
        return 1;
    response r[3];
    memset(r, 0, sizeof r);
    static const unsigned orders[3] = {3, 1, 2};
    for (int i = 0; i < 3; i++) {
        step(path, orders[i], 1e-3, &r[i]);
        /* |dw| / dt between samples, at each rate */
        for (int q = 0; q < 2; q++) {
            const double dt = q ? 1e-4 : 1e-3;
            cp_follow f;
            const cp_follow_options o = {.response = RESPONSE, .order = orders[i]};
            cp_follow_begin(&f, path, &o, NULL);
            cp_follow_engage(&f, 0.0, 0.0, NULL);
            cp_follow_target(&f, -1.0, cp_vec3_make(0, 1.7, -10), NULL, NULL);
            cp_pose a, b;
            cp_follow_sample(&f, -dt, &a, NULL);
            double peak = 0;
            for (int k = 0; k * dt < 1.0; k++) {
                const double t = k * dt;
                if (k == 0)
                    cp_follow_target(&f, 0.0, cp_vec3_make(3, 1.7, -10), NULL, NULL);
                cp_follow_sample(&f, t, &b, NULL);
                peak = fmax(peak, cp_vec3_length(cp_vec3_sub(b.angular_velocity, a.angular_velocity)) / dt);
                a = b;
            }
            r[i].peak_fd[q] = peak;
        }
    }
    printf("live target, step response: a point 10 m away jumps 3 m sideways (a 16.7 degree turn), fed at 60 Hz;\n"
           "response time %.2f s (the lag of a target at constant velocity) for every follow\n\n", RESPONSE);
    printf("  %-34s %16s %16s %16s\n", "", "third order", "first order", "second order");
    printf("  %-34s %16.3f %16.3f %16.3f\n", "time to settle within 2%, s", r[0].settle, r[1].settle, r[2].settle);
    printf("  %-34s %16.3f %16.3f %16.3f\n", "peak angular velocity, rad/s", r[0].peak_w, r[1].peak_w, r[2].peak_w);
    printf("  %-34s %16.3f %16.3f %16.3f\n", "peak angular acceleration, rad/s^2", r[0].peak_a, r[1].peak_a,
           r[2].peak_a);
    printf("  %-34s %16.3f %16.3f %16.3f\n", "  |dw|/dt sampled at 1 kHz", r[0].peak_fd[0], r[1].peak_fd[0],
           r[2].peak_fd[0]);
    printf("  %-34s %16.3f %16.3f %16.3f\n", "  |dw|/dt sampled at 10 kHz", r[0].peak_fd[1], r[1].peak_fd[1],
           r[2].peak_fd[1]);
    printf("\n  (the first order's angular velocity jumps at the step: its |dw|/dt grows with the sample rate,\n"
           "   an angular acceleration without bound; the third order's is the same at any rate)\n\n");
    double ns_path, ns_follow;
    cost(path, &ns_path, &ns_follow);
    printf("  cost: a path sample %.0f ns; a follow frame (target given, then sampled) %.0f ns\n", ns_path, ns_follow);
    cp_path_destroy(path);
    return sink == 12345.0;
}

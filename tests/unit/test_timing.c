/* SPDX-License-Identifier: MIT */
/* tests/unit/test_timing.c - smooth timing: the overshoot examples
 * fixed, C2 at every key with and without holds (every derivative of every
 * channel), no reverse motion on jagged random keys, keys reached exactly
 * at their times, nothing moving inside a hold, and the times of the keys
 * and the ends of their holds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static cp_quat yaw(double deg) { return cp_quat_from_axis_angle(cp_vec3_make(0, 1, 0), deg * M_PI / 180); }

static cp_key key(double t, double x, cp_quat q, double fov)
{
    cp_key k = {.time = t, .position = {x, 0, 0}, .rotation = q, .fov = fov};
    return k;
}

static cp_path *make_turning(const cp_key *k, size_t n, cp_timing timing, cp_ends ends, double period,
                             double max_angular_speed)
{
    cp_path_options o = {.timing = timing, .ends = ends, .period = period, .max_angular_speed = max_angular_speed};
    cp_error err;
    cp_path *p = cp_path_create(k, n, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    return p;
}

static cp_path *make(const cp_key *k, size_t n, cp_timing timing, cp_ends ends, double period)
{
    return make_turning(k, n, timing, ends, period, 0);
}

/* What a dense sampling of a path shows. */
typedef struct sweep {
    double vx_min, vx_max, fov_min, fov_max, turned_deg;
} sweep;

static sweep sweep_path(const cp_path *p, int samples)
{
    sweep w = {INFINITY, -INFINITY, INFINITY, -INFINITY, 0};
    const double t0 = cp_path_start(p), span = cp_path_duration(p);
    cp_pose prev;
    for (int i = 0; i <= samples; i++) {
        cp_pose s;
        cp_path_sample(p, t0 + span * i / samples, &s);
        w.vx_min = fmin(w.vx_min, s.velocity.x), w.vx_max = fmax(w.vx_max, s.velocity.x);
        w.fov_min = fmin(w.fov_min, s.fov), w.fov_max = fmax(w.fov_max, s.fov);
        if (i > 0)
            w.turned_deg += cp_quat_angle_between(prev.rotation, s.rotation) * 180 / M_PI;
        prev = s;
    }
    return w;
}

/* The four keys under keys timing and smooth timing, each swept. */
typedef struct both {
    cp_path *keys, *smooth;
    sweep    a, b; /* keys timing, smooth timing */
} both;

static both both_ways(const cp_key k[4], int samples)
{
    both w;
    w.keys = make(k, 4, CP_TIMING_KEYS, CP_ENDS_NATURAL, 0);
    w.smooth = make(k, 4, CP_TIMING_SMOOTH, CP_ENDS_NATURAL, 0);
    w.a = sweep_path(w.keys, samples);
    w.b = sweep_path(w.smooth, samples);
    return w;
}

static void both_free(both *w)
{
    cp_path_destroy(w->keys);
    cp_path_destroy(w->smooth);
}

/* ---- the four overshoot examples ----------------------------------------------------------------- */

static void rotation_should_take_the_short_way(void **state)
{
    (void)state;
    /* yaw 0, 30, -60, -30 at 0, 1, 101, 102 s: the keys step 30 + 90 + 30 degrees */
    cp_key k[4] = {key(0, 0, yaw(0), 60), key(1, 0, yaw(30), 60), key(101, 0, yaw(-60), 60), key(102, 0, yaw(-30), 60)};
    both w = both_ways(k, 200000);
    printf("    yaw 0, 30, -60, -30: turned %.1f degrees with keys timing, %.2f with smooth timing\n", w.a.turned_deg,
           w.b.turned_deg);
    assert_true(w.a.turned_deg > 600);
    /* a C2 spline turning back overshoots a little at each reversal, in shape only */
    assert_true(w.b.turned_deg < 150 + 2 * 1.0);
    both_free(&w);
}

static void position_should_not_reverse(void **state)
{
    (void)state;
    cp_key k[4] = {key(0, 0, yaw(0), 60), key(1, 10, yaw(0), 60), key(1.2, 20, yaw(0), 60), key(3, 30, yaw(0), 60)};
    both w = both_ways(k, 100000);
    printf("    x = 0, 10, 20, 30 at 0, 1, 1.2, 3 s: vx %.1f..%.1f m/s with keys timing, %.3g..%.1f smooth\n",
           w.a.vx_min, w.a.vx_max, w.b.vx_min, w.b.vx_max);
    assert_true(w.a.vx_min < -10);
    assert_true(w.b.vx_min >= 0);
    both_free(&w);
}

static void fov_should_stay_within_its_keys(void **state)
{
    (void)state;
    cp_key k[4] = {key(0, 0, yaw(0), 60), key(1, 0, yaw(0), 20), key(10, 0, yaw(0), 20), key(11, 0, yaw(0), 60)};
    both w = both_ways(k, 100000);
    printf("    fov 60, 20, 20, 60: %.1f..%.1f degrees with keys timing (not clamped), %.1f..%.1f smooth\n",
           w.a.fov_min, w.a.fov_max, w.b.fov_min, w.b.fov_max);
    assert_true(w.a.fov_min < -60);
    if (!(w.b.fov_min == 20 && w.b.fov_max == 60))
        fail_msg("smooth fov from %.17g to %.17g", w.b.fov_min, w.b.fov_max);
    /* held exactly between the two 20 degree keys */
    for (int i = 0; i <= 100; i++) {
        cp_pose s;
        cp_path_sample(w.smooth, 1 + 9 * i / 100.0, &s);
        assert_true(s.fov == 20 && s.fov_velocity == 0 && s.fov_acceleration == 0);
    }
    both_free(&w);
}

static void repeated_key_should_hold_still(void **state)
{
    (void)state;
    cp_key k[4] = {key(0, 0, yaw(0), 60), key(1, 10, yaw(0), 60), key(2, 10, yaw(0), 60), key(3, 20, yaw(0), 60)};
    both w = both_ways(k, 100000);
    assert_true(w.a.vx_min < -1);
    assert_true(w.b.vx_min >= 0);
    for (int i = 0; i <= 100; i++) {
        cp_pose s;
        cp_path_sample(w.smooth, 1 + i / 100.0, &s);
        assert_true(s.position.x == 10 && s.velocity.x == 0 && s.acceleration.x == 0);
    }
    both_free(&w);
}

/* ---- random keys ----------------------------------------------------------------------------------- */

/* Jagged keys: times 0.05 to 5 s apart, positions anywhere, rotations
 * turning up to 80 degrees a step, fov anywhere in 20..100; some keys
 * repeated, some held, some turning on the spot. */
static size_t random_keys(testutil_rng *rng, size_t n, cp_key *k, int holds)
{
    double t = testutil_uniform(rng, -5, 5);
    cp_quat q = testutil_random_quat(rng);
    for (size_t i = 0; i < n; i++) {
        memset(&k[i], 0, sizeof k[i]);
        k[i].time = t;
        const double kind = testutil_uniform(rng, 0, 1);
        if (i > 0 && kind < 0.1) {
            k[i] = k[i - 1]; /* repeated: a pause */
            k[i].time = t;
            k[i].flags = 0;
        } else {
            k[i].position = cp_vec3_make(testutil_uniform(rng, -40, 40), testutil_uniform(rng, 0, 10),
                                         testutil_uniform(rng, -40, 40));
            if (i > 0 && kind < 0.2)
                k[i].position = k[i - 1].position; /* a turn on the spot */
            cp_vec3 axis = cp_vec3_make(testutil_uniform(rng, -1, 1), testutil_uniform(rng, -1, 1),
                                        testutil_uniform(rng, -1, 1));
            if (kind > 0.3 || i == 0)
                q = cp_quat_mul(cp_quat_from_axis_angle(axis, testutil_uniform(rng, 0, 1.4)), q);
            k[i].rotation = q;
            k[i].fov = kind > 0.25 ? testutil_uniform(rng, 20, 100) : (i > 0 ? k[i - 1].fov : 60);
        }
        double gap = testutil_uniform(rng, 0.05, 5);
        if (holds && testutil_uniform(rng, 0, 1) < 0.3) {
            k[i].flags = CP_KEY_HOLD;
            k[i].hold = testutil_uniform(rng, 0, 1) < 0.3 ? 0 : testutil_uniform(rng, 0.01, 3);
            gap += k[i].hold;
        }
        t += gap;
    }
    return n;
}

typedef struct jumps { double q[9], scale[9]; } jumps;

static void add_jump(jumps *j, int q, cp_vec3 l, cp_vec3 r)
{
    j->q[q] = fmax(j->q[q], cp_vec3_length(cp_vec3_sub(l, r)));
    j->scale[q] = fmax(j->scale[q], fmax(cp_vec3_length(l), cp_vec3_length(r)));
}

/* The largest difference of left and right limits at every key and hold end. */
static jumps measure(const cp_path *p)
{
    jumps j = {{0}, {0}};
    const cp_key *k = cp_path_keys(p);
    const size_t n = cp_path_key_count(p);
    const int closed = cp_path_get_options(p).ends == CP_ENDS_CLOSED;
    for (size_t i = 0; i < n; i++) {
        for (int end = 0; end < 2; end++) {
            double t = k[i].time + (end ? k[i].hold : 0);
            if (end && !(k[i].flags & CP_KEY_HOLD))
                continue;
            if (!closed && ((i == 0 && !end) || (i + 1 == n && (end || !(k[i].flags & CP_KEY_HOLD)))))
                continue;
            cp_pose l, r;
            cp_path_sample_side(p, t, -1, &l);
            cp_path_sample_side(p, t, 1, &r);
            add_jump(&j, 0, l.position, r.position);
            add_jump(&j, 1, l.velocity, r.velocity);
            add_jump(&j, 2, l.acceleration, r.acceleration);
            j.q[3] = fmax(j.q[3], cp_quat_angle_between(l.rotation, r.rotation)), j.scale[3] = 1;
            add_jump(&j, 4, l.angular_velocity, r.angular_velocity);
            add_jump(&j, 5, l.angular_acceleration, r.angular_acceleration);
            add_jump(&j, 6, cp_vec3_make(l.fov, 0, 0), cp_vec3_make(r.fov, 0, 0));
            add_jump(&j, 7, cp_vec3_make(l.fov_velocity, 0, 0), cp_vec3_make(r.fov_velocity, 0, 0));
            add_jump(&j, 8, cp_vec3_make(l.fov_acceleration, 0, 0), cp_vec3_make(r.fov_acceleration, 0, 0));
        }
    }
    return j;
}

static void smooth_paths_should_be_c2_at_every_key(void **state)
{
    (void)state;
    static const char *const what[9] = {"position", "velocity", "acceleration", "rotation", "angular velocity",
                                        "angular acceleration", "fov", "fov velocity", "fov acceleration"};
    double worst[9] = {0};
    testutil_rng rng = {2024};
    for (int trial = 0; trial < 240; trial++) {
        cp_key k[40];
        const size_t n = (size_t)testutil_uniform(&rng, 2, 40);
        const int holds = trial % 2;
        random_keys(&rng, n, k, holds);
        const cp_ends ends = (cp_ends)(trial / 2 % 3);
        double period = k[n - 1].time - k[0].time + (k[n - 1].flags & CP_KEY_HOLD ? k[n - 1].hold : 0) + 1.5;
        cp_path *p = make(k, n, CP_TIMING_SMOOTH, ends, period);
        jumps j = measure(p);
        for (int q = 0; q < 9; q++) {
            /* relative to the largest value of that derivative at any key, or 1 */
            const double rel = j.q[q] / fmax(j.scale[q], 1.0);
            if (!(rel <= 1e-9))
                fail_msg("trial %d (%zu keys, %s ends, holds %d): %s jumps by %.3g (scale %.3g)", trial, n,
                         cp_ends_name(ends), holds, what[q], j.q[q], j.scale[q]);
            worst[q] = fmax(worst[q], rel);
        }
        cp_path_destroy(p);
    }
    printf("    smooth timing, 240 random paths: largest relative jump at a key:\n     ");
    for (int q = 0; q < 9; q++)
        printf(" %s %.1g%s", what[q], worst[q], q == 4 ? "\n     " : q < 8 ? "," : "\n");
}

/* The warp never runs backwards, so the camera never moves back along the
 * shape: checked as u' >= 0 at 2,000 times per path and as motion along
 * the chord between keys on a line. */
static void smooth_warp_should_never_decrease(void **state)
{
    (void)state;
    testutil_rng rng = {99};
    double least = INFINITY;
    for (int trial = 0; trial < 200; trial++) {
        cp_key k[30];
        const size_t n = (size_t)testutil_uniform(&rng, 2, 30);
        random_keys(&rng, n, k, trial % 2);
        const cp_ends ends = (cp_ends)(trial % 3);
        double period = k[n - 1].time - k[0].time + (k[n - 1].flags & CP_KEY_HOLD ? k[n - 1].hold : 0) + 0.7;
        cp_path *p = make(k, n, CP_TIMING_SMOOTH, ends, period);
        const double t0 = cp_path_start(p), span = cp_path_duration(p);
        double prev = -INFINITY;
        for (int i = 0; i < 2000 + (ends != CP_ENDS_CLOSED); i++) { /* a loop's end is the next cycle's start */
            double u[3];
            cp_path_parameter(p, t0 + span * i / 2000, 1, u);
            if (!(u[1] >= 0) || !(u[0] >= prev))
                fail_msg("trial %d: u %.17g after %.17g, u' %.3g at t = %.17g", trial, u[0], prev, u[1],
                         t0 + span * i / 2000);
            least = fmin(least, u[1]);
            prev = u[0];
        }
        cp_path_destroy(p);
    }
    /* collinear keys, jagged times: the camera only ever moves forward */
    for (int trial = 0; trial < 100; trial++) {
        cp_key k[20];
        double t = 0, x = 0;
        for (int i = 0; i < 20; i++) {
            k[i] = key(t, x, yaw(0), 60);
            t += testutil_uniform(&rng, 0.01, 4);
            x += testutil_uniform(&rng, 0, 1) < 0.15 ? 0 : testutil_uniform(&rng, 0.01, 50);
        }
        cp_path *p = make(k, 20, CP_TIMING_SMOOTH, (cp_ends)(trial % 2), 0);
        const sweep w = sweep_path(p, 20000);
        assert_true(w.vx_min >= 0);
        cp_path_destroy(p);
    }
}

static void keys_should_be_reached_exactly_at_their_times(void **state)
{
    (void)state;
    testutil_rng rng = {5};
    for (int trial = 0; trial < 100; trial++) {
        cp_key k[30];
        const size_t n = (size_t)testutil_uniform(&rng, 2, 30);
        random_keys(&rng, n, k, trial % 2);
        double period = k[n - 1].time - k[0].time + (k[n - 1].flags & CP_KEY_HOLD ? k[n - 1].hold : 0) + 2;
        cp_path *p = make(k, n, CP_TIMING_SMOOTH, (cp_ends)(trial % 3), period);
        for (size_t i = 0; i < n; i++)
            for (int side = -1; side <= 1; side += 2) {
                cp_pose s;
                cp_path_sample_side(p, k[i].time, side, &s);
                if (!(s.position.x == k[i].position.x && s.position.y == k[i].position.y &&
                      s.position.z == k[i].position.z && s.fov == k[i].fov))
                    fail_msg("trial %d key %zu side %d: (%.17g %.17g) fov %.17g, expected (%.17g %.17g) %.17g", trial,
                             i, side, s.position.x, s.position.y, s.fov, k[i].position.x, k[i].position.y, k[i].fov);
                assert_true(fabs(cp_quat_dot(s.rotation, cp_quat_normalize(k[i].rotation))) >= 1 - 1e-15);
            }
        cp_path_destroy(p);
    }
}

static void holds_should_stand_still(void **state)
{
    (void)state;
    testutil_rng rng = {31};
    int holds = 0;
    for (int trial = 0; trial < 60; trial++) {
        cp_key k[20];
        const size_t n = (size_t)testutil_uniform(&rng, 2, 20);
        random_keys(&rng, n, k, 1);
        cp_path *p = make(k, n, CP_TIMING_SMOOTH, (cp_ends)(trial % 2), 0);
        for (size_t i = 0; i < n; i++) {
            if (!(k[i].flags & CP_KEY_HOLD))
                continue;
            holds++;
            for (int m = 0; m <= 20; m++) {
                cp_pose s;
                double u[3];
                const double t = k[i].time + k[i].hold * (m / 20.0);
                cp_path_sample(p, t, &s);
                cp_path_parameter(p, t, 1, u);
                if (!(u[1] == 0 && u[2] == 0)) {
                    for (size_t q = 0; q < n; q++) printf("K %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %u %.17g\n", k[q].time, k[q].position.x, k[q].position.y, k[q].position.z, k[q].rotation.x, k[q].rotation.y, k[q].rotation.z, k[q].rotation.w, k[q].fov, k[q].flags, k[q].hold);
                    fail_msg("trial %d key %zu of %zu (hold %.17g at %.17g), m %d: u %.17g u' %.3g u'' %.3g", trial, i, n, k[i].hold, k[i].time, m, u[0], u[1], u[2]);
                }
                assert_true(s.position.x == k[i].position.x && s.position.z == k[i].position.z && s.fov == k[i].fov);
                assert_true(cp_vec3_length(s.velocity) == 0 && cp_vec3_length(s.acceleration) == 0);
                assert_true(cp_vec3_length(s.angular_velocity) == 0 && cp_vec3_length(s.angular_acceleration) == 0);
                assert_true(s.fov_velocity == 0 && s.fov_acceleration == 0);
            }
        }
        cp_path_destroy(p);
    }
    assert_true(holds > 50);
}

static void key_times_should_list_keys_hold_ends_and_the_end(void **state)
{
    (void)state;
    cp_key k[4] = {key(0, 0, yaw(0), 60), key(1, 2, yaw(10), 60), key(3, 5, yaw(20), 55), key(4, 9, yaw(0), 50)};
    k[1].flags = CP_KEY_HOLD, k[1].hold = 0.5;
    k[2].flags = CP_KEY_HOLD, k[2].hold = 0; /* an instant at rest: no time of its own */
    k[3].flags = CP_KEY_HOLD, k[3].hold = 1;
    const struct {
        cp_timing timing;
        cp_ends   ends;
        double    period;
        size_t    n;
        double    want[8];
    } cases[] = {
        {CP_TIMING_SMOOTH, CP_ENDS_NATURAL, 0, 6, {0, 1, 1.5, 3, 4, 5}},      /* the last hold ends the path */
        {CP_TIMING_SMOOTH, CP_ENDS_CLOSED, 6, 7, {0, 1, 1.5, 3, 4, 5, 6}},    /* and a loop's period after it */
        {CP_TIMING_KEYS, CP_ENDS_NATURAL, 0, 4, {0, 1, 3, 4}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        cp_key kk[4];
        memcpy(kk, k, sizeof k);
        if (cases[c].timing == CP_TIMING_KEYS)
            for (int i = 0; i < 4; i++)
                kk[i].flags = 0, kk[i].hold = 0;
        cp_path *p = make(kk, 4, cases[c].timing, cases[c].ends, cases[c].period);
        double t[2 * 4 + 1];
        assert_int_equal(cp_path_key_times(p, t), cases[c].n);
        for (size_t i = 0; i < cases[c].n; i++)
            assert_true(t[i] == cases[c].want[i]);
        cp_path_destroy(p);
    }
}

/* ---- constant speed ------------------------------------------------------------------------------ */

/* A fly-through: the camera moves between every pair of keys (constant
 * speed cannot turn on the spot), 3 to 30 m, turning by up to 60 degrees at
 * a key; rotation, fov, times and holds as jagged as random_keys makes them. */
static void moving_keys(testutil_rng *rng, size_t n, cp_key *k, int holds)
{
    random_keys(rng, n, k, holds);
    double heading = testutil_uniform(rng, -M_PI, M_PI);
    for (size_t i = 1; i < n; i++) {
        heading += testutil_uniform(rng, -M_PI / 3, M_PI / 3);
        const double step = testutil_uniform(rng, 3, 30);
        k[i].position = cp_vec3_add(k[i - 1].position, cp_vec3_make(step * cos(heading), testutil_uniform(rng, -2, 2),
                                                                    step * sin(heading)));
    }
}

/* Whether t is within `margin` seconds of a stop (a hold, or a rest end). */
static int near_stop(const cp_path *p, double t, double margin)
{
    const cp_key *k = cp_path_keys(p);
    const size_t n = cp_path_key_count(p);
    const cp_path_options o = cp_path_get_options(p);
    for (size_t i = 0; i < n; i++) {
        const int stop = (k[i].flags & CP_KEY_HOLD) || (o.ends == CP_ENDS_REST && (i == 0 || i + 1 == n));
        for (int cycle = 0; cycle < (o.ends == CP_ENDS_CLOSED ? 2 : 1); cycle++) { /* a loop comes back to it */
            const double at = k[i].time + cycle * o.period;
            if (stop && t > at - margin && t < at + k[i].hold + margin)
                return 1;
        }
    }
    return 0;
}

static void constant_speed_should_be_constant_to_1e6(void **state)
{
    (void)state;
    testutil_rng rng = {404};
    double worst = 0, range[2] = {INFINITY, 0};
    for (int trial = 0; trial < 60; trial++) {
        cp_key k[25];
        const size_t n = (size_t)testutil_uniform(&rng, 3, 25); /* two keys of a loop go and come back */
        moving_keys(&rng, n, k, trial % 2);
        const cp_ends ends = (cp_ends)(trial / 2 % 3);
        double last = k[n - 1].time + (k[n - 1].flags & CP_KEY_HOLD ? k[n - 1].hold : 0);
        /* turning far below the fastest turn allowed: the pace is the
         * distance (turns paced: tests/unit/test_turn.c) */
        cp_path *p = make_turning(k, n, CP_TIMING_CONSTANT_SPEED, ends, last - k[0].time + 3,
                                  CP_PATH_MAX_ANGULAR_SPEED_LIMIT);
        const double t0 = cp_path_start(p), span = cp_path_duration(p);
        double lo = INFINITY, hi = 0;
        for (int i = 0; i < 5000; i++) {
            const double t = t0 + span * i / 5000;
            if (near_stop(p, t, 1.01)) /* an ease lasts at most 1 s */
                continue;
            cp_pose s;
            cp_path_sample(p, t, &s);
            const double v = cp_vec3_length(s.velocity);
            lo = fmin(lo, v), hi = fmax(hi, v);
        }
        if (hi > 0) {
            if (!(hi / lo - 1 <= 1e-6)) {
                fail_msg("trial %d (%zu keys, %s): speed %.12g .. %.12g", trial, n, cp_ends_name(ends), lo, hi);
            }
            worst = fmax(worst, hi / lo - 1);
            range[0] = fmin(range[0], lo), range[1] = fmax(range[1], hi);
        }
        cp_path_destroy(p);
    }
    printf("    constant speed, 60 random paths: speed constant to %.2g away from holds and rest ends\n", worst);
}

/* A recorded fly-through, as a hand on a game pad gives it: keys 0.1 to 1 s
 * apart, the speed wandering between 2 and 10 m/s, the heading turning, the
 * height, the view and the zoom jittering. Retimed to constant speed it
 * keeps its shape and moves at one speed (a speed test that could not be
 * met under the quadrature's rounding refused such recordings, about once in
 * 10^4 segments, as "bending too sharply"). */
static void constant_speed_should_retime_a_recorded_flight(void **state)
{
    (void)state;
    enum { N = 20000 };
    testutil_rng rng = {1};
    cp_key *k = calloc(N, sizeof *k);
    assert_non_null(k);
    double t = 0, heading = 0, turn = 0, speed = 5, fov = 60;
    cp_vec3 at = {0, 2, 0};
    for (size_t i = 0; i < N; i++) {
        k[i].time = t;
        k[i].position = at;
        k[i].rotation = cp_quat_from_yaw_pitch_roll(heading + testutil_uniform(&rng, -0.05, 0.05),
                                                    testutil_uniform(&rng, -0.05, 0.05), 0);
        k[i].fov = fov;
        const double dt = testutil_uniform(&rng, 0.1, 1.0);
        speed = fmin(10, fmax(2, speed + testutil_uniform(&rng, -1, 1)));
        turn = fmax(-0.3, fmin(0.3, turn + testutil_uniform(&rng, -0.1, 0.1)));
        heading += turn * dt;
        fov = fmin(80, fmax(40, fov + testutil_uniform(&rng, -1, 1)));
        at = cp_vec3_add(at, cp_vec3_make(speed * dt * cos(heading), testutil_uniform(&rng, -0.1, 0.1),
                                          speed * dt * sin(heading)));
        t += dt;
    }
    /* the fastest turn far beyond the flight's (up to 250 degrees per
     * second where the view jitters): the pace is the distance; at the
     * default the turns are paced (tests/unit/test_turn.c) */
    cp_path_options o = {.timing = CP_TIMING_SMOOTH, .ends = CP_ENDS_REST,
                         .max_angular_speed = CP_PATH_MAX_ANGULAR_SPEED_LIMIT};
    cp_path *p = cp_path_create(k, N, &o, NULL);
    assert_non_null(p);
    cp_error err;
    cp_path *q = cp_path_retime_constant_speed(p, 0, &err);
    if (!q)
        fail_msg("%s", err.message);
    const double t0 = cp_path_start(q), span = cp_path_duration(q);
    double lo = INFINITY, hi = 0;
    for (int i = 0; i < 20000; i++) {
        const double s = t0 + 1.01 + (span - 2.02) * i / 19999.0; /* away from the rest ends' eases */
        cp_pose pose;
        cp_path_sample(q, s, &pose);
        const double v = cp_vec3_length(pose.velocity);
        lo = fmin(lo, v), hi = fmax(hi, v);
    }
    if (!(hi / lo - 1 <= 1e-6))
        fail_msg("speed %.12g .. %.12g", lo, hi);
    for (size_t i = 0; i < N; i += 97) { /* the same keys, on the same shape */
        cp_pose pose;
        cp_path_sample(q, cp_path_keys(q)[i].time, &pose);
        assert_true(cp_vec3_length(cp_vec3_sub(pose.position, k[i].position)) <= 1e-9 * 1000);
    }
    printf("    a recorded flight of %d keys at constant speed: %.2g\n", N, hi / lo - 1);
    cp_path_destroy(q);
    cp_path_destroy(p);
    free(k);
}

/* Far from 0 (a recording 10^5 s and 10^5 m into a long take) the stored
 * ends of a warp piece round to about 1e-11 s and 1e-11 m, which moves the
 * speed of a piece a few milliseconds long by more than the 1e-8 it is laid
 * out to: the layout stops splitting at that floor (at most 1e-7, the
 * looser tolerance) instead of exhausting its budget on every such segment
 * (lib/path/warp_speed.c, rounding_floor). The speed stays constant to the
 * 1e-6 promised, and the flight is not refused. */
static void constant_speed_should_hold_far_from_zero(void **state)
{
    (void)state;
    enum { N = 3000 };
    testutil_rng rng = {7};
    cp_key *k = calloc(N, sizeof *k);
    assert_non_null(k);
    double t = 1e5, heading = 0, turn = 0, speed = 6;
    cp_vec3 at = {1e5, 20, -1e5};
    for (size_t i = 0; i < N; i++) {
        k[i].time = t;
        k[i].position = at;
        k[i].rotation = cp_quat_from_yaw_pitch_roll(-heading, testutil_uniform(&rng, -0.1, 0.1), 0);
        k[i].fov = 60;
        const double dt = testutil_uniform(&rng, 0.05, 0.15);
        speed = fmin(12, fmax(2, speed + testutil_uniform(&rng, -0.3, 0.3)));
        turn = fmax(-0.5, fmin(0.5, turn + testutil_uniform(&rng, -0.05, 0.05)));
        heading += turn * dt;
        at = cp_vec3_add(at, cp_vec3_make(speed * dt * cos(heading), testutil_uniform(&rng, -0.05, 0.05),
                                          speed * dt * sin(heading)));
        t += dt;
    }
    /* the pace is the distance (the fastest turn far beyond the flight's);
     * tests/unit/test_turn.c retimes it with its turns paced too */
    cp_path_options o = {.timing = CP_TIMING_SMOOTH, .max_angular_speed = CP_PATH_MAX_ANGULAR_SPEED_LIMIT};
    cp_path *p = cp_path_create(k, N, &o, NULL);
    assert_non_null(p);
    cp_error err;
    cp_path *q = cp_path_retime_constant_speed(p, 0, &err);
    if (!q)
        fail_msg("%s", err.message);
    const double t0 = cp_path_start(q), span = cp_path_duration(q), v = cp_path_constant_speed(q);
    double worst = 0;
    for (int i = 0; i <= 30000; i++) {
        cp_pose pose;
        cp_path_sample(q, t0 + span * i / 30000.0, &pose);
        /* where the view whips round at over 360 degrees per second (a
         * tenth of the fastest turn) the turn slows the pace by (1/10)^8 / 8
         * or more (docs/math.md, section 13): measured where it does not */
        if (cp_vec3_length(pose.angular_velocity) > 0.1 * CP_PATH_MAX_ANGULAR_SPEED_LIMIT * M_PI / 180)
            continue;
        worst = fmax(worst, fabs(cp_vec3_length(pose.velocity) / v - 1));
    }
    if (!(worst <= 1e-6))
        fail_msg("speed off the cruise by %.3g", worst);
    printf("    a flight of %d keys from t = 1e5 s at constant speed: within %.2g of the cruise\n", N, worst);
    cp_path_destroy(q);
    cp_path_destroy(p);
    free(k);
}

static void constant_speed_should_keep_the_shape(void **state)
{
    (void)state;
    testutil_rng rng = {77};
    for (int trial = 0; trial < 30; trial++) {
        cp_key k[20];
        const size_t n = (size_t)testutil_uniform(&rng, 3, 20);
        moving_keys(&rng, n, k, trial % 2);
        const cp_ends ends = (cp_ends)(trial % 3);
        double last = k[n - 1].time + (k[n - 1].flags & CP_KEY_HOLD ? k[n - 1].hold : 0);
        cp_path *smooth = make(k, n, CP_TIMING_SMOOTH, ends, last - k[0].time + 2);
        cp_error err;
        cp_path *even = cp_path_retime_constant_speed(smooth, 17.5, &err);
        if (!even) {
            for (size_t q = 0; q < n; q++) printf("K %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %u %.17g\n", k[q].time, k[q].position.x, k[q].position.y, k[q].position.z, k[q].rotation.x, k[q].rotation.y, k[q].rotation.z, k[q].rotation.w, k[q].fov, k[q].flags, k[q].hold);
            printf("ends %d period %.17g\n", ends, last - k[0].time + 2);
            fail_msg("trial %d: %s", trial, err.message);
        }
        assert_int_equal(cp_path_get_options(even).timing, CP_TIMING_CONSTANT_SPEED);
        assert_true(cp_path_duration(even) == 17.5);
        assert_near(cp_path_length(even), cp_path_length(smooth), 1e-12, 1);
        /* the same pose at the same distance along the path */
        const double len = cp_path_length(smooth);
        for (int i = 0; i <= 200; i++) {
            cp_pose a, b;
            cp_path_sample(smooth, cp_path_time_at_distance(smooth, len * i / 200), &a);
            cp_path_sample(even, cp_path_time_at_distance(even, len * i / 200), &b);
            assert_true(cp_vec3_length(cp_vec3_sub(a.position, b.position)) <= 1e-7 * (1 + len));
            assert_true(cp_quat_angle_between(a.rotation, b.rotation) <= 1e-7);
            assert_near(a.fov, b.fov, 1e-9, 60);
        }
        /* keys and holds kept, times changed, order kept */
        for (size_t i = 0; i < n; i++) {
            const cp_key *a = &cp_path_keys(smooth)[i], *b = &cp_path_keys(even)[i];
            assert_true(a->position.x == b->position.x && a->fov == b->fov && a->flags == b->flags &&
                        a->hold == b->hold);
            assert_true(i == 0 || b->time > cp_path_keys(even)[i - 1].time);
        }
        cp_path_destroy(even);
        cp_path_destroy(smooth);
    }
}

static void constant_speed_should_be_c2_and_still_in_holds(void **state)
{
    (void)state;
    testutil_rng rng = {9};
    double worst = 0;
    for (int trial = 0; trial < 60; trial++) {
        cp_key k[20];
        const size_t n = (size_t)testutil_uniform(&rng, 3, 20);
        moving_keys(&rng, n, k, 1);
        const cp_ends ends = (cp_ends)(trial % 3);
        double last = k[n - 1].time + (k[n - 1].flags & CP_KEY_HOLD ? k[n - 1].hold : 0);
        cp_path *p = make(k, n, CP_TIMING_CONSTANT_SPEED, ends, last - k[0].time + 2);
        jumps j = measure(p);
        for (int q = 0; q < 9; q++) {
            const double rel = j.q[q] / fmax(j.scale[q], 1.0);
            if (!(rel <= 1e-9))
                fail_msg("trial %d: quantity %d jumps by %.3g", trial, q, rel);
            worst = fmax(worst, rel);
        }
        const cp_key *kk = cp_path_keys(p);
        for (size_t i = 0; i < n; i++) {
            cp_pose s;
            cp_path_sample(p, kk[i].time, &s);
            assert_true(s.position.x == kk[i].position.x && s.position.z == kk[i].position.z && s.fov == kk[i].fov);
            if (!(kk[i].flags & CP_KEY_HOLD))
                continue;
            for (int m = 0; m <= 10; m++) {
                cp_path_sample(p, kk[i].time + kk[i].hold * (m / 10.0), &s);
                if (!(s.position.x == kk[i].position.x && cp_vec3_length(s.velocity) == 0 &&
                      cp_vec3_length(s.acceleration) == 0 && cp_vec3_length(s.angular_velocity) == 0))
                    fail_msg("trial %d (%zu keys, %s) key %zu, %d/10 into its hold of %.17g: x %.17g (key %.17g), "
                             "speed %.3g, acceleration %.3g, angular speed %.3g",
                             trial, n, cp_ends_name(ends), i, m, kk[i].hold, s.position.x, kk[i].position.x,
                             cp_vec3_length(s.velocity), cp_vec3_length(s.acceleration),
                             cp_vec3_length(s.angular_velocity));
            }
        }
        cp_path_destroy(p);
    }
    printf("    constant speed, 60 random paths with holds: largest relative jump at a key %.1g\n", worst);
}

static void constant_speed_should_refuse_waiting_on_the_spot(void **state)
{
    (void)state;
    cp_key k[4] = {key(0, 0, yaw(0), 60), key(1, 10, yaw(0), 60), key(2, 10, yaw(0), 50), key(3, 20, yaw(90), 60)};
    cp_path_options o = {.timing = CP_TIMING_CONSTANT_SPEED};
    cp_error err;
    assert_null(cp_path_create(k, 4, &o, &err));
    assert_string_equal(err.message, "keys[2].position: the same as keys[1]'s, and so is the rotation: at constant "
                                     "speed the camera cannot wait on the spot (use a hold to wait, or smooth timing)");
    /* a turn there is paced by the turn (tests/unit/test_turn.c) */
    k[2].rotation = yaw(90);
    cp_path *c = cp_path_create(k, 4, &o, &err);
    if (!c)
        fail_msg("%s", err.message);
    cp_path_destroy(c);
    /* the smooth path turns there, and exactly on the spot */
    o.timing = CP_TIMING_SMOOTH;
    cp_path *p = cp_path_create(k, 4, &o, &err);
    for (int i = 0; i <= 50; i++) {
        cp_pose s;
        cp_path_sample(p, 1 + i / 50.0, &s);
        assert_true(s.position.x == 10 && s.velocity.x == 0);
    }
    cp_path_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rotation_should_take_the_short_way),
        cmocka_unit_test(position_should_not_reverse),
        cmocka_unit_test(fov_should_stay_within_its_keys),
        cmocka_unit_test(repeated_key_should_hold_still),
        cmocka_unit_test(smooth_paths_should_be_c2_at_every_key),
        cmocka_unit_test(smooth_warp_should_never_decrease),
        cmocka_unit_test(keys_should_be_reached_exactly_at_their_times),
        cmocka_unit_test(holds_should_stand_still),
        cmocka_unit_test(key_times_should_list_keys_hold_ends_and_the_end),
        cmocka_unit_test(constant_speed_should_be_constant_to_1e6),
        cmocka_unit_test(constant_speed_should_keep_the_shape),
        cmocka_unit_test(constant_speed_should_retime_a_recorded_flight),
        cmocka_unit_test(constant_speed_should_hold_far_from_zero),
        cmocka_unit_test(constant_speed_should_be_c2_and_still_in_holds),
        cmocka_unit_test(constant_speed_should_refuse_waiting_on_the_spot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

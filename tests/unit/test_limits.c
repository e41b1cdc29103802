/* SPDX-License-Identifier: MIT */
/* tests/unit/test_limits.c - what the arithmetic can carry, tried as an
 * attacker and an unlucky user would: keys at every scale in every timing
 * and orientation, with every channel, are refused with a field named or
 * sample to finite poses; the inputs once reported to hang or give NaN; and
 * every iterative loop of the library driven to its bound, where it ends
 * with a correct result or a clear error. Each test that drives a loop to
 * its bound says which bound; that the bound is reached was measured with a
 * counter in the loop (the library keeps none). A hang fails the test
 * (testutil_hang_guard) instead of stalling `make test`. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Seconds a test may run before it is taken for a hang (under ASan too). */
#define HANG_SECONDS 120

static volatile int trial_now = -1;

static int setup(void **state)
{
    (void)state;
    trial_now = -1;
    testutil_hang_guard("test_limits", HANG_SECONDS, &trial_now);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    testutil_hang_clear();
    return 0;
}

static int finite3(cp_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

static int pose_finite(const cp_pose *q)
{
    return finite3(q->position) && finite3(q->velocity) && finite3(q->acceleration) && isfinite(q->rotation.x) &&
           isfinite(q->rotation.y) && isfinite(q->rotation.z) && isfinite(q->rotation.w) &&
           finite3(q->angular_velocity) && finite3(q->angular_acceleration) && isfinite(q->fov) &&
           isfinite(q->fov_velocity) && isfinite(q->fov_acceleration) && isfinite(q->focus) && isfinite(q->aperture);
}

/* Samples at every key time and hold end, 32 times between, from both
 * sides: NULL if all are finite, else what was not. */
static const char *sample_everywhere(const cp_path *p, double *bad_at)
{
    const size_t n = cp_path_key_count(p);
    double *times = malloc((2 * n + 1) * sizeof *times);
    assert_non_null(times);
    const size_t m = cp_path_key_times(p, times);
    const double start = cp_path_start(p), span = cp_path_duration(p);
    const char *bad = NULL;
    for (size_t i = 0; i < m + 33 && !bad; i++) {
        const double t = i < m ? times[i] : start + span * (double)(i - m) / 32.0;
        for (int side = -1; side <= 1 && !bad; side++) {
            cp_pose pose;
            if (side)
                cp_path_sample_side(p, t, side, &pose);
            else
                cp_path_sample(p, t, &pose);
            if (!pose_finite(&pose))
                bad = "a pose", *bad_at = t;
        }
    }
    free(times);
    if (!bad && !isfinite(cp_path_length(p)))
        bad = "the length";
    return bad;
}

/* ---- every channel at every scale ---------------------------------------------------------------- */

/* Random keys at every scale a double has, in smooth and constant-speed
 * timing, rotation and look-at orientation, with and without focus and
 * aperture (from subnormal to 1e300), roll and holds, every interpolation
 * and end: a path is refused with its field named, or it samples to finite
 * numbers everywhere. (test_path.c does the same for keys timing.) */
static void every_timed_path_that_builds_should_sample_finite(void **state)
{
    (void)state;
    testutil_rng rng = {1031};
    int built = 0, refused = 0;
    for (int trial = 0; trial < 2400; trial++) {
        trial_now = trial;
        cp_key k[6];
        memset(k, 0, sizeof k);
        const size_t n = 2 + (size_t)testutil_uniform(&rng, 0, 4.99);
        const double pscale = pow(10.0, testutil_uniform(&rng, -300, 300));
        const double hscale = pow(10.0, testutil_uniform(&rng, -150, 100));
        const int look_at = trial / 2 % 2, lens = trial / 4 % 2;
        /* times from 0 up to a million spacings away: farther, keys would not be apart in doubles */
        double t = testutil_uniform(&rng, -1, 1) * hscale * pow(10.0, testutil_uniform(&rng, -3, 6));
        for (size_t i = 0; i < n; i++) {
            k[i].time = t;
            k[i].position = cp_vec3_make(testutil_uniform(&rng, -1, 1) * pscale, testutil_uniform(&rng, -1, 1) * pscale,
                                         testutil_uniform(&rng, -1, 1));
            k[i].rotation = testutil_random_quat(&rng);
            k[i].fov = testutil_uniform(&rng, 1, 179);
            if (look_at) {
                const double tscale = fmax(pscale, 1e-3) * pow(10.0, testutil_uniform(&rng, -2, 6));
                k[i].target = cp_vec3_add(k[i].position, cp_vec3_make(testutil_uniform(&rng, -1, 1) * tscale,
                                                                      testutil_uniform(&rng, -1, 1) * tscale,
                                                                      testutil_uniform(&rng, -1, 1) * tscale));
                k[i].flags |= CP_KEY_TARGET;
                k[i].roll = trial % 3 == 0 ? testutil_uniform(&rng, -3600, 3600) : 0.0;
            }
            if (lens) {
                k[i].focus = pow(10.0, testutil_uniform(&rng, -323, 300));
                k[i].aperture = pow(10.0, testutil_uniform(&rng, -3, 3));
            }
            const double step = hscale * testutil_uniform(&rng, 0.01, 1);
            if (testutil_uniform(&rng, 0, 1) < 0.2) {
                k[i].flags |= CP_KEY_HOLD;
                k[i].hold = step * testutil_uniform(&rng, 0, 0.5);
            }
            t += step;
        }
        cp_path_options o = {.position = (cp_interp)(trial % 5), .rotation = (cp_interp)(trial / 5 % 5),
                             .fov = (cp_interp)(trial / 25 % 5), .ends = (cp_ends)(trial % 3),
                             .timing = trial / 8 % 2 ? CP_TIMING_CONSTANT_SPEED : CP_TIMING_SMOOTH,
                             .orientation = look_at ? CP_ORIENTATION_LOOK_AT : CP_ORIENTATION_ROTATION};
        o.period = (t - k[0].time) * testutil_uniform(&rng, 1.001, 2);
        cp_error err;
        cp_path *p = cp_path_create(k, n, &o, &err);
        if (!p) {
            refused++;
            if (err.code != CP_ERR_INVALID || err.field[0] == '\0')
                fail_msg("trial %d: refused without a field: %s", trial, err.message);
            continue;
        }
        built++;
        double at = 0;
        const char *bad = sample_everywhere(p, &at);
        if (bad)
            fail_msg("trial %d: %s at %a is not finite (%zu keys, %s, %s, positions %g, spacing %g)", trial, bad, at,
                     n, cp_timing_name(o.timing), cp_orientation_name(o.orientation), pscale, hscale);
        cp_path_destroy(p);
    }
    trial_now = -1;
    /* both outcomes happen, so the test sees both sides of the limits */
    printf("    timed paths at every scale: %d built, %d refused\n", built, refused);
    assert_true(built > 300 && refused > 300);
}

/* The inputs reported to hang cp_path_create or to sample to NaN: each is
 * refused with the field at fault, or builds and samples finite. */
static void reported_inputs_should_be_refused_or_sample_finite(void **state)
{
    (void)state;
    static const struct { const char *text, *field; } cases[] = {
        /* smooth timing, a position of 1e200: hung in the monotone build */
        {"{\"campath\":1,\"timing\":\"smooth\",\"keys\":[{\"t\":0,\"position\":[0,0,0],\"rotation\":[0,0,0,1]},"
         "{\"t\":1,\"position\":[1,0,0],\"rotation\":[0,0,0,1]},{\"t\":2,\"position\":[1e200,0,0],\"rotation\":"
         "[0,0,0,1]},{\"t\":3,\"position\":[0,1,0],\"rotation\":[0,0,0,1]}]}",
         "keys[2].t"},
        /* smooth timing, focus 1e-300 to 1e12 and a subnormal focus to 8: hung */
        {"{\"campath\":1,\"timing\":\"smooth\",\"keys\":[{\"t\":0,\"position\":[0,0,0],\"rotation\":[0,0,0,1],"
         "\"focus\":1e-300},{\"t\":1,\"position\":[1,0,0],\"rotation\":[0,0,0,1],\"focus\":1e12}]}",
         NULL},
        {"{\"campath\":1,\"timing\":\"smooth\",\"keys\":[{\"t\":0,\"position\":[0,0,0],\"rotation\":[0,0,0,1],"
         "\"focus\":4e-323},{\"t\":1,\"position\":[1,0,0],\"rotation\":[0,0,0,1],\"focus\":8}]}",
         NULL},
        /* constant-speed look-at, a target at -5e199: hung */
        {"{\"campath\":1,\"timing\":\"constant-speed\",\"orientation\":\"look-at\",\"keys\":[{\"t\":0,\"position\":"
         "[0,0,0],\"target\":[0.5,0.2,-2]},{\"t\":1,\"position\":[1,0,0],\"target\":[1.5,0.2,-2]},{\"t\":2,"
         "\"position\":[2,0,1],\"target\":[0,0,-5e199]}]}",
         "keys[2].t"},
        /* a look-at target at 9.2e299: NaN angular acceleration */
        {"{\"campath\":1,\"orientation\":\"look-at\",\"keys\":[{\"t\":0,\"position\":[0,0,0],\"target\":[0,0,9.2e299]},"
         "{\"t\":100,\"position\":[1,0,0],\"target\":[0,0,-1]}]}",
         "keys[1].target"},
        /* a closed smooth path with focus 5e-324: NaN everywhere */
        {"{\"campath\":1,\"timing\":\"smooth\",\"ends\":\"closed\",\"period\":3,\"keys\":[{\"t\":0,"
         "\"position\":[0,0,0],\"rotation\":[0,0,0,1],\"focus\":5e-324},{\"t\":1,\"position\":[1,0,0],"
         "\"rotation\":[0,0,0,1],\"focus\":1}]}",
         NULL},
        /* smooth timing over 1e200 s: NaN positions (h * h overflowed in the warp) */
        {"{\"campath\":1,\"timing\":\"smooth\",\"keys\":[{\"t\":0,\"position\":[0,0,0],\"rotation\":[0,0,0,1]},"
         "{\"t\":1e200,\"position\":[1,0,0],\"rotation\":[0,0,0,1]}]}",
         NULL},
        /* found by the fuzzer: a step of 2.4e-322 m, whose chord was scaled by 2^1068 (inf) */
        {"{\"campath\":1,\"timing\":\"smooth\",\"ends\":\"closed\",\"period\":9,\"keys\":[{\"t\":0,\"position\":"
         "[0,0,0],\"rotation\":[0,0,5,1]},{\"t\":2,\"position\":[0,0,0],\"rotation\":[0,0,0,1],\"hold\":1},{\"t\":4,"
         "\"position\":[5,0,0],\"rotation\":[0,1,0,0]},{\"t\":6,\"position\":[5,24e-323,0],\"rotation\":[1,0,0,0]}]}",
         NULL},
        /* found by the fuzzer: a subnormal hold, whose end is its key's time */
        {"{\"campath\":1,\"timing\":\"constant-speed\",\"keys\":[{\"t\":0,\"position\":[0,0,0],\"rotation\":[0,0,0,1]},"
         "{\"t\":5,\"position\":[1,0,0],\"rotation\":[0,0,0,1],\"hold\":1.5e-323},{\"t\":8,\"position\":[2,0,0],"
         "\"rotation\":[0,0,0,1]}]}",
         "keys[1].hold"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        cp_error err;
        cp_path *p = cp_path_load_memory(cases[c].text, strlen(cases[c].text), "reported", &err);
        if (cases[c].field) {
            if (p)
                fail_msg("case %zu loaded; expected a refusal at %s", c, cases[c].field);
            if (strcmp(err.field, cases[c].field) != 0)
                fail_msg("case %zu: refused at %s, expected %s: %s", c, err.field, cases[c].field, err.message);
            continue;
        }
        if (!p)
            fail_msg("case %zu refused: %s", c, err.message);
        double at = 0;
        const char *bad = sample_everywhere(p, &at);
        if (bad)
            fail_msg("case %zu: %s at %g is not finite", c, bad, at);
        /* the lens channel passes its keys exactly */
        const cp_key *k = cp_path_keys(p);
        cp_pose pose;
        cp_path_sample(p, k[1].time, &pose);
        assert_true(pose.focus == k[1].focus);
        cp_path_destroy(p);
    }
}

/* ---- loops at their bounds ---------------------------------------------------------------------- */

/* A key whose time, position along x and hold are given (rotation identity). */
static cp_key line_key(double t, double x)
{
    cp_key k = {.time = t, .position = {x, 0, 0}, .rotation = {0, 0, 0, 1}, .fov = 60};
    return k;
}

/* The monotone builder's shrinking (lib/path/monotone.c): a knot is shrunk
 * at most CPI_MONO_MAX_SHRINKS (40) times and then drops to zero slope, so a
 * build of n knots tests at most n + 120 n pieces whatever the data. These
 * keys (found by a search with a counter in the loop) shrink the warp's
 * knot 2 forty times: the warp still passes every key at its time, never
 * decreases and is C2. */
static void monotone_shrinking_should_end_at_its_cap(void **state)
{
    (void)state;
    static const double tx[7][2] = {
        {0x0p+0, 0x0p+0},
        {0x1.e2b79bd779d95p-14, 0x1.12e0be826d695p-30},
        {0x1.ba56cd0afb8edp-8, 0x1.12e0be826d695p-29},
        {0x1.299ea45e7dffcp+17, 0x1.9c511dc3a41ep-29},
        {0x1.299fe44c32656p+17, 0x1.0000000ce288fp+0},
        {0x1.299fe44de8f8fp+17, 0x1.0000000671448p+1},
        {0x1.299fe44fb91eap+17, 0x1.8000000671448p+1},
    };
    cp_key k[7];
    for (int i = 0; i < 7; i++)
        k[i] = line_key(tx[i][0], tx[i][1]);
    cp_path_options o = {.timing = CP_TIMING_SMOOTH, .ends = CP_ENDS_REST};
    cp_error err;
    cp_path *p = cp_path_create(k, 7, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    double prev = -INFINITY;
    for (int i = 0; i < 7; i++) {
        cp_pose pose;
        cp_path_sample(p, k[i].time, &pose);
        assert_true(pose.position.x == k[i].position.x); /* every key at its time, bit for bit */
        for (int j = 0; i + 1 < 7 && j < 64; j++) {
            double u[3];
            cp_path_parameter(p, k[i].time + (k[i + 1].time - k[i].time) * j / 64.0, 1, u);
            assert_true(u[0] >= prev && u[1] >= 0); /* never backwards */
            prev = u[0];
        }
    }
    double at = 0;
    assert_null(sample_everywhere(p, &at));
    cp_path_destroy(p);
}

/* The rotation builder inserts keys where the R4 curve comes near its
 * origin, for at most CPI_ROT_ROUNDS (8) rounds (lib/curve/rotation.c);
 * then it keeps a curve that clears 0.05, or refuses the keys. These two
 * loops (found by a search with a counter) reach that bound: one is kept,
 * one refused with the keys named. */
static void rotation_insertion_should_end_at_its_cap(void **state)
{
    (void)state;
    static const double kept[6][8] = {
        {0x0p+0, 0x1.a84bd80974d33p+2, 0x1.8168b4b61404ep+2, 0x1.3adbdf66c2c4p+1, 0x1.ddeda1b3eaa4bp-4,
         -0x1.2958d7e456328p-1, -0x1.f3e82bbe7ff39p-2, -0x1.4826a15c1e03ap-1},
        {0x1.157ae3413b4dp+2, 0x1.65d93470da79dp+1, 0x1.0b15e2a597a3ep+1, 0x1.79ae616945e04p+1, -0x1.21f0d530efd23p-3,
         -0x1.742b51e4015e5p-1, -0x1.57090e152cc21p-1, 0x1.a957b8237183ap-5},
        {0x1.17bbacc889abcp+2, 0x1.1231617fb5d1dp+0, 0x1.561d4e066b1dep+1, 0x1.227b6953963fap+3, -0x1.8bc1a75fff49p-1,
         0x1.883ecd9eb8f2ep-4, 0x1.104439ffd1cfp-4, 0x1.3f4f3adc0a364p-1},
        {0x1.17d27b0cf2fbdp+2, 0x1.9a63127e693e8p+2, 0x1.94d2884c8dfe5p+2, 0x1.24b0a16f1d457p+3, -0x1.be2462532e82dp-2,
         -0x1.8333bc6f0b737p-1, -0x1.f3103540b26efp-2, -0x1.bb2a267350751p-6},
        {0x1.18599cb2aa47fp+2, 0x1.7dc4bffce699bp+2, 0x1.ec68a78b0b5bfp+2, 0x1.7bd0a2ca94b2dp+2, 0x1.e27ee50077fc8p-2,
         0x1.70074f0eaab7p-2, 0x1.ba804a55b4c92p-3, 0x1.8d4bd3ec86843p-1},
        {0x1.187234536af6cp+2, 0x1.fbc6bbcf61c5ap+1, 0x1.6a55cb2e378e2p+2, 0x1.bd4c92d3afe14p+2, -0x1.c96a9e4b5f9ebp-3,
         0x1.265d2a9fd0e34p-3, -0x1.99756ac07c68cp-2, -0x1.c126e11318192p-1},
    };
    cp_key k[6];
    for (int i = 0; i < 6; i++)
        k[i] = (cp_key){.time = kept[i][0], .position = {kept[i][1], kept[i][2], kept[i][3]},
                        .rotation = {kept[i][4], kept[i][5], kept[i][6], kept[i][7]}, .fov = 60};
    cp_path_options o = {.ends = CP_ENDS_CLOSED, .period = 0x1.5a7e486476cbcp+8};
    cp_error err;
    cp_path *p = cp_path_create(k, 6, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    assert_true(cp_curve_key_count(cp_path_rotation_curve(p)) > 6); /* keys were inserted */
    double at = 0;
    assert_null(sample_everywhere(p, &at));
    cp_path_destroy(p);

    static const double refused[4][5] = {
        {0, -0.3161483670185366, 0.1360974381347749, 0.91791199996136652, 0.19739619472418438},
        {0.00053470506986316756, 0.51099723285004262, 0.1579155552703522, 0.38430990650203795, -0.75249611373591208},
        {215.13936146531094, 0.029769473944474014, 0.018452101703797182, 0.38797667087526039, 0.92100347514020375},
        {3083.5658602817361, 0.59560136439162981, 0.47833021142382198, 0.21660004026445479, -0.60790101672188956},
    };
    for (int i = 0; i < 4; i++)
        k[i] = (cp_key){.time = refused[i][0], .position = {i, 0, 0},
                        .rotation = {refused[i][1], refused[i][2], refused[i][3], refused[i][4]}, .fov = 60};
    o.period = 3091.9165453795308;
    assert_null(cp_path_create(k, 4, &o, &err));
    assert_string_equal(err.field, "keys[2].rotation");
    assert_non_null(strstr(err.message, "even after inserting keys"));
}

/* Constant speed lays each segment out in pieces split in halves of time
 * until each gives the speed to 1e-8, at most CPI_SPEED_DEPTH (40) deep and
 * CPI_SPEED_NODES (20000) pieces a segment, and again to 1e-7 where that
 * runs out (lib/path/warp_speed.c). Three metres in 4e8 s, eased into a
 * stop for a second, reach the depth at 1e-8 (the ease is 2e-9 of the
 * path, near what doubles resolve): laid out to 1e-7, the speed is the
 * cruise's away from the eases. An ease below 1e-9 of the path
 * (CPI_EASE_MIN_SHARE: nodes exact to 1e-16 of the distance, over the
 * tolerance 1e-7) is refused, naming the keys. */
static void constant_speed_layout_should_end_at_its_cap(void **state)
{
    (void)state;
    cp_key k[3] = {line_key(0, 0), line_key(1, 1), line_key(4e8, 2)};
    k[1].flags = CP_KEY_HOLD; /* a stop: an ease into it and out of it */
    k[2].position.y = 1;
    cp_path_options o = {.timing = CP_TIMING_CONSTANT_SPEED};
    cp_error err;
    cp_path *p = cp_path_create(k, 3, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    const double v = cp_path_constant_speed(p), t1 = cp_path_keys(p)[1].time;
    for (int j = 1; j < 8; j++) {
        const double t = j < 4 ? (t1 - 1) * j / 4.0 : t1 + 1 + (4e8 - t1 - 1) * (j - 4) / 4.0;
        cp_pose pose;
        cp_path_sample(p, t, &pose);
        assert_near(cp_vec3_length(pose.velocity), v, 1e-6, 0);
    }
    cp_path_destroy(p);
    /* a metre in 1e16 s: its eases would cover 5e-17 of it */
    cp_key slow[2] = {line_key(0, 0), line_key(1e16, 1)};
    o.ends = CP_ENDS_REST;
    assert_null(cp_path_create(slow, 2, &o, &err));
    assert_string_equal(err.field, "keys[1]");
    assert_non_null(strstr(err.message, "eases over 5e-17 m of the path's 1 m"));
}

/* Retiming to constant speed is a fixed-point iteration of at most
 * CPI_RETIME_ITERATIONS (60) rounds (lib/path/retime.c). Keys a billion
 * seconds from 0 have times 1.2e-7 s apart in doubles: the durations cannot
 * settle to 1e-10 and the rounds run out. The result is still a path
 * through the same keys with the same duration whose segments are timed by
 * their lengths, to within that resolution. */
static void retime_should_end_at_its_cap(void **state)
{
    (void)state;
    cp_key k[3] = {line_key(1e9, 0), line_key(1e9 + 0.05, 10), line_key(1e9 + 0.1, 10)};
    k[2].position.y = 3;
    cp_error err;
    cp_path *p = cp_path_create(k, 3, NULL, &err);
    assert_non_null(p);
    cp_path *r = cp_path_retime_constant_speed(p, 0, &err);
    if (!r)
        fail_msg("%s", err.message);
    const cp_key *q = cp_path_keys(r);
    assert_true(q[0].time == 1e9 && q[1].time > q[0].time && q[2].time > q[1].time);
    assert_near(q[2].time - q[0].time, 0.1, 1e-5, 0);
    /* the mean speed of both segments is the same, to the resolution of the times */
    cp_arclength *a = cp_arclength_create(r, &err);
    assert_non_null(a);
    const double l1 = cp_arclength_distance_at(a, q[1].time), l2 = cp_arclength_total(a) - l1;
    assert_near(l1 / (q[1].time - q[0].time), l2 / (q[2].time - q[1].time), 1e-4, 0);
    cp_arclength_destroy(a);
    cp_path_destroy(r);
    cp_path_destroy(p);
}

/* The look-at check of a smooth path finds the least distance to the target
 * by golden-section search until the bracket is 1e-13 of the parameter, at
 * most 60 steps (lib/path/check_lookat.c). Where the least is at the path's
 * start the bracket closes on 0, which no relative width reaches: the steps
 * run out, and the least is the first key's distance, at its time. */
static void check_search_should_end_at_its_cap(void **state)
{
    (void)state;
    cp_key k[2] = {{.time = 0, .position = {0, 0, 0}, .target = {0, 0, -0.05}, .flags = CP_KEY_TARGET, .fov = 60},
                   {.time = 2, .position = {1, 0, 0}, .target = {1, 0.5, -5}, .flags = CP_KEY_TARGET, .fov = 60}};
    cp_path_options o = {.timing = CP_TIMING_SMOOTH, .orientation = CP_ORIENTATION_LOOK_AT};
    cp_error err;
    cp_path *p = cp_path_create(k, 2, &o, &err);
    assert_non_null(p);
    cp_check_report r;
    assert_int_equal(cp_path_check(p, NULL, &r, &err), CP_OK);
    int near = 0;
    for (size_t i = 0; i < r.count; i++)
        if (r.findings[i].kind == CP_FINDING_TARGET_NEAR) {
            near++;
            assert_true(r.findings[i].at == 0);
            assert_near(r.findings[i].value, 0.05, 1e-12, 0);
        }
    assert_int_equal(near, 1);
    cp_check_report_free(&r);
    cp_path_destroy(p);
}

/* A sampled glTF export halves a piece until the glTF curve is within the
 * error bound, at most 40 deep (lib/gltf/gltf_sample.c). A bound of 1e-15
 * cannot be met with times in single precision: the depth runs out and
 * export says why. */
static void gltf_sampling_should_end_at_its_cap(void **state)
{
    (void)state;
    cp_error err;
    cp_path *p = cp_path_load("tests/data/good/smooth_holds.json", &err);
    assert_non_null(p);
    cp_gltf_export_options g = {.max_error = 1e-15};
    size_t size;
    assert_null(cp_gltf_export_memory(p, &g, &size, &err));
    assert_int_equal(err.code, CP_ERR_UNSUPPORTED);
    assert_non_null(strstr(err.message, "cannot be sampled within 1e-15"));
    g.max_error = 0; /* the default bound is met */
    char *text = cp_gltf_export_memory(p, &g, &size, &err);
    assert_non_null(text);
    free(text);
    cp_path_destroy(p);
}

/* Bisections with no test of convergence, each a count that every call
 * runs: the warp's inverse (CPI_QUINTIC_SOLVE_HALVINGS, 60: time at a
 * distance in smooth timing), the ease's inverse (CPI_EASE_HALVINGS, 60),
 * where an ease ends (CPI_EASE_CUT_HALVINGS, 100) and the cruising speed
 * (CPI_CRUISE_HALVINGS, 60). Their answers are as exact as doubles: the time
 * at half the length of a symmetric smooth path is its middle, and a
 * constant-speed path's keys and eases are where its distance says. */
static void bisections_should_run_their_count_to_full_precision(void **state)
{
    (void)state;
    cp_key k[3] = {line_key(0, 0), line_key(1, 1), line_key(2, 2)};
    cp_path_options o = {.timing = CP_TIMING_SMOOTH, .ends = CP_ENDS_REST};
    cp_path *p = cp_path_create(k, 3, &o, NULL);
    assert_non_null(p);
    assert_near(cp_path_time_at_distance(p, 1.0), 1.0, 1e-15, 1);
    assert_near(cp_path_time_at_distance(p, 0.25), 2.0 - cp_path_time_at_distance(p, 1.75), 1e-14, 1);
    cp_path_destroy(p);
    o.timing = CP_TIMING_CONSTANT_SPEED;
    cp_key c[3] = {line_key(0, 0), line_key(1, 4), line_key(10, 10)};
    p = cp_path_create(c, 3, &o, NULL);
    assert_non_null(p);
    const double v = cp_path_constant_speed(p), t1 = cp_path_keys(p)[1].time;
    /* 10 m in 10 s with a second's ease at each end: v (10 - 1) = 10 */
    assert_near(v, 10.0 / 9.0, 1e-15, 0);
    assert_near(t1, 0.5 + 4.0 / v, 1e-14, 0);
    cp_pose pose;
    cp_path_sample(p, 1.0, &pose); /* the end of the first ease: E(1) = 1/2 of v tau */
    assert_near(pose.position.x, 0.5 * v, 1e-12, 0);
    assert_near(pose.velocity.x, v, 1e-9, 0);
    cp_path_destroy(p);
}

/* Each test under the alarm that takes a hang for a failure. */
#define GUARDED(test) cmocka_unit_test_setup_teardown(test, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        GUARDED(every_timed_path_that_builds_should_sample_finite),
        GUARDED(reported_inputs_should_be_refused_or_sample_finite),
        GUARDED(monotone_shrinking_should_end_at_its_cap),
        GUARDED(rotation_insertion_should_end_at_its_cap),
        GUARDED(constant_speed_layout_should_end_at_its_cap),
        GUARDED(retime_should_end_at_its_cap),
        GUARDED(check_search_should_end_at_its_cap),
        GUARDED(gltf_sampling_should_end_at_its_cap),
        GUARDED(bisections_should_run_their_count_to_full_precision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* tests/unit/test_ease.c - eases at keys ("ease": [IN, OUT]): C2 at every
 * key and at both ends of every ease (measured from left and right
 * samples, with a negative control that the measure sees a jump), the warp
 * never decreasing, an ease of 1 an instant of rest, the speed at a key
 * scaled and the pace outside the eases kept, the file's member and its
 * errors, `campath check`, and the glTF export. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting.h"
#include "testutil.h"

static cp_quat yaw(double deg) { return cp_quat_from_axis_angle(cp_vec3_make(0, 1, 0), deg * M_PI / 180); }

static cp_path *make(const cp_key *k, size_t n, cp_timing timing, cp_ends ends, double period)
{
    cp_path_options o = {.timing = timing, .ends = ends, .period = period};
    cp_error err;
    cp_path *p = cp_path_create(k, n, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    return p;
}

/* Random keys 0.2 to 4 s apart, moving and turning, a third of them eased
 * (an ease of exactly 0 or 1 on a side half the time). */
static void random_keys(testutil_rng *rng, size_t n, cp_key *k)
{
    double t = testutil_uniform(rng, -5, 5);
    cp_quat q = testutil_random_quat(rng);
    for (size_t i = 0; i < n; i++) {
        memset(&k[i], 0, sizeof k[i]);
        k[i].time = t;
        k[i].position = cp_vec3_make(testutil_uniform(rng, -40, 40), testutil_uniform(rng, 0, 10),
                                     testutil_uniform(rng, -40, 40));
        cp_vec3 axis = cp_vec3_make(testutil_uniform(rng, -1, 1), testutil_uniform(rng, -1, 1),
                                    testutil_uniform(rng, -1, 1));
        q = cp_quat_mul(cp_quat_from_axis_angle(axis, testutil_uniform(rng, 0, 1.2)), q);
        k[i].rotation = q;
        k[i].fov = testutil_uniform(rng, 30, 90);
        if (testutil_uniform(rng, 0, 1) < 0.35)
            for (int c = 0; c < 2; c++) {
                const double r = testutil_uniform(rng, 0, 1);
                k[i].ease[c] = r < 0.25 ? 0.0 : r < 0.5 ? 1.0 : testutil_uniform(rng, 0, 1);
            }
        t += testutil_uniform(rng, 0.2, 4);
    }
}

/* The times where the warp joins pieces: every key, and both ends of every
 * ease (docs/math.md, section 20: max(IN, 0.2) of the arriving segment
 * before the key, max(OUT, 0.2) of the leaving one after). */
static size_t joins(const cp_path *p, double *t)
{
    const cp_key *k = cp_path_keys(p);
    const size_t n = cp_path_key_count(p);
    const cp_path_options o = cp_path_get_options(p);
    const int closed = o.ends == CP_ENDS_CLOSED;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        t[m++] = k[i].time;
        const double e = fmax(k[i].ease[0], k[i].ease[1]);
        if (!(e > 0))
            continue;
        const double prev = i > 0 ? k[i - 1].time : closed ? k[n - 1].time - o.period : NAN;
        const double next = i + 1 < n ? k[i + 1].time : closed ? k[0].time + o.period : NAN;
        if (!isnan(prev))
            t[m++] = k[i].time - fmax(k[i].ease[0], 0.2) * (k[i].time - prev);
        if (!isnan(next))
            t[m++] = k[i].time + fmax(k[i].ease[1], 0.2) * (next - k[i].time);
    }
    return m;
}

enum { Q_VEL, Q_ACC, Q_AVEL, Q_AACC, Q_FVEL, Q_FACC, NQ };
static const char *const what[NQ] = {"velocity",         "acceleration", "angular velocity",
                                     "angular acceleration", "fov velocity", "fov acceleration"};

static double rel_jump(cp_vec3 l, cp_vec3 r, double scale)
{
    return cp_vec3_length(cp_vec3_sub(l, r)) / fmax(scale, 1.0);
}

/* The largest jump of each derivative at the times t[0..m-1], relative to
 * its largest value over 400 samples of the path (or 1). */
static void measure(const cp_path *p, const double *t, size_t m, double worst[NQ])
{
    double scale[NQ] = {0};
    const double t0 = cp_path_start(p), span = cp_path_duration(p);
    for (int i = 0; i <= 400; i++) {
        cp_pose s;
        cp_path_sample(p, t0 + span * i / 400, &s);
        const double v[NQ] = {cp_vec3_length(s.velocity),         cp_vec3_length(s.acceleration),
                              cp_vec3_length(s.angular_velocity), cp_vec3_length(s.angular_acceleration),
                              fabs(s.fov_velocity),               fabs(s.fov_acceleration)};
        for (int q = 0; q < NQ; q++)
            scale[q] = fmax(scale[q], v[q]);
    }
    for (int q = 0; q < NQ; q++)
        worst[q] = 0;
    const int closed = cp_path_get_options(p).ends == CP_ENDS_CLOSED;
    for (size_t i = 0; i < m; i++) {
        if (!closed && (t[i] <= t0 || t[i] >= t0 + span))
            continue;
        cp_pose l, r;
        cp_path_sample_side(p, t[i], -1, &l);
        cp_path_sample_side(p, t[i], 1, &r);
        const double j[NQ] = {rel_jump(l.velocity, r.velocity, scale[Q_VEL]),
                              rel_jump(l.acceleration, r.acceleration, scale[Q_ACC]),
                              rel_jump(l.angular_velocity, r.angular_velocity, scale[Q_AVEL]),
                              rel_jump(l.angular_acceleration, r.angular_acceleration, scale[Q_AACC]),
                              fabs(l.fov_velocity - r.fov_velocity) / fmax(scale[Q_FVEL], 1.0),
                              fabs(l.fov_acceleration - r.fov_acceleration) / fmax(scale[Q_FACC], 1.0)};
        for (int q = 0; q < NQ; q++)
            worst[q] = fmax(worst[q], j[q]);
    }
}

static void eased_paths_should_be_c2_at_keys_and_ease_ends(void **state)
{
    (void)state;
    double worst_all[NQ] = {0};
    testutil_rng rng = {2107};
    for (int trial = 0; trial < 180; trial++) {
        cp_key k[24];
        const size_t n = (size_t)testutil_uniform(&rng, 2, 24);
        random_keys(&rng, n, k);
        const cp_ends ends = (cp_ends)(trial % 3);
        const double period = k[n - 1].time - k[0].time + testutil_uniform(&rng, 0.3, 3);
        cp_path *p = make(k, n, CP_TIMING_SMOOTH, ends, period);
        double t[3 * 24], worst[NQ];
        measure(p, t, joins(p, t), worst);
        for (int q = 0; q < NQ; q++) {
            if (!(worst[q] <= 1e-9))
                fail_msg("trial %d (%zu keys, %s ends): %s jumps by %.3g of its largest value", trial, n,
                         cp_ends_name(ends), what[q], worst[q]);
            worst_all[q] = fmax(worst_all[q], worst[q]);
        }
        cp_path_destroy(p);
    }
    printf("    eased smooth paths, 180 random: largest relative jump at a key or an ease's end:\n     ");
    for (int q = 0; q < NQ; q++)
        printf(" %s %.1g%s", what[q], worst_all[q], q + 1 < NQ ? "," : "\n");
}

/* The negative control: the same measure finds the jump in acceleration
 * that a bisector (C1) position makes at its keys. */
static void the_measure_should_see_a_c1_path(void **state)
{
    (void)state;
    cp_key k[4] = {{.time = 0, .position = {0, 0, 0}, .rotation = {0, 0, 0, 1}, .fov = 60},
                   {.time = 1, .position = {5, 0, 1}, .rotation = {0, 0, 0, 1}, .fov = 60, .ease = {0.5, 0.5}},
                   {.time = 3, .position = {9, 2, -4}, .rotation = {0, 0, 0, 1}, .fov = 60},
                   {.time = 4, .position = {10, 0, 0}, .rotation = {0, 0, 0, 1}, .fov = 60}};
    cp_path_options o = {.timing = CP_TIMING_SMOOTH, .position = CP_INTERP_BISECTOR};
    cp_error err;
    cp_path *p = cp_path_create(k, 4, &o, &err);
    assert_non_null(p);
    double t[12], worst[NQ];
    measure(p, t, joins(p, t), worst);
    printf("    bisector position with eases: acceleration jumps by %.3g (C1, not C2)\n", worst[Q_ACC]);
    assert_true(worst[Q_ACC] > 1e-3);
    assert_true(worst[Q_VEL] <= 1e-9);
    cp_path_destroy(p);
}

static void eased_warp_should_never_decrease(void **state)
{
    (void)state;
    testutil_rng rng = {77};
    for (int trial = 0; trial < 120; trial++) {
        cp_key k[20];
        const size_t n = (size_t)testutil_uniform(&rng, 2, 20);
        random_keys(&rng, n, k);
        const cp_ends ends = (cp_ends)(trial % 3);
        cp_path *p = make(k, n, CP_TIMING_SMOOTH, ends, k[n - 1].time - k[0].time + 1.0);
        const double t0 = cp_path_start(p), span = cp_path_duration(p);
        double prev = -INFINITY;
        for (int i = 0; i < 3000; i++) {
            double u[3];
            cp_path_parameter(p, t0 + span * i / 3000, 1, u);
            if (!(u[1] >= 0) || !(u[0] >= prev))
                fail_msg("trial %d: u %.17g after %.17g, u' %.3g", trial, u[0], prev, u[1]);
            prev = u[0];
        }
        /* and every key at its time, exactly */
        for (size_t i = 0; i < n; i++) {
            cp_pose s;
            cp_path_sample(p, k[i].time, &s);
            assert_near(s.position.x, k[i].position.x, 1e-12, 1);
            assert_near(s.position.z, k[i].position.z, 1e-12, 1);
        }
        cp_path_destroy(p);
    }
}

/* Evenly paced keys on a line: the plain warp is linear (1 m/s). */
static void line(cp_key *k, size_t n)
{
    for (size_t i = 0; i < n; i++)
        k[i] = (cp_key){.time = (double)i, .position = {(double)i, 0, 0}, .rotation = {0, 0, 0, 1}, .fov = 60};
}

static double speed_at(const cp_path *p, double t)
{
    cp_pose s;
    cp_path_sample(p, t, &s);
    return cp_vec3_length(s.velocity);
}

static void ease_one_should_rest_for_an_instant(void **state)
{
    (void)state;
    for (int side = 0; side < 3; side++) {
        cp_key k[5];
        line(k, 5);
        for (int i = 0; i < 5; i++) /* turning evenly too: the plain warp stays linear */
            k[i].rotation = yaw(30.0 * i);
        k[2].ease[0] = side != 1 ? 1.0 : 0.0; /* ease in, ease out, ease in-out */
        k[2].ease[1] = side != 0 ? 1.0 : 0.0;
        cp_path *p = make(k, 5, CP_TIMING_SMOOTH, CP_ENDS_NATURAL, 0);
        cp_pose s;
        cp_path_sample(p, 2.0, &s);
        assert_true(cp_vec3_length(s.velocity) <= 1e-12);
        assert_true(cp_vec3_length(s.angular_velocity) <= 1e-12);
        assert_near(s.position.x, 2.0, 1e-15, 1);
        /* moving on both sides, and forward */
        assert_true(speed_at(p, 1.99) > 0 && speed_at(p, 2.01) > 0);
        cp_pose a, b;
        cp_path_sample(p, 1.99, &a);
        cp_path_sample(p, 2.01, &b);
        assert_true(a.velocity.x > 0 && b.velocity.x > 0 && a.position.x < 2 && b.position.x > 2);
        /* the slowing spans max(IN, 0.2) before and max(OUT, 0.2) after: at
         * 0.5 s on a side with 0, the camera is at its plain pace again */
        if (side == 0)
            assert_near(speed_at(p, 2.5), 1.0, 1e-12, 1);
        if (side == 1)
            assert_near(speed_at(p, 1.5), 1.0, 1e-12, 1);
        if (side == 2)
            assert_true(fabs(speed_at(p, 1.5) - 1.0) > 0.05 && fabs(speed_at(p, 2.5) - 1.0) > 0.05);
        /* the keys outside the eased segments keep their pace */
        assert_near(speed_at(p, 0.5), 1.0, 1e-12, 1);
        assert_near(speed_at(p, 3.5), 1.0, 1e-12, 1);
        cp_path_destroy(p);
    }
}

static void ease_should_scale_the_speed_at_its_key(void **state)
{
    (void)state;
    const double depth[4] = {0.25, 0.5, 0.75, 0.9};
    for (int i = 0; i < 4; i++) {
        cp_key k[5];
        line(k, 5);
        k[2].ease[0] = depth[i], k[2].ease[1] = depth[i] / 2; /* the depth is the larger */
        cp_path *p = make(k, 5, CP_TIMING_SMOOTH, CP_ENDS_NATURAL, 0);
        assert_near(speed_at(p, 2.0), 1.0 - depth[i], 1e-12, 1);
        double u[3];
        cp_path_parameter(p, 2.0, 1, u);
        assert_true(fabs(u[2]) <= 1e-12); /* the speed is least there */
        cp_path_destroy(p);
    }
}

static void eased_keys_should_round_trip_through_the_file(void **state)
{
    (void)state;
    cp_key k[4];
    line(k, 4);
    k[1].ease[0] = 0.25, k[1].ease[1] = 1;
    k[2].ease[1] = 0.5;
    cp_path *p = make(k, 4, CP_TIMING_SMOOTH, CP_ENDS_REST, 0);
    cp_error err;
    size_t size;
    char *text = cp_path_save_memory(p, &size, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"ease\": [0.25, 1]"));
    assert_non_null(strstr(text, "\"ease\": [0, 0.5]"));
    assert_null(strstr(text + (strstr(text, "\"t\": 3") - text), "ease"));
    cp_path *back = cp_path_load_memory(text, size, "eased.json", &err);
    assert_non_null(back);
    const cp_key *b = cp_path_keys(back);
    assert_true(b[1].ease[0] == 0.25 && b[1].ease[1] == 1 && b[2].ease[0] == 0 && b[2].ease[1] == 0.5);
    assert_true(b[0].ease[0] == 0 && b[3].ease[1] == 0);
    free(text);
    cp_path_destroy(back);
    cp_path_destroy(p);
}

static void bad_eases_should_be_located_errors(void **state)
{
    (void)state;
    static const struct {
        const char *key1, *timing, *message;
    } cases[] = {
        {"\"ease\": [0, 1.5]", "smooth", "bad.json:4:"},
        {"\"ease\": [0, 1.5]", "smooth", "keys[1].ease[1]: 1.5 must be in [0, 1]"},
        {"\"ease\": [-0.25, 0]", "smooth", "keys[1].ease[0]: -0.25 must be in [0, 1]"},
        {"\"ease\": [0.5]", "smooth", "keys[1].ease"},
        {"\"ease\": 1", "smooth", "keys[1].ease"},
        {"\"ease\": [0.5, 0.5]", "keys", "keys[1].ease: an ease needs smooth or constant-speed timing"},
        {"\"ease\": [0.5, 0.5], \"hold\": 0", "smooth", "keys[1].ease: a key with a hold comes to rest already"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "{\n  \"campath\": 1, \"timing\": \"%s\",\n  \"keys\": [ { \"t\": 0, \"position\": [0, 0, 0], \"rotation\": [0, 0, "
                 "0, 1] },\n    { \"t\": 1, \"position\": [1, 0, 0], \"rotation\": [0, 0, 0, 1], %s },\n    { \"t\": "
                 "2, \"position\": [2, 0, 0], \"rotation\": [0, 0, 0, 1] } ]\n}\n",
                 cases[c].timing, cases[c].key1);
        cp_error err;
        cp_path *p = cp_path_load_memory(text, strlen(text), "bad.json", &err);
        if (p || !strstr(err.message, cases[c].message))
            fail_msg("case %zu: expected \"%s\", got \"%s\"", c, cases[c].message, p ? "a path" : err.message);
    }
    /* through the C API too, named by field and key */
    cp_key k[3];
    line(k, 3);
    k[1].ease[1] = NAN;
    cp_path_options o = {.timing = CP_TIMING_SMOOTH};
    cp_error err;
    assert_null(cp_path_create(k, 3, &o, &err));
    assert_string_equal(err.field, "keys[1].ease[1]");
    assert_int_equal(err.key, 1);
}

/* check_path's counts of jump and reverse findings. */
static void count_findings(const cp_path *p, size_t *jumps, size_t *reverse)
{
    cp_check_report r;
    cp_error err;
    assert_int_equal(cp_path_check(p, NULL, &r, &err), CP_OK);
    for (size_t f = 0; f < r.count; f++) {
        *jumps += r.findings[f].kind == CP_FINDING_JUMP;
        *reverse += r.findings[f].kind == CP_FINDING_REVERSE;
    }
    cp_check_report_free(&r);
}

/* `campath check`: no jump at any key of an eased path, and the same
 * reverse findings as without the eases (a random C2 shape swings back
 * past some keys whatever the timing: section 12's limits). */
static void check_should_find_no_jump_on_eased_paths(void **state)
{
    (void)state;
    testutil_rng rng = {31};
    size_t jumps = 0, reverse = 0, plain_jumps = 0, plain_reverse = 0;
    for (int trial = 0; trial < 40; trial++) {
        cp_key k[12];
        const size_t n = (size_t)testutil_uniform(&rng, 2, 12);
        random_keys(&rng, n, k);
        const double period = k[n - 1].time - k[0].time + 1.0;
        cp_path *p = make(k, n, CP_TIMING_SMOOTH, (cp_ends)(trial % 3), period);
        count_findings(p, &jumps, &reverse);
        cp_path_destroy(p);
        for (size_t i = 0; i < n; i++)
            k[i].ease[0] = k[i].ease[1] = 0;
        p = make(k, n, CP_TIMING_SMOOTH, (cp_ends)(trial % 3), period);
        count_findings(p, &plain_jumps, &plain_reverse);
        cp_path_destroy(p);
    }
    printf("    campath check on 40 eased random paths: %zu jump findings, %zu reverse (%zu without the eases)\n",
           jumps, reverse, plain_reverse);
    assert_int_equal(jumps, 0);
    assert_int_equal(plain_jumps, 0);
    assert_int_equal(reverse, plain_reverse);
}

/* The sampled glTF export plays the eased timing: the float samples follow
 * the eased path, not the plain one. */
static void gltf_export_should_carry_the_ease(void **state)
{
    (void)state;
    cp_key k[4];
    line(k, 4);
    k[1].ease[0] = k[1].ease[1] = 1;
    cp_path *eased = make(k, 4, CP_TIMING_SMOOTH, CP_ENDS_NATURAL, 0);
    k[1].ease[0] = k[1].ease[1] = 0;
    cp_path *plain = make(k, 4, CP_TIMING_SMOOTH, CP_ENDS_NATURAL, 0);
    cp_error err;
    size_t size;
    char *gltf = cp_gltf_export_memory(eased, NULL, &size, &err);
    assert_non_null(gltf);
    cp_gltf_import_options io = {.ignore_extras = 1, .refit = 1};
    cp_path *floats = cp_gltf_import_memory(gltf, size, "eased.gltf", &io, NULL, &err);
    if (!floats)
        fail_msg("%s", err.message);
    cp_path *exact = cp_gltf_import_memory(gltf, size, "eased.gltf", NULL, NULL, &err);
    assert_non_null(exact);
    assert_true(cp_path_keys(exact)[1].ease[0] == 1 && cp_path_keys(exact)[1].ease[1] == 1);
    double worst = 0, apart = 0;
    for (int i = 0; i <= 300; i++) {
        const double t = 3.0 * i / 300;
        cp_pose a, b, c;
        cp_path_sample(eased, t, &a);
        cp_path_sample(floats, t, &b);
        cp_path_sample(plain, t, &c);
        worst = fmax(worst, cp_vec3_length(cp_vec3_sub(a.position, b.position)));
        apart = fmax(apart, cp_vec3_length(cp_vec3_sub(a.position, c.position)));
    }
    printf("    glTF of an eased path: samples within %.2g m of it; it is %.2g m from the plain one\n", worst,
           apart);
    assert_true(worst < 2e-3);
    assert_true(apart > 0.05);
    free(gltf);
    cp_path_destroy(floats);
    cp_path_destroy(exact);
    cp_path_destroy(plain);
    cp_path_destroy(eased);
}

/* Keys moving on along x (or round a circle, for a loop) with some wander
 * and turn, 1.5 s apart; a third eased. Constant speed needs every
 * segment to move, and a loop to come round without a hairpin. */
static void moving_keys(testutil_rng *rng, size_t n, cp_key *k, int loop)
{
    double x = 0;
    for (size_t i = 0; i < n; i++) {
        memset(&k[i], 0, sizeof k[i]);
        k[i].time = (double)i * 1.5;
        const double a = 2 * M_PI * (double)i / (double)n;
        k[i].position = loop ? cp_vec3_make(20 * cos(a), testutil_uniform(rng, 0, 2), 20 * sin(a))
                             : cp_vec3_make(x, testutil_uniform(rng, 0, 3), testutil_uniform(rng, -3, 3));
        k[i].rotation = yaw(testutil_uniform(rng, -40, 40));
        k[i].fov = 60;
        if (testutil_uniform(rng, 0, 1) < 0.35)
            for (int c = 0; c < 2; c++) {
                const double r = testutil_uniform(rng, 0, 1);
                k[i].ease[c] = r < 0.25 ? 0.0 : r < 0.5 ? 1.0 : testutil_uniform(rng, 0, 1);
            }
        x += testutil_uniform(rng, 3, 12);
    }
}

/* The largest change of the acceleration (and angular acceleration)
 * between samples `step` seconds apart, relative to its largest value: a
 * C2 path gives a change that shrinks with the step, a jump does not. */
static double sampled_acc_change(const cp_path *p, double step)
{
    const double t0 = cp_path_start(p), span = cp_path_duration(p);
    double most = 0, scale = 1e-300;
    cp_pose prev;
    cp_path_sample(p, t0, &prev);
    for (double t = t0 + step; t <= t0 + span; t += step) {
        cp_pose s;
        cp_path_sample(p, t, &s);
        most = fmax(most, cp_vec3_length(cp_vec3_sub(s.acceleration, prev.acceleration)));
        most = fmax(most, cp_vec3_length(cp_vec3_sub(s.angular_acceleration, prev.angular_acceleration)));
        scale = fmax(scale, fmax(cp_vec3_length(s.acceleration), cp_vec3_length(s.angular_acceleration)));
        prev = s;
    }
    return most / scale;
}

static void constant_speed_should_ease_at_keys(void **state)
{
    (void)state;
    for (int kind = 0; kind < 3; kind++) {
        cp_key k[5];
        line(k, 5);
        const double depth = kind == 0 ? 1.0 : 0.5;
        k[2].ease[0] = kind == 1 ? 0.0 : depth; /* ease in, out, in-out */
        k[2].ease[1] = kind == 0 ? 0.0 : depth;
        cp_path *p = make(k, 5, CP_TIMING_CONSTANT_SPEED, CP_ENDS_NATURAL, 0);
        const double v = cp_path_constant_speed(p), t2 = cp_path_keys(p)[2].time;
        cp_pose s;
        cp_path_sample(p, t2, &s);
        assert_near(s.position.x, 2.0, 1e-12, 1);
        assert_near(cp_vec3_length(s.velocity), (1.0 - depth) * v, 1e-7, v);
        /* the cruise elsewhere, and the eased key reached later than halfway */
        assert_near(speed_at(p, 0.25), v, 1e-7, 1);
        assert_near(speed_at(p, 3.9), v, 1e-7, 1);
        assert_true(v > 1.0);
        double u[3], prev = -1;
        for (int i = 0; i <= 4000; i++) {
            cp_path_parameter(p, 4.0 * i / 4000, 1, u);
            assert_true(u[1] >= 0 && u[0] >= prev);
            prev = u[0];
        }
        cp_path_destroy(p);
    }
}

static void constant_speed_eases_should_be_c2(void **state)
{
    (void)state;
    testutil_rng rng = {404};
    double worst = 0, worst_jump = 0;
    for (int trial = 0; trial < 40; trial++) {
        cp_key k[10];
        const cp_ends ends = (cp_ends)(trial % 3);
        const size_t n = (size_t)testutil_uniform(&rng, ends == CP_ENDS_CLOSED ? 5 : 2, 10);
        moving_keys(&rng, n, k, ends == CP_ENDS_CLOSED);
        cp_path_options o = {.timing = CP_TIMING_CONSTANT_SPEED, .ends = ends,
                             .period = k[n - 1].time - k[0].time + 1.5};
        cp_error err;
        cp_path *p = cp_path_create(k, n, &o, &err);
        if (!p)
            fail_msg("trial %d: %s", trial, err.message);
        const double coarse = sampled_acc_change(p, 2e-3), fine = sampled_acc_change(p, 1e-3);
        /* a jump shows as the same change at both steps; continuity halves it */
        if (!(fine <= 0.75 * coarse || coarse < 1e-6))
            fail_msg("trial %d: acceleration changes by %.3g at 2 ms, %.3g at 1 ms", trial, coarse, fine);
        worst = fmax(worst, fine);
        double t[3 * 10], w[NQ];
        measure(p, t, joins(p, t), w); /* at the keys (the ease ends of smooth timing are no joins here) */
        for (size_t i = 0; i < n; i++)
            for (int q = 0; q < NQ; q++)
                worst_jump = fmax(worst_jump, w[q]);
        cp_path_destroy(p);
    }
    printf("    constant speed with eases, 40 random paths: largest jump at a key %.1g, change of the acceleration "
           "between samples 1 ms apart %.2g of its largest\n",
           worst_jump, worst);
    assert_true(worst_jump <= 1e-7);
    /* the negative control: a bisector (C1) path shows its jump to the same measure */
    cp_key k[4];
    line(k, 4);
    k[1].position.y = 1, k[2].position.z = -2;
    cp_path_options o = {.position = CP_INTERP_BISECTOR};
    cp_error err;
    cp_path *p = cp_path_create(k, 4, &o, &err);
    assert_non_null(p);
    const double coarse = sampled_acc_change(p, 2e-3), fine = sampled_acc_change(p, 1e-3);
    printf("    bisector position: acceleration changes by %.3g at 2 ms, %.3g at 1 ms (a jump)\n", coarse, fine);
    assert_true(fine > 0.75 * coarse);
    cp_path_destroy(p);
}

/* Every allocation an eased path makes can fail: the build says so, and
 * nothing leaks (smooth and constant-speed timing, the check too). */
static void eased_paths_should_survive_every_allocation_failure(void **state)
{
    (void)state;
    cp_key k[5];
    line(k, 5);
    k[1].ease[0] = 1, k[2].ease[1] = 0.5, k[4].ease[0] = 0.75;
    for (int timing = CP_TIMING_SMOOTH; timing <= CP_TIMING_CONSTANT_SPEED; timing++) {
        counting c;
        counting_init(&c);
        cp_path_options o = {.timing = (cp_timing)timing, .allocator = &c.allocator};
        long failures = 0;
        for (long n = 1;; n++) {
            counting_arm(&c, n);
            cp_error err;
            cp_path *p = cp_path_create(k, 5, &o, &err);
            if (!p) {
                assert_int_equal(err.code, CP_ERR_MEMORY);
                assert_int_equal(c.live_blocks, 0);
                failures++;
                continue;
            }
            cp_check_report r;
            const cp_status st = cp_path_check(p, NULL, &r, &err);
            if (st == CP_OK)
                cp_check_report_free(&r);
            else
                assert_int_equal(st, CP_ERR_MEMORY);
            const int refused = c.refused;
            cp_path_destroy(p);
            assert_int_equal(c.live_blocks, 0);
            if (!refused)
                break;
            failures++;
        }
        assert_true(failures > 5);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eased_paths_should_be_c2_at_keys_and_ease_ends),
        cmocka_unit_test(the_measure_should_see_a_c1_path),
        cmocka_unit_test(eased_warp_should_never_decrease),
        cmocka_unit_test(ease_one_should_rest_for_an_instant),
        cmocka_unit_test(ease_should_scale_the_speed_at_its_key),
        cmocka_unit_test(eased_keys_should_round_trip_through_the_file),
        cmocka_unit_test(bad_eases_should_be_located_errors),
        cmocka_unit_test(check_should_find_no_jump_on_eased_paths),
        cmocka_unit_test(gltf_export_should_carry_the_ease),
        cmocka_unit_test(constant_speed_should_ease_at_keys),
        cmocka_unit_test(constant_speed_eases_should_be_c2),
        cmocka_unit_test(eased_paths_should_survive_every_allocation_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

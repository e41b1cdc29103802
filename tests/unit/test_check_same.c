/* SPDX-License-Identifier: MIT */
/* tests/unit/test_check_same.c - `campath check` takes shortcuts that must
 * not change what it finds: a finding past the list is only counted (no
 * whip pan's peak refined for it, a turn decided by a lower bound where
 * one passes the allowance), the whip-pan rates are read from the orientation's
 * channels alone, a keys-timing look-at path's turn is integrated along a
 * cursor, a segment's turn is cleared by bounds of its Bezier pieces. On
 * random paths of every timing, interpolation, end and
 * orientation the findings must be the same, to the bit, as where no
 * shortcut applies: every finding listed; a shake layer scaled to zero on
 * every key (the pose is sampled whole); a look-at path's fov linear (the
 * sampler's general path); and no turn the samples show is hidden by the
 * bound. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define PATHS 150

/* A random path of `n` keys: options and keys both, from the generator;
 * zero_shake gives every key a shake_scale of 0 under an active layer. */
typedef struct spec {
    cp_path_options o;
    cp_key          k[40];
    size_t          n;
} spec;

static void make_spec(testutil_rng *r, spec *s)
{
    memset(s, 0, sizeof *s);
    cp_path_options *o = &s->o;
    s->n = 3 + (size_t)testutil_uniform(r, 0, 37);
    const int c2 = testutil_uniform(r, 0, 1) < 0.5;
    o->position = c2 ? CP_INTERP_C2 : (cp_interp)(int)testutil_uniform(r, 0, 5);
    o->rotation = c2 ? CP_INTERP_C2 : (cp_interp)(int)testutil_uniform(r, 0, 5);
    o->fov = c2 ? CP_INTERP_C2 : (cp_interp)(int)testutil_uniform(r, 0, 5);
    o->ends = (cp_ends)(int)testutil_uniform(r, 0, 3);
    o->timing = (cp_timing)(int)testutil_uniform(r, 0, 3);
    const int lookat = testutil_uniform(r, 0, 1) < 0.5;
    o->orientation = lookat ? CP_ORIENTATION_LOOK_AT : CP_ORIENTATION_ROTATION;
    if (testutil_uniform(r, 0, 1) < 0.25)
        o->max_angular_speed = testutil_uniform(r, 5, 200);
    /* jittery rotations make whip pans near the thresholds; some views come
     * near the vertical, some targets near the camera */
    const double jitter = testutil_uniform(r, 0, 1) < 0.3 ? 0.0 : testutil_uniform(r, 0.001, 0.5);
    const double sp = testutil_uniform(r, 0.5, 20), vert = testutil_uniform(r, 0, 1) < 0.2 ? 1.4 : 0.2;
    const double near = testutil_uniform(r, 0, 1) < 0.2 ? 0.05 : 5;
    const int lens = testutil_uniform(r, 0, 1) < 0.3;
    const int holds = o->timing != CP_TIMING_KEYS && testutil_uniform(r, 0, 1) < 0.3;
    double t = testutil_uniform(r, -10, 10), head = testutil_uniform(r, -3, 3);
    cp_vec3 p = {testutil_uniform(r, -50, 50), testutil_uniform(r, -5, 30), testutil_uniform(r, -50, 50)};
    for (size_t i = 0; i < s->n; i++) {
        cp_key *k = &s->k[i];
        k->time = t, k->position = p, k->fov = testutil_uniform(r, 30, 90);
        const double yaw = head + 6 * testutil_uniform(r, -jitter, jitter), pitch = testutil_uniform(r, -vert, vert);
        k->rotation = cp_quat_from_yaw_pitch_roll(yaw, pitch, testutil_uniform(r, -jitter, jitter));
        if (lookat) {
            const double d = testutil_uniform(r, near, 20);
            k->flags |= CP_KEY_TARGET;
            k->target = cp_vec3_add(p, cp_vec3_make(d * cos(yaw) * cos(pitch), d * sin(pitch), d * sin(yaw) * cos(pitch)));
            k->roll = 30 * testutil_uniform(r, -jitter, jitter);
        }
        if (lens)
            k->focus = testutil_uniform(r, 1, 20), k->aperture = testutil_uniform(r, 1.4, 16);
        const double dt = testutil_uniform(r, 0.05, 2);
        if (holds && testutil_uniform(r, 0, 1) < 0.25)
            k->flags |= CP_KEY_HOLD, k->hold = testutil_uniform(r, 0.1, 0.5) * dt;
        t += dt;
        head += 3 * jitter * testutil_uniform(r, -1, 1);
        p = cp_vec3_add(p, cp_vec3_make(sp * dt * testutil_uniform(r, -1, 1), 0.3 * sp * dt * testutil_uniform(r, -1, 1),
                                        sp * dt * testutil_uniform(r, -1, 1)));
    }
    if (o->ends == CP_ENDS_CLOSED)
        o->period = t - s->k[0].time + testutil_uniform(r, 0.05, 2);
}

/* The report of the path `s` describes (NULL if the keys are refused). */
static cp_path *build(const spec *s)
{
    cp_error err;
    return cp_path_create(s->k, s->n, &s->o, &err);
}

static void check(const cp_path *p, size_t max_findings, cp_check_report *r)
{
    cp_check_options co = {0};
    co.max_findings = max_findings;
    cp_error err;
    assert_int_equal(cp_path_check(p, &co, r, &err), CP_OK);
}

static int same_finding(const cp_finding *a, const cp_finding *b)
{
    return a->kind == b->kind && a->severity == b->severity && a->key[0] == b->key[0] && a->key[1] == b->key[1] &&
           memcmp(&a->at, &b->at, sizeof a->at) == 0 && memcmp(&a->value, &b->value, sizeof a->value) == 0 &&
           strcmp(a->message, b->message) == 0;
}

static int kind_of(const cp_finding *f, const cp_finding_kind *kinds, size_t nk)
{
    for (size_t i = 0; i < nk; i++)
        if (f->kind == kinds[i])
            return 1;
    return 0;
}

/* The findings of a and b of the given kinds (all kinds: nk == 0), in order. */
static void assert_same_findings(const cp_check_report *a, const cp_check_report *b, const cp_finding_kind *kinds,
                                 size_t nk, int seed)
{
    size_t i = 0, j = 0, compared = 0;
    for (;;) {
        while (i < a->count && nk && !kind_of(&a->findings[i], kinds, nk))
            i++;
        while (j < b->count && nk && !kind_of(&b->findings[j], kinds, nk))
            j++;
        if (i == a->count || j == b->count)
            break;
        if (!same_finding(&a->findings[i], &b->findings[j]))
            fail_msg("path %d: finding %zu differs:\n  %s (at %a, value %a)\n  %s (at %a, value %a)", seed, compared,
                     a->findings[i].message, a->findings[i].at, a->findings[i].value, b->findings[j].message,
                     b->findings[j].at, b->findings[j].value);
        i++, j++, compared++;
    }
    if (i != a->count || j != b->count)
        fail_msg("path %d: %zu and %zu findings", seed, a->count, b->count);
}

/* Counted past the list: the same totals, and the listed ones the first of all. */
static void a_counted_finding_should_count_as_a_listed_one(void **state)
{
    (void)state;
    testutil_rng r = {0x5eed0001u};
    size_t whips = 0, counted = 0;
    for (int s = 0; s < PATHS; s++) {
        spec sp;
        make_spec(&r, &sp);
        cp_path *p = build(&sp);
        if (!p)
            continue;
        cp_check_report all;
        check(p, (size_t)-1, &all);
        for (size_t i = 0; i < all.count; i++)
            whips += all.findings[i].kind == CP_FINDING_WHIP_PAN;
        static const size_t lists[] = {1, 2, 5};
        for (int l = 0; l < 3; l++) {
            cp_check_report some;
            check(p, lists[l], &some);
            if (some.total != all.total || some.errors != all.errors || some.warnings != all.warnings ||
                some.infos != all.infos)
                fail_msg("path %d, %zu listed: %zu findings counted (%zu errors, %zu warnings), all listed %zu (%zu, "
                         "%zu)",
                         s, lists[l], some.total, some.errors, some.warnings, all.total, all.errors, all.warnings);
            assert_int_equal(some.count, all.count < lists[l] ? all.count : lists[l]);
            for (size_t i = 0; i < some.count; i++)
                assert_true(same_finding(&some.findings[i], &all.findings[i]));
            counted += some.total - some.count;
            cp_check_report_free(&some);
        }
        cp_check_report_free(&all);
        cp_path_destroy(p);
    }
    /* the paths make enough of both to test */
    assert_true(whips > 100);
    assert_true(counted > 1000);
}

/* A shake layer scaled to zero on every key leaves every pose as it was,
 * but the whip-pan check samples such a path whole: the same findings. */
static void the_rates_should_be_the_sampled_poses(void **state)
{
    (void)state;
    testutil_rng r = {0x5eed0002u};
    size_t whips = 0;
    for (int s = 0; s < PATHS; s++) {
        spec sp;
        make_spec(&r, &sp);
        cp_path *p = build(&sp);
        if (!p)
            continue;
        spec z = sp;
        z.o.shake.seed = 7;
        z.o.shake.rotation = (cp_shake_band){2.0, 3.0};
        for (size_t i = 0; i < z.n; i++)
            z.k[i].flags |= CP_KEY_SHAKE_SCALE, z.k[i].shake_scale = 0.0;
        cp_path *q = build(&z);
        assert_non_null(q);
        cp_check_report a, b;
        check(p, (size_t)-1, &a);
        check(q, (size_t)-1, &b);
        assert_same_findings(&a, &b, NULL, 0, s);
        for (size_t i = 0; i < a.count; i++)
            whips += a.findings[i].kind == CP_FINDING_WHIP_PAN;
        cp_check_report_free(&a);
        cp_check_report_free(&b);
        cp_path_destroy(p);
        cp_path_destroy(q);
    }
    assert_true(whips > 100);
}

/* A look-at path's turn and rates do not depend on its fov: a linear fov
 * sends the sampler (and the checks) down their general path. */
static void a_look_at_turn_should_not_depend_on_the_fov(void **state)
{
    (void)state;
    testutil_rng r = {0x5eed0003u};
    static const cp_finding_kind kinds[] = {CP_FINDING_TURN, CP_FINDING_WHIP_PAN, CP_FINDING_LOOK_VERTICAL,
                                            CP_FINDING_TARGET_NEAR};
    size_t found = 0, paths = 0;
    for (int s = 0; s < PATHS; s++) {
        spec sp;
        make_spec(&r, &sp);
        if (sp.o.orientation != CP_ORIENTATION_LOOK_AT || sp.o.timing != CP_TIMING_KEYS)
            continue;
        sp.o.fov = CP_INTERP_C2;
        spec lin = sp;
        lin.o.fov = CP_INTERP_LINEAR;
        cp_path *p = build(&sp), *q = build(&lin);
        if (!p || !q) {
            cp_path_destroy(p);
            cp_path_destroy(q);
            continue;
        }
        cp_check_report a, b;
        check(p, (size_t)-1, &a);
        check(q, (size_t)-1, &b);
        assert_same_findings(&a, &b, kinds, 4, s);
        for (size_t i = 0; i < a.count; i++)
            found += kind_of(&a.findings[i], kinds, 4);
        paths++;
        cp_check_report_free(&a);
        cp_check_report_free(&b);
        cp_path_destroy(p);
        cp_path_destroy(q);
    }
    assert_true(paths > 10);
    assert_true(found > 50);
}

/* The angle between two rotations, degrees. */
static double degrees_between(cp_quat a, cp_quat b)
{
    const double d = fabs(cp_quat_dot(a, b));
    return 2.0 * acos(d < 1.0 ? d : 1.0) * 180.0 / M_PI;
}

/* A segment is cleared of the turn finding by bounds of its Bezier pieces
 * before any integral (a rotation curve's, a look-at view's): the bound
 * must never hide a turn. Every segment
 * whose turn, summed over 400 sampled steps (a sum below the true turn),
 * passes the allowance by 0.1% has its finding. */
static void a_bound_should_not_hide_a_turn(void **state)
{
    (void)state;
    testutil_rng r = {0x5eed0004u};
    size_t turns = 0, segments = 0;
    for (int s = 0; s < PATHS; s++) {
        spec sp;
        make_spec(&r, &sp);
        if (sp.o.orientation == CP_ORIENTATION_LOOK_AT && sp.o.timing != CP_TIMING_KEYS)
            continue; /* (the look-at bound is keys timing's) */
        if (sp.o.position == CP_INTERP_STEP || sp.o.rotation == CP_INTERP_STEP)
            continue; /* (a step turns at its keys, not between them) */
        cp_path *p = build(&sp);
        if (!p)
            continue;
        cp_check_report all;
        check(p, (size_t)-1, &all);
        const size_t nseg = sp.o.ends == CP_ENDS_CLOSED ? sp.n : sp.n - 1;
        for (size_t i = 0; i < nseg; i++) {
            const size_t j = i + 1 < sp.n ? i + 1 : 0;
            /* (constant speed computes the keys' times, and the period) */
            const cp_key *pk = cp_path_keys(p);
            const double t0 = pk[i].time, t1 = j ? pk[j].time : pk[0].time + cp_path_get_options(p).period;
            double turned = 0;
            cp_pose a, b;
            cp_path_sample_unshaken(p, t0, 1, &a);
            for (int q = 1; q <= 400; q++) {
                cp_path_sample_unshaken(p, q == 400 ? t1 : t0 + (t1 - t0) * q / 400, -1, &b);
                turned += degrees_between(a.rotation, b.rotation);
                a = b;
            }
            const double step = degrees_between(cp_path_keys(p)[i].rotation, cp_path_keys(p)[j].rotation);
            if (step > 170.0)
                continue; /* near a half turn the way round is rounding */
            const double allowed = step + 1.0 + 0.05 * step;
            segments++;
            if (!(turned > allowed * 1.001))
                continue;
            int found = 0;
            for (size_t f = 0; f < all.count; f++)
                found |= all.findings[f].kind == CP_FINDING_TURN && all.findings[f].key[0] == i;
            if (!found)
                fail_msg("path %d, keys %zu..%zu: turns %.6g degrees (allowed %.6g) and no finding", s, i, j, turned,
                         allowed);
            turns++;
        }
        cp_check_report_free(&all);
        cp_path_destroy(p);
    }
    assert_true(segments > 500);
    assert_true(turns > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_counted_finding_should_count_as_a_listed_one),
        cmocka_unit_test(the_rates_should_be_the_sampled_poses),
        cmocka_unit_test(a_look_at_turn_should_not_depend_on_the_fov),
        cmocka_unit_test(a_bound_should_not_hide_a_turn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

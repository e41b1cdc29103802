/* SPDX-License-Identifier: MIT */
/* tests/unit/test_duration.c - a path's or a span of keys' duration set
 * (cp_path_retime_duration): the moving time scaled, holds kept, the keys
 * after the span moved by the change, the shape of smooth timing kept, and
 * the same duration rule as cp_path_retime_constant_speed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static cp_key key(double t, double x, double y, double z)
{
    cp_key k = {.time = t, .position = {x, y, z}, .rotation = {0, 0, 0, 1}, .fov = 60};
    return k;
}

/* Five keys along a bend, smooth timing, key 1 holding 1 s. */
static cp_path *bend(cp_timing timing, cp_ends ends)
{
    cp_key k[5] = {key(0, 0, 0, 0), key(2, 4, 0, 0), key(5, 8, 1, 0), key(7, 9, 4, 1), key(10, 7, 8, 2)};
    if (timing != CP_TIMING_KEYS) {
        k[1].flags |= CP_KEY_HOLD;
        k[1].hold = 1.0;
    }
    cp_path_options o = {0};
    o.timing = timing;
    o.ends = ends;
    if (ends == CP_ENDS_CLOSED)
        o.period = 13;
    cp_error err;
    cp_path *p = cp_path_create(k, 5, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    return p;
}

static void the_whole_path_should_take_the_duration_with_its_holds_kept(void **state)
{
    (void)state;
    cp_path *p = bend(CP_TIMING_SMOOTH, CP_ENDS_NATURAL);
    cp_error err;
    cp_path *r = cp_path_retime_duration(p, 0, 4, 19.0, &err);
    assert_non_null(r);
    assert_near(cp_path_duration(r), 19.0, 1e-12, 1);
    const cp_key *a = cp_path_keys(p), *b = cp_path_keys(r);
    assert_near(b[1].hold, 1.0, 0, 1);
    /* moving time 10 - 1 = 9 s becomes 18 s: every segment's moving time doubled */
    assert_near(b[0].time, 0, 0, 1);
    assert_near(b[1].time, 4, 1e-12, 1);
    assert_near(b[2].time - (b[1].time + 1.0), 2 * (a[2].time - a[1].time - 1.0), 1e-12, 1);
    assert_near(b[4].time, 19, 1e-12, 1);
    /* the shape is the same: the pose at each key's time is the key, and midway along each
       segment by distance the points agree */
    for (int i = 0; i <= 20; i++) {
        double f = i / 20.0;
        cp_pose x, y;
        cp_path_sample(p, cp_path_time_at_distance(p, f * cp_path_length(p)), &x);
        cp_path_sample(r, cp_path_time_at_distance(r, f * cp_path_length(r)), &y);
        assert_near(x.position.x, y.position.x, 1e-6, 1);
        assert_near(x.position.y, y.position.y, 1e-6, 1);
    }
    cp_path_destroy(r);
    cp_path_destroy(p);
}

static void a_span_should_take_the_duration_and_push_the_later_keys(void **state)
{
    (void)state;
    cp_path *p = bend(CP_TIMING_SMOOTH, CP_ENDS_NATURAL);
    cp_error err;
    /* keys 1..3 span 5 s with the 1 s hold: 4 s of moving time become 5 s (x 1.25) */
    cp_path *r = cp_path_retime_duration(p, 1, 3, 6.0, &err);
    assert_non_null(r);
    const cp_key *a = cp_path_keys(p), *b = cp_path_keys(r);
    assert_near(b[0].time, a[0].time, 0, 1);
    assert_near(b[1].time, a[1].time, 0, 1);
    assert_near(b[3].time - b[1].time, 6.0, 1e-12, 1);
    assert_near(b[2].time, 2 + 1 + 1.25 * 2, 1e-12, 1);
    assert_near(b[4].time - b[3].time, a[4].time - a[3].time, 1e-12, 1);
    assert_near(cp_path_duration(r), cp_path_duration(p) + 1.0, 1e-12, 1);
    cp_path_destroy(r);
    cp_path_destroy(p);
}

/* The duration asked for, to the digit: 40 durations, the whole path and a
 * span, each exactly as asked (the sums of scaled segments alone end an ulp
 * or two off for some of them: 20.000000000000004 for 20 on such keys). */
static void the_duration_should_be_exactly_the_one_asked(void **state)
{
    (void)state;
    cp_path *p = bend(CP_TIMING_SMOOTH, CP_ENDS_NATURAL);
    for (int i = 0; i < 40; i++) {
        const double d = 11.0 + 0.37 * i;
        cp_error err;
        cp_path *r = cp_path_retime_duration(p, 0, 4, d, &err);
        assert_non_null(r);
        if (!(cp_path_duration(r) == d))
            fail_msg("whole path: asked %.17g s, got %.17g s", d, cp_path_duration(r));
        cp_path_destroy(r);
        r = cp_path_retime_duration(p, 1, 3, d / 2, &err);
        assert_non_null(r);
        const cp_key *b = cp_path_keys(r);
        /* a span ends where its first key's time plus the duration rounds to */
        if (!(b[3].time == b[1].time + d / 2))
            fail_msg("keys 1..3: asked to end at %.17g s, ends at %.17g s", b[1].time + d / 2, b[3].time);
        cp_path_destroy(r);
    }
    cp_path_destroy(p);
}

static void a_closed_path_should_take_the_duration_as_its_period(void **state)
{
    (void)state;
    cp_path *p = bend(CP_TIMING_SMOOTH, CP_ENDS_CLOSED);
    cp_error err;
    cp_path *r = cp_path_retime_duration(p, 0, 4, 25.0, &err);
    assert_non_null(r);
    assert_near(cp_path_get_options(r).period, 25.0, 0, 1);
    assert_near(cp_path_duration(r), 25.0, 1e-12, 1);
    /* the seam's moving time scaled like the others: 12 s of moving time became 24 s */
    const cp_key *b = cp_path_keys(r);
    assert_near(25.0 - b[4].time, 2 * 3.0, 1e-12, 1);
    cp_path_destroy(r);
    /* a span of it: the period follows the change */
    r = cp_path_retime_duration(p, 2, 3, 1.0, &err);
    assert_non_null(r);
    assert_near(cp_path_get_options(r).period, 12.0, 1e-12, 1);
    cp_path_destroy(r);
    cp_path_destroy(p);
}

static void keys_timing_should_scale_every_segment(void **state)
{
    (void)state;
    cp_path *p = bend(CP_TIMING_KEYS, CP_ENDS_NATURAL);
    cp_path *r = cp_path_retime_duration(p, 0, 4, 5.0, NULL);
    assert_non_null(r);
    for (size_t i = 0; i < 5; i++)
        assert_near(cp_path_keys(r)[i].time, cp_path_keys(p)[i].time / 2, 1e-12, 1);
    cp_path_destroy(r);
    cp_path_destroy(p);
}

static void constant_speed_should_follow_the_retime_rule(void **state)
{
    (void)state;
    cp_path *p = bend(CP_TIMING_CONSTANT_SPEED, CP_ENDS_NATURAL);
    cp_error err;
    cp_path *r = cp_path_retime_duration(p, 0, 4, 20.0, &err);
    cp_path *c = cp_path_retime_constant_speed(p, 20.0, &err);
    assert_non_null(r);
    assert_non_null(c);
    for (size_t i = 0; i < 5; i++)
        assert_near(cp_path_keys(r)[i].time, cp_path_keys(c)[i].time, 1e-9, 1);
    cp_path_destroy(r);
    cp_path_destroy(c);
    /* its inner times are the shape's: a span cannot be set */
    assert_null(cp_path_retime_duration(p, 1, 3, 4.0, &err));
    assert_string_equal(err.field, "duration");
    assert_non_null(strstr(err.message, "constant-speed"));
    cp_path_destroy(p);
}

static void a_duration_the_keys_cannot_take_should_be_named(void **state)
{
    (void)state;
    cp_path *p = bend(CP_TIMING_SMOOTH, CP_ENDS_NATURAL);
    cp_error err;
    /* no time left to move in: the hold alone takes 1 s */
    assert_null(cp_path_retime_duration(p, 0, 4, 1.0, &err));
    assert_string_equal(err.field, "duration");
    assert_non_null(strstr(err.message, "holds"));
    assert_null(cp_path_retime_duration(p, 0, 4, 0, &err));
    assert_string_equal(err.field, "duration");
    assert_null(cp_path_retime_duration(p, 0, 4, NAN, &err));
    assert_string_equal(err.field, "duration");
    /* the same limit as the retime's, with its words */
    assert_null(cp_path_retime_duration(p, 0, 4, 1e308, &err));
    assert_non_null(strstr(err.message, "CP_PATH_MAX_MAGNITUDE"));
    assert_null(cp_path_retime_duration(p, 3, 3, 1.0, &err));
    assert_null(cp_path_retime_duration(p, 2, 9, 1.0, &err));
    cp_path_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_whole_path_should_take_the_duration_with_its_holds_kept),
        cmocka_unit_test(a_span_should_take_the_duration_and_push_the_later_keys),
        cmocka_unit_test(the_duration_should_be_exactly_the_one_asked),
        cmocka_unit_test(a_closed_path_should_take_the_duration_as_its_period),
        cmocka_unit_test(keys_timing_should_scale_every_segment),
        cmocka_unit_test(constant_speed_should_follow_the_retime_rule),
        cmocka_unit_test(a_duration_the_keys_cannot_take_should_be_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

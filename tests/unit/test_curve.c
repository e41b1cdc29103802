/* SPDX-License-Identifier: MIT */
/* tests/unit/test_curve.c - the curve: evaluation to the digit, keys
 * reproduced exactly, segment search, clamping and looping, validation. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The glTF tutorial's LINEAR translation example: keys (14, 3, -2) at 0.8 s
 * and (18, 1, 1) at 1.6 s; at 1.2 s the value is (16, 2, -0.5). */
static void linear_should_match_gltf_example(void **state)
{
    (void)state;
    const double t[2] = {0.8, 1.6}, v[6] = {14, 3, -2, 18, 1, 1};
    cp_curve_desc d = {.dim = 3, .count = 2, .times = t, .values = v, .mode = CP_CURVE_LINEAR};
    cp_error err;
    cp_curve *c = cp_curve_create(&d, &err);
    assert_non_null(c);
    double out[3], d1[3], d2[3];
    cp_curve_sample(c, 1.2, out, d1, d2);
    assert_near(out[0], 16.0, 1e-15, 1);
    assert_near(out[1], 2.0, 1e-15, 1);
    assert_near(out[2], -0.5, 1e-15, 1);
    assert_near(d1[0], 4.0 / 0.8, 1e-15, 1);
    assert_true(d2[0] == 0 && d2[1] == 0 && d2[2] == 0);
    cp_curve_destroy(c);
}

/* A CUBICSPLINE segment worked by hand (docs/math.md): keys 1 at t=0 with
 * out-tangent 0.5 and 3 at t=2 with in-tangent -1; at t=0.5 (u = 1/4) the
 * Hermite basis is (27/32, 9/64, 5/32, -3/64), so p = 1.546875,
 * p' = 1.53125 and p'' = 1.125, all exact in binary. */
static void cubic_should_match_hand_computation(void **state)
{
    (void)state;
    const double t[2] = {0, 2}, v[2] = {1, 3}, in[2] = {7, -1}, out_t[2] = {0.5, 9};
    cp_curve_desc d = {.dim = 1, .count = 2, .times = t, .values = v, .in_tangents = in, .out_tangents = out_t};
    cp_curve *c = cp_curve_create(&d, NULL);
    assert_non_null(c);
    double p, p1, p2;
    cp_curve_sample(c, 0.5, &p, &p1, &p2);
    assert_true(p == 1.546875);
    assert_true(p1 == 1.53125);
    assert_true(p2 == 1.125);
    /* the unused tangents (in of key 0, out of key 1) must not matter */
    cp_curve_sample(c, 2.0, &p, &p1, NULL);
    assert_true(p == 3.0);
    assert_true(p1 == -1.0);
    cp_curve_destroy(c);
}

static cp_curve *random_curve(testutil_rng *rng, int dim, size_t n, cp_curve_mode mode, double period,
                              double **times_out, double **values_out)
{
    double *t = malloc(n * sizeof *t), *v = malloc(n * (size_t)dim * sizeof *v);
    double *in = malloc(n * (size_t)dim * sizeof *in), *out = malloc(n * (size_t)dim * sizeof *out);
    double acc = testutil_uniform(rng, -5, 5);
    for (size_t i = 0; i < n; i++) {
        /* gaps spanning 8 orders of magnitude, as in real recordings */
        acc += pow(10.0, testutil_uniform(rng, -4, 4)) * testutil_uniform(rng, 0.5, 1.5);
        t[i] = acc;
        for (int j = 0; j < dim; j++) {
            v[i * (size_t)dim + (size_t)j] = testutil_uniform(rng, -100, 100);
            in[i * (size_t)dim + (size_t)j] = testutil_uniform(rng, -10, 10);
            out[i * (size_t)dim + (size_t)j] = testutil_uniform(rng, -10, 10);
        }
    }
    cp_curve_desc d = {.dim = dim, .count = n, .times = t, .values = v, .in_tangents = in, .out_tangents = out,
                       .mode = mode, .period = period > 0 ? (t[n - 1] - t[0]) * period : 0};
    cp_error err;
    cp_curve *c = cp_curve_create(&d, &err);
    if (!c)
        fail_msg("%s", err.message);
    free(in);
    free(out);
    *times_out = t;
    *values_out = v;
    return c;
}

static void keys_should_be_reproduced_exactly(void **state)
{
    (void)state;
    testutil_rng rng = {42};
    for (int dim = 1; dim <= 4; dim++)
        for (int mode = 0; mode <= 2; mode++) {
            double *t, *v;
            cp_curve *c = random_curve(&rng, dim, 50, (cp_curve_mode)mode, 0, &t, &v);
            size_t cursor = 0;
            for (size_t i = 0; i < 50; i++) {
                double out[4], out2[4], key[4], kt;
                cp_curve_sample(c, t[i], out, NULL, NULL);
                cp_curve_sample_cursor(c, &cursor, t[i], out2, NULL, NULL);
                cp_curve_key(c, i, &kt, key, NULL, NULL);
                assert_true(kt == t[i]);
                for (int j = 0; j < dim; j++) {
                    assert_true(out[j] == v[i * (size_t)dim + (size_t)j]);
                    assert_true(out2[j] == v[i * (size_t)dim + (size_t)j]);
                    assert_true(key[j] == v[i * (size_t)dim + (size_t)j]);
                }
            }
            free(t);
            free(v);
            cp_curve_destroy(c);
        }
}

static size_t brute_force_segment(const double *t, size_t nseg, double x)
{
    size_t i = 0;
    while (i + 1 < nseg && t[i + 1] <= x)
        i++;
    return i;
}

static void search_should_agree_with_brute_force(void **state)
{
    (void)state;
    testutil_rng rng = {7};
    const size_t sizes[] = {2, 3, 17, 1000, 4096};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        double *t, *v;
        cp_curve *c = random_curve(&rng, 1, n, CP_CURVE_CUBIC, 0, &t, &v);
        size_t cursor = 0;
        double x = t[0];
        for (int k = 0; k < 20000; k++) {
            double r;
            switch (k % 4) {
            case 0: r = testutil_uniform(&rng, t[0], t[n - 1]); break;            /* random */
            case 1: r = t[(size_t)testutil_uniform(&rng, 0, (double)n - 0.5)]; break; /* exactly a key */
            case 2: x += testutil_uniform(&rng, 0, (t[n - 1] - t[0]) / (double)n); /* playback */
                    r = x > t[n - 1] ? (x = t[0]) : x; break;
            default: r = nextafter(t[(size_t)testutil_uniform(&rng, 0, (double)n - 0.5)], -INFINITY);
                     if (r < t[0]) r = t[0];
            }
            size_t want = brute_force_segment(t, n - 1, r);
            assert_int_equal(cp_curve_find_segment(c, r), want);
            /* the cursor must agree whatever order the times come in */
            double a, b;
            cp_curve_sample_cursor(c, &cursor, r, &a, NULL, NULL);
            cp_curve_sample(c, r, &b, NULL, NULL);
            assert_int_equal(cursor, want);
            assert_true(a == b);
        }
        free(t);
        free(v);
        cp_curve_destroy(c);
    }
}

static void open_curve_should_hold_its_ends(void **state)
{
    (void)state;
    const double t[3] = {1, 2, 4}, v[3] = {0, 5, 1};
    cp_curve *c = cp_curve_build(1, 3, t, v, CP_INTERP_C2, CP_ENDS_NATURAL, 0, NULL);
    assert_non_null(c);
    double p, p1, p2, e, e1, e2;
    cp_curve_sample(c, -100, &p, &p1, &p2);
    cp_curve_sample_side(c, 1, 1, &e, &e1, &e2); /* the one-sided values at the start */
    assert_true(p == 0 && p1 == e1 && p2 == e2);
    assert_true(p1 != 0); /* one-sided velocity, not zero */
    cp_curve_sample(c, 1e300, &p, &p1, &p2);
    cp_curve_sample_side(c, 4, -1, &e, &e1, &e2);
    assert_true(p == 1 && p1 == e1 && p2 == e2);
    cp_curve_sample(c, NAN, &p, NULL, NULL); /* a NaN time is a caller bug: answered, not crashed */
    assert_true(p == 0);
    cp_curve_destroy(c);
}

static void looping_curve_should_wrap(void **state)
{
    (void)state;
    testutil_rng rng = {99};
    double *t, *v;
    cp_curve *c = random_curve(&rng, 2, 9, CP_CURVE_CUBIC, 0, &t, &v);
    free(t);
    free(v);
    /* a loop over the key range: rebuild the same keys with loop set */
    double times[9], values[18], in[18], out[18];
    for (size_t i = 0; i < 9; i++)
        cp_curve_key(c, i, &times[i], values + 2 * i, in + 2 * i, out + 2 * i);
    cp_curve_desc d = {.dim = 2, .count = 9, .times = times, .values = values, .in_tangents = in,
                       .out_tangents = out, .loop = 1};
    cp_curve *l = cp_curve_create(&d, NULL);
    assert_non_null(l);
    double span = times[8] - times[0];
    for (int k = 0; k < 100; k++) {
        double x = testutil_uniform(&rng, times[0], times[8]);
        double a[2], b[2], e[2];
        cp_curve_sample(l, x, a, NULL, NULL);
        cp_curve_sample(l, x + 3 * span, b, NULL, NULL);
        cp_curve_sample(l, x - 2 * span, e, NULL, NULL);
        assert_near(a[0], b[0], 1e-9, 100);
        assert_near(a[1], e[1], 1e-9, 100);
    }
    cp_curve_destroy(c);
    cp_curve_destroy(l);
}

static void closed_curve_should_join_last_key_to_first(void **state)
{
    (void)state;
    const double t[3] = {0, 1, 3}, v[3] = {2, 4, 3};
    cp_curve *c = cp_curve_build(1, 3, t, v, CP_INTERP_LINEAR, CP_ENDS_CLOSED, 5, NULL);
    assert_non_null(c);
    double p, p1;
    cp_curve_sample(c, 4, &p, &p1, NULL); /* halfway along the seam segment 3 -> 5 */
    assert_near(p, 2.5, 1e-15, 1);
    assert_near(p1, -0.5, 1e-15, 1);
    cp_curve_sample(c, 5, &p, NULL, NULL);
    assert_true(p == 2);
    cp_curve_sample(c, -1, &p, NULL, NULL); /* wraps backwards too */
    assert_near(p, 2.5, 1e-15, 1);
    assert_true(cp_curve_end(c) == 5 && cp_curve_period(c) == 5 && cp_curve_key_count(c) == 3);
    cp_curve_destroy(c);
}

static void step_should_hold_the_previous_key(void **state)
{
    (void)state;
    const double t[3] = {0, 1, 2}, v[3] = {10, 20, 30};
    cp_curve *c = cp_curve_build(1, 3, t, v, CP_INTERP_STEP, CP_ENDS_NATURAL, 0, NULL);
    double p, p1;
    cp_curve_sample(c, 0.999, &p, &p1, NULL);
    assert_true(p == 10 && p1 == 0);
    cp_curve_sample(c, 1.0, &p, NULL, NULL);
    assert_true(p == 20);
    cp_curve_sample(c, 2.0, &p, NULL, NULL);
    assert_true(p == 30);
    cp_curve_sample(c, 50.0, &p, NULL, NULL);
    assert_true(p == 30);
    cp_curve_destroy(c);
}

static void single_key_curve_should_be_constant(void **state)
{
    (void)state;
    const double t[1] = {3}, v[2] = {1, 2};
    cp_curve_desc d = {.dim = 2, .count = 1, .times = t, .values = v};
    cp_curve *c = cp_curve_create(&d, NULL);
    assert_non_null(c);
    double p[2], p1[2];
    cp_curve_sample(c, -7, p, p1, NULL);
    assert_true(p[0] == 1 && p[1] == 2 && p1[0] == 0 && p1[1] == 0);
    cp_curve_destroy(c);
}

static void expect_error(const cp_curve_desc *d, const char *needle)
{
    cp_error err = {0};
    cp_curve *c = cp_curve_create(d, &err);
    assert_null(c);
    assert_int_equal(err.code == CP_ERR_INVALID || err.code == CP_ERR_LIMIT, 1);
    if (!strstr(err.message, needle))
        fail_msg("message \"%s\" does not mention \"%s\"", err.message, needle);
}

static void bad_descriptions_should_be_rejected(void **state)
{
    (void)state;
    double t[3] = {0, 1, 2}, v[12] = {0};
    cp_curve_desc d = {.dim = 1, .count = 3, .times = t, .values = v};
    cp_curve_desc bad = d;
    bad.dim = 0;
    expect_error(&bad, "dimension 0");
    bad.dim = 5;
    expect_error(&bad, "dimension 5");
    bad = d;
    bad.rotation = 1;
    expect_error(&bad, "rotation curve has dimension 4");
    bad = d;
    bad.count = 0;
    expect_error(&bad, "at least 1 key");
    double tb[3] = {0, 1, 1};
    bad = d;
    bad.times = tb;
    expect_error(&bad, "curve key 2: time 1 must be greater than key 1's time 1");
    double tn[3] = {0, NAN, 2};
    bad.times = tn;
    expect_error(&bad, "curve key 1: time is not a finite number");
    double vn[3] = {0, INFINITY, 0};
    bad = d;
    bad.values = vn;
    expect_error(&bad, "curve key 1: value[0] is not a finite number (inf)");
    bad = d;
    bad.in_tangents = vn;
    expect_error(&bad, "in-tangent[0]");
    bad = d;
    bad.period = 2;
    expect_error(&bad, "period 2 must exceed the key span 2");
    bad.period = -1;
    expect_error(&bad, "period -1");
    bad = d;
    bad.antiperiodic = 1;
    expect_error(&bad, "anti-periodic needs a period");
    bad = d;
    bad.mode = (cp_curve_mode)9;
    expect_error(&bad, "unknown mode 9");
    expect_error(NULL, "no description");
    /* the builder checks too, before any tangent is computed */
    cp_error err;
    assert_null(cp_curve_build(1, 3, tn, v, CP_INTERP_C2, CP_ENDS_NATURAL, 0, &err));
    assert_non_null(strstr(err.message, "not a finite number"));
    assert_null(cp_curve_build(1, 3, t, v, CP_INTERP_C2, CP_ENDS_CLOSED, 0, &err));
    assert_non_null(strstr(err.message, "closed ends need a period"));
    assert_null(cp_curve_build(1, 3, t, v, (cp_interp)17, CP_ENDS_NATURAL, 0, &err));
    assert_non_null(strstr(err.message, "unknown interpolation 17"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(linear_should_match_gltf_example),
        cmocka_unit_test(cubic_should_match_hand_computation),
        cmocka_unit_test(keys_should_be_reproduced_exactly),
        cmocka_unit_test(search_should_agree_with_brute_force),
        cmocka_unit_test(open_curve_should_hold_its_ends),
        cmocka_unit_test(looping_curve_should_wrap),
        cmocka_unit_test(closed_curve_should_join_last_key_to_first),
        cmocka_unit_test(step_should_hold_the_previous_key),
        cmocka_unit_test(single_key_curve_should_be_constant),
        cmocka_unit_test(bad_descriptions_should_be_rejected),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

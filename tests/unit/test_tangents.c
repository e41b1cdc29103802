/* SPDX-License-Identifier: MIT */
/* tests/unit/test_tangents.c - the tangent builders: the C2 solve against
 * textbook answers and an independent dense solve; continuity measured at
 * every key for C2 (it is C2) and for bisector and Catmull-Rom (C1 but not
 * C2); end conditions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

typedef struct keys {
    size_t n;
    int    dim;
    double t[64];
    double v[64 * 4];
    double period;
} keys;

/* Keys with gaps between 0.1 and 10 s in random order and random values. */
static void random_keys(testutil_rng *rng, size_t n, int dim, keys *k)
{
    k->n = n;
    k->dim = dim;
    double acc = testutil_uniform(rng, -3, 3);
    for (size_t i = 0; i < n; i++) {
        k->t[i] = acc;
        acc += pow(10.0, testutil_uniform(rng, -1, 1));
        for (int j = 0; j < dim; j++)
            k->v[i * (size_t)dim + (size_t)j] = testutil_uniform(rng, -50, 50);
    }
    k->period = acc - k->t[0]; /* the seam segment is one more random gap */
}

static void c2_should_solve_textbook_splines(void **state)
{
    (void)state;
    /* natural cubic spline through (0,0), (1,1), (2,0): moments M1 = -3, so
     * the slopes are 1.5, 0, -1.5 (Burden and Faires, Numerical Analysis,
     * section 3.5, with the moment equations worked by hand) */
    double t1[3] = {0, 1, 2}, v1[3] = {0, 1, 0}, m[3];
    assert_int_equal(cp_tangents_c2(1, 3, t1, v1, CP_ENDS_NATURAL, 0, 1, m, NULL), CP_OK);
    assert_near(m[0], 1.5, 1e-15, 1);
    assert_near(m[1], 0.0, 1e-15, 1);
    assert_near(m[2], -1.5, 1e-15, 1);
    /* non-uniform: x = 0, 1, 3, y = 0, 1, 0: M1 = -1.5, slopes 1.25, 0.5, -1 */
    double t2[3] = {0, 1, 3};
    assert_int_equal(cp_tangents_c2(1, 3, t2, v1, CP_ENDS_NATURAL, 0, 1, m, NULL), CP_OK);
    assert_near(m[0], 1.25, 1e-15, 1);
    assert_near(m[1], 0.5, 1e-15, 1);
    assert_near(m[2], -1.0, 1e-15, 1);
    /* clamped with zero end slopes through (0,0), (1,1), (2,0): by symmetry m1 = 0 */
    assert_int_equal(cp_tangents_c2(1, 3, t1, v1, CP_ENDS_REST, 0, 1, m, NULL), CP_OK);
    assert_true(m[0] == 0 && m[2] == 0);
    assert_near(m[1], 0.0, 1e-15, 1);
    /* periodic through a sampled sine: the slopes approach cos */
    double ts[32], vs[32], ms[32];
    for (int i = 0; i < 32; i++) {
        ts[i] = 2 * M_PI * i / 32;
        vs[i] = sin(ts[i]);
    }
    assert_int_equal(cp_tangents_c2(1, 32, ts, vs, CP_ENDS_CLOSED, 2 * M_PI, 1, ms, NULL), CP_OK);
    for (int i = 0; i < 32; i++)
        assert_near(ms[i], cos(ts[i]), 1e-4, 1);
}

/* ---- an independent reference: the C2 conditions written out densely ------ */

/* Second derivative at the start (u = 0) and end (u = 1) of a Hermite
 * segment, as linear forms in (p0, m0, p1, m1): from the basis derivatives
 * 12u-6, 6u-4, 6-12u, 6u-2 divided by h^2 (tangent terms scaled by h). */
static void gauss_solve(size_t n, double *a, double *b)
{
    for (size_t c = 0; c < n; c++) {
        size_t piv = c;
        for (size_t r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[piv * n + c]))
                piv = r;
        for (size_t k = 0; k < n; k++) {
            double tmp = a[c * n + k];
            a[c * n + k] = a[piv * n + k];
            a[piv * n + k] = tmp;
        }
        double tmp = b[c];
        b[c] = b[piv];
        b[piv] = tmp;
        for (size_t r = c + 1; r < n; r++) {
            double f = a[r * n + c] / a[c * n + c];
            for (size_t k = c; k < n; k++)
                a[r * n + k] -= f * a[c * n + k];
            b[r] -= f * b[c];
        }
    }
    for (size_t c = n; c-- > 0;) {
        for (size_t k = c + 1; k < n; k++)
            b[c] -= a[c * n + k] * b[k];
        b[c] /= a[c * n + c];
    }
}

/* Row += coef * (p'' at one end of the segment from key a to key b), moving
 * the known values to the right-hand side. sa/sb scale keys a and b (the
 * seam's sign). */
static void add_accel(double *row, double *rhs, size_t ia, size_t ib, double sa, double sb, double pa, double pb,
                      double h, int at_end, double coef)
{
    double cpa, cma, cpb, cmb;
    if (at_end) { cpa = 6, cma = 2 * h, cpb = -6, cmb = 4 * h; }
    else { cpa = -6, cma = -4 * h, cpb = 6, cmb = -2 * h; }
    double s = coef / (h * h);
    row[ia] += s * cma * sa;
    row[ib] += s * cmb * sb;
    *rhs -= s * (cpa * pa + cpb * pb);
}

static void reference_c2(const keys *k, int comp, cp_ends ends, double sign, double *m)
{
    const size_t n = k->n;
    const int d = k->dim;
    double *a = calloc(n * n, sizeof *a), *b = calloc(n, sizeof *b);
    for (size_t i = 1; i + 1 < n || (ends == CP_ENDS_CLOSED && i < n); i++) {
        /* p''(t_i-) from segment i-1 equals p''(t_i+) from segment i */
        size_t in = i + 1 < n ? i + 1 : 0;
        double snext = i + 1 < n ? 1 : sign;
        double tn = i + 1 < n ? k->t[i + 1] : k->t[0] + k->period;
        double pp = k->v[(i - 1) * (size_t)d + (size_t)comp], pi = k->v[i * (size_t)d + (size_t)comp];
        double pn = snext * k->v[in * (size_t)d + (size_t)comp];
        add_accel(a + i * n, b + i, i - 1, i, 1, 1, pp, pi, k->t[i] - k->t[i - 1], 1, 1.0);
        add_accel(a + i * n, b + i, i, in, 1, snext, pi, pn, tn - k->t[i], 0, -1.0);
    }
    if (ends == CP_ENDS_CLOSED) { /* seam: p''(t0 + T-) = sign p''(t0+) */
        double p0 = k->v[comp], p1 = k->v[(size_t)d + (size_t)comp], pl = k->v[(n - 1) * (size_t)d + (size_t)comp];
        add_accel(a, b, n - 1, 0, 1, sign, pl, sign * p0, k->t[0] + k->period - k->t[n - 1], 1, 1.0);
        add_accel(a, b, 0, 1 % n, 1, 1, p0, p1, k->t[1] - k->t[0], 0, -sign);
    } else if (ends == CP_ENDS_NATURAL) {
        add_accel(a, b, 0, 1, 1, 1, k->v[comp], k->v[(size_t)d + (size_t)comp], k->t[1] - k->t[0], 0, 1.0);
        add_accel(a + (n - 1) * n, b + n - 1, n - 2, n - 1, 1, 1, k->v[(n - 2) * (size_t)d + (size_t)comp],
                  k->v[(n - 1) * (size_t)d + (size_t)comp], k->t[n - 1] - k->t[n - 2], 1, 1.0);
    } else {
        a[0] = 1;
        a[(n - 1) * n + n - 1] = 1;
    }
    gauss_solve(n, a, b);
    for (size_t i = 0; i < n; i++)
        m[i] = b[i];
    free(a);
    free(b);
}

static void c2_should_match_an_independent_dense_solve(void **state)
{
    (void)state;
    testutil_rng rng = {2024};
    double worst = 0;
    for (int trial = 0; trial < 200; trial++) {
        keys k;
        int dim = 1 + trial % 4;
        cp_ends ends = (cp_ends)(trial % 3);
        size_t n = (size_t)testutil_uniform(&rng, ends == CP_ENDS_CLOSED ? 3 : 2, 40);
        random_keys(&rng, n, dim, &k);
        double sign = ends == CP_ENDS_CLOSED && trial % 2 ? -1.0 : 1.0;
        double m[64 * 4], ref[64];
        cp_error err;
        if (cp_tangents_c2(dim, n, k.t, k.v, ends, k.period, sign, m, &err) != CP_OK)
            fail_msg("%s", err.message);
        for (int c = 0; c < dim; c++) {
            reference_c2(&k, c, ends, sign, ref);
            for (size_t i = 0; i < n; i++) {
                assert_near(m[i * (size_t)dim + (size_t)c], ref[i], 1e-9, 50);
                worst = fmax(worst, fabs(m[i * (size_t)dim + (size_t)c] - ref[i]) / fmax(fabs(ref[i]), 50));
            }
        }
    }
    printf("    largest relative difference from the dense solve: %.2g\n", worst);
}

/* ---- continuity, measured --------------------------------------------------- */

typedef struct jumps { double value, d1, d2, scale1, scale2; } jumps;

/* The largest jump of value, velocity and acceleration over the inner keys
 * (and the seam when closed), each relative to the largest magnitude of
 * that quantity seen at the keys. */
static jumps measure(const cp_curve *c, const keys *k, int closed, double *d2_jumps)
{
    jumps j = {0};
    const int d = k->dim;
    double rawv = 0, raw1 = 0, raw2 = 0;
    size_t last = closed ? k->n : k->n - 1;
    for (size_t i = closed ? 0 : 1; i < last; i++) {
        double t = k->t[i];
        double a[4], a1[4], a2[4], b[4], b1[4], b2[4];
        cp_curve_sample_side(c, t, -1, a, a1, a2);
        cp_curve_sample_side(c, t, 1, b, b1, b2);
        double jump2 = 0;
        for (int q = 0; q < d; q++) {
            rawv = fmax(rawv, fabs(a[q] - b[q]));
            raw1 = fmax(raw1, fabs(a1[q] - b1[q]));
            raw2 = fmax(raw2, fabs(a2[q] - b2[q]));
            jump2 = fmax(jump2, fabs(a2[q] - b2[q]));
            j.scale1 = fmax(j.scale1, fmax(fabs(a1[q]), fabs(b1[q])));
            j.scale2 = fmax(j.scale2, fmax(fabs(a2[q]), fabs(b2[q])));
        }
        if (d2_jumps)
            d2_jumps[i] = jump2;
    }
    j.value = rawv / 50.0;
    j.d1 = raw1 / j.scale1;
    j.d2 = raw2 / j.scale2;
    return j;
}

static void c2_curves_should_be_c2_at_every_key(void **state)
{
    (void)state;
    testutil_rng rng = {11};
    jumps worst = {0};
    for (int trial = 0; trial < 120; trial++) {
        keys k;
        int dim = 1 + trial % 4;
        cp_ends ends = (cp_ends)(trial % 3);
        random_keys(&rng, (size_t)testutil_uniform(&rng, 3, 60), dim, &k);
        cp_error err;
        cp_curve *c = cp_curve_build(dim, k.n, k.t, k.v, CP_INTERP_C2, ends, k.period, &err);
        if (!c)
            fail_msg("%s", err.message);
        jumps j = measure(c, &k, ends == CP_ENDS_CLOSED, NULL);
        assert_true(j.value <= 1e-12);
        if (j.d1 > 1e-9 || j.d2 > 1e-9)
            fail_msg("trial %d (ends %d): velocity jump %.3g, acceleration jump %.3g (relative)", trial, ends,
                     j.d1, j.d2);
        worst.d1 = fmax(worst.d1, j.d1);
        worst.d2 = fmax(worst.d2, j.d2);
        cp_curve_destroy(c);
    }
    printf("    C2: largest relative jump at a key: velocity %.2g, acceleration %.2g\n", worst.d1, worst.d2);
}

static void bisector_and_catmull_rom_should_be_c1_but_not_c2(void **state)
{
    (void)state;
    const cp_interp modes[2] = {CP_INTERP_BISECTOR, CP_INTERP_CATMULL_ROM};
    for (int mi = 0; mi < 2; mi++) {
        testutil_rng rng = {11}; /* the same keys as the C2 test */
        double smallest_max = INFINITY;
        for (int trial = 0; trial < 120; trial++) {
            keys k;
            int dim = 1 + trial % 4;
            cp_ends ends = (cp_ends)(trial % 3);
            random_keys(&rng, (size_t)testutil_uniform(&rng, 3, 60), dim, &k);
            cp_curve *c = cp_curve_build(dim, k.n, k.t, k.v, modes[mi], ends, k.period, NULL);
            assert_non_null(c);
            double d2j[64] = {0};
            jumps j = measure(c, &k, ends == CP_ENDS_CLOSED, d2j);
            assert_true(j.value <= 1e-12);
            if (j.d1 > 1e-9)
                fail_msg("%s trial %d: velocity jumps by %.3g: not C1", cp_interp_name(modes[mi]), trial, j.d1);
            /* NOT C2: acceleration jumps at the keys, far above rounding */
            if (!(j.d2 > 1e-3))
                fail_msg("%s trial %d: acceleration jump only %.3g: looks C2", cp_interp_name(modes[mi]), trial,
                         j.d2);
            smallest_max = fmin(smallest_max, j.d2);
            cp_curve_destroy(c);
        }
        printf("    %s: C1 to 1e-9; largest acceleration jump per curve is at least %.2g of the scale\n",
               cp_interp_name(modes[mi]), smallest_max);
    }
}

static void ends_should_do_what_they_promise(void **state)
{
    (void)state;
    testutil_rng rng = {5};
    for (int trial = 0; trial < 30; trial++) {
        keys k;
        int dim = 1 + trial % 4;
        random_keys(&rng, (size_t)testutil_uniform(&rng, 2, 30), dim, &k);
        const cp_interp modes[3] = {CP_INTERP_C2, CP_INTERP_BISECTOR, CP_INTERP_CATMULL_ROM};
        for (int mi = 0; mi < 3; mi++) {
            cp_curve *nat = cp_curve_build(dim, k.n, k.t, k.v, modes[mi], CP_ENDS_NATURAL, 0, NULL);
            cp_curve *rest = cp_curve_build(dim, k.n, k.t, k.v, modes[mi], CP_ENDS_REST, 0, NULL);
            cp_curve *loop = cp_curve_build(dim, k.n, k.t, k.v, modes[mi], CP_ENDS_CLOSED, k.period, NULL);
            assert_non_null(nat);
            assert_non_null(rest);
            assert_non_null(loop);
            double v[4], d1[4], d2[4], w[4], e1[4], e2[4];
            double tl = k.t[k.n - 1];
            cp_curve_sample(nat, k.t[0], v, d1, d2);
            cp_curve_sample(nat, tl, w, e1, e2);
            for (int q = 0; q < dim; q++) {
                assert_near(d2[q], 0, 1e-9, 100);
                assert_near(e2[q], 0, 1e-9, 100);
            }
            cp_curve_sample(rest, k.t[0], v, d1, d2);
            cp_curve_sample(rest, tl, w, e1, e2);
            for (int q = 0; q < dim; q++)
                assert_true(d1[q] == 0 && e1[q] == 0);
            /* closed: the right limit at the start equals the left limit one period later */
            cp_curve_sample_side(loop, k.t[0], 1, v, d1, d2);
            cp_curve_sample_side(loop, k.t[0] + k.period, -1, w, e1, e2);
            for (int q = 0; q < dim; q++) {
                assert_near(v[q], w[q], 1e-12, 50);
                assert_near(d1[q], e1[q], 1e-9, 50);
                if (modes[mi] == CP_INTERP_C2)
                    assert_near(d2[q], e2[q], 1e-9, 50);
            }
            cp_curve_destroy(nat);
            cp_curve_destroy(rest);
            cp_curve_destroy(loop);
        }
    }
}

static void two_keys_should_give_line_ease_and_loop(void **state)
{
    (void)state;
    double t[2] = {1, 3}, v[2] = {0, 4}, m[2];
    assert_int_equal(cp_tangents_c2(1, 2, t, v, CP_ENDS_NATURAL, 0, 1, m, NULL), CP_OK);
    assert_near(m[0], 2, 1e-15, 1);
    assert_near(m[1], 2, 1e-15, 1);
    assert_int_equal(cp_tangents_bisector(1, 2, t, v, CP_ENDS_NATURAL, 0, 1, m, NULL), CP_OK);
    assert_true(m[0] == 2 && m[1] == 2);
    assert_int_equal(cp_tangents_catmull_rom(1, 2, t, v, CP_ENDS_REST, 0, 1, m, NULL), CP_OK);
    assert_true(m[0] == 0 && m[1] == 0);
    /* closed two-key loop: symmetric, so the tangents are opposite */
    assert_int_equal(cp_tangents_c2(1, 2, t, v, CP_ENDS_CLOSED, 4, 1, m, NULL), CP_OK);
    assert_near(m[0], -m[1], 1e-12, 1);
}

static void bisector_should_not_overshoot_at_a_reversal(void **state)
{
    (void)state;
    /* 0 -> 1 -> 0.5: the middle key is a maximum */
    double t[3] = {0, 1, 2}, v[3] = {0, 1, 0.5}, mb[3], mc[3];
    assert_int_equal(cp_tangents_bisector(1, 3, t, v, CP_ENDS_NATURAL, 0, 1, mb, NULL), CP_OK);
    assert_int_equal(cp_tangents_catmull_rom(1, 3, t, v, CP_ENDS_NATURAL, 0, 1, mc, NULL), CP_OK);
    assert_true(mb[1] == 0.0);     /* flat at the maximum: the curve stays at or below 1 */
    assert_near(mc[1], 0.25, 1e-15, 1); /* Catmull-Rom climbs past the key */
    cp_curve *c = cp_curve_build(1, 3, t, v, CP_INTERP_BISECTOR, CP_ENDS_NATURAL, 0, NULL);
    for (int i = 0; i <= 200; i++) {
        double p;
        cp_curve_sample(c, i / 100.0, &p, NULL, NULL);
        assert_true(p <= 1.0 + 1e-15);
    }
    cp_curve_destroy(c);
}

static void builders_should_reject_bad_input(void **state)
{
    (void)state;
    double t[3] = {0, 1, 2}, tb[3] = {0, 2, 1}, v[3] = {0, 1, 2}, m[3];
    cp_error err;
    assert_int_equal(cp_tangents_c2(0, 3, t, v, CP_ENDS_NATURAL, 0, 1, m, &err), CP_ERR_INVALID);
    assert_non_null(strstr(err.message, "dimension 0"));
    assert_int_equal(cp_tangents_bisector(1, 3, tb, v, CP_ENDS_NATURAL, 0, 1, m, &err), CP_ERR_INVALID);
    assert_non_null(strstr(err.message, "key 2: time 1 is not after 2"));
    assert_int_equal(cp_tangents_catmull_rom(1, 3, t, v, CP_ENDS_CLOSED, 2, 1, m, &err), CP_ERR_INVALID);
    assert_non_null(strstr(err.message, "period 2 must exceed the key span 2"));
    assert_int_equal(cp_tangents_c2(1, 3, t, v, CP_ENDS_CLOSED, 3, 0.5, m, &err), CP_ERR_INVALID);
    assert_non_null(strstr(err.message, "seam sign 0.5"));
    assert_int_equal(cp_tangents_c2(1, 3, t, v, (cp_ends)8, 3, 1, m, &err), CP_ERR_INVALID);
    assert_non_null(strstr(err.message, "unknown ends 8"));
    assert_int_equal(cp_tangents_c2(1, 3, t, v, CP_ENDS_NATURAL, 0, 1, NULL, &err), CP_ERR_INVALID);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(c2_should_solve_textbook_splines),
        cmocka_unit_test(c2_should_match_an_independent_dense_solve),
        cmocka_unit_test(c2_curves_should_be_c2_at_every_key),
        cmocka_unit_test(bisector_and_catmull_rom_should_be_c1_but_not_c2),
        cmocka_unit_test(ends_should_do_what_they_promise),
        cmocka_unit_test(two_keys_should_give_line_ease_and_loop),
        cmocka_unit_test(bisector_should_not_overshoot_at_a_reversal),
        cmocka_unit_test(builders_should_reject_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

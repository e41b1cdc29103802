/* SPDX-License-Identifier: MIT */
/* tests/unit/test_rotation.c - orientation curves: hemisphere chain, the C2
 * spline in R4 and its normalisation, analytic angular velocity and
 * acceleration against numerical derivatives, the guard that keeps the R4
 * curve off the origin, anti-periodic loops, slerp. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define DEG (M_PI / 180.0)

static cp_quat yaw(double degrees) { return cp_quat_from_axis_angle(cp_vec3_make(0, 1, 0), degrees * DEG); }

/* A random walk of orientations whose consecutive keys are at most
 * `max_deg` apart, with times whose gaps vary by `ratio`. */
static void random_walk(testutil_rng *rng, size_t n, double max_deg, double ratio, double *t, cp_quat *q)
{
    q[0] = testutil_random_quat(rng);
    t[0] = 0;
    for (size_t i = 1; i < n; i++) {
        cp_vec3 axis = cp_vec3_make(testutil_uniform(rng, -1, 1), testutil_uniform(rng, -1, 1),
                                    testutil_uniform(rng, -1, 1));
        cp_quat step = cp_quat_from_axis_angle(axis, testutil_uniform(rng, 0.2, 1.0) * max_deg * DEG);
        q[i] = cp_quat_mul(step, q[i - 1]);
        if (testutil_uniform(rng, 0, 1) < 0.5) /* either sign: the builder must align them */
            q[i] = cp_quat_neg(q[i]);
        t[i] = t[i - 1] + testutil_uniform(rng, 1.0, ratio);
    }
}

static double quat_diff(cp_quat a, cp_quat b)
{
    return fmax(fmax(fabs(a.x - b.x), fabs(a.y - b.y)), fmax(fabs(a.z - b.z), fabs(a.w - b.w)));
}

static void same_rotation_with_either_sign_should_not_spin(void **state)
{
    (void)state;
    cp_quat q = cp_quat_normalize(cp_quat_make(0.1, 0.7, -0.2, 0.6));
    cp_quat keys[4] = {q, cp_quat_neg(q), q, cp_quat_neg(q)};
    double t[4] = {0, 1, 2.5, 3};
    cp_curve *c = cp_curve_build_rotation(4, t, keys, CP_INTERP_C2, CP_ENDS_NATURAL, 0, NULL);
    assert_non_null(c);
    for (int i = 0; i <= 30; i++) {
        cp_quat r;
        cp_vec3 w, a;
        cp_curve_sample_rotation(c, i * 0.1, 0, &r, &w, &a);
        assert_true(quat_diff(r, q) < 1e-15);
        assert_true(cp_vec3_length(w) < 1e-15 && cp_vec3_length(a) < 1e-15);
    }
    cp_curve_destroy(c);
}

static void rotation_should_take_the_short_way(void **state)
{
    (void)state;
    /* yaw 0 to yaw 350: the short way is 10 degrees through yaw -5, not 350 through 175 */
    cp_quat keys[2] = {yaw(0), yaw(350)};
    double t[2] = {0, 1};
    const cp_interp modes[3] = {CP_INTERP_C2, CP_INTERP_LINEAR, CP_INTERP_CATMULL_ROM};
    for (int mi = 0; mi < 3; mi++) {
        cp_curve *c = cp_curve_build_rotation(2, t, keys, modes[mi], CP_ENDS_NATURAL, 0, NULL);
        cp_quat mid;
        cp_curve_sample_rotation(c, 0.5, 0, &mid, NULL, NULL);
        assert_true(cp_quat_angle_between(mid, yaw(-5)) < 1e-12);
        cp_curve_destroy(c);
    }
}

static void c2_rotation_should_be_c2_at_every_key(void **state)
{
    (void)state;
    testutil_rng rng = {31};
    double worst_w = 0, worst_a = 0;
    for (int trial = 0; trial < 60; trial++) {
        double t[40];
        cp_quat q[40];
        size_t n = (size_t)testutil_uniform(&rng, 3, 40);
        random_walk(&rng, n, 85, 4.0, t, q);
        cp_ends ends = (cp_ends)(trial % 3);
        double period = t[n - 1] + 2.0;
        cp_error err;
        cp_curve *c = cp_curve_build_rotation(n, t, q, CP_INTERP_C2, ends, period, &err);
        if (!c)
            fail_msg("%s", err.message);
        double scale_w = 0, scale_a = 0, jw = 0, ja = 0;
        for (size_t i = ends == CP_ENDS_CLOSED ? 0 : 1; i < (ends == CP_ENDS_CLOSED ? n : n - 1); i++) {
            cp_quat ql, qr;
            cp_vec3 wl, wr, al, ar;
            cp_curve_sample_rotation(c, t[i], -1, &ql, &wl, &al);
            cp_curve_sample_rotation(c, t[i], 1, &qr, &wr, &ar);
            assert_true(quat_diff(ql, qr) < 1e-14); /* same sign too: no flips */
            jw = fmax(jw, cp_vec3_length(cp_vec3_sub(wl, wr)));
            ja = fmax(ja, cp_vec3_length(cp_vec3_sub(al, ar)));
            scale_w = fmax(scale_w, cp_vec3_length(wl));
            scale_a = fmax(scale_a, cp_vec3_length(al));
        }
        if (jw > 1e-9 * scale_w || ja > 1e-9 * scale_a)
            fail_msg("trial %d: angular velocity jump %.3g (scale %.3g), angular acceleration jump %.3g (scale %.3g)",
                     trial, jw, scale_w, ja, scale_a);
        worst_w = fmax(worst_w, jw / scale_w);
        worst_a = fmax(worst_a, ja / scale_a);
        cp_curve_destroy(c);
    }
    printf("    largest relative jump at a key: angular velocity %.2g, angular acceleration %.2g\n", worst_w,
           worst_a);
}

static void bisector_rotation_should_be_c1_but_not_c2(void **state)
{
    (void)state;
    testutil_rng rng = {31};
    double t[40];
    cp_quat q[40];
    random_walk(&rng, 20, 60, 4.0, t, q);
    cp_curve *c = cp_curve_build_rotation(20, t, q, CP_INTERP_BISECTOR, CP_ENDS_NATURAL, 0, NULL);
    double jw = 0, ja = 0, sw = 0, sa = 0;
    for (size_t i = 1; i + 1 < 20; i++) {
        cp_vec3 wl, wr, al, ar;
        cp_curve_sample_rotation(c, t[i], -1, NULL, &wl, &al);
        cp_curve_sample_rotation(c, t[i], 1, NULL, &wr, &ar);
        jw = fmax(jw, cp_vec3_length(cp_vec3_sub(wl, wr)));
        ja = fmax(ja, cp_vec3_length(cp_vec3_sub(al, ar)));
        sw = fmax(sw, cp_vec3_length(wl));
        sa = fmax(sa, cp_vec3_length(al));
    }
    assert_true(jw <= 1e-9 * sw);
    assert_true(ja > 1e-2 * sa); /* angular acceleration jumps: C1, not C2 */
    cp_curve_destroy(c);
}

/* omega = 2 vec(q' conj q) and its derivative, by central differences. */
static cp_vec3 numeric_omega(const cp_curve *c, double t, double h)
{
    cp_quat a, b, q;
    cp_curve_sample_rotation(c, t - h, 0, &a, NULL, NULL);
    cp_curve_sample_rotation(c, t + h, 0, &b, NULL, NULL);
    cp_curve_sample_rotation(c, t, 0, &q, NULL, NULL);
    cp_quat d = cp_quat_scale(cp_quat_make(b.x - a.x, b.y - a.y, b.z - a.z, b.w - a.w), 1.0 / (2 * h));
    cp_quat w = cp_quat_mul(d, cp_quat_conj(q));
    return cp_vec3_make(2 * w.x, 2 * w.y, 2 * w.z);
}

static void angular_derivatives_should_match_numerical_ones(void **state)
{
    (void)state;
    testutil_rng rng = {77};
    double t[12];
    cp_quat q[12];
    random_walk(&rng, 12, 80, 3.0, t, q);
    const cp_interp modes[3] = {CP_INTERP_C2, CP_INTERP_CATMULL_ROM, CP_INTERP_LINEAR};
    for (int mi = 0; mi < 3; mi++) {
        cp_curve *c = cp_curve_build_rotation(12, t, q, modes[mi], CP_ENDS_NATURAL, 0, NULL);
        for (int k = 0; k < 200; k++) {
            double x = testutil_uniform(&rng, t[0] + 0.01, t[11] - 0.01);
            /* stay clear of the keys, where one-sided differences would straddle a jump */
            size_t seg = cp_curve_find_segment(c, x);
            double lo, hi;
            cp_curve_key(c, seg, &lo, NULL, NULL, NULL);
            cp_curve_key(c, seg + 1, &hi, NULL, NULL, NULL);
            if (x - lo < 2e-3 || hi - x < 2e-3)
                continue;
            cp_vec3 w, a;
            cp_curve_sample_rotation(c, x, 0, NULL, &w, &a);
            cp_vec3 wn = numeric_omega(c, x, 1e-5);
            cp_vec3 an = cp_vec3_scale(cp_vec3_sub(numeric_omega(c, x + 1e-4, 1e-5), numeric_omega(c, x - 1e-4, 1e-5)),
                                       1.0 / 2e-4);
            assert_true(cp_vec3_length(cp_vec3_sub(w, wn)) < 1e-7 * fmax(1, cp_vec3_length(w)));
            if (cp_vec3_length(cp_vec3_sub(a, an)) > 1e-4 * fmax(1, cp_vec3_length(a)))
                fail_msg("%s at %g: alpha (%g %g %g) numeric (%g %g %g)", cp_interp_name(modes[mi]), x, a.x, a.y, a.z,
                         an.x, an.y, an.z);
        }
        cp_curve_destroy(c);
    }
}

static void keys_under_90_degrees_should_give_the_plain_r4_spline(void **state)
{
    (void)state;
    testutil_rng rng = {4242};
    for (int trial = 0; trial < 200; trial++) {
        double t[30], r4[30 * 4];
        cp_quat q[30];
        size_t n = (size_t)testutil_uniform(&rng, 2, 30);
        random_walk(&rng, n, 89.9, 3.0, t, q);
        cp_ends ends = (cp_ends)(trial % 3);
        double period = t[n - 1] + testutil_uniform(&rng, 1.0, 3.0);
        cp_curve *c = cp_curve_build_rotation(n, t, q, CP_INTERP_C2, ends, period, NULL);
        assert_non_null(c);
        /* no key was inserted */
        assert_int_equal(cp_curve_key_count(c), n);
        /* the plain spline: normalise, align, C2 in R4 */
        cp_quat prev = {0, 0, 0, 0};
        for (size_t i = 0; i < n; i++) {
            cp_quat a = cp_quat_normalize(q[i]);
            if (i > 0 && cp_quat_dot(a, prev) < 0)
                a = cp_quat_neg(a);
            prev = a;
            r4[4 * i] = a.x, r4[4 * i + 1] = a.y, r4[4 * i + 2] = a.z, r4[4 * i + 3] = a.w;
        }
        double seam = r4[4 * (n - 1)] * r4[0] + r4[4 * (n - 1) + 1] * r4[1] + r4[4 * (n - 1) + 2] * r4[2] +
                      r4[4 * (n - 1) + 3] * r4[3];
        if (ends == CP_ENDS_CLOSED && seam < 0) { /* anti-periodic: compare over one period directly */
            assert_true(cp_curve_seam_sign(c) == -1.0);
            double m[30 * 4], mk[4];
            assert_int_equal(cp_tangents_c2(4, n, t, r4, ends, period, -1, m, NULL), CP_OK);
            for (size_t i = 0; i < n; i++) {
                cp_curve_key(c, i, NULL, NULL, NULL, mk);
                for (int j = 0; j < 4; j++)
                    assert_true(mk[j] == m[4 * i + (size_t)j]);
            }
        } else {
            cp_curve *plain = cp_curve_build(4, n, t, r4, CP_INTERP_C2, ends, period, NULL);
            for (int k = 0; k < 50; k++) {
                double x = testutil_uniform(&rng, t[0], ends == CP_ENDS_CLOSED ? t[0] + period : t[n - 1]);
                double p[4], len;
                cp_quat r;
                cp_curve_sample(plain, x, p, NULL, NULL);
                len = sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
                cp_curve_sample_rotation(c, x, 0, &r, NULL, NULL);
                assert_true(quat_diff(r, cp_quat_make(p[0] / len, p[1] / len, p[2] / len, p[3] / len)) < 1e-15);
            }
            cp_curve_destroy(plain);
        }
        cp_curve_destroy(c);
    }
}

static void guard_should_insert_keys_where_r4_curve_nears_the_origin(void **state)
{
    (void)state;
    /* A quick 74 degree turn, then a slow half turn back about the same axis
     * over a thousand times longer: the plain C2 spline's tangent at key 1,
     * set by the short first segment, throws the long segment's R4 cubic out
     * and back past the origin (found by a random search over half turns and
     * uneven timing; near misses like this are rare, which is why the guard
     * almost never adds keys). */
    cp_vec3 axis = cp_vec3_make(1, 0, -1);
    cp_quat keys[3];
    keys[0] = cp_quat_identity();
    keys[1] = cp_quat_mul(cp_quat_from_axis_angle(axis, 74 * DEG), keys[0]);
    keys[2] = cp_quat_mul(cp_quat_from_axis_angle(cp_vec3_scale(axis, -1), 180 * DEG), keys[1]);
    double t[3] = {0, 1, 1024.29};
    double r4[12];
    for (int i = 0; i < 3; i++) {
        cp_quat a = i > 0 && cp_quat_dot(keys[i], keys[i - 1]) < 0 ? cp_quat_neg(keys[i]) : keys[i];
        r4[4 * i] = a.x, r4[4 * i + 1] = a.y, r4[4 * i + 2] = a.z, r4[4 * i + 3] = a.w;
    }
    cp_curve *plain = cp_curve_build(4, 3, t, r4, CP_INTERP_C2, CP_ENDS_NATURAL, 0, NULL);
    double plain_min = INFINITY;
    for (int k = 0; k <= 20000; k++) {
        double p[4];
        cp_curve_sample(plain, t[2] * k / 20000, p, NULL, NULL);
        plain_min = fmin(plain_min, sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]));
    }
    cp_curve_destroy(plain);
    assert_true(plain_min < 0.35); /* the plain spline does come near the origin */

    cp_error err;
    cp_curve *c = cp_curve_build_rotation(3, t, keys, CP_INTERP_C2, CP_ENDS_NATURAL, 0, &err);
    if (!c)
        fail_msg("%s", err.message);
    assert_true(cp_curve_key_count(c) > 3);
    /* every original key is still a key, and the result is C2 there */
    for (int i = 0; i < 3; i++) {
        cp_quat r;
        cp_curve_sample_rotation(c, t[i], 0, &r, NULL, NULL);
        assert_true(cp_quat_angle_between(r, keys[i]) < 1e-7);
    }
    cp_vec3 wl, wr, al, ar;
    cp_curve_sample_rotation(c, t[1], -1, NULL, &wl, &al);
    cp_curve_sample_rotation(c, t[1], 1, NULL, &wr, &ar);
    assert_true(cp_vec3_length(cp_vec3_sub(wl, wr)) <= 1e-9 * cp_vec3_length(wl));
    assert_true(cp_vec3_length(cp_vec3_sub(al, ar)) <= 1e-9 * cp_vec3_length(al));
    /* and the R4 curve now stays away from the origin: |p| = |q| before
     * normalising; the raw value is reachable as an unnormalised sample of the
     * same keys and tangents */
    size_t nk = cp_curve_key_count(c);
    double *tt = malloc(nk * sizeof *tt), *vv = malloc(nk * 4 * sizeof *vv), *mm = malloc(nk * 4 * sizeof *mm);
    for (size_t i = 0; i < nk; i++)
        cp_curve_key(c, i, &tt[i], vv + 4 * i, NULL, mm + 4 * i);
    cp_curve_desc d = {.dim = 4, .count = nk, .times = tt, .values = vv, .in_tangents = mm, .out_tangents = mm};
    cp_curve *raw = cp_curve_create(&d, NULL);
    double guarded_min = INFINITY;
    for (int k = 0; k <= 20000; k++) {
        double p[4];
        cp_curve_sample(raw, t[2] * k / 20000, p, NULL, NULL);
        guarded_min = fmin(guarded_min, sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]));
    }
    printf("    smallest |p| on the R4 curve: plain spline %.3f, guarded (%zu keys) %.3f\n", plain_min, nk,
           guarded_min);
    assert_true(guarded_min >= 0.35);
    free(tt);
    free(vv);
    free(mm);
    cp_curve_destroy(raw);
    cp_curve_destroy(c);
}

static void half_turn_keys_should_be_well_defined(void **state)
{
    (void)state;
    /* each key 180 degrees from the last: yaw 0, 180, 360 */
    cp_quat keys[3] = {yaw(0), yaw(180), yaw(360)};
    double t[3] = {0, 1, 2};
    cp_curve *c = cp_curve_build_rotation(3, t, keys, CP_INTERP_C2, CP_ENDS_NATURAL, 0, NULL);
    assert_non_null(c);
    for (int k = 0; k <= 200; k++) {
        cp_quat r;
        cp_vec3 w, a;
        cp_curve_sample_rotation(c, k * 0.01, 0, &r, &w, &a);
        assert_near(cp_quat_length(r), 1.0, 1e-15, 1);
        assert_true(isfinite(w.x + w.y + w.z + a.x + a.y + a.z));
        assert_true(cp_vec3_length(w) < 10.0);
    }
    /* it stays a pure yaw and keeps turning the same way, through 180 at t = 1 */
    double prev = -1;
    for (int k = 0; k <= 200; k++) {
        cp_quat r;
        cp_curve_sample_rotation(c, k * 0.01, 0, &r, NULL, NULL);
        assert_true(fabs(r.x) < 1e-15 && fabs(r.z) < 1e-15);
        double angle = 2 * atan2(r.y, r.w); /* unwrapped: the chain has no sign flips */
        if (angle < 0)
            angle += 4 * M_PI;
        assert_true(angle >= prev);
        prev = angle;
    }
    assert_near(prev, 2 * M_PI, 1e-12, 1);
    cp_curve_destroy(c);
}

static void orbit_loop_should_be_antiperiodic_and_c2_across_the_seam(void **state)
{
    (void)state;
    /* an orbit camera turning once around: the hemisphere chain comes back as -q0 */
    cp_quat keys[4] = {yaw(0), yaw(90), yaw(180), yaw(270)};
    double t[4] = {0, 1, 2, 3};
    cp_curve *c = cp_curve_build_rotation(4, t, keys, CP_INTERP_C2, CP_ENDS_CLOSED, 4, NULL);
    assert_non_null(c);
    assert_true(cp_curve_seam_sign(c) == -1.0);
    assert_int_equal(cp_curve_key_count(c), 4); /* no extra key */
    /* uniform keys on a great circle: the spin rate is the same everywhere at the keys */
    for (int k = 0; k < 3; k++) {
        double seam = 4.0 * k;
        cp_quat ql, qr;
        cp_vec3 wl, wr, al, ar;
        cp_curve_sample_rotation(c, seam, -1, &ql, &wl, &al);
        cp_curve_sample_rotation(c, seam, 1, &qr, &wr, &ar);
        assert_true(quat_diff(ql, qr) < 1e-14); /* continuous, same sign */
        assert_true(cp_vec3_length(cp_vec3_sub(wl, wr)) < 1e-12);
        assert_true(cp_vec3_length(cp_vec3_sub(al, ar)) < 1e-12);
        assert_near(wl.y, M_PI / 2, 0.05, 1);
    }
    /* no sign flip anywhere along three laps */
    cp_quat prev;
    cp_curve_sample_rotation(c, -0.5, 0, &prev, NULL, NULL);
    for (int k = 1; k <= 1300; k++) {
        cp_quat r;
        cp_curve_sample_rotation(c, -0.5 + k * 0.01, 0, &r, NULL, NULL);
        assert_true(cp_quat_dot(r, prev) > 0.99);
        prev = r;
    }
    cp_curve_destroy(c);
}

static void linear_rotation_should_be_slerp(void **state)
{
    (void)state;
    cp_quat a = cp_quat_normalize(cp_quat_make(0.3, -0.1, 0.2, 0.9)), b = cp_quat_mul(yaw(100), a);
    cp_quat keys[2] = {a, b};
    double t[2] = {1, 3};
    cp_curve *c = cp_curve_build_rotation(2, t, keys, CP_INTERP_LINEAR, CP_ENDS_NATURAL, 0, NULL);
    cp_quat r;
    cp_vec3 w, al;
    cp_curve_sample_rotation(c, 1.6, 0, &r, &w, &al);
    assert_true(quat_diff(r, cp_quat_slerp(a, b, 0.3)) < 1e-15);
    assert_near(w.y, 50 * DEG, 1e-12, 1); /* 100 degrees about +Y over 2 s, in the world frame */
    assert_near(w.x, 0, 1e-12, 1);
    assert_true(cp_vec3_length(al) < 1e-15);
    cp_curve_destroy(c);
}

static void bad_rotation_keys_should_be_rejected_or_normalised(void **state)
{
    (void)state;
    double t[3] = {0, 1, 2};
    cp_quat keys[3] = {cp_quat_make(0, 0, 0, 2), cp_quat_make(0, 3, 0, 3), cp_quat_make(0, 0, 0, -5)};
    cp_error err;
    cp_curve *c = cp_curve_build_rotation(3, t, keys, CP_INTERP_C2, CP_ENDS_NATURAL, 0, &err);
    assert_non_null(c);
    cp_quat r;
    cp_curve_sample_rotation(c, 1, 0, &r, NULL, NULL);
    assert_true(cp_quat_angle_between(r, yaw(90)) < 1e-12);
    cp_curve_destroy(c);
    keys[1] = cp_quat_make(0, 0, 0, 0);
    assert_null(cp_curve_build_rotation(3, t, keys, CP_INTERP_C2, CP_ENDS_NATURAL, 0, &err));
    assert_string_equal(err.message, "keys[1].rotation: (0, 0, 0, 0) has length 0 and gives no orientation");
    keys[1] = cp_quat_make(NAN, 0, 0, 1);
    assert_null(cp_curve_build_rotation(3, t, keys, CP_INTERP_C2, CP_ENDS_NATURAL, 0, &err));
    assert_non_null(strstr(err.message, "keys[1].rotation: (nan, 0, 0, 1) is not made of finite numbers"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_rotation_with_either_sign_should_not_spin),
        cmocka_unit_test(rotation_should_take_the_short_way),
        cmocka_unit_test(c2_rotation_should_be_c2_at_every_key),
        cmocka_unit_test(bisector_rotation_should_be_c1_but_not_c2),
        cmocka_unit_test(angular_derivatives_should_match_numerical_ones),
        cmocka_unit_test(keys_under_90_degrees_should_give_the_plain_r4_spline),
        cmocka_unit_test(guard_should_insert_keys_where_r4_curve_nears_the_origin),
        cmocka_unit_test(half_turn_keys_should_be_well_defined),
        cmocka_unit_test(orbit_loop_should_be_antiperiodic_and_c2_across_the_seam),
        cmocka_unit_test(linear_rotation_should_be_slerp),
        cmocka_unit_test(bad_rotation_keys_should_be_rejected_or_normalised),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

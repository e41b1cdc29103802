/* SPDX-License-Identifier: MIT */
/* tests/unit/test_shake.c - the shake layer: the noise gives committed bits
 * (on Linux and, through make check-windows, on Windows), is C2 at its
 * lattice points (one-sided differences, which also show a C1 fade's jump),
 * has little energy above its frequency (a DFT of samples), and a shaken
 * path keeps its derivatives exact and continuous at its keys; shake_scale
 * at 0 leaves the path exactly as it is; files read, refuse and round-trip
 * "shake" and "shake_scale"; glTF export bakes the layer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* ---- bits ------------------------------------------------------------------------------- */

static void noise_should_give_the_committed_bits(void **state)
{
    (void)state;
    static const struct {
        uint32_t seed, stream;
        double   x, v[3];
    } cases[] = {
        {7u, 0, 0x0p+0, {0x0p+0, 0x1.0c745p-1, 0x0p+0}},
        {7u, 0, 0x1.3333333333333p-2, {0x1.5c8b91a1dfb94p-2, 0x1.a03929e92a303p+0, -0x1.22868d3333338p-1}},
        {7u, 3, -0x1.94p+3, {0x1.269b3715p-2, 0x1.69549f098p+0, -0x1.71512058p+0}},
        {123456789u, 6, 0x1.e848033333333p+19, {0x1.b5178c8d3304dp-4, 0x1.158e4cfdc6951p+0, 0x1.fddbc73f5d8a8p-4}},
        {4294967295u, 2, 0x1.5af1d78b58c4p+66, {-0x0p+0, -0x1.83734p-3, 0x0p+0}},
        {0u, 1, -0x1.ff7ced916872bp-1, {0x1.ce0912b1b03b2p-10, 0x1.c3332505a9149p+0, -0x1.4184acc9231efp-4}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double d[2];
        const double got[3] = {cp_shake_noise(cases[i].seed, cases[i].stream, cases[i].x, d), d[0], d[1]};
        for (int j = 0; j < 3; j++)
            if (memcmp(&got[j], &cases[i].v[j], sizeof got[j]) != 0)
                fail_msg("case %zu, %s: %a, committed %a", i, j == 0 ? "value" : j == 1 ? "d1" : "d2", got[j],
                         cases[i].v[j]);
    }
    /* the layer on a pose, to the bit: the rotation's composition included */
    cp_shake sh = {.seed = 42, .position = {0.05, 3}, .rotation = {1.5, 2}, .fov = {2, 1}};
    cp_pose p;
    memset(&p, 0, sizeof p);
    p.rotation = cp_quat_make(0.1, 0.2, 0.3, 0.9273618495495704);
    p.angular_velocity = cp_vec3_make(0.5, -0.25, 1);
    const double sc[3] = {0.75, 0.5, -2};
    cp_shake_apply(&sh, 1.2345, sc, &p);
    const double got[22] = {p.position.x, p.position.y, p.position.z, p.velocity.x, p.velocity.y, p.velocity.z,
                            p.acceleration.x, p.acceleration.y, p.acceleration.z, p.rotation.x, p.rotation.y,
                            p.rotation.z, p.rotation.w, p.angular_velocity.x, p.angular_velocity.y,
                            p.angular_velocity.z, p.angular_acceleration.x, p.angular_acceleration.y,
                            p.angular_acceleration.z, p.fov, p.fov_velocity, p.fov_acceleration};
    static const double want[22] = {
        0x1.d8177424af2bp-7,   -0x1.ade73350db1fap-8, 0x1.368f2d6022eccp-6,  0x1.49ea4dad834f1p-5,
        0x1.898d38cfc128ep-4,  0x1.3340c5aac157fp-4,  -0x1.c93d568f54092p-2, -0x1.41cd2f0ed2627p-3,
        -0x1.3201982b9dda2p-1, 0x1.98051a3015c2fp-4,  0x1.994c835bf9c2bp-3,  0x1.3303050865649p-2,
        0x1.dae08eed51438p-1,  0x1.03737b0cc2acbp-1,  -0x1.04c58fed9f3bbp-2, 0x1.f6748e53a15ccp-1,
        -0x1.15b6ead493bfap-5, -0x1.56174497d8edp-8,  -0x1.9c63c0c5ce2a9p-6, 0x1.17c86da71387p-2,
        -0x1.fe014ef8b3fap-1,  -0x1.00aa138b7ca43p+2};
    for (int j = 0; j < 22; j++)
        if (memcmp(&got[j], &want[j], sizeof got[j]) != 0)
            fail_msg("pose member %d: %a, committed %a", j, got[j], want[j]);
}

/* ---- C2, measured ----------------------------------------------------------------------- */

/* The same gradients with Perlin's first fade 3f^2 - 2f^3: C1 only (the
 * negative control of the measure). The gradient at lattice point i is the
 * noise's slope there, halved. */
static double c1_noise(double x)
{
    const double i = floor(x), f = x - i;
    double d0[2], d1[2];
    cp_shake_noise(9, 0, i, d0);
    cp_shake_noise(9, 0, i + 1, d1);
    const double g0 = 0.5 * d0[0], g1 = 0.5 * d1[0], s = f * f * (3 - 2 * f);
    return 2 * (g0 * f + s * (g1 * (f - 1) - g0 * f));
}

static double c2_noise(double x) { return cp_shake_noise(9, 0, x, NULL); }

/* Jumps of the first and second derivative at x from one-sided differences
 * of step h (samples only): O(h) where the function is C2. */
static void jumps_at(double (*f)(double), double x, double h, double *j1, double *j2)
{
    const double f0 = f(x), l1 = f(x - h), l2 = f(x - 2 * h), r1 = f(x + h), r2 = f(x + 2 * h);
    /* second-order one-sided first derivatives, so that their own error is O(h^2) */
    const double dl = (3 * f0 - 4 * l1 + l2) / (2 * h), dr = (-3 * f0 + 4 * r1 - r2) / (2 * h);
    *j1 = fabs(dl - dr);
    *j2 = fabs((f0 - 2 * l1 + l2) / (h * h) - (r2 - 2 * r1 + f0) / (h * h));
}

static void noise_should_be_c2_at_its_lattice_points_and_the_measure_should_see_c1(void **state)
{
    (void)state;
    double worst[2][2] = {{0, 0}, {0, 0}}, least_c1 = INFINITY, c1_mean = 0;
    for (int k = -20; k <= 20; k++) {
        double j1, j2, c1j1, c1j2;
        for (int s = 0; s < 2; s++) {
            const double h = s ? 1e-4 : 1e-3;
            jumps_at(c2_noise, k, h, &j1, &j2);
            worst[s][0] = fmax(worst[s][0], j1), worst[s][1] = fmax(worst[s][1], j2);
        }
        jumps_at(c1_noise, k, 1e-4, &c1j1, &c1j2);
        /* the C1 fade's true jump of the second derivative: 12 |g1 - g0| ... measured, not assumed */
        least_c1 = fmin(least_c1, c1j2);
        c1_mean += c1j2 / 41;
        assert_true(c1j1 < 1e-2); /* C1: the first derivative does not jump */
    }
    print_message("    quintic fade, 41 lattice points: largest jump of d2 %.2g (h = 1e-3), %.2g (h = 1e-4); "
                  "cubic fade: mean jump of d2 %.3g, least %.3g\n",
                  worst[0][1], worst[1][1], c1_mean, least_c1);
    /* C2: the measured jumps are small and shrink with h (their O(h) error, the third derivative's jump) */
    assert_true(worst[0][1] < 0.5);
    assert_true(worst[1][1] < 0.1 * worst[0][1] + 1e-3);
    assert_true(worst[1][0] < 1e-6);
    /* C1 only: the measure sees jumps of the second derivative that do not shrink */
    assert_true(c1_mean > 100 * worst[1][1]);
}

/* ---- derivatives and keys of a shaken path ---------------------------------------------- */

static cp_path *shaken_path(cp_timing timing, const double *scales, uint32_t seed)
{
    cp_key k[5];
    memset(k, 0, sizeof k);
    static const double t[5] = {0, 1.3, 2.1, 4.0, 5.2};
    for (int i = 0; i < 5; i++) {
        k[i].time = t[i];
        k[i].position = cp_vec3_make(3.0 * i, 1.0 + 0.3 * i * i, -(double)i);
        k[i].rotation = cp_quat_from_yaw_pitch_roll(0.3 * i, 0.1 * (i % 2), 0);
        k[i].fov = 50 + 3 * i;
        if (scales) {
            k[i].flags |= CP_KEY_SHAKE_SCALE;
            k[i].shake_scale = scales[i];
        }
    }
    cp_path_options o = {.timing = timing};
    o.shake = (cp_shake){.seed = seed, .position = {0.1, 4}, .rotation = {2, 3}, .fov = {1.5, 2}};
    cp_error err;
    cp_path *p = cp_path_create(k, 5, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    return p;
}

static cp_vec3 rotvec_rate(cp_quat a, cp_quat b, double h)
{
    /* omega = 2 vec(q' conj q), q' by a central difference */
    const cp_quat d = cp_quat_scale(cp_quat_make(b.x - a.x, b.y - a.y, b.z - a.z, b.w - a.w), 1.0 / h);
    const cp_quat m = cp_quat_normalize(cp_quat_make(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w));
    const cp_quat w = cp_quat_mul(d, cp_quat_conj(m));
    return cp_vec3_make(2 * w.x, 2 * w.y, 2 * w.z);
}

static void shaken_path_should_have_exact_derivatives(void **state)
{
    (void)state;
    const double scales[5] = {0.2, 1, 1.5, 0.5, 1};
    for (int timing = 0; timing < 2; timing++) {
        cp_path *p = shaken_path(timing ? CP_TIMING_SMOOTH : CP_TIMING_KEYS, scales, 3);
        double worst = 0;
        for (double t = 0.05; t < 5.1; t += 0.0937) {
            const double h = 1e-5;
            cp_pose a, b, c, u;
            cp_path_sample(p, t - h, &a);
            cp_path_sample(p, t, &c);
            cp_path_sample(p, t + h, &b);
            cp_path_sample_unshaken(p, t, 0, &u);
            assert_true(cp_vec3_length(cp_vec3_sub(c.position, u.position)) > 0); /* the layer is there */
            const cp_vec3 v = cp_vec3_scale(cp_vec3_sub(b.position, a.position), 0.5 / h);
            const cp_vec3 acc = cp_vec3_scale(cp_vec3_sub(b.velocity, a.velocity), 0.5 / h);
            const cp_vec3 w = rotvec_rate(a.rotation, b.rotation, 2 * h);
            const cp_vec3 al = cp_vec3_scale(cp_vec3_sub(b.angular_velocity, a.angular_velocity), 0.5 / h);
            const double fv = (b.fov - a.fov) * 0.5 / h, fa = (b.fov_velocity - a.fov_velocity) * 0.5 / h;
            const double e[6] = {cp_vec3_length(cp_vec3_sub(v, c.velocity)) / (1 + cp_vec3_length(c.velocity)),
                                 cp_vec3_length(cp_vec3_sub(acc, c.acceleration)) / (1 + cp_vec3_length(c.acceleration)),
                                 cp_vec3_length(cp_vec3_sub(w, c.angular_velocity)) / (1 + cp_vec3_length(c.angular_velocity)),
                                 cp_vec3_length(cp_vec3_sub(al, c.angular_acceleration)) /
                                     (1 + cp_vec3_length(c.angular_acceleration)),
                                 fabs(fv - c.fov_velocity) / (1 + fabs(c.fov_velocity)),
                                 fabs(fa - c.fov_acceleration) / (1 + fabs(c.fov_acceleration))};
            for (int i = 0; i < 6; i++) {
                if (e[i] > 1e-5)
                    fail_msg("timing %d, t = %g: derivative %d is off its finite difference by %.3g", timing, t, i,
                             e[i]);
                worst = fmax(worst, e[i]);
            }
        }
        print_message("    %s timing: derivatives against central differences, worst relative error %.2g\n",
                      timing ? "smooth" : "keys", worst);
        cp_path_destroy(p);
    }
}

static void shaken_path_should_be_c2_at_its_keys(void **state)
{
    (void)state;
    const double scales[5] = {0.2, 1, 1.5, 0.5, 1};
    for (int timing = 0; timing < 2; timing++) {
        cp_path *p = shaken_path(timing ? CP_TIMING_SMOOTH : CP_TIMING_KEYS, scales, 11);
        const cp_key *k = cp_path_keys(p);
        for (int i = 1; i < 4; i++) {
            cp_pose l, r;
            cp_path_sample_side(p, k[i].time, -1, &l);
            cp_path_sample_side(p, k[i].time, 1, &r);
            const cp_vec3 a[4] = {l.velocity, l.acceleration, l.angular_velocity, l.angular_acceleration};
            const cp_vec3 b[4] = {r.velocity, r.acceleration, r.angular_velocity, r.angular_acceleration};
            for (int q = 0; q < 4; q++) {
                const double jump = cp_vec3_length(cp_vec3_sub(a[q], b[q]));
                const double scale = fmax(1.0, fmax(cp_vec3_length(a[q]), cp_vec3_length(b[q])));
                if (jump > 1e-9 * scale)
                    fail_msg("timing %d, key %d: quantity %d jumps by %.3g", timing, i, q, jump);
            }
            assert_near(l.fov_acceleration, r.fov_acceleration, 1e-9, 1.0);
        }
        cp_path_destroy(p);
    }
}

/* ---- the spectrum ----------------------------------------------------------------------- */

/* The share of the layer's energy above its frequency, from a Hann-windowed
 * DFT of samples of the position offset: the figure docs/math.md gives. */
static void energy_above_the_frequency_should_be_small(void **state)
{
    (void)state;
    enum { N = 4096 };
    static double x[N];
    const double F = 2.0, fs = 16 * F; /* 128 s of shake, 64 lattice cells */
    double share_above = 0, share_low = 0;
    for (uint32_t seed = 1; seed <= 3; seed++) {
        const cp_shake sh = {.seed = seed, .position = {1, F}};
        const double one[3] = {1, 0, 0};
        for (int i = 0; i < N; i++) {
            cp_pose p;
            memset(&p, 0, sizeof p);
            p.rotation = cp_quat_identity();
            cp_shake_apply(&sh, i / fs, one, &p);
            x[i] = p.position.x * (0.5 - 0.5 * cos(2 * M_PI * i / N));
        }
        double total = 0, above = 0, low = 0;
        for (int k = 1; k < N / 2; k++) {
            double re = 0, im = 0;
            for (int i = 0; i < N; i++) {
                const double a = 2 * M_PI * (double)((long)k * i % N) / N;
                re += x[i] * cos(a), im -= x[i] * sin(a);
            }
            const double P = re * re + im * im, f = k * fs / N;
            total += P;
            above += f > F ? P : 0;
            low += f < F / 2 ? P : 0;
        }
        share_above = fmax(share_above, above / total);
        share_low += low / total / 3;
    }
    print_message("    energy above the frequency: at most %.2e of the total (3 seeds); below half of it: %.3f\n",
                  share_above, share_low);
    assert_true(share_above < 1e-3); /* the bound docs/math.md states */
    assert_true(share_low > 0.5);    /* and the noise is not flat: most of it lies well below F */
}

/* ---- shake_scale ------------------------------------------------------------------------- */

static void pose_bits_equal(const cp_pose *a, const cp_pose *b, double t)
{
    if (memcmp(&a->position, &b->position, sizeof a->position) != 0 ||
        memcmp(&a->rotation, &b->rotation, sizeof a->rotation) != 0 || memcmp(&a->fov, &b->fov, sizeof a->fov) != 0 ||
        memcmp(&a->velocity, &b->velocity, sizeof a->velocity) != 0 ||
        memcmp(&a->angular_acceleration, &b->angular_acceleration, sizeof a->angular_acceleration) != 0)
        fail_msg("t = %.17g: the shaken pose differs from the path's", t);
}

static void shake_scale_at_zero_should_leave_no_shake(void **state)
{
    (void)state;
    /* smooth timing, scale dying away to 0 at key 2 and staying there */
    const double scales[5] = {1, 0.5, 0, 0, 0};
    cp_path *p = shaken_path(CP_TIMING_SMOOTH, scales, 5);
    const cp_key *k = cp_path_keys(p);
    size_t equal = 0;
    for (double t = k[2].time; t <= 6.0; t += 0.01) {
        cp_pose a, b;
        cp_path_sample(p, t, &a);
        cp_path_sample_unshaken(p, t, 0, &b);
        pose_bits_equal(&a, &b, t);
        equal++;
    }
    double s[3];
    cp_path_shake_scale(p, 0.5 * (k[0].time + k[1].time), s);
    assert_true(s[0] > 0.5 && s[0] < 1); /* and between 1 and 0.5 it is there, in between */
    cp_pose a, b;
    cp_path_sample(p, 0.5 * (k[0].time + k[1].time), &a);
    cp_path_sample_unshaken(p, 0.5 * (k[0].time + k[1].time), 0, &b);
    assert_true(cp_vec3_length(cp_vec3_sub(a.position, b.position)) > 0);
    print_message("    shake_scale 0 from key 2: %zu samples equal to the unshaken path to the bit\n", equal);
    cp_path_destroy(p);
    /* the swell is C2 in time: its jumps at the keys, from one-sided differences */
    const double swell[5] = {0, 1, 0.25, 2, 0};
    p = shaken_path(CP_TIMING_KEYS, swell, 5);
    k = cp_path_keys(p);
    for (int i = 1; i < 4; i++) {
        double l[3], r[3];
        cp_path_shake_scale(p, nextafter(k[i].time, -INFINITY), l);
        cp_path_shake_scale(p, k[i].time, r);
        assert_near(l[0], r[0], 1e-12, 1.0);
        assert_near(l[1], r[1], 1e-9, 1.0);
        assert_near(l[2], r[2], 1e-6, 1.0);
    }
    cp_path_destroy(p);
}

/* A closed path: the scale is periodic and C2 across the seam, and the
 * shaken pose's derivatives at the seam agree from both sides. */
static void shake_scale_should_loop_with_a_closed_path(void **state)
{
    (void)state;
    cp_key k[4];
    memset(k, 0, sizeof k);
    for (int i = 0; i < 4; i++) {
        k[i].time = 1.5 * i;
        k[i].position = cp_vec3_make(4 * cos(i * M_PI / 2), 2, 4 * sin(i * M_PI / 2));
        k[i].rotation = cp_quat_from_yaw_pitch_roll(-i * M_PI / 2, 0, 0);
        k[i].fov = 50;
        k[i].flags = CP_KEY_SHAKE_SCALE;
        k[i].shake_scale = i % 2 ? 0.25 : 1.5;
    }
    cp_path_options o = {.ends = CP_ENDS_CLOSED, .period = 6};
    o.shake = (cp_shake){.seed = 8, .position = {0.1, 3}, .rotation = {1, 2}};
    cp_error err;
    cp_path *p = cp_path_create(k, 4, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    double l[3], r[3];
    cp_path_shake_scale(p, nextafter(6.0, 0.0), l);
    cp_path_shake_scale(p, 6.0, r);
    assert_near(l[0], r[0], 1e-12, 1.0);
    assert_near(l[1], r[1], 1e-9, 1.0);
    assert_near(l[2], r[2], 1e-6, 1.0);
    cp_path_shake_scale(p, 0.0, l);
    assert_near(l[0], r[0], 1e-12, 1.0); /* one period on, the same scale */
    cp_pose a, b;
    cp_path_sample_side(p, 6.0, -1, &a);
    cp_path_sample_side(p, 6.0, 1, &b);
    assert_true(cp_vec3_length(cp_vec3_sub(a.acceleration, b.acceleration)) < 1e-9 * (1 + cp_vec3_length(a.acceleration)));
    assert_true(cp_vec3_length(cp_vec3_sub(a.angular_acceleration, b.angular_acceleration)) <
                1e-9 * (1 + cp_vec3_length(a.angular_acceleration)));
    cp_path_destroy(p);
}

/* ---- files ------------------------------------------------------------------------------ */

static const char shaken_file[] =
    "{\n"
    "  \"campath\": 1,\n"
    "  \"interpolation\": { \"position\": \"c2\", \"rotation\": \"c2\", \"fov\": \"c2\" },\n"
    "  \"ends\": \"natural\",\n"
    "  \"shake\": {\"seed\": 17, \"position\": [0.02, 1.5], \"rotation\": [0.5, 2], \"fov\": [1, 0.75]},\n"
    "  \"keys\": [\n"
    "    { \"t\": 0, \"position\": [0, 1, 0], \"rotation\": [0, 0, 0, 1], \"fov\": 60, \"shake_scale\": 0 },\n"
    "    { \"t\": 2, \"position\": [4, 1, 2], \"rotation\": [0, 0, 0, 1], \"fov\": 55 },\n"
    "    { \"t\": 3.5, \"position\": [6, 2, 2], \"rotation\": [0, 0, 0, 1], \"fov\": 50, \"shake_scale\": 2.5 }\n"
    "  ]\n"
    "}\n";

static void files_should_round_trip_shake_byte_for_byte(void **state)
{
    (void)state;
    cp_error err;
    cp_path *p = cp_path_load_memory(shaken_file, strlen(shaken_file), "shaken.json", &err);
    if (!p)
        fail_msg("%s", err.message);
    const cp_shake sh = cp_path_get_options(p).shake;
    assert_int_equal(sh.seed, 17);
    assert_true(sh.position.amplitude == 0.02 && sh.rotation.frequency == 2 && sh.fov.frequency == 0.75);
    assert_true(cp_path_keys(p)[2].flags & CP_KEY_SHAKE_SCALE);
    assert_false(cp_path_keys(p)[1].flags & CP_KEY_SHAKE_SCALE);
    size_t size;
    char *text = cp_path_save_memory(p, &size, &err);
    assert_non_null(text);
    if (strcmp(text, shaken_file) != 0)
        fail_msg("written:\n%s", text);
    free(text);
    cp_path_destroy(p);
}

static void expect_error(const char *member, const char *expected)
{
    char text[1024];
    snprintf(text, sizeof text,
             "{\"campath\": 1, %s\n \"keys\": [{\"t\": 0, \"position\": [0,0,0], \"fov\": 60},\n"
             " {\"t\": 1, \"position\": [1,0,0], \"fov\": 60%s}]}",
             member[0] == '"' && strncmp(member, "\"shake\"", 7) == 0 ? member : "",
             member[0] == ',' ? member : "");
    cp_error err;
    cp_path *p = cp_path_load_memory(text, strlen(text), "bad.json", &err);
    if (p)
        fail_msg("accepted: %s", member);
    if (!strstr(err.message, expected))
        fail_msg("for %s\n  got: %s\n  expected: %s", member, err.message, expected);
}

static void bad_shake_should_be_refused_where_it_stands(void **state)
{
    (void)state;
    expect_error("\"shake\": {\"seed\": 1, \"position\": [0.1, -2]},",
                 "bad.json:1:55: shake.position[1]: frequency must be in (0, 1000] Hz, got -2");
    expect_error("\"shake\": {\"seed\": 1, \"rotation\": [90, 2]},",
                 "bad.json:1:50: shake.rotation[0]: amplitude must be in [0, 45] degrees, got 90");
    expect_error("\"shake\": {\"seed\": 1.5},", "shake.seed: must be a whole number in [0, 4294967295], got 1.5");
    expect_error("\"shake\": {\"seed\": 1, \"fov\": [1]},", "shake.fov: [amplitude in degrees, frequency in Hz] expected, got 1 number");
    expect_error("\"shake\": {\"seed\": 1, \"wobble\": 3},", "shake: unknown member \"wobble\"");
    expect_error("\"shake\": [1, 2],", "shake: an object");
    expect_error(", \"shake_scale\": -1", "keys[1].shake_scale: must be in [0, 1000] (the shake's multiplier), got -1");
    /* and through the C API */
    cp_key k[2] = {{.time = 0, .rotation = {0, 0, 0, 1}, .fov = 60},
                   {.time = 1, .rotation = {0, 0, 0, 1}, .fov = 60, .flags = CP_KEY_SHAKE_SCALE, .shake_scale = NAN}};
    cp_error err;
    assert_null(cp_path_create(k, 2, NULL, &err));
    assert_string_equal(err.field, "keys[1].shake_scale");
    k[1].shake_scale = 1;
    cp_path_options o = {.shake = {.fov = {2, 0}}};
    assert_null(cp_path_create(k, 2, &o, &err));
    assert_string_equal(err.field, "options.shake.fov[1]");
}

/* ---- glTF ------------------------------------------------------------------------------- */

static void gltf_export_should_bake_the_shake(void **state)
{
    (void)state;
    cp_path *p = shaken_path(CP_TIMING_KEYS, NULL, 21);
    cp_gltf_export_options eo = {.no_extras = 1};
    cp_error err;
    size_t size;
    char *text = cp_gltf_export_memory(p, &eo, &size, &err);
    if (!text)
        fail_msg("%s", err.message);
    cp_path *back = cp_gltf_import_memory(text, size, "shaken.gltf", NULL, NULL, &err);
    if (!back)
        fail_msg("%s", err.message);
    double worst = 0, shake = 0;
    for (double t = 0.01; t < 5.2; t += 0.0173) {
        cp_pose a, b, u;
        cp_path_sample(p, t, &a);
        cp_path_sample_unshaken(p, t, 0, &u);
        cp_path_sample(back, t, &b);
        worst = fmax(worst, cp_vec3_length(cp_vec3_sub(a.position, b.position)));
        shake = fmax(shake, cp_vec3_length(cp_vec3_sub(a.position, u.position)));
    }
    print_message("    glTF (LINEAR samples): largest distance from the shaken path %.2g m; the shake itself %.2g m\n",
                  worst, shake);
    assert_true(worst < 2e-4);     /* within the export's bound (1e-4) and the float's rounding */
    assert_true(shake > 100 * worst); /* so the export follows the shake, not the path without it */
    free(text);
    cp_path_destroy(back);
    cp_path_destroy(p);
}

/* ---- sequences ---------------------------------------------------------------------------- */

static void shot_shake_should_blend_c2(void **state)
{
    (void)state;
    static const char seq[] =
        "{\"campath\": 1, \"shots\": [\n"
        " {\"path\": {\"keys\": [{\"t\": 0, \"position\": [0,1,0], \"rotation\": [0,0,0,1]},"
        " {\"t\": 3, \"position\": [6,1,0], \"rotation\": [0,0.2,0,0.98]}]},"
        "  \"shake\": {\"seed\": 2, \"position\": [0.05, 3], \"rotation\": [1, 2]}},\n"
        " {\"path\": {\"keys\": [{\"t\": 0, \"position\": [0,2,5], \"rotation\": [0,0,0,1]},"
        " {\"t\": 4, \"position\": [0,2,-5], \"rotation\": [0.1,0,0,0.995]}]}, \"blend\": 1,"
        "  \"shake\": {\"seed\": 3, \"fov\": [2, 1], \"rotation\": [0.5, 4]}}\n"
        "]}";
    cp_error err;
    cp_sequence *s = cp_sequence_load_memory(seq, strlen(seq), "seq.json", ".", &err);
    if (!s)
        fail_msg("%s", err.message);
    assert_int_equal(cp_sequence_shot(s, 1)->shake.seed, 3);
    /* both ends of the blend: sequence time 2 and 3 */
    for (int e = 0; e < 2; e++) {
        const double tb = 2.0 + e;
        double jump[2] = {0, 0};
        for (int side = 0; side < 2; side++) {
            const double h = side ? 1e-4 : 1e-3;
            cp_sequence_pose l, r;
            cp_sequence_sample(s, tb - h, NAN, &l);
            cp_sequence_sample(s, tb + h, NAN, &r);
            jump[side] = cp_vec3_length(cp_vec3_sub(l.pose.angular_acceleration, r.pose.angular_acceleration)) +
                         cp_vec3_length(cp_vec3_sub(l.pose.acceleration, r.pose.acceleration)) +
                         fabs(l.pose.fov_acceleration - r.pose.fov_acceleration);
        }
        /* continuous: the difference across the end shrinks with the step (O(h)) */
        if (!(jump[1] < 0.2 * jump[0] + 1e-9))
            fail_msg("blend end %g: accelerations differ by %.3g (h = 1e-3) and %.3g (h = 1e-4)", tb, jump[0],
                     jump[1]);
    }
    cp_sequence_pose a, b;
    cp_sequence_sample(s, 0.7, NAN, &a);
    cp_sequence_sample_unshaken(s, 0.7, NAN, &b);
    assert_true(cp_vec3_length(cp_vec3_sub(a.pose.position, b.pose.position)) > 1e-4);
    cp_sequence_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(noise_should_give_the_committed_bits),
        cmocka_unit_test(noise_should_be_c2_at_its_lattice_points_and_the_measure_should_see_c1),
        cmocka_unit_test(shaken_path_should_have_exact_derivatives),
        cmocka_unit_test(shaken_path_should_be_c2_at_its_keys),
        cmocka_unit_test(energy_above_the_frequency_should_be_small),
        cmocka_unit_test(shake_scale_at_zero_should_leave_no_shake),
        cmocka_unit_test(shake_scale_should_loop_with_a_closed_path),
        cmocka_unit_test(files_should_round_trip_shake_byte_for_byte),
        cmocka_unit_test(bad_shake_should_be_refused_where_it_stands),
        cmocka_unit_test(gltf_export_should_bake_the_shake),
        cmocka_unit_test(shot_shake_should_blend_c2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

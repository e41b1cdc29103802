/* SPDX-License-Identifier: MIT */
/* tests/unit/test_lookat.c - look-at paths: the camera looks from its
 * position at the target, +Y up, rolled; rotation, angular velocity and
 * angular acceleration continuous at every key (measured from both sides)
 * in every timing and ends mode, and equal to finite differences of the
 * sampled rotation; keys reproduced bit for bit; no sign flips round a
 * loop; degenerate keys refused with their field; the check's look-vertical
 * and target-near findings against a brute-force search. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#define PI 3.14159265358979323846

/* ---- random look-at paths ---------------------------------------------------------------- */

typedef struct shape {
    cp_timing timing;
    cp_ends   ends;
    int       roll;   /* keys have roll */
    int       holds;  /* smooth timing: some keys hold */
} shape;

/* n keys flying round a moving subject: 3 to 12 m from it, the view at most
 * 60 degrees from level, unevenly timed; the times of constant-speed paths
 * are computed. */
static cp_path *random_path(testutil_rng *rng, size_t n, shape s, cp_interp position, cp_key *out_keys)
{
    cp_key k[16];
    memset(k, 0, sizeof k);
    double t = testutil_uniform(rng, -2, 2), heading = testutil_uniform(rng, 0, 2 * PI);
    cp_vec3 subject = {testutil_uniform(rng, -5, 5), 1, testutil_uniform(rng, -5, 5)};
    for (size_t i = 0; i < n; i++) {
        heading += testutil_uniform(rng, 0.2, 1.0);
        const double r = testutil_uniform(rng, 3, 12), elev = testutil_uniform(rng, -0.9, 0.9);
        subject = cp_vec3_add(subject, cp_vec3_make(testutil_uniform(rng, -1, 1), testutil_uniform(rng, -0.3, 0.3),
                                                    testutil_uniform(rng, -1, 1)));
        k[i].time = t;
        k[i].flags = CP_KEY_TARGET;
        k[i].target = subject;
        k[i].position = cp_vec3_add(subject, cp_vec3_make(r * cos(elev) * cos(heading), r * sin(elev),
                                                          r * cos(elev) * sin(heading)));
        k[i].roll = s.roll ? testutil_uniform(rng, -40, 40) : 0.0;
        k[i].fov = testutil_uniform(rng, 40, 70);
        if (s.holds && s.timing != CP_TIMING_KEYS && i % 3 == 1) {
            k[i].flags |= CP_KEY_HOLD;
            k[i].hold = testutil_uniform(rng, 0, 0.4);
        }
        t += (k[i].flags & CP_KEY_HOLD ? k[i].hold : 0) + testutil_uniform(rng, 0.3, 2.5);
    }
    cp_path_options o = {.position = position, .ends = s.ends, .timing = s.timing,
                         .orientation = CP_ORIENTATION_LOOK_AT};
    if (s.ends == CP_ENDS_CLOSED)
        o.period = t - k[0].time;
    cp_error err;
    cp_path *p = cp_path_create(k, n, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    if (out_keys)
        memcpy(out_keys, k, n * sizeof *k);
    return p;
}

static const shape shapes[] = {
    {CP_TIMING_KEYS, CP_ENDS_NATURAL, 0, 0},           {CP_TIMING_KEYS, CP_ENDS_REST, 1, 0},
    {CP_TIMING_KEYS, CP_ENDS_CLOSED, 1, 0},            {CP_TIMING_SMOOTH, CP_ENDS_NATURAL, 1, 1},
    {CP_TIMING_SMOOTH, CP_ENDS_REST, 0, 1},            {CP_TIMING_SMOOTH, CP_ENDS_CLOSED, 1, 1},
    {CP_TIMING_CONSTANT_SPEED, CP_ENDS_REST, 1, 1},    {CP_TIMING_CONSTANT_SPEED, CP_ENDS_CLOSED, 0, 0},
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

static double qdist(cp_quat a, cp_quat b)
{
    return cp_quat_length(cp_quat_make(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w));
}

static double vdist(cp_vec3 a, cp_vec3 b) { return cp_vec3_length(cp_vec3_sub(a, b)); }

/* The joins of a path: its keys (a loop's first one too) and hold ends. */
static size_t joins(const cp_path *p, double *t)
{
    const cp_key *k = cp_path_keys(p);
    const size_t n = cp_path_key_count(p);
    const int closed = cp_path_get_options(p).ends == CP_ENDS_CLOSED;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (closed || (i > 0 && i + 1 < n))
            t[m++] = k[i].time;
        if ((k[i].flags & CP_KEY_HOLD) && k[i].hold > 0 && (closed || i + 1 < n))
            t[m++] = k[i].time + k[i].hold;
    }
    return m;
}

/* The largest relative jumps at the joins of rotation, angular velocity
 * and angular acceleration (relative to each one's largest size there,
 * the rotation to 1); the rotation from both sides with the same sign. */
static void measure_jumps(const cp_path *p, double jump[3])
{
    double t[40], scale[3] = {1, 0, 0};
    const size_t m = joins(p, t);
    jump[0] = jump[1] = jump[2] = 0;
    cp_pose l[40], r[40];
    for (size_t j = 0; j < m; j++) {
        cp_path_sample_side(p, t[j], -1, &l[j]);
        cp_path_sample_side(p, t[j], 1, &r[j]);
        scale[1] = fmax(scale[1], cp_vec3_length(l[j].angular_velocity));
        scale[2] = fmax(scale[2], cp_vec3_length(l[j].angular_acceleration));
    }
    for (size_t j = 0; j < m; j++) {
        jump[0] = fmax(jump[0], qdist(l[j].rotation, r[j].rotation));
        jump[1] = fmax(jump[1], vdist(l[j].angular_velocity, r[j].angular_velocity) / scale[1]);
        jump[2] = fmax(jump[2], vdist(l[j].angular_acceleration, r[j].angular_acceleration) / scale[2]);
    }
}

/* ---- continuity ----------------------------------------------------------------------------- */

static void rotation_should_be_c2_at_every_key_in_every_timing(void **state)
{
    (void)state;
    testutil_rng rng = {0x10c4a7};
    double most[NSHAPES][3] = {{0}};
    for (size_t s = 0; s < NSHAPES; s++) {
        for (int it = 0; it < 30; it++) {
            cp_path *p = random_path(&rng, 4 + (size_t)it % 9, shapes[s], CP_INTERP_C2, NULL);
            double j[3];
            measure_jumps(p, j);
            for (int q = 0; q < 3; q++) {
                if (!(j[q] <= 1e-12))
                    fail_msg("shape %zu, path %d: %s jumps by %.3g", s, it,
                             q == 0 ? "rotation" : q == 1 ? "angular velocity" : "angular acceleration", j[q]);
                most[s][q] = fmax(most[s][q], j[q]);
            }
            cp_path_destroy(p);
        }
        print_message("    %-15s %-8s: largest relative jump: rotation %.1e, angular velocity %.1e, angular "
                      "acceleration %.1e\n",
                      cp_timing_name(shapes[s].timing), cp_ends_name(shapes[s].ends), most[s][0], most[s][1],
                      most[s][2]);
    }
}

/* The measure can fail: with bisector tangents (C1) for positions and
 * targets the angular acceleration jumps at the keys, by a lot. */
static void bisector_targets_should_break_the_angular_acceleration(void **state)
{
    (void)state;
    testutil_rng rng = {0xb15ec7};
    double least = INFINITY;
    for (int it = 0; it < 30; it++) {
        cp_path *p = random_path(&rng, 6, shapes[it % 2], CP_INTERP_BISECTOR, NULL);
        double j[3];
        measure_jumps(p, j);
        assert_true(j[1] <= 1e-12); /* still C1 */
        least = fmin(least, j[2]);
        cp_path_destroy(p);
    }
    print_message("    bisector: the angular acceleration jumps by at least %.2f of its scale on every path\n", least);
    assert_true(least > 1e-2);
}

/* ---- what the camera does ---------------------------------------------------------------------- */

/* omega = 2 vec(q' conj q) from central differences of the sampled rotation,
 * alpha from central differences of omega. */
static void finite_differences(const cp_path *p, double t, double h, cp_vec3 *w, cp_vec3 *a)
{
    cp_pose m, lo, hi;
    cp_path_sample(p, t, &m);
    cp_path_sample(p, t - h, &lo);
    cp_path_sample(p, t + h, &hi);
    const cp_quat q1 = cp_quat_make((hi.rotation.x - lo.rotation.x) / (2 * h), (hi.rotation.y - lo.rotation.y) / (2 * h),
                                    (hi.rotation.z - lo.rotation.z) / (2 * h), (hi.rotation.w - lo.rotation.w) / (2 * h));
    const cp_quat v = cp_quat_mul(q1, cp_quat_conj(m.rotation));
    *w = cp_vec3_make(2 * v.x, 2 * v.y, 2 * v.z);
    *a = cp_vec3_scale(cp_vec3_sub(hi.angular_velocity, lo.angular_velocity), 1 / (2 * h));
}

static void angular_derivatives_should_be_those_of_the_rotation(void **state)
{
    (void)state;
    testutil_rng rng = {0xd1ff5};
    double worst[2] = {0, 0};
    for (size_t s = 0; s < NSHAPES; s++)
        for (int it = 0; it < 10; it++) {
            cp_path *p = random_path(&rng, 7, shapes[s], CP_INTERP_C2, NULL);
            double t[40];
            const size_t m = joins(p, t);
            const double start = cp_path_start(p), span = cp_path_duration(p);
            for (int k = 0; k < 40; k++) {
                const double at = start + span * testutil_uniform(&rng, 0.01, 0.99), h = 2e-6 * span;
                int near = 0; /* central differences straddling a key see its one-sided limits */
                for (size_t j = 0; j < m; j++)
                    near |= fabs(at - t[j]) < 3 * h;
                if (near)
                    continue;
                cp_pose pose;
                cp_path_sample(p, at, &pose);
                cp_vec3 w, a;
                finite_differences(p, at, h, &w, &a);
                const double ws = fmax(cp_vec3_length(pose.angular_velocity), 0.1);
                const double as = fmax(cp_vec3_length(pose.angular_acceleration), 0.1);
                const double ew = vdist(w, pose.angular_velocity) / ws, ea = vdist(a, pose.angular_acceleration) / as;
                if (!(ew < 1e-6) || !(ea < 1e-5))
                    fail_msg("shape %zu at t = %.17g: angular velocity off by %.3g, acceleration by %.3g", s, at, ew,
                             ea);
                worst[0] = fmax(worst[0], ew), worst[1] = fmax(worst[1], ea);
            }
            cp_path_destroy(p);
        }
    print_message("    against central differences: angular velocity within %.1e, acceleration within %.1e "
                  "(relative)\n",
                  worst[0], worst[1]);
}

/* The camera's -Z is the direction to the target; its x axis is level,
 * turned by the roll (positive: the up vector towards the left). */
static void camera_should_look_at_the_target_level_and_rolled(void **state)
{
    (void)state;
    testutil_rng rng = {0x1e7e1};
    for (size_t s = 0; s < NSHAPES; s++)
        for (int it = 0; it < 10; it++) {
            cp_key k[16];
            cp_path *p = random_path(&rng, 6, shapes[s], CP_INTERP_C2, k);
            const int rolled = shapes[s].roll;
            for (int j = 0; j < 50; j++) {
                const double at = cp_path_start(p) + cp_path_duration(p) * j / 49.0;
                cp_pose pose;
                cp_vec3 target;
                cp_path_sample(p, at, &pose);
                assert_true(cp_path_target(p, at, &target));
                const cp_vec3 view = cp_vec3_normalize(cp_vec3_sub(target, pose.position));
                assert_true(vdist(cp_quat_rotate(pose.rotation, cp_vec3_make(0, 0, -1)), view) < 1e-13);
                assert_near(cp_quat_length(pose.rotation), 1, 1e-15, 1);
                if (!rolled)
                    assert_true(fabs(cp_quat_rotate(pose.rotation, cp_vec3_make(1, 0, 0)).y) < 1e-14);
            }
            /* at the keys: the roll, exactly where the view is */
            const cp_key *pk = cp_path_keys(p);
            for (size_t i = 0; i < cp_path_key_count(p); i++) {
                cp_pose pose;
                cp_path_sample(p, pk[i].time, &pose);
                const cp_vec3 view = cp_vec3_normalize(cp_vec3_sub(pk[i].target, pk[i].position));
                const cp_vec3 x = cp_quat_rotate(pose.rotation, cp_vec3_make(1, 0, 0));
                const cp_vec3 up = cp_quat_rotate(pose.rotation, cp_vec3_make(0, 1, 0));
                const double level = sqrt(1 - view.y * view.y); /* cos(pitch) */
                assert_near(asin(x.y / level) * 180 / PI, pk[i].roll, 1e-9, 1);
                /* positive roll: up leans to the camera's left (-x of the unrolled frame) */
                const cp_vec3 left = cp_vec3_normalize(cp_vec3_cross(cp_vec3_make(0, 1, 0), cp_vec3_scale(view, -1)));
                if (pk[i].roll > 1)
                    assert_true(cp_vec3_dot(up, left) < 0);
                /* and the key's rotation is the sampled one, bit for bit, from both sides */
                cp_pose l, r;
                cp_path_sample_side(p, pk[i].time, -1, &l);
                cp_path_sample_side(p, pk[i].time, 1, &r);
                assert_memory_equal(&pose.rotation, &pk[i].rotation, sizeof pose.rotation);
                if (i > 0 || shapes[s].ends == CP_ENDS_CLOSED)
                    assert_memory_equal(&l.rotation, &pk[i].rotation, sizeof l.rotation);
                assert_memory_equal(&r.rotation, &pk[i].rotation, sizeof r.rotation);
            }
            cp_path_destroy(p);
        }
}

/* A camera circling its subject turns a full turn per period: the sampled
 * quaternion keeps its hemisphere all the way round, over several periods
 * (the chain comes back as -q, so odd periods are negated). */
static void orbit_should_never_flip_the_quaternion(void **state)
{
    (void)state;
    for (int timing = 0; timing < 2; timing++) {
        cp_key k[7] = {0};
        for (int i = 0; i < 7; i++) {
            const double a = 2 * PI * i / 7;
            k[i].time = i;
            k[i].position = cp_vec3_make(10 * cos(a), 3, 10 * sin(a));
            k[i].flags = CP_KEY_TARGET;
            k[i].target = cp_vec3_make(0, 1, 0);
            k[i].fov = 50;
        }
        cp_path_options o = {.ends = CP_ENDS_CLOSED, .period = 7, .timing = (cp_timing)timing,
                             .orientation = CP_ORIENTATION_LOOK_AT};
        cp_error err;
        cp_path *p = cp_path_create(k, 7, &o, &err);
        assert_non_null(p);
        cp_pose prev, pose;
        cp_path_sample(p, 0, &prev);
        double turned = 0;
        for (int j = 1; j <= 3 * 7000; j++) {
            cp_path_sample(p, j / 1000.0, &pose);
            assert_true(cp_quat_dot(prev.rotation, pose.rotation) > 0.99);
            turned += cp_quat_angle_between(prev.rotation, pose.rotation);
            prev = pose;
        }
        assert_near(turned, 3 * 2 * PI, 1e-6, 1); /* three turns round, one per period */
        cp_pose l, r;
        cp_path_sample_side(p, 7, -1, &l);
        cp_path_sample_side(p, 7, 1, &r);
        assert_true(qdist(l.rotation, r.rotation) < 1e-15); /* the seam, in the second period: -q0 */
        cp_path_sample(p, 0, &pose);
        assert_true(qdist(l.rotation, cp_quat_neg(pose.rotation)) < 1e-15);
        cp_path_destroy(p);
    }
}

/* Keys anywhere in a room, each looking at a point anywhere in it (near
 * level views), unevenly timed: between keys the view can swing far from
 * where either key looks, in keys timing by the spline's overshoot and in
 * smooth timing because camera and target travel at their own pace. */
static cp_path *room_path(testutil_rng *rng, size_t n, shape s)
{
    cp_key k[8];
    memset(k, 0, sizeof k);
    double t = 0;
    for (size_t i = 0; i < n; i++) {
        k[i].time = t;
        k[i].flags = CP_KEY_TARGET;
        k[i].position = cp_vec3_make(testutil_uniform(rng, -10, 10), testutil_uniform(rng, 0, 3),
                                     testutil_uniform(rng, -10, 10));
        k[i].target = cp_vec3_make(testutil_uniform(rng, -10, 10), testutil_uniform(rng, 0, 3),
                                   testutil_uniform(rng, -10, 10));
        k[i].roll = s.roll ? testutil_uniform(rng, -40, 40) : 0.0;
        k[i].fov = 50;
        t += testutil_uniform(rng, 0.3, 3);
    }
    cp_path_options o = {.ends = s.ends, .timing = s.timing, .orientation = CP_ORIENTATION_LOOK_AT};
    if (s.ends == CP_ENDS_CLOSED)
        o.period = t;
    cp_error err;
    cp_path *p = cp_path_create(k, n, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    return p;
}

/* The sampled quaternion is continuous along the whole path, however far
 * the view swings between keys: nearby samples whose rotations are close
 * never have opposite signs (q . q_prev < 0), a loop over three periods;
 * and it stays C2 at the keys (the measure of the test above). */
static void quaternion_should_keep_its_hemisphere_between_keys(void **state)
{
    (void)state;
    testutil_rng rng = {0xf11b5};
    size_t flips = 0, paths = 0, by_timing[3][2] = {{0}}; /* paths that flip, paths */
    double most[3] = {0, 0, 0};
    for (size_t s = 0; s < NSHAPES; s++)
        for (int it = 0; it < 40; it++, paths++) {
            cp_path *p = room_path(&rng, 3 + (size_t)it % 5, shapes[s]);
            const int closed = shapes[s].ends == CP_ENDS_CLOSED;
            const double start = cp_path_start(p), span = cp_path_duration(p) * (closed ? 3 : 1);
            const int m = 20000;
            double j3[3];
            measure_jumps(p, j3);
            for (int q = 0; q < 3; q++)
                most[q] = fmax(most[q], j3[q]);
            cp_pose prev, pose;
            cp_path_sample(p, start, &prev);
            for (int j = 1; j <= m; j++) {
                const double t = start + span * j / m;
                cp_path_sample(p, t, &pose);
                const double dot = cp_quat_dot(prev.rotation, pose.rotation);
                if (dot < 0 && fabs(dot) > cos(5 * PI / 360)) {
                    by_timing[shapes[s].timing][0]++;
                    if (flips++ < 5)
                        print_message("    %s timing, %s ends, path %d: the quaternion flips sign at t = %.9g "
                                      "(q . q_prev = %.4f)\n",
                                      cp_timing_name(shapes[s].timing), cp_ends_name(shapes[s].ends), it, t, dot);
                    break;
                }
                prev = pose;
            }
            by_timing[shapes[s].timing][1]++;
            cp_path_destroy(p);
        }
    for (int t = 0; t < 3; t++)
        print_message("    %s timing: %zu of %zu paths flip\n", cp_timing_name((cp_timing)t), by_timing[t][0],
                      by_timing[t][1]);
    print_message("    %zu of %zu paths flip; largest relative jump at the keys: rotation %.1e, angular velocity "
                  "%.1e, angular acceleration %.1e\n",
                  flips, paths, most[0], most[1], most[2]);
    assert_int_equal(flips, 0);
    for (int q = 0; q < 3; q++)
        assert_true(most[q] <= 1e-12);
}

/* In smooth timing a turn on the spot by roll alone moves u (the roll
 * plays out over time); a target sliding along the view ray changes no
 * pose, so those keys share a u-knot: the camera rests there. */
static void smooth_timing_should_count_roll_and_not_a_target_on_the_ray(void **state)
{
    (void)state;
    cp_key k[4] = {0};
    for (int i = 0; i < 4; i++) {
        k[i].time = 2 * i;
        k[i].flags = CP_KEY_TARGET;
        k[i].position = cp_vec3_make(0, 2, 10);
        k[i].target = cp_vec3_make(0, 2, 0);
        k[i].fov = 50;
    }
    k[1].roll = 30;            /* keys 0..1: roll only */
    k[2].roll = 30;
    k[2].target.z = -20;       /* keys 1..2: the target slides along the ray */
    k[3].roll = 30;
    k[3].target.x = 5;         /* keys 2..3: a pan */
    cp_path_options o = {.timing = CP_TIMING_SMOOTH, .ends = CP_ENDS_REST, .orientation = CP_ORIENTATION_LOOK_AT};
    cp_error err;
    cp_path *p = cp_path_create(k, 4, &o, &err);
    assert_non_null(p);
    double u1[3], u2[3];
    cp_path_parameter(p, 1.0, 0, u1);
    cp_path_parameter(p, 3.0, 0, u2);
    assert_true(u1[1] > 0); /* the roll moves u */
    assert_true(u2[1] == 0); /* at rest between keys 1 and 2 */
    cp_pose a, b;
    cp_path_sample(p, 2.5, &a);
    cp_path_sample(p, 4, &b);
    assert_memory_equal(&a.rotation, &b.rotation, sizeof a.rotation);
    assert_true(cp_vec3_length(a.angular_velocity) == 0);
    for (int i = 0; i < 4; i++) {
        cp_path_sample(p, k[i].time, &a);
        assert_memory_equal(&a.rotation, &cp_path_keys(p)[i].rotation, sizeof a.rotation);
        assert_memory_equal(&a.position, &k[i].position, sizeof a.position);
    }
    cp_path_destroy(p);
}

/* ---- bad input -------------------------------------------------------------------------------------- */

static void expect_refused(const cp_key *k, size_t n, const cp_path_options *o, const char *field, long key,
                           const char *message)
{
    cp_error err;
    assert_null(cp_path_create(k, n, o, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_string_equal(err.message, message);
    assert_string_equal(err.field, field);
    assert_int_equal(err.key, key);
}

static void degenerate_and_misplaced_members_should_be_named(void **state)
{
    (void)state;
    cp_key k[3] = {0};
    for (int i = 0; i < 3; i++) {
        k[i].time = i;
        k[i].flags = CP_KEY_TARGET;
        k[i].position = cp_vec3_make(4 * i, 2, 10);
        k[i].target = cp_vec3_make(0, 1, 0);
        k[i].fov = 50;
    }
    const cp_path_options look = {.orientation = CP_ORIENTATION_LOOK_AT}, rot = {0};
    cp_key b[3];
    memcpy(b, k, sizeof b);
    b[2].flags = 0;
    expect_refused(b, 3, &look, "keys[2].target", 2,
                   "keys[2].target: missing: a look-at path (options.orientation) needs a target on every key "
                   "(CP_KEY_TARGET in flags)");
    memcpy(b, k, sizeof b);
    b[1].target = b[1].position;
    expect_refused(b, 3, &look, "keys[1].target", 1,
                   "keys[1].target: (4, 2, 10) is 0 m from the position (4, 2, 10), closer than 0.000001 m "
                   "(CP_PATH_LOOKAT_MIN_DISTANCE): the camera has no direction to look in");
    memcpy(b, k, sizeof b);
    b[1].target = cp_vec3_make(4, 12, 10);
    expect_refused(b, 3, &look, "keys[1].target", 1,
                   "keys[1].target: (4, 12, 10) is straight above the position (4, 2, 10) (within 0.01 degrees, "
                   "CP_PATH_LOOKAT_MIN_ANGLE): a camera with +Y up has no heading there; move the target sideways");
    b[1].target.x = 4 + 10 * tan(0.02 * PI / 180); /* 0.02 degrees off: a heading */
    cp_path *p = cp_path_create(b, 3, &look, NULL);
    assert_non_null(p);
    cp_path_destroy(p);
    memcpy(b, k, sizeof b);
    b[0].target.z = NAN;
    expect_refused(b, 3, &look, "keys[0].target.z", 0, "keys[0].target.z: nan is not a finite number");
    memcpy(b, k, sizeof b);
    b[2].roll = -3601;
    expect_refused(b, 3, &look, "keys[2].roll", 2,
                   "keys[2].roll: -3601 degrees is beyond +-3600 (CP_PATH_MAX_ROLL, ten turns)");
    b[2].roll = INFINITY;
    expect_refused(b, 3, &look, "keys[2].roll", 2, "keys[2].roll: inf is not a finite number");
    /* in a rotation path: no target, no roll; its keys' rotations are read */
    for (int i = 0; i < 3; i++)
        k[i].rotation = cp_quat_make(0, 0, 0, 1);
    memcpy(b, k, sizeof b);
    expect_refused(b, 3, &rot, "keys[0].target", 0,
                   "keys[0].target: a target needs the look-at orientation (options.orientation is rotation)");
    for (int i = 0; i < 3; i++)
        b[i].flags = 0;
    b[1].roll = 5;
    expect_refused(b, 3, &rot, "keys[1].roll", 1,
                   "keys[1].roll: 5 degrees of roll needs the look-at orientation (options.orientation is rotation; "
                   "the rotation holds the roll)");
    /* a look-at path does not read the rotations: a zero one is fine */
    memcpy(b, k, sizeof b);
    b[1].rotation = cp_quat_make(0, 0, 0, 0);
    p = cp_path_create(b, 3, &look, NULL);
    assert_non_null(p);
    assert_near(cp_quat_length(cp_path_keys(p)[1].rotation), 1, 1e-15, 1);
    assert_null(cp_path_rotation_curve(p));
    assert_non_null(cp_path_target_curve(p));
    cp_path_destroy(p);
    const cp_path_options odd = {.orientation = (cp_orientation)7};
    expect_refused(k, 3, &odd, "options.orientation", -1,
                   "options.orientation: unknown orientation 7 (expected 0..1: rotation, look-at)");
    /* a rotation path has no target */
    for (int i = 0; i < 3; i++)
        b[i].flags = 0, b[i].roll = 0, b[i].rotation = cp_quat_make(0, 0, 0, 1);
    p = cp_path_create(b, 3, &rot, NULL);
    cp_vec3 t = {7, 7, 7};
    assert_false(cp_path_target(p, 1, &t));
    assert_true(t.x == 7);
    assert_null(cp_path_target_curve(p));
    cp_path_destroy(p);
    /* names */
    assert_string_equal(cp_orientation_name(CP_ORIENTATION_LOOK_AT), "look-at");
    assert_string_equal(cp_orientation_name(CP_ORIENTATION_ROTATION), "rotation");
    assert_null(cp_orientation_name((cp_orientation)2));
    cp_orientation on;
    assert_int_equal(cp_orientation_parse("look-at", &on), CP_OK);
    assert_int_equal(on, CP_ORIENTATION_LOOK_AT);
    assert_int_equal(cp_orientation_parse("lookat", &on), CP_ERR_INVALID);
}

/* ---- the check ---------------------------------------------------------------------------------------- */

/* The least angle from the vertical (degrees) and distance to the target
 * over [a, b], by brute force: m + 1 samples. */
static void brute_force_n(const cp_path *p, double a, double b, int m, double *angle, double *distance)
{
    *angle = *distance = INFINITY;
    for (int j = 0; j <= m; j++) {
        const double t = a + (b - a) * j / m;
        cp_pose pose;
        cp_vec3 target;
        cp_path_sample(p, t, &pose);
        cp_path_target(p, t, &target);
        const cp_vec3 d = cp_vec3_sub(target, pose.position);
        *angle = fmin(*angle, atan2(hypot(d.x, d.z), fabs(d.y)) * 180 / PI);
        *distance = fmin(*distance, cp_vec3_length(d));
    }
}

static void brute_force(const cp_path *p, double a, double b, double *angle, double *distance)
{
    brute_force_n(p, a, b, 200000, angle, distance);
}

/* A look-at path through keys k in `timing`, checked with `co` into *r. */
static cp_path *checked(const cp_key *k, size_t n, cp_timing timing, const cp_check_options *co, cp_check_report *r)
{
    cp_path_options o = {.timing = timing, .orientation = CP_ORIENTATION_LOOK_AT};
    cp_error err;
    cp_path *p = cp_path_create(k, n, &o, &err);
    if (!p)
        fail_msg("%s", err.message);
    assert_int_equal(cp_path_check(p, co, r, &err), CP_OK);
    return p;
}

static const cp_finding *find(const cp_check_report *r, cp_finding_kind kind)
{
    for (size_t i = 0; i < r->count; i++)
        if (r->findings[i].kind == kind)
            return &r->findings[i];
    return NULL;
}

/* A camera that flies over its subject and past a second one at arm's
 * length: the check finds both, where brute force does. */
static void check_should_warn_near_vertical_and_near_target(void **state)
{
    (void)state;
    for (int timing = 0; timing < 2; timing++) {
        cp_key k[4] = {0};
        const double x[4] = {-10, -3, 3, 10};
        for (int i = 0; i < 4; i++) {
            k[i].time = 2 * i;
            k[i].flags = CP_KEY_TARGET;
            k[i].position = cp_vec3_make(x[i], 6, 0.3 * i);
            k[i].target = cp_vec3_make(0, 0, 0);
            k[i].fov = 50;
        }
        k[3].target = cp_vec3_make(9.8, 6, 1.1); /* 0.28 m from the camera's last key */
        cp_check_report r;
        const cp_check_options co = {.target_distance = 0.5};
        cp_path *p = checked(k, 4, (cp_timing)timing, &co, &r);
        const cp_finding *v = find(&r, CP_FINDING_LOOK_VERTICAL), *n = find(&r, CP_FINDING_TARGET_NEAR);
        assert_non_null(v);
        assert_non_null(n);
        assert_int_equal(v->severity, CP_SEVERITY_WARNING);
        assert_int_equal(v->key[0], 1);
        assert_int_equal(n->key[0], 2);
        double angle, distance, unused;
        brute_force(p, 2, 4, &angle, &unused);
        brute_force(p, 4, 6, &unused, &distance);
        print_message("    %s timing: look-vertical %.9f degrees at t = %.6f (brute force %.9f); target-near %.9f m "
                      "(brute force %.9f)\n    %s\n",
                      cp_timing_name((cp_timing)timing), v->value, v->at, angle, n->value, distance, v->message);
        /* keys timing solves sextics: not above what any sample sees, and within its spacing */
        assert_true(v->value <= angle + 1e-12 && v->value > angle - 1e-4);
        assert_true(n->value <= distance + 1e-12 && n->value > distance - 1e-6);
        assert_true(strstr(v->message, "straight down") != NULL);
        cp_check_report_free(&r);
        /* a path that keeps away is clean of both */
        for (int i = 0; i < 4; i++)
            k[i].position.z = 8, k[i].target = cp_vec3_make(0, 0, -8);
        cp_path *q = checked(k, 4, (cp_timing)timing, &co, &r);
        assert_null(find(&r, CP_FINDING_LOOK_VERTICAL));
        assert_null(find(&r, CP_FINDING_TARGET_NEAR));
        cp_check_report_free(&r);
        cp_path_destroy(q);
        cp_path_destroy(p);
    }
}

/* Smooth timing, a camera that looks straight up past its subject between
 * keys 1 and 2 (from a random sample): the view comes within 1.195 degrees
 * of the vertical in a dip narrower than the spacing of 33 samples, which
 * the check once refined only around its best sample and so reported 3.009
 * degrees. */
static void check_should_find_a_narrow_dip_towards_the_vertical(void **state)
{
    (void)state;
    static const double key[5][7] = {
        {0, 6.4647801445672428, 0.94786286730479485, -14.023606929850088, 4.9511128459538893, -3.9813289774984026,
         -12.638077212409099},
        {1.7276518526242908, 11.674271108984588, 0.54472117497925132, -17.476580854063364, 12.584029370873404,
         30.181595142777688, -16.212188989477017},
        {4.3935856119904173, 4.6552012207451945, 1.5906861245393777, 13.341264300832059, 5.4717259636308757,
         5.3501411038965276, 12.807506863830522},
        {4.8906046500756215, -10.208603551248832, 0.39601350253111289, 2.3378610013871111, -10.61536511623417,
         15.653095993864385, 3.0986583024120704},
        {7.804979306741604, -17.697735673338642, 1.7012710777069566, -6.4860954169342744, -15.901051388467433,
         4.9208099324660122, -6.1331620189306939},
    };
    cp_key k[5];
    memset(k, 0, sizeof k);
    for (int i = 0; i < 5; i++) {
        k[i].time = key[i][0];
        k[i].position = cp_vec3_make(key[i][1], key[i][2], key[i][3]);
        k[i].target = cp_vec3_make(key[i][4], key[i][5], key[i][6]);
        k[i].flags = CP_KEY_TARGET;
        k[i].fov = 50;
    }
    cp_check_report r;
    const cp_check_options co = {.vertical_angle = 10};
    cp_path *p = checked(k, 5, CP_TIMING_SMOOTH, &co, &r);
    const cp_finding *v = NULL;
    for (size_t i = 0; i < r.count; i++)
        if (r.findings[i].kind == CP_FINDING_LOOK_VERTICAL && r.findings[i].key[0] == 1)
            v = &r.findings[i];
    assert_non_null(v);
    double angle, distance;
    brute_force_n(p, v->time[0], v->time[1], 200000, &angle, &distance);
    print_message("    look-vertical %.9f degrees at t = %.9f (brute force over 200,001 samples %.9f)\n", v->value,
                  v->at, angle);
    assert_true(v->value <= angle + 1e-9 && v->value > angle - 1e-4);
    cp_check_report_free(&r);
    cp_path_destroy(p);
}

/* Cameras anywhere in a room looking steeply up or down at targets 5 to
 * 15 m above or below them: many segments come near the vertical or near
 * a target. In every timing each look-vertical and target-near finding
 * reports the true least angle and distance: its value is the one at its
 * time, and no sample of the segment (4,000 of them) comes closer. */
static void check_values_should_be_the_true_extremes_in_every_timing(void **state)
{
    (void)state;
    testutil_rng rng = {0x7e57ed};
    const cp_check_options co = {.vertical_angle = 20, .target_distance = 6};
    for (int timing = 0; timing < 3; timing++) {
        size_t findings[2] = {0, 0}, wrong = 0;
        double worst[2] = {0, 0};
        for (int it = 0; it < 25; it++) {
            cp_key k[8];
            memset(k, 0, sizeof k);
            const size_t n = 3 + (size_t)it % 5;
            double t = 0;
            for (size_t i = 0; i < n; i++) {
                k[i].time = t;
                k[i].flags = CP_KEY_TARGET;
                k[i].fov = 50;
                k[i].position = cp_vec3_make(testutil_uniform(&rng, -10, 10), testutil_uniform(&rng, 0, 3),
                                             testutil_uniform(&rng, -10, 10));
                const double up = testutil_uniform(&rng, 0, 1) < 0.5 ? -1 : 1;
                k[i].target = cp_vec3_add(k[i].position, cp_vec3_make(testutil_uniform(&rng, -3, 3),
                                                                      up * testutil_uniform(&rng, 5, 15),
                                                                      testutil_uniform(&rng, -3, 3)));
                t += testutil_uniform(&rng, 0.2, 3);
            }
            cp_path_options o = {.timing = (cp_timing)timing, .orientation = CP_ORIENTATION_LOOK_AT};
            cp_error err;
            cp_path *p = cp_path_create(k, n, &o, &err);
            if (!p)
                continue; /* constant speed refuses a path that bends too sharply */
            cp_check_report r;
            assert_int_equal(cp_path_check(p, &co, &r, &err), CP_OK);
            for (size_t f = 0; f < r.count; f++) {
                const cp_finding *fi = &r.findings[f];
                const int which = fi->kind == CP_FINDING_LOOK_VERTICAL ? 0 : fi->kind == CP_FINDING_TARGET_NEAR ? 1 : -1;
                if (which < 0)
                    continue;
                double angle, distance, a1, d1;
                brute_force_n(p, fi->at, fi->at, 1, &a1, &d1); /* at its time */
                assert_near(which ? d1 : a1, fi->value, 1e-9, 1);
                brute_force_n(p, fi->time[0], fi->time[1], 4000, &angle, &distance);
                const double least = which ? distance : angle;
                findings[which]++;
                worst[which] = fmax(worst[which], fi->value - least);
                if (fi->value > least + 1e-9 && wrong++ < 3)
                    print_message("    %s timing: %s\n      but a sample comes within %.9g\n",
                                  cp_timing_name((cp_timing)timing), fi->message, least);
            }
            cp_check_report_free(&r);
            cp_path_destroy(p);
        }
        print_message("    %s timing: %zu look-vertical and %zu target-near findings, %zu above a sample; the most: "
                      "%.2g degrees, %.2g m\n",
                      cp_timing_name((cp_timing)timing), findings[0], findings[1], wrong, worst[0], worst[1]);
        assert_true(findings[0] > 20 && findings[1] > 20);
        assert_int_equal(wrong, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rotation_should_be_c2_at_every_key_in_every_timing),
        cmocka_unit_test(bisector_targets_should_break_the_angular_acceleration),
        cmocka_unit_test(angular_derivatives_should_be_those_of_the_rotation),
        cmocka_unit_test(camera_should_look_at_the_target_level_and_rolled),
        cmocka_unit_test(orbit_should_never_flip_the_quaternion),
        cmocka_unit_test(quaternion_should_keep_its_hemisphere_between_keys),
        cmocka_unit_test(smooth_timing_should_count_roll_and_not_a_target_on_the_ray),
        cmocka_unit_test(degenerate_and_misplaced_members_should_be_named),
        cmocka_unit_test(check_should_warn_near_vertical_and_near_target),
        cmocka_unit_test(check_should_find_a_narrow_dip_towards_the_vertical),
        cmocka_unit_test(check_values_should_be_the_true_extremes_in_every_timing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

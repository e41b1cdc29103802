/* SPDX-License-Identifier: MIT */
/* tests/unit/test_update.c - cp_path_update: random edits of long random
 * flights (keys and smooth timing, natural and rest ends, with and without
 * roll, lens channels, holds and look-at) against cp_path_create on the same
 * keys, within the bound docs/api.md states ("Editing a long path"); the
 * edits it serves in place are served in place (the same path back), the
 * others equal a whole rebuild to the bit; C2 across the seams of a splice;
 * errors named as cp_path_create names them, the path left as it was. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting.h"
#include "testutil.h"

/* The bound docs/api.md states: a pose after an update differs from
 * cp_path_create's on the same keys by at most this, relative to the
 * largest magnitude of that quantity on the path (rotation: |q - q'|). */
#define BOUND_VALUE 1e-12 /* position, rotation; fov and lens in keys timing */
#define BOUND_RATE 1e-10  /* velocities and accelerations */
/* Smooth timing's fov, focus and aperture (c2: monotone maps over u, whose
 * shaping cp_path_create itself does not do continuously under rounding;
 * docs/api.md) */
#define BOUND_MONO_VALUE 1e-3
#define BOUND_MONO_RATE 5e-2

/* What a random flight carries besides position and rotation. */
typedef struct flight_kind {
    cp_timing timing;
    cp_ends   ends;
    int       roll, lens, holds, look_at;
    cp_interp position, rotation, fov; /* c2 unless set */
} flight_kind;

static cp_key *make_flight(testutil_rng *rng, size_t n, const flight_kind *f)
{
    cp_key *k = calloc(n, sizeof *k);
    double t = 0, heading = 0, turn = 0, speed = 6, fov = 60, roll = 0, focus = 10;
    cp_vec3 p = {0, 20, 0};
    for (size_t i = 0; i < n; i++) {
        k[i].time = t;
        k[i].position = p;
        k[i].fov = fov;
        if (f->look_at) {
            k[i].flags = CP_KEY_TARGET;
            k[i].target = cp_vec3_add(p, cp_vec3_make(10 * cos(heading), -2, 10 * sin(heading)));
        } else {
            k[i].rotation = cp_quat_from_yaw_pitch_roll(-heading + testutil_uniform(rng, -0.02, 0.02),
                                                        testutil_uniform(rng, -0.1, 0.1),
                                                        testutil_uniform(rng, -0.02, 0.02));
            /* either sign: the path chains them into one hemisphere, a
             * window from its own first key, maybe the other one */
            if (testutil_uniform(rng, 0, 1) < 0.5)
                k[i].rotation = cp_quat_neg(k[i].rotation);
        }
        if (f->roll && f->look_at) {
            roll = fmin(5, fmax(-5, roll + testutil_uniform(rng, -0.3, 0.3)));
            k[i].roll = roll == 0 ? 0.1 : roll;
        }
        if (f->lens) {
            focus = fmin(50, fmax(2, focus * testutil_uniform(rng, 0.9, 1.1)));
            k[i].focus = focus;
            k[i].aperture = 2.8;
        }
        double dt = testutil_uniform(rng, 0.05, 0.15);
        if (f->holds && testutil_uniform(rng, 0, 1) < 0.02) {
            k[i].flags |= CP_KEY_HOLD;
            k[i].hold = testutil_uniform(rng, 0, 1) < 0.3 ? 0 : testutil_uniform(rng, 0.05, 1);
            dt += k[i].hold;
        }
        speed = fmin(12, fmax(2, speed + testutil_uniform(rng, -0.3, 0.3)));
        turn = fmax(-0.5, fmin(0.5, turn + testutil_uniform(rng, -0.05, 0.05)));
        heading += turn * dt;
        fov = fmin(80, fmax(40, fov + testutil_uniform(rng, -0.2, 0.2)));
        p = cp_vec3_add(p, cp_vec3_make(speed * dt * cos(heading), testutil_uniform(rng, -0.05, 0.05),
                                        speed * dt * sin(heading)));
        t += dt;
    }
    return k;
}

static cp_path_options options_of(const flight_kind *f)
{
    cp_path_options o = {.timing = f->timing, .ends = f->ends, .position = f->position, .rotation = f->rotation,
                         .fov = f->fov};
    o.orientation = f->look_at ? CP_ORIENTATION_LOOK_AT : CP_ORIENTATION_ROTATION;
    return o;
}

static cp_path *create(const cp_key *k, size_t n, const cp_path_options *o)
{
    cp_error err;
    cp_path *p = cp_path_create(k, n, o, &err);
    if (!p)
        fail_msg("cp_path_create: %s", err.message);
    return p;
}

/* An edit of keys [first, first + count) of k (n keys), in place: moved,
 * turned, zoomed or retimed within its neighbours (`kind` 0..4); in smooth
 * timing also a hold of 0.3 s given or taken (5: the warp gains or loses a
 * knot), a hold of 0 (6: a rest for an instant, no knot) or an ease (7). */
static void edit(testutil_rng *rng, cp_key *k, size_t n, size_t first, size_t count, int kind)
{
    for (size_t i = first; i < first + count; i++) {
        switch (kind) {
        case 0:
            k[i].position = cp_vec3_add(k[i].position, cp_vec3_make(testutil_uniform(rng, -3, 3),
                                                                    testutil_uniform(rng, -3, 3),
                                                                    testutil_uniform(rng, -3, 3)));
            break;
        case 1:
            if (k[i].flags & CP_KEY_TARGET)
                k[i].target = cp_vec3_add(k[i].target, cp_vec3_make(0, testutil_uniform(rng, -4, 4), 1));
            else
                k[i].rotation = cp_quat_mul(k[i].rotation, cp_quat_from_yaw_pitch_roll(testutil_uniform(rng, -1, 1),
                                                                                        testutil_uniform(rng, -0.5, 0.5), 0));
            break;
        case 2:
            k[i].fov = testutil_uniform(rng, 30, 90);
            break;
        case 3: { /* a new time between the neighbours (after a hold's end) */
            const double lo = i > 0 ? k[i - 1].time + ((k[i - 1].flags & CP_KEY_HOLD) ? k[i - 1].hold : 0) : k[i].time;
            const double end = k[i].time + ((k[i].flags & CP_KEY_HOLD) ? k[i].hold : 0);
            const double hi = i + 1 < n ? k[i + 1].time - (end - k[i].time) : k[i].time;
            if (i > 0 && i + 1 < n)
                k[i].time = lo + (hi - lo) * testutil_uniform(rng, 0.3, 0.7);
            break;
        }
        case 5: /* room for the hold: the key moves to just after the one before */
            if (k[i].flags & CP_KEY_HOLD) {
                k[i].flags &= ~CP_KEY_HOLD, k[i].hold = 0;
            } else if (i > 0 && i + 1 < n && k[i + 1].time - k[i - 1].time > 0.5 &&
                       !((k[i - 1].flags & CP_KEY_HOLD) && k[i - 1].hold > 0)) {
                k[i].time = k[i - 1].time + 0.5 * (k[i + 1].time - k[i - 1].time - 0.3);
                k[i].flags |= CP_KEY_HOLD, k[i].hold = 0.3;
            }
            break;
        case 6:
            if (!(k[i].flags & CP_KEY_HOLD))
                k[i].flags |= CP_KEY_HOLD, k[i].hold = 0;
            break;
        case 7:
            if (!(k[i].flags & CP_KEY_HOLD))
                k[i].ease[0] = k[i].ease[1] = 0.5;
            break;
        default:
            k[i].position = cp_vec3_add(k[i].position, cp_vec3_make(0, testutil_uniform(rng, -1, 1), 0));
            k[i].fov = fmin(100, k[i].fov + 5);
            break;
        }
    }
}

/* The scales the differences are measured against: the path's extent, and
 * the largest velocity, acceleration, angular velocity and acceleration,
 * fov and its rates seen at the sample times. */
enum { Q_POS, Q_VEL, Q_ACC, Q_ROT, Q_AVEL, Q_AACC, Q_FOV, Q_FOVV, Q_FOVA, Q_FOCUS, Q_COUNT };

static double bound_of(int q, const flight_kind *f)
{
    const int mono = f->timing == CP_TIMING_SMOOTH && f->fov == CP_INTERP_C2 &&
                     (q == Q_FOV || q == Q_FOVV || q == Q_FOVA || q == Q_FOCUS);
    const int rate = q != Q_POS && q != Q_ROT && q != Q_FOV && q != Q_FOCUS;
    return mono ? (rate ? BOUND_MONO_RATE : BOUND_MONO_VALUE) : rate ? BOUND_RATE : BOUND_VALUE;
}
static const char *const q_name[Q_COUNT] = {"position", "velocity", "acceleration", "rotation", "angular velocity",
                                            "angular acceleration", "fov", "fov velocity", "fov acceleration",
                                            "focus"};

typedef struct diffs {
    double d[Q_COUNT], scale[Q_COUNT];
} diffs;

static double vdiff(cp_vec3 a, cp_vec3 b) { return cp_vec3_length(cp_vec3_sub(a, b)); }

/* |a - b| for the nearer sign (acos of their dot product loses half the
 * digits near 0). */
static double quat_diff(cp_quat a, cp_quat b)
{
    if (cp_quat_dot(a, b) < 0)
        b = cp_quat_neg(b);
    return cp_quat_length(cp_quat_make(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w));
}

static void add_pose(diffs *w, const cp_pose *a, const cp_pose *b)
{
    const double d[Q_COUNT] = {vdiff(a->position, b->position),
                               vdiff(a->velocity, b->velocity),
                               vdiff(a->acceleration, b->acceleration),
                               quat_diff(a->rotation, b->rotation),
                               vdiff(a->angular_velocity, b->angular_velocity),
                               vdiff(a->angular_acceleration, b->angular_acceleration),
                               fabs(a->fov - b->fov),
                               fabs(a->fov_velocity - b->fov_velocity),
                               fabs(a->fov_acceleration - b->fov_acceleration),
                               fabs(a->focus - b->focus)};
    const double s[Q_COUNT] = {cp_vec3_length(b->position), cp_vec3_length(b->velocity),
                               cp_vec3_length(b->acceleration), 1.0,
                               cp_vec3_length(b->angular_velocity), cp_vec3_length(b->angular_acceleration),
                               fabs(b->fov), fabs(b->fov_velocity), fabs(b->fov_acceleration), fabs(b->focus)};
    for (int q = 0; q < Q_COUNT; q++) {
        w->d[q] = fmax(w->d[q], d[q]);
        w->scale[q] = fmax(w->scale[q], s[q]);
    }
}

/* Every member of two poses the same, to the bit (the poses zeroed before
 * they were sampled, so that no padding a member may bring differs). */
static int pose_equal(const cp_pose *a, const cp_pose *b) { return memcmp(a, b, sizeof *a) == 0; }

/* The members of two key arrays a path reads, the same to the bit. */
static void assert_keys_equal(const cp_key *a, const cp_key *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const double x[] = {a[i].time, a[i].position.x, a[i].position.y, a[i].position.z, a[i].rotation.x,
                            a[i].rotation.y, a[i].rotation.z, a[i].rotation.w, a[i].fov, a[i].target.x,
                            a[i].target.y, a[i].target.z, a[i].hold, a[i].roll, a[i].focus, a[i].aperture,
                            a[i].ease[0], a[i].ease[1]};
        const double y[] = {b[i].time, b[i].position.x, b[i].position.y, b[i].position.z, b[i].rotation.x,
                            b[i].rotation.y, b[i].rotation.z, b[i].rotation.w, b[i].fov, b[i].target.x,
                            b[i].target.y, b[i].target.z, b[i].hold, b[i].roll, b[i].focus, b[i].aperture,
                            b[i].ease[0], b[i].ease[1]};
        assert_memory_equal(x, y, sizeof x);
        assert_int_equal(a[i].flags, b[i].flags);
    }
}

/* The times an update is compared at: random ones, every key in the
 * changed span and beside it, and the span's ends. */
static size_t sample_times(testutil_rng *rng, const cp_path *p, const double changed[2], double *t, size_t cap)
{
    const double t0 = cp_path_start(p), span = cp_path_duration(p);
    size_t m = 0;
    for (int i = 0; i < 1500 && m < cap; i++)
        t[m++] = t0 + span * testutil_uniform(rng, 0, 1);
    const cp_key *k = cp_path_keys(p);
    const size_t n = cp_path_key_count(p);
    for (size_t i = 0; i < n && m + 3 < cap; i++)
        if (k[i].time >= changed[0] - 1 && k[i].time <= changed[1] + 1) {
            t[m++] = k[i].time;
            t[m++] = k[i].time + 1e-3;
            t[m++] = k[i].time - 1e-3;
        }
    t[m++] = changed[0];
    t[m++] = changed[1];
    return m;
}

/* What one update did, compared with a whole rebuild. */
typedef struct outcome {
    int    local;    /* the same path came back */
    diffs  diff;     /* against cp_path_create */
    double outside;  /* the largest relative move outside `changed` */
} outcome;

static double worst_rel(const diffs *w)
{
    double r = 0;
    for (int q = 0; q < Q_COUNT; q++)
        r = fmax(r, w->d[q] / fmax(w->scale[q], 1e-300));
    return r;
}

/* Updates a path of `k` (n keys) with keys [first, first + count) of
 * `edited`, and compares. */
static outcome update_and_compare(testutil_rng *rng, const cp_key *k, const cp_key *edited, size_t n,
                                  const cp_path_options *o, size_t first, size_t count)
{
    outcome r = {0};
    cp_path *p = create(k, n, o), *before = create(k, n, o);
    cp_error err;
    double changed[2];
    cp_path *q = cp_path_update(p, first, edited + first, count, changed, &err);
    if (!q)
        fail_msg("cp_path_update: %s", err.message);
    r.local = q == p;
    cp_path *full = create(edited, n, o);
    assert_int_equal(cp_path_key_count(q), n);
    assert_keys_equal(cp_path_keys(q), cp_path_keys(full), n);
    static double t[20000];
    const size_t m = sample_times(rng, full, changed, t, sizeof t / sizeof *t);
    diffs out = {{0}, {0}};
    for (size_t i = 0; i < m; i++) {
        cp_pose a, b, c;
        memset(&a, 0, sizeof a), memset(&b, 0, sizeof b);
        cp_path_sample(q, t[i], &a);
        cp_path_sample(full, t[i], &b);
        if (!r.local && !pose_equal(&a, &b))
            fail_msg("a whole rebuild differs from cp_path_create at t = %.17g", t[i]);
        add_pose(&r.diff, &a, &b);
        /* (before the start and after the end a path holds its end poses:
         * they moved if the span reaches that end) */
        const double s0 = cp_path_start(full), s1 = s0 + cp_path_duration(full);
        if ((t[i] < changed[0] && t[i] >= s0) || (t[i] > changed[1] && t[i] <= s1)) {
            cp_path_sample(before, t[i], &c);
            add_pose(&out, &a, &c);
        }
    }
    r.outside = worst_rel(&out);
    cp_path_destroy(q);
    cp_path_destroy(full);
    cp_path_destroy(before);
    return r;
}

/* A random window of `count` keys: near the start, near the end or in the
 * middle. */
static size_t random_first(testutil_rng *rng, size_t n, size_t count, int where)
{
    const size_t room = n - count;
    if (where == 0)
        return (size_t)testutil_uniform(rng, 0, 12);
    if (where == 1)
        return room - (size_t)testutil_uniform(rng, 0, 12);
    return (size_t)testutil_uniform(rng, 150, (double)room - 150);
}

static void random_edits_should_match_a_whole_rebuild(void **state)
{
    (void)state;
    testutil_rng rng = {23};
    diffs worst[2] = {{{0}, {0}}, {{0}, {0}}}; /* keys timing, smooth timing */
    double worst_outside = 0;
    int locals = 0, rebuilt = 0;
    for (int trial = 0; trial < 96; trial++) {
        flight_kind f = {.timing = trial % 2 ? CP_TIMING_SMOOTH : CP_TIMING_KEYS,
                         .ends = (cp_ends)(trial / 2 % 2),
                         .lens = trial / 4 % 2,
                         .look_at = trial % 12 == 11};
        f.roll = f.look_at && trial / 12 % 2;
        f.holds = f.timing == CP_TIMING_SMOOTH && trial / 16 % 2;
        if (trial % 7 == 3) /* the other tangent builders and slerp */
            f.position = CP_INTERP_CATMULL_ROM, f.rotation = CP_INTERP_LINEAR, f.fov = CP_INTERP_BISECTOR;
        else if (trial % 7 == 5)
            f.position = CP_INTERP_LINEAR, f.fov = CP_INTERP_CATMULL_ROM;
        const size_t n = (size_t)testutil_uniform(&rng, 400, 3000);
        cp_key *k = make_flight(&rng, n, &f), *e = malloc(n * sizeof *e);
        const cp_path_options o = options_of(&f);
        for (int ed = 0; ed < 3; ed++) {
            memcpy(e, k, n * sizeof *e);
            const size_t count = ed == 0 ? 1 : (size_t)testutil_uniform(&rng, 1, 6);
            const int where = (trial + ed) % 3;
            const int kind = f.timing == CP_TIMING_SMOOTH ? (trial / 3 + ed) % 8 : (trial / 3 + ed) % 5;
            const size_t first = random_first(&rng, n, count, where);
            edit(&rng, e, n, first, count, kind);
            int ends_moved = (first == 0 && e[0].time != k[0].time) || (first + count == n && e[n - 1].time != k[n - 1].time),
                knots = 0, eased = 0;
            /* the last key's hold ends the warp */
            ends_moved |= first + count == n && (e[n - 1].flags != k[n - 1].flags || e[n - 1].hold != k[n - 1].hold);
            for (size_t i = first; i < first + count; i++) {
                knots += ((e[i].flags & CP_KEY_HOLD) && e[i].hold > 0) - ((k[i].flags & CP_KEY_HOLD) && k[i].hold > 0);
                eased |= e[i].ease[0] != 0 || e[i].ease[1] != 0;
            }
            const outcome r = update_and_compare(&rng, k, e, n, &o, first, count);
            /* what docs/api.md says is served in place (no key of these
             * flights is eased but the edited ones) */
            const int claimed = !f.look_at && !ends_moved && knots == 0 && !eased;
            if (claimed != r.local)
                fail_msg("trial %d edit %d (%s timing, %s ends, lens %d, holds %d, look-at %d, keys %zu..%zu of %zu, "
                         "kind %d): %s",
                         trial, ed, cp_timing_name(f.timing), cp_ends_name(f.ends), f.lens, f.holds, f.look_at, first,
                         first + count - 1, n, kind,
                         r.local ? "updated in place where a whole rebuild was expected"
                                 : "rebuilt whole where an update in place was expected");
            locals += r.local, rebuilt += !r.local;
            diffs *wd = &worst[f.timing == CP_TIMING_SMOOTH];
            for (int q = 0; q < Q_COUNT; q++) {
                const double rel = r.diff.d[q] / fmax(r.diff.scale[q], 1e-300);
                if (!(rel <= bound_of(q, &f)))
                    fail_msg("trial %d edit %d (%s timing, %s ends, keys %zu..%zu of %zu, kind %d): %s differs from "
                             "a whole rebuild by %.3g (scale %.3g, relative %.3g)",
                             trial, ed, cp_timing_name(f.timing), cp_ends_name(f.ends), first, first + count - 1, n,
                             kind, q_name[q], r.diff.d[q], r.diff.scale[q], rel);
                wd->d[q] = fmax(wd->d[q], rel);
            }
            if (!(r.outside <= BOUND_RATE))
                fail_msg("trial %d edit %d: a pose outside the changed span moved by %.3g (relative)", trial, ed,
                         r.outside);
            worst_outside = fmax(worst_outside, r.outside);
        }
        free(k);
        free(e);
    }
    printf("    %d updates in place, %d whole rebuilds (equal to cp_path_create to the bit); largest relative "
           "difference from a whole rebuild:\n",
           locals, rebuilt);
    for (int t = 0; t < 2; t++) {
        printf("    %s timing:\n     ", t ? "smooth" : "keys");
        for (int q = 0; q < Q_COUNT; q++)
            printf(" %s %.1g%s", q_name[q], worst[t].d[q], q == 4 ? "\n     " : q < Q_COUNT - 1 ? "," : "\n");
    }
    printf("    largest relative move outside the changed span: %.1g\n", worst_outside);
    assert_true(locals > 0 && rebuilt > 0);
}

/* An editing session: hundreds of edits one after another on the same
 * path, each in place; the path stays within the bound of the whole build
 * of where its keys ended up (the shifts after each window do not pile up
 * beyond it). */
static void successive_updates_should_stay_within_the_bound(void **state)
{
    (void)state;
    testutil_rng rng = {12};
    for (int smooth = 0; smooth < 2; smooth++) {
        flight_kind f = {.timing = smooth ? CP_TIMING_SMOOTH : CP_TIMING_KEYS, .lens = 1};
        const size_t n = 2000;
        cp_key *k = make_flight(&rng, n, &f);
        const cp_path_options o = options_of(&f);
        cp_path *p = create(k, n, &o);
        int in_place = 0;
        for (int ed = 0; ed < 400; ed++) {
            const size_t count = (size_t)testutil_uniform(&rng, 1, 4);
            const size_t first = (size_t)testutil_uniform(&rng, 1, (double)(n - count - 1));
            edit(&rng, k, n, first, count, ed % 5);
            cp_error err;
            cp_path *q = cp_path_update(p, first, k + first, count, NULL, &err);
            if (!q)
                fail_msg("edit %d: %s", ed, err.message);
            in_place += q == p;
            p = q;
        }
        cp_path *full = create(k, n, &o);
        diffs d = {{0}, {0}};
        const double t0 = cp_path_start(full), span = cp_path_duration(full);
        for (int i = 0; i <= 20000; i++) {
            cp_pose a, b;
            cp_path_sample(p, t0 + span * i / 20000, &a);
            cp_path_sample(full, t0 + span * i / 20000, &b);
            add_pose(&d, &a, &b);
        }
        printf("    %s timing, 400 edits in a row (%d in place): against the whole build, position %.1g, "
               "velocity %.1g, acceleration %.1g, rotation %.1g (relative)\n",
               cp_timing_name(f.timing), in_place, d.d[Q_POS] / d.scale[Q_POS], d.d[Q_VEL] / d.scale[Q_VEL],
               d.d[Q_ACC] / d.scale[Q_ACC], d.d[Q_ROT]);
        for (int q = 0; q < Q_COUNT; q++)
            if (!(d.d[q] / fmax(d.scale[q], 1e-300) <= bound_of(q, &f)))
                fail_msg("%s timing: %s differs by %.3g (relative) after 400 edits", cp_timing_name(f.timing),
                         q_name[q], d.d[q] / d.scale[q]);
        assert_true(in_place >= 380);
        cp_path_destroy(p);
        cp_path_destroy(full);
        free(k);
    }
}

/* How far apart the second differences of position to the left and to the
 * right of time t are, with step h. */
static double second_difference_gap(const cp_path *p, double t, double h)
{
    cp_pose c, a[2], b[2];
    cp_path_sample(p, t, &c);
    for (int s = 0; s < 2; s++) {
        const double dir = s ? 1 : -1;
        cp_path_sample(p, t + dir * h, &a[s]);
        cp_path_sample(p, t + dir * 2 * h, &b[s]);
    }
    cp_vec3 d[2];
    for (int s = 0; s < 2; s++)
        d[s] = cp_vec3_scale(cp_vec3_add(cp_vec3_sub(b[s].position, cp_vec3_scale(a[s].position, 2)), c.position),
                             1 / (h * h));
    return vdiff(d[0], d[1]);
}

/* Left and right limits at the keys around both seams of a splice (and
 * every key between): position, rotation, fov and their first and second
 * derivatives agree as at any key of a whole build. */
static void splices_should_be_c2_across_their_seams(void **state)
{
    (void)state;
    testutil_rng rng = {5};
    double worst = 0;
    for (int trial = 0; trial < 16; trial++) {
        flight_kind f = {.timing = trial % 2 ? CP_TIMING_SMOOTH : CP_TIMING_KEYS, .ends = (cp_ends)(trial / 2 % 2),
                         .lens = trial / 4 % 2};
        const size_t n = 1500;
        cp_key *k = make_flight(&rng, n, &f);
        const cp_path_options o = options_of(&f);
        cp_path *p = create(k, n, &o);
        const size_t first = 700;
        edit(&rng, k, n, first, 3, trial % 5);
        cp_error err;
        double changed[2];
        cp_path *q = cp_path_update(p, first, k + first, 3, changed, &err);
        assert_ptr_equal(q, p);
        /* the seams are where the window's records meet the path's: 64 keys
         * inside the window of 128 keys either side of the edit */
        for (size_t i = first - 70; i <= first + 3 + 70; i++) {
            cp_pose l, r;
            cp_path_sample_side(q, k[i].time, -1, &l);
            cp_path_sample_side(q, k[i].time, 1, &r);
            const double j[6] = {vdiff(l.velocity, r.velocity) / fmax(1, cp_vec3_length(r.velocity)),
                                 vdiff(l.acceleration, r.acceleration) / fmax(1, cp_vec3_length(r.acceleration)),
                                 vdiff(l.angular_velocity, r.angular_velocity) / fmax(1, cp_vec3_length(r.angular_velocity)),
                                 vdiff(l.angular_acceleration, r.angular_acceleration) /
                                     fmax(1, cp_vec3_length(r.angular_acceleration)),
                                 fabs(l.fov_velocity - r.fov_velocity) / fmax(1, fabs(r.fov_velocity)),
                                 fabs(l.fov_acceleration - r.fov_acceleration) / fmax(1, fabs(r.fov_acceleration))};
            for (int c = 0; c < 6; c++) {
                if (!(j[c] <= 1e-9))
                    fail_msg("trial %d: a jump of %.3g (relative, quantity %d) at key %zu", trial, j[c], c, i);
                worst = fmax(worst, j[c]);
            }
            /* and from samples: one-sided second differences of position
             * to either side. Where the path is C2 they differ by O(h) (the
             * third derivative), so halving h halves the difference; a
             * jump of the acceleration would stay */
            const double d1 = second_difference_gap(q, k[i].time, 1e-3), d2 = second_difference_gap(q, k[i].time, 5e-4);
            cp_pose c;
            cp_path_sample(q, k[i].time, &c);
            if (!(d2 <= 0.6 * d1 + 1e-6 * fmax(1, cp_vec3_length(c.acceleration))))
                fail_msg("trial %d: second differences across key %zu differ by %.3g (h = 1e-3) and %.3g (h = 5e-4)",
                         trial, i, d1, d2);
        }
        cp_path_destroy(q);
        free(k);
    }
    printf("    largest relative jump of a first or second derivative across a splice: %.1g\n", worst);
}

/* Every pose of two paths alike, to the bit. */
static void assert_same_poses(const cp_path *a, const cp_path *b)
{
    const double t0 = cp_path_start(b), span = cp_path_duration(b);
    for (int i = 0; i <= 3000; i++) {
        cp_pose x, y;
        memset(&x, 0, sizeof x), memset(&y, 0, sizeof y);
        cp_path_sample(a, t0 + span * i / 3000, &x);
        cp_path_sample(b, t0 + span * i / 3000, &y);
        assert_true(pose_equal(&x, &y));
    }
}

/* Why smooth timing's fov and lens channels have a bound of their own:
 * cp_path_create itself, on keys that differ by a rounding (key 0 moved by
 * 1e-12 m: every later u-knot moves by about that much), gives a fov or
 * focus that differs by more than any rounding would explain, somewhere
 * along a long flight whose fov wanders. If the monotone shaping ever
 * becomes continuous under rounding, this fails: then the bound can be the
 * one of the other channels. */
static void whole_builds_should_move_monotone_channels_under_rounding(void **state)
{
    (void)state;
    testutil_rng rng = {41};
    double worst = 0;
    for (int trial = 0; trial < 6; trial++) {
        flight_kind f = {.timing = CP_TIMING_SMOOTH, .lens = 1};
        const size_t n = 2000;
        cp_key *k = make_flight(&rng, n, &f);
        const cp_path_options o = options_of(&f);
        cp_path *a = create(k, n, &o);
        k[0].position.x -= 1e-12;
        cp_path *b = create(k, n, &o);
        diffs d = {{0}, {0}};
        const double t0 = cp_path_start(a), span = cp_path_duration(a);
        for (int i = 0; i <= 20000; i++) {
            cp_pose x, y;
            cp_path_sample(a, t0 + span * i / 20000, &x);
            cp_path_sample(b, t0 + span * i / 20000, &y);
            add_pose(&d, &x, &y);
        }
        worst = fmax(worst, fmax(d.d[Q_FOV] / d.scale[Q_FOV], d.d[Q_FOCUS] / d.scale[Q_FOCUS]));
        cp_path_destroy(a);
        cp_path_destroy(b);
        free(k);
    }
    printf("    cp_path_create with key 0 moved by 1e-12 m: fov or focus moves by %.1g (relative)\n", worst);
    assert_true(worst > 1e-9);
}

static void bad_keys_should_fail_as_create_does_and_leave_the_path(void **state)
{
    (void)state;
    testutil_rng rng = {77};
    for (int trial = 0; trial < 8; trial++) {
        flight_kind f = {.timing = trial % 2 ? CP_TIMING_SMOOTH : CP_TIMING_KEYS};
        const size_t n = 1200;
        cp_key *k = make_flight(&rng, n, &f), *e = malloc(n * sizeof *e);
        const cp_path_options o = options_of(&f);
        cp_path *p = create(k, n, &o), *same = create(k, n, &o);
        memcpy(e, k, n * sizeof *e);
        const size_t at = trial < 2 ? 600 : trial < 4 || trial >= 6 ? 3 : n - 2;
        if (trial >= 6) /* far enough apart for the keys around it, not for the path's largest time */
            e[at].time = e[at - 1].time + 0.5e-12 * e[n - 1].time;
        else if (trial % 3 == 0)
            e[at].position.y = NAN;
        else if (trial % 3 == 1)
            e[at].time = e[at - 1].time; /* not after the key before */
        else
            e[at].fov = 190;
        cp_error err, want;
        double changed[2] = {-1, -1};
        assert_null(cp_path_update(p, at - 1, e + at - 1, 3, changed, &err));
        assert_null(cp_path_create(e, n, &o, &want));
        assert_int_equal(err.code, want.code);
        assert_string_equal(err.message, want.message);
        assert_string_equal(err.field, want.field);
        assert_int_equal(err.key, (long)at);
        assert_int_equal(err.key, want.key);
        assert_same_poses(p, same);
        assert_keys_equal(cp_path_keys(p), cp_path_keys(same), n);
        cp_path_destroy(p);
        cp_path_destroy(same);
        free(k);
        free(e);
    }
}

/* Every allocation an update makes refused in turn: it gives NULL with a
 * memory error and the path as it was, or a path (a whole rebuild where
 * the window could not be built) equal to cp_path_create's within the
 * bound; nothing leaks. (One refusal in the window's build leaves the whole
 * rebuild to do the work, so NULL comes only from the rebuild's own: a
 * look-at path, which always rebuilds whole, shows it.) */
static void refused_memory_should_leave_the_path(void **state)
{
    (void)state;
    testutil_rng rng = {8};
    for (int kind = 0; kind < 3; kind++) {
        flight_kind f = {.timing = kind == 1 ? CP_TIMING_SMOOTH : CP_TIMING_KEYS, .look_at = kind == 2};
        const size_t n = 600;
        cp_key *k = make_flight(&rng, n, &f), *e = malloc(n * sizeof *e);
        memcpy(e, k, n * sizeof *e);
        edit(&rng, e, n, 300, 2, 0);
        counting c;
        counting_init(&c);
        cp_path_options o = options_of(&f);
        o.allocator = &c.allocator;
        const cp_path_options plain = options_of(&f);
        cp_path *same = create(k, n, &plain), *full = create(e, n, &plain);
        int refusals = 0, done = 0, failed = 0;
        for (long at = 1; at < 400 && !done; at++) {
            cp_path *p = create(k, n, &o);
            counting_arm(&c, at);
            cp_error err;
            cp_path *q = cp_path_update(p, 300, e + 300, 2, NULL, &err);
            const int refused = c.refused;
            refusals += refused;
            counting_arm(&c, 0);
            if (!q) {
                assert_int_equal(err.code, CP_ERR_MEMORY);
                assert_same_poses(p, same);
                cp_path_destroy(p);
                failed++;
            } else {
                const double t0 = cp_path_start(full), span = cp_path_duration(full);
                for (int i = 0; i <= 200; i++) {
                    cp_pose a, b;
                    cp_path_sample(q, t0 + span * i / 200, &a);
                    cp_path_sample(full, t0 + span * i / 200, &b);
                    assert_true(vdiff(a.position, b.position) <= BOUND_VALUE * fmax(1, cp_vec3_length(b.position)));
                }
                cp_path_destroy(q);
                done = !refused; /* every allocation it makes has been refused once */
            }
        }
        assert_true(done && refusals > 10);
        assert_true(kind == 2 ? failed > 0 : failed == 0);
        assert_int_equal(c.live_blocks, 0);
        cp_path_destroy(same);
        cp_path_destroy(full);
        free(k);
        free(e);
    }
}

static void ranges_past_the_keys_should_fail(void **state)
{
    (void)state;
    testutil_rng rng = {3};
    flight_kind f = {.timing = CP_TIMING_KEYS};
    cp_key *k = make_flight(&rng, 500, &f);
    const cp_path_options o = options_of(&f);
    cp_path *p = create(k, 500, &o), *same = create(k, 500, &o);
    cp_error err;
    assert_null(cp_path_update(p, 499, k, 2, NULL, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_string_equal(err.message, "keys 499 to 500 are past the path's 500 keys");
    assert_null(cp_path_update(p, 501, k, 0, NULL, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_null(cp_path_update(p, 0, NULL, 3, NULL, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_null(cp_path_update(NULL, 0, k, 1, NULL, &err));
    assert_same_poses(p, same);
    /* nothing replaced: the same path, nothing changed */
    double changed[2];
    assert_ptr_equal(cp_path_update(p, 10, k, 0, changed, &err), p);
    assert_true(changed[0] == changed[1]);
    assert_same_poses(p, same);
    cp_path_destroy(p);
    cp_path_destroy(same);
    free(k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_edits_should_match_a_whole_rebuild),
        cmocka_unit_test(successive_updates_should_stay_within_the_bound),
        cmocka_unit_test(splices_should_be_c2_across_their_seams),
        cmocka_unit_test(whole_builds_should_move_monotone_channels_under_rounding),
        cmocka_unit_test(bad_keys_should_fail_as_create_does_and_leave_the_path),
        cmocka_unit_test(ranges_past_the_keys_should_fail),
        cmocka_unit_test(refused_memory_should_leave_the_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

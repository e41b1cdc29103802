/* SPDX-License-Identifier: MIT */
/* tests/fuzz/fuzz_path.c - libFuzzer target for what a path file asks of the
 * library past its syntax: timing (keys, smooth, constant-speed), holds,
 * orientation (rotation or look-at), targets, roll, focus and aperture.
 *
 * Any input must fail with a message naming the source, or load; a path
 * that loads must sample to finite poses (derivatives included) at every
 * key, between keys, at the ends and outside them, from every side and
 * through a cursor; must pass cp_path_check with CP_OK; must measure a
 * finite length; and must save to text that loads again to the same keys,
 * bit for bit. The same function replays tests/fuzz/corpus_path in `make
 * test` (tests/unit/test_path_corpus.c), where an input that takes over a
 * second fails as a hang would. Run with `make fuzz`.
 *
 * A sequence file (a top-level "shots", its paths inline: a sequence read
 * from memory has no folder to read shot files from) must load or fail
 * with a message naming the source; one that loads must sample to finite
 * poses outside its blends (where a shot is its path) at every shot's
 * start, every blend's end, between them and outside, must report its cuts
 * between frames as it plays, and must pass cp_sequence_check. Inside a
 * blend the pose mixes two paths with weights up to 6 / blend^2: between
 * paths near the limits of a double it may overflow (docs/format.md), so
 * there the target asks only that sampling runs clean under the sanitizers. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "campath/campath.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Samples between two times: the fractions of the way. */
#define FUZZ_BETWEEN 5

static int finite3(cp_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

static void check_pose(const cp_pose *p)
{
    const cp_quat q = p->rotation;
    if (!finite3(p->position) || !finite3(p->velocity) || !finite3(p->acceleration) || !isfinite(q.x) ||
        !isfinite(q.y) || !isfinite(q.z) || !isfinite(q.w) || !finite3(p->angular_velocity) ||
        !finite3(p->angular_acceleration) || !isfinite(p->fov) || !isfinite(p->fov_velocity) ||
        !isfinite(p->fov_acceleration) || !isfinite(p->focus) || !isfinite(p->aperture))
        abort(); /* what the library accepts samples to finite poses */
    if (fabs(cp_quat_length(q) - 1.0) > 1e-9)
        abort(); /* and unit rotations */
}

static void sample_at(const cp_path *path, cp_path_cursor *cursor, double t)
{
    cp_pose pose;
    cp_path_sample(path, t, &pose);
    check_pose(&pose);
    cp_path_sample_side(path, t, -1, &pose);
    check_pose(&pose);
    cp_path_sample_side(path, t, 1, &pose);
    check_pose(&pose);
    cp_path_sample_fast(path, t, &pose);
    check_pose(&pose);
    cp_path_sample_cursor(path, cursor, t, &pose);
    check_pose(&pose);
    double u[3];
    cp_path_parameter(path, t, 1, u);
    if (isfinite(t) && (!isfinite(u[0]) || !isfinite(u[1]) || !isfinite(u[2])))
        abort(); /* (keys timing gives the time itself, a NaN for a NaN) */
    cp_vec3 target;
    if (cp_path_target(path, t, &target) && !finite3(target))
        abort();
}

/* Every key time and hold end, the ends, between each two of them, and
 * outside the path (a closed path wraps there). */
static void sample_path(const cp_path *path)
{
    const size_t n = cp_path_key_count(path);
    double *times = malloc((2 * n + 1) * sizeof *times);
    if (!times)
        return;
    const size_t m = cp_path_key_times(path, times);
    const double start = cp_path_start(path), duration = cp_path_duration(path);
    if (!isfinite(start) || !isfinite(duration) || !(duration > 0) || m < 2 || m > 2 * n + 1)
        abort();
    cp_path_cursor cursor = {0};
    sample_at(path, &cursor, start - 1.0);
    for (size_t i = 0; i < m; i++) {
        if (i > 0 && !(times[i] > times[i - 1]))
            abort(); /* key times increase, each once */
        sample_at(path, &cursor, times[i]);
        for (int k = 1; i + 1 < m && k < FUZZ_BETWEEN; k++)
            sample_at(path, &cursor, times[i] + (times[i + 1] - times[i]) * k / FUZZ_BETWEEN);
    }
    sample_at(path, &cursor, start + duration);
    sample_at(path, &cursor, start + 1.5 * duration);
    sample_at(path, &cursor, NAN);
    free(times);
}

static void check_path(const cp_path *path)
{
    cp_check_report report;
    cp_error err;
    const cp_status rc = cp_path_check(path, NULL, &report, &err);
    if (rc != CP_OK && rc != CP_ERR_MEMORY)
        abort(); /* a path that builds can be checked */
    for (size_t i = 0; rc == CP_OK && i < report.count; i++)
        if (!cp_finding_kind_name(report.findings[i].kind) || report.findings[i].message[0] == '\0')
            abort();
    cp_check_report_free(&report);
    const double length = cp_path_length(path);
    if (!isfinite(length) || length < 0)
        abort();
    const double half = cp_path_time_at_distance(path, 0.5 * length);
    if (!isfinite(half) || !isfinite(cp_path_distance_at(path, half)))
        abort();
}

/* The same bits (memcmp of whole keys would compare their padding too). */
static int same(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static int same_keys(const cp_key *a, const cp_key *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const cp_key *x = &a[i], *y = &b[i];
        const double vx[16] = {x->time, x->position.x, x->position.y, x->position.z, x->rotation.x, x->rotation.y,
                               x->rotation.z, x->rotation.w, x->fov, x->hold, x->target.x, x->target.y,
                               x->target.z, x->roll, x->focus, x->aperture};
        const double vy[16] = {y->time, y->position.x, y->position.y, y->position.z, y->rotation.x, y->rotation.y,
                               y->rotation.z, y->rotation.w, y->fov, y->hold, y->target.x, y->target.y,
                               y->target.z, y->roll, y->focus, y->aperture};
        for (int j = 0; j < 16; j++)
            if (!same(vx[j], vy[j]))
                return 0;
        if (x->flags != y->flags || !same(x->shake_scale, y->shake_scale))
            return 0;
    }
    return 1;
}

static int same_shake(const cp_shake *a, const cp_shake *b)
{
    return a->seed == b->seed && same(a->position.amplitude, b->position.amplitude) &&
           same(a->position.frequency, b->position.frequency) && same(a->rotation.amplitude, b->rotation.amplitude) &&
           same(a->rotation.frequency, b->rotation.frequency) && same(a->fov.amplitude, b->fov.amplitude) &&
           same(a->fov.frequency, b->fov.frequency);
}

static int same_options(cp_path_options a, cp_path_options b)
{
    return a.position == b.position && a.rotation == b.rotation && a.fov == b.fov && a.ends == b.ends &&
           same(a.period, b.period) && a.timing == b.timing && a.orientation == b.orientation &&
           same_shake(&a.shake, &b.shake);
}

/* Saved and loaded again, the path has the same keys and options. */
static void round_trip(const cp_path *path)
{
    cp_error err;
    size_t n = 0;
    char *text = cp_path_save_memory(path, &n, &err);
    if (!text)
        abort(); /* whatever loads must save */
    cp_path *again = cp_path_load_memory(text, n, "saved.json", &err);
    if (!again)
        abort(); /* and load again */
    if (cp_path_key_count(again) != cp_path_key_count(path) ||
        !same_keys(cp_path_keys(again), cp_path_keys(path), cp_path_key_count(path)) ||
        !same_options(cp_path_get_options(again), cp_path_get_options(path)))
        abort();
    cp_path_destroy(again);
    free(text);
}

/* A sequence: sampled at each shot's start and blend's end, between them,
 * outside it and at NaN, played frame by frame for its cuts, and checked. */
static void fuzz_sequence(const uint8_t *data, size_t size)
{
    cp_error err;
    cp_sequence *seq = cp_sequence_load_memory((const char *)data, size, "fuzz.json", NULL, &err);
    if (!seq) {
        if (err.code == CP_OK || strncmp(err.message, "fuzz.json", 9) != 0)
            abort();
        return;
    }
    const size_t n = cp_sequence_shot_count(seq);
    const double duration = cp_sequence_duration(seq);
    if (n == 0 || !isfinite(duration) || !(duration > 0))
        abort();
    size_t cuts = 0, seen = 0;
    for (size_t i = 0; i < n; i++) {
        const cp_shot *s = cp_sequence_shot(seq, i);
        const double start = cp_sequence_shot_start(seq, i), times[4] = {start, start + s->blend,
                                                                           start + 0.5 * (s->to - s->from),
                                                                           start + (s->to - s->from)};
        cuts += i > 0 && s->blend == 0;
        for (int k = 0; k < 4; k++) {
            cp_sequence_pose p;
            cp_sequence_sample(seq, times[k], times[k] - 1e-3, &p);
            if (p.shot >= n)
                abort();
            if (!p.blending)
                check_pose(&p.pose);
        }
    }
    cp_sequence_pose p;
    const double outside[3] = {-1.0, duration + 1.0, NAN};
    for (int k = 0; k < 3; k++) {
        cp_sequence_sample(seq, outside[k], NAN, &p);
        check_pose(&p.pose);
    }
    /* played in 64 frames, every cut is reported once */
    for (int f = 1; f <= 64; f++) {
        cp_sequence_sample(seq, duration * f / 64, duration * (f - 1) / 64, &p);
        seen += p.cut;
    }
    cp_sequence_sample(seq, 0.0, -1.0, &p);
    seen += p.cut; /* a cut at 0 cannot be: shot 0 starts there */
    if (seen > cuts || (cuts > 0 && seen == 0))
        abort();
    cp_check_report report;
    const cp_status rc = cp_sequence_check(seq, NULL, &report, &err);
    if (rc != CP_OK && rc != CP_ERR_MEMORY)
        abort();
    cp_check_report_free(&report);
    cp_sequence_destroy(seq);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (cp_json_is_sequence((const char *)data, size)) {
        fuzz_sequence(data, size);
        return 0;
    }
    cp_error err;
    cp_path *path = cp_path_load_memory((const char *)data, size, "fuzz.json", &err);
    if (!path) {
        if (err.code == CP_OK || strncmp(err.message, "fuzz.json", 9) != 0)
            abort(); /* a failure must say what failed, and in which input */
        return 0;
    }
    sample_path(path);
    check_path(path);
    round_trip(path);
    cp_path_destroy(path);
    return 0;
}

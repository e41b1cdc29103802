/* SPDX-License-Identifier: MIT */
/* lib/path/sequence.c - shots of paths played one after another, with cuts
 * and C2 blends between them (campath/sequence.h; docs/math.md, "Sequences"):
 * the checks of the shots' times, and sampling. A blend is the hand-off's
 * cp_pose_blend between the two moving shots, so it is as smooth as they are. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/handoff.h"
#include "dtoa.h"
#include "sequence_impl.h"

/* The end of a path's time range: a closed path plays one period. */
static double path_end(const cp_path *p) { return cp_path_start(p) + cp_path_duration(p); }

static cp_status shot_error(cp_error *error, size_t i, const char *member, const char *fmt, ...) CPI_PRINTF(4, 5);

static cp_status shot_error(cp_error *error, size_t i, const char *member, const char *fmt, ...)
{
    char field[64], what[200];
    snprintf(field, sizeof field, "shots[%zu]%s%s", i, member[0] ? "." : "", member);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return cpi_error_at(error, CP_ERR_INVALID, (long)i, field, "%s", what);
}

/* The checks of one shot on its own: its path, from, to and blend. */
static cp_status check_shot(const cp_shot *in, size_t i, cp_shot *out, cp_error *error)
{
    char a[CPI_FMT_DOUBLE_SIZE], b[CPI_FMT_DOUBLE_SIZE], c[CPI_FMT_DOUBLE_SIZE], d[CPI_FMT_DOUBLE_SIZE];
    if (!in->path)
        return shot_error(error, i, "path", "no path");
    *out = *in;
    const double start = cp_path_start(in->path), end = path_end(in->path);
    if (in->from == 0.0 && in->to == 0.0)
        out->from = start, out->to = end;
    if (!isfinite(in->from))
        return shot_error(error, i, "from", "%s is not a finite number", cpi_fmt_double(a, in->from));
    if (!isfinite(in->to))
        return shot_error(error, i, "to", "%s is not a finite number", cpi_fmt_double(a, in->to));
    if (out->from < start || out->from > end)
        return shot_error(error, i, "from", "%s is outside the path's time range [%s, %s]",
                          cpi_fmt_double(a, out->from), cpi_fmt_double(b, start), cpi_fmt_double(c, end));
    if (out->to < start || out->to > end)
        return shot_error(error, i, "to", "%s is outside the path's time range [%s, %s]",
                          cpi_fmt_double(a, out->to), cpi_fmt_double(b, start), cpi_fmt_double(c, end));
    if (!(out->from < out->to))
        return shot_error(error, i, "to", "%s is not after from %s (the shot plays from `from` to `to`)",
                          cpi_fmt_double(a, out->to), cpi_fmt_double(b, out->from));
    if (!isfinite(in->blend))
        return shot_error(error, i, "blend", "%s is not a finite number", cpi_fmt_double(a, in->blend));
    if (in->blend < 0)
        return shot_error(error, i, "blend", "%s is negative (seconds of overlap with the shot before; 0 is a cut)",
                          cpi_fmt_double(a, in->blend));
    if (in->blend > 0 && i == 0)
        return shot_error(error, i, "blend", "%s s, but the first shot has no shot before it to blend from",
                          cpi_fmt_double(a, in->blend));
    if (in->blend > 0 && in->blend < CP_HANDOFF_MIN_BLEND)
        return shot_error(error, i, "blend", "%s s is shorter than 1e-06 s (CP_HANDOFF_MIN_BLEND): use 0 for a cut",
                          cpi_fmt_double(a, in->blend));
    if (in->blend > out->to - out->from)
        return shot_error(error, i, "blend", "%s s is longer than the shot itself (%s s, from %s to %s)",
                          cpi_fmt_double(a, in->blend), cpi_fmt_double(b, out->to - out->from),
                          cpi_fmt_double(c, out->from), cpi_fmt_double(d, out->to));
    return CP_OK;
}

cp_sequence *cpi_sequence_build(const cp_shot *shots, size_t count, int owns, cp_error *error)
{
    char a[CPI_FMT_DOUBLE_SIZE], b[CPI_FMT_DOUBLE_SIZE], c[CPI_FMT_DOUBLE_SIZE], d[CPI_FMT_DOUBLE_SIZE];
    if (count == 0) {
        cpi_error_at(error, CP_ERR_INVALID, -1, "shots", "a sequence needs at least 1 shot, got 0");
        return NULL;
    }
    if (count > CP_SEQUENCE_MAX_SHOTS) {
        cpi_error_at(error, CP_ERR_LIMIT, -1, "shots", "%zu shots is over the limit of %d (CP_SEQUENCE_MAX_SHOTS)",
                     count, CP_SEQUENCE_MAX_SHOTS);
        return NULL;
    }
    cp_sequence *seq = cpi_alloc_array(NULL, 1, sizeof *seq);
    cpi_shot *s = cpi_alloc_array(NULL, count, sizeof *s);
    if (!seq || !s) {
        cpi_free(NULL, seq);
        cpi_free(NULL, s);
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for a sequence of %zu shots", count);
        return NULL;
    }
    memset(seq, 0, sizeof *seq);
    memset(s, 0, count * sizeof *s);
    seq->shots = s;
    seq->count = count;
    seq->owns = owns;
    double t = 0.0;
    for (size_t i = 0; i < count; i++) {
        if (check_shot(&shots[i], i, &s[i].shot, error) != CP_OK)
            goto fail;
        const double len = s[i].shot.to - s[i].shot.from, blend = s[i].shot.blend;
        if (i > 0) {
            const double prev = s[i - 1].shot.to - s[i - 1].shot.from;
            if (blend > prev) {
                shot_error(error, i, "blend", "%s s is longer than shots[%zu] (%s s, from %s to %s)",
                           cpi_fmt_double(a, blend), i - 1, cpi_fmt_double(b, prev),
                           cpi_fmt_double(c, s[i - 1].shot.from), cpi_fmt_double(d, s[i - 1].shot.to));
                goto fail;
            }
            /* shot i-1 blends in over its first s[i-1].blend seconds and out
             * over its last `blend`: three shots at once has no meaning */
            if (blend + s[i - 1].shot.blend > prev) {
                const double end_prev = s[i - 1].start + s[i - 1].shot.blend;
                shot_error(error, i, "blend",
                           "the blend from %s s overlaps shots[%zu].blend, which ends at %s s (shots[%zu] plays %s s, "
                           "less than its two blends)",
                           cpi_fmt_double(a, t - blend), i - 1, cpi_fmt_double(b, end_prev), i - 1,
                           cpi_fmt_double(c, prev));
                goto fail;
            }
        }
        s[i].start = t - blend;
        t = s[i].start + len;
        if (!isfinite(t)) {
            shot_error(error, i, "to", "the sequence's duration overflows a double here");
            goto fail;
        }
    }
    seq->duration = t;
    cpi_error_clear(error);
    return seq;
fail:
    seq->owns = 0;
    cp_sequence_destroy(seq);
    return NULL;
}

cp_sequence *cp_sequence_create(const cp_shot *shots, size_t count, cp_error *error)
{
    return cpi_sequence_build(shots, count, 0, error);
}

void cp_sequence_destroy(cp_sequence *seq)
{
    if (!seq)
        return;
    for (size_t i = 0; i < seq->count; i++) {
        if (seq->owns)
            cp_path_destroy((cp_path *)(void *)(uintptr_t)seq->shots[i].shot.path);
        cpi_free(NULL, seq->shots[i].file);
    }
    for (size_t i = 0; i < seq->warning_count; i++)
        cpi_free(NULL, seq->warnings[i]);
    cpi_free(NULL, seq->warnings);
    cpi_free(NULL, seq->shots);
    cpi_free(NULL, seq->name);
    cpi_free(NULL, seq);
}

cp_status cpi_sequence_set_file(cp_sequence *seq, size_t i, const char *file)
{
    cpi_free(NULL, seq->shots[i].file);
    seq->shots[i].file = cpi_strdup(NULL, file);
    return file && !seq->shots[i].file ? CP_ERR_MEMORY : CP_OK;
}

cp_status cpi_sequence_set_name(cp_sequence *seq, const char *name)
{
    cpi_free(NULL, seq->name);
    seq->name = cpi_strdup(NULL, name);
    return name && !seq->name ? CP_ERR_MEMORY : CP_OK;
}

void cpi_sequence_take_warnings(cp_sequence *seq, char **warnings, size_t count)
{
    seq->warnings = warnings;
    seq->warning_count = count;
}

size_t cp_sequence_warning_count(const cp_sequence *seq) { return seq->warning_count; }
const char *cp_sequence_warning(const cp_sequence *seq, size_t i) { return i < seq->warning_count ? seq->warnings[i] : NULL; }

double cp_sequence_duration(const cp_sequence *seq) { return seq->duration; }
size_t cp_sequence_shot_count(const cp_sequence *seq) { return seq->count; }
const cp_shot *cp_sequence_shot(const cp_sequence *seq, size_t i) { return i < seq->count ? &seq->shots[i].shot : NULL; }
double cp_sequence_shot_start(const cp_sequence *seq, size_t i) { return i < seq->count ? seq->shots[i].start : NAN; }
const char *cp_sequence_shot_file(const cp_sequence *seq, size_t i) { return i < seq->count ? seq->shots[i].file : NULL; }
const char *cp_sequence_name(const cp_sequence *seq) { return seq->name; }

/* The last shot that has started at `time` (0 before the first). */
static size_t shot_at(const cp_sequence *seq, double time)
{
    size_t lo = 0, hi = seq->count; /* shots[lo].start <= time < shots[hi].start */
    while (hi - lo > 1) {
        const size_t mid = lo + (hi - lo) / 2;
        if (seq->shots[mid].start <= time)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Shot i's path at sequence time `time`: exactly the path's pose at
 * from + (time - start), its time the sequence's; with the shot's shake
 * (on the path's clock, scaled by the path's shake_scale) unless `bare`,
 * which leaves the path's own layer out too. */
static void play_at(const cpi_shot *s, double pt, int bare, cp_pose *out)
{
    if (bare) {
        cp_path_sample_unshaken(s->shot.path, pt, 0, out);
    } else {
        cp_path_sample(s->shot.path, pt, out);
        if (cp_shake_active(&s->shot.shake)) {
            double scale[3];
            cp_path_shake_scale(s->shot.path, pt, scale);
            cp_shake_apply(&s->shot.shake, pt, scale, out);
        }
    }
}

static void play(const cpi_shot *s, double time, int bare, cp_pose *out)
{
    play_at(s, s->shot.from + (time - s->start), bare, out);
    out->time = time;
}

void cp_sequence_shot_pose(const cp_sequence *seq, size_t i, double time, bool shaken, cp_pose *out)
{
    play(&seq->shots[i < seq->count ? i : seq->count - 1], time, !shaken, out);
}

static void at_rest(cp_pose *p)
{
    p->velocity = p->acceleration = p->angular_velocity = p->angular_acceleration = cp_vec3_make(0, 0, 0);
    p->fov_velocity = p->fov_acceleration = 0.0;
}

static void sequence_sample(const cp_sequence *seq, double time, double previous, int bare, cp_sequence_pose *out)
{
    memset(out, 0, sizeof *out);
    const cpi_shot *s = seq->shots;
    if (time != time)
        time = 0.0;
    if (previous == previous && previous != time) {
        /* a cut is the start of a shot without a blend in (lo, hi] */
        const double lo = previous < time ? previous : time, hi = previous < time ? time : previous;
        const size_t a = shot_at(seq, lo), b = shot_at(seq, hi);
        for (size_t j = a + 1; j <= b && !out->cut; j++)
            out->cut = s[j].shot.blend == 0.0 && s[j].start > lo;
    }
    if (time < 0.0 || time > seq->duration) {
        const size_t i = time < 0.0 ? 0 : seq->count - 1;
        play_at(&s[i], time < 0.0 ? s[i].shot.from : s[i].shot.to, bare, &out->pose);
        at_rest(&out->pose);
        out->pose.time = time;
        out->shot = i;
        return;
    }
    const size_t i = shot_at(seq, time);
    out->shot = i;
    if (i > 0 && time < s[i].start + s[i].shot.blend) {
        cp_pose a, b;
        play(&s[i - 1], time, bare, &a);
        play(&s[i], time, bare, &b);
        cp_pose_blend(&a, &b, s[i].start, s[i].shot.blend, &out->pose);
        out->blending = true;
        return;
    }
    play(&s[i], time, bare, &out->pose);
}

void cp_sequence_sample(const cp_sequence *seq, double time, double previous, cp_sequence_pose *out)
{
    sequence_sample(seq, time, previous, 0, out);
}

void cp_sequence_sample_unshaken(const cp_sequence *seq, double time, double previous, cp_sequence_pose *out)
{
    sequence_sample(seq, time, previous, 1, out);
}

/* SPDX-License-Identifier: MIT */
/* lib/path/sequence_check.c - what `campath check` reports for a sequence:
 * each shot's own findings (cp_path_check) within the part that plays, the
 * continuity at both ends of every blend measured from samples (the left
 * and right limits of the pose and its derivatives), and the cuts. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/handoff.h"
#include "dtoa.h"
#include "sequence_impl.h"

#define CPI_SEQ_MAX_JUMP 1e-9
#define CPI_SEQ_MAX_FINDINGS 1000

typedef struct adder {
    cp_check_report *r;
    size_t           cap, max;
    int              failed;
} adder;

static cp_finding *add(adder *a, cp_severity sev)
{
    cp_check_report *r = a->r;
    r->total++;
    r->errors += sev == CP_SEVERITY_ERROR;
    r->warnings += sev == CP_SEVERITY_WARNING;
    r->infos += sev == CP_SEVERITY_INFO;
    if (r->count >= a->max || a->failed)
        return NULL;
    if (r->count == a->cap) {
        const size_t cap = a->cap ? 2 * a->cap : 16;
        cp_finding *f = cpi_alloc_array(NULL, cap, sizeof *f);
        if (!f) {
            a->failed = 1;
            return NULL;
        }
        if (r->count)
            memcpy(f, r->findings, r->count * sizeof *f);
        cpi_free(NULL, r->findings);
        r->findings = f, a->cap = cap;
    }
    cp_finding *f = &r->findings[r->count++];
    memset(f, 0, sizeof *f);
    f->severity = sev;
    return f;
}

/* The pose's quantities whose continuity a blend promises, by derivative
 * order: value, first, second. */
static void quantities(const cp_pose *p, double q[3][8])
{
    const double v[3][8] = {{p->position.x, p->position.y, p->position.z, p->rotation.x, p->rotation.y, p->rotation.z,
                             p->rotation.w, p->fov},
                            {p->velocity.x, p->velocity.y, p->velocity.z, p->angular_velocity.x,
                             p->angular_velocity.y, p->angular_velocity.z, 0, p->fov_velocity},
                            {p->acceleration.x, p->acceleration.y, p->acceleration.z, p->angular_acceleration.x,
                             p->angular_acceleration.y, p->angular_acceleration.z, 0, p->fov_acceleration}};
    memcpy(q, v, sizeof v);
}

/* The largest jump between the left and right limits, relative to the
 * larger of the two sides (per order: position, rotation, fov apart), and
 * which order it is in. */
static double jump(const cp_pose *l, const cp_pose *r, int *order)
{
    double a[3][8], b[3][8], worst = 0.0;
    quantities(l, a);
    quantities(r, b);
    static const int group[8] = {0, 0, 0, 1, 1, 1, 1, 2}, groups = 3;
    for (int k = 0; k < 3; k++)
        for (int g = 0; g < groups; g++) {
            double diff = 0.0, scale = 0.0;
            for (int j = 0; j < 8; j++)
                if (group[j] == g) {
                    diff += (a[k][j] - b[k][j]) * (a[k][j] - b[k][j]);
                    scale = fmax(scale, fmax(fabs(a[k][j]), fabs(b[k][j])));
                }
            diff = sqrt(diff);
            const double rel = scale > 0 ? diff / scale : 0.0;
            if (rel > worst)
                worst = rel, *order = k;
        }
    return worst;
}

/* Shot i's pose at sequence time t, played (no blend). */
static void play(const cp_sequence *seq, size_t i, double t, cp_pose *out)
{
    cp_sequence_shot_pose(seq, i, t, true, out);
    out->time = t;
}

static void blend_ends(const cp_sequence *seq, size_t i, double max_jump, adder *a)
{
    static const char *const what[3] = {"value", "velocity", "acceleration"};
    const cp_shot *s = cp_sequence_shot(seq, i);
    const double t0 = cp_sequence_shot_start(seq, i), t1 = t0 + s->blend;
    cp_pose before, after, pa, pb, mixed;
    /* the blend's start: shot i-1 alone on the left, the blend on the right */
    play(seq, i - 1, t0, &before);
    play(seq, i, t0, &pb);
    cp_pose_blend(&before, &pb, t0, s->blend, &mixed);
    for (int end = 0; end < 2; end++) {
        const double t = end ? t1 : t0;
        if (end) {
            play(seq, i - 1, t1, &pa);
            play(seq, i, t1, &after);
            cp_pose_blend(&pa, &after, t0, s->blend, &mixed);
        }
        int order = 0;
        const double j = end ? jump(&mixed, &after, &order) : jump(&before, &mixed, &order);
        if (j > max_jump) {
            cp_finding *f = add(a, CP_SEVERITY_ERROR);
            char tb[CPI_FMT_DOUBLE_SIZE], vb[CPI_FMT_DOUBLE_SIZE];
            if (f) {
                f->kind = CP_FINDING_JUMP, f->key[0] = i - 1, f->key[1] = i, f->time[0] = f->time[1] = f->at = t;
                f->value = j;
                snprintf(f->message, sizeof f->message, "shots[%zu]..shots[%zu]: the %s jumps by %s (relative) at the %s "
                         "of the blend, t = %s", i - 1, i, what[order], cpi_fmt_double(vb, j), end ? "end" : "start",
                         cpi_fmt_double(tb, t));
            }
        }
    }
}

cp_status cp_sequence_check(const cp_sequence *seq, const cp_check_options *options, cp_check_report *report,
                            cp_error *error)
{
    memset(report, 0, sizeof *report);
    cp_check_options o = options ? *options : (cp_check_options){0};
    adder a = {report, 0, o.max_findings ? o.max_findings : CPI_SEQ_MAX_FINDINGS, 0};
    const double max_jump = o.max_jump > 0 ? o.max_jump : CPI_SEQ_MAX_JUMP;
    for (size_t i = 0; i < seq->count && !a.failed; i++) {
        const cpi_shot *s = &seq->shots[i];
        if (i > 0 && s->shot.blend > 0) {
            blend_ends(seq, i, max_jump, &a);
        } else if (i > 0) {
            cp_finding *f = add(&a, CP_SEVERITY_INFO);
            char tb[CPI_FMT_DOUBLE_SIZE];
            if (f) {
                f->kind = CP_FINDING_CUT, f->key[0] = i - 1, f->key[1] = i, f->time[0] = f->time[1] = f->at = s->start;
                snprintf(f->message, sizeof f->message, "shots[%zu]..shots[%zu]: cut at t = %s", i - 1, i,
                         cpi_fmt_double(tb, s->start));
            }
        }
        cp_check_report own;
        cp_check_options po = o;
        po.max_findings = 0;
        if (cp_path_check(s->shot.path, &po, &own, error) != CP_OK) {
            cp_check_report_free(report);
            return error ? error->code : CP_ERR_INVALID;
        }
        const double shift = s->start - s->shot.from;
        for (size_t k = 0; k < own.count; k++) {
            const cp_finding *g = &own.findings[k];
            if (g->at < s->shot.from || g->at > s->shot.to)
                continue; /* in the part of the path that does not play */
            cp_finding *f = add(&a, g->severity);
            if (f) {
                *f = *g;
                f->at = g->at + shift, f->time[0] = g->time[0] + shift, f->time[1] = g->time[1] + shift;
                const int w = snprintf(f->message, sizeof f->message, "shots[%zu]: ", i);
                if (w > 0 && (size_t)w < sizeof f->message) {
                    const size_t n = strnlen(g->message, sizeof f->message - (size_t)w - 1);
                    memcpy(f->message + w, g->message, n);
                    f->message[(size_t)w + n] = '\0';
                }
            }
        }
        cp_check_report_free(&own);
    }
    if (a.failed) {
        cp_check_report_free(report);
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the findings");
    }
    cpi_error_clear(error);
    return CP_OK;
}

/* SPDX-License-Identifier: MIT */
/* editor/cli/sequence.c - validate, check, info, sample and export-gltf for
 * sequence files (docs/cli.md, "Sequences"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sequence.h"
#include "util.h"

/* Loads the sequence, or says why not on stderr (prefixed with `cmd` when not NULL). */
static cp_sequence *open_seq(const char *file, const char *cmd)
{
    cp_error err;
    cp_sequence *seq = cp_sequence_load(file, &err);
    if (!seq)
        fprintf(stderr, "%s%s%s\n", cmd ? cmd : "", cmd ? ": " : "", err.message);
    return seq;
}

static void count_joins(const cp_sequence *seq, size_t *cuts, size_t *blends)
{
    *cuts = *blends = 0;
    for (size_t i = 1; i < cp_sequence_shot_count(seq); i++)
        *(cp_sequence_shot(seq, i)->blend > 0 ? blends : cuts) += 1;
}

static const char *plural(size_t n, const char *one, const char *many) { return n == 1 ? one : many; }

int cli_seq_validate(const char *file)
{
    cp_sequence *seq = open_seq(file, NULL);
    if (!seq)
        return 1;
    for (size_t w = 0; w < cp_sequence_warning_count(seq); w++)
        fprintf(stderr, "%s\n", cp_sequence_warning(seq, w));
    size_t cuts, blends;
    count_joins(seq, &cuts, &blends);
    const size_t n = cp_sequence_shot_count(seq);
    printf("%s: ok (%zu %s, ", file, n, plural(n, "shot", "shots"));
    cli_print_number(stdout, cp_sequence_duration(seq));
    printf(" s: %zu %s, %zu %s)\n", cuts, plural(cuts, "cut", "cuts"), blends, plural(blends, "blend", "blends"));
    cp_sequence_destroy(seq);
    return 0;
}

/* ---- check ------------------------------------------------------------------------------- */

static void print_json(const char *file, const cp_sequence *seq, const cp_check_report *r)
{
    printf("{\n  \"file\": ");
    cli_json_string(file);
    printf(",\n  \"shots\": %zu,\n  \"errors\": %zu,\n  \"warnings\": %zu,\n  \"infos\": %zu,\n  \"total\": %zu,\n"
           "  \"findings\": [",
           cp_sequence_shot_count(seq), r->errors, r->warnings, r->infos, r->total);
    cli_print_findings_json(r);
}

int cli_seq_check(const char *file, const cp_check_options *options, int json)
{
    cp_sequence *seq = open_seq(file, NULL);
    if (!seq)
        return 1;
    cp_check_report r;
    cp_error err;
    if (cp_sequence_check(seq, options, &r, &err) != CP_OK) {
        fprintf(stderr, "campath check: %s\n", err.message);
        cp_sequence_destroy(seq);
        return 1;
    }
    if (json) {
        print_json(file, seq, &r);
    } else {
        for (size_t i = 0; i < r.count; i++)
            printf("%s: %s: %s: %s\n", file, cp_severity_name(r.findings[i].severity),
                   cp_finding_kind_name(r.findings[i].kind), r.findings[i].message);
        if (r.total > r.count)
            printf("%s: %zu more findings not listed\n", file, r.total - r.count);
        if (r.errors + r.warnings == 0) {
            size_t cuts, blends;
            count_joins(seq, &cuts, &blends);
            printf("%s: clean (%zu shots, %zu %s, %zu %s continuous to the second derivative at both ends)\n", file,
                   cp_sequence_shot_count(seq), cuts, plural(cuts, "cut", "cuts"), blends,
                   plural(blends, "blend", "blends"));
        }
    }
    const int status = r.errors + r.warnings > 0;
    cp_check_report_free(&r);
    cp_sequence_destroy(seq);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "campath check: cannot write the output\n");
        return 1;
    }
    return status;
}

/* ---- info -------------------------------------------------------------------------------- */

int cli_seq_info(const char *file)
{
    cp_sequence *seq = open_seq(file, NULL);
    if (!seq)
        return 1;
    const size_t n = cp_sequence_shot_count(seq);
    size_t cuts, blends;
    count_joins(seq, &cuts, &blends);
    printf("file           %s\n", file);
    printf("name           %s\n", cp_sequence_name(seq) ? cp_sequence_name(seq) : "(none)");
    printf("shots          %zu (%zu %s, %zu %s)\n", n, cuts, plural(cuts, "cut", "cuts"), blends,
           plural(blends, "blend", "blends"));
    printf("duration       ");
    cli_print_number(stdout, cp_sequence_duration(seq));
    printf(" s\n");
    for (size_t i = 0; i < n; i++) {
        const cp_shot *s = cp_sequence_shot(seq, i);
        const double start = cp_sequence_shot_start(seq, i);
        printf("shots[%zu]       ", i);
        cli_print_number(stdout, start);
        printf(" .. ");
        cli_print_number(stdout, start + (s->to - s->from));
        printf(" s: %s from ", cp_sequence_shot_file(seq, i) ? cp_sequence_shot_file(seq, i) : "(inline path)");
        cli_print_number(stdout, s->from);
        printf(" to ");
        cli_print_number(stdout, s->to);
        if (i == 0) {
            printf(" s\n");
        } else if (s->blend > 0) {
            printf(" s, blends in over ");
            cli_print_number(stdout, s->blend);
            printf(" s\n");
        } else {
            printf(" s, cut in\n");
        }
    }
    cp_sequence_destroy(seq);
    return 0;
}

/* ---- sample ------------------------------------------------------------------------------ */

#define HEADER "t,px,py,pz,vx,vy,vz,ax,ay,az,qx,qy,qz,qw,avx,avy,avz,aax,aay,aaz,fov"
#define MAX_SAMPLES 100000000.0

static void row(const cp_sequence_pose *sp, int lens)
{
    const cp_pose *s = &sp->pose;
    const double v[23] = {s->time,
                          s->position.x, s->position.y, s->position.z,
                          s->velocity.x, s->velocity.y, s->velocity.z,
                          s->acceleration.x, s->acceleration.y, s->acceleration.z,
                          s->rotation.x, s->rotation.y, s->rotation.z, s->rotation.w,
                          s->angular_velocity.x, s->angular_velocity.y, s->angular_velocity.z,
                          s->angular_acceleration.x, s->angular_acceleration.y, s->angular_acceleration.z,
                          s->fov, s->focus, s->aperture};
    for (int i = 0; i < (lens ? 23 : 21); i++) {
        if (i)
            putchar(',');
        cli_print_number(stdout, v[i]);
    }
    printf(",%zu\n", sp->shot);
}

int cli_seq_sample(const char *file, double rate, const char *at)
{
    cp_sequence *seq = open_seq(file, NULL);
    if (!seq)
        return 1;
    int lens = 0; /* focus and aperture columns when any shot's path has them */
    for (size_t i = 0; i < cp_sequence_shot_count(seq); i++) {
        const cp_key *k = cp_path_keys(cp_sequence_shot(seq, i)->path);
        lens |= k->focus > 0 || k->aperture > 0;
    }
    int status = 0;
    cp_sequence_pose s;
    if (at) {
        char *list = malloc(strlen(at) + 1);
        double *times = calloc(strlen(at) / 2 + 2, sizeof *times);
        size_t n = 0;
        if (!list || !times) {
            fprintf(stderr, "campath sample: out of memory\n");
            status = 1;
        } else {
            memcpy(list, at, strlen(at) + 1);
        }
        for (char *tok = status == 0 ? strtok(list, ",") : NULL; tok && status == 0; tok = strtok(NULL, ","))
            if (cli_parse_number("sample", "--at", tok, &times[n++]) != 0)
                status = 2;
        if (status == 0) {
            puts(lens ? HEADER ",focus,aperture,shot" : HEADER ",shot");
            for (size_t i = 0; i < n; i++) {
                cp_sequence_sample(seq, times[i], NAN, &s);
                row(&s, lens);
            }
        }
        free(list);
        free(times);
    } else {
        const double duration = cp_sequence_duration(seq), steps = floor(duration * rate + 1e-9);
        if (steps > MAX_SAMPLES) {
            fprintf(stderr, "campath sample: %.0f samples is too many; lower --rate\n", steps);
            status = 2;
        } else {
            puts(lens ? HEADER ",focus,aperture,shot" : HEADER ",shot");
            for (double k = 0; k <= steps; k++) {
                cp_sequence_sample(seq, k / rate, NAN, &s);
                row(&s, lens);
            }
            if (steps / rate < duration) { /* the end itself */
                cp_sequence_sample(seq, duration, NAN, &s);
                row(&s, lens);
            }
        }
    }
    cp_sequence_destroy(seq);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "campath sample: cannot write the output\n");
        return 1;
    }
    return status;
}

/* ---- export-gltf ------------------------------------------------------------------------- */

/* The gap before a cut: the shot before it holds its last pose until then,
 * 0.1 ms (far less than a frame: 4.2 ms at 240 fps), or 4 steps of a
 * float32 time where that is more (past 200 s; glTF stores times as floats). */
#define CUT_GAP 1e-4
static double gap_at(double t) { return fmax(CUT_GAP, 4.0 * fabs(t) * 1.1920928955078125e-7); }

static cp_key key_of(const cp_pose *p, double t)
{
    cp_key k = {.time = t, .position = p->position, .rotation = p->rotation, .fov = p->fov};
    return k;
}

/* The sequence baked into a LINEAR path: a key every frame, and at a cut
 * the last pose of the shot before it just before the cut. */
static cp_path *bake(const cp_sequence *seq, double fps, cp_error *error)
{
    const double duration = cp_sequence_duration(seq), frames = floor(duration * fps + 1e-9);
    const size_t shots = cp_sequence_shot_count(seq), cap = (size_t)frames + 2 * shots + 2;
    cp_key *keys = malloc(cap * sizeof *keys);
    if (!keys) {
        snprintf(error->message, sizeof error->message, "out of memory for %zu keys", cap);
        return NULL;
    }
    size_t n = 0, next = 1; /* the next shot that starts */
    cp_sequence_pose s;
    for (double f = 0; f <= frames + 1; f++) {
        const double t = f <= frames ? f / fps : duration;
        if (f > frames && n && keys[n - 1].time >= duration)
            break;
        for (; next < shots && cp_sequence_shot_start(seq, next) <= t; next++) {
            const double c = cp_sequence_shot_start(seq, next);
            if (cp_sequence_shot(seq, next)->blend > 0)
                continue;
            /* a cut: the shot before it at its last pose, a gap before the cut, then the new shot at the cut */
            const cp_shot *prev = cp_sequence_shot(seq, next - 1);
            cp_pose last;
            cp_path_sample(prev->path, prev->to, &last);
            const double before = c - gap_at(c);
            if (n == 0 || before > keys[n - 1].time + gap_at(c))
                keys[n++] = key_of(&last, before);
            if (c < t) {
                cp_sequence_sample(seq, c, NAN, &s);
                keys[n++] = key_of(&s.pose, c);
            }
        }
        if (n && t <= keys[n - 1].time)
            continue;
        cp_sequence_sample(seq, t, NAN, &s);
        keys[n++] = key_of(&s.pose, t);
    }
    cp_path_options o = {.position = CP_INTERP_LINEAR, .rotation = CP_INTERP_LINEAR, .fov = CP_INTERP_LINEAR};
    cp_path *p = cp_path_create(keys, n, &o, error);
    free(keys);
    return p;
}

int cli_seq_export_gltf(const char *file, const char *out, const cp_gltf_export_options *options)
{
    cp_sequence *seq = open_seq(file, "campath export-gltf");
    if (!seq)
        return 1;
    cp_gltf_export_options o = *options;
    const double fps = o.bake_fps > 0 ? o.bake_fps : 60;
    o.bake_fps = 0; /* the baked path's keys are the frames */
    o.form = CP_GLTF_CUBIC; /* for a LINEAR path: its keys as they are, each frame and each step */
    if (!o.name)
        o.name = cp_sequence_name(seq);
    cp_error err;
    cp_path *path = bake(seq, fps, &err);
    int rc = 1;
    if (!path) {
        fprintf(stderr, "campath export-gltf: %s: baking at %g fps: %s\n", file, fps, err.message);
    } else if (cp_gltf_export(path, out, &o, &err) != CP_OK) {
        fprintf(stderr, "campath export-gltf: %s\n", err.message);
    } else {
        size_t cuts, blends;
        count_joins(seq, &cuts, &blends);
        printf("%s: %zu shots baked at %g fps over %.6g s (%zu keys; %zu %s as steps, %zu %s)\n", out,
               cp_sequence_shot_count(seq), fps, cp_sequence_duration(seq), cp_path_key_count(path), cuts,
               plural(cuts, "cut", "cuts"), blends, plural(blends, "blend", "blends"));
        rc = 0;
    }
    cp_path_destroy(path);
    cp_sequence_destroy(seq);
    return rc;
}

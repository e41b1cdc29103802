/* SPDX-License-Identifier: MIT */
/* editor/cli/check.c - `campath check FILE [--max-jump REL] [--json]`: what a
 * path does that its keys do not ask for, one line per finding, for tests
 * and asset pipelines. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sequence.h"
#include "util.h"

static int usage(FILE *out, int status)
{
    fprintf(out, "usage: campath check FILE [--max-jump REL] [--json]\n\n"
                 "Checks a path for what its keys do not ask for: a derivative that jumps at a key\n"
                 "(more than REL of its largest value; default 1e-9, for what the interpolation keeps\n"
                 "continuous), reverse motion between keys, a segment that turns further than its\n"
                 "keys' rotation step, a field of view outside (0, 180) or outside its keys' range,\n"
                 "a focus distance or f-number at or below 0 (focus-range, aperture-range) or more\n"
                 "than 1%% outside its keys' range (focus-overshoot, aperture-overshoot), rotation\n"
                 "keys within 2 degrees of a half turn apart, keys the rotation builder inserted,\n"
                 "and in look-at paths a view within 5 degrees of straight up or down\n"
                 "(look-vertical) or a target within 0.1 m of the camera (target-near). Prints one\n"
                 "line per finding, FILE: SEVERITY: KIND: message, naming the\n"
                 "keys and times; --json prints them as a JSON object instead.\n"
                 "For a sequence file: each shot's findings within the part that plays (at\n"
                 "sequence times), a jump at either end of a blend, and every cut (kind cut, info).\n"
                 "A path with a \"shake\" layer is checked without it (the findings are the keys'\n"
                 "doing); one more line (\"shake\" in --json) gives the layer and the largest\n"
                 "relative jump of the shaken pose's derivatives at a key (an error above REL).\n"
                 "Exit status: 0 when nothing is an error or warning, 1 otherwise (or if FILE does\n"
                 "not load), 2 for a usage error.\n");
    return status;
}

/* The largest jump at a key of the shaken pose's velocity, acceleration,
 * angular velocity and angular acceleration, each relative to its largest
 * value at the keys (as the check measures the path without the layer). */
static double shaken_jump(const cp_path *p)
{
    const cp_key *k = cp_path_keys(p);
    const size_t n = cp_path_key_count(p);
    double jump[4] = {0, 0, 0, 0}, scale[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        cp_pose l, r;
        cp_path_sample_side(p, k[i].time, -1, &l);
        cp_path_sample_side(p, k[i].time, 1, &r);
        const cp_vec3 a[4] = {l.velocity, l.acceleration, l.angular_velocity, l.angular_acceleration};
        const cp_vec3 b[4] = {r.velocity, r.acceleration, r.angular_velocity, r.angular_acceleration};
        const int inner = i > 0 && i + 1 < n;
        for (int q = 0; q < 4; q++) {
            scale[q] = fmax(scale[q], fmax(cp_vec3_length(a[q]), cp_vec3_length(b[q])));
            if (inner || cp_path_get_options(p).ends == CP_ENDS_CLOSED)
                jump[q] = fmax(jump[q], cp_vec3_length(cp_vec3_sub(a[q], b[q])));
        }
    }
    double worst = 0;
    for (int q = 0; q < 4; q++)
        worst = fmax(worst, scale[q] > 0 ? jump[q] / scale[q] : 0.0);
    return worst;
}

static void print_shake(const cp_shake *sh, int json)
{
    const cp_shake_band *b[3] = {&sh->position, &sh->rotation, &sh->fov};
    static const char *const names[3] = {"position", "rotation", "fov"};
    static const char *const units[3] = {"m", "deg", "deg"};
    printf(json ? "\"seed\": %lu" : "seed %lu", (unsigned long)sh->seed);
    for (int i = 0; i < 3; i++) {
        if (b[i]->amplitude == 0)
            continue;
        if (json) {
            printf(", \"%s\": [", names[i]);
            cli_print_number(stdout, b[i]->amplitude);
            printf(", ");
            cli_print_number(stdout, b[i]->frequency);
            printf("]");
        } else {
            printf(", %s %g %s at %g Hz", names[i], b[i]->amplitude, units[i], b[i]->frequency);
        }
    }
}

static void print_json(const char *file, const cp_path *p, const cp_check_report *r, const cp_shake *shake,
                       double jump)
{
    printf("{\n  \"file\": ");
    cli_json_string(file);
    printf(",\n  \"keys\": %zu,\n  \"timing\": \"%s\",\n  \"errors\": %zu,\n  \"warnings\": %zu,\n  \"infos\": %zu,\n"
           "  \"total\": %zu,%s",
           cp_path_key_count(p), cp_timing_name(cp_path_get_options(p).timing), r->errors, r->warnings, r->infos,
           r->total, shake ? "" : "\n  \"findings\": [");
    if (shake) {
        printf("\n  \"shake\": { ");
        print_shake(shake, 1);
        printf(", \"jump\": ");
        cli_print_number(stdout, jump);
        printf(" },\n  \"findings\": [");
    }
    cli_print_findings_json(r);
}

int cli_check(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return usage(stdout, 0);
    const char *file = NULL;
    int json = 0;
    cp_check_options o = {0};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--max-jump") == 0 && i + 1 < argc) {
            if (cli_parse_number("check", "--max-jump", argv[++i], &o.max_jump) != 0)
                return 2;
            if (!(o.max_jump > 0)) {
                fprintf(stderr, "campath check: --max-jump must be above 0\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--max-jump") == 0) {
            fprintf(stderr, "campath check: --max-jump needs a value\n");
            return 2;
        } else if (cli_take_file("check", argv[i], &file, usage) != 0) {
            return 2;
        }
    }
    if (file && cp_json_file_is_sequence(file))
        return cli_seq_check(file, &o, json);
    cp_path *p;
    const int opened = cli_open(file, usage, &p);
    if (opened != 0)
        return opened;
    cp_check_report r;
    cp_error err;
    if (cp_path_check(p, &o, &r, &err) != CP_OK) {
        fprintf(stderr, "campath check: %s\n", err.message);
        cp_path_destroy(p);
        return 1;
    }
    const cp_path_options po = cp_path_get_options(p);
    const int shaken = cp_shake_active(&po.shake);
    const double jump = shaken ? shaken_jump(p) : 0.0, max_jump = o.max_jump > 0 ? o.max_jump : 1e-9;
    if (json) {
        print_json(file, p, &r, shaken ? &po.shake : NULL, jump);
    } else {
        for (size_t i = 0; i < r.count; i++)
            printf("%s: %s: %s: %s\n", file, cp_severity_name(r.findings[i].severity),
                   cp_finding_kind_name(r.findings[i].kind), r.findings[i].message);
        if (r.total > r.count)
            printf("%s: %zu more findings not listed\n", file, r.total - r.count);
        if (r.total == 0)
            printf("%s: clean (%zu keys, %s timing)\n", file, cp_path_key_count(p),
                   cp_timing_name(cp_path_get_options(p).timing));
        if (shaken) {
            printf("%s: %s: shake: ", file, jump > max_jump ? "error" : "info");
            print_shake(&po.shake, 0);
            printf("; the findings are the path without it; with it, the largest jump at a key is %.3g "
                   "(relative)\n", jump);
        }
    }
    const int status = r.errors + r.warnings > 0 || jump > max_jump;
    cp_check_report_free(&r);
    cp_path_destroy(p);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "campath check: cannot write the output\n");
        return 1;
    }
    return status;
}

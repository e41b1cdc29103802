/* SPDX-License-Identifier: MIT */
/* editor/cli/check.c - `campath check FILE [--max-jump REL] [--json]`: what a
 * path does that its keys do not ask for, one line per finding, for tests
 * and asset pipelines. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
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
                 "Exit status: 0 when nothing is an error or warning, 1 otherwise (or if FILE does\n"
                 "not load), 2 for a usage error.\n");
    return status;
}

/* s as a JSON string literal (file names and messages are UTF-8 or ASCII). */
static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        const unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            printf("\\%c", ch);
        else if (ch < 0x20)
            printf("\\u%04x", ch);
        else
            putchar(ch);
    }
    putchar('"');
}

static void print_json(const char *file, const cp_path *p, const cp_check_report *r)
{
    printf("{\n  \"file\": ");
    json_string(file);
    printf(",\n  \"keys\": %zu,\n  \"timing\": \"%s\",\n  \"errors\": %zu,\n  \"warnings\": %zu,\n  \"infos\": %zu,\n"
           "  \"total\": %zu,\n  \"findings\": [",
           cp_path_key_count(p), cp_timing_name(cp_path_get_options(p).timing), r->errors, r->warnings, r->infos,
           r->total);
    for (size_t i = 0; i < r->count; i++) {
        const cp_finding *f = &r->findings[i];
        printf("%s\n    { \"kind\": \"%s\", \"severity\": \"%s\", \"keys\": [%zu, %zu], \"times\": [", i ? "," : "",
               cp_finding_kind_name(f->kind), cp_severity_name(f->severity), f->key[0], f->key[1]);
        cli_print_number(stdout, f->time[0]);
        printf(", ");
        cli_print_number(stdout, f->time[1]);
        printf("], \"at\": ");
        cli_print_number(stdout, f->at);
        printf(", \"value\": ");
        cli_print_number(stdout, f->value);
        printf(", \"message\": ");
        json_string(f->message);
        printf(" }");
    }
    printf("%s]\n}\n", r->count ? "\n  " : "");
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
    if (json) {
        print_json(file, p, &r);
    } else {
        for (size_t i = 0; i < r.count; i++)
            printf("%s: %s: %s: %s\n", file, cp_severity_name(r.findings[i].severity),
                   cp_finding_kind_name(r.findings[i].kind), r.findings[i].message);
        if (r.total > r.count)
            printf("%s: %zu more findings not listed\n", file, r.total - r.count);
        if (r.total == 0)
            printf("%s: clean (%zu keys, %s timing)\n", file, cp_path_key_count(p),
                   cp_timing_name(cp_path_get_options(p).timing));
    }
    const int status = r.errors + r.warnings > 0;
    cp_check_report_free(&r);
    cp_path_destroy(p);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "campath check: cannot write the output\n");
        return 1;
    }
    return status;
}

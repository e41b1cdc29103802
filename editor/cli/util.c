/* SPDX-License-Identifier: MIT */
/* editor/cli/util.c - helpers shared by the path commands. */
#include <math.h>

#include "util.h"

void cli_print_number(FILE *out, double x)
{
    char buf[CP_JSON_NUMBER_SIZE];
    cp_json_format_number(x, buf);
    fputs(buf, out);
}

int cli_take_file(const char *cmd, const char *arg, const char **file, int (*usage)(FILE *out, int status))
{
    if (arg[0] == '-' && arg[1] != '\0') {
        fprintf(stderr, "campath %s: unknown option '%s'\n", cmd, arg);
        return usage(stderr, 2);
    }
    if (*file)
        return usage(stderr, 2);
    *file = arg;
    return 0;
}

int cli_open(const char *file, int (*usage)(FILE *out, int status), cp_path **path)
{
    *path = NULL;
    if (!file)
        return usage(stderr, 2);
    cp_error err;
    *path = cp_path_load(file, &err);
    if (!*path) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    return 0;
}

int cli_parse_number(const char *cmd, const char *opt, const char *text, double *out)
{
    if (!text || cp_json_parse_number(text, out) != CP_OK || !isfinite(*out)) {
        fprintf(stderr, "campath %s: %s needs a number, got '%s'\n", cmd, opt, text ? text : "");
        return -1;
    }
    return 0;
}

void cli_json_string(const char *s)
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

void cli_print_findings_json(const cp_check_report *r)
{
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
        cli_json_string(f->message);
        printf(" }");
    }
    printf("%s]\n}\n", r->count ? "\n  " : "");
}

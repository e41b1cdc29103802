/* SPDX-License-Identifier: MIT */
/* editor/cli/util.h - what the path commands of `campath` share. */
#ifndef CAMPATH_CLI_UTIL_H
#define CAMPATH_CLI_UTIL_H

#include <stdio.h>

#include "campath/campath.h"

/* Prints `x` so that it reads back to the same double (locale-free). */
void cli_print_number(FILE *out, double x);
/* s as a JSON string literal on stdout (file names and messages are UTF-8 or ASCII). */
void cli_json_string(const char *s);
/* A check report's findings as the elements of `campath check --json`'s
 * "findings" array, then the array's and the object's ends, on stdout. */
void cli_print_findings_json(const cp_check_report *r);

/* Reads a number argument of option `opt`; 0, or -1 after a message on stderr. */
int cli_parse_number(const char *cmd, const char *opt, const char *text, double *out);

/* An argument that is not an option the command knows: the first is the
 * command's FILE; an unknown option or a second file is a usage error. 0,
 * or 2 after a message and the usage on stderr. */
int cli_take_file(const char *cmd, const char *arg, const char **file, int (*usage)(FILE *out, int status));

/* Loads FILE: 0 and *path, or the exit status after a message on stderr
 * (2 and the usage when FILE is NULL, 1 when it does not load). */
int cli_open(const char *file, int (*usage)(FILE *out, int status), cp_path **path);

#endif /* CAMPATH_CLI_UTIL_H */

/* editor/cli/util.h - what the path commands of `campath` share. */
#ifndef CAMPATH_CLI_UTIL_H
#define CAMPATH_CLI_UTIL_H

#include <stdio.h>

#include "campath/campath.h"

/* Prints `x` so that it reads back to the same double (locale-free). */
void cli_print_number(FILE *out, double x);

/* Reads a number argument of option `opt`; 0, or -1 after a message on stderr. */
int cli_parse_number(const char *cmd, const char *opt, const char *text, double *out);

#endif /* CAMPATH_CLI_UTIL_H */

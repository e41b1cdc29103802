/* editor/cli/util.c - helpers shared by the path commands. */
#include <math.h>

#include "util.h"

void cli_print_number(FILE *out, double x)
{
    char buf[CP_JSON_NUMBER_SIZE];
    cp_json_format_number(x, buf);
    fputs(buf, out);
}

int cli_parse_number(const char *cmd, const char *opt, const char *text, double *out)
{
    if (!text || cp_json_parse_number(text, out) != 0 || !isfinite(*out)) {
        fprintf(stderr, "campath %s: %s needs a number, got '%s'\n", cmd, opt, text ? text : "");
        return -1;
    }
    return 0;
}

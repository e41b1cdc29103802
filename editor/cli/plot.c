/* editor/cli/plot.c - TEMPORARY placeholder until the interop work lands; replaced as a whole. */
#include <stdio.h>

#include "cli.h"

int cli_plot(int argc, char **argv)
{
    (void)argc, (void)argv;
    fprintf(stderr, "campath plot: not built yet\n");
    return 1;
}

/* editor/cli/gltf.c - TEMPORARY placeholder until the interop work lands; replaced as a whole. */
#include <stdio.h>

#include "cli.h"

int cli_export_gltf(int argc, char **argv)
{
    (void)argc, (void)argv;
    fprintf(stderr, "campath export-gltf: not built yet\n");
    return 1;
}

int cli_import_gltf(int argc, char **argv)
{
    (void)argc, (void)argv;
    fprintf(stderr, "campath import-gltf: not built yet\n");
    return 1;
}

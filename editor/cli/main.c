/* SPDX-License-Identifier: MIT */
/* editor/cli/main.c - `campath COMMAND ...`: dispatch to the commands. */
#include <stdio.h>
#include <string.h>

#include "campath/campath.h"
#include "cli.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"validate", cli_validate, "check path files; one line per problem"},
    {"check", cli_check, "what a path does that its keys do not ask for (continuity, overshoot)"},
    {"info", cli_info, "keys, duration, length, interpolation, and the largest jumps at the keys"},
    {"sample", cli_sample, "poses with derivatives as CSV"},
    {"watch", cli_watch, "follow a file through hot reload, one line per event"},
    {"retime", cli_retime, "rewrite key times for constant speed"},
    {"export-gltf", cli_export_gltf, "write a glTF 2.0 camera animation"},
    {"import-gltf", cli_import_gltf, "read a camera animation from a glTF 2.0 file"},
    {"import-scene", cli_import_scene, "read a camera's animation from a scene file (FBX, COLLADA, ...)"},
    {"plot", cli_plot, "SVG charts of speed, acceleration, angular speed and acceleration"},
};

int cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return 1;
    return 0;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: campath COMMAND [ARGS...]\n\n"
                 "campath %s: C2 camera paths. Commands:\n",
            CAMPATH_VERSION);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-12s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'campath COMMAND --help' describes a command.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("campath %s\n", CAMPATH_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "campath: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}

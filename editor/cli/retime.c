/* SPDX-License-Identifier: MIT */
/* editor/cli/retime.c - `campath retime FILE [--constant-speed] [--duration S] [-o OUT]`. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "util.h"

static int usage(FILE *out, int status)
{
    fprintf(out, "usage: campath retime FILE [--constant-speed] [--duration S] [-o OUT]\n\n"
                 "Retimes the path for constant speed. A path of smooth (or constant-speed) timing\n"
                 "keeps its shape exactly and gets constant-speed timing: one speed throughout,\n"
                 "easing into and out of holds and rest ends, the key times computed. A path of\n"
                 "keys timing gets key times that give each segment the same mean speed (each lasts\n"
                 "in proportion to its length). --duration sets the new total duration in seconds\n"
                 "(the period for a closed path; default: unchanged). --duration alone keeps the\n"
                 "timing and scales the time the camera moves, holds kept (as the editor's\n"
                 "`duration`). The name, scene and unknown\n"
                 "members of the file are kept. Writes OUT (default: FILE itself) atomically.\n"
                 "Exit status: 0, 1 on failure, 2 for a usage error.\n");
    return status;
}

int cli_retime(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return usage(stdout, 0);
    const char *file = NULL, *out = NULL;
    double duration = 0;
    int constant = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--constant-speed") == 0) {
            constant = 1;
        } else if (strcmp(argv[i], "--duration") == 0 && i + 1 < argc) {
            if (cli_parse_number("retime", "--duration", argv[++i], &duration) != 0 || !(duration > 0)) {
                fprintf(stderr, "campath retime: --duration must be a number of seconds above 0\n");
                return 2;
            }
        } else if ((strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0) && i + 1 < argc) {
            out = argv[++i];
        } else if (strcmp(argv[i], "--duration") == 0 || strcmp(argv[i], "-o") == 0 ||
                   strcmp(argv[i], "--output") == 0) {
            fprintf(stderr, "campath retime: %s needs a value\n", argv[i]);
            return 2;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "campath retime: unknown option '%s'\n", argv[i]);
            return usage(stderr, 2);
        } else if (!file) {
            file = argv[i];
        } else {
            return usage(stderr, 2);
        }
    }
    if (!file || (!constant && !(duration > 0)))
        return usage(stderr, 2);
    cp_error err;
    cp_document doc;
    if (cp_document_load(file, &doc, &err) != CP_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    int status = 1;
    cp_path *path = cp_document_to_path(&doc, &err), *retimed = NULL;
    cp_document result = {0};
    if (path && constant)
        retimed = cp_path_retime_constant_speed(path, duration, &err);
    else if (path) /* --duration alone: the same duration, the timing kept */
        retimed = cp_path_retime_duration(path, 0, cp_path_key_count(path) - 1, duration, &err);
    /* the path carries the name and the unknown members through */
    if (retimed && cp_document_from_path(retimed, &result, &err) == CP_OK &&
        cp_document_save(&result, out ? out : file, &err) == CP_OK) {
        printf("%s: %zu keys retimed over ", out ? out : file, result.count);
        cli_print_number(stdout, cp_path_duration(retimed));
        if (cp_path_get_options(retimed).timing == CP_TIMING_CONSTANT_SPEED) {
            printf(" s at ");
            cli_print_number(stdout, cp_path_constant_speed(retimed));
            printf(" m/s\n");
        } else {
            printf(" s\n");
        }
        status = 0;
    } else if (strcmp(err.field, "duration") == 0) {
        /* the library names the duration it was given: here that is --duration */
        fprintf(stderr, "campath retime: --%s\n", err.message);
    } else {
        fprintf(stderr, "campath retime: %s\n", err.message);
    }
    cp_document_free(&result);
    cp_path_destroy(retimed);
    cp_path_destroy(path);
    cp_document_free(&doc);
    return status;
}

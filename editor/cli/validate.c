/* SPDX-License-Identifier: MIT */
/* editor/cli/validate.c - `campath validate FILE...`: one line per problem. */
#include <stdio.h>

#include "cli.h"
#include "util.h"

int cli_validate(int argc, char **argv)
{
    if (cli_wants_help(argc, argv) || argc < 2) {
        fprintf(argc < 2 ? stderr : stdout,
                "usage: campath validate FILE...\n\n"
                "Checks path files. Prints one line per problem (errors, and warnings such as\n"
                "unknown members) as FILE:LINE:COLUMN: message, and 'FILE: ok' for a good file.\n"
                "Exit status: 0 if every file loads, 1 if any does not, 2 for a usage error.\n");
        return argc < 2 ? 2 : 0;
    }
    int failed = 0;
    for (int i = 1; i < argc; i++) {
        cp_error err;
        cp_document doc;
        cp_path *path = NULL;
        if (cp_document_load(argv[i], &doc, &err) == CP_OK)
            path = cp_document_to_path(&doc, &err); /* the checks that only building the curves makes */
        if (!path) {
            fprintf(stderr, "%s\n", err.message);
            failed = 1;
        } else {
            for (size_t w = 0; w < doc.warning_count; w++)
                fprintf(stderr, "%s\n", doc.warnings[w]);
            printf("%s: ok (%zu keys)\n", argv[i], doc.count);
        }
        cp_path_destroy(path);
        cp_document_free(&doc);
    }
    return failed;
}

/* SPDX-License-Identifier: MIT */
/* editor/cli/import_scene.c - `campath import-scene FILE OUT.json [--camera NAME]`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "scene.h"
#include "util.h"

static int usage(FILE *out, int status)
{
    fprintf(out, "usage: campath import-scene FILE OUT.json [--camera NAME]\n\n"
                 "Reads a camera's animation from a scene file that assimp reads (FBX, COLLADA,\n"
                 "glTF, ...) and writes it as a path file: a key at every time at which a channel\n"
                 "of the camera's node or of a node above it has one, holding the camera's world\n"
                 "pose (every parent transform applied, in metres, +Y up, looking down -Z) and its\n"
                 "vertical field of view. --camera names the camera (default: the scene's only\n"
                 "one). OUT.json is written atomically, and not at all on an error.\n"
                 "Exit status: 0, 1 on failure, 2 for a usage error.\n");
    return status;
}

int cli_import_scene(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return usage(stdout, 0);
    const char *file = NULL, *out = NULL, *camera = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--camera") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "campath import-scene: --camera needs a camera's name\n");
                return 2;
            }
            camera = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "campath import-scene: unknown option '%s'\n", argv[i]);
            return usage(stderr, 2);
        } else if (!file) {
            file = argv[i];
        } else if (!out) {
            out = argv[i];
        } else {
            fprintf(stderr, "campath import-scene: too many arguments ('%s')\n", argv[i]);
            return usage(stderr, 2);
        }
    }
    if (!file || !out)
        return usage(stderr, 2);

    char why[1024];
    cli_scene_shot shot;
    if (cli_scene_read(file, camera, &shot, why, sizeof why) != CLI_SCENE_OK) {
        fprintf(stderr, "campath import-scene: %s\n", why);
        return 1;
    }
    int status = 1;
    cp_error err;
    cp_document doc = {0};
    cp_path *path = cp_path_create(shot.keys, shot.count, NULL, &err);
    if (!path) {
        fprintf(stderr, "campath import-scene: %s: camera '%s': %s\n", file, shot.camera, err.message);
    } else if (cp_document_from_path(path, &doc, &err) != CP_OK) {
        fprintf(stderr, "campath import-scene: %s\n", err.message);
    } else {
        free(doc.name); /* the path file is named after the camera (the document's allocator is the C library's) */
        doc.name = malloc(strlen(shot.camera) + 1);
        if (doc.name)
            strcpy(doc.name, shot.camera);
        if (cp_document_save(&doc, out, &err) != CP_OK) {
            fprintf(stderr, "campath import-scene: %s\n", err.message);
        } else {
            if (shot.notes[0])
                fprintf(stderr, "campath import-scene: %s: note: %s\n", file, shot.notes);
            printf("%s: camera '%s', %zu keys over ", out, shot.camera, shot.count);
            cli_print_number(stdout, cp_path_duration(path));
            printf(" s\n");
            status = 0;
        }
    }
    cp_document_free(&doc);
    cp_path_destroy(path);
    cli_scene_shot_free(&shot);
    return status;
}

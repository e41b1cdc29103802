/* SPDX-License-Identifier: MIT */
/* editor/cli/gltf.c - `campath export-gltf` and `campath import-gltf`. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/campath.h"
#include "campath/gltf.h"
#include "cli.h"

static const char export_usage[] =
    "usage: campath export-gltf PATH.json OUT.gltf|OUT.glb [--name NAME] [--aspect RATIO] [--znear M] [--zfar M]\n"
    "                           [--no-extras] [--bake FPS] [--max-error E] [--cubic]\n"
    "\n"
    "Writes the path as a glTF 2.0 file: a node with a perspective camera and an\n"
    "animation of its translation and rotation, as LINEAR samples within an error\n"
    "bound, which Blender, Godot and three.js all play as the path (--cubic: the\n"
    "path's own CUBICSPLINE curves, for players that follow the specification's\n"
    "interpolation). A changing field of view is animated with\n"
    "KHR_animation_pointer. The buffer is embedded, so the file stands alone: a\n"
    "name ending in .glb gets binary glTF (GLB), any other JSON text with a base64\n"
    "buffer. The exact path is also stored in the animation's extras.campath, so\n"
    "that import-gltf gives back the same doubles (and the look-at targets, roll,\n"
    "focus and aperture, which glTF has not).\n"
    "\n"
    "  --name NAME     name of the node, camera and animation (default: the path's name)\n"
    "  --aspect RATIO  the camera's aspectRatio (default: none, the viewer's)\n"
    "  --znear M       near plane in metres (default 0.1)\n"
    "  --zfar M        far plane in metres (default: none, infinite)\n"
    "  --no-extras     do not embed the exact path\n"
    "  --bake FPS      LINEAR keys at every frame, FPS frames a second\n"
    "  --max-error E   the largest error of the samples, metres of position and\n"
    "                  radians of rotation and fov (default 1e-4; with --cubic 1e-5)\n"
    "  --cubic         the path's own curves: CUBICSPLINE with its tangents for c2,\n"
    "                  bisector and catmull-rom, LINEAR, STEP; CUBICSPLINE samples for\n"
    "                  smooth and constant-speed timing and look-at paths. Exact and\n"
    "                  small, but Blender 3.4 and Godot 3 misplay CUBICSPLINE\n";

static const char import_usage[] =
    "usage: campath import-gltf IN.gltf OUT.json [--node NAME|INDEX] [--refit] [--ignore-extras]\n"
    "\n"
    "Reads the translation and rotation animation of a camera node (and its yfov\n"
    "if animated with KHR_animation_pointer) from a .gltf or .glb file and writes\n"
    "a path file. A file written by export-gltf gives back the exact path. For\n"
    "other files each channel's interpolation is recognised from its tangents;\n"
    "what campath cannot represent is an error. Buffer files are read only from\n"
    "the folder of IN.gltf.\n"
    "\n"
    "  --node NAME|INDEX  the node to read (default: the first node with a camera)\n"
    "  --refit            keep every key of every channel and rebuild C2 tangents\n"
    "                     where the file's tangents match no campath builder\n"
    "  --ignore-extras    read the float animation data even if an exact path is embedded\n";

/* A number option's value: finite and >= 0. */
static int parse_number(const char *cmd, const char *opt, const char *text, double *out)
{
    char *end = NULL;
    errno = 0;
    double v = text ? strtod(text, &end) : 0;
    if (!text || end == text || *end != '\0' || errno != 0 || !isfinite(v) || v < 0) {
        fprintf(stderr, "campath %s: %s needs a number >= 0, got '%s'\n", cmd, opt, text ? text : "");
        return -1;
    }
    *out = v;
    return 0;
}

int cli_export_gltf(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(export_usage, stdout);
        return 0;
    }
    const char *files[2] = {NULL, NULL};
    int nfiles = 0;
    cp_gltf_export_options opts = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--name") == 0) {
            if (!val) {
                fprintf(stderr, "campath export-gltf: --name needs a value\n");
                return 2;
            }
            opts.name = val;
            i++;
        } else if (strcmp(a, "--aspect") == 0 || strcmp(a, "--znear") == 0 || strcmp(a, "--zfar") == 0 ||
                   strcmp(a, "--bake") == 0 || strcmp(a, "--max-error") == 0) {
            double *dst = strcmp(a, "--aspect") == 0  ? &opts.aspect_ratio
                          : strcmp(a, "--znear") == 0 ? &opts.znear
                          : strcmp(a, "--zfar") == 0  ? &opts.zfar
                          : strcmp(a, "--bake") == 0  ? &opts.bake_fps
                                                      : &opts.max_error;
            if (parse_number("export-gltf", a, val, dst) != 0)
                return 2;
            i++;
        } else if (strcmp(a, "--no-extras") == 0) {
            opts.no_extras = 1;
        } else if (strcmp(a, "--cubic") == 0) {
            opts.form = CP_GLTF_CUBIC;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "campath export-gltf: unknown option '%s'\n%s", a, export_usage);
            return 2;
        } else if (nfiles < 2) {
            files[nfiles++] = a;
        } else {
            fprintf(stderr, "campath export-gltf: too many arguments ('%s')\n%s", a, export_usage);
            return 2;
        }
    }
    if (nfiles != 2) {
        fprintf(stderr, "campath export-gltf: PATH.json and OUT.gltf (or OUT.glb) are required\n%s", export_usage);
        return 2;
    }
    cp_error err;
    cp_path *path = cp_path_load(files[0], &err);
    if (!path) {
        fprintf(stderr, "campath export-gltf: %s\n", err.message);
        return 1;
    }
    cp_status rc = cp_gltf_export(path, files[1], &opts, &err);
    if (rc != CP_OK) {
        fprintf(stderr, "campath export-gltf: %s\n", err.message);
    } else {
        cp_path_options o = cp_path_get_options(path);
        printf("%s: %zu keys over %.6g s (position %s, rotation %s, fov %s, %s ends, %s timing)%s\n", files[1],
               cp_path_key_count(path), cp_path_duration(path), cp_interp_name(o.position),
               cp_interp_name(o.rotation), cp_interp_name(o.fov), cp_ends_name(o.ends), cp_timing_name(o.timing),
               opts.bake_fps > 0                 ? ", baked"
               : opts.form == CP_GLTF_LINEAR     ? ", LINEAR samples"
               : o.timing != CP_TIMING_KEYS || o.orientation == CP_ORIENTATION_LOOK_AT ? ", CUBICSPLINE samples"
                                                                                       : ", its own curves");
    }
    cp_path_destroy(path);
    return rc == CP_OK ? 0 : 1;
}

int cli_import_gltf(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(import_usage, stdout);
        return 0;
    }
    const char *files[2] = {NULL, NULL};
    int nfiles = 0;
    cp_gltf_import_options opts = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--node") == 0) {
            if (i + 1 >= argc || argv[i + 1][0] == '\0') {
                fprintf(stderr, "campath import-gltf: --node needs a node name or index\n");
                return 2;
            }
            opts.node = argv[++i];
        } else if (strcmp(a, "--refit") == 0) {
            opts.refit = 1;
        } else if (strcmp(a, "--ignore-extras") == 0) {
            opts.ignore_extras = 1;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "campath import-gltf: unknown option '%s'\n%s", a, import_usage);
            return 2;
        } else if (nfiles < 2) {
            files[nfiles++] = a;
        } else {
            fprintf(stderr, "campath import-gltf: too many arguments ('%s')\n%s", a, import_usage);
            return 2;
        }
    }
    if (nfiles != 2) {
        fprintf(stderr, "campath import-gltf: IN.gltf and OUT.json are required\n%s", import_usage);
        return 2;
    }
    cp_error err;
    cp_gltf_import_report report;
    cp_path *path = cp_gltf_import(files[0], &opts, &report, &err);
    if (!path) {
        fprintf(stderr, "campath import-gltf: %s\n", err.message);
        return 1;
    }
    if (report.note[0])
        fprintf(stderr, "campath import-gltf: note: %s\n", report.note);
    cp_status rc = cp_path_save(path, files[1], &err);
    if (rc != CP_OK) {
        fprintf(stderr, "campath import-gltf: %s\n", err.message);
    } else {
        static const char *const how[] = {"the exact path embedded by campath",
                                          "the animation data, interpolation recognised",
                                          "the animation data, refit as C2 (approximate)"};
        cp_path_options o = cp_path_get_options(path);
        printf("%s: %zu keys from node %zu, animation %d: %s (position %s, rotation %s, fov %s, %s ends)\n",
               files[1], cp_path_key_count(path), report.node, report.animation, how[report.source],
               cp_interp_name(o.position), cp_interp_name(o.rotation), cp_interp_name(o.fov), cp_ends_name(o.ends));
    }
    cp_path_destroy(path);
    return rc == CP_OK ? 0 : 1;
}

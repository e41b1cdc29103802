/* SPDX-License-Identifier: MIT */
/* docs/examples/player.c - how game code uses campath: open a path resource,
 * poll the library once a frame, sample the pose, follow every edit.
 *
 *     build/examples/player paths/demo.json [--seconds N]
 *
 * Runs for N seconds (default 3) at 60 frames a second, printing the pose
 * twice a second and a line for each reload. Edit the file while it runs,
 * or start it on a file not saved yet: it waits, and plays the first save. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "campath/campath.h"

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0) {
        fprintf(argc < 2 ? stderr : stdout, "usage: player FILE [--seconds N]\n");
        return argc < 2 ? 2 : 0;
    }
    double seconds = argc > 3 && strcmp(argv[2], "--seconds") == 0 ? atof(argv[3]) : 3.0;

    cp_error err;
    cp_library *lib = cp_library_create(&err);
    cp_resource *camera = lib ? cp_library_open(lib, argv[1], &err) : NULL;
    if (!camera) {
        fprintf(stderr, "%s\n", err.message);
        cp_library_destroy(lib);
        return 1;
    }
    unsigned long generation = cp_resource_generation(camera);
    const struct timespec frame = {0, 1000000000L / 60};
    cp_path_cursor cursor = {0};
    for (int f = 0; f < (int)(seconds * 60); f++) {
        /* once a frame: cheap when nothing changed */
        if (cp_library_poll(lib) > 0 || cp_resource_generation(camera) != generation) {
            generation = cp_resource_generation(camera);
            printf("reloaded %s: generation %lu, %zu keys\n", cp_resource_file(camera), generation,
                   cp_path_key_count(cp_resource_path(camera)));
            memset(&cursor, 0, sizeof cursor); /* the cursor belonged to the old path */
        }
        /* the path is fetched every frame: a reload replaces it */
        const cp_path *path = cp_resource_path(camera);
        if (cp_resource_error(camera) && f % 60 == 0)
            printf("%s: %s\n", path ? "still using the last good path" : "no path yet", cp_resource_error(camera));
        if (!path) { /* the file is not there yet: its first save brings the path */
            nanosleep(&frame, NULL);
            continue;
        }
        double t = cp_path_start(path) + (double)f / 60.0;
        cp_pose pose;
        cp_path_sample_cursor(path, &cursor, t, &pose);
        if (f % 30 == 0)
            printf("t=%6.2f  position (%.3f, %.3f, %.3f)  fov %.1f\n", t, pose.position.x, pose.position.y,
                   pose.position.z, pose.fov);
        fflush(stdout);
        nanosleep(&frame, NULL);
    }
    cp_library_destroy(lib);
    return 0;
}

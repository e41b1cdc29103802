/* SPDX-License-Identifier: MIT */
/* docs/examples/sequence.c - how game code plays a cut-scene of several
 * shots: open the sequence as a hot-reloaded resource, poll once a frame,
 * sample the pose, and reset what depends on the frame before (motion
 * blur, temporal anti-aliasing) at each cut.
 *
 *     build/examples/sequence paths/sequence.json [--realtime]
 *
 * Plays the whole sequence at 60 frames a second, as fast as it can (with
 * --realtime, at the wall clock's pace, so that edits to the sequence or to
 * its paths show while it plays), printing a line when a shot begins or a
 * cut happens, and at the end how far the camera moved in one frame at
 * most outside cuts (a blend between shots far apart moves it as fast as it
 * must to cover the distance in the blend's time: blend between shots that
 * are close, cut between shots that are not). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "campath/campath.h"

static double dist(cp_vec3 a, cp_vec3 b) { return cp_vec3_length(cp_vec3_sub(a, b)); }

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0) {
        fprintf(argc < 2 ? stderr : stdout, "usage: sequence FILE [--realtime]\n");
        return argc < 2 ? 2 : 0;
    }
    const int realtime = argc > 2 && strcmp(argv[2], "--realtime") == 0;
    cp_error err;
    cp_library *lib = cp_library_create(&err);
    cp_resource *scene = lib ? cp_library_open_sequence(lib, argv[1], &err) : NULL;
    if (!scene || !cp_resource_sequence(scene)) {
        fprintf(stderr, "%s\n", scene ? cp_resource_error(scene) : err.message);
        cp_library_destroy(lib);
        return 1;
    }
    const struct timespec frame = {0, 1000000000L / 60};
    double previous = NAN, step = 0.0;
    size_t shot = (size_t)-1;
    cp_vec3 last = {0, 0, 0};
    int cuts = 0;
    for (int f = 0;; f++) {
        if (cp_library_poll(lib) > 0)
            printf("reloaded: generation %lu\n", cp_resource_generation(scene));
        if (cp_resource_error(scene))
            fprintf(stderr, "%s (playing the last good version)\n", cp_resource_error(scene));
        const cp_sequence *seq = cp_resource_sequence(scene); /* again after every poll */
        const double t = f / 60.0;
        if (t > cp_sequence_duration(seq))
            break;
        cp_sequence_pose s;
        cp_sequence_sample(seq, t, previous, &s);
        if (s.cut) {
            cuts++;
            printf("%6.3f s  cut to shot %zu: reset motion blur and TAA\n", t, s.shot);
        } else if (s.shot != shot) {
            printf("%6.3f s  shot %zu begins (%s)\n", t, s.shot, s.blending ? "blending in" : "first");
        }
        if (f > 0 && !s.cut)
            step = fmax(step, dist(s.pose.position, last));
        /* ... render the frame from s.pose: position, rotation, fov ... */
        last = s.pose.position;
        shot = s.shot;
        previous = t;
        if (realtime)
            nanosleep(&frame, NULL);
    }
    printf("sequence: %zu shots over %g s, %d cut%s, at most %.3f m a frame outside cuts\n",
           cp_sequence_shot_count(cp_resource_sequence(scene)), cp_sequence_duration(cp_resource_sequence(scene)),
           cuts, cuts == 1 ? "" : "s", step);
    cp_library_destroy(lib);
    return 0;
}

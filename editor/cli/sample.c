/* SPDX-License-Identifier: MIT */
/* editor/cli/sample.c - `campath sample FILE [--rate HZ] [--at T[,T...]]`: poses as CSV. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sequence.h"
#include "util.h"

#define HEADER "t,px,py,pz,vx,vy,vz,ax,ay,az,qx,qy,qz,qw,avx,avy,avz,aax,aay,aaz,fov"
/* Appended when the path has focus or aperture (its keys have both or one;
 * a channel it lacks prints 0, as cp_pose has it). */
#define LENS_COLUMNS ",focus,aperture"
#define MAX_SAMPLES 100000000.0

static void header(int lens) { puts(lens ? HEADER LENS_COLUMNS : HEADER); }

static void row(const cp_pose *s, int lens)
{
    const double v[23] = {s->time,
                          s->position.x, s->position.y, s->position.z,
                          s->velocity.x, s->velocity.y, s->velocity.z,
                          s->acceleration.x, s->acceleration.y, s->acceleration.z,
                          s->rotation.x, s->rotation.y, s->rotation.z, s->rotation.w,
                          s->angular_velocity.x, s->angular_velocity.y, s->angular_velocity.z,
                          s->angular_acceleration.x, s->angular_acceleration.y, s->angular_acceleration.z,
                          s->fov, s->focus, s->aperture};
    for (int i = 0; i < (lens ? 23 : 21); i++) {
        if (i)
            putchar(',');
        cli_print_number(stdout, v[i]);
    }
    putchar('\n');
}

static int usage(FILE *out, int status)
{
    fprintf(out, "usage: campath sample FILE [--rate HZ] [--at T[,T...]]\n\n"
                 "Prints poses as CSV with the header\n  " HEADER "\n"
                 "(position, velocity, acceleration, rotation quaternion, angular velocity and\n"
                 "angular acceleration in the world frame, vertical fov in degrees), and when the\n"
                 "path has focus or aperture the columns focus,aperture after fov (metres,\n"
                 "f-number; 0 for the one it lacks). Every number\n"
                 "reads back to the same double. Default: 60 samples a second over the whole path\n"
                 "(one period when closed), both ends included; --at samples the given times.\n"
                 "A sequence file gets one more column, shot: the shot playing (during a blend,\n"
                 "the later one), over the sequence's time from 0.\n"
                 "Exit status: 0, 1 if FILE does not load, 2 for a usage error.\n");
    return status;
}

int cli_sample(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return usage(stdout, 0);
    const char *file = NULL, *at = NULL;
    double rate = 60;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rate") == 0 && i + 1 < argc) {
            if (cli_parse_number("sample", "--rate", argv[++i], &rate) != 0)
                return 2;
            if (!(rate > 0)) {
                fprintf(stderr, "campath sample: --rate must be above 0\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--at") == 0 && i + 1 < argc) {
            at = argv[++i];
        } else if (strcmp(argv[i], "--rate") == 0 || strcmp(argv[i], "--at") == 0) {
            fprintf(stderr, "campath sample: %s needs a value\n", argv[i]);
            return 2;
        } else if (cli_take_file("sample", argv[i], &file, usage) != 0) {
            return 2;
        }
    }
    if (file && cp_json_file_is_sequence(file))
        return cli_seq_sample(file, rate, at);
    cp_path *p;
    const int opened = cli_open(file, usage, &p);
    if (opened != 0)
        return opened;
    cp_pose pose;
    int status = 0;
    const cp_key *k0 = cp_path_keys(p);
    const int lens = k0->focus > 0 || k0->aperture > 0; /* on every key or on none */
    if (at) {
        char *list = malloc(strlen(at) + 1); /* strtok writes into it (ISO C: no strdup) */
        double *times = calloc(strlen(at) / 2 + 2, sizeof *times);
        if (list)
            strcpy(list, at);
        size_t n = 0;
        if (!list || !times) {
            fprintf(stderr, "campath sample: out of memory\n");
            status = 1;
        }
        for (char *tok = status == 0 ? strtok(list, ",") : NULL; tok && status == 0; tok = strtok(NULL, ","))
            if (cli_parse_number("sample", "--at", tok, &times[n++]) != 0)
                status = 2;
        if (status == 0) {
            header(lens);
            for (size_t i = 0; i < n; i++) {
                cp_path_sample(p, times[i], &pose);
                row(&pose, lens);
            }
        }
        free(list);
        free(times);
    } else {
        double start = cp_path_start(p), duration = cp_path_duration(p);
        double steps = floor(duration * rate + 1e-9);
        if (steps > MAX_SAMPLES) {
            fprintf(stderr, "campath sample: %.0f samples is too many; lower --rate\n", steps);
            status = 2;
        } else {
            header(lens);
            cp_path_cursor cursor = {0};
            for (double k = 0; k <= steps; k++) {
                cp_path_sample_cursor(p, &cursor, start + k / rate, &pose);
                row(&pose, lens);
            }
            if (start + steps / rate < start + duration) { /* the last key itself */
                cp_path_sample(p, start + duration, &pose);
                row(&pose, lens);
            }
        }
    }
    cp_path_destroy(p);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "campath sample: cannot write the output\n");
        return 1;
    }
    return status;
}

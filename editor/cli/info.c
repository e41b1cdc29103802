/* SPDX-License-Identifier: MIT */
/* editor/cli/info.c - `campath info FILE`: what a path holds, and how smooth it is at its keys. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sequence.h"
#include "util.h"

static double dist(cp_vec3 a, cp_vec3 b)
{
    return sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) + (a.z - b.z) * (a.z - b.z));
}

typedef struct jump {
    double size;
    size_t key;
} jump;

static void print_jump(const char *what, const char *unit, jump j, const cp_key *keys)
{
    printf("largest %-21s ", what);
    cli_print_number(stdout, j.size);
    if (!(j.size > 0)) { /* no key jumps at all: there is no key to name */
        printf(" %s (none at any key)\n", unit);
        return;
    }
    printf(" %s at keys[%zu] (t = ", unit, j.key);
    cli_print_number(stdout, keys[j.key].time);
    printf(")\n");
}

int cli_info(int argc, char **argv)
{
    if (cli_wants_help(argc, argv) || argc != 2) {
        fprintf(argc != 2 ? stderr : stdout,
                "usage: campath info FILE\n\n"
                "Prints the number of keys, duration, length, interpolation, ends, orientation\n"
                "(rotation, or look-at targets), lens channels (focus, aperture), timing and\n"
                "holds of a path (and the cruising speed of constant-speed timing),\n"
                "and the largest jumps of velocity, acceleration, angular velocity and angular\n"
                "acceleration found at its keys (the difference of the left and right limits:\n"
                "zero up to rounding for a C2 path). For a sequence file: its shots, where each\n"
                "plays, its path and part, and whether it cuts or blends in. Exit status: 0, or 1 if FILE does not load.\n");
        return argc != 2 ? 2 : 0;
    }
    if (cp_json_file_is_sequence(argv[1]))
        return cli_seq_info(argv[1]);
    cp_error err;
    cp_path *p = cp_path_load(argv[1], &err);
    if (!p) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    const cp_key *keys = cp_path_keys(p);
    size_t n = cp_path_key_count(p);
    cp_path_options o = cp_path_get_options(p);
    printf("file           %s\n", argv[1]);
    printf("name           %s\n", cp_path_name(p) ? cp_path_name(p) : "(none)");
    printf("keys           %zu\n", n);
    printf("start          ");
    cli_print_number(stdout, cp_path_start(p));
    printf(" s\nduration       ");
    cli_print_number(stdout, cp_path_duration(p));
    printf(" s\nlength         ");
    cli_print_number(stdout, cp_path_length(p));
    printf(" m\ninterpolation  position %s, rotation %s, fov %s\n", cp_interp_name(o.position),
           cp_interp_name(o.rotation), cp_interp_name(o.fov));
    printf("ends           %s", cp_ends_name(o.ends));
    if (o.ends == CP_ENDS_CLOSED) {
        printf(" (period ");
        cli_print_number(stdout, o.period);
        printf(" s)");
    }
    printf("\norientation    %s", cp_orientation_name(o.orientation));
    if (o.orientation == CP_ORIENTATION_LOOK_AT) {
        int rolled = 0;
        for (size_t i = 0; i < n; i++)
            rolled |= keys[i].roll != 0;
        printf(rolled ? " (targets, roll)" : " (targets)");
        if (o.dolly_zoom)
            printf(", dolly zoom");
    }
    printf("\nlens           %s", keys[0].focus > 0 && keys[0].aperture > 0 ? "focus, aperture"
                                  : keys[0].focus > 0                      ? "focus"
                                  : keys[0].aperture > 0                   ? "aperture"
                                                                           : "(none)");
    printf("\ntiming         %s", cp_timing_name(o.timing));
    if (o.timing == CP_TIMING_CONSTANT_SPEED) {
        printf(" (");
        cli_print_number(stdout, cp_path_constant_speed(p));
        printf(" m/s)");
    }
    size_t holds = 0;
    double held = 0;
    for (size_t i = 0; i < n; i++)
        if (keys[i].flags & CP_KEY_HOLD)
            holds++, held += keys[i].hold;
    printf("\nholds          %zu", holds);
    if (holds) {
        printf(" (");
        cli_print_number(stdout, held);
        printf(" s in all)");
    }
    printf("\n");
    /* inner keys always; the first key too when the path wraps around it */
    jump jv = {0, 0}, ja = {0, 0}, jw = {0, 0}, jaa = {0, 0};
    size_t first = o.ends == CP_ENDS_CLOSED ? 0 : 1, last = o.ends == CP_ENDS_CLOSED ? n : n - 1;
    for (size_t i = first; i < last; i++) {
        cp_pose l, r;
        cp_path_sample_side(p, keys[i].time, -1, &l);
        cp_path_sample_side(p, keys[i].time, 1, &r);
        double dv = dist(l.velocity, r.velocity), da = dist(l.acceleration, r.acceleration);
        double dw = dist(l.angular_velocity, r.angular_velocity);
        double daa = dist(l.angular_acceleration, r.angular_acceleration);
        if (dv > jv.size)
            jv = (jump){dv, i};
        if (da > ja.size)
            ja = (jump){da, i};
        if (dw > jw.size)
            jw = (jump){dw, i};
        if (daa > jaa.size)
            jaa = (jump){daa, i};
    }
    if (first < last) {
        print_jump("velocity jump", "m/s", jv, keys);
        print_jump("acceleration jump", "m/s^2", ja, keys);
        print_jump("angular velocity jump", "rad/s", jw, keys);
        print_jump("angular accel. jump", "rad/s^2", jaa, keys);
    } else {
        printf("no inner keys: nothing to join\n");
    }
    cp_path_destroy(p);
    return 0;
}

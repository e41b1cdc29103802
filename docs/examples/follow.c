/* SPDX-License-Identifier: MIT */
/* docs/examples/follow.c - a game loop that keeps a running character
 * framed: a crane shot (a look-at path) turns from its keyed view to the
 * character, follows it, even when it teleports, and turns back.
 *
 *     build/examples/follow [--quiet]
 *
 * The character runs round a square at 4 m/s and, at t = 5 s, teleports
 * 6 m; the game gives its position and velocity each frame (60 Hz). The
 * camera engages at 1 s (over 1 s) and releases at 9 s (over 1.5 s).
 *
 * The program prints the camera twice a second and checks from the
 * samples, as a viewer would feel them: the angular acceleration never
 * changes faster than a bound between samples 1 ms apart (no kick, even at
 * the teleport), and the character is within 2 degrees of the view's
 * centre while followed, away from the teleport. Exit 1 if not. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "campath/campath.h"

#define FPS 60.0

/* The character: round a 16 m square at 4 m/s; 6 m further on from 5 s. */
static void character(double t, cp_vec3 *position, cp_vec3 *velocity)
{
    const double s = fmod(4.0 * t + (t >= 5.0 ? 6.0 : 0.0), 64.0);
    const int side = (int)(s / 16.0);
    const double a = fmod(s, 16.0) - 8.0;
    static const double dir[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    static const double from[4][2] = {{0, -8}, {8, 0}, {0, 8}, {-8, 0}};
    *position = cp_vec3_make(from[side][0] + a * dir[side][0], 0.9, from[side][1] + a * dir[side][1]);
    *velocity = cp_vec3_make(4.0 * dir[side][0], 0, 4.0 * dir[side][1]);
}

static double angle_to(const cp_pose *camera, cp_vec3 p)
{
    const cp_vec3 d = cp_vec3_normalize(cp_vec3_sub(p, camera->position));
    const double c = cp_vec3_dot(d, cp_quat_forward(camera->rotation));
    return acos(c > 1 ? 1 : c) * 180.0 / 3.14159265358979323846;
}

int main(int argc, char **argv)
{
    const int quiet = argc > 1 && strcmp(argv[1], "--quiet") == 0;
    /* the crane: rises and swings round the arena, keyed to look at its centre */
    cp_key keys[4];
    memset(keys, 0, sizeof keys);
    for (int i = 0; i < 4; i++) {
        keys[i].time = 4.0 * i;
        keys[i].position = cp_vec3_make(22 * cos(0.5 * i), 6 + 2.0 * i, 22 * sin(0.5 * i));
        keys[i].flags = CP_KEY_TARGET;
        keys[i].target = cp_vec3_make(0, 1, 0);
        keys[i].fov = 45;
    }
    cp_path_options look = {.orientation = CP_ORIENTATION_LOOK_AT, .ends = CP_ENDS_REST};
    cp_error err;
    cp_path *crane = cp_path_create(keys, 4, &look, &err);
    if (!crane) {
        fprintf(stderr, "follow: %s\n", err.message);
        return 1;
    }
    cp_follow f;
    const cp_follow_options o = {.response = 0.3};
    if (cp_follow_begin(&f, crane, &o, &err) != CP_OK || cp_follow_engage(&f, 1.0, 1.0, &err) != CP_OK ||
        cp_follow_release(&f, 9.0, 1.5, &err) != CP_OK) {
        fprintf(stderr, "follow: %s\n", err.message);
        return 1;
    }
    /* each frame the game gives the target, then renders a few sub-steps
     * (what a viewer feels between frames: motion blur, a higher rate) */
    double worst_jerk = 0, worst_off = 0, peak_alpha = 0;
    cp_vec3 alpha_before = {0, 0, 0};
    int first = 1;
    for (int frame = 0; frame < 12 * (int)FPS; frame++) {
        const double t = frame / FPS;
        cp_vec3 p, v;
        character(t, &p, &v);
        if (cp_follow_target(&f, t, p, &v, &err) != CP_OK) {
            fprintf(stderr, "follow: %s\n", err.message);
            return 1;
        }
        for (int sub = 0; sub < 16; sub++) {
            const double ts = t + sub * 0.001;
            cp_pose camera;
            if (cp_follow_sample(&f, ts, &camera, &err) != CP_OK) {
                fprintf(stderr, "follow: %s\n", err.message);
                return 1;
            }
            if (!first)
                worst_jerk = fmax(worst_jerk,
                                  cp_vec3_length(cp_vec3_sub(camera.angular_acceleration, alpha_before)) / 0.001);
            alpha_before = camera.angular_acceleration, first = 0;
            peak_alpha = fmax(peak_alpha, cp_vec3_length(camera.angular_acceleration));
            cp_vec3 now, vnow;
            character(ts, &now, &vnow);
            if (sub == 0 && ts > 2.5 && ts < 9.0 && (ts < 5.0 || ts > 7.0))
                worst_off = fmax(worst_off, angle_to(&camera, now));
            if (sub == 0 && frame % 30 == 0 && !quiet)
                printf("t = %4.1f s: %5.2f degrees from the character, turning at %.3f rad/s\n", t,
                       angle_to(&camera, now), cp_vec3_length(camera.angular_velocity));
        }
    }
    cp_path_destroy(crane);
    /* the bound: the third-order follow's angular jerk stays finite; a first-order
     * one would kick the angular velocity itself at the teleport (jerk without bound) */
    const int ok = worst_jerk < 1000.0 && worst_off < 2.0;
    printf("follow: %s: largest angular jerk %.1f rad/s^3 (peak angular acceleration %.2f rad/s^2), the character "
           "within %.2f degrees of the view's centre while followed\n",
           ok ? "smooth" : "FAILED", worst_jerk, peak_alpha, worst_off);
    return ok ? 0 : 1;
}

/* SPDX-License-Identifier: MIT */
/* docs/examples/handoff.c - a cut-scene that takes the camera from the
 * player and gives it back, without a jolt at either end.
 *
 *     build/examples/handoff [--quiet]
 *
 * The player runs along a curve with a chase camera. At t = 2 s a trigger
 * starts a cut-scene: the camera leaves the chase camera (as it was moving)
 * and joins the path within 1.5 s. Before the path's end it blends back
 * over 1.5 s into the chase camera, which has kept moving meanwhile.
 *
 * The program prints the camera twice a second and checks that at both
 * ends of each blend the camera is the signal next to it in position,
 * velocity, acceleration and angular velocity, and that it never moves as
 * far in one frame as hard cuts at the same moments would. Exit 1 if not. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "campath/campath.h"

#define FPS 60.0

/* The player's chase camera at game time t: behind and above a runner on a
 * gentle curve, looking where it goes, with its exact derivatives. */
static cp_pose chase_camera(double t)
{
    cp_pose c;
    memset(&c, 0, sizeof c);
    c.time = t;
    c.position = cp_vec3_make(8 * sin(0.3 * t), 3.0, -5 * t);
    c.velocity = cp_vec3_make(2.4 * cos(0.3 * t), 0, -5);
    c.acceleration = cp_vec3_make(-0.72 * sin(0.3 * t), 0, 0);
    /* the heading follows the velocity: yaw = atan2(-vx, -vz) */
    double vx = c.velocity.x, ax = c.acceleration.x, jx = -0.216 * cos(0.3 * t);
    double yaw = atan2(-vx, 5.0);
    double yaw1 = -5.0 * ax / (25.0 + vx * vx);
    double yaw2 = (-5.0 * jx * (25.0 + vx * vx) + 5.0 * ax * 2.0 * vx * ax) / ((25.0 + vx * vx) * (25.0 + vx * vx));
    c.rotation = cp_quat_from_yaw_pitch_roll(yaw, -0.15, 0);
    c.angular_velocity = cp_vec3_make(0, yaw1, 0);
    c.angular_acceleration = cp_vec3_make(0, yaw2, 0);
    c.fov = 70;
    return c;
}

/* The cut-scene: a swing out past a landmark and back to the road, in
 * path time 0..6 s (it starts near where the player will be at the trigger
 * and ends near where the player will be at its end). */
static cp_path *cut_scene(void)
{
    cp_key k[4] = {0};
    const double x[4] = {8, 18, 16, 8}, y[4] = {5, 7, 5, 4}, z[4] = {-13, -22, -34, -42};
    const double yaw[4] = {0.3, 0.9, 1.4, 0.4}, fov[4] = {60, 45, 40, 55};
    for (int i = 0; i < 4; i++) {
        k[i].time = 2.0 * i;
        k[i].position = cp_vec3_make(x[i], y[i], z[i]);
        k[i].rotation = cp_quat_from_yaw_pitch_roll(yaw[i], -0.2, 0);
        k[i].fov = fov[i];
    }
    cp_error err;
    cp_path *p = cp_path_create(k, 4, NULL, &err);
    if (!p)
        fprintf(stderr, "%s\n", err.message);
    return p;
}

/* How far apart two poses are in position, velocity and acceleration. */
static double differ(const cp_pose *a, const cp_pose *b)
{
    return fmax(fmax(cp_vec3_length(cp_vec3_sub(a->position, b->position)),
                     cp_vec3_length(cp_vec3_sub(a->velocity, b->velocity))),
                fmax(cp_vec3_length(cp_vec3_sub(a->acceleration, b->acceleration)),
                     cp_vec3_length(cp_vec3_sub(a->angular_velocity, b->angular_velocity))));
}

int main(int argc, char **argv)
{
    int quiet = argc > 1 && strcmp(argv[1], "--quiet") == 0;
    cp_path *path = cut_scene();
    if (!path)
        return 1;
    const double trigger = 2.0, enter = 1.5, leave = 1.5;
    const double scene_end = trigger + cp_path_duration(path); /* the game time the path ends */
    const double leave_at = scene_end - leave;                  /* so that the way back is over by then */

    cp_handoff h;
    int started = 0, leaving = 0;
    double worst = 0, step = 0, cut_step = 0;
    cp_pose prev, prev_cut;
    cp_error err;
    for (int frame = 0; frame <= (int)(10.0 * FPS); frame++) {
        double now = frame / FPS;
        cp_pose player = chase_camera(now), camera;

        if (!started && now >= trigger) {
            /* the trigger: start from wherever the player's camera is, as it moves */
            if (cp_handoff_begin(&h, path, cp_path_start(path), &player, enter, &err) != CP_OK)
                break;
            started = 1;
        }
        if (started && !leaving && now >= leave_at) {
            if (cp_handoff_leave(&h, now, leave, &err) != CP_OK)
                break;
            leaving = 1;
        }
        if (started && !cp_handoff_done(&h, now)) {
            if (cp_handoff_sample(&h, now, &player, &camera, &err) != CP_OK)
                break;
        } else {
            camera = player; /* the game's own camera */
        }

        /* at each end of each blend the camera must be the signal next to it:
           same position, velocity, acceleration and angular velocity */
        cp_pose scene;
        cp_path_sample(path, cp_path_start(path) + (now - trigger), &scene);
        const struct { double at; const cp_pose *next; const char *what; } ends[4] = {
            {trigger, &player, "leaves the player's camera"},
            {trigger + enter, &scene, "has joined the path"},
            {leave_at, &scene, "leaves the path"},
            {leave_at + leave, &player, "is the player's camera again"},
        };
        for (int e = 0; e < 4; e++)
            if (fabs(now - ends[e].at) < 0.5 / FPS) {
                double d = differ(&camera, ends[e].next);
                worst = fmax(worst, d);
                if (!quiet)
                    printf("t=%5.2f  the camera %s: largest difference %.2g\n", now, ends[e].what, d);
            }

        /* what a hard cut at the same moments would show: a jump in one frame */
        cp_pose hard = now >= trigger && now < scene_end ? scene : player;
        if (frame > 0) {
            step = fmax(step, cp_vec3_length(cp_vec3_sub(camera.position, prev.position)));
            cut_step = fmax(cut_step, cp_vec3_length(cp_vec3_sub(hard.position, prev_cut.position)));
        }
        prev = camera;
        prev_cut = hard;
        if (!quiet && frame % 30 == 0)
            printf("t=%5.2f  camera (%7.3f %6.3f %8.3f)  speed %6.3f m/s  fov %5.1f\n", now, camera.position.x,
                   camera.position.y, camera.position.z, cp_vec3_length(camera.velocity), camera.fov);
    }
    cp_path_destroy(path);
    if (err.code != CP_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    printf("hand-off: largest difference at the blends' ends %.2g; largest move in one frame %.3f m "
           "(hard cuts: %.3f m)\n",
           worst, step, cut_step);
    return worst < 1e-9 && step * 4 < cut_step ? 0 : 1;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/camera.c - the free camera: flying, looking, rolling, zooming. */
#include "camera.h"

#include <math.h>

static double clamp(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

/* Keeps an angle in (-pi, pi] so that roll does not grow without bound. */
static double wrap_angle(double a)
{
    a = fmod(a, 2.0 * M_PI);
    if (a > M_PI)
        a -= 2.0 * M_PI;
    else if (a <= -M_PI)
        a += 2.0 * M_PI;
    return a;
}

void ed_camera_init(ed_camera *cam, cp_vec3 position)
{
    cam->position = position;
    cam->yaw = cam->pitch = cam->roll = 0.0;
    cam->fov = 60.0;
    cam->speed = 8.0;
}

cp_quat ed_camera_rotation(const ed_camera *cam)
{
    return cp_quat_from_yaw_pitch_roll(cam->yaw, cam->pitch, cam->roll);
}

double ed_camera_update(ed_camera *cam, const ed_camera_input *in, double dt)
{
    if (!(dt > 0.0))
        return 0.0;
    cp_quat q = ed_camera_rotation(cam);
    cp_vec3 dir = cp_vec3_add(cp_vec3_scale(cp_quat_forward(q), clamp(in->forward, -1, 1)),
                              cp_vec3_scale(cp_quat_right(q), clamp(in->right, -1, 1)));
    dir = cp_vec3_add(dir, cp_vec3_make(0.0, clamp(in->up, -1, 1), 0.0));
    /* diagonal flight is no faster than straight flight */
    double len = cp_vec3_length(dir);
    if (len > 1.0)
        dir = cp_vec3_scale(dir, 1.0 / len);
    double speed = cam->speed * (in->fast ? ED_CAMERA_FAST_FACTOR : 1.0);
    cp_vec3 step = cp_vec3_scale(dir, speed * dt);
    cam->position = cp_vec3_add(cam->position, step);
    cam->roll = wrap_angle(cam->roll + clamp(in->roll, -1, 1) * ED_CAMERA_ROLL_RATE * dt);
    cam->fov = clamp(cam->fov + clamp(in->fov, -1, 1) * ED_CAMERA_FOV_RATE * dt, ED_CAMERA_MIN_FOV,
                     ED_CAMERA_MAX_FOV);
    return cp_vec3_length(step);
}

void ed_camera_look(ed_camera *cam, double dx, double dy)
{
    /* mouse deltas are already a distance, not a rate: no dt here */
    cam->yaw = wrap_angle(cam->yaw - dx * ED_CAMERA_LOOK_RATE);
    cam->pitch = clamp(cam->pitch - dy * ED_CAMERA_LOOK_RATE, -ED_CAMERA_MAX_PITCH, ED_CAMERA_MAX_PITCH);
}

void ed_camera_wheel(ed_camera *cam, double clicks)
{
    cam->speed = clamp(cam->speed * pow(ED_CAMERA_WHEEL_STEP, clicks), ED_CAMERA_MIN_SPEED, ED_CAMERA_MAX_SPEED);
}

void ed_quat_to_yaw_pitch_roll(cp_quat q, double *yaw, double *pitch, double *roll)
{
    q = cp_quat_normalize(q);
    cp_vec3 f = cp_quat_forward(q);
    double y = atan2(-f.x, -f.z);
    double p = asin(clamp(f.y, -1.0, 1.0));
    /* what is left after undoing yaw and pitch is a turn about the view axis */
    cp_quat yp = cp_quat_from_yaw_pitch_roll(y, p, 0.0);
    cp_quat r = cp_quat_mul(cp_quat_conj(yp), q);
    *yaw = y;
    *pitch = p;
    *roll = wrap_angle(2.0 * atan2(r.z, r.w));
}

void ed_camera_set_pose(ed_camera *cam, cp_vec3 position, cp_quat rotation, double fov)
{
    cam->position = position;
    ed_quat_to_yaw_pitch_roll(rotation, &cam->yaw, &cam->pitch, &cam->roll);
    cam->pitch = clamp(cam->pitch, -ED_CAMERA_MAX_PITCH, ED_CAMERA_MAX_PITCH);
    if (isfinite(fov))
        cam->fov = clamp(fov, ED_CAMERA_MIN_FOV, ED_CAMERA_MAX_FOV);
}

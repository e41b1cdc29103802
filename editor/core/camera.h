/* SPDX-License-Identifier: MIT */
/* editor/core/camera.h - the free camera a person flies to find poses worth
 * recording.
 *
 * Orientation is kept as yaw (about world +Y), pitch (about the camera's X)
 * and roll (about the view direction), the order of cp_quat_from_yaw_pitch_roll,
 * because mouse look must turn about the world's up axis and stop short of
 * looking straight up or down. Angles are in radians, the field of view in
 * degrees. Motion is in metres per second, scaled by the frame's dt.
 */
#ifndef ED_CAMERA_H
#define ED_CAMERA_H

#include "campath/math.h"

#define ED_CAMERA_FAST_FACTOR 4.0       /* Shift */
#define ED_CAMERA_MIN_SPEED 0.25        /* m/s, the wheel's range */
#define ED_CAMERA_MAX_SPEED 200.0
#define ED_CAMERA_WHEEL_STEP 1.2        /* speed factor per wheel click */
#define ED_CAMERA_ROLL_RATE 1.0471975511965976 /* rad/s (60 degrees) */
#define ED_CAMERA_FOV_RATE 30.0         /* degrees/s */
#define ED_CAMERA_MIN_FOV 10.0
#define ED_CAMERA_MAX_FOV 120.0
#define ED_CAMERA_LOOK_RATE 0.0026179938779914945 /* rad per pixel of mouse motion (0.15 degrees) */
#define ED_CAMERA_MAX_PITCH 1.5533430342749532   /* 89 degrees */

typedef struct ed_camera {
    cp_vec3 position;
    double  yaw, pitch, roll;  /* radians */
    double  fov;               /* vertical, degrees */
    double  speed;             /* base flying speed, m/s */
} ed_camera;

/* What is held this frame: each axis in [-1, 1]. */
typedef struct ed_camera_input {
    double forward, right, up;  /* forward/right follow the view; up is world +Y */
    double roll;                /* +1 rolls left: the horizon turns clockwise on screen */
    double fov;                 /* +1 widens */
    int    fast;
} ed_camera_input;

/* A camera at `position` looking along -Z, fov 60, speed 8 m/s. */
void ed_camera_init(ed_camera *cam, cp_vec3 position);

/* Advances by dt seconds; returns the distance moved in metres. */
double ed_camera_update(ed_camera *cam, const ed_camera_input *in, double dt);

/* Mouse look: dx, dy in pixels (right and down positive). */
void ed_camera_look(ed_camera *cam, double dx, double dy);

/* Wheel clicks (positive = faster). */
void ed_camera_wheel(ed_camera *cam, double clicks);

/* The orientation as a unit quaternion (camera looks down its local -Z). */
cp_quat ed_camera_rotation(const ed_camera *cam);

/* Puts the camera at a pose given as a quaternion (decomposed into yaw,
 * pitch, roll; a pitch beyond the look limit is clamped). */
void ed_camera_set_pose(ed_camera *cam, cp_vec3 position, cp_quat rotation, double fov);

/* Yaw, pitch, roll (radians) of a unit quaternion, the inverse of
 * cp_quat_from_yaw_pitch_roll for |pitch| < 90 degrees. */
void ed_quat_to_yaw_pitch_roll(cp_quat q, double *yaw, double *pitch, double *roll);

#endif /* ED_CAMERA_H */

/* lib/path/lookat.h - the orientation of a look-at path: the camera looks
 * from its position at its target, +Y up, rolled (lib/path/lookat.c,
 * docs/math.md section 15; not installed). */
#ifndef CAMPATH_LOOKAT_H
#define CAMPATH_LOOKAT_H

#include "campath/path.h"

/* Each key's look-at frame (p->q0, hemispheres chained, p->q0_seam) and
 * its rotation with roll (p->keys[].rotation). The keys are valid. */
int cpi_lookat_prepare(cp_path *p, cp_error *error);

/* The camera's rotation looking along d (target - position), +Y up, rolled
 * by roll[0] degrees, with its world angular velocity and acceleration from
 * the first and second time derivatives of d (d[1], d[2]) and of the roll;
 * roll may be NULL (none). The look-at frame's quaternion is taken in the
 * hemisphere of `ref`. omega and alpha may be NULL (not computed). */
void cpi_lookat(double d[3][3], const double *roll, cp_quat ref, cp_quat *q, cp_vec3 *omega,
                cp_vec3 *alpha);

/* How far key k is from a degenerate view: the angle in radians between
 * its view and straight up or down, and the distance from its position to
 * its target in metres. */
void cpi_lookat_margins(const cp_key *k, double *angle, double *distance);

#endif /* CAMPATH_LOOKAT_H */

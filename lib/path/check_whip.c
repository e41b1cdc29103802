/* SPDX-License-Identifier: MIT */
/* lib/path/check_whip.c - the whip-pan check: where the camera turns faster
 * than an operator would, or speeds its turn up or slows it down harder
 * (docs/math.md, section 18). The same in every timing: it reads the
 * sampled pose's angular velocity and acceleration. */
#include <math.h>

#include "check_impl.h"

/* Samples of a segment, each largest one refined by golden-section search
 * between its neighbours (cpi_check_least): enough for the turns a segment
 * between two keys makes, whose angular speed has a few humps at most. */
#define CPI_WHIP_SAMPLES 32

static const double DEG = 180.0 / 3.14159265358979323846;

static double neg_angular_speed(const void *ctx, double t)
{
    cp_pose s;
    cp_path_sample((const cp_path *)ctx, t, &s);
    return -cp_vec3_length(s.angular_velocity) * DEG;
}

static double neg_angular_acceleration(const void *ctx, double t)
{
    cp_pose s;
    cp_path_sample((const cp_path *)ctx, t, &s);
    return -cp_vec3_length(s.angular_acceleration) * DEG;
}

void cpi_check_whip(cpi_checker *c, size_t i)
{
    const cp_path *p = c->p;
    double t1;
    const size_t j = cpi_check_next_key(p, i, &t1);
    const cp_key *k = &p->keys[i];
    const double t0 = k->time + ((k->flags & CP_KEY_HOLD) ? k->hold : 0.0); /* a hold does not turn */
    if (!(t1 > t0))
        return;
    double at;
    const double speed = -cpi_check_least(neg_angular_speed, p, t0, t1, CPI_WHIP_SAMPLES, &at);
    if (speed > c->o.whip_speed) {
        cpi_check_add(c, CP_FINDING_WHIP_PAN, CP_SEVERITY_WARNING, i, j, at, speed,
                      "the camera turns at up to %.4g degrees per second (at t = %.17g), a whip pan: beyond %.4g; "
                      "give the turn more time, or ease into it",
                      speed, at, c->o.whip_speed);
        return;
    }
    const double acc = -cpi_check_least(neg_angular_acceleration, p, t0, t1, CPI_WHIP_SAMPLES, &at);
    if (acc > c->o.whip_acceleration)
        cpi_check_add(c, CP_FINDING_WHIP_PAN, CP_SEVERITY_WARNING, i, j, at, acc,
                      "the camera's turn speeds up or slows down at up to %.4g degrees per second squared (at t = "
                      "%.17g), a jolt: beyond %.4g; give the turn more time",
                      acc, at, c->o.whip_acceleration);
}

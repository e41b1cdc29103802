/* SPDX-License-Identifier: MIT */
/* lib/path/check_whip.c - the whip-pan check: where the camera turns faster
 * than an operator would, or speeds its turn up or slows it down harder
 * (docs/math.md, section 21). The same in every timing: it reads the
 * sampled pose's angular velocity and acceleration. */
#include <math.h>

#include "check_impl.h"

/* Samples of a segment: both rates are read from each; a sample within
 * CPI_WHIP_NEAR of a threshold is refined by golden-section search between
 * its neighbours (cpi_check_least), so that what is reported is the peak.
 * Enough for the turns a segment between two keys makes, whose angular
 * speed has a few humps at most; and cheap, as most segments of a long
 * recording are nowhere near a whip pan (campath check on 20,000 keys). */
#define CPI_WHIP_SAMPLES 8
#define CPI_WHIP_NEAR 0.75

static const double DEG = 180.0 / 3.14159265358979323846;

/* What the searches below sample: the path, along its cursor. */
typedef struct whip_ctx {
    const cp_path  *p;
    cp_path_cursor *cursor;
} whip_ctx;

static double neg_angular_speed(const void *ctx, double t)
{
    const whip_ctx *w = ctx;
    cp_pose s;
    cp_path_sample_cursor(w->p, w->cursor, t, &s);
    return -cp_vec3_length(s.angular_velocity) * DEG;
}

static double neg_angular_acceleration(const void *ctx, double t)
{
    const whip_ctx *w = ctx;
    cp_pose s;
    cp_path_sample_cursor(w->p, w->cursor, t, &s);
    return -cp_vec3_length(s.angular_acceleration) * DEG;
}

/* The peak of f's negation around sample i of n over [t0, t1]: refined
 * between the samples either side of it. */
static double peak(double (*f)(const void *, double), cpi_checker *c, double t0, double t1, int i, double *at)
{
    const whip_ctx w = {c->p, &c->cursor};
    const double h = (t1 - t0) / CPI_WHIP_SAMPLES;
    const double a = i > 0 ? t0 + (i - 1) * h : t0, b = i < CPI_WHIP_SAMPLES ? t0 + (i + 1) * h : t1;
    return -cpi_check_least(f, &w, a, b, 2, at);
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
    double speed = 0, acc = 0;
    int is = 0, ia = 0;
    for (int q = 0; q <= CPI_WHIP_SAMPLES; q++) {
        cp_pose s;
        cp_path_sample_cursor(p, &c->cursor, q == CPI_WHIP_SAMPLES ? t1 : t0 + (t1 - t0) * q / CPI_WHIP_SAMPLES, &s);
        const double w = cp_vec3_length(s.angular_velocity) * DEG, a = cp_vec3_length(s.angular_acceleration) * DEG;
        if (w > speed)
            speed = w, is = q;
        if (a > acc)
            acc = a, ia = q;
    }
    /* a finding past the list is only counted: where the samples already
     * pass a threshold, its peak (refined at some 70 poses) is not needed */
    const int listed = cpi_check_listing(c);
    double at;
    if (!listed && speed > c->o.whip_speed) {
        cpi_check_count(c, CP_SEVERITY_WARNING);
        return;
    }
    if (speed > CPI_WHIP_NEAR * c->o.whip_speed) {
        speed = fmax(speed, peak(neg_angular_speed, c, t0, t1, is, &at));
        if (speed > c->o.whip_speed) {
            cpi_check_add(c, CP_FINDING_WHIP_PAN, CP_SEVERITY_WARNING, i, j, at, speed,
                          "the camera turns at up to %.4g degrees per second (at t = %.17g), a whip pan: beyond "
                          "%.4g; give the turn more time, or ease into it",
                          speed, at, c->o.whip_speed);
            return;
        }
    }
    if (!listed && acc > c->o.whip_acceleration) {
        cpi_check_count(c, CP_SEVERITY_WARNING);
        return;
    }
    if (acc > CPI_WHIP_NEAR * c->o.whip_acceleration) {
        acc = fmax(acc, peak(neg_angular_acceleration, c, t0, t1, ia, &at));
        if (acc > c->o.whip_acceleration)
            cpi_check_add(c, CP_FINDING_WHIP_PAN, CP_SEVERITY_WARNING, i, j, at, acc,
                          "the camera's turn speeds up or slows down at up to %.4g degrees per second squared (at "
                          "t = %.17g), a jolt: beyond %.4g; give the turn more time",
                          acc, at, c->o.whip_acceleration);
    }
}

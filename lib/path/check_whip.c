/* SPDX-License-Identifier: MIT */
/* lib/path/check_whip.c - the whip-pan check: where the camera turns faster
 * than an operator would, or speeds its turn up or slows it down harder
 * (docs/math.md, section 21). The same in every timing: it reads the
 * sampled pose's angular velocity and acceleration. */
#include <math.h>

#include "check_impl.h"
#include "curve_impl.h"
#include "lookat.h"
#include "path_impl.h"
#include "shape_eval.h"
#include "warp.h"

/* Samples of a segment: both rates are read from each; a sample within
 * CPI_WHIP_NEAR of a threshold is refined by golden-section search between
 * its neighbours (cpi_check_least), so that what is reported is the peak.
 * Enough for the turns a segment between two keys makes, whose angular
 * speed has a few humps at most; and cheap, as most segments of a long
 * recording are nowhere near a whip pan (campath check on 20,000 keys). */
#define CPI_WHIP_SAMPLES 8
#define CPI_WHIP_NEAR 0.75

static const double DEG = 180.0 / 3.14159265358979323846;

/* The pose's angular velocity and acceleration at time t, to the bit
 * (cp_path_sample_cursor's); where the orientation is a rotation curve,
 * from that curve alone: the sampler's own steps for it, without the
 * position, fov and lens channels the rates do not depend on; in keys
 * timing look-at paths from the position, target and roll. Other look-at
 * and shaken paths are sampled whole. */
static void rates(const cp_path *p, cp_path_cursor *cursor, double t, cp_vec3 *w, cp_vec3 *a)
{
    if (p->target && !p->shaken && !p->shape && p->all_cubic && p->rot_shared && p->pos->nseg > 0) {
        /* keys-timing look-at (path.c, sample_unshaken and orient): the
         * position, the target and the roll, not the frame */
        int odd;
        const double local = cpi_curve_local_time(p->pos, t, 0, &odd);
        const size_t seg = cpi_curve_segment_cursor(p->pos, &cursor->position, local);
        double h, ih, P[3][3], T[3][3], X[3] = {0, 0, 0}, d[3][3];
        const double u = cpi_segment_u(p->pos, seg, local, &h, &ih);
        cpi_basis B;
        cpi_basis_make2(h, ih, u, &B);
        cpi_cubic_apply(3, p->pos, seg, &B, 1.0, P[0], P[1], P[2]);
        cpi_cubic_apply(3, p->target, seg, &B, 1.0, T[0], T[1], T[2]);
        if (p->xc[CPI_X_ROLL])
            cpi_cubic_apply(1, p->xc[CPI_X_ROLL], seg, &B, 1.0, &X[0], &X[1], &X[2]);
        for (int r = 0; r < 3; r++)
            for (int j = 0; j < 3; j++)
                d[r][j] = T[r][j] - P[r][j];
        cpi_lookat_rates(d, (p->xmask & CPI_X_BIT(CPI_X_ROLL)) ? X : NULL, w, a);
        return;
    }
    if (p->target || p->shaken || !p->rot) {
        cp_pose s;
        cp_path_sample_cursor(p, cursor, t, &s);
        *w = s.angular_velocity, *a = s.angular_acceleration;
        return;
    }
    double R[3][4];
    int odd;
    if (p->shape) {
        /* smooth and constant speed: the warp, the rotation over u, the chain rule (path.c, sample_timed) */
        const cp_curve *wc = p->shape->warp;
        const double local = cpi_curve_local_time(wc, t, 0, &odd);
        const size_t j = cpi_curve_segment_cursor(wc, &cursor->position, local);
        double u[3];
        size_t k;
        cpi_warp_eval(p->shape, j, local, u, &k);
        cpi_shape_eval_rotation(p, k, u[0], cpi_curve_sign(p->rot, odd), R);
        const double u1 = u[1], u11 = u[1] * u[1], u2 = u[2];
        for (int c = 0; c < 4; c++) {
            R[2][c] = R[2][c] * u11 + R[1][c] * u2;
            R[1][c] *= u1;
        }
    } else {
        /* keys timing (path.c, sample_unshaken) */
        const double local = cpi_curve_local_time(p->pos, t, 0, &odd);
        const size_t seg = cpi_curve_segment_cursor(p->pos, &cursor->position, local);
        const double rsign = cpi_curve_sign(p->rot, odd);
        if (p->all_cubic && p->rot_shared && p->pos->nseg > 0) {
            double h, ih;
            const double u = cpi_segment_u(p->pos, seg, local, &h, &ih);
            cpi_basis B;
            cpi_basis_make2(h, ih, u, &B);
            cpi_cubic_apply(4, p->rot, seg, &B, rsign, R[0], R[1], R[2]);
        } else {
            const size_t rseg = p->rot_shared ? seg : cpi_curve_segment_cursor(p->rot, &cursor->rotation, local);
            cpi_curve_eval(p->rot, rseg, local, rsign, R[0], R[1], R[2]);
        }
    }
    cpi_rotation_from_r4(R[0], R[1], R[2], NULL, w, a);
}

/* What the searches below sample: the path, along its cursor. */
typedef struct whip_ctx {
    const cp_path  *p;
    cp_path_cursor *cursor;
} whip_ctx;

static double neg_angular_speed(const void *ctx, double t)
{
    const whip_ctx *x = ctx;
    cp_vec3 w, a;
    rates(x->p, x->cursor, t, &w, &a);
    return -cp_vec3_length(w) * DEG;
}

static double neg_angular_acceleration(const void *ctx, double t)
{
    const whip_ctx *x = ctx;
    cp_vec3 w, a;
    rates(x->p, x->cursor, t, &w, &a);
    return -cp_vec3_length(a) * DEG;
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

/* Whether the peak passes `limit`, for a finding that is only counted: the
 * search stops at the first value past it. */
static int peak_passes(double (*f)(const void *, double), cpi_checker *c, double t0, double t1, int i, double limit)
{
    const whip_ctx w = {c->p, &c->cursor};
    const double h = (t1 - t0) / CPI_WHIP_SAMPLES;
    const double a = i > 0 ? t0 + (i - 1) * h : t0, b = i < CPI_WHIP_SAMPLES ? t0 + (i + 1) * h : t1;
    double at;
    return -cpi_check_least_until(f, &w, a, b, 2, -limit, &at) > limit;
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
        const double t = q == CPI_WHIP_SAMPLES ? t1 : t0 + (t1 - t0) * q / CPI_WHIP_SAMPLES;
        double w, a;
        if (q == 0 && c->whip_have && c->whip_t == t) {
            /* the last segment's end: sampling is a function of the time alone */
            w = c->whip_w, a = c->whip_a;
        } else {
            cp_vec3 vw, va;
            rates(p, &c->cursor, t, &vw, &va);
            w = cp_vec3_length(vw) * DEG, a = cp_vec3_length(va) * DEG;
        }
        if (q == CPI_WHIP_SAMPLES)
            c->whip_have = 1, c->whip_t = t, c->whip_w = w, c->whip_a = a;
        if (w > speed)
            speed = w, is = q;
        if (a > acc)
            acc = a, ia = q;
    }
    if (!cpi_check_listing(c)) {
        /* a finding past the list is only counted, speed and acceleration
         * alike: where the samples pass either threshold no peak (refined at
         * some 70 poses) is needed, and a search for one stops where it
         * passes */
        const double ws = c->o.whip_speed, wa = c->o.whip_acceleration;
        if (speed > ws || acc > wa ||
            (speed > CPI_WHIP_NEAR * ws && peak_passes(neg_angular_speed, c, t0, t1, is, ws)) ||
            (acc > CPI_WHIP_NEAR * wa && peak_passes(neg_angular_acceleration, c, t0, t1, ia, wa)))
            cpi_check_count(c, CP_SEVERITY_WARNING);
        return;
    }
    double at;
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
    if (acc > CPI_WHIP_NEAR * c->o.whip_acceleration) {
        acc = fmax(acc, peak(neg_angular_acceleration, c, t0, t1, ia, &at));
        if (acc > c->o.whip_acceleration)
            cpi_check_add(c, CP_FINDING_WHIP_PAN, CP_SEVERITY_WARNING, i, j, at, acc,
                          "the camera's turn speeds up or slows down at up to %.4g degrees per second squared (at "
                          "t = %.17g), a jolt: beyond %.4g; give the turn more time",
                          acc, at, c->o.whip_acceleration);
    }
}

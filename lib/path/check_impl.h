/* SPDX-License-Identifier: MIT */
/* lib/path/check_impl.h - what the checks of a path share: the report being
 * filled (check.c), the scalar channels' checks (check_scalar.c) and the
 * look-at checks (check_lookat.c). Not installed. */
#ifndef CAMPATH_CHECK_IMPL_H
#define CAMPATH_CHECK_IMPL_H

#include "base.h"
#include "path_layout.h"

typedef struct cpi_checker {
    const cp_path   *p;
    cp_check_options o;   /* defaults filled in */
    cp_check_report *r;
    size_t           cap;
    int              failed;
    cp_path_cursor   cursor;  /* the checks that sample the path go along it: each search starts
                                 where the last one ended */
    int              whip_have; /* the whip-pan check's last sample (a segment's end, which is the
                                   next one's start): its time and rates, deg/s and deg/s^2 */
    double           whip_t, whip_w, whip_a;
} cpi_checker;

/* Counts a finding about keys a..b (a == b: one key) and lists it while
 * there is room, with the message "keys[a] (t = ...)..keys[b] (t = ...): "
 * and the formatted text. */
void cpi_check_add(cpi_checker *c, cp_finding_kind kind, cp_severity sev, size_t a, size_t b, double at, double value,
                   const char *fmt, ...) CPI_PRINTF(8, 9);

/* Whether the next finding will be listed; else cpi_check_count: a
 * finding past the list is only counted, and what it says (where, how
 * much) need not be worked out. */
int cpi_check_listing(const cpi_checker *c);
void cpi_check_count(cpi_checker *c, cp_severity sev);

/* The key after i (the first, across the seam of a loop) and its time. */
size_t cpi_check_next_key(const cp_path *p, size_t i, double *t);

/* The power form of component j of segment `seg` of a curve (any mode):
 * out[k] is the coefficient of w^k, w the time since the segment's start
 * (a cubic Hermite segment of duration h with chord slope d and tangents
 * m0, m1: p0 + m0 w + (3d - 2m0 - m1)/h w^2 + (m0 + m1 - 2d)/h^2 w^3). */
void cpi_check_power(const cp_curve *c, size_t seg, int j, double out[4]);

/* The least of f over [a, b] and where (*at): f at n + 1 evenly spread
 * points (n <= CPI_CHECK_LEAST_MAX), each local minimum among them refined
 * by golden-section search between its neighbours. For the smooth
 * functions the checks ask about (no feature narrower than the spacing). */
#define CPI_CHECK_LEAST_MAX 512
double cpi_check_least(double (*f)(const void *ctx, double x), const void *ctx, double a, double b, int n, double *at);
/* The same, but it may stop at the first value below `stop` it finds (and
 * return it): whether the least is below `stop` is what it tells then. */
double cpi_check_least_until(double (*f)(const void *ctx, double x), const void *ctx, double a, double b, int n,
                             double stop, double *at);

/* The time at which the position curve's parameter is x (keys timing: x). */
double cpi_check_time_of_param(const cp_path *p, double x);

/* The findings of scalar channel ch (0 fov, 1 focus, 2 aperture) on the
 * segment from key i to the next (lib/path/check_scalar.c): the extremes of
 * its cubic there, out of its range an error, past its two keys' range a
 * warning. Smooth timing's c2 channels are monotone between their keys by
 * construction (section 12) and are not searched. */
void cpi_check_scalar(cpi_checker *c, size_t i, int ch);

/* The angle in radians a look-at path turns from time a to time b: the
 * integral of |omega| (adaptive Gauss-Kronrod, 1e-6 relative); or, where
 * a bound of it is well below `enough` (radians), that bound. */
double cpi_check_lookat_turned(const cp_path *p, double a, double b, double enough);

/* The look-at findings of the segment from key i to the next: where the
 * view comes within o.vertical_angle of straight up or down, and where the
 * target comes within o.target_distance of the camera. */
void cpi_check_lookat(cpi_checker *c, size_t i);

/* The whip-pan finding of the segment from key i to the next
 * (lib/path/check_whip.c): its largest angular speed beyond o.whip_speed,
 * or else its largest angular acceleration beyond o.whip_acceleration. */
void cpi_check_whip(cpi_checker *c, size_t i);

#endif /* CAMPATH_CHECK_IMPL_H */

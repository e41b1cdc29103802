/* SPDX-License-Identifier: MIT */
/* lib/curve/curve_range.c - does a built curve sample without overflow?
 *
 * The sampler sums a few terms per component (lib/curve/curve_impl.h,
 * cpi_basis_apply): for the value p0, h m0, p1, h m1; for the velocity
 * (p1 - p0) / h (times at most 1.5) and the tangents; for the acceleration
 * (p1 - p0) / h^2 (times at most 6) and the tangents / h (times at most 4).
 * If every term is within a limit well below the largest double, every sum
 * is finite, and so is every sample: a curve whose terms pass is safe to
 * sample, measure and export. The velocity's and the acceleration's terms
 * have limits of their own, lower where a caller squares them (rotations,
 * look-at views). */
#include <math.h>

#include "curve_impl.h"

static int within(double x, double limit) { return fabs(x) <= limit; } /* false for NaN */

cpi_range_fault cpi_curve_segment_range(const cp_curve *c, size_t seg, const cpi_range_limits *lim)
{
    const double limit = lim->value, d1_limit = lim->d1, d2_limit = lim->d2;
    const double *k0 = c->rec + seg * (size_t)c->stride, *k1 = k0 + c->stride;
    const double h = k1[0] - k0[0], ih = 1.0 / h, ih2 = ih * ih;
    const int d = c->dim;
    for (int j = 0; j < d; j++)
        if (!within(k0[1 + j], limit) || !within(k1[1 + j], limit) || !within(k1[1 + j] - k0[1 + j], limit))
            return CPI_RANGE_VALUES;
    if (c->mode == CP_CURVE_STEP)
        return CPI_RANGE_OK;
    /* a slerp turns by at most pi: velocity pi / h, acceleration pi^2 / h^2 */
    const double turn = c->rotation ? 3.2 : 1.0;
    if (!within(6.0 * turn * turn * ih2, d2_limit) || !within(turn * ih, d1_limit))
        return CPI_RANGE_SPACING;
    for (int j = 0; j < d; j++) {
        const double dp = fabs(k1[1 + j] - k0[1 + j]);
        if (!within(1.5 * dp * ih, d1_limit) || !within(6.0 * dp * ih2, d2_limit))
            return CPI_RANGE_DERIVS;
        if (c->mode != CP_CURVE_CUBIC)
            continue;
        const double m0 = k0[c->tout + j], m1 = k1[c->tin + j];
        if (!within(m0, d1_limit) || !within(m1, d1_limit) || !within(h * m0, limit) || !within(h * m1, limit) ||
            !within(4.0 * m0 * ih, d2_limit) || !within(4.0 * m1 * ih, d2_limit))
            return CPI_RANGE_DERIVS;
    }
    return CPI_RANGE_OK;
}

cpi_range_fault cpi_curve_range(const cp_curve *c, const cpi_range_limits *lim, size_t *seg)
{
    const double limit = lim->value;
    if (c->nseg == 0) {
        *seg = 0;
        for (int j = 0; j < c->dim; j++)
            if (!within(c->rec[1 + j], limit))
                return CPI_RANGE_VALUES;
        return CPI_RANGE_OK;
    }
    for (size_t i = 0; i < c->nseg; i++) {
        cpi_range_fault f = cpi_curve_segment_range(c, i, lim);
        if (f != CPI_RANGE_OK) {
            *seg = i;
            return f;
        }
    }
    return CPI_RANGE_OK;
}

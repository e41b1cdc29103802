/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_check.c - what a glTF camera cannot hold, found before
 * anything is written: glTF's perspective yfov must be above 0 (and is
 * meant to stay below a half turn; glTF 2.0 specification, section 5.13,
 * "camera.perspective"), and an animated one is evaluated as written (the
 * CUBICSPLINE Hermite segment of Appendix C). A spline in time through
 * unevenly timed fov keys can swing below 0 between them, which
 * `campath check` reports as fov-range; an export of it is refused with the
 * same figure rather than written as a camera no viewer can show. */
#include <math.h>

#include "dtoa.h"
#include "gltf_impl.h"
#include "poly.h"

int cpi_gltf_check_fov(const cp_curve *fov, cp_error *error)
{
    const size_t n = cpi_gltf_written_keys(fov);
    const int cubic = cp_curve_get_mode(fov) == CP_CURVE_CUBIC;
    double t0, v0, in0, out0, worst = 0.0, at = 0.0;
    int bad = 0;
    cpi_gltf_curve_key(fov, 0, &t0, &v0, &in0, &out0);
    for (size_t i = 0; i < n; i++) {
        double t1, v1, in1, out1;
        if (i > 0)
            cpi_gltf_curve_key(fov, i, &t1, &v1, &in1, &out1);
        else
            t1 = t0, v1 = v0, in1 = in0, out1 = out0;
        /* the key itself, and between it and the one before: the extremes of
         * the segment as glTF interpolates it (STEP and LINEAR: the keys) */
        double cand[3] = {v1, v1, v1}, where[3] = {t1, t1, t1};
        const double h = t1 - t0;
        if (i > 0 && cubic && h > 0) {
            const double d = (v1 - v0) / h;
            const double c[4] = {v0, out0, (3 * d - 2 * out0 - in1) / h, (out0 + in1 - 2 * d) / (h * h)};
            const double dc[3] = {c[1], 2 * c[2], 3 * c[3]};
            double r[2];
            const int nr = cpi_poly_roots(dc, 2, 0.0, h, r);
            for (int k = 0; k < nr; k++)
                cand[k] = cpi_poly_eval(c, 3, r[k]), where[k] = t0 + r[k];
        }
        /* the value farthest out (from the middle of the range) is named */
        for (int k = 0; k < 3; k++)
            if (!(cand[k] > 0.0 && cand[k] < 180.0) && (!bad || fabs(cand[k] - 90.0) > fabs(worst - 90.0)))
                bad = 1, worst = cand[k], at = where[k];
        t0 = t1, v0 = v1, in0 = in1, out0 = out1;
    }
    if (!bad)
        return CP_OK;
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
    return cpi_error_set(error, CP_ERR_INVALID,
                         "glTF export: the field of view reaches %s degrees (at t = %s), outside (0, 180): a glTF "
                         "camera's yfov must be above 0 (campath check reports it as fov-range; smooth timing keeps "
                         "the fov between its keys)",
                         cpi_fmt_double(b1, worst), cpi_fmt_double(b2, at));
}

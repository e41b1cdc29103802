/* SPDX-License-Identifier: MIT */
/* lib/path/dolly.c - dolly zoom: the field of view that keeps a subject of
 * width w at distance d filling the view, fov = 2 atan(w / (2 d)): C2 where
 * w (a C2 channel) and d (the distance between two C2 curves, away from 0)
 * are, with derivatives by the chain rule (docs/math.md, "Dolly zoom"). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dolly.h"
#include "dtoa.h"

#define RAD_TO_DEG (180.0 / 3.14159265358979323846)

/* The fov of width w at distance d, degrees; 0 where it has none. */
static double fov_of(double w, double d) { return 2.0 * atan(w / (2.0 * d)) * RAD_TO_DEG; }

/* The power of two that brings the largest of n values into [0.5, 1) (1
 * for none): squares of the scaled values neither overflow nor vanish. */
static double scale_of(const double *v, int n)
{
    double m = 0.0;
    for (int i = 0; i < n; i++)
        m = fmax(m, fabs(v[i]));
    if (!(m > 0) || !isfinite(m))
        return 1.0;
    int e;
    (void)frexp(m, &e);
    return ldexp(1.0, -e);
}

/* |(x, y, z)|, without overflow or underflow in the squares. */
static double length3(double x, double y, double z)
{
    const double v[3] = {x, y, z}, k = scale_of(v, 3);
    x *= k, y *= k, z *= k;
    return sqrt(x * x + y * y + z * z) / k;
}

int cpi_dolly_prepare(const cp_key *keys, size_t count, const cp_path_options *o, const cpi_field_names *names,
                      cp_key **derived, cp_error *error)
{
    char f[128], b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], b3[CPI_FMT_DOUBLE_SIZE];
    *derived = NULL;
    if (!keys || count < 2 || count > CP_PATH_MAX_KEYS)
        return CP_OK; /* the path's validation says what is wrong */
    if (!o->dolly_zoom) {
        for (size_t i = 0; i < count; i++)
            if (keys[i].frame_width != 0.0) {
                snprintf(f, sizeof f, "keys[%zu].frame_width", i);
                return cpi_error_at(error, CP_ERR_INVALID, (long)i, f,
                                    "%s m needs %sdolly_zoom (without it the fov is keyed)",
                                    cpi_fmt_double(b1, keys[i].frame_width), names->options);
            }
        return CP_OK;
    }
    if (o->orientation != CP_ORIENTATION_LOOK_AT) {
        snprintf(f, sizeof f, "%sdolly_zoom", names->options);
        return cpi_error_at(error, CP_ERR_INVALID, -1, f,
                            "needs the look-at orientation (the fov follows the distance to the target)");
    }
    for (size_t i = 0; i < count; i++) {
        const double w = keys[i].frame_width;
        if (!(w >= CP_PATH_MIN_FRAME_WIDTH && w <= CP_PATH_MAX_FRAME_WIDTH)) {
            snprintf(f, sizeof f, "keys[%zu].frame_width", i);
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, f,
                                w == 0.0 ? "missing: a dolly-zoom path needs the framed width on every key (metres, "
                                           "%s..%s)"
                                         : "%s m is outside %s..%s m (the width framed at the target)",
                                w == 0.0 ? cpi_fmt_double(b1, CP_PATH_MIN_FRAME_WIDTH) : cpi_fmt_double(b1, w),
                                w == 0.0 ? cpi_fmt_double(b2, CP_PATH_MAX_FRAME_WIDTH)
                                         : cpi_fmt_double(b2, CP_PATH_MIN_FRAME_WIDTH),
                                cpi_fmt_double(b3, CP_PATH_MAX_FRAME_WIDTH));
        }
    }
    cp_key *k = cpi_alloc_array(o->allocator, count, sizeof *k);
    if (!k)
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the fov of %zu keys", count);
    memcpy(k, keys, count * sizeof *k);
    for (size_t i = 0; i < count; i++) {
        const double dx = k[i].target.x - k[i].position.x, dy = k[i].target.y - k[i].position.y,
                     dz = k[i].target.z - k[i].position.z;
        const double d = length3(dx, dy, dz);
        /* a target the validation refuses keeps a fov it does not: its own message comes first */
        if (!(d >= CP_PATH_LOOKAT_MIN_DISTANCE) || !isfinite(d)) {
            k[i].fov = 90.0;
            continue;
        }
        k[i].fov = fov_of(k[i].frame_width, d);
        if (!(k[i].fov > 0.0 && k[i].fov < 180.0)) {
            snprintf(f, sizeof f, "keys[%zu].frame_width", i);
            cpi_free(o->allocator, k);
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, f,
                                "%s m at %s m from the target is a fov of %s degrees, outside (0, 180)",
                                cpi_fmt_double(b1, keys[i].frame_width), cpi_fmt_double(b2, d),
                                cpi_fmt_double(b3, k[i].fov));
        }
    }
    *derived = k;
    return CP_OK;
}

void cpi_dolly_fov(double P[3][3], double T[3][4], const double width[3], double fov[3])
{
    /* fov depends on w / d only: both scaled by one power of two (exact)
     * so that no square below overflows or vanishes */
    double D[3][3], Ws[3];
    for (int r = 0; r < 3; r++)
        for (int j = 0; j < 3; j++)
            D[r][j] = T[r][j] - P[r][j];
    const double k = scale_of(D[0], 3);
    for (int r = 0; r < 3; r++) {
        for (int j = 0; j < 3; j++)
            D[r][j] *= k;
        Ws[r] = width[r] * k;
    }
    const double *W = Ws;
    const double d = sqrt(D[0][0] * D[0][0] + D[0][1] * D[0][1] + D[0][2] * D[0][2]);
    if (!(d > 0)) { /* the target at the camera: all of the view (`campath check` says so) */
        fov[0] = 180.0, fov[1] = fov[2] = 0.0;
        return;
    }
    double dd1 = 0, d11 = 0, dd2 = 0;
    for (int j = 0; j < 3; j++) {
        dd1 += D[0][j] * D[1][j];
        d11 += D[1][j] * D[1][j];
        dd2 += D[0][j] * D[2][j];
    }
    /* d' = D.D' / d, d'' = (D'.D' + D.D'' - d'^2) / d; with g = w / (2 d),
     * 2 d g = w gives g' = (w' - 2 d' g) / (2 d) and
     * g'' = (w'' - 2 d'' g - 4 d' g') / (2 d); fov = 2 atan g */
    const double d1 = dd1 / d, d2 = (d11 + dd2 - d1 * d1) / d;
    const double g = W[0] / (2.0 * d), g1 = (W[1] - 2.0 * d1 * g) / (2.0 * d),
                 g2 = (W[2] - 2.0 * d2 * g - 4.0 * d1 * g1) / (2.0 * d);
    const double ig = 1.0 / (1.0 + g * g);
    fov[0] = 2.0 * atan(g) * RAD_TO_DEG;
    fov[1] = 2.0 * g1 * ig * RAD_TO_DEG;
    fov[2] = (2.0 * g2 * ig - 4.0 * g * g1 * g1 * ig * ig) * RAD_TO_DEG;
    /* the rates grow without bound only as the target comes to the camera
     * (the fov to 180 degrees), which `campath check` reports: a pose stays finite */
    if (!isfinite(fov[1]) || !isfinite(fov[2]))
        fov[1] = fov[2] = 0.0;
}

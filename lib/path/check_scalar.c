/* SPDX-License-Identifier: MIT */
/* lib/path/check_scalar.c - the checks of a path's scalar channels, the
 * field of view, focus distance and f-number (docs/math.md, section 14): a
 * spline in time through unevenly timed keys swings them past their keys,
 * out of their range. Each segment's extremes are those of a cubic (roots
 * of a quadratic, lib/path/poly.c): exact. */
#include <math.h>

#include "check_impl.h"
#include "curve_impl.h"
#include "dtoa.h"
#include "path_layout.h"
#include "poly.h"

/* Degrees past its keys' range that a fov may swing before it is a
 * warning: a smaller zoom wobble does not show. */
#define CPI_CHECK_FOV_SLACK 0.5
/* The share of its keys' value that a focus distance or f-number may swing
 * past their range before it is a warning: depth of field goes by ratios,
 * and a change of 1% does not show. */
#define CPI_CHECK_LENS_SLACK 0.01

/* A scalar channel the checks measure on each segment: where it may go
 * (above 0; the fov also below 180) and how far past its keys' range. */
typedef struct scalar_channel {
    cp_finding_kind range, overshoot;
    const char     *what, *unit_before, *unit_after; /* "the field of view reaches " "%s" " degrees" */
    double          top;                             /* the range's top, INFINITY for none */
    double          slack, share;                    /* past the keys' range: slack + share * the key's value */
} scalar_channel;

static const scalar_channel scalar_channels[4] = {
    {CP_FINDING_FOV_RANGE, CP_FINDING_FOV_OVERSHOOT, "the field of view", "", " degrees", 180.0, CPI_CHECK_FOV_SLACK,
     0.0},
    {CP_FINDING_FOCUS_RANGE, CP_FINDING_FOCUS_OVERSHOOT, "the focus distance", "", " m", INFINITY, 0.0,
     CPI_CHECK_LENS_SLACK},
    {CP_FINDING_APERTURE_RANGE, CP_FINDING_APERTURE_OVERSHOOT, "the aperture", "f/", "", INFINITY, 0.0,
     CPI_CHECK_LENS_SLACK},
    /* a dolly zoom's fov is 2 atan(w / 2d): it leaves (0, 180) where the width is not above 0, and
       the subject's size on screen follows the width past its keys */
    {CP_FINDING_FOV_RANGE, CP_FINDING_FOV_OVERSHOOT, "the dolly zoom's frame width (and with it the fov)", "", " m",
     INFINITY, 0.0, CPI_CHECK_LENS_SLACK},
};

/* A key's value of scalar channel ch (0 fov, 1 focus, 2 aperture, 3 frame width). */
static double scalar_of(const cp_key *k, int ch)
{
    return ch == 0 ? k->fov : ch == 1 ? k->focus : ch == 2 ? k->aperture : k->frame_width;
}

/* The path's scalar channel of check channel ch >= 1. */
static int x_of(int ch) { return ch == 1 ? CPI_X_FOCUS : ch == 2 ? CPI_X_APERTURE : CPI_X_WIDTH; }

void cpi_check_scalar(cpi_checker *c, size_t i, int ch)
{
    const cp_path *p = c->p;
    const scalar_channel *sc = &scalar_channels[ch];
    double t1;
    const size_t j = cpi_check_next_key(p, i, &t1);
    const double fa = scalar_of(&p->keys[i], ch), fb = scalar_of(&p->keys[j], ch);
    const cp_curve *fc = ch == 0 ? p->fov : p->xc[x_of(ch)];
    size_t seg = i;
    if (p->shape) {
        if (ch == 0 ? p->shape->fov_mono : p->shape->x_mono[x_of(ch)])
            return;
        const size_t ka = p->shape->key_knot[i], kb = p->shape->key_knot[j];
        if (ka == kb)
            return;
        seg = ka;
    }
    if (!fc || fc->mode != CP_CURVE_CUBIC || fc->nseg == 0 || seg >= fc->nseg)
        return;
    const double *k0 = fc->rec + seg * (size_t)fc->stride, *k1 = k0 + fc->stride;
    const double h = k1[0] - k0[0];
    double f[4];
    cpi_check_power(fc, seg, 0, f);
    const double df[3] = {f[1], 2 * f[2], 3 * f[3]};
    double r[2], lo = fmin(k0[1], k1[1]), hi = fmax(k0[1], k1[1]), wlo = 0, whi = 0;
    const int nr = cpi_poly_roots(df, 2, 0.0, h, r);
    for (int k = 0; k < nr; k++) {
        const double v = cpi_poly_eval(f, 3, r[k]);
        if (v < lo)
            lo = v, wlo = r[k];
        if (v > hi)
            hi = v, whi = r[k];
    }
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], b3[CPI_FMT_DOUBLE_SIZE], b4[CPI_FMT_DOUBLE_SIZE];
    const double kl = fmin(fa, fb), kh = fmax(fa, fb);
    const double below = kl - sc->slack - sc->share * kl, above = kh + sc->slack + sc->share * kh;
    if (!(lo > 0) || !(hi < sc->top)) {
        const double bad = !(lo > 0) ? lo : hi, w = !(lo > 0) ? wlo : whi;
        const double at = cpi_check_time_of_param(p, k0[0] + w);
        if (isinf(sc->top))
            cpi_check_add(c, sc->range, CP_SEVERITY_ERROR, i, j, at, bad, "%s reaches %s%s%s (at t = %s), not above 0",
                          sc->what, sc->unit_before, cpi_fmt_double(b1, bad), sc->unit_after, cpi_fmt_double(b2, at));
        else
            cpi_check_add(c, sc->range, CP_SEVERITY_ERROR, i, j, at, bad, "%s reaches %s%s%s (at t = %s), outside (0, %s)",
                          sc->what, sc->unit_before, cpi_fmt_double(b1, bad), sc->unit_after, cpi_fmt_double(b2, at),
                          cpi_fmt_double(b3, sc->top));
    } else if (lo < below || hi > above) {
        const double bad = lo < below ? lo : hi, w = lo < below ? wlo : whi;
        const double at = cpi_check_time_of_param(p, k0[0] + w);
        cpi_check_add(c, sc->overshoot, CP_SEVERITY_WARNING, i, j, at, bad,
                      "%s reaches %s%s%s (at t = %s), outside its keys' %s%s..%s%s", sc->what, sc->unit_before,
                      cpi_fmt_double(b1, bad), sc->unit_after, cpi_fmt_double(b2, at), sc->unit_before,
                      cpi_fmt_double(b3, kl), sc->unit_before, cpi_fmt_double(b4, kh));
    }
}

/* SPDX-License-Identifier: MIT */
/* lib/path/monotone.c - monotone C2 quintic interpolation (docs/math.md,
 * section 12).
 *
 * The route is that of MQSI (T. Lux, L. Watson et al., "Algorithm 1031:
 * MQSI - Monotone Quintic Spline Interpolation", ACM TOMS 49, 2023):
 * estimate the first and second derivative at every knot, make them agree
 * with the direction of the data (zero slope at a turning point, zero slope
 * and curvature next to a flat piece), then shrink the derivatives at the
 * ends of every piece that is not monotone until it is. The estimates here
 * are the C2 cubic spline's, so data a monotone cubic spline already fits is
 * fitted by that spline; where its slope points the wrong way the knot gets
 * the harmonic mean of its chord slopes (Fritsch and Butland). The test of a
 * piece is exact (the least value of a quartic, cpi_quintic_monotone). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "campath/curve.h"
#include "base.h"
#include "monotone.h"
#include "poly.h"

/* A piece that fails is shrunk by the largest factor (to 1/2^8) that makes
 * it monotone; a knot shrunk CPI_MONO_MAX_SHRINKS times drops to zero slope
 * and curvature. A piece with zero slope and curvature at both ends is the
 * quintic "smootherstep", monotone whatever its values, so every failing
 * test raises the count of a knot that has not dropped yet (at most
 * CPI_MONO_MAX_SHRINKS n failures) and queues at most 3 pieces again: a
 * build of n knots tests at most n + 3 CPI_MONO_MAX_SHRINKS n pieces,
 * whatever the numbers (NaN included), each with at most
 * CPI_MONO_BISECTIONS + 1 exact tests. */
#define CPI_MONO_BISECTIONS 8
#define CPI_MONO_MAX_SHRINKS 40
/* cpi_quintic_solve halves [0, 1] this many times: to 2^-60, finer than the
 * doubles near 1 (2^-53) and than the time any sample asks for. */
#define CPI_QUINTIC_SOLVE_HALVINGS 60

/* Whether the quartic with Bernstein coefficients c (on [0, 1]) is proven
 * >= 0 by its coefficients, or by those of its halves and quarters (de
 * Casteljau): each set being >= 0 is a proof; none is the exact test, but it
 * spares it most of the time. Depth first with a stack of the halves still
 * to test (the verdict depends on each half's coefficients alone, and each
 * is computed as the recursive form computed it: 0.5 (w_j + w_(j+1)), level
 * by level). */
#define CPI_BERN_DEPTH 4
static int bernstein_nonnegative(const double c0[5])
{
    double stack[CPI_BERN_DEPTH + 1][5];
    int depth[CPI_BERN_DEPTH + 1], top = 1;
    memcpy(stack[0], c0, sizeof stack[0]);
    depth[0] = CPI_BERN_DEPTH;
    while (top > 0) {
        top--;
        const double *c = stack[top];
        const int dep = depth[top];
        if (c[0] < 0.0 || c[4] < 0.0)
            return 0;
        if (c[1] >= 0.0 && c[2] >= 0.0 && c[3] >= 0.0)
            continue;
        if (dep == 0)
            return 0;
        /* the halves: the right one replaces c, the left one goes on top (tested first) */
        const double w01 = 0.5 * (c[0] + c[1]), w12 = 0.5 * (c[1] + c[2]), w23 = 0.5 * (c[2] + c[3]),
                     w34 = 0.5 * (c[3] + c[4]);
        const double w012 = 0.5 * (w01 + w12), w123 = 0.5 * (w12 + w23), w234 = 0.5 * (w23 + w34);
        const double w0123 = 0.5 * (w012 + w123), w1234 = 0.5 * (w123 + w234);
        const double mid = 0.5 * (w0123 + w1234);
        double *l = stack[top + 1], *r = stack[top];
        l[0] = c[0], l[1] = w01, l[2] = w012, l[3] = w0123, l[4] = mid;
        r[0] = mid, r[1] = w1234, r[2] = w234, r[3] = w34; /* r[4] = c[4] already */
        depth[top] = depth[top + 1] = dep - 1;
        top += 2;
    }
    return 1;
}

/* The derivative of the quintic piece normalised to rise from 0 to 1 over
 * s in [0, 1], as a quartic in power form p[0..4] (from its Bernstein
 * coefficients, docs/math.md section 12); *bern_ok is set when those
 * coefficients, or their halves' and quarters', are all >= 0 (then the
 * quartic is >= 0 on [0, 1], and p is left unset unless `want_power`). */
static void slope_quartic(double h, double dy, double d0, double d1, double a0, double a1, double p[5],
                          int *bern_ok, int want_power)
{
    const double k = h / dy;
    const double A = d0 * k, B = d1 * k, G = a0 * k * h, D = a1 * k * h;
    const double c[5] = {A, A + 0.25 * G, 5.0 - 2.0 * (A + B) + 0.25 * (D - G), B - 0.25 * D, B};
    *bern_ok = bernstein_nonnegative(c);
    if (*bern_ok && !want_power)
        return; /* proven: the caller needs no power form */
    /* q(s) = sum c_k C(4,k) s^k (1-s)^(4-k) */
    p[0] = c[0];
    p[1] = 4.0 * (c[1] - c[0]);
    p[2] = 6.0 * (c[2] - 2.0 * c[1] + c[0]);
    p[3] = 4.0 * (c[3] - 3.0 * c[2] + 3.0 * c[1] - c[0]);
    p[4] = c[4] - 4.0 * c[3] + 6.0 * c[2] - 4.0 * c[1] + c[0];
}

int cpi_quintic_monotone(double h, double y0, double y1, double d0, double d1, double a0, double a1)
{
    const double dy = y1 - y0;
    const int rests = d0 == 0.0 && d1 == 0.0 && a0 == 0.0 && a1 == 0.0;
    if (dy == 0.0 || rests)
        return rests; /* resting at both ends: the smootherstep, monotone (also where h / dy overflows) */
    if (!(d0 * dy >= 0.0 && d1 * dy >= 0.0))
        return 0;
    double p[5];
    int bern_ok;
    slope_quartic(h, dy, d0, d1, a0, a1, p, &bern_ok, 0);
    if (bern_ok)
        return 1; /* a combination of non-negative Bernstein polynomials */
    if (!(isfinite(p[1]) && isfinite(p[2]) && isfinite(p[3]) && isfinite(p[4])))
        return 0;
    for (int i = 1; i < 8; i++) /* a negative value anywhere proves the opposite, as cheaply */
        if (cpi_poly_eval(p, 4, i / 8.0) < 0.0)
            return 0;
    return cpi_poly_min(p, 4, 0.0, 1.0) >= 0.0;
}

double cpi_quintic_min_slope(double h, double y0, double y1, double d0, double d1, double a0, double a1)
{
    const double dy = y1 - y0;
    if (dy == 0.0)
        return 0.0;
    double p[5];
    int bern_ok;
    slope_quartic(h, dy, d0, d1, a0, a1, p, &bern_ok, 1);
    return cpi_poly_min(p, 4, 0.0, 1.0) * fabs(dy) / h;
}

/* ---- the initial estimates: the C2 cubic spline, run by run ----------------------- */

/* Slopes m of the C2 cubic spline through n >= 2 points, each end either
 * clamped (zero slope) or natural (zero curvature): a tridiagonal solve
 * (docs/math.md, section 2), `w` holds n doubles of scratch. */
static void spline_run(size_t n, const double *x, const double *y, int clamp_first, int clamp_last, double *m,
                       double *w)
{
    /* forward elimination of the rows b_i m_(i-1) + c_i m_i + e_i m_(i+1) = r_i */
    double c = clamp_first ? 1.0 : 2.0, e = clamp_first ? 0.0 : 1.0;
    double r = clamp_first ? 0.0 : 3.0 * (y[1] - y[0]) / (x[1] - x[0]);
    w[0] = e / c;
    m[0] = r / c;
    for (size_t i = 1; i < n; i++) {
        double b;
        if (i + 1 < n) {
            const double hp = x[i] - x[i - 1], hn = x[i + 1] - x[i];
            b = hn, c = 2.0 * (hp + hn), e = hp;
            r = 3.0 * (hn * (y[i] - y[i - 1]) / hp + hp * (y[i + 1] - y[i]) / hn);
        } else if (clamp_last) {
            b = 0.0, c = 1.0, e = 0.0, r = 0.0;
        } else {
            b = 1.0, c = 2.0, e = 0.0, r = 3.0 * (y[i] - y[i - 1]) / (x[i] - x[i - 1]);
        }
        const double inv = 1.0 / (c - b * w[i - 1]);
        w[i] = e * inv;
        m[i] = (r - b * m[i - 1]) * inv;
    }
    for (size_t i = n - 1; i-- > 0;)
        m[i] -= w[i] * m[i + 1];
}

/* The knots in order along the curve, a loop unrolled from a stop to the
 * same stop one period later, so that every run between stops is an open
 * sequence. */
typedef struct seq {
    size_t  n;
    double *x, *y;
    size_t *of; /* the knot each entry is */
} seq;

static double sign_of(double v) { return v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0; }

/* Slopes and curvatures at every knot from C2 cubic splines over the runs
 * between stops. */
static int estimate(const cpi_mono_spec *sp, const unsigned char *stop, double *d, double *a, double *buf,
                    size_t *of, cp_error *error)
{
    const size_t n = sp->n;
    size_t first_stop = n;
    for (size_t j = 0; j < n && first_stop == n; j++)
        if (stop[j])
            first_stop = j;
    seq s = {0, buf, buf + n + 1, of};
    double *m = buf + 2 * (n + 1), *w = buf + 3 * (n + 1), *trend = buf + 4 * (n + 1);
    int rc = CP_OK;
    if (sp->closed && first_stop == n) {
        /* a loop with no stop: the periodic spline of y minus its trend */
        const double slope = sp->py / sp->px;
        for (size_t j = 0; j < n; j++)
            trend[j] = sp->y[j] - slope * (sp->x[j] - sp->x[0]);
        rc = cp_tangents_c2(1, n, sp->x, trend, CP_ENDS_CLOSED, sp->px, 1.0, m, error);
        for (size_t j = 0; j < n; j++) {
            d[j] = m[j] + slope;
            const size_t k = j + 1 < n ? j + 1 : 0;
            const double xn = j + 1 < n ? sp->x[k] : sp->x[0] + sp->px;
            const double yn = j + 1 < n ? sp->y[k] : sp->y[0] + sp->py;
            const double h = xn - sp->x[j];
            const double mn = (j + 1 < n ? m[k] : m[0]) + slope;
            a[j] = (6.0 * (yn - sp->y[j]) / h - 4.0 * d[j] - 2.0 * mn) / h;
        }
    } else {
        const size_t start = sp->closed ? first_stop : 0;
        s.n = sp->closed ? n + 1 : n;
        for (size_t i = 0; i < s.n; i++) {
            size_t j = start + i, wraps = 0;
            while (j >= n)
                j -= n, wraps++;
            s.of[i] = j;
            s.x[i] = sp->x[j] + (double)wraps * sp->px;
            s.y[i] = sp->y[j] + (double)wraps * sp->py;
        }
        for (size_t r0 = 0; r0 + 1 < s.n;) {
            size_t r1 = r0 + 1;
            while (r1 + 1 < s.n && !stop[s.of[r1]])
                r1++;
            const int clamp0 = stop[s.of[r0]] || (!sp->closed && r0 == 0 && sp->rest);
            const int clamp1 = stop[s.of[r1]] || (!sp->closed && r1 + 1 == s.n && sp->rest);
            spline_run(r1 - r0 + 1, s.x + r0, s.y + r0, clamp0, clamp1, m + r0, w);
            for (size_t i = r0; i <= r1; i++) {
                const size_t j = s.of[i];
                d[j] = m[i];
                if (i < r1) {
                    const double h = s.x[i + 1] - s.x[i];
                    a[j] = (6.0 * (s.y[i + 1] - s.y[i]) / h - 4.0 * m[i] - 2.0 * m[i + 1]) / h;
                } else {
                    const double h = s.x[i] - s.x[i - 1];
                    a[j] = (-6.0 * (s.y[i] - s.y[i - 1]) / h + 2.0 * m[i - 1] + 4.0 * m[i]) / h;
                }
            }
            r0 = r1;
        }
    }
    return rc;
}

/* ---- the directions of the data at each knot ------------------------------------- */

/* Chord slope of piece j (from knot j to the next, across the seam of a loop). */
static inline double chord(const cpi_mono_spec *sp, size_t j, double *h)
{
    const int last = j + 1 == sp->n;
    const double xn = last ? sp->x[0] + sp->px : sp->x[j + 1];
    const double yn = last ? sp->y[0] + sp->py : sp->y[j + 1];
    *h = xn - sp->x[j];
    return (yn - sp->y[j]) / *h;
}

/* Makes the estimates at knot j agree with the data's direction on both sides. */
static void constrain(const cpi_mono_spec *sp, size_t j, int is_stop, double *d, double *a)
{
    const size_t n = sp->n;
    const int has_l = sp->closed || j > 0, has_r = sp->closed || j + 1 < n;
    double h, sl = 0, sr = 0;
    if (has_l)
        sl = chord(sp, j > 0 ? j - 1 : n - 1, &h);
    if (has_r)
        sr = chord(sp, j, &h);
    const double dl = sign_of(sl), dr = sign_of(sr);
    if (is_stop || (has_l && dl == 0) || (has_r && dr == 0)) {
        d[j] = a[j] = 0.0; /* next to a flat piece */
        return;
    }
    if (!has_l || !has_r) { /* an open end */
        const double dir = has_l ? dl : dr;
        if (sp->rest) {
            d[j] = 0.0;
            /* leaving the first knot the curvature must push the right way,
             * arriving at the last it must brake */
            if ((has_r ? a[j] * dir : -a[j] * dir) < 0)
                a[j] = 0.0;
        } else {
            a[j] = 0.0;
            if (!(d[j] * dir > 0))
                d[j] = has_l ? sl : sr;
        }
        return;
    }
    if (dl != dr) { /* a turning point: zero slope, curvature that keeps it one */
        d[j] = 0.0;
        if (a[j] * dl > 0)
            a[j] = 0.0;
        return;
    }
    const double al = fabs(sl), ar = fabs(sr);
    if (!(d[j] * dl > 0)) { /* the spline turns back here: a harmonic mean slope instead */
        d[j] = dl * 2.0 * al * ar / (al + ar);
        a[j] = 0.0;
        return;
    }
    /* no steeper than three times the gentler chord (the bound of Fritsch
     * and Carlson for monotone cubics): spares most of the shrinking */
    const double most = 3.0 * fmin(al, ar);
    if (fabs(d[j]) > most) {
        a[j] *= most / fabs(d[j]);
        d[j] = dl * most;
    }
}

/* ---- shrinking ----------------------------------------------------------------------- */

static int piece_ok(const cpi_mono_spec *sp, size_t j, const double *d, const double *a, double mu)
{
    const size_t k = j + 1 < sp->n ? j + 1 : 0;
    double h;
    chord(sp, j, &h);
    const double y1 = j + 1 < sp->n ? sp->y[k] : sp->y[0] + sp->py;
    if (!(h > 0) || !isfinite(y1 - sp->y[j]))
        return 1; /* not a piece shrinking can mend (the callers' knots increase) */
    return cpi_quintic_monotone(h, sp->y[j], y1, mu * d[j], mu * d[k], mu * a[j], mu * a[k]);
}

size_t cpi_monotone_work_size(size_t n)
{
    /* doubles: 5 (n + 1) for the estimates; size_t: n + 1 for their order and
     * n for the queue; bytes: 3 n flags */
    return (5 * (n + 1)) * sizeof(double) + (2 * n + 1) * sizeof(size_t) + 3 * n;
}

/* The stops of a build: asked for, or next to a flat piece (which must be
 * constant). */
static void find_stops(const cpi_mono_spec *sp, unsigned char *stop)
{
    const size_t n = sp->n;
    for (size_t j = 0; j < n; j++) {
        double h;
        stop[j] = sp->stop ? sp->stop[j] : 0;
        if ((sp->closed || j + 1 < n) && chord(sp, j, &h) == 0.0)
            stop[j] = 1, stop[j + 1 < n ? j + 1 : 0] = 1;
    }
}

/* After the estimates: the directions of the data, the eases, and the
 * shrinking of every piece that is not monotone. `queue` holds n entries,
 * `queued` and `shrinks` n bytes each. */
static void finish(const cpi_mono_spec *sp, const unsigned char *stop, double *d, double *a, size_t *queue,
                   unsigned char *queued, unsigned char *shrinks)
{
    const size_t n = sp->n;
    const size_t npieces = sp->closed ? n : n - 1;
    memset(queued, 0, n);
    memset(shrinks, 0, n);
    for (size_t j = 0; j < n; j++)
        constrain(sp, j, stop[j], d, a);
    if (sp->scale) /* eased knots: slower, with the speed least there (docs/math.md, section 20) */
        for (size_t j = 0; j < n; j++)
            if (sp->scale[j] < 1.0)
                d[j] *= sp->scale[j], a[j] = 0.0;
    /* a queue of pieces to test; a shrunk knot queues both its pieces */
    size_t head = 0, count = 0;
    for (size_t j = 0; j < npieces; j++)
        queue[count++] = j, queued[j] = 1;
    while (count > 0) {
        const size_t j = queue[head];
        head = head + 1 == npieces ? 0 : head + 1;
        count--;
        queued[j] = 0;
        if (piece_ok(sp, j, d, a, 1.0))
            continue;
        double lo = 0.0, hi = 1.0;
        for (int i = 0; i < CPI_MONO_BISECTIONS; i++) {
            const double mid = 0.5 * (lo + hi);
            if (piece_ok(sp, j, d, a, mid))
                lo = mid;
            else
                hi = mid;
        }
        const size_t ends[2] = {j, j + 1 < n ? j + 1 : 0};
        for (int e = 0; e < 2; e++) {
            const size_t k = ends[e];
            if (shrinks[k] < CPI_MONO_MAX_SHRINKS)
                shrinks[k]++;
            if (shrinks[k] >= CPI_MONO_MAX_SHRINKS || !(lo > 0)) {
                d[k] = a[k] = 0.0; /* set, not scaled: 0 * inf is NaN */
                shrinks[k] = CPI_MONO_MAX_SHRINKS;
            } else {
                d[k] *= lo;
                a[k] *= lo;
            }
            /* the pieces on both sides of k change: test them again */
            const size_t around[2] = {k > 0 ? k - 1 : (sp->closed ? n - 1 : npieces), k};
            for (int s = 0; s < 2; s++) {
                const size_t p = around[s];
                if (p < npieces && !queued[p]) {
                    queued[p] = 1;
                    queue[(head + count) % npieces] = p;
                    count++;
                }
            }
        }
    }
}

/* A build of n >= 2 knots in `work` (cpi_monotone_work_size(n)), its stops
 * found, or copied from `stops` where the caller has found them already. */
static int build_in(const cpi_mono_spec *sp, double *d, double *a, void *work, const unsigned char *stops,
                    cp_error *error)
{
    const size_t n = sp->n;
    double *buf = work;
    size_t *of = (size_t *)(buf + 5 * (n + 1)), *queue = of + n + 1;
    unsigned char *stop = (unsigned char *)(queue + n), *queued = stop + n, *shrinks = queued + n;
    if (stops)
        memcpy(stop, stops, n);
    else
        find_stops(sp, stop);
    const int rc = estimate(sp, stop, d, a, buf, of, error);
    if (rc == CP_OK)
        finish(sp, stop, d, a, queue, queued, shrinks);
    return rc;
}

int cpi_monotone_build(const cpi_mono_spec *sp, double *d, double *a, cp_error *error)
{
    const size_t n = sp->n;
    if (n < 2) {
        for (size_t j = 0; j < n; j++)
            d[j] = a[j] = 0.0;
        return CP_OK;
    }
    void *own = NULL, *work = sp->work;
    if (!work && !(work = own = cpi_alloc(sp->alloc, cpi_monotone_work_size(n))))
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for a monotone spline of %zu knots", n);
    const int rc = build_in(sp, d, a, work, NULL, error);
    cpi_free(sp->alloc, own);
    return rc;
}

/* ---- several maps over the same knots --------------------------------------------- */

/* Whether the builds of sp[0..count-1] can share the estimates' solve: open,
 * the same knots and end condition, no stops asked for or eases, and the
 * same stops found (stops[i] holds build i's). */
static int can_share(const cpi_mono_spec *sp, size_t count, const unsigned char *stops)
{
    const size_t n = sp[0].n;
    for (size_t i = 0; i < count; i++)
        if (sp[i].closed || sp[i].n != n || sp[i].x != sp[0].x || sp[i].rest != sp[0].rest || sp[i].stop ||
            sp[i].scale)
            return 0;
    for (size_t i = 1; i < count; i++)
        if (memcmp(stops + i * n, stops, n) != 0)
            return 0;
    return 1;
}

/* spline_run for `count` value arrays over the same knots and clamps: one
 * elimination serves them all, and each value array's arithmetic is
 * spline_run's, operation for operation (the same slopes to the bit). */
static void spline_runs(size_t n, const double *x, size_t count, const double *const *y, int clamp_first,
                        int clamp_last, double *const *m, double *w)
{
    double c = clamp_first ? 1.0 : 2.0, e = clamp_first ? 0.0 : 1.0;
    w[0] = e / c;
    for (size_t k = 0; k < count; k++) {
        const double r = clamp_first ? 0.0 : 3.0 * (y[k][1] - y[k][0]) / (x[1] - x[0]);
        m[k][0] = r / c;
    }
    for (size_t i = 1; i < n; i++) {
        double b, hp = 0, hn = 0;
        const int inner = i + 1 < n;
        if (inner) {
            hp = x[i] - x[i - 1], hn = x[i + 1] - x[i];
            b = hn, c = 2.0 * (hp + hn), e = hp;
        } else if (clamp_last) {
            b = 0.0, c = 1.0, e = 0.0;
        } else {
            b = 1.0, c = 2.0, e = 0.0;
        }
        const double inv = 1.0 / (c - b * w[i - 1]);
        w[i] = e * inv;
        for (size_t k = 0; k < count; k++) {
            const double *yk = y[k];
            const double r = inner        ? 3.0 * (hn * (yk[i] - yk[i - 1]) / hp + hp * (yk[i + 1] - yk[i]) / hn)
                             : clamp_last ? 0.0
                                          : 3.0 * (yk[i] - yk[i - 1]) / (x[i] - x[i - 1]);
            m[k][i] = (r - b * m[k][i - 1]) * inv;
        }
    }
    for (size_t i = n - 1; i-- > 0;)
        for (size_t k = 0; k < count; k++)
            m[k][i] -= w[i] * m[k][i + 1];
}

/* The estimates of open builds that share their knots and stops (can_share):
 * estimate's, run by run, with the slopes solved straight into d. The
 * values y + 0 * py that estimate copies are y itself here: the callers'
 * values are never -0. */
static void estimate_shared(const cpi_mono_spec *sp, size_t count, const unsigned char *stop, double *const *d,
                            double *const *a, double *w)
{
    const size_t n = sp[0].n;
    const double *x = sp[0].x;
    const double *y[CPI_MONO_SHARED_MAX];
    for (size_t k = 0; k < count; k++)
        y[k] = sp[k].y;
    for (size_t r0 = 0; r0 + 1 < n;) {
        size_t r1 = r0 + 1;
        while (r1 + 1 < n && !stop[r1])
            r1++;
        const int clamp0 = stop[r0] || (r0 == 0 && sp[0].rest);
        const int clamp1 = stop[r1] || (r1 + 1 == n && sp[0].rest);
        const double *yr[CPI_MONO_SHARED_MAX];
        double *mr[CPI_MONO_SHARED_MAX];
        for (size_t k = 0; k < count; k++)
            yr[k] = y[k] + r0, mr[k] = d[k] + r0;
        spline_runs(r1 - r0 + 1, x + r0, count, yr, clamp0, clamp1, mr, w);
        for (size_t k = 0; k < count; k++) {
            const double *yk = y[k], *m = d[k];
            double *ak = a[k];
            for (size_t i = r0; i <= r1; i++) {
                if (i < r1) {
                    const double h = x[i + 1] - x[i];
                    ak[i] = (6.0 * (yk[i + 1] - yk[i]) / h - 4.0 * m[i] - 2.0 * m[i + 1]) / h;
                } else {
                    const double h = x[i] - x[i - 1];
                    ak[i] = (-6.0 * (yk[i] - yk[i - 1]) / h + 2.0 * m[i - 1] + 4.0 * m[i]) / h;
                }
            }
        }
        r0 = r1;
    }
}

size_t cpi_monotone_shared_work_size(size_t n)
{
    return cpi_monotone_work_size(n) + CPI_MONO_SHARED_MAX * n;
}

int cpi_monotone_build_shared(const cpi_mono_spec *sp, size_t count, double *const *d, double *const *a, void *work,
                              cp_error *error)
{
    const size_t n = sp[0].n;
    int rc = CP_OK;
    if (count == 0)
        return CP_OK;
    if (n < 2 || count > CPI_MONO_SHARED_MAX) {
        for (size_t k = 0; k < count && rc == CP_OK; k++)
            rc = cpi_monotone_build(&sp[k], d[k], a[k], error);
        return rc;
    }
    /* work: cpi_monotone_build's block, then each build's stops */
    double *buf = work;
    size_t *of = (size_t *)(buf + 5 * (n + 1)), *queue = of + n + 1;
    unsigned char *stop = (unsigned char *)(queue + n), *queued = stop + n, *shrinks = queued + n;
    unsigned char *stops = shrinks + n;
    for (size_t k = 0; k < count; k++) {
        if (sp[k].n != n)
            return cpi_error_set(error, CP_ERR_INVALID, "monotone maps of %zu and %zu knots cannot share", n, sp[k].n);
        find_stops(&sp[k], stops + k * n);
    }
    if (!can_share(sp, count, stops)) {
        /* one by one, each with the stops found above */
        for (size_t k = 0; k < count && rc == CP_OK; k++)
            rc = build_in(&sp[k], d[k], a[k], work, stops + k * n, error);
        return rc;
    }
    estimate_shared(sp, count, stops, d, a, buf);
    for (size_t k = 0; k < count; k++) {
        memcpy(stop, stops + k * n, n);
        finish(&sp[k], stop, d[k], a[k], queue, queued, shrinks);
    }
    return CP_OK;
}

double cpi_quintic_solve(double h, double y0, double y1, double d0, double d1, double a0, double a1, double target)
{
    const double dir = y1 >= y0 ? 1.0 : -1.0;
    if (!((target - y0) * dir > 0))
        return 0.0;
    if ((target - y1) * dir >= 0)
        return 1.0;
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < CPI_QUINTIC_SOLVE_HALVINGS; i++) { /* no test of convergence: every call runs them all */
        const double mid = 0.5 * (lo + hi);
        double v, v1, v2;
        cpi_quintic_eval(h, y0, y1, d0, d1, a0, a1, mid, &v, &v1, &v2);
        if ((v - target) * dir < 0)
            lo = mid;
        else
            hi = mid;
    }
    return hi;
}

/* SPDX-License-Identifier: MIT */
/* lib/path/poly.c - roots and minima of low-degree polynomials, and adaptive
 * Gauss-Kronrod quadrature (docs/math.md, "Arc length"). */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "poly.h"

/* Steps of the root search at most: it stops before where the bracket is
 * within 4 ulps or a step stands still, but a root at 0 has no relative
 * width to reach, and there the count ends it (the random paths of
 * tests/unit/test_path.c reach it), at a point inside the bracket. */
#define CPI_ROOT_STEPS 200

/* The root of p inside (a, b), where p(a) and p(b) differ in sign and p is
 * monotone: Newton's method from the middle, kept in the shrinking bracket. */
static double bracketed_root(const double *c, const double *dc, int deg, double a, double b, double fa)
{
    double x = 0.5 * (a + b);
    for (int i = 0; i < CPI_ROOT_STEPS; i++) {
        const double fx = cpi_poly_eval(c, deg, x);
        if (fx == 0.0)
            return x;
        if ((fx < 0) == (fa < 0))
            a = x, fa = fx;
        else
            b = x;
        const double d = cpi_poly_eval(dc, deg - 1, x);
        double next = d != 0.0 ? x - fx / d : 0.5 * (a + b);
        if (!(next > a && next < b))
            next = 0.5 * (a + b);
        if (next == x || b - a <= 4 * DBL_EPSILON * fmax(fabs(a), fabs(b)))
            return next;
        x = next;
    }
    return x;
}

int cpi_poly_roots(const double *c, int deg, double lo, double hi, double *roots)
{
    while (deg > 0 && c[deg] == 0.0)
        deg--;
    if (deg <= 0 || !(hi > lo))
        return 0;
    if (deg == 1) {
        const double r = -c[0] / c[1];
        if (r > lo && r < hi) {
            roots[0] = r;
            return 1;
        }
        return 0;
    }
    double dc[CPI_POLY_MAX_DEGREE], cuts[CPI_POLY_MAX_DEGREE + 1];
    for (int k = 0; k < deg; k++)
        dc[k] = (k + 1) * c[k + 1];
    int ncut = cpi_poly_roots(dc, deg - 1, lo, hi, cuts + 1);
    cuts[0] = lo;
    cuts[ncut + 1] = hi;
    int n = 0;
    double fa = cpi_poly_eval(c, deg, lo);
    for (int i = 0; i <= ncut; i++) {
        const double a = cuts[i], b = cuts[i + 1];
        const double fb = cpi_poly_eval(c, deg, b);
        if (i > 0 && fa == 0.0) {
            if (n == 0 || roots[n - 1] < a)
                roots[n++] = a; /* at a turning point: a double root */
        } else if ((fa < 0 && fb > 0) || (fa > 0 && fb < 0)) {
            roots[n++] = bracketed_root(c, dc, deg, a, b, fa);
        }
        fa = fb;
    }
    return n;
}

double cpi_poly_min_at(const double *c, int deg, double lo, double hi, double *at)
{
    const double flo = cpi_poly_eval(c, deg, lo), fhi = cpi_poly_eval(c, deg, hi);
    double m = fmin(flo, fhi);
    *at = fhi < flo ? hi : lo;
    if (deg >= 2) {
        double dc[CPI_POLY_MAX_DEGREE], r[CPI_POLY_MAX_DEGREE];
        for (int k = 0; k < deg; k++)
            dc[k] = (k + 1) * c[k + 1];
        const int n = cpi_poly_roots(dc, deg - 1, lo, hi, r);
        for (int i = 0; i < n; i++) {
            const double v = cpi_poly_eval(c, deg, r[i]);
            if (v < m)
                m = v, *at = r[i];
        }
    }
    return m;
}

double cpi_poly_min(const double *c, int deg, double lo, double hi)
{
    double at;
    return cpi_poly_min_at(c, deg, lo, hi, &at);
}

void cpi_poly_bernstein(const double *c, int deg, double lo, double hi, double *b)
{
    double a[CPI_POLY_MAX_DEGREE + 1];
    for (int k = 0; k <= deg; k++)
        a[k] = c[k];
    /* c(lo + (hi - lo) t): a Taylor shift by repeated synthetic division, then the scale */
    if (lo != 0.0)
        for (int i = 0; i < deg; i++)
            for (int k = deg - 1; k >= i; k--)
                a[k] += lo * a[k + 1];
    double f = 1.0;
    for (int k = 1; k <= deg; k++)
        f *= hi - lo, a[k] *= f;
    /* b_i = sum over k <= i of C(i, k) / C(deg, k) a_k */
    for (int i = 0; i <= deg; i++) {
        double s = 0.0, cik = 1.0, cnk = 1.0;
        for (int k = 0; k <= i; k++) {
            s += cik / cnk * a[k];
            cik = cik * (i - k) / (k + 1);
            cnk = cnk * (deg - k) / (k + 1);
        }
        b[i] = s;
    }
}

/* ---- quadrature ------------------------------------------------------------------------ */

/* Nodes and weights of the 15-point Kronrod rule and its embedded 7-point
 * Gauss rule on [-1, 1] (R. Piessens et al., QUADPACK, 1983, routine QK15). */
static const double xgk[8] = {0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
                              0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
                              0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
                              0.207784955007898467600689403773245, 0.0};
static const double wgk[8] = {0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
                              0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
                              0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
                              0.204432940075298892414161999234649, 0.209482141084727828012999174891714};
static const double wg[4] = {0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
                             0.381830050505118944950369775488975, 0.417959183673469387755102040816327};

/* The Kronrod sum over [a, b] and QUADPACK's estimate of its error: the
 * Gauss-Kronrod difference, scaled down by (200 |K - G| / resasc)^1.5 where
 * resasc measures how much f varies (Piessens et al., section 2.2.4); the
 * Kronrod sum is far more accurate than the plain difference suggests. */
static double qk15(cpi_integrand f, const void *ctx, double a, double b, double *err)
{
    const double mid = 0.5 * (a + b), half = 0.5 * (b - a);
    double fv[15];
    fv[7] = f(ctx, mid);
    double k = wgk[7] * fv[7], g = wg[3] * fv[7];
    for (int j = 0; j < 7; j++) {
        const double dx = half * xgk[j];
        fv[j] = f(ctx, mid - dx);
        fv[14 - j] = f(ctx, mid + dx);
        const double s = fv[j] + fv[14 - j];
        k += wgk[j] * s;
        if (j % 2 == 1)
            g += wg[j / 2] * s;
    }
    const double mean = 0.5 * k;
    double asc = wgk[7] * fabs(fv[7] - mean);
    for (int j = 0; j < 7; j++)
        asc += wgk[j] * (fabs(fv[j] - mean) + fabs(fv[14 - j] - mean));
    double e = fabs((k - g) * half);
    asc *= fabs(half);
    if (asc > 0 && e > 0) {
        const double r = fmin(1.0, 200.0 * e / asc);
        e = asc * r * sqrt(r);
    }
    *err = e;
    return k * half;
}

/* `splits` counts down the splits left to this integral. */
static double adapt(cpi_integrand f, const void *ctx, double a, double b, double tol, int depth, int *splits,
                    cpi_leaf_fn leaf, void *leaf_ctx)
{
    double e;
    const double k = qk15(f, ctx, a, b, &e);
    const double m = 0.5 * (a + b);
    if (depth <= 0 || *splits <= 0 || e <= tol * fabs(k) || !isfinite(k) || !(m > a && m < b)) {
        if (leaf)
            leaf(leaf_ctx, a, b, k);
        return k;
    }
    --*splits;
    const double l = adapt(f, ctx, a, m, tol, depth - 1, splits, leaf, leaf_ctx);
    return l + adapt(f, ctx, m, b, tol, depth - 1, splits, leaf, leaf_ctx);
}

double cpi_integrate(cpi_integrand f, const void *ctx, double a, double b, double tol, int depth)
{
    return cpi_integrate_splits(f, ctx, a, b, tol, depth, CPI_INTEGRATE_SPLITS);
}

double cpi_integrate_splits(cpi_integrand f, const void *ctx, double a, double b, double tol, int depth, int splits)
{
    if (!(b > a))
        return 0.0;
    return adapt(f, ctx, a, b, tol, depth, &splits, NULL, NULL);
}

double cpi_integrate_leaves(cpi_integrand f, const void *ctx, double a, double b, double tol, int depth,
                            cpi_leaf_fn leaf, void *leaf_ctx)
{
    if (!(b > a))
        return 0.0;
    int splits = CPI_INTEGRATE_SPLITS;
    return adapt(f, ctx, a, b, tol, depth, &splits, leaf, leaf_ctx);
}

double cpi_qk15(cpi_integrand f, const void *ctx, double a, double b)
{
    double e;
    return b > a ? qk15(f, ctx, a, b, &e) : 0.0;
}

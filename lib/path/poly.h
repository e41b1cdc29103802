/* SPDX-License-Identifier: MIT */
/* lib/path/poly.h - real polynomials of low degree: evaluation, the real
 * roots in an interval, and Gauss-Kronrod quadrature. Used by the arc length
 * (the speed's minima), the monotone quintic test (a quartic's minimum) and
 * the path checks (extrema of fov and of motion along a chord). Not installed. */
#ifndef CAMPATH_POLY_H
#define CAMPATH_POLY_H

/* Highest degree the root finder takes (30: the look-at checks' squares of
 * the views of smooth timing, lib/path/lookat_view.c). */
#define CPI_POLY_MAX_DEGREE 30

/* c[0] + c[1] x + ... + c[deg] x^deg (Horner). */
static inline double cpi_poly_eval(const double *c, int deg, double x)
{
    double v = c[deg];
    for (int k = deg - 1; k >= 0; k--)
        v = v * x + c[k];
    return v;
}

/* The real roots of the polynomial c (degree deg <= CPI_POLY_MAX_DEGREE)
 * strictly inside (lo, hi), in increasing order, each once (a double root
 * counts once); returns how many (at most deg) and writes them to roots.
 * The interval is split at the roots of the derivative (found the same way),
 * so that the polynomial is monotone on each piece; a piece whose ends
 * differ in sign holds exactly one root, found by Newton's method kept inside
 * the bracket (bisection where Newton leaves it) to full precision. No
 * sampling: a root is missed only where rounding hides a sign change, i.e.
 * where the polynomial is within rounding of zero anyway. A polynomial that
 * is zero everywhere has no roots here. */
int cpi_poly_roots(const double *c, int deg, double lo, double hi, double *roots);

/* The least value of the polynomial (degree deg <= CPI_POLY_MAX_DEGREE) on
 * [lo, hi]: the smaller end, or the least value at a root of the
 * derivative inside. */
double cpi_poly_min(const double *c, int deg, double lo, double hi);
/* The same, and where it is in *at. */
double cpi_poly_min_at(const double *c, int deg, double lo, double hi, double *at);

/* The Bernstein coefficients b[0..deg] of the polynomial c (degree deg <=
 * CPI_POLY_MAX_DEGREE) over [lo, hi]: c(lo + (hi - lo) t) = sum b_i
 * B_i,deg(t). Their convex hull holds the polynomial's graph there, so the
 * least and largest of them bound its values (Farin, "Curves and Surfaces
 * for CAGD", chapter 5). */
void cpi_poly_bernstein(const double *c, int deg, double lo, double hi, double *b);

/* The integrand for cpi_integrate. */
typedef double (*cpi_integrand)(const void *ctx, double x);

/* The most pieces an integral is split into, whatever the integrand. */
#define CPI_INTEGRATE_SPLITS 2048

/* The integral of f over [a, b] by adaptive Gauss-Kronrod quadrature (7 and
 * 15 points, QUADPACK's QK15 rule): a piece is accepted when the rule's
 * error estimate is below `tol` relative, else it is halved (at most `depth`
 * times, at most CPI_INTEGRATE_SPLITS splits in all, none once a value is
 * not finite). For the smooth integrands here one rule per piece is the rule. */
double cpi_integrate(cpi_integrand f, const void *ctx, double a, double b, double tol, int depth);

/* The same with at most `splits` splits: for an integrand whose every value
 * costs a pose (the look-at check's angular speed), where 2048 splits of 15
 * values would take a second. */
double cpi_integrate_splits(cpi_integrand f, const void *ctx, double a, double b, double tol, int depth, int splits);

/* The same, reporting each accepted piece [a, b] and its integral to `leaf`
 * in order. */
typedef void (*cpi_leaf_fn)(void *ctx, double a, double b, double value);
double cpi_integrate_leaves(cpi_integrand f, const void *ctx, double a, double b, double tol, int depth,
                            cpi_leaf_fn leaf, void *leaf_ctx);

/* One 15-point Kronrod rule over [a, b] (0 when b <= a): a smooth function
 * of a and b, which an adaptive integral is not. */
double cpi_qk15(cpi_integrand f, const void *ctx, double a, double b);

#endif /* CAMPATH_POLY_H */

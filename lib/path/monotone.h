/* SPDX-License-Identifier: MIT */
/* lib/path/monotone.h - monotone C2 interpolation by quintic Hermite pieces:
 * the time warp of smooth timing and the field of view over the path's
 * parameter (docs/math.md, section 12). Not installed.
 *
 * Each piece between knots j and j+1 is the quintic with the knots' values
 * y, first derivatives d and second derivatives a at its ends, so the
 * interpolant is C2 whatever d and a are. They start as the C2 cubic
 * spline's (where that spline is monotone the result IS that spline), are
 * made to respect each piece's direction, and are then shrunk, piece by
 * piece, until an exact test proves every piece monotone. */
#ifndef CAMPATH_MONOTONE_H
#define CAMPATH_MONOTONE_H

#include <stddef.h>

#include "campath/common.h"

/* What to interpolate. */
typedef struct cpi_mono_spec {
    size_t               n;      /* knots, >= 1 */
    const double        *x;      /* n strictly increasing abscissas */
    const double        *y;      /* n values */
    const unsigned char *stop;   /* NULL, or n flags: 1 = the slope and curvature are zero there */
    int                  closed; /* a loop: knot n is knot 0 at (x0 + px, y0 + py) */
    double               px, py;
    int                  rest;   /* open ends: 1 = zero slope at both ends, 0 = zero curvature */
    void                *work;   /* NULL, or cpi_monotone_work_size(n) bytes of scratch to use */
    const cp_allocator  *alloc;  /* for scratch when `work` is NULL */
    const double        *scale;  /* NULL, or n factors in [0, 1]: below 1, the knot's slope is scaled by it
                                    and its curvature is 0 (an eased key; 0 is a stop) */
} cpi_mono_spec;

/* Bytes of scratch cpi_monotone_build uses for n knots (callers that build
 * several can lend one block, sparing a fresh allocation each time). */
size_t cpi_monotone_work_size(size_t n);

/* Fills d[0..n-1] and a[0..n-1] so that every piece is monotone in the
 * direction of its values (constant where they are equal; a knot where the
 * direction changes gets zero slope). CP_OK, or CP_ERR_MEMORY with `error`. */
int cpi_monotone_build(const cpi_mono_spec *spec, double *d, double *a, cp_error *error);

/* Several monotone maps over the same knots (the shape's maps over u):
 * at most CPI_MONO_SHARED_MAX specs with the same n, each built as
 * cpi_monotone_build builds it, to the bit. Where they are open, over the
 * same x (pointer), with the same end condition, no stops asked for, no
 * eases and the same flat pieces, the C2 estimates share one elimination
 * and run side by side; otherwise they are built one by one. `work`:
 * cpi_monotone_shared_work_size(n) bytes (each spec's own `work` is not
 * used); the values must not be -0. */
#define CPI_MONO_SHARED_MAX 3
size_t cpi_monotone_shared_work_size(size_t n);
int    cpi_monotone_build_shared(const cpi_mono_spec *spec, size_t count, double *const *d, double *const *a,
                                 void *work, cp_error *error);

/* Whether the quintic piece of width h > 0 from (y0, d0, a0) to (y1, d1, a1)
 * is monotone: its derivative, a quartic, is >= 0 (or <= 0) on the whole
 * piece. Exact: the quartic's least value is taken at the ends or at a root
 * of its derivative, and those roots are found to full precision
 * (lib/path/poly.c); no sampling. A piece with y0 == y1 is monotone only
 * when it is constant (d0, d1, a0, a1 all zero). */
int cpi_quintic_monotone(double h, double y0, double y1, double d0, double d1, double a0, double a1);

/* The least slope, in absolute value, of a monotone piece over its width
 * (exact, as above); 0 for a flat piece. */
double cpi_quintic_min_slope(double h, double y0, double y1, double d0, double d1, double a0, double a1);

/* The quintic Hermite basis at s in [0, 1] for a piece of width h, and its
 * first and second derivatives (per unit of x), in factored form: H5 takes
 * y1, H0 = 1 - H5 takes y0, H1 and H4 the slopes (times h), H2 and H3 the
 * second derivatives (times h^2). Factored, each is accurate to its last
 * bits near both ends, where the expanded polynomials lose everything to
 * cancellation. One basis serves every function on the same piece. */
typedef struct cpi_quintic_basis {
    double s, h, ih;
    double h0, h1, h2, h3, h4, h5; /* values */
    double g1, g2, g3, g4, g5;     /* first derivatives in s */
    double f1, f2, f3, f4, f5;     /* second derivatives in s */
} cpi_quintic_basis;

static inline void cpi_quintic_basis_make(double h, double s, cpi_quintic_basis *b)
{
    const double r = 1.0 - s, s2 = s * s, s3 = s2 * s, r2 = r * r, r3 = r2 * r;
    b->s = s, b->h = h, b->ih = 1.0 / h;
    b->h5 = s3 * (10 - 15 * s + 6 * s2), b->h0 = r3 * (1 + 3 * s + 6 * s2);
    b->h1 = s * r3 * (1 + 3 * s), b->h4 = -s3 * r * (4 - 3 * s);
    b->h2 = 0.5 * s2 * r3, b->h3 = 0.5 * s3 * r2;
    b->g5 = 30 * s2 * r2, b->g1 = r2 * (1 + 2 * s - 15 * s2), b->g4 = -s2 * (12 - 28 * s + 15 * s2);
    b->g2 = 0.5 * s * r2 * (2 - 5 * s), b->g3 = 0.5 * s2 * r * (3 - 5 * s);
    b->f5 = 60 * s * r * (1 - 2 * s), b->f1 = -12 * s * r * (3 - 5 * s), b->f4 = -12 * s * r * (2 - 5 * s);
    b->f2 = r * (1 - 8 * s + 10 * s2), b->f3 = s * (3 - 12 * s + 10 * s2);
}

/* Value, first and second derivative (per unit of x) of the piece from
 * (y0, d0, a0) to (y1, d1, a1) with basis b. Exact at the knots: s = 0 gives
 * y0 and s = 1 gives y1, bit for bit; a constant piece gives y0 and zero
 * derivatives. */
static inline void cpi_quintic_apply(const cpi_quintic_basis *b, double y0, double y1, double d0, double d1,
                                     double a0, double a1, double *v, double *v1, double *v2)
{
    if (y0 == y1 && d0 == 0.0 && d1 == 0.0 && a0 == 0.0 && a1 == 0.0) {
        *v = y0;
        *v1 = *v2 = 0.0;
        return;
    }
    const double dy = y1 - y0, h = b->h, ih = b->ih;
    /* from the nearer end, so that a value near a knot is that knot's value
     * plus a small correction: rounding then never carries it past the knot */
    const double rest = h * (b->h1 * d0 + b->h4 * d1) + h * (h * (b->h2 * a0 + b->h3 * a1)); /* h * h may overflow */
    *v = b->s <= 0.5 ? y0 + (dy * b->h5 + rest) : y1 + (rest - dy * b->h0);
    *v1 = b->g5 * dy * ih + b->g1 * d0 + b->g4 * d1 + h * (b->g2 * a0 + b->g3 * a1);
    *v2 = b->f5 * dy * ih * ih + (b->f1 * d0 + b->f4 * d1) * ih + b->f2 * a0 + b->f3 * a1;
}

/* The same for one function: the basis made and applied. */
static inline void cpi_quintic_eval(double h, double y0, double y1, double d0, double d1, double a0, double a1,
                                    double s, double *v, double *v1, double *v2)
{
    cpi_quintic_basis b;
    cpi_quintic_basis_make(h, s, &b);
    cpi_quintic_apply(&b, y0, y1, d0, d1, a0, a1, v, v1, v2);
}

/* The s in [0, 1] at which the monotone piece reaches `target` (between y0
 * and y1): bisection to full precision, the first such s where the piece is
 * flat there. */
double cpi_quintic_solve(double h, double y0, double y1, double d0, double d1, double a0, double a1, double target);

#endif /* CAMPATH_MONOTONE_H */

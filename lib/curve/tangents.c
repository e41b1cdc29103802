/* SPDX-License-Identifier: MIT */
/* lib/curve/tangents.c - tangent builders: the exact C2 solve, bisector and
 * Catmull-Rom tangents, and cp_curve_build on top of them.
 *
 * The C2 system for keys at t_i with h_i = t_(i+1) - t_i and chord slopes
 * d_i = (p_(i+1) - p_i) / h_i (docs/math.md has the derivation):
 *
 *     h_i m_(i-1) + 2 (h_(i-1) + h_i) m_i + h_(i-1) m_(i+1) = 3 (h_i d_(i-1) + h_(i-1) d_i)
 *
 * is tridiagonal and strictly diagonally dominant, so the Thomas algorithm
 * solves it stably in O(n) without pivoting; a closed loop adds two corner
 * entries, removed by the Sherman-Morrison formula (two tridiagonal solves).
 *
 * The builders read keys and write tangents through strides (strided_keys), so
 * the same code serves the public array API and the curve's own records. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "curve_impl.h"
#include "base.h"

/* Keys read through strides (in doubles): times t[i * ts], values
 * v[i * vs + j], tangents written to m[i * ms + j]. */
typedef struct strided_keys {
    int           dim;
    size_t        n;
    const double *t;
    size_t        ts;
    const double *v;
    size_t        vs;
    double       *m;
    size_t        ms;
} strided_keys;

#define T(k, i) ((k)->t[(size_t)(i) * (k)->ts])
#define V(k, i) ((k)->v + (size_t)(i) * (k)->vs)
#define M(k, i) ((k)->m + (size_t)(i) * (k)->ms)

/* ---- the neighbourhood of a key (closed loops continue past both ends) ------ */

/* Key i of the sequence: key -1 is sign * key n-1 one period earlier, key n
 * is sign * key 0 one period later. */
static double seq_key(const strided_keys *k, long i, double period, double sign, double *out)
{
    double s = 1.0, t;
    size_t j;
    if (i < 0) {
        j = k->n - 1, s = sign, t = T(k, j) - period;
    } else if ((size_t)i >= k->n) {
        j = 0, s = sign, t = T(k, 0) + period;
    } else {
        j = (size_t)i, t = T(k, j);
    }
    const double *v = V(k, j);
    for (int c = 0; c < k->dim; c++)
        out[c] = s * v[c];
    return t;
}

/* ---- C2 ------------------------------------------------------------------------ */

/* Open ends: the Thomas algorithm with the matrix rows made on the fly and
 * the solution written straight into the tangents; `w` holds n doubles. */
static void c2_open(const strided_keys *k, cp_ends ends, double *w)
{
    const size_t n = k->n;
    const int dim = k->dim;
    double dprev[CP_CURVE_MAX_DIM], dnext[CP_CURVE_MAX_DIM];
    double hprev = T(k, 1) - T(k, 0);
    for (int c = 0; c < dim; c++)
        dprev[c] = (V(k, 1)[c] - V(k, 0)[c]) / hprev;
    /* row 0: natural 2 m0 + m1 = 3 d0; rest m0 = 0 */
    double *m = M(k, 0);
    if (ends == CP_ENDS_REST) {
        w[0] = 0.0;
        for (int c = 0; c < dim; c++)
            m[c] = 0.0;
    } else {
        w[0] = 0.5;
        for (int c = 0; c < dim; c++)
            m[c] = 1.5 * dprev[c];
    }
    for (size_t i = 1; i + 1 < n; i++) {
        const double hnext = T(k, i + 1) - T(k, i);
        const double *vi = V(k, i), *vn = V(k, i + 1);
        const double *mp = M(k, i - 1);
        double *mi = M(k, i);
        /* row i: sub = hnext, diag = 2 (hprev + hnext), sup = hprev */
        const double inv = 1.0 / (2.0 * (hprev + hnext) - hnext * w[i - 1]);
        w[i] = hprev * inv;
        for (int c = 0; c < dim; c++) {
            dnext[c] = (vn[c] - vi[c]) / hnext;
            mi[c] = (3.0 * (hnext * dprev[c] + hprev * dnext[c]) - hnext * mp[c]) * inv;
            dprev[c] = dnext[c];
        }
        hprev = hnext;
    }
    /* last row: natural m_(n-2) + 2 m_(n-1) = 3 d_(n-2); rest m_(n-1) = 0 */
    double *ml = M(k, n - 1);
    if (ends == CP_ENDS_REST) {
        for (int c = 0; c < dim; c++)
            ml[c] = 0.0;
    } else {
        const double *mp = M(k, n - 2);
        const double inv = 1.0 / (2.0 - w[n - 2]);
        for (int c = 0; c < dim; c++)
            ml[c] = (3.0 * dprev[c] - mp[c]) * inv;
    }
    for (size_t i = n - 1; i-- > 0;) {
        double *mi = M(k, i);
        const double *mn = M(k, i + 1);
        for (int c = 0; c < dim; c++)
            mi[c] -= w[i] * mn[c];
    }
}

/* Thomas algorithm for explicit diagonals, x (stride xs, dim columns) holding
 * the right-hand side in and the solution out; `w` holds n doubles. */
static void solve_tridiagonal(size_t n, int dim, const double *sub, const double *diag, const double *sup,
                              double *x, size_t xs, double *w)
{
    double inv = 1.0 / diag[0];
    for (int c = 0; c < dim; c++)
        x[c] *= inv;
    w[0] = sup[0] * inv;
    for (size_t i = 1; i < n; i++) {
        inv = 1.0 / (diag[i] - sub[i] * w[i - 1]);
        w[i] = sup[i] * inv;
        double *xi = x + i * xs, *xp = xi - xs;
        for (int c = 0; c < dim; c++)
            xi[c] = (xi[c] - sub[i] * xp[c]) * inv;
    }
    for (size_t i = n - 1; i-- > 0;) {
        double *xi = x + i * xs, *xn = xi + xs;
        for (int c = 0; c < dim; c++)
            xi[c] -= w[i] * xn[c];
    }
}

/* Closed loop: every row is interior, with m_(-1) = sign m_(n-1) and
 * m_n = sign m_0 giving two corner entries. `buf` holds 5 n doubles. */
static int c2_closed(const strided_keys *k, double period, double sign, double *buf, cp_error *error)
{
    const size_t n = k->n;
    const int dim = k->dim;
    if (n == 1) { /* one key: a constant (periodic) or a degenerate cubic (anti-periodic) */
        for (int c = 0; c < dim; c++)
            M(k, 0)[c] = 0.0;
        return CP_OK;
    }
    double *sub = buf, *diag = buf + n, *sup = buf + 2 * n, *w = buf + 3 * n, *z = buf + 4 * n;
    double a[CP_CURVE_MAX_DIM], b[CP_CURVE_MAX_DIM], dprev[CP_CURVE_MAX_DIM], dnext[CP_CURVE_MAX_DIM];
    double ta = seq_key(k, -1, period, sign, a), tb = seq_key(k, 0, period, sign, b);
    double hprev = tb - ta;
    for (int c = 0; c < dim; c++)
        dprev[c] = (b[c] - a[c]) / hprev;
    for (size_t i = 0; i < n; i++) {
        double tn = seq_key(k, (long)i + 1, period, sign, a);
        double hnext = tn - tb;
        for (int c = 0; c < dim; c++)
            dnext[c] = (a[c] - b[c]) / hnext;
        sub[i] = hnext;
        diag[i] = 2.0 * (hprev + hnext);
        sup[i] = hprev;
        double *mi = M(k, i);
        for (int c = 0; c < dim; c++)
            mi[c] = 3.0 * (hnext * dprev[c] + hprev * dnext[c]);
        memcpy(dprev, dnext, sizeof dprev);
        memcpy(b, a, sizeof b);
        tb = tn;
        hprev = hnext;
    }
    const double alpha = sign * sub[0];    /* A[0][n-1] */
    const double beta = sign * sup[n - 1]; /* A[n-1][0] */
    double *m0 = M(k, 0), *m1 = M(k, 1), *ml = M(k, n - 1);
    if (n == 2) { /* the corners fall on the off-diagonal: solve the 2x2 directly */
        double a00 = diag[0], a01 = sup[0] + alpha, a10 = sub[1] + beta, a11 = diag[1];
        double det = a00 * a11 - a01 * a10, scale = 1.0;
        if (!isfinite(det)) { /* spacings beyond 1e154 (a loop over a parameter, not time): scaled */
            scale = fmax(fmax(fabs(a00), fabs(a01)), fmax(fabs(a10), fabs(a11)));
            a00 /= scale, a01 /= scale, a10 /= scale, a11 /= scale;
            det = a00 * a11 - a01 * a10;
        }
        /* det is 3 (h0 + h1)^2 for a loop, 4 (h0 + h1)^2 - (h1 - h0)^2 anti-periodic: never 0 */
        if (!(fabs(det) > 0))
            return cpi_error_set(error, CP_ERR_INVALID, "tangents: singular closed system");
        for (int c = 0; c < dim; c++) {
            double r0 = m0[c], r1 = m1[c];
            m0[c] = (a11 * r0 - a01 * r1) / det / scale;
            m1[c] = (a00 * r1 - a10 * r0) / det / scale;
        }
        return CP_OK;
    }
    /* Sherman-Morrison: A = T + u v^T with u = (gamma, 0.., beta), v = (1, 0.., alpha/gamma). */
    const double gamma = -diag[0];
    diag[0] -= gamma;
    const double ab = alpha * beta; /* beyond 1e154 apart the product overflows: divide first */
    diag[n - 1] -= isfinite(ab) ? ab / gamma : alpha * (beta / gamma);
    memset(z, 0, n * sizeof *z);
    z[0] = gamma;
    z[n - 1] = beta;
    solve_tridiagonal(n, dim, sub, diag, sup, m0, k->ms, w);
    solve_tridiagonal(n, 1, sub, diag, sup, z, 1, w);
    const double vz = z[0] + alpha / gamma * z[n - 1];
    for (int c = 0; c < dim; c++) {
        double f = (m0[c] + alpha / gamma * ml[c]) / (1.0 + vz);
        for (size_t i = 0; i < n; i++)
            M(k, i)[c] -= f * z[i];
    }
    return CP_OK;
}

static int c2(const strided_keys *k, cp_ends ends, double period, double sign, cp_error *error)
{
    if (k->n == 1 && ends != CP_ENDS_CLOSED) {
        memset(M(k, 0), 0, (size_t)k->dim * sizeof(double));
        return CP_OK;
    }
    int closed = ends == CP_ENDS_CLOSED;
    double *buf = cpi_alloc_large(k->n, (closed ? 5 : 1) * sizeof *buf);
    if (!buf)
        return cpi_error_set(error, CP_ERR_MEMORY, "tangents: out of memory for %zu keys", k->n);
    int rc = CP_OK;
    if (closed)
        rc = c2_closed(k, period, sign, buf, error);
    else
        c2_open(k, ends, buf);
    free(buf);
    return rc;
}

/* ---- local tangents (bisector, Catmull-Rom) ------------------------------------- */

typedef void (*inner_fn)(int dim, double ta, const double *a, const double *p, double tb, const double *b,
                         double *out);

/* Bisector: direction of (unit chord in + unit chord out), length = the two
 * chords' total length over their total time (a mean speed). At a reversal
 * the two unit chords cancel and the tangent is zero: no overshoot. */
static void bisector_tangent(int dim, double ta, const double *a, const double *p, double tb, const double *b,
                             double *out)
{
    double ca[CP_CURVE_MAX_DIM], cb[CP_CURVE_MAX_DIM], la = 0, lb = 0;
    for (int c = 0; c < dim; c++) {
        ca[c] = p[c] - a[c];
        cb[c] = b[c] - p[c];
        la += ca[c] * ca[c];
        lb += cb[c] * cb[c];
    }
    la = sqrt(la), lb = sqrt(lb);
    double dir[CP_CURVE_MAX_DIM], ld = 0;
    for (int c = 0; c < dim; c++) {
        dir[c] = (la > 0 ? ca[c] / la : 0.0) + (lb > 0 ? cb[c] / lb : 0.0);
        ld += dir[c] * dir[c];
    }
    ld = sqrt(ld);
    double speed = (la + lb) / (tb - ta);
    for (int c = 0; c < dim; c++)
        out[c] = ld > 1e-12 ? dir[c] / ld * speed : 0.0;
}

static void catmull_rom_tangent(int dim, double ta, const double *a, const double *p, double tb, const double *b,
                                double *out)
{
    (void)p;
    for (int c = 0; c < dim; c++)
        out[c] = (b[c] - a[c]) / (tb - ta);
}

/* Natural end for a Hermite segment: zero acceleration at the end key, given
 * the tangent at the other key: m_end = (3 d - m_other) / 2. */
static void natural_end(const strided_keys *k, size_t seg, const double *other, double *out)
{
    const double h = T(k, seg + 1) - T(k, seg);
    for (int c = 0; c < k->dim; c++)
        out[c] = 0.5 * (3.0 * (V(k, seg + 1)[c] - V(k, seg)[c]) / h - other[c]);
}

static void local_tangents(const strided_keys *k, cp_ends ends, double period, double sign, inner_fn inner)
{
    const size_t n = k->n;
    const int dim = k->dim;
    const int closed = ends == CP_ENDS_CLOSED;
    double a[CP_CURVE_MAX_DIM], b[CP_CURVE_MAX_DIM];
    for (size_t i = 0; i < n; i++) {
        if (!closed && (i == 0 || i + 1 == n)) {
            memset(M(k, i), 0, (size_t)dim * sizeof(double));
            continue;
        }
        double ta = seq_key(k, (long)i - 1, period, sign, a);
        double tb = seq_key(k, (long)i + 1, period, sign, b);
        inner(dim, ta, a, V(k, i), tb, b, M(k, i));
    }
    if (closed || ends == CP_ENDS_REST || n == 1)
        return;
    if (n == 2) { /* natural at both ends: the straight line */
        for (int c = 0; c < dim; c++)
            M(k, 0)[c] = M(k, 1)[c] = (V(k, 1)[c] - V(k, 0)[c]) / (T(k, 1) - T(k, 0));
        return;
    }
    natural_end(k, 0, M(k, 1), M(k, 0));
    natural_end(k, n - 2, M(k, n - 2), M(k, n - 1));
}

/* ---- entry points ------------------------------------------------------------------- */

/* The tangents of one builder for the keys `k` describes. */
static int build_tangents(cp_interp interp, const strided_keys *k, cp_ends ends, double period, double seam_sign,
                          cp_error *error)
{
    switch (interp) {
    case CP_INTERP_C2:
        return c2(k, ends, period, seam_sign, error);
    case CP_INTERP_BISECTOR:
        local_tangents(k, ends, period, seam_sign, bisector_tangent);
        return CP_OK;
    case CP_INTERP_CATMULL_ROM:
        local_tangents(k, ends, period, seam_sign, catmull_rom_tangent);
        return CP_OK;
    default:
        return cpi_error_set(error, CP_ERR_INVALID, "tangents: interpolation %d has no tangents", (int)interp);
    }
}

static int check_args(int dim, size_t count, const double *times, const double *values, cp_ends ends,
                      double period, double seam_sign, const double *tangents, cp_error *error)
{
    if (dim < 1 || dim > CP_CURVE_MAX_DIM)
        return cpi_error_set(error, CP_ERR_INVALID, "tangents: dimension %d is outside 1..%d", dim,
                             CP_CURVE_MAX_DIM);
    if (count < 1 || !times || !values || !tangents)
        return cpi_error_set(error, CP_ERR_INVALID, "tangents: keys, values and output are required");
    if ((unsigned)ends > (unsigned)CP_ENDS_CLOSED)
        return cpi_error_set(error, CP_ERR_INVALID, "tangents: unknown ends %d", (int)ends);
    for (size_t i = 1; i < count; i++)
        if (!(times[i] > times[i - 1]))
            return cpi_error_set(error, CP_ERR_INVALID, "tangents: key %zu: time %.17g is not after %.17g", i,
                                 times[i], times[i - 1]);
    if (ends == CP_ENDS_CLOSED && !(period > times[count - 1] - times[0]))
        return cpi_error_set(error, CP_ERR_INVALID, "tangents: period %.17g must exceed the key span %.17g",
                             period, times[count - 1] - times[0]);
    if (ends == CP_ENDS_CLOSED && seam_sign != 1.0 && seam_sign != -1.0)
        return cpi_error_set(error, CP_ERR_INVALID, "tangents: seam sign %g is not 1 or -1", seam_sign);
    return CP_OK;
}

static int array_tangents(cp_interp interp, int dim, size_t count, const double *times, const double *values,
                          cp_ends ends, double period, double seam_sign, double *tangents, cp_error *error)
{
    int rc = check_args(dim, count, times, values, ends, period, seam_sign, tangents, error);
    if (rc != CP_OK)
        return rc;
    strided_keys k = {dim, count, times, 1, values, (size_t)dim, tangents, (size_t)dim};
    rc = build_tangents(interp, &k, ends, period, ends == CP_ENDS_CLOSED ? seam_sign : 1.0, error);
    if (rc == CP_OK)
        cpi_error_clear(error);
    return rc;
}

cp_status cp_tangents_c2(int dim, size_t count, const double *times, const double *values, cp_ends ends, double period,
                   double seam_sign, double *tangents, cp_error *error)
{
    return array_tangents(CP_INTERP_C2, dim, count, times, values, ends, period, seam_sign, tangents, error);
}

cp_status cp_tangents_bisector(int dim, size_t count, const double *times, const double *values, cp_ends ends,
                               double period, double seam_sign, double *tangents, cp_error *error)
{
    return array_tangents(CP_INTERP_BISECTOR, dim, count, times, values, ends, period, seam_sign, tangents, error);
}

cp_status cp_tangents_catmull_rom(int dim, size_t count, const double *times, const double *values, cp_ends ends,
                                  double period, double seam_sign, double *tangents, cp_error *error)
{
    return array_tangents(CP_INTERP_CATMULL_ROM, dim, count, times, values, ends, period, seam_sign, tangents,
                          error);
}

int cpi_curve_solve(cp_curve *c, cp_interp interp, cp_ends ends, cp_error *error)
{
    const size_t s = (size_t)c->stride;
    strided_keys k = {c->dim, c->count, c->rec, s, c->rec + 1, s, c->rec + c->tin, s};
    int rc = build_tangents(interp, &k, ends, c->period, c->seam_sign, error);
    if (rc == CP_OK && c->tout != c->tin)
        for (size_t i = 0; i < c->count; i++)
            memcpy(c->rec + i * s + c->tout, c->rec + i * s + c->tin, (size_t)c->dim * sizeof(double));
    if (rc == CP_OK)
        cpi_curve_seam(c);
    return rc;
}

cp_curve_mode cpi_interp_mode(cp_interp interp)
{
    return interp == CP_INTERP_LINEAR ? CP_CURVE_LINEAR : interp == CP_INTERP_STEP ? CP_CURVE_STEP : CP_CURVE_CUBIC;
}

int cpi_check_keys(int dim, size_t count, const double *times, const double *values, cp_ends ends, double period,
                   cp_error *error)
{
    cp_curve_desc desc = {0};
    desc.dim = dim;
    desc.count = count;
    desc.times = times;
    desc.values = values;
    desc.period = ends == CP_ENDS_CLOSED ? period : 0.0;
    if (ends == CP_ENDS_CLOSED && !(period > 0))
        return cpi_error_set(error, CP_ERR_INVALID, "curve: closed ends need a period > 0, got %g", period);
    return cpi_curve_validate(&desc, error);
}

cp_curve *cp_curve_build(int dim, size_t count, const double *times, const double *values, cp_interp interp,
                         cp_ends ends, double period, cp_error *error)
{
    if ((unsigned)interp > (unsigned)CP_INTERP_STEP) {
        cpi_error_set(error, CP_ERR_INVALID, "curve: unknown interpolation %d", (int)interp);
        return NULL;
    }
    if ((unsigned)ends > (unsigned)CP_ENDS_CLOSED) {
        cpi_error_set(error, CP_ERR_INVALID, "curve: unknown ends %d", (int)ends);
        return NULL;
    }
    if (cpi_check_keys(dim, count, times, values, ends, period, error) != CP_OK)
        return NULL;
    const cp_curve_mode mode = cpi_interp_mode(interp);
    cp_curve *c = cpi_curve_alloc(dim, count, mode, 0, 0, ends == CP_ENDS_CLOSED ? period : 0.0, 0, error);
    if (!c)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        double *r = c->rec + i * (size_t)c->stride;
        r[0] = times[i];
        memcpy(r + 1, values + i * (size_t)dim, (size_t)dim * sizeof *r);
        memset(r + c->tin, 0, (size_t)dim * sizeof *r);
    }
    if ((mode == CP_CURVE_CUBIC && cpi_curve_solve(c, interp, ends, error) != CP_OK) ||
        cpi_curve_finish(c, NULL, error) != CP_OK) {
        cp_curve_destroy(c);
        return NULL;
    }
    cpi_error_clear(error);
    return c;
}

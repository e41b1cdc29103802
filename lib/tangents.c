/* lib/tangents.c - tangent builders: the exact C2 solve, bisector and
 * Catmull-Rom tangents, and cp_curve_build on top of them.
 *
 * The C2 system for keys at t_i with h_i = t_(i+1) - t_i and chord slopes
 * d_i = (p_(i+1) - p_i) / h_i (docs/math.md has the derivation):
 *
 *     h_i m_(i-1) + 2 (h_(i-1) + h_i) m_i + h_(i-1) m_(i+1) = 3 (h_i d_(i-1) + h_(i-1) d_i)
 *
 * is tridiagonal and strictly diagonally dominant, so the Thomas algorithm
 * solves it stably in O(n) without pivoting; a closed loop adds two corner
 * entries, removed by the Sherman-Morrison formula (two tridiagonal solves). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "curve_impl.h"
#include "internal.h"

/* ---- the neighbourhood of a key -------------------------------------------- */

/* Keys as a sequence that continues past both ends when closed: key -1 is
 * seam_sign * key n-1 one period earlier, key n is seam_sign * key 0 one
 * period later. */
typedef struct keyseq {
    int            dim;
    size_t         n;
    const double  *t;
    const double  *v;
    int            closed;
    double         period;
    double         sign;
} keyseq;

static double seq_time(const keyseq *s, long i)
{
    if (i < 0)
        return s->t[s->n - 1] - s->period;
    if ((size_t)i >= s->n)
        return s->t[0] + s->period;
    return s->t[i];
}

static void seq_value(const keyseq *s, long i, double *out)
{
    double k = 1.0;
    size_t j = (size_t)i;
    if (i < 0) {
        j = s->n - 1;
        k = s->sign;
    } else if ((size_t)i >= s->n) {
        j = 0;
        k = s->sign;
    }
    for (int c = 0; c < s->dim; c++)
        out[c] = k * s->v[j * (size_t)s->dim + (size_t)c];
}

/* Chord slope d_i = (p_(i+1) - p_i) / h_i. */
static double seq_slope(const keyseq *s, long i, double *out)
{
    double a[CP_CURVE_MAX_DIM], b[CP_CURVE_MAX_DIM];
    double h = seq_time(s, i + 1) - seq_time(s, i);
    seq_value(s, i, a);
    seq_value(s, i + 1, b);
    for (int c = 0; c < s->dim; c++)
        out[c] = (b[c] - a[c]) / h;
    return h;
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

static keyseq make_seq(int dim, size_t count, const double *times, const double *values, cp_ends ends,
                       double period, double seam_sign)
{
    keyseq s = {dim, count, times, values, ends == CP_ENDS_CLOSED, period, seam_sign};
    if (!s.closed)
        s.sign = 1.0;
    return s;
}

/* ---- tridiagonal solvers ---------------------------------------------------- */

/* Solves sub[i] x[i-1] + diag[i] x[i] + sup[i] x[i+1] = rhs[i] (Thomas
 * algorithm) for `dim` right-hand sides stored row after row in x (rhs in,
 * solution out). `work` holds n doubles. The systems here are diagonally
 * dominant, so no pivoting is needed. */
static void solve_tridiagonal(size_t n, int dim, const double *sub, const double *diag, const double *sup,
                              double *x, double *work)
{
    double beta = diag[0];
    for (int c = 0; c < dim; c++)
        x[c] /= beta;
    for (size_t i = 1; i < n; i++) {
        work[i] = sup[i - 1] / beta;
        beta = diag[i] - sub[i] * work[i];
        double *xi = x + i * (size_t)dim, *xp = xi - dim;
        for (int c = 0; c < dim; c++)
            xi[c] = (xi[c] - sub[i] * xp[c]) / beta;
    }
    for (size_t i = n - 1; i-- > 0;) {
        double *xi = x + i * (size_t)dim, *xn = xi + dim;
        for (int c = 0; c < dim; c++)
            xi[c] -= work[i + 1] * xn[c];
    }
}

/* ---- C2 ----------------------------------------------------------------------- */

static int c2_open(const keyseq *s, cp_ends ends, double *m, double *buf)
{
    const size_t n = s->n;
    const int dim = s->dim;
    double *sub = buf, *diag = buf + n, *sup = buf + 2 * n, *work = buf + 3 * n;
    double dprev[CP_CURVE_MAX_DIM], dnext[CP_CURVE_MAX_DIM];
    double hprev = seq_slope(s, 0, dprev);
    /* first row */
    sub[0] = 0.0;
    if (ends == CP_ENDS_REST) {
        diag[0] = 1.0, sup[0] = 0.0;
        for (int c = 0; c < dim; c++)
            m[c] = 0.0;
    } else { /* natural: p''(t_0) = 0  <=>  2 m_0 + m_1 = 3 d_0 */
        diag[0] = 2.0, sup[0] = 1.0;
        for (int c = 0; c < dim; c++)
            m[c] = 3.0 * dprev[c];
    }
    for (size_t i = 1; i + 1 < n; i++) {
        double hnext = seq_slope(s, (long)i, dnext);
        sub[i] = hnext;
        diag[i] = 2.0 * (hprev + hnext);
        sup[i] = hprev;
        for (int c = 0; c < dim; c++)
            m[i * (size_t)dim + (size_t)c] = 3.0 * (hnext * dprev[c] + hprev * dnext[c]);
        memcpy(dprev, dnext, sizeof dprev);
        hprev = hnext;
    }
    /* last row; dprev is now d_(n-2) */
    sup[n - 1] = 0.0;
    double *ml = m + (n - 1) * (size_t)dim;
    if (ends == CP_ENDS_REST) {
        sub[n - 1] = 0.0, diag[n - 1] = 1.0;
        for (int c = 0; c < dim; c++)
            ml[c] = 0.0;
    } else { /* m_(n-2) + 2 m_(n-1) = 3 d_(n-2) */
        sub[n - 1] = 1.0, diag[n - 1] = 2.0;
        for (int c = 0; c < dim; c++)
            ml[c] = 3.0 * dprev[c];
    }
    solve_tridiagonal(n, dim, sub, diag, sup, m, work);
    return CP_OK;
}

/* Closed loop: rows i = 0..n-1 all interior, with m_(-1) = sign m_(n-1) and
 * m_n = sign m_0 giving corner entries. */
static int c2_closed(const keyseq *s, double *m, double *buf, cp_error *error)
{
    const size_t n = s->n;
    const int dim = s->dim;
    double dprev[CP_CURVE_MAX_DIM], dnext[CP_CURVE_MAX_DIM];
    if (n == 1) { /* one key: a constant (periodic) or a degenerate cubic (anti-periodic) */
        for (int c = 0; c < dim; c++)
            m[c] = 0.0;
        return CP_OK;
    }
    double *sub = buf, *diag = buf + n, *sup = buf + 2 * n, *work = buf + 3 * n;
    double hprev = seq_slope(s, -1, dprev);
    for (size_t i = 0; i < n; i++) {
        double hnext = seq_slope(s, (long)i, dnext);
        sub[i] = hnext;
        diag[i] = 2.0 * (hprev + hnext);
        sup[i] = hprev;
        for (int c = 0; c < dim; c++)
            m[i * (size_t)dim + (size_t)c] = 3.0 * (hnext * dprev[c] + hprev * dnext[c]);
        memcpy(dprev, dnext, sizeof dprev);
        hprev = hnext;
    }
    const double alpha = s->sign * sub[0];     /* A[0][n-1] */
    const double beta = s->sign * sup[n - 1];  /* A[n-1][0] */
    if (n == 2) { /* the corners fall on the off-diagonal: solve the 2x2 directly */
        double a = diag[0], b = sup[0] + alpha, cc = sub[1] + beta, d = diag[1];
        double det = a * d - b * cc;
        if (!(fabs(det) > 0))
            return cpi_error_set(error, CP_ERR_INVALID, "tangents: singular closed system");
        for (int c = 0; c < dim; c++) {
            double r0 = m[c], r1 = m[dim + c];
            m[c] = (d * r0 - b * r1) / det;
            m[dim + c] = (a * r1 - cc * r0) / det;
        }
        return CP_OK;
    }
    /* Sherman-Morrison: A = T + u v^T with u = (gamma, 0.., beta), v = (1, 0.., alpha/gamma). */
    const double gamma = -diag[0];
    diag[0] -= gamma;
    diag[n - 1] -= alpha * beta / gamma;
    double *z = buf + 4 * n;
    memset(z, 0, n * sizeof *z);
    z[0] = gamma;
    z[n - 1] = beta;
    solve_tridiagonal(n, dim, sub, diag, sup, m, work);
    solve_tridiagonal(n, 1, sub, diag, sup, z, work);
    const double vz = z[0] + alpha / gamma * z[n - 1];
    const double denom = 1.0 + vz;
    for (int c = 0; c < dim; c++) {
        double vy = m[c] + alpha / gamma * m[(n - 1) * (size_t)dim + (size_t)c];
        double f = vy / denom;
        for (size_t i = 0; i < n; i++)
            m[i * (size_t)dim + (size_t)c] -= f * z[i];
    }
    return CP_OK;
}

int cp_tangents_c2(int dim, size_t count, const double *times, const double *values, cp_ends ends,
                   double period, double seam_sign, double *tangents, cp_error *error)
{
    int rc = check_args(dim, count, times, values, ends, period, seam_sign, tangents, error);
    if (rc != CP_OK)
        return rc;
    keyseq s = make_seq(dim, count, times, values, ends, period, seam_sign);
    if (count == 1 && !s.closed) {
        memset(tangents, 0, (size_t)dim * sizeof *tangents);
        cpi_error_clear(error);
        return CP_OK;
    }
    double *buf = cpi_alloc_array(count, 5 * sizeof *buf);
    if (!buf)
        return cpi_error_set(error, CP_ERR_MEMORY, "tangents: out of memory for %zu keys", count);
    rc = s.closed ? c2_closed(&s, tangents, buf, error) : c2_open(&s, ends, tangents, buf);
    free(buf);
    if (rc == CP_OK)
        cpi_error_clear(error);
    return rc;
}

/* ---- local tangents (bisector, Catmull-Rom) ---------------------------------------- */

typedef void (*inner_tangent_fn)(const keyseq *s, long i, double *out);

/* Bisector: direction of (unit chord in + unit chord out), length = the two
 * chords' total length over their total time (a mean speed). At a reversal
 * the two unit chords cancel and the tangent is zero: no overshoot. */
static void bisector_tangent(const keyseq *s, long i, double *out)
{
    double a[CP_CURVE_MAX_DIM], b[CP_CURVE_MAX_DIM], p[CP_CURVE_MAX_DIM];
    seq_value(s, i - 1, a);
    seq_value(s, i, p);
    seq_value(s, i + 1, b);
    double la = 0, lb = 0;
    for (int c = 0; c < s->dim; c++) {
        a[c] = p[c] - a[c];
        b[c] = b[c] - p[c];
        la += a[c] * a[c];
        lb += b[c] * b[c];
    }
    la = sqrt(la), lb = sqrt(lb);
    double dir[CP_CURVE_MAX_DIM], ld = 0;
    for (int c = 0; c < s->dim; c++) {
        dir[c] = (la > 0 ? a[c] / la : 0.0) + (lb > 0 ? b[c] / lb : 0.0);
        ld += dir[c] * dir[c];
    }
    ld = sqrt(ld);
    double speed = (la + lb) / (seq_time(s, i + 1) - seq_time(s, i - 1));
    for (int c = 0; c < s->dim; c++)
        out[c] = ld > 1e-12 ? dir[c] / ld * speed : 0.0;
}

static void catmull_rom_tangent(const keyseq *s, long i, double *out)
{
    double a[CP_CURVE_MAX_DIM], b[CP_CURVE_MAX_DIM];
    seq_value(s, i - 1, a);
    seq_value(s, i + 1, b);
    double dt = seq_time(s, i + 1) - seq_time(s, i - 1);
    for (int c = 0; c < s->dim; c++)
        out[c] = (b[c] - a[c]) / dt;
}

/* Natural end for a Hermite segment: zero acceleration at the end key, given
 * the tangent at the other key: m_end = (3 d - m_other) / 2. */
static void natural_end(const keyseq *s, long seg, const double *other, double *out)
{
    double d[CP_CURVE_MAX_DIM];
    seq_slope(s, seg, d);
    for (int c = 0; c < s->dim; c++)
        out[c] = 0.5 * (3.0 * d[c] - other[c]);
}

static int local_tangents(int dim, size_t count, const double *times, const double *values, cp_ends ends,
                          double period, double seam_sign, double *m, cp_error *error, inner_tangent_fn inner)
{
    int rc = check_args(dim, count, times, values, ends, period, seam_sign, m, error);
    if (rc != CP_OK)
        return rc;
    keyseq s = make_seq(dim, count, times, values, ends, period, seam_sign);
    const size_t d = (size_t)dim;
    if (s.closed) {
        for (size_t i = 0; i < count; i++)
            inner(&s, (long)i, m + i * d);
    } else if (count == 1 || ends == CP_ENDS_REST) {
        memset(m, 0, count * d * sizeof *m);
        for (size_t i = 1; i + 1 < count; i++)
            inner(&s, (long)i, m + i * d);
    } else if (count == 2) { /* natural at both ends: the straight line */
        seq_slope(&s, 0, m);
        memcpy(m + d, m, d * sizeof *m);
    } else {
        for (size_t i = 1; i + 1 < count; i++)
            inner(&s, (long)i, m + i * d);
        natural_end(&s, 0, m + d, m);
        natural_end(&s, (long)count - 2, m + (count - 2) * d, m + (count - 1) * d);
    }
    cpi_error_clear(error);
    return CP_OK;
}

int cp_tangents_bisector(int dim, size_t count, const double *times, const double *values, cp_ends ends,
                         double period, double seam_sign, double *tangents, cp_error *error)
{
    return local_tangents(dim, count, times, values, ends, period, seam_sign, tangents, error, bisector_tangent);
}

int cp_tangents_catmull_rom(int dim, size_t count, const double *times, const double *values, cp_ends ends,
                            double period, double seam_sign, double *tangents, cp_error *error)
{
    return local_tangents(dim, count, times, values, ends, period, seam_sign, tangents, error,
                          catmull_rom_tangent);
}

/* ---- cp_curve_build ------------------------------------------------------------------ */

int cpi_build_tangents(cp_interp interp, int dim, size_t count, const double *times, const double *values,
                       cp_ends ends, double period, double seam_sign, double *tangents, cp_error *error)
{
    switch (interp) {
    case CP_INTERP_C2:
        return cp_tangents_c2(dim, count, times, values, ends, period, seam_sign, tangents, error);
    case CP_INTERP_BISECTOR:
        return cp_tangents_bisector(dim, count, times, values, ends, period, seam_sign, tangents, error);
    case CP_INTERP_CATMULL_ROM:
        return cp_tangents_catmull_rom(dim, count, times, values, ends, period, seam_sign, tangents, error);
    default:
        return cpi_error_set(error, CP_ERR_INVALID, "tangents: interpolation %d has no tangents", (int)interp);
    }
}

cp_curve_mode cpi_interp_mode(cp_interp interp)
{
    return interp == CP_INTERP_LINEAR ? CP_CURVE_LINEAR : interp == CP_INTERP_STEP ? CP_CURVE_STEP : CP_CURVE_CUBIC;
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
    cp_curve_desc desc = {0};
    desc.dim = dim;
    desc.count = count;
    desc.times = times;
    desc.values = values;
    desc.mode = cpi_interp_mode(interp);
    desc.period = ends == CP_ENDS_CLOSED ? period : 0.0;
    if (ends == CP_ENDS_CLOSED && !(period > 0)) {
        cpi_error_set(error, CP_ERR_INVALID, "curve: closed ends need a period > 0, got %g", period);
        return NULL;
    }
    if (cpi_curve_validate(&desc, error) != CP_OK)
        return NULL;
    double *m = NULL;
    if (desc.mode == CP_CURVE_CUBIC) {
        m = cpi_alloc_array(count, (size_t)dim * sizeof *m);
        if (!m) {
            cpi_error_set(error, CP_ERR_MEMORY, "curve: out of memory for %zu keys", count);
            return NULL;
        }
        if (cpi_build_tangents(interp, dim, count, times, values, ends, period, 1.0, m, error) != CP_OK) {
            free(m);
            return NULL;
        }
        desc.in_tangents = m;
        desc.out_tangents = m;
    }
    cp_curve *c = cp_curve_create(&desc, error);
    free(m);
    return c;
}

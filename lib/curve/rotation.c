/* SPDX-License-Identifier: MIT */
/* lib/curve/rotation.c - orientation curves: unit quaternions splined in R^4.
 *
 * Keys are normalised and put in one hemisphere chain (each key on the same
 * side as the one before), the R^4 curve is built with the same tangent
 * builders as positions, and samples are mapped back to S^3 by normalising
 * (Vlachos and Isidoro, "Smooth C2 quaternion-based flythrough paths", Game
 * Programming Gems 2). Normalising is smooth away from the origin, so the
 * guard below keeps every segment provably away from it: with the segment in
 * Bezier form b0..b3 and m a unit vector, if m . b_k >= rho for every k then
 * m . p(u) >= rho (convex hull), so |p(u)| >= rho (ARCHITECTURE.md, docs/math.md).
 * A segment that fails even after subdivision gets its slerp midpoint as a
 * new key, and the tangents are solved again. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curve_impl.h"
#include "base.h"
#include "dtoa.h"

/* |p| >= CPI_ROT_RHO is certified on every segment, or keys are inserted. */
#define CPI_ROT_RHO 0.35
/* After CPI_ROT_ROUNDS rounds of insertion, below this the input is rejected. */
#define CPI_ROT_RHO_MIN 0.05
#define CPI_ROT_ROUNDS 8
#define CPI_ROT_SUBDIVISIONS 10

typedef struct rotkeys {
    size_t  n, cap;
    double *t;      /* n times */
    double *v;      /* 4 n values */
    size_t *origin; /* index of the given key at or before each key */
} rotkeys;

static void rotkeys_free(rotkeys *k)
{
    free(k->t);
    free(k->v);
    free(k->origin);
    memset(k, 0, sizeof *k);
}

static int rotkeys_reserve(rotkeys *k, size_t cap)
{
    if (cap <= k->cap)
        return 0;
    double *t = realloc(k->t, cap * sizeof *t);
    if (t)
        k->t = t;
    double *v = cpi_alloc_array(cap, 4 * sizeof *v);
    size_t *o = cpi_alloc_array(cap, sizeof *o);
    if (!t || !v || !o) {
        free(v);
        free(o);
        return -1;
    }
    if (k->n) {
        memcpy(v, k->v, k->n * 4 * sizeof *v);
        memcpy(o, k->origin, k->n * sizeof *o);
    }
    free(k->v);
    free(k->origin);
    k->v = v;
    k->origin = o;
    k->cap = cap;
    return 0;
}

/* Is |p(u)| >= rho on the cubic Bezier b[0..3] in R^4? Certified by the
 * convex hull test with m = the unit direction of the piece's midpoint: if
 * m . b_k >= rho for every control point then m . p(u) >= rho, so
 * |p(u)| >= rho. Where that fails the piece is split in halves (de Casteljau)
 * and each half gets its own m, up to `depth` times; the test then converges
 * to the true minimum of |p|, so a segment that swings far out but stays
 * away from the origin is not split for nothing. */
static int bezier_clear(double b[4][4], double rho, int depth)
{
    double mid[4], len = 0;
    for (int j = 0; j < 4; j++) {
        mid[j] = (b[0][j] + 3.0 * (b[1][j] + b[2][j]) + b[3][j]) / 8.0;
        len += mid[j] * mid[j];
    }
    len = sqrt(len);
    if (!(len >= rho)) /* a point of the curve itself is too close */
        return 0;
    double lo = INFINITY;
    for (int k = 0; k < 4; k++) {
        double c = 0;
        for (int j = 0; j < 4; j++)
            c += mid[j] / len * b[k][j];
        lo = fmin(lo, c);
    }
    if (lo >= rho)
        return 1;
    if (depth == 0)
        return 0;
    double left[4][4], right[4][4];
    for (int j = 0; j < 4; j++) {
        double ab = 0.5 * (b[0][j] + b[1][j]), bc = 0.5 * (b[1][j] + b[2][j]), cd = 0.5 * (b[2][j] + b[3][j]);
        double abc = 0.5 * (ab + bc), bcd = 0.5 * (bc + cd);
        left[0][j] = b[0][j], left[1][j] = ab, left[2][j] = abc, left[3][j] = mid[j];
        right[0][j] = mid[j], right[1][j] = bcd, right[2][j] = cd, right[3][j] = b[3][j];
    }
    return bezier_clear(left, rho, depth - 1) && bezier_clear(right, rho, depth - 1);
}

/* The guard for the Hermite segment from (pa, ma) to (pb, mb), h seconds long. */
static int segment_clear(const double *pa, const double *ma, const double *pb, const double *mb, double h,
                         double rho)
{
    double b[4][4];
    for (int j = 0; j < 4; j++) {
        b[0][j] = pa[j];
        b[1][j] = pa[j] + h * ma[j] / 3.0;
        b[2][j] = pb[j] - h * mb[j] / 3.0;
        b[3][j] = pb[j];
    }
    return bezier_clear(b, rho, CPI_ROT_SUBDIVISIONS);
}

/* Key i of the chain continued across the seam (i == n is sign * key 0). */
static void chain_key(const rotkeys *k, size_t i, double sign, double period, double *t, double *v)
{
    double s = 1.0;
    if (i == k->n) {
        i = 0;
        s = sign;
        *t = k->t[0] + period;
    } else {
        *t = k->t[i];
    }
    for (int j = 0; j < 4; j++)
        v[j] = s * k->v[4 * i + (size_t)j];
}

/* Inserts the slerp midpoint (in time and angle) of every failing segment. */
static int insert_midpoints(rotkeys *k, const unsigned char *fail, size_t nseg, size_t nfail, double sign,
                            double period, const char *time_name, cp_error *error)
{
    rotkeys out = {0};
    if (rotkeys_reserve(&out, k->n + nfail) != 0) {
        rotkeys_free(&out);
        return cpi_error_set(error, CP_ERR_MEMORY, "rotation: out of memory");
    }
    for (size_t i = 0; i < k->n; i++) {
        out.t[out.n] = k->t[i];
        memcpy(out.v + 4 * out.n, k->v + 4 * i, 4 * sizeof *out.v);
        out.origin[out.n++] = k->origin[i];
        if (i < nseg && fail[i]) {
            double ta, tb, pa[4], pb[4], mid[4], len = 0;
            chain_key(k, i, sign, period, &ta, pa);
            chain_key(k, i + 1, sign, period, &tb, pb);
            double tm = 0.5 * (ta + tb);
            if (!(tm > ta && tm < tb)) {
                /* the times are at fault, not the rotations: name the later key's time */
                const size_t a = k->origin[i], b = i + 1 < k->n ? k->origin[i + 1] : 0;
                char f[64], b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
                rotkeys_free(&out);
                snprintf(f, sizeof f, "keys[%zu].%s", b, time_name);
                return cpi_error_at(error, CP_ERR_INVALID, (long)b, f,
                                    "%s is too close to keys[%zu].%s %s to split the rotation between them, "
                                    "which comes near the singularity of the quaternion map",
                                    cpi_fmt_double(b1, tb), a, time_name, cpi_fmt_double(b2, ta));
            }
            for (int j = 0; j < 4; j++) {
                mid[j] = pa[j] + pb[j];
                len += mid[j] * mid[j];
            }
            len = sqrt(len);
            out.t[out.n] = tm;
            for (int j = 0; j < 4; j++)
                out.v[4 * out.n + (size_t)j] = mid[j] / len;
            out.origin[out.n++] = k->origin[i];
        }
    }
    rotkeys_free(k);
    *k = out;
    return CP_OK;
}

/* Reads, checks, normalises and hemisphere-aligns the given keys into the
 * records of `c` (times and values). */
static int load_keys(cp_curve *c, size_t count, const double *times, size_t ts, const cp_quat *rot, size_t qs,
                     cp_error *error)
{
    char f[64], bx[CPI_FMT_DOUBLE_SIZE], by[CPI_FMT_DOUBLE_SIZE], bz[CPI_FMT_DOUBLE_SIZE], bw[CPI_FMT_DOUBLE_SIZE],
        bl[CPI_FMT_DOUBLE_SIZE];
    const char *tb = (const char *)times, *qb = (const char *)rot;
    double prev[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < count; i++) {
        double t;
        cp_quat q;
        memcpy(&t, tb + i * ts, sizeof t);
        memcpy(&q, qb + i * qs, sizeof q);
        double len = cp_quat_length(q);
        if (!(len > 1e-150) || !isfinite(len))
            snprintf(f, sizeof f, "keys[%zu].rotation", i); /* an error follows */
        if (!isfinite(q.x) || !isfinite(q.y) || !isfinite(q.z) || !isfinite(q.w))
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, f, "(%s, %s, %s, %s) is not made of finite numbers",
                                cpi_fmt_double(bx, q.x), cpi_fmt_double(by, q.y), cpi_fmt_double(bz, q.z),
                                cpi_fmt_double(bw, q.w));
        if (!(len > 1e-150) || !isfinite(len))
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, f, "(%s, %s, %s, %s) has length %s and gives no "
                                "orientation", cpi_fmt_double(bx, q.x), cpi_fmt_double(by, q.y),
                                cpi_fmt_double(bz, q.z), cpi_fmt_double(bw, q.w), cpi_fmt_double(bl, len));
        q = cp_quat_scale(q, 1.0 / len);
        if (q.x * prev[0] + q.y * prev[1] + q.z * prev[2] + q.w * prev[3] < 0)
            q = cp_quat_neg(q);
        double *r = c->rec + i * (size_t)c->stride;
        r[0] = t;
        r[1] = prev[0] = q.x, r[2] = prev[1] = q.y, r[3] = prev[2] = q.z, r[4] = prev[3] = q.w;
    }
    return CP_OK;
}

/* The guard over every segment of a built curve (records hold keys and tangents). */
static size_t curve_failing(const cp_curve *c, double rho, unsigned char *fail)
{
    size_t count = 0;
    for (size_t i = 0; i < c->nseg; i++) {
        const double *a = c->rec + i * (size_t)c->stride, *b = a + c->stride;
        int bad = !segment_clear(a + 1, a + c->tout, b + 1, b + c->tin, b[0] - a[0], rho);
        if (fail)
            fail[i] = (unsigned char)bad;
        count += (size_t)bad;
    }
    return count;
}

/* A curve from rotkeys, tangents solved (the slow path's rounds). */
static cp_curve *curve_from(const rotkeys *k, cp_interp interp, cp_ends ends, double period, double sign,
                            cp_error *error)
{
    cp_curve *c = cpi_curve_alloc(4, k->n, CP_CURVE_CUBIC, 1, 0, ends == CP_ENDS_CLOSED ? period : 0.0, 0, error);
    if (!c)
        return NULL;
    c->seam_sign = sign;
    for (size_t i = 0; i < k->n; i++) {
        double *r = c->rec + i * (size_t)c->stride;
        r[0] = k->t[i];
        memcpy(r + 1, k->v + 4 * i, 4 * sizeof *r);
    }
    if (cpi_curve_solve(c, interp, ends, error) != CP_OK || cpi_curve_finish(c, NULL, error) != CP_OK) {
        cp_curve_destroy(c);
        return NULL;
    }
    return c;
}

/* Rounds of midpoint insertion until every segment passes the guard. `c` is
 * the plain curve (taken over); returns the guarded one or NULL. */
static cp_curve *insert_until_clear(cp_curve *c, cp_interp interp, cp_ends ends, double period,
                                    const char *time_name, cp_error *error)
{
    const double sign = c->seam_sign;
    const int closed = ends == CP_ENDS_CLOSED;
    rotkeys k = {0};
    unsigned char *fail = NULL;
    if (rotkeys_reserve(&k, c->count) != 0) {
        cpi_error_set(error, CP_ERR_MEMORY, "rotation: out of memory for %zu keys", c->count);
        goto fail;
    }
    for (size_t i = 0; i < c->count; i++) {
        k.t[i] = CPI_TIME(c, i);
        memcpy(k.v + 4 * i, CPI_VALUE(c, i), 4 * sizeof *k.v);
        k.origin[i] = i;
    }
    k.n = c->count;
    for (int round = 0;; round++) {
        const size_t nseg = closed ? k.n : k.n - 1;
        free(fail);
        fail = malloc(nseg + 1);
        if (!fail) {
            cpi_error_set(error, CP_ERR_MEMORY, "rotation: out of memory for %zu keys", k.n);
            goto fail;
        }
        size_t nfail = curve_failing(c, CPI_ROT_RHO, fail);
        if (nfail == 0)
            break;
        if (round == CPI_ROT_ROUNDS) {
            if (curve_failing(c, CPI_ROT_RHO_MIN, fail) == 0)
                break;
            size_t i = 0;
            while (!fail[i])
                i++;
            /* name the given keys around the failing segment (inserted keys carry
             * the index of the given key before them) */
            const size_t given = k.origin[k.n - 1] + 1;
            size_t a = k.origin[i], b = a + 1 < given ? a + 1 : 0;
            char f[64];
            snprintf(f, sizeof f, "keys[%zu].rotation", a);
            cpi_error_at(error, CP_ERR_INVALID, (long)a, f,
                         "the rotation spline to keys[%zu] passes too close to the singularity of the quaternion "
                         "map even after inserting keys; space these key times more evenly or add a key between "
                         "them",
                         b);
            goto fail;
        }
        if (insert_midpoints(&k, fail, nseg, nfail, sign, period, time_name, error) != CP_OK)
            goto fail;
        cp_curve_destroy(c);
        c = curve_from(&k, interp, ends, period, sign, error);
        if (!c)
            goto fail;
    }
    free(fail);
    rotkeys_free(&k);
    return c;
fail:
    free(fail);
    rotkeys_free(&k);
    cp_curve_destroy(c);
    return NULL;
}

cp_curve *cpi_rotation_build(size_t count, const double *times, size_t tstride, const cp_quat *rotations,
                             size_t qstride, cp_interp interp, cp_ends ends, double period,
                             const cp_curve *index_from, const char *time_name, cp_error *error)
{
    const int closed = ends == CP_ENDS_CLOSED;
    const cp_curve_mode mode = cpi_interp_mode(interp);
    cp_curve *c = cpi_curve_alloc(4, count, mode, 1, 0, closed ? period : 0.0, 0, error);
    if (!c)
        return NULL;
    if (load_keys(c, count, times, tstride, rotations, qstride, error) != CP_OK) {
        cp_curve_destroy(c);
        return NULL;
    }
    /* a closed chain that comes back on the other side is anti-periodic */
    const double *first = CPI_VALUE(c, 0), *last = CPI_VALUE(c, count - 1);
    double seam_dot = first[0] * last[0] + first[1] * last[1] + first[2] * last[2] + first[3] * last[3];
    c->seam_sign = closed && seam_dot < 0 ? -1.0 : 1.0;
    if (mode != CP_CURVE_CUBIC) {
        for (size_t i = 0; i < count; i++)
            memset(c->rec + i * (size_t)c->stride + c->tin, 0, 4 * sizeof(double));
    } else if (cpi_curve_solve(c, interp, ends, error) != CP_OK) {
        cp_curve_destroy(c);
        return NULL;
    } else if (curve_failing(c, CPI_ROT_RHO, NULL) > 0) {
        return insert_until_clear(c, interp, ends, period, time_name, error);
    }
    if (cpi_curve_finish(c, index_from, error) != CP_OK) {
        cp_curve_destroy(c);
        return NULL;
    }
    return c;
}

cp_curve *cp_curve_build_rotation(size_t count, const double *times, const cp_quat *rotations, cp_interp interp,
                                  cp_ends ends, double period, cp_error *error)
{
    if ((unsigned)interp > (unsigned)CP_INTERP_STEP || (unsigned)ends > (unsigned)CP_ENDS_CLOSED) {
        cpi_error_set(error, CP_ERR_INVALID, "rotation: unknown interpolation %d or ends %d", (int)interp,
                      (int)ends);
        return NULL;
    }
    if (count < 1 || !times || !rotations) {
        cpi_error_set(error, CP_ERR_INVALID, "rotation: at least 1 key is needed");
        return NULL;
    }
    /* times and period as any curve's (values are checked key by key while loading) */
    if (cpi_check_keys(1, count, times, times, ends, period, error) != CP_OK)
        return NULL;
    cp_curve *c = cpi_rotation_build(count, times, sizeof *times, rotations, sizeof *rotations, interp, ends, period,
                                     NULL, "time", error);
    if (c)
        cpi_error_clear(error);
    return c;
}

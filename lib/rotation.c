/* lib/rotation.c - orientation curves: unit quaternions splined in R^4.
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
#include <stdlib.h>
#include <string.h>

#include "curve_impl.h"
#include "internal.h"

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
static void chain_key(const rotkeys *k, const double *m, size_t i, double sign, double period, double *t,
                      double *v, double *mi)
{
    double s = 1.0;
    if (i == k->n) {
        i = 0;
        s = sign;
        *t = k->t[0] + period;
    } else {
        *t = k->t[i];
    }
    for (int j = 0; j < 4; j++) {
        v[j] = s * k->v[4 * i + (size_t)j];
        mi[j] = m ? s * m[4 * i + (size_t)j] : 0.0;
    }
}

/* Marks the segments that fail the guard at `rho`; returns how many. */
static size_t find_failing(const rotkeys *k, const double *m, size_t nseg, double sign, double period, double rho,
                           unsigned char *fail)
{
    size_t count = 0;
    for (size_t i = 0; i < nseg; i++) {
        double ta, tb, pa[4], pb[4], ma[4], mb[4];
        chain_key(k, m, i, sign, period, &ta, pa, ma);
        chain_key(k, m, i + 1, sign, period, &tb, pb, mb);
        fail[i] = !segment_clear(pa, ma, pb, mb, tb - ta, rho);
        count += fail[i];
    }
    return count;
}

/* Inserts the slerp midpoint (in time and angle) of every failing segment. */
static int insert_midpoints(rotkeys *k, const unsigned char *fail, size_t nseg, size_t nfail, double sign,
                            double period, cp_error *error)
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
            double ta, tb, pa[4], pb[4], unused[4], mid[4], len = 0;
            chain_key(k, NULL, i, sign, period, &ta, pa, unused);
            chain_key(k, NULL, i + 1, sign, period, &tb, pb, unused);
            double tm = 0.5 * (ta + tb);
            if (!(tm > ta && tm < tb)) {
                rotkeys_free(&out);
                return cpi_error_set(error, CP_ERR_INVALID,
                                     "keys[%zu].rotation: keys too close in time (%.17g, %.17g) to split a "
                                     "segment that comes near the rotation singularity",
                                     k->origin[i], ta, tb);
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

/* Loads, checks, normalises and hemisphere-aligns the given keys. */
static int load_keys(rotkeys *k, size_t count, const double *times, const cp_quat *rot, cp_error *error)
{
    if (rotkeys_reserve(k, count) != 0)
        return cpi_error_set(error, CP_ERR_MEMORY, "rotation: out of memory for %zu keys", count);
    for (size_t i = 0; i < count; i++) {
        cp_quat q = rot[i];
        if (!isfinite(q.x) || !isfinite(q.y) || !isfinite(q.z) || !isfinite(q.w))
            return cpi_error_set(error, CP_ERR_INVALID,
                                 "keys[%zu].rotation: (%g, %g, %g, %g) is not made of finite numbers", i, q.x, q.y,
                                 q.z, q.w);
        double len = cp_quat_length(q);
        if (!(len > 1e-150) || !isfinite(len))
            return cpi_error_set(error, CP_ERR_INVALID,
                                 "keys[%zu].rotation: (%g, %g, %g, %g) has length %g and gives no orientation", i,
                                 q.x, q.y, q.z, q.w, len);
        q = cp_quat_scale(q, 1.0 / len);
        if (i > 0) {
            const double *p = k->v + 4 * (i - 1);
            if (q.x * p[0] + q.y * p[1] + q.z * p[2] + q.w * p[3] < 0)
                q = cp_quat_neg(q);
        }
        k->t[i] = times[i];
        k->v[4 * i + 0] = q.x, k->v[4 * i + 1] = q.y, k->v[4 * i + 2] = q.z, k->v[4 * i + 3] = q.w;
        k->origin[i] = i;
    }
    k->n = count;
    return CP_OK;
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
    const int closed = ends == CP_ENDS_CLOSED;
    cp_curve_desc desc = {0};
    desc.dim = 4;
    desc.rotation = 1;
    desc.mode = cpi_interp_mode(interp);
    desc.period = closed ? period : 0.0;
    desc.count = count;
    desc.times = times;
    if (closed && !(period > 0)) {
        cpi_error_set(error, CP_ERR_INVALID, "rotation: closed ends need a period > 0, got %g", period);
        return NULL;
    }

    rotkeys k = {0};
    double *m = NULL;
    unsigned char *fail = NULL;
    cp_curve *curve = NULL;
    if (load_keys(&k, count, times, rotations, error) != CP_OK)
        goto done;
    desc.values = k.v;
    if (cpi_curve_validate(&desc, error) != CP_OK)
        goto done;
    /* a closed chain that comes back on the other side is anti-periodic */
    double seam_dot = 0;
    for (int j = 0; j < 4; j++)
        seam_dot += k.v[4 * (count - 1) + (size_t)j] * k.v[j];
    const double sign = closed && seam_dot < 0 ? -1.0 : 1.0;

    if (desc.mode == CP_CURVE_CUBIC) {
        for (int round = 0;; round++) {
            const size_t nseg = closed ? k.n : k.n - 1;
            free(m);
            free(fail);
            m = cpi_alloc_array(k.n, 4 * sizeof *m);
            fail = malloc(nseg + 1);
            if (!m || !fail) {
                cpi_error_set(error, CP_ERR_MEMORY, "rotation: out of memory for %zu keys", k.n);
                goto done;
            }
            if (cpi_build_tangents(interp, 4, k.n, k.t, k.v, ends, period, sign, m, error) != CP_OK)
                goto done;
            size_t nfail = find_failing(&k, m, nseg, sign, period, CPI_ROT_RHO, fail);
            if (nfail == 0)
                break;
            if (round == CPI_ROT_ROUNDS) {
                if (find_failing(&k, m, nseg, sign, period, CPI_ROT_RHO_MIN, fail) == 0)
                    break;
                size_t i = 0;
                while (!fail[i])
                    i++;
                size_t a = k.origin[i], b = i + 1 < k.n ? k.origin[i + 1] : 0;
                if (b == a)
                    b = a + 1 < count ? a + 1 : 0;
                cpi_error_set(error, CP_ERR_INVALID,
                              "keys[%zu]..keys[%zu].rotation: the rotation spline passes too close to the "
                              "singularity of the quaternion map even after inserting keys; space these key "
                              "times more evenly or add a key between them",
                              a, b);
                goto done;
            }
            if (insert_midpoints(&k, fail, nseg, nfail, sign, period, error) != CP_OK)
                goto done;
        }
        desc.in_tangents = m;
        desc.out_tangents = m;
    }
    desc.count = k.n;
    desc.times = k.t;
    desc.values = k.v;
    desc.antiperiodic = sign < 0;
    curve = cp_curve_create(&desc, error);
done:
    free(m);
    free(fail);
    rotkeys_free(&k);
    return curve;
}

/* SPDX-License-Identifier: MIT */
/* lib/path/shape_eval.c - the channels of a smooth or constant-speed path
 * at a value of the shape's parameter u: each channel's map of u (a
 * monotone quintic) and its curve over that map (docs/math.md, section 12),
 * and the inverse of the position's map. */
#include <math.h>
#include <stddef.h>

#include "curve_impl.h"
#include "monotone.h"
#include "path_layout.h"
#include "shape_eval.h"

/* One of the maps (sp, sr, f) between two u-knots, with the segment's basis. */
static void map_eval(const cpi_uknot *a, const cpi_uknot *b, size_t field, const cpi_quintic_basis *q,
                     double out[3])
{
    const double *va = (const double *)((const char *)a + field), *vb = (const double *)((const char *)b + field);
    cpi_quintic_apply(q, va[0], vb[0], va[1], vb[1], va[2], vb[2], &out[0], &out[1], &out[2]);
}

/* A channel curve at parameter x, starting the segment search at knot i
 * (inserted rotation keys may lie between two u-knots). */
static void curve_at(const cp_curve *c, size_t i, double x, double sign, double *v, double *d1, double *d2)
{
    if (c->nseg == 0) {
        cpi_curve_eval(c, 0, x, sign, v, d1, d2);
        return;
    }
    if (i >= c->nseg)
        i = c->nseg - 1;
    /* strictly: at a knot, the segment that ends there (its end is exact,
     * and the warp asks for a left limit only through the earlier u-segment) */
    while (i + 1 < c->nseg && CPI_TIME(c, i + 1) < x)
        i++;
    if (c->mode != CP_CURVE_CUBIC || (c->dim != 3 && c->dim != 4)) {
        cpi_curve_eval(c, i, x, sign, v, d1, d2);
        return;
    }
    /* the common case inline, as the keys-timing sampler has it */
    double h, ih;
    const double u = cpi_segment_u(c, i, x, &h, &ih);
    cpi_basis B;
    cpi_basis_make2(h, ih, u, &B);
    if (c->dim == 3)
        cpi_cubic_apply(3, c, i, &B, sign, v, d1, d2);
    else
        cpi_cubic_apply(4, c, i, &B, sign, v, d1, d2);
}

/* The u-segment and position on it used for u in u-segment k (the last knot
 * is the end of the last segment). Returns 0 when there is no segment. */
static int locate(const cpi_shape *s, int loop, size_t k, double u, size_t *seg, double *sl)
{
    const size_t nseg = loop ? s->nu : s->nu - 1;
    if (nseg == 0) {
        *seg = 0, *sl = 0;
        return 0;
    }
    if (k >= nseg) {
        *seg = nseg - 1, *sl = 1.0;
        return 1;
    }
    *seg = k;
    const double v = (u - s->uk[k].u) / (s->uk[k + 1].u - s->uk[k].u);
    *sl = v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
    return 1;
}

/* The scalar channels the path has at u in u-segment seg (at fraction sl;
 * `moves`: the segment is not empty), with the segment's quintic basis. */
static void scalar_eval(const cp_path *p, size_t seg, double u, int moves, const cpi_quintic_basis *q,
                        double x[CPI_X_COUNT][3])
{
    const cpi_shape *s = p->shape;
    for (int c = 0; c < CPI_X_COUNT; c++) {
        if (!(p->xmask & CPI_X_BIT(c)))
            continue;
        if (!s->x_mono[c]) {
            curve_at(p->xc[c], seg, moves ? u : s->uk[0].u, 1.0, &x[c][0], &x[c][1], &x[c][2]);
            continue;
        }
        const double *a = s->xk[seg].v[c];
        if (!moves) {
            x[c][0] = a[0], x[c][1] = x[c][2] = 0.0;
            continue;
        }
        const double *b = s->xk[seg + 1].v[c];
        cpi_quintic_apply(q, a[0], b[0], a[1], b[1], a[2], b[2], &x[c][0], &x[c][1], &x[c][2]);
    }
}

void cpi_shape_eval(const cp_path *p, size_t k, double u, double sign, double pos[3][3], double rot[3][4],
                    double fov[3], double x[CPI_X_COUNT][3])
{
    const cpi_shape *s = p->shape;
    double sp[3] = {s->uk[0].sp[0], 0, 0}, sr[3] = {s->uk[0].sr[0], 0, 0}, f[3] = {s->uk[0].f[0], 0, 0};
    size_t seg;
    double sl;
    const int moves = locate(s, p->opts.ends == CP_ENDS_CLOSED && s->total > 0, k, u, &seg, &sl);
    cpi_quintic_basis q;
    if (moves) {
        const cpi_uknot *a = &s->uk[seg], *b = &s->uk[seg + 1];
        cpi_quintic_basis_make(b->u - a->u, sl, &q);
        map_eval(a, b, offsetof(cpi_uknot, sp), &q, sp);
        map_eval(a, b, offsetof(cpi_uknot, sr), &q, sr);
        if (s->fov_mono)
            map_eval(a, b, offsetof(cpi_uknot, f), &q, f);
    }
    double v[4], d1[4], d2[4];
    curve_at(p->pos, s->uk[seg].pseg, sp[0], 1.0, v, d1, d2);
    for (int j = 0; j < 3; j++) {
        pos[0][j] = v[j];
        pos[1][j] = d1[j] * sp[1];
        pos[2][j] = d2[j] * sp[1] * sp[1] + d1[j] * sp[2];
    }
    /* a look-at path's target curve is over the rotation's slots: sigma_t */
    const int dim = p->rot ? 4 : 3;
    curve_at(p->rot ? p->rot : p->target, s->uk[seg].rseg, sr[0], sign, v, d1, d2);
    for (int j = 0; j < dim; j++) {
        rot[0][j] = v[j];
        rot[1][j] = d1[j] * sr[1];
        rot[2][j] = d2[j] * sr[1] * sr[1] + d1[j] * sr[2];
    }
    if (dim == 3)
        rot[0][3] = rot[1][3] = rot[2][3] = 0.0;
    if (s->fov_mono) {
        fov[0] = f[0], fov[1] = f[1], fov[2] = f[2];
    } else {
        curve_at(p->fov, seg, moves ? u : s->uk[0].u, 1.0, fov, fov + 1, fov + 2);
    }
    if (x)
        scalar_eval(p, seg, u, moves, &q, x);
}

void cpi_shape_eval_rotation(const cp_path *p, size_t k, double u, double sign, double rot[3][4])
{
    /* cpi_shape_eval's rotation, operation for operation */
    const cpi_shape *s = p->shape;
    double sr[3] = {s->uk[0].sr[0], 0, 0};
    size_t seg;
    double sl;
    if (locate(s, p->opts.ends == CP_ENDS_CLOSED && s->total > 0, k, u, &seg, &sl)) {
        const cpi_uknot *a = &s->uk[seg], *b = &s->uk[seg + 1];
        cpi_quintic_basis q;
        cpi_quintic_basis_make(b->u - a->u, sl, &q);
        map_eval(a, b, offsetof(cpi_uknot, sr), &q, sr);
    }
    double v[4], d1[4], d2[4];
    curve_at(p->rot, s->uk[seg].rseg, sr[0], sign, v, d1, d2);
    for (int j = 0; j < 4; j++) {
        rot[0][j] = v[j];
        rot[1][j] = d1[j] * sr[1];
        rot[2][j] = d2[j] * sr[1] * sr[1] + d1[j] * sr[2];
    }
}

double cpi_shape_sigma(const cp_path *p, size_t k, double u, size_t *pseg)
{
    const cpi_shape *s = p->shape;
    size_t seg;
    double sl, sp[3] = {s->uk[0].sp[0], 0, 0};
    if (locate(s, p->opts.ends == CP_ENDS_CLOSED && s->total > 0, k, u, &seg, &sl)) {
        cpi_quintic_basis q;
        cpi_quintic_basis_make(s->uk[seg + 1].u - s->uk[seg].u, sl, &q);
        map_eval(&s->uk[seg], &s->uk[seg + 1], offsetof(cpi_uknot, sp), &q, sp);
    }
    const cp_curve *c = p->pos;
    size_t i = s->uk[seg].pseg;
    if (c->nseg == 0)
        i = 0;
    else if (i >= c->nseg)
        i = c->nseg - 1;
    while (i + 1 < c->nseg && CPI_TIME(c, i + 1) < sp[0])
        i++;
    *pseg = i;
    return sp[0];
}

double cpi_shape_u_at_sigma(const cp_path *p, double sigma, size_t *k)
{
    const cpi_shape *s = p->shape;
    const size_t nseg = p->opts.ends == CP_ENDS_CLOSED && s->total > 0 ? s->nu : s->nu - 1;
    *k = 0;
    if (nseg == 0 || !(sigma > s->uk[0].sp[0]))
        return s->uk[0].u;
    size_t lo = 0, hi = nseg - 1; /* the first segment whose end reaches sigma */
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (s->uk[mid + 1].sp[0] >= sigma)
            hi = mid;
        else
            lo = mid + 1;
    }
    const cpi_uknot *a = &s->uk[lo], *b = &s->uk[lo + 1];
    const double h = b->u - a->u;
    const double sl = cpi_quintic_solve(h, a->sp[0], b->sp[0], a->sp[1], b->sp[1], a->sp[2], b->sp[2], sigma);
    *k = lo;
    return sl >= 1.0 ? b->u : a->u + sl * h;
}

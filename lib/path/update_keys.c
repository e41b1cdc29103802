/* SPDX-License-Identifier: MIT */
/* lib/path/update_keys.c - cp_path_update in keys timing: the records of
 * the window's inner keys spliced into the path's curves, which are
 * indexed by key and absolute in time. */
#include <math.h>
#include <string.h>

#include "curve_impl.h"
#include "update_impl.h"

/* The spacing of record i's knot from its neighbours (the nearer one), and
 * the magnitude of the values around it. */
static void seam_scale(const cp_curve *c, size_t i, double *h, double *magnitude)
{
    const size_t from = i > 0 ? i - 1 : 0, to = i + 1 < c->count ? i + 1 : i;
    *h = INFINITY, *magnitude = 1.0;
    for (size_t k = from; k <= to; k++) {
        const double *r = c->rec + k * (size_t)c->stride;
        if (k > from)
            *h = fmin(*h, r[0] - r[-c->stride]);
        for (int j = 1; j < c->tin; j++)
            *magnitude = fmax(*magnitude, fabs(r[j]));
    }
}

/* Whether record i of `p` and record i - a of `sub` (times `sign`) agree
 * at a seam: the same value (a rotation's to rounding), tangents within
 * the tolerance. */
static int seam_agrees(const cp_curve *p, const cp_curve *sub, size_t i, size_t a, double sign)
{
    const double *r = p->rec + i * (size_t)p->stride, *s = sub->rec + (i - a) * (size_t)sub->stride;
    double h, magnitude;
    seam_scale(p, i, &h, &magnitude);
    for (int j = 1; j < p->stride; j++)
        if (!cpi_update_agree(sign * s[j], r[j], j >= p->tin, h, magnitude))
            return 0;
    return 1;
}

/* The curves of a keys-timing rotation path that hold a record per key. */
static int curves_of(const cp_path *p, cp_curve *out[3 + CPI_X_COUNT])
{
    int m = 0;
    out[m++] = p->pos, out[m++] = p->fov, out[m++] = p->rot;
    for (int c = 0; c < CPI_X_COUNT; c++)
        if (p->xc[c])
            out[m++] = p->xc[c];
    return m;
}

/* The sign that puts the window's rotation records in the path's
 * hemisphere at key a (the window chains its quaternions from its own
 * first key), or 0 when they are not the same key. */
static double rotation_sign(const cp_curve *p, const cp_curve *sub, size_t a)
{
    const double *r = p->rec + a * (size_t)p->stride + 1, *s = sub->rec + 1;
    const double sign = r[0] * s[0] + r[1] * s[1] + r[2] * s[2] + r[3] * s[3] < 0 ? -1.0 : 1.0;
    for (int j = 0; j < 4; j++)
        if (!cpi_update_agree(sign * s[j], r[j], 0, 1.0, 1.0))
            return 0.0;
    return sign;
}

int cpi_update_keys(cp_path *p, const cp_path *sub, const cpi_update_window *w, double changed[2])
{
    const size_t n = p->count, nw = w->b - w->a + 1;
    if (!p->rot || !p->rot_shared || !sub->rot || sub->rot->count != nw)
        return 0; /* the rotation guard inserted keys: the records do not line up */
    cp_curve *pc[3 + CPI_X_COUNT], *sc[3 + CPI_X_COUNT];
    const int m = curves_of(p, pc);
    if (curves_of(sub, sc) != m)
        return 0;
    /* from the path's first key both chain the same keys */
    const double sign = w->a == 0 ? 1.0 : rotation_sign(p->rot, sub->rot, w->a);
    if (sign == 0.0)
        return 0;
    /* the seams: where the path's own records meet the window's */
    for (int c = 0; c < m; c++) {
        const double sg = pc[c] == p->rot ? sign : 1.0;
        if (pc[c]->stride != sc[c]->stride || pc[c]->count != n || sc[c]->count != nw)
            return 0;
        if (w->lo > 0 && !seam_agrees(pc[c], sc[c], w->lo, w->a, sg))
            return 0;
        if (w->hi < n - 1 && !seam_agrees(pc[c], sc[c], w->hi, w->a, sg))
            return 0;
        /* past the window the hemisphere chain must go on as it did */
        if (pc[c] == p->rot && w->hi < n - 1 && !seam_agrees(pc[c], sc[c], w->hi + 1, w->a, sg))
            return 0;
    }
    /* the splice */
    for (int c = 0; c < m; c++) {
        cp_curve *pcur = pc[c];
        const size_t stride = (size_t)pcur->stride;
        double *dst = pcur->rec + w->lo * stride;
        const double *src = sc[c]->rec + (w->lo - w->a) * stride;
        const size_t len = (w->hi - w->lo + 1) * stride;
        if (pc[c] == p->rot && sign < 0) {
            for (size_t k = 0; k < len; k++)
                dst[k] = k % stride == 0 ? src[k] : -src[k];
        } else {
            memcpy(dst, src, len * sizeof *dst);
        }
    }
    memcpy(p->keys + w->lo, sub->keys + (w->lo - w->a), (w->hi - w->lo + 1) * sizeof *p->keys);
    const double t0 = p->keys[w->lo > 0 ? w->lo - 1 : 0].time, t1 = p->keys[w->hi < n - 1 ? w->hi + 1 : n - 1].time;
    for (int c = 0; c < m; c++)
        cpi_curve_reslice(pc[c], t0, t1);
    changed[0] = t0, changed[1] = t1;
    return 1;
}

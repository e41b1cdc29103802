/* SPDX-License-Identifier: MIT */
/* lib/path/update_shape.c - cp_path_update in smooth timing. The window's
 * u-knots, channel curves and warp pieces are spliced into the path's; its
 * parameters (u, sigma_p, sigma_r) start at 0 at the window's first key, so
 * they are offset by the path's values there, and every knot after the
 * window shifts by what the window changed its parameters by: the same
 * shape, further along u (docs/math.md, "Editing a long path"). */
#include <math.h>
#include <string.h>

#include "curve_impl.h"
#include "update_impl.h"
#include "warp.h"

/* Where the window's records land in the path's: u-knot, position and
 * rotation knots of the window's first key; its first warp record; the
 * window's records of the inner keys (u-knots, = curve knots) and warp
 * records; the offsets of the parameters, the rotation's sign. */
typedef struct splice {
    size_t ka, pa, ra, ja;
    size_t klo, khi, wlo, whi;
    double u0, sp0, sr0, sign;
    double du, dsp, dsr; /* the shifts after the window (0 at the path's end) */
} splice;

static double *warp_rec(const cp_curve *w, size_t j) { return w->rec + j * (size_t)w->stride; }

/* Whether the window has neither merged keys nor inserted rotation keys: a
 * u-knot, a position knot and a rotation knot for each key. */
static int window_plain(const cp_path *sub)
{
    const cpi_shape *s = sub->shape;
    const size_t n = sub->count;
    if (s->nu != n || sub->pos->count != n || !sub->rot || sub->rot->count != n)
        return 0;
    for (size_t k = 0; k < n; k++)
        if (s->key_knot[k] != k || s->uk[k].pseg != k || s->uk[k].rseg != k)
            return 0;
    return 1;
}

/* Whether the path's keys a..b have a u-knot, position and rotation knot
 * each, in a row from those of key a. */
static int path_plain(const cp_path *p, const cpi_update_window *w, splice *sp)
{
    const cpi_shape *s = p->shape;
    const size_t nw = w->b - w->a + 1;
    sp->ka = s->key_knot[w->a];
    if (sp->ka + nw > s->nu)
        return 0;
    sp->pa = s->uk[sp->ka].pseg, sp->ra = s->uk[sp->ka].rseg;
    if (sp->pa + nw > p->pos->count || !p->rot || sp->ra + nw > p->rot->count)
        return 0;
    for (size_t i = 0; i < nw; i++) {
        const cpi_uknot *k = &s->uk[sp->ka + i];
        if (s->key_knot[w->a + i] != sp->ka + i || k->pseg != sp->pa + i || k->rseg != sp->ra + i)
            return 0;
    }
    for (int c = 0; c < CPI_X_COUNT; c++)
        if (p->xc[c] && p->xc[c]->count != s->nu)
            return 0;
    return !p->fov || p->fov->count == s->nu;
}

/* The warp records: the path's of key a, and the window's of its inner keys;
 * the window's last record must be the path's at the same place (the same
 * holds). */
static int warp_lines_up(const cp_path *p, const cp_path *sub, const cpi_update_window *w, splice *sp)
{
    const cp_curve *pw = p->shape->warp, *sw = sub->shape->warp;
    if (pw->stride != sw->stride || pw->nseg == 0)
        return 0;
    sp->ja = cpi_curve_segment(pw, p->keys[w->a].time, 0);
    const size_t ms = sw->count;
    if (CPI_TIME(pw, sp->ja) != p->keys[w->a].time || warp_rec(pw, sp->ja)[CPI_WARP_K] != (double)sp->ka ||
        sp->ja + ms > pw->count)
        return 0;
    const double *pl = warp_rec(pw, sp->ja + ms - 1), *sl = warp_rec(sw, ms - 1);
    if (pl[0] != sl[0] || pl[CPI_WARP_K] != (double)sp->ka + sl[CPI_WARP_K])
        return 0;
    sp->wlo = ms, sp->whi = 0;
    for (size_t j = 0; j < ms; j++) {
        const double k = warp_rec(sw, j)[CPI_WARP_K];
        if (k >= (double)sp->klo && k <= (double)sp->khi) {
            sp->wlo = j < sp->wlo ? j : sp->wlo;
            sp->whi = j;
        }
    }
    return sp->wlo <= sp->whi;
}

/* The sign that puts the window's rotation knots in the path's hemisphere
 * at path knot `pi` / window knot `si`, or 0 if they are not the same key. */
static double rotation_sign(const cp_curve *p, size_t pi, const cp_curve *sub, size_t si)
{
    const double *r = p->rec + pi * (size_t)p->stride + 1, *s = sub->rec + si * (size_t)sub->stride + 1;
    const double sign = r[0] * s[0] + r[1] * s[1] + r[2] * s[2] + r[3] * s[3] < 0 ? -1.0 : 1.0;
    for (int j = 0; j < 4; j++)
        if (!cpi_update_close(sign * s[j], r[j], 1.0))
            return 0.0;
    return sign;
}

/* The largest |v[field]| over entries i - 1 .. i + 1 of n, each `stride`
 * bytes on from `base`. */
static double scale_near(const void *base, size_t stride, size_t field, size_t i, size_t n)
{
    double m = 0;
    for (size_t k = i > 0 ? i - 1 : 0; k <= i + 1 && k < n; k++)
        m = fmax(m, fabs(*(const double *)((const char *)base + k * stride + field)));
    return m;
}

/* Whether the doubles at `field` agree between path entry pi and window
 * entry si (window value + offset) within the tolerance of their
 * neighbourhood in the path. */
static int field_agrees(const void *pb, size_t pn, size_t pi, const void *sb, size_t si, size_t stride, size_t field,
                        double offset)
{
    const double pv = *(const double *)((const char *)pb + pi * stride + field);
    const double sv = *(const double *)((const char *)sb + si * stride + field) + offset;
    return cpi_update_close(sv, pv, scale_near(pb, stride, field, pi, pn) + fabs(pv));
}

/* A curve's record at a seam: time (offset), value (times sign) and tangents. */
static int curve_agrees(const cp_curve *p, size_t pi, const cp_curve *s, size_t si, double offset, double sign)
{
    if (p->stride != s->stride)
        return 0;
    const size_t bytes = (size_t)p->stride * sizeof(double);
    const double *r = p->rec + pi * (size_t)p->stride, *q = s->rec + si * (size_t)s->stride;
    if (!cpi_update_close(q[0] + offset, r[0], fabs(r[0])))
        return 0;
    for (int j = 1; j < p->stride; j++) {
        double sc = 1.0 + fabs(r[j]);
        if (j >= p->tin)
            for (int t = p->tin; t < p->stride; t++)
                sc = fmax(sc, scale_near(p->rec, bytes, (size_t)t * sizeof(double), pi, p->count));
        if (!cpi_update_close(sign * q[j], r[j], sc))
            return 0;
    }
    return 1;
}

/* Everything at one seam: window key i (its knot si = i - a) against the
 * path's, warp record wj of the window. */
static int seam_agrees(const cp_path *p, const cp_path *sub, const splice *sp, size_t si, size_t wj)
{
    const cpi_shape *P = p->shape, *S = sub->shape;
    const size_t k = sp->ka + si, us = sizeof *P->uk;
    static const size_t fields[] = {offsetof(cpi_uknot, sp) + sizeof(double), offsetof(cpi_uknot, sp) + 2 * sizeof(double),
                                    offsetof(cpi_uknot, sr) + sizeof(double), offsetof(cpi_uknot, sr) + 2 * sizeof(double),
                                    offsetof(cpi_uknot, f), offsetof(cpi_uknot, f) + sizeof(double),
                                    offsetof(cpi_uknot, f) + 2 * sizeof(double)};
    if (!field_agrees(P->uk, P->nu, k, S->uk, si, us, offsetof(cpi_uknot, u), sp->u0) ||
        !field_agrees(P->uk, P->nu, k, S->uk, si, us, offsetof(cpi_uknot, sp), sp->sp0) ||
        !field_agrees(P->uk, P->nu, k, S->uk, si, us, offsetof(cpi_uknot, sr), sp->sr0))
        return 0;
    for (size_t f = 0; f < sizeof fields / sizeof *fields; f++)
        if (!field_agrees(P->uk, P->nu, k, S->uk, si, us, fields[f], 0.0))
            return 0;
    if (P->xk)
        for (size_t f = 0; f < CPI_X_COUNT * 3; f++)
            if (!field_agrees(P->xk, P->nu, k, S->xk, si, sizeof *P->xk, offsetof(cpi_xknot, v) + f * sizeof(double), 0.0))
                return 0;
    if (!curve_agrees(p->pos, sp->pa + si, sub->pos, si, sp->sp0, 1.0) ||
        !curve_agrees(p->rot, sp->ra + si, sub->rot, si, sp->sr0, sp->sign))
        return 0;
    if (p->fov && !curve_agrees(p->fov, k, sub->fov, si, sp->u0, 1.0))
        return 0;
    for (int c = 0; c < CPI_X_COUNT; c++)
        if (p->xc[c] && !curve_agrees(p->xc[c], k, sub->xc[c], si, sp->u0, 1.0))
            return 0;
    const cp_curve *pw = P->warp, *sw = S->warp;
    const size_t ws = (size_t)pw->stride * sizeof(double);
    for (size_t f = CPI_WARP_U; f <= CPI_WARP_A; f++)
        if (!field_agrees(pw->rec, pw->count, sp->ja + wj, sw->rec, wj, ws, f * sizeof(double), f == CPI_WARP_U ? sp->u0 : 0.0))
            return 0;
    return 1;
}

/* Whether the path and its window can be spliced: what lines up, the
 * seams, the hemisphere after the window. Fills `sp`. */
static int plan(const cp_path *p, const cp_path *sub, const cpi_update_window *w, splice *sp)
{
    const cpi_shape *P = p->shape, *S = sub->shape;
    const size_t n = p->count, nw = w->b - w->a + 1;
    if (P->fov_mono != S->fov_mono || memcmp(P->x_mono, S->x_mono, sizeof P->x_mono) != 0 || !!P->xk != !!S->xk ||
        !!p->fov != !!sub->fov || P->speed != 0.0)
        return 0;
    if (cpi_path_has_ease(p->keys + w->a, nw) || cpi_path_has_ease(sub->keys, nw))
        return 0; /* eased keys add warp knots of their own */
    if (!window_plain(sub) || !path_plain(p, w, sp))
        return 0;
    sp->klo = w->lo - w->a, sp->khi = w->hi - w->a;
    if (!warp_lines_up(p, sub, w, sp))
        return 0;
    const cpi_uknot *ua = &P->uk[sp->ka];
    sp->u0 = ua->u, sp->sp0 = ua->sp[0], sp->sr0 = ua->sr[0];
    if ((sp->sign = rotation_sign(p->rot, sp->ra, sub->rot, 0)) == 0.0)
        return 0;
    if (w->lo > 0 && !seam_agrees(p, sub, sp, sp->klo, sp->wlo))
        return 0;
    sp->du = sp->dsp = sp->dsr = 0.0;
    if (w->hi == n - 1)
        return 1;
    if (!seam_agrees(p, sub, sp, sp->khi, sp->whi) ||
        rotation_sign(p->rot, sp->ra + sp->khi + 1, sub->rot, sp->khi + 1) != sp->sign)
        return 0; /* the window turned the hemisphere chain after it */
    const cpi_uknot *pn = &P->uk[sp->ka + sp->khi + 1], *sn = &S->uk[sp->khi + 1], *sl = &S->uk[sp->khi];
    sp->du = (sp->u0 + sn->u) - pn->u;
    sp->dsp = (sp->sp0 + sn->sp[0]) - pn->sp[0];
    sp->dsr = (sp->sr0 + sn->sr[0]) - pn->sr[0];
    /* still increasing across the seam, and within the limit of the path's parameter */
    return sp->u0 + sl->u < pn->u + sp->du && !(sp->sp0 + sl->sp[0] > pn->sp[0] + sp->dsp) &&
           !(sp->sr0 + sl->sr[0] > pn->sr[0] + sp->dsr) && fabs(P->total + sp->du) <= CP_PATH_MAX_MAGNITUDE;
}

/* Records [from, to) of curve c from the window's (offset by `k0` records),
 * time + offset, the rest times sign. */
static void splice_curve(cp_curve *c, size_t k0, const cp_curve *s, size_t from, size_t to, double offset,
                         double sign)
{
    const size_t st = (size_t)c->stride;
    for (size_t k = from; k < to; k++) {
        double *r = c->rec + (k0 + k) * st;
        const double *q = s->rec + k * st;
        r[0] = q[0] + offset;
        for (size_t j = 1; j < st; j++)
            r[j] = sign * q[j];
    }
}

/* Adds d to the time of records `from` on, and finishes the curve's range
 * and index; else (d = 0) the index over [t0, t1] again. */
static void shift_curve(cp_curve *c, size_t from, double d, double t0, double t1)
{
    const size_t st = (size_t)c->stride;
    if (d != 0.0) {
        for (size_t k = from; k < c->count; k++)
            c->rec[k * st] += d;
        c->end = CPI_TIME(c, c->count - 1);
        cpi_curve_reslice(c, -INFINITY, INFINITY);
    } else {
        cpi_curve_reslice(c, t0, t1);
    }
}

static void splice_all(cp_path *p, const cp_path *sub, const cpi_update_window *w, const splice *sp)
{
    cpi_shape *P = p->shape;
    const cpi_shape *S = sub->shape;
    const size_t to = sp->khi + 1, tail = sp->ka + to;
    for (size_t k = sp->klo; k < to; k++) {
        cpi_uknot *u = &P->uk[sp->ka + k];
        *u = S->uk[k];
        u->u += sp->u0, u->sp[0] += sp->sp0, u->sr[0] += sp->sr0;
        u->pseg += (uint32_t)sp->pa, u->rseg += (uint32_t)sp->ra;
        if (P->xk)
            P->xk[sp->ka + k] = S->xk[k];
    }
    for (size_t k = tail; k < P->nu; k++) {
        P->uk[k].u += sp->du, P->uk[k].sp[0] += sp->dsp, P->uk[k].sr[0] += sp->dsr;
    }
    P->total = w->hi == p->count - 1 ? sp->u0 + S->total : P->total + sp->du;
    /* the curves over sigma_p, sigma_r and u */
    const size_t lo_k = sp->klo > 0 ? sp->klo - 1 : 0;
    splice_curve(p->pos, sp->pa, sub->pos, sp->klo, to, sp->sp0, 1.0);
    shift_curve(p->pos, sp->pa + to, sp->dsp, CPI_TIME(p->pos, sp->pa + lo_k), CPI_TIME(p->pos, sp->pa + to));
    splice_curve(p->rot, sp->ra, sub->rot, sp->klo, to, sp->sr0, sp->sign);
    shift_curve(p->rot, sp->ra + to, sp->dsr, CPI_TIME(p->rot, sp->ra + lo_k), CPI_TIME(p->rot, sp->ra + to));
    cp_curve *over_u[1 + CPI_X_COUNT] = {p->fov};
    const cp_curve *sub_u[1 + CPI_X_COUNT] = {sub->fov};
    for (int c = 0; c < CPI_X_COUNT; c++)
        over_u[1 + c] = p->xc[c], sub_u[1 + c] = sub->xc[c];
    for (int c = 0; c <= CPI_X_COUNT; c++)
        if (over_u[c]) {
            splice_curve(over_u[c], sp->ka, sub_u[c], sp->klo, to, sp->u0, 1.0);
            shift_curve(over_u[c], tail, sp->du, CPI_TIME(over_u[c], sp->ka + lo_k), CPI_TIME(over_u[c], tail));
        }
    /* the warp: absolute in time, its u offset; after the window u shifts */
    cp_curve *pw = P->warp;
    const cp_curve *sw = S->warp;
    for (size_t j = sp->wlo; j <= sp->whi; j++) {
        double *r = warp_rec(pw, sp->ja + j);
        memcpy(r, warp_rec(sw, j), (size_t)pw->stride * sizeof *r);
        r[CPI_WARP_U] += sp->u0;
        r[CPI_WARP_K] += (double)sp->ka, r[CPI_WARP_PSEG] += (double)sp->pa, r[CPI_WARP_RSEG] += (double)sp->ra;
    }
    if (sp->du != 0.0)
        for (size_t j = sp->ja + sp->whi + 1; j < pw->count; j++)
            warp_rec(pw, j)[CPI_WARP_U] += sp->du;
    const size_t j0 = sp->ja + sp->wlo, j1 = sp->ja + sp->whi;
    cpi_curve_reslice(pw, CPI_TIME(pw, j0 > 0 ? j0 - 1 : 0), CPI_TIME(pw, j1 + 1 < pw->count ? j1 + 1 : j1));
    memcpy(p->keys + w->lo, sub->keys + sp->klo, (w->hi - w->lo + 1) * sizeof *p->keys);
}

int cpi_update_shape(cp_path *p, const cp_path *sub, const cpi_update_window *w, double changed[2])
{
    splice sp;
    if (!p->shape || !sub->shape || !plan(p, sub, w, &sp))
        return 0;
    splice_all(p, sub, w, &sp);
    const cp_curve *pw = p->shape->warp;
    const size_t j0 = sp.ja + sp.wlo, j1 = sp.ja + sp.whi;
    changed[0] = CPI_TIME(pw, j0 > 0 ? j0 - 1 : 0);
    changed[1] = CPI_TIME(pw, j1 + 1 < pw->count ? j1 + 1 : j1);
    return 1;
}

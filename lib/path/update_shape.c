/* SPDX-License-Identifier: MIT */
/* lib/path/update_shape.c - cp_path_update in smooth timing. The window's
 * u-knots, channel curves and warp pieces are spliced into the path's (its
 * parameters u, sigma_p and sigma_r start where the path has them at the
 * window's first key: lib/path/update.c), and every knot after the window
 * shifts by what the window changed those parameters by: the same shape,
 * further along u (docs/math.md, section 23). */
#include <math.h>
#include <string.h>

#include "curve_impl.h"
#include "monotone.h"
#include "update_impl.h"
#include "warp.h"

/* Where the window's records land in the path's: u-knot, position and
 * rotation knots of the window's first key; its first warp record; the
 * window's records of the inner keys (u-knots, = curve knots) and warp
 * records; the rotation's sign. */
typedef struct splice {
    size_t ka, pa, ra, ja;
    size_t klo, khi, wlo, whi;
    double sign;
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
        if (!cpi_update_agree(sign * s[j], r[j], 0, 1.0, 1.0))
            return 0.0;
    return sign;
}

/* The spacing of knot i from its neighbours (the nearer one) among the
 * `n` values `x` reads (increasing). */
static double spacing(double (*x)(const void *, size_t), const void *ctx, size_t i, size_t n)
{
    double h = INFINITY;
    if (i > 0)
        h = x(ctx, i) - x(ctx, i - 1);
    if (i + 1 < n)
        h = fmin(h, x(ctx, i + 1) - x(ctx, i));
    return h;
}

static double uk_u(const void *s, size_t k) { return ((const cpi_shape *)s)->uk[k].u; }
static double rec_t(const void *c, size_t k) { return CPI_TIME((const cp_curve *)c, k); }

/* A u-knot's value and two derivatives (three doubles from `pv` and `sv`,
 * the window's value offset by `offset`) at a seam. */
static int jet_agrees(const double *pv, const double *sv, double offset, double h, double magnitude)
{
    return cpi_update_agree(sv[0] + offset, pv[0], 0, h, magnitude) && cpi_update_agree(sv[1], pv[1], 1, h, magnitude) &&
           cpi_update_agree(sv[2], pv[2], 2, h, magnitude);
}

/* A monotone map of a key's value (fov, focus, aperture under c2) at a
 * seam: its shaping (lib/path/monotone.c) decides by exact tests, and a
 * whole build decides otherwise too when u moves by a rounding (docs/api.md,
 * "Editing a long path"), so the window's knot may differ from the path's.
 * Where it agrees within the tolerance it is the path's (whose piece passed
 * that exact test with the path's own rounding of u: tested again, a
 * piece shrunk to the edge of monotone can fail by an ulp); else it must
 * join the path's neighbour (`nb`, at `unb` on the window's u; after the
 * window's knot when `after`) in a monotone piece, or the seam falls back.
 * The value is the key's, the same in both. */
static int map_joins(const double *pv, const double *sv, double us, const double *nb, double unb, int after,
                     double h, double magnitude)
{
    if (sv[0] != pv[0])
        return 0;
    if (jet_agrees(pv, sv, 0.0, h, magnitude))
        return 1;
    return after ? cpi_quintic_monotone(unb - us, sv[0], nb[0], sv[1], nb[1], sv[2], nb[2])
                 : cpi_quintic_monotone(us - unb, nb[0], sv[0], nb[1], sv[1], nb[2], sv[2]);
}

/* The u-knot k of the path against the window's knot si: the maps of
 * sigma_p, sigma_r, fov and the scalar channels. `after`: the window ends
 * here (the path's knot k + 1 follows), else it starts here (k - 1 comes
 * before). */
static int knot_agrees(const cpi_shape *P, size_t k, const cpi_shape *S, size_t si, const double off[3], int after)
{
    const cpi_uknot *pk = &P->uk[k], *sk = &S->uk[si];
    const double h = spacing(uk_u, P, k, P->nu);
    const double mag = 1.0 + fabs(pk->u) + fabs(pk->sp[0]) + fabs(pk->sr[0]) + fabs(pk->f[0]);
    if (!cpi_update_agree(sk->u + off[0], pk->u, 0, h, mag) || !jet_agrees(pk->sp, sk->sp, off[1], h, mag) ||
        !jet_agrees(pk->sr, sk->sr, off[2], h, mag))
        return 0;
    const size_t nb = after ? k + 1 : k - 1;
    const double unb = P->uk[nb].u - off[0];
    if (P->fov_mono ? !map_joins(pk->f, sk->f, sk->u, P->uk[nb].f, unb, after, h, mag)
                    : !jet_agrees(pk->f, sk->f, 0.0, h, mag))
        return 0;
    if (P->xk)
        for (int c = 0; c < CPI_X_COUNT; c++) {
            const double *pv = P->xk[k].v[c], *sv = S->xk[si].v[c];
            if (P->x_mono[c] ? !map_joins(pv, sv, sk->u, P->xk[nb].v[c], unb, after, h, mag + fabs(pv[0]))
                             : !jet_agrees(pv, sv, 0.0, h, mag + fabs(pv[0])))
                return 0;
        }
    return 1;
}

/* A curve's record pi against the window's si: time (offset), value (times
 * sign) and tangents. */
static int curve_agrees(const cp_curve *p, size_t pi, const cp_curve *s, size_t si, double offset, double sign)
{
    if (p->stride != s->stride)
        return 0;
    const double *r = p->rec + pi * (size_t)p->stride, *q = s->rec + si * (size_t)s->stride;
    const double h = spacing(rec_t, p, pi, p->count);
    double mag = 1.0 + fabs(r[0]);
    for (int j = 1; j < p->tin; j++)
        mag += fabs(r[j]);
    if (!cpi_update_agree(q[0] + offset, r[0], 0, h, mag))
        return 0;
    for (int j = 1; j < p->stride; j++)
        if (!cpi_update_agree(sign * q[j], r[j], j >= p->tin, h, mag))
            return 0;
    return 1;
}

/* Everything at one seam: the window's knot si against the path's, and
 * warp record wj of the window; the window's parameters (u, sigma_p,
 * sigma_r) offset by off[]. */
static int seam_agrees(const cp_path *p, const cp_path *sub, const splice *sp, size_t si, size_t wj, const double off[3],
                       int after)
{
    const cpi_shape *P = p->shape, *S = sub->shape;
    const size_t k = sp->ka + si;
    if (!knot_agrees(P, k, S, si, off, after) || !curve_agrees(p->pos, sp->pa + si, sub->pos, si, off[1], 1.0) ||
        !curve_agrees(p->rot, sp->ra + si, sub->rot, si, off[2], sp->sign))
        return 0;
    if (p->fov && !curve_agrees(p->fov, k, sub->fov, si, off[0], 1.0))
        return 0;
    for (int c = 0; c < CPI_X_COUNT; c++)
        if (p->xc[c] && !curve_agrees(p->xc[c], k, sub->xc[c], si, off[0], 1.0))
            return 0;
    const cp_curve *pw = P->warp;
    const double *r = warp_rec(pw, sp->ja + wj), *q = warp_rec(S->warp, wj);
    const double h = spacing(rec_t, pw, sp->ja + wj, pw->count), mag = 1.0 + fabs(r[CPI_WARP_U]);
    return cpi_update_agree(q[CPI_WARP_U] + off[0], r[CPI_WARP_U], 0, h, mag) &&
           cpi_update_agree(q[CPI_WARP_D], r[CPI_WARP_D], 1, h, mag) &&
           cpi_update_agree(q[CPI_WARP_A], r[CPI_WARP_A], 2, h, mag);
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
    /* from the path's first key both chain the same keys */
    if ((sp->sign = w->a == 0 ? 1.0 : rotation_sign(p->rot, sp->ra, sub->rot, 0)) == 0.0)
        return 0;
    const double head[3] = {0.0, 0.0, 0.0};
    if (w->lo > 0 && !seam_agrees(p, sub, sp, sp->klo, sp->wlo, head, 0))
        return 0;
    sp->du = sp->dsp = sp->dsr = 0.0;
    if (w->hi == n - 1)
        return 1;
    /* after the window the path's parameters shift by what the window
     * changed them by, measured at the first key after it */
    const cpi_uknot *pn = &P->uk[sp->ka + sp->khi + 1], *sn = &S->uk[sp->khi + 1], *sl = &S->uk[sp->khi];
    sp->du = sn->u - pn->u;
    sp->dsp = sn->sp[0] - pn->sp[0];
    sp->dsr = sn->sr[0] - pn->sr[0];
    const double tail[3] = {-sp->du, -sp->dsp, -sp->dsr};
    if (!seam_agrees(p, sub, sp, sp->khi, sp->whi, tail, 1))
        return 0;
    if (rotation_sign(p->rot, sp->ra + sp->khi + 1, sub->rot, sp->khi + 1) != sp->sign)
        return 0; /* the window turned the hemisphere chain after it */
    /* still increasing across the seam, and within the limit of the path's parameter */
    return sl->u < pn->u + sp->du && !(sl->sp[0] > pn->sp[0] + sp->dsp) && !(sl->sr[0] > pn->sr[0] + sp->dsr) &&
           fabs(P->total + sp->du) <= CP_PATH_MAX_MAGNITUDE;
}

/* Records [from, to) of curve c from the window's (offset by `k0` records),
 * their values and tangents times sign. */
static void splice_curve(cp_curve *c, size_t k0, const cp_curve *s, size_t from, size_t to, double sign)
{
    const size_t st = (size_t)c->stride;
    for (size_t k = from; k < to; k++) {
        double *r = c->rec + (k0 + k) * st;
        const double *q = s->rec + k * st;
        r[0] = q[0];
        for (size_t j = 1; j < st; j++)
            r[j] = sign * q[j];
    }
}

/* Adds d to the time of records `from` on, and finishes the curve's range;
 * then the index from t0 on (to t1 where nothing shifted). A range grown
 * by more than a slice gets its index anew. */
static void shift_curve(cp_curve *c, size_t from, double d, double t0, double t1)
{
    const size_t st = (size_t)c->stride;
    if (d != 0.0) {
        for (size_t k = from; k < c->count; k++)
            c->rec[k * st] += d;
        c->end = CPI_TIME(c, c->count - 1);
    }
    if (d > 0.0 && (c->end - c->start) * c->slice_scale > (double)c->nslices + 1.0)
        cpi_curve_reslice(c, -INFINITY, INFINITY);
    else
        cpi_curve_reslice(c, t0, d != 0.0 ? INFINITY : t1);
}

/* The time (parameter) of record i of c, or of its last one. */
static double time_at(const cp_curve *c, size_t i) { return CPI_TIME(c, i < c->count ? i : c->count - 1); }

static void splice_all(cp_path *p, const cp_path *sub, const cpi_update_window *w, const splice *sp)
{
    cpi_shape *P = p->shape;
    const cpi_shape *S = sub->shape;
    const size_t to = sp->khi + 1, tail = sp->ka + to;
    for (size_t k = sp->klo; k < to; k++) {
        cpi_uknot *u = &P->uk[sp->ka + k];
        *u = S->uk[k];
        u->pseg += (uint32_t)sp->pa, u->rseg += (uint32_t)sp->ra;
        if (P->xk)
            P->xk[sp->ka + k] = S->xk[k];
    }
    for (size_t k = tail; k < P->nu; k++) {
        P->uk[k].u += sp->du, P->uk[k].sp[0] += sp->dsp, P->uk[k].sr[0] += sp->dsr;
    }
    P->total = w->hi == p->count - 1 ? S->total : P->total + sp->du;
    /* the curves over sigma_p, sigma_r and u */
    const size_t lo_k = sp->klo > 0 ? sp->klo - 1 : 0;
    splice_curve(p->pos, sp->pa, sub->pos, sp->klo, to, 1.0);
    shift_curve(p->pos, sp->pa + to, sp->dsp, time_at(p->pos, sp->pa + lo_k), time_at(p->pos, sp->pa + to));
    splice_curve(p->rot, sp->ra, sub->rot, sp->klo, to, sp->sign);
    shift_curve(p->rot, sp->ra + to, sp->dsr, time_at(p->rot, sp->ra + lo_k), time_at(p->rot, sp->ra + to));
    cp_curve *over_u[1 + CPI_X_COUNT] = {p->fov};
    const cp_curve *sub_u[1 + CPI_X_COUNT] = {sub->fov};
    for (int c = 0; c < CPI_X_COUNT; c++)
        over_u[1 + c] = p->xc[c], sub_u[1 + c] = sub->xc[c];
    for (int c = 0; c <= CPI_X_COUNT; c++)
        if (over_u[c]) {
            splice_curve(over_u[c], sp->ka, sub_u[c], sp->klo, to, 1.0);
            shift_curve(over_u[c], tail, sp->du, time_at(over_u[c], sp->ka + lo_k), time_at(over_u[c], tail));
        }
    /* the warp: absolute in time, its u offset; after the window u shifts */
    cp_curve *pw = P->warp;
    const cp_curve *sw = S->warp;
    for (size_t j = sp->wlo; j <= sp->whi; j++) {
        double *r = warp_rec(pw, sp->ja + j);
        memcpy(r, warp_rec(sw, j), (size_t)pw->stride * sizeof *r);
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

/* SPDX-License-Identifier: MIT */
/* lib/path/warp.c - the time warp of smooth timing: a monotone C2 map from
 * time to the shape's parameter u that reaches every key's u at its time and
 * comes to rest (u' = u'' = 0) at holds (docs/math.md, section 12). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "curve_impl.h"
#include "monotone.h"
#include "path_layout.h"
#include "warp.h"

/* Allocates the warp's container for m knots (records as path_layout.h says);
 * the caller fills times and values and calls cpi_warp_finish. */
static cp_curve *alloc_warp(const cp_allocator *alloc, size_t m, double period, cp_error *error)
{
    return cpi_curve_alloc(alloc, 3, m, CP_CURVE_STEP, 0, 0, period, 0, error);
}

int cpi_warp_finish(cpi_shape *s, cp_curve *w, cp_error *error)
{
    if (cpi_curve_finish(w, NULL, error) != CP_OK)
        return error ? error->code : CP_ERR_MEMORY;
    if (w->period > 0) {
        double *seam = w->rec + w->count * (size_t)w->stride;
        seam[CPI_WARP_U] = s->total;
        seam[CPI_WARP_K] = (double)s->nu;
    }
    for (size_t j = 0; j <= w->nseg; j++) {
        double *r = w->rec + j * (size_t)w->stride;
        const cpi_uknot *k = &s->uk[(size_t)r[CPI_WARP_K]];
        r[CPI_WARP_PSEG] = k->pseg, r[CPI_WARP_RSEG] = k->rseg;
    }
    return CP_OK;
}

int cpi_warp_build(cp_path *p, const cpi_warp_knots *kn, void *work, cp_error *error)
{
    cpi_shape *s = p->shape;
    const size_t m = kn->m;
    const int closed = p->opts.ends == CP_ENDS_CLOSED;
    /* the slopes in the shape's scratch where the knots are its first half
     * (cpi_warp_smooth without holds): memory already in use, not fresh */
    const int in_scratch = s->scratch && kn->x == s->scratch && kn->y == s->scratch + m && m <= p->count + 1;
    double *buf = in_scratch ? s->scratch + 2 * m : cpi_alloc_array(&p->alloc, m, 2 * sizeof *buf);
    if (!buf)
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the timing of %zu keys", p->count);
    double *d = buf, *a = buf + m;
    cpi_mono_spec spec = {.n = m, .x = kn->x, .y = kn->y, .stop = kn->stop, .closed = closed, .px = p->opts.period,
                          .py = s->total, .rest = p->opts.ends == CP_ENDS_REST, .work = work,
                          .alloc = &p->alloc, .scale = kn->scale};
    int rc = cpi_monotone_build(&spec, d, a, error);
    cp_curve *w = rc == CP_OK ? alloc_warp(&p->alloc, m, closed ? p->opts.period : 0.0, error) : NULL;
    if (rc == CP_OK && !w)
        rc = CP_ERR_MEMORY;
    if (rc == CP_OK) {
        for (size_t j = 0; j < m; j++) {
            double *r = w->rec + j * (size_t)w->stride;
            r[0] = kn->x[j];
            r[CPI_WARP_U] = kn->y[j], r[CPI_WARP_D] = d[j], r[CPI_WARP_A] = a[j];
            r[CPI_WARP_K] = (double)kn->knot[j];
        }
        cp_curve_destroy(s->warp);
        s->warp = w;
        rc = cpi_warp_finish(s, w, error);
    }
    if (!in_scratch)
        cpi_free(&p->alloc, buf);
    return rc;
}

int cpi_warp_smooth(cp_path *p, cp_error *error)
{
    cpi_shape *s = p->shape;
    const size_t n = p->count;
    /* knots: each key, and the end of its hold */
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        m += 1 + ((p->keys[i].flags & CP_KEY_HOLD) && p->keys[i].hold > 0);
    /* times and u in the shape's scratch (4 (keys + 1) doubles) when they fit
     * with the warp's slopes beside them, else their own */
    const int in_scratch = s->scratch && m <= n + 1;
    double *buf = in_scratch ? s->scratch : cpi_alloc_array(&p->alloc, m, 2 * sizeof *buf);
    unsigned char *stop = cpi_alloc(&p->alloc, m);
    size_t *knot = cpi_alloc_array(&p->alloc, m, sizeof *knot);
    int rc = CP_OK;
    if (!buf || !stop || !knot) {
        rc = cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the timing of %zu keys", n);
        goto done;
    }
    double *x = buf, *y = buf + m;
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        const cp_key *k = &p->keys[i];
        const int hold = (k->flags & CP_KEY_HOLD) != 0;
        x[j] = k->time, y[j] = s->uk[s->key_knot[i]].u, stop[j] = (unsigned char)hold, knot[j] = s->key_knot[i];
        j++;
        if (hold && k->hold > 0) {
            x[j] = k->time + k->hold, y[j] = y[j - 1], stop[j] = 1, knot[j] = knot[j - 1];
            j++;
        }
    }
    const cpi_warp_knots kn = {m, x, y, stop, knot, NULL};
    rc = cpi_warp_build(p, &kn, s->work, error);
    /* eased keys: the warp again, through the knots the eases add */
    if (rc == CP_OK && cpi_path_has_ease(p->keys, n))
        rc = cpi_warp_ease(p, &kn, error);
done:
    if (!in_scratch)
        cpi_free(&p->alloc, buf);
    cpi_free(&p->alloc, stop);
    cpi_free(&p->alloc, knot);
    return rc;
}

void cpi_warp_eval(const cpi_shape *s, size_t j, double t, double u[3], size_t *k)
{
    const cp_curve *w = s->warp;
    const double *r0 = w->rec + j * (size_t)w->stride;
    *k = (size_t)r0[CPI_WARP_K];
    if (w->nseg == 0) {
        u[0] = r0[CPI_WARP_U], u[1] = u[2] = 0.0;
        return;
    }
    const double *r1 = r0 + w->stride;
    const double h = r1[0] - r0[0];
    double sl = (t - r0[0]) / h;
    sl = sl < 0.0 ? 0.0 : sl > 1.0 ? 1.0 : sl;
    cpi_quintic_eval(h, r0[CPI_WARP_U], r1[CPI_WARP_U], r0[CPI_WARP_D], r1[CPI_WARP_D], r0[CPI_WARP_A],
                     r1[CPI_WARP_A], sl, &u[0], &u[1], &u[2]);
}

double cpi_warp_time_at(const cpi_shape *s, double u)
{
    const cp_curve *w = s->warp;
    if (w->nseg == 0 || !(u > w->rec[CPI_WARP_U]))
        return w->start;
    /* the first piece whose end reaches u (the knots' u never decreases) */
    size_t lo = 0, hi = w->nseg - 1;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (w->rec[(mid + 1) * (size_t)w->stride + CPI_WARP_U] >= u)
            hi = mid;
        else
            lo = mid + 1;
    }
    const double *r0 = w->rec + lo * (size_t)w->stride, *r1 = r0 + w->stride;
    const double h = r1[0] - r0[0];
    const double sl = cpi_quintic_solve(h, r0[CPI_WARP_U], r1[CPI_WARP_U], r0[CPI_WARP_D], r1[CPI_WARP_D],
                                        r0[CPI_WARP_A], r1[CPI_WARP_A], u);
    return sl >= 1.0 ? r1[0] : r0[0] + sl * h;
}

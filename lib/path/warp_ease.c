/* SPDX-License-Identifier: MIT */
/* lib/path/warp_ease.c - eases at keys in smooth timing: the warp slows
 * down at an eased key, over a stretch of the segments on either side, and
 * stays monotone and C2 (docs/math.md, section 20).
 *
 * A key with ease [IN, OUT] has the depth e = max(IN, OUT): the warp's slope
 * there is (1 - e) times its own estimate, with zero curvature, so the
 * speed is least at the key (e = 1: an instant of rest). The slowing starts
 * max(IN, 0.2) of the arriving segment's time before the key and is over
 * max(OUT, 0.2) of the departing segment's time after it: there the warp
 * gets a knot on the plain warp (its value at that time), and the warp is
 * built again through all the knots. */
#include <math.h>
#include <stdlib.h>

#include "base.h"
#include "curve_impl.h"
#include "path_layout.h"
#include "warp.h"

/* The least share of a segment an ease spans on either side of its key, and
 * the least share left between two eases of one segment (less, and the two
 * eases span the whole segment together, with no knot between them). */
#define CPI_EASE_MIN_SPAN 0.2
#define CPI_EASE_MIN_GAP 0.1

int cpi_path_has_ease(const cp_key *keys, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (keys[i].ease[0] != 0.0 || keys[i].ease[1] != 0.0)
            return 1;
    return 0;
}

static double depth(const cp_key *k) { return fmax(k->ease[0], k->ease[1]); }

/* The share of its segment an ease spans on side c (0: arriving, 1: leaving);
 * 0 for a key without an ease. */
static double span(const cp_key *k, int c)
{
    return depth(k) > 0.0 ? fmax(k->ease[c], CPI_EASE_MIN_SPAN) : 0.0;
}

/* The plain warp's u at time t (within its first cycle). */
static double plain_u(const cpi_shape *s, double t)
{
    double u[3];
    size_t k;
    cpi_warp_eval(s, cpi_curve_segment(s->warp, t, 0), t, u, &k);
    return u[0];
}

typedef struct list {
    double        *x, *y, *scale;
    unsigned char *stop;
    size_t        *knot, m;
} list;

static void add(list *L, double x, double y, unsigned char stop, size_t knot, double scale)
{
    L->x[L->m] = x, L->y[L->m] = y, L->stop[L->m] = stop, L->knot[L->m] = knot, L->scale[L->m] = scale;
    L->m++;
}

/* The knot an ease of key `a` (leaving) and key `b` (arriving) puts in the
 * segment from plain knot j0 to plain knot j1 (x0 < x1; x1 may be a
 * period on, still inside the loop's first cycle): at share `from_a`
 * after x0 if `leaving`, else at share `from_b` before x1. Added to L when
 * the segment moves and its eases leave room between them. */
static void ease_knot(list *L, const cpi_shape *s, const cpi_warp_knots *kn, size_t j0, double x1, double y1,
                      double from_a, double from_b, int leaving)
{
    const double x0 = kn->x[j0], share = leaving ? from_a : from_b;
    if (share <= 0.0 || !(y1 > kn->y[j0]) || from_a + from_b > 1.0 - CPI_EASE_MIN_GAP)
        return;
    const double t = leaving ? x0 + share * (x1 - x0) : x1 - share * (x1 - x0);
    add(L, t, plain_u(s, t), 0, kn->knot[j0], 1.0);
}

int cpi_warp_ease(cp_path *p, const cpi_warp_knots *kn, cp_error *error)
{
    const cpi_shape *s = p->shape;
    const size_t n = p->count, m = kn->m;
    const int closed = p->opts.ends == CP_ENDS_CLOSED;
    const double period = closed ? p->opts.period : 0.0;
    const size_t cap = m + 2 * n;
    list L = {cpi_alloc_array(&p->alloc, cap, sizeof(double)), cpi_alloc_array(&p->alloc, cap, sizeof(double)),
              cpi_alloc_array(&p->alloc, cap, sizeof(double)), cpi_alloc(&p->alloc, cap),
              cpi_alloc_array(&p->alloc, cap, sizeof(size_t)), 0};
    int rc = CP_OK;
    if (!L.x || !L.y || !L.scale || !L.stop || !L.knot) {
        rc = cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the eases of %zu keys", n);
        goto done;
    }
    /* the plain knots in order, each key's and its hold's end; a key whose
     * first knot is j leaves from knot `last` (j, or j + 1 after a hold) */
    double key_in_closed = -1.0; /* a loop: the first key's arriving knot comes last */
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        const cp_key *k = &p->keys[i];
        const size_t first = j, last = j + ((k->flags & CP_KEY_HOLD) && k->hold > 0);
        const double e = depth(k);
        /* arriving: from the previous key's last knot */
        if (i > 0) {
            const cp_key *pk = &p->keys[i - 1];
            ease_knot(&L, s, kn, first - 1, kn->x[first], kn->y[first], span(pk, 1), span(k, 0), 0);
        } else if (closed) {
            key_in_closed = span(k, 0);
        }
        /* an ease of 1 is not a stop: a stop would clamp the estimates of the
         * knots around it, changing the pace outside the ease */
        add(&L, kn->x[first], kn->y[first], kn->stop[first], kn->knot[first],
            e > 0.0 ? 1.0 - e : 1.0);
        if (last != first)
            add(&L, kn->x[last], kn->y[last], kn->stop[last], kn->knot[last], 1.0);
        /* leaving: towards the next key's first knot */
        const int has_next = i + 1 < n || closed;
        if (has_next) {
            const cp_key *nk = &p->keys[i + 1 < n ? i + 1 : 0];
            const double x1 = i + 1 < n ? kn->x[last + 1] : kn->x[0] + period;
            const double y1 = i + 1 < n ? kn->y[last + 1] : kn->y[0] + s->total;
            ease_knot(&L, s, kn, last, x1, y1, span(k, 1), span(nk, 0), 1);
            if (i + 1 == n) /* the loop's seam: the first key's arriving knot, a period on */
                ease_knot(&L, s, kn, last, x1, y1, span(k, 1), key_in_closed, 0);
        }
        j = last + 1;
    }
    const cpi_warp_knots eased = {L.m, L.x, L.y, L.stop, L.knot, L.scale};
    rc = cpi_warp_build(p, &eased, NULL, error);
done:
    cpi_free(&p->alloc, L.x);
    cpi_free(&p->alloc, L.y);
    cpi_free(&p->alloc, L.scale);
    cpi_free(&p->alloc, L.stop);
    cpi_free(&p->alloc, L.knot);
    return rc;
}

/* SPDX-License-Identifier: MIT */
/* lib/path/warp_speed.c - the warp of constant-speed timing: the smooth
 * shape travelled at one speed, easing in and out of holds and rest ends
 * (docs/math.md, section 13).
 *
 * The distance travelled is a C2 function of time: d(t) = v t while
 * cruising, and in an ease of tau seconds from or to a stop the speed
 * follows v E'(x), E(x) = x^3 - x^4 / 2 (so E' is the smoothstep 3x^2 - 2x^3:
 * zero speed and acceleration at the stop, full speed and zero acceleration
 * where the ease meets the cruise). With S(u) the distance along the shape at
 * u, the warp is u(t) = S^-1(d(t)): C2 wherever S' > 0. It is stored as
 * quintic pieces with the exact u, u' = d'/S' and u'' = (d'' - S'' u'^2)/S' at
 * their ends: at every key, at the ends of each ease, and wherever the pieces
 * would otherwise miss the speed by more than 1e-9 of it. The keys' times
 * are where the distance reaches them. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arclength.h"
#include "base.h"
#include "curve_impl.h"
#include "dtoa.h"
#include "monotone.h"
#include "pace.h"
#include "path_layout.h"
#include "shape_eval.h"
#include "validate.h"
#include "warp.h"
#include "warp_speed.h"

/* Seconds an ease from or to a stop takes, unless its run is too short
 * (then its eases cover half the run together: a quarter each between two
 * stops, a half where the run has one). */
#define CPI_EASE_SECONDS 1.0
/* Pieces are split until the speed they give is within this of the cruise. */
#define CPI_SPEED_TOLERANCE 1e-8
/* A segment whose pieces cannot all get there is laid out again to this:
 * the distance along the shape is a quadrature whose rounding (about
 * 1e-10 m) tiny pieces cannot get below, and splitting ever deeper into it
 * only runs out of depth. The speed stays constant to well within the 1e-6
 * promised. Measured: recorded flights of 10^5 keys were refused as "bending
 * too sharply" about once in 10^4 segments with 1e-9 alone, once in 10^5
 * with 1e-8 (which also costs a seventh of the time of 1e-9). */
#define CPI_SPEED_TOLERANCE_LAST 1e-7
/* Where turning sets the pace (lib/path/pace.c) the pace can bend sharply
 * where the turn overtakes the travel; far from 0 (times of 10^5 s) the
 * pieces such a bend needs are too short for their ends' rounding, and
 * such a segment is laid out again to this (the pace there is not the
 * camera's speed, which turning changes anyway). Measured: a flight of
 * 3000 keys at 10^5 s whose view jitters 0.1 rad every 0.1 s needs it on
 * a few segments (tests/unit/test_turn.c). */
#define CPI_SPEED_TOLERANCE_TURN 1e-5
#define CPI_SPEED_DEPTH 40
/* Refining a segment stops at this many pieces (then the looser tolerance,
 * then a refusal): the tests' paths (a recorded flight of 20,000 keys,
 * thousands of random ones) need at most 869 steps a segment, and a
 * segment that would need more takes this budget twice before its refusal
 * (tens of milliseconds, not the half second 20,000 took). */
#define CPI_SPEED_NODES 2000
/* Bisections, each a fixed count that every call runs (no test of
 * convergence to fail): the ease's inverse halves [0, 1] to 2^-60; the
 * cruising speed's bracket, [L/T, 1.5 L/T] (3 L/T with eased keys), halves
 * to 2^-60 of the speed or below, its last bits. */
#define CPI_EASE_HALVINGS 60
#define CPI_CRUISE_HALVINGS 60
/* The nodes of the warp are exact to about 1e-16 of the distance along the
 * path, and the last tolerance is 1e-7 of the speed: an ease must cover at
 * least 1e-16 / 1e-7 = 1e-9 of the path for its speed to be laid out (a
 * metre in 5e8 s, eased for a second, is that slow). */
#define CPI_EASE_MIN_SHARE 1e-9
/* Where an ease starts or ends is found by halving its segment's range of
 * the position's parameter this many times, every call all of them: an
 * ease covers at least CPI_EASE_MIN_SHARE of the path, so the cut is at
 * most 1e9 segments' lengths from 0 and 2^-100 of the range is below its
 * last bit. */
#define CPI_EASE_CUT_HALVINGS 100
/* An eased key slows down over max(IN, this) and max(OUT, this) of
 * CPI_EASE_SECONDS on its two sides (docs/math.md, section 20). */
#define CPI_KEY_EASE_MIN_SHARE 0.2

/* An eased key inside a run (docs/math.md, section 20): the speed dips
 * to (1 - e) v at the key, over tau[0] seconds (c[0] metres) before it
 * and tau[1] seconds (c[1] metres) after it. */
typedef struct dip {
    size_t key;
    double at;        /* metres into the run of the key */
    double e;         /* depth: max(IN, OUT) */
    double seglen[2]; /* metres of the segment before and after the key (0: none) */
    double share[2];  /* max(IN, 0.2) and max(OUT, 0.2): of CPI_EASE_SECONDS */
    double c[2], tau[2];
    double t;         /* seconds into the run at the key */
    double before;    /* seconds the dips before this one add to the cruise */
} dip;

/* One stretch of travel between stops. */
typedef struct run {
    size_t first, segs;     /* the key it leaves from and how many segments it covers */
    double length;          /* metres */
    double tau_in, tau_out; /* seconds of easing at each end (0: none) */
    double depart;          /* time it leaves */
    double duration;        /* seconds */
    dip   *dips;            /* the run's eased keys, in order (distances and times set by lay_out) */
    size_t ndips;
} run;

/* E(x) = x^3 - x^4 / 2 and its first two derivatives. */
static void ease(double x, double e[3])
{
    e[0] = x * x * x * (1.0 - 0.5 * x);
    e[1] = x * x * (3.0 - 2.0 * x);
    e[2] = 6.0 * x * (1.0 - x);
}

/* The x in [0, 1] with E(x) = y (E increases from 0 to 1/2): CPI_EASE_HALVINGS
 * halvings of [0, 1], every call all of them. */
static double ease_inverse(double y)
{
    double lo = 0.0, hi = 1.0, e[3];
    for (int i = 0; i < CPI_EASE_HALVINGS; i++) {
        const double mid = 0.5 * (lo + hi);
        ease(mid, e);
        if (e[0] < y)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* Seconds a dip's side adds to the cruise: it covers c = v tau (1 - e/2). */
static double dip_extra(const dip *q) { return 0.5 * q->e * (q->tau[0] + q->tau[1]); }

/* (1 - e) x + e E(x) and its first two derivatives in x: the distance of
 * a dip's side x of the way out from its key, in units of v tau. */
static void dip_shape(double e, double x, double f[3])
{
    double E[3];
    ease(x, E);
    f[0] = (1.0 - e) * x + e * E[0], f[1] = 1.0 - e + e * E[1], f[2] = e * E[2];
}

/* The x in [0, 1] with dip_shape = y: halvings, as ease_inverse. */
static double dip_inverse(double e, double y)
{
    double lo = 0.0, hi = 1.0, f[3];
    for (int i = 0; i < CPI_EASE_HALVINGS; i++) {
        const double mid = 0.5 * (lo + hi);
        dip_shape(e, mid, f);
        if (f[0] < y)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* The last dip whose start (in time, or in distance) is at or before x;
 * r->ndips when none is. */
static size_t dip_before(const run *r, double x, int by_distance)
{
    size_t lo = 0, hi = r->ndips; /* the first dip starting after x */
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        const dip *q = &r->dips[mid];
        const double start = by_distance ? q->at - q->c[0] : q->t - q->tau[0];
        if (start <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo == 0 ? r->ndips : lo - 1;
}

/* Distance into the run at t seconds after it leaves, and its first two
 * time derivatives. */
static void run_distance(const run *r, double v, double t, double d[3])
{
    double e[3];
    const size_t j = r->ndips ? dip_before(r, t, 0) : r->ndips;
    const dip *q = j < r->ndips ? &r->dips[j] : NULL;
    if (q && (t < q->t ? q->tau[0] > 0 : t < q->t + q->tau[1] || q->seglen[1] == 0)) {
        /* a side that is not there (a path's first or last key): the key's
         * own speed, x = 0 (times past a last key are rounding) */
        const int after = t >= q->t && q->tau[1] > 0;
        const double tau = q->tau[after], sign = after ? 1.0 : -1.0;
        const double x = tau > 0 ? fmax(0.0, sign * (t - q->t) / tau) : 0.0;
        double f[3];
        dip_shape(q->e, x, f);
        d[0] = q->at + sign * v * tau * f[0], d[1] = v * f[1], d[2] = tau > 0 ? sign * v * f[2] / tau : 0.0;
    } else if (r->tau_in > 0 && t < r->tau_in) {
        ease(t / r->tau_in, e);
        d[0] = v * r->tau_in * e[0], d[1] = v * e[1], d[2] = v * e[2] / r->tau_in;
    } else if (r->tau_out > 0 && t > r->duration - r->tau_out) {
        const double y = (r->duration - t) / r->tau_out;
        ease(y < 0 ? 0 : y, e);
        d[0] = r->length - v * r->tau_out * e[0], d[1] = v * e[1], d[2] = -v * e[2] / r->tau_out;
    } else {
        const double extra = q ? q->before + dip_extra(q) : 0.0;
        d[0] = v * (t - 0.5 * r->tau_in - extra), d[1] = v, d[2] = 0.0;
    }
}

/* Seconds after the run leaves at which it has gone `dist` metres. */
static double run_time(const run *r, double v, double dist)
{
    if (!(dist > 0))
        return 0.0;
    if (dist >= r->length)
        return r->duration;
    const double in = 0.5 * v * r->tau_in, out = 0.5 * v * r->tau_out;
    if (dist < in)
        return r->tau_in * ease_inverse(dist / (v * r->tau_in));
    if (dist > r->length - out)
        return r->duration - r->tau_out * ease_inverse((r->length - dist) / (v * r->tau_out));
    const size_t j = r->ndips ? dip_before(r, dist, 1) : r->ndips;
    const dip *q = j < r->ndips ? &r->dips[j] : NULL;
    if (q && dist < q->at + q->c[1] && (dist < q->at ? q->c[0] > 0 : q->c[1] > 0)) {
        const int after = dist >= q->at;
        const double tau = q->tau[after], x = dip_inverse(q->e, fabs(dist - q->at) / (v * tau));
        return after ? q->t + tau * x : q->t - tau * x;
    }
    return 0.5 * r->tau_in + dist / v + (q ? q->before + dip_extra(q) : 0.0);
}

/* A run's duration at speed v, its eases shortened to fit: together they
 * cover at most half the run (an ease covers v tau / 2). */
static double run_duration(run *r, int ease_in, int ease_out, double v)
{
    const int z = ease_in + ease_out;
    const double tau = z ? fmin(CPI_EASE_SECONDS, r->length / ((double)z * v)) : 0.0;
    r->tau_in = ease_in ? tau : 0.0;
    r->tau_out = ease_out ? tau : 0.0;
    r->duration = r->length / v + 0.5 * (r->tau_in + r->tau_out);
    /* the dips, in what the eases to the stops leave, each side within half
     * its segment */
    double extra = 0.0;
    for (size_t j = 0; j < r->ndips; j++) {
        dip *q = &r->dips[j];
        const double room[2] = {q->at - 0.5 * v * r->tau_in, r->length - 0.5 * v * r->tau_out - q->at};
        for (int c = 0; c < 2; c++) {
            const double slow = v * (1.0 - 0.5 * q->e), want = slow * CPI_EASE_SECONDS * q->share[c];
            const double most = fmin(0.5 * q->seglen[c], room[c]);
            q->c[c] = q->seglen[c] > 0 ? fmax(0.0, fmin(want, most)) : 0.0;
            q->tau[c] = q->c[c] / slow;
        }
        q->before = extra;
        q->t = 0.5 * r->tau_in + (q->at - q->c[0]) / v + extra + q->tau[0];
        extra += dip_extra(q);
    }
    r->duration += extra;
    return r->duration;
}

/* ---- the build ----------------------------------------------------------------------- */

typedef struct node {
    double t, u, d, a;
    size_t k;
} node;

typedef struct builder {
    cp_path       *p;
    const run     *r;        /* the run being laid out */
    double         v;
    double         dist0;    /* distance into the run at the segment's first key */
    size_t         seg;      /* the u-segment */
    cpi_pace       pace;     /* the segment's length, smooth in where it stops */
    const cpi_pace_probe *probes; /* each segment's probe (NULL: paced by distance alone) */
    double         c;        /* metres of travel per radian of turn in the pace */
    node          *nodes;
    size_t         count, cap;
    int            failed;   /* out of memory */
    int            rough;    /* a piece could not be made accurate (a bend too sharp) */
    double         tolerance; /* of the speed, relative to the cruise */
} builder;

/* The exact warp at parameter u of the current segment. */
static node exact(const builder *b, double u)
{
    const double along = cpi_pace_at(&b->pace, u);
    const double t = run_time(b->r, b->v, b->dist0 + along);
    double d[3], g[2];
    run_distance(b->r, b->v, t, d);
    cpi_pace_rate(&b->pace, u, g);
    const double su = g[0], suu = g[1];
    node n = {b->r->depart + t, u, d[1] / su, 0.0, b->seg};
    n.a = (d[2] - suu * n.d * n.d) / su;
    return n;
}

static void push(builder *b, node n)
{
    if (b->count == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 256;
        node *m = cpi_realloc_array(&b->p->alloc, b->nodes, cap, sizeof *m);
        if (!m) {
            b->failed = 1;
            return;
        }
        b->nodes = m, b->cap = cap;
    }
    b->nodes[b->count++] = n;
}

/* The speed a piece gives, relative to the cruise v, moves by about this
 * with the rounding its stored ends carry: an ulp or so of their times,
 * and of their u (the quintic that matches values off by du has its slope
 * off by up to 15/8 du / h, which at the pace of the cruise is du / v
 * seconds), over the piece's duration h. Far along a long path (times of
 * 10^4 s, u of 10^5 m) that is above CPI_SPEED_TOLERANCE for pieces a few
 * milliseconds long, and splitting only makes it worse: refinement then
 * stops at this floor instead of spending its whole budget (twice) on
 * every such segment and refusing some, which made retiming superlinear in
 * the keys. Where the floor is below the tolerance (pieces longer than
 * 1e-7 (|t| + |u| / v) seconds: all but the shortest on paths of minutes)
 * the test is the tolerance alone, as before. */
static double rounding_floor(const node *A, const node *B, double v)
{
    const double h = B->t - A->t;
    /* u goes at about v where the pace is the distance; where turning sets
     * the pace it goes slower, and its rounding is more seconds: the
     * piece's own mean rate of u, when lower */
    const double rate = fmin(v, (B->u - A->u) / h);
    return 4.0 * DBL_EPSILON * (fabs(A->t) + fabs(B->t) + (fabs(A->u) + fabs(B->u)) / rate) / h;
}

/* Whether the piece from A to B gives the cruise's speed within the
 * tolerance where it is tested (a quarter, half and three quarters of the
 * way in u), and is monotone. The tolerance is at least the rounding floor
 * of the piece, up to CPI_SPEED_TOLERANCE_LAST. */
static int piece_good(const builder *b, const node *A, const node *B)
{
    const double h = B->t - A->t;
    if (!(h > 0) || !cpi_quintic_monotone(h, A->u, B->u, A->d, B->d, A->a, B->a))
        return 0;
    const double tolerance = fmax(b->tolerance, fmin(rounding_floor(A, B, b->v), CPI_SPEED_TOLERANCE_LAST));
    /* (the turn's tolerance is above the floor's cap: b->tolerance says it) */
    for (int q = 1; q <= 3; q++) {
        const node m = exact(b, A->u + (B->u - A->u) * 0.25 * q);
        double ua, u1, u2, g[2], d[3];
        const double sl = (m.t - A->t) / h;
        cpi_quintic_eval(h, A->u, B->u, A->d, B->d, A->a, B->a, sl < 0 ? 0 : sl > 1 ? 1 : sl, &ua, &u1, &u2);
        cpi_pace_rate(&b->pace, ua, g); /* the pace's speed: the distance's on a plain segment */
        const double speed = g[0] * u1;
        run_distance(b->r, b->v, m.t - b->r->depart, d);
        if (!(fabs(speed - d[1]) <= tolerance * b->v))
            return 0;
    }
    return 1;
}

/* Adds the nodes after A up to and including B, splitting in halves of
 * time until each piece is good. (Halves of u would crawl near a stop,
 * where u grows as the cube of the time: eight halvings of u to one of t.)
 * The split's u is the piece's own guess at the middle time, so the new
 * node is exact and close to it. Pending right ends wait on a stack, so the
 * nodes come out in order; the depth and the number of nodes are bounded. */
static void refine(builder *b, node A, node B)
{
    node stack[CPI_SPEED_DEPTH + 1];
    int top = 0;
    size_t budget = CPI_SPEED_NODES;
    stack[top++] = B;
    while (top > 0 && !b->failed) {
        const node *R = &stack[top - 1];
        if (top > CPI_SPEED_DEPTH || budget == 0) {
            b->rough = 1;
            return;
        }
        if (piece_good(b, &A, R)) {
            push(b, *R);
            A = *R;
            top--;
            budget--;
            continue;
        }
        double um, u1, u2;
        cpi_quintic_eval(R->t - A.t, A.u, R->u, A.d, R->d, A.a, R->a, 0.5, &um, &u1, &u2);
        node M = {0};
        const double h = R->t - A.t;
        int split = um > A.u && um < R->u;
        if (split) { /* the guess is good when the exact node lands near the middle time */
            M = exact(b, um);
            split = M.t > A.t + 0.125 * h && M.t < R->t - 0.125 * h;
        }
        if (!split) {
            um = 0.5 * (A.u + R->u);
            if (!(um > A.u && um < R->u)) { /* nothing left between them */
                b->rough = 1;
                return;
            }
            M = exact(b, um);
        }
        stack[top++] = M;
    }
}

/* The u where the run has gone `dist` metres, inside segment seg of the
 * current run (where an ease starts or ends). */
static double u_at_distance(const builder *b, double dist)
{
    return cpi_pace_u_at(&b->pace, dist - b->dist0, CPI_EASE_CUT_HALVINGS);
}

/* "options.timing", or the file's name for it. */
static const char *timing_field(char buf[128], const cpi_field_names *names)
{
    snprintf(buf, 128, "%stiming", names->options);
    return buf;
}

/* The nodes of one segment of run R: its keys, the ends of eases inside
 * it, and what refining adds. t0 and t1 are the keys' (exact) times. */
static void segment_nodes(builder *b, size_t i, double dist0, double t0, double t1, int first_of_run)
{
    const cpi_shape *s = b->p->shape;
    const run *R = b->r;
    b->seg = i;
    b->dist0 = dist0;
    cpi_pace_free(&b->pace);
    if (cpi_pace_build(&b->pace, b->p, i, b->c, !b->probes || cpi_pace_is_plain(&b->probes[i], b->c)) != 0) {
        b->failed = 1;
        return;
    }
    node A = exact(b, s->uk[i].u);
    A.t = t0;
    if (first_of_run) {
        A.t = R->depart;
        if (R->depart > t0) { /* the hold: flat from the arrival */
            node H = {t0, A.u, 0.0, 0.0, i};
            push(b, H);
            A.d = A.a = 0.0; /* a hold is a stop: the run eases out of it */
        }
    }
    push(b, A);
    node B = exact(b, s->uk[i + 1].u);
    B.t = t1;
    B.k = i;
    const double seglen = cpi_pace_total(&b->pace);
    /* in order along the segment: the end of the ease from a stop, the end
     * of the dip of the key before, the start of the dip of the key after,
     * the start of the ease to a stop */
    double cuts[4];
    int ncuts = 0;
    if (R->tau_in > 0)
        cuts[ncuts++] = 0.5 * b->v * R->tau_in;
    size_t lo = 0, hi = R->ndips; /* the first dip not before the segment */
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (R->dips[mid].at < dist0 - 0.5 * seglen)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t j = lo; j < R->ndips && j < lo + 2; j++) {
        const dip *q = &R->dips[j];
        if (q->c[1] > 0 && q->at <= dist0 + 0.5 * seglen)
            cuts[ncuts++] = q->at + q->c[1];
        else if (q->c[0] > 0 && q->at > dist0 + 0.5 * seglen && q->at <= dist0 + 1.5 * seglen)
            cuts[ncuts++] = q->at - q->c[0];
    }
    if (R->tau_out > 0)
        cuts[ncuts++] = R->length - 0.5 * b->v * R->tau_out;
    for (int c = 0; c < ncuts; c++) {
        if (cuts[c] > dist0 && cuts[c] < dist0 + seglen) {
            const node M = exact(b, u_at_distance(b, cuts[c]));
            if (!(M.t > A.t))
                continue;
            refine(b, A, M);
            A = M;
        }
    }
    refine(b, A, B);
    if (b->count > 0) /* none when the first push ran out of memory (b->failed says so) */
        b->count--;   /* B is the next segment's A */
}

/* ---- the phases of the build ----------------------------------------------------------- */

/* What the phases share. Every key is its own u-knot and position knot
 * here: segment i joins key i to the next (across the seam of a loop). */
typedef struct plan {
    cp_path       *p;
    size_t         n, nseg;
    int            closed;
    unsigned char *stop;     /* n flags: the key is a stop (a hold, or a rest end) */
    double        *seglen;   /* nseg segment lengths, metres */
    double         span;     /* seconds from the first key to the last (the period when closed) */
    double         moving;   /* of them, the seconds not held */
    double         length;   /* of all segments, metres */
    run           *runs;     /* nruns stretches between stops, in the order travelled */
    size_t         nruns;
    size_t         first;    /* the key travel starts from: 0, or a loop's first stop */
    double        *rel;      /* nseg + 1 key times, relative to the arrival at `first`, in travelled order */
    dip           *dips;     /* the runs' dips (NULL when no key has an ease) */
} plan;

/* Which keys are stops, how long each segment is, and how much of
 * the path's time is left to move in. */
static int measure(plan *P, const cpi_field_names *names, cp_error *error)
{
    const cp_path *p = P->p;
    const size_t n = P->n;
    double holds = 0;
    for (size_t i = 0; i < n; i++) {
        const cp_key *k = &p->keys[i];
        P->stop[i] = (k->flags & CP_KEY_HOLD) || (!P->closed && p->opts.ends == CP_ENDS_REST && (i == 0 || i + 1 == n));
        /* where a turn on the spot starts or ends, the travel stops (the
         * position's map is flat on one side): the camera stops there,
         * easing in and out as at a hold. Paced through, a turn that
         * reverses there (or none at all) would leave the pace nothing but
         * its floor, and the camera would start off at an enormous jerk. */
        size_t spot;
        if (cpi_pace_junction(p, i, &spot))
            P->stop[i] = 1;
        if ((k->flags & CP_KEY_HOLD) && (P->closed || i + 1 < n))
            holds += k->hold;
    }
    P->span = P->closed ? p->opts.period : p->keys[n - 1].time - p->keys[0].time;
    P->moving = P->span - holds;
    if (!(P->moving > 0)) {
        char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], f[128];
        return cpi_error_at(error, CP_ERR_INVALID, -1, timing_field(f, names),
                            "the holds take %s s of the %s s the path lasts: no time is left to move",
                            cpi_fmt_double(b1, holds), cpi_fmt_double(b2, P->span));
    }
    return CP_OK;
}

static void   split_into_runs(plan *P);
static double cruising_speed(const plan *P);

/* Each segment's length in the pace at c metres per radian (its distance
 * alone where it is plain, or when there are no probes). */
static int pace_lengths(plan *P, const cpi_pace_probe *probes, double c, cp_error *error)
{
    const cp_path *p = P->p;
    P->length = 0;
    for (size_t i = 0; i < P->nseg; i++) {
        if (!probes || cpi_pace_is_plain(&probes[i], c)) {
            const size_t k = p->shape->uk[i].pseg;
            P->seglen[i] = cpi_arc_partial(p->pos, k, CPI_TIME(p->pos, k + 1));
        } else {
            cpi_pace t;
            if (cpi_pace_build(&t, p, i, c, 0) != 0)
                return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the timing of %zu keys", P->n);
            P->seglen[i] = cpi_pace_total(&t);
            cpi_pace_free(&t);
        }
        P->length += P->seglen[i];
    }
    return CP_OK;
}

/* The pace's metres per radian, c, and the cruising speed v (in the pace's
 * metres per second): c = v / w, so that where turning sets the pace the
 * camera turns at w, the path's max_angular_speed (docs/math.md, section 13).
 * v depends on c (the lengths do): c is the root of F(c) = v(c) / w - c,
 * found by secant steps from c = 0 (the distance alone) and c = v(0) / w.
 * F falls with a slope between -1 and -1/2 (w is raised, below, so that
 * turns take at most half the time there is to move), so the steps
 * converge fast (typically 4 or 5 rounds); the rounds are
 * bounded. A path that never travels turns at whatever pace its time gives
 * it (c = 1: any c gives it the same times). Without probes (look-at paths)
 * the pace is the distance alone. */
#define CPI_PACE_ROUNDS 30
#define CPI_PACE_SETTLED 1e-10
static int pace_and_speed(plan *P, const cpi_pace_probe *probes, double *pc, double *pv, cp_error *error)
{
    const cp_path *p = P->p;
    double turn = 0.0;
    int travels = 0, turns = 0;
    if (probes)
        for (size_t i = 0; i < P->nseg; i++) {
            travels |= probes[i].travel;
            turns |= probes[i].turn > 0;
            turn += fabs(p->shape->uk[i + 1].sr[0] - p->shape->uk[i].sr[0]);
        }
    const double most = p->opts.max_angular_speed > 0 ? p->opts.max_angular_speed : CP_PATH_DEFAULT_MAX_ANGULAR_SPEED;
    const double w = fmax(most * (3.14159265358979323846 / 180.0), 2.0 * turn / P->moving);
    double c = probes && !travels ? 1.0 : 0.0, c_prev = 0.0, f_prev = 0.0;
    for (int round = 0;; round++) {
        int rc = pace_lengths(P, probes, c, error);
        if (rc != CP_OK)
            return rc;
        if (!(P->length > 0)) {
            char f[128];
            snprintf(f, sizeof f, "keys[%zu]", P->n - 1);
            return cpi_error_at(error, CP_ERR_INVALID, (long)(P->n - 1), f,
                                "at constant speed the path needs to travel or turn, and it does neither");
        }
        split_into_runs(P);
        const double v = cruising_speed(P), F = v / w - c;
        if (!probes || !travels || !turns || round + 1 == CPI_PACE_ROUNDS || fabs(F) <= CPI_PACE_SETTLED * c) {
            *pc = c, *pv = v;
            return CP_OK;
        }
        double next = c + F; /* the plain step, and the secant's where it stays in the plain step's direction */
        if (round > 0 && F != f_prev) {
            const double secant = c - F * (c - c_prev) / (F - f_prev);
            if (secant > 0 && (secant - c) * F > 0)
                next = secant;
        }
        c_prev = c, f_prev = F, c = next;
    }
}

/* The runs between stops, in the order travelled from `first` (a
 * loop with stops starts at one, so that no run crosses a stop). */
static void split_into_runs(plan *P)
{
    const size_t n = P->n;
    P->first = 0;
    if (P->closed && memchr(P->stop, 1, n))
        while (!P->stop[P->first])
            P->first++;
    const size_t first = P->first;
    P->nruns = 0;
    for (size_t q = 0; q < P->nseg;) {
        run *r = &P->runs[P->nruns++];
        memset(r, 0, sizeof *r);
        r->first = first + q;
        do
            r->length += P->seglen[(first + q++) % n];
        while (q < P->nseg && !P->stop[(first + q) % n]);
        r->segs = first + q - r->first;
    }
    if (!P->dips)
        return;
    /* the eased keys of each run that are not stops, with their segments
     * (a loop without stops passes its first key at both ends of its run) */
    size_t used = 0;
    for (size_t k = 0; k < P->nruns; k++) {
        run *r = &P->runs[k];
        r->dips = P->dips + used;
        double at = 0;
        for (size_t q = 0; q <= r->segs; q++) {
            const size_t i = (r->first + q) % n;
            const cp_key *key = &P->p->keys[i];
            const double e = fmax(key->ease[0], key->ease[1]);
            if (e > 0 && !P->stop[i]) {
                dip *d = &P->dips[used++];
                memset(d, 0, sizeof *d);
                d->key = i, d->at = at, d->e = e;
                d->seglen[0] = q > 0 ? P->seglen[(r->first + q - 1) % n] : 0.0;
                d->seglen[1] = q < r->segs ? P->seglen[i] : 0.0;
                for (int c = 0; c < 2; c++)
                    d->share[c] = fmax(key->ease[c], CPI_KEY_EASE_MIN_SHARE);
                r->ndips++;
            }
            if (q < r->segs)
                at += P->seglen[i];
        }
    }
}

/* Ease at the start of a run that leaves a stop, at the end of one that
 * reaches a stop. */
static double lay_out(run *R, const unsigned char *stop, size_t n, double v)
{
    return run_duration(R, stop[R->first % n], stop[(R->first + R->segs) % n], v);
}

/* The cruising speed, at which the runs' durations (eases
 * included) add up to the time left to move. Bisection: a run's duration
 * falls as the speed rises. */
static double cruising_speed(const plan *P)
{
    /* eases to stops add at most half the cruise's time, dips at most as much again as it */
    double lo = P->length / P->moving, hi = (P->dips ? 3.0 : 1.5) * P->length / P->moving * (1 + 1e-12);
    for (int it = 0; it < CPI_CRUISE_HALVINGS; it++) {
        const double v = 0.5 * (lo + hi);
        double sum = 0;
        for (size_t r = 0; r < P->nruns; r++)
            sum += lay_out(&P->runs[r], P->stop, P->n, v);
        if (sum > P->moving)
            lo = v;
        else
            hi = v;
    }
    return 0.5 * (lo + hi);
}

/* Every ease covers at least CPI_EASE_MIN_SHARE of the path's length, or
 * the run that has it is named. */
static int check_eases(const plan *P, double v, cp_error *error)
{
    char f[128], b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
    for (size_t r = 0; r < P->nruns; r++) {
        const run *R = &P->runs[r];
        const double tau = fmax(R->tau_in, R->tau_out), eased = 0.5 * v * tau;
        if (tau > 0 && !(eased >= CPI_EASE_MIN_SHARE * P->length)) {
            const size_t a = R->first % P->n, b = (R->first + R->segs) % P->n;
            cpi_error_set(error, CP_ERR_INVALID,
                          "keys[%zu]..keys[%zu]: at constant speed the camera eases over %s m of the path's %s m "
                          "there, less than 1e-9 of it: too little to lay out; give the path less time, or use "
                          "smooth timing",
                          a, b, cpi_fmt_double(b1, eased), cpi_fmt_double(b2, P->length));
            snprintf(f, sizeof f, "keys[%zu]", b);
            cpi_error_field(error, (long)b, f);
            return CP_ERR_INVALID;
        }
        for (size_t j = 0; j < R->ndips; j++) {
            const dip *q = &R->dips[j];
            for (int c = 0; c < 2; c++)
                if (q->seglen[c] > 0 && !(q->c[c] >= CPI_EASE_MIN_SHARE * P->length)) {
                    snprintf(f, sizeof f, "keys[%zu].ease", q->key);
                    return cpi_error_at(error, CP_ERR_INVALID, (long)q->key, f,
                                        "at constant speed this key is too close to %s to slow down %s it (the "
                                        "camera eases for %s m there); move the key, remove the ease, or use "
                                        "smooth timing",
                                        P->stop[(q->key + (c ? 1 : P->n - 1)) % P->n] ? "a stop's ease"
                                        : c                                           ? "the key after"
                                                                                      : "the key before",
                                        c ? "after" : "before", cpi_fmt_double(b1, q->c[c]));
                }
        }
    }
    return CP_OK;
}

/* The keys' times at speed v: first relative to the arrival at
 * `first`, in travelled order (P->rel, and each run's departure), then
 * the keys' own, key 0 keeping its time. */
static void time_keys(plan *P, double v)
{
    cp_path *p = P->p;
    const size_t n = P->n, first = P->first;
    double t = 0;
    for (size_t r = 0; r < P->nruns; r++) {
        run *R = &P->runs[r];
        const size_t a = R->first % n;
        lay_out(R, P->stop, n, v);
        P->rel[R->first - first] = t;
        R->depart = t + ((p->keys[a].flags & CP_KEY_HOLD) ? p->keys[a].hold : 0.0);
        double dist = 0;
        for (size_t j = 1; j < R->segs; j++) {
            dist += P->seglen[(R->first + j - 1) % n];
            P->rel[R->first - first + j] = R->depart + run_time(R, v, dist);
        }
        t = R->depart + R->duration;
    }
    /* the last arrival is exactly the end (rounding goes to the last run) */
    P->runs[P->nruns - 1].duration = P->span - P->runs[P->nruns - 1].depart;
    P->rel[P->nseg] = P->span;
    /* in a loop the keys from `first` on come before the seam */
    const double offset = p->keys[0].time - P->rel[(n - first) % n];
    const double end = p->keys[n - 1].time;
    for (size_t i = 0; i < n; i++) {
        const size_t q = (i + n - first) % n;
        p->keys[i].time = P->rel[q] + offset + (P->closed && first > 0 && i >= first ? p->opts.period : 0.0);
    }
    if (!P->closed)
        p->keys[n - 1].time = end; /* as given: the duration does not change */
}

/* The computed times keep keys (and the ends of holds) as far apart as
 * given times must be: a segment too short a part of the path to take
 * that long is refused, naming its key, as a saved file with those times
 * would be. */
static int check_times(const plan *P, cp_error *error)
{
    const cp_path *p = P->p;
    const size_t n = P->n;
    const double least = cpi_path_min_spacing(p->keys, n, &p->opts);
    for (size_t i = 0; i < P->nseg; i++) {
        const size_t j = i + 1 < n ? i + 1 : 0;
        const cp_key *a = &p->keys[i];
        const double next = j ? p->keys[j].time : p->keys[0].time + p->opts.period;
        const double gap = next - a->time - ((a->flags & CP_KEY_HOLD) ? a->hold : 0.0);
        if (!(gap >= least)) {
            char f[64], b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], b3[CPI_FMT_DOUBLE_SIZE],
                b4[CPI_FMT_DOUBLE_SIZE];
            snprintf(f, sizeof f, "keys[%zu].position", j);
            return cpi_error_at(error, CP_ERR_INVALID, (long)j, f,
                                "at constant speed reached %s s after keys[%zu]%s (%s m of the path's %s m), "
                                "closer than keys may be here, %s s",
                                cpi_fmt_double(b1, gap), i, (a->flags & CP_KEY_HOLD) ? "'s hold" : "",
                                cpi_fmt_double(b2, P->seglen[i]), cpi_fmt_double(b3, P->length),
                                cpi_fmt_double(b4, least));
        }
    }
    return CP_OK;
}

/* The warp's nodes, in travelled order; each segment in its keys'
 * own times (a run that crosses a loop's seam has its times a period apart
 * there); an open path's end with its own derivatives (zero at a stop),
 * then its hold. */
static int travel_nodes(const plan *P, builder *b, cp_error *error)
{
    const cp_path *p = P->p;
    const size_t n = P->n, nseg = P->nseg, first = P->first;
    for (size_t r = 0; r < P->nruns; r++) {
        double dist = 0;
        for (size_t j = 0; j < P->runs[r].segs; j++) {
            const size_t q = P->runs[r].first - first + j, i = (first + q) % n;
            const double t0 = p->keys[i].time;
            const double t1 = i + 1 < n ? p->keys[i + 1].time : p->keys[0].time + p->opts.period;
            run R = P->runs[r];
            R.depart += t0 - P->rel[q];
            if (j == 0) /* exactly where the hold ends, as a sample time would name it */
                R.depart = t0 + ((p->keys[i].flags & CP_KEY_HOLD) ? p->keys[i].hold : 0.0);
            b->r = &R;
            const size_t mark = b->count;
            b->tolerance = CPI_SPEED_TOLERANCE;
            segment_nodes(b, i, dist, t0, t1, j == 0);
            if (b->rough && !b->failed) { /* again, to the looser tolerance */
                b->count = mark;
                b->rough = 0;
                b->tolerance = CPI_SPEED_TOLERANCE_LAST;
                segment_nodes(b, i, dist, t0, t1, j == 0);
            }
            if (b->rough && !b->failed && !b->pace.plain) { /* a turn paced: its own last tolerance */
                b->count = mark;
                b->rough = 0;
                b->tolerance = CPI_SPEED_TOLERANCE_TURN;
                segment_nodes(b, i, dist, t0, t1, j == 0);
            }
            dist += P->seglen[i];
            if (b->rough)
                return cpi_path_bends_too_sharply(i, n, error);
        }
    }
    if (!P->closed) {
        node E = {p->keys[n - 1].time, p->shape->uk[n - 1].u, 0.0, 0.0, n - 1};
        if (!P->stop[n - 1]) {
            run R = P->runs[P->nruns - 1];
            R.depart += p->keys[n - 1].time - P->rel[nseg];
            b->r = &R;
            b->seg = nseg - 1;
            b->dist0 = R.length - P->seglen[nseg - 1];
            const node X = exact(b, E.u);
            E.d = X.d, E.a = X.a;
        }
        push(b, E);
        if ((p->keys[n - 1].flags & CP_KEY_HOLD) && p->keys[n - 1].hold > 0) {
            E.t += p->keys[n - 1].hold;
            push(b, E);
        }
    }
    if (b->failed)
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the timing of %zu keys", n);
    return CP_OK;
}

/* The nodes as the warp's records (a loop's start at key 0), and
 * the warp's index. */
static int store_warp(const plan *P, const builder *b, cp_error *error)
{
    cpi_shape *s = P->p->shape;
    size_t start = 0;
    if (P->closed)
        while (start < b->count && !(b->nodes[start].u == 0.0 && b->nodes[start].t == P->p->keys[0].time))
            start++;
    if (start == b->count)
        start = 0;
    cp_curve *w = cpi_curve_alloc(&P->p->alloc, 3, b->count, CP_CURVE_STEP, 0, 0, P->closed ? P->p->opts.period : 0.0, 0, error);
    if (!w)
        return CP_ERR_MEMORY;
    for (size_t j = 0; j < b->count; j++) {
        const node *m = &b->nodes[(start + j) % b->count];
        double *r = w->rec + j * (size_t)w->stride;
        r[0] = m->t;
        r[CPI_WARP_U] = m->u, r[CPI_WARP_D] = m->d, r[CPI_WARP_A] = m->a, r[CPI_WARP_K] = (double)m->k;
    }
    s->warp = w;
    return cpi_warp_finish(s, s->warp, error);
}

int cpi_warp_constant_speed(cp_path *p, const cpi_field_names *names, cp_error *error)
{
    int rc = cpi_path_check_moving(p, names, error);
    if (rc != CP_OK)
        return rc;
    const size_t n = p->count;
    plan P = {.p = p, .n = n, .closed = p->opts.ends == CP_ENDS_CLOSED};
    P.nseg = P.closed ? n : n - 1;
    P.stop = cpi_calloc(&p->alloc, n, 1);
    P.runs = cpi_alloc_array(&p->alloc, n + 1, sizeof *P.runs);
    P.seglen = cpi_alloc_array(&p->alloc, P.nseg, sizeof *P.seglen);
    P.rel = cpi_alloc_array(&p->alloc, n + 1, sizeof *P.rel);
    const int eased = cpi_path_has_ease(p->keys, n);
    if (eased)
        P.dips = cpi_alloc_array(&p->alloc, n + 1, sizeof *P.dips);
    builder b = {.p = p, .tolerance = CPI_SPEED_TOLERANCE};
    if (!P.stop || !P.runs || !P.seglen || !P.rel || (eased && !P.dips))
        rc = cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the timing of %zu keys", n);
    else
        rc = measure(&P, names, error);
    cpi_pace_probe *probes = NULL;
    if (rc == CP_OK && p->opts.orientation != CP_ORIENTATION_LOOK_AT) {
        probes = cpi_alloc_array(&p->alloc, P.nseg, sizeof *probes);
        if (!probes)
            rc = cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the timing of %zu keys", n);
        for (size_t i = 0; probes && i < P.nseg; i++) {
            cpi_pace_probe_segment(p, i, &probes[i]);
        }
    }
    if (rc == CP_OK)
        rc = pace_and_speed(&P, probes, &b.c, &b.v, error);
    b.probes = probes;
    if (rc == CP_OK) {
        p->shape->speed = b.v;
        time_keys(&P, b.v);
        rc = check_eases(&P, b.v, error);
        if (rc == CP_OK)
            rc = check_times(&P, error);
        if (rc == CP_OK)
            rc = travel_nodes(&P, &b, error);
    }
    if (rc == CP_OK)
        rc = store_warp(&P, &b, error);
    cpi_pace_free(&b.pace);
    cpi_free(&p->alloc, P.stop);
    cpi_free(&p->alloc, P.runs);
    cpi_free(&p->alloc, P.seglen);
    cpi_free(&p->alloc, P.rel);
    cpi_free(&p->alloc, P.dips);
    cpi_free(&p->alloc, b.nodes);
    cpi_free(&p->alloc, probes);
    return rc;
}

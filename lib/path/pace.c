/* SPDX-License-Identifier: MIT */
/* lib/path/pace.c - the measure constant-speed timing paces by: distance
 * along the shape, with turning weighed in where the camera would turn
 * faster than its fastest turn (docs/math.md, section 13).
 *
 * The pace G'(u) = (a^k + (c b)^k + F^k)^(1/k), k = CPI_PACE_POWER (even),
 * is C1 in u wherever it is positive: a^k = (P_u . P_u)^(k/2) and
 * b^k = (omega_u . omega_u)^(k/2) are polynomials in the components of
 * derivatives of the shape (C1 in u, C2 shape), so the corner a norm has
 * at 0 never shows, and the k-th root is smooth away from 0, which the
 * floor F keeps it from. So G is C2, and the warp u(t) = G^-1(d(t)) is C2
 * as it was with G the distance alone. Inside a segment every channel is
 * one polynomial piece, so the pace is smooth there, and its table is
 * Chebyshev series on pieces (one, or a few where the turn overtakes the
 * travel and the pace bends sharply). */
#include <math.h>
#include <string.h>

#include "base.h"
#include "pace.h"
#include "shape_eval.h"

/* A piece's series is good when its last two terms are below this of its
 * least value; it is halved at most CPI_PACE_DEPTH times, CPI_PACE_SPLITS in all. */
#define CPI_PACE_TOL 1e-10
/* and it is within this of the pace, relative, at its ends and three points
 * between the ones it is made from: where two pieces meet, the pace they give
 * differs by less than a tenth of the speed tolerance of the warp's
 * layout (lib/path/warp_speed.c). */
#define CPI_PACE_CHECK 1e-9
#define CPI_PACE_DEPTH 24
#define CPI_PACE_SPLITS 512
#define CPI_PACE_PI 3.14159265358979323846
/* Points probed inside a segment (besides its ends). */
#define CPI_PACE_PROBES 15

/* a, b and their derivatives in u at u of segment seg. */
static void travel_and_turn(const cp_path *p, size_t seg, double u, double ab[2][2])
{
    double P[3][3], R[3][4], F[3];
    cpi_shape_eval(p, seg, u, 1.0, P, R, F, NULL);
    const double a = sqrt(P[1][0] * P[1][0] + P[1][1] * P[1][1] + P[1][2] * P[1][2]);
    ab[0][0] = a;
    ab[0][1] = a > 0 ? (P[1][0] * P[2][0] + P[1][1] * P[2][1] + P[1][2] * P[2][2]) / a : 0.0;
    ab[1][0] = ab[1][1] = 0.0;
    if (p->opts.orientation == CP_ORIENTATION_LOOK_AT)
        return;
    /* omega = 2 vec(R' conj R) / |R|^2, alpha = 2 vec(R'' conj R) / |R|^2 - 2 s omega
     * (docs/math.md, section 5), R = (x, y, z, w) */
    const double *q = R[0];
    const double n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if (!(n2 > 0))
        return;
    double w[2][3];
    for (int d = 0; d < 2; d++) {
        const double *r = R[1 + d];
        /* vec(r conj q) = q_w r_v - r_w q_v - r_v x q_v */
        w[d][0] = q[3] * r[0] - r[3] * q[0] - (r[1] * q[2] - r[2] * q[1]);
        w[d][1] = q[3] * r[1] - r[3] * q[1] - (r[2] * q[0] - r[0] * q[2]);
        w[d][2] = q[3] * r[2] - r[3] * q[2] - (r[0] * q[1] - r[1] * q[0]);
        for (int j = 0; j < 3; j++)
            w[d][j] *= 2.0 / n2;
    }
    const double s = (q[0] * R[1][0] + q[1] * R[1][1] + q[2] * R[1][2] + q[3] * R[1][3]) / n2;
    for (int j = 0; j < 3; j++)
        w[1][j] -= 2.0 * s * w[0][j];
    const double b = sqrt(w[0][0] * w[0][0] + w[0][1] * w[0][1] + w[0][2] * w[0][2]);
    ab[1][0] = b;
    ab[1][1] = b > 0 ? (w[0][0] * w[1][0] + w[0][1] * w[1][1] + w[0][2] * w[1][2]) / b : 0.0;
}

#if CPI_PACE_POWER != 8
#error "pace_rate computes the 8th root as three square roots"
#endif
static double pow7(double x)
{
    const double x2 = x * x, x4 = x2 * x2;
    return x4 * x2 * x;
}

/* G' and G'' at u of a segment that is not plain: with m the largest of a,
 * c b and F (scaled, so that no power overflows), G' = m S^(1/k) where
 * S = (a/m)^k + (c b/m)^k + (F/m)^k, and G'' = (a^(k-1) a' + (c b)^(k-1) c b') / G'^(k-1). */
static void pace_rate(const cp_path *p, size_t seg, double c, const double f[2], double u, double g[2])
{
    double ab[2][2];
    travel_and_turn(p, seg, u, ab);
    const double y = c * ab[1][0];
    /* the floor, from its value at one knot to the other's by a smoothstep
     * (C1: flat at both knots) */
    const double du = p->shape->uk[seg + 1].u - p->shape->uk[seg].u, x = (u - p->shape->uk[seg].u) / du;
    const double sx = fmin(1.0, fmax(0.0, x));
    const double floor = f[0] + (f[1] - f[0]) * sx * sx * (3.0 - 2.0 * sx);
    const double dfloor = (f[1] - f[0]) * 6.0 * sx * (1.0 - sx) / du;
    const double m = fmax(fmax(ab[0][0], y), floor);
    const double xa = ab[0][0] / m, xy = y / m, xf = floor / m;
    const double a7 = pow7(xa), y7 = pow7(xy), f7 = pow7(xf);
    const double S = a7 * xa + y7 * xy + f7 * xf, r = sqrt(sqrt(sqrt(S))); /* S >= 1: m is one of them */
    g[0] = m * r;
    g[1] = (a7 * ab[0][1] + y7 * c * ab[1][1] + f7 * dfloor) * r / S; /* r^7 = S / r */
}

int cpi_pace_junction(const cp_path *p, size_t j, size_t *spot)
{
    const cpi_shape *s = p->shape;
    const size_t n = p->count;
    const int closed = p->opts.ends == CP_ENDS_CLOSED;
    if (j == n && closed)
        j = 0;
    const cpi_uknot *uk = s->uk;
    if (uk[j].sp[1] != 0)
        return 0;
    if ((j + 1 < n || closed) && uk[j + 1].sp[0] == uk[j].sp[0]) {
        *spot = j;
        return 1;
    }
    if (j > 0 ? uk[j - 1].sp[0] == uk[j].sp[0] : closed && uk[n - 1].sp[0] == uk[n].sp[0]) {
        *spot = j > 0 ? j - 1 : n - 1;
        return 1;
    }
    return 0;
}

/* The floor of segment seg at its u-knot j at c: CPI_PACE_FLOOR (max(1,
 * c)), or where a turn on the spot starts or ends, CPI_PACE_SPOT_FLOOR of
 * the segment's mean pace, max(travel, c turn) / du (the camera stops
 * there, so the two segments' floors may differ). */
static double knot_floor(const cp_path *p, size_t seg, size_t j, double c)
{
    const cpi_uknot *uk = p->shape->uk;
    const double least = CPI_PACE_FLOOR * fmax(1.0, c);
    size_t k;
    if (!cpi_pace_junction(p, j, &k))
        return least;
    const double mean = fmax(uk[seg + 1].sp[0] - uk[seg].sp[0], c * (uk[seg + 1].sr[0] - uk[seg].sr[0])) /
                        (uk[seg + 1].u - uk[seg].u);
    const double f = CPI_PACE_SPOT_FLOOR * mean;
    return f > least ? f : least;
}

void cpi_pace_probe_segment(const cp_path *p, size_t seg, cpi_pace_probe *probe)
{
    const cpi_shape *s = p->shape;
    const double u0 = s->uk[seg].u, u1 = s->uk[seg + 1].u;
    probe->turn = 0.0;
    probe->least = INFINITY;
    probe->travel = s->uk[seg + 1].sp[0] != s->uk[seg].sp[0];
    for (int i = 0; i <= CPI_PACE_PROBES + 1; i++) {
        const double u = i == CPI_PACE_PROBES + 1 ? u1 : u0 + (u1 - u0) * i / (CPI_PACE_PROBES + 1.0);
        double ab[2][2];
        travel_and_turn(p, seg, u, ab);
        probe->least = fmin(probe->least, ab[0][0]);
        const double r = ab[0][0] > 0 ? ab[1][0] / ab[0][0] : ab[1][0] > 0 ? INFINITY : 0.0;
        probe->turn = fmax(probe->turn, r);
    }
}

int cpi_pace_is_plain(const cpi_pace_probe *probe, double c)
{
    return probe->travel && probe->least >= CPI_PACE_PLAIN * CPI_PACE_FLOOR * fmax(1.0, c) &&
           c * probe->turn <= 1.0 / CPI_PACE_PLAIN;
}

/* A piece of the table: the pace's Chebyshev series over [x0, x1]
 * (CPI_PACE_NODES terms from as many values) and its antiderivative's. */
static double chebyshev_sum(const double *c, int n, double s)
{
    double b1 = 0.0, b2 = 0.0; /* Clenshaw */
    for (int j = n - 1; j >= 1; j--) {
        const double b0 = 2.0 * s * b1 - b2 + c[j];
        b2 = b1, b1 = b0;
    }
    return s * b1 - b2 + c[0];
}

/* The series of the pace over [x0, x1] into c (values at the Chebyshev
 * points of the first kind, cosine sums), its antiderivative's into C
 * (C[k] = (c[k-1] - c[k+1]) / 2k, C[1] = c[0] - c[2] / 2), and whether
 * the series' last two terms are negligible next to the least value the
 * pace takes at the points (the piece is good: the series is then within
 * about that of the pace, relative, wherever the pace is slowest). */
static int piece_series(const cpi_pace *t, double x0, double x1, double *c, double *C)
{
    enum { N = CPI_PACE_NODES };
    double g[2], least = INFINITY;
    for (int j = 0; j < N; j++)
        c[j] = 0.0;
    for (int m = 0; m < N; m++) {
        const double s = cos(CPI_PACE_PI * (m + 0.5) / N);
        pace_rate(t->p, t->seg, t->c, t->floor, 0.5 * (x0 + x1) + 0.5 * (x1 - x0) * s, g);
        least = fmin(least, g[0]);
        /* cos(j theta_m) = T_j(s_m), by the recurrence */
        double t0 = 1.0, t1 = s;
        c[0] += g[0], c[1] += g[0] * s;
        for (int j = 2; j < N; j++) {
            const double tj = 2.0 * s * t1 - t0;
            t0 = t1, t1 = tj;
            c[j] += g[0] * tj;
        }
    }
    double size = 0.0;
    for (int j = 0; j < N; j++) {
        c[j] *= (j ? 2.0 : 1.0) / N;
        size += fabs(c[j]);
    }
    C[0] = 0.0;
    for (int k = 1; k <= N; k++) {
        const double before = k == 1 ? 2.0 * c[0] : c[k - 1], after = k + 1 < N ? c[k + 1] : 0.0;
        C[k] = (before - after) / (2.0 * k);
    }
    if (!(isfinite(size) && fabs(c[N - 1]) + fabs(c[N - 2]) <= CPI_PACE_TOL * least))
        return 0;
    /* and the series against the pace between the points: a series whose
     * tail is small by chance misses a sharp bend of the pace there */
    static const double check[5] = {-1.0, -0.5, 0.0, 0.5, 1.0};
    for (int k = 0; k < 5; k++) {
        pace_rate(t->p, t->seg, t->c, t->floor, 0.5 * (x0 + x1) + 0.5 * (x1 - x0) * check[k], g);
        if (!(fabs(chebyshev_sum(c, N, check[k]) - g[0]) <= CPI_PACE_CHECK * g[0]))
            return 0;
    }
    return 1;
}

/* Room for one more piece; 0, or -1 out of memory. */
static int grow(cpi_pace *t)
{
    if (t->n < t->cap)
        return 0;
    const size_t cap = t->cap ? 2 * t->cap : 8;
    cpi_pace_piece *m = cpi_realloc_array(&t->p->alloc, t->pieces, cap, sizeof *m);
    if (!m)
        return -1;
    t->pieces = m, t->cap = cap;
    return 0;
}

int cpi_pace_build(cpi_pace *t, const cp_path *p, size_t seg, double c, int plain)
{
    const cpi_shape *s = p->shape;
    memset(t, 0, sizeof *t);
    t->p = p, t->seg = seg, t->c = c, t->plain = plain;
    t->u0 = s->uk[seg].u, t->u1 = s->uk[seg + 1].u;
    /* the floor: CPI_PACE_FLOOR (max(1, c)) keeps the k-th root away from
     * 0 and vanishes next to the travel; where a turn on the spot starts or
     * ends it is CPI_PACE_SPOT_FLOOR of the segment's mean pace, so that where
     * both travel and turn come near 0 (the position stops there, and a
     * turn that reverses passes 0 near it) the camera does not race through */
    t->floor[0] = knot_floor(p, seg, seg, c);
    t->floor[1] = knot_floor(p, seg, seg + 1, c);
    if (plain)
        return cpi_arc_table_build(&t->arc, p->pos, s->uk[seg].pseg);
    /* pieces in order: the pending right ends wait on a stack; a piece is
     * halved until its series is good, at most CPI_PACE_DEPTH times and
     * CPI_PACE_SPLITS times in all (then it is taken as it is) */
    double stack[CPI_PACE_DEPTH + 1], x0 = t->u0, base = 0.0;
    int top = 0, splits = 0;
    stack[top++] = t->u1;
    while (top > 0) {
        if (grow(t) != 0) {
            cpi_pace_free(t);
            return -1;
        }
        cpi_pace_piece *q = &t->pieces[t->n];
        const double x1 = stack[top - 1];
        const int good = piece_series(t, x0, x1, q->c, q->C);
        const double mid = 0.5 * (x0 + x1);
        if (!good && top <= CPI_PACE_DEPTH && splits < CPI_PACE_SPLITS && mid > x0 && mid < x1) {
            stack[top++] = mid;
            splits++;
            continue;
        }
        q->x0 = x0, q->x1 = x1, q->base = base;
        q->start = chebyshev_sum(q->C, CPI_PACE_NODES + 1, -1.0);
        base += 0.5 * (x1 - x0) * (chebyshev_sum(q->C, CPI_PACE_NODES + 1, 1.0) - q->start);
        t->n++;
        x0 = x1;
        top--;
    }
    t->total = base;
    return 0;
}

/* The piece that holds u. */
static const cpi_pace_piece *piece_at(const cpi_pace *t, double u)
{
    size_t lo = 0, hi = t->n - 1; /* the last piece starting at or before u */
    while (lo < hi) {
        const size_t mid = lo + (hi - lo + 1) / 2;
        if (t->pieces[mid].x0 <= u)
            lo = mid;
        else
            hi = mid - 1;
    }
    return &t->pieces[lo];
}

double cpi_pace_at(const cpi_pace *t, double u)
{
    if (t->plain) {
        size_t pseg;
        return cpi_arc_table_at(&t->arc, cpi_shape_sigma(t->p, t->seg, u, &pseg));
    }
    if (!(u > t->u0) || t->n == 0)
        return 0.0;
    if (u >= t->u1)
        return t->total;
    const cpi_pace_piece *q = piece_at(t, u);
    const double h = q->x1 - q->x0, s = fmin(1.0, (2.0 * u - q->x0 - q->x1) / h);
    return q->base + 0.5 * h * (chebyshev_sum(q->C, CPI_PACE_NODES + 1, s) - q->start);
}

double cpi_pace_total(const cpi_pace *t)
{
    return t->plain ? cpi_arc_table_at(&t->arc, t->arc.b) : t->total;
}

void cpi_pace_rate(const cpi_pace *t, double u, double g[2])
{
    if (t->plain) {
        double P[3][3], R[3][4], F[3];
        cpi_shape_eval(t->p, t->seg, u, 1.0, P, R, F, NULL);
        g[0] = sqrt(P[1][0] * P[1][0] + P[1][1] * P[1][1] + P[1][2] * P[1][2]);
        g[1] = (P[1][0] * P[2][0] + P[1][1] * P[2][1] + P[1][2] * P[2][2]) / g[0];
        return;
    }
    /* the pace itself: the table's G is within CPI_PACE_CHECK of its
     * integral, well inside the layout's speed tolerance */
    pace_rate(t->p, t->seg, t->c, t->floor, u, g);
}

double cpi_pace_u_at(const cpi_pace *t, double dist, int halvings)
{
    if (t->plain) {
        double lo = t->arc.a, hi = t->arc.b;
        for (int i = 0; i < halvings; i++) {
            const double mid = 0.5 * (lo + hi);
            if (cpi_arc_table_at(&t->arc, mid) < dist)
                lo = mid;
            else
                hi = mid;
        }
        size_t k;
        return cpi_shape_u_at_sigma(t->p, 0.5 * (lo + hi), &k);
    }
    double lo = t->u0, hi = t->u1;
    for (int i = 0; i < halvings; i++) {
        const double mid = 0.5 * (lo + hi);
        if (cpi_pace_at(t, mid) < dist)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

void cpi_pace_free(cpi_pace *t)
{
    cpi_arc_table_free(&t->arc);
    if (t->p)
        cpi_free(&t->p->alloc, t->pieces);
    t->pieces = NULL;
    t->n = t->cap = 0;
}

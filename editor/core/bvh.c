/* SPDX-License-Identifier: MIT */
/* editor/core/bvh.c - median-split bounding volume hierarchy and its two queries. */
#include "bvh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define STACK 128   /* traversal stack: the tree is at most ~log2(n) + 1 deep (median splits) */

void ed_bvh_free(ed_bvh *b)
{
    free(b->tris);
    free(b->nodes);
    memset(b, 0, sizeof *b);
}

/* A triangle while the tree is built: its box and centre, moved as a whole so
 * that every pass over a node's triangles reads memory in order. */
typedef struct prim {
    float    lo[3], hi[3], c[3];
    unsigned tri;
} prim;

typedef struct builder {
    ed_bvh           *b;
    prim             *prims;
    const atomic_int *stop;   /* may be NULL */
    int               failed;
} builder;

/* Hoare's selection: puts the k-th smallest (by the axis) at prims[k], smaller before, larger after. */
static void select_kth(prim *p, size_t lo, size_t hi, size_t k, int axis)
{
    while (hi - lo > 1) {
        /* the pivot is never the last element, so that the split j stays below hi - 1 */
        float pivot = p[lo + (hi - 1 - lo) / 2].c[axis];
        ptrdiff_t i = (ptrdiff_t)lo - 1, j = (ptrdiff_t)hi;
        for (;;) {
            do
                i++;
            while (p[i].c[axis] < pivot);
            do
                j--;
            while (p[j].c[axis] > pivot);
            if (i >= j)
                break;
            prim t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        if (k <= (size_t)j)
            hi = (size_t)j + 1;
        else
            lo = (size_t)j + 1;
    }
}

static long new_node(builder *bd)
{
    ed_bvh *b = bd->b;
    if (b->node_count == b->node_cap) {
        size_t cap = b->node_cap ? 2 * b->node_cap : 1024;
        ed_bvh_node *n = realloc(b->nodes, cap * sizeof *n);
        if (!n) {
            bd->failed = 1;
            return -1;
        }
        b->nodes = n;
        b->node_cap = cap;
    }
    return (long)b->node_count++;
}

static void build(builder *bd, size_t lo, size_t hi)
{
    if (bd->stop && atomic_load(bd->stop))
        bd->failed = 1;
    if (bd->failed)
        return;
    long id = new_node(bd);
    if (id < 0)
        return;
    float blo[3] = {INFINITY, INFINITY, INFINITY}, bhi[3] = {-INFINITY, -INFINITY, -INFINITY};
    float clo[3] = {INFINITY, INFINITY, INFINITY}, chi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (size_t i = lo; i < hi; i++) {
        const prim *p = &bd->prims[i];
        /* plain comparisons: fminf and fmaxf are calls (they handle NaN), and this loop is the build */
        for (int k = 0; k < 3; k++) {
            blo[k] = p->lo[k] < blo[k] ? p->lo[k] : blo[k];
            bhi[k] = p->hi[k] > bhi[k] ? p->hi[k] : bhi[k];
            clo[k] = p->c[k] < clo[k] ? p->c[k] : clo[k];
            chi[k] = p->c[k] > chi[k] ? p->c[k] : chi[k];
        }
    }
    ed_bvh_node *n = &bd->b->nodes[id];
    memcpy(n->lo, blo, sizeof blo);
    memcpy(n->hi, bhi, sizeof bhi);
    if (hi - lo <= ED_BVH_LEAF) {
        n->first = (unsigned)lo;
        n->count = (unsigned)(hi - lo);
        n->right = 0;
        return;
    }
    int axis = 0;
    for (int k = 1; k < 3; k++)
        if (chi[k] - clo[k] > chi[axis] - clo[axis])
            axis = k;
    size_t mid = lo + (hi - lo) / 2;
    select_kth(bd->prims, lo, hi, mid, axis);
    build(bd, lo, mid);
    long right = (long)bd->b->node_count;
    build(bd, mid, hi);
    if (bd->failed)
        return;
    n = &bd->b->nodes[id]; /* the array may have moved */
    n->first = 0;
    n->count = 0;
    n->right = (unsigned)right;
}

/* Triangle t's three corners (9 floats) out of the world's meshes. */
static void world_corners(const ed_world *w, size_t mesh, size_t f, float out[9])
{
    const ed_mesh *m = &w->meshes[mesh];
    for (int c = 0; c < 3; c++)
        memcpy(&out[3 * c], &m->positions[3 * (size_t)m->indices[3 * f + c]], 3 * sizeof(float));
}

int ed_bvh_build(ed_bvh *b, const ed_world *w) { return ed_bvh_build_until(b, w, NULL); }

int ed_bvh_build_until(ed_bvh *b, const ed_world *w, const atomic_int *stop)
{
    memset(b, 0, sizeof *b);
    size_t n = w->triangle_count;
    if (n == 0)
        return 0;
    prim *prims = malloc(n * sizeof *prims);
    b->tris = malloc(n * 9 * sizeof *b->tris);
    int rc = -1;
    if (!prims || !b->tris)
        goto done;
    size_t t = 0;
    for (size_t i = 0; i < w->mesh_count; i++)
        for (size_t f = 0; f < w->meshes[i].triangle_count; f++, t++) {
            float v[9];
            world_corners(w, i, f, v);
            memcpy(&b->tris[9 * t], v, sizeof v);
            prim *p = &prims[t];
            for (int k = 0; k < 3; k++) {
                p->lo[k] = fminf(v[k], fminf(v[3 + k], v[6 + k]));
                p->hi[k] = fmaxf(v[k], fmaxf(v[3 + k], v[6 + k]));
                p->c[k] = (v[k] + v[3 + k] + v[6 + k]) / 3.0f;
            }
            p->tri = (unsigned)t;
        }
    b->tri_count = t;
    builder bd = {b, prims, stop, 0};
    build(&bd, 0, t);
    if (bd.failed)
        goto done;
    /* the corners in leaf order: what the queries read */
    float *ordered = malloc(n * 9 * sizeof *ordered);
    if (!ordered)
        goto done;
    for (size_t i = 0; i < t; i++)
        memcpy(&ordered[9 * i], &b->tris[9 * (size_t)prims[i].tri], 9 * sizeof(float));
    free(b->tris);
    b->tris = ordered;
    rc = 0;
done:
    free(prims);
    if (rc != 0)
        ed_bvh_free(b);
    return rc;
}

/* ---- queries ------------------------------------------------------------------------------------ */

static cp_vec3 corner(const ed_bvh *b, size_t t, int c)
{
    const float *p = &b->tris[9 * t + 3 * c];
    return cp_vec3_make(p[0], p[1], p[2]);
}

double ed_point_triangle_distance(cp_vec3 p, cp_vec3 a, cp_vec3 b, cp_vec3 c)
{
    cp_vec3 ab = cp_vec3_sub(b, a), ac = cp_vec3_sub(c, a), ap = cp_vec3_sub(p, a);
    double d1 = cp_vec3_dot(ab, ap), d2 = cp_vec3_dot(ac, ap);
    cp_vec3 q;
    if (d1 <= 0 && d2 <= 0) {
        q = a;
    } else {
        cp_vec3 bp = cp_vec3_sub(p, b);
        double d3 = cp_vec3_dot(ab, bp), d4 = cp_vec3_dot(ac, bp);
        cp_vec3 cp = cp_vec3_sub(p, c);
        double d5 = cp_vec3_dot(ab, cp), d6 = cp_vec3_dot(ac, cp);
        double vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
        if (d3 >= 0 && d4 <= d3)
            q = b;
        else if (d6 >= 0 && d5 <= d6)
            q = c;
        else if (vc <= 0 && d1 >= 0 && d3 <= 0)
            q = cp_vec3_add(a, cp_vec3_scale(ab, d1 / (d1 - d3)));
        else if (vb <= 0 && d2 >= 0 && d6 <= 0)
            q = cp_vec3_add(a, cp_vec3_scale(ac, d2 / (d2 - d6)));
        else if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
            q = cp_vec3_add(b, cp_vec3_scale(cp_vec3_sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6))));
        else {
            double den = va + vb + vc;
            /* a degenerate triangle (no area): its nearest corner is close enough */
            if (!(fabs(den) > 0))
                return fmin(cp_vec3_length(ap), fmin(cp_vec3_length(bp), cp_vec3_length(cp)));
            double v = vb / den, w = vc / den;
            q = cp_vec3_add(a, cp_vec3_add(cp_vec3_scale(ab, v), cp_vec3_scale(ac, w)));
        }
    }
    return cp_vec3_length(cp_vec3_sub(p, q));
}

static double box_distance2(const ed_bvh_node *n, cp_vec3 p)
{
    double d[3] = {fmax(fmax(n->lo[0] - p.x, 0), p.x - n->hi[0]), fmax(fmax(n->lo[1] - p.y, 0), p.y - n->hi[1]),
                   fmax(fmax(n->lo[2] - p.z, 0), p.z - n->hi[2])};
    return d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
}

double ed_bvh_distance(const ed_bvh *b, cp_vec3 p, double limit)
{
    if (b->node_count == 0)
        return limit;
    double best = limit;
    unsigned stack[STACK];
    int sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
        const ed_bvh_node *n = &b->nodes[stack[--sp]];
        if (box_distance2(n, p) >= best * best)
            continue;
        if (n->count) {
            for (unsigned i = n->first; i < n->first + n->count; i++)
                best = fmin(best, ed_point_triangle_distance(p, corner(b, i, 0), corner(b, i, 1), corner(b, i, 2)));
            continue;
        }
        unsigned l = (unsigned)(n - b->nodes) + 1, r = n->right;
        /* the nearer child last, so that it is visited first */
        int near_left = box_distance2(&b->nodes[l], p) < box_distance2(&b->nodes[r], p);
        if (sp + 2 <= STACK) {
            stack[sp++] = near_left ? r : l;
            stack[sp++] = near_left ? l : r;
        }
    }
    return best;
}

/* Slab test of the segment a + u d, u in [0, umax], against a box. */
static int segment_box(const ed_bvh_node *n, cp_vec3 a, cp_vec3 d, double umax)
{
    const double o[3] = {a.x, a.y, a.z}, v[3] = {d.x, d.y, d.z};
    double u0 = 0, u1 = umax;
    for (int k = 0; k < 3; k++) {
        if (fabs(v[k]) < 1e-300) {
            if (o[k] < n->lo[k] || o[k] > n->hi[k])
                return 0;
            continue;
        }
        double t0 = (n->lo[k] - o[k]) / v[k], t1 = (n->hi[k] - o[k]) / v[k];
        if (t0 > t1) {
            double t = t0;
            t0 = t1;
            t1 = t;
        }
        u0 = fmax(u0, t0);
        u1 = fmin(u1, t1);
        if (u0 > u1)
            return 0;
    }
    return 1;
}

/* Moller-Trumbore: the fraction u in [0, 1] where a + u d meets the triangle, or -1. */
static double segment_triangle(cp_vec3 a, cp_vec3 d, cp_vec3 t0, cp_vec3 t1, cp_vec3 t2)
{
    cp_vec3 e1 = cp_vec3_sub(t1, t0), e2 = cp_vec3_sub(t2, t0);
    cp_vec3 h = cp_vec3_cross(d, e2);
    double det = cp_vec3_dot(e1, h);
    if (fabs(det) < 1e-18)
        return -1;
    double inv = 1.0 / det;
    cp_vec3 s = cp_vec3_sub(a, t0);
    double bu = inv * cp_vec3_dot(s, h);
    if (bu < 0 || bu > 1)
        return -1;
    cp_vec3 q = cp_vec3_cross(s, e1);
    double bv = inv * cp_vec3_dot(d, q);
    if (bv < 0 || bu + bv > 1)
        return -1;
    double u = inv * cp_vec3_dot(e2, q);
    return u >= 0 && u <= 1 ? u : -1;
}

/* Visits every triangle whose box the segment a + u d (u in 0..1) meets:
 * with `first`, finds the nearest crossing; otherwise counts them all. */
static double segment_walk(const ed_bvh *b, cp_vec3 a, cp_vec3 d, int first, size_t *count)
{
    double best = 2.0;
    unsigned stack[STACK];
    int sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
        const ed_bvh_node *n = &b->nodes[stack[--sp]];
        if (!segment_box(n, a, d, first ? fmin(best, 1.0) : 1.0))
            continue;
        if (n->count) {
            for (unsigned i = n->first; i < n->first + n->count; i++) {
                double h = segment_triangle(a, d, corner(b, i, 0), corner(b, i, 1), corner(b, i, 2));
                if (h >= 0) {
                    best = fmin(best, h);
                    (*count)++;
                }
            }
            continue;
        }
        if (sp + 2 <= STACK) {
            stack[sp++] = n->right;
            stack[sp++] = (unsigned)(n - b->nodes) + 1;
        }
    }
    return best;
}

static size_t crossings(const ed_bvh *b, cp_vec3 a, cp_vec3 c)
{
    size_t count = 0;
    if (b->node_count)
        segment_walk(b, a, cp_vec3_sub(c, a), 0, &count);
    return count;
}

int ed_bvh_inside(const ed_bvh *b, cp_vec3 p, double reach)
{
    /* skewed directions, so that no ray runs along the axis-aligned edges buildings are full of */
    static const double dirs[5][3] = {{0.31, 0.94, 0.17}, {-0.83, 0.21, 0.52}, {0.44, -0.37, -0.82},
                                      {0.91, -0.13, 0.39}, {-0.27, -0.71, 0.65}};
    int odd = 0;
    for (int i = 0; i < 5; i++) {
        cp_vec3 end = cp_vec3_add(p, cp_vec3_scale(cp_vec3_normalize(cp_vec3_make(dirs[i][0], dirs[i][1], dirs[i][2])), reach));
        odd += (int)(crossings(b, p, end) & 1);
    }
    return odd >= 3;
}

int ed_bvh_segment(const ed_bvh *b, cp_vec3 a, cp_vec3 c, double *u)
{
    if (b->node_count == 0)
        return 0;
    size_t count = 0;
    double best = segment_walk(b, a, cp_vec3_sub(c, a), 1, &count);
    if (best > 1.0)
        return 0;
    if (u)
        *u = best;
    return 1;
}

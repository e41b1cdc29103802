/* SPDX-License-Identifier: MIT */
/* editor/core/demo.c - builds the demo world out of convex solids, as plain
 * meshes (one per colour) like an imported scene. */
#include "demo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A triangle as the builder collects it, before meshes are made. */
typedef struct demo_tri {
    cp_vec3 v[3];
    cp_vec3 normal;
    ed_rgba color;
} demo_tri;

static ed_rgba rgb(int r, int g, int b)
{
    ed_rgba c = {(unsigned char)r, (unsigned char)g, (unsigned char)b, 255};
    return c;
}

typedef struct builder {
    demo_tri *tris;
    size_t    count, cap;
    int       failed;
    cp_vec3   centre;        /* a point inside the solid being built, to orient faces outward */
    ed_world *w;
} builder;

static void begin_solid(builder *b, cp_vec3 centre) { b->centre = centre; }

/* A triangle of the current solid, turned to face away from its centre
 * (or up, for flat solids whose centre lies in their own plane). */
static void tri(builder *b, cp_vec3 a, cp_vec3 c1, cp_vec3 c2, ed_rgba color)
{
    if (b->failed)
        return;
    if (b->count == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 256;
        demo_tri *t = realloc(b->tris, cap * sizeof *t);
        if (!t) {
            b->failed = 1;
            return;
        }
        b->tris = t;
        b->cap = cap;
    }
    cp_vec3 n = cp_vec3_normalize(cp_vec3_cross(cp_vec3_sub(c1, a), cp_vec3_sub(c2, a)));
    cp_vec3 mid = cp_vec3_scale(cp_vec3_add(a, cp_vec3_add(c1, c2)), 1.0 / 3.0);
    double side = cp_vec3_dot(n, cp_vec3_sub(mid, b->centre));
    if (side < 0 || (fabs(side) < 1e-9 && n.y < 0)) {
        cp_vec3 t = c1;
        c1 = c2;
        c2 = t;
        n = cp_vec3_scale(n, -1.0);
    }
    b->tris[b->count++] = (demo_tri){{a, c1, c2}, n, color};
}

static void quad(builder *b, cp_vec3 p0, cp_vec3 p1, cp_vec3 p2, cp_vec3 p3, ed_rgba color)
{
    tri(b, p0, p1, p2, color);
    tri(b, p0, p2, p3, color);
}

/* A convex polygon `base` (n points, in order) swept along `extrude`: a
 * box, an octagonal column, a slice of the arch. */
static void prism(builder *b, const cp_vec3 *base, int n, cp_vec3 extrude, ed_rgba color)
{
    cp_vec3 c = cp_vec3_make(0, 0, 0);
    for (int i = 0; i < n; i++)
        c = cp_vec3_add(c, base[i]);
    c = cp_vec3_add(cp_vec3_scale(c, 1.0 / n), cp_vec3_scale(extrude, 0.5));
    begin_solid(b, c);
    for (int i = 1; i + 1 < n; i++) {
        tri(b, base[0], base[i], base[i + 1], color);
        tri(b, cp_vec3_add(base[0], extrude), cp_vec3_add(base[i], extrude), cp_vec3_add(base[i + 1], extrude), color);
    }
    for (int i = 0; i < n; i++) {
        cp_vec3 p = base[i], q = base[(i + 1) % n];
        quad(b, p, q, cp_vec3_add(q, extrude), cp_vec3_add(p, extrude), color);
    }
}

static void box(builder *b, double x0, double y0, double z0, double x1, double y1, double z1, ed_rgba color)
{
    cp_vec3 base[4] = {{x0, y0, z0}, {x1, y0, z0}, {x1, y0, z1}, {x0, y0, z1}};
    prism(b, base, 4, cp_vec3_make(0, y1 - y0, 0), color);
}

/* A regular polygon around (x, y, z) in the ground plane. */
static void ring(cp_vec3 *out, int n, double x, double y, double z, double r, double phase)
{
    for (int i = 0; i < n; i++) {
        double a = phase + 2.0 * M_PI * i / n;
        out[i] = cp_vec3_make(x + r * cos(a), y, z + r * sin(a));
    }
}

static void column(builder *b, int sides, double x, double z, double r, double y0, double y1, ed_rgba color)
{
    cp_vec3 base[16];
    ring(base, sides, x, y0, z, r, M_PI / sides);
    prism(b, base, sides, cp_vec3_make(0, y1 - y0, 0), color);
}

/* A pyramid or cone: the polygon `base` joined to `apex`. */
static void cone(builder *b, const cp_vec3 *base, int n, cp_vec3 apex, ed_rgba color)
{
    cp_vec3 c = apex;
    for (int i = 0; i < n; i++)
        c = cp_vec3_add(c, base[i]);
    begin_solid(b, cp_vec3_scale(c, 1.0 / (n + 1)));
    for (int i = 1; i + 1 < n; i++)
        tri(b, base[0], base[i], base[i + 1], color);
    for (int i = 0; i < n; i++)
        tri(b, base[i], base[(i + 1) % n], apex, color);
}

static void flat_quad(builder *b, double x0, double z0, double x1, double z1, double y, ed_rgba color)
{
    begin_solid(b, cp_vec3_make(0.5 * (x0 + x1), y - 1.0, 0.5 * (z0 + z1)));
    quad(b, cp_vec3_make(x0, y, z0), cp_vec3_make(x1, y, z0), cp_vec3_make(x1, y, z1), cp_vec3_make(x0, y, z1), color);
}

/* ---- the landmarks ------------------------------------------------------------------- */

static void tree(builder *b, double x, double z, double h)
{
    box(b, x - 0.35, 0, z - 0.35, x + 0.35, 0.35 * h, z + 0.35, rgb(105, 75, 50));
    cp_vec3 base[8];
    ring(base, 8, x, 0.3 * h, z, 0.3 * h, 0.2);
    cone(b, base, 8, cp_vec3_make(x, h, z), rgb(50, 120, 60));
}

static void house(builder *b, double x, double z, double w, double d, double h, ed_rgba wall)
{
    box(b, x - w / 2, 0, z - d / 2, x + w / 2, h, z + d / 2, wall);
    /* a gable roof: a triangle swept along the house's depth */
    cp_vec3 gable[3] = {{x - w / 2 - 0.4, h, z - d / 2 - 0.4}, {x + w / 2 + 0.4, h, z - d / 2 - 0.4},
                        {x, h + 0.45 * w, z - d / 2 - 0.4}};
    prism(b, gable, 3, cp_vec3_make(0, 0, d + 0.8), rgb(150, 60, 45));
}

static void pillar(builder *b)
{
    box(b, -4, 0, -4, 4, 1.5, 4, rgb(170, 160, 145));
    column(b, 8, 0, 0, 2.5, 1.5, 40, rgb(205, 180, 130));
    column(b, 8, 0, 0, 3.4, 40, 41.5, rgb(190, 170, 125));
    cp_vec3 base[8];
    ring(base, 8, 0, 41.5, 0, 2.6, M_PI / 8);
    cone(b, base, 8, cp_vec3_make(0, 46, 0), rgb(200, 150, 60));
}

static void bridge(builder *b)
{
    const double zf = -66, zb = -74, r = 9, top = 12;
    const ed_rgba stone = rgb(150, 140, 128);
    box(b, -45, 0, zb, -r, top, zf, stone);
    box(b, r, 0, zb, 45, top, zf, stone);
    /* the spandrels above the arch, one convex slice per step of the curve */
    const int steps = 12;
    for (int i = 0; i < steps; i++) {
        double a0 = M_PI * i / steps, a1 = M_PI * (i + 1) / steps;
        cp_vec3 s[4] = {{r * cos(a0), r * sin(a0), zf}, {r * cos(a1), r * sin(a1), zf},
                        {r * cos(a1), top, zf}, {r * cos(a0), top, zf}};
        prism(b, s, 4, cp_vec3_make(0, 0, zb - zf), i % 2 ? stone : rgb(160, 150, 136));
        }
    box(b, -46, top, zb - 0.5, 46, top + 1.6, zf + 0.5, rgb(120, 115, 110));
    box(b, -46, top + 1.6, zb - 0.5, 46, top + 2.6, zb + 0.1, rgb(170, 160, 150));
    box(b, -46, top + 1.6, zf - 0.1, 46, top + 2.6, zf + 0.5, rgb(170, 160, 150));
}

static void building(builder *b)
{
    const double x0 = -22, x1 = 22, z0 = -175, z1 = -150, h = 70;
    cp_vec3 base[4] = {{x0, 0, z0}, {x1, 0, z0}, {x1, 0, z1}, {x0, 0, z1}};
    prism(b, base, 4, cp_vec3_make(0, h, 0), rgb(105, 115, 135));
    /* windows stand a little in front of the wall, enough for the depth buffer at a distance */
    const ed_rgba glass = rgb(185, 210, 240);
    for (int row = 0; row < 16; row++)
        for (int col = 0; col < 9; col++) {
            double wx = x0 + 2.5 + col * 4.6, wy = 4 + row * 4.1, z = z1 + 0.15;
            quad(b, cp_vec3_make(wx, wy, z), cp_vec3_make(wx + 2.4, wy, z), cp_vec3_make(wx + 2.4, wy + 2.6, z),
                 cp_vec3_make(wx, wy + 2.6, z), glass);
        }
    box(b, -8, h, -168, 8, h + 4, -157, rgb(90, 95, 110));
    column(b, 4, 0, -162, 0.4, h + 4, h + 16, rgb(200, 60, 50));
}

static void mast(builder *b, double x, double z)
{
    for (int i = 0; i < 6; i++)
        box(b, x - 0.5, i * 4.0, z - 0.5, x + 0.5, (i + 1) * 4.0, z + 0.5,
            i % 2 ? rgb(230, 230, 230) : rgb(210, 50, 40));
}

static void grid(builder *b)
{
    const ed_rgba c = rgb(92, 118, 84);
    const double step = 10, x0 = -200, x1 = 200, z0 = -300, z1 = 200;
    for (double x = x0; x <= x1 && !b->failed; x += step)
        b->failed = ed_world_add_line(b->w, cp_vec3_make(x, 0.02, z0), cp_vec3_make(x, 0.02, z1), c) != 0;
    for (double z = z0; z <= z1 && !b->failed; z += step)
        b->failed = ed_world_add_line(b->w, cp_vec3_make(x0, 0.02, z), cp_vec3_make(x1, 0.02, z), c) != 0;
}

static int same_color(ed_rgba a, ed_rgba b) { return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a; }

/* One material and one mesh per colour, three vertices per triangle (flat
 * shading: each face keeps its own normal). */
static int make_meshes(builder *b)
{
    ed_world *w = b->w;
    unsigned char *done = calloc(b->count ? b->count : 1, 1);
    if (!done)
        return -1;
    int rc = 0;
    for (size_t i = 0; i < b->count && rc == 0; i++) {
        if (done[i])
            continue;
        ed_rgba c = b->tris[i].color;
        size_t n = 0;
        for (size_t j = i; j < b->count; j++)
            n += !done[j] && same_color(b->tris[j].color, c);
        const float color[4] = {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f};
        int mat = ed_world_add_material(w, color, -1);
        ed_mesh *m = mat < 0 ? NULL : ed_world_add_mesh(w, mat, 3 * n, n, 0);
        if (!m) {
            rc = -1;
            break;
        }
        size_t v = 0;
        for (size_t j = i; j < b->count; j++) {
            if (done[j] || !same_color(b->tris[j].color, c))
                continue;
            done[j] = 1;
            const demo_tri *t = &b->tris[j];
            for (int k = 0; k < 3; k++, v++) {
                m->positions[3 * v] = (float)t->v[k].x;
                m->positions[3 * v + 1] = (float)t->v[k].y;
                m->positions[3 * v + 2] = (float)t->v[k].z;
                m->normals[3 * v] = (float)t->normal.x;
                m->normals[3 * v + 1] = (float)t->normal.y;
                m->normals[3 * v + 2] = (float)t->normal.z;
                m->indices[v] = (unsigned)v;
            }
        }
        ed_world_mesh_done(w, m);
    }
    free(done);
    return rc;
}

int ed_demo_build(ed_world *world)
{
    ed_world_init(world);
    world->sky = rgb(156, 192, 228);
    builder b;
    memset(&b, 0, sizeof b);
    b.w = world;

    /* the ground in pieces that do not overlap: coplanar layers would fight in the depth buffer */
    const ed_rgba grass = rgb(76, 100, 68);
    flat_quad(&b, -400, -62, 400, 400, 0.0, grass);
    flat_quad(&b, -400, -500, 400, -148, 0.0, grass);
    flat_quad(&b, -400, -148, -3.5, -78, 0.0, grass);
    flat_quad(&b, 3.5, -148, 400, -78, 0.0, grass);
    flat_quad(&b, -400, -78, 400, -62, 0.0, rgb(70, 110, 160));    /* the river under the bridge */
    flat_quad(&b, -3.5, -148, 3.5, -78, 0.0, rgb(120, 118, 112));  /* a path to the building */
    grid(&b);

    pillar(&b);
    bridge(&b);
    building(&b);
    tree(&b, -18, 12, 9);
    tree(&b, -24, -12, 11);
    tree(&b, 20, 26, 8);
    tree(&b, 27, -42, 10);
    tree(&b, -21, -46, 9);
    tree(&b, 16, -102, 12);
    tree(&b, -17, -112, 10);
    cp_vec3 pyr[4] = {{37, 0, -28}, {53, 0, -28}, {53, 0, -12}, {37, 0, -12}};
    cone(&b, pyr, 4, cp_vec3_make(45, 13, -20), rgb(215, 190, 120));
    house(&b, -46, 22, 8, 11, 5, rgb(220, 205, 175));
    house(&b, -42, -104, 9, 12, 6, rgb(200, 200, 190));
    house(&b, 42, -116, 10, 8, 5, rgb(225, 210, 180));
    mast(&b, 55, 48);

    int rc = b.failed ? -1 : make_meshes(&b);
    free(b.tris);
    if (rc != 0)
        ed_world_free(world);
    return rc;
}

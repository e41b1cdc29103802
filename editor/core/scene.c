/* SPDX-License-Identifier: MIT */
/* editor/core/scene.c - the world: the demo town or the user's scene, loading
 * it without blocking, its index, and the clearance check. */
#include "scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"
#include "os.h"

/* Makes `w` (moved in) the world, with its index if one was built (bvh
 * may be NULL or empty: it is then built when a check or a ray asks). */
static void install(ed_scene *s, ed_world *w, ed_bvh *bvh, char *file)
{
    ed_world_free(&s->world);
    s->world = *w;
    s->world_serial++;
    ed_bvh_free(&s->bvh);
    s->bvh_serial = 0;
    if (bvh && (bvh->node_count || w->triangle_count == 0)) {
        s->bvh = *bvh;
        s->bvh_serial = s->world_serial;
        s->bvh_hidden = s->hidden_serial; /* built with nothing hidden, as the new world is */
    }
    s->checked = 0;
    free(s->file);
    s->file = file;
}

int ed_scene_init(ed_scene *s)
{
    memset(s, 0, sizeof *s);
    s->radius = ED_CLEARANCE_DEFAULT;
    return ed_scene_use_demo(s);
}

void ed_scene_free(ed_scene *s)
{
    if (s->loader) {
        ed_world w;
        char err[64];
        ed_loader_cancel(s->loader);
        if (ed_loader_finish(s->loader, &w, NULL, err, sizeof err) == 0)
            ed_world_free(&w);
    }
    ed_world_free(&s->world);
    ed_bvh_free(&s->bvh);
    ed_clearance_free(&s->clearance);
    ed_hidden_free(&s->hidden);
    free(s->file);
    memset(s, 0, sizeof *s);
}

int ed_scene_use_demo(ed_scene *s)
{
    ed_world w;
    int rc = ed_demo_build(&w);
    install(s, &w, NULL, NULL);
    return rc;
}

int ed_scene_load(ed_scene *s, ed_base *b, const char *file, int remember)
{
    if (s->loader) {
        ed_base_message(b, 1, "still loading %s: one scene at a time", ed_loader_file(s->loader));
        return -1;
    }
    char err[1024];
    s->loader = ed_loader_start(file, &s->options, err, sizeof err);
    if (!s->loader) {
        ed_base_message(b, 1, "%s", err);
        return -1;
    }
    s->remember = remember;
    ed_base_message(b, 0, "loading %s", file);
    return 0;
}

int ed_scene_poll(ed_scene *s, ed_base *b)
{
    if (!s->loader || !ed_loader_done(s->loader))
        return 0;
    ed_world w;
    ed_bvh bvh;
    char err[1024];
    char *file = ed_os_strdup(ed_loader_file(s->loader));
    int rc = ed_loader_finish(s->loader, &w, &bvh, err, sizeof err);
    s->loader = NULL;
    if (rc != 0 || !file) {
        if (rc == 0) {
            ed_world_free(&w);
            ed_bvh_free(&bvh);
        }
        free(file);
        ed_base_message(b, 1, "scene not loaded (the world is unchanged): %s", rc ? err : "out of memory");
        return -1;
    }
    install(s, &w, &bvh, file);
    ed_base_message(b, 0, "scene %s: %zu triangles in %zu meshes%s%s", file, s->world.triangle_count,
                    s->world.mesh_count, s->world.note[0] ? "; " : "", s->world.note);
    return 1;
}

int ed_scene_wait(ed_scene *s, ed_base *b, int (*report)(void *ctx, const char *line), void *ctx, int *loaded)
{
    double waited = 0;
    if (loaded)
        *loaded = 0;
    while (s->loader && !ed_loader_done(s->loader)) {
        ed_os_sleep(0.02);
        waited += 0.02;
        /* a small scene loads without a word; a large one says how it is doing twice a second */
        if (report && waited >= 0.5) {
            char line[512];
            ed_loader_describe(s->loader, line, sizeof line);
            waited = 0;
            if (report(ctx, line)) {
                /* the person gave up waiting: the load stops at its next step */
                char *file = ed_os_strdup(ed_loader_file(s->loader));
                ed_loader_cancel(s->loader);
                ed_world w;
                char err[64];
                if (ed_loader_finish(s->loader, &w, NULL, err, sizeof err) == 0)
                    ed_world_free(&w);
                s->loader = NULL;
                ed_base_message(b, 1, "loading %s interrupted (the world is unchanged)", file ? file : "the scene");
                free(file);
                return -1;
            }
        }
    }
    int rc = ed_scene_poll(s, b);
    if (loaded)
        *loaded = rc == 1;
    return rc < 0 ? -1 : 0;
}

static int build_index(ed_scene *s)
{
    if (s->bvh_serial == s->world_serial && s->bvh_hidden == s->hidden_serial)
        return 0;
    ed_bvh_free(&s->bvh);
    s->bvh_serial = 0;
    if (ed_bvh_build(&s->bvh, &s->world) != 0)
        return -1;
    s->bvh_serial = s->world_serial;
    s->bvh_hidden = s->hidden_serial;
    return 0;
}

size_t ed_scene_set_hidden(ed_scene *s, ed_base *b, ed_hidden *given)
{
    if (s->hidden_world == s->world_serial && ed_hidden_equal(&s->hidden, given)) {
        ed_hidden_free(given);
        return s->hidden_meshes;
    }
    ed_hidden_free(&s->hidden);
    s->hidden = *given;
    memset(given, 0, sizeof *given);
    s->hidden_world = s->world_serial;
    const ed_hidden *h = &s->hidden;
    ed_world *w = &s->world;
    unsigned char *node_hidden = calloc(w->node_count ? w->node_count : 1, 1);
    unsigned char *named = calloc(h->count ? h->count : 1, 1);
    if (!node_hidden || !named) {
        free(node_hidden);
        free(named);
        ed_base_message(b, 1, "out of memory: the hidden objects are shown");
        return 0;
    }
    /* parents come before their children */
    for (size_t i = 0; i < w->node_count; i++) {
        for (size_t k = 0; k < h->count; k++)
            if (strcmp(w->nodes[i].name, h->names[k]) == 0)
                node_hidden[i] = 1, named[k] = 1;
        int p = w->nodes[i].parent;
        if (p >= 0 && (size_t)p < i && node_hidden[p])
            node_hidden[i] = 1;
    }
    size_t hidden = 0;
    int changed = 0;
    for (size_t i = 0; i < w->mesh_count; i++) {
        ed_mesh *m = &w->meshes[i];
        unsigned char on = m->node >= 0 && (size_t)m->node < w->node_count && node_hidden[m->node];
        changed |= m->hidden != on;
        m->hidden = on;
        hidden += on;
    }
    for (size_t k = 0; k < h->count; k++)
        if (!named[k]) {
            ed_base_message(b, 1, "hidden: no node of the scene is named \"%s\"%s", h->names[k],
                            w->node_count ? "" : " (the demo town has no named nodes)");
            break;
        }
    free(node_hidden);
    free(named);
    if (changed)
        s->hidden_serial++;
    s->hidden_meshes = hidden;
    return hidden;
}

/* Ray and triangle (Moller and Trumbore): the distance along dir, or -1. */
static double ray_triangle(cp_vec3 o, cp_vec3 d, const float *a, const float *b, const float *c)
{
    cp_vec3 A = cp_vec3_make(a[0], a[1], a[2]), e1 = cp_vec3_make(b[0] - a[0], b[1] - a[1], b[2] - a[2]),
            e2 = cp_vec3_make(c[0] - a[0], c[1] - a[1], c[2] - a[2]);
    cp_vec3 p = cp_vec3_cross(d, e2);
    double det = cp_vec3_dot(e1, p);
    if (fabs(det) < 1e-12)
        return -1;
    cp_vec3 tv = cp_vec3_sub(o, A);
    double u = cp_vec3_dot(tv, p) / det;
    if (u < 0 || u > 1)
        return -1;
    cp_vec3 q = cp_vec3_cross(tv, e1);
    double v = cp_vec3_dot(d, q) / det;
    if (v < 0 || u + v > 1)
        return -1;
    double t = cp_vec3_dot(e2, q) / det;
    return t > 0 ? t : -1;
}

/* Whether the ray meets the box before `limit`. */
static int ray_box(cp_vec3 o, cp_vec3 d, const float lo[3], const float hi[3], double limit)
{
    double t0 = 0, t1 = limit;
    const double oo[3] = {o.x, o.y, o.z}, dd[3] = {d.x, d.y, d.z};
    for (int k = 0; k < 3; k++) {
        if (fabs(dd[k]) < 1e-300) {
            if (oo[k] < lo[k] || oo[k] > hi[k])
                return 0;
            continue;
        }
        double a = (lo[k] - oo[k]) / dd[k], c = (hi[k] - oo[k]) / dd[k];
        if (a > c) {
            double t = a;
            a = c, c = t;
        }
        t0 = a > t0 ? a : t0;
        t1 = c < t1 ? c : t1;
        if (t0 > t1)
            return 0;
    }
    return 1;
}

long ed_scene_pick_mesh(const ed_scene *s, cp_vec3 from, cp_vec3 dir, double *distance)
{
    const ed_world *w = &s->world;
    long best = -1;
    double near = 1e300;
    for (size_t i = 0; i < w->mesh_count; i++) {
        const ed_mesh *m = &w->meshes[i];
        if (m->hidden || !ray_box(from, dir, m->lo, m->hi, near))
            continue;
        for (size_t t = 0; t < m->triangle_count; t++) {
            const unsigned *ix = m->indices + 3 * t;
            double d = ray_triangle(from, dir, m->positions + 3 * ix[0], m->positions + 3 * ix[1], m->positions + 3 * ix[2]);
            if (d > 0 && d < near)
                near = d, best = (long)i;
        }
    }
    if (distance)
        *distance = near;
    return best;
}

const char *ed_scene_mesh_name(const ed_scene *s, size_t i)
{
    const ed_world *w = &s->world;
    if (i >= w->mesh_count)
        return NULL;
    for (int n = w->meshes[i].node; n >= 0 && (size_t)n < w->node_count; n = w->nodes[n].parent)
        if (w->nodes[n].name[0])
            return w->nodes[n].name;
    return NULL;
}

double ed_scene_view_distance(ed_scene *s, cp_vec3 position, cp_quat rotation, double fallback)
{
    if (build_index(s) != 0)
        return fallback;
    const cp_vec3 far = cp_vec3_add(position, cp_vec3_scale(cp_quat_forward(rotation), ED_TARGET_REACH));
    double u;
    /* a surface closer than a few centimetres is the camera's own spot, not a subject */
    if (ed_bvh_segment(&s->bvh, position, far, &u) && u * ED_TARGET_REACH > 0.05)
        return u * ED_TARGET_REACH;
    return fallback;
}

const ed_clearance *ed_scene_clearance(const ed_scene *s, unsigned long path_serial)
{
    if (s->checked && s->checked_path == path_serial && s->checked_world == s->world_serial &&
        s->checked_hidden == s->hidden_serial && s->checked_radius == s->radius)
        return &s->clearance;
    return NULL;
}

int ed_scene_check(ed_scene *s, const cp_path *path, unsigned long path_serial)
{
    return ed_scene_check_update(s, path, path_serial, NULL);
}

int ed_scene_check_update(ed_scene *s, const cp_path *path, unsigned long path_serial, const double span[2])
{
    if (ed_scene_clearance(s, path_serial))
        return 0;
    /* the last check stands for the path before the edit only with the same world and clearance */
    const int same = s->checked && s->checked_world == s->world_serial && s->checked_hidden == s->hidden_serial &&
                     s->checked_radius == s->radius;
    if (build_index(s) != 0 ||
        (span && same ? ed_clearance_update(&s->clearance, path, &s->bvh, s->radius, span)
                      : ed_clearance_check(&s->clearance, path, &s->bvh, s->radius)) != 0) {
        s->checked = 0;
        return -1;
    }
    s->checked = 1;
    s->checked_path = path_serial;
    s->checked_world = s->world_serial;
    s->checked_hidden = s->hidden_serial;
    s->checked_radius = s->radius;
    return 0;
}

int ed_scene_set_radius(ed_scene *s, ed_base *b, double metres)
{
    if (!(metres >= ED_CLEARANCE_MIN && metres <= ED_CLEARANCE_MAX)) {
        ed_base_message(b, 1, "the clearance must be between %g and %g m", ED_CLEARANCE_MIN, ED_CLEARANCE_MAX);
        return -1;
    }
    s->radius = metres;
    ed_base_message(b, 0, "clearance %.3g m", metres);
    return 0;
}

int ed_scene_next_problem(ed_scene *s, ed_base *b, const cp_path *path, unsigned long path_serial)
{
    const ed_clearance *c = path && ed_scene_check(s, path, path_serial) == 0 ? &s->clearance : NULL;
    if (!c || c->count == 0) {
        ed_base_message(b, 0, "the path keeps %.2g m clear of the scene", s->radius);
        return -1;
    }
    size_t i = 0;
    while (i < c->count && c->ranges[i].t0 <= b->playhead + 1e-9)
        i++;
    if (i == c->count)
        i = 0;
    const ed_clearance_range *r = &c->ranges[i];
    b->playing = 0;
    ed_base_seek(b, path, r->t0);
    if (r->through)
        ed_base_message(b, 1, "passes through geometry at %.1f-%.1f s (%zu of %zu)", r->t0, r->t1, i + 1, c->count);
    else
        ed_base_message(b, 1, "%.2g m from the scene at %.1f-%.1f s, closer than %.2g m (%zu of %zu)", r->min_distance,
                        r->t0, r->t1, c->radius, i + 1, c->count);
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/world.c - the world as plain meshes: building and freeing it. */
#include "world.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

void ed_world_init(ed_world *w)
{
    memset(w, 0, sizeof *w);
    w->sky = (ed_rgba){156, 192, 228, 255};
}

void ed_world_free(ed_world *w)
{
    for (size_t i = 0; i < w->mesh_count; i++) {
        free(w->meshes[i].positions);
        free(w->meshes[i].normals);
        free(w->meshes[i].uvs);
        free(w->meshes[i].indices);
    }
    for (size_t i = 0; i < w->texture_count; i++) {
        free(w->textures[i].file);
        free(w->textures[i].data);
    }
    free(w->meshes);
    free(w->materials);
    free(w->textures);
    free(w->lines);
    free(w->source);
    ed_world_init(w);
}

int ed_world_add_material(ed_world *w, const float color[4], int texture)
{
    if (ed_grow((void **)&w->materials, &w->material_cap, w->material_count + 1, sizeof *w->materials))
        return -1;
    ed_material *m = &w->materials[w->material_count];
    memcpy(m->color, color, sizeof m->color);
    m->texture = texture;
    return (int)w->material_count++;
}

int ed_world_add_texture(ed_world *w, ed_texture *t)
{
    if (ed_grow((void **)&w->textures, &w->texture_cap, w->texture_count + 1, sizeof *w->textures)) {
        free(t->file);
        free(t->data);
        memset(t, 0, sizeof *t);
        return -1;
    }
    w->textures[w->texture_count] = *t;
    memset(t, 0, sizeof *t);
    return (int)w->texture_count++;
}

ed_mesh *ed_world_add_mesh(ed_world *w, int material, size_t vertices, size_t triangles, int with_uvs)
{
    if (ed_grow((void **)&w->meshes, &w->mesh_cap, w->mesh_count + 1, sizeof *w->meshes))
        return NULL;
    ed_mesh m;
    memset(&m, 0, sizeof m);
    m.material = material;
    m.vertex_count = vertices;
    m.triangle_count = triangles;
    m.positions = malloc((vertices ? vertices : 1) * 3 * sizeof *m.positions);
    m.normals = malloc((vertices ? vertices : 1) * 3 * sizeof *m.normals);
    m.uvs = with_uvs ? malloc((vertices ? vertices : 1) * 2 * sizeof *m.uvs) : NULL;
    m.indices = malloc((triangles ? triangles : 1) * 3 * sizeof *m.indices);
    if (!m.positions || !m.normals || (with_uvs && !m.uvs) || !m.indices) {
        free(m.positions);
        free(m.normals);
        free(m.uvs);
        free(m.indices);
        return NULL;
    }
    w->meshes[w->mesh_count] = m;
    return &w->meshes[w->mesh_count++];
}

static void extend(ed_world *w, double x, double y, double z)
{
    int first = w->triangle_count == 0 && w->line_count == 0;
    double p[3] = {x, y, z};
    for (int k = 0; k < 3; k++) {
        if (first || p[k] < w->lo[k])
            w->lo[k] = p[k];
        if (first || p[k] > w->hi[k])
            w->hi[k] = p[k];
    }
}

void ed_world_mesh_done(ed_world *w, ed_mesh *m)
{
    for (int k = 0; k < 3; k++)
        m->lo[k] = m->hi[k] = m->vertex_count ? m->positions[k] : 0.0f;
    for (size_t i = 0; i < m->vertex_count; i++)
        for (int k = 0; k < 3; k++) {
            float v = m->positions[3 * i + k];
            m->lo[k] = v < m->lo[k] ? v : m->lo[k];
            m->hi[k] = v > m->hi[k] ? v : m->hi[k];
        }
    if (m->triangle_count == 0)
        return;
    extend(w, m->lo[0], m->lo[1], m->lo[2]);
    w->triangle_count += m->triangle_count;
    extend(w, m->hi[0], m->hi[1], m->hi[2]);
    w->vertex_count += m->vertex_count;
}

int ed_world_add_line(ed_world *w, cp_vec3 a, cp_vec3 b, ed_rgba color)
{
    if (ed_grow((void **)&w->lines, &w->line_cap, w->line_count + 1, sizeof *w->lines))
        return -1;
    extend(w, a.x, a.y, a.z);
    w->lines[w->line_count++] = (ed_world_line){a, b, color};
    extend(w, b.x, b.y, b.z);
    return 0;
}

double ed_world_size(const ed_world *w)
{
    double dx = w->hi[0] - w->lo[0], dy = w->hi[1] - w->lo[1], dz = w->hi[2] - w->lo[2];
    double d = sqrt(dx * dx + dy * dy + dz * dz);
    return d > 1.0 ? d : 1.0;
}

cp_vec3 ed_world_centre(const ed_world *w)
{
    return cp_vec3_make(0.5 * (w->lo[0] + w->hi[0]), 0.5 * (w->lo[1] + w->hi[1]), 0.5 * (w->lo[2] + w->hi[2]));
}

size_t ed_world_bytes(const ed_world *w)
{
    size_t n = w->mesh_cap * sizeof *w->meshes + w->material_cap * sizeof *w->materials +
               w->texture_cap * sizeof *w->textures + w->line_cap * sizeof *w->lines;
    for (size_t i = 0; i < w->mesh_count; i++) {
        const ed_mesh *m = &w->meshes[i];
        n += m->vertex_count * (m->uvs ? 8 : 6) * sizeof(float) + m->triangle_count * 3 * sizeof(unsigned);
    }
    for (size_t i = 0; i < w->texture_count; i++)
        n += w->textures[i].size;
    return n;
}

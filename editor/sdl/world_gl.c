/* SPDX-License-Identifier: MIT */
/* editor/sdl/world_gl.c - uploading and drawing the world. */
#include "world_gl.h"

#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "image.h"

/* Lambert from a fixed sun with enough ambient that shadowed faces still read
 * as the same material; lit on whichever side faces the eye, since imported
 * meshes do not always wind their triangles the same way. */
static const char *vs =
    "#version 330 core\n"
    "layout(location = 0) in vec3 a_pos;\n"
    "layout(location = 1) in vec3 a_normal;\n"
    "layout(location = 2) in vec2 a_uv;\n"
    "uniform mat4 u_vp;\n"
    "out vec3 v_pos;\n"
    "out vec3 v_normal;\n"
    "out vec2 v_uv;\n"
    "void main() {\n"
    "    v_pos = a_pos;\n"
    "    v_normal = a_normal;\n"
    "    v_uv = a_uv;\n"
    "    gl_Position = u_vp * vec4(a_pos, 1.0);\n"
    "}\n";

static const char *fs =
    "#version 330 core\n"
    "in vec3 v_pos;\n"
    "in vec3 v_normal;\n"
    "in vec2 v_uv;\n"
    "uniform vec3 u_eye;\n"
    "uniform vec4 u_color;\n"
    "uniform sampler2D u_tex;\n"
    "uniform int u_has_tex;\n"
    "out vec4 o_color;\n"
    "void main() {\n"
    "    vec3 n = normalize(v_normal);\n"
    "    if (dot(n, u_eye - v_pos) < 0.0) n = -n;\n"
    "    float d = max(dot(n, vec3(0.4082483, 0.8164966, 0.4082483)), 0.0);\n"
    "    float k = 0.55 + 0.45 * d + 0.05 * max(n.y, 0.0);\n"
    "    vec4 c = u_color;\n"
    "    if (u_has_tex != 0) c *= texture(u_tex, v_uv);\n"
    "    if (c.a < 0.5) discard;\n"
    "    o_color = vec4(min(c.rgb * k, vec3(1.0)), 1.0);\n"
    "}\n";

int ed_world_gl_init(ed_world_gl *g, char *err, size_t err_size)
{
    memset(g, 0, sizeof *g);
    if (ed_gl_program(vs, fs, &g->program, err, err_size) != 0)
        return -1;
    g->u_vp = glGetUniformLocation(g->program, "u_vp");
    g->u_eye = glGetUniformLocation(g->program, "u_eye");
    g->u_color = glGetUniformLocation(g->program, "u_color");
    g->u_tex = glGetUniformLocation(g->program, "u_tex");
    g->u_has_tex = glGetUniformLocation(g->program, "u_has_tex");
    return 0;
}

static void release(ed_world_gl *g)
{
    for (size_t i = 0; i < g->mesh_count; i++) {
        glDeleteVertexArrays(1, &g->meshes[i].vao);
        glDeleteBuffers(1, &g->meshes[i].vbo);
        glDeleteBuffers(1, &g->meshes[i].ibo);
    }
    for (size_t i = 0; i < g->texture_count; i++)
        if (g->textures[i])
            glDeleteTextures(1, &g->textures[i]);
    if (g->line_vao) {
        glDeleteVertexArrays(1, &g->line_vao);
        glDeleteBuffers(1, &g->line_vbo);
    }
    free(g->meshes);
    free(g->textures);
    free(g->colors);
    free(g->material_texture);
    g->meshes = NULL;
    g->textures = NULL;
    g->colors = NULL;
    g->material_texture = NULL;
    g->mesh_count = g->texture_count = g->material_count = 0;
    g->line_vao = g->line_vbo = 0;
    g->line_count = 0;
    g->serial = 0;
    g->gpu_bytes = 0;
}

void ed_world_gl_free(ed_world_gl *g)
{
    release(g);
    if (g->program)
        glDeleteProgram(g->program);
    memset(g, 0, sizeof *g);
}

/* Decodes an encoded texture as the format its header names, once the
 * header is seen to be within the limits (the file may have changed since
 * the import read it): nothing is decoded before its size is known. */
static SDL_Surface *decode(const ed_texture *t, size_t *texels, char *why, size_t why_size)
{
    ed_image_info info;
    char reason[256];
    int rc = t->file ? ed_image_info_file(t->file, &info, reason, sizeof reason)
                     : ed_image_info_memory(t->data, t->size, t->hint, &info, reason, sizeof reason);
    if (rc != 0) {
        snprintf(why, why_size, "%s", reason);
        return NULL;
    }
    double all = (double)*texels + (double)info.width * (double)info.height;
    if (info.width > ED_WORLD_MAX_TEXTURE_SIZE || info.height > ED_WORLD_MAX_TEXTURE_SIZE || all > ED_WORLD_MAX_TEXELS) {
        snprintf(why, why_size, "%lld x %lld pixels, over the editor's limit", info.width, info.height);
        return NULL;
    }
    SDL_RWops *rw = t->file ? SDL_RWFromFile(t->file, "rb")
                  : t->size <= (size_t)0x7fffffff ? SDL_RWFromConstMem(t->data, (int)t->size) : NULL;
    SDL_Surface *img = rw ? IMG_LoadTyped_RW(rw, 1, ed_image_format_name(info.format)) : NULL;
    if (!img) {
        snprintf(why, why_size, "%s", rw ? IMG_GetError() : SDL_GetError());
        return NULL;
    }
    if (img->w != info.width || img->h != info.height) {
        snprintf(why, why_size, "decoded to %d x %d pixels, not the %lld x %lld of its header", img->w, img->h,
                 info.width, info.height);
        SDL_FreeSurface(img);
        return NULL;
    }
    *texels += (size_t)img->w * (size_t)img->h;
    return img;
}

/* Decodes a texture into RGBA8 and uploads it with mipmaps; 0 if it does not decode. */
static GLuint upload_texture(ed_world_gl *g, const ed_texture *t, size_t *texels, char *why, size_t why_size)
{
    SDL_Surface *img = NULL;
    char reason[384] = "";
    if (t->raw)
        img = SDL_CreateRGBSurfaceWithFormatFrom(t->data, t->width, t->height, 32, 4 * t->width,
                                                 SDL_PIXELFORMAT_ABGR8888);
    else
        img = decode(t, texels, reason, sizeof reason);
    SDL_Surface *rgba = img ? SDL_ConvertSurfaceFormat(img, SDL_PIXELFORMAT_ABGR8888, 0) : NULL;
    if (img && !rgba)
        snprintf(reason, sizeof reason, "%s", SDL_GetError());
    SDL_FreeSurface(img);
    if (!rgba) {
        snprintf(why, why_size, "%s: %s", t->file ? t->file : "an embedded image", reason);
        return 0;
    }
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, rgba->pitch / 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, rgba->w, rgba->h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba->pixels);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glGenerateMipmap(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    g->gpu_bytes += (size_t)rgba->w * rgba->h * 4 * 4 / 3;
    SDL_FreeSurface(rgba);
    return tex;
}

static int upload_mesh(ed_world_gl *g, const ed_mesh *m, ed_world_gl_mesh *out)
{
    size_t stride = 8 * sizeof(float);
    float *interleaved = malloc(m->vertex_count * stride + 1);
    if (!interleaved)
        return -1;
    for (size_t v = 0; v < m->vertex_count; v++) {
        float *d = interleaved + 8 * v;
        memcpy(d, m->positions + 3 * v, 3 * sizeof(float));
        memcpy(d + 3, m->normals + 3 * v, 3 * sizeof(float));
        d[6] = m->uvs ? m->uvs[2 * v] : 0.0f;
        d[7] = m->uvs ? m->uvs[2 * v + 1] : 0.0f;
    }
    glGenVertexArrays(1, &out->vao);
    glGenBuffers(1, &out->vbo);
    glGenBuffers(1, &out->ibo);
    glBindVertexArray(out->vao);
    glBindBuffer(GL_ARRAY_BUFFER, out->vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(m->vertex_count * stride), interleaved, GL_STATIC_DRAW);
    free(interleaved);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, out->ibo);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(m->triangle_count * 3 * sizeof(unsigned)), m->indices,
                 GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, (GLsizei)stride, (void *)0);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, (GLsizei)stride, (void *)(3 * sizeof(float)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, (GLsizei)stride, (void *)(6 * sizeof(float)));
    glBindVertexArray(0);
    out->index_count = (GLsizei)(m->triangle_count * 3);
    out->material = m->material;
    memcpy(out->lo, m->lo, sizeof out->lo);
    memcpy(out->hi, m->hi, sizeof out->hi);
    g->gpu_bytes += m->vertex_count * stride + m->triangle_count * 3 * sizeof(unsigned);
    return glGetError() == GL_OUT_OF_MEMORY ? -1 : 0;
}

/* The world's lines as GL_LINES of (x, y, z, rgba). */
static void upload_lines(ed_world_gl *g, const ed_world *w)
{
    if (w->line_count == 0)
        return;
    typedef struct {
        float p[3];
        Uint8 c[4];
    } lv;
    lv *v = malloc(2 * w->line_count * sizeof *v);
    if (!v)
        return;
    for (size_t i = 0; i < w->line_count; i++) {
        const ed_world_line *l = &w->lines[i];
        v[2 * i] = (lv){{(float)l->a.x, (float)l->a.y, (float)l->a.z}, {l->color.r, l->color.g, l->color.b, 255}};
        v[2 * i + 1] = (lv){{(float)l->b.x, (float)l->b.y, (float)l->b.z}, {l->color.r, l->color.g, l->color.b, 255}};
    }
    glGenVertexArrays(1, &g->line_vao);
    glGenBuffers(1, &g->line_vbo);
    glBindVertexArray(g->line_vao);
    glBindBuffer(GL_ARRAY_BUFFER, g->line_vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(2 * w->line_count * sizeof *v), v, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof *v, (void *)0);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof *v, (void *)offsetof(lv, c));
    glBindVertexArray(0);
    g->line_count = (GLsizei)(2 * w->line_count);
    free(v);
}

int ed_world_gl_upload(ed_world_gl *g, const ed_world *w, unsigned long serial, char *warn, size_t warn_size)
{
    release(g);
    if (warn && warn_size)
        warn[0] = '\0';
    g->meshes = calloc(w->mesh_count ? w->mesh_count : 1, sizeof *g->meshes);
    g->textures = calloc(w->texture_count ? w->texture_count : 1, sizeof *g->textures);
    g->colors = calloc(w->material_count ? w->material_count : 1, sizeof *g->colors);
    g->material_texture = calloc(w->material_count ? w->material_count : 1, sizeof *g->material_texture);
    if (!g->meshes || !g->textures || !g->colors || !g->material_texture) {
        release(g);
        return -1;
    }
    g->texture_count = w->texture_count;
    size_t texels = 0;
    for (size_t i = 0; i < w->texture_count; i++) {
        char why[512];
        g->textures[i] = upload_texture(g, &w->textures[i], &texels, why, sizeof why);
        if (!g->textures[i] && warn && !warn[0])
            snprintf(warn, warn_size, "a texture was left out: %s", why);
    }
    g->material_count = w->material_count;
    for (size_t i = 0; i < w->material_count; i++) {
        memcpy(g->colors[i], w->materials[i].color, sizeof g->colors[i]);
        g->material_texture[i] = w->materials[i].texture;
    }
    for (size_t i = 0; i < w->mesh_count; i++) {
        if (w->meshes[i].triangle_count == 0)
            continue;
        if (upload_mesh(g, &w->meshes[i], &g->meshes[g->mesh_count++]) != 0) {
            release(g);
            return -1;
        }
    }
    upload_lines(g, w);
    g->serial = serial;
    return 0;
}

/* Whether the box is at least partly inside the six planes of vp (Gribb and
 * Hartmann's plane extraction from the matrix's rows). */
static int box_visible(const float vp[16], const float lo[3], const float hi[3])
{
    for (int p = 0; p < 6; p++) {
        int row = p / 2;
        float s = p % 2 ? -1.0f : 1.0f;
        float a = vp[3] + s * vp[row], b = vp[7] + s * vp[4 + row], c = vp[11] + s * vp[8 + row],
              d = vp[15] + s * vp[12 + row];
        /* the corner furthest along the plane's normal */
        float x = a >= 0 ? hi[0] : lo[0], y = b >= 0 ? hi[1] : lo[1], z = c >= 0 ? hi[2] : lo[2];
        if (a * x + b * y + c * z + d < 0)
            return 0;
    }
    return 1;
}

void ed_world_gl_draw(ed_world_gl *g, const float vp[16], const float eye[3])
{
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    glDisable(GL_CULL_FACE);
    glUseProgram(g->program);
    glUniformMatrix4fv(g->u_vp, 1, GL_FALSE, vp);
    glUniform3fv(g->u_eye, 1, eye);
    glUniform1i(g->u_tex, 0);
    glActiveTexture(GL_TEXTURE0);
    g->drawn_triangles = 0;
    for (size_t i = 0; i < g->mesh_count; i++) {
        const ed_world_gl_mesh *m = &g->meshes[i];
        if (!box_visible(vp, m->lo, m->hi))
            continue;
        int mat = m->material >= 0 && (size_t)m->material < g->material_count ? m->material : -1;
        static const float grey[4] = {0.8f, 0.8f, 0.8f, 1.0f};
        glUniform4fv(g->u_color, 1, mat >= 0 ? g->colors[mat] : grey);
        int t = mat >= 0 ? g->material_texture[mat] : -1;
        GLuint tex = t >= 0 && (size_t)t < g->texture_count ? g->textures[t] : 0;
        glUniform1i(g->u_has_tex, tex != 0);
        glBindTexture(GL_TEXTURE_2D, tex);
        glBindVertexArray(m->vao);
        glDrawElements(GL_TRIANGLES, m->index_count, GL_UNSIGNED_INT, (void *)0);
        g->drawn_triangles += (size_t)m->index_count / 3;
    }
    glBindVertexArray(0);
}

/* SPDX-License-Identifier: MIT */
/* editor/sdl/canvas.c - batched 2D quads over OpenGL. */
#include "canvas.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl.h"

typedef struct vertex {
    float x, y, u, v;        /* u < 0: a solid colour, no texture */
    Uint8 r, g, b, a;
} vertex;

struct ed_canvas {
    GLuint  program, vao, vbo;
    GLint   u_screen, u_tex;
    vertex *verts;
    size_t  count, cap;
    GLuint  texture;          /* of the batch (0: none yet) */
    GLenum  mode;             /* of the batch: GL_TRIANGLES, or GL_LINES (cheaper than thin quads) */
    int     width, height;
    int     clipped, clip[4];
};

static const char *vs =
    "#version 330 core\n"
    "layout(location = 0) in vec2 a_pos;\n"
    "layout(location = 1) in vec2 a_uv;\n"
    "layout(location = 2) in vec4 a_color;\n"
    "uniform vec2 u_screen;\n"
    "out vec2 v_uv;\n"
    "out vec4 v_color;\n"
    "void main() {\n"
    "    v_uv = a_uv;\n"
    "    v_color = a_color;\n"
    "    gl_Position = vec4(a_pos.x * 2.0 / u_screen.x - 1.0, 1.0 - a_pos.y * 2.0 / u_screen.y, 0.0, 1.0);\n"
    "}\n";

ed_canvas *ed_canvas_create(char *err, size_t err_size)
{
    ed_canvas *cv = calloc(1, sizeof *cv);
    if (!cv) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    if (ed_gl_program(vs, ed_gl_glyph_fs, &cv->program, err, err_size) != 0) {
        free(cv);
        return NULL;
    }
    cv->u_screen = glGetUniformLocation(cv->program, "u_screen");
    cv->u_tex = glGetUniformLocation(cv->program, "u_tex");
    glGenVertexArrays(1, &cv->vao);
    glGenBuffers(1, &cv->vbo);
    glBindVertexArray(cv->vao);
    glBindBuffer(GL_ARRAY_BUFFER, cv->vbo);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(vertex), (void *)offsetof(vertex, x));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(vertex), (void *)offsetof(vertex, u));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(vertex), (void *)offsetof(vertex, r));
    glBindVertexArray(0);
    return cv;
}

void ed_canvas_destroy(ed_canvas *cv)
{
    if (!cv)
        return;
    glDeleteBuffers(1, &cv->vbo);
    glDeleteVertexArrays(1, &cv->vao);
    glDeleteProgram(cv->program);
    free(cv->verts);
    free(cv);
}

static void flush(ed_canvas *cv)
{
    if (cv->count == 0)
        return;
    glUseProgram(cv->program);
    glUniform2f(cv->u_screen, (float)cv->width, (float)cv->height);
    glUniform1i(cv->u_tex, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, cv->texture);
    if (cv->clipped) {
        glEnable(GL_SCISSOR_TEST);
        glScissor(cv->clip[0], cv->height - cv->clip[1] - cv->clip[3], cv->clip[2], cv->clip[3]);
    } else {
        glDisable(GL_SCISSOR_TEST);
    }
    glBindVertexArray(cv->vao);
    glBindBuffer(GL_ARRAY_BUFFER, cv->vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(cv->count * sizeof(vertex)), cv->verts, GL_STREAM_DRAW);
    glDrawArrays(cv->mode, 0, (GLsizei)cv->count);
    glBindVertexArray(0);
    glDisable(GL_SCISSOR_TEST);
    cv->count = 0;
}

void ed_canvas_begin(ed_canvas *cv, int width, int height)
{
    cv->width = width < 1 ? 1 : width;
    cv->height = height < 1 ? 1 : height;
    cv->count = 0;
    cv->clipped = 0;
    cv->mode = GL_TRIANGLES;
    glViewport(0, 0, cv->width, cv->height);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
}

void ed_canvas_end(ed_canvas *cv) { flush(cv); }

/* Room for n more vertices drawn as `mode` with `texture` (0: any). NULL if out of memory. */
static vertex *room(ed_canvas *cv, size_t n, GLuint texture, GLenum mode)
{
    if ((texture && cv->texture != texture) || cv->mode != mode) {
        flush(cv);
        if (texture)
            cv->texture = texture;
        cv->mode = mode;
    }
    if (cv->count + n > cv->cap) {
        size_t cap = cv->cap ? cv->cap : 1024;
        while (cap < cv->count + n)
            cap *= 2;
        vertex *v = realloc(cv->verts, cap * sizeof *v);
        if (!v)
            return NULL;
        cv->verts = v;
        cv->cap = cap;
    }
    vertex *v = cv->verts + cv->count;
    cv->count += n;
    return v;
}

/* A quad from four corners (in order around it) as two triangles. */
static void quad(ed_canvas *cv, const float xy[8], const float uv[4], SDL_Color c, GLuint texture)
{
    vertex *v = room(cv, 6, texture, GL_TRIANGLES);
    if (!v)
        return;
    static const int corner[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++) {
        int k = corner[i];
        v[i].x = xy[2 * k];
        v[i].y = xy[2 * k + 1];
        v[i].u = uv ? (k == 0 || k == 3 ? uv[0] : uv[2]) : -1.0f;
        v[i].v = uv ? (k < 2 ? uv[1] : uv[3]) : 0.0f;
        v[i].r = c.r, v[i].g = c.g, v[i].b = c.b, v[i].a = c.a;
    }
}

void ed_canvas_rect(ed_canvas *cv, float x, float y, float w, float h, SDL_Color c)
{
    if (w <= 0 || h <= 0)
        return;
    const float xy[8] = {x, y, x + w, y, x + w, y + h, x, y + h};
    quad(cv, xy, NULL, c, 0);
}

void ed_canvas_line(ed_canvas *cv, float x0, float y0, float x1, float y1, SDL_Color c)
{
    vertex *v = room(cv, 2, 0, GL_LINES);
    if (!v)
        return;
    /* through pixel centres; GL leaves out a line's last pixel, so reach half a pixel past it */
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    float ex = len > 0 ? 0.5f * dx / len : 0.5f, ey = len > 0 ? 0.5f * dy / len : 0.0f;
    v[0] = (vertex){x0 + 0.5f, y0 + 0.5f, -1.0f, 0.0f, c.r, c.g, c.b, c.a};
    v[1] = (vertex){x1 + 0.5f + ex, y1 + 0.5f + ey, -1.0f, 0.0f, c.r, c.g, c.b, c.a};
}

int ed_canvas_text(ed_canvas *cv, const ed_text *font, float x, float y, SDL_Color c, const char *s)
{
    if (!font)
        return 0;
    float adv = (float)ed_text_advance(font), h = (float)ed_text_height(font), x0 = x;
    GLuint tex = ed_text_texture(font);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++, x += adv) {
        if (*p == ' ')
            continue;
        float uv[4];
        ed_text_glyph(font, *p, uv);
        const float xy[8] = {x, y, x + adv, y, x + adv, y + h, x, y + h};
        quad(cv, xy, uv, c, tex);
    }
    return (int)(x - x0);
}

void ed_canvas_clip(ed_canvas *cv, int x, int y, int w, int h)
{
    flush(cv);
    cv->clipped = 1;
    cv->clip[0] = x, cv->clip[1] = y, cv->clip[2] = w < 0 ? 0 : w, cv->clip[3] = h < 0 ? 0 : h;
}

void ed_canvas_unclip(ed_canvas *cv)
{
    flush(cv);
    cv->clipped = 0;
}

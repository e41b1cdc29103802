/* editor/sdl/ui.c - batched 2D quads over OpenGL. */
#include "ui.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl.h"

typedef struct vertex {
    float x, y, u, v;        /* u < 0: a solid colour, no texture */
    Uint8 r, g, b, a;
} vertex;

struct ed_ui {
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

ed_ui *ed_ui_create(char *err, size_t err_size)
{
    ed_ui *ui = calloc(1, sizeof *ui);
    if (!ui) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    if (ed_gl_program(vs, ed_gl_glyph_fs, &ui->program, err, err_size) != 0) {
        free(ui);
        return NULL;
    }
    ui->u_screen = glGetUniformLocation(ui->program, "u_screen");
    ui->u_tex = glGetUniformLocation(ui->program, "u_tex");
    glGenVertexArrays(1, &ui->vao);
    glGenBuffers(1, &ui->vbo);
    glBindVertexArray(ui->vao);
    glBindBuffer(GL_ARRAY_BUFFER, ui->vbo);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(vertex), (void *)offsetof(vertex, x));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(vertex), (void *)offsetof(vertex, u));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(vertex), (void *)offsetof(vertex, r));
    glBindVertexArray(0);
    return ui;
}

void ed_ui_destroy(ed_ui *ui)
{
    if (!ui)
        return;
    glDeleteBuffers(1, &ui->vbo);
    glDeleteVertexArrays(1, &ui->vao);
    glDeleteProgram(ui->program);
    free(ui->verts);
    free(ui);
}

static void flush(ed_ui *ui)
{
    if (ui->count == 0)
        return;
    glUseProgram(ui->program);
    glUniform2f(ui->u_screen, (float)ui->width, (float)ui->height);
    glUniform1i(ui->u_tex, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, ui->texture);
    if (ui->clipped) {
        glEnable(GL_SCISSOR_TEST);
        glScissor(ui->clip[0], ui->height - ui->clip[1] - ui->clip[3], ui->clip[2], ui->clip[3]);
    } else {
        glDisable(GL_SCISSOR_TEST);
    }
    glBindVertexArray(ui->vao);
    glBindBuffer(GL_ARRAY_BUFFER, ui->vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(ui->count * sizeof(vertex)), ui->verts, GL_STREAM_DRAW);
    glDrawArrays(ui->mode, 0, (GLsizei)ui->count);
    glBindVertexArray(0);
    glDisable(GL_SCISSOR_TEST);
    ui->count = 0;
}

void ed_ui_begin(ed_ui *ui, int width, int height)
{
    ui->width = width < 1 ? 1 : width;
    ui->height = height < 1 ? 1 : height;
    ui->count = 0;
    ui->clipped = 0;
    ui->mode = GL_TRIANGLES;
    glViewport(0, 0, ui->width, ui->height);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
}

void ed_ui_end(ed_ui *ui) { flush(ui); }

/* Room for n more vertices drawn as `mode` with `texture` (0: any). NULL if out of memory. */
static vertex *room(ed_ui *ui, size_t n, GLuint texture, GLenum mode)
{
    if ((texture && ui->texture != texture) || ui->mode != mode) {
        flush(ui);
        if (texture)
            ui->texture = texture;
        ui->mode = mode;
    }
    if (ui->count + n > ui->cap) {
        size_t cap = ui->cap ? ui->cap : 1024;
        while (cap < ui->count + n)
            cap *= 2;
        vertex *v = realloc(ui->verts, cap * sizeof *v);
        if (!v)
            return NULL;
        ui->verts = v;
        ui->cap = cap;
    }
    vertex *v = ui->verts + ui->count;
    ui->count += n;
    return v;
}

/* A quad from four corners (in order around it) as two triangles. */
static void quad(ed_ui *ui, const float xy[8], const float uv[4], SDL_Color c, GLuint texture)
{
    vertex *v = room(ui, 6, texture, GL_TRIANGLES);
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

void ed_ui_rect(ed_ui *ui, float x, float y, float w, float h, SDL_Color c)
{
    if (w <= 0 || h <= 0)
        return;
    const float xy[8] = {x, y, x + w, y, x + w, y + h, x, y + h};
    quad(ui, xy, NULL, c, 0);
}

void ed_ui_line(ed_ui *ui, float x0, float y0, float x1, float y1, SDL_Color c)
{
    vertex *v = room(ui, 2, 0, GL_LINES);
    if (!v)
        return;
    /* through pixel centres; GL leaves out a line's last pixel, so reach half a pixel past it */
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    float ex = len > 0 ? 0.5f * dx / len : 0.5f, ey = len > 0 ? 0.5f * dy / len : 0.0f;
    v[0] = (vertex){x0 + 0.5f, y0 + 0.5f, -1.0f, 0.0f, c.r, c.g, c.b, c.a};
    v[1] = (vertex){x1 + 0.5f + ex, y1 + 0.5f + ey, -1.0f, 0.0f, c.r, c.g, c.b, c.a};
}

int ed_ui_text(ed_ui *ui, const ed_text *font, float x, float y, SDL_Color c, const char *s)
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
        quad(ui, xy, uv, c, tex);
    }
    return (int)(x - x0);
}

void ed_ui_clip(ed_ui *ui, int x, int y, int w, int h)
{
    flush(ui);
    ui->clipped = 1;
    ui->clip[0] = x, ui->clip[1] = y, ui->clip[2] = w < 0 ? 0 : w, ui->clip[3] = h < 0 ? 0 : h;
}

void ed_ui_unclip(ed_ui *ui)
{
    flush(ui);
    ui->clipped = 0;
}

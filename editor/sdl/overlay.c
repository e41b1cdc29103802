/* SPDX-License-Identifier: MIT */
/* editor/sdl/overlay.c - the path, the keys, the path and game cameras and the clearance marks in 3D. */
#include "overlay.h"

#include "lens.h"

#include "grow.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *line_vs =
    "#version 330 core\n"
    "layout(location = 0) in vec3 a_pos;\n"
    "layout(location = 1) in vec4 a_color;\n"
    "uniform mat4 u_vp;\n"
    "uniform vec2 u_offset;\n"
    "uniform vec2 u_viewport;\n"
    "uniform float u_alpha;\n"
    "uniform vec3 u_eye;\n"
    "uniform float u_pull;\n"
    "out vec4 v_color;\n"
    "void main() {\n"
    "    vec4 p = u_vp * vec4(u_eye + (a_pos - u_eye) * (1.0 - u_pull), 1.0);\n"
    "    p.xy += u_offset * 2.0 / u_viewport * p.w;\n"
    "    gl_Position = p;\n"
    "    v_color = vec4(a_color.rgb, a_color.a * u_alpha);\n"
    "}\n";

static const char *line_fs =
    "#version 330 core\n"
    "in vec4 v_color;\n"
    "out vec4 o_color;\n"
    "void main() { o_color = v_color; }\n";

static const char *bb_vs =
    "#version 330 core\n"
    "layout(location = 0) in vec3 a_pos;\n"
    "layout(location = 1) in vec2 a_offset;\n"
    "layout(location = 2) in vec2 a_uv;\n"
    "layout(location = 3) in vec4 a_color;\n"
    "uniform mat4 u_vp;\n"
    "uniform vec2 u_viewport;\n"
    "uniform float u_alpha;\n"
    "uniform vec3 u_eye;\n"
    "uniform float u_pull;\n"
    "out vec2 v_uv;\n"
    "out vec4 v_color;\n"
    "void main() {\n"
    "    vec4 p = u_vp * vec4(u_eye + (a_pos - u_eye) * (1.0 - u_pull), 1.0);\n"
    "    p.xy += vec2(a_offset.x, -a_offset.y) * 2.0 / u_viewport * p.w;\n"
    "    gl_Position = p;\n"
    "    v_uv = a_uv;\n"
    "    v_color = vec4(a_color.rgb, a_color.a * u_alpha);\n"
    "}\n";

static void line_layout(GLuint vao, GLuint vbo, size_t color_offset, size_t stride)
{
    glBindVertexArray(vao);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, (GLsizei)stride, (void *)0);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, (GLsizei)stride, (void *)color_offset);
}

int ed_overlay_init(ed_overlay *o, char *err, size_t err_size)
{
    memset(o, 0, sizeof *o);
    if (ed_gl_program(line_vs, line_fs, &o->line_prog, err, err_size) ||
        ed_gl_program(bb_vs, ed_gl_glyph_fs, &o->bb_prog, err, err_size))
        return -1;
    o->l_vp = glGetUniformLocation(o->line_prog, "u_vp");
    o->l_offset = glGetUniformLocation(o->line_prog, "u_offset");
    o->l_viewport = glGetUniformLocation(o->line_prog, "u_viewport");
    o->l_alpha = glGetUniformLocation(o->line_prog, "u_alpha");
    o->l_eye = glGetUniformLocation(o->line_prog, "u_eye");
    o->l_pull = glGetUniformLocation(o->line_prog, "u_pull");
    o->b_vp = glGetUniformLocation(o->bb_prog, "u_vp");
    o->b_viewport = glGetUniformLocation(o->bb_prog, "u_viewport");
    o->b_alpha = glGetUniformLocation(o->bb_prog, "u_alpha");
    o->b_eye = glGetUniformLocation(o->bb_prog, "u_eye");
    o->b_pull = glGetUniformLocation(o->bb_prog, "u_pull");
    o->b_tex = glGetUniformLocation(o->bb_prog, "u_tex");
    GLuint vaos[4], vbos[4];
    glGenVertexArrays(4, vaos);
    glGenBuffers(4, vbos);
    o->path_vao = vaos[0], o->path_vbo = vbos[0];
    o->mark_vao = vaos[1], o->mark_vbo = vbos[1];
    o->dyn_vao = vaos[2], o->dyn_vbo = vbos[2];
    o->bb_vao = vaos[3], o->bb_vbo = vbos[3];
    line_layout(o->path_vao, o->path_vbo, offsetof(ed_line_vertex, color), sizeof(ed_line_vertex));
    line_layout(o->mark_vao, o->mark_vbo, offsetof(ed_line_vertex, color), sizeof(ed_line_vertex));
    GLfloat widths[2] = {1, 1};
    glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, widths);
    o->wide_lines = widths[1] >= 2.0f;
    line_layout(o->dyn_vao, o->dyn_vbo, offsetof(ed_line_vertex, color), sizeof(ed_line_vertex));
    glBindVertexArray(o->bb_vao);
    glBindBuffer(GL_ARRAY_BUFFER, o->bb_vbo);
    const GLsizei st = sizeof(ed_billboard_vertex);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, st, (void *)offsetof(ed_billboard_vertex, pos));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, st, (void *)offsetof(ed_billboard_vertex, offset));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, st, (void *)offsetof(ed_billboard_vertex, uv));
    glEnableVertexAttribArray(3);
    glVertexAttribPointer(3, 4, GL_UNSIGNED_BYTE, GL_TRUE, st, (void *)offsetof(ed_billboard_vertex, color));
    glBindVertexArray(0);
    return 0;
}

void ed_overlay_free(ed_overlay *o)
{
    GLuint vaos[4] = {o->path_vao, o->mark_vao, o->dyn_vao, o->bb_vao};
    GLuint vbos[4] = {o->path_vbo, o->mark_vbo, o->dyn_vbo, o->bb_vbo};
    if (o->path_vao) {
        glDeleteVertexArrays(4, vaos);
        glDeleteBuffers(4, vbos);
    }
    if (o->line_prog)
        glDeleteProgram(o->line_prog);
    if (o->bb_prog)
        glDeleteProgram(o->bb_prog);
    free(o->lines);
    free(o->strip);
    free(o->bbs);
    free(o->top);
    free(o->cells);
    memset(o, 0, sizeof *o);
}

SDL_Color ed_ramp(int level)
{
    /* blue (slow) -> cyan -> green -> yellow -> red (fast) */
    static const SDL_Color stops[5] = {{40, 90, 255, 255}, {0, 210, 230, 255}, {40, 220, 60, 255},
                                       {250, 220, 0, 255}, {255, 40, 30, 255}};
    double u = (double)level / (ED_TRACE_LEVELS - 1) * 4.0;
    int i = (int)u;
    if (i >= 4)
        return stops[4];
    if (i < 0)
        return stops[0];
    double f = u - i;
    SDL_Color c = {(Uint8)(stops[i].r + (stops[i + 1].r - stops[i].r) * f),
                   (Uint8)(stops[i].g + (stops[i + 1].g - stops[i].g) * f),
                   (Uint8)(stops[i].b + (stops[i + 1].b - stops[i].b) * f), 255};
    return c;
}

/* ---- the path and the clearance marks: built once per change ------------------------------------- */

void ed_overlay_set_path(ed_overlay *o, const ed_trace *t, unsigned long serial)
{
    o->trace = t;
    o->path_serial = serial;
}

/* The path as a line strip for this view: points closer than ED_LOD_PIXELS on
 * screen to the last one kept are merged (where the colour stays the same), so
 * a long path seen whole costs what the screen can show, not its sample count. */
static void build_path(ed_overlay *o, const ed_view *v, int color_mode)
{
    const ed_trace *t = o->trace;
    o->path_count = 0;
    if (!t || t->count < 2 || ed_grow((void **)&o->strip, &o->strip_cap, t->count, sizeof *o->strip))
        return;
    const unsigned char *lev = t->level[color_mode == ED_COLOR_ACCELERATION];
    SDL_Color ramp[ED_TRACE_LEVELS];
    for (int k = 0; k < ED_TRACE_LEVELS; k++)
        ramp[k] = ed_ramp(k);
    const float lod2 = ED_LOD_PIXELS * ED_LOD_PIXELS;
    float lx = 0, ly = 0;
    int last_front = 0, last_level = -1;
    size_t n = 0;
    for (size_t i = 0; i < t->count; i++) {
        cp_vec3 p = cp_vec3_make(t->xyz[3 * i], t->xyz[3 * i + 1], t->xyz[3 * i + 2]);
        float sx = 0, sy = 0;
        int front = ed_view_project(v, ed_view_to_camera(v, p), &sx, &sy);
        if (front && last_front && lev[i] == last_level && i + 1 < t->count &&
            (sx - lx) * (sx - lx) + (sy - ly) * (sy - ly) < lod2)
            continue;
        SDL_Color c = ramp[lev[i] < ED_TRACE_LEVELS ? lev[i] : ED_TRACE_LEVELS - 1];
        o->strip[n++] = (ed_line_vertex){{t->xyz[3 * i], t->xyz[3 * i + 1], t->xyz[3 * i + 2]}, {c.r, c.g, c.b, 255}};
        lx = sx, ly = sy;
        last_front = front;
        last_level = lev[i];
    }
    glBindBuffer(GL_ARRAY_BUFFER, o->path_vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n * sizeof *o->strip), o->strip, GL_STREAM_DRAW);
    o->path_count = (GLsizei)n;
}

void ed_overlay_set_clearance(ed_overlay *o, const ed_app *app, const ed_clearance *c)
{
    if (o->mark_path_serial == app->doc.path_serial && o->mark_world_serial == app->scene.world_serial &&
        o->mark_radius == app->scene.radius)
        return;
    o->mark_path_serial = app->doc.path_serial;
    o->mark_world_serial = app->scene.world_serial;
    o->mark_radius = app->scene.radius;
    o->mark_count = 0;
    if (!c || !app->doc.path)
        return;
    size_t n = 0;
    o->line_count = 0;
    for (size_t r = 0; r < c->count; r++) {
        const ed_clearance_range *range = &c->ranges[r];
        /* enough points to follow the curve, bounded per range */
        int steps = 64;
        cp_pose a, b;
        cp_path_sample_fast(app->doc.path, range->t0, &a);
        unsigned char col[4] = {255, range->through ? 30 : 150, range->through ? 30 : 40, 255};
        for (int i = 1; i <= steps; i++) {
            cp_path_sample_fast(app->doc.path, range->t0 + (range->t1 - range->t0) * i / steps, &b);
            if (ed_grow((void **)&o->lines, &o->line_cap, n + 2, sizeof *o->lines))
                return;
            ed_line_vertex p = {{(float)a.position.x, (float)a.position.y, (float)a.position.z}, {0}};
            ed_line_vertex q = {{(float)b.position.x, (float)b.position.y, (float)b.position.z}, {0}};
            memcpy(p.color, col, 4);
            memcpy(q.color, col, 4);
            o->lines[n++] = p;
            o->lines[n++] = q;
            a = b;
        }
    }
    glBindBuffer(GL_ARRAY_BUFFER, o->mark_vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n * sizeof *o->lines), o->lines, GL_STATIC_DRAW);
    o->mark_count = (GLsizei)n;
}

/* ---- per frame: keys, the path camera, labels ------------------------------------------------ */

static void add_line(ed_overlay *o, cp_vec3 a, cp_vec3 b, SDL_Color c)
{
    if (ed_grow((void **)&o->lines, &o->line_cap, o->line_count + 2, sizeof *o->lines))
        return;
    o->lines[o->line_count++] = (ed_line_vertex){{(float)a.x, (float)a.y, (float)a.z}, {c.r, c.g, c.b, c.a}};
    o->lines[o->line_count++] = (ed_line_vertex){{(float)b.x, (float)b.y, (float)b.z}, {c.r, c.g, c.b, c.a}};
}

/* A screen-aligned rectangle (pixels, relative to the projected point) at p. */
static void add_quad(ed_billboard_vertex **buf, size_t *count, size_t *cap, cp_vec3 p, float x0, float y0, float x1,
                     float y1, const float *uv, SDL_Color c)
{
    if (ed_grow((void **)buf, cap, *count + 6, sizeof **buf))
        return;
    static const int corner[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++) {
        int k = corner[i];
        ed_billboard_vertex *v = &(*buf)[(*count)++];
        v->pos[0] = (float)p.x, v->pos[1] = (float)p.y, v->pos[2] = (float)p.z;
        v->offset[0] = k == 0 || k == 3 ? x0 : x1;
        v->offset[1] = k < 2 ? y0 : y1;
        v->uv[0] = uv ? (k == 0 || k == 3 ? uv[0] : uv[2]) : -1.0f;
        v->uv[1] = uv ? (k < 2 ? uv[1] : uv[3]) : 0.0f;
        v->color[0] = c.r, v->color[1] = c.g, v->color[2] = c.b, v->color[3] = c.a;
    }
}

static void add_text(ed_billboard_vertex **buf, size_t *count, size_t *cap, const ed_text *font, cp_vec3 p, float x,
                     float y, SDL_Color c, const char *s)
{
    float adv = (float)ed_text_advance(font), h = (float)ed_text_height(font);
    for (; *s; s++, x += adv) {
        if (*s == ' ')
            continue;
        float uv[4];
        ed_text_glyph(font, (unsigned char)*s, uv);
        add_quad(buf, count, cap, p, x, y, x + adv, y + h, uv, c);
    }
}

/* A small camera: apex at the key, a rectangle in front of it sized by the
 * fov, and a tick on the top edge that shows which way is up. */
static void add_frustum(ed_overlay *o, cp_vec3 pos, cp_quat rot, double fov, double size, double aspect, SDL_Color c)
{
    cp_quat q = cp_quat_normalize(rot);
    double hh = size * tan(0.5 * fov * M_PI / 180.0), hw = hh * aspect;
    const cp_vec3 local[8] = {{0, 0, 0},         {-hw, hh, -size},       {hw, hh, -size},        {hw, -hh, -size},
                              {-hw, -hh, -size}, {-0.5 * hw, hh, -size}, {0, 1.6 * hh, -size}, {0.5 * hw, hh, -size}};
    cp_vec3 w[8];
    for (int i = 0; i < 8; i++)
        w[i] = cp_vec3_add(pos, cp_quat_rotate(q, local[i]));
    static const int edges[11][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {2, 3}, {3, 4}, {4, 1}, {5, 6}, {6, 7}, {5, 7}};
    for (int e = 0; e < 11; e++)
        add_line(o, w[edges[e][0]], w[edges[e][1]], c);
}

/* Screen occupancy in ED_CELL-pixel cells, so that a crowd of keys thins out
 * on screen instead of piling up. */
typedef struct grid {
    unsigned char *cells;
    int            cols, rows, x0, y0;
} grid;

/* Takes the cells under the rectangle if all are free; 0 if any was taken. */
static int claim(grid *g, float x, float y, float w, float h)
{
    int c0 = (int)floorf((x - g->x0) / ED_CELL), c1 = (int)floorf((x + w - 1 - g->x0) / ED_CELL);
    int r0 = (int)floorf((y - g->y0) / ED_CELL), r1 = (int)floorf((y + h - 1 - g->y0) / ED_CELL);
    c0 = c0 < 0 ? 0 : c0;
    r0 = r0 < 0 ? 0 : r0;
    c1 = c1 >= g->cols ? g->cols - 1 : c1;
    r1 = r1 >= g->rows ? g->rows - 1 : r1;
    if (c0 > c1 || r0 > r1)
        return 0;
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++)
            if (g->cells[r * g->cols + c])
                return 0;
    for (int r = r0; r <= r1; r++)
        memset(g->cells + r * g->cols + c0, 1, (size_t)(c1 - c0 + 1));
    return 1;
}

static void build_keys(ed_overlay *o, const ed_app *app, const ed_view *v, const ed_rect *rect, const ed_text *font)
{
    size_t n = ed_app_key_count(app);
    const cp_key *keys = ed_app_keys(app);
    long sel = app->doc.cur.selected;
    int cols = rect->w / ED_CELL + 1, rows = rect->h / ED_CELL + 1;
    size_t layer = (size_t)cols * rows;
    if (n == 0 || ed_grow((void **)&o->cells, &o->cell_cap, 3 * layer, 1))
        return;
    memset(o->cells, 0, 3 * layer);
    grid labels = {o->cells, cols, rows, rect->x, rect->y};
    grid frusta = {o->cells + layer, cols, rows, rect->x, rect->y};
    grid marks = {o->cells + 2 * layer, cols, rows, rect->x, rect->y};
    const SDL_Color frustum_col = {235, 235, 245, 255}, label_col = {255, 255, 255, 255}, dark = {20, 20, 20, 255};
    const SDL_Color sel_col = {255, 220, 40, 255};
    int adv = ed_text_advance(font), th = ed_text_height(font), nlabels = 0;
    /* the active key claims its cells first so that its label and frustum always show;
       the other selected keys are drawn in the same colour, as they come */
    for (size_t j = 0; j <= n; j++) {
        size_t i = j == 0 ? (sel >= 0 ? (size_t)sel : n) : j - 1;
        if (i >= n || (j > 0 && (long)i == sel))
            continue;
        cp_vec3 c = ed_view_to_camera(v, keys[i].position);
        float sx, sy;
        if (ed_view_outcode(v, c) || !ed_view_project(v, c, &sx, &sy))
            continue;
        if (sx < rect->x - 8 || sy < rect->y - 8 || sx > rect->x + rect->w + 8 || sy > rect->y + rect->h + 8)
            continue;
        int is_sel = ed_app_is_selected(app, i);
        double size = fmin(fmax(0.07 * -c.z, ED_KEY_FRUSTUM_MIN), 6.0);
        /* a key right at the eye would draw its frustum across the whole view */
        if (-c.z > 4.0 * ED_KEY_FRUSTUM_MIN &&
            (claim(&frusta, sx - ED_FRUSTUM_SPACING / 2, sy - ED_FRUSTUM_SPACING / 2, ED_FRUSTUM_SPACING,
                   ED_FRUSTUM_SPACING) ||
             is_sel))
            add_frustum(o, keys[i].position, keys[i].rotation, keys[i].fov, is_sel ? 1.6 * size : size, app->ui.aspect,
                        is_sel ? sel_col : frustum_col);
        if ((long)i == sel) {
            add_quad(&o->bbs, &o->bb_count, &o->bb_cap, keys[i].position, -6, -6, 6, 6, NULL, dark);
            add_quad(&o->bbs, &o->bb_count, &o->bb_cap, keys[i].position, -4, -4, 4, 4, NULL, sel_col);
        } else if (claim(&marks, sx - ED_MARKER_SPACING / 2, sy - ED_MARKER_SPACING / 2, ED_MARKER_SPACING,
                         ED_MARKER_SPACING) ||
                   is_sel) {
            add_quad(&o->bbs, &o->bb_count, &o->bb_cap, keys[i].position, -3.5f, -3.5f, 3.5f, 3.5f, NULL, dark);
            add_quad(&o->bbs, &o->bb_count, &o->bb_cap, keys[i].position, -2.5f, -2.5f, 2.5f, 2.5f, NULL,
                     is_sel ? sel_col : label_col);
        }
        if (font && nlabels < ED_MAX_LABELS) {
            char buf[24];
            int len = snprintf(buf, sizeof buf, "%zu", i);
            float lx = sx + 6, ly = sy - (float)th;
            if (claim(&labels, lx - 2, ly, (float)(len * adv + 4), (float)th) || is_sel) {
                add_text(&o->bbs, &o->bb_count, &o->bb_cap, font, keys[i].position, 6, (float)-th,
                         is_sel ? sel_col : label_col, buf);
                nlabels++;
            }
        }
    }
}

/* A "+" at p: two bars, dark under light, so that it reads on any background. */
static void add_cross(ed_overlay *o, cp_vec3 p, float r, SDL_Color c)
{
    const SDL_Color dark = {20, 20, 20, 255};
    add_quad(&o->bbs, &o->bb_count, &o->bb_cap, p, -r - 1, -2.5f, r + 1, 2.5f, NULL, dark);
    add_quad(&o->bbs, &o->bb_count, &o->bb_cap, p, -2.5f, -r - 1, 2.5f, r + 1, NULL, dark);
    add_quad(&o->bbs, &o->bb_count, &o->bb_cap, p, -r, -1.5f, r, 1.5f, NULL, c);
    add_quad(&o->bbs, &o->bb_count, &o->bb_cap, p, -1.5f, -r, 1.5f, r, NULL, c);
}

/* A look-at path's targets: a "+" at each key's target and a line from the
 * key to it, in the selection's colour for the selected keys. */
static void build_targets(ed_overlay *o, const ed_app *app)
{
    if (app->doc.cur.doc.options.orientation != CP_ORIENTATION_LOOK_AT || app->ui.view_path)
        return;
    const SDL_Color target_col = {80, 220, 255, 255}, line_col = {80, 220, 255, 150}, sel_col = {255, 220, 40, 255};
    const cp_key *keys = ed_app_keys(app);
    for (size_t i = 0; i < ed_app_key_count(app); i++) {
        if (!(keys[i].flags & CP_KEY_TARGET))
            continue;
        const int is_sel = ed_app_is_selected(app, i);
        add_line(o, keys[i].position, keys[i].target, is_sel ? sel_col : line_col);
        add_cross(o, keys[i].target, is_sel ? 6.0f : 4.5f, is_sel ? sel_col : target_col);
    }
}

/* The path camera's lens (lens.h): the plane in focus as the outline of
 * the picture at the focus distance with its centre joined to the camera,
 * and the depth of field as a stretch of the view's axis from the near to
 * the far limit of sharpness (to twice the focus where the far limit is
 * beyond it), ticked at both ends. */
static void build_focus(ed_overlay *o, const cp_pose *pose, double aspect)
{
    cp_vec3 c[4];
    ed_lens l;
    if (!ed_lens_of(pose, &l) || !ed_lens_plane(pose, aspect, c))
        return;
    const SDL_Color plane = {120, 220, 255, 255}, axis = {120, 220, 255, 150}, zone = {255, 255, 255, 255};
    for (int i = 0; i < 4; i++)
        add_line(o, c[i], c[(i + 1) % 4], plane);
    cp_vec3 centre = cp_vec3_scale(cp_vec3_add(c[0], c[2]), 0.5);
    add_line(o, pose->position, centre, axis);
    add_cross(o, centre, 5.0f, plane);
    double near, far;
    ed_lens_limits(&l, &near, &far);
    far = fmin(far, 2.0 * l.focus);
    cp_quat q = cp_quat_normalize(pose->rotation);
    cp_vec3 fwd = cp_quat_rotate(q, cp_vec3_make(0, 0, -1)), up = cp_quat_rotate(q, cp_vec3_make(0, 1, 0));
    cp_vec3 a = cp_vec3_add(pose->position, cp_vec3_scale(fwd, near));
    cp_vec3 b = cp_vec3_add(pose->position, cp_vec3_scale(fwd, far));
    double tick = 0.03 * l.focus;
    add_line(o, a, b, zone);
    add_line(o, cp_vec3_sub(a, cp_vec3_scale(up, tick)), cp_vec3_add(a, cp_vec3_scale(up, tick)), zone);
    add_line(o, cp_vec3_sub(b, cp_vec3_scale(up, tick)), cp_vec3_add(b, cp_vec3_scale(up, tick)), zone);
}

/* The path camera at the playhead, as seen from the free camera. */
static void build_path_camera(ed_overlay *o, const ed_app *app, const ed_view *v)
{
    if (!app->doc.path || app->ui.view_path)
        return;
    cp_pose pose;
    cp_path_sample_fast(app->doc.path, app->base.playhead, &pose);
    cp_vec3 c = ed_view_to_camera(v, pose.position);
    double size = fmin(fmax(0.12 * -c.z, 1.0), 12.0);
    if (-c.z < 3.0 * size)
        return; /* the free camera sits on the path camera: nothing useful to draw */
    const SDL_Color magenta = {255, 120, 255, 255};
    add_frustum(o, pose.position, pose.rotation, pose.fov, size, app->ui.aspect, magenta);
    add_quad(&o->bbs, &o->bb_count, &o->bb_cap, pose.position, -5, -5, 5, 5, NULL, magenta);
    build_focus(o, &pose, app->ui.aspect);
    cp_vec3 target; /* a look-at path camera: what it looks at now */
    if (cp_path_target(app->doc.path, app->base.playhead, &target)) {
        add_line(o, pose.position, target, (SDL_Color){255, 120, 255, 150});
        add_cross(o, target, 5.0f, magenta);
    }
}

/* The linked games' cameras as they sent them: a frustum, a marker and the
 * game's name each (not the one the view looks through). */
static void build_game_cameras(ed_overlay *o, const ed_app *app, const ed_view *v, const ed_text *font)
{
    const SDL_Color green = {90, 240, 150, 255}, dark = {20, 20, 20, 255};
    int viewed = ed_game_viewing(app); /* the view is the first camera's */
    for (size_t i = 0; i < app->link.games; i++) {
        const cp_link_game *g = &app->link.game[i];
        if (!g->has_camera)
            continue;
        if (viewed) {
            viewed = 0;
            continue;
        }
        const cp_link_camera *c = &g->camera;
        double depth = -ed_view_to_camera(v, c->position).z;
        double size = fmin(fmax(0.12 * depth, 1.0), 12.0);
        if (depth < 3.0 * size)
            continue;
        add_frustum(o, c->position, c->rotation, c->fov, size, app->ui.aspect, green);
        add_quad(&o->bbs, &o->bb_count, &o->bb_cap, c->position, -6, -6, 6, 6, NULL, dark);
        add_quad(&o->bbs, &o->bb_count, &o->bb_cap, c->position, -4, -4, 4, 4, NULL, green);
        if (font)
            add_text(&o->bbs, &o->bb_count, &o->bb_cap, font, c->position, 8, 2, green, g->name);
    }
}

/* ---- drawing ------------------------------------------------------------------------------------- */

static void line_uniforms(ed_overlay *o, const float vp[16], const ed_view *v, float alpha, float pull)
{
    glUseProgram(o->line_prog);
    glUniformMatrix4fv(o->l_vp, 1, GL_FALSE, vp);
    glUniform2f(o->l_viewport, (float)v->w, (float)v->h);
    glUniform1f(o->l_alpha, alpha);
    glUniform3f(o->l_eye, (float)v->eye.x, (float)v->eye.y, (float)v->eye.z);
    glUniform1f(o->l_pull, pull);
    glUniform2f(o->l_offset, 0, 0);
}

static void bb_uniforms(ed_overlay *o, const float vp[16], const ed_view *v, float alpha, GLuint tex)
{
    glUseProgram(o->bb_prog);
    glUniformMatrix4fv(o->b_vp, 1, GL_FALSE, vp);
    glUniform2f(o->b_viewport, (float)v->w, (float)v->h);
    glUniform1f(o->b_alpha, alpha);
    glUniform3f(o->b_eye, (float)v->eye.x, (float)v->eye.y, (float)v->eye.z);
    glUniform1f(o->b_pull, ED_PULL);
    glUniform1i(o->b_tex, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, tex);
}

void ed_overlay_world_lines(ed_overlay *o, GLuint vao, GLsizei count, const float vp[16], const ed_view *v)
{
    if (!count)
        return;
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDepthMask(GL_FALSE);
    glDisable(GL_BLEND);
    line_uniforms(o, vp, v, 1.0f, ED_PULL);
    glBindVertexArray(vao);
    glDrawArrays(GL_LINES, 0, count);
    glBindVertexArray(0);
    glDepthMask(GL_TRUE);
}

/* One pass: the path (two pixels wide), the marks, the frustums, the markers and labels. */
static void pass(ed_overlay *o, const ed_view *v, const float vp[16], float alpha, GLuint tex)
{
    line_uniforms(o, vp, v, alpha, ED_PULL);
    if (o->path_count >= 2) {
        glBindVertexArray(o->path_vao);
        /* two pixels wide: one wide line where the driver draws them, else two lines a pixel apart */
        if (o->wide_lines) {
            glLineWidth(2.0f);
            glDrawArrays(GL_LINE_STRIP, 0, o->path_count);
            glLineWidth(1.0f);
        } else {
            for (int k = 0; k < 2; k++) {
                glUniform2f(o->l_offset, 0, k ? -1.0f : 0.0f);
                glDrawArrays(GL_LINE_STRIP, 0, o->path_count);
            }
        }
    }
    if (o->mark_count) {
        /* the marks stay strong where they are hidden: that is where the camera is inside something */
        glUniform1f(o->l_alpha, alpha < 1.0f ? 0.85f : 1.0f);
        glBindVertexArray(o->mark_vao);
        for (int k = 0; k < 4; k++) {
            glUniform2f(o->l_offset, (float)(k & 1) - 0.5f, (float)(k >> 1) - 0.5f);
            glDrawArrays(GL_LINES, 0, o->mark_count);
        }
        glUniform1f(o->l_alpha, alpha);
    }
    glUniform2f(o->l_offset, 0, 0);
    if (o->line_count) {
        glBindVertexArray(o->dyn_vao);
        glDrawArrays(GL_LINES, 0, (GLsizei)o->line_count);
    }
    if (o->bb_count) {
        bb_uniforms(o, vp, v, alpha, tex);
        glBindVertexArray(o->bb_vao);
        glBindBuffer(GL_ARRAY_BUFFER, o->bb_vbo);
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(o->bb_count * sizeof *o->bbs), o->bbs, GL_STREAM_DRAW);
        glDrawArrays(GL_TRIANGLES, 0, (GLsizei)o->bb_count);
    }
    glBindVertexArray(0);
}

void ed_overlay_draw(ed_overlay *o, const ed_app *app, const ed_view *v, const float vp[16], const ed_rect *rect,
                     const ed_text *font, int color_mode)
{
    o->line_count = o->bb_count = o->top_count = 0;
    build_path(o, v, color_mode);
    build_path_camera(o, app, v);
    build_game_cameras(o, app, v, font);
    build_keys(o, app, v, rect, font);
    build_targets(o, app);
    if (o->line_count) {
        glBindBuffer(GL_ARRAY_BUFFER, o->dyn_vbo);
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(o->line_count * sizeof *o->lines), o->lines, GL_STREAM_DRAW);
    }
    GLuint tex = font ? ed_text_texture(font) : 0;
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    /* hidden parts first, faint; then what is in sight */
    glDepthFunc(GL_GREATER);
    pass(o, v, vp, ED_HIDDEN_ALPHA, tex);
    glDepthFunc(GL_LEQUAL);
    pass(o, v, vp, 1.0f, tex);
    if (o->top_count) {
        glDisable(GL_DEPTH_TEST);
        bb_uniforms(o, vp, v, 1.0f, tex);
        glBindVertexArray(o->bb_vao);
        glBindBuffer(GL_ARRAY_BUFFER, o->bb_vbo);
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(o->top_count * sizeof *o->top), o->top, GL_STREAM_DRAW);
        glDrawArrays(GL_TRIANGLES, 0, (GLsizei)o->top_count);
        glBindVertexArray(0);
    }
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LEQUAL);
}

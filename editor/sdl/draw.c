/* editor/sdl/draw.c - the 3D view: the world, the path, the keys, the path camera. */
#include "draw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int ed_gfx_reserve(void **buf, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 256;
    while (c < need)
        c *= 2;
    void *p = realloc(*buf, c * size);
    if (!p)
        return -1;
    *buf = p;
    *cap = c;
    return 0;
}

int ed_gfx_init(ed_gfx *g, SDL_Renderer *r, char *err, size_t err_size)
{
    memset(g, 0, sizeof *g);
    g->r = r;
    err[0] = '\0';
    if (ed_scene_build_demo(&g->scene) != 0) {
        snprintf(err, err_size, "out of memory for the scene");
        return -1;
    }
    const char *font = ed_text_find_font();
    if (!font)
        snprintf(err, err_size, "no monospaced font found (set CAMPATH_EDITOR_FONT to a .ttf file): "
                                "the editor runs without text");
    else if ((g->text = ed_text_create(r, font, 14, err, err_size)) != NULL)
        g->small = ed_text_create(r, font, 11, err, err_size);
    return 0;
}

void ed_gfx_free(ed_gfx *g)
{
    ed_text_destroy(g->text);
    ed_text_destroy(g->small);
    ed_scene_free(&g->scene);
    ed_trace_free(&g->trace);
    free(g->verts);
    free(g->points);
    free(g->rects);
    free(g->sorted);
    free(g->cells);
    free(g->columns);
    memset(g, 0, sizeof *g);
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

void ed_fill_rect(SDL_Renderer *r, int x, int y, int w, int h, SDL_Color c)
{
    SDL_Rect rc = {x, y, w, h};
    SDL_SetRenderDrawBlendMode(r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rc);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
}

static void color(SDL_Renderer *r, SDL_Color c) { SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a); }

/* ---- the world ------------------------------------------------------------------------------ */

/* Appends a clipped, projected triangle (a fan of up to ED_VIEW_MAX_POLY - 2). */
static size_t emit_triangle(ed_gfx *g, const ed_view *v, const ed_tri *t, size_t nv)
{
    cp_vec3 c[3] = {ed_view_to_camera(v, t->v[0]), ed_view_to_camera(v, t->v[1]), ed_view_to_camera(v, t->v[2])};
    float xy[2 * ED_VIEW_MAX_POLY];
    int n = ed_view_clip_polygon(v, c, 3, xy);
    if (n < 3 || ed_gfx_reserve((void **)&g->verts, &g->vert_cap, nv + 3 * (size_t)(n - 2), sizeof *g->verts))
        return nv;
    SDL_Color col = {t->color.r, t->color.g, t->color.b, 255};
    for (int i = 1; i + 1 < n; i++) {
        int idx[3] = {0, i, i + 1};
        for (int k = 0; k < 3; k++) {
            SDL_Vertex *vx = &g->verts[nv++];
            vx->position.x = xy[2 * idx[k]];
            vx->position.y = xy[2 * idx[k] + 1];
            vx->color = col;
            vx->tex_coord.x = vx->tex_coord.y = 0;
        }
    }
    return nv;
}

static int facing(const ed_view *v, const ed_tri *t)
{
    return cp_vec3_dot(t->normal, cp_vec3_sub(v->eye, t->v[0])) > 0;
}

/* How far the eye is from a solid: the nearest point of its box, then its centre. */
static double solid_depth(const ed_view *v, const ed_solid *s)
{
    cp_vec3 e = v->eye;
    double dx = fmax(fmax(s->lo.x - e.x, 0), e.x - s->hi.x);
    double dy = fmax(fmax(s->lo.y - e.y, 0), e.y - s->hi.y);
    double dz = fmax(fmax(s->lo.z - e.z, 0), e.z - s->hi.z);
    cp_vec3 mid = cp_vec3_scale(cp_vec3_add(s->lo, s->hi), 0.5);
    return sqrt(dx * dx + dy * dy + dz * dz) * 1e3 + cp_vec3_length(cp_vec3_sub(mid, e)) * 1e-3;
}

static int by_depth_desc(const void *a, const void *b)
{
    double da = ((const ed_sorted *)a)->depth, db = ((const ed_sorted *)b)->depth;
    return da < db ? 1 : da > db ? -1 : 0;
}

static void draw_scene(ed_gfx *g, const ed_view *v)
{
    const ed_scene *s = &g->scene;
    size_t nv = 0;
    for (size_t i = 0; i < s->solid_count; i++) {
        const ed_solid *so = &s->solids[i];
        if (!so->flat)
            continue;
        for (size_t k = so->first; k < so->first + so->count; k++)
            if (facing(v, &s->tris[k]))
                nv = emit_triangle(g, v, &s->tris[k], nv);
    }
    if (nv)
        SDL_RenderGeometry(g->r, NULL, g->verts, (int)nv, NULL, 0);

    for (size_t i = 0; i < s->line_count; i++) {
        float o[4];
        if (ed_view_clip_segment(v, ed_view_to_camera(v, s->lines[i].a), ed_view_to_camera(v, s->lines[i].b), o)) {
            SDL_SetRenderDrawColor(g->r, s->lines[i].color.r, s->lines[i].color.g, s->lines[i].color.b, 255);
            SDL_RenderDrawLineF(g->r, o[0], o[1], o[2], o[3]);
        }
    }

    if (ed_gfx_reserve((void **)&g->sorted, &g->sorted_cap, s->solid_count, sizeof *g->sorted))
        return;
    size_t n = 0;
    for (size_t i = 0; i < s->solid_count; i++) {
        if (s->solids[i].flat)
            continue;
        g->sorted[n].depth = solid_depth(v, &s->solids[i]);
        g->sorted[n].index = i;
        n++;
    }
    qsort(g->sorted, n, sizeof *g->sorted, by_depth_desc);
    nv = 0;
    for (size_t j = 0; j < n; j++) {
        const ed_solid *so = &s->solids[g->sorted[j].index];
        for (size_t k = so->first; k < so->first + so->count; k++)
            if (facing(v, &s->tris[k]))
                nv = emit_triangle(g, v, &s->tris[k], nv);
    }
    if (nv)
        SDL_RenderGeometry(g->r, NULL, g->verts, (int)nv, NULL, 0);
}

/* ---- the path ----------------------------------------------------------------------------- */

/* A polyline being collected: one colour, points merged below ED_LOD_PIXELS. */
typedef struct run {
    ed_gfx *g;
    size_t  n;
    int     level;
    int     pending;      /* a point skipped by the merge, drawn if the run ends there */
    float   px, py;
    int     thick;
} run;

static void run_flush(run *r)
{
    ed_gfx *g = r->g;
    if (r->pending) {
        g->points[r->n].x = r->px;
        g->points[r->n].y = r->py;
        r->n++;
        r->pending = 0;
    }
    if (r->n >= 2) {
        color(g->r, ed_ramp(r->level));
        SDL_RenderDrawLinesF(g->r, g->points, (int)r->n);
        if (r->thick) {
            /* a second pass one pixel down reads as a 2-pixel line, at a fraction of a polygon's cost */
            for (size_t i = 0; i < r->n; i++)
                g->points[i].y += 1.0f;
            SDL_RenderDrawLinesF(g->r, g->points, (int)r->n);
        }
    }
    r->n = 0;
}

static void run_point(run *r, float x, float y)
{
    r->g->points[r->n].x = x;
    r->g->points[r->n].y = y;
    r->n++;
}

static void draw_path(ed_gfx *g, const ed_app *app, const ed_view *v)
{
    const ed_trace *t = &g->trace;
    if (t->count < 2 || ed_gfx_reserve((void **)&g->points, &g->point_cap, t->count + 2, sizeof *g->points))
        return;
    const unsigned char *lev = t->level[app->color_mode == ED_COLOR_ACCELERATION];
    run r = {g, 0, 0, 0, 0, 0, 1};
    const float lod2 = ED_LOD_PIXELS * ED_LOD_PIXELS;
    cp_vec3 prev = ed_view_to_camera(v, cp_vec3_make(t->xyz[0], t->xyz[1], t->xyz[2]));
    unsigned prev_code = ed_view_outcode(v, prev);
    for (size_t i = 1; i < t->count; i++) {
        cp_vec3 c = ed_view_to_camera(v, cp_vec3_make(t->xyz[3 * i], t->xyz[3 * i + 1], t->xyz[3 * i + 2]));
        unsigned code = ed_view_outcode(v, c);
        float o[4];
        int visible;
        if (!(prev_code | code)) {
            visible = 1;
            ed_view_project(v, prev, &o[0], &o[1]);
            ed_view_project(v, c, &o[2], &o[3]);
        } else {
            visible = !(prev_code & code) && ed_view_clip_segment(v, prev, c, o);
        }
        prev = c;
        prev_code = code;
        if (!visible) {
            run_flush(&r);
            continue;
        }
        float ex = r.pending ? r.px : (r.n ? g->points[r.n - 1].x : 0);
        float ey = r.pending ? r.py : (r.n ? g->points[r.n - 1].y : 0);
        if (r.n == 0 || (o[0] - ex) * (o[0] - ex) + (o[1] - ey) * (o[1] - ey) > 0.25f) {
            run_flush(&r);
            run_point(&r, o[0], o[1]);
            r.level = lev[i];
            ex = o[0];
            ey = o[1];
        }
        float lx = g->points[r.n - 1].x, ly = g->points[r.n - 1].y;
        if ((o[2] - lx) * (o[2] - lx) + (o[3] - ly) * (o[3] - ly) < lod2) {
            r.pending = 1;
            r.px = o[2];
            r.py = o[3];
            continue;
        }
        if (lev[i] != r.level) {
            /* the colour changes: end this run where the next one starts */
            run_flush(&r);
            run_point(&r, ex, ey);
            r.level = lev[i];
        }
        r.pending = 0;
        run_point(&r, o[2], o[3]);
    }
    run_flush(&r);
}

/* ---- keys ----------------------------------------------------------------------------------- */

/* A small camera: apex at the key, a rectangle in front of it sized by the
 * fov, and a tick on the top edge that shows which way is up. */
static void draw_frustum(ed_gfx *g, const ed_view *v, const cp_key *k, double size, SDL_Color col)
{
    cp_quat q = cp_quat_normalize(k->rotation);
    double hh = size * tan(0.5 * k->fov * M_PI / 180.0), hw = hh * 16.0 / 9.0;
    cp_vec3 local[8] = {{0, 0, 0},         {-hw, hh, -size}, {hw, hh, -size},         {hw, -hh, -size},
                        {-hw, -hh, -size}, {-0.5 * hw, hh, -size}, {0, 1.6 * hh, -size}, {0.5 * hw, hh, -size}};
    cp_vec3 c[8];
    unsigned any = 0;
    for (int i = 0; i < 8; i++) {
        c[i] = ed_view_to_camera(v, cp_vec3_add(k->position, cp_quat_rotate(q, local[i])));
        any |= ed_view_outcode(v, c[i]);
    }
    color(g->r, col);
    static const int edges[11][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {2, 3}, {3, 4}, {4, 1}, {5, 6}, {6, 7}, {5, 7}};
    if (!any) {
        SDL_FPoint p[8];
        for (int i = 0; i < 8; i++)
            ed_view_project(v, c[i], &p[i].x, &p[i].y);
        SDL_FPoint a[7] = {p[1], p[2], p[3], p[4], p[1], p[0], p[2]};
        SDL_FPoint b[3] = {p[3], p[0], p[4]};
        SDL_FPoint u[3] = {p[5], p[6], p[7]};
        SDL_RenderDrawLinesF(g->r, a, 7);
        SDL_RenderDrawLinesF(g->r, b, 3);
        SDL_RenderDrawLinesF(g->r, u, 3);
        return;
    }
    for (int e = 0; e < 11; e++) {
        float o[4];
        if (ed_view_clip_segment(v, c[edges[e][0]], c[edges[e][1]], o))
            SDL_RenderDrawLineF(g->r, o[0], o[1], o[2], o[3]);
    }
}

/* Screen occupancy in ED_CELL-pixel cells: one layer each for labels,
 * frustums and markers, so that a crowd of keys thins out on screen instead
 * of piling up. */
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

static void draw_keys(ed_gfx *g, const ed_app *app, const ed_view *v, const ed_layout *l)
{
    size_t n = ed_app_key_count(app);
    const cp_key *keys = ed_app_keys(app);
    long sel = app->cur.selected;
    if (n == 0 || ed_gfx_reserve((void **)&g->rects, &g->rect_cap, n, sizeof *g->rects))
        return;
    int cols = l->view.w / ED_CELL + 1, rows = l->view.h / ED_CELL + 1;
    size_t layer = (size_t)cols * rows;
    if (ed_gfx_reserve((void **)&g->cells, &g->cell_cap, 3 * layer, 1))
        return;
    memset(g->cells, 0, 3 * layer);
    grid labels = {g->cells, cols, rows, l->view.x, l->view.y};
    grid frusta = {g->cells + layer, cols, rows, l->view.x, l->view.y};
    grid marks = {g->cells + 2 * layer, cols, rows, l->view.x, l->view.y};
    const SDL_Color frustum_col = {235, 235, 245, 255}, label_col = {255, 255, 255, 255};
    const SDL_Color sel_col = {255, 220, 40, 255};
    int adv = ed_text_advance(g->text), th = ed_text_height(g->text);
    size_t nr = 0;
    int nlabels = 0;
    /* the selected key claims its cells first so that its label and frustum always show */
    for (size_t j = 0; j <= n; j++) {
        size_t i = j == 0 ? (sel >= 0 ? (size_t)sel : n) : j - 1;
        if (i >= n || (j > 0 && (long)i == sel))
            continue;
        cp_vec3 c = ed_view_to_camera(v, keys[i].position);
        float sx, sy;
        if (ed_view_outcode(v, c) || !ed_view_project(v, c, &sx, &sy))
            continue;
        if (sx < l->view.x - 8 || sy < l->view.y - 8 || sx > l->view.x + l->view.w + 8 ||
            sy > l->view.y + l->view.h + 8)
            continue;
        int is_sel = (long)i == sel;
        double size = fmin(fmax(0.07 * -c.z, ED_KEY_FRUSTUM_MIN), 6.0);
        /* a key right at the eye would draw its frustum across the whole view */
        if (-c.z > 4.0 * ED_KEY_FRUSTUM_MIN &&
            (claim(&frusta, sx - ED_FRUSTUM_SPACING / 2, sy - ED_FRUSTUM_SPACING / 2, ED_FRUSTUM_SPACING,
                   ED_FRUSTUM_SPACING) || is_sel))
            draw_frustum(g, v, &keys[i], is_sel ? 1.6 * size : size, is_sel ? sel_col : frustum_col);
        if (!is_sel && claim(&marks, sx - ED_MARKER_SPACING / 2, sy - ED_MARKER_SPACING / 2, ED_MARKER_SPACING,
                             ED_MARKER_SPACING)) {
            SDL_FRect rc = {sx - 2.5f, sy - 2.5f, 5.0f, 5.0f};
            g->rects[nr++] = rc;
        }
        if (g->text && nlabels < ED_MAX_LABELS) {
            char buf[24];
            int len = snprintf(buf, sizeof buf, "%zu", i);
            float lx = sx + 6, ly = sy - (float)th;
            if (claim(&labels, lx - 2, ly, (float)(len * adv + 4), (float)th) || is_sel) {
                ed_text_draw(g->text, (int)lx, (int)ly, is_sel ? sel_col : label_col, buf);
                nlabels++;
            }
        }
    }
    SDL_SetRenderDrawColor(g->r, 20, 20, 20, 255);
    for (size_t i = 0; i < nr; i++) {
        SDL_FRect o = {g->rects[i].x - 1, g->rects[i].y - 1, 7, 7};
        SDL_RenderFillRectF(g->r, &o);
    }
    SDL_SetRenderDrawColor(g->r, 255, 255, 255, 255);
    SDL_RenderFillRectsF(g->r, g->rects, (int)nr);
    if (sel >= 0 && (size_t)sel < n) {
        cp_vec3 c = ed_view_to_camera(v, keys[sel].position);
        float sx, sy;
        if (!ed_view_outcode(v, c) && ed_view_project(v, c, &sx, &sy)) {
            SDL_FRect o = {sx - 6, sy - 6, 12, 12}, in = {sx - 4, sy - 4, 8, 8};
            SDL_SetRenderDrawColor(g->r, 20, 20, 20, 255);
            SDL_RenderFillRectF(g->r, &o);
            SDL_SetRenderDrawColor(g->r, sel_col.r, sel_col.g, sel_col.b, 255);
            SDL_RenderFillRectF(g->r, &in);
        }
    }
}

/* The path camera at the playhead, as seen from the free camera. */
static void draw_path_camera(ed_gfx *g, const ed_app *app, const ed_view *v)
{
    if (!app->path)
        return;
    cp_pose pose;
    cp_path_sample_fast(app->path, app->playhead, &pose);
    cp_key k = {.time = pose.time, .position = pose.position, .rotation = pose.rotation, .fov = pose.fov};
    cp_vec3 c = ed_view_to_camera(v, pose.position);
    double size = fmin(fmax(0.12 * -c.z, 1.0), 12.0);
    if (-c.z < 3.0 * size)
        return; /* the free camera sits on the path camera: nothing useful to draw */
    draw_frustum(g, v, &k, size, (SDL_Color){255, 120, 255, 255});
    float sx, sy;
    if (!ed_view_outcode(v, c) && ed_view_project(v, c, &sx, &sy)) {
        SDL_FRect o = {sx - 5, sy - 5, 10, 10};
        SDL_SetRenderDrawColor(g->r, 255, 120, 255, 255);
        SDL_RenderFillRectF(g->r, &o);
    }
}

void ed_draw_view(ed_gfx *g, const ed_app *app, const ed_layout *l)
{
    SDL_Rect clip = {l->view.x, l->view.y, l->view.w, l->view.h};
    SDL_RenderSetClipRect(g->r, &clip);
    const ed_rgba sky = g->scene.sky;
    ed_fill_rect(g->r, l->view.x, l->view.y, l->view.w, l->view.h, (SDL_Color){sky.r, sky.g, sky.b, 255});
    cp_vec3 pos;
    cp_quat rot;
    double fov;
    ed_app_view_pose(app, &pos, &rot, &fov);
    ed_view v;
    ed_view_init(&v, pos, rot, fov, l->view.x, l->view.y, l->view.w, l->view.h);
    draw_scene(g, &v);
    draw_path(g, app, &v);
    /* under the keys, so that the selected key stays in sight when the playhead sits on it */
    if (!app->view_path)
        draw_path_camera(g, app, &v);
    draw_keys(g, app, &v, l);
    SDL_RenderSetClipRect(g->r, NULL);
}

void ed_render_frame(ed_gfx *g, ed_app *app)
{
    if (g->trace.serial != app->path_serial || (!app->path && g->trace.count))
        ed_trace_build(&g->trace, app->path, app->path_serial);
    ed_layout l;
    ed_layout_compute(&l, app->width, app->height, app->show_graph);
    SDL_SetRenderDrawBlendMode(g->r, SDL_BLENDMODE_NONE);
    ed_draw_view(g, app, &l);
    if (app->show_graph)
        ed_draw_graph(g, app, &l);
    ed_draw_timeline(g, app, &l);
    ed_draw_hud(g, app, &l);
    ed_draw_overlays(g, app, &l);
}

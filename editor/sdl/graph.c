/* SPDX-License-Identifier: MIT */
/* editor/sdl/graph.c - the graph panel: speed, acceleration, angular speed,
 * angular acceleration, the field of view and the focus distance (with the
 * depth of field around it, shaded) against time, with the keys marked. Where a path is only C1 the acceleration jumps at the keys; a C2
 * path's does not. Each strip spans its values (trace.h: with a floor, so
 * that rounding noise stays a flat line). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "panels.h"

static const struct {
    const char *name, *unit;
    SDL_Color   color;
} plots[ED_PLOT_COUNT] = {
    {"speed", "m/s", {90, 200, 255, 255}},
    {"acceleration", "m/s2", {255, 160, 60, 255}},
    {"angular speed", "rad/s", {110, 230, 120, 255}},
    {"angular acceleration", "rad/s2", {240, 110, 240, 255}},
    {"field of view", "deg", {235, 235, 120, 255}},
    {"focus", "m", {120, 220, 255, 255}},
};

/* Whether column c of the bar is drawn: all of them, or while the panel is
 * drawn in part (refresh_cache) those touching its columns. Whatever touches
 * a column is drawn there, so the part's pixels are the whole panel's. */
static int column_drawn(const ed_gfx *g, int c)
{
    return !g->graph_part || g->graph_strip_whole[g->graph_strip] ||
           (c >= g->graph_cols[0] - 2 && c <= g->graph_cols[1] + 2);
}

/* The depth of field under the focus curve: from the near to the far limit
 * of sharpness at each sample, cut to the strip. */
static void draw_depth_of_field(ed_gfx *g, const ed_trace *t, const ed_layout *l, int y0, int h, double start,
                                double dur, double lo, double hi)
{
    const SDL_Color shade = {120, 220, 255, 60};
    double sy = hi > lo ? (h - 4) / (hi - lo) : 0;
    int base = y0 + h - 2, w = l->bar.w, lastc = -1;
    for (size_t i = 0; w >= 2 && i < t->plot_count; i++) {
        int c = (int)((t->plot_t[i] - start) / dur * (w - 1) + 0.5);
        if (c == lastc || c < 0 || c >= w || isnan(t->lens_near[i]) || !column_drawn(g, c))
            continue;
        lastc = c;
        double a = fmax(t->lens_near[i], lo), b = fmin(t->lens_far[i], hi);
        if (b > a)
            ed_canvas_rect(g->canvas, (float)(l->bar.x + c), (float)(base - (b - lo) * sy), 1.0f,
                           (float)fmax(1.0, (b - a) * sy), shade);
    }
}

/* A scale value in at most 7 characters, so that it fits left of the strip. */
static void compact(double v, char *buf, size_t n)
{
    double a = fabs(v);
    if (a >= 1e5)
        snprintf(buf, n, "%.0e", v);
    else if (a >= 100)
        snprintf(buf, n, "%.0f", v);
    else if (a >= 1 || a == 0)
        snprintf(buf, n, "%.3g", v);
    else
        snprintf(buf, n, "%.2g", v);
}

/* Draws one curve through per-column envelopes (first, last, min, max), so
 * that the cost follows the panel's width and a jump at a key stays a
 * vertical line however many samples fall in one column. */
static void draw_curve(ed_gfx *g, const ed_trace *t, int k, const ed_layout *l, int y0, int h, double start,
                       double dur, double lo, double hi)
{
    int w = l->bar.w;
    if (w < 2 || ed_grow((void **)&g->columns, &g->column_cap, 4 * (size_t)w, sizeof *g->columns))
        return;
    float *first = g->columns, *last = first + w, *low = last + w, *high = low + w;
    for (int c = 0; c < w; c++)
        first[c] = NAN;
    for (size_t i = 0; i < t->plot_count; i++) {
        int c = (int)((t->plot_t[i] - start) / dur * (w - 1) + 0.5);
        c = c < 0 ? 0 : c >= w ? w - 1 : c;
        float v = t->plot[k][i];
        if (isnan(first[c])) {
            first[c] = last[c] = low[c] = high[c] = v;
        } else {
            last[c] = v;
            low[c] = v < low[c] ? v : low[c];
            high[c] = v > high[c] ? v : high[c];
        }
    }
    const SDL_Color col = plots[k].color;
    double sy = hi > lo ? (h - 4) / (hi - lo) : 0;
    int base = y0 + h - 2;
    int have = 0;
    float py = 0;
#define Y(v) (float)(base - ((v) - lo) * sy)
    for (int c = 0; c < w; c++) {
        if (isnan(first[c]))
            continue;
        float x = (float)(l->bar.x + c);
        float yf = Y(first[c]), yl = Y(last[c]), ylo = Y(low[c]), yhi = Y(high[c]);
        if (have && column_drawn(g, c))
            ed_canvas_line(g->canvas, x - 1, py, x, yf, col);
        if (column_drawn(g, c))
            ed_canvas_line(g->canvas, x, ylo, x, yhi, col);
        py = yl;
        have = 1;
    }
#undef Y
}

/* Where the camera passes through or too close to the world: shaded across the panel. */
static void draw_clearance(ed_gfx *g, const ed_app *app, const ed_layout *l, double start, double dur)
{
    const ed_rect *p = &l->graph;
    const ed_clearance *c = ed_app_clearance(app);
    for (size_t i = 0; c && i < c->count; i++) {
        double x0 = ed_layout_x_of(l, start, dur, c->ranges[i].t0), x1 = ed_layout_x_of(l, start, dur, c->ranges[i].t1);
        ed_canvas_rect(g->canvas, (float)floor(x0), (float)p->y, (float)fmax(2.0, x1 - x0), (float)p->h,
                       c->ranges[i].through ? (SDL_Color){255, 60, 50, 70} : (SDL_Color){255, 170, 60, 60});
    }
}

/* Everything the panel shows but the playhead and the selected key. Drawn
 * in part (g->graph_part), each strip is drawn clipped to its part: the
 * panel's background, the strip, then the clearance shading, so that every
 * pixel there meets what it meets in the whole panel, in the same order. */
static void draw_panel(ed_gfx *g, const ed_app *app, const ed_layout *l)
{
    const ed_rect *p = &l->graph;
    if (p->h <= 0)
        return;
    const SDL_Color back = {18, 20, 26, 255};
    if (!g->graph_part)
        ed_canvas_rect(g->canvas, p->x, p->y, p->w, p->h, back);
    const ed_trace *t = &g->trace;
    double start = ed_app_start(app), dur = ed_app_duration(app);
    int lh = ed_text_height(g->text);
    SDL_Color dim = {150, 155, 165, 255};
    if (!app->doc.path || t->plot_count == 0 || !(dur > 0)) {
        ed_canvas_text(g->canvas, g->text, p->x + 16, p->y + 12, dim, "the graph shows a path of 2 keys or more");
        return;
    }
    int strip = p->h / ED_PLOT_COUNT;
    for (int k = 0; k < ED_PLOT_COUNT; k++) {
        int y0 = p->y + k * strip;
        g->graph_strip = k;
        if (g->graph_part) { /* the last strip's part takes the rows below it too */
            const int rows = k == ED_PLOT_COUNT - 1 ? p->h - k * strip : strip;
            if (g->graph_strip_whole[k])
                ed_canvas_clip(g->canvas, p->x, y0, p->w, rows);
            else
                ed_canvas_clip(g->canvas, l->bar.x + g->graph_cols[0], y0, g->graph_cols[1] - g->graph_cols[0] + 1,
                               rows);
            ed_canvas_rect(g->canvas, p->x, p->y, p->w, p->h, back);
        }
        ed_canvas_rect(g->canvas, l->bar.x, y0 + 2, l->bar.w, strip - 4, (SDL_Color){28, 31, 40, 255});
        double lo, hi;
        ed_trace_plot_range(t, k, &lo, &hi);
        /* key times: faint lines, one per pixel column */
        const SDL_Color faint = {60, 64, 78, 255};
        size_t n = ed_app_key_count(app);
        const cp_key *keys = ed_app_keys(app);
        int lastx = -1;
        /* keys denser than one per few pixels would only grey the strip over: left out */
        for (size_t i = 0; n <= (size_t)l->bar.w / 3 && i < n; i++) {
            int x = (int)lround(ed_layout_x_of(l, start, dur, keys[i].time));
            if (x == lastx || !column_drawn(g, x - l->bar.x))
                continue;
            lastx = x;
            ed_canvas_line(g->canvas, (float)x, (float)(y0 + 2), (float)x, (float)(y0 + strip - 3), faint);
        }
        if (k == ED_PLOT_FOCUS && t->has_lens)
            draw_depth_of_field(g, t, l, y0 + 2, strip - 4, start, dur, lo, hi);
        if (k != ED_PLOT_FOCUS || t->has_lens)
            draw_curve(g, t, k, l, y0 + 2, strip - 4, start, dur, lo, hi);
        char buf[96];
        if (k == ED_PLOT_FOCUS && !t->has_lens)
            snprintf(buf, sizeof buf, "%s  none (no focus and aperture on the keys)", plots[k].name);
        else if (k == ED_PLOT_FOCUS)
            snprintf(buf, sizeof buf, "%s  %.3g..%.3g %s, depth of field shaded", plots[k].name, t->plot_min[k],
                     t->plot_max[k], plots[k].unit);
        else if (k == ED_PLOT_FOV && t->plot_max[k] - t->plot_min[k] < t->plot_floor[k])
            snprintf(buf, sizeof buf, "%s  %.4g %s", plots[k].name, t->plot_max[k], plots[k].unit);
        else if (k == ED_PLOT_FOV)
            snprintf(buf, sizeof buf, "%s  %.4g..%.4g %s", plots[k].name, t->plot_min[k], t->plot_max[k], plots[k].unit);
        else if (t->plot_max[k] < 1e-3 * t->plot_floor[k])
            snprintf(buf, sizeof buf, "%s  0 %s", plots[k].name, plots[k].unit); /* rounding noise */
        else
            snprintf(buf, sizeof buf, "%s  max %.3g %s", plots[k].name, t->plot_max[k], plots[k].unit);
        if (strip > lh)
            ed_canvas_text(g->canvas, g->text, l->bar.x + 6, y0 + 3, plots[k].color, buf);
        compact(hi, buf, sizeof buf);
        if (strip > 2 * lh && (k != ED_PLOT_FOCUS || t->has_lens))
            ed_canvas_text(g->canvas, g->text, l->bar.x - ed_text_width(g->text, buf) - 6, y0 + 2, dim, buf);
        compact(lo, buf, sizeof buf);
        if (k == ED_PLOT_FOV && strip > 3 * lh)
            ed_canvas_text(g->canvas, g->text, l->bar.x - ed_text_width(g->text, buf) - 6, y0 + strip - lh - 2, dim, buf);
        if (g->graph_part)
            draw_clearance(g, app, l, start, dur);
    }
    if (g->graph_part)
        ed_canvas_unclip(g->canvas);
    else
        draw_clearance(g, app, l, start, dur);
}

/* What the panel drawn by draw_panel depends on, in g->graph_key's bytes. */
typedef struct graph_key {
    const void   *path, *text;
    unsigned long path_serial, world_serial;
    size_t        plot_count, key_count, clearance_count;
    unsigned long long key_hash;
    double        start, duration, radius;
    int           width, height, text_h;
    ed_rect       graph, bar;
    /* what the strips' scales and labels show: a change of these redraws the whole */
    double        lo[ED_PLOT_COUNT], hi[ED_PLOT_COUNT], min[ED_PLOT_COUNT], max[ED_PLOT_COUNT];
    int           has_lens;
} graph_key;

static void make_key(graph_key *k, ed_gfx *g, const ed_app *app, const ed_layout *l)
{
    memset(k, 0, sizeof *k); /* padding too: keys are compared byte for byte */
    k->path = app->doc.path, k->text = g->text;
    k->path_serial = app->doc.path_serial, k->world_serial = app->scene.world_serial;
    k->plot_count = g->trace.plot_count, k->key_count = ed_app_key_count(app);
    const ed_clearance *c = ed_app_clearance(app);
    k->clearance_count = c ? c->count + 1 : 0;
    /* the key times, FNV-1a over their bytes: an edit that leaves the path
       as it was still moves the key lines; when there are too many keys for
       lines (draw_panel) they do not show, and a long path's edit costs no
       pass over its keys here */
    unsigned long long h = 1469598103934665603ull;
    const cp_key *keys = ed_app_keys(app);
    const size_t lines = k->key_count <= (size_t)l->bar.w / 3 ? k->key_count : 0;
    for (size_t i = 0; i < lines; i++) {
        const unsigned char *b = (const unsigned char *)&keys[i].time;
        for (size_t j = 0; j < sizeof keys[i].time; j++)
            h = (h ^ b[j]) * 1099511628211ull;
    }
    k->key_hash = h;
    k->start = ed_app_start(app), k->duration = ed_app_duration(app), k->radius = app->scene.radius;
    k->width = app->ui.width, k->height = app->ui.height, k->text_h = g->text ? ed_text_height(g->text) : 0;
    k->graph = l->graph, k->bar = l->bar;
    for (int i = 0; i < ED_PLOT_COUNT; i++) {
        ed_trace_plot_range(&g->trace, i, &k->lo[i], &k->hi[i]);
        k->min[i] = g->trace.plot_min[i], k->max[i] = g->trace.plot_max[i];
    }
    k->has_lens = g->trace.has_lens;
}

/* The columns of the bar an update of the path moved, when the panel in the
 * cache differs from the one `k` describes only there and in the strips
 * whose scale or labels changed (whole[] set): the same layout, and the
 * path reached by one update of part of it (ed_app_path_changed) from the
 * one drawn. 1 with cols and whole set, else 0. */
static int changed_columns(const graph_key *old, const graph_key *k, const ed_app *app, const ed_layout *l,
                           int cols[2], int whole[ED_PLOT_COUNT])
{
    /* the path moved, and the clearance ranges are shown both times or neither (they come and go whole) */
    if (old->path_serial == k->path_serial || (old->clearance_count == 0) != (k->clearance_count == 0))
        return 0;
    graph_key a = *old, b = *k;
    /* what an update moves within its span: the path, the key lines there,
       the clearance ranges there; and a strip's scale, which redraws the strip */
    a.path_serial = b.path_serial = 0;
    a.key_hash = b.key_hash = 0;
    a.clearance_count = b.clearance_count = 0;
    for (int i = 0; i < ED_PLOT_COUNT; i++) {
        whole[i] = a.lo[i] != b.lo[i] || a.hi[i] != b.hi[i] || a.min[i] != b.min[i] || a.max[i] != b.max[i];
        a.lo[i] = b.lo[i] = a.hi[i] = b.hi[i] = a.min[i] = b.min[i] = a.max[i] = b.max[i] = 0;
    }
    double span[2];
    if (memcmp(&a, &b, sizeof a) != 0 || !ed_app_path_changed(app, old->path_serial, span))
        return 0;
    const int w = l->bar.w;
    double c0 = (span[0] - k->start) / k->duration * (w - 1), c1 = (span[1] - k->start) / k->duration * (w - 1);
    if (!(c0 <= c1))
        return 0;
    cols[0] = c0 < 0 ? 0 : c0 >= w ? w - 1 : (int)floor(c0);
    cols[1] = c1 < 0 ? 0 : c1 >= w ? w - 1 : (int)ceil(c1) + 1;
    if (cols[1] >= w)
        cols[1] = w - 1;
    return 1;
}

/* Draws the panel into the cache when it is out of date. 0, or -1 when
 * there is no cache (out of memory: the caller draws the panel itself). */
static int refresh_cache(ed_gfx *g, const ed_app *app, const ed_layout *l, GLint into)
{
    graph_key k;
    _Static_assert(sizeof k <= sizeof g->graph_key, "graph_key fits ed_gfx.graph_key");
    _Static_assert(ED_PLOT_COUNT <= sizeof g->graph_strip_whole / sizeof g->graph_strip_whole[0],
                   "a flag per strip");
    make_key(&k, g, app, l);
    if (g->graph_cached && memcmp(&k, g->graph_key, sizeof k) == 0)
        return 0;
    graph_key old;
    memcpy(&old, g->graph_key, sizeof old);
    int cols[2] = {-1, -1};
    const int part =
        g->graph_cached && !g->graph_whole && changed_columns(&old, &k, app, l, cols, g->graph_strip_whole);
    char err[256];
    g->graph_cached = 0;
    if (ed_gl_target_bind(&g->graph_cache, app->ui.width, app->ui.height, err, sizeof err) != 0) {
        glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)into);
        return -1;
    }
    /* only the panel's pixels are copied out: only they are cleared; after
       an update of part of the path, only the columns it moved are drawn
       again (and the strips whose scale changed): everything touching them
       is drawn there, so they come out as the whole panel would */
    const ed_rect *p = &l->graph;
    if (!part) { /* (drawn in part, each strip's part is clipped and its background opaque) */
        glEnable(GL_SCISSOR_TEST);
        glScissor(p->x, app->ui.height - (p->y + p->h), p->w, p->h);
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    g->graph_part = part, g->graph_cols[0] = cols[0], g->graph_cols[1] = cols[1];
    ed_canvas_begin(g->canvas, app->ui.width, app->ui.height);
    draw_panel(g, app, l);
    ed_canvas_end(g->canvas);
    g->graph_part = 0, g->graph_whole = 0;
    g->graph_draws[part]++;
    glDisable(GL_SCISSOR_TEST);
    glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)into);
    memcpy(g->graph_key, &k, sizeof k);
    g->graph_cached = 1;
    return 0;
}

void ed_draw_graph(ed_gfx *g, const ed_app *app, const ed_layout *l)
{
    const ed_rect *p = &l->graph;
    if (p->h <= 0)
        return;
    ed_canvas_end(g->canvas);
    GLint into = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &into);
    if (refresh_cache(g, app, l, into) == 0) {
        /* the panel's pixels, copied: GL counts rows from the bottom */
        const int y0 = app->ui.height - (p->y + p->h), y1 = app->ui.height - p->y;
        glDisable(GL_SCISSOR_TEST);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, g->graph_cache.fbo);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)into);
        glBlitFramebuffer(p->x, y0, p->x + p->w, y1, p->x, y0, p->x + p->w, y1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)into);
        ed_canvas_begin(g->canvas, app->ui.width, app->ui.height);
    } else {
        ed_canvas_begin(g->canvas, app->ui.width, app->ui.height);
        draw_panel(g, app, l);
    }
    if (!app->doc.path || g->trace.plot_count == 0 || !(ed_app_duration(app) > 0))
        return;
    double start = ed_app_start(app), dur = ed_app_duration(app);
    if (app->doc.cur.selected >= 0 && (size_t)app->doc.cur.selected < ed_app_key_count(app)) {
        int x = (int)lround(ed_layout_x_of(l, start, dur, ed_app_keys(app)[app->doc.cur.selected].time));
        ed_canvas_rect(g->canvas, x, p->y, 1, p->h, (SDL_Color){255, 220, 40, 255});
    }
    int x = (int)lround(ed_layout_x_of(l, start, dur, app->base.playhead));
    ed_canvas_rect(g->canvas, x, p->y, 1, p->h, (SDL_Color){255, 120, 255, 255});
}

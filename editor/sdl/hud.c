/* SPDX-License-Identifier: MIT */
/* editor/sdl/hud.c - the heads-up text, the timeline, the help screen and questions. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "panels.h"

static const SDL_Color white = {240, 240, 240, 255}, dim = {170, 175, 185, 255}, yellow = {255, 220, 40, 255},
                       red = {255, 110, 100, 255}, orange = {255, 170, 60, 255}, panel = {16, 18, 24, 190}, magenta = {255, 120, 255, 255};

static void text(ed_gfx *g, int x, int y, SDL_Color c, const char *s) { ed_canvas_text(g->canvas, g->text, (float)x, (float)y, c, s); }

/* Text in a panel above the timeline, wrapped to the view's width; `bottom`
 * is the y its last line ends at. Returns the y where the panel begins. */
static int message_panel(ed_gfx *g, const ed_layout *l, const char *msg, SDL_Color c, int bottom, int max_lines)
{
    int lh = ed_text_height(g->text) + 1, adv = ed_text_advance(g->text);
    char lines[ED_MESSAGE_MAX_LINES][ED_STATUS_LINE];
    int width = adv > 0 ? (l->view.w - 32) / adv : 80;
    int n = ed_wrap(msg, width, lines, max_lines < ED_MESSAGE_MAX_LINES ? max_lines : ED_MESSAGE_MAX_LINES);
    int w = 0;
    for (int i = 0; i < n; i++) {
        int tw = ed_text_width(g->text, lines[i]);
        w = tw > w ? tw : w;
    }
    int y = bottom - n * lh;
    ed_canvas_rect(g->canvas, 8, y - 4, w + 16, n * lh + 8, panel);
    for (int i = 0; i < n; i++)
        text(g, 16, y + i * lh, c, lines[i]);
    return y - 4;
}

void ed_draw_hud(ed_gfx *g, const ed_app *app, const ed_layout *l)
{
    ed_status_line line[ED_STATUS_MAX_LINES];
    int nl = ed_status_lines(app, g->trace.max[app->ui.color_mode == ED_COLOR_ACCELERATION], line);
    int lh = ed_text_height(g->text) + 1, w = 0;
    for (int i = 0; i < nl; i++) {
        int tw = ed_text_width(g->text, line[i].text);
        w = tw > w ? tw : w;
    }
    ed_canvas_rect(g->canvas, 8, 8, w + 16, nl * lh + 12, panel);
    for (int i = 0; i < nl; i++) {
        static const SDL_Color *colors[] = {&white, &white, &yellow, &orange, &red, &dim};
        text(g, 16, 14 + i * lh, *colors[line[i].kind], line[i].text);
    }
    /* the colour scale next to its caption */
    int lx = 16 + w - 120 < 16 ? 16 : 16 + w + 8, ly = 14 + 2 * lh + 2;
    if (app->doc.path && lx + 120 < l->view.w)
        for (int i = 0; i < 120; i++) {
            SDL_Color c = ed_ramp(i * (ED_TRACE_LEVELS - 1) / 119);
            ed_canvas_line(g->canvas, (float)(lx + i), (float)ly, (float)(lx + i), (float)(ly + lh - 4), c);
        }

    int bottom = l->view.y + l->view.h - 10;
    if (ed_app_message_shown(app))
        bottom = message_panel(g, l, app->base.message, app->base.message_error ? red : white, bottom, ED_MESSAGE_MAX_LINES) - 6;
    char progress[2][ED_STATUS_LINE];
    for (int i = 0, n = ed_status_progress(app, progress); i < n; i++)
        bottom = message_panel(g, l, progress[i], yellow, bottom, 2) - 6;
}

void ed_draw_timeline(ed_gfx *g, const ed_app *app, const ed_layout *l)
{
    const ed_rect *tl = &l->timeline, *bar = &l->bar;
    ed_canvas_rect(g->canvas, tl->x, tl->y, tl->w, tl->h, (SDL_Color){22, 24, 30, 255});
    ed_canvas_rect(g->canvas, bar->x, bar->y, bar->w, bar->h, (SDL_Color){55, 60, 72, 255});
    double start = ed_app_start(app), dur = ed_app_duration(app);
    char buf[32];
    int th = ed_text_height(g->text), ty = bar->y + bar->h / 2 - th / 2;
    snprintf(buf, sizeof buf, "%.2f", start);
    text(g, bar->x - ed_text_width(g->text, buf) - 6, ty, dim, buf);
    snprintf(buf, sizeof buf, "%.2f", start + dur);
    text(g, bar->x + bar->w + 6, ty, dim, buf);
    size_t n = ed_app_key_count(app);
    const cp_key *k = ed_app_keys(app);
    if (dur > 0 && n > 0 && !ed_grow((void **)&g->cells, &g->cell_cap, (size_t)bar->w + 1, 1)) {
        /* one tick per pixel column, however many keys share it */
        memset(g->cells, 0, (size_t)bar->w + 1);
        const SDL_Color tick = {225, 225, 235, 255};
        /* selected keys first, so that a column they share with others shows them */
        for (int pass = 0; pass < 2; pass++)
            for (size_t i = 0; i < n; i++) {
                int is_sel = ed_app_is_selected(app, i);
                if (is_sel != (pass == 0))
                    continue;
                int x = (int)lround(ed_layout_x_of(l, start, dur, k[i].time));
                int c = x - bar->x;
                if (c < 0 || c > bar->w || g->cells[c])
                    continue;
                g->cells[c] = 1;
                ed_canvas_line(g->canvas, (float)x, (float)(bar->y + 2), (float)x, (float)(bar->y + bar->h - 3),
                           is_sel ? yellow : tick);
            }
    }
    /* holds: a band from each key to where its hold ends, the camera at rest there */
    const SDL_Color hold = {90, 200, 255, 255};
    for (size_t i = 0; dur > 0 && i < n; i++)
        if (k[i].flags & CP_KEY_HOLD) {
            double x0 = ed_layout_x_of(l, start, dur, k[i].time), x1 = ed_layout_x_of(l, start, dur, ed_doc_key_end(&k[i]));
            /* from just right of the key's tick, which stays in sight */
            ed_canvas_rect(g->canvas, (float)floor(x0) + 2, (float)(bar->y + 3), (float)fmax(2.0, x1 - x0 - 2), (float)(bar->h - 6),
                       hold);
        }
    const ed_clearance *c = app->doc.path && dur > 0 ? ed_app_clearance(app) : NULL;
    for (size_t i = 0; c && i < c->count; i++) {
        /* a problem shows however short it is */
        double x0 = ed_layout_x_of(l, start, dur, c->ranges[i].t0), x1 = ed_layout_x_of(l, start, dur, c->ranges[i].t1);
        ed_canvas_rect(g->canvas, (float)floor(x0), (float)(bar->y + bar->h - 4), (float)fmax(2.0, x1 - x0), 4,
                   c->ranges[i].through ? red : orange);
    }
    if (dur > 0 && app->doc.cur.selected >= 0 && (size_t)app->doc.cur.selected < n) {
        int x = (int)lround(ed_layout_x_of(l, start, dur, k[app->doc.cur.selected].time));
        ed_canvas_rect(g->canvas, x - 1, bar->y - 3, 3, bar->h + 6, yellow);
    }
    if (app->doc.path) {
        int x = (int)lround(ed_layout_x_of(l, start, dur, app->base.playhead));
        ed_canvas_rect(g->canvas, x - 1, bar->y - 6, 3, bar->h + 12, magenta);
        snprintf(buf, sizeof buf, "%.2f s", app->base.playhead);
        int bw = ed_text_width(g->text, buf);
        int bx = x + 6 + bw > bar->x + bar->w ? x - 6 - bw : x + 6;
        text(g, bx, bar->y - th - 1 < tl->y ? tl->y : bar->y - th - 1, magenta, buf);
    } else {
        text(g, bar->x + 8, ty, dim, "record 2 keys (F2) to get a path");
    }
}

/* ---- help and questions ---------------------------------------------------------------------- */

/* The key help sheet as the core laid it out (help.h). */
static void draw_help(ed_gfx *g, const ed_app *app)
{
    ed_help h;
    ed_help_build(app, &h);
    if (h.box.w <= 0)
        return;
    ed_text *font = g->small ? g->small : g->text;
    ed_canvas_rect(g->canvas, h.box.x, h.box.y, h.box.w, h.box.h, (SDL_Color){12, 14, 20, 235});
    ed_canvas_text(g->canvas, font, h.title_x, h.title_y, yellow, h.title);
    for (int i = 0; i < h.count; i++)
        ed_canvas_text(g->canvas, font, h.items[i].x, h.items[i].y, h.items[i].heading ? yellow : white, h.items[i].text);
}

/* The question waiting for an answer, in a box over everything. */
static void draw_prompt(ed_gfx *g, const ed_app *app)
{
    ed_status_question q;
    if (!ed_status_prompt(app, &q))
        return;
    int lh = ed_text_height(g->text) + 2, w = ed_text_width(g->text, q.what);
    for (int i = 0; i < q.count; i++) {
        int tw = ed_text_width(g->text, q.lines[i]);
        w = tw > w ? tw : w;
    }
    w += 40;
    int h = (q.count + 3) * lh + 24;
    int x0 = (app->ui.width - w) / 2, y0 = (app->ui.height - h) / 3;
    x0 = x0 < 0 ? 0 : x0;
    y0 = y0 < 0 ? 0 : y0;
    ed_canvas_rect(g->canvas, x0 - 2, y0 - 2, w + 4, h + 4, yellow);
    ed_canvas_rect(g->canvas, x0, y0, w, h, (SDL_Color){20, 22, 30, 255});
    text(g, x0 + 20, y0 + 12, yellow, q.title);
    text(g, x0 + 20, y0 + 12 + lh, white, q.what);
    for (int i = 0; i < q.count; i++)
        text(g, x0 + 20, y0 + 12 + (i + 3) * lh, white, q.lines[i]);
}

void ed_draw_overlays(ed_gfx *g, const ed_app *app, const ed_layout *l)
{
    (void)l;
    draw_help(g, app);
    draw_prompt(g, app);
}

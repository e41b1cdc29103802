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
static int message_panel(ed_gfx *g, const ed_screen *s, const char *msg, SDL_Color c, int bottom, int max_lines)
{
    int lh = ed_text_height(g->text) + 1;
    char lines[ED_MESSAGE_MAX_LINES][ED_STATUS_LINE];
    int width = s->message_chars;
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

void ed_draw_hud(ed_gfx *g, const ed_app *app, const ed_screen *s)
{
    (void)app;
    if (s->hud.w <= 0)
        return;
    int lh = ed_text_height(g->text) + 1;
    ed_canvas_rect(g->canvas, s->hud.x, s->hud.y, s->hud.w, s->hud.h, panel);
    for (int i = 0; i < s->hud_lines; i++) {
        static const SDL_Color *colors[] = {&white, &white, &yellow, &orange, &red, &dim};
        text(g, 16, 14 + i * lh, *colors[s->lines[i].kind], s->lines[i].text);
    }
    /* the colour scale, inside the HUD after its caption */
    const ed_rect *r = &s->legend;
    for (int i = 0; r->w > 1 && i < r->w; i++) {
        SDL_Color c = ed_ramp(i * (ED_TRACE_LEVELS - 1) / (r->w - 1));
        ed_canvas_line(g->canvas, (float)(r->x + i), (float)r->y, (float)(r->x + i), (float)(r->y + r->h), c);
    }
}

void ed_draw_labels(ed_gfx *g, const ed_screen *s)
{
    const SDL_Color bg = {60, 0, 0, 235}, close_bg = {70, 35, 0, 235}, fg = {255, 200, 200, 255};
    for (size_t i = 0; i < s->label_count; i++) {
        const ed_screen_label *l = &s->labels[i];
        ed_canvas_rect(g->canvas, l->box.x, l->box.y, l->box.w, l->box.h, l->through ? bg : close_bg);
        text(g, l->text_x, l->text_y, fg, l->text);
    }
}

void ed_draw_messages(ed_gfx *g, const ed_app *app, const ed_screen *s)
{
    const ed_layout *l = &s->layout;
    int bottom = l->view.y + l->view.h - 10;
    if (ed_app_message_shown(app))
        bottom = message_panel(g, s, app->base.message, app->base.message_error ? red : white, bottom, ED_MESSAGE_MAX_LINES) - 6;
    char progress[2][ED_STATUS_LINE];
    for (int i = 0, n = ed_status_progress(app, progress); i < n; i++)
        bottom = message_panel(g, s, progress[i], yellow, bottom, 2) - 6;
}

/* The path's sound under the keys on the bar: its waveform (a column's least and greatest
   sample, computed in the update step) and the beat grid, every fourth beat brighter. */
static void draw_sound(ed_gfx *g, const ed_app *app, const ed_layout *l, double start, double dur)
{
    const ed_rect *bar = &l->bar;
    const ed_audio *a = &app->audio;
    if (dur <= 0 || bar->w <= 0)
        return;
    float mid = (float)bar->y + (float)bar->h / 2.0f, half = (float)(bar->h - 4) / 2.0f;
    const SDL_Color wave = {85, 125, 110, 255};
    for (int c = 0; ed_app_has_sound(app) && c < a->columns && c < bar->w; c++)
        if (a->hi[c] > a->lo[c] || a->hi[c] != 0)
            ed_canvas_line(g->canvas, (float)(bar->x + c) + 0.5f, mid - a->hi[c] * half - 0.5f, (float)(bar->x + c) + 0.5f,
                           mid - a->lo[c] * half + 0.5f, wave);
    ed_beat_grid grid;
    ed_app_beat_grid(app, &grid);
    double first;
    size_t n = ed_beat_list(&grid, start, start + dur, &first, 1);
    /* a grid denser than a beat every 4 pixels would only grey the bar */
    if (n == 0 || (double)n > bar->w / 4.0)
        return;
    double period = 60.0 / grid.bpm;
    for (size_t i = 0; i < n; i++) {
        double t = first + (double)i * period;
        long k = lround((t - grid.origin) / period);
        float x = (float)lround(ed_layout_x_of(l, start, dur, t)) + 0.5f;
        SDL_Color c = k % 4 == 0 ? (SDL_Color){200, 170, 90, 255} : (SDL_Color){110, 100, 75, 255};
        ed_canvas_line(g->canvas, x, (float)bar->y, x, (float)(bar->y + bar->h), c);
    }
}

void ed_draw_timeline(ed_gfx *g, const ed_app *app, const ed_layout *l)
{
    const ed_rect *tl = &l->timeline, *bar = &l->bar;
    ed_canvas_rect(g->canvas, tl->x, tl->y, tl->w, tl->h, (SDL_Color){22, 24, 30, 255});
    ed_canvas_rect(g->canvas, bar->x, bar->y, bar->w, bar->h, (SDL_Color){55, 60, 72, 255});
    double start = ed_app_start(app), dur = ed_app_duration(app);
    draw_sound(g, app, l, start, dur);
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
    /* opaque: nothing shows through the sheet */
    ed_canvas_rect(g->canvas, h.box.x, h.box.y, h.box.w, h.box.h, (SDL_Color){12, 14, 20, 255});
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

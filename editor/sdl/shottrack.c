/* SPDX-License-Identifier: MIT */
/* editor/sdl/shottrack.c - the shot track above the timeline. */
#include "shottrack.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "shots.h"

static const SDL_Color back = {28, 30, 38, 255}, fill = {58, 84, 120, 255}, fill_cur = {96, 150, 70, 255},
                       ramp = {150, 190, 240, 255}, edge = {245, 245, 250, 255}, outline = {255, 220, 40, 255},
                       label = {235, 238, 245, 255}, dim = {170, 175, 185, 255}, magenta = {255, 120, 255, 255};

static const char *base_name(const char *file)
{
    const char *a = file ? strrchr(file, '/') : NULL;
    return a ? a + 1 : file ? file : "";
}

void ed_draw_shot_track(ed_gfx *g, const ed_app *app, const ed_layout *l)
{
    const ed_rect *r = &l->shots;
    if (r->h <= 0 || !ed_shots_open(app))
        return;
    ed_canvas *cv = g->canvas;
    ed_canvas_rect(cv, r->x, r->y, r->w, r->h, back);
    const ed_seq *s = &app->seq;
    ed_text *font = g->small ? g->small : g->text;
    for (size_t i = 0; i < ed_shots_count(app); i++) {
        ed_shot_box b;
        ed_shots_box(app, l, i, &b);
        float x0 = (float)floor(b.x0), x1 = (float)ceil(b.x1), h = (float)(b.y1 - b.y0 + 1);
        ed_canvas_rect(cv, x0, (float)b.y0, fmaxf(1.0f, x1 - x0), h, b.current ? fill_cur : fill);
        if (b.xb > b.x0 + 0.5) {
            /* the blend: a ramp rising from the cut's place to where the shot plays alone */
            for (double x = floor(b.x0); x <= b.xb; x += 1.0) {
                float u = (float)((x - b.x0) / (b.xb - b.x0));
                u = u < 0 ? 0 : u > 1 ? 1 : u;
                ed_canvas_line(cv, (float)x, (float)b.y1, (float)x, (float)b.y1 - u * (h - 1), ramp);
            }
        } else if (i > 0) {
            /* a cut: an edge across the whole track */
            ed_canvas_rect(cv, x0 - 1, (float)r->y, 2, (float)r->h, edge);
        }
        if (b.current) {
            ed_canvas_line(cv, x0, (float)b.y0, x1, (float)b.y0, outline);
            ed_canvas_line(cv, x0, (float)b.y1, x1, (float)b.y1, outline);
            ed_canvas_line(cv, x0, (float)b.y0, x0, (float)b.y1, outline);
            ed_canvas_line(cv, x1, (float)b.y0, x1, (float)b.y1, outline);
        }
        if (font) {
            const ed_seq_path *p = &s->paths[s->shots[i].path];
            const char *name = s->shots[i].path == s->cur_path ? app->file.name : p->file;
            char buf[96];
            snprintf(buf, sizeof buf, "%zu %s", i + 1, base_name(name));
            int tw = ed_text_width(font, buf), th = ed_text_height(font);
            if (tw + 8 > x1 - (float)b.xb) {
                snprintf(buf, sizeof buf, "%zu", i + 1);
                tw = ed_text_width(font, buf);
            }
            if (tw + 6 <= x1 - x0) {
                ed_canvas_clip(cv, (int)x0, b.y0, (int)(x1 - x0), (int)h);
                ed_canvas_text(cv, font, (float)fmax(b.xb, b.x0) + 4, (float)(b.y0 + (int)h / 2 - th / 2), label, buf);
                ed_canvas_unclip(cv);
            }
        }
    }
    /* the sequence time, its number in the margin left of the track, the duration right of it */
    double now = ed_shots_time(app);
    int x = (int)lround(ed_shots_x_of(app, l, now));
    ed_canvas_rect(cv, x - 1, r->y, 3, r->h, magenta);
    if (font) {
        char buf[32];
        int th = ed_text_height(font), ty = r->y + r->h / 2 - th / 2;
        snprintf(buf, sizeof buf, "%.2f", now);
        ed_canvas_text(cv, font, (float)(l->bar.x - ed_text_width(font, buf) - 6), (float)ty, magenta, buf);
        snprintf(buf, sizeof buf, "%.2f", ed_shots_duration(app));
        ed_canvas_text(cv, font, (float)(l->bar.x + l->bar.w + 6), (float)ty, dim, buf);
    }
    /* on the timeline below, the part of the path the shot edited plays */
    if (s->current < s->count && app->doc.path) {
        double a = cp_path_start(app->doc.path), d = cp_path_duration(app->doc.path);
        double x0 = ed_layout_x_of(l, a, d, s->shots[s->current].from), x1 = ed_layout_x_of(l, a, d, s->shots[s->current].to);
        ed_canvas_rect(cv, (float)floor(x0), (float)(l->bar.y + l->bar.h + 1), (float)fmax(2.0, x1 - x0), 3, fill_cur);
    }
}

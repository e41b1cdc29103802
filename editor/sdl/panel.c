/* SPDX-License-Identifier: MIT */
/* editor/sdl/panel.c - the key inspector drawn where the core lays it out
 * (editor/core/inspector.h): a name and a value box per field, the field
 * being typed into or dragged in yellow. */
#include "panels.h"
#include "inspector.h"

void ed_draw_inspector(ed_gfx *g, const ed_app *app)
{
    ed_inspector in;
    ed_inspector_build(app, &in);
    if (in.panel.w <= 0)
        return;
    const SDL_Color bg = {16, 18, 24, 200}, box = {34, 38, 48, 255}, hot_box = {70, 62, 20, 255};
    const SDL_Color white = {240, 240, 240, 255}, dim = {160, 165, 175, 255}, yellow = {255, 220, 40, 255};
    const ed_rect *p = &in.panel;
    ed_canvas_rect(g->canvas, p->x, p->y, p->w, p->h, bg);
    ed_canvas_clip(g->canvas, p->x, p->y, p->w, p->h);
    ed_canvas_text(g->canvas, g->text, (float)p->x + 8, (float)in.title_y, yellow, in.title);
    int th = ed_text_height(g->text);
    for (int i = 0; i < in.count; i++) {
        const ed_inspector_item *it = &in.items[i];
        int held = app->rec.gesture.kind == ED_GESTURE_FIELD && !app->rec.gesture.pending && app->rec.gesture.part == (int)it->field;
        int hot = it->typing || held;
        const ed_rect *b = &it->box;
        int ty = b->y + (b->h - th) / 2;
        ed_canvas_text(g->canvas, g->text, (float)it->label_x, (float)ty, dim, it->label);
        ed_canvas_rect(g->canvas, b->x, b->y, b->w, b->h, hot ? hot_box : box);
        if (hot) {
            ed_canvas_line(g->canvas, b->x, b->y, b->x + b->w - 1, b->y, yellow);
            ed_canvas_line(g->canvas, b->x, b->y + b->h - 1, b->x + b->w - 1, b->y + b->h - 1, yellow);
        }
        ed_canvas_text(g->canvas, g->text, (float)b->x + 4, (float)ty, hot ? yellow : white, it->value);
    }
    ed_canvas_unclip(g->canvas);
}

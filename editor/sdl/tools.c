/* SPDX-License-Identifier: MIT */
/* editor/sdl/tools.c - the editing handles over the 3D view: the move gizmo
 * at the selected keys and the box being dragged, drawn flat on top (their
 * places come from the core's gizmo and drag state, the same numbers the
 * mouse is tested against). */
#include <math.h>

#include "panels.h"
#include "gizmo.h"

static const SDL_Color axis_colors[3] = {{235, 70, 70, 255}, {90, 220, 90, 255}, {80, 140, 255, 255}};
static const SDL_Color held = {255, 220, 40, 255};

/* A line three pixels wide. */
static void thick(ed_canvas *canvas, float x0, float y0, float x1, float y1, SDL_Color c)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    float nx = len > 0 ? -dy / len : 0, ny = len > 0 ? dx / len : 1;
    for (int k = -1; k <= 1; k++)
        ed_canvas_line(canvas, x0 + k * nx, y0 + k * ny, x1 + k * nx, y1 + k * ny, c);
}

static void draw_gizmo(ed_gfx *g, const ed_app *app, const ed_layout *l)
{
    ed_view v;
    ed_gizmo gz;
    ed_app_view(app, &v);
    if (!ed_app_gizmo(app, &v, &gz))
        return;
    /* the part held, else the one under the mouse, is drawn in yellow */
    int hot = app->rec.gesture.kind == ED_GESTURE_GIZMO || app->rec.gesture.kind == ED_GESTURE_KEY ? app->rec.gesture.part : app->rec.gesture.hover;
    ed_canvas_clip(g->canvas, l->frame.x, l->frame.y, l->frame.w, l->frame.h);
    for (int i = 0; i < 3; i++) {
        float dx = gz.ex[i] - gz.ox, dy = gz.ey[i] - gz.oy;
        if (!gz.end_visible[i] || dx * dx + dy * dy < 144.0f)
            continue;
        SDL_Color c = hot == ED_GIZMO_X + i ? held : axis_colors[i];
        thick(g->canvas, gz.ox, gz.oy, gz.ex[i], gz.ey[i], c);
        ed_canvas_rect(g->canvas, gz.ex[i] - 4, gz.ey[i] - 4, 9, 9, c);
    }
    SDL_Color sq = hot == ED_GIZMO_PLANE ? held : (SDL_Color){240, 240, 240, 255};
    float s = (float)ED_GIZMO_SQUARE;
    ed_canvas_rect(g->canvas, gz.ox - s, gz.oy - s, 2 * s + 1, 2 * s + 1, (SDL_Color){sq.r, sq.g, sq.b, 60});
    ed_canvas_line(g->canvas, gz.ox - s, gz.oy - s, gz.ox + s, gz.oy - s, sq);
    ed_canvas_line(g->canvas, gz.ox + s, gz.oy - s, gz.ox + s, gz.oy + s, sq);
    ed_canvas_line(g->canvas, gz.ox + s, gz.oy + s, gz.ox - s, gz.oy + s, sq);
    ed_canvas_line(g->canvas, gz.ox - s, gz.oy + s, gz.ox - s, gz.oy - s, sq);
    ed_canvas_unclip(g->canvas);
}

static void draw_box(ed_gfx *g, const ed_app *app, const ed_layout *l)
{
    const ed_gesture *d = &app->rec.gesture;
    if (d->kind != ED_GESTURE_BOX || d->pending)
        return;
    float x0 = (float)fmin(d->x0, app->ui.mouse_x), x1 = (float)fmax(d->x0, app->ui.mouse_x);
    float y0 = (float)fmin(d->y0, app->ui.mouse_y), y1 = (float)fmax(d->y0, app->ui.mouse_y);
    const SDL_Color edge = {255, 220, 40, 255};
    ed_canvas_clip(g->canvas, l->frame.x, l->frame.y, l->frame.w, l->frame.h);
    ed_canvas_rect(g->canvas, x0, y0, x1 - x0, y1 - y0, (SDL_Color){255, 220, 40, 40});
    ed_canvas_line(g->canvas, x0, y0, x1, y0, edge);
    ed_canvas_line(g->canvas, x1, y0, x1, y1, edge);
    ed_canvas_line(g->canvas, x1, y1, x0, y1, edge);
    ed_canvas_line(g->canvas, x0, y1, x0, y0, edge);
    ed_canvas_unclip(g->canvas);
}

void ed_draw_tools(ed_gfx *g, const ed_app *app, const ed_layout *l)
{
    draw_gizmo(g, app, l);
    draw_box(g, app, l);
}

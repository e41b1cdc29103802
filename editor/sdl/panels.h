/* SPDX-License-Identifier: MIT */
/* editor/sdl/panels.h - the 2D panels of a frame, drawn on the canvas
 * (canvas.h) over the 3D view: the HUD, the timeline, help and questions
 * (hud.c), the graph (graph.c), the key inspector (panel.c), and the move
 * gizmo and the box being dragged (tools.c). Each only reads the app.
 */
#ifndef ED_PANELS_H
#define ED_PANELS_H

#include "gfx.h"
#include "layout.h"

void ed_draw_hud(ed_gfx *g, const ed_app *app, const ed_layout *l);
void ed_draw_timeline(ed_gfx *g, const ed_app *app, const ed_layout *l);
void ed_draw_overlays(ed_gfx *g, const ed_app *app, const ed_layout *l);
/* The graph panel. It ends the ed_canvas batch begun on g->canvas, copies the
 * panel in from a cache (drawn again when the path, the keys, the world's
 * clearance, the layout or the font changed), and begins a new batch with
 * the playhead and the selected key on it. */
void ed_draw_graph(ed_gfx *g, const ed_app *app, const ed_layout *l);
/* The key inspector (panel.c). */
void ed_draw_inspector(ed_gfx *g, const ed_app *app);
/* The move gizmo and the box being dragged (tools.c). */
void ed_draw_tools(ed_gfx *g, const ed_app *app, const ed_layout *l);

#endif /* ED_PANELS_H */

/* editor/sdl/draw.h - a frame of the editor with OpenGL: the world through the
 * free camera or the path camera (world_gl.c), the overlays in the 3D view
 * (overlay.c), the picture-in-picture of the path camera, then the 2D panels
 * (ui.h): the HUD, the graph, the timeline, help and questions (hud.c,
 * graph.c). Looking through the path camera shows the shot alone: the output
 * frame letterboxed, no overlay on it.
 *
 * Everything the renderer keeps between frames lives in ed_gfx: the world
 * and the path on the GPU (uploaded again only when they change) and scratch
 * buffers that grow but are never freed mid-run, so a steady frame
 * allocates nothing.
 */
#ifndef ED_DRAW_H
#define ED_DRAW_H

#include <SDL.h>

#include "app.h"
#include "gl.h"
#include "layout.h"
#include "overlay.h"
#include "text.h"
#include "trace.h"
#include "ui.h"
#include "view.h"
#include "world_gl.h"

typedef struct ed_gfx {
    ed_ui         *ui;
    ed_text       *text;          /* NULL when no font could be loaded */
    ed_text       *small;         /* a smaller size for the help screen (NULL: use text) */
    ed_world_gl    world;
    ed_overlay     overlay;
    ed_trace       trace;
    /* scratch, reused every frame */
    unsigned char *cells;
    size_t         cell_cap;
    float         *columns;       /* the graph's per-column envelope */
    size_t         column_cap;
    /* the graph panel as last drawn, but for the playhead and the selected
       key: drawn again only when what it shows changes (graph.c) */
    ed_gl_target   graph_cache;
    unsigned char  graph_key[160];
    int            graph_cached;
} ed_gfx;

/* Sets up the renderer in the current GL context and loads the font (a
 * missing font is reported in err but is not fatal: text is then left out).
 * 0, or -1 with the reason in err. */
int ed_gfx_init(ed_gfx *g, char *err, size_t err_size);
void ed_gfx_free(ed_gfx *g);

/* Draws the whole window for the app's state into the bound framebuffer,
 * app->width x app->height pixels (does not swap). */
void ed_render_frame(ed_gfx *g, ed_app *app);

/* Draws the shot alone: the world through the path camera at `time`, over
 * the whole bound framebuffer of width x height, no overlay. */
void ed_render_shot(ed_gfx *g, ed_app *app, double time, int width, int height);

/* The 2D panels, for the frame above. */
void ed_draw_hud(ed_gfx *g, ed_app *app, const ed_layout *l);
void ed_draw_timeline(ed_gfx *g, ed_app *app, const ed_layout *l);
void ed_draw_overlays(ed_gfx *g, ed_app *app, const ed_layout *l);
/* The graph panel. It ends the ed_ui batch begun on g->ui, copies the
 * panel in from a cache (drawn again when the path, the keys, the world's
 * clearance, the layout or the font changed), and begins a new batch with
 * the playhead and the selected key on it. */
void ed_draw_graph(ed_gfx *g, ed_app *app, const ed_layout *l);
/* The key inspector (panel.c). */
void ed_draw_inspector(ed_gfx *g, const ed_app *app);
/* The move gizmo and the box being dragged (tools.c). */
void ed_draw_tools(ed_gfx *g, const ed_app *app, const ed_layout *l);

/* Shared helpers. */
int ed_gfx_reserve(void **buf, size_t *cap, size_t need, size_t size);

#endif /* ED_DRAW_H */

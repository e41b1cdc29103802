/* SPDX-License-Identifier: MIT */
/* editor/sdl/gfx.h - what the renderer keeps between frames: the world and
 * the path on the GPU (uploaded again only when they change), the fonts,
 * the 2D canvas, and scratch buffers that grow but are never freed mid-run,
 * so a steady frame allocates nothing.
 */
#ifndef ED_GFX_H
#define ED_GFX_H

#include <SDL.h>

#include "canvas.h"
#include "dof.h"
#include "commands.h"
#include "gl.h"
#include "grow.h"
#include "overlay.h"
#include "text.h"
#include "trace.h"
#include "world_gl.h"

typedef struct ed_gfx {
    ed_canvas     *canvas;
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
    unsigned char  graph_key[400];
    int            graph_cached;
    int            graph_part;     /* drawing the panel in part: the bar's columns graph_cols[0..1] alone,
                                      but the strips whose scale changed (graph_strip_whole), whole */
    int            graph_cols[2];
    int            graph_strip_whole[8];
    int            graph_strip;    /* the strip being drawn */
    int            graph_whole;    /* draw the panel whole on its next refresh (the benchmark's check) */
    unsigned long  graph_draws[2]; /* how often the panel was drawn into the cache: whole, in part */
    /* what went wrong while drawing (a world too large for the graphics
       memory, textures missing), for the front end to show; it clears it */
    char           warning[600];
    /* the shot's depth of field (dof.h) */
    ed_dof         dof;
    /* the preview of the path camera as last drawn: copied in while the
       path camera's picture stays the same (draw.c) */
    ed_gl_target   preview_cache;
    unsigned char  preview_key[128];
    int            preview_cached;
    int            preview_uncached; /* draw it afresh every frame (the benchmark's "before") */
    unsigned long  preview_draws;    /* how often it was drawn afresh into the cache */
} ed_gfx;

/* Sets up the renderer in the current GL context and loads the font (a
 * missing font is reported in err but is not fatal: text is then left out).
 * 0, or -1 with the reason in err. */
int ed_gfx_init(ed_gfx *g, char *err, size_t err_size);
void ed_gfx_free(ed_gfx *g);
/* What the fonts measure: the front end gives it to the app (ed_app_set_text_metrics),
 * which lays out text panels with it. */
ed_text_metrics ed_gfx_text_metrics(const ed_gfx *g);

/* Brings the GPU copies of the world and the path up to date (drawing does
 * too); what goes wrong is left in g->warning for the front end to tell
 * (ed_app_message) and clear. */
void ed_gfx_upload(ed_gfx *g, const ed_app *app);

#endif /* ED_GFX_H */

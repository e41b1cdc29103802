/* editor/sdl/draw.h - rendering a frame with SDL's renderer: the 3D view (the
 * demo world, the path coloured by speed or acceleration, key markers with
 * their index and a small frustum each, the path camera), then the HUD, the
 * graph panel, the timeline, help and questions (editor/sdl/hud.c,
 * editor/sdl/graph.c).
 *
 * Everything the renderer needs between frames lives in ed_gfx: the scene,
 * the sampled path (rebuilt only when the path changes) and scratch buffers
 * that grow but are never freed mid-run, so a steady frame allocates
 * nothing.
 */
#ifndef ED_DRAW_H
#define ED_DRAW_H

#include <SDL.h>

#include "app.h"
#include "layout.h"
#include "scene.h"
#include "text.h"
#include "trace.h"
#include "view.h"

#define ED_LOD_PIXELS 1.5f       /* path points closer than this on screen are merged */
#define ED_CELL 4                /* pixels per cell of the grid that keeps key labels, frustums and markers apart */
#define ED_FRUSTUM_SPACING 36.0f /* pixels between two key frustums, at least */
#define ED_MARKER_SPACING 12.0f  /* pixels between two key markers, at least */
#define ED_MAX_LABELS 400
#define ED_KEY_FRUSTUM_MIN 0.4   /* metres: the smallest key frustum (they keep a steady size on screen) */

typedef struct ed_sorted {
    double depth;
    size_t index;
} ed_sorted;

typedef struct ed_gfx {
    SDL_Renderer  *r;
    ed_text       *text;          /* NULL when no font could be loaded */
    ed_text       *small;         /* a smaller size for the help screen (NULL: use text) */
    ed_scene       scene;
    ed_trace       trace;
    /* scratch, reused every frame */
    SDL_Vertex    *verts;
    size_t         vert_cap;
    SDL_FPoint    *points;
    size_t         point_cap;
    SDL_FRect     *rects;
    size_t         rect_cap;
    ed_sorted     *sorted;        /* solids back to front */
    size_t         sorted_cap;
    unsigned char *cells;
    size_t         cell_cap;
    float         *columns;       /* the graph's per-column envelope */
    size_t         column_cap;
} ed_gfx;

/* Builds the scene and loads the font (a missing font is reported in err
 * but is not fatal: text is then left out). 0, or -1 if out of memory. */
int ed_gfx_init(ed_gfx *g, SDL_Renderer *r, char *err, size_t err_size);
void ed_gfx_free(ed_gfx *g);

/* Draws the whole window for the app's state (does not present). */
void ed_render_frame(ed_gfx *g, ed_app *app);

/* Pieces, for the frame above. */
void ed_draw_view(ed_gfx *g, const ed_app *app, const ed_layout *l);
void ed_draw_hud(ed_gfx *g, const ed_app *app, const ed_layout *l);
void ed_draw_timeline(ed_gfx *g, const ed_app *app, const ed_layout *l);
void ed_draw_overlays(ed_gfx *g, const ed_app *app, const ed_layout *l);
void ed_draw_graph(ed_gfx *g, const ed_app *app, const ed_layout *l);

/* Shared helpers. */
int  ed_gfx_reserve(void **buf, size_t *cap, size_t need, size_t size);
SDL_Color ed_ramp(int level);      /* the speed / acceleration colour scale, 0..ED_TRACE_LEVELS-1 */
void ed_fill_rect(SDL_Renderer *r, int x, int y, int w, int h, SDL_Color c);

#endif /* ED_DRAW_H */

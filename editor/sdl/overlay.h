/* SPDX-License-Identifier: MIT */
/* editor/sdl/overlay.h - what the editor draws into the 3D view on top of the
 * world: the path coloured by speed or acceleration, the keys (a marker, an
 * index and a small frustum each, thinned out where they crowd), a look-at
 * path's targets (a "+" and a line from its key each), the path camera at
 * the playhead (with its target), the linked games' cameras, and the
 * clearance marks.
 *
 * Everything here is depth-tested against the world. It is drawn twice: a
 * faint pass where it is hidden behind geometry (so a path through a
 * building stays readable), then the normal pass where it is in sight. Lines
 * and markers are pulled a little toward the eye so that a path lying on a
 * surface does not flicker into it.
 */
#ifndef ED_OVERLAY_H
#define ED_OVERLAY_H

#include <stddef.h>

#include "commands.h"
#include "gl.h"
#include "layout.h"
#include "text.h"
#include "trace.h"
#include "view.h"

#define ED_LOD_PIXELS 1.5f        /* path points closer than this on screen are merged */
#define ED_HIDDEN_ALPHA 0.22f     /* how strongly hidden parts show through */
#define ED_PULL 0.002f            /* lines and markers move this share of their distance toward the eye */
#define ED_CELL 4                 /* pixels per cell of the grid that keeps labels, frustums and markers apart */
#define ED_FRUSTUM_SPACING 36.0f  /* pixels between two key frustums, at least */
#define ED_MARKER_SPACING 12.0f   /* pixels between two key markers, at least */
#define ED_MAX_LABELS 400
#define ED_KEY_FRUSTUM_MIN 0.4    /* metres: the smallest key frustum (they keep a steady size on screen) */

typedef struct ed_line_vertex {
    float pos[3];
    unsigned char color[4];
} ed_line_vertex;

typedef struct ed_billboard_vertex {
    float pos[3];
    float offset[2];             /* pixels from the projected point, +y down */
    float uv[2];                 /* u < 0: solid */
    unsigned char color[4];
} ed_billboard_vertex;

typedef struct ed_overlay {
    GLuint line_prog, bb_prog;
    GLint  l_vp, l_offset, l_viewport, l_alpha, l_eye, l_pull;
    GLint  b_vp, b_viewport, b_alpha, b_eye, b_pull, b_tex;
    /* the path: the trace, merged to what the screen shows every frame */
    const ed_trace *trace;
    GLuint path_vao, path_vbo;
    GLsizei path_count;
    unsigned long path_serial;
    ed_line_vertex *strip;
    size_t strip_cap;
    int wide_lines;               /* the driver draws lines 2 pixels wide */
    /* the clearance marks: rebuilt when the check's result changes */
    GLuint mark_vao, mark_vbo;
    GLsizei mark_count;
    unsigned long mark_path_serial, mark_world_serial;
    double mark_radius;
    /* per frame: frustums (lines) and markers and labels (billboards) */
    GLuint dyn_vao, dyn_vbo, bb_vao, bb_vbo;
    ed_line_vertex *lines;
    size_t line_count, line_cap;
    ed_billboard_vertex *bbs;
    size_t bb_count, bb_cap;
    ed_billboard_vertex *top;     /* drawn over everything: the clearance labels */
    size_t top_count, top_cap;
    unsigned char *cells;
    size_t cell_cap;
} ed_overlay;

/* The speed / acceleration colour scale, level 0..ED_TRACE_LEVELS-1. */
SDL_Color ed_ramp(int level);

int ed_overlay_init(ed_overlay *o, char *err, size_t err_size);
void ed_overlay_free(ed_overlay *o);

/* The trace to draw as the path (kept by the caller, sampled for `serial`). */
void ed_overlay_set_path(ed_overlay *o, const ed_trace *t, unsigned long serial);
/* Rebuilds the clearance marks when the check changed. */
void ed_overlay_set_clearance(ed_overlay *o, const ed_app *app, const ed_clearance *c);

/* Draws the world's lines (the demo's grid) with the world's depth. */
void ed_overlay_world_lines(ed_overlay *o, GLuint vao, GLsizei count, const float vp[16], const ed_view *v);

/* Draws the overlays for the app's state into the view `v` (whose viewport is
 * `rect`, window pixels) with the matrix vp; the world's depth must be in
 * the depth buffer. `font` labels the keys (NULL: no labels). */
void ed_overlay_draw(ed_overlay *o, const ed_app *app, const ed_view *v, const float vp[16], const ed_rect *rect,
                     const ed_text *font, int color_mode);

#endif /* ED_OVERLAY_H */

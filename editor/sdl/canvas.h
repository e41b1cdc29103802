/* SPDX-License-Identifier: MIT */
/* editor/sdl/canvas.h - 2D drawing over the 3D view, for panels: filled
 * rectangles, one-pixel lines, text, and clipping to a rectangle. Pixels,
 * origin at the top left of the window, like mouse coordinates and the
 * layout (editor/core/layout.h).
 *
 * Calls between ed_canvas_begin and ed_canvas_end are batched into as few OpenGL
 * draws as possible (a new font or clip rectangle starts a new batch), so a
 * panel can draw thousands of pieces a frame. Drawing order is painting
 * order: later calls cover earlier ones.
 *
 *     ed_canvas_begin(canvas, width, height);
 *     ed_canvas_rect(canvas, 8, 8, 200, 40, (SDL_Color){16, 18, 24, 190});
 *     ed_canvas_clip(canvas, 8, 8, 200, 40);
 *     ed_canvas_text(canvas, font, 16, 14, (SDL_Color){240, 240, 240, 255}, "key 3 selected");
 *     ed_canvas_unclip(cv);
 *     ed_canvas_end(cv);
 */
#ifndef ED_CANVAS_H
#define ED_CANVAS_H

#include <SDL.h>
#include <stddef.h>

#include "text.h"

typedef struct ed_canvas ed_canvas;

/* Needs a current GL 3.3 context. NULL with a reason in err. */
ed_canvas *ed_canvas_create(char *err, size_t err_size);
void ed_canvas_destroy(ed_canvas *cv);

/* Starts drawing on a framebuffer of width x height pixels (sets the GL state
 * it needs: no depth test, blending). */
void ed_canvas_begin(ed_canvas *cv, int width, int height);
/* Draws what is batched. */
void ed_canvas_end(ed_canvas *cv);

/* A filled rectangle; colours with alpha < 255 blend. */
void ed_canvas_rect(ed_canvas *cv, float x, float y, float w, float h, SDL_Color c);
/* A line one pixel wide from (x0, y0) to (x1, y1). */
void ed_canvas_line(ed_canvas *cv, float x0, float y0, float x1, float y1, SDL_Color c);
/* Text with its top left at (x, y) in `font` (NULL draws nothing); returns
 * the width in pixels. */
int ed_canvas_text(ed_canvas *cv, const ed_text *font, float x, float y, SDL_Color c, const char *s);

/* Only the rectangle (x, y, w, h) is drawn on until ed_canvas_unclip. */
void ed_canvas_clip(ed_canvas *cv, int x, int y, int w, int h);
void ed_canvas_unclip(ed_canvas *cv);

#endif /* ED_CANVAS_H */

/* editor/sdl/ui.h - 2D drawing over the 3D view, for panels: filled
 * rectangles, one-pixel lines, text, and clipping to a rectangle. Pixels,
 * origin at the top left of the window, like mouse coordinates and the
 * layout (editor/core/layout.h).
 *
 * Calls between ed_ui_begin and ed_ui_end are batched into as few OpenGL
 * draws as possible (a new font or clip rectangle starts a new batch), so a
 * panel can draw thousands of pieces a frame. Drawing order is painting
 * order: later calls cover earlier ones.
 *
 *     ed_ui_begin(ui, width, height);
 *     ed_ui_rect(ui, 8, 8, 200, 40, (SDL_Color){16, 18, 24, 190});
 *     ed_ui_clip(ui, 8, 8, 200, 40);
 *     ed_ui_text(ui, font, 16, 14, (SDL_Color){240, 240, 240, 255}, "key 3 selected");
 *     ed_ui_unclip(ui);
 *     ed_ui_end(ui);
 */
#ifndef ED_UI_H
#define ED_UI_H

#include <SDL.h>
#include <stddef.h>

#include "text.h"

typedef struct ed_ui ed_ui;

/* Needs a current GL 3.3 context. NULL with a reason in err. */
ed_ui *ed_ui_create(char *err, size_t err_size);
void ed_ui_destroy(ed_ui *ui);

/* Starts drawing on a framebuffer of width x height pixels (sets the GL state
 * it needs: no depth test, blending). */
void ed_ui_begin(ed_ui *ui, int width, int height);
/* Draws what is batched. */
void ed_ui_end(ed_ui *ui);

/* A filled rectangle; colours with alpha < 255 blend. */
void ed_ui_rect(ed_ui *ui, float x, float y, float w, float h, SDL_Color c);
/* A line one pixel wide from (x0, y0) to (x1, y1). */
void ed_ui_line(ed_ui *ui, float x0, float y0, float x1, float y1, SDL_Color c);
/* Text with its top left at (x, y) in `font` (NULL draws nothing); returns
 * the width in pixels. */
int ed_ui_text(ed_ui *ui, const ed_text *font, float x, float y, SDL_Color c, const char *s);

/* Only the rectangle (x, y, w, h) is drawn on until ed_ui_unclip. */
void ed_ui_clip(ed_ui *ui, int x, int y, int w, int h);
void ed_ui_unclip(ed_ui *ui);

#endif /* ED_UI_H */

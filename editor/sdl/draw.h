/* SPDX-License-Identifier: MIT */
/* editor/sdl/draw.h - a frame of the editor with OpenGL: the world through the
 * free camera or the path camera (world_gl.c), the overlays in the 3D view
 * (overlay.c), the picture-in-picture of the path camera, then the 2D panels
 * (panels.h). Looking through the path camera shows the shot alone: the
 * output frame letterboxed, no overlay on it. The shot (through the path
 * camera, the picture-in-picture, ed_render_shot) shows the path's depth
 * of field where it has focus and aperture (dof.h); the picture-in-picture
 * is drawn again only when the path camera's picture changes.
 *
 * The renderer only reads the app: what it shows is computed in the update
 * step (ed_app_update, or ed_app_refresh before a frame drawn without one),
 * and everything it keeps between frames lives in ed_gfx (gfx.h).
 */
#ifndef ED_DRAW_H
#define ED_DRAW_H

#include "gfx.h"

/* Draws the whole window for the app's state into the bound framebuffer,
 * app->ui.width x app->ui.height pixels (does not swap). */
void ed_render_frame(ed_gfx *g, const ed_app *app);

/* Draws the shot alone: the world through the path camera at `time`, over
 * the whole bound framebuffer of width x height, no overlay. With a
 * sequence open, `time` is the sequence time: its cuts and blends play. */
void ed_render_shot(ed_gfx *g, const ed_app *app, double time, int width, int height);

#endif /* ED_DRAW_H */

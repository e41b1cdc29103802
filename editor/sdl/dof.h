/* SPDX-License-Identifier: MIT */
/* editor/sdl/dof.h - depth of field in the shot: the view is drawn into a
 * colour and a depth texture, then copied to its place blurred, each pixel
 * by its own circle of confusion (lens.h) from the depth buffer's distance.
 * The blur gathers 32 taps on a golden-angle spiral over the pixel's
 * radius; a tap farther away than the pixel counts only as far as its own
 * blur reaches, so a sharp background does not smear into a blurred
 * foreground's edge, nor a blurred foreground's colour stay out of a sharp
 * background (docs/math.md, section 22, says what this leaves out).
 */
#ifndef ED_DOF_H
#define ED_DOF_H

#include <stddef.h>

#include "gl.h"
#include "lens.h"

#define ED_DOF_TAPS 32  /* the blur's taps per pixel (the shader's TAPS) */

typedef struct ed_dof {
    GLuint prog, vao;
    GLint  u_color, u_depth, u_origin, u_focus, u_scale, u_max, u_near, u_far;
    GLuint fbo, color, depth;     /* the view drawn sharp: RGBA8 and 24-bit depth textures */
    int    w, h;
} ed_dof;

/* Compiles the blur's shader. 0, or -1 with the reason. */
int ed_dof_init(ed_dof *d, char *err, size_t err_size);
void ed_dof_free(ed_dof *d);

/* Binds a framebuffer of w x h for the view to be drawn into (made or
 * resized as needed). 0, or -1 (out of memory: draw the view sharp). */
int ed_dof_begin(ed_dof *d, int w, int h);
/* Draws what was drawn since ed_dof_begin, blurred by `lens` for a
 * projection from `near` to `far` metres, into framebuffer `into` at the
 * viewport (x, y, w, h) (GL's pixels: y from the bottom), and leaves `into`
 * bound. */
void ed_dof_end(ed_dof *d, GLuint into, int x, int y, const ed_lens *lens, double near, double far);

#endif /* ED_DOF_H */

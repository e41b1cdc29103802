/* SPDX-License-Identifier: MIT */
/* editor/sdl/gl.h - the OpenGL 3.3 core context and the few GL helpers the
 * renderer shares: a context from SDL (a window, or offscreen through Mesa's
 * EGL when there is no display), shader programs with readable errors, an
 * offscreen framebuffer, and reading pixels back into an SDL surface.
 * GL functions come through libepoxy.
 */
#ifndef ED_GL_H
#define ED_GL_H

#include <SDL.h>
#include <epoxy/gl.h>
#include <stddef.h>

/* A window or an offscreen surface with its GL context. */
typedef struct ed_gl_context {
    SDL_Window   *window;
    SDL_GLContext gl;
    int           offscreen;   /* no window on screen: draw into an ed_gl_target */
} ed_gl_context;

/* Opens a resizable window of w x h with a GL 3.3 core context. SDL's video
 * must be initialised. 0, or -1 with the reason in err. */
int ed_gl_open_window(ed_gl_context *c, const char *title, int w, int h, char *err, size_t err_size);
/* A GL 3.3 core context with no window on screen: SDL's offscreen video
 * driver (EGL through Mesa). Initialises SDL's video itself. 0, or -1 with a
 * reason that says what is missing. */
int ed_gl_open_offscreen(ed_gl_context *c, char *err, size_t err_size);
void ed_gl_close(ed_gl_context *c);

/* Compiles and links a program from vertex and fragment shader source.
 * 0, or -1 with the compiler's log in err. */
int ed_gl_program(const char *vertex, const char *fragment, GLuint *out, char *err, size_t err_size);

/* The fragment shader of flat and text quads (the overlay's billboards and
 * the 2D interface): the vertex colour, times the texture's alpha where the
 * quad has texture coordinates (v_uv.x >= 0), a font atlas or an icon. */
extern const char ed_gl_glyph_fs[];

/* An offscreen framebuffer: colour (RGBA8) and depth renderbuffers. */
typedef struct ed_gl_target {
    GLuint fbo, color, depth;
    int    w, h;
} ed_gl_target;

/* (Re)creates the target at w x h when its size differs and binds it. 0, or -1. */
int ed_gl_target_bind(ed_gl_target *t, int w, int h, char *err, size_t err_size);
void ed_gl_target_free(ed_gl_target *t);

/* The pixels of the bound framebuffer's w x h as an RGB24 surface, top row
 * first (the caller frees it). NULL with a reason in err. */
SDL_Surface *ed_gl_read_pixels(int w, int h, char *err, size_t err_size);

#endif /* ED_GL_H */

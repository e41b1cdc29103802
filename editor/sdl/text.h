/* SPDX-License-Identifier: MIT */
/* editor/sdl/text.h - text for the OpenGL renderer: a monospaced TrueType
 * font rendered once by SDL_ttf into a glyph atlas (a GL texture); the 2D
 * layer (canvas.h) and the key labels in the 3D view draw quads from it, so a
 * frame full of text costs no font rasterisation.
 */
#ifndef ED_TEXT_H
#define ED_TEXT_H

#include <epoxy/gl.h>
#include <stddef.h>

typedef struct ed_text ed_text;

/* The first font file that exists among $CAMPATH_EDITOR_FONT and the usual
 * places of DejaVu Sans Mono and a few other monospaced fonts; NULL if none. */
const char *ed_text_find_font(void);

/* Loads `font_file` at `size` points into an atlas texture of the current GL
 * context. NULL with a reason in err. */
ed_text *ed_text_create(const char *font_file, int size, char *err, size_t err_size);
void ed_text_destroy(ed_text *t);
/* Releases the font library once no ed_text is left (at exit). */
void ed_text_quit(void);

/* The atlas texture (alpha is the glyphs' coverage). */
GLuint ed_text_texture(const ed_text *t);
/* Texture coordinates {u0, v0, u1, v1} of the glyph for byte c (other
 * bytes than printable ASCII show as '?'). */
void ed_text_glyph(const ed_text *t, unsigned char c, float uv[4]);

int ed_text_width(const ed_text *t, const char *s);
/* Line height and glyph advance in pixels (a fallback size when t is NULL). */
int ed_text_height(const ed_text *t);
int ed_text_advance(const ed_text *t);

#endif /* ED_TEXT_H */

/* editor/sdl/text.h - text on an SDL renderer: a monospaced TrueType font
 * rendered once into a glyph atlas, then drawn glyph by glyph (so a frame
 * full of text costs texture copies, not font rasterisation).
 */
#ifndef ED_TEXT_H
#define ED_TEXT_H

#include <SDL.h>
#include <stddef.h>

typedef struct ed_text ed_text;

/* The first font file that exists among $CAMPATH_EDITOR_FONT and the usual
 * places of DejaVu Sans Mono and a few other monospaced fonts; NULL if none. */
const char *ed_text_find_font(void);

/* Loads `font_file` at `size` points for `renderer`. NULL with a reason in err. */
ed_text *ed_text_create(SDL_Renderer *renderer, const char *font_file, int size, char *err, size_t err_size);
void ed_text_destroy(ed_text *t);
/* Releases the font library once no ed_text is left (at exit). */
void ed_text_quit(void);

/* Draws ASCII text (other bytes show as '?') with its top left at (x, y);
 * returns the width drawn in pixels. NULL text objects draw nothing. */
int ed_text_draw(ed_text *t, int x, int y, SDL_Color color, const char *s);
int ed_text_width(const ed_text *t, const char *s);
/* Line height and glyph advance in pixels (a fallback size when t is NULL). */
int ed_text_height(const ed_text *t);
int ed_text_advance(const ed_text *t);

#endif /* ED_TEXT_H */

/* editor/sdl/shot.h - screenshots: what the renderer shows, saved as BMP, or as
 * PNG (zlib-compressed, small enough to keep in the documentation) when the
 * file name ends in .png.
 */
#ifndef ED_SHOT_H
#define ED_SHOT_H

#include <SDL.h>
#include <stddef.h>

/* Reads the renderer's w x h pixels and writes `file`. 0, or -1 with a reason in err. */
int ed_shot_save(SDL_Renderer *r, int w, int h, const char *file, char *err, size_t err_size);

/* Writes 24-bit RGB rows (w * 3 bytes each, `pitch` apart) as a PNG. 0 or -1. */
int ed_png_write(const char *file, const unsigned char *rgb, int w, int h, int pitch, char *err, size_t err_size);

#endif /* ED_SHOT_H */

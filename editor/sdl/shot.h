/* SPDX-License-Identifier: MIT */
/* editor/sdl/shot.h - images out: a surface saved in the format its file
 * name says (.png, .jpg / .jpeg through SDL2_image, .bmp through SDL), and
 * anything else refused before any pixel is drawn. */
#ifndef ED_SHOT_H
#define ED_SHOT_H

#include <SDL.h>
#include <stddef.h>

/* 0 if `file` ends in an extension the editor writes; else -1 with a message
 * naming the extension and the ones it takes. */
int ed_shot_check_name(const char *file, char *err, size_t err_size);

/* Saves `s` to `file` in the format of its extension. 0, or -1 with the reason. */
int ed_shot_save(SDL_Surface *s, const char *file, char *err, size_t err_size);

#endif /* ED_SHOT_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/image.h - how large an image is, read from its header before
 * anything decodes it, so that a texture of a few kilobytes that would
 * decode to gigabytes is refused first (the limits are in world.h).
 *
 * The formats are the ones scenes use for textures: PNG and JPEG (glTF's),
 * BMP and TGA (OBJ's and older formats'). TGA has no signature: it is taken
 * as TGA only when its name (or the format the scene names) says so. The
 * front end decodes a texture as the format found here and no other.
 */
#ifndef ED_IMAGE_H
#define ED_IMAGE_H

#include <stddef.h>

typedef enum ed_image_format { ED_IMAGE_UNKNOWN = 0, ED_IMAGE_PNG, ED_IMAGE_JPEG, ED_IMAGE_BMP, ED_IMAGE_TGA } ed_image_format;

typedef struct ed_image_info {
    ed_image_format format;
    long long       width, height;   /* pixels, as the header says */
} ed_image_info;

/* Reads the header of `size` bytes of an encoded image; `hint` ("tga", a
 * file name ending in .tga, or NULL) admits TGA. 0 with *out filled, or -1
 * with the reason in why (not a format above, or a header cut short). */
int ed_image_info_memory(const unsigned char *data, size_t size, const char *hint, ed_image_info *out, char *why,
                         size_t why_size);
/* The same for a file (its name is the hint). Reads the header only. */
int ed_image_info_file(const char *file, ed_image_info *out, char *why, size_t why_size);

/* The format's name as SDL_image's typed loaders take it ("PNG", "JPG",
 * "BMP", "TGA"), or "" for ED_IMAGE_UNKNOWN. */
const char *ed_image_format_name(ed_image_format f);

#endif /* ED_IMAGE_H */

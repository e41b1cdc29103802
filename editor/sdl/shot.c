/* editor/sdl/shot.c - screenshots and frames as PNG, JPEG or BMP. */
#include "shot.h"

#include <SDL_image.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define ED_JPEG_QUALITY 92

typedef enum format { FORMAT_NONE = 0, FORMAT_PNG, FORMAT_JPEG, FORMAT_BMP } format;

static format format_of(const char *file)
{
    static const struct {
        const char *ext;
        format      f;
    } known[] = {{".png", FORMAT_PNG}, {".jpg", FORMAT_JPEG}, {".jpeg", FORMAT_JPEG}, {".bmp", FORMAT_BMP}};
    size_t n = strlen(file);
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        size_t m = strlen(known[i].ext);
        if (n > m && strcasecmp(file + n - m, known[i].ext) == 0)
            return known[i].f;
    }
    return FORMAT_NONE;
}

int ed_shot_check_name(const char *file, char *err, size_t err_size)
{
    if (format_of(file) != FORMAT_NONE)
        return 0;
    const char *dot = strrchr(file, '.'), *slash = strrchr(file, '/');
    if (dot && (!slash || dot > slash))
        snprintf(err, err_size, "%s: the editor does not write '%s' images (it writes .png, .jpg, .jpeg and .bmp)",
                 file, dot);
    else
        snprintf(err, err_size, "%s: no image extension (.png, .jpg, .jpeg or .bmp) to say which format to write", file);
    return -1;
}

int ed_shot_save(SDL_Surface *s, const char *file, char *err, size_t err_size)
{
    int rc;
    switch (format_of(file)) {
    case FORMAT_PNG: rc = IMG_SavePNG(s, file); break;
    case FORMAT_JPEG: rc = IMG_SaveJPG(s, file, ED_JPEG_QUALITY); break;
    case FORMAT_BMP: rc = SDL_SaveBMP(s, file); break;
    default: return ed_shot_check_name(file, err, err_size);
    }
    if (rc != 0) {
        snprintf(err, err_size, "%s: %s", file, SDL_GetError());
        return -1;
    }
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* editor/sdl/shot.c - screenshots and frames as PNG, JPEG or BMP. */
#include "shot.h"

#include <SDL_image.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "replace.h"

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

/* SDL's writers see the temporary file of an ed_replace (replace.h): every
 * write is checked there, whatever the image library makes of a failure. */
static Sint64 rw_size(SDL_RWops *rw)
{
    ed_replace *r = rw->hidden.unknown.data1;
    long long here = ed_replace_seek(r, 0, ED_OS_FROM_HERE), end = ed_replace_seek(r, 0, ED_OS_FROM_END);
    if (here < 0 || end < 0 || ed_replace_seek(r, here, ED_OS_FROM_START) < 0)
        return SDL_SetError("%s: cannot find the size of the image being written", r->file);
    return (Sint64)end;
}

static Sint64 rw_seek(SDL_RWops *rw, Sint64 offset, int whence)
{
    ed_replace *r = rw->hidden.unknown.data1;
    long long at = ed_replace_seek(r, (long long)offset, whence == RW_SEEK_SET   ? ED_OS_FROM_START
                                                       : whence == RW_SEEK_CUR ? ED_OS_FROM_HERE
                                                                               : ED_OS_FROM_END);
    if (at < 0)
        return SDL_SetError("%s: cannot seek in the image being written", r->file);
    return (Sint64)at;
}

static size_t rw_read(SDL_RWops *rw, void *ptr, size_t size, size_t n)
{
    (void)rw, (void)ptr, (void)size, (void)n;
    SDL_SetError("an image being written is not read");
    return 0;
}

static size_t rw_write(SDL_RWops *rw, const void *ptr, size_t size, size_t n)
{
    ed_replace *r = rw->hidden.unknown.data1;
    if (size && n > (size_t)-1 / size)
        return 0;
    if (ed_replace_write(r, ptr, size * n) != 0) {
        SDL_SetError("%s", strerror(r->error));
        return 0;
    }
    return n;
}

static int rw_close(SDL_RWops *rw)
{
    SDL_FreeRW(rw);
    return 0;
}

int ed_shot_save(SDL_Surface *s, const char *file, char *err, size_t err_size)
{
    format f = format_of(file);
    if (f == FORMAT_NONE)
        return ed_shot_check_name(file, err, err_size);
    ed_replace r;
    if (ed_replace_open(&r, file, err, err_size) != 0)
        return -1;
    SDL_RWops *rw = SDL_AllocRW();
    if (!rw) {
        snprintf(err, err_size, "%s: %s", file, SDL_GetError());
        ed_replace_abort(&r);
        return -1;
    }
    rw->size = rw_size;
    rw->seek = rw_seek;
    rw->read = rw_read;
    rw->write = rw_write;
    rw->close = rw_close;
    rw->type = SDL_RWOPS_UNKNOWN;
    rw->hidden.unknown.data1 = &r;
    int rc;
    switch (f) {
    case FORMAT_PNG: rc = IMG_SavePNG_RW(s, rw, 1); break;
    case FORMAT_JPEG: rc = IMG_SaveJPG_RW(s, rw, 1, ED_JPEG_QUALITY); break;
    default: rc = SDL_SaveBMP_RW(s, rw, 1); break;
    }
    if (rc != 0 && !r.error) {
        snprintf(err, err_size, "%s: %s", file, SDL_GetError());
        ed_replace_abort(&r);
        return -1;
    }
    /* a failed write is reported here, with its reason, even if the encoder did not notice it */
    return ed_replace_commit(&r, err, err_size);
}

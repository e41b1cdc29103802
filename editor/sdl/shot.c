/* editor/sdl/shot.c - screenshots as BMP or PNG. */
#include "shot.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

static void put32(unsigned char *p, unsigned long v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* One PNG chunk: length, type, data, CRC of type and data. */
static int chunk(FILE *f, const char *type, const unsigned char *data, size_t len)
{
    unsigned char head[8], tail[4];
    put32(head, (unsigned long)len);
    memcpy(head + 4, type, 4);
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, (const Bytef *)type, 4);
    if (len)
        crc = crc32(crc, data, (uInt)len);
    put32(tail, crc);
    return fwrite(head, 1, 8, f) == 8 && (len == 0 || fwrite(data, 1, len, f) == len) && fwrite(tail, 1, 4, f) == 4
               ? 0
               : -1;
}

static int paeth(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* Filters row y into out (filter byte first), choosing per row the filter
 * with the smallest sum of magnitudes: the usual heuristic, and enough to
 * make flat-shaded screenshots small. */
static void filter_row(const unsigned char *row, const unsigned char *prev, size_t n, unsigned char *out,
                       unsigned char *tmp)
{
    unsigned long best = (unsigned long)-1;
    for (int f = 0; f <= 4; f++) {
        unsigned long sum = 0;
        for (size_t i = 0; i < n; i++) {
            int a = i >= 3 ? row[i - 3] : 0, b = prev ? prev[i] : 0, c = prev && i >= 3 ? prev[i - 3] : 0;
            int pred = f == 0 ? 0 : f == 1 ? a : f == 2 ? b : f == 3 ? (a + b) / 2 : paeth(a, b, c);
            unsigned char v = (unsigned char)(row[i] - pred);
            tmp[i] = v;
            sum += v < 128 ? v : 256 - v;
        }
        if (sum < best) {
            best = sum;
            out[0] = (unsigned char)f;
            memcpy(out + 1, tmp, n);
        }
    }
}

int ed_png_write(const char *file, const unsigned char *rgb, int w, int h, int pitch, char *err, size_t err_size)
{
    size_t row = (size_t)w * 3, raw_len = (row + 1) * (size_t)h;
    unsigned char *raw = malloc(raw_len), *tmp = malloc(row);
    uLongf zlen = compressBound((uLong)raw_len);
    unsigned char *z = malloc(zlen);
    int rc = -1;
    FILE *f = NULL;
    if (!raw || !tmp || !z) {
        snprintf(err, err_size, "out of memory for a %dx%d PNG", w, h);
        goto done;
    }
    for (int y = 0; y < h; y++)
        filter_row(rgb + (size_t)y * pitch, y ? rgb + (size_t)(y - 1) * pitch : NULL, row, raw + (size_t)y * (row + 1),
                   tmp);
    if (compress2(z, &zlen, raw, (uLong)raw_len, 9) != Z_OK) {
        snprintf(err, err_size, "zlib could not compress the image");
        goto done;
    }
    f = fopen(file, "wb");
    if (!f) {
        snprintf(err, err_size, "%s: %s", file, strerror(errno));
        goto done;
    }
    static const unsigned char sig[8] = {137, 'P', 'N', 'G', 13, 10, 26, 10};
    unsigned char ihdr[13];
    put32(ihdr, (unsigned long)w);
    put32(ihdr + 4, (unsigned long)h);
    ihdr[8] = 8;  /* bits per channel */
    ihdr[9] = 2;  /* RGB */
    ihdr[10] = ihdr[11] = ihdr[12] = 0;
    if (fwrite(sig, 1, 8, f) != 8 || chunk(f, "IHDR", ihdr, 13) || chunk(f, "IDAT", z, zlen) ||
        chunk(f, "IEND", NULL, 0)) {
        snprintf(err, err_size, "%s: write failed", file);
        goto done;
    }
    rc = 0;
done:
    if (f && fclose(f) != 0 && rc == 0) {
        snprintf(err, err_size, "%s: %s", file, strerror(errno));
        rc = -1;
    }
    free(raw);
    free(tmp);
    free(z);
    return rc;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

int ed_shot_save(SDL_Renderer *r, int w, int h, const char *file, char *err, size_t err_size)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_RGB24);
    if (!s) {
        snprintf(err, err_size, "screenshot: %s", SDL_GetError());
        return -1;
    }
    int rc = -1;
    if (SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGB24, s->pixels, s->pitch) != 0)
        snprintf(err, err_size, "screenshot: %s", SDL_GetError());
    else if (ends_with(file, ".png"))
        rc = ed_png_write(file, s->pixels, w, h, s->pitch, err, err_size);
    else if (SDL_SaveBMP(s, file) != 0)
        snprintf(err, err_size, "%s: %s", file, SDL_GetError());
    else
        rc = 0;
    SDL_FreeSurface(s);
    return rc;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/image.c - an image's size from its header. */
#include "image.h"

#include <stdio.h>
#include <string.h>

#include "os.h"

/* A JPEG may put its frame header after its metadata (EXIF, colour
 * profiles): so many segments are looked through before giving up. */
#define MAX_JPEG_SEGMENTS 100000

/* Bytes of the image at an offset, from memory or from a file. */
typedef struct source {
    const unsigned char *data;
    size_t               size;
    ed_os_file          *file;
} source;

static int read_at(const source *s, size_t at, unsigned char *buf, size_t n)
{
    if (s->data) {
        if (at > s->size || n > s->size - at)
            return -1;
        memcpy(buf, s->data + at, n);
        return 0;
    }
    return ed_os_read_at(s->file, at, buf, n);
}

static unsigned be16(const unsigned char *p) { return (unsigned)p[0] << 8 | p[1]; }
static unsigned le16(const unsigned char *p) { return (unsigned)p[1] << 8 | p[0]; }
static unsigned long be32(const unsigned char *p) { return (unsigned long)be16(p) << 16 | be16(p + 2); }
static long le32s(const unsigned char *p)
{
    unsigned long u = (unsigned long)le16(p + 2) << 16 | le16(p);
    return u > 0x7fffffffUL ? -(long)(0xffffffffUL - u) - 1 : (long)u;
}

static int fail(char *why, size_t n, const char *what)
{
    snprintf(why, n, "%s", what);
    return -1;
}

static int jpeg(const source *s, ed_image_info *out, char *why, size_t n)
{
    size_t at = 2;
    for (int segment = 0; segment < MAX_JPEG_SEGMENTS; segment++) {
        unsigned char m[2];
        if (read_at(s, at, m, 2) || m[0] != 0xFF)
            return fail(why, n, "a JPEG cut short, or not one, before its frame header");
        if (m[1] == 0xFF) { /* fill byte */
            at++;
            continue;
        }
        if (m[1] == 0x01 || (m[1] >= 0xD0 && m[1] <= 0xD8)) { /* markers without a length */
            at += 2;
            continue;
        }
        if (m[1] == 0xD9 || m[1] == 0xDA)
            return fail(why, n, "a JPEG whose image data comes before any frame header");
        unsigned char len[2];
        if (read_at(s, at + 2, len, 2) || be16(len) < 2)
            return fail(why, n, "a JPEG segment cut short");
        /* SOF0..SOF15, but for DHT (C4), JPG (C8) and DAC (CC) */
        if (m[1] >= 0xC0 && m[1] <= 0xCF && m[1] != 0xC4 && m[1] != 0xC8 && m[1] != 0xCC) {
            unsigned char f[5];
            if (read_at(s, at + 4, f, 5))
                return fail(why, n, "a JPEG frame header cut short");
            out->format = ED_IMAGE_JPEG;
            out->height = be16(f + 1);
            out->width = be16(f + 3);
            return 0;
        }
        at += 2 + be16(len);
    }
    return fail(why, n, "a JPEG without a frame header in its first segments");
}

static int ends_with_tga(const char *hint)
{
    size_t n = hint ? strlen(hint) : 0;
    return n >= 3 && ed_os_casecmp(hint + n - 3, "tga") == 0;
}

static int info(const source *s, const char *hint, ed_image_info *out, char *why, size_t n)
{
    memset(out, 0, sizeof *out);
    unsigned char h[26];
    memset(h, 0, sizeof h);
    if (read_at(s, 0, h, 2))
        return fail(why, n, "not an image: too short");
    if (h[0] == 0xFF && h[1] == 0xD8) {
        if (jpeg(s, out, why, n))
            return -1;
    } else if (h[0] == 0x89 && h[1] == 'P') {
        if (read_at(s, 0, h, 24) || memcmp(h, "\x89PNG\r\n\x1a\n", 8) != 0 || memcmp(h + 12, "IHDR", 4) != 0)
            return fail(why, n, "a PNG cut short, or without its header chunk first");
        out->format = ED_IMAGE_PNG;
        out->width = (long long)be32(h + 16);
        out->height = (long long)be32(h + 20);
    } else if (h[0] == 'B' && h[1] == 'M') {
        if (read_at(s, 0, h, 26))
            return fail(why, n, "a BMP cut short");
        out->format = ED_IMAGE_BMP;
        unsigned long dib = (unsigned long)le32s(h + 14);
        if (dib == 12) {
            out->width = le16(h + 18);
            out->height = le16(h + 20);
        } else {
            out->width = le32s(h + 18);
            out->height = le32s(h + 22);
            if (out->height < 0) /* top-down rows */
                out->height = -out->height;
        }
    } else if (ends_with_tga(hint)) {
        if (read_at(s, 0, h, 18))
            return fail(why, n, "a TGA cut short");
        int type = h[2], depth = h[16];
        if (h[1] > 1 || !(type == 1 || type == 2 || type == 3 || type == 9 || type == 10 || type == 11) ||
            !(depth == 8 || depth == 15 || depth == 16 || depth == 24 || depth == 32))
            return fail(why, n, "not a TGA image the editor reads");
        out->format = ED_IMAGE_TGA;
        out->width = le16(h + 12);
        out->height = le16(h + 14);
    } else {
        return fail(why, n, "not a PNG, JPEG, BMP or TGA image");
    }
    if (out->width <= 0 || out->height <= 0) {
        snprintf(why, n, "%s of %lld x %lld pixels", ed_image_format_name(out->format), out->width, out->height);
        out->format = ED_IMAGE_UNKNOWN;
        return -1;
    }
    return 0;
}

int ed_image_info_memory(const unsigned char *data, size_t size, const char *hint, ed_image_info *out, char *why,
                         size_t why_size)
{
    static const unsigned char none[1];
    source s = {data ? data : none, data ? size : 0, NULL};
    return info(&s, hint, out, why, why_size);
}

int ed_image_info_file(const char *file, ed_image_info *out, char *why, size_t why_size)
{
    memset(out, 0, sizeof *out);
    ed_os_file *f = ed_os_open_read(file, NULL, why, why_size);
    if (!f)
        return -1;
    source s = {NULL, 0, f};
    int rc = info(&s, file, out, why, why_size);
    ed_os_close(f);
    return rc;
}

const char *ed_image_format_name(ed_image_format f)
{
    switch (f) {
    case ED_IMAGE_PNG: return "PNG";
    case ED_IMAGE_JPEG: return "JPG";
    case ED_IMAGE_BMP: return "BMP";
    case ED_IMAGE_TGA: return "TGA";
    default: return "";
    }
}

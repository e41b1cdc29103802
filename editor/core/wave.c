/* SPDX-License-Identifier: MIT */
/* editor/core/wave.c - a decoded sound as 16-bit samples (wave.h). The WAV
 * layout (RIFF chunks, "fmt " and "data", WAVE_FORMAT_PCM 1,
 * WAVE_FORMAT_IEEE_FLOAT 3, WAVE_FORMAT_EXTENSIBLE 0xFFFE) is Microsoft's
 * RIFF specification. */
#include "wave.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned get16(const unsigned char *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }
static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static void put16(unsigned char *p, unsigned v) { p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8); }
static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

void ed_wave_free(ed_wave *w)
{
    free(w->data);
    memset(w, 0, sizeof *w);
}

/* One sample of `bits` at p as 16 bits. */
static int16_t sample16(const unsigned char *p, int bits, int is_float)
{
    if (is_float) {
        uint32_t u = get32(p);
        float f;
        memcpy(&f, &u, sizeof f);
        if (!(f == f))
            return 0;
        double v = fmax(-1.0, fmin(1.0, (double)f)) * 32767.0;
        return (int16_t)lrint(v);
    }
    switch (bits) {
    case 8: return (int16_t)(((int)p[0] - 128) * 256);
    case 16: return (int16_t)get16(p);
    case 24: return (int16_t)(get16(p + 1));
    default: return (int16_t)get16(p + 2);
    }
}

int ed_wave_parse(const unsigned char *b, size_t size, ed_wave *w, char *why, size_t n)
{
    memset(w, 0, sizeof *w);
    if (size < 12 || memcmp(b, "RIFF", 4) != 0 || memcmp(b + 8, "WAVE", 4) != 0) {
        snprintf(why, n, "not a WAV file (no RIFF WAVE header)");
        return -1;
    }
    const unsigned char *fmt = NULL, *data = NULL;
    size_t fmt_size = 0, data_size = 0;
    for (size_t at = 12; at + 8 <= size;) {
        size_t len = get32(b + at + 4), body = at + 8;
        size_t avail = size - body;
        if (memcmp(b + at, "fmt ", 4) == 0 && !fmt) {
            fmt = b + body, fmt_size = len < avail ? len : avail;
        } else if (memcmp(b + at, "data", 4) == 0 && !data) {
            /* a data chunk cut short (a file still being written) keeps what is there */
            data = b + body, data_size = len < avail ? len : avail;
        }
        if (len >= avail)
            break;
        at = body + len + (len & 1);
    }
    if (!fmt || fmt_size < 16) {
        snprintf(why, n, "WAV file without its \"fmt \" chunk");
        return -1;
    }
    if (!data) {
        snprintf(why, n, "WAV file without its \"data\" chunk");
        return -1;
    }
    unsigned format = get16(fmt), channels = get16(fmt + 2), bits = get16(fmt + 14);
    uint32_t rate = get32(fmt + 4);
    if (format == 0xFFFE && fmt_size >= 26)
        format = get16(fmt + 24); /* the sub-format GUID's first two bytes */
    int is_float = format == 3;
    if (!((format == 1 && (bits == 8 || bits == 16 || bits == 24 || bits == 32)) || (is_float && bits == 32))) {
        snprintf(why, n, "WAV format %u with %u bits per sample: only PCM (8, 16, 24, 32 bits) and 32-bit float are read", format,
                 bits);
        return -1;
    }
    if (channels < 1 || channels > ED_WAVE_MAX_CHANNELS || rate < 1000 || rate > 384000) {
        snprintf(why, n, "WAV file of %u channels at %lu Hz: 1 to %d channels at 1000 to 384000 Hz are read", channels,
                 (unsigned long)rate, ED_WAVE_MAX_CHANNELS);
        return -1;
    }
    size_t step = (size_t)channels * (bits / 8);
    size_t frames = data_size / step;
    if (frames > ED_WAVE_MAX_FRAMES) {
        snprintf(why, n, "WAV file of %zu frames is over the editor's limit of %llu", frames, ED_WAVE_MAX_FRAMES);
        return -1;
    }
    w->data = malloc(frames ? frames * channels * sizeof *w->data : 1);
    if (!w->data) {
        snprintf(why, n, "out of memory for %zu frames of sound", frames);
        return -1;
    }
    for (size_t i = 0; i < frames * channels; i++)
        w->data[i] = sample16(data + i * (bits / 8), (int)bits, is_float);
    w->frames = frames;
    w->rate = (int)rate;
    w->channels = (int)channels;
    return 0;
}

void ed_wave_copy(const ed_wave *w, long long first, size_t count, int16_t *out)
{
    size_t ch = (size_t)w->channels;
    for (size_t i = 0; i < count; i++) {
        long long f = first + (long long)i;
        if (f < 0 || (unsigned long long)f >= w->frames)
            memset(out + i * ch, 0, ch * sizeof *out);
        else
            memcpy(out + i * ch, w->data + (size_t)f * ch, ch * sizeof *out);
    }
}

int ed_wave_encode(const int16_t *data, size_t frames, int rate, int channels, unsigned char **out, size_t *size)
{
    *out = NULL;
    *size = 0;
    unsigned long long bytes = (unsigned long long)frames * (unsigned)channels * 2u;
    if (bytes > 0xFFFFFFFFull - 44)
        return -1;
    unsigned char *p = malloc((size_t)bytes + 44);
    if (!p)
        return -1;
    memcpy(p, "RIFF", 4);
    put32(p + 4, (uint32_t)(bytes + 36));
    memcpy(p + 8, "WAVEfmt ", 8);
    put32(p + 16, 16);
    put16(p + 20, 1);
    put16(p + 22, (unsigned)channels);
    put32(p + 24, (uint32_t)rate);
    put32(p + 28, (uint32_t)rate * (uint32_t)channels * 2u);
    put16(p + 32, (unsigned)channels * 2u);
    put16(p + 34, 16);
    memcpy(p + 36, "data", 4);
    put32(p + 40, (uint32_t)bytes);
    for (size_t i = 0; i < frames * (size_t)channels; i++)
        put16(p + 44 + 2 * i, (unsigned)(uint16_t)data[i]);
    *out = p;
    *size = (size_t)bytes + 44;
    return 0;
}

void ed_wave_columns(const ed_wave *w, double s0, double s1, int columns, float *lo, float *hi)
{
    double span = (s1 - s0) / columns;
    size_t ch = (size_t)(w->channels > 0 ? w->channels : 1);
    for (int c = 0; c < columns; c++) {
        double f0 = floor((s0 + c * span) * w->rate), f1 = floor((s0 + (c + 1) * span) * w->rate);
        if (f1 <= f0)
            f1 = f0 + 1; /* zoomed in past one frame per column: the frame under it */
        f0 = fmax(f0, 0.0);
        f1 = fmin(f1, (double)w->frames);
        int mn = 0, mx = 0, any = 0;
        for (size_t i = (size_t)f0 * ch; f0 < f1 && i < (size_t)f1 * ch; i++) {
            int v = w->data[i];
            if (!any || v < mn)
                mn = v;
            if (!any || v > mx)
                mx = v;
            any = 1;
        }
        lo[c] = (float)mn / 32768.0f;
        hi[c] = (float)mx / 32768.0f;
    }
}

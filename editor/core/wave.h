/* SPDX-License-Identifier: MIT */
/* editor/core/wave.h - a decoded sound as 16-bit samples: read from a WAV
 * file's bytes (PCM of 8, 16, 24 or 32 bits, or 32-bit float), written as
 * a 16-bit PCM WAV, cut to a range (silence outside the sound), and
 * summarised per pixel column (the least and greatest sample) for the
 * timeline's waveform. Times here are the sound's own: frame i plays at
 * i / rate seconds into it.
 */
#ifndef ED_WAVE_H
#define ED_WAVE_H

#include <stddef.h>
#include <stdint.h>

/* Sounds longer than this many frames (about 3 hours at 48 kHz) are refused. */
#define ED_WAVE_MAX_FRAMES (1ull << 29)
#define ED_WAVE_MAX_CHANNELS 8

typedef struct ed_wave {
    int16_t *data;     /* frames * channels samples, interleaved (malloc'd) */
    size_t   frames;
    int      rate;     /* frames per second */
    int      channels;
} ed_wave;

/* The WAV file in `bytes` into *w. 0, or -1 with why ("not a WAV file",
 * "compressed WAV (format 85) ...", "out of memory"); w is then empty. */
int ed_wave_parse(const unsigned char *bytes, size_t size, ed_wave *w, char *why, size_t why_size);
void ed_wave_free(ed_wave *w);

/* `count` frames from frame `first` (negative, or past the end: silence)
 * into out (count * w->channels samples). */
void ed_wave_copy(const ed_wave *w, long long first, size_t count, int16_t *out);

/* A 16-bit PCM WAV file of `frames` frames of `data`: *out (malloc'd),
 * *size bytes. 0, or -1 if out of memory or too long for a WAV (4 GiB). */
int ed_wave_encode(const int16_t *data, size_t frames, int rate, int channels, unsigned char **out, size_t *size);

/* The sound's frames between seconds s0 and s1 of it, in `columns` equal
 * columns: lo[c] and hi[c], the least and greatest sample of column c over
 * every channel in [-1, 1] (0 and 0 where the column has no sound). */
void ed_wave_columns(const ed_wave *w, double s0, double s1, int columns, float *lo, float *hi);

#endif /* ED_WAVE_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/audio.c - the sound the document names (audio.h). */
#include "audio.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os.h"

#define ED_AUDIO_MAX_BYTES (1ull << 31) /* a WAV file read here: 2 GiB at most */

int ed_audio_init(ed_audio *a)
{
    memset(a, 0, sizeof *a);
    a->fps = ED_SNAP_FPS;
    a->member = calloc(1, sizeof *a->member);
    return a->member ? 0 : -1;
}

static void drop_wave(ed_audio *a)
{
    if (a->host && a->host->lock)
        a->host->lock(a->host->ctx);
    ed_wave_free(&a->wave);
    a->loaded = 0;
    a->serial++;
    if (a->host && a->host->unlock)
        a->host->unlock(a->host->ctx);
}

void ed_audio_free(ed_audio *a)
{
    drop_wave(a);
    free(a->extras);
    free(a->member);
    free(a->file);
    free(a->lo);
    free(a->hi);
    memset(a, 0, sizeof *a);
}

/* A PCM WAV file read and parsed here (no host). */
static int read_wav(const char *file, ed_wave *w, char *why, size_t n)
{
    unsigned long long size = 0;
    ed_os_file *f = ed_os_open_read(file, &size, why, n);
    if (!f)
        return -1;
    if (size > ED_AUDIO_MAX_BYTES) {
        ed_os_close(f);
        snprintf(why, n, "%llu bytes is over the editor's limit of %llu bytes for a sound", size, ED_AUDIO_MAX_BYTES);
        return -1;
    }
    unsigned char *bytes = malloc(size ? (size_t)size : 1);
    if (!bytes || ed_os_read_at(f, 0, bytes, (size_t)size) != 0) {
        snprintf(why, n, bytes ? "could not be read" : "out of memory");
        free(bytes);
        ed_os_close(f);
        return -1;
    }
    ed_os_close(f);
    int rc = ed_wave_parse(bytes, (size_t)size, w, why, n);
    free(bytes);
    return rc;
}

void ed_audio_reload(ed_audio *a, ed_base *b, const ed_file *f)
{
    drop_wave(a);
    free(a->file);
    a->file = NULL;
    a->status[0] = '\0';
    if (!a->member->file[0])
        return;
    char why[512];
    a->file = ed_os_resolve(f->name ? f->name : "", a->member->file, why, sizeof why);
    ed_wave w;
    memset(&w, 0, sizeof w);
    int rc = -1;
    if (a->file) {
        why[0] = '\0';
        rc = a->host && a->host->decode ? a->host->decode(a->host->ctx, a->file, &w, why, sizeof why)
                                        : read_wav(a->file, &w, why, sizeof why);
        if (rc == 0 && (w.rate <= 0 || w.channels <= 0)) {
            ed_wave_free(&w);
            snprintf(why, sizeof why, "decoded to nothing");
            rc = -1;
        }
    }
    if (rc != 0) {
        snprintf(a->status, sizeof a->status, "the audio %.200s: %.200s; the path opens without sound", a->member->file,
                 why[0] ? why : "could not be decoded");
        ed_base_message(b, 1, "%s", a->status);
        return;
    }
    if (a->host && a->host->lock)
        a->host->lock(a->host->ctx);
    a->wave = w;
    a->loaded = 1;
    a->serial++;
    if (a->host && a->host->unlock)
        a->host->unlock(a->host->ctx);
    ed_base_message(b, 0, "audio %.160s: %.2f s, %d Hz, from %.2f s of the path%s", a->member->file,
                    (double)w.frames / w.rate, w.rate, a->member->offset, a->member->bpm > 0 ? ", with its beat grid" : "");
}

void ed_audio_sync(ed_audio *a, ed_base *b, const cp_document *doc, const ed_file *f)
{
    const char *x = doc->extras;
    if (a->have_extras && ((!x && !a->extras) || (x && a->extras && strcmp(x, a->extras) == 0)))
        return;
    free(a->extras);
    a->extras = x ? ed_os_strdup(x) : NULL;
    a->have_extras = !x || a->extras;
    cp_audio m;
    cp_error err;
    if (cp_document_audio(doc, &m, &err) != CP_OK) {
        memset(&m, 0, sizeof m);
        ed_base_message(b, 1, "%s", err.message);
    }
    int same_file = strcmp(m.file, a->member->file) == 0;
    *a->member = m;
    a->serial++; /* offset or grid may have changed: the waveform's columns too */
    if (!same_file || (!a->loaded && !a->status[0] && m.file[0]))
        ed_audio_reload(a, b, f);
}

void ed_audio_set_host(ed_audio *a, ed_base *b, const ed_file *f, const ed_audio_host *host)
{
    if (a->host == host)
        return;
    drop_wave(a);
    a->host = host;
    if (a->member->file[0])
        ed_audio_reload(a, b, f);
}

void ed_audio_forget(ed_audio *a)
{
    a->have_extras = 0;
    a->member->file[0] = '\0';
    a->status[0] = '\0';
}

int ed_audio_has_sound(const ed_audio *a) { return a->loaded && a->wave.frames > 0; }

double ed_audio_offset(const ed_audio *a) { return a->member ? a->member->offset : 0.0; }

double ed_audio_frame_at(const ed_audio *a, double t) { return (t - ed_audio_offset(a)) * a->wave.rate; }

void ed_audio_grid(const ed_audio *a, ed_beat_grid *g)
{
    g->fps = a->fps;
    g->bpm = a->member ? a->member->bpm : 0.0;
    g->origin = a->member ? a->member->offset + a->member->first_beat : 0.0;
}

int ed_audio_columns(ed_audio *a, double t0, double t1, int columns)
{
    if (columns <= 0 || !ed_audio_has_sound(a)) {
        a->columns = 0;
        return 0;
    }
    double offset = ed_audio_offset(a);
    if (columns == a->columns && t0 == a->t0 && t1 == a->t1 && offset == a->offset && a->columns_serial == a->serial)
        return 0;
    float *lo = realloc(a->lo, (size_t)columns * sizeof *lo);
    if (lo)
        a->lo = lo;
    float *hi = lo ? realloc(a->hi, (size_t)columns * sizeof *hi) : NULL;
    if (hi)
        a->hi = hi;
    if (!lo || !hi) {
        a->columns = 0;
        return -1;
    }
    ed_wave_columns(&a->wave, t0 - offset, t1 - offset, columns, a->lo, a->hi);
    a->columns = columns;
    a->t0 = t0, a->t1 = t1, a->offset = offset;
    a->columns_serial = a->serial;
    return 0;
}

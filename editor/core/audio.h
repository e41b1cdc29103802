/* SPDX-License-Identifier: MIT */
/* editor/core/audio.h - the sound the document names (the path file's
 * "audio" member, docs/format.md): its file decoded, its place in path
 * time, its beat grid, whether key times snap, and the waveform the
 * timeline shows.
 *
 * Decoding goes through the host (the SDL front end decodes WAV, OGG and
 * MP3 with SDL2_mixer and plays the sound); without one, the editor reads
 * PCM WAV files itself (wave.h), which is what tests use. A file that is
 * missing or does not decode is a message (status), and the path opens all
 * the same. Path time t plays the sound's frame (t - offset) * rate.
 */
#ifndef ED_AUDIO_H
#define ED_AUDIO_H

#include "base.h"
#include "beat.h"
#include "campath/campath.h"
#include "file.h"
#include "wave.h"

#define ED_SNAP_FPS 30.0       /* the frame grid without `snap fps` (--render-frames' default rate) */
#define ED_SNAP_PIXELS 8       /* a drag snaps to a beat this many pixels away, else to a frame */

/* What the front end does with sound: decode a file into a wave, and keep
 * its player off the wave while it is replaced (lock, unlock). */
typedef struct ed_audio_host {
    void *ctx;
    int (*decode)(void *ctx, const char *file, ed_wave *w, char *why, size_t why_size);
    void (*lock)(void *ctx);
    void (*unlock)(void *ctx);
} ed_audio_host;

typedef struct ed_audio {
    const ed_audio_host *host;  /* NULL: PCM WAV files only, read here */
    char      *extras;          /* the document's extras the member was read from (malloc'd, or NULL) */
    int        have_extras;     /* extras was read once */
    cp_audio  *member;          /* the "audio" member (file "" when none) */
    char      *file;            /* the file it names, resolved (malloc'd), or NULL */
    ed_wave    wave;            /* the decoded sound (frames 0 when none) */
    int        loaded;          /* the file decoded */
    char       status[480];     /* "" or why there is no sound: for the HUD and the scripts' log */
    unsigned long serial;       /* +1 each time the wave changes */
    int        snap;            /* key times snap to frames and beats */
    double     fps;             /* the frame grid */
    /* the waveform as the timeline shows it: `columns` columns from t0 to t1 of path time */
    float     *lo, *hi;
    int        columns;
    double     t0, t1, offset;
    unsigned long columns_serial;
} ed_audio;

int  ed_audio_init(ed_audio *a);
void ed_audio_free(ed_audio *a);
/* Reads the document's "audio" member again when its extras changed, and
 * loads the file it names (relative to f's file) when that changed: a
 * message when it is missing or does not decode. */
void ed_audio_sync(ed_audio *a, ed_base *b, const cp_document *doc, const ed_file *f);
/* Forgets the member read, so that the next sync reads it and loads its file (another file opened). */
void ed_audio_forget(ed_audio *a);
/* Decodes through `host` from now on (NULL: PCM WAV read here): the sound
 * loaded goes (under the old host's lock) and is loaded through the new one. */
void ed_audio_set_host(ed_audio *a, ed_base *b, const ed_file *f, const ed_audio_host *host);
/* Loads the member's sound now, whatever was loaded (the host changed). */
void ed_audio_reload(ed_audio *a, ed_base *b, const ed_file *f);
/* Whether a sound is loaded. */
int ed_audio_has_sound(const ed_audio *a);
/* The path time at which the sound's start plays ("offset"). */
double ed_audio_offset(const ed_audio *a);
/* The sound's frame (fractional) that plays at path time t. */
double ed_audio_frame_at(const ed_audio *a, double t);
/* The grids key times snap to: the frames, and the beats when the member has a bpm. */
void ed_audio_grid(const ed_audio *a, ed_beat_grid *g);
/* The waveform for `columns` columns from path time t0 to t1 (kept until one of them changes). 0, or -1 if out of memory. */
int ed_audio_columns(ed_audio *a, double t0, double t1, int columns);

#endif /* ED_AUDIO_H */

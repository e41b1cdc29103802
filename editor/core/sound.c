/* SPDX-License-Identifier: MIT */
/* editor/core/sound.c - the path's sound set from inside the editor (sound.h). */
#include "sound.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_impl.h"
#include "os.h"
#include "refusal.h"

int ed_sound_is_sound_name(const char *file)
{
    static const char *const ends[] = {".wav", ".ogg", ".mp3"};
    const size_t n = strlen(file);
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++)
        if (n > 4 && ed_os_casecmp(file + n - 4, ends[i]) == 0)
            return 1;
    return 0;
}

/* The values, in the user's terms: 0, or -1 with a message. */
static int check_values(ed_app *app, double offset, double bpm, double first_beat)
{
    if (!(fabs(offset) <= CP_AUDIO_MAX_TIME)) {
        ed_app_message(app, 1, "audio: an offset of %.2f s is too far: the path time the sound starts at, within "
                               "1000000 s either way", offset);
        return -1;
    }
    if (!(bpm >= 0 && bpm <= CP_AUDIO_MAX_BPM)) {
        ed_app_message(app, 1, "audio: a tempo of %.2f bpm: type the beats per minute, more than 0 and at most 1000 "
                               "(0: no beat grid)", bpm);
        return -1;
    }
    if (!(fabs(first_beat) <= CP_AUDIO_MAX_TIME)) {
        ed_app_message(app, 1, "audio: a first beat at %.2f s is too far: the seconds into the sound of a beat, "
                               "within 1000000 s either way", first_beat);
        return -1;
    }
    return 0;
}

/* The member's file: `file` as seen from the path file's folder (absolute
 * when the path has no file yet). 0, or -1 with a message. */
static int member_file(ed_app *app, const char *file, char *out, size_t size)
{
    char why[512];
    char *real = ed_os_real_name(file, why, sizeof why);
    if (!real) {
        ed_app_message(app, 1, "audio: %.200s is not there (%.200s): name a WAV, OGG or MP3 file that is; the sound "
                               "is as it was", file, why);
        return -1;
    }
    unsigned long long bytes;
    if (ed_os_regular_size(real, &bytes, why, sizeof why) != 0) {
        ed_app_message(app, 1, "audio: %.200s is %.200s: name a WAV, OGG or MP3 file; the sound is as it was", file,
                       why);
        free(real);
        return -1;
    }
    int rc = ed_file_relative(&app->file, real, out, size);
    if (rc != 0 && strlen(real) < size) {
        memcpy(out, real, strlen(real) + 1);
        rc = 0;
    } else if (rc != 0) {
        ed_app_message(app, 1, "audio: the name %.200s is too long for a path file", file);
    }
    free(real);
    return rc;
}

int ed_sound_set(ed_app *app, const char *file, double offset, double bpm, double first_beat)
{
    if (ed_app_ready(app))
        return -1;
    if (file && check_values(app, offset, bpm, first_beat))
        return -1;
    cp_audio *m = calloc(1, sizeof *m); /* 4 KiB of name */
    if (!m) {
        ed_app_message(app, 1, "audio: out of memory");
        return -1;
    }
    if (file && member_file(app, file, m->file, sizeof m->file)) {
        free(m);
        return -1;
    }
    m->offset = offset, m->bpm = bpm, m->first_beat = first_beat;
    const int had = app->audio.member->file[0] != '\0';
    cp_document work;
    if (ed_app_begin(app, &work)) {
        free(m);
        return -1;
    }
    cp_error err;
    if (cp_document_set_audio(&work, file ? m : NULL, &err) != CP_OK) {
        char plain[sizeof app->base.message];
        ed_refusal_plain(err.message, plain, sizeof plain);
        ed_app_message(app, 1, "%s", plain);
        cp_document_free(&work);
        free(m);
        return -1;
    }
    /* the sound part loads the file now, so that what is said is what is there; before the
       commit, so that the edit's own message below, the first after it, names the undo step */
    ed_audio_sync(&app->audio, &app->base, &work, &app->file);
    if (ed_app_commit(app, &work, app->doc.cur.selected, 1)) {
        free(m);
        return -1;
    }
    if (!file) {
        ed_app_message(app, 0, had ? "audio none: the path has no sound (undo brings it back)"
                                   : "audio none: the path had no sound");
    } else if (ed_audio_has_sound(&app->audio)) {
        const ed_wave *w = &app->audio.wave;
        char grid[96] = "no beat grid";
        if (bpm > 0)
            snprintf(grid, sizeof grid, "%.2f bpm, a beat at %.2f s of the path", bpm, offset + first_beat);
        ed_app_message(app, 0, "audio %.200s: %.2f s of sound from %.2f s of the path; %s", m->file,
                       (double)w->frames / w->rate, offset, grid);
    } else {
        /* the file did not decode: the sound part's message says why; the path works without sound */
        ed_app_message(app, 1, "%.200s (set all the same; undo takes it back)", app->audio.status);
    }
    free(m);
    return 0;
}

int ed_sound_set_grid(ed_app *app, double offset, double bpm)
{
    if (ed_app_ready(app))
        return -1;
    const cp_audio *was = app->audio.member;
    if (!was->file[0]) {
        ed_app_message(app, 1, "the path has no sound: drop a WAV, OGG or MP3 file on the window first");
        return -1;
    }
    if (check_values(app, offset, bpm, was->first_beat))
        return -1;
    cp_audio *m = malloc(sizeof *m);
    if (!m) {
        ed_app_message(app, 1, "audio: out of memory");
        return -1;
    }
    *m = *was;
    m->offset = offset, m->bpm = bpm;
    cp_document work;
    cp_error err;
    if (ed_app_begin(app, &work)) {
        free(m);
        return -1;
    }
    if (cp_document_set_audio(&work, m, &err) != CP_OK) {
        char plain[sizeof app->base.message];
        ed_refusal_plain(err.message, plain, sizeof plain);
        ed_app_message(app, 1, "%s", plain);
        cp_document_free(&work);
        free(m);
        return -1;
    }
    free(m);
    ed_audio_sync(&app->audio, &app->base, &work, &app->file); /* as in ed_sound_set */
    if (ed_app_commit(app, &work, app->doc.cur.selected, 1))
        return -1;
    if (bpm > 0)
        ed_app_message(app, 0, "audio %.200s from %.2f s of the path; %.2f bpm, a beat at %.2f s of the path",
                       app->audio.member->file, offset, bpm, offset + app->audio.member->first_beat);
    else
        ed_app_message(app, 0, "audio %.200s from %.2f s of the path; no beat grid", app->audio.member->file, offset);
    return 0;
}

int ed_sound_drop(ed_app *app, const char *file)
{
    if (!ed_sound_is_sound_name(file)) {
        ed_app_message(app, 1, "%.200s dropped: not a sound the editor plays (WAV, OGG or MP3); nothing changed", file);
        return -1;
    }
    const cp_audio *was = app->audio.member;
    const int had = was->file[0] != '\0';
    return ed_sound_set(app, file, had ? was->offset : 0, had ? was->bpm : 0, had ? was->first_beat : 0);
}

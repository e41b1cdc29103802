/* SPDX-License-Identifier: MIT */
/* tests/editor/test_audio.c - the path's sound in the editor's core: WAV
 * files made here read back sample for sample, the waveform's columns, the
 * beat grid, a path whose sound is missing or does not decode opens with a
 * message, and snapping of dragged key times and of keys put at the
 * playhead to frames and beats (through the script and the input layer). */
#include "edtest.h"

#include <math.h>

#include "beat.h"
#include "inspector.h"
#include "layout.h"
#include "player.h"
#include "sound.h"
#include "status.h"
#include "wave.h"

/* A 16-bit stereo WAV of `frames` frames at `rate`: left = frame index mod 32768, right = its negation. */
static void write_ramp_wav(const char *file, size_t frames, int rate)
{
    int16_t *pcm = malloc(frames * 2 * sizeof *pcm + 1);
    assert_non_null(pcm);
    for (size_t i = 0; i < frames; i++) {
        pcm[2 * i] = (int16_t)(i % 32768);
        pcm[2 * i + 1] = (int16_t)-(int)(i % 32768);
    }
    unsigned char *bytes;
    size_t size;
    assert_int_equal(ed_wave_encode(pcm, frames, rate, 2, &bytes, &size), 0);
    assert_int_equal(size, 44 + frames * 4);
    FILE *f = fopen(file, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, size, f), size);
    fclose(f);
    free(bytes);
    free(pcm);
}

static void wav_should_read_back_what_was_written(void **state)
{
    (void)state;
    int16_t pcm[6] = {0, 1, -32768, 32767, 1234, -1234};
    unsigned char *bytes;
    size_t size;
    assert_int_equal(ed_wave_encode(pcm, 3, 44100, 2, &bytes, &size), 0);
    ed_wave w;
    char why[256];
    assert_int_equal(ed_wave_parse(bytes, size, &w, why, sizeof why), 0);
    assert_int_equal(w.frames, 3);
    assert_int_equal(w.rate, 44100);
    assert_int_equal(w.channels, 2);
    assert_memory_equal(w.data, pcm, sizeof pcm);
    /* a range cut from it: silence before and after */
    int16_t cut[10];
    ed_wave_copy(&w, -1, 5, cut);
    const int16_t want[10] = {0, 0, 0, 1, -32768, 32767, 1234, -1234, 0, 0};
    assert_memory_equal(cut, want, sizeof want);
    ed_wave_free(&w);
    /* 8-bit mono and 32-bit float: the same samples in 16 bits */
    unsigned char b8[46];
    memcpy(b8, bytes, 44);
    b8[22] = 1, b8[34] = 8, b8[40] = 2, b8[41] = b8[42] = b8[43] = 0;
    b8[44] = 0, b8[45] = 255;
    assert_int_equal(ed_wave_parse(b8, sizeof b8, &w, why, sizeof why), 0);
    assert_int_equal(w.frames, 2);
    assert_int_equal(w.data[0], -32768);
    assert_int_equal(w.data[1], 127 * 256);
    ed_wave_free(&w);
    unsigned char bf[52];
    memcpy(bf, bytes, 44);
    bf[20] = 3, bf[22] = 1, bf[34] = 32, bf[40] = 8;
    float fv[2] = {0.5f, -2.0f};
    memcpy(bf + 44, fv, sizeof fv);
    assert_int_equal(ed_wave_parse(bf, sizeof bf, &w, why, sizeof why), 0);
    assert_int_equal(w.frames, 2);
    assert_int_equal(w.data[0], 16384);
    assert_int_equal(w.data[1], -32767); /* clipped to [-1, 1] */
    ed_wave_free(&w);
    /* what is not a WAV says why */
    assert_int_equal(ed_wave_parse((const unsigned char *)"OggS....", 8, &w, why, sizeof why), -1);
    assert_non_null(strstr(why, "not a WAV file"));
    assert_int_equal(ed_wave_parse(bytes, 36, &w, why, sizeof why), -1);
    assert_non_null(strstr(why, "without its \"data\" chunk"));
    bytes[20] = 2; /* ADPCM */
    assert_int_equal(ed_wave_parse(bytes, size, &w, why, sizeof why), -1);
    assert_non_null(strstr(why, "WAV format 2"));
    free(bytes);
}

static void columns_should_hold_each_columns_least_and_greatest_sample(void **state)
{
    (void)state;
    /* 1 s at 1000 Hz mono: silence for 0.5 s, then +-16384 alternating */
    ed_wave w = {malloc(1000 * sizeof(int16_t)), 1000, 1000, 1};
    assert_non_null(w.data);
    for (int i = 0; i < 1000; i++)
        w.data[i] = (int16_t)(i < 500 ? 0 : i % 2 ? 16384 : -16384);
    float lo[4], hi[4];
    /* from -0.5 s (before the sound) to 1.5 s (after it), 4 columns of 0.5 s */
    ed_wave_columns(&w, -0.5, 1.5, 4, lo, hi);
    assert_true(lo[0] == 0 && hi[0] == 0);
    assert_true(lo[1] == 0 && hi[1] == 0);
    assert_true(lo[2] == -0.5f && hi[2] == 0.5f);
    assert_true(lo[3] == 0 && hi[3] == 0);
    ed_wave_free(&w);
}

static void beats_and_frames_should_snap(void **state)
{
    (void)state;
    ed_beat_grid g = {30, 120, 0.1}; /* beats at 0.1 + k/2 s */
    assert_true(fabs(ed_beat_nearest(&g, 1.3) - 1.1) < 1e-12);
    assert_true(fabs(ed_beat_nearest(&g, -0.3) - -0.4) < 1e-12);
    assert_true(fabs(ed_beat_snap(&g, 1.13, 0.05) - 1.1) < 1e-12);           /* a beat near */
    assert_true(fabs(ed_beat_snap(&g, 1.3, 0.05) - 39.0 / 30.0) < 1e-12);    /* none: the frame */
    assert_true(fabs(ed_beat_frame(&g, 0.049) - 1.0 / 30.0) < 1e-12);
    double b[8];
    assert_int_equal(ed_beat_list(&g, 0, 2, b, 8), 4); /* 0.1 0.6 1.1 1.6 */
    assert_true(fabs(b[0] - 0.1) < 1e-12 && fabs(b[3] - 1.6) < 1e-12);
    ed_beat_grid none = {0, 0, 0};
    assert_true(ed_beat_snap(&none, 1.2345, 1) == 1.2345);
    assert_int_equal(ed_beat_list(&none, 0, 2, b, 8), 0);
}

static int setup(void **state)
{
    *state = edtest_fixture_new("path.json", 0);
    return 0;
}

/* Whether a HUD line of `kind` holds `text`. */
static int hud_has(const ed_app *app, ed_status_kind kind, const char *text)
{
    ed_status_line lines[ED_STATUS_MAX_LINES];
    int n = ed_status_lines(app, 10, lines);
    for (int i = 0; i < n; i++)
        if (lines[i].kind == kind && strstr(lines[i].text, text))
            return 1;
    return 0;
}

static void a_path_should_open_with_its_sound(void **state)
{
    edtest_fixture *f = *state;
    char *wav = edtest_path(f->dir, "music.wav");
    write_ramp_wav(wav, 48000, 48000);
    assert_int_equal(edtest_write_path(f->file, 3, "\"audio\": {\"file\": \"music.wav\", \"offset\": 0.5, \"bpm\": 100},"), 0);
    assert_int_equal(ed_app_open(&f->app, f->file), 0);
    ed_app *app = &f->app;
    assert_true(ed_audio_has_sound(&app->audio));
    assert_int_equal(app->audio.wave.frames, 48000);
    assert_true(app->audio.member->offset == 0.5 && app->audio.member->bpm == 100);
    /* path time 0.75 plays the sound's 0.25 s */
    assert_true(ed_audio_frame_at(&app->audio, 0.75) == 12000);
    /* the timeline's waveform: columns before 0.5 s silent, after it not */
    ed_app_refresh(app);
    ed_layout l;
    ed_app_layout(app, &l);
    assert_int_equal(app->audio.columns, l.bar.w);
    int c_before = (int)floor(ed_layout_x_of(&l, 0, 2, 0.25)) - l.bar.x;
    int c_after = (int)floor(ed_layout_x_of(&l, 0, 2, 1.25)) - l.bar.x;
    assert_true(app->audio.hi[c_before] == 0 && app->audio.lo[c_before] == 0);
    assert_true(app->audio.hi[c_after] > 0 && app->audio.lo[c_after] < 0);
    /* the HUD says so, and whether key times snap */
    assert_true(hud_has(app, ED_STATUS_PLAIN, "audio music.wav: 1.0 s at 0.50 s, 100 bpm"));
    assert_false(hud_has(app, ED_STATUS_PLAIN, "snap"));
    assert_int_equal(ed_snap_set(app, 1), 0);
    assert_true(hud_has(app, ED_STATUS_PLAIN, "100 bpm   snap 30 fps + beats (N)"));
    /* saved again, the member is kept */
    ed_edit_hold(app, 1, 0.0);
    assert_int_equal(ed_app_save(app), 0);
    size_t text_size;
    char *text = testutil_read_file(f->file, &text_size);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"audio\": {\"file\": \"music.wav\", \"offset\": 0.5, \"bpm\": 100}"));
    free(text);
    free(wav);
}

static void a_missing_or_bad_sound_should_be_a_message_and_the_path_opens(void **state)
{
    edtest_fixture *f = *state;
    assert_int_equal(edtest_write_path(f->file, 3, "\"audio\": {\"file\": \"gone.ogg\"},"), 0);
    snprintf(f->err, sizeof f->err, "open %s", f->file);
    assert_int_equal(ed_script_line(&f->s, f->err, f->err, sizeof f->err), 0);
    assert_int_equal(ed_app_key_count(&f->app), 3);
    assert_false(ed_audio_has_sound(&f->app.audio));
    assert_non_null(strstr(f->app.audio.status, "the audio gone.ogg: "));
    assert_non_null(strstr(f->app.audio.status, "the path opens without sound"));
    assert_true(f->app.base.message_error);
    assert_int_equal(ed_script_line(&f->s, "expect message the audio gone.ogg", f->err, sizeof f->err), 0);
    assert_true(hud_has(&f->app, ED_STATUS_WARN, "audio gone.ogg: no sound (missing or not decoded)"));
    /* a file that is there but is not a sound */
    char *bad = edtest_path(f->dir, "bad.wav");
    assert_int_equal(testutil_write_file(bad, "this is not a sound"), 0);
    assert_int_equal(edtest_write_path(f->file, 2, "\"audio\": {\"file\": \"bad.wav\"},"), 0);
    assert_int_equal(ed_app_open(&f->app, f->file), 0);
    assert_int_equal(ed_app_key_count(&f->app), 2);
    assert_false(ed_audio_has_sound(&f->app.audio));
    assert_non_null(strstr(f->app.base.message, "the audio bad.wav: not a WAV file"));
    free(bad);
}

/* The pixel of path time t on the timeline's bar, and the bar's middle row. */
static void bar_point(const ed_app *app, double t, int *x, int *y)
{
    ed_layout l;
    ed_app_layout(app, &l);
    *x = (int)lround(ed_layout_x_of(&l, ed_app_start(app), ed_app_duration(app), t));
    *y = l.bar.y + l.bar.h / 2;
}

static void dragged_key_times_should_snap_to_beats_and_frames(void **state)
{
    edtest_fixture *f = *state;
    char *wav = edtest_path(f->dir, "music.wav");
    write_ramp_wav(wav, 4800, 48000);
    /* beats at 0.25 + k * 0.6 s: 0.25, 0.85, 1.45, ... */
    assert_int_equal(edtest_write_path(f->file, 5, "\"audio\": {\"file\": \"music.wav\", \"offset\": 0.05, \"bpm\": 100, \"first_beat\": 0.2},"), 0);
    assert_int_equal(ed_app_open(&f->app, f->file), 0);
    ed_app *app = &f->app;
    ed_app_resize(app, 1000, 600);
    double px = ed_app_duration(app) / 1000; /* about the seconds of a pixel */
    int x0, y, x1;
    /* off: the key goes where the mouse puts it */
    bar_point(app, 1.0, &x0, &y);
    bar_point(app, 1.47, &x1, &y);
    snprintf(f->err, sizeof f->err, "drag %d %d %d %d", x0, y, x1, y);
    assert_int_equal(ed_script_line(&f->s, f->err, f->err, sizeof f->err), 0);
    double off = edtest_key(app, 1)->time;
    assert_true(fabs(off - 1.47) < 3 * px && fabs(off - 1.45) > 1e-9);
    ed_script_line(&f->s, "undo", f->err, sizeof f->err);
    assert_true(edtest_key(app, 1)->time == 1.0);
    /* on: a beat within ED_SNAP_PIXELS */
    assert_int_equal(ed_script_line(&f->s, "snap on", f->err, sizeof f->err), 0);
    assert_int_equal(ed_script_line(&f->s, "expect message snapping on: key times snap to beats (100 bpm) and frames (30 fps)",
                                    f->err, sizeof f->err), 0);
    snprintf(f->err, sizeof f->err, "drag %d %d %d %d", x0, y, x1, y);
    assert_int_equal(ed_script_line(&f->s, f->err, f->err, sizeof f->err), 0);
    assert_true(fabs(edtest_key(app, 1)->time - 1.45) < 1e-9);
    /* no beat near 1.15 s: the nearest frame of 24 fps */
    assert_int_equal(ed_script_line(&f->s, "snap fps 24", f->err, sizeof f->err), 0);
    bar_point(app, 1.45, &x0, &y);
    bar_point(app, 1.15, &x1, &y);
    snprintf(f->err, sizeof f->err, "drag %d %d %d %d", x0, y, x1, y);
    assert_int_equal(ed_script_line(&f->s, f->err, f->err, sizeof f->err), 0);
    double t = edtest_key(app, 1)->time;
    assert_true(fabs(t * 24 - nearbyint(t * 24)) < 1e-9);
    if (!(fabs(t - 1.15) <= 0.5 / 24 + 2 * px))
        fail_msg("key 1 at %.17g, px %g", t, px);
    /* a key at the playhead lands on the frame (or the beat) nearest it */
    assert_int_equal(ed_script_line(&f->s, "seek 2.52", f->err, sizeof f->err), 0);
    assert_int_equal(ed_script_line(&f->s, "insert-at-playhead", f->err, sizeof f->err), 0);
    assert_true(fabs(edtest_key(app, 3)->time - 2.5) < 1e-9); /* 60 / 24 */
    assert_int_equal(ed_script_line(&f->s, "seek 3.26", f->err, sizeof f->err), 0);
    assert_int_equal(ed_script_line(&f->s, "insert-at-playhead", f->err, sizeof f->err), 0);
    assert_true(fabs(edtest_key(app, 5)->time - 3.25) < 1e-9); /* the beat 0.25 + 5 * 0.6 */
    /* N turns it off again */
    assert_int_equal(ed_script_line(&f->s, "snap off", f->err, sizeof f->err), 0);
    assert_false(app->audio.snap);
    assert_int_not_equal(ed_script_line(&f->s, "snap fps 0", f->err, sizeof f->err), 0);
    assert_int_not_equal(ed_script_line(&f->s, "snap maybe", f->err, sizeof f->err), 0);
    free(wav);
}

static void the_player_should_follow_the_playhead(void **state)
{
    (void)state;
    ed_player p;
    memset(&p, 0, sizeof p);
    long long first;
    /* stopped, nothing moves: silence */
    ed_player_follow(&p, 0, 0.0, 0.0, 1000, 0.08, 0.05);
    assert_int_equal(ed_player_take(&p, 100, &first), 0);
    /* playing from path time 2 (the sound's frame 1500): the sound runs from there */
    ed_player_follow(&p, 1, 2.0, 1500.0, 1000, 0.08, 0.05);
    assert_int_equal(ed_player_take(&p, 100, &first), 100);
    assert_int_equal(first, 1500);
    long restarts = p.restarts;
    /* the next frames: the playhead within 80 ms of the sound leaves it alone */
    ed_player_follow(&p, 1, 2.05, 1550.0 + 70, 1000, 0.08, 0.05);
    assert_int_equal(p.restarts, restarts);
    assert_int_equal(ed_player_take(&p, 10, &first), 10);
    assert_int_equal(first, 1600);
    /* a jump (a seek while playing) puts it back */
    ed_player_follow(&p, 1, 5.0, 4500.0, 1000, 0.08, 0.05);
    assert_int_equal(p.restarts, restarts + 1);
    assert_int_equal(ed_player_take(&p, 10, &first), 10);
    assert_int_equal(first, 4500);
    /* stopping ends it */
    ed_player_follow(&p, 0, 5.0, 4500.0, 1000, 0.08, 0.05);
    assert_int_equal(ed_player_take(&p, 10, &first), 0);
    /* scrubbed to a new place: a 50 ms snippet there, then silence */
    ed_player_follow(&p, 0, 1.0, 500.0, 1000, 0.08, 0.05);
    assert_int_equal(ed_player_take(&p, 30, &first), 30);
    assert_int_equal(first, 500);
    assert_int_equal(ed_player_take(&p, 30, &first), 20);
    assert_int_equal(first, 530);
    assert_int_equal(ed_player_take(&p, 30, &first), 0);
    /* the playhead still: no second snippet */
    ed_player_follow(&p, 0, 1.0, 500.0, 1000, 0.08, 0.05);
    assert_int_equal(ed_player_take(&p, 30, &first), 0);
    /* before the sound starts (offset after the playhead): negative frames, silence copied */
    ed_player_follow(&p, 1, 0.0, -250.0, 1000, 0.08, 0.05);
    assert_int_equal(ed_player_take(&p, 10, &first), 10);
    assert_int_equal(first, -250);
}

static void a_hold_dragged_in_the_inspector_should_end_on_the_grid(void **state)
{
    edtest_fixture *f = *state;
    char *wav = edtest_path(f->dir, "music.wav");
    write_ramp_wav(wav, 4800, 48000);
    /* beats at k * 0.5 s; smooth timing, keys 1 s apart */
    assert_int_equal(edtest_write_path(f->file, 4, "\"timing\": \"smooth\", \"audio\": {\"file\": \"music.wav\", \"bpm\": 120},"), 0);
    assert_int_equal(ed_app_open(&f->app, f->file), 0);
    ed_app *app = &f->app;
    ed_app_resize(app, 1280, 720);
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_snap_set(app, 1), 0);
    ed_inspector in;
    ed_inspector_build(app, &in);
    const ed_inspector_item *hold = NULL;
    for (int i = 0; i < in.count; i++)
        if (in.items[i].field == ED_FIELD_HOLD)
            hold = &in.items[i];
    assert_non_null(hold);
    /* a real drag of the hold's value by the mouse: 0.01 s a pixel, 33 pixels right */
    int x = hold->box.x + hold->box.w / 2, y = hold->box.y + hold->box.h / 2;
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, x, y);
    for (int k = 1; k <= 11; k++)
        edtest_event(f, ED_EV_MOTION, 0, x + 3 * k, y);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, x + 33, y);
    const cp_key *k1 = edtest_key(app, 1);
    assert_true(k1->flags & CP_KEY_HOLD);
    double end = k1->time + k1->hold;
    /* 1.33 s: no beat within 8 pixels (1.5 is 0.17 s away), so the frame 40 / 30 s */
    if (!(fabs(end - 40.0 / 30.0) < 1e-9))
        fail_msg("the hold ends at %.17g, not on the frame 40 / 30", end);
    /* off: the value as dragged */
    ed_edit_undo(app);
    assert_int_equal(ed_snap_set(app, 0), 0);
    edtest_event(f, ED_EV_BUTTON_DOWN, ED_KEY_MOUSE_LEFT, x, y);
    for (int k = 1; k <= 11; k++)
        edtest_event(f, ED_EV_MOTION, 0, x + 3 * k, y);
    edtest_event(f, ED_EV_BUTTON_UP, ED_KEY_MOUSE_LEFT, x + 33, y);
    assert_true(fabs(edtest_key(app, 1)->hold - 0.33) < 1e-9);
    free(wav);
}

/* ---- the sound set from inside the editor ------------------------------------------------------------ */

static void the_audio_command_should_set_the_sound_in_one_undo_step(void **state)
{
    edtest_fixture *f = *state;
    ed_app *app = &f->app;
    char *wav = edtest_path(f->dir, "day.wav");
    write_ramp_wav(wav, 96000, 48000);
    assert_int_equal(edtest_write_path(f->file, 3, "\"other\": 7,"), 0);
    assert_int_equal(ed_app_open(app, f->file), 0);
    assert_false(ed_audio_has_sound(&app->audio));
    unsigned long rev = app->doc.cur.revision;
    char line[1200];
    snprintf(line, sizeof line, "audio %s 0.5 120 0.25", wav);
    assert_int_equal(ed_script_line(&f->s, line, f->err, sizeof f->err), 0);
    assert_true(ed_audio_has_sound(&app->audio));
    assert_true(app->audio.member->offset == 0.5 && app->audio.member->bpm == 120 &&
                app->audio.member->first_beat == 0.25);
    /* stored relative to the path file, next to the other extras */
    assert_string_equal(app->audio.member->file, "day.wav");
    assert_non_null(strstr(app->doc.cur.doc.extras, "\"other\": 7"));
    assert_non_null(strstr(app->base.message, "audio day.wav: 2.00 s of sound from 0.50 s of the path; 120.00 bpm, "
                                              "a beat at 0.75 s of the path"));
    assert_true(app->doc.cur.revision != rev);
    assert_true(ed_app_dirty(app));
    /* the beat grid is the new one */
    ed_beat_grid g;
    ed_audio_grid(&app->audio, &g);
    assert_true(g.bpm == 120);
    /* one undo step: no sound; redo: the sound again */
    assert_int_equal(ed_edit_undo(app), 0);
    ed_app_update(app, 0);
    assert_false(ed_audio_has_sound(&app->audio));
    assert_null(strstr(app->doc.cur.doc.extras, "audio"));
    assert_int_equal(ed_edit_redo(app), 0);
    ed_app_update(app, 0);
    assert_true(ed_audio_has_sound(&app->audio));
    /* saved and opened again */
    assert_int_equal(ed_app_save(app), 0);
    size_t size;
    char *text = testutil_read_file(f->file, &size);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"audio\": {\"file\": \"day.wav\", \"offset\": 0.5, \"bpm\": 120, \"first_beat\": 0.25}"));
    free(text);
    /* errors in the user's terms, nothing changed */
    rev = app->doc.cur.revision;
    snprintf(line, sizeof line, "audio %s 0 1200", wav);
    assert_int_equal(ed_script_line(&f->s, line, f->err, sizeof f->err), -1);
    assert_non_null(strstr(f->err, "a tempo of 1200.00 bpm: type the beats per minute, more than 0 and at most 1000"));
    snprintf(line, sizeof line, "audio %s/gone.wav", f->dir);
    assert_int_equal(ed_script_line(&f->s, line, f->err, sizeof f->err), -1);
    assert_non_null(strstr(f->err, "gone.wav is not there"));
    assert_non_null(strstr(f->err, "the sound is as it was"));
    assert_int_equal(ed_script_line(&f->s, "audio x.wav 0 zero", f->err, sizeof f->err), -1);
    assert_int_equal(app->doc.cur.revision, rev);
    assert_true(app->audio.member->bpm == 120);
    /* a file that is there but no sound: set all the same, said, and the path works */
    char *bad = edtest_path(f->dir, "bad.wav");
    assert_int_equal(testutil_write_file(bad, "this is not a sound"), 0);
    snprintf(line, sizeof line, "audio %s", bad);
    assert_int_equal(ed_script_line(&f->s, line, f->err, sizeof f->err), 0);
    assert_true(app->base.message_error);
    assert_non_null(strstr(app->base.message, "the audio bad.wav: not a WAV file"));
    assert_non_null(strstr(app->base.message, "undo takes it back"));
    assert_false(ed_audio_has_sound(&app->audio));
    assert_int_equal(ed_app_key_count(app), 3);
    /* none: taken away, the other extras kept */
    assert_int_equal(ed_script_line(&f->s, "audio none", f->err, sizeof f->err), 0);
    assert_string_equal(app->audio.member->file, "");
    assert_string_equal(app->doc.cur.doc.extras, "{\"other\": 7}");
    assert_non_null(strstr(app->base.message, "audio none: the path has no sound"));
    free(bad);
    free(wav);
}

static void a_sound_dropped_on_the_window_should_become_the_paths_sound(void **state)
{
    edtest_fixture *f = *state;
    ed_app *app = &f->app;
    char *wav = edtest_path(f->dir, "one.wav"), *two = edtest_path(f->dir, "TWO.WAV");
    write_ramp_wav(wav, 48000, 48000);
    write_ramp_wav(two, 24000, 48000);
    assert_int_equal(edtest_write_path(f->file, 3, ""), 0);
    assert_int_equal(ed_app_open(app, f->file), 0);
    assert_int_equal(ed_control_drop(&f->ctl, app, wav), 0);
    assert_string_equal(app->audio.member->file, "one.wav");
    assert_true(app->audio.member->bpm == 0 && app->audio.member->offset == 0);
    char line[1200];
    snprintf(line, sizeof line, "audio %s 1 90", wav);
    assert_int_equal(ed_script_line(&f->s, line, f->err, sizeof f->err), 0);
    /* another sound dropped keeps the offset and the grid */
    snprintf(line, sizeof line, "drop %s", two);
    assert_int_equal(ed_script_line(&f->s, line, f->err, sizeof f->err), 0);
    assert_string_equal(app->audio.member->file, "TWO.WAV");
    assert_true(app->audio.member->bpm == 90 && app->audio.member->offset == 1);
    assert_int_equal(app->audio.wave.frames, 24000);
    /* what is not a sound is a message, nothing changes */
    unsigned long rev = app->doc.cur.revision;
    assert_int_equal(ed_control_drop(&f->ctl, app, f->file), -1);
    assert_non_null(strstr(app->base.message, "not a sound the editor plays (WAV, OGG or MP3); nothing changed"));
    assert_int_equal(app->doc.cur.revision, rev);
    free(two);
    free(wav);
}

/* The inspector's field, built as the window shows it. */
/* Clicks a field open, types `s` into it (real text events), then Enter. */
static void type_into(edtest_fixture *f, ed_field field, const char *s)
{
    const ed_rect b = edtest_item(&f->app, field)->box;
    edtest_drag(f, b.x + 5, b.y + 5, b.x + 5, b.y + 5);
    assert_int_equal(f->app.ui.typing.field, field);
    edtest_text(f, s);
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_RETURN, 0, 0);
}

static void the_inspector_should_set_the_sounds_tempo_and_offset(void **state)
{
    edtest_fixture *f = *state;
    ed_app *app = &f->app;
    char *wav = edtest_path(f->dir, "beat.wav");
    write_ramp_wav(wav, 48000, 48000);
    assert_int_equal(edtest_write_path(f->file, 3, ""), 0);
    assert_int_equal(ed_app_open(app, f->file), 0);
    ed_select_one(app, 1);
    ed_app_refresh(app);
    /* no sound: "-", and typing says what to do */
    assert_string_equal(edtest_item(app, ED_FIELD_BPM)->value, "-");
    assert_string_equal(edtest_item(app, ED_FIELD_SOUND_AT)->value, "-");
    type_into(f, ED_FIELD_BPM, "120");
    assert_non_null(strstr(app->base.message, "the path has no sound: drop a WAV, OGG or MP3 file on the window first"));
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_ESCAPE, 0, 0);
    assert_int_equal(ed_sound_drop(app, wav), 0);
    assert_string_equal(edtest_item(app, ED_FIELD_SOUND_AT)->value, "0.00");
    assert_string_equal(edtest_item(app, ED_FIELD_BPM)->value, "-");
    /* typed: each one undo step, the grid follows */
    type_into(f, ED_FIELD_BPM, "96");
    assert_true(app->audio.member->bpm == 96);
    assert_non_null(strstr(app->base.message, "96.00 bpm, a beat at 0.00 s of the path"));
    type_into(f, ED_FIELD_SOUND_AT, "1.5");
    assert_true(app->audio.member->offset == 1.5 && app->audio.member->bpm == 96);
    assert_string_equal(app->audio.member->file, "beat.wav");
    assert_string_equal(edtest_item(app, ED_FIELD_SOUND_AT)->value, "1.50");
    ed_beat_grid g;
    ed_audio_grid(&app->audio, &g);
    assert_true(g.bpm == 96);
    assert_int_equal(ed_edit_undo(app), 0);
    ed_app_update(app, 0);
    assert_true(app->audio.member->offset == 0 && app->audio.member->bpm == 96);
    /* a tempo out of range: refused in the user's terms, the field stays open */
    type_into(f, ED_FIELD_BPM, "5000");
    assert_non_null(strstr(app->base.message, "a tempo of 5000.00 bpm"));
    assert_int_equal(app->ui.typing.field, ED_FIELD_BPM);
    edtest_event(f, ED_EV_KEY_DOWN, ED_KEY_ESCAPE, 0, 0);
    assert_true(app->audio.member->bpm == 96);
    /* a dash: no beat grid */
    type_into(f, ED_FIELD_BPM, "-");
    assert_true(app->audio.member->bpm == 0);
    assert_string_equal(edtest_item(app, ED_FIELD_BPM)->value, "-");
    assert_non_null(strstr(app->base.message, "no beat grid"));
    free(wav);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wav_should_read_back_what_was_written),
        cmocka_unit_test(columns_should_hold_each_columns_least_and_greatest_sample),
        cmocka_unit_test(beats_and_frames_should_snap),
        cmocka_unit_test(the_player_should_follow_the_playhead),
        cmocka_unit_test_setup_teardown(a_hold_dragged_in_the_inspector_should_end_on_the_grid, setup, edtest_teardown),
        cmocka_unit_test_setup_teardown(a_path_should_open_with_its_sound, setup, edtest_teardown),
        cmocka_unit_test_setup_teardown(a_missing_or_bad_sound_should_be_a_message_and_the_path_opens, setup, edtest_teardown),
        cmocka_unit_test_setup_teardown(dragged_key_times_should_snap_to_beats_and_frames, setup, edtest_teardown),
        cmocka_unit_test_setup_teardown(the_audio_command_should_set_the_sound_in_one_undo_step, setup, edtest_teardown),
        cmocka_unit_test_setup_teardown(a_sound_dropped_on_the_window_should_become_the_paths_sound, setup,
                                        edtest_teardown),
        cmocka_unit_test_setup_teardown(the_inspector_should_set_the_sounds_tempo_and_offset, setup, edtest_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* editor/sdl/sound.c - the path's sound through SDL2_mixer (sound.h). */
#include "sound.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "player.h"

/* The player (player.h) and what the mixer's callback reads, under `lock`. */
static struct {
    int            open;
    SDL_mutex     *lock;
    const ed_wave *wave;   /* the app's, while it is not being replaced */
    ed_player      p;
} player;

static ed_audio_host host;

/* The core replaces or frees the wave under this: the player lets go of it until the next sync. */
static void lock(void *ctx)
{
    (void)ctx;
    SDL_LockMutex(player.lock);
    player.wave = NULL;
}

static void unlock(void *ctx)
{
    (void)ctx;
    SDL_UnlockMutex(player.lock);
}

static void mix(void *ud, Uint8 *stream, int len)
{
    (void)ud;
    memset(stream, 0, (size_t)len);
    SDL_LockMutex(player.lock);
    const ed_wave *w = player.wave;
    if (w && w->data && w->channels == 2 && w->rate == ED_SOUND_RATE) {
        long long first;
        size_t frames = ed_player_take(&player.p, (size_t)len / 4, &first);
        ed_wave_copy(w, first, frames, (int16_t *)stream);
    }
    SDL_UnlockMutex(player.lock);
}

/* A file decoded by SDL2_mixer into the device's format: 16-bit stereo at ED_SOUND_RATE. */
static int decode(void *ctx, const char *file, ed_wave *w, char *why, size_t n)
{
    (void)ctx;
    memset(w, 0, sizeof *w);
    SDL_RWops *rw = SDL_RWFromFile(file, "rb");
    Mix_Chunk *c = rw ? Mix_LoadWAV_RW(rw, 1) : NULL;
    if (!c) {
        snprintf(why, n, "%s", rw ? Mix_GetError() : SDL_GetError());
        return -1;
    }
    size_t frames = c->alen / 4;
    w->data = malloc(frames ? frames * 4 : 1);
    if (!w->data) {
        Mix_FreeChunk(c);
        snprintf(why, n, "out of memory for %zu frames of sound", frames);
        return -1;
    }
    memcpy(w->data, c->abuf, frames * 4);
    w->frames = frames;
    w->rate = ED_SOUND_RATE;
    w->channels = 2;
    Mix_FreeChunk(c);
    return 0;
}

static int open_mixer(void)
{
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0)
        return -1;
    if (Mix_OpenAudioDevice(ED_SOUND_RATE, AUDIO_S16SYS, 2, 1024, NULL, 0) != 0) {
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return -1;
    }
    return 0;
}

int ed_sound_open(ed_app *app, int device, char *note, size_t n)
{
    note[0] = '\0';
    if (player.open)
        return 0;
    if (!device) {
        SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, "dummy", SDL_HINT_OVERRIDE);
        /* the headless modes have no event loop to see SDL's quit event: Ctrl+C and SIGTERM keep
           their default action (gl.c says the same for the offscreen context) */
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    }
    if (open_mixer() != 0) {
        char first[256];
        snprintf(first, sizeof first, "%s", SDL_GetError());
        SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, "dummy", SDL_HINT_OVERRIDE);
        if (!device || open_mixer() != 0) {
            snprintf(note, n, "no sound (%s): only PCM WAV files are read", first);
            return -1;
        }
        snprintf(note, n, "no sound device (%s): the path's sound is drawn, not heard", first);
    }
    Mix_Init(MIX_INIT_OGG | MIX_INIT_MP3);
    player.lock = SDL_CreateMutex();
    if (!player.lock) {
        Mix_CloseAudio();
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        snprintf(note, n, "no sound: %s", SDL_GetError());
        return -1;
    }
    player.open = 1;
    Mix_HookMusic(mix, NULL);
    host = (ed_audio_host){NULL, decode, lock, unlock};
    ed_app_set_audio_host(app, &host);
    return 0;
}

void ed_sound_sync(const ed_app *app)
{
    if (!player.open)
        return;
    SDL_LockMutex(player.lock);
    player.wave = ed_app_has_sound(app) ? &app->audio.wave : NULL;
    if (player.wave) {
        double t = app->base.playhead;
        ed_player_follow(&player.p, app->base.playing, t, ed_app_sound_frame_at(app, t), ED_SOUND_RATE, ED_SOUND_DRIFT,
                         ED_SOUND_SNIPPET);
    } else {
        player.p.running = 0;
    }
    SDL_UnlockMutex(player.lock);
}

void ed_sound_close(ed_app *app)
{
    if (!player.open)
        return;
    Mix_HookMusic(NULL, NULL);
    if (app)
        ed_app_set_audio_host(app, NULL);
    Mix_CloseAudio();
    Mix_Quit();
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    SDL_DestroyMutex(player.lock);
    memset(&player, 0, sizeof player);
}

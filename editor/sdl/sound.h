/* SPDX-License-Identifier: MIT */
/* editor/sdl/sound.h - the path's sound through SDL2_mixer: decoding WAV,
 * OGG and MP3 for the core (audio.h), and playing it in step with the
 * playhead: while the path plays, and a short snippet at each new place
 * while the playhead is scrubbed. */
#ifndef ED_SDL_SOUND_H
#define ED_SDL_SOUND_H

#include <stddef.h>

#include "app.h"

#define ED_SOUND_RATE 48000       /* frames per second of the decoded sound and the device */
#define ED_SOUND_DRIFT 0.08       /* s the sound may drift from the playhead before it is put back */
#define ED_SOUND_SNIPPET 0.08     /* s of sound at each new place of a scrubbed playhead */

/* Opens SDL's audio and SDL2_mixer and gives the app their decoder. With
 * `device`, for playing too; without one (headless modes), or when there
 * is no sound device, on SDL's "dummy" driver: decoded, drawn, written,
 * not heard (a note in `note`). 0, or -1 with why in `note` (the core then
 * reads PCM WAV files itself). */
int ed_sound_open(ed_app *app, int device, char *note, size_t note_size);
/* Each frame after the update step: the player follows the playhead. */
void ed_sound_sync(const ed_app *app);
/* Closes the device and SDL2_mixer; the app (when not NULL: one still
 * alive) reads PCM WAV files itself from then on. */
void ed_sound_close(ed_app *app);

#endif /* ED_SDL_SOUND_H */

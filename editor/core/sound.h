/* SPDX-License-Identifier: MIT */
/* editor/core/sound.h - the path's sound set from inside the editor: the
 * script's `audio FILE [OFFSET [BPM [FIRST_BEAT]]]` and `audio none`, and
 * a sound file dropped on the window. Either is one undo step: the
 * document's "audio" member (its extras, cp_document_set_audio) changes,
 * and the sound part (audio.h) loads the file it names.
 *
 * The file is given as the user sees it (absolute, or relative to the
 * working folder) and stored relative to the path file's folder, like the
 * scene; a file that is not there is refused, the document unchanged.
 */
#ifndef ED_SOUND_H
#define ED_SOUND_H

#include "app.h"

/* Sets the sound: `file` (NULL: none, the member taken out), played from
 * path time `offset` s, with a beat grid of `bpm` (0: none) whose beat is
 * `first_beat` s into the sound. One undo step; 0, or -1 with a message. */
int ed_sound_set(ed_app *app, const char *file, double offset, double bpm, double first_beat);
/* The sound's offset and tempo (bpm 0: no beat grid) set, its file and
 * first beat kept: the inspector's "sound" and "bpm" fields. One undo
 * step; -1 with a message when the path has no sound. */
int ed_sound_set_grid(ed_app *app, double offset, double bpm);
/* A file dropped on the window: a sound (.wav, .ogg, .mp3) becomes the
 * path's sound, keeping the offset and beat grid of the one it replaces;
 * anything else is a message. 0, or -1 with a message. */
int ed_sound_drop(ed_app *app, const char *file);
/* Whether `file`'s name is one of a sound the editor plays (.wav, .ogg, .mp3, any case). */
int ed_sound_is_sound_name(const char *file);

#endif /* ED_SOUND_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/player.h - what the sound player does, without a device: it
 * follows the playhead each frame (ed_player_follow) and hands the device
 * the frames to play (ed_player_take).
 *
 * While the path plays, the sound runs on its own from the playhead's
 * frame and is put back only when it drifts more than `drift` seconds
 * from it (each frame's small jitter must not restart it). Stopped, a
 * playhead moved to a new place (scrubbing, a step, a seek) plays a
 * snippet of `snippet` seconds there; stopping ends the sound.
 */
#ifndef ED_PLAYER_H
#define ED_PLAYER_H

#include <stddef.h>

typedef struct ed_player {
    long long pos;       /* the sound's next frame (negative: silence before it starts) */
    long long remaining; /* frames left to play; -1: until stopped */
    int       running;
    double    playhead;  /* the playhead at the last follow */
    int       playing;   /* the path played at the last follow */
    long      restarts;  /* how many times the sound was put at the playhead */
} ed_player;

/* A frame: the path plays or not, the playhead, and the sound's frame there (`frame`, at `rate`). */
void ed_player_follow(ed_player *p, int playing, double playhead, double frame, int rate, double drift, double snippet);
/* The device wants `frames` frames: how many to play now (the rest is
 * silence), from *first. */
size_t ed_player_take(ed_player *p, size_t frames, long long *first);

#endif /* ED_PLAYER_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/player.c - what the sound player does (player.h). */
#include "player.h"

#include <math.h>

void ed_player_follow(ed_player *p, int playing, double playhead, double frame, int rate, double drift, double snippet)
{
    long long want = (long long)floor(frame);
    if (playing) {
        if (!p->running || p->remaining >= 0 || fabs((double)(p->pos - want)) > drift * rate) {
            p->pos = want;
            p->remaining = -1;
            p->running = 1;
            p->restarts++;
        }
    } else if (playhead != p->playhead || p->playing) {
        p->pos = want;
        p->remaining = p->playing ? 0 : (long long)llround(snippet * rate);
        p->running = p->remaining > 0;
        p->restarts += p->running;
    }
    p->playhead = playhead;
    p->playing = playing;
}

size_t ed_player_take(ed_player *p, size_t frames, long long *first)
{
    *first = p->pos;
    if (!p->running)
        return 0;
    if (p->remaining >= 0 && (long long)frames > p->remaining)
        frames = (size_t)p->remaining;
    p->pos += (long long)frames;
    if (p->remaining >= 0 && (p->remaining -= (long long)frames) == 0)
        p->running = 0;
    return frames;
}

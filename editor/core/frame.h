/* SPDX-License-Identifier: MIT */
/* editor/core/frame.h - when the window needs a new frame. The editor draws
 * only when something it shows has changed or moves: an input event, or a
 * change that time brings (playback, flying with a key held, a file
 * reloaded, a scene loaded, a message that expires, a linked game's camera
 * or state). Idle, it waits for events and wakes now and then to watch its
 * file (and its linked games), and draws nothing. */
#ifndef ED_FRAME_H
#define ED_FRAME_H

#include "commands.h"
#include "control.h"

#define ED_IDLE_WAKE 0.25   /* s: how often an idle editor looks at its file and its clock */

/* What a frame shows that can change without an input event. */
typedef struct ed_frame_stamp {
    double        playhead, message_clock;
    unsigned long path_serial, world_serial, revision, link_serial;
    int           prompt, message_shown, loading, look_key;
    cp_vec3       camera;
    double        yaw, pitch, roll, fov;
} ed_frame_stamp;

/* The state the next frame would show. */
void ed_frame_stamp_take(const ed_app *app, ed_frame_stamp *s);
/* Non-zero when two stamps differ (a new frame is needed). */
int ed_frame_stamp_changed(const ed_frame_stamp *a, const ed_frame_stamp *b);

/* How long the editor may wait for an event before it must look again, in
 * seconds: 0 while something moves on its own (playback, a held key that
 * flies, a scene loading), else until the message on screen expires, at
 * most ED_IDLE_WAKE (less while games are linked: link.h). */
double ed_frame_idle_wait(const ed_app *app, const ed_control *c);

#endif /* ED_FRAME_H */

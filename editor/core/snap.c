/* SPDX-License-Identifier: MIT */
/* editor/core/snap.c - snapping key times to frames and beats (snap.h). */
#include "snap.h"

#include <math.h>

int ed_snap_set(ed_app *app, int on)
{
    ed_audio *a = &app->audio;
    a->snap = on < 0 ? !a->snap : on != 0;
    if (!a->snap) {
        ed_app_message(app, 0, "snapping off: key times go where they are dragged");
        return 0;
    }
    ed_beat_grid g;
    ed_audio_grid(a, &g);
    if (g.bpm > 0)
        ed_app_message(app, 0, "snapping on: key times snap to beats (%g bpm) and frames (%g fps)", g.bpm, g.fps);
    else
        ed_app_message(app, 0, "snapping on: key times snap to frames (%g fps); no beat grid (the audio has no bpm)", g.fps);
    return 0;
}

int ed_snap_set_fps(ed_app *app, double fps)
{
    if (!(fps >= 0.01 && fps <= 1000)) {
        ed_app_message(app, 1, "a frame rate from 0.01 to 1000 frames per second, not %g", fps);
        return -1;
    }
    app->audio.fps = fps;
    ed_app_message(app, 0, "snapping's frame grid: %g frames per second", fps);
    return 0;
}

double ed_snap_time(const ed_app *app, double t, double tolerance)
{
    if (!app->audio.snap)
        return t;
    ed_beat_grid g;
    ed_audio_grid(&app->audio, &g);
    return ed_beat_snap(&g, t, tolerance);
}

double ed_snap_tolerance(const ed_app *app)
{
    ed_layout l;
    ed_app_layout(app, &l);
    double dur = ed_app_duration(app);
    return l.bar.w > 0 && dur > 0 ? ED_SNAP_PIXELS * dur / l.bar.w : 0.0;
}

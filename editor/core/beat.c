/* SPDX-License-Identifier: MIT */
/* editor/core/beat.c - the grids key times snap to (beat.h). */
#include "beat.h"

#include <math.h>

double ed_beat_nearest(const ed_beat_grid *g, double t)
{
    if (!(g->bpm > 0))
        return t;
    double period = 60.0 / g->bpm;
    return g->origin + nearbyint((t - g->origin) / period) * period;
}

double ed_beat_frame(const ed_beat_grid *g, double t)
{
    if (!(g->fps > 0))
        return t;
    return nearbyint(t * g->fps) / g->fps;
}

double ed_beat_snap(const ed_beat_grid *g, double t, double tolerance)
{
    if (g->bpm > 0) {
        double b = ed_beat_nearest(g, t);
        if (fabs(b - t) <= tolerance)
            return b;
    }
    return ed_beat_frame(g, t);
}

size_t ed_beat_list(const ed_beat_grid *g, double t0, double t1, double *out, size_t max)
{
    if (!(g->bpm > 0) || !(t1 >= t0))
        return 0;
    double period = 60.0 / g->bpm;
    double k0 = ceil((t0 - g->origin) / period - 1e-9), k1 = floor((t1 - g->origin) / period + 1e-9);
    if (k1 < k0)
        return 0;
    if (k1 - k0 > 1e7)
        k1 = k0 + 1e7; /* more than any timeline can show */
    size_t n = (size_t)(k1 - k0) + 1;
    for (size_t i = 0; i < n && i < max; i++)
        out[i] = g->origin + (k0 + (double)i) * period;
    return n;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/ripple.c - a hold that does not fit pushes the later keys. */
#include "ripple.h"

double ed_ripple_hold(cp_document *doc, size_t i, double seconds)
{
    cp_key *k = &doc->keys[i];
    const double was = (k->flags & CP_KEY_HOLD) ? k->hold : 0.0;
    k->flags |= CP_KEY_HOLD;
    k->hold = seconds;
    const int closed = doc->options.ends == CP_ENDS_CLOSED, last = i + 1 == doc->count;
    if (last && !closed)
        return 0; /* the path's end: nothing after it to make room */
    const double next = last ? doc->keys[0].time + doc->options.period : doc->keys[i + 1].time;
    const double grew = seconds - was;
    if (k->time + seconds <= next - ED_RIPPLE_MARGIN || !(grew > 0))
        return 0;
    for (size_t j = i + 1; j < doc->count; j++)
        doc->keys[j].time += grew;
    if (closed)
        doc->options.period += grew;
    return grew;
}

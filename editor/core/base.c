/* SPDX-License-Identifier: MIT */
/* editor/core/base.c - the clock, the message, the question and the playhead. */
#include "base.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void ed_base_init(ed_base *b)
{
    memset(b, 0, sizeof *b);
    b->prompt = ED_PROMPT_NONE;
    b->message_clock = -ED_MESSAGE_SECONDS;
}

void ed_base_message(ed_base *b, int is_error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->message, sizeof b->message, fmt, ap);
    va_end(ap);
    b->message_error = is_error;
    b->message_clock = b->clock;
    b->message_selection = 0;
}

int ed_base_message_shown(const ed_base *b)
{
    return b->message[0] && b->clock - b->message_clock < ED_MESSAGE_SECONDS;
}

int ed_base_check_prompt(ed_base *b)
{
    if (b->prompt == ED_PROMPT_NONE)
        return 0;
    ed_base_message(b, 1, "answer the question first (F1 lists the answers)");
    return -1;
}

void ed_base_seek(ed_base *b, const cp_path *path, double time)
{
    if (!isfinite(time))
        return;
    double start = cp_path_start(path), dur = cp_path_duration(path);
    if (cp_path_get_options(path).ends == CP_ENDS_CLOSED && dur > 0) {
        /* the end of a loop is the pose of its start, but End and the timeline's
           right edge put the playhead at the end, not back at the start */
        if (time == start + dur) {
            b->playhead = time;
            return;
        }
        double u = fmod(time - start, dur);
        b->playhead = start + (u < 0 ? u + dur : u);
    } else {
        b->playhead = time < start ? start : time > start + dur ? start + dur : time;
    }
}

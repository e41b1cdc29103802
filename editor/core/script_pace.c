/* SPDX-License-Identifier: MIT */
/* editor/core/script_pace.c - the script commands of the pace (pace.h):
 * duration, and speed-at, which sets the speed at a segment or a key as a
 * drag of the graph's speed strip does. */
#include <math.h>
#include <string.h>

#include "pace.h"
#include "script_impl.h"

int ed_script_c_duration(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double d;
    if (ed_script_number(s, argv[1], &d, err, n))
        return -1;
    return ed_script_result(s, ed_pace_duration(s->app, d), argv[0], err, n);
}

int ed_script_c_speed_at(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    static const char *const what[] = {"segment", "key", NULL};
    int w = ed_script_choice(s, argv[1], what, err, n);
    if (w < 0)
        return -1;
    double v[2];
    if (ed_script_numbers(s, argv + 2, 2, v, err, n))
        return -1;
    if (!(v[0] >= 0 && v[0] < 1e9 && v[0] == floor(v[0])))
        return ed_script_fail(s, err, n, "speed-at: '%s' is not a %s number (0, 1, 2, ...)", argv[2], what[w]);
    return ed_script_result(s, ed_pace_speed(s->app, w ? ED_PACE_KEY : ED_PACE_SEGMENT, (size_t)v[0], v[1]), argv[0],
                            err, n);
}

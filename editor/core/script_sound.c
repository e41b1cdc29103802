/* SPDX-License-Identifier: MIT */
/* editor/core/script_sound.c - the script commands of the path's sound
 * (sound.h): `audio FILE [OFFSET [BPM [FIRST_BEAT]]]`, `audio none`, and
 * `drop FILE`, a file dropped on the window as the input layer gets one. */
#include <string.h>

#include "control.h"
#include "script_impl.h"
#include "sound.h"

int ed_script_c_audio(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    if (strcmp(argv[1], "none") == 0) {
        if (argc > 2)
            return ed_script_fail(s, err, n, "audio none takes nothing after it");
        return ed_script_result(s, ed_sound_set(s->app, NULL, 0, 0, 0), argv[0], err, n);
    }
    double v[3] = {0, 0, 0};
    if (ed_script_numbers(s, argv + 2, argc - 2, v, err, n))
        return -1;
    return ed_script_result(s, ed_sound_set(s->app, argv[1], v[0], v[1], v[2]), argv[0], err, n);
}

int ed_script_c_drop(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    return ed_script_result(s, ed_control_drop(s->control, s->app, argv[1]), argv[0], err, n);
}

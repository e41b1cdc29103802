/* SPDX-License-Identifier: MIT */
/* editor/core/script_edit.c - the script commands that select keys and edit
 * them directly: select, select-add, edit, transform, orientation,
 * insert-at-playhead, copy, cut, paste. */
#include <stdlib.h>
#include <string.h>

#include "script_impl.h"

/* "N-M": two key indices; 0, or -1 if the word is not a range. */
static int range(const char *word, long *a, long *b)
{
    const char *dash = strchr(word, '-');
    if (!dash || dash == word)
        return -1;
    char *end;
    *a = strtol(word, &end, 10);
    if (end != dash)
        return -1;
    *b = strtol(dash + 1, &end, 10);
    return end == dash + 1 || *end != '\0' || *a < 0 || *b < 0 ? -1 : 0;
}

int ed_script_c_select(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    long a, b;
    if (strcmp(argv[1], "none") == 0)
        return ed_script_result(s, ed_select_one(s->app, -1), argv[0], err, n);
    if (strcmp(argv[1], "all") == 0)
        return ed_script_result(s, ed_select_all(s->app), argv[0], err, n);
    if (range(argv[1], &a, &b) == 0)
        return ed_script_result(s, ed_select_range(s->app, a, b), argv[0], err, n);
    if (strchr(argv[1], '-'))
        return ed_script_fail(s, err, n, "select: '%s' is not N, N-M (first-last), all or none", argv[1]);
    if (ed_script_index(s, argv[1], &a, err, n))
        return -1;
    return ed_script_result(s, ed_select_one(s->app, a), argv[0], err, n);
}

int ed_script_c_select_add(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    long i;
    if (ed_script_index(s, argv[1], &i, err, n))
        return -1;
    return ed_script_result(s, ed_select_add(s->app, i, 0), argv[0], err, n);
}

int ed_script_c_edit(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    static const char *const what[] = {"time", "position", "rotation", "fov", "hold", "target", "focus", "aperture",
                                       "ease", NULL};
    static const int counts[] = {1, 3, 3, 1, 1, 3, 1, 1, 2};
    int w = ed_script_choice(s, argv[1], what, err, n);
    if (w < 0)
        return -1;
    if (w == 8 && argc == 3) /* a preset by name */
        return ed_script_result(s, ed_edit_ease_preset(s->app, argv[2]), argv[0], err, n);
    if (argc - 2 != counts[w])
        return ed_script_fail(s, err, n,
                              "usage: edit time T | position X Y Z | rotation YAW PITCH ROLL | fov F | hold S|none | "
                              "target X Y Z | focus M|none | aperture F|none | ease IN OUT|PRESET");
    ed_app *app = s->app;
    const int none = (w == 4 || w == 6 || w == 7) && strcmp(argv[2], "none") == 0;
    if (none)
        return ed_script_result(s, w == 4 ? ed_edit_hold(app, 0, 0) : ed_edit_lens(app, w - 6, 0, 0), argv[0],
                                err, n);
    double v[3];
    if (ed_script_numbers(s, argv + 2, counts[w], v, err, n))
        return -1;
    int rc = w == 0   ? ed_edit_time(app, v[0])
             : w == 1 ? ed_edit_position(app, cp_vec3_make(v[0], v[1], v[2]))
             : w == 2 ? ed_edit_rotation(app, v[0], v[1], v[2])
             : w == 3 ? ed_edit_fov(app, v[0])
             : w == 4 ? ed_edit_hold(app, 1, v[0])
             : w == 5 ? ed_edit_target(app, cp_vec3_make(v[0], v[1], v[2]))
             : w == 8 ? ed_edit_ease(app, v[0], v[1])
                      : ed_edit_lens(app, w - 6, 1, v[0]);
    return ed_script_result(s, rc, argv[0], err, n);
}

int ed_script_c_transform(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    static const char *const what[] = {"translate", "rotate", "scale", "shift", NULL};
    int w = ed_script_choice(s, argv[1], what, err, n);
    if (w < 0)
        return -1;
    int want = w == 0 ? 3 : 1;
    if (argc - 2 != want)
        return ed_script_fail(s, err, n,
                              "usage: transform translate DX DY DZ | rotate DEGREES | scale S | shift SECONDS");
    double v[3];
    if (ed_script_numbers(s, argv + 2, want, v, err, n))
        return -1;
    ed_app *app = s->app;
    int rc = w == 0   ? ed_xform_translate(app, cp_vec3_make(v[0], v[1], v[2]))
             : w == 1 ? ed_xform_rotate(app, v[0])
             : w == 2 ? ed_xform_scale(app, v[0])
                      : ed_xform_shift(app, v[0]);
    return ed_script_result(s, rc, argv[0], err, n);
}

int ed_script_c_clipboard(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    ed_app *app = s->app;
    int rc = strcmp(argv[0], "copy") == 0 ? ed_clip_copy(app) : strcmp(argv[0], "cut") == 0 ? ed_clip_cut(app) : ed_clip_paste(app);
    return ed_script_result(s, rc, argv[0], err, n);
}

int ed_script_c_timing(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    cp_timing t;
    if (cp_timing_parse(argv[1], &t) != 0)
        return ed_script_fail(s, err, n, "timing: '%s' is not keys, smooth or constant-speed", argv[1]);
    return ed_script_result(s, ed_options_set_timing(s->app, t), argv[0], err, n);
}

int ed_script_c_orientation(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    cp_orientation o;
    if (cp_orientation_parse(argv[1], &o) != 0)
        return ed_script_fail(s, err, n, "orientation: '%s' is not rotation or look-at", argv[1]);
    return ed_script_result(s, ed_options_set_orientation(s->app, o), argv[0], err, n);
}

int ed_script_c_insert_at_playhead(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    return ed_script_result(s, ed_record_at_playhead(s->app), argv[0], err, n);
}

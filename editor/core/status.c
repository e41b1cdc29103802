/* editor/core/status.c - the HUD's text. */
#include "status.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DEG (180.0 / M_PI)
#define ROLL_NOTE 0.05   /* degrees: a roll smaller than this reads as level */

/* The file name as it fits: the end of a long path matters most. */
static const char *short_name(const char *file, size_t max)
{
    size_t n = strlen(file);
    return n > max ? file + n - max : file;
}

int ed_ends_matter(const cp_path_options *o)
{
    /* smooth timing's warp starts and stops at rest with rest ends, whatever the curves */
    if (o->ends == CP_ENDS_CLOSED || o->timing != CP_TIMING_KEYS)
        return 1;
    cp_interp c[3] = {o->position, o->rotation, o->fov};
    for (int i = 0; i < 3; i++)
        if (c[i] != CP_INTERP_LINEAR && c[i] != CP_INTERP_STEP)
            return 1;
    return 0;
}

/* "interpolation c2   ends rest   timing smooth   look-at   colour: speed 0..12.5 m/s" */
static void path_line(const ed_app *app, double top, char *out, size_t n)
{
    const cp_path_options *o = &app->cur.doc.options;
    char ends[64], colour[96] = "";
    if (ed_ends_matter(o))
        snprintf(ends, sizeof ends, "ends %s", cp_ends_name(o->ends));
    else
        snprintf(ends, sizeof ends, "ends: no effect on %s curves", cp_interp_name(o->position));
    if (app->path) {
        int speed = app->color_mode == ED_COLOR_SPEED;
        const char *what = speed ? "speed" : "acceleration", *unit = speed ? "m/s" : "m/s2";
        /* a scale of nothing is no scale: the camera does not move (or moves evenly) */
        if (!(top > 1e-9))
            snprintf(colour, sizeof colour, "   colour: %s (0 %s all along)", what, unit);
        else
            snprintf(colour, sizeof colour, "   colour: %s 0..%.3g %s", what, top, unit);
    }
    snprintf(out, n, "interpolation %s   %s   timing %s%s%s", cp_interp_name(o->position), ends,
             cp_timing_name(o->timing), o->orientation == CP_ORIENTATION_LOOK_AT ? "   look-at" : "", colour);
}

int ed_status_lines(ed_app *app, double color_top, ed_status_line *out)
{
    int nl = 0;
#define LINE(kind_, ...)                                                                                          \
    do {                                                                                                          \
        out[nl].kind = (kind_);                                                                                   \
        snprintf(out[nl].text, sizeof out[nl].text, __VA_ARGS__);                                                 \
        nl++;                                                                                                     \
    } while (0)
    const char *file = app->file ? app->file : "(no file)";
    LINE(ed_app_dirty(app) ? ED_STATUS_DIRTY : ED_STATUS_SAVED, "%s%s%s", short_name(file, 60),
         ed_app_dirty(app) ? " *" : "", app->file && !app->file_exists ? "  (new: Ctrl+S creates it)" : "");
    size_t n = ed_app_key_count(app);
    LINE(ED_STATUS_PLAIN, "%zu %s   duration %.2f s   time %.2f s%s", n, ed_keys_word(n), ed_app_duration(app),
         app->playhead, app->playing ? "   playing" : "");
    out[nl].kind = ED_STATUS_PLAIN;
    path_line(app, color_top, out[nl].text, sizeof out[nl].text);
    nl++;
    char state[64] = "";
    if (app->look_key >= 0)
        snprintf(state, sizeof state, "   [looking from key %ld: L keeps, Esc undoes]", app->look_key);
    else if (app->view_path)
        snprintf(state, sizeof state, "   [through the path camera]");
    double roll = app->camera.roll * DEG;
    int rolled = fabs(roll) >= ROLL_NOTE;
    char rolls[48];
    if (rolled)
        snprintf(rolls, sizeof rolls, "roll %+.1f (X levels)", roll);
    else
        snprintf(rolls, sizeof rolls, "roll 0");
    LINE(rolled ? ED_STATUS_NOTE : ED_STATUS_PLAIN, "camera %.1f m/s   fov %.0f   %s   at (%.1f, %.1f, %.1f)%s",
         app->camera.speed, app->camera.fov, rolls, app->camera.position.x, app->camera.position.y,
         app->camera.position.z, state);
    if (app->time_mode == ED_TIME_DISTANCE)
        LINE(ED_STATUS_PLAIN, "record (F2): distance / %.2f m/s   next key at %.2f s", app->nominal_speed,
             ed_app_next_record_time(app));
    else
        LINE(ED_STATUS_PLAIN, "record (F2): real time between presses   next key at %.2f s",
             ed_app_next_record_time(app));
    size_t nsel = ed_app_selected_count(app);
    long s = app->cur.selected;
    if (nsel > 1 && s >= 0)
        LINE(ED_STATUS_PLAIN, "selected: %zu keys, active key %ld at %.2f s", nsel, s, ed_app_keys(app)[s].time);
    else if (s >= 0 && (size_t)s < n && (ed_app_keys(app)[s].flags & CP_KEY_HOLD))
        LINE(ED_STATUS_PLAIN, "selected: key %ld at %.2f s, holds %.2f s", s, ed_app_keys(app)[s].time,
             ed_app_keys(app)[s].hold);
    else if (s >= 0 && (size_t)s < n)
        LINE(ED_STATUS_PLAIN, "selected: key %ld at %.2f s", s, ed_app_keys(app)[s].time);
    else
        LINE(ED_STATUS_PLAIN, "selected: none   ([ ] or click a key, Ctrl+A all)");
    if (app->scene_file)
        LINE(ED_STATUS_PLAIN, "scene %s: %zu triangles", short_name(app->scene_file, 60), app->world.triangle_count);
    else
        LINE(ED_STATUS_PLAIN, "world: the demo town (--scene FILE loads yours)");
    const ed_clearance *clear = app->path ? ed_app_clearance(app) : NULL;
    if (clear) {
        char list[160];
        ed_clearance_describe(clear, 2, list, sizeof list);
        LINE(clear->count > 0 ? ED_STATUS_WARN : ED_STATUS_PLAIN, "clearance %.2g m: %s", app->clearance_radius, list);
    }
    LINE(ED_STATUS_HINT, "F1 keys   F3 graph   F4 colour   Space play   V path camera   P preview");
#undef LINE
    return nl;
}

int ed_wrap(const char *text, int width, char (*lines)[ED_STATUS_LINE], int max)
{
    if (width < 4)
        width = 4;
    if (width > ED_STATUS_LINE - 1)
        width = ED_STATUS_LINE - 1;
    int nl = 0;
    const char *p = text;
    while (*p && nl < max) {
        while (*p == ' ')
            p++;
        size_t left = strlen(p);
        if (left == 0)
            break;
        size_t take = left <= (size_t)width ? left : (size_t)width;
        if (take < left) {
            /* break at the last blank that fits; a word longer than the line is cut */
            size_t b = take;
            while (b > 0 && p[b] != ' ')
                b--;
            if (b > 0)
                take = b;
        }
        int last = nl == max - 1 && take < left;
        if (last) {
            /* room for the dots that say the message goes on */
            size_t room = (size_t)width >= 3 ? (size_t)width - 3 : 0;
            take = take > room ? room : take;
            memcpy(lines[nl], p, take);
            memcpy(lines[nl] + take, "...", 4);
        } else {
            memcpy(lines[nl], p, take);
            lines[nl][take] = '\0';
        }
        nl++;
        p += take;
    }
    return nl;
}

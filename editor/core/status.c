/* SPDX-License-Identifier: MIT */
/* editor/core/status.c - the HUD's text. */
#include "status.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bindings.h"
#include "game.h"
#include "record.h"
#include "shots.h"

#define DEG (180.0 / M_PI)
#define ROLL_NOTE 0.05   /* degrees: a roll smaller than this reads as level */

/* The file name as it fits: the end of a long path matters most. */
static const char *short_name(const char *file, size_t max)
{
    size_t n = strlen(file);
    return n > max ? file + n - max : file;
}

/* "interpolation c2   ends rest   timing smooth   look-at   colour: speed 0..12.5 m/s" */
static void path_line(const ed_app *app, double top, char *out, size_t n)
{
    const cp_path_options *o = &app->doc.cur.doc.options;
    char ends[64], colour[96] = "";
    if (ed_doc_ends_matter(o))
        snprintf(ends, sizeof ends, "ends %s", cp_ends_name(o->ends));
    else
        snprintf(ends, sizeof ends, "ends: no effect on %s curves", cp_interp_name(o->position));
    if (app->doc.path) {
        int speed = app->ui.color_mode == ED_COLOR_SPEED;
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

/* The linked games: where the editor listens, then a line per game (name,
 * address, camera messages a second, the path it has in service). */
static int link_lines(const ed_app *app, ed_status_line *out, int nl)
{
    const ed_link *l = &app->link;
    if (!l->server)
        return nl;
    const char *token = cp_link_server_token(l->server);
    out[nl].kind = ED_STATUS_PLAIN;
    snprintf(out[nl++].text, ED_STATUS_LINE, "link %s%s%s: %zu %s%s%s", cp_link_server_address(l->server),
             token ? "  token " : "", token ? token : "", l->games, l->games == 1 ? "game" : "games",
             l->follow ? "   following the game's time" : "", l->taken ? "   camera on the path" : "");
    for (size_t i = 0; i < l->games && i < ED_STATUS_GAMES; i++) {
        const cp_link_game *g = &l->game[i];
        char path[64];
        if (g->refused > g->applied)
            snprintf(path, sizeof path, "refused path %zu", g->refused);
        else
            snprintf(path, sizeof path, "path %zu", g->applied);
        out[nl].kind = g->refused > g->applied ? ED_STATUS_WARN : ED_STATUS_PLAIN;
        snprintf(out[nl++].text, ED_STATUS_LINE, "  %s  %s   %.0f camera/s   %s", g->name, g->address, g->camera_rate,
                 path);
    }
    return nl;
}

int ed_status_lines(const ed_app *app, double color_top, ed_status_line *out)
{
    int nl = 0;
#define LINE(kind_, ...)                                                                                          \
    do {                                                                                                          \
        out[nl].kind = (kind_);                                                                                   \
        snprintf(out[nl].text, sizeof out[nl].text, __VA_ARGS__);                                                 \
        nl++;                                                                                                     \
    } while (0)
    const char *file = app->file.name ? app->file.name : "(no file)";
    char shot[96] = "";
    if (ed_shots_open(app))
        snprintf(shot, sizeof shot, "   shot %zu of %zu of %s", app->seq.current + 1, ed_shots_count(app),
                 short_name(app->seq.name, 40));
    LINE(ed_app_dirty(app) ? ED_STATUS_DIRTY : ED_STATUS_SAVED, "%s%s%s%s", short_name(file, 60),
         ed_app_dirty(app) ? " *" : "", app->file.name && !app->file.exists ? "  (new: Ctrl+S creates it)" : "", shot);
    size_t n = ed_app_key_count(app);
    LINE(ED_STATUS_PLAIN, "%zu %s   duration %.2f s   time %.2f s%s", n, ed_base_keys_word(n), ed_app_duration(app),
         app->base.playhead, app->base.playing ? "   playing" : "");
    out[nl].kind = ED_STATUS_PLAIN;
    path_line(app, color_top, out[nl].text, sizeof out[nl].text);
    nl++;
    char state[64] = "";
    if (ed_app_look_key(app) >= 0)
        snprintf(state, sizeof state, "   [looking from key %ld: L keeps, Esc undoes]", ed_app_look_key(app));
    else if (app->ui.view_path)
        snprintf(state, sizeof state, "   [through the path camera]");
    else if (ed_game_viewing(app))
        snprintf(state, sizeof state, "   [through the game's camera]");
    double roll = app->ui.camera.roll * DEG;
    int rolled = fabs(roll) >= ROLL_NOTE;
    char rolls[48];
    if (rolled)
        snprintf(rolls, sizeof rolls, "roll %+.1f (X levels)", roll);
    else
        snprintf(rolls, sizeof rolls, "roll 0");
    LINE(rolled ? ED_STATUS_NOTE : ED_STATUS_PLAIN, "camera %.1f m/s   fov %.0f   %s   at (%.1f, %.1f, %.1f)%s",
         app->ui.camera.speed, app->ui.camera.fov, rolls, app->ui.camera.position.x, app->ui.camera.position.y,
         app->ui.camera.position.z, state);
    if (app->rec.time_mode == ED_TIME_DISTANCE)
        LINE(ED_STATUS_PLAIN, "record (F2): distance / %.2f m/s   next key at %.2f s", app->rec.nominal_speed,
             ed_record_next_time(app));
    else
        LINE(ED_STATUS_PLAIN, "record (F2): real time between presses   next key at %.2f s",
             ed_record_next_time(app));
    size_t nsel = ed_app_selected_count(app);
    long s = app->doc.cur.selected;
    if (nsel > 1 && s >= 0)
        LINE(ED_STATUS_PLAIN, "selected: %zu keys, active key %ld at %.2f s", nsel, s, ed_app_keys(app)[s].time);
    else if (s >= 0 && (size_t)s < n && (ed_app_keys(app)[s].flags & CP_KEY_HOLD))
        LINE(ED_STATUS_PLAIN, "selected: key %ld at %.2f s, holds %.2f s", s, ed_app_keys(app)[s].time,
             ed_app_keys(app)[s].hold);
    else if (s >= 0 && (size_t)s < n)
        LINE(ED_STATUS_PLAIN, "selected: key %ld at %.2f s", s, ed_app_keys(app)[s].time);
    else
        LINE(ED_STATUS_PLAIN, "selected: none   ([ ] or click a key, Ctrl+A all)");
    if (app->scene.file)
        LINE(ED_STATUS_PLAIN, "scene %s: %zu triangles", short_name(app->scene.file, 60), app->scene.world.triangle_count);
    else
        LINE(ED_STATUS_PLAIN, "world: the demo town (--scene FILE loads yours)");
    /* the path's sound and snapping, when there is either */
    const ed_audio *au = &app->audio;
    char snap[64] = "", bpm[32] = "";
    if (au->snap)
        snprintf(snap, sizeof snap, "   snap %g fps%s (N)", au->fps, au->member->bpm > 0 ? " + beats" : "");
    if (au->member->bpm > 0)
        snprintf(bpm, sizeof bpm, ", %g bpm", au->member->bpm);
    if (au->member->file[0] && ed_audio_has_sound(au))
        LINE(ED_STATUS_PLAIN, "audio %.40s: %.1f s at %.2f s%s%s", short_name(au->member->file, 40),
             (double)au->wave.frames / au->wave.rate, au->member->offset, bpm, snap);
    else if (au->member->file[0])
        LINE(ED_STATUS_WARN, "audio %.40s: no sound (missing or not decoded)%s", short_name(au->member->file, 40), snap);
    else if (au->snap)
        LINE(ED_STATUS_PLAIN, "%s", snap + 3);
    nl = link_lines(app, out, nl);
    const ed_clearance *clear = app->doc.path ? ed_app_clearance(app) : NULL;
    if (clear) {
        char list[160];
        ed_clearance_describe(clear, 2, list, sizeof list);
        LINE(clear->count > 0 ? ED_STATUS_WARN : ED_STATUS_PLAIN, "clearance %.2g m: %s", app->scene.radius, list);
    }
    LINE(ED_STATUS_HINT, "F1 keys   F3 graph   F4 colour   Space play   V path camera   P preview");
#undef LINE
    return nl;
}

int ed_status_progress(const ed_app *app, char (*lines)[ED_STATUS_LINE])
{
    int n = 0;
    if (app->scene.loader)
        ed_loader_describe(app->scene.loader, lines[n++], ED_STATUS_LINE);
    if (app->doc.retimer)
        ed_retimer_describe(app->doc.retimer, lines[n++], ED_STATUS_LINE);
    return n;
}

int ed_status_prompt(const ed_app *app, ed_status_question *out)
{
    static const char *const titles[] = {"", "The file changed on disk", "Unsaved edits from an earlier session",
                                         "Quit with unsaved edits?"};
    memset(out, 0, sizeof *out);
    const ed_prompt p = app->base.prompt;
    if (p == ED_PROMPT_NONE || (size_t)p >= sizeof titles / sizeof titles[0])
        return 0;
    snprintf(out->title, sizeof out->title, "%s", titles[p]);
    size_t n;
    const ed_binding *b = ed_bindings(&n);
    for (size_t i = 0; i < n && out->count < ED_STATUS_PROMPT_LINES; i++)
        if (b[i].prompt == p) {
            char chord[48];
            snprintf(out->lines[out->count++], sizeof out->lines[0], "%-5s %s",
                     ed_chord_name(b[i].key, b[i].mods, chord, sizeof chord), b[i].help);
        }
    const char *file = app->file.name ? short_name(app->file.name, 80) : "the file";
    if (p == ED_PROMPT_RELOAD)
        snprintf(out->what, sizeof out->what, "%s was changed by another program, and you have unsaved edits.", file);
    else if (p == ED_PROMPT_RECOVERY)
        snprintf(out->what, sizeof out->what, "%s%s holds %zu %s that were never saved.", file, ED_RECOVERY_SUFFIX,
                 app->file.pending.count, ed_base_keys_word(app->file.pending.count));
    else
        snprintf(out->what, sizeof out->what, "%s has unsaved edits.", file);
    return 1;
}

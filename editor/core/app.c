/* editor/core/app.c - the editor state: life cycle, time, selection, playback, the camera. */
#include "app.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ed_app_init(ed_app *app)
{
    memset(app, 0, sizeof *app);
    app->clearance_radius = ED_CLEARANCE_DEFAULT;
    app->aspect = ED_ASPECT_DEFAULT;
    app->show_pip = 1;
    int rc = ed_app_use_demo_world(app);
    app->cur.selected = -1;
    app->cur.doc.options.timing = CP_TIMING_SMOOTH; /* as a new file gets (ed_app_open) */
    app->look_key = -1;
    app->next_revision = 1;
    /* where paths/demo.json starts: south of the pillar, looking at it */
    ed_camera_init(&app->camera, cp_vec3_make(0.0, 8.0, 48.0));
    app->nominal_speed = ED_NOMINAL_SPEED;
    app->width = 960;
    app->height = 540;
    app->help_pages = 1;
    app->text_w = 8;
    app->text_h = 17;
    app->message_clock = -ED_MESSAGE_SECONDS;
    return rc;
}

void ed_app_free(ed_app *app)
{
    if (app->loader) {
        ed_world w;
        char err[64];
        if (ed_loader_finish(app->loader, &w, NULL, err, sizeof err) == 0)
            ed_world_free(&w);
    }
    ed_world_free(&app->world);
    ed_bvh_free(&app->bvh);
    ed_clearance_free(&app->clearance);
    free(app->scene_file);
    free(app->clipboard);
    cp_library_destroy(app->library);
    cp_recorder_destroy(app->take);
    cp_path_destroy(app->path);
    ed_state_free(&app->cur);
    ed_state_free(&app->live.origin);
    cp_document_free(&app->pending);
    ed_history_free(&app->history);
    free(app->file);
    free(app->recovery_file);
    free(app->reload_error);
    memset(app, 0, sizeof *app);
}

void ed_app_message(ed_app *app, int is_error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(app->message, sizeof app->message, fmt, ap);
    va_end(ap);
    app->message_error = is_error;
    app->message_clock = app->clock;
    app->message_selection = 0;
}

int ed_app_dirty(const ed_app *app) { return app->cur.revision != app->saved_revision; }
size_t ed_app_key_count(const ed_app *app) { return app->cur.doc.count; }
const cp_key *ed_app_keys(const ed_app *app) { return app->cur.doc.keys; }

double ed_app_start(const ed_app *app) { return app->path ? cp_path_start(app->path) : 0.0; }
double ed_app_duration(const ed_app *app) { return app->path ? cp_path_duration(app->path) : 0.0; }

int ed_app_check_prompt(ed_app *app)
{
    /* any other edit ends a drag first: the drag becomes its own undo step */
    if (app->live.active)
        ed_app_live_end(app);
    if (app->prompt == ED_PROMPT_NONE)
        return 0;
    ed_app_message(app, 1, "answer the question first (F1 lists the answers)");
    return -1;
}

void ed_app_clamp(ed_app *app)
{
    long n = (long)app->cur.doc.count;
    /* a selection made for other keys (a state built without one) starts over as the active key alone */
    if (app->cur.sel.n != app->cur.doc.count) {
        ed_sel_reset(&app->cur.sel, app->cur.doc.count);
        if (app->cur.selected >= 0 && app->cur.selected < n && ed_sel_set(&app->cur.sel, (size_t)app->cur.selected, 1))
            app->cur.selected = -1;
    }
    if (app->cur.selected >= n || app->cur.selected < -1)
        app->cur.selected = -1;
    if (app->cur.selected >= 0 && !ed_sel_has(&app->cur.sel, (size_t)app->cur.selected))
        app->cur.selected = (long)ed_sel_next(&app->cur.sel, 0) < n ? (long)ed_sel_next(&app->cur.sel, 0) : -1;
    ed_app_seek(app, app->playhead);
}

/* ---- time ------------------------------------------------------------------------------ */

static void advance_playback(ed_app *app, double dt)
{
    if (!app->playing)
        return;
    if (!app->path) {
        app->playing = 0;
        return;
    }
    double start = cp_path_start(app->path), end = start + cp_path_duration(app->path);
    double t = app->playhead + dt;
    if (cp_path_get_options(app->path).ends == CP_ENDS_CLOSED) {
        ed_app_seek(app, t);
    } else if (t >= end) {
        app->playhead = end;
        app->playing = 0;
    } else {
        app->playhead = t < start ? start : t;
    }
}

void ed_app_update(ed_app *app, double dt)
{
    /* a stalled frame (a debugger, a suspended laptop) must not fling the playhead */
    if (!(dt >= 0.0))
        dt = 0.0;
    if (dt > 1.0)
        dt = 1.0;
    app->clock += dt;
    advance_playback(app, dt);
    ed_app_poll_scene(app);
    ed_app_poll_file(app);
    /* once quitting is decided (edits discarded or saved), nothing more is written */
    if (!app->quit && ed_app_dirty(app) && app->cur.revision != app->recovery_revision &&
        app->clock - app->recovery_clock >= ED_RECOVERY_INTERVAL && app->prompt != ED_PROMPT_RECOVERY)
        ed_app_write_recovery(app);
}

/* ---- selection and playback ------------------------------------------------------------- */

int ed_app_goto_key(ed_app *app)
{
    long s = app->cur.selected;
    if (s < 0) {
        ed_app_message(app, 1, "select a key first ([ or ])");
        return -1;
    }
    const cp_key *k = &app->cur.doc.keys[s];
    ed_camera_set_pose(&app->camera, k->position, k->rotation, k->fov);
    app->view_path = 0;
    ed_app_message(app, 0, "camera at key %ld", s);
    return 0;
}

void ed_app_play(ed_app *app, int play)
{
    if (play && !app->path) {
        ed_app_message(app, 1, "nothing to play: record at least 2 keys (F2)");
        play = 0;
    }
    if (play && app->path && cp_path_get_options(app->path).ends != CP_ENDS_CLOSED &&
        app->playhead >= ed_app_start(app) + ed_app_duration(app))
        app->playhead = ed_app_start(app);
    app->playing = play;
}

void ed_app_toggle_play(ed_app *app) { ed_app_play(app, !app->playing); }

void ed_app_seek(ed_app *app, double time)
{
    if (!isfinite(time))
        return;
    if (!app->path) {
        app->playhead = app->cur.doc.count ? app->cur.doc.keys[0].time : 0.0;
        return;
    }
    double start = cp_path_start(app->path), dur = cp_path_duration(app->path);
    if (cp_path_get_options(app->path).ends == CP_ENDS_CLOSED && dur > 0) {
        /* the end of a loop is the pose of its start, but End and the timeline's
           right edge put the playhead at the end, not back at the start */
        if (time == start + dur) {
            app->playhead = time;
            return;
        }
        double u = fmod(time - start, dur);
        app->playhead = start + (u < 0 ? u + dur : u);
    } else {
        app->playhead = time < start ? start : time > start + dur ? start + dur : time;
    }
}

void ed_app_view_pose(const ed_app *app, cp_vec3 *position, cp_quat *rotation, double *fov)
{
    if (app->view_path && app->path) {
        cp_pose pose;
        cp_path_sample_fast(app->path, app->playhead, &pose);
        *position = pose.position;
        *rotation = pose.rotation;
        *fov = pose.fov;
        return;
    }
    *position = app->camera.position;
    *rotation = ed_camera_rotation(&app->camera);
    *fov = app->camera.fov;
}

/* ---- settings and the camera ----------------------------------------------------------------- */

void ed_app_set_nominal_speed(ed_app *app, double speed)
{
    if (!(speed >= 0.01 && speed <= 1000.0)) {
        ed_app_message(app, 1, "nominal speed must be between 0.01 and 1000 m/s");
        return;
    }
    app->nominal_speed = speed;
    ed_app_sync_take(app);
    ed_app_message(app, 0, "nominal speed %.2f m/s", speed);
}

void ed_app_set_time_mode(ed_app *app, ed_time_mode mode)
{
    app->time_mode = mode;
    ed_app_sync_take(app);
    ed_app_message(app, 0, mode == ED_TIME_REAL ? "key times: real time between recordings"
                                                : "key times: distance / nominal speed");
}

void ed_app_place_camera(ed_app *app, cp_vec3 position, cp_quat rotation)
{
    ed_camera_set_pose(&app->camera, position, rotation, app->camera.fov);
}

/* The recorder counts the way flown since its last key (before the first
 * key there is nothing to count from). */
static void count_flown(ed_app *app, double metres)
{
    if (app->take)
        cp_recorder_fly(app->take, metres, NULL);
}

void ed_app_fly(ed_app *app, const ed_camera_input *in, double dt)
{
    count_flown(app, ed_camera_update(&app->camera, in, dt));
}

void ed_app_fly_to(ed_app *app, cp_vec3 to)
{
    count_flown(app, cp_vec3_length(cp_vec3_sub(to, app->camera.position)));
    app->camera.position = to;
}

void ed_app_resize(ed_app *app, int width, int height)
{
    app->width = width < 1 ? 1 : width;
    app->height = height < 1 ? 1 : height;
}

void ed_app_layout(const ed_app *app, ed_layout *l)
{
    int through = app->view_path && app->path;
    ed_layout_compute(l, app->width, app->height, app->show_graph && !through);
    ed_layout_shot(l, through, app->show_pip && app->path, app->aspect);
}

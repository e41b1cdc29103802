/* SPDX-License-Identifier: MIT */
/* editor/core/app.c - the editor as a whole: life cycle, the update step,
 * playback, the free camera, settings, the file and the scene, and the
 * protocol every command follows (app_impl.h). */
#include "app_impl.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"
#include "os.h"

int ed_app_init(ed_app *app)
{
    memset(app, 0, sizeof *app);
    ed_base_init(&app->base);
    ed_doc_init(&app->doc);
    ed_file_init(&app->file);
    ed_ui_init(&app->ui);
    ed_rec_init(&app->rec);
    ed_link_init(&app->link);
    ed_seq_init(&app->seq);
    if (ed_audio_init(&app->audio) != 0)
        return -1;
    return ed_scene_init(&app->scene);
}

void ed_app_free(ed_app *app)
{
    ed_seq_free(&app->seq);
    ed_link_free(&app->link);
    ed_scene_free(&app->scene);
    ed_file_free(&app->file);
    ed_rec_free(&app->rec);
    ed_doc_free(&app->doc);
    ed_ui_free(&app->ui);
    ed_audio_free(&app->audio);
    memset(app, 0, sizeof *app);
}

void ed_app_message(ed_app *app, int is_error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char text[sizeof app->base.message];
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    ed_base_message(&app->base, is_error, "%s", text);
}

/* ---- the protocol of commands -------------------------------------------------------------------- */

int ed_app_end_drag(ed_app *app)
{
    app->rec.look_key = -1; /* looking from a key is a drag too: it ends with it */
    if (ed_seq_live_active(&app->seq))
        return ed_seq_live_end(&app->seq, &app->file, &app->doc, &app->base);
    return ed_doc_live_end(&app->doc, &app->base);
}

void ed_app_cancel_drag(ed_app *app)
{
    app->rec.look_key = -1;
    ed_seq_live_cancel(&app->seq);
    ed_doc_live_cancel(&app->doc, &app->base);
}

const cp_document *ed_app_drag_origin(const ed_app *app) { return ed_doc_live_origin(&app->doc); }

int ed_app_ready(ed_app *app)
{
    /* any other edit ends a drag first: the drag becomes its own undo step */
    if (app->doc.live.active || ed_seq_live_active(&app->seq))
        ed_app_end_drag(app);
    return ed_base_check_prompt(&app->base);
}

int ed_app_begin(ed_app *app, cp_document *work)
{
    memset(work, 0, sizeof *work);
    if (ed_app_ready(app))
        return -1;
    return ed_doc_copy(&app->doc, &app->base, work);
}

int ed_app_commit_sel(ed_app *app, cp_document *work, ed_sel *sel, long selected, int keep_period)
{
    const cp_recorder_options closing = ed_rec_options(&app->rec);
    return ed_doc_commit(&app->doc, &app->base, work, sel, selected, keep_period ? NULL : &closing);
}

int ed_app_commit(ed_app *app, cp_document *work, long selected, int keep_period)
{
    return ed_app_commit_sel(app, work, NULL, selected, keep_period);
}

int ed_app_commit_keys(ed_app *app, size_t first, size_t count, const cp_key *keys, long selected, int keep_period)
{
    if (ed_app_ready(app))
        return -1;
    const cp_recorder_options closing = ed_rec_options(&app->rec);
    return ed_doc_commit_keys(&app->doc, &app->base, first, count, keys, selected, keep_period ? NULL : &closing);
}

int ed_app_need_selection(ed_app *app) { return ed_doc_need_selection(&app->doc, &app->base); }

void ed_app_fit_key(ed_app *app, const cp_document *d, cp_key *k, const cp_key *near)
{
    ed_fit_key(d, k, near, ed_scene_view_distance(&app->scene, k->position, k->rotation, ed_fit_fallback(d, near)));
}

/* ---- time ------------------------------------------------------------------------------------------ */

static void advance_playback(ed_app *app, double dt)
{
    ed_base *b = &app->base;
    const cp_path *path = app->doc.path;
    if (!b->playing)
        return;
    if (!path) {
        b->playing = 0;
        return;
    }
    double start = cp_path_start(path), end = start + cp_path_duration(path);
    double t = b->playhead + dt;
    if (cp_path_get_options(path).ends == CP_ENDS_CLOSED) {
        ed_base_seek(b, path, t);
    } else if (t >= end) {
        b->playhead = end;
        b->playing = 0;
    } else {
        b->playhead = t < start ? start : t;
    }
}

/* ---- framing ---------------------------------------------------------------------------------------- */

/* Points in a box, grown. */
typedef struct box3 {
    cp_vec3 lo, hi;
    int     empty;
} box3;

static void box_add(box3 *b, cp_vec3 p)
{
    if (!(isfinite(p.x) && isfinite(p.y) && isfinite(p.z)))
        return;
    if (b->empty) {
        b->lo = b->hi = p;
        b->empty = 0;
        return;
    }
    b->lo = cp_vec3_make(fmin(b->lo.x, p.x), fmin(b->lo.y, p.y), fmin(b->lo.z, p.z));
    b->hi = cp_vec3_make(fmax(b->hi.x, p.x), fmax(b->hi.y, p.y), fmax(b->hi.z, p.z));
}

/* Puts the free camera where the sphere round the box fills the view
 * without cutting it off (both ways, at the view's aspect), looking along
 * `dir` (unit). A box smaller than `least` metres across is shown as that. */
static void frame_box(ed_app *app, const box3 *b, cp_vec3 dir, double least)
{
    cp_vec3 centre = cp_vec3_scale(cp_vec3_add(b->lo, b->hi), 0.5);
    double radius = fmax(0.5 * cp_vec3_length(cp_vec3_sub(b->hi, b->lo)), 0.5 * least);
    ed_layout l;
    ed_app_layout(app, &l);
    double aspect = l.frame.h > 0 ? (double)l.frame.w / l.frame.h : 16.0 / 9.0;
    double half = 0.5 * app->ui.camera.fov * M_PI / 180.0;
    double halfw = atan(tan(half) * aspect);
    double narrow = fmin(half, halfw);
    double dist = 1.05 * radius / sin(narrow);
    cp_vec3 eye = cp_vec3_sub(centre, cp_vec3_scale(dir, dist));
    double pitch = asin(fmax(-1.0, fmin(1.0, dir.y)));
    ed_camera_set_pose(&app->ui.camera, eye, cp_quat_from_yaw_pitch_roll(atan2(-dir.x, -dir.z), pitch, 0.0),
                       app->ui.camera.fov);
    app->ui.view_path = 0;
}

/* The camera's own direction, or a view from above at 30 degrees when it
 * looks nearly straight up or down (a box seen end on hides its depth). */
static cp_vec3 framing_direction(const ed_app *app)
{
    cp_vec3 d = cp_quat_rotate(ed_camera_rotation(&app->ui.camera), cp_vec3_make(0, 0, -1));
    if (fabs(d.y) > 0.95)
        d = cp_vec3_normalize(cp_vec3_make(0.0, -0.5, -0.87));
    return d;
}

/* The path: its keys and the curve between them. */
static void add_path(const ed_app *app, box3 *b, int selected_only)
{
    const cp_document *d = &app->doc.cur.doc;
    for (size_t i = 0; i < d->count; i++)
        if (!selected_only || ed_doc_chosen(&app->doc, i))
            box_add(b, d->keys[i].position);
    if (selected_only || !app->doc.path)
        return;
    double start = ed_doc_start(&app->doc), dur = ed_doc_duration(&app->doc);
    for (int i = 0; i <= 256; i++) {
        cp_pose p;
        cp_path_sample_fast(app->doc.path, start + dur * i / 256.0, &p);
        box_add(b, p.position);
    }
}

int ed_app_frame_path(ed_app *app)
{
    box3 b = {.empty = 1};
    add_path(app, &b, 0);
    if (b.empty) {
        ed_app_message(app, 1, "no keys to frame (F2 records one)");
        return -1;
    }
    frame_box(app, &b, framing_direction(app), 2.0);
    ed_app_message(app, 0, "the whole path in view");
    return 0;
}

int ed_app_frame_selection(ed_app *app)
{
    if (ed_app_selected_count(app) == 0) {
        ed_app_message(app, 1, "select keys to frame first (a click, [ or ], Ctrl+A)");
        return -1;
    }
    box3 b = {.empty = 1};
    add_path(app, &b, 1);
    frame_box(app, &b, framing_direction(app), 2.0);
    ed_app_message(app, 0, "the selected %s in view", ed_app_selected_count(app) == 1 ? "key" : "keys");
    return 0;
}

int ed_app_frame_scene(ed_app *app)
{
    const ed_world *w = &app->scene.world;
    box3 b = {.empty = 1};
    if (w->mesh_count || w->line_count) {
        box_add(&b, cp_vec3_make(w->lo[0], w->lo[1], w->lo[2]));
        box_add(&b, cp_vec3_make(w->hi[0], w->hi[1], w->hi[2]));
    }
    add_path(app, &b, 0);
    if (b.empty)
        return -1;
    /* from the front, above: a three-quarter view */
    frame_box(app, &b, cp_vec3_normalize(cp_vec3_make(0.0, -0.48, -0.88)), 2.0);
    return 0;
}

/* A first view of a new world: speed by its size, all of it (and the path) in view. */
static void adapt_camera(ed_app *app)
{
    const ed_world *w = &app->scene.world;
    double size = ed_world_size(w);
    double speed = size / 12.0;
    ed_camera *c = &app->ui.camera;
    c->speed = speed < ED_CAMERA_MIN_SPEED ? ED_CAMERA_MIN_SPEED : speed > ED_CAMERA_MAX_SPEED ? ED_CAMERA_MAX_SPEED : speed;
    ed_app_frame_scene(app);
}

/* Sets the document's scene member to the scene file as seen from the path file (an undoable edit). */
static void remember_scene(ed_app *app, const char *scene)
{
    char rel[4096];
    if (ed_file_relative(&app->file, scene, rel, sizeof rel))
        return;
    if (app->doc.cur.doc.scene && strcmp(app->doc.cur.doc.scene, rel) == 0)
        return;
    cp_document work;
    char *s = ed_os_strdup(rel);
    if (!s || ed_doc_copy(&app->doc, &app->base, &work)) {
        free(s);
        return;
    }
    free(work.scene);
    work.scene = s;
    ed_app_commit(app, &work, app->doc.cur.selected, 1);
}

/* What a world that finished loading means for the camera and the document. */
static void scene_loaded(ed_app *app)
{
    adapt_camera(app);
    if (app->scene.remember && app->scene.file)
        remember_scene(app, app->scene.file);
}

void ed_app_update(ed_app *app, double dt)
{
    /* a stalled frame (a debugger, a suspended laptop) must not fling the playhead */
    if (!(dt >= 0.0))
        dt = 0.0;
    if (dt > 1.0)
        dt = 1.0;
    app->base.clock += dt;
    if (ed_seq_active(&app->seq))
        ed_seq_update(&app->seq, &app->file, &app->doc, &app->base, dt);
    else
        advance_playback(app, dt);
    if (ed_scene_poll(&app->scene, &app->base) == 1)
        scene_loaded(app);
    ed_doc_poll_retime(&app->doc, &app->base);
    ed_file_poll(&app->file, &app->doc, &app->base);
    ed_file_tick(&app->file, &app->doc, &app->base);
    ed_link_update(&app->link, &app->base, &app->doc);
    ed_audio_sync(&app->audio, &app->base, &app->doc.cur.doc, &app->file);
    ed_app_refresh(app);
}

void ed_app_refresh(ed_app *app)
{
    ed_seq_refresh(&app->seq, &app->doc);
    ed_app_check_clearance(app);
    /* the sound's waveform along the timeline's bar */
    ed_layout l;
    ed_app_layout(app, &l);
    double start = ed_app_start(app), dur = ed_app_duration(app);
    ed_audio_columns(&app->audio, start, start + dur, dur > 0 ? l.bar.w : 0);
}

/* The document's "hidden" names on the world, when they or the world changed. */
static void sync_hidden(ed_app *app)
{
    ed_hidden h;
    if (ed_hidden_read(app->doc.cur.doc.extras, &h) == 0)
        ed_scene_set_hidden(&app->scene, &app->base, &h);
}

/* ---- what the front ends read ------------------------------------------------------------------- */

int ed_app_has_sound(const ed_app *app) { return ed_audio_has_sound(&app->audio); }
double ed_app_sound_frame_at(const ed_app *app, double t) { return ed_audio_frame_at(&app->audio, t); }
void ed_app_beat_grid(const ed_app *app, ed_beat_grid *g) { ed_audio_grid(&app->audio, g); }

int ed_app_message_shown(const ed_app *app) { return ed_base_message_shown(&app->base); }
int ed_app_dirty(const ed_app *app) { return ed_file_dirty(&app->file, &app->doc) || ed_seq_dirty(&app->seq); }
size_t ed_app_key_count(const ed_app *app) { return app->doc.cur.doc.count; }
const cp_key *ed_app_keys(const ed_app *app) { return app->doc.cur.doc.keys; }
double ed_app_start(const ed_app *app) { return ed_doc_start(&app->doc); }
double ed_app_duration(const ed_app *app) { return ed_doc_duration(&app->doc); }
size_t ed_app_selected_count(const ed_app *app) { return app->doc.cur.sel.count; }
int ed_app_is_selected(const ed_app *app, size_t i) { return ed_sel_has(&app->doc.cur.sel, i); }
long ed_app_look_key(const ed_app *app) { return app->doc.live.active ? app->rec.look_key : -1; }

void ed_app_view_pose(const ed_app *app, cp_vec3 *position, cp_quat *rotation, double *fov)
{
    cp_link_camera game;
    if (app->link.view_game && ed_link_camera(&app->link, &game)) {
        *position = game.position;
        *rotation = cp_quat_normalize(game.rotation);
        *fov = game.fov;
        return;
    }
    if (ed_ui_through(&app->ui, app->doc.path != NULL)) {
        cp_pose pose;
        cp_sequence_pose sp;
        if (ed_seq_sample(&app->seq, &app->doc, ed_seq_time(&app->seq, &app->base), &sp) == 0)
            pose = sp.pose; /* a sequence plays through its cuts and blends */
        else
            cp_path_sample_fast(app->doc.path, app->base.playhead, &pose);
        *position = pose.position;
        *rotation = pose.rotation;
        *fov = pose.fov;
        return;
    }
    *position = app->ui.camera.position;
    *rotation = ed_camera_rotation(&app->ui.camera);
    *fov = app->ui.camera.fov;
}

void ed_app_layout(const ed_app *app, ed_layout *l)
{
    const int has_path = app->doc.path != NULL;
    ed_ui_layout(&app->ui, has_path, l);
    if (!ed_seq_active(&app->seq))
        return;
    /* the shot track: a strip taken from what is above the timeline */
    ed_rect *above = l->graph.h > 0 ? &l->graph : &l->view;
    int h = above->h > 3 * ED_SEQ_TRACK_HEIGHT ? ED_SEQ_TRACK_HEIGHT : above->h / 3;
    above->h -= h;
    l->shots = (ed_rect){l->timeline.x, above->y + above->h, l->timeline.w, h};
    ed_layout_shot(l, ed_ui_through(&app->ui, has_path), app->ui.show_pip && has_path, app->ui.aspect);
}

void ed_app_view(const ed_app *app, ed_view *v)
{
    ed_layout l;
    ed_app_layout(app, &l);
    cp_vec3 pos;
    cp_quat rot;
    double fov;
    ed_app_view_pose(app, &pos, &rot, &fov);
    ed_view_init(v, pos, rot, fov, l.frame.x, l.frame.y, l.frame.w, l.frame.h);
}

int ed_app_gizmo(const ed_app *app, const ed_view *v, ed_gizmo *g)
{
    memset(g, 0, sizeof *g);
    const ed_doc *d = &app->doc;
    if (ed_ui_through(&app->ui, d->path != NULL) || ed_app_look_key(app) >= 0 || d->cur.selected < 0)
        return 0;
    ed_gizmo_place(g, v, ed_app_selected_count(app) > 1 ? ed_doc_centre(d, &d->cur.doc)
                                                       : d->cur.doc.keys[d->cur.selected].position);
    return g->visible;
}

const ed_clearance *ed_app_clearance(const ed_app *app)
{
    return ed_scene_clearance(&app->scene, app->doc.path_serial);
}

const ed_clearance *ed_app_check_clearance(ed_app *app)
{
    sync_hidden(app);
    double span[2];
    int part = ed_doc_changed_since(&app->doc, app->scene.checked_path, span);
    if (ed_scene_check_update(&app->scene, app->doc.path, app->doc.path_serial, part ? span : NULL) != 0)
        return NULL;
    return ed_app_clearance(app);
}

int ed_app_path_changed(const ed_app *app, unsigned long serial, double span[2])
{
    return ed_doc_changed_since(&app->doc, serial, span);
}

/* ---- playback and the free camera ---------------------------------------------------------------- */

void ed_app_play(ed_app *app, int play)
{
    const cp_path *path = app->doc.path;
    if (play && !path) {
        ed_app_message(app, 1, "nothing to play: record at least 2 keys (F2)");
        play = 0;
    }
    if (play && ed_seq_active(&app->seq)) {
        /* a sequence plays from its start again once it has ended */
        if (ed_seq_time(&app->seq, &app->base) >= ed_seq_duration(&app->seq))
            ed_seq_seek(&app->seq, &app->file, &app->doc, &app->base, 0);
    } else if (play && path && cp_path_get_options(path).ends != CP_ENDS_CLOSED &&
               app->base.playhead >= ed_app_start(app) + ed_app_duration(app))
        app->base.playhead = ed_app_start(app);
    app->base.playing = play;
}

void ed_app_toggle_play(ed_app *app) { ed_app_play(app, !app->base.playing); }

void ed_app_seek(ed_app *app, double time) { ed_doc_seek(&app->doc, &app->base, time); }

void ed_app_view_path(ed_app *app, int on)
{
    app->ui.view_path = on != 0;
    if (on)
        app->link.view_game = 0;
}

int ed_app_goto_key(ed_app *app)
{
    long s = app->doc.cur.selected;
    if (s < 0) {
        ed_app_message(app, 1, "select a key first ([ or ])");
        return -1;
    }
    const cp_key *k = &app->doc.cur.doc.keys[s];
    ed_camera_set_pose(&app->ui.camera, k->position, k->rotation, k->fov);
    app->ui.view_path = 0;
    ed_app_message(app, 0, "camera at key %ld", s);
    return 0;
}

void ed_app_place_camera(ed_app *app, cp_vec3 position, cp_quat rotation)
{
    ed_camera_set_pose(&app->ui.camera, position, rotation, app->ui.camera.fov);
}

void ed_app_set_camera_fov(ed_app *app, double fov) { app->ui.camera.fov = fov; }

void ed_app_fly(ed_app *app, const ed_camera_input *in, double dt)
{
    ed_rec_fly(&app->rec, ed_camera_update(&app->ui.camera, in, dt));
}

void ed_app_fly_to(ed_app *app, cp_vec3 to)
{
    ed_rec_fly(&app->rec, cp_vec3_length(cp_vec3_sub(to, app->ui.camera.position)));
    app->ui.camera.position = to;
}

void ed_app_look(ed_app *app, double dx, double dy) { ed_camera_look(&app->ui.camera, dx, dy); }

void ed_app_wheel(ed_app *app, double clicks)
{
    ed_camera_wheel(&app->ui.camera, clicks);
    ed_app_message(app, 0, "flying speed %.2f m/s", app->ui.camera.speed);
}

void ed_app_reset_roll(ed_app *app) { app->ui.camera.roll = 0; }

/* ---- settings and panels --------------------------------------------------------------------------- */

void ed_app_resize(ed_app *app, int width, int height)
{
    app->ui.width = width < 1 ? 1 : width;
    app->ui.height = height < 1 ? 1 : height;
}

void ed_app_set_text_metrics(ed_app *app, const ed_text_metrics *m)
{
    ed_text_metrics t = *m;
    /* a renderer without a font measures nothing: the layout keeps sizes a click can find */
    if (t.advance <= 0 || t.line <= 0)
        t.advance = app->ui.text.advance, t.line = app->ui.text.line;
    if (t.small_advance <= 0 || t.small_line <= 0)
        t.small_advance = t.advance, t.small_line = t.line;
    app->ui.text = t;
}

int ed_app_set_aspect(ed_app *app, double aspect)
{
    if (!(aspect >= ED_ASPECT_MIN && aspect <= ED_ASPECT_MAX)) {
        ed_app_message(app, 1, "the output aspect must be between %g and %g (width / height)", ED_ASPECT_MIN,
                       ED_ASPECT_MAX);
        return -1;
    }
    app->ui.aspect = aspect;
    ed_app_message(app, 0, "output aspect %.4g:1", aspect);
    return 0;
}

int ed_app_set_clearance(ed_app *app, double metres) { return ed_scene_set_radius(&app->scene, &app->base, metres); }

int ed_app_next_problem(ed_app *app)
{
    return ed_scene_next_problem(&app->scene, &app->base, app->doc.path, app->doc.path_serial);
}

void ed_app_show_help(ed_app *app, int page) { app->ui.show_help = page > 0 ? page : 0; }
void ed_app_show_graph(ed_app *app, int on) { app->ui.show_graph = on != 0; }

void ed_app_show_pip(ed_app *app, int on) { app->ui.show_pip = on != 0; }
void ed_app_show_hud(ed_app *app, int on) { app->ui.show_hud = on != 0; }

void ed_app_set_color_mode(ed_app *app, ed_color_mode mode)
{
    app->ui.color_mode = mode == ED_COLOR_ACCELERATION ? ED_COLOR_ACCELERATION : ED_COLOR_SPEED;
}

void ed_app_set_clipboard_host(ed_app *app, const ed_clipboard_host *host) { app->ui.clipboard_host = host; }

void ed_app_set_audio_host(ed_app *app, const ed_audio_host *host)
{
    ed_audio_set_host(&app->audio, &app->base, &app->file, host);
}

/* ---- the file ------------------------------------------------------------------------------------ */

int ed_app_open(ed_app *app, const char *file)
{
    if (ed_app_ready(app))
        return -1;
    if (cp_json_file_is_sequence(file)) {
        /* a sequence file: its shots, and the first shot's path edited */
        if (ed_seq_open(&app->seq, &app->file, &app->doc, &app->base, file) != 0)
            return -1;
    } else if (ed_seq_close(&app->seq, &app->file, &app->doc, &app->base) != 0 ||
               ed_file_open(&app->file, &app->doc, &app->base, file) != 0) {
        return -1;
    }
    ed_rec_break(&app->rec); /* keys of another file anchor nothing */
    if (app->doc.cur.doc.count > 0) {
        /* start a little behind the first key, looking the way it looks */
        const cp_key *k = &app->doc.cur.doc.keys[0];
        cp_vec3 back = cp_vec3_scale(cp_quat_forward(k->rotation), -10.0);
        ed_camera_set_pose(&app->ui.camera, cp_vec3_add(k->position, back), k->rotation, k->fov);
    }
    const char *member = app->doc.cur.doc.scene;
    if (member) {
        /* the scene the file names, unless it is the world already; one that is not there is
           reported and the path opens all the same */
        char *scene = ed_file_resolve(&app->file, member, &app->base);
        if (scene && !ed_os_same_file(app->scene.file, scene))
            ed_scene_load(&app->scene, &app->base, scene, 0);
        free(scene);
    }
    /* the sound the file names: one that is missing or does not decode is a message, the path opens */
    ed_audio_forget(&app->audio);
    ed_audio_sync(&app->audio, &app->base, &app->doc.cur.doc, &app->file);
    ed_file_offer_recovery(&app->file, &app->doc, &app->base);
    return 0;
}

int ed_app_save(ed_app *app)
{
    if (app->doc.live.active)
        ed_app_end_drag(app);
    if (ed_seq_active(&app->seq))
        return ed_seq_save(&app->seq, &app->file, &app->doc, &app->base);
    return ed_file_save(&app->file, &app->doc, &app->base);
}

void ed_app_poll_file(ed_app *app) { ed_file_poll(&app->file, &app->doc, &app->base); }

int ed_app_write_recovery(ed_app *app) { return ed_file_write_recovery(&app->file, &app->doc, &app->base); }

int ed_app_answer(ed_app *app, ed_cmd answer)
{
    if (app->base.prompt == ED_PROMPT_QUIT && answer == ED_CMD_ANSWER_SAVE && ed_seq_active(&app->seq)) {
        /* save and quit saves the shots and every path of the sequence */
        app->base.prompt = ED_PROMPT_NONE;
        if (ed_seq_save(&app->seq, &app->file, &app->doc, &app->base) != 0)
            return -1;
        app->base.quit = 1;
        return 0;
    }
    return ed_file_answer(&app->file, &app->doc, &app->base, answer);
}

int ed_app_request_quit(ed_app *app)
{
    if (ed_seq_dirty(&app->seq) && app->base.prompt == ED_PROMPT_NONE) {
        /* the shots or a path other than the one edited has edits not saved */
        app->base.prompt = ED_PROMPT_QUIT;
        app->base.playing = 0;
        ed_app_message(app, 0, "unsaved edits in the sequence: S save and quit, D discard them and quit, Esc stay");
        return app->base.quit;
    }
    return ed_file_request_quit(&app->file, &app->doc, &app->base);
}

/* ---- the scene ----------------------------------------------------------------------------------- */

void ed_app_set_import_options(ed_app *app, const ed_import_options *o) { app->scene.options = *o; }

int ed_app_load_scene(ed_app *app, const char *file, int remember)
{
    return ed_scene_load(&app->scene, &app->base, file, remember);
}

int ed_app_wait_scene(ed_app *app, int (*report)(void *ctx, const char *line), void *ctx)
{
    int loaded = 0;
    int rc = ed_scene_wait(&app->scene, &app->base, report, ctx, &loaded);
    if (loaded)
        scene_loaded(app);
    return rc;
}

int ed_app_use_demo_world(ed_app *app) { return ed_scene_use_demo(&app->scene); }

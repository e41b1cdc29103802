/* SPDX-License-Identifier: MIT */
/* editor/core/app.h - the editor as a whole: its parts, the update step, and
 * the commands that concern the editor at large (playback, the free
 * camera, the file, the scene, settings), with the queries the front ends
 * read. The other commands have their own headers: edit.h (a key's
 * values, undo), record.h (F2), options.h (timing, interpolation, ends,
 * orientation), select.h, xform.h (transforms), drag.h (edits that follow
 * the mouse), clip.h (copy and paste), inspector.h, pointer.h.
 *
 * The parts (base.h, doc.h, file.h, scene.h, ui.h, rec.h, link.h) hold the state;
 * a front end (the key bindings in control.c, the script language, the SDL
 * window and renderer) reads them through a const ed_app and changes them
 * through commands only. Time comes in through ed_app_update(dt), so tests
 * decide how much of it passes.
 *
 * Commands that can fail return 0 on success and -1 on failure; either way
 * they leave a one-line message for the HUD (app->base.message). A failed
 * edit changes nothing. editor/core/README.md maps the modules.
 */
#ifndef ED_APP_H
#define ED_APP_H

#include <stddef.h>

#include "audio.h"
#include "base.h"
#include "campath/campath.h"
#include "doc.h"
#include "file.h"
#include "gizmo.h"
#include "layout.h"
#include "link.h"
#include "rec.h"
#include "scene.h"
#include "seq.h"
#include "ui.h"
#include "view.h"

#define ED_STEP_SMALL 0.1            /* s: Left / Right */
#define ED_STEP_BIG 1.0              /* s: Shift+Left / Shift+Right */

typedef struct ed_app {
    ed_base  base;    /* the clock, the message, the question, the playhead */
    ed_doc   doc;     /* the keys, their path, the selection, the history */
    ed_file  file;    /* the file on disk, its watch, the recovery file */
    ed_scene scene;   /* the world, its index, the clearance check */
    ed_ui    ui;      /* the camera, the window, the panels */
    ed_rec   rec;     /* recording, the mouse's gesture, looking from a key */
    ed_link  link;    /* running games linked to the editor (game.h) */
    ed_seq   seq;     /* the sequence open, its shots and their paths (shots.h) */
    ed_audio audio;   /* the sound the path file names, its beat grid, snapping (snap.h) */
} ed_app;

/* ---- life cycle -------------------------------------------------------------------------------- */

/* An editor with an empty, unnamed document and the camera at the demo's
 * start. 0, or -1 if out of memory. */
int  ed_app_init(ed_app *app);
void ed_app_free(ed_app *app);

/* Advances the clock by dt seconds: playback, a scene or retime that
 * finished, the file watch, recovery writes, the linked games; then
 * ed_app_refresh. */
void ed_app_update(ed_app *app, double dt);
/* Computes what the next frame shows and only the state decides: the
 * clearance check of the path (and the scene's index). The update step
 * calls it; a front end that draws without one (a screenshot) calls it first. */
void ed_app_refresh(ed_app *app);

/* Sets the HUD message (printf-style). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
void ed_app_message(ed_app *app, int is_error, const char *fmt, ...);

/* ---- what the front ends read ------------------------------------------------------------------- */

/* Whether the HUD shows the message now (not empty, not expired). */
int ed_app_message_shown(const ed_app *app);
/* Non-zero when there are edits not saved to the file. */
int ed_app_dirty(const ed_app *app);
size_t ed_app_key_count(const ed_app *app);
const cp_key *ed_app_keys(const ed_app *app);
/* The first key time and the duration (0 with fewer than 2 keys). */
double ed_app_start(const ed_app *app);
double ed_app_duration(const ed_app *app);
size_t ed_app_selected_count(const ed_app *app);
int ed_app_is_selected(const ed_app *app, size_t i);
/* The key looked from (-1: none): looking from a key ends with the edit
 * that follows the mouse. */
long ed_app_look_key(const ed_app *app);
/* The pose the view is rendered from: the free camera, through the path
 * camera the path's pose at the playhead, or a linked game's camera. */
void ed_app_view_pose(const ed_app *app, cp_vec3 *position, cp_quat *rotation, double *fov);
/* Where things go in the window now (layout.h). */
void ed_app_layout(const ed_app *app, ed_layout *l);
/* The view of the 3D area as drawn now. */
void ed_app_view(const ed_app *app, ed_view *v);
/* Places the move gizmo at the selected key (the selection's centre for
 * several) in view v; 0 when there is none to show (nothing selected,
 * through the path camera, looking from a key). */
int ed_app_gizmo(const ed_app *app, const ed_view *v, ed_gizmo *g);
/* The clearance check of the path as the last refresh made it (NULL when
 * the path, the world or the clearance changed since; without a path it
 * finds nothing). */
const ed_clearance *ed_app_clearance(const ed_app *app);
/* The same, checked now if it is not current (after an edit that updated
 * part of the path, that part alone). NULL if out of memory. */
const ed_clearance *ed_app_check_clearance(ed_app *app);
/* 1 when the path with serial `serial` (a cache's) became the current path
 * by an update that moved no pose outside `span` (seconds, filled), so the
 * cache may redo that span alone (doc.h, ed_doc_changed_since); else 0. */
int ed_app_path_changed(const ed_app *app, unsigned long serial, double span[2]);

/* The path's sound (audio.h): whether one is loaded, the sound's frame
 * (fractional) that plays at path time t, and the grids key times snap to. */
int ed_app_has_sound(const ed_app *app);
double ed_app_sound_frame_at(const ed_app *app, double t);
void ed_app_beat_grid(const ed_app *app, ed_beat_grid *g);

/* ---- edits that follow the mouse (drag.h) -------------------------------------------------------- */

/* Ends the drag that runs: one undo step if anything changed (looking from
 * a key ends with it). 0, or -1 (the drag undone) if out of memory for undo. */
int ed_app_end_drag(ed_app *app);
/* Puts the keys back as they were when the drag began. */
void ed_app_cancel_drag(ed_app *app);
/* The keys as they were when the drag began (NULL when none runs). */
const cp_document *ed_app_drag_origin(const ed_app *app);

/* ---- playback and the free camera ---------------------------------------------------------------- */

void ed_app_play(ed_app *app, int play);
void ed_app_toggle_play(ed_app *app);
/* Moves the playhead (clamped to the path, wrapped when closed). */
void ed_app_seek(ed_app *app, double time);
/* Looks through the path camera (1) or the free camera (0). */
void ed_app_view_path(ed_app *app, int on);
/* Puts the free camera at the selected key's pose. */
int  ed_app_goto_key(ed_app *app);
/* Moves the camera as a jump (a script or a key pose): not "flown". */
void ed_app_place_camera(ed_app *app, cp_vec3 position, cp_quat rotation);
/* Puts the free camera where all of something is in view, cut off nowhere
 * at the view's size and aspect: the whole path (keys and curve), the
 * selected keys (keeping the camera's direction), or the world and the path
 * (a three-quarter view from above; what a newly loaded scene gets). -1
 * with a message when there is nothing to frame. */
int ed_app_frame_path(ed_app *app);
int ed_app_frame_selection(ed_app *app);
int ed_app_frame_scene(ed_app *app);
/* Sets the free camera's field of view (degrees). */
void ed_app_set_camera_fov(ed_app *app, double fov);
/* Advances the free camera (flown distance counts for recording); looking
 * from a key, the key turns with it. */
void ed_app_fly(ed_app *app, const ed_camera_input *in, double dt);
/* Moves the free camera in a straight line to `to` (counts as flown). */
void ed_app_fly_to(ed_app *app, cp_vec3 to);
/* Turns the free camera by a mouse motion of dx, dy pixels. */
void ed_app_look(ed_app *app, double dx, double dy);
/* The wheel: the flying speed changes by `clicks`. */
void ed_app_wheel(ed_app *app, double clicks);
/* Levels the free camera (roll 0). */
void ed_app_reset_roll(ed_app *app);

/* ---- settings and panels --------------------------------------------------------------------------- */

/* A new window size (clamped to at least 1 x 1). */
void ed_app_resize(ed_app *app, int width, int height);
/* What the renderer's fonts measure (ui.h). */
void ed_app_set_text_metrics(ed_app *app, const ed_text_metrics *m);
/* Sets the output aspect (width / height, ED_ASPECT_MIN..ED_ASPECT_MAX). */
int ed_app_set_aspect(ed_app *app, double aspect);
/* Sets the clearance in metres (ED_CLEARANCE_MIN..ED_CLEARANCE_MAX). */
int ed_app_set_clearance(ed_app *app, double metres);
/* Moves the playhead to the next clearance problem (round to the first), with a message naming it. */
int ed_app_next_problem(ed_app *app);
/* The panels: the help (page 1.. or 0 closed; F1's cycle is ed_app_help_next),
 * the graph, the picture-in-picture, the path's colouring. */
void ed_app_show_help(ed_app *app, int page);
void ed_app_help_next(ed_app *app);
void ed_app_show_graph(ed_app *app, int on);
void ed_app_show_pip(ed_app *app, int on);
/* Shows or hides the HUD's text (H); messages still show. */
void ed_app_show_hud(ed_app *app, int on);
void ed_app_set_color_mode(ed_app *app, ed_color_mode mode);
/* The system clipboard the front end offers (NULL: the editor's own only). */
void ed_app_set_clipboard_host(ed_app *app, const ed_clipboard_host *host);
/* How the front end decodes (and plays) the path's sound (NULL: PCM WAV
 * files read by the core); the sound named is loaded again through it. */
void ed_app_set_audio_host(ed_app *app, const ed_audio_host *host);

/* ---- the file ------------------------------------------------------------------------------------ */

/* Opens `file` for editing (file.h: ed_file_open); the camera goes a little
 * behind the first key, and the scene the file names starts loading. */
int ed_app_open(ed_app *app, const char *file);
int ed_app_save(ed_app *app);
/* Looks for changes made to the file by other programs (the update step does too). */
void ed_app_poll_file(ed_app *app);
int ed_app_write_recovery(ed_app *app);
/* Answers the current question with one of the ED_CMD_ANSWER_* commands. */
int ed_app_answer(ed_app *app, ed_cmd answer);
/* Quits at once when there is nothing to lose, else asks. Returns whether the editor should close. */
int ed_app_request_quit(ed_app *app);

/* ---- the scene ----------------------------------------------------------------------------------- */

/* How scenes load from now on (axes, scale). */
void ed_app_set_import_options(ed_app *app, const ed_import_options *o);
/* Starts loading `file` as the world; with `remember`, a successful load
 * also sets the document's "scene" member (relative to the path file's
 * folder: an undoable edit, saved with the file). */
int ed_app_load_scene(ed_app *app, const char *file, int remember);
/* Waits for a scene being loaded, with progress lines; report returns
 * non-zero to give up and cancel the load (scene.h). */
int ed_app_wait_scene(ed_app *app, int (*report)(void *ctx, const char *line), void *ctx);
/* The demo town again. 0, or -1 if out of memory. */
int ed_app_use_demo_world(ed_app *app);

#endif /* ED_APP_H */

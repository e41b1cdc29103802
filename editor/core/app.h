/* editor/core/app.h - the editor's state and every command it understands, with
 * no SDL in sight: the free camera, the keys being recorded, selection,
 * playback, undo, the file with its dirty flag, hot reload and recovery.
 *
 * The input layer, the headless script runner and the tests all drive the
 * editor through these functions. Time comes in through ed_app_update(dt),
 * so tests decide how much of it passes.
 *
 * Commands that can fail return 0 on success and -1 on failure; either way
 * they leave a one-line message for the HUD in app->message (ed_app_message).
 * A failed edit changes nothing.
 */
#ifndef ED_APP_H
#define ED_APP_H

#include <stddef.h>

#include "bindings.h"
#include "bvh.h"
#include "gizmo.h"
#include "camera.h"
#include "campath/campath.h"
#include "clearance.h"
#include "history.h"
#include "import.h"
#include "layout.h"
#include "loader.h"
#include "retimer.h"
#include "world.h"

/* ---- recording ---------------------------------------------------------------------- */

typedef enum ed_time_mode {
    ED_TIME_DISTANCE = 0,  /* previous key time + distance flown / nominal speed */
    ED_TIME_REAL           /* previous key time + real time since the previous recording */
} ed_time_mode;

/* the recording rules are the library's recorder (campath/record.h) */
#define ED_NOMINAL_SPEED CP_RECORDER_SPEED   /* m/s, the default nominal speed */
#define ED_NOMINAL_STEP 1.25         /* PageUp / PageDown factor */
#define ED_TURN_RATE CP_RECORDER_TURN_RATE   /* rad/s: turning on the spot counts as if at 60 degrees/s */
#define ED_MIN_GAP CP_RECORDER_MIN_GAP       /* s: the shortest time between two keys by distance */
#define ED_NUDGE 0.1                 /* s: one step of , and . */
#define ED_TIME_MARGIN 0.01          /* s: how close , and . may bring a key to its neighbour */
#define ED_STEP_SMALL 0.1            /* s: Left / Right */
#define ED_STEP_BIG 1.0              /* s: Shift+Left / Shift+Right */
#define ED_RECOVERY_INTERVAL 3.0     /* s between recovery writes while there are unsaved edits */
#define ED_RECOVERY_SUFFIX ".recovery"
#define ED_MESSAGE_SECONDS 5.0       /* how long the HUD shows a message */
#define ED_RETIME_BACKGROUND 20000   /* keys from which a retime runs in the background
                                        (make bench: 10^4 keys take about 0.1 s) */

typedef enum ed_color_mode { ED_COLOR_SPEED = 0, ED_COLOR_ACCELERATION } ed_color_mode;

#define ED_ASPECT_DEFAULT (16.0 / 9.0)   /* the output frame's width / height */
#define ED_ASPECT_MIN 0.2
#define ED_ASPECT_MAX 5.0
#define ED_CLEARANCE_MIN 0.001           /* metres: the range of the clearance setting */
#define ED_CLEARANCE_MAX 100.0

/* Identifies one version of a file (from stat), so that the editor can tell
 * its own saves from changes made by other programs. */
typedef struct ed_file_id {
    int                valid;
    unsigned long long dev, ino, size;
    long long          mtime_sec, mtime_nsec;
} ed_file_id;

/* A left-button gesture of the mouse (pointer.c), kept here so that the
 * renderer shows it: the drag box, the gizmo part held or under the mouse. */
typedef enum ed_drag_kind {
    ED_DRAG_NONE = 0,
    ED_DRAG_SCRUB,      /* on the timeline or the graph: the playhead follows */
    ED_DRAG_BOX,        /* in the view from empty space: keys inside are selected */
    ED_DRAG_KEY,        /* in the view from a key marker: the selection moves in the camera's plane */
    ED_DRAG_GIZMO,      /* a gizmo part: the selection moves along it */
    ED_DRAG_KEY_TIME,   /* a key's tick on the timeline: its time (Shift: and the later keys') */
    ED_DRAG_FIELD       /* an inspector value: dragged left or right */
} ed_drag_kind;

typedef struct ed_drag {
    ed_drag_kind kind;
    int          pending;      /* the button is down, the mouse not moved far enough yet: still a click */
    int          x0, y0;       /* where it began, window pixels */
    long         key;          /* the key it began on (-1: none) */
    int          part;         /* the gizmo part or inspector field it holds */
    int          add;          /* Shift was down when it began */
    int          was_selected; /* the key it began on was selected before */
    int          hover;        /* with no button down: the gizmo part under the mouse */
} ed_drag;

/* The system clipboard, as the front end offers it (clipboard.c). */
typedef struct ed_clipboard_host {
    void *ctx;
    /* Puts text on the system clipboard. */
    void (*set)(void *ctx, const char *text);
    /* The system clipboard's text, malloc'd; NULL when it holds none. */
    char *(*get)(void *ctx);
} ed_clipboard_host;

/* The member that marks the second key of a one-key clipboard (not pasted). */
#define ED_CLIP_PADDING "campath-editor-clipboard"

typedef struct ed_app {
    /* the file */
    char          *file;            /* NULL until ed_app_open */
    char          *recovery_file;   /* file + ED_RECOVERY_SUFFIX */
    ed_state       cur;             /* the document being edited, its selection and revision */
    cp_path       *path;            /* built from cur.doc; NULL while it has fewer than 2 keys */
    unsigned long  path_serial;     /* +1 every time `path` is replaced (for caches) */
    unsigned long  next_revision;
    unsigned long  saved_revision;  /* the revision that matches the file */
    unsigned long  recovery_revision; /* the revision last written to the recovery file (0: none) */
    ed_file_id     known;           /* the file as the editor last read or wrote it */
    int            file_exists;
    int            recovery_keep;   /* the recovery file holds edits a reload set aside: keep it */
    ed_file_id     recovery_known;  /* the recovery file as the editor last wrote or read it; one
                                       it does not know (another session's) is left alone */
    cp_library    *library;         /* watches the file once it exists */
    cp_resource   *resource;
    unsigned long  generation;      /* the resource generation already dealt with */
    char          *reload_error;    /* the last failed reload already reported */
    ed_history     history;

    /* a question waiting for an answer, and what it is about */
    ed_prompt      prompt;
    cp_document    pending;         /* the disk or recovery version offered */

    /* camera, view, playback */
    ed_camera      camera;
    int            view_path;       /* 1: look through the path camera */
    double         playhead;        /* path time, seconds */
    int            playing;

    /* recording */
    ed_time_mode   time_mode;
    double         nominal_speed;   /* m/s */
    cp_recorder   *take;            /* the keys recorded in this session since the last break
                                       (NULL until the first): its last key anchors the distance
                                       flown and the real time since the press */

    /* the world: the demo town or the user's scene */
    ed_world       world;
    unsigned long  world_serial;    /* +1 every time `world` is replaced (for caches) */
    char          *scene_file;      /* the scene file the world came from, as it was given (NULL: the demo) */
    ed_import_options import_options;
    ed_loader     *loader;          /* a scene being loaded, or NULL; the previous world stays meanwhile */
    ed_retimer    *retimer;         /* a retime under way, or NULL */
    size_t         retime_background; /* paths of this many keys or more are retimed in the
                                       background (ED_RETIME_BACKGROUND) */
    int            remember_scene;  /* record the scene being loaded in the document's "scene" member */
    ed_bvh         bvh;             /* the world's triangles for the clearance check, built on demand */
    unsigned long  bvh_serial;      /* the world_serial it was built for (0: none) */
    ed_clearance   clearance;
    double         clearance_radius;/* metres */
    unsigned long  clearance_path_serial, clearance_world_serial;
    double         clearance_checked_radius;
    int            clearance_valid;

    /* looking from a key (drag.c): its index (-1: not), and the camera as it began */
    long           look_key;
    ed_camera      look_from;

    /* an edit that follows the mouse (live.c) */
    struct {
        int      active;
        int      changed;
        ed_state origin;            /* the state when it began */
    } live;

    /* copy and paste: the editor's own clipboard (a path file's text), and the system's */
    char          *clipboard;
    const ed_clipboard_host *clipboard_host;   /* NULL: the editor's own only */

    /* the shot */
    double         aspect;          /* output width / height: the frame through the path camera */
    int            show_pip;        /* picture-in-picture of the path camera while editing */

    /* display */
    int            show_help;       /* 0: closed; else the page of the key help shown (1, 2, ...) */
    int            help_pages;      /* how many pages the help takes in this window (the renderer's) */
    int            show_graph;
    ed_color_mode  color_mode;
    int            width, height;   /* window size in pixels */
    int            mouse_x, mouse_y;/* the pointer, window pixels */
    int            text_w, text_h;  /* the font's advance and line height in pixels (the renderer's) */
    struct {                        /* the inspector field being typed into (inspector.h) */
        int  field;                 /* ed_field; 0: none */
        char text[32];
        int  fresh;                 /* the text is the old value: the first key typed replaces it */
    } typing;
    ed_drag        drag;

    /* time and messages */
    double         clock;           /* seconds since start, advanced by ed_app_update */
    double         recovery_clock;  /* clock of the last recovery check that wrote */
    char           message[256];
    int            message_error;
    double         message_clock;
    int            message_selection; /* the message describes the selection (it goes with it) */
    int            quit;            /* set when the editor should close */
} ed_app;

/* ---- life cycle (app.c) --------------------------------------------------------------- */

/* An editor with an empty, unnamed document and the camera at the demo's
 * start. 0, or -1 if out of memory. */
int  ed_app_init(ed_app *app);
void ed_app_free(ed_app *app);

/* Advances the clock by dt seconds: playback, the file watch, recovery writes. */
void ed_app_update(ed_app *app, double dt);

/* Sets the HUD message (printf-style). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
void ed_app_message(ed_app *app, int is_error, const char *fmt, ...);

/* Non-zero when there are edits not saved to the file. */
int ed_app_dirty(const ed_app *app);
size_t ed_app_key_count(const ed_app *app);
const cp_key *ed_app_keys(const ed_app *app);
/* The first key time and the duration (0 with fewer than 2 keys). */
double ed_app_start(const ed_app *app);
double ed_app_duration(const ed_app *app);

/* The pose the view is rendered from: the free camera, or with view_path
 * the path camera at the playhead. */
void ed_app_view_pose(const ed_app *app, cp_vec3 *position, cp_quat *rotation, double *fov);

/* ---- recording and editing (app.c, edit.c) ------------------------------------------- */

/* Records the free camera as a new key at the end (insert = 0), or after
 * the selected key (insert = 1; at the end if nothing or the last key is
 * selected). The new key is selected. Looking through the path camera,
 * records what is seen: the path's pose at the playhead
 * (ed_app_insert_at_playhead). */
int ed_app_record(ed_app *app, int insert);
/* The time the next key recorded at the end would get (for the HUD and tests). */
double ed_app_next_record_time(const ed_app *app);
/* Deletes the selected keys. */
int ed_app_delete_selected(ed_app *app);
/* Moves the selected key to the free camera's pose. */
int ed_app_move_key_to_camera(ed_app *app);
/* Sets key i's time; it must stay strictly between its neighbours. */
int ed_app_set_key_time(ed_app *app, size_t i, double time);
/* Moves the selected key's time by dt: alone, between its neighbours
 * (ripple = 0), or together with all the keys after it (ripple = 1).
 * Several selected keys move together (ed_app_transform_shift). */
int ed_app_nudge_key_time(ed_app *app, double dt, int ripple);
/* Retimes the path to constant speed; duration 0 keeps the current one. A
 * path of smooth timing keeps its shape and gets constant-speed timing. */
int ed_app_retime(ed_app *app, double duration);
/* Takes a retime that has finished (ed_app_update calls it): 1 applied, 0
 * none finished, -1 failed or dropped because the path changed meanwhile
 * (with a message). A long path (app->retime_background keys or more) is
 * retimed in the background while the editor draws and takes input. */
int ed_app_poll_retime(ed_app *app);
/* Waits for a retime under way and takes it (scripts: one command at a time). 0 or -1. */
int ed_app_wait_retime(ed_app *app);
/* Sets the timing (keys, smooth, constant-speed). */
int ed_app_set_timing(ed_app *app, cp_timing timing);
int ed_app_cycle_timing(ed_app *app);
/* -1 with a message when key i's time is one the path computes (an inner
 * key of a constant-speed path), 0 when it may be set. */
int ed_app_time_is_free(ed_app *app, size_t i);
/* Sets the interpolation of all three channels, or the end behaviour. */
int ed_app_set_interp(ed_app *app, cp_interp interp);
int ed_app_cycle_interp(ed_app *app);
int ed_app_set_ends(ed_app *app, cp_ends ends);
int ed_app_cycle_ends(ed_app *app);
int ed_app_undo(ed_app *app);
int ed_app_redo(ed_app *app);

/* ---- direct edits (keyedit.c) ---------------------------------------------------------- */

/* The selected key's time (one key selected), position (one key), rotation
 * as yaw, pitch, roll in degrees (camera.h's convention; every selected
 * key) and vertical field of view in degrees (every selected key). */
int ed_app_edit_time(ed_app *app, double time);
int ed_app_edit_position(ed_app *app, cp_vec3 position);
int ed_app_edit_rotation(ed_app *app, double yaw, double pitch, double roll);
int ed_app_edit_fov(ed_app *app, double fov);
/* Gives every selected key a hold of `seconds` (>= 0; on = 0 takes the
 * hold away): the camera rests at the key from its time for that long.
 * Smooth and constant-speed timing only. */
int ed_app_edit_hold(ed_app *app, int on, double seconds);
/* Transforms of the selected keys, or of every key when none is selected:
 * move by d metres; turn by `degrees` about +Y through their centre (their
 * rotations turn with them); scale about their centre (factor > 0); shift
 * in time by `seconds` (the keys must keep their order). */
int ed_app_transform_translate(ed_app *app, cp_vec3 d);
int ed_app_transform_rotate(ed_app *app, double degrees);
int ed_app_transform_scale(ed_app *app, double factor);
int ed_app_transform_shift(ed_app *app, double seconds);
/* The transforms as edits that follow the mouse, applied to the keys as
 * they were when the drag began (one is started if none runs): translate
 * by d, rotate by `amount` degrees, scale by `amount`, shift by `amount`
 * seconds (kept between the keys that stay, as a drag on the timeline). */
typedef enum ed_xform { ED_XF_TRANSLATE = 0, ED_XF_ROTATE, ED_XF_SCALE, ED_XF_SHIFT } ed_xform;
int ed_app_drag_transform(ed_app *app, ed_xform kind, cp_vec3 d, double amount);
/* The mean position of the keys a transform acts on. */
cp_vec3 ed_app_selection_centre(const ed_app *app);
/* Copies the selected keys to the clipboard (clipboard.c); cut also
 * deletes them. */
int ed_app_copy(ed_app *app);
int ed_app_cut(ed_app *app);
/* Pastes the clipboard's keys at the playhead, keeping their spacing (after
 * the key at the playhead if there is one, after the last key when the
 * playhead is at the end); the keys after them move on by the pasted keys'
 * span plus the way from the last of them to the next key at nominal speed.
 * The pasted keys are selected. */
int ed_app_paste(ed_app *app);
/* A key on the path's pose at the playhead (position, rotation, fov): the
 * shape stays as far as the interpolation allows (docs/editor.md). */
int ed_app_insert_at_playhead(ed_app *app);

/* ---- look-at targets, focus and aperture (lookat.c) -------------------------------------- */

#define ED_TARGET_DISTANCE 10.0  /* metres: a new target's distance when the view meets nothing */
#define ED_TARGET_REACH 1000.0   /* metres: how far along a view the world is searched for a target */

/* Sets the path's orientation. Look-at gives every key a target on its view
 * (the first surface of the world within ED_TARGET_REACH, else
 * ED_TARGET_DISTANCE away) and its roll, so that every key keeps its
 * rotation; rotation keeps every key's rotation as the targets made it.
 * One undo step. */
int ed_app_set_orientation(ed_app *app, cp_orientation orientation);
int ed_app_cycle_orientation(ed_app *app);
/* The selected key's target (a look-at path, one key selected). */
int ed_app_edit_target(ed_app *app, cp_vec3 target);
/* Focus (which = 0, metres) or aperture (which = 1, f-number) of the
 * selected keys; a path that has none gets it on every key (a path has it
 * on every key or on none), and on = 0 takes it from every key. */
int ed_app_edit_lens(ed_app *app, int which, int on, double value);
/* How far to look along a view from `position` (rotation: the camera's):
 * the first surface of the world within ED_TARGET_REACH, else `fallback`. */
double ed_app_view_distance(ed_app *app, cp_vec3 position, cp_quat rotation, double fallback);
/* Makes key k fit document d: in a look-at path a target `distance` along
 * its view and the roll that keep its rotation (when it has no target), in
 * a rotation path no target and no roll; focus and aperture when d's keys
 * have them (a look-at key's focus the way to its target, else `near`'s),
 * none when they have not. A document without keys takes the key as it is. */
void ed_key_fit(const cp_document *d, cp_key *k, const cp_key *near, double distance);
/* Where a look-at key's target goes when the key turns to yaw and pitch
 * (degrees): the same distance away along the new view. */
cp_vec3 ed_target_turned(const cp_key *k, double yaw, double pitch);
/* The distance a fitted key's target should have: the way `near` looks
 * (look-at) or its focus, else ED_TARGET_DISTANCE. */
double ed_fit_fallback(const cp_document *d, const cp_key *near);
/* The world's triangles for rays, built when the world changed. 0, or -1
 * if out of memory (world_app.c). */
int ed_app_bvh(ed_app *app);

/* ---- the selection (select.c) ---------------------------------------------------------- */

/* Selects key i alone (-1: none); the playhead moves to its time. */
int  ed_app_select(ed_app *app, long i);
/* Adds key i to the selection and makes it the active key (the playhead
 * moves to it); with toggle, a key already selected is taken out instead. */
int  ed_app_select_add(ed_app *app, long i, int toggle);
/* Selects keys a..b (inclusive); a becomes the active key. */
int  ed_app_select_range(ed_app *app, long a, long b);
/* Selects every key (the active key stays, or becomes key 0). */
int  ed_app_select_all(ed_app *app);
/* Makes `sel` (moved in; made for the current keys) the selection, with
 * `active` as the active key if it is in it (else the first selected). */
int  ed_app_select_set(ed_app *app, ed_sel *sel, long active);
/* Selects the next (+1) or previous (-1) key alone. */
void ed_app_select_step(ed_app *app, int step);
size_t ed_app_selected_count(const ed_app *app);
int  ed_app_is_selected(const ed_app *app, size_t i);

/* The time key k's hold ends: its time when it has none. */
static inline double ed_key_end(const cp_key *k) { return k->time + ((k->flags & CP_KEY_HOLD) ? k->hold : 0.0); }

/* "key" or "keys", for counts in messages. */
static inline const char *ed_keys_word(size_t n) { return n == 1 ? "key" : "keys"; }

/* ---- playback, settings (app.c) ------------------------------------------------------- */

/* Puts the free camera at the selected key's pose. */
int  ed_app_goto_key(ed_app *app);
void ed_app_play(ed_app *app, int play);
void ed_app_toggle_play(ed_app *app);
/* Moves the playhead (clamped to the path, wrapped when closed). */
void ed_app_seek(ed_app *app, double time);
void ed_app_set_nominal_speed(ed_app *app, double speed);
void ed_app_set_time_mode(ed_app *app, ed_time_mode mode);
/* Moves the camera as a jump (a script or a key pose): not "flown". */
void ed_app_place_camera(ed_app *app, cp_vec3 position, cp_quat rotation);
/* Advances the free camera (flown distance counts for recording). */
void ed_app_fly(ed_app *app, const ed_camera_input *in, double dt);
/* Moves the free camera in a straight line to `to` (counts as flown). */
void ed_app_fly_to(ed_app *app, cp_vec3 to);
/* Where things go in the window now: the graph is hidden and the frame
 * letterboxed while looking through the path camera (layout.h). */
void ed_app_layout(const ed_app *app, ed_layout *l);
/* A new window size (clamped to at least 1 x 1). */
void ed_app_resize(ed_app *app, int width, int height);

/* ---- edits that follow the mouse (live.c) ----------------------------------------------- */

/* Starts a drag: the state now is kept as where it began. 0, or -1 (with a
 * message) while a question waits or if out of memory. */
int ed_app_live_begin(ed_app *app);
/* The keys as they were when the drag began (NULL when none is running):
 * updates are computed from these. */
const cp_document *ed_app_live_origin(const ed_app *app);
/* Starts a drag if none runs, and makes `work` a copy of the keys as they
 * were when it began, for an update to change. 0, or -1 with a message. */
int ed_app_live_work(ed_app *app, cp_document *work);
/* Shows `work` (moved in; the same keys as the origin, changed) as the
 * document, without an undo step. A work that does not build is refused
 * (-1, message): the last good state stays. */
int ed_app_live_update(ed_app *app, cp_document *work);
/* Ends the drag: one undo step if anything changed. */
int ed_app_live_end(ed_app *app);
/* Puts the keys back as they were when the drag began. */
void ed_app_live_cancel(ed_app *app);

/* ---- what the mouse drags (drag.c) ----------------------------------------------------- */

/* Moves the selected keys by d metres from where they were when the drag
 * began (starts one if none runs). */
int ed_app_drag_move(ed_app *app, cp_vec3 d);
/* Moves key `key` (with the selection when it is selected; with ripple,
 * also every key after the first of them) by dt seconds from where it was
 * when the drag began, kept ED_TIME_MARGIN from the keys that stay. */
int ed_app_drag_time(ed_app *app, size_t key, double dt, int ripple);
/* Looks from the selected key: the free camera sits on it, and turning,
 * rolling and zooming the camera turn and zoom the key with it (each frame,
 * ed_app_look_sync) until ed_app_look_end keeps (one undo step) or undoes it. */
int ed_app_look_begin(ed_app *app);
void ed_app_look_sync(ed_app *app);
int ed_app_look_end(ed_app *app, int keep);
/* The view of the 3D area as drawn now. */
void ed_app_view(const ed_app *app, ed_view *v);
/* Places the move gizmo at the selected key (the selection's centre for
 * several) in view v; 0 when there is none to show (nothing selected,
 * through the path camera, looking from a key). */
int ed_app_gizmo(const ed_app *app, const ed_view *v, ed_gizmo *g);

/* ---- the world (world_app.c) ---------------------------------------------------------------- */

/* Starts loading `file` (relative to the current folder) as the world with
 * app->import_options; the previous world stays until it has loaded, and
 * stays for good if it fails. With `remember`, a successful load also sets
 * the document's "scene" member (relative to the path file's folder: an
 * undoable edit, saved with the file). -1 (with a message) if a load is
 * already running or cannot start. */
int ed_app_load_scene(ed_app *app, const char *file, int remember);
/* Installs the world once the load has finished, or reports its failure.
 * Returns 1 when a load finished now with success, -1 when it failed, 0
 * otherwise. Called by ed_app_update. */
int ed_app_poll_scene(ed_app *app);
/* Waits for the load in progress, calling report(ctx, line) about twice a
 * second with a progress line. 0 when the world loaded or nothing was
 * loading, -1 when the load failed (the reason in app->message). */
int ed_app_wait_scene(ed_app *app, void (*report)(void *ctx, const char *line), void *ctx);
/* The demo town again (no scene). 0, or -1 if out of memory. */
int ed_app_use_demo_world(ed_app *app);
/* The clearance check of the path against the world, redone when the path,
 * the world or the clearance changed since. NULL if out of memory. */
const ed_clearance *ed_app_clearance(ed_app *app);
/* Moves the playhead to the start of the next clearance problem after it
 * (round to the first), with a message naming it. -1 if there is none. */
int ed_app_next_problem(ed_app *app);
/* Sets the clearance in metres (ED_CLEARANCE_MIN..ED_CLEARANCE_MAX). */
int ed_app_set_clearance(ed_app *app, double metres);
/* Sets the output aspect (width / height, ED_ASPECT_MIN..ED_ASPECT_MAX). */
int ed_app_set_aspect(ed_app *app, double aspect);

/* ---- the file (disk.c) ------------------------------------------------------------------ */

/* Opens `file` for editing: loads it if it exists (a file that does not load
 * is an error: the editor never starts over a file it could overwrite), or
 * starts an empty document that the first save creates. Watches the file,
 * and asks about a recovery file if one is found. Refused while there are
 * unsaved edits. */
int ed_app_open(ed_app *app, const char *file);
/* Saves atomically with cp_path_save (needs at least 2 keys). Unknown fields
 * read from the file are written back. Removes the recovery file. */
int ed_app_save(ed_app *app);
/* Looks for changes to the file made by another program (also a new file
 * that another program creates): reloads at once if there are no unsaved
 * edits, else asks (ED_PROMPT_RELOAD). Called by ed_app_update; scripts and
 * tests call it directly. */
void ed_app_poll_file(ed_app *app);
/* Writes the recovery file now if there are unsaved edits it does not hold;
 * refuses (-1, with a message) to write over one the editor did not write or
 * read itself. */
int ed_app_write_recovery(ed_app *app);
/* Answers the current question with one of the ED_CMD_ANSWER_* commands. */
int ed_app_answer(ed_app *app, ed_cmd answer);
/* Quits at once when there is nothing to lose (sets app->quit), else asks
 * (ED_PROMPT_QUIT). Returns app->quit. */
int ed_app_request_quit(ed_app *app);

/* ---- shared by app.c, edit.c and disk.c ---------------------------------------------- */

/* Same keys, options, name and extras. */
int ed_doc_equal(const cp_document *a, const cp_document *b);
/* -1 (with a message) while a question waits for its answer. */
int ed_app_check_prompt(ed_app *app);
/* -1 (with a message) when no key is selected. */
int ed_app_need_selection(ed_app *app);
/* Starts an edit: `work` becomes a copy of the document. -1 (with a
 * message; work zeroed) while a question waits or if out of memory. */
int ed_app_begin_edit(ed_app *app, cp_document *work);
/* The time the way from key `from` to a pose takes at nominal speed, by the
 * recorder's distance rule (at least ED_MIN_GAP). */
double ed_app_gap(const ed_app *app, const cp_key *from, cp_vec3 position, cp_quat rotation);
/* Makes `work` (moved in) the document, with `selected` as the active key:
 * builds its path, keeps the old state (selection included) for undo, gives
 * it a new revision. The selection is kept when the keys are the same ones
 * (same count, same active key), else it is the active key alone. With
 * keep_period 0 a closed path keeps the duration of its closing segment. On
 * failure frees `work`, changes nothing and returns -1. */
int ed_app_commit(ed_app *app, cp_document *work, long selected, int keep_period);
/* The same with the selection given (`sel`, moved in, for work's keys). */
int ed_app_commit_sel(ed_app *app, cp_document *work, ed_sel *sel, long selected, int keep_period);
/* Gives the recorder of the take the time mode and nominal speed. */
void ed_app_sync_take(ed_app *app);
/* The document takes the key times a constant-speed path computed. */
void ed_app_take_times(ed_app *app);
/* Rebuilds app->path from app->cur.doc (after undo, redo or a load). */
int ed_app_rebuild_path(ed_app *app);
/* Keeps the selection and the playhead inside the document. */
void ed_app_clamp(ed_app *app);

#endif /* ED_APP_H */

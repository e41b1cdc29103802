/* SPDX-License-Identifier: MIT */
/* editor/core/script_cmds.c - what each command of the headless language does. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script_impl.h"

#define DEG (M_PI / 180.0)
static const char *const on_off[] = {"off", "on", NULL};

/* Lets `seconds` pass in frames, as the frame loop would. */
static void run_frames(ed_script *s, double seconds)
{
    long frames = lround(seconds / ED_SCRIPT_FRAME);
    for (long i = 0; i < frames && !s->app->base.quit; i++) {
        ed_control_update(s->control, s->app, ED_SCRIPT_FRAME);
        ed_app_update(s->app, ED_SCRIPT_FRAME);
    }
}

/* ---- the commands -------------------------------------------------------------------------- */

/* Waits for a scene being loaded, with the host's progress line. */
static int wait_scene(ed_script *s)
{
    int (*report)(void *, const char *) = s->host ? s->host->progress : NULL;
    return ed_app_wait_scene(s->app, report, s->host ? s->host->ctx : NULL);
}

static int c_open(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    if (ed_app_open(s->app, argv[1]) != 0)
        return ed_script_result(s, -1, argv[0], err, n);
    /* the scene the file names: one that is not there or does not load leaves the path open in
       the old world, with a warning (as a window would show it) */
    int warned = s->app->base.message_error;
    if (warned || wait_scene(s) != 0)
        fprintf(stderr, "%s:%d: open: warning: %s\n", s->source ? s->source : "<script>", s->line, s->app->base.message);
    if (warned)
        wait_scene(s);
    /* the sound the file names, when it is missing or does not decode (the scene's message may be the HUD's now) */
    const char *sound = s->app->audio.status;
    if (sound[0] && !(warned && strcmp(sound, s->app->base.message) == 0))
        fprintf(stderr, "%s:%d: open: warning: %s\n", s->source ? s->source : "<script>", s->line, sound);
    return 0;
}

/* snap on|off|fps N */
static int c_snap(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    if (argc == 3 && strcmp(argv[1], "fps") == 0) {
        double fps;
        if (ed_script_numbers(s, argv + 2, 1, &fps, err, n))
            return -1;
        return ed_script_result(s, ed_snap_set_fps(s->app, fps), argv[0], err, n);
    }
    if (argc == 2 && (strcmp(argv[1], "on") == 0 || strcmp(argv[1], "off") == 0))
        return ed_script_result(s, ed_snap_set(s->app, strcmp(argv[1], "on") == 0), argv[0], err, n);
    return ed_script_fail(s, err, n, "usage: snap on|off|fps N");
}

static int c_scene(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    ed_import_options o = {0};
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "z-up") == 0) {
            o.z_up = 1;
        } else if (strcmp(argv[i], "scale") == 0 && i + 1 < argc) {
            if (ed_script_number(s, argv[++i], &o.scale, err, n))
                return -1;
            if (!(o.scale >= 1e-6 && o.scale <= 1e6))
                return ed_script_fail(s, err, n, "scene: scale %g is outside 1e-6..1e6", o.scale);
        } else {
            return ed_script_fail(s, err, n, "scene: '%s' is not z-up or scale S", argv[i]);
        }
    }
    if (strcmp(argv[1], "demo") == 0)
        return ed_script_result(s, ed_app_use_demo_world(s->app), argv[0], err, n);
    ed_app_set_import_options(s->app, &o);
    if (ed_app_load_scene(s->app, argv[1], 1) != 0 || wait_scene(s) != 0)
        return ed_script_result(s, -1, argv[0], err, n);
    return 0;
}

static int c_clearance(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    double m;
    if (argc == 2 && (ed_script_number(s, argv[1], &m, err, n) || ed_script_result(s, ed_app_set_clearance(s->app, m), argv[0], err, n)))
        return -1;
    const ed_clearance *c = ed_app_check_clearance(s->app);
    if (!c)
        return ed_script_fail(s, err, n, "clearance: out of memory");
    char line[1024];
    printf("clearance %.3g m: %s\n", s->app->scene.radius,
           s->app->doc.path ? ed_clearance_describe(c, 20, line, sizeof line) : "no path to check");
    return 0;
}

static int c_aspect(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double a = 0, b = 1;
    char *colon = strchr(argv[1], ':');
    if (colon)
        *colon = '\0';
    if (ed_script_number(s, argv[1], &a, err, n) || (colon && ed_script_number(s, colon + 1, &b, err, n)))
        return -1;
    if (!(b > 0))
        return ed_script_fail(s, err, n, "aspect: the height must be above 0");
    return ed_script_result(s, ed_app_set_aspect(s->app, a / b), argv[0], err, n);
}

static int c_size(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double v[2];
    if (ed_script_numbers(s, argv + 1, 2, v, err, n))
        return -1;
    if (v[0] < 16 || v[1] < 16 || v[0] > 8192 || v[1] > 8192)
        return ed_script_fail(s, err, n, "size: %gx%g is outside 16x16 .. 8192x8192", v[0], v[1]);
    ed_app_resize(s->app, (int)v[0], (int)v[1]);
    return 0;
}

static int c_camera(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    double v[6] = {0, 0, 0, 0, 0, 0};
    if (argc == 5)
        return ed_script_fail(s, err, n, "camera: give both YAW and PITCH, or neither");
    if (ed_script_numbers(s, argv + 1, argc - 1, v, err, n))
        return -1;
    cp_quat q = argc > 4 ? cp_quat_from_yaw_pitch_roll(v[3] * DEG, v[4] * DEG, v[5] * DEG)
                         : ed_camera_rotation(&s->app->ui.camera);
    ed_app_place_camera(s->app, cp_vec3_make(v[0], v[1], v[2]), q);
    return 0;
}

static int c_camera_quat(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double v[7];
    if (ed_script_numbers(s, argv + 1, 7, v, err, n))
        return -1;
    cp_quat q = cp_quat_make(v[3], v[4], v[5], v[6]);
    if (!(cp_quat_length(q) > 1e-9))
        return ed_script_fail(s, err, n, "camera-quat: the rotation (%g, %g, %g, %g) is zero", v[3], v[4], v[5], v[6]);
    ed_app_place_camera(s->app, cp_vec3_make(v[0], v[1], v[2]), q);
    return 0;
}

static int c_look_at(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double v[3];
    if (ed_script_numbers(s, argv + 1, 3, v, err, n))
        return -1;
    cp_vec3 d = cp_vec3_sub(cp_vec3_make(v[0], v[1], v[2]), s->app->ui.camera.position);
    double len = cp_vec3_length(d);
    if (!(len > 1e-9))
        return ed_script_fail(s, err, n, "look-at: the point is where the camera is");
    double yaw = atan2(-d.x, -d.z), pitch = asin(d.y / len);
    ed_app_place_camera(s->app, s->app->ui.camera.position, cp_quat_from_yaw_pitch_roll(yaw, pitch, 0.0));
    return 0;
}

static int c_fly(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double v[3];
    if (ed_script_numbers(s, argv + 1, 3, v, err, n))
        return -1;
    ed_app_fly_to(s->app, cp_vec3_make(v[0], v[1], v[2]));
    return 0;
}

static int c_fov(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double f;
    if (ed_script_number(s, argv[1], &f, err, n))
        return -1;
    if (f < ED_CAMERA_MIN_FOV || f > ED_CAMERA_MAX_FOV)
        return ed_script_fail(s, err, n, "fov: %g is outside %g..%g degrees", f, ED_CAMERA_MIN_FOV, ED_CAMERA_MAX_FOV);
    ed_app_set_camera_fov(s->app, f);
    return 0;
}

static int c_speed(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double v;
    if (ed_script_number(s, argv[1], &v, err, n))
        return -1;
    if (!(v >= 0.01 && v <= 1000))
        return ed_script_fail(s, err, n, "speed: %g m/s is outside 0.01..1000", v);
    ed_record_set_nominal_speed(s->app, v);
    return 0;
}

static int c_mode(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    static const char *const names[] = {"distance", "real", NULL};
    int m = ed_script_choice(s, argv[1], names, err, n);
    if (m < 0)
        return -1;
    ed_record_set_time_mode(s->app, (ed_time_mode)m);
    return 0;
}

static int c_wait(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double t;
    if (ed_script_number(s, argv[1], &t, err, n))
        return -1;
    if (t < 0 || t > 3600)
        return ed_script_fail(s, err, n, "wait: %g s is outside 0..3600", t);
    run_frames(s, t);
    return 0;
}

static int c_record(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    return ed_script_result(s, ed_record_key(s->app, strcmp(argv[0], "insert") == 0), argv[0], err, n);
}

static int c_delete(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    return ed_script_result(s, ed_edit_delete(s->app), argv[0], err, n);
}

static int c_move_key(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    return ed_script_result(s, ed_edit_move_to_camera(s->app), argv[0], err, n);
}

static int c_key_time(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double t;
    if (ed_script_number(s, argv[1], &t, err, n))
        return -1;
    if (s->app->doc.cur.selected < 0)
        return ed_script_fail(s, err, n, "key-time: select a key first");
    return ed_script_result(s, ed_edit_key_time(s->app, (size_t)s->app->doc.cur.selected, t), argv[0], err, n);
}

static int c_nudge(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    double t;
    int ripple = 0;
    if (ed_script_number(s, argv[1], &t, err, n))
        return -1;
    if (argc == 3) {
        if (strcmp(argv[2], "ripple") != 0)
            return ed_script_fail(s, err, n, "nudge: the optional word is 'ripple', not '%s'", argv[2]);
        ripple = 1;
    }
    return ed_script_result(s, ed_edit_nudge(s->app, t, ripple), argv[0], err, n);
}

static int c_retime(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    double d = 0;
    if (argc == 2 && ed_script_number(s, argv[1], &d, err, n))
        return -1;
    int rc = ed_edit_retime(s->app, d);
    if (rc == 0 && s->app->doc.retimer) /* a script goes one command at a time */
        rc = ed_edit_wait_retime(s->app);
    return ed_script_result(s, rc, argv[0], err, n);
}

static int c_interpolation(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    cp_interp i;
    if (cp_interp_parse(argv[1], &i) != 0)
        return ed_script_fail(s, err, n, "interpolation: '%s' is not c2, bisector, catmull-rom, linear or step", argv[1]);
    return ed_script_result(s, ed_options_set_interp(s->app, i), argv[0], err, n);
}

static int c_ends(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    cp_ends e;
    if (cp_ends_parse(argv[1], &e) != 0)
        return ed_script_fail(s, err, n, "ends: '%s' is not natural, rest or closed", argv[1]);
    return ed_script_result(s, ed_options_set_ends(s->app, e), argv[0], err, n);
}

static int c_play(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    int play = strcmp(argv[0], "play") == 0;
    ed_app_play(s->app, play);
    if (play && !s->app->base.playing)
        return ed_script_fail(s, err, n, "play: %s", s->app->base.message);
    return 0;
}

static int c_seek(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double t;
    if (ed_script_number(s, argv[1], &t, err, n))
        return -1;
    ed_app_seek(s->app, t);
    return 0;
}

static int c_play_to(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    double t;
    if (ed_script_number(s, argv[1], &t, err, n))
        return -1;
    ed_app *app = s->app;
    if (!app->doc.path)
        return ed_script_fail(s, err, n, "play-to: nothing to play (fewer than 2 keys)");
    double end = ed_app_start(app) + ed_app_duration(app);
    if (t < app->base.playhead || t > end)
        return ed_script_fail(s, err, n, "play-to: %g s is not between the playhead (%g s) and the end (%g s)", t,
                    app->base.playhead, end);
    ed_app_play(app, 1);
    while (app->base.playing && app->base.playhead + ED_SCRIPT_FRAME < t) {
        ed_control_update(s->control, app, ED_SCRIPT_FRAME);
        ed_app_update(app, ED_SCRIPT_FRAME);
    }
    ed_app_play(app, 0);
    ed_app_seek(app, t);
    return 0;
}

static int c_view(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    static const char *const names[] = {"free", "path", "game", NULL};
    int v = ed_script_choice(s, argv[1], names, err, n);
    if (v < 0)
        return -1;
    if (v == 2)
        return ed_script_result(s, ed_game_view(s->app, 1), argv[0], err, n);
    ed_game_view(s->app, 0);
    ed_app_view_path(s->app, v);
    return 0;
}

static int c_toggle(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    int v = ed_script_choice(s, argv[1], on_off, err, n);
    if (v < 0)
        return -1;
    if (strcmp(argv[0], "graph") == 0)
        ed_app_show_graph(s->app, v);
    else if (strcmp(argv[0], "pip") == 0)
        ed_app_show_pip(s->app, v);
    else if (strcmp(argv[0], "hud") == 0)
        ed_app_show_hud(s->app, v);
    else
        ed_app_show_help(s->app, v);
    return 0;
}

static int c_frame(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    static const char *const names[] = {"path", "selection", "scene", NULL};
    int v = ed_script_choice(s, argv[1], names, err, n);
    if (v < 0)
        return -1;
    int rc = v == 0 ? ed_app_frame_path(s->app) : v == 1 ? ed_app_frame_selection(s->app) : ed_app_frame_scene(s->app);
    return ed_script_result(s, rc, argv[0], err, n);
}

static int c_hide(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    int rc;
    if (strcmp(argv[0], "unhide") == 0) {
        if (argc != 2)
            return ed_script_fail(s, err, n, "unhide takes one node name, or all");
        rc = strcmp(argv[1], "all") == 0 ? ed_hide_show_all(s->app) : ed_hide_node(s->app, argv[1], 0);
    } else if (strcmp(argv[1], "at") == 0 && argc == 4) {
        double v[2];
        if (ed_script_numbers(s, argv + 2, 2, v, err, n))
            return -1;
        if (!(v[0] >= 0 && v[1] >= 0 && v[0] < s->app->ui.width && v[1] < s->app->ui.height))
            return ed_script_fail(s, err, n, "hide at: (%g, %g) is outside the %dx%d window", v[0], v[1],
                                  s->app->ui.width, s->app->ui.height);
        rc = ed_hide_at(s->app, (int)v[0], (int)v[1]);
    } else if (argc == 2) {
        rc = ed_hide_node(s->app, argv[1], 1);
    } else {
        return ed_script_fail(s, err, n, "hide takes a node name, or at X Y");
    }
    return ed_script_result(s, rc, argv[0], err, n);
}

static int c_color(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    static const char *const names[] = {"speed", "acceleration", NULL};
    int v = ed_script_choice(s, argv[1], names, err, n);
    if (v < 0)
        return -1;
    ed_app_set_color_mode(s->app, (ed_color_mode)v);
    return 0;
}

static int c_undo(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    int redo = strcmp(argv[0], "redo") == 0;
    return ed_script_result(s, redo ? ed_edit_redo(s->app) : ed_edit_undo(s->app), argv[0], err, n);
}

static int c_save(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    return ed_script_result(s, ed_app_save(s->app), argv[0], err, n);
}

static int c_poll(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc, (void)argv, (void)err, (void)n;
    ed_app_poll_file(s->app);
    return 0;
}

static int c_answer(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    static const char *const names[] = {"reload", "keep", "restore", "discard", "save", "cancel", NULL};
    static const ed_cmd cmds[] = {ED_CMD_ANSWER_RELOAD, ED_CMD_ANSWER_KEEP, ED_CMD_ANSWER_RESTORE,
                                  ED_CMD_ANSWER_DISCARD, ED_CMD_ANSWER_SAVE, ED_CMD_ANSWER_CANCEL};
    int a = ed_script_choice(s, argv[1], names, err, n);
    if (a < 0)
        return -1;
    int rc = ed_script_result(s, ed_app_answer(s->app, cmds[a]), argv[0], err, n);
    /* "save" or "discard" at the quit question closes the editor: nothing after it runs */
    s->done = s->app->base.quit;
    return rc;
}

static int c_echo(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)s, (void)err, (void)n;
    for (int i = 1; i < argc; i++)
        printf("%s%s", argv[i], i + 1 < argc ? " " : "\n");
    if (argc == 1)
        printf("\n");
    fflush(stdout); /* a program waiting for the line (a test) sees it now */
    return 0;
}

static const ed_script_command commands[] = {
    {"open", 1, 1, c_open, "open FILE", "edit FILE (a new one if it does not exist)"},
    {"size", 2, 2, c_size, "size W H", "the window size in pixels (default 960 540)"},
    {"scene", 1, 4, c_scene, "scene FILE|demo [z-up] [scale S]",
     "fly through FILE (glTF, OBJ, FBX... through assimp; recorded in the path file's \"scene\"), or the demo town"},
    {"clearance", 0, 1, c_clearance, "clearance [METRES]",
     "set the clearance (default 0.2 m) and print where the path passes through or too near the scene"},
    {"aspect", 1, 1, c_aspect, "aspect W:H|RATIO", "the output frame's aspect (default 16:9)"},
    {"pip", 1, 1, c_toggle, "pip on|off", "the picture-in-picture of the path camera while editing (P)"},
    {"hud", 1, 1, c_toggle, "hud on|off", "the HUD's text in the top left (H)"},
    {"hide", 1, 3, c_hide, "hide NODE|at X Y",
     "hide the scene's node NODE (and what is under it), or the object at a pixel, from the view and the clearance "
     "check; saved in the path file's \"hidden\" (Ctrl+H)"},
    {"audio", 1, 4, ed_script_c_audio, "audio FILE [OFFSET [BPM [FIRST_BEAT]]]|none",
     "the path's sound (recorded in the path file's \"audio\"; FILE a WAV, OGG or MP3 file): played from path time "
     "OFFSET s (default 0), with a beat grid of BPM beats per minute (default none) with a beat FIRST_BEAT s into the "
     "sound; none takes it away; one undo step"},
    {"drop", 1, 1, ed_script_c_drop, "drop FILE",
     "a file dropped on the window: a sound (WAV, OGG, MP3) becomes the path's sound, keeping the offset and beat "
     "grid"},
    {"snap", 1, 2, c_snap, "snap on|off|fps N",
     "key times dragged along the timeline or in the inspector, holds dragged in the inspector, and keys put at the "
     "playhead (F2 through the path camera, K) snap to frames at N frames per second (default 30) and to the audio's "
     "beats within 8 pixels (N)"},
    {"unhide", 1, 1, c_hide, "unhide NODE|all", "show a hidden node again, or all of them (Ctrl+Shift+H)"},
    {"frame", 1, 1, c_frame, "frame path|selection|scene",
     "put the free camera where the whole path (Ctrl+F), the selected keys (Shift+F) or the scene and the path "
     "(as on loading) are in view"},
    {"camera", 3, 6, c_camera, "camera X Y Z [YAW PITCH [ROLL]]",
     "put the free camera at a point; angles in degrees, yaw 0 looks down -Z, positive yaw turns left"},
    {"camera-quat", 7, 7, c_camera_quat, "camera-quat X Y Z QX QY QZ QW", "put the camera at a point and rotation"},
    {"look-at", 3, 3, c_look_at, "look-at X Y Z", "turn the camera toward a point (roll 0)"},
    {"fly", 3, 3, c_fly, "fly X Y Z", "fly the camera in a straight line to a point (counts as distance flown)"},
    {"fov", 1, 1, c_fov, "fov DEGREES", "the camera's vertical field of view"},
    {"speed", 1, 1, c_speed, "speed M_PER_S", "the nominal recording speed"},
    {"mode", 1, 1, c_mode, "mode distance|real", "how recorded keys get their times"},
    {"wait", 1, 1, c_wait, "wait SECONDS", "let time pass (playback, real-time recording, recovery writes)"},
    {"record", 0, 0, c_record, "record", "record the camera as a key at the end (F2)"},
    {"insert", 0, 0, c_record, "insert", "insert the camera as a key after the selected one (Shift+F2)"},
    {"select", 1, 1, ed_script_c_select, "select N|N-M|all|none", "select key N alone, keys N to M, every key, or none"},
    {"select-add", 1, 1, ed_script_c_select_add, "select-add N", "add key N to the selection (Shift+click)"},
    {"delete", 0, 0, c_delete, "delete", "delete the selected keys"},
    {"move-key", 0, 0, c_move_key, "move-key", "move the selected key to the camera pose (G)"},
    {"key-time", 1, 1, c_key_time, "key-time SECONDS", "set the selected key's time"},
    {"nudge", 1, 2, c_nudge, "nudge SECONDS [ripple]", "move the selected key's time (with ripple: and all after it)"},
    {"edit", 2, 4, ed_script_c_edit,
     "edit time T|position X Y Z|rotation YAW PITCH ROLL|fov F|hold S|none|target X Y Z|focus M|none|aperture F|none|"
     "ease IN OUT|PRESET",
     "set the selected key's time, position or look-at target, or the selected keys' rotation (degrees), field of "
     "view, hold (seconds at rest from the key's time; none takes it away), focus (metres) or aperture (f-number; "
     "a path without one gets it on every key, none takes it from every key), or ease (IN and OUT from 0 to 1, or "
     "linear, ease-in, ease-out, ease-in-out)"},
    {"transform", 2, 4, ed_script_c_transform, "transform translate DX DY DZ|rotate DEGREES|scale S|shift SECONDS",
     "move, turn about +Y through their centre, scale about their centre or shift in time the selected keys "
     "(every key when none is selected)"},
    {"copy", 0, 0, ed_script_c_clipboard, "copy", "copy the selected keys (Ctrl+C)"},
    {"cut", 0, 0, ed_script_c_clipboard, "cut", "copy the selected keys, then delete them (Ctrl+X)"},
    {"paste", 0, 0, ed_script_c_clipboard, "paste",
     "paste the copied keys at the playhead, keeping their spacing; later keys move on (Ctrl+V)"},
    {"insert-at-playhead", 0, 0, ed_script_c_insert_at_playhead, "insert-at-playhead",
     "a key on the path's pose at the playhead (K)"},
    {"retime", 0, 1, c_retime, "retime [DURATION]", "retime to constant speed (keeping the duration if none is given)"},
    {"duration", 1, 1, ed_script_c_duration, "duration SECONDS",
     "the selected keys' span (two or more selected) or the whole path's duration, holds kept"},
    {"speed-at", 3, 3, ed_script_c_speed_at, "speed-at segment|key N FACTOR",
     "the speed at segment N (key N to N+1) or key N times FACTOR, by moving key times or (at a key in smooth or "
     "constant-speed timing) by the key's ease, as a drag of the speed strip does"},
    {"interpolation", 1, 1, c_interpolation, "interpolation c2|bisector|catmull-rom|linear|step",
     "the interpolation of position, rotation and fov"},
    {"ends", 1, 1, c_ends, "ends natural|rest|closed", "the end behaviour"},
    {"orientation", 1, 1, ed_script_c_orientation, "orientation rotation|look-at",
     "the keys' rotations, or look-at targets on each key's view (Shift+O)"},
    {"timing", 1, 1, ed_script_c_timing, "timing keys|smooth|constant-speed",
     "how time maps onto the path (docs/format.md); new paths are smooth"},
    {"play", 0, 0, c_play, "play", "start playback"},
    {"pause", 0, 0, c_play, "pause", "stop playback"},
    {"seek", 1, 1, c_seek, "seek SECONDS", "move the playhead"},
    {"play-to", 1, 1, c_play_to, "play-to SECONDS", "play frame by frame until the playhead reaches a time, then pause"},
    {"view", 1, 1, c_view, "view free|path|game",
     "render from the free camera, through the path camera, or through a linked game's camera (Shift+V)"},
    {"graph", 1, 1, c_toggle, "graph on|off", "the graph panel: speeds, accelerations and field of view (F3)"},
    {"help", 1, 1, c_toggle, "help on|off", "the key binding help (F1)"},
    {"color", 1, 1, c_color, "color speed|acceleration", "what the path's colour shows"},
    {"undo", 0, 0, c_undo, "undo", "undo the last edit"},
    {"redo", 0, 0, c_undo, "redo", "redo"},
    {"save", 0, 0, c_save, "save", "save the file (atomic)"},
    {"poll", 0, 0, c_poll, "poll", "look for changes made to the file by other programs now"},
    {"answer", 1, 1, c_answer, "answer reload|keep|restore|discard|save|cancel", "answer the question on screen"},
    {"quit", 0, 0, ed_script_c_quit, "quit", "close the editor as the window's close button does (asks if there are unsaved edits)"},
    {"press", 1, 1, ed_script_c_press, "press KEY", "press and release a key through the input layer, e.g. press shift+f2"},
    {"key-down", 1, 1, ed_script_c_press, "key-down KEY", "hold a key down (held keys fly the camera during wait)"},
    {"key-up", 1, 1, ed_script_c_press, "key-up KEY", "release a key"},
    {"click", 2, 2, ed_script_c_click, "click X Y", "left click at a pixel (select a key, or scrub on the timeline)"},
    {"type", 1, ED_SCRIPT_MAX_WORDS - 1, ed_script_c_type, "type TEXT",
     "type text into the inspector field being edited (press enter applies it)"},
    {"drag", 4, 4, ed_script_c_drag, "drag X1 Y1 X2 Y2",
     "a left-button drag through the input layer: a box, the gizmo, a key's marker or tick, a value"},
    {"event", 1, 3, ed_script_c_event, "event resize W H|minimize|restore|focus-lost|focus-gained",
     "a window event through the input layer"},
    {"queue", 2, 3, ed_script_c_queue, "queue click X Y|key KEY|text TEXT|drop FILE",
     "put events on the window system's queue, unread: a left click, a key pressed while the window takes no "
     "text (no text with it), keys typed while it does (each with its text), or a file dropped on the window"},
    {"pump", 0, 0, ed_script_c_pump, "pump", "read the queued events as the window reads them in one frame"},
    {"screenshot", 1, 1, ed_script_c_screenshot, "screenshot FILE", "save what the window shows now (.bmp or .png)"},
    {"expect", 2, ED_SCRIPT_MAX_WORDS - 1, ed_script_c_expect,
     "expect keys N|dirty yes/no|selected N/none|selected-count N|prompt NAME|playhead T [TOL]|interpolation NAME|"
     "ends NAME|timing NAME|orientation NAME|key-time I T|key I time T [TOL]|key I position X Y Z [TOL]|"
     "key I fov F [TOL]|key I rotation YAW PITCH ROLL [TOL]|key I hold S|none [TOL]|key I target X Y Z|none [TOL]|"
     "key I focus M|none [TOL]|key I aperture F|none [TOL]|key I ease IN OUT [TOL]|camera X Y Z [TOL]|"
     "camera-speed V [TOL]|message TEXT|scene NAME|"
     "triangles N|hidden N|clearance N|through T|clear T|games N|game-key I|game-camera NAME X Y Z|shot N|shots N|"
     "shot-part N FROM TO BLEND [TOL]|sequence-time T [TOL]",
     "stop with an error unless the editor is in that state (for tests)"},
    {"link", 1, 2, ed_script_c_link, "link on [PORT]|off",
     "listen for running games (docs/link.md) on 127.0.0.1:PORT (default 47100; 0: a free port; the address is "
     "printed), or stop (F6)"},
    {"link-wait", 1, 3, ed_script_c_link_wait,
     "link-wait games N|applied|camera|on-path|following|seconds S [SECONDS]",
     "let real time pass (at most SECONDS, default 10) until N games are linked, every game has the path in "
     "service, a game sends a new camera, the game's camera is the path's pose at the playhead exactly, the "
     "playhead follows the time of a new camera from the game, or S seconds are over; fails when the time runs "
     "out first"},
    {"follow-game", 1, 1, ed_script_c_follow_game, "follow-game on|off",
     "the playhead follows the game's time, or the editor's (F7)"},
    {"hand-off", 1, 2, ed_script_c_hand_off, "hand-off take|give [BLEND]",
     "the games hand their camera to the path, or take it back, blending over BLEND seconds (default 1; F8)"},
    {"sequence-new", 1, 1, ed_script_c_shot, "sequence-new FILE",
     "start a new sequence file FILE (written by the next save) whose shot 1 is the path edited, whole"},
    {"shot", 1, 1, ed_script_c_shot, "shot N",
     "edit shot N's path of the sequence open (shots are numbered from 1; a click on its box in the shot track)"},
    {"shot-add", 0, 1, ed_script_c_shot, "shot-add [FILE]",
     "add the path edited (or the path file FILE) whole as a shot at the end of the sequence, after a cut"},
    {"shot-trim", 3, 3, ed_script_c_shot, "shot-trim N FROM TO",
     "shot N plays its path from FROM to TO seconds (dragging its box's right edge, Shift: its left edge)"},
    {"shot-blend", 2, 2, ed_script_c_shot, "shot-blend N SECONDS",
     "shot N blends from the shot before over SECONDS; 0 makes a cut (dragging its box's left edge)"},
    {"shot-move", 2, 2, ed_script_c_shot, "shot-move N TO", "shot N becomes shot TO (dragging its box past its neighbours)"},
    {"shot-seek", 1, 1, ed_script_c_shot, "shot-seek SECONDS",
     "move to a time of the sequence: the shot playing then is edited, the playhead at its time"},
    {"echo", 0, ED_SCRIPT_MAX_WORDS - 1, c_echo, "echo TEXT", "print a line"},
};

const ed_script_command *ed_script_commands(size_t *count)
{
    *count = sizeof commands / sizeof commands[0];
    return commands;
}

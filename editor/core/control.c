/* SPDX-License-Identifier: MIT */
/* editor/core/control.c - what each input does. */
#include "control.h"

#include <string.h>

#include "sound.h"

void ed_control_init(ed_control *c)
{
    memset(c, 0, sizeof *c);
    c->focused = 1;
}

/* Drops every held key and gesture: after focus moves away the key-up
 * events go elsewhere, and a camera must not keep flying on its own. */
static void release_all(ed_control *c, ed_app *app)
{
    memset(c->down, 0, sizeof c->down);
    memset(c->chord, 0, sizeof c->chord);
    c->looking = 0;
    c->want_relative_mouse = 0;
    ed_pointer_release(app);
}

static int repeats(ed_cmd cmd)
{
    switch (cmd) {
    case ED_CMD_STEP_BACK: case ED_CMD_STEP_FORWARD: case ED_CMD_STEP_BACK_BIG: case ED_CMD_STEP_FORWARD_BIG:
    case ED_CMD_KEY_EARLIER: case ED_CMD_KEY_LATER: case ED_CMD_RIPPLE_EARLIER: case ED_CMD_RIPPLE_LATER:
    case ED_CMD_SELECT_PREV: case ED_CMD_SELECT_NEXT: case ED_CMD_NOMINAL_UP: case ED_CMD_NOMINAL_DOWN:
    case ED_CMD_UNDO: case ED_CMD_REDO:
        return 1;
    default:
        return 0;
    }
}

int ed_control_drop(ed_control *c, ed_app *app, const char *file)
{
    (void)c;
    return ed_sound_drop(app, file);
}

void ed_control_command(ed_app *app, ed_cmd cmd)
{
    switch (cmd) {
    case ED_CMD_RESET_ROLL: ed_app_reset_roll(app); break;
    case ED_CMD_GOTO_KEY: ed_app_goto_key(app); break;
    case ED_CMD_RECORD: ed_record_key(app, 0); break;
    case ED_CMD_INSERT: ed_record_key(app, 1); break;
    case ED_CMD_TIME_MODE:
        ed_record_set_time_mode(app, app->rec.time_mode == ED_TIME_DISTANCE ? ED_TIME_REAL : ED_TIME_DISTANCE);
        break;
    case ED_CMD_NOMINAL_UP: ed_record_set_nominal_speed(app, app->rec.nominal_speed * ED_NOMINAL_STEP); break;
    case ED_CMD_NOMINAL_DOWN: ed_record_set_nominal_speed(app, app->rec.nominal_speed / ED_NOMINAL_STEP); break;
    case ED_CMD_PLAY: ed_app_toggle_play(app); break;
    case ED_CMD_SEEK_START: ed_app_seek(app, ed_app_start(app)); break;
    case ED_CMD_SEEK_END: ed_app_seek(app, ed_app_start(app) + ed_app_duration(app)); break;
    case ED_CMD_STEP_BACK: ed_app_seek(app, app->base.playhead - ED_STEP_SMALL); break;
    case ED_CMD_STEP_FORWARD: ed_app_seek(app, app->base.playhead + ED_STEP_SMALL); break;
    case ED_CMD_STEP_BACK_BIG: ed_app_seek(app, app->base.playhead - ED_STEP_BIG); break;
    case ED_CMD_STEP_FORWARD_BIG: ed_app_seek(app, app->base.playhead + ED_STEP_BIG); break;
    case ED_CMD_TOGGLE_VIEW:
        ed_app_view_path(app, !app->ui.view_path);
        ed_app_message(app, 0, app->ui.view_path ? "looking through the path camera (V: back)"
                                                 : "free camera (V: look through the path camera)");
        break;
    case ED_CMD_SELECT_PREV: ed_select_step(app, -1); break;
    case ED_CMD_SELECT_NEXT: ed_select_step(app, 1); break;
    case ED_CMD_DESELECT:
        if (app->ui.show_help)
            ed_app_show_help(app, 0);
        else if (app->rec.gesture.kind != ED_GESTURE_NONE || ed_shots_grabbed(app))
            ed_pointer_cancel(app);
        else if (ed_app_look_key(app) >= 0)
            ed_drag_look_end(app, 0);
        else
            ed_select_one(app, -1);
        break;
    case ED_CMD_ENTER:
        if (ed_app_look_key(app) >= 0)
            ed_drag_look_end(app, 1);
        else
            ed_inspector_type_first(app);
        break;
    case ED_CMD_LOOK_FROM_KEY:
        if (ed_app_look_key(app) >= 0)
            ed_drag_look_end(app, 1);
        else
            ed_drag_look_begin(app);
        break;
    case ED_CMD_MOVE_KEY: ed_edit_move_to_camera(app); break;
    case ED_CMD_DELETE: ed_edit_delete(app); break;
    case ED_CMD_KEY_EARLIER: ed_edit_nudge(app, -ED_NUDGE, 0); break;
    case ED_CMD_KEY_LATER: ed_edit_nudge(app, ED_NUDGE, 0); break;
    case ED_CMD_RIPPLE_EARLIER: ed_edit_nudge(app, -ED_NUDGE, 1); break;
    case ED_CMD_RIPPLE_LATER: ed_edit_nudge(app, ED_NUDGE, 1); break;
    case ED_CMD_RETIME: ed_edit_retime(app, 0.0); break;
    case ED_CMD_SELECT_ALL: ed_select_all(app); break;
    case ED_CMD_COPY: ed_clip_copy(app); break;
    case ED_CMD_CUT: ed_clip_cut(app); break;
    case ED_CMD_PASTE: ed_clip_paste(app); break;
    case ED_CMD_INSERT_AT_PLAYHEAD: ed_record_at_playhead(app); break;
    case ED_CMD_CYCLE_INTERP: ed_options_cycle_interp(app); break;
    case ED_CMD_CYCLE_ENDS: ed_options_cycle_ends(app); break;
    case ED_CMD_CYCLE_TIMING: ed_options_cycle_timing(app); break;
    case ED_CMD_CYCLE_ORIENTATION: ed_options_cycle_orientation(app); break;
    case ED_CMD_UNDO: ed_edit_undo(app); break;
    case ED_CMD_REDO: ed_edit_redo(app); break;
    case ED_CMD_SAVE: ed_app_save(app); break;
    case ED_CMD_QUIT: ed_app_request_quit(app); break;
    case ED_CMD_HELP:
        /* F1 opens the help, turns its pages in a small window, and closes it */
        ed_app_show_help(app, app->ui.show_help >= ed_help_pages(app) ? 0 : app->ui.show_help + 1);
        break;
    case ED_CMD_GRAPH: ed_app_show_graph(app, !app->ui.show_graph); break;
    case ED_CMD_PIP:
        ed_app_show_pip(app, !app->ui.show_pip);
        ed_app_message(app, 0, app->ui.show_pip ? "picture-in-picture of the path camera"
                                                : "no picture-in-picture (P shows it)");
        break;
    case ED_CMD_NEXT_PROBLEM: ed_app_next_problem(app); break;
    case ED_CMD_FRAME_PATH: ed_app_frame_path(app); break;
    case ED_CMD_HIDE_AT: ed_hide_at(app, app->ui.mouse_x, app->ui.mouse_y); break;
    case ED_CMD_SHOW_HIDDEN: ed_hide_show_all(app); break;
    case ED_CMD_SNAP: ed_snap_set(app, -1); break;
    case ED_CMD_SHOT_ADD: ed_shots_add_here(app); break;
    case ED_CMD_SHOT_PREV: ed_shots_step(app, -1); break;
    case ED_CMD_SHOT_NEXT: ed_shots_step(app, 1); break;
    case ED_CMD_FRAME_SELECTION: ed_app_frame_selection(app); break;
    case ED_CMD_HUD:
        ed_app_show_hud(app, !app->ui.show_hud);
        ed_app_message(app, 0, app->ui.show_hud ? "HUD shown" : "HUD hidden (H shows it)");
        break;
    case ED_CMD_LINK: ed_game_toggle(app); break;
    case ED_CMD_GAME_VIEW: ed_game_view(app, !app->link.view_game); break;
    case ED_CMD_FOLLOW_GAME: ed_game_follow(app, !app->link.follow); break;
    case ED_CMD_HAND_OFF: ed_game_hand_off(app, !app->link.taken, ED_GAME_BLEND); break;
    case ED_CMD_COLOR_MODE:
        ed_app_set_color_mode(app, app->ui.color_mode == ED_COLOR_SPEED ? ED_COLOR_ACCELERATION : ED_COLOR_SPEED);
        ed_app_message(app, 0, app->ui.color_mode == ED_COLOR_SPEED ? "path colour: speed" : "path colour: acceleration");
        break;
    case ED_CMD_ANSWER_RELOAD: case ED_CMD_ANSWER_KEEP: case ED_CMD_ANSWER_RESTORE: case ED_CMD_ANSWER_DISCARD:
    case ED_CMD_ANSWER_SAVE: case ED_CMD_ANSWER_CANCEL:
        ed_app_answer(app, cmd);
        break;
    default:
        break;
    }
}

/* While an inspector field takes text, keys edit it: the characters come
 * as text events, and no key flies or runs its binding. */
static void typing_key(ed_app *app, const ed_event *ev)
{
    switch (ev->key) {
    case ED_KEY_RETURN: ed_inspector_type_enter(app, 0); break;
    case ED_KEY_TAB: ed_inspector_type_enter(app, 1); break;
    case ED_KEY_ESCAPE: ed_inspector_type_cancel(app); break;
    case ED_KEY_BACKSPACE: ed_inspector_type_backspace(app); break;
    default: break;
    }
}

static void key_down(ed_control *c, ed_app *app, const ed_event *ev)
{
    if (app->ui.typing.field && app->base.prompt == ED_PROMPT_NONE) {
        typing_key(app, ev);
        return;
    }
    /* a key that answers a question is not also held down to fly with; nor is a
       letter of a Ctrl chord until it comes up, whichever key is let go first */
    if (ev->key > 0 && ev->key < ED_KEY_LAST && app->base.prompt == ED_PROMPT_NONE) {
        if (!ev->repeat && ev->key != ED_KEY_CTRL)
            c->chord[ev->key] = (ev->mods & ED_MOD_CTRL) || c->down[ED_KEY_CTRL];
        c->down[ev->key] = 1;
    }
    const ed_binding *b = ed_binding_find(ev->key, ev->mods, app->base.prompt);
    /* while a question waits, only its answers, help and quit get through */
    if (!b && app->base.prompt != ED_PROMPT_NONE) {
        b = ed_binding_find(ev->key, ev->mods, ED_PROMPT_NONE);
        if (b && b->cmd != ED_CMD_HELP && b->cmd != ED_CMD_QUIT)
            b = NULL;
    }
    if (!b || (ev->repeat && !repeats(b->cmd)))
        return;
    ed_control_command(app, b->cmd);
}

static void button_down(ed_control *c, ed_app *app, const ed_event *ev)
{
    if (ev->key == ED_KEY_MOUSE_RIGHT) {
        if (app->base.prompt == ED_PROMPT_NONE) {
            c->looking = 1;
            c->want_relative_mouse = 1;
        }
        return;
    }
    if (ev->key == ED_KEY_MOUSE_LEFT)
        ed_pointer_down(app, ev->x, ev->y, c->down[ED_KEY_SHIFT]);
}

void ed_control_event(ed_control *c, ed_app *app, const ed_event *ev)
{
    switch (ev->type) {
    case ED_EV_KEY_DOWN: key_down(c, app, ev); break;
    case ED_EV_KEY_UP:
        if (ev->key > 0 && ev->key < ED_KEY_LAST)
            c->down[ev->key] = c->chord[ev->key] = 0;
        break;
    case ED_EV_BUTTON_DOWN: button_down(c, app, ev); break;
    case ED_EV_BUTTON_UP:
        if (ev->key == ED_KEY_MOUSE_RIGHT) {
            c->looking = 0;
            c->want_relative_mouse = 0;
        } else if (ev->key == ED_KEY_MOUSE_LEFT) {
            ed_pointer_up(app, ev->x, ev->y);
        }
        break;
    case ED_EV_MOTION:
        if (c->looking) {
            ed_app_look(app, ev->dx, ev->dy);
            ed_drag_look_sync(app);
        } else {
            ed_pointer_motion(app, ev->x, ev->y, c->down[ED_KEY_SHIFT]);
        }
        break;
    case ED_EV_WHEEL: ed_app_wheel(app, ev->dy); break;
    case ED_EV_RESIZE: ed_app_resize(app, ev->w, ev->h); break;
    case ED_EV_MINIMIZE:
        c->minimized = 1;
        release_all(c, app);
        break;
    case ED_EV_RESTORE: c->minimized = 0; break;
    case ED_EV_FOCUS_LOST:
        c->focused = 0;
        release_all(c, app);
        break;
    case ED_EV_FOCUS_GAINED: c->focused = 1; break;
    case ED_EV_QUIT: ed_app_request_quit(app); break;
    case ED_EV_TEXT: ed_inspector_type_text(app, ev->text); break;
    case ED_EV_NONE: break;
    }
    /* a click that starts typing asks for text at once: the next event may be its first key */
    c->want_text = app->ui.typing.field != 0;
}

ed_camera_input ed_control_camera_input(const ed_control *c, const ed_app *app)
{
    ed_camera_input in;
    memset(&in, 0, sizeof in);
    /* Ctrl turns letters into commands (Ctrl+S is save, not "fly back"),
       and a question on screen takes the keys for its answers */
    if (c->down[ED_KEY_CTRL] || app->base.prompt != ED_PROMPT_NONE || app->ui.typing.field)
        return in;
    size_t n;
    const ed_binding *t = ed_bindings(&n);
    int on[ED_CMD_COUNT] = {0};
    for (size_t i = 0; i < n; i++)
        if (t[i].kind == ED_BIND_HELD && t[i].key > 0 && t[i].key < ED_KEY_LAST && c->down[t[i].key] &&
            !c->chord[t[i].key])
            on[t[i].cmd] = 1;
    in.forward = on[ED_CMD_MOVE_FORWARD] - on[ED_CMD_MOVE_BACK];
    in.right = on[ED_CMD_MOVE_RIGHT] - on[ED_CMD_MOVE_LEFT];
    in.up = on[ED_CMD_MOVE_UP] - on[ED_CMD_MOVE_DOWN];
    /* looking from a key turns it: the camera stays on the key */
    if (ed_app_look_key(app) >= 0)
        in.forward = in.right = in.up = 0;
    in.roll = on[ED_CMD_ROLL_LEFT] - on[ED_CMD_ROLL_RIGHT];
    in.fov = on[ED_CMD_FOV_UP] - on[ED_CMD_FOV_DOWN];
    in.fast = on[ED_CMD_FAST];
    return in;
}

void ed_control_update(ed_control *c, ed_app *app, double dt)
{
    /* as for playback: a stalled frame (a debugger, a suspended laptop) with a
       key held must not fling the camera across the world */
    if (dt > 1.0)
        dt = 1.0;
    ed_camera_input in = ed_control_camera_input(c, app);
    ed_app_fly(app, &in, dt);
    ed_drag_look_sync(app);
    ed_inspector_sync(app);
    c->want_text = app->ui.typing.field != 0;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/bindings.c - the one table of key bindings, and key names. */
#include "bindings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os.h"

#define S ED_MOD_SHIFT
#define C ED_MOD_CTRL
#define PRESS ED_BIND_PRESS
#define HELD ED_BIND_HELD
#define MOUSE ED_BIND_MOUSE

static const ed_binding table[] = {
    {"Flying", 'w', 0, HELD, 0, ED_CMD_MOVE_FORWARD, "fly forward"},
    {"Flying", 's', 0, HELD, 0, ED_CMD_MOVE_BACK, "fly backward"},
    {"Flying", 'a', 0, HELD, 0, ED_CMD_MOVE_LEFT, "fly left"},
    {"Flying", 'd', 0, HELD, 0, ED_CMD_MOVE_RIGHT, "fly right"},
    {"Flying", 'q', 0, HELD, 0, ED_CMD_MOVE_DOWN, "fly down"},
    {"Flying", 'e', 0, HELD, 0, ED_CMD_MOVE_UP, "fly up"},
    {"Flying", ED_KEY_SHIFT, 0, HELD, 0, ED_CMD_FAST, "fly 4x faster while held"},
    {"Flying", ED_KEY_MOUSE_RIGHT, 0, HELD, 0, ED_CMD_LOOK, "hold and move the mouse to look around"},
    {"Flying", ED_KEY_WHEEL, 0, MOUSE, 0, ED_CMD_BASE_SPEED, "change the flying speed"},
    {"Flying", 'z', 0, HELD, 0, ED_CMD_ROLL_LEFT, "roll left"},
    {"Flying", 'c', 0, HELD, 0, ED_CMD_ROLL_RIGHT, "roll right"},
    {"Flying", 'x', 0, PRESS, 0, ED_CMD_RESET_ROLL, "level the camera (roll 0)"},
    {"Flying", '-', 0, HELD, 0, ED_CMD_FOV_DOWN, "narrower field of view (zoom in)"},
    {"Flying", ED_KEY_KP_MINUS, 0, HELD, 0, ED_CMD_FOV_DOWN, "narrower field of view (zoom in)"},
    {"Flying", '=', 0, HELD, 0, ED_CMD_FOV_UP, "wider field of view (the + key)"},
    {"Flying", ED_KEY_KP_PLUS, 0, HELD, 0, ED_CMD_FOV_UP, "wider field of view"},
    {"Flying", 'f', 0, PRESS, 0, ED_CMD_GOTO_KEY, "put the camera at the selected key's pose"},

    {"Recording", ED_KEY_F2, 0, PRESS, 0, ED_CMD_RECORD, "record the camera as a new key at the end"},
    {"Recording", ED_KEY_F2, S, PRESS, 0, ED_CMD_INSERT, "insert the camera after the selected key"},
    {"Recording", 't', 0, PRESS, 0, ED_CMD_TIME_MODE, "key times: by distance, or by real time"},
    {"Recording", ED_KEY_PAGEUP, 0, PRESS, 0, ED_CMD_NOMINAL_UP, "nominal speed x1.25"},
    {"Recording", ED_KEY_PAGEDOWN, 0, PRESS, 0, ED_CMD_NOMINAL_DOWN, "nominal speed /1.25"},

    {"Playback", ' ', 0, PRESS, 0, ED_CMD_PLAY, "play / pause"},
    {"Playback", ED_KEY_HOME, 0, PRESS, 0, ED_CMD_SEEK_START, "playhead to the start"},
    {"Playback", ED_KEY_END, 0, PRESS, 0, ED_CMD_SEEK_END, "playhead to the end"},
    {"Playback", ED_KEY_LEFT, 0, PRESS, 0, ED_CMD_STEP_BACK, "playhead 0.1 s back"},
    {"Playback", ED_KEY_RIGHT, 0, PRESS, 0, ED_CMD_STEP_FORWARD, "playhead 0.1 s forward"},
    {"Playback", ED_KEY_LEFT, S, PRESS, 0, ED_CMD_STEP_BACK_BIG, "playhead 1 s back"},
    {"Playback", ED_KEY_RIGHT, S, PRESS, 0, ED_CMD_STEP_FORWARD_BIG, "playhead 1 s forward"},
    {"Playback", 'v', 0, PRESS, 0, ED_CMD_TOGGLE_VIEW, "watch the path camera / look through it"},

    {"Mouse", ED_KEY_MOUSE_LEFT, 0, MOUSE, 0, ED_CMD_CLICK, "click a key: select it; timeline, graph: scrub; speed strip: drag up or down"},
    {"Mouse", ED_KEY_MOUSE_LEFT, S, MOUSE, 0, ED_CMD_CLICK, "click or box: add to the selection"},
    {"Mouse", ED_KEY_MOUSE_LEFT, 0, MOUSE, 0, ED_CMD_CLICK, "drag from empty space: a box selects keys"},
    {"Mouse", ED_KEY_MOUSE_LEFT, 0, MOUSE, 0, ED_CMD_CLICK, "drag the gizmo or a key: move the selection"},
    {"Mouse", ED_KEY_MOUSE_LEFT, 0, MOUSE, 0, ED_CMD_CLICK, "drag a key's tick: its time (Shift: and later)"},
    {"Mouse", ED_KEY_MOUSE_LEFT, 0, MOUSE, 0, ED_CMD_CLICK, "drag an inspector value; click it to type"},

    {"Editing", '[', 0, PRESS, 0, ED_CMD_SELECT_PREV, "select the previous key"},
    {"Editing", ']', 0, PRESS, 0, ED_CMD_SELECT_NEXT, "select the next key"},
    {"Editing", ED_KEY_ESCAPE, 0, PRESS, 0, ED_CMD_DESELECT, "close help; undo a drag or look; select nothing"},
    {"Editing", 'a', C, PRESS, 0, ED_CMD_SELECT_ALL, "select every key"},
    {"Editing", 'g', 0, PRESS, 0, ED_CMD_MOVE_KEY, "move the selected key to the camera pose"},
    {"Editing", ED_KEY_RETURN, 0, PRESS, 0, ED_CMD_ENTER, "type the selected key's values (Tab: next)"},
    {"Editing", 'l', 0, PRESS, 0, ED_CMD_LOOK_FROM_KEY, "look from the selected key to turn it (L keeps)"},
    {"Editing", 'k', 0, PRESS, 0, ED_CMD_INSERT_AT_PLAYHEAD, "a key on the path at the playhead (shape kept)"},
    {"Editing", ED_KEY_DELETE, 0, PRESS, 0, ED_CMD_DELETE, "delete the selected keys"},
    {"Editing", ED_KEY_BACKSPACE, 0, PRESS, 0, ED_CMD_DELETE, "delete the selected keys"},
    {"Editing", ',', 0, PRESS, 0, ED_CMD_KEY_EARLIER, "selected keys 0.1 s earlier"},
    {"Editing", '.', 0, PRESS, 0, ED_CMD_KEY_LATER, "selected keys 0.1 s later"},
    {"Editing", ',', S, PRESS, 0, ED_CMD_RIPPLE_EARLIER, "selected key and all after it 0.1 s earlier"},
    {"Editing", '.', S, PRESS, 0, ED_CMD_RIPPLE_LATER, "selected key and all after it 0.1 s later"},
    {"Editing", 'r', 0, PRESS, 0, ED_CMD_RETIME, "retime the whole path to constant speed"},
    {"Editing", 'i', 0, PRESS, 0, ED_CMD_CYCLE_INTERP, "interpolation: c2/bisector/catmull-rom/linear"},
    {"Editing", 'o', 0, PRESS, 0, ED_CMD_CYCLE_ENDS, "ends: natural, rest, closed"},
    {"Editing", 't', S, PRESS, 0, ED_CMD_CYCLE_TIMING, "timing: keys, smooth, constant speed"},
    {"Editing", 'o', S, PRESS, 0, ED_CMD_CYCLE_ORIENTATION, "orientation: rotations, or look-at targets"},
    {"Editing", 'c', C, PRESS, 0, ED_CMD_COPY, "copy the selected keys"},
    {"Editing", 'x', C, PRESS, 0, ED_CMD_CUT, "cut the selected keys"},
    {"Editing", 'v', C, PRESS, 0, ED_CMD_PASTE, "paste keys at the playhead (later keys move on)"},
    {"Editing", 'z', C, PRESS, 0, ED_CMD_UNDO, "undo"},
    {"Editing", 'y', C, PRESS, 0, ED_CMD_REDO, "redo"},
    {"Editing", 'z', C | S, PRESS, 0, ED_CMD_REDO, "redo"},
    {"Editing", 's', C, PRESS, 0, ED_CMD_SAVE, "save (atomic; unknown fields are kept)"},
    {"Editing", 'n', 0, PRESS, 0, ED_CMD_SNAP, "snapping: dragged key times to frames and beats"},

    {"Sequences", 'n', C, PRESS, 0, ED_CMD_SHOT_ADD, "the path edited as a shot at the end (starts a sequence)"},
    {"Sequences", '[', C, PRESS, 0, ED_CMD_SHOT_PREV, "edit the shot before"},
    {"Sequences", ']', C, PRESS, 0, ED_CMD_SHOT_NEXT, "edit the shot after"},
    {"Sequences", ED_KEY_MOUSE_LEFT, 0, MOUSE, 0, ED_CMD_CLICK, "shot track: click a shot to edit its path"},
    {"Sequences", ED_KEY_MOUSE_LEFT, 0, MOUSE, 0, ED_CMD_CLICK, "shot track: drag a left edge: blend; right: trim"},
    {"Sequences", ED_KEY_MOUSE_LEFT, S, MOUSE, 0, ED_CMD_CLICK, "shot track: drag a left edge: trim the start"},
    {"Sequences", ED_KEY_MOUSE_LEFT, 0, MOUSE, 0, ED_CMD_CLICK, "shot track: drag a shot: move it"},

    {"View", ED_KEY_F1, 0, PRESS, 0, ED_CMD_HELP, "show / hide this help"},
    {"View", ED_KEY_F3, 0, PRESS, 0, ED_CMD_GRAPH, "show / hide the graph of speeds and fov"},
    {"View", ED_KEY_F4, 0, PRESS, 0, ED_CMD_COLOR_MODE, "colour the path by speed or acceleration"},
    {"View", 'p', 0, PRESS, 0, ED_CMD_PIP, "show / hide the path camera's picture-in-picture"},
    {"View", 'h', 0, PRESS, 0, ED_CMD_HUD, "show / hide the HUD (messages stay)"},
    {"View", 'f', C, PRESS, 0, ED_CMD_FRAME_PATH, "frame the whole path in the view"},
    {"View", 'f', S, PRESS, 0, ED_CMD_FRAME_SELECTION, "frame the selected keys in the view"},
    {"View", 'h', C, PRESS, 0, ED_CMD_HIDE_AT, "hide the scene object under the mouse (saved)"},
    {"View", 'h', C | S, PRESS, 0, ED_CMD_SHOW_HIDDEN, "show every hidden scene object again"},
    {"View", ED_KEY_F5, 0, PRESS, 0, ED_CMD_NEXT_PROBLEM, "playhead to the next clearance problem"},
    {"View", 'q', C, PRESS, 0, ED_CMD_QUIT, "quit (asks first if there are unsaved edits)"},

    {"Linked games", ED_KEY_F6, 0, PRESS, 0, ED_CMD_LINK, "listen for running games (docs/link.md), or stop"},
    {"Linked games", 'v', S, PRESS, 0, ED_CMD_GAME_VIEW, "look through the game's camera (F2 records it)"},
    {"Linked games", ED_KEY_F7, 0, PRESS, 0, ED_CMD_FOLLOW_GAME, "the playhead follows the game's time, or not"},
    {"Linked games", ED_KEY_F8, 0, PRESS, 0, ED_CMD_HAND_OFF, "hand the game's camera to the path, or back"},

    {"File changed on disk", 'r', 0, PRESS, ED_PROMPT_RELOAD, ED_CMD_ANSWER_RELOAD,
     "reload it (your edits stay in undo)"},
    {"File changed on disk", 'k', 0, PRESS, ED_PROMPT_RELOAD, ED_CMD_ANSWER_KEEP,
     "keep mine (the next save overwrites it)"},
    {"Recovery file found", 'r', 0, PRESS, ED_PROMPT_RECOVERY, ED_CMD_ANSWER_RESTORE, "restore the unsaved edits"},
    {"Recovery file found", 'd', 0, PRESS, ED_PROMPT_RECOVERY, ED_CMD_ANSWER_DISCARD, "discard it"},
    {"Quitting with unsaved edits", 's', 0, PRESS, ED_PROMPT_QUIT, ED_CMD_ANSWER_SAVE, "save, then quit"},
    {"Quitting with unsaved edits", 'd', 0, PRESS, ED_PROMPT_QUIT, ED_CMD_ANSWER_DISCARD, "discard the edits and quit"},
    {"Quitting with unsaved edits", ED_KEY_ESCAPE, 0, PRESS, ED_PROMPT_QUIT, ED_CMD_ANSWER_CANCEL, "do not quit"},
};

#undef S
#undef C
#undef PRESS
#undef HELD
#undef MOUSE

const ed_binding *ed_bindings(size_t *count)
{
    *count = sizeof table / sizeof table[0];
    return table;
}

const ed_binding *ed_binding_find(int key, unsigned mods, ed_prompt prompt)
{
    mods &= ED_MOD_SHIFT | ED_MOD_CTRL;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        const ed_binding *b = &table[i];
        if (b->kind == ED_BIND_PRESS && b->key == key && b->mods == mods && b->prompt == prompt)
            return b;
    }
    return NULL;
}

/* ---- key names -------------------------------------------------------------------- */

static const struct {
    int key;
    const char *name;
} special_names[] = {
    {ED_KEY_F1, "F1"}, {ED_KEY_F2, "F2"}, {ED_KEY_F3, "F3"}, {ED_KEY_F4, "F4"},
    {ED_KEY_F5, "F5"}, {ED_KEY_F6, "F6"}, {ED_KEY_F7, "F7"}, {ED_KEY_F8, "F8"},
    {ED_KEY_F9, "F9"}, {ED_KEY_F10, "F10"}, {ED_KEY_F11, "F11"}, {ED_KEY_F12, "F12"},
    {ED_KEY_ESCAPE, "Esc"}, {ED_KEY_RETURN, "Enter"}, {ED_KEY_TAB, "Tab"},
    {ED_KEY_BACKSPACE, "Backspace"}, {ED_KEY_DELETE, "Delete"}, {ED_KEY_HOME, "Home"},
    {ED_KEY_END, "End"}, {ED_KEY_PAGEUP, "PageUp"}, {ED_KEY_PAGEDOWN, "PageDown"},
    {ED_KEY_LEFT, "Left"}, {ED_KEY_RIGHT, "Right"}, {ED_KEY_UP, "Up"}, {ED_KEY_DOWN, "Down"},
    {ED_KEY_KP_PLUS, "Keypad+"}, {ED_KEY_KP_MINUS, "Keypad-"}, {ED_KEY_SHIFT, "Shift"},
    {ED_KEY_CTRL, "Ctrl"}, {ED_KEY_MOUSE_LEFT, "Left mouse"}, {ED_KEY_MOUSE_RIGHT, "Right mouse"},
    {ED_KEY_WHEEL, "Wheel"}, {' ', "Space"},
};

/* Printable keys are named by their (upper-case) character. */
static const struct {
    int key;
    const char *name;
} printable_names[] = {
    {'a', "A"}, {'b', "B"}, {'c', "C"}, {'d', "D"}, {'e', "E"}, {'f', "F"}, {'g', "G"}, {'h', "H"},
    {'i', "I"}, {'j', "J"}, {'k', "K"}, {'l', "L"}, {'m', "M"}, {'n', "N"}, {'o', "O"}, {'p', "P"},
    {'q', "Q"}, {'r', "R"}, {'s', "S"}, {'t', "T"}, {'u', "U"}, {'v', "V"}, {'w', "W"}, {'x', "X"},
    {'y', "Y"}, {'z', "Z"}, {'0', "0"}, {'1', "1"}, {'2', "2"}, {'3', "3"}, {'4', "4"}, {'5', "5"},
    {'6', "6"}, {'7', "7"}, {'8', "8"}, {'9', "9"}, {'-', "-"}, {'=', "="}, {'[', "["}, {']', "]"},
    {',', ","}, {'.', "."}, {';', ";"}, {'\'', "'"}, {'/', "/"}, {'`', "`"}, {'\\', "\\"},
};

const char *ed_key_name(int key)
{
    for (size_t i = 0; i < sizeof special_names / sizeof special_names[0]; i++)
        if (special_names[i].key == key)
            return special_names[i].name;
    for (size_t i = 0; i < sizeof printable_names / sizeof printable_names[0]; i++)
        if (printable_names[i].key == key)
            return printable_names[i].name;
    return "?";
}

char *ed_chord_name(int key, unsigned mods, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s", (mods & ED_MOD_CTRL) ? "Ctrl+" : "", (mods & ED_MOD_SHIFT) ? "Shift+" : "",
             ed_key_name(key));
    return buf;
}

static int key_from_name(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof special_names / sizeof special_names[0]; i++) {
        const char *n = special_names[i].name;
        if (strlen(n) == len && ed_os_ncasecmp(n, name, len) == 0)
            return special_names[i].key;
    }
    for (size_t i = 0; i < sizeof printable_names / sizeof printable_names[0]; i++) {
        const char *n = printable_names[i].name;
        if (strlen(n) == len && ed_os_ncasecmp(n, name, len) == 0)
            return printable_names[i].key;
    }
    if (len == 6 && ed_os_ncasecmp(name, "Delete", 6) == 0)
        return ED_KEY_DELETE;
    if ((len == 6 && ed_os_ncasecmp(name, "Escape", 6) == 0))
        return ED_KEY_ESCAPE;
    return ED_KEY_NONE;
}

int ed_chord_parse(const char *text, int *key, unsigned *mods)
{
    unsigned m = 0;
    const char *p = text;
    for (;;) {
        /* a lone "+" or a chord ending in "+" names the + key itself, so split on '+' only before the end */
        const char *plus = strchr(p, '+');
        if (!plus || plus[1] == '\0')
            break;
        size_t len = (size_t)(plus - p);
        if (len == 5 && ed_os_ncasecmp(p, "shift", 5) == 0)
            m |= ED_MOD_SHIFT;
        else if ((len == 4 && ed_os_ncasecmp(p, "ctrl", 4) == 0) || (len == 7 && ed_os_ncasecmp(p, "control", 7) == 0))
            m |= ED_MOD_CTRL;
        else
            return -1;
        p = plus + 1;
    }
    int k = strcmp(p, "+") == 0 ? '=' : key_from_name(p, strlen(p));
    if (k == ED_KEY_NONE)
        return -1;
    *key = k;
    *mods = m;
    return 0;
}

/* ---- the manual's table --------------------------------------------------------------- */

typedef struct strbuf {
    char *data;
    size_t len, cap;
    int failed;
} strbuf;

static void sb_add(strbuf *sb, const char *s)
{
    size_t n = strlen(s);
    if (sb->failed)
        return;
    if (sb->len + n + 1 > sb->cap) {
        size_t cap = sb->cap ? sb->cap * 2 : 1024;
        while (cap < sb->len + n + 1)
            cap *= 2;
        char *d = realloc(sb->data, cap);
        if (!d) {
            sb->failed = 1;
            return;
        }
        sb->data = d;
        sb->cap = cap;
    }
    memcpy(sb->data + sb->len, s, n + 1);
    sb->len += n;
}

char *ed_bindings_markdown(void)
{
    strbuf sb = {0};
    const char *section = NULL;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        const ed_binding *b = &table[i];
        if (!section || strcmp(section, b->section) != 0) {
            section = b->section;
            if (i > 0)
                sb_add(&sb, "\n");
            sb_add(&sb, "**");
            sb_add(&sb, section);
            sb_add(&sb, "**\n\n| key | what it does |\n|---|---|\n");
        }
        char chord[64], line[256];
        ed_chord_name(b->key, b->mods, chord, sizeof chord);
        snprintf(line, sizeof line, "| %s%s | %s |\n", chord, b->kind == ED_BIND_HELD ? " (hold)" : "", b->help);
        sb_add(&sb, line);
    }
    if (sb.failed) {
        free(sb.data);
        return NULL;
    }
    return sb.data;
}

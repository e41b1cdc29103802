/* SPDX-License-Identifier: MIT */
/* editor/core/bindings.h - the editor's key bindings: one table that the input
 * layer dispatches from, that F1 displays and that the manual is made from.
 *
 * Keys are the editor's own codes (no SDL types here) so that the table can
 * be tested without a window: printable keys are their lower-case ASCII
 * code, other keys and the mouse have codes from ED_KEY_SPECIAL up. The
 * input layer translates SDL key codes to these.
 */
#ifndef ED_BINDINGS_H
#define ED_BINDINGS_H

#include <stddef.h>

/* Keys. Printable keys use their ASCII code ('a'..'z', '0'..'9', ' ', '-',
 * '=', '[', ']', ',', '.'). */
enum {
    ED_KEY_NONE = 0,
    ED_KEY_SPECIAL = 256,
    ED_KEY_F1 = ED_KEY_SPECIAL, ED_KEY_F2, ED_KEY_F3, ED_KEY_F4, ED_KEY_F5, ED_KEY_F6,
    ED_KEY_F7, ED_KEY_F8, ED_KEY_F9, ED_KEY_F10, ED_KEY_F11, ED_KEY_F12,
    ED_KEY_ESCAPE, ED_KEY_RETURN, ED_KEY_TAB, ED_KEY_BACKSPACE, ED_KEY_DELETE,
    ED_KEY_HOME, ED_KEY_END, ED_KEY_PAGEUP, ED_KEY_PAGEDOWN,
    ED_KEY_LEFT, ED_KEY_RIGHT, ED_KEY_UP, ED_KEY_DOWN,
    ED_KEY_KP_PLUS, ED_KEY_KP_MINUS, ED_KEY_SHIFT, ED_KEY_CTRL,
    ED_KEY_MOUSE_LEFT, ED_KEY_MOUSE_RIGHT, ED_KEY_WHEEL,
    ED_KEY_LAST
};

/* Modifier bits. A pressed binding matches only its exact Shift/Ctrl set. */
enum { ED_MOD_SHIFT = 1u, ED_MOD_CTRL = 2u };

/* Everything a binding can do. */
typedef enum ed_cmd {
    ED_CMD_NONE = 0,
    /* held: active while the key is down */
    ED_CMD_MOVE_FORWARD, ED_CMD_MOVE_BACK, ED_CMD_MOVE_LEFT, ED_CMD_MOVE_RIGHT,
    ED_CMD_MOVE_DOWN, ED_CMD_MOVE_UP, ED_CMD_FAST, ED_CMD_ROLL_LEFT, ED_CMD_ROLL_RIGHT,
    ED_CMD_FOV_DOWN, ED_CMD_FOV_UP, ED_CMD_LOOK,
    /* mouse */
    ED_CMD_BASE_SPEED, ED_CMD_CLICK,
    /* pressed */
    ED_CMD_RESET_ROLL, ED_CMD_GOTO_KEY,
    ED_CMD_RECORD, ED_CMD_INSERT, ED_CMD_TIME_MODE, ED_CMD_NOMINAL_UP, ED_CMD_NOMINAL_DOWN,
    ED_CMD_PLAY, ED_CMD_SEEK_START, ED_CMD_SEEK_END, ED_CMD_STEP_BACK, ED_CMD_STEP_FORWARD,
    ED_CMD_STEP_BACK_BIG, ED_CMD_STEP_FORWARD_BIG, ED_CMD_TOGGLE_VIEW,
    ED_CMD_SELECT_PREV, ED_CMD_SELECT_NEXT, ED_CMD_DESELECT, ED_CMD_MOVE_KEY, ED_CMD_DELETE,
    ED_CMD_KEY_EARLIER, ED_CMD_KEY_LATER, ED_CMD_RIPPLE_EARLIER, ED_CMD_RIPPLE_LATER,
    ED_CMD_RETIME, ED_CMD_CYCLE_INTERP, ED_CMD_CYCLE_ENDS,
    ED_CMD_SELECT_ALL, ED_CMD_INSERT_AT_PLAYHEAD, ED_CMD_COPY, ED_CMD_CUT, ED_CMD_PASTE,
    ED_CMD_LOOK_FROM_KEY, ED_CMD_ENTER, ED_CMD_CYCLE_TIMING, ED_CMD_CYCLE_ORIENTATION,
    ED_CMD_UNDO, ED_CMD_REDO, ED_CMD_SAVE, ED_CMD_QUIT,
    ED_CMD_HELP, ED_CMD_GRAPH, ED_CMD_COLOR_MODE, ED_CMD_PIP, ED_CMD_NEXT_PROBLEM,
    ED_CMD_FRAME_PATH, ED_CMD_FRAME_SELECTION, ED_CMD_HUD, ED_CMD_HIDE_AT, ED_CMD_SHOW_HIDDEN,
    ED_CMD_LINK, ED_CMD_GAME_VIEW, ED_CMD_FOLLOW_GAME, ED_CMD_HAND_OFF,
    /* answers to a question the editor asks */
    ED_CMD_ANSWER_RELOAD, ED_CMD_ANSWER_KEEP, ED_CMD_ANSWER_RESTORE, ED_CMD_ANSWER_DISCARD,
    ED_CMD_ANSWER_SAVE, ED_CMD_ANSWER_CANCEL,
    ED_CMD_SNAP,
    ED_CMD_SHOT_ADD, ED_CMD_SHOT_PREV, ED_CMD_SHOT_NEXT,
    ED_CMD_COUNT
} ed_cmd;

/* The question being asked, if any (also the context of an answer binding). */
typedef enum ed_prompt {
    ED_PROMPT_NONE = 0,
    ED_PROMPT_RELOAD,    /* the file changed on disk while there are unsaved edits */
    ED_PROMPT_RECOVERY,  /* a recovery file from an earlier session was found */
    ED_PROMPT_QUIT       /* quitting with unsaved edits */
} ed_prompt;

typedef enum ed_bind_kind {
    ED_BIND_PRESS = 0,   /* runs once per press (and key repeat where it makes sense) */
    ED_BIND_HELD,        /* active while down; modifiers are ignored */
    ED_BIND_MOUSE        /* a mouse gesture handled by the input layer */
} ed_bind_kind;

typedef struct ed_binding {
    const char  *section;  /* heading in the help screen and the manual */
    int          key;      /* ED_KEY_* or ASCII */
    unsigned     mods;     /* ED_MOD_* for ED_BIND_PRESS */
    ed_bind_kind kind;
    ed_prompt    prompt;   /* ED_PROMPT_NONE, or the question this answers */
    ed_cmd       cmd;
    const char  *help;     /* what it does, one short line */
} ed_binding;

/* The table, in display order. */
const ed_binding *ed_bindings(size_t *count);

/* The pressed binding for key + mods in a context (prompt = ED_PROMPT_NONE
 * for normal editing), or NULL. */
const ed_binding *ed_binding_find(int key, unsigned mods, ed_prompt prompt);

/* "F2", "A", "Space", "Right mouse"... ("?" for an unknown code). */
const char *ed_key_name(int key);
/* "Ctrl+Shift+Z" into buf; returns buf. */
char *ed_chord_name(int key, unsigned mods, char *buf, size_t size);
/* Parses "shift+f2", "ctrl+s", "space", "[" (case-insensitive). 0 on success. */
int ed_chord_parse(const char *text, int *key, unsigned *mods);
/* The table as the Markdown the manual embeds (malloc'd; NULL if out of memory). */
char *ed_bindings_markdown(void);

#endif /* ED_BINDINGS_H */

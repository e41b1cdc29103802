/* SPDX-License-Identifier: MIT */
/* editor/core/base.h - what every part of the editor needs: its clock, the
 * one-line message the HUD shows, the question waiting for an answer, the
 * playhead, and whether the editor should close.
 *
 * It sits under every other module of editor/core (map: editor/core/README.md)
 * and knows none of them: a part reports through ed_base_message, refuses
 * edits while a question waits with ed_base_check_prompt, and moves the
 * playhead with ed_base_seek.
 */
#ifndef ED_BASE_H
#define ED_BASE_H

#include <stddef.h>

#include "bindings.h"
#include "campath/campath.h"

#define ED_MESSAGE_SECONDS 5.0   /* how long the HUD shows a message */

typedef struct ed_base {
    double    clock;              /* seconds since start, advanced by the update step */
    char      message[256];
    int       message_error;
    double    message_clock;      /* the clock when the message was set */
    int       message_selection;  /* the message describes the selection (it goes with it) */
    ed_prompt prompt;             /* the question waiting for an answer (ED_PROMPT_NONE: none) */
    double    playhead;           /* path time, seconds */
    int       playing;
    int       quit;               /* set when the editor should close */
} ed_base;

void ed_base_init(ed_base *b);

/* Sets the HUD message (printf-style). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
void ed_base_message(ed_base *b, int is_error, const char *fmt, ...);

/* Whether the message is on screen at the base's clock (not empty, not expired). */
int ed_base_message_shown(const ed_base *b);

/* -1 (with a message) while a question waits for its answer, else 0. */
int ed_base_check_prompt(ed_base *b);

/* Moves the playhead to `time` on `path` (not NULL): clamped to the path,
 * wrapped round a closed one (its end stays the end). A time that is not
 * finite is ignored. */
void ed_base_seek(ed_base *b, const cp_path *path, double time);

/* "key" or "keys", for counts in messages. */
static inline const char *ed_base_keys_word(size_t n) { return n == 1 ? "key" : "keys"; }

#endif /* ED_BASE_H */

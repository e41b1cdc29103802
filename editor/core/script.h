/* SPDX-License-Identifier: MIT */
/* editor/core/script.h - the headless mode's command language: one command per
 * line, words separated by blanks, "#" starts a comment, a word with blanks
 * goes in double quotes. docs/editor.md lists every command (a test checks
 * it against ed_script_commands).
 *
 * A script drives the same app and control functions a person does, so a
 * script that records, saves and takes a screenshot shows what a person
 * would see. Time passes only through `wait` and `play-to` (in 1/60 s
 * frames), so a script always gives the same result.
 */
#ifndef ED_SCRIPT_H
#define ED_SCRIPT_H

#include <stddef.h>

#include "commands.h"
#include "control.h"

#define ED_SCRIPT_FRAME (1.0 / 60.0)   /* seconds per simulated frame */
#define ED_SCRIPT_MAX_LINE 4096
#define ED_SCRIPT_MAX_WORDS 16
#define ED_SCRIPT_DRAG_STEPS 16   /* mouse motions between a drag's press and release */

/* What only the program around the script can do (render, talk SDL). */
typedef struct ed_script_host {
    void *ctx;
    /* Renders the current frame into `file`; 0, or -1 with a reason in err. NULL: unsupported. */
    int (*screenshot)(void *ctx, ed_app *app, const char *file, char *err, size_t err_size);
    /* Delivers a synthetic event through the program's input layer. NULL:
     * straight to ed_control_event. */
    void (*event)(void *ctx, ed_app *app, ed_control *ctl, const ed_event *ev);
    /* Shows a progress line while a scene loads; non-zero gives up on the
     * load (the person asked to quit). NULL: none. */
    int (*progress)(void *ctx, const char *line);
    /* Puts an event on the window system's queue, unread, as the window
     * system puts one there (`queue`). NULL: unsupported. */
    void (*queue)(void *ctx, const ed_event *ev);
    /* Reads the queue as the window does once a frame (`pump`); returns the
     * number of events read. NULL: unsupported. */
    int (*pump)(void *ctx, ed_app *app, ed_control *ctl);
    /* Puts a file dropped on the window on the window system's queue
     * (`queue drop FILE`). NULL: unsupported. */
    void (*queue_drop)(void *ctx, const char *file);
} ed_script_host;

typedef struct ed_script {
    ed_app               *app;
    ed_control           *control;
    const ed_script_host *host;     /* may be NULL */
    const char           *source;   /* the script's name in messages */
    int                   line;     /* the line being run */
    int                   done;     /* `quit` ran and the editor agreed to close */
} ed_script;

/* Runs one line. 0, or -1 with "SOURCE:LINE: what went wrong" in err. */
int ed_script_line(ed_script *s, const char *text, char *err, size_t err_size);

/* Runs a whole script file, stopping at the first error. */
int ed_script_run_file(ed_script *s, const char *file, char *err, size_t err_size);

/* The commands, for help screens and for the test that the manual lists them all. */
typedef struct ed_script_command {
    const char *name;
    int         min_args, max_args;
    int       (*run)(ed_script *s, int argc, char **argv, char *err, size_t err_size);
    const char *usage;   /* "camera X Y Z [YAW PITCH [ROLL]]" */
    const char *help;
} ed_script_command;

const ed_script_command *ed_script_commands(size_t *count);

/* For the commands: "SOURCE:LINE: message" into err; returns -1. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 4, 5)))
#endif
int ed_script_fail(const ed_script *s, char *err, size_t n, const char *fmt, ...);

#endif /* ED_SCRIPT_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/status.h - what the HUD says, as text: the status lines (file,
 * path, camera, recording, selection, world, clearance), the progress of
 * long work, and the question waiting for an answer. Made here, without
 * SDL, so that tests read exactly what a person reads; editor/sdl/hud.c
 * only draws it (the message wrapped to the window's width: wrap.h). */
#ifndef ED_STATUS_H
#define ED_STATUS_H

#include "app.h"
#include "wrap.h"

#define ED_STATUS_MAX_LINES 16
#define ED_STATUS_GAMES 3         /* linked games listed, at most */
#define ED_MESSAGE_MAX_LINES 4    /* a longer message ends in "..." */

typedef enum ed_status_kind {
    ED_STATUS_PLAIN = 0,
    ED_STATUS_SAVED,     /* the file name, nothing unsaved */
    ED_STATUS_DIRTY,     /* the file name with unsaved edits */
    ED_STATUS_NOTE,      /* worth a look: the camera is rolled */
    ED_STATUS_WARN,      /* a problem: the clearance check found some */
    ED_STATUS_HINT       /* the key reminder at the foot */
} ed_status_kind;

typedef struct ed_status_line {
    ed_status_kind kind;
    char           text[ED_STATUS_LINE];
} ed_status_line;

/* The HUD's lines for the app's state into out (ED_STATUS_MAX_LINES room);
 * color_top is the value at the top of the path's colour scale (m/s or
 * m/s^2, by app->ui.color_mode). Returns the count. */
int ed_status_lines(const ed_app *app, double color_top, ed_status_line *out);

/* What is under way and takes a while (a scene loading, a retime): one line
 * each into `lines` (room for 2). Returns the count. */
int ed_status_progress(const ed_app *app, char (*lines)[ED_STATUS_LINE]);

/* The question waiting for an answer, as its box shows it. */
#define ED_STATUS_PROMPT_LINES 8
typedef struct ed_status_question {
    char title[64];
    char what[300];                                  /* what it is about */
    int  count;
    char lines[ED_STATUS_PROMPT_LINES][ED_STATUS_LINE]; /* the answers: "R     reload ..." */
} ed_status_question;
/* 1 and the question's text when one waits, else 0. */
int ed_status_prompt(const ed_app *app, ed_status_question *out);


#endif /* ED_STATUS_H */

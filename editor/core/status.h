/* editor/core/status.h - what the HUD says, as text: the status lines (file,
 * path, camera, recording, selection, world, clearance) and the message,
 * wrapped to the window's width. Made here, without SDL, so that tests read
 * exactly what a person reads; editor/sdl/hud.c only draws it. */
#ifndef ED_STATUS_H
#define ED_STATUS_H

#include "app.h"

#define ED_STATUS_MAX_LINES 12
#define ED_STATUS_LINE 200        /* bytes per line, NUL included */
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
 * m/s^2, by app->color_mode). Returns the count. */
int ed_status_lines(ed_app *app, double color_top, ed_status_line *out);

/* Whether the end behaviour acts on the path: natural and rest shape the
 * tangents at the ends of C2, bisector and Catmull-Rom curves, and the time
 * warp of smooth timing; under linear and step curves in keys timing only a
 * closed loop makes a difference. */
int ed_ends_matter(const cp_path_options *o);

/* Splits `text` into lines of at most `width` characters, at blanks where
 * it can (a longer word is cut); at most `max` lines, the last ending in
 * "..." when the text goes on. Returns the count (0 for empty text). */
int ed_wrap(const char *text, int width, char (*lines)[ED_STATUS_LINE], int max);

#endif /* ED_STATUS_H */

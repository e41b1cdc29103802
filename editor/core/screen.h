/* SPDX-License-Identifier: MIT */
/* editor/core/screen.h - where every overlay goes, so that none covers
 * another: the HUD with its colour scale inside it, the picture-in-picture,
 * the inspector, the messages above the timeline, the help sheet (over the
 * view, never over the timeline) and the labels of the clearance problems,
 * each placed beside its stretch of path where it covers nothing else (or
 * left out). Computed from the text metrics (ui.h), so that the renderer
 * only draws it and tests check it without a window.
 */
#ifndef ED_SCREEN_H
#define ED_SCREEN_H

#include "app.h"
#include "status.h"

#define ED_SCREEN_MAX_LABELS 24
#define ED_SCREEN_GAP 6           /* pixels between two overlays */
#define ED_SCREEN_LEGEND_W 120    /* the colour scale's width */

typedef struct ed_screen_label {
    ed_rect box;                  /* its panel */
    int     text_x, text_y;
    int     through;              /* passes through geometry (else: too close) */
    char    text[48];
} ed_screen_label;

typedef struct ed_screen {
    ed_layout       layout;
    ed_rect         hud;          /* the HUD's panel (w = 0: hidden, H) */
    int             hud_lines;
    ed_status_line  lines[ED_STATUS_MAX_LINES];
    int             line_chars;   /* a line longer than this is cut (with "...") */
    ed_rect         legend;       /* the colour scale, inside the HUD (w = 0: none) */
    ed_rect         pip;          /* the picture-in-picture (w = 0: none) */
    ed_rect         inspector;    /* the inspector's panel (w = 0: none) */
    ed_rect         messages;     /* the message and progress panels together (w = 0: none) */
    int             message_chars;/* their wrap width, in characters */
    ed_rect         help;         /* the help sheet (w = 0: closed) */
    size_t          label_count;
    ed_screen_label labels[ED_SCREEN_MAX_LABELS];
    size_t          labels_left_out;  /* clearance problems without a label: no room */
} ed_screen;

/* Lays the overlays out for the app as it is; color_top is the top of the
 * path's colour scale (status.h). */
void ed_screen_build(const ed_app *app, double color_top, ed_screen *s);

/* Whether two rectangles share a pixel (an empty one shares none). */
int ed_screen_overlap(const ed_rect *a, const ed_rect *b);

#endif /* ED_SCREEN_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/help.h - the key help sheet (F1): every binding but the
 * answers to questions (each question lists its own), grouped by section,
 * in columns as wide as the lines and as many as the window takes (at
 * most 3), on pages when it takes too few: F1 turns the page.
 *
 * Laid out here in pixels from the text metrics of the help's font (ui.h),
 * so that the renderer only draws it and the page count is known without a
 * renderer.
 */
#ifndef ED_HELP_H
#define ED_HELP_H

#include "app.h"

#define ED_HELP_MAX_ITEMS 256
#define ED_HELP_TEXT 96

typedef struct ed_help_item {
    int  x, y;                  /* top left, window pixels */
    int  heading;               /* a section's name (drawn in another colour) */
    char text[ED_HELP_TEXT];
} ed_help_item;

typedef struct ed_help {
    ed_rect      box;           /* the sheet (w = 0: closed) */
    int          title_x, title_y;
    char         title[128];
    int          pages, page;   /* the page shown, 0-based */
    int          count;
    ed_help_item items[ED_HELP_MAX_ITEMS];
} ed_help;

/* The sheet as the app shows it now (box.w = 0 when the help is closed). */
void ed_help_build(const ed_app *app, ed_help *h);
/* How many pages the sheet takes in the window now. */
int ed_help_pages(const ed_app *app);

#endif /* ED_HELP_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/ui.h - the view and the rest of what is on screen: the free
 * camera and whether the view is through the path camera, the window and
 * the mouse in it, the panels shown (help, graph, picture-in-picture), the
 * output frame's aspect, the inspector field being typed into, the text
 * metrics the layout is made with, and the clipboard.
 *
 * Plain state, set by the commands (app.h) and read by the renderer; the
 * layout (layout.h) is computed from it.
 */
#ifndef ED_UI_H
#define ED_UI_H

#include "camera.h"
#include "campath/campath.h"
#include "layout.h"

#define ED_ASPECT_DEFAULT (16.0 / 9.0)   /* the output frame's width / height */
#define ED_ASPECT_MIN 0.2
#define ED_ASPECT_MAX 5.0

typedef enum ed_color_mode { ED_COLOR_SPEED = 0, ED_COLOR_ACCELERATION } ed_color_mode;

/* The system clipboard, as the front end offers it (clip.h). */
typedef struct ed_clipboard_host {
    void *ctx;
    /* Puts text on the system clipboard. */
    void (*set)(void *ctx, const char *text);
    /* The system clipboard's text, malloc'd; NULL when it holds none. */
    char *(*get)(void *ctx);
} ed_clipboard_host;

/* What the renderer's fonts measure, in pixels: the layout of text panels
 * (the inspector, the help sheet) is made with these so that clicks land
 * where the eye sees the text. */
typedef struct ed_text_metrics {
    int advance, line;             /* the font of the HUD */
    int small_advance, small_line; /* the smaller one of the help sheet */
} ed_text_metrics;

typedef struct ed_ui {
    ed_camera      camera;        /* the free camera */
    int            view_path;     /* 1: look through the path camera */
    double         aspect;        /* output width / height: the frame through the path camera */
    int            show_pip;      /* picture-in-picture of the path camera while editing */
    int            show_help;     /* 0: closed; else the page of the key help shown (1, 2, ...) */
    int            show_graph;
    ed_color_mode  color_mode;
    int            width, height; /* window size in pixels */
    int            mouse_x, mouse_y;
    ed_text_metrics text;
    struct {                      /* the inspector field being typed into (inspector.h) */
        int  field;               /* ed_field; 0: none */
        char text[32];
        int  fresh;               /* the text is the old value: the first key typed replaces it */
    } typing;
    char          *clipboard;     /* the editor's own clipboard: a path file's text (clip.h) */
    const ed_clipboard_host *clipboard_host;   /* NULL: the editor's own only */
} ed_ui;

/* A 960 x 540 window, the camera where paths/demo.json starts, the
 * picture-in-picture on. */
void ed_ui_init(ed_ui *u);
void ed_ui_free(ed_ui *u);

/* Where things go in the window now: the graph is hidden and the frame
 * letterboxed while looking through the path camera (which needs a path). */
void ed_ui_layout(const ed_ui *u, int has_path, ed_layout *l);
/* Whether the view is through the path camera (asked for, and there is a path). */
static inline int ed_ui_through(const ed_ui *u, int has_path) { return u->view_path && has_path; }

#endif /* ED_UI_H */

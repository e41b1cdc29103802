/* SPDX-License-Identifier: MIT */
/* editor/core/layout.h - where things go in the window: the 3D view, the graph
 * panel, the timeline. Shared by drawing and by mouse handling so that a
 * click lands where the eye sees it. Pixels, origin top left.
 */
#ifndef ED_LAYOUT_H
#define ED_LAYOUT_H

#define ED_TIMELINE_HEIGHT 44
#define ED_GRAPH_MIN_HEIGHT 120
#define ED_GRAPH_SHARE 0.36       /* of the window height, when shown */
#define ED_TIMEBAR_MARGIN 64      /* room for time labels left and right of the bar */

typedef struct ed_rect {
    int x, y, w, h;
} ed_rect;

#define ED_PIP_SHARE 0.24          /* of the view's width: the picture-in-picture */
#define ED_PIP_MIN_WIDTH 120
#define ED_PIP_MARGIN 10

typedef struct ed_layout {
    ed_rect view;       /* the 3D view */
    ed_rect frame;      /* where the world is drawn: the view, or the output frame letterboxed in it */
    ed_rect pip;        /* the picture-in-picture of the path camera (w = 0 when not shown) */
    ed_rect graph;      /* the graph panel (h = 0 when hidden) */
    ed_rect timeline;   /* the strip at the bottom */
    ed_rect bar;        /* the timeline bar inside it; the graph's time axis spans the same x range */
    ed_rect shots;      /* the shot track above the timeline, with a sequence open (h = 0 without) */
} ed_layout;

void ed_layout_compute(ed_layout *l, int width, int height, int show_graph);


/* Sets frame and pip: with `through` (looking through the path camera) the
 * frame is the output frame letterboxed in the view; with `pip` a small
 * frame of `aspect` sits in the view's top right corner. */
void ed_layout_shot(ed_layout *l, int through, int pip, double aspect);

int ed_rect_contains(const ed_rect *r, int x, int y);

/* The time under pixel column x on the bar (clamped to the path). */
double ed_layout_time_at(const ed_layout *l, double start, double duration, int x);
/* The pixel column of time t on the bar. */
double ed_layout_x_of(const ed_layout *l, double start, double duration, double t);

#endif /* ED_LAYOUT_H */

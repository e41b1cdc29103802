/* SPDX-License-Identifier: MIT */
/* editor/core/layout.c - the window's regions. */
#include "layout.h"

#include <math.h>

static ed_rect rect(int x, int y, int w, int h)
{
    ed_rect r = {x, y, w < 0 ? 0 : w, h < 0 ? 0 : h};
    return r;
}

void ed_layout_compute(ed_layout *l, int width, int height, int show_graph)
{
    if (width < 1)
        width = 1;
    if (height < 1)
        height = 1;
    int tl = height > 2 * ED_TIMELINE_HEIGHT ? ED_TIMELINE_HEIGHT : height / 3;
    int gh = 0;
    if (show_graph) {
        gh = (int)(ED_GRAPH_SHARE * height);
        if (gh < ED_GRAPH_MIN_HEIGHT)
            gh = ED_GRAPH_MIN_HEIGHT;
        /* a small window keeps at least a third of itself for the view */
        if (gh > (height - tl) * 2 / 3)
            gh = (height - tl) * 2 / 3;
    }
    int vh = height - tl - gh;
    if (vh < 1)
        vh = 1;
    l->view = rect(0, 0, width, vh);
    l->frame = l->view;
    l->pip = rect(0, 0, 0, 0);
    l->graph = rect(0, vh, width, gh);
    l->timeline = rect(0, height - tl, width, tl);
    l->shots = rect(0, height - tl, width, 0);
    int margin = width > 4 * ED_TIMEBAR_MARGIN ? ED_TIMEBAR_MARGIN : width / 8;
    l->bar = rect(margin, l->timeline.y + tl / 2 - 7, width - 2 * margin, 14);
    if (l->bar.w < 1)
        l->bar.w = 1;
}

int ed_rect_contains(const ed_rect *r, int x, int y)
{
    return x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h;
}

double ed_layout_time_at(const ed_layout *l, double start, double duration, int x)
{
    double u = (double)(x - l->bar.x) / (l->bar.w > 1 ? l->bar.w - 1 : 1);
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    return start + u * duration;
}

double ed_layout_x_of(const ed_layout *l, double start, double duration, double t)
{
    double u = duration > 0 ? (t - start) / duration : 0;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    return l->bar.x + u * (l->bar.w > 1 ? l->bar.w - 1 : 1);
}

static ed_rect letterbox(const ed_rect *area, double aspect)
{
    if (!(aspect > 0))
        return *area;
    int w = area->w, h = (int)lround(area->w / aspect);
    if (h > area->h) {
        h = area->h;
        w = (int)lround(area->h * aspect);
    }
    return rect(area->x + (area->w - w) / 2, area->y + (area->h - h) / 2, w < 1 ? 1 : w, h < 1 ? 1 : h);
}

void ed_layout_shot(ed_layout *l, int through, int pip, double aspect)
{
    l->frame = through ? letterbox(&l->view, aspect) : l->view;
    l->pip = rect(0, 0, 0, 0);
    if (through || !pip || !(aspect > 0))
        return;
    int w = (int)(ED_PIP_SHARE * l->view.w);
    w = w < ED_PIP_MIN_WIDTH ? ED_PIP_MIN_WIDTH : w;
    int h = (int)lround(w / aspect);
    /* a view too small for it shows none */
    if (w + 2 * ED_PIP_MARGIN > l->view.w / 2 || h + 2 * ED_PIP_MARGIN > l->view.h / 2)
        return;
    l->pip = rect(l->view.x + l->view.w - w - ED_PIP_MARGIN, l->view.y + ED_PIP_MARGIN, w, h);
}

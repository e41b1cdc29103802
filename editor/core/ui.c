/* SPDX-License-Identifier: MIT */
/* editor/core/ui.c - the view and the panels. */
#include "ui.h"

#include <stdlib.h>
#include <string.h>

void ed_ui_init(ed_ui *u)
{
    memset(u, 0, sizeof *u);
    /* where paths/demo.json starts: south of the pillar, looking at it */
    ed_camera_init(&u->camera, cp_vec3_make(0.0, 8.0, 48.0));
    u->aspect = ED_ASPECT_DEFAULT;
    u->show_pip = 1;
    u->width = 960;
    u->height = 540;
    /* until a renderer measures its fonts: DejaVu Sans Mono at 14 and 11 pixels */
    u->text = (ed_text_metrics){8, 17, 7, 13};
}

void ed_ui_free(ed_ui *u)
{
    free(u->clipboard);
    memset(u, 0, sizeof *u);
}

void ed_ui_layout(const ed_ui *u, int has_path, ed_layout *l)
{
    const int through = ed_ui_through(u, has_path);
    ed_layout_compute(l, u->width, u->height, u->show_graph && !through);
    ed_layout_shot(l, through, u->show_pip && has_path, u->aspect);
}

/* SPDX-License-Identifier: MIT */
/* editor/sdl/gfx.c - the renderer's state: set up, fonts, uploads, scratch. */
#include "gfx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ed_text_metrics ed_gfx_text_metrics(const ed_gfx *g)
{
    const ed_text *small = g->small ? g->small : g->text;
    ed_text_metrics m = {ed_text_advance(g->text), ed_text_height(g->text), ed_text_advance(small),
                         ed_text_height(small)};
    return m;
}

int ed_gfx_init(ed_gfx *g, char *err, size_t err_size)
{
    memset(g, 0, sizeof *g);
    err[0] = '\0';
    if (!(g->canvas = ed_canvas_create(err, err_size)) || ed_world_gl_init(&g->world, err, err_size) != 0 ||
        ed_overlay_init(&g->overlay, err, err_size) != 0 || ed_dof_init(&g->dof, err, err_size) != 0) {
        ed_gfx_free(g);
        return -1;
    }
    const char *font = ed_text_find_font();
    if (!font)
        snprintf(err, err_size, "no monospaced font found (set CAMPATH_EDITOR_FONT to a .ttf file): "
                                "the editor runs without text");
    else if ((g->text = ed_text_create(font, 14, err, err_size)) != NULL)
        g->small = ed_text_create(font, 11, err, err_size);
    return 0;
}

void ed_gfx_free(ed_gfx *g)
{
    ed_text_destroy(g->text);
    ed_text_destroy(g->small);
    ed_canvas_destroy(g->canvas);
    ed_world_gl_free(&g->world);
    ed_overlay_free(&g->overlay);
    ed_trace_free(&g->trace);
    ed_gl_target_free(&g->graph_cache);
    ed_gl_target_free(&g->preview_cache);
    ed_dof_free(&g->dof);
    free(g->cells);
    free(g->columns);
    memset(g, 0, sizeof *g);
}

void ed_gfx_upload(ed_gfx *g, const ed_app *app)
{
    if (g->world.serial != app->scene.world_serial) {
        char warn[sizeof g->warning];
        if (ed_world_gl_upload(&g->world, &app->scene.world, app->scene.world_serial, warn, sizeof warn) != 0)
            snprintf(g->warning, sizeof g->warning, "the graphics memory is too small for this world");
        else if (warn[0])
            snprintf(g->warning, sizeof g->warning, "%s", warn);
    }
    if (g->trace.serial != app->doc.path_serial || (!app->doc.path && g->trace.count)) {
        /* after an edit that updated part of the path, that part alone */
        double span[2];
        int part = ed_app_path_changed(app, g->trace.serial, span);
        ed_trace_update(&g->trace, app->doc.path, app->doc.path_serial, part ? span : NULL);
    }
    ed_overlay_set_path(&g->overlay, &g->trace, app->doc.path ? app->doc.path_serial : 0);
}


/* editor/sdl/draw.c - a frame: the world, the overlays, the picture-in-picture, the panels. */
#include "draw.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ED_FAR_MIN 2000.0   /* metres: the far plane, or further for a larger world */

int ed_gfx_reserve(void **buf, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 256;
    while (c < need)
        c *= 2;
    void *p = realloc(*buf, c * size);
    if (!p)
        return -1;
    *buf = p;
    *cap = c;
    return 0;
}

int ed_gfx_init(ed_gfx *g, char *err, size_t err_size)
{
    memset(g, 0, sizeof *g);
    err[0] = '\0';
    if (!(g->ui = ed_ui_create(err, err_size)) || ed_world_gl_init(&g->world, err, err_size) != 0 ||
        ed_overlay_init(&g->overlay, err, err_size) != 0) {
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
    ed_ui_destroy(g->ui);
    ed_world_gl_free(&g->world);
    ed_overlay_free(&g->overlay);
    ed_trace_free(&g->trace);
    ed_gl_target_free(&g->graph_cache);
    free(g->cells);
    free(g->columns);
    memset(g, 0, sizeof *g);
}

/* Brings the GPU copies of the world and the path up to date. */
static void sync(ed_gfx *g, ed_app *app)
{
    if (g->world.serial != app->world_serial) {
        char warn[600];
        if (ed_world_gl_upload(&g->world, &app->world, app->world_serial, warn, sizeof warn) != 0)
            ed_app_message(app, 1, "the graphics memory is too small for this world");
        else if (warn[0])
            ed_app_message(app, 1, "%s", warn);
    }
    if (g->trace.serial != app->path_serial || (!app->path && g->trace.count))
        ed_trace_build(&g->trace, app->path, app->path_serial);
    ed_overlay_set_path(&g->overlay, &g->trace, app->path ? app->path_serial : 0);
}

/* The world (and with `overlays` the path and keys) from a pose into the
 * window rectangle r of a framebuffer `height` pixels high. */
static void draw_view(ed_gfx *g, ed_app *app, const ed_rect *r, int height, cp_vec3 pos, cp_quat rot, double fov,
                      int overlays)
{
    const ed_world *w = &app->world;
    glViewport(r->x, height - r->y - r->h, r->w, r->h);
    glEnable(GL_SCISSOR_TEST);
    glScissor(r->x, height - r->y - r->h, r->w, r->h);
    glClearColor(w->sky.r / 255.0f, w->sky.g / 255.0f, w->sky.b / 255.0f, 1.0f);
    glDepthMask(GL_TRUE);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    ed_view v;
    ed_view_init(&v, pos, rot, fov, r->x, r->y, r->w, r->h);
    double reach = cp_vec3_length(cp_vec3_sub(pos, ed_world_centre(w))) + ed_world_size(w);
    float vp[16];
    ed_view_matrix(&v, ED_VIEW_NEAR, fmax(ED_FAR_MIN, 2.0 * reach), vp);
    const float eye[3] = {(float)pos.x, (float)pos.y, (float)pos.z};
    ed_world_gl_draw(&g->world, vp, eye);
    ed_overlay_world_lines(&g->overlay, g->world.line_vao, g->world.line_count, vp, &v);
    if (overlays) {
        ed_overlay_set_clearance(&g->overlay, app, ed_app_clearance(app));
        ed_overlay_draw(&g->overlay, app, &v, vp, r, g->text, app->color_mode);
    }
    glDisable(GL_SCISSOR_TEST);
}

void ed_render_frame(ed_gfx *g, ed_app *app)
{
    sync(g, app);
    /* the inspector's layout (and the mouse on it) follows the font drawn with */
    app->text_w = ed_text_advance(g->text);
    app->text_h = ed_text_height(g->text);
    ed_layout l;
    ed_app_layout(app, &l);
    int through = app->view_path && app->path;
    glViewport(0, 0, app->width, app->height);
    glDisable(GL_SCISSOR_TEST);
    /* the letterbox bars of the shot are black; the panels cover the rest */
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    cp_vec3 pos;
    cp_quat rot;
    double fov;
    ed_app_view_pose(app, &pos, &rot, &fov);
    draw_view(g, app, &l.frame, app->height, pos, rot, fov, !through);
    if (l.pip.w > 0) {
        cp_pose pose;
        cp_path_sample_fast(app->path, app->playhead, &pose);
        draw_view(g, app, &l.pip, app->height, pose.position, pose.rotation, pose.fov, 0);
    }
    ed_ui_begin(g->ui, app->width, app->height);
    if (l.pip.w > 0) {
        const SDL_Color edge = {255, 120, 255, 255};
        const ed_rect *p = &l.pip;
        ed_ui_line(g->ui, p->x - 1, p->y - 1, p->x + p->w, p->y - 1, edge);
        ed_ui_line(g->ui, p->x - 1, p->y + p->h, p->x + p->w, p->y + p->h, edge);
        ed_ui_line(g->ui, p->x - 1, p->y - 1, p->x - 1, p->y + p->h, edge);
        ed_ui_line(g->ui, p->x + p->w, p->y - 1, p->x + p->w, p->y + p->h, edge);
    }
    if (!through)
        ed_draw_tools(g, app, &l);
    if (l.graph.h > 0)
        ed_draw_graph(g, app, &l);
    ed_draw_timeline(g, app, &l);
    if (!through) {
        ed_draw_hud(g, app, &l);
        ed_draw_inspector(g, app);
    }
    ed_draw_overlays(g, app, &l);
    ed_ui_end(g->ui);
}

void ed_render_shot(ed_gfx *g, ed_app *app, double time, int width, int height)
{
    sync(g, app);
    ed_rect r = {0, 0, width, height};
    cp_vec3 pos = app->camera.position;
    cp_quat rot = ed_camera_rotation(&app->camera);
    double fov = app->camera.fov;
    if (app->path) {
        cp_pose pose;
        cp_path_sample_fast(app->path, time, &pose);
        pos = pose.position, rot = pose.rotation, fov = pose.fov;
    }
    draw_view(g, app, &r, height, pos, rot, fov, 0);
}

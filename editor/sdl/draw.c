/* SPDX-License-Identifier: MIT */
/* editor/sdl/draw.c - a frame: the world, the overlays, the picture-in-picture, the panels. */
#include "draw.h"

#include "panels.h"
#include "shots.h"
#include "shottrack.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ED_FAR_MIN 2000.0   /* metres: the far plane, or further for a larger world */

/* The world (and with `overlays` the path and keys) from a pose into the
 * window rectangle r of a framebuffer `height` pixels high. */
static void draw_view(ed_gfx *g, const ed_app *app, const ed_rect *r, int height, cp_vec3 pos, cp_quat rot, double fov,
                      int overlays)
{
    const ed_world *w = &app->scene.world;
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
    ed_world_gl_draw(&g->world, &app->scene.world, vp, eye);
    ed_overlay_world_lines(&g->overlay, g->world.line_vao, g->world.line_count, vp, &v);
    if (overlays) {
        ed_overlay_set_clearance(&g->overlay, app, ed_app_clearance(app));
        ed_overlay_draw(&g->overlay, app, &v, vp, r, g->text, app->ui.color_mode);
    }
    glDisable(GL_SCISSOR_TEST);
}

void ed_render_frame(ed_gfx *g, const ed_app *app)
{
    ed_gfx_upload(g, app);
    ed_layout l;
    ed_app_layout(app, &l);
    int through = app->ui.view_path && app->doc.path;
    glViewport(0, 0, app->ui.width, app->ui.height);
    glDisable(GL_SCISSOR_TEST);
    /* the letterbox bars of the shot are black; the panels cover the rest */
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    cp_vec3 pos;
    cp_quat rot;
    double fov;
    ed_app_view_pose(app, &pos, &rot, &fov);
    draw_view(g, app, &l.frame, app->ui.height, pos, rot, fov, !through);
    if (l.pip.w > 0) {
        cp_pose pose;
        cp_sequence_pose sp;
        if (ed_shots_pose(app, ed_shots_time(app), &sp) == 0)
            pose = sp.pose; /* a sequence's picture, through its cuts and blends */
        else
            cp_path_sample_fast(app->doc.path, app->base.playhead, &pose);
        draw_view(g, app, &l.pip, app->ui.height, pose.position, pose.rotation, pose.fov, 0);
    }
    ed_canvas_begin(g->canvas, app->ui.width, app->ui.height);
    if (l.pip.w > 0) {
        const SDL_Color edge = {255, 120, 255, 255};
        const ed_rect *p = &l.pip;
        ed_canvas_line(g->canvas, p->x - 1, p->y - 1, p->x + p->w, p->y - 1, edge);
        ed_canvas_line(g->canvas, p->x - 1, p->y + p->h, p->x + p->w, p->y + p->h, edge);
        ed_canvas_line(g->canvas, p->x - 1, p->y - 1, p->x - 1, p->y + p->h, edge);
        ed_canvas_line(g->canvas, p->x + p->w, p->y - 1, p->x + p->w, p->y + p->h, edge);
    }
    ed_screen s;
    ed_screen_build(app, g->trace.max[app->ui.color_mode == ED_COLOR_ACCELERATION], &s);
    if (!through)
        ed_draw_tools(g, app, &l);
    if (l.graph.h > 0)
        ed_draw_graph(g, app, &l);
    ed_draw_timeline(g, app, &l);
    ed_draw_shot_track(g, app, &l);
    if (!through) {
        ed_draw_labels(g, &s);
        ed_draw_hud(g, app, &s);
        ed_draw_inspector(g, app);
    }
    ed_draw_messages(g, app, &s);
    ed_draw_overlays(g, app, &l);
    ed_canvas_end(g->canvas);
}

void ed_render_shot(ed_gfx *g, const ed_app *app, double time, int width, int height)
{
    ed_gfx_upload(g, app);
    ed_rect r = {0, 0, width, height};
    cp_vec3 pos = app->ui.camera.position;
    cp_quat rot = ed_camera_rotation(&app->ui.camera);
    double fov = app->ui.camera.fov;
    cp_sequence_pose sp;
    if (ed_shots_pose(app, time, &sp) == 0) {
        /* a sequence: `time` is the sequence's, through its cuts and blends */
        pos = sp.pose.position, rot = sp.pose.rotation, fov = sp.pose.fov;
    } else if (app->doc.path) {
        cp_pose pose;
        cp_path_sample_fast(app->doc.path, time, &pose);
        pos = pose.position, rot = pose.rotation, fov = pose.fov;
    }
    draw_view(g, app, &r, height, pos, rot, fov, 0);
}

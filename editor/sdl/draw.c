/* SPDX-License-Identifier: MIT */
/* editor/sdl/draw.c - a frame: the world, the overlays, the picture-in-picture (drawn
 * again only when the path camera's picture changes), the panels. */
#include "draw.h"

#include "panels.h"
#include "lens.h"
#include "shots.h"
#include "shottrack.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ED_FAR_MIN 2000.0   /* metres: the far plane, or further for a larger world */

/* The world (and with `overlays` the path and keys) from a pose into the
 * window rectangle r of a framebuffer `height` pixels high; through `lens`
 * (NULL: none, all sharp) with its depth of field (dof.h). */
static void draw_view(ed_gfx *g, const ed_app *app, const ed_rect *r, int height, cp_vec3 pos, cp_quat rot, double fov,
                      int overlays, const ed_lens *lens)
{
    const ed_world *w = &app->scene.world;
    GLint into = 0;
    int vx = r->x, vy = height - r->y - r->h;
    if (lens) {
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &into);
        if (ed_dof_begin(&g->dof, r->w, r->h) == 0)
            vx = vy = 0;
        else
            lens = NULL; /* no memory for the blur: the view sharp */
    }
    glViewport(vx, vy, r->w, r->h);
    glEnable(GL_SCISSOR_TEST);
    glScissor(vx, vy, r->w, r->h);
    glClearColor(w->sky.r / 255.0f, w->sky.g / 255.0f, w->sky.b / 255.0f, 1.0f);
    glDepthMask(GL_TRUE);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    ed_view v;
    ed_view_init(&v, pos, rot, fov, r->x, r->y, r->w, r->h);
    double reach = cp_vec3_length(cp_vec3_sub(pos, ed_world_centre(w))) + ed_world_size(w);
    double far = fmax(ED_FAR_MIN, 2.0 * reach);
    float vp[16];
    ed_view_matrix(&v, ED_VIEW_NEAR, far, vp);
    const float eye[3] = {(float)pos.x, (float)pos.y, (float)pos.z};
    ed_world_gl_draw(&g->world, &app->scene.world, vp, eye);
    ed_overlay_world_lines(&g->overlay, g->world.line_vao, g->world.line_count, vp, &v);
    if (overlays) {
        ed_overlay_set_clearance(&g->overlay, app, ed_app_clearance(app));
        ed_overlay_draw(&g->overlay, app, &v, vp, r, g->text, app->ui.color_mode);
    }
    if (lens) {
        glDisable(GL_SCISSOR_TEST);
        ed_dof_end(&g->dof, (GLuint)into, r->x, height - r->y - r->h, lens, ED_VIEW_NEAR, far);
    }
    glDisable(GL_SCISSOR_TEST);
}

/* The path camera's pose at `time` and its lens: the lens or NULL. With a
 * sequence open, `time` is the sequence's and the pose its picture,
 * through its cuts and blends. */
static const ed_lens *path_camera(const ed_app *app, double time, cp_pose *pose, ed_lens *lens)
{
    cp_sequence_pose sp;
    if (ed_shots_pose(app, time, &sp) == 0)
        *pose = sp.pose;
    else
        cp_path_sample_fast(app->doc.path, time, pose);
    return ed_lens_of(pose, lens) ? lens : NULL;
}

/* The time path_camera shows now: the sequence's when one is open, else the playhead. */
static double camera_time(const ed_app *app)
{
    cp_sequence_pose sp;
    const double t = ed_shots_time(app);
    return ed_shots_pose(app, t, &sp) == 0 ? t : app->base.playhead;
}

/* What the preview shows, in g->preview_key's bytes: drawn again only when it changes. */
typedef struct preview_key {
    double        pose[10];      /* position, rotation, fov, focus, aperture */
    unsigned long world_serial, gl_serial, hidden_serial;
    ed_rect       rect;          /* where it goes */
    int           w, h;          /* in a window of this size */
} preview_key;

/* The preview (picture-in-picture) of the path camera at the playhead into
 * the window rectangle p: from its cache when the path camera's picture is
 * the one cached, else drawn into the cache and copied in. */
static void draw_preview(ed_gfx *g, const ed_app *app, const ed_rect *p)
{
    cp_pose pose;
    ed_lens lens;
    const ed_lens *lp = path_camera(app, camera_time(app), &pose, &lens);
    GLint into = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &into);
    preview_key k;
    _Static_assert(sizeof k <= sizeof g->preview_key, "preview_key fits ed_gfx.preview_key");
    memset(&k, 0, sizeof k); /* padding too: compared byte for byte */
    const double v[10] = {pose.position.x, pose.position.y, pose.position.z, pose.rotation.x, pose.rotation.y,
                          pose.rotation.z, pose.rotation.w, pose.fov, pose.focus, pose.aperture};
    memcpy(k.pose, v, sizeof v);
    k.world_serial = app->scene.world_serial, k.gl_serial = g->world.serial, k.hidden_serial = app->scene.hidden_serial;
    k.rect = *p, k.w = app->ui.width, k.h = app->ui.height;
    char err[256];
    /* the cache is the window's size and the preview drawn at its place in it, so that its
       pixels are those drawn straight into the window, to the last edge */
    int afresh = g->preview_uncached; /* the cache, kept, is still right for its key */
    if (!afresh && ed_gl_target_bind(&g->preview_cache, k.w, k.h, err, sizeof err) != 0)
        afresh = 1, g->preview_cached = 0;
    if (afresh) {
        glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)into);
        draw_view(g, app, p, app->ui.height, pose.position, pose.rotation, pose.fov, 0, lp);
        return;
    }
    if (!g->preview_cached || memcmp(&k, g->preview_key, sizeof k) != 0) {
        draw_view(g, app, p, app->ui.height, pose.position, pose.rotation, pose.fov, 0, lp);
        memcpy(g->preview_key, &k, sizeof k);
        g->preview_cached = 1;
        g->preview_draws++;
    }
    const int y0 = app->ui.height - (p->y + p->h);
    glDisable(GL_SCISSOR_TEST);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, g->preview_cache.fbo);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)into);
    glBlitFramebuffer(p->x, y0, p->x + p->w, y0 + p->h, p->x, y0, p->x + p->w, y0 + p->h, GL_COLOR_BUFFER_BIT,
                      GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)into);
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
    /* through the path camera the shot shows its depth of field */
    cp_pose lens_pose;
    ed_lens lens;
    const ed_lens *lp = through ? path_camera(app, camera_time(app), &lens_pose, &lens) : NULL;
    draw_view(g, app, &l.frame, app->ui.height, pos, rot, fov, !through, lp);
    if (l.pip.w > 0)
        draw_preview(g, app, &l.pip);
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
    cp_pose pose;
    ed_lens lens;
    const ed_lens *lp = NULL;
    cp_sequence_pose sp;
    if (app->doc.path || ed_shots_pose(app, time, &sp) == 0) {
        lp = path_camera(app, time, &pose, &lens); /* a sequence's: `time` is the sequence's */
        pos = pose.position, rot = pose.rotation, fov = pose.fov;
    }
    draw_view(g, app, &r, height, pos, rot, fov, 0, lp);
}

/* editor/core/world_app.c - the editor's world: the demo town or the user's
 * scene, loading it without blocking, the scene member of the path file, the
 * clearance check, and the output frame's aspect. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "scene.h"

/* The folder of `file`, resolved, into out (PATH_MAX). -1 if it does not resolve. */
static int folder_of(const char *file, char *out)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(file, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == file)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - file), file);
    return realpath(dir, out) ? 0 : -1;
}

/* `to` relative to the folder `from` (both resolved and absolute): "../scenes/town.glb". */
static int relative_path(const char *from, const char *to, char *out, size_t size)
{
    /* the longest common run of whole folder names */
    size_t common = 0;
    for (size_t i = 0;; i++) {
        int from_end = from[i] == '\0' || from[i] == '/', to_end = to[i] == '\0' || to[i] == '/';
        if (from_end && to_end)
            common = i;
        if (from[i] != to[i] || from[i] == '\0')
            break;
    }
    size_t n = 0;
    out[0] = '\0';
    for (const char *p = from + common; *p; p++)
        if (*p == '/' && p[1] != '\0') {
            if (n + 3 >= size)
                return -1;
            memcpy(out + n, "../", 4);
            n += 3;
        }
    const char *rest = to + common;
    while (*rest == '/')
        rest++;
    int w = snprintf(out + n, size - n, "%s", rest);
    return w < 0 || (size_t)w >= size - n ? -1 : 0;
}

/* Sets the document's scene member to `scene` as seen from the path file (an undoable edit). */
static void remember(ed_app *app, const char *scene)
{
    char from[PATH_MAX], to[PATH_MAX], rel[PATH_MAX];
    if (!app->file || folder_of(app->file, from) || !realpath(scene, to) || relative_path(from, to, rel, sizeof rel))
        return;
    if (app->cur.doc.scene && strcmp(app->cur.doc.scene, rel) == 0)
        return;
    cp_document work;
    cp_error err;
    char *s = strdup(rel);
    if (!s || cp_document_copy(&work, &app->cur.doc, &err) != CP_OK) {
        free(s);
        return;
    }
    free(work.scene);
    work.scene = s;
    ed_app_commit(app, &work, app->cur.selected, 1);
}

/* Makes `w` (moved in) the world, with its clearance index if one was built
 * (bvh may be NULL or empty: it is then built when the check asks for it). */
static void install(ed_app *app, ed_world *w, ed_bvh *bvh, char *file)
{
    ed_world_free(&app->world);
    app->world = *w;
    app->world_serial++;
    ed_bvh_free(&app->bvh);
    app->bvh_serial = 0;
    if (bvh && (bvh->node_count || w->triangle_count == 0)) {
        app->bvh = *bvh;
        app->bvh_serial = app->world_serial;
    }
    app->clearance_valid = 0;
    free(app->scene_file);
    app->scene_file = file;
}

int ed_app_use_demo_world(ed_app *app)
{
    ed_world w;
    int rc = ed_scene_build_demo(&w);
    install(app, &w, NULL, NULL);
    return rc;
}

int ed_app_load_scene(ed_app *app, const char *file, int remember_it)
{
    if (app->loader) {
        ed_app_message(app, 1, "still loading %s: one scene at a time", ed_loader_file(app->loader));
        return -1;
    }
    char err[1024];
    app->loader = ed_loader_start(file, &app->import_options, err, sizeof err);
    if (!app->loader) {
        ed_app_message(app, 1, "%s", err);
        return -1;
    }
    app->remember_scene = remember_it;
    ed_app_message(app, 0, "loading %s", file);
    return 0;
}

/* A first view of a new world: speed by its size; without keys, a view of all of it. */
static void adapt_camera(ed_app *app)
{
    double size = ed_world_size(&app->world);
    double speed = size / 12.0;
    app->camera.speed = speed < ED_CAMERA_MIN_SPEED ? ED_CAMERA_MIN_SPEED : speed > ED_CAMERA_MAX_SPEED ? ED_CAMERA_MAX_SPEED : speed;
    if (app->cur.doc.count > 0)
        return;
    cp_vec3 c = ed_world_centre(&app->world);
    cp_vec3 eye = cp_vec3_add(c, cp_vec3_make(0.0, 0.3 * size, 0.55 * size));
    cp_vec3 d = cp_vec3_normalize(cp_vec3_sub(c, eye));
    ed_app_place_camera(app, eye, cp_quat_from_yaw_pitch_roll(atan2(-d.x, -d.z), asin(d.y), 0.0));
}

int ed_app_poll_scene(ed_app *app)
{
    if (!app->loader || !ed_loader_done(app->loader))
        return 0;
    ed_world w;
    ed_bvh bvh;
    char err[1024];
    char *file = strdup(ed_loader_file(app->loader));
    int rc = ed_loader_finish(app->loader, &w, &bvh, err, sizeof err);
    app->loader = NULL;
    if (rc != 0 || !file) {
        if (rc == 0) {
            ed_world_free(&w);
            ed_bvh_free(&bvh);
        }
        free(file);
        ed_app_message(app, 1, "scene not loaded (the world is unchanged): %s", rc ? err : "out of memory");
        return -1;
    }
    install(app, &w, &bvh, file);
    adapt_camera(app);
    if (app->remember_scene)
        remember(app, file);
    ed_app_message(app, 0, "scene %s: %zu triangles in %zu meshes", file, app->world.triangle_count,
                   app->world.mesh_count);
    return 1;
}

int ed_app_wait_scene(ed_app *app, void (*report)(void *ctx, const char *line), void *ctx)
{
    double waited = 0;
    while (app->loader && !ed_loader_done(app->loader)) {
        struct timespec ts = {0, 20 * 1000 * 1000};
        nanosleep(&ts, NULL);
        waited += 0.02;
        /* a small scene loads without a word; a large one says how it is doing twice a second */
        if (report && waited >= 0.5) {
            char line[512];
            ed_loader_describe(app->loader, line, sizeof line);
            report(ctx, line);
            waited = 0;
        }
    }
    return ed_app_poll_scene(app) < 0 ? -1 : 0;
}

int ed_app_bvh(ed_app *app)
{
    if (app->bvh_serial == app->world_serial)
        return 0;
    ed_bvh_free(&app->bvh);
    app->bvh_serial = 0;
    if (ed_bvh_build(&app->bvh, &app->world) != 0)
        return -1;
    app->bvh_serial = app->world_serial;
    return 0;
}

const ed_clearance *ed_app_clearance(ed_app *app)
{
    if (app->clearance_valid && app->clearance_path_serial == app->path_serial &&
        app->clearance_world_serial == app->world_serial && app->clearance_checked_radius == app->clearance_radius)
        return &app->clearance;
    if (ed_app_bvh(app) != 0)
        return NULL;
    if (ed_clearance_check(&app->clearance, app->path, &app->bvh, app->clearance_radius) != 0)
        return NULL;
    app->clearance_valid = 1;
    app->clearance_path_serial = app->path_serial;
    app->clearance_world_serial = app->world_serial;
    app->clearance_checked_radius = app->clearance_radius;
    return &app->clearance;
}

int ed_app_next_problem(ed_app *app)
{
    const ed_clearance *c = app->path ? ed_app_clearance(app) : NULL;
    if (!c || c->count == 0) {
        ed_app_message(app, 0, "the path keeps %.2g m clear of the scene", app->clearance_radius);
        return -1;
    }
    size_t i = 0;
    while (i < c->count && c->ranges[i].t0 <= app->playhead + 1e-9)
        i++;
    if (i == c->count)
        i = 0;
    const ed_clearance_range *r = &c->ranges[i];
    app->playing = 0;
    ed_app_seek(app, r->t0);
    if (r->through)
        ed_app_message(app, 1, "passes through geometry at %.1f-%.1f s (%zu of %zu)", r->t0, r->t1, i + 1, c->count);
    else
        ed_app_message(app, 1, "%.2g m from the scene at %.1f-%.1f s, closer than %.2g m (%zu of %zu)", r->min_distance,
                       r->t0, r->t1, c->radius, i + 1, c->count);
    return 0;
}

int ed_app_set_clearance(ed_app *app, double metres)
{
    if (!(metres >= ED_CLEARANCE_MIN && metres <= ED_CLEARANCE_MAX)) {
        ed_app_message(app, 1, "the clearance must be between %g and %g m", ED_CLEARANCE_MIN, ED_CLEARANCE_MAX);
        return -1;
    }
    app->clearance_radius = metres;
    ed_app_message(app, 0, "clearance %.3g m", metres);
    return 0;
}

int ed_app_set_aspect(ed_app *app, double aspect)
{
    if (!(aspect >= ED_ASPECT_MIN && aspect <= ED_ASPECT_MAX)) {
        ed_app_message(app, 1, "the output aspect must be between %g and %g (width / height)", ED_ASPECT_MIN,
                       ED_ASPECT_MAX);
        return -1;
    }
    app->aspect = aspect;
    ed_app_message(app, 0, "output aspect %.4g:1", aspect);
    return 0;
}

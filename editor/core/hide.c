/* SPDX-License-Identifier: MIT */
/* editor/core/hide.c - scene objects hidden by name, an edit of the path file's "hidden". */
#include "hide.h"

#include <stdlib.h>
#include <string.h>

#include "app_impl.h"
#include "hidden.h"
#include "view.h"

/* Makes `h` the document's hidden names: one undo step. */
static int commit(ed_app *app, const ed_hidden *h)
{
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    char *extras;
    if (ed_hidden_write(work.extras, h, &extras) != 0) {
        cp_document_free(&work);
        ed_app_message(app, 1, "out of memory: nothing was hidden or shown");
        return -1;
    }
    free(work.extras);
    work.extras = extras;
    return ed_app_commit(app, &work, app->doc.cur.selected, 1);
}

static int has_node(const ed_app *app, const char *name)
{
    const ed_world *w = &app->scene.world;
    for (size_t i = 0; i < w->node_count; i++)
        if (strcmp(w->nodes[i].name, name) == 0)
            return 1;
    return 0;
}

int ed_hide_node(ed_app *app, const char *name, int hide)
{
    if (ed_app_ready(app))
        return -1;
    ed_hidden h;
    if (ed_hidden_read(app->doc.cur.doc.extras, &h) != 0) {
        ed_app_message(app, 1, "out of memory: nothing was hidden or shown");
        return -1;
    }
    int rc = -1;
    if (!name[0]) {
        ed_app_message(app, 1, "a node name is not empty");
    } else if (ed_hidden_has(&h, name) == hide) {
        ed_app_message(app, 1, hide ? "%s is hidden already" : "%s is not hidden", name);
    } else if (hide && !has_node(app, name)) {
        ed_app_message(app, 1, "no node of the scene is named \"%s\"%s", name,
                       app->scene.world.node_count ? "" : " (the demo town has no named nodes)");
    } else if (ed_hidden_set(&h, name, hide) != 0) {
        ed_app_message(app, 1, "out of memory: nothing was hidden or shown");
    } else if ((rc = commit(app, &h)) == 0) {
        ed_app_check_clearance(app);
        if (hide)
            ed_app_message(app, 0, "%s hidden: %zu %s out of the view and the clearance check (Ctrl+Shift+H shows all)",
                           name, app->scene.hidden_meshes, app->scene.hidden_meshes == 1 ? "mesh" : "meshes");
        else
            ed_app_message(app, 0, "%s shown again", name);
    }
    ed_hidden_free(&h);
    return rc;
}

int ed_hide_at(ed_app *app, int x, int y)
{
    ed_view v;
    ed_app_view(app, &v);
    cp_vec3 from, dir = ed_view_ray(&v, x, y);
    cp_quat rot;
    double fov;
    ed_app_view_pose(app, &from, &rot, &fov);
    long m = ed_scene_pick_mesh(&app->scene, from, dir, NULL);
    if (m < 0) {
        ed_app_message(app, 1, "nothing of the scene under the mouse to hide");
        return -1;
    }
    const char *name = ed_scene_mesh_name(&app->scene, (size_t)m);
    if (!name) {
        ed_app_message(app, 1, "the object under the mouse has no name in the scene file: it cannot be hidden by name");
        return -1;
    }
    return ed_hide_node(app, name, 1);
}

int ed_hide_show_all(ed_app *app)
{
    if (ed_app_ready(app))
        return -1;
    ed_hidden h;
    if (ed_hidden_read(app->doc.cur.doc.extras, &h) != 0 || h.count == 0) {
        ed_hidden_free(&h);
        ed_app_message(app, 1, "nothing is hidden");
        return -1;
    }
    size_t n = h.count;
    ed_hidden none = {NULL, 0};
    ed_hidden_free(&h);
    if (commit(app, &none) != 0)
        return -1;
    ed_app_check_clearance(app);
    ed_app_message(app, 0, "%zu hidden %s shown again", n, n == 1 ? "node" : "nodes");
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/frame.c - redrawing only when something changes. */
#include "frame.h"

#include <string.h>

void ed_frame_stamp_take(const ed_app *app, ed_frame_stamp *s)
{
    memset(s, 0, sizeof *s);
    s->playhead = app->base.playhead;
    s->message_clock = app->base.message_clock;
    s->path_serial = app->doc.path_serial;
    s->world_serial = app->scene.world_serial;
    s->revision = app->doc.cur.revision;
    s->link_serial = app->link.serial;
    s->prompt = (int)app->base.prompt;
    s->message_shown = ed_app_message_shown(app);
    s->loading = app->scene.loader != NULL || app->doc.retimer != NULL;
    s->look_key = (int)app->rec.look_key;
    s->camera = app->ui.camera.position;
    s->yaw = app->ui.camera.yaw, s->pitch = app->ui.camera.pitch, s->roll = app->ui.camera.roll, s->fov = app->ui.camera.fov;
}

int ed_frame_stamp_changed(const ed_frame_stamp *a, const ed_frame_stamp *b)
{
    /* field by field: a struct compare would look at padding */
    return a->playhead != b->playhead || a->message_clock != b->message_clock || a->path_serial != b->path_serial ||
           a->world_serial != b->world_serial || a->revision != b->revision || a->link_serial != b->link_serial ||
           a->prompt != b->prompt ||
           a->message_shown != b->message_shown || a->loading != b->loading || a->look_key != b->look_key ||
           a->camera.x != b->camera.x || a->camera.y != b->camera.y || a->camera.z != b->camera.z ||
           a->yaw != b->yaw || a->pitch != b->pitch || a->roll != b->roll || a->fov != b->fov;
}

double ed_frame_idle_wait(const ed_app *app, const ed_control *c)
{
    if (app->base.playing || app->scene.loader || app->doc.retimer)
        return 0;
    ed_camera_input in = ed_control_camera_input(c, app);
    if (in.forward || in.right || in.up || in.roll || in.fov)
        return 0;
    double wait = ED_IDLE_WAKE;
    /* games send their cameras and wait for edits: the window looks often */
    if (app->link.server)
        wait = app->link.games > 0 ? ED_LINK_WAKE : ED_LINK_IDLE_WAKE;
    if (ed_app_message_shown(app)) {
        double left = ED_MESSAGE_SECONDS - (app->base.clock - app->base.message_clock);
        wait = left < wait ? left : wait;
    }
    return wait > 0 ? wait : 0;
}

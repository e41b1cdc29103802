/* SPDX-License-Identifier: MIT */
/* editor/core/record.c - recording keys. */
#include "record.h"

#include <math.h>
#include <string.h>

#include "app_impl.h"
#include "refusal.h"
#include "game.h"
#include "snap.h"

#define DEG (M_PI / 180.0)

double ed_record_next_time(const ed_app *app)
{
    const cp_document *d = &app->doc.cur.doc;
    const cp_key *last = d->count ? &d->keys[d->count - 1] : NULL;
    cp_link_camera game;
    if (app->link.view_game && ed_game_camera(app, &game))
        return ed_rec_next_time(&app->rec, last, game.time, game.position, game.rotation);
    return ed_rec_next_time(&app->rec, last, app->base.clock, app->ui.camera.position,
                            ed_camera_rotation(&app->ui.camera));
}

int ed_record_key(ed_app *app, int insert)
{
    /* through the path camera the free camera is out of sight: what the user sees is the path at the playhead */
    if (ed_ui_through(&app->ui, app->doc.path != NULL)) {
        if (ed_record_at_playhead(app) != 0)
            return -1;
        ed_app_message(app, 0, "key %ld recorded at %.2f s: the path camera's pose, as seen (V: back to the free camera)",
                       app->doc.cur.selected, app->base.playhead);
        return 0;
    }
    /* the camera seen: the free one, or a linked game's as it sent it (its clock times real pace) */
    cp_link_camera seen = {.time = app->base.clock, .position = app->ui.camera.position,
                           .rotation = ed_camera_rotation(&app->ui.camera), .fov = app->ui.camera.fov};
    if (app->link.view_game && !ed_game_camera(app, &seen)) {
        ed_app_message(app, 1, "no camera from a game to record");
        return -1;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    size_t n = work.count;
    long s = app->doc.cur.selected;
    size_t index = !insert || s < 0 || (size_t)s + 1 >= n ? n : (size_t)s + 1;
    const cp_key *from = index > 0 ? &work.keys[index - 1] : NULL;
    double dt;
    if (ed_rec_take(&app->rec, &app->base, from, seen.time, seen.position, seen.rotation, seen.fov, &dt)) {
        cp_document_free(&work);
        return -1;
    }
    cp_key key = {0};
    key.position = seen.position;
    key.rotation = seen.rotation;
    key.fov = seen.fov;
    key.time = from ? ed_doc_key_end(from) + dt : 0.0;
    /* a look-at path's key looks at what the camera sees; a focus (when the path has one) is on it too */
    ed_app_fit_key(app, &work, &key, from);
    double shift = 0;
    if (index < n) {
        /* an insert: the keys after it move so that the way on to the next
           key also takes its time at nominal speed */
        const cp_key *next = &work.keys[index];
        shift = key.time + ed_rec_gap(&app->rec, &key, next->position, next->rotation) - next->time;
        for (size_t i = index; i < n; i++)
            work.keys[i].time += shift;
    }
    cp_error err;
    if (cp_document_insert_key(&work, index, &key, &err) != CP_OK) {
        char why[sizeof app->base.message];
        ed_refusal_plain(err.message, why, sizeof why);
        ed_app_message(app, 1, "%s", why);
        cp_document_free(&work);
        ed_rec_untake(&app->rec);
        return -1;
    }
    if (ed_app_commit(app, &work, (long)index, 0)) {
        ed_rec_untake(&app->rec);
        return -1;
    }
    ed_app_seek(app, key.time);
    if (index < n)
        ed_app_message(app, 0, "key %zu inserted at %.2f s; %s after it moved %+.2f s", index, key.time,
                       n - index == 1 ? "the key" : "the keys", shift);
    else
        ed_app_message(app, 0, "key %zu recorded at %.2f s", index, key.time);
    return 0;
}

int ed_record_at_playhead(ed_app *app)
{
    if (ed_app_ready(app))
        return -1;
    const cp_path *path = app->doc.path;
    if (!path) {
        ed_app_message(app, 1, "a key at the playhead needs a path (2 keys or more)");
        return -1;
    }
    const cp_document *d = &app->doc.cur.doc;
    double t = app->base.playhead, end = ed_app_start(app) + ed_app_duration(app);
    /* snapping: the key goes to the frame (or the beat within a few pixels) nearest the playhead */
    double snapped = ed_snap_time(app, t, ed_snap_tolerance(app));
    if (snapped >= ed_app_start(app) && snapped <= end)
        t = snapped;
    size_t index = 0;
    while (index < d->count && d->keys[index].time <= t)
        index++;
    /* two keys closer than this would only make a kink: the playhead is on a key (or in its hold) */
    for (size_t i = index > 0 ? index - 1 : 0; i < d->count && i <= index; i++) {
        if (fabs(d->keys[i].time - t) < ED_TIME_MARGIN) {
            ed_app_message(app, 1, "key %zu is at the playhead (%.2f s) already", i, d->keys[i].time);
            return -1;
        }
        if (t > d->keys[i].time && t < ed_doc_key_end(&d->keys[i]) + ED_TIME_MARGIN) {
            ed_app_message(app, 1, "the playhead (%.2f s) is in key %zu's hold, where the camera rests on it", t, i);
            return -1;
        }
    }
    if (d->options.ends == CP_ENDS_CLOSED && end - t < ED_TIME_MARGIN) {
        ed_app_message(app, 1, "the playhead is at the loop's end, where key 0 is already");
        return -1;
    }
    cp_pose pose;
    cp_path_sample(path, t, &pose);
    cp_key key;
    memset(&key, 0, sizeof key);
    key.time = t;
    key.position = pose.position;
    key.rotation = pose.rotation;
    key.fov = pose.fov;
    key.focus = pose.focus;
    key.aperture = pose.aperture;
    if (cp_path_target(path, t, &key.target)) {
        /* a look-at key there: the path's target, and the roll of its rotation */
        double yaw, pitch, roll;
        ed_quat_to_yaw_pitch_roll(pose.rotation, &yaw, &pitch, &roll);
        key.roll = roll / DEG;
        key.flags |= CP_KEY_TARGET;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    cp_error err;
    if (cp_document_insert_key(&work, index, &key, &err) != CP_OK) {
        char why[sizeof app->base.message];
        ed_refusal_plain(err.message, why, sizeof why);
        ed_app_message(app, 1, "%s", why);
        cp_document_free(&work);
        return -1;
    }
    /* a loop keeps its period: the new key splits a segment, the closing one too */
    if (ed_app_commit(app, &work, (long)index, 1))
        return -1;
    ed_app_message(app, 0, "key %zu inserted at the playhead (%.2f s), on the path", index, t);
    return 0;
}

void ed_record_set_time_mode(ed_app *app, ed_time_mode mode) { ed_rec_set_time_mode(&app->rec, &app->base, mode); }

int ed_record_set_nominal_speed(ed_app *app, double speed)
{
    return ed_rec_set_nominal_speed(&app->rec, &app->base, speed);
}

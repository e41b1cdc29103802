/* editor/core/keyedit.c - direct edits of keys: a key's values set as typed
 * or dragged (time, position, rotation, field of view), deleting the
 * selection, transforms of the selection or the whole path (translate,
 * rotate about +Y, scale, shift in time), and a key at the playhead. Each is
 * one undo step, all or nothing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define DEG (M_PI / 180.0)

/* Whether key i is one a selection edit acts on: the selected keys, or the
 * active key when the set is empty. */
static int chosen(const ed_app *app, size_t i)
{
    return app->cur.sel.count ? ed_sel_has(&app->cur.sel, i) : (long)i == app->cur.selected;
}

/* How many keys a selection edit acts on. */
static size_t chosen_count(const ed_app *app)
{
    return app->cur.sel.count ? app->cur.sel.count : app->cur.selected >= 0;
}

/* Whether key i is one a transform acts on: the selection, or every key
 * when nothing is selected. */
static int transformed(const ed_app *app, size_t i) { return chosen_count(app) == 0 || chosen(app, i); }

/* For the edits of one key's own values: exactly one key selected. */
static int need_one(ed_app *app, const char *what)
{
    if (ed_app_check_prompt(app) || ed_app_need_selection(app))
        return -1;
    size_t n = chosen_count(app);
    if (n > 1) {
        ed_app_message(app, 1, "%s is a value of one key and %zu are selected: select one (or use a transform)", what, n);
        return -1;
    }
    return 0;
}

/* "key 3" or "4 keys", for messages about the keys an edit changed. */
static const char *which(const ed_app *app, char buf[48])
{
    size_t n = chosen_count(app);
    if (n == 1)
        snprintf(buf, 48, "key %ld", app->cur.selected);
    else
        snprintf(buf, 48, "%zu keys", n);
    return buf;
}

/* ---- deleting ------------------------------------------------------------------------------------ */

int ed_app_delete_selected(ed_app *app)
{
    if (ed_app_check_prompt(app) || ed_app_need_selection(app))
        return -1;
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    /* one pass that keeps the others: deleting many keys costs what deleting one does */
    size_t k = 0, first = work.count, removed = 0;
    for (size_t i = 0; i < work.count; i++) {
        if (chosen(app, i)) {
            if (work.key_extras)
                free(work.key_extras[i]);
            first = first < i ? first : i;
            removed++;
            continue;
        }
        work.keys[k] = work.keys[i];
        if (work.key_extras)
            work.key_extras[k] = work.key_extras[i];
        k++;
    }
    work.count = k;
    long active = k == 0 ? -1 : first < k ? (long)first : (long)k - 1;
    if (ed_app_commit(app, &work, active, 0))
        return -1;
    if (removed == 1)
        ed_app_message(app, 0, "key %zu deleted (%zu %s left)", first, k, ed_keys_word(k));
    else
        ed_app_message(app, 0, "%zu keys deleted (%zu %s left)", removed, k, ed_keys_word(k));
    return 0;
}

/* ---- one key's values ------------------------------------------------------------------------------ */

int ed_app_edit_time(ed_app *app, double time)
{
    if (need_one(app, "the time"))
        return -1;
    return ed_app_set_key_time(app, (size_t)app->cur.selected, time);
}

int ed_app_edit_position(ed_app *app, cp_vec3 p)
{
    if (need_one(app, "the position"))
        return -1;
    if (!isfinite(p.x) || !isfinite(p.y) || !isfinite(p.z)) {
        ed_app_message(app, 1, "a position needs three finite numbers");
        return -1;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    size_t s = (size_t)app->cur.selected;
    cp_key *k = &work.keys[s];
    /* a look-at key keeps looking the same way: its target moves with it */
    k->target = cp_vec3_add(k->target, cp_vec3_sub(p, k->position));
    k->position = p;
    if (ed_app_commit(app, &work, (long)s, 0))
        return -1;
    ed_app_message(app, 0, "key %zu at (%.3g, %.3g, %.3g)", s, p.x, p.y, p.z);
    return 0;
}

int ed_app_edit_rotation(ed_app *app, double yaw, double pitch, double roll)
{
    if (ed_app_check_prompt(app) || ed_app_need_selection(app))
        return -1;
    if (!isfinite(yaw) || !isfinite(roll) || !(fabs(pitch) <= 90.0)) {
        ed_app_message(app, 1, "yaw and roll must be finite and pitch within -90..90 degrees (got %g, %g, %g)", yaw,
                       pitch, roll);
        return -1;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    cp_quat q = cp_quat_from_yaw_pitch_roll(yaw * DEG, pitch * DEG, roll * DEG);
    const int look_at = work.options.orientation == CP_ORIENTATION_LOOK_AT;
    for (size_t i = 0; i < work.count; i++)
        if (chosen(app, i)) {
            work.keys[i].rotation = q;
            /* a look-at key turns by its target, kept at its distance, and its roll */
            if (look_at) {
                work.keys[i].target = ed_target_turned(&work.keys[i], yaw, pitch);
                work.keys[i].roll = roll;
            }
        }
    char buf[48];
    which(app, buf);
    if (ed_app_commit(app, &work, app->cur.selected, 0))
        return -1;
    ed_app_message(app, 0, "%s: yaw %.4g, pitch %.4g, roll %.4g degrees", buf, yaw, pitch, roll);
    return 0;
}

int ed_app_edit_fov(ed_app *app, double fov)
{
    if (ed_app_check_prompt(app) || ed_app_need_selection(app))
        return -1;
    if (!(fov > 0.0 && fov < 180.0)) {
        ed_app_message(app, 1, "a field of view is more than 0 and less than 180 degrees (got %g)", fov);
        return -1;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    for (size_t i = 0; i < work.count; i++)
        if (chosen(app, i))
            work.keys[i].fov = fov;
    char buf[48];
    which(app, buf);
    if (ed_app_commit(app, &work, app->cur.selected, 0))
        return -1;
    ed_app_message(app, 0, "%s: field of view %.4g degrees", buf, fov);
    return 0;
}

/* A hold needs a timing with a warp that can stop. -1 with a message in keys timing. */
static int need_warp(ed_app *app)
{
    if (app->cur.doc.options.timing != CP_TIMING_KEYS)
        return 0;
    ed_app_message(app, 1, "a hold needs smooth or constant-speed timing, and this path's timing is keys "
                           "(Shift+T changes it)");
    return -1;
}

int ed_app_edit_hold(ed_app *app, int on, double seconds)
{
    if (ed_app_check_prompt(app) || ed_app_need_selection(app) || (on && need_warp(app)))
        return -1;
    if (on && !(seconds >= 0 && isfinite(seconds))) {
        ed_app_message(app, 1, "a hold is 0 seconds or more (got %g); 0 comes to rest for an instant", seconds);
        return -1;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    for (size_t i = 0; i < work.count; i++)
        if (chosen(app, i)) {
            work.keys[i].flags = on ? work.keys[i].flags | CP_KEY_HOLD : work.keys[i].flags & ~CP_KEY_HOLD;
            work.keys[i].hold = on ? seconds : 0.0;
        }
    char buf[48];
    which(app, buf);
    if (ed_app_commit(app, &work, app->cur.selected, 0))
        return -1;
    if (on)
        ed_app_message(app, 0, "%s: a hold of %.3g s (the camera rests from the key's time)", buf, seconds);
    else
        ed_app_message(app, 0, "%s: no hold", buf);
    return 0;
}

/* ---- transforms of the selection, or of the whole path ----------------------------------------- */

/* The mean position of the keys of d that a transform acts on. */
static cp_vec3 centre(const ed_app *app, const cp_document *d)
{
    cp_vec3 c = cp_vec3_make(0, 0, 0);
    size_t n = 0;
    for (size_t i = 0; i < d->count; i++)
        if (transformed(app, i)) {
            c = cp_vec3_add(c, d->keys[i].position);
            n++;
        }
    return n ? cp_vec3_scale(c, 1.0 / (double)n) : c;
}

cp_vec3 ed_app_selection_centre(const ed_app *app) { return centre(app, &app->cur.doc); }

/* "the selection (4 keys)" or "the whole path (12 keys)". */
static const char *subject(const ed_app *app, char buf[64])
{
    size_t n = chosen_count(app);
    if (n == 0)
        snprintf(buf, 64, "the whole path (%zu %s)", app->cur.doc.count, ed_keys_word(app->cur.doc.count));
    else if (n == 1)
        snprintf(buf, 64, "key %ld", app->cur.selected);
    else
        snprintf(buf, 64, "the %zu selected keys", n);
    return buf;
}

static int need_keys(ed_app *app)
{
    if (ed_app_check_prompt(app))
        return -1;
    if (app->cur.doc.count == 0) {
        ed_app_message(app, 1, "no keys to transform: record with F2");
        return -1;
    }
    return 0;
}

/* Applies p -> c + m(p - c) to the positions (and look-at targets) of the
 * transformed keys, and turns their rotations by `turn`. */
typedef struct transform {
    cp_vec3 move;    /* added after the rest */
    double  scale;   /* about the centre */
    cp_quat turn;    /* about the centre */
} transform;

static cp_vec3 apply(const transform *t, cp_vec3 c, cp_vec3 p)
{
    cp_vec3 d = cp_quat_rotate(t->turn, cp_vec3_scale(cp_vec3_sub(p, c), t->scale));
    return cp_vec3_add(cp_vec3_add(c, d), t->move);
}

static void transform_doc(const ed_app *app, cp_document *work, const transform *t)
{
    cp_vec3 c = centre(app, work);
    for (size_t i = 0; i < work->count; i++) {
        if (!transformed(app, i))
            continue;
        cp_key *k = &work->keys[i];
        k->position = apply(t, c, k->position);
        k->target = apply(t, c, k->target);
        k->rotation = cp_quat_normalize(cp_quat_mul(t->turn, k->rotation));
    }
}

static int transform_keys(ed_app *app, const transform *t, const char *done)
{
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    transform_doc(app, &work, t);
    char buf[64];
    subject(app, buf);
    if (ed_app_commit(app, &work, app->cur.selected, 0))
        return -1;
    ed_app_message(app, 0, "%s %s", buf, done);
    return 0;
}

int ed_app_transform_translate(ed_app *app, cp_vec3 d)
{
    if (need_keys(app))
        return -1;
    if (!isfinite(d.x) || !isfinite(d.y) || !isfinite(d.z)) {
        ed_app_message(app, 1, "translate needs three finite numbers");
        return -1;
    }
    transform t = {d, 1.0, cp_quat_identity()};
    char done[96];
    snprintf(done, sizeof done, "moved by (%.3g, %.3g, %.3g) m", d.x, d.y, d.z);
    return transform_keys(app, &t, done);
}

int ed_app_transform_rotate(ed_app *app, double degrees)
{
    if (need_keys(app))
        return -1;
    if (!isfinite(degrees)) {
        ed_app_message(app, 1, "rotate needs a finite angle in degrees");
        return -1;
    }
    transform t = {cp_vec3_make(0, 0, 0), 1.0, cp_quat_from_yaw_pitch_roll(degrees * DEG, 0.0, 0.0)};
    char done[96];
    snprintf(done, sizeof done, "turned %.4g degrees about +Y through their centre", degrees);
    return transform_keys(app, &t, done);
}

int ed_app_transform_scale(ed_app *app, double factor)
{
    if (need_keys(app))
        return -1;
    /* a negative factor would mirror the positions, and no rotation mirrors a camera */
    if (!(factor > 0.0) || !isfinite(factor)) {
        ed_app_message(app, 1, "scale needs a factor above 0 (got %g)", factor);
        return -1;
    }
    transform t = {cp_vec3_make(0, 0, 0), factor, cp_quat_identity()};
    char done[96];
    snprintf(done, sizeof done, "scaled %.4gx about their centre", factor);
    return transform_keys(app, &t, done);
}

int ed_app_transform_shift(ed_app *app, double seconds)
{
    if (need_keys(app))
        return -1;
    if (!isfinite(seconds)) {
        ed_app_message(app, 1, "shift needs a finite number of seconds");
        return -1;
    }
    const cp_document *d = &app->cur.doc;
    /* the keys that do not move stay where they are: the order must hold, each key after the hold before it */
    double prev = -INFINITY;
    for (size_t i = 0; i < d->count; i++) {
        double t = d->keys[i].time + (transformed(app, i) ? seconds : 0.0);
        if (!(t > prev)) {
            ed_app_message(app, 1, "shifting by %+.3g s would put key %zu (%.2f s) at or before the end of key %zu "
                                   "(%.2f s): keys keep their order",
                           seconds, i, t, i - 1, prev);
            return -1;
        }
        /* a constant-speed path times its inner keys itself: they move only with the whole path */
        if (transformed(app, i) && chosen_count(app) != 0 && chosen_count(app) < d->count && ed_app_time_is_free(app, i))
            return -1;
        prev = t + (ed_key_end(&d->keys[i]) - d->keys[i].time);
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    for (size_t i = 0; i < work.count; i++)
        if (transformed(app, i))
            work.keys[i].time += seconds;
    char buf[64];
    subject(app, buf);
    if (ed_app_commit(app, &work, app->cur.selected, 0))
        return -1;
    if (app->cur.selected >= 0)
        ed_app_seek(app, app->cur.doc.keys[app->cur.selected].time);
    ed_app_message(app, 0, "%s shifted %+.3g s", buf, seconds);
    return 0;
}

/* ---- a key at the playhead -------------------------------------------------------------------------- */

int ed_app_insert_at_playhead(ed_app *app)
{
    if (ed_app_check_prompt(app))
        return -1;
    if (!app->path) {
        ed_app_message(app, 1, "a key at the playhead needs a path (2 keys or more)");
        return -1;
    }
    const cp_document *d = &app->cur.doc;
    double t = app->playhead, end = ed_app_start(app) + ed_app_duration(app);
    size_t index = 0;
    while (index < d->count && d->keys[index].time <= t)
        index++;
    /* two keys closer than this would only make a kink: the playhead is on a key (or in its hold) */
    for (size_t i = index > 0 ? index - 1 : 0; i < d->count && i <= index; i++) {
        if (fabs(d->keys[i].time - t) < ED_TIME_MARGIN) {
            ed_app_message(app, 1, "key %zu is at the playhead (%.2f s) already", i, d->keys[i].time);
            return -1;
        }
        if (t > d->keys[i].time && t < ed_key_end(&d->keys[i]) + ED_TIME_MARGIN) {
            ed_app_message(app, 1, "the playhead (%.2f s) is in key %zu's hold, where the camera rests on it", t, i);
            return -1;
        }
    }
    if (d->options.ends == CP_ENDS_CLOSED && end - t < ED_TIME_MARGIN) {
        ed_app_message(app, 1, "the playhead is at the loop's end, where key 0 is already");
        return -1;
    }
    cp_pose pose;
    cp_path_sample(app->path, t, &pose);
    cp_key key;
    memset(&key, 0, sizeof key);
    key.time = t;
    key.position = pose.position;
    key.rotation = pose.rotation;
    key.fov = pose.fov;
    key.focus = pose.focus;
    key.aperture = pose.aperture;
    if (cp_path_target(app->path, t, &key.target)) {
        /* a look-at key there: the path's target, and the roll of its rotation */
        double yaw, pitch, roll;
        ed_quat_to_yaw_pitch_roll(pose.rotation, &yaw, &pitch, &roll);
        key.roll = roll / DEG;
        key.flags |= CP_KEY_TARGET;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    cp_error err;
    if (cp_document_insert_key(&work, index, &key, &err) != CP_OK) {
        ed_app_message(app, 1, "%s", err.message);
        cp_document_free(&work);
        return -1;
    }
    /* a loop keeps its period: the new key splits a segment, the closing one too */
    if (ed_app_commit(app, &work, (long)index, 1))
        return -1;
    ed_app_message(app, 0, "key %zu inserted at the playhead (%.2f s), on the path", index, t);
    return 0;
}

/* ---- the same, following the mouse ------------------------------------------------------------------ */

int ed_app_drag_transform(ed_app *app, ed_xform kind, cp_vec3 d, double amount)
{
    if (app->cur.doc.count == 0 || !isfinite(amount) || !isfinite(d.x) || !isfinite(d.y) || !isfinite(d.z))
        return -1;
    if (kind == ED_XF_SHIFT) {
        /* the selection's time, kept between the keys that stay: a drag of the active key's time */
        long k = app->cur.selected >= 0 ? app->cur.selected : 0;
        return ed_app_drag_time(app, (size_t)k, amount, chosen_count(app) == 0);
    }
    cp_document work;
    if (ed_app_live_work(app, &work))
        return -1;
    transform t = {d, 1.0, cp_quat_identity()};
    if (kind == ED_XF_ROTATE)
        t.turn = cp_quat_from_yaw_pitch_roll(amount * DEG, 0.0, 0.0);
    else if (kind == ED_XF_SCALE)
        t.scale = amount > 0 ? amount : 1.0;
    transform_doc(app, &work, &t);
    return ed_app_live_update(app, &work);
}

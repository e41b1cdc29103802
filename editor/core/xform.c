/* SPDX-License-Identifier: MIT */
/* editor/core/xform.c - transforms of the selection, or of the whole path. */
#include "xform.h"

#include <math.h>
#include <stdio.h>

#include "app_impl.h"
#include "drag.h"

#define DEG (M_PI / 180.0)

cp_vec3 ed_xform_centre(const ed_app *app) { return ed_doc_centre(&app->doc, &app->doc.cur.doc); }

/* "the selection (4 keys)" or "the whole path (12 keys)". */
static const char *subject(const ed_app *app, char buf[64])
{
    size_t n = ed_doc_chosen_count(&app->doc);
    if (n == 0)
        snprintf(buf, 64, "the whole path (%zu %s)", app->doc.cur.doc.count, ed_base_keys_word(app->doc.cur.doc.count));
    else if (n == 1)
        snprintf(buf, 64, "key %ld", app->doc.cur.selected);
    else
        snprintf(buf, 64, "the %zu selected keys", n);
    return buf;
}

static int need_keys(ed_app *app)
{
    if (ed_app_ready(app))
        return -1;
    if (app->doc.cur.doc.count == 0) {
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
    cp_vec3 c = ed_doc_centre(&app->doc, work);
    for (size_t i = 0; i < work->count; i++) {
        if (!ed_doc_transformed(&app->doc, i))
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
    if (ed_app_begin(app, &work))
        return -1;
    transform_doc(app, &work, t);
    char buf[64];
    subject(app, buf);
    if (ed_app_commit(app, &work, app->doc.cur.selected, 0))
        return -1;
    ed_app_message(app, 0, "%s %s", buf, done);
    return 0;
}

int ed_xform_translate(ed_app *app, cp_vec3 d)
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

int ed_xform_rotate(ed_app *app, double degrees)
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

int ed_xform_scale(ed_app *app, double factor)
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

int ed_xform_shift(ed_app *app, double seconds)
{
    if (need_keys(app))
        return -1;
    if (!isfinite(seconds)) {
        ed_app_message(app, 1, "shift needs a finite number of seconds");
        return -1;
    }
    const cp_document *d = &app->doc.cur.doc;
    /* the keys that do not move stay where they are: the order must hold, each key after the hold before it */
    double prev = -INFINITY;
    for (size_t i = 0; i < d->count; i++) {
        double t = d->keys[i].time + (ed_doc_transformed(&app->doc, i) ? seconds : 0.0);
        if (!(t > prev)) {
            ed_app_message(app, 1, "shifting by %+.2f s would put key %zu (%.2f s) at or before the end of key %zu "
                                   "(%.2f s): keys keep their order; shift by less, or select key %zu too",
                           seconds, i, t, i - 1, prev, ed_doc_transformed(&app->doc, i) ? i - 1 : i);
            return -1;
        }
        /* a constant-speed path times its inner keys itself: they move only with the whole path */
        if (ed_doc_transformed(&app->doc, i) && ed_doc_chosen_count(&app->doc) != 0 && ed_doc_chosen_count(&app->doc) < d->count && ed_doc_time_is_free(&app->doc, &app->base, i))
            return -1;
        prev = t + (ed_doc_key_end(&d->keys[i]) - d->keys[i].time);
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    for (size_t i = 0; i < work.count; i++)
        if (ed_doc_transformed(&app->doc, i))
            work.keys[i].time += seconds;
    char buf[64];
    subject(app, buf);
    if (ed_app_commit(app, &work, app->doc.cur.selected, 0))
        return -1;
    if (app->doc.cur.selected >= 0)
        ed_app_seek(app, app->doc.cur.doc.keys[app->doc.cur.selected].time);
    ed_app_message(app, 0, "%s shifted %+.3g s", buf, seconds);
    return 0;
}

/* ---- the same, following the mouse ------------------------------------------------------------------ */

int ed_xform_drag(ed_app *app, ed_xform_kind kind, cp_vec3 d, double amount)
{
    if (app->doc.cur.doc.count == 0 || !isfinite(amount) || !isfinite(d.x) || !isfinite(d.y) || !isfinite(d.z))
        return -1;
    if (kind == ED_XF_SHIFT) {
        /* the selection's time, kept between the keys that stay: a drag of the active key's time */
        long k = app->doc.cur.selected >= 0 ? app->doc.cur.selected : 0;
        return ed_drag_time(app, (size_t)k, amount, ed_doc_chosen_count(&app->doc) == 0);
    }
    cp_document work;
    if (ed_drag_work(app, &work))
        return -1;
    transform t = {d, 1.0, cp_quat_identity()};
    if (kind == ED_XF_ROTATE)
        t.turn = cp_quat_from_yaw_pitch_roll(amount * DEG, 0.0, 0.0);
    else if (kind == ED_XF_SCALE)
        t.scale = amount > 0 ? amount : 1.0;
    transform_doc(app, &work, &t);
    return ed_doc_live_update(&app->doc, &app->base, &work);
}

/* editor/core/lookat.c - look-at targets, focus and aperture in the editor:
 * a path turned between rotation and look-at orientation, the target a new
 * key gets (the first surface of the world on its view), keys made to fit
 * the document they join (recorded, pasted), and the edits of a key's
 * target, focus and aperture. Each edit is one undo step, all or nothing. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app.h"

#define DEG (M_PI / 180.0)

static const char *const lens_name[2] = {"focus", "aperture"};

static double lens_of(const cp_key *k, int which) { return which ? k->aperture : k->focus; }
static void set_lens(cp_key *k, int which, double v)
{
    if (which)
        k->aperture = v;
    else
        k->focus = v;
}

/* ---- targets on a view ---------------------------------------------------------------------------- */

double ed_app_view_distance(ed_app *app, cp_vec3 position, cp_quat rotation, double fallback)
{
    if (ed_app_bvh(app) != 0)
        return fallback;
    const cp_vec3 far = cp_vec3_add(position, cp_vec3_scale(cp_quat_forward(rotation), ED_TARGET_REACH));
    double u;
    /* a surface closer than a few centimetres is the camera's own spot, not a subject */
    if (ed_bvh_segment(&app->bvh, position, far, &u) && u * ED_TARGET_REACH > 0.05)
        return u * ED_TARGET_REACH;
    return fallback;
}

double ed_fit_fallback(const cp_document *d, const cp_key *near)
{
    if (near && d->options.orientation == CP_ORIENTATION_LOOK_AT && (near->flags & CP_KEY_TARGET)) {
        const double r = cp_vec3_length(cp_vec3_sub(near->target, near->position));
        if (r > 0 && isfinite(r))
            return r;
    }
    if (near && near->focus > 0)
        return near->focus;
    return ED_TARGET_DISTANCE;
}

cp_vec3 ed_target_turned(const cp_key *k, double yaw, double pitch)
{
    const double r = cp_vec3_length(cp_vec3_sub(k->target, k->position));
    const cp_quat q = cp_quat_from_yaw_pitch_roll(yaw * DEG, pitch * DEG, 0.0);
    return cp_vec3_add(k->position, cp_vec3_scale(cp_quat_forward(q), r > 0 ? r : ED_TARGET_DISTANCE));
}

void ed_key_fit(const cp_document *d, cp_key *k, const cp_key *near, double distance)
{
    if (d->options.orientation == CP_ORIENTATION_LOOK_AT) {
        if (!(k->flags & CP_KEY_TARGET)) {
            /* the key keeps its rotation: a target on its view, and its roll
             * (a look-at rotation is yaw, then pitch, then roll) */
            double yaw, pitch, roll;
            ed_quat_to_yaw_pitch_roll(k->rotation, &yaw, &pitch, &roll);
            k->target = cp_vec3_add(k->position, cp_vec3_scale(cp_quat_forward(k->rotation), distance));
            k->roll = roll / DEG;
            k->flags |= CP_KEY_TARGET;
        }
    } else {
        /* the rotation the target gave stays; the target goes */
        k->flags &= ~CP_KEY_TARGET;
        k->target = cp_vec3_make(0, 0, 0);
        k->roll = 0;
    }
    if (d->count == 0)
        return;
    for (int w = 0; w < 2; w++) {
        const double has = lens_of(&d->keys[0], w);
        if (!(has > 0)) {
            set_lens(k, w, 0);
        } else if (!(lens_of(k, w) > 0)) {
            const double to_target = cp_vec3_length(cp_vec3_sub(k->target, k->position));
            set_lens(k, w, w == 0 && (k->flags & CP_KEY_TARGET) ? to_target : near ? lens_of(near, w) : has);
        }
    }
}

/* ---- the orientation ----------------------------------------------------------------------------------- */

int ed_app_set_orientation(ed_app *app, cp_orientation o)
{
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    if (work.options.orientation == o) {
        cp_document_free(&work);
        ed_app_message(app, 0, "the orientation is %s already", cp_orientation_name(o));
        return 0;
    }
    work.options.orientation = o;
    for (size_t i = 0; i < work.count; i++) {
        cp_key *k = &work.keys[i];
        const double d =
            o == CP_ORIENTATION_LOOK_AT ? ed_app_view_distance(app, k->position, k->rotation, ED_TARGET_DISTANCE) : 0;
        ed_key_fit(&work, k, NULL, d);
    }
    if (ed_app_commit(app, &work, app->cur.selected, 1))
        return -1;
    if (o == CP_ORIENTATION_LOOK_AT)
        ed_app_message(app, 0, "orientation look-at: every key looks at a target on its view (its rotation kept)");
    else
        ed_app_message(app, 0, "orientation rotation: every key keeps the rotation its target gave");
    return 0;
}

int ed_app_cycle_orientation(ed_app *app)
{
    return ed_app_set_orientation(app, app->cur.doc.options.orientation == CP_ORIENTATION_LOOK_AT
                                           ? CP_ORIENTATION_ROTATION
                                           : CP_ORIENTATION_LOOK_AT);
}

/* ---- a key's target, focus and aperture -------------------------------------------------------------------- */

int ed_app_edit_target(ed_app *app, cp_vec3 t)
{
    if (ed_app_check_prompt(app) || ed_app_need_selection(app))
        return -1;
    if (app->cur.doc.options.orientation != CP_ORIENTATION_LOOK_AT) {
        ed_app_message(app, 1, "a target needs the look-at orientation, and this path takes its keys' rotations "
                               "(Shift+O changes it)");
        return -1;
    }
    if (ed_app_selected_count(app) > 1) {
        ed_app_message(app, 1, "the target is a value of one key and %zu are selected: select one",
                       ed_app_selected_count(app));
        return -1;
    }
    if (!isfinite(t.x) || !isfinite(t.y) || !isfinite(t.z)) {
        ed_app_message(app, 1, "a target needs three finite numbers");
        return -1;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    size_t s = (size_t)app->cur.selected;
    work.keys[s].target = t;
    if (ed_app_commit(app, &work, (long)s, 0))
        return -1;
    const cp_key *k = &app->cur.doc.keys[s];
    ed_app_message(app, 0, "key %zu looks at (%.3g, %.3g, %.3g), %.3g m away", s, t.x, t.y, t.z,
                   cp_vec3_length(cp_vec3_sub(t, k->position)));
    return 0;
}

int ed_app_edit_lens(ed_app *app, int which, int on, double v)
{
    if (ed_app_check_prompt(app) || ed_app_need_selection(app))
        return -1;
    const char *name = lens_name[which != 0];
    if (on && !(v > 0 && isfinite(v))) {
        ed_app_message(app, 1, "%s is a number above 0 (%s; got %g), or none", name, which ? "an f-number" : "metres",
                       v);
        return -1;
    }
    cp_document work;
    if (ed_app_begin_edit(app, &work))
        return -1;
    const int had = work.count > 0 && lens_of(&work.keys[0], which) > 0;
    size_t changed = 0;
    for (size_t i = 0; i < work.count; i++) {
        /* on every key or on none: the first one given goes to every key */
        const int chosen = app->cur.sel.count ? ed_sel_has(&app->cur.sel, i) : (long)i == app->cur.selected;
        if (!on || !had || chosen) {
            set_lens(&work.keys[i], which, on ? v : 0.0);
            changed++;
        }
    }
    if (ed_app_commit(app, &work, app->cur.selected, 0))
        return -1;
    if (!on)
        ed_app_message(app, 0, "%s taken from every key (a path has it on every key or on none)", name);
    else if (!had)
        ed_app_message(app, 0, "%s %.4g on every key (a path has it on every key or on none)", name, v);
    else if (changed == 1)
        ed_app_message(app, 0, "key %ld: %s %.4g", app->cur.selected, name, v);
    else
        ed_app_message(app, 0, "%zu keys: %s %.4g", changed, name, v);
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/edit.c - edits of keys: a key's values, deleting, undo, retiming. */
#include "edit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_impl.h"
#include "fit.h"
#include "ripple.h"
#include "xform.h"

#define DEG (M_PI / 180.0)

/* For the edits of one key's own values: exactly one key selected. */
static int need_one(ed_app *app, const char *what)
{
    if (ed_app_ready(app) || ed_app_need_selection(app))
        return -1;
    size_t n = ed_doc_chosen_count(&app->doc);
    if (n > 1) {
        ed_app_message(app, 1, "%s is a value of one key and %zu are selected: select one (or use a transform)", what, n);
        return -1;
    }
    return 0;
}

/* "key 3" or "4 keys", for messages about the keys an edit changed. */
static const char *which(const ed_app *app, char buf[48])
{
    size_t n = ed_doc_chosen_count(&app->doc);
    if (n == 1)
        snprintf(buf, 48, "key %ld", app->doc.cur.selected);
    else
        snprintf(buf, 48, "%zu keys", n);
    return buf;
}

/* ---- deleting, moving, timing ---------------------------------------------------------------------- */

/* ---- deleting ------------------------------------------------------------------------------------ */

int ed_edit_delete(ed_app *app)
{
    if (ed_app_ready(app) || ed_app_need_selection(app))
        return -1;
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    /* one pass that keeps the others: deleting many keys costs what deleting one does */
    size_t k = 0, first = work.count, removed = 0;
    for (size_t i = 0; i < work.count; i++) {
        if (ed_doc_chosen(&app->doc, i)) {
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
    /* nothing stays selected: a second Delete must not take the next key, which the user did not choose */
    if (ed_app_commit(app, &work, -1, 0))
        return -1;
    if (removed == 1)
        ed_app_message(app, 0, "key %zu deleted (%zu %s left)", first, k, ed_base_keys_word(k));
    else
        ed_app_message(app, 0, "%zu keys deleted (%zu %s left)", removed, k, ed_base_keys_word(k));
    return 0;
}

int ed_edit_move_to_camera(ed_app *app)
{
    if (ed_app_ready(app) || ed_app_need_selection(app))
        return -1;
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    size_t s = (size_t)app->doc.cur.selected;
    work.keys[s].position = app->ui.camera.position;
    work.keys[s].rotation = ed_camera_rotation(&app->ui.camera);
    work.keys[s].fov = app->ui.camera.fov;
    if (ed_app_commit(app, &work, (long)s, 0))
        return -1;
    ed_app_message(app, 0, "key %zu moved to the camera", s);
    return 0;
}

int ed_edit_key_time(ed_app *app, size_t i, double time)
{
    if (ed_app_ready(app))
        return -1;
    const cp_document *d = &app->doc.cur.doc;
    if (i >= d->count) {
        ed_app_message(app, 1, "no key %zu (the path has %zu)", i, d->count);
        return -1;
    }
    if (ed_doc_time_is_free(&app->doc, &app->base, i))
        return -1;
    /* after the previous key's hold; this key's own hold ends before the next key */
    double lo = i > 0 ? ed_doc_key_end(&d->keys[i - 1]) : -INFINITY;
    double hi = i + 1 < d->count ? d->keys[i + 1].time - (ed_doc_key_end(&d->keys[i]) - d->keys[i].time) : INFINITY;
    if (!isfinite(time) || !(time > lo) || !(time < hi)) {
        if (isfinite(lo) && isfinite(hi))
            ed_app_message(app, 1, "key %zu's time must lie between %.2f s (%s %zu%s) and %.2f s (key %zu%s): type "
                                   "a time between them, or move key %zu first",
                           i, lo, "key", i - 1, (d->keys[i - 1].flags & CP_KEY_HOLD) ? "'s hold ends" : "", hi,
                           i + 1, hi < d->keys[i + 1].time ? ", less this key's hold" : "", time <= lo ? i - 1 : i + 1);
        else if (isfinite(lo))
            ed_app_message(app, 1, "key %zu's time must come after %.2f s (key %zu%s): type a later time", i, lo, i - 1,
                           (d->keys[i - 1].flags & CP_KEY_HOLD) ? "'s hold ends" : "");
        else if (isfinite(hi))
            ed_app_message(app, 1, "key %zu's time must come before %.2f s (key %zu%s): type an earlier time, or move "
                                   "key %zu later first", i, hi, i + 1,
                           hi < d->keys[i + 1].time ? ", less this key's hold" : "", i + 1);
        else
            ed_app_message(app, 1, "key %zu's time must be a finite number of seconds", i);
        return -1;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    work.keys[i].time = time;
    if (ed_app_commit(app, &work, (long)i, 0))
        return -1;
    ed_app_seek(app, time);
    ed_app_message(app, 0, "key %zu at %.2f s", i, time);
    return 0;
}

int ed_edit_nudge(ed_app *app, double dt, int ripple)
{
    if (ed_app_ready(app) || ed_app_need_selection(app))
        return -1;
    /* several keys move together, as a transform does */
    if (!ripple && ed_app_selected_count(app) > 1)
        return ed_xform_shift(app, dt);
    const cp_document *d = &app->doc.cur.doc;
    size_t s = (size_t)app->doc.cur.selected;
    if (ed_doc_time_is_free(&app->doc, &app->base, s))
        return -1;
    double t = d->keys[s].time;
    double lo = s > 0 ? ed_doc_key_end(&d->keys[s - 1]) + ED_TIME_MARGIN : -INFINITY;
    double hi = !ripple && s + 1 < d->count ? d->keys[s + 1].time - ED_TIME_MARGIN - (ed_doc_key_end(&d->keys[s]) - t)
                                            : INFINITY;
    double target = fmin(fmax(t + dt, lo), hi);
    if (!(fabs(target - t) > 1e-12)) {
        ed_app_message(app, 1, "key %zu cannot move further that way", s);
        return -1;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    for (size_t i = s; i < (ripple ? work.count : s + 1); i++)
        work.keys[i].time += target - t;
    if (ripple)
        work.keys[s].time = target;
    if (ed_app_commit(app, &work, (long)s, 0))
        return -1;
    ed_app_seek(app, target);
    ed_app_message(app, 0, ripple ? "keys %zu.. moved to start at %.2f s" : "key %zu at %.2f s", s, target);
    return 0;
}

/* ---- one key's values ------------------------------------------------------------------------------ */

/* ---- one key's values ------------------------------------------------------------------------------ */

int ed_edit_time(ed_app *app, double time)
{
    if (need_one(app, "the time"))
        return -1;
    return ed_edit_key_time(app, (size_t)app->doc.cur.selected, time);
}

int ed_edit_position(ed_app *app, cp_vec3 p)
{
    if (need_one(app, "the position"))
        return -1;
    if (!isfinite(p.x) || !isfinite(p.y) || !isfinite(p.z)) {
        ed_app_message(app, 1, "a position needs three finite numbers");
        return -1;
    }
    size_t s = (size_t)app->doc.cur.selected;
    cp_key k = app->doc.cur.doc.keys[s];
    /* a look-at key keeps looking the same way: its target moves with it */
    k.target = cp_vec3_add(k.target, cp_vec3_sub(p, k.position));
    k.position = p;
    if (ed_app_commit_keys(app, s, 1, &k, (long)s, 0))
        return -1;
    ed_app_message(app, 0, "key %zu at (%.3g, %.3g, %.3g)", s, p.x, p.y, p.z);
    return 0;
}

int ed_edit_rotation(ed_app *app, double yaw, double pitch, double roll)
{
    if (ed_app_ready(app) || ed_app_need_selection(app))
        return -1;
    if (!isfinite(yaw) || !isfinite(roll) || !(fabs(pitch) <= 90.0)) {
        ed_app_message(app, 1, "yaw and roll must be finite and pitch within -90..90 degrees (got %g, %g, %g)", yaw,
                       pitch, roll);
        return -1;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    cp_quat q = cp_quat_from_yaw_pitch_roll(yaw * DEG, pitch * DEG, roll * DEG);
    const int look_at = work.options.orientation == CP_ORIENTATION_LOOK_AT;
    for (size_t i = 0; i < work.count; i++)
        if (ed_doc_chosen(&app->doc, i)) {
            work.keys[i].rotation = q;
            /* a look-at key turns by its target, kept at its distance, and its roll */
            if (look_at) {
                work.keys[i].target = ed_fit_target_turned(&work.keys[i], yaw, pitch);
                work.keys[i].roll = roll;
            }
        }
    char buf[48];
    which(app, buf);
    if (ed_app_commit(app, &work, app->doc.cur.selected, 0))
        return -1;
    ed_app_message(app, 0, "%s: yaw %.4g, pitch %.4g, roll %.4g degrees", buf, yaw, pitch, roll);
    return 0;
}

int ed_edit_fov(ed_app *app, double fov)
{
    if (ed_app_ready(app) || ed_app_need_selection(app))
        return -1;
    if (!(fov > 0.0 && fov < 180.0)) {
        ed_app_message(app, 1, "a field of view is more than 0 and less than 180 degrees (got %g)", fov);
        return -1;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    for (size_t i = 0; i < work.count; i++)
        if (ed_doc_chosen(&app->doc, i))
            work.keys[i].fov = fov;
    char buf[48];
    which(app, buf);
    if (ed_app_commit(app, &work, app->doc.cur.selected, 0))
        return -1;
    ed_app_message(app, 0, "%s: field of view %.4g degrees", buf, fov);
    return 0;
}

/* A hold needs a timing with a warp that can stop. -1 with a message in keys timing. */
static int need_warp(ed_app *app)
{
    if (app->doc.cur.doc.options.timing != CP_TIMING_KEYS)
        return 0;
    ed_app_message(app, 1, "a hold needs smooth or constant-speed timing, and this path's timing is keys "
                           "(Shift+T changes it)");
    return -1;
}

int ed_edit_hold(ed_app *app, int on, double seconds)
{
    if (ed_app_ready(app) || ed_app_need_selection(app) || (on && need_warp(app)))
        return -1;
    if (on && !(seconds >= 0 && isfinite(seconds))) {
        ed_app_message(app, 1, "a hold is 0 seconds or more (got %.2f); 0 comes to rest for an instant", seconds);
        return -1;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    /* a hold that does not fit before the next key pushes the later keys (ripple.h) */
    double pushed = 0;
    size_t first_pushed = 0;
    for (size_t i = 0; i < work.count; i++)
        if (ed_doc_chosen(&app->doc, i)) {
            if (on) {
                double d = ed_ripple_hold(&work, i, seconds);
                if (d > 0 && !(pushed > 0))
                    first_pushed = i + 1;
                pushed += d;
            } else {
                work.keys[i].flags &= ~CP_KEY_HOLD;
                work.keys[i].hold = 0.0;
            }
        }
    char buf[48];
    which(app, buf);
    if (ed_app_commit(app, &work, app->doc.cur.selected, 0))
        return -1;
    const size_t n = app->doc.cur.doc.count;
    if (on && pushed > 0 && first_pushed < n)
        ed_app_message(app, 0, "%s: a hold of %.2f s; keys %zu..%zu moved %.2f s later to make room (Ctrl+Z undoes "
                               "both)", buf, seconds, first_pushed, n - 1, pushed);
    else if (on && pushed > 0)
        ed_app_message(app, 0, "%s: a hold of %.2f s; the loop's period grew %.2f s to make room", buf, seconds,
                       pushed);
    else if (on)
        ed_app_message(app, 0, "%s: a hold of %.3g s (the camera rests from the key's time)", buf, seconds);
    else
        ed_app_message(app, 0, "%s: no hold", buf);
    return 0;
}

/* ---- eases ------------------------------------------------------------------------------------------- */

static const struct {
    const char *name, *alias;
    double      ease[2];
} presets[] = {{"linear", "none", {0, 0}}, {"ease-in", "in", {1, 0}}, {"ease-out", "out", {0, 1}},
               {"ease-in-out", "in-out", {1, 1}}};

const char *ed_edit_ease_name(const double ease[2])
{
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (ease[0] == presets[i].ease[0] && ease[1] == presets[i].ease[1])
            return presets[i].name;
    return NULL;
}

int ed_edit_ease(ed_app *app, double in, double out)
{
    if (ed_app_ready(app) || ed_app_need_selection(app))
        return -1;
    if ((in != 0 || out != 0) && app->doc.cur.doc.options.timing == CP_TIMING_KEYS) {
        ed_app_message(app, 1, "an ease needs smooth or constant-speed timing, and this path's timing is keys "
                               "(Shift+T changes it)");
        return -1;
    }
    const double v[2] = {in, out};
    for (int c = 0; c < 2; c++)
        if (!(v[c] >= 0 && v[c] <= 1)) {
            ed_app_message(app, 1, "ease %s is from 0 (the key's natural pace) to 1 (easing down to an instant of "
                                   "rest), not %g",
                           c ? "out" : "in", v[c]);
            return -1;
        }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    for (size_t i = 0; i < work.count; i++)
        if (ed_doc_chosen(&app->doc, i))
            work.keys[i].ease[0] = in, work.keys[i].ease[1] = out;
    char buf[48];
    which(app, buf);
    if (ed_app_commit(app, &work, app->doc.cur.selected, 0))
        return -1;
    const char *preset = ed_edit_ease_name(v);
    if (preset)
        ed_app_message(app, 0, "%s: ease %s (in %.2f, out %.2f)", buf, preset, in, out);
    else
        ed_app_message(app, 0, "%s: ease in %.2f, out %.2f", buf, in, out);
    return 0;
}

int ed_edit_ease_preset(ed_app *app, const char *name)
{
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (strcmp(name, presets[i].name) == 0 || strcmp(name, presets[i].alias) == 0)
            return ed_edit_ease(app, presets[i].ease[0], presets[i].ease[1]);
    ed_app_message(app, 1, "ease: '%s' is not linear, ease-in, ease-out or ease-in-out (or two numbers 0..1)", name);
    return -1;
}

/* ---- a look-at key's target, focus and aperture ------------------------------------------------------- */

static const char *const lens_name[2] = {"focus", "aperture"};


/* ---- a key's target, focus and aperture -------------------------------------------------------------------- */

int ed_edit_target(ed_app *app, cp_vec3 t)
{
    if (ed_app_ready(app) || ed_app_need_selection(app))
        return -1;
    if (app->doc.cur.doc.options.orientation != CP_ORIENTATION_LOOK_AT) {
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
    if (ed_app_begin(app, &work))
        return -1;
    size_t s = (size_t)app->doc.cur.selected;
    work.keys[s].target = t;
    if (ed_app_commit(app, &work, (long)s, 0))
        return -1;
    const cp_key *k = &app->doc.cur.doc.keys[s];
    ed_app_message(app, 0, "key %zu looks at (%.3g, %.3g, %.3g), %.3g m away", s, t.x, t.y, t.z,
                   cp_vec3_length(cp_vec3_sub(t, k->position)));
    return 0;
}

int ed_edit_lens(ed_app *app, int which, int on, double v)
{
    if (ed_app_ready(app) || ed_app_need_selection(app))
        return -1;
    const char *name = lens_name[which != 0];
    if (on && !(v > 0 && isfinite(v))) {
        ed_app_message(app, 1, "%s is a number above 0 (%s; got %g), or none", name, which ? "an f-number" : "metres",
                       v);
        return -1;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    const int had = work.count > 0 && ed_fit_lens(&work.keys[0], which) > 0;
    size_t changed = 0;
    for (size_t i = 0; i < work.count; i++) {
        /* on every key or on none: the first one given goes to every key */
        const int chosen = app->doc.cur.sel.count ? ed_sel_has(&app->doc.cur.sel, i) : (long)i == app->doc.cur.selected;
        if (!on || !had || chosen) {
            ed_fit_set_lens(&work.keys[i], which, on ? v : 0.0);
            changed++;
        }
    }
    if (ed_app_commit(app, &work, app->doc.cur.selected, 0))
        return -1;
    if (!on)
        ed_app_message(app, 0, "%s taken from every key (a path has it on every key or on none)", name);
    else if (!had)
        ed_app_message(app, 0, "%s %.4g on every key (a path has it on every key or on none)", name, v);
    else if (changed == 1)
        ed_app_message(app, 0, "key %ld: %s %.4g", app->doc.cur.selected, name, v);
    else
        ed_app_message(app, 0, "%zu keys: %s %.4g", changed, name, v);
    return 0;
}

int ed_edit_frame_width(ed_app *app, int on, double v)
{
    if (ed_app_ready(app) || ed_app_need_selection(app))
        return -1;
    if (app->doc.cur.doc.options.orientation != CP_ORIENTATION_LOOK_AT) {
        ed_app_message(app, 1, "a dolly zoom needs a look-at path: the fov follows the distance to the target");
        return -1;
    }
    if (on && !(v >= CP_PATH_MIN_FRAME_WIDTH && v <= CP_PATH_MAX_FRAME_WIDTH)) {
        ed_app_message(app, 1, "a frame width is %g to %g metres (got %g), or none", CP_PATH_MIN_FRAME_WIDTH,
                       CP_PATH_MAX_FRAME_WIDTH, v);
        return -1;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    const int had = work.options.dolly_zoom;
    for (size_t i = 0; i < work.count; i++) {
        cp_key *k = &work.keys[i];
        if (!on) {
            k->fov = ed_fit_dolly_fov(k);
            k->frame_width = 0;
        } else if (ed_doc_chosen(&app->doc, i)) {
            k->frame_width = v;
        } else if (!had) {
            k->frame_width = ed_fit_frame_width(k);
        }
    }
    work.options.dolly_zoom = on != 0;
    char buf[48];
    which(app, buf);
    if (ed_app_commit(app, &work, app->doc.cur.selected, 0))
        return -1;
    if (!on)
        ed_app_message(app, 0, "dolly zoom off: every key keeps its fov");
    else
        ed_app_message(app, 0, "%s: frame width %.4g m%s", buf, v, had ? "" : " (dolly zoom on: the fov follows the target)");
    return 0;
}

int ed_edit_replace(ed_app *app, cp_document *doc, long active)
{
    if (ed_app_ready(app)) {
        cp_document_free(doc);
        return -1;
    }
    const size_t n = doc->count;
    if (ed_app_commit(app, doc, active >= 0 && (size_t)active < n ? active : -1, 1))
        return -1;
    ed_app_message(app, 0, "%zu %s in place of the path's", n, ed_base_keys_word(n));
    return 0;
}

/* ---- undo, redo, retime ------------------------------------------------------------------------------- */

static int undo_redo(ed_app *app, int redo)
{
    if (ed_app_ready(app))
        return -1;
    /* a sequence's shot edits take their turn with the path's, in the order they were made */
    if (ed_seq_owns_undo(&app->seq, &app->doc, redo))
        return ed_seq_undo(&app->seq, &app->file, &app->doc, &app->base, redo);
    if (ed_doc_undo(&app->doc, &app->base, redo) != 0) {
        ed_app_message(app, 1, redo ? "nothing to redo" : "nothing to undo");
        return -1;
    }
    const char *what = ed_doc_stepped(&app->doc, redo);
    if (what[0])
        ed_app_message(app, 0, "%s: %s (%zu %s now)", redo ? "redone" : "undone", what, app->doc.cur.doc.count,
                       ed_base_keys_word(app->doc.cur.doc.count));
    else
        ed_app_message(app, 0, redo ? "redone (%zu %s)" : "undone (%zu %s)", app->doc.cur.doc.count,
                       ed_base_keys_word(app->doc.cur.doc.count));
    return 0;
}

int ed_edit_undo(ed_app *app) { return undo_redo(app, 0); }
int ed_edit_redo(ed_app *app) { return undo_redo(app, 1); }

int ed_edit_retime(ed_app *app, double duration)
{
    if (ed_app_ready(app))
        return -1;
    return ed_doc_retime(&app->doc, &app->base, duration);
}

int ed_edit_wait_retime(ed_app *app) { return ed_doc_wait_retime(&app->doc, &app->base); }

int ed_edit_shake_scale(ed_app *app, int on, double v)
{
    if (ed_app_ready(app) || ed_app_need_selection(app))
        return -1;
    if (on && !(v >= 0 && v <= CP_SHAKE_MAX_SCALE)) {
        ed_app_message(app, 1, "shake scale: a number in [0, %g] (got %g), or none", CP_SHAKE_MAX_SCALE, v);
        return -1;
    }
    cp_document work;
    if (ed_app_begin(app, &work))
        return -1;
    size_t changed = 0;
    for (size_t i = 0; i < work.count; i++) {
        const int chosen = app->doc.cur.sel.count ? ed_sel_has(&app->doc.cur.sel, i) : (long)i == app->doc.cur.selected;
        if (!chosen)
            continue;
        if (on)
            work.keys[i].flags |= CP_KEY_SHAKE_SCALE;
        else
            work.keys[i].flags &= ~(unsigned)CP_KEY_SHAKE_SCALE;
        work.keys[i].shake_scale = on ? v : 0.0;
        changed++;
    }
    if (ed_app_commit(app, &work, app->doc.cur.selected, 0))
        return -1;
    if (!on)
        ed_app_message(app, 0, "%zu key%s: shake scale taken away (1)", changed, changed == 1 ? "" : "s");
    else if (!cp_shake_active(&app->doc.cur.doc.options.shake))
        ed_app_message(app, 0, "%zu key%s: shake scale %g (the path has no shake yet: set an amplitude)", changed,
                       changed == 1 ? "" : "s", v);
    else
        ed_app_message(app, 0, "%zu key%s: shake scale %g", changed, changed == 1 ? "" : "s", v);
    return 0;
}

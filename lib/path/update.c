/* SPDX-License-Identifier: MIT */
/* lib/path/update.c - cp_path_update: a path with some of its keys replaced.
 * Where it can, the keys around the edit are built as a path of their own
 * and its records spliced into the path in place (lib/path/update_keys.c,
 * update_shape.c); everything else is the whole rebuild (docs/api.md,
 * "Editing a long path"). */
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "path_impl.h"
#include "path_layout.h"
#include "update_impl.h"
#include "validate.h"

/* The whole path again from its keys with [first, first + count) replaced,
 * with the old one's file metadata; the old one is freed on success. */
static cp_path *rebuild_all(cp_path *path, size_t first, const cp_key *keys, size_t count, double changed[2],
                            cp_error *error)
{
    const size_t n = path->count;
    cp_key *all = cpi_alloc_large(&path->alloc, n, sizeof *all);
    if (!all) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for a path of %zu keys", n);
        return NULL;
    }
    memcpy(all, path->keys, n * sizeof *all);
    memcpy(all + first, keys, count * sizeof *all);
    cp_path_options opts = path->opts;
    cp_path *p = cpi_path_build(all, n, &opts, &cpi_api_names, error);
    cpi_free(&path->alloc, all);
    if (p && cpi_path_copy_meta(p, path, error) != CP_OK) {
        cp_path_destroy(p);
        p = NULL;
    }
    if (!p)
        return NULL;
    if (changed) {
        const double a = cp_path_start(path), b = cp_path_start(p);
        changed[0] = a < b ? a : b;
        const double ea = a + cp_path_duration(path), eb = b + cp_path_duration(p);
        changed[1] = ea > eb ? ea : eb;
    }
    cp_path_destroy(path);
    cpi_error_clear(error);
    return p;
}

/* Whether the path is of a kind the window can serve: open, rotation keys,
 * keys or smooth timing, no channel derived from other keys (dolly zoom)
 * and no shake_scale channel; and whether the edit leaves the times of the
 * path's ends (the scale of the least key spacing, the curves' ranges) and
 * the last key's hold. */
static int local_kind(const cp_path *p, size_t first, const cp_key *keys, size_t count)
{
    const cp_path_options *o = &p->opts;
    const size_t last = first + count - 1;
    if (o->ends == CP_ENDS_CLOSED || o->orientation != CP_ORIENTATION_ROTATION || o->dolly_zoom || p->shake_scale ||
        p->target || !(o->timing == CP_TIMING_KEYS || o->timing == CP_TIMING_SMOOTH))
        return 0;
    if (first == 0 && keys[0].time != p->keys[0].time)
        return 0;
    const cp_key *k = &keys[count - 1], *was = &p->keys[p->count - 1];
    if (last == p->count - 1 && (k->time != was->time || (k->flags & CP_KEY_HOLD) != (was->flags & CP_KEY_HOLD) ||
                                 ((k->flags & CP_KEY_HOLD) && k->hold != was->hold)))
        return 0; /* the warp ends where the last key's hold does */
    return 1;
}

/* The checks of cp_path_create whose scale is the whole path's: the
 * window's keys as far apart, and its holds as long, as the path's least
 * spacing asks (the window's own build asked for its own, which is not
 * more). */
static int spaced_as_path(const cp_path *p, const cp_key *win, size_t nw)
{
    const double least = cpi_path_min_spacing(p->keys, p->count, &p->opts);
    if (!(least > cpi_path_min_spacing(win, nw, &p->opts)))
        return 1;
    for (size_t i = 0; i < nw; i++) {
        if (i > 0 && !(win[i].time - win[i - 1].time >= least))
            return 0;
        if ((win[i].flags & CP_KEY_HOLD) && win[i].hold > 0 &&
            (!(win[i].hold >= least) || (i + 1 < nw && !(win[i + 1].time - (win[i].time + win[i].hold) >= least))))
            return 0;
    }
    return 1;
}

/* The edit done in place: 1, or 0 with the path untouched where the window
 * cannot serve it (the caller rebuilds the whole path, which also names any
 * error as cp_path_create does). */
static int update_local(cp_path *p, size_t first, const cp_key *keys, size_t count, double changed[2])
{
    const size_t n = p->count, last = first + count - 1;
    if (!local_kind(p, first, keys, count))
        return 0;
    cpi_update_window w;
    w.a = first > CPI_UPDATE_REACH ? first - CPI_UPDATE_REACH : 0;
    w.b = n - 1 - last > CPI_UPDATE_REACH ? last + CPI_UPDATE_REACH : n - 1;
    if (w.a == 0 && w.b == n - 1)
        return 0; /* the window is the path */
    w.lo = w.a == 0 ? 0 : w.a + CPI_UPDATE_KEEP;
    w.hi = w.b == n - 1 ? n - 1 : w.b - CPI_UPDATE_KEEP;
    const size_t nw = w.b - w.a + 1;
    cp_key *win = cpi_alloc_array(&p->alloc, nw, sizeof *win);
    if (!win)
        return 0;
    memcpy(win, p->keys + w.a, nw * sizeof *win);
    memcpy(win + (first - w.a), keys, count * sizeof *win);
    cp_error own;
    /* a smooth window's parameters start where the path has them at key a */
    cpi_shape_origin origin = {0, 0, 0};
    if (p->shape) {
        const cpi_uknot *k = &p->shape->uk[p->shape->key_knot[w.a]];
        origin = (cpi_shape_origin){k->u, k->sp[0], k->sr[0]};
    }
    cp_path *sub = cpi_path_build_window(win, nw, &p->opts, &origin, &own);
    int done = sub && sub->xmask == p->xmask && !sub->shake_scale && spaced_as_path(p, win, nw);
    if (done)
        done = p->opts.timing == CP_TIMING_KEYS ? cpi_update_keys(p, sub, &w, changed)
                                                : cpi_update_shape(p, sub, &w, changed);
    cp_path_destroy(sub);
    cpi_free(&p->alloc, win);
    return done;
}

cp_path *cp_path_update(cp_path *path, size_t first, const cp_key *keys, size_t count, double changed[2],
                        cp_error *error)
{
    if (!path) {
        cpi_error_set(error, CP_ERR_INVALID, "no path to update");
        return NULL;
    }
    if (first > path->count || count > path->count - first) {
        cpi_error_set(error, CP_ERR_INVALID, "keys %zu to %zu are past the path's %zu keys", first,
                      first + count - (count > 0), path->count);
        return NULL;
    }
    if (count > 0 && !keys) {
        cpi_error_set(error, CP_ERR_INVALID, "no keys given for keys %zu to %zu", first, first + count - 1);
        return NULL;
    }
    if (count == 0) { /* nothing replaced: nothing moves */
        if (changed)
            changed[0] = changed[1] = cp_path_start(path);
        cpi_error_clear(error);
        return path;
    }
    double span[2];
    if (update_local(path, first, keys, count, span)) {
        if (changed)
            changed[0] = span[0], changed[1] = span[1];
        cpi_error_clear(error);
        return path;
    }
    return rebuild_all(path, first, keys, count, changed, error);
}

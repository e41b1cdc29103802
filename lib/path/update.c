/* SPDX-License-Identifier: MIT */
/* lib/path/update.c - cp_path_update: a path with some of its keys replaced.
 * This is the whole rebuild every case may fall back on. */
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "path_impl.h"
#include "path_layout.h"
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
    return rebuild_all(path, first, keys, count, changed, error);
}

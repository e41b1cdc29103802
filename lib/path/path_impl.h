/* SPDX-License-Identifier: MIT */
/* lib/path/path_impl.h - what lib/path/path.c gives the files above it
 * beyond the public API: a path built with the field names of its caller's
 * errors, and a copy of a path's file metadata (not installed). */
#ifndef CAMPATH_PATH_IMPL_H
#define CAMPATH_PATH_IMPL_H

#include "campath/path.h"
#include "base.h"

/* Gives `dst` copies of `src`'s name, extras, keys' extras and scene (a path
 * derived from another one keeps what its file said). CP_OK or a status. */
cp_status cpi_path_copy_meta(cp_path *dst, const cp_path *src, cp_error *error);

/* cp_path_create with the fields of errors named by `names`. */
cp_path *cpi_path_build(const cp_key *keys, size_t count, const cp_path_options *options,
                        const cpi_field_names *names, cp_error *error);

/* Where a smooth path's parameters start: u, sigma_p and sigma_r at its
 * first key (0 for a path of its own). A window of a longer path built
 * from where that path has them makes the very sums the longer path made,
 * to the bit (lib/path/update.c). */
typedef struct cpi_shape_origin {
    double u, sp, sr;
} cpi_shape_origin;

/* cpi_path_build with the C API's names, a smooth path's parameters
 * starting at `origin`. */
cp_path *cpi_path_build_window(const cp_key *keys, size_t count, const cp_path_options *options,
                               const cpi_shape_origin *origin, cp_error *error);

/* |angular velocity| of cp_path_sample's pose at `time`, to the bit, with
 * only the work it takes (keys-timing look-at paths; the full sample
 * otherwise): what `campath check` integrates for the turn of a segment. */
double cpi_path_turn_rate(const cp_path *path, double time);

#endif /* CAMPATH_PATH_IMPL_H */

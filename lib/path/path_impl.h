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

#endif /* CAMPATH_PATH_IMPL_H */

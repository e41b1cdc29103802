/* SPDX-License-Identifier: MIT */
/* editor/core/benchpath.h - the long path `campath-editor --bench-frames` draws:
 * many keys looping through the demo world, made up on the spot so the
 * benchmark needs no file.
 */
#ifndef ED_BENCHPATH_H
#define ED_BENCHPATH_H

#include <stddef.h>

#include "campath/json.h"

#define ED_BENCH_KEYS 10000
#define ED_BENCH_EDIT_KEYS 100000   /* the path an edit of one key is timed on */

/* A C2 path of `count` keys (>= 2) in three winding laps around the demo
 * world, looking along the way, at 10 m/s. 0, or a cp_status with `error`. */
int ed_bench_document(cp_document *doc, size_t count, cp_error *error);
/* The same keys in smooth timing (the shape over the keys' distances, time
 * warped through their times): the timing a recording gets. */
int ed_bench_document_smooth(cp_document *doc, size_t count, cp_error *error);

#endif /* ED_BENCHPATH_H */

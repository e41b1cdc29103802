/* SPDX-License-Identifier: MIT */
/* editor/core/loader.h - a scene import on a thread of its own, so that the
 * editor keeps drawing (and says how far the import has come) while a large
 * scene loads, and keeps its previous world if the import fails. */
#ifndef ED_LOADER_H
#define ED_LOADER_H

#include <stddef.h>

#include "bvh.h"
#include "import.h"

typedef struct ed_loader ed_loader;

/* Starts importing `file` (copied); options may be NULL. NULL with a reason
 * in err if the thread could not start. */
ed_loader *ed_loader_start(const char *file, const ed_import_options *options, char *err, size_t err_size);
/* Non-zero once the import has finished (either way). */
int ed_loader_done(ed_loader *l);
/* Asks the import to stop: it does at the next file it reads or mesh it
 * converts (import.h), and then fails with "loading cancelled". */
void ed_loader_cancel(ed_loader *l);
/* The file being loaded, as given. */
const char *ed_loader_file(const ed_loader *l);
/* One line on how far it has come: "town.glb: 45% of 120 MB read, 3.2 s". */
void ed_loader_describe(ed_loader *l, char *buf, size_t size);
/* Waits for the import, frees the loader and gives its result: 0 and the
 * world in *out (initialised here) with its clearance index in *bvh (an
 * empty one if there was no memory for it; bvh may be NULL), or -1 with the
 * reason in err. */
int ed_loader_finish(ed_loader *l, ed_world *out, ed_bvh *bvh, char *err, size_t err_size);

#endif /* ED_LOADER_H */

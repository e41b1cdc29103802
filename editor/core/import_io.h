/* SPDX-License-Identifier: MIT */
/* editor/core/import_io.h - the file system an import sees: only regular files
 * inside one folder (the scene file's), opened without blocking, with the
 * bytes read counted for the progress line; and the import's clock: once it
 * is cancelled or past its time, every read fails, so that assimp gives up
 * at the next one. Used by import.c only. */
#ifndef ED_IMPORT_IO_H
#define ED_IMPORT_IO_H

#include <assimp/cfileio.h>
#include <stddef.h>

#include "import.h"

typedef struct ed_import_io {
    struct aiFileIO     io;           /* handed to assimp; its UserData points back here */
    char               *root;         /* the folder, resolved (realpath), no trailing slash */
    ed_import_progress *progress;     /* may be NULL */
    char                refused[512]; /* the first file refused, and why ("" if none) */
    double              seconds;      /* the time the import may take */
    double              deadline;     /* monotonic (os.h) */
    int                 stopped;      /* ED_IMPORT_IO_CANCELLED or ED_IMPORT_IO_LATE once it has stopped */
} ed_import_io;

enum { ED_IMPORT_IO_RUNNING = 0, ED_IMPORT_IO_CANCELLED, ED_IMPORT_IO_LATE };

/* Sets up the file system for the folder that holds `scene_file`, for an
 * import of at most `seconds`. 0, or -1 with a reason in err. */
int ed_import_io_init(ed_import_io *fs, const char *scene_file, ed_import_progress *progress, double seconds, char *err,
                      size_t err_size);
void ed_import_io_free(ed_import_io *fs);

/* Whether the import has been cancelled (progress->cancel) or has run past
 * its time: fs->stopped says which, from then on. */
int ed_import_io_stopped(ed_import_io *fs);

/* Whether `file` (relative names are taken as they come) resolves to a
 * regular file inside the folder. Returns a malloc'd resolved name, or NULL
 * with the reason in `why`. */
char *ed_import_io_resolve(const ed_import_io *fs, const char *file, char *why, size_t why_size);

#endif /* ED_IMPORT_IO_H */

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

/* ---- what a scene declares (shared with campath import-scene) ---------------------------------------- */

struct aiScene;

/* An FBX file's declared unit and up axis, from assimp's metadata
 * (UnitScaleFactor: centimetres per unit; UpAxis, UpAxisSign). Fields not
 * declared are left as they are; returns which were: 1 the unit, 2 the axis. */
int ed_import_declared(const struct aiScene *sc, double *metres_per_unit, int *up, int *sign);

/* The rows of the rotation that takes a source whose up axis is `up` (0 X,
 * 1 Y, 2 Z) pointing `sign` (1 or -1) to +Y up. */
void ed_import_up_rows(int up, int sign, double r[3][3]);

#endif /* ED_IMPORT_IO_H */

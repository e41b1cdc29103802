/* SPDX-License-Identifier: MIT */
/* editor/core/replace.h - a file written whole or not at all, and never
 * through what is at its name.
 *
 * The bytes go to a new temporary file beside the name (created, never
 * opened if it exists), are flushed to the disk, and the temporary file is
 * renamed over the name: a reader sees the old file or the new one, and a
 * failed write (a full disk, a file size limit) is reported and leaves the
 * old one. What is at the name is replaced, not written into: a symbolic
 * link there is not followed (nor is its target created), a second hard
 * link keeps the old bytes, and anything that is not a regular file (a
 * link, a FIFO, a folder, a device) is refused with a message naming it.
 * A regular file replaced keeps its permission bits; a new one gets the
 * umask's. The editor's recovery file and its rendered frames are written
 * this way. (Saving the path file itself goes through the library, which
 * writes through a link on purpose: a path file may be a link into a game's
 * assets.)
 *
 *     ed_replace r;
 *     if (ed_replace_open(&r, "out/frame_00001.png", why, n)) ...
 *     ed_replace_write(&r, bytes, size);        (any number of times)
 *     if (ed_replace_commit(&r, why, n)) ...    (or ed_replace_abort)
 */
#ifndef ED_REPLACE_H
#define ED_REPLACE_H

#include <stddef.h>

#include "os.h"

typedef struct ed_replace {
    ed_os_file *out;   /* the temporary file, open for writing (seekable) */
    char       *temp;  /* its name (malloc'd) */
    char       *file;  /* the name it replaces (malloc'd) */
    int         mode;  /* permission bits to keep, or -1 */
    int         error; /* error number (errno's) of the first write that failed, or 0 */
} ed_replace;

/* Whether `file` may be replaced: 0 when nothing or a regular file is
 * there; -1 otherwise, with why: "FILE is a symbolic link, not a regular
 * file" (or a FIFO, a folder, a device, a socket), or why it cannot be told. */
int ed_replace_check(const char *file, char *why, size_t why_size);

/* Starts replacing `file`: checks it (as ed_replace_check) and creates the
 * temporary file. 0, or -1 with the reason in why (r is then empty). */
int ed_replace_open(ed_replace *r, const char *file, char *why, size_t why_size);
/* Appends bytes. 0, or -1 once a write has failed (r->error says why; the
 * commit reports it). */
int ed_replace_write(ed_replace *r, const void *data, size_t size);
/* Moves the temporary file's position (ED_OS_FROM_START, _HERE or _END, as
 * an image writer seeks): the new position, or -1. */
long long ed_replace_seek(ed_replace *r, long long offset, int from);
/* Flushes the bytes to the disk and renames the temporary file over the
 * name (checked again). 0, or -1 with the reason in why; either way r is
 * done with and, on failure, the temporary file removed. */
int ed_replace_commit(ed_replace *r, char *why, size_t why_size);
/* Gives up: removes the temporary file. */
void ed_replace_abort(ed_replace *r);

/* All of it at once: `size` bytes of `data` replace `file`. 0, or -1 with
 * "FILE: reason" in why. */
int ed_replace_file(const char *file, const void *data, size_t size, char *why, size_t why_size);

#endif /* ED_REPLACE_H */

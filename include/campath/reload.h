/* SPDX-License-Identifier: MIT */
/* campath/reload.h - path resources by file name, with hot reload.
 *
 * A game keeps `cp_resource` handles and calls `cp_library_poll` once a
 * frame; when a file changes on disk the resource's path is replaced and its
 * generation goes up. Handles stay valid until the library is destroyed.
 *
 *     cp_library *lib = cp_library_create(&err);
 *     cp_resource *intro = cp_library_open(lib, "paths/intro.json", &err);
 *     for (;;) {                                   // the game loop
 *         cp_library_poll(lib);
 *         const cp_path *path = cp_resource_path(intro);   // NULL until the file is there
 *         if (path)
 *             cp_path_sample(path, t, &pose);
 *     }
 *     cp_library_destroy(lib);
 *
 * A change that fails to load (a half-written file, a syntax error) keeps the
 * last good path in service and sets cp_resource_error(); the next good write
 * replaces it. A change that leaves the same bytes (a touch, a repeated save)
 * does not make a new generation. A deleted file keeps its last good path; a file that comes back
 * is picked up. A file that is not there yet (the game started before the
 * editor or the recorder first saved it) opens with no path, and its first
 * save comes in as any reload does. The system tells the library of changes
 * in each file's folder (so saves by rename are seen): inotify on Linux,
 * ReadDirectoryChangesW on Windows; elsewhere, or where that is unavailable,
 * it compares stat() results (modification time, size, inode) at each poll.
 *
 * A library is not thread-safe: poll and read its resources from one thread.
 */
#ifndef CAMPATH_RELOAD_H
#define CAMPATH_RELOAD_H

#include "common.h"
#include "path.h"
#include "sequence.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cp_library cp_library;
typedef struct cp_resource cp_resource;

/* A library with no resources. NULL on failure. It watches with inotify
 * (Linux) or ReadDirectoryChangesW (Windows) where it can; setting the
 * environment variable CAMPATH_NO_INOTIFY=1 makes it poll with stat instead
 * (as on systems without either), on every system. */
CP_API cp_library *cp_library_create(cp_error *error);
/* The same, always polling with stat (for tests, and for file systems whose
 * changes the system does not report, such as some network mounts). */
CP_API cp_library *cp_library_create_polling(cp_error *error);
/* Options of cp_library_create_with: all zero = the defaults. */
typedef struct cp_library_options {
    const cp_allocator *allocator; /* for the library, its resources, their paths and the reading
                                      of their files; NULL: the C library (common.h) */
    bool                polling;   /* true: always poll with stat (as cp_library_create_polling) */
} cp_library_options;

/* cp_library_create with options (NULL: the defaults). */
CP_API cp_library *cp_library_create_with(const cp_library_options *options, cp_error *error);
/* Frees the library, its resources and their paths; NULL is a no-op. */
CP_API void cp_library_destroy(cp_library *lib);

/* The resource for `file`, loading it now. Opening the same file twice gives
 * the same handle. A file that is there must load: NULL and `error`
 * otherwise. A file that is not there (no such file, or no such folder yet)
 * opens without a path: cp_resource_path is NULL, the generation 0, and
 * cp_resource_error says "FILE: not there yet: ..." until a poll finds the
 * file saved and loads it (generation 1). */
CP_API cp_resource *cp_library_open(cp_library *lib, const char *file, cp_error *error);

/* The resource for a sequence file (campath/sequence.h): the sequence and
 * every path file it names are watched, and a change to any of them loads
 * the whole sequence again; one that does not load keeps the last good
 * sequence (cp_resource_error says why). The path files are checked with
 * stat at each poll. Otherwise as cp_library_open; a file already open as
 * a path is an error. */
CP_API cp_resource *cp_library_open_sequence(cp_library *lib, const char *file, cp_error *error);

/* Looks for changed files and reloads them; returns how many resources got a
 * new path (failed reloads do not count, but set cp_resource_error). Cheap
 * when nothing changed. */
CP_API size_t cp_library_poll(cp_library *lib);

/* The current path (owned by the library; valid until the next poll that
 * reloads this resource, which frees it, or until the library is destroyed:
 * fetch it again after each cp_library_poll). NULL while the file has never
 * loaded (it was not there when opened, and has not been saved since). */
CP_API const cp_path *cp_resource_path(const cp_resource *res);
/* The current sequence of a resource opened with cp_library_open_sequence
 * (owned by the library, valid as cp_resource_path's path is), or NULL:
 * not loaded yet, or a path resource (whose cp_resource_path is the path). */
CP_API const cp_sequence *cp_resource_sequence(const cp_resource *res);
/* 0 before the first load, 1 after it, +1 for every successful reload. */
CP_API unsigned long cp_resource_generation(const cp_resource *res);
/* The message of the last failed reload (or of a file not there yet), or
 * NULL if the last attempt loaded. */
CP_API const char *cp_resource_error(const cp_resource *res);
/* The file name as given to cp_library_open. */
CP_API const char *cp_resource_file(const cp_resource *res);

/* How the library learns of changes, for messages: "inotify",
 * "ReadDirectoryChangesW" or "stat polling" (a constant string). */
CP_API const char *cp_library_watch_method(const cp_library *lib);
/* True if the library watches with inotify, false otherwise (stat polling,
 * or Windows: see cp_library_watch_method). */
CP_API bool cp_library_uses_inotify(const cp_library *lib);
/* A descriptor that becomes readable when a watched file may have changed
 * (the inotify descriptor), for programs that sleep in poll() or select()
 * between frames; -1 when the library polls with stat, and on Windows (wake
 * up on a timer, or use cp_library_wait). An int, as poll() and select()
 * take it; the library closes it when destroyed. */
CP_API int cp_library_fd(const cp_library *lib);
/* Sleeps until a watched file may have changed or `timeout_ms` passes,
 * whichever comes first, on every system; true when it woke for a change.
 * When polling with stat it sleeps the whole time. Call cp_library_poll
 * after it either way (files in error and unwatched folders are checked
 * with stat at each poll). For programs with nothing else to wait on, such
 * as tools; a game polls once a frame instead. */
CP_API bool cp_library_wait(cp_library *lib, int timeout_ms);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_RELOAD_H */

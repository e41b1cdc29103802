/* SPDX-License-Identifier: MIT */
/* campath/json.h - path resources as JSON text (format version 1, see
 * docs/format.md): load, validate, save.
 *
 * Quick start:
 *
 *     cp_error err;
 *     cp_path *path = cp_path_load("paths/demo.json", &err);
 *     if (!path) { fprintf(stderr, "%s\n", err.message); return 1; }
 *     ...
 *     if (cp_path_save(path, "paths/copy.json", &err) != CP_OK) fprintf(stderr, "%s\n", err.message);
 *     cp_path_destroy(path);
 *
 * Errors name the file, the line and column where it applies, the field as
 * a path (`keys[3].rotation`) and what is wrong:
 *
 *     paths/intro.json:12:7: keys[3].t: number expected, got string
 *
 * and carry the same as data: error->line, error->column, error->field
 * ("keys[3].t", in the file's names) and error->key (3). A file is UTF-8
 * text, and no object in it may hold a member name twice.
 *
 * Numbers are written so that loading gives back the same doubles, bit for
 * bit, under any locale. Saving is atomic: a temporary file in the same
 * folder, fsync, rename; a crash leaves the old file or the new one, whole.
 * Members campath does not know are reported as warnings and kept (as the
 * path's extras), so a load and save loses nothing.
 */
#ifndef CAMPATH_JSON_H
#define CAMPATH_JSON_H

#include <stddef.h>

#include "common.h"
#include "path.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version written in the "campath" member. */
#define CP_JSON_FORMAT_VERSION 1
/* Files larger than this are refused with CP_ERR_LIMIT (likely not a path). */
#define CP_JSON_MAX_FILE_SIZE (256u * 1024u * 1024u)
/* Arrays and objects nested deeper than this (only possible inside unknown
 * members) are refused with CP_ERR_LIMIT. */
#define CP_JSON_MAX_DEPTH 512
/* At most this many warnings are listed one by one; one more line counts the rest. */
#define CP_JSON_MAX_WARNINGS 100

/* ---- paths ---------------------------------------------------------------- */

/* Loads and validates a path file. Returns NULL and fills `error` on failure. */
CP_API cp_path *cp_path_load(const char *file, cp_error *error);

/* The same from memory: `size` bytes of `text` (need not be NUL-terminated).
 * `source` names the text in error messages (NULL: "<memory>"). */
CP_API cp_path *cp_path_load_memory(const char *text, size_t size, const char *source, cp_error *error);

/* Saves atomically. CP_OK, or a cp_status with `error` filled. */
CP_API cp_status cp_path_save(const cp_path *path, const char *file, cp_error *error);

/* The file text, NUL-terminated; *size (if not NULL) gets its length.
 * Free with free(). NULL on error. */
CP_API char *cp_path_save_memory(const cp_path *path, size_t *size, cp_error *error);

/* ---- documents: the file as plain data -------------------------------------
 * For programs that edit keys (the editor, the command-line tool): the same
 * content as a path, but as plain arrays that can be changed freely, with
 * the warnings found while loading. */
typedef struct cp_document {
    char            *name;          /* may be NULL */
    char            *scene;         /* the scene the path was made in, relative to the path
                                       file's folder (the editor loads it); may be NULL */
    cp_path_options  options;
    cp_key          *keys;          /* count keys, malloc'd */
    size_t           count;
    size_t           capacity;      /* allocated length of keys and key_extras */
    char            *extras;        /* unknown top-level members as JSON object text, or NULL */
    char           **key_extras;    /* NULL, or count entries of JSON object text or NULL */
    char           **warnings;      /* warning_count lines from the last load ("file:line:col: ...") */
    size_t           warning_count;
} cp_document;

/* Loads the file as data. Every check of cp_path_create runs (the splines
 * are built and dropped), so a document that loads builds, and its errors
 * are placed in the file like cp_path_load's. Unknown members are in
 * extras/key_extras and produce warnings. CP_OK or a cp_status; on failure
 * `doc` is left zeroed. */
CP_API cp_status cp_document_load(const char *file, cp_document *doc, cp_error *error);
CP_API cp_status cp_document_load_memory(const char *text, size_t size, const char *source,
                                         cp_document *doc, cp_error *error);
/* Saves atomically; CP_OK or a cp_status. A document that would not
 * load (fewer than 2 keys, times not increasing, bad extras) is refused. */
CP_API cp_status cp_document_save(const cp_document *doc, const char *file, cp_error *error);
CP_API char *cp_document_save_memory(const cp_document *doc, size_t *size, cp_error *error);
/* A path from a document (carrying its name and extras), or NULL. */
CP_API cp_path *cp_document_to_path(const cp_document *doc, cp_error *error);
/* A document from a path (deep copy). CP_OK or a cp_status. */
CP_API cp_status cp_document_from_path(const cp_path *path, cp_document *doc, cp_error *error);
/* Inserts `key` so that it becomes keys[index] (index <= count); its extras
 * are NULL. Times are not checked here (cp_document_to_path does). CP_OK or a cp_status. */
CP_API cp_status cp_document_insert_key(cp_document *doc, size_t index, const cp_key *key, cp_error *error);
/* Removes keys[index] and its extras. */
CP_API void cp_document_remove_key(cp_document *doc, size_t index);
/* A deep copy of `src` into `dst` (warnings included). CP_OK or a cp_status. */
CP_API cp_status cp_document_copy(cp_document *dst, const cp_document *src, cp_error *error);
/* Frees what the document holds and zeroes it; a zeroed document is a no-op. */
CP_API void cp_document_free(cp_document *doc);

/* ---- numbers ----------------------------------------------------------------- */

/* Room for any number cp_json_format_number writes, NUL included. */
#define CP_JSON_NUMBER_SIZE 32

/* Writes the shortest decimal that reads back to exactly `x` ("2.5", "60",
 * "1e-7", "-0"), the way path files hold numbers, whatever the locale.
 * Non-finite x gives "nan", "inf" or "-inf" (not JSON). Returns the length. */
CP_API size_t cp_json_format_number(double x, char buf[CP_JSON_NUMBER_SIZE]);

/* Reads `text` as exactly one JSON number, whatever the locale (the nearest
 * double, as strtod in the "C" locale). CP_OK and *out set, or
 * CP_ERR_SYNTAX (*out untouched) for text that is not one number. */
CP_API cp_status cp_json_parse_number(const char *text, double *out);

/* ---- files ------------------------------------------------------------------- */

/* Writes `data` to `file` atomically (temporary file in the same folder,
 * fsync, rename, fsync of the folder). Through symbolic links (chains too)
 * the file at the end is replaced and the links kept; an old file's owner,
 * group (where allowed) and permission bits are kept; only regular files
 * are replaced (a device, FIFO, socket or folder is refused). CP_OK or a
 * cp_status. Used by every saver. */
CP_API cp_status cp_write_file_atomic(const char *file, const void *data, size_t size, cp_error *error);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_JSON_H */

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
#include "sequence.h"

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

/* Options of the loaders (the _with variants): all zero = the defaults. */
typedef struct cp_json_options {
    const cp_allocator *allocator; /* for the loaded path or document and all the loader uses on
                                      the way; NULL: the C library (common.h) */
} cp_json_options;

/* Loads and validates a path file. Returns NULL and fills `error` on failure. */
CP_API cp_path *cp_path_load(const char *file, cp_error *error);

/* The same from memory: `size` bytes of `text` (need not be NUL-terminated).
 * `source` names the text in error messages (NULL: "<memory>"). */
CP_API cp_path *cp_path_load_memory(const char *text, size_t size, const char *source, cp_error *error);

/* cp_path_load and cp_path_load_memory with options (NULL: the defaults). */
CP_API cp_path *cp_path_load_with(const char *file, const cp_json_options *options, cp_error *error);
CP_API cp_path *cp_path_load_memory_with(const char *text, size_t size, const char *source,
                                         const cp_json_options *options, cp_error *error);

/* Saves atomically. CP_OK, or a cp_status with `error` filled. */
CP_API cp_status cp_path_save(const cp_path *path, const char *file, cp_error *error);

/* The file text, NUL-terminated; *size (if not NULL) gets its length.
 * Allocated with the path's allocator: free it with free() unless the path
 * was made with your own (then with yours). NULL on error. */
CP_API char *cp_path_save_memory(const cp_path *path, size_t *size, cp_error *error);

/* ---- sequences (campath/sequence.h; docs/format.md, "Sequences") ------------ */

/* Loads a sequence file and every path it names. A shot's "path" is a file
 * name relative to the sequence file's folder (absolute names and ".." are
 * refused: a sequence reads files only in its folder and below) or an inline
 * path object. Errors are placed in the sequence file and name the shot
 * ("seq.json:7:15: shots[1].path: paths/a.json: cannot open: not found",
 * "seq.json:9:16: shots[2].blend: ..."). NULL on failure; free with
 * cp_sequence_destroy, which frees the paths too. */
CP_API cp_sequence *cp_sequence_load(const char *file, cp_error *error);
/* The same from memory: shot files are read from `folder` (NULL: only
 * inline paths are allowed); `source` names the text in messages. */
CP_API cp_sequence *cp_sequence_load_memory(const char *text, size_t size, const char *source, const char *folder,
                                            cp_error *error);
/* Whether `size` bytes of `text` are a JSON object with a top-level "shots"
 * member (a sequence file rather than a path file). Reads only as far as it
 * needs; false for anything else. */
CP_API bool cp_json_is_sequence(const char *text, size_t size);
/* The same for a file (false if it cannot be read). */
CP_API bool cp_json_file_is_sequence(const char *file);

/* ---- documents: the file as plain data -------------------------------------
 * For programs that edit keys (the editor, the command-line tool): the same
 * content as a path, but as plain arrays that can be changed freely, with
 * the warnings found while loading. */
typedef struct cp_document {
    char            *name;          /* may be NULL */
    char            *scene;         /* the scene the path was made in, relative to the path
                                       file's folder (the editor loads it); may be NULL */
    cp_path_options  options;
    cp_key          *keys;          /* count keys, from `allocator` */
    size_t           count;
    size_t           capacity;      /* allocated length of keys and key_extras */
    char            *extras;        /* unknown top-level members as JSON object text, or NULL */
    char           **key_extras;    /* NULL, or count entries of JSON object text or NULL */
    char           **warnings;      /* warning_count lines from the last load ("file:line:col: ...") */
    size_t           warning_count;
    cp_allocator     allocator;     /* what the arrays and strings above come from: zeroed, the C
                                       library; set by the loaders (cp_json_options) and taken from
                                       the path or document copied. A program that grows the arrays
                                       itself uses the same. cp_document_to_path gives the path
                                       options.allocator, or if that is NULL this one */
} cp_document;

/* Loads the file as data. Every check of cp_path_create runs (the splines
 * are built and dropped), so a document that loads builds, and its errors
 * are placed in the file like cp_path_load's. Unknown members are in
 * extras/key_extras and produce warnings. CP_OK or a cp_status; on failure
 * `doc` is left zeroed. */
CP_API cp_status cp_document_load(const char *file, cp_document *doc, cp_error *error);
CP_API cp_status cp_document_load_memory(const char *text, size_t size, const char *source,
                                         cp_document *doc, cp_error *error);
/* The same with options (NULL: the defaults): the document keeps options->allocator. */
CP_API cp_status cp_document_load_with(const char *file, cp_document *doc, const cp_json_options *options,
                                       cp_error *error);
CP_API cp_status cp_document_load_memory_with(const char *text, size_t size, const char *source, cp_document *doc,
                                              const cp_json_options *options, cp_error *error);
/* Saves atomically; CP_OK or a cp_status. A document that would not
 * load (fewer than 2 keys, times not increasing, bad extras) is refused. */
CP_API cp_status cp_document_save(const cp_document *doc, const char *file, cp_error *error);
/* The text is allocated with the document's allocator. */
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

/* ---- audio ------------------------------------------------------------------- */

/* The "audio" member of a path file (docs/format.md): a sound to time the
 * path to. The reader checks it (located errors) and keeps it, verbatim,
 * with the path's other top-level members it does not model (the extras),
 * so every load and save keeps it; sampling a path never needs it. */
#define CP_AUDIO_MAX_FILE 4096      /* bytes of "file" */
#define CP_AUDIO_MAX_TIME 1e6       /* s: |offset| and |first_beat| at most */
#define CP_AUDIO_MAX_BPM  1000.0    /* "bpm" in (0, CP_AUDIO_MAX_BPM] */
typedef struct cp_audio {
    char   file[CP_AUDIO_MAX_FILE + 1]; /* relative to the path file's folder; "" when there is none */
    double offset;     /* s: the path time at which the audio's start plays (0). Positive: the
                          sound starts after the path does; negative: the path starts -offset s
                          into the sound */
    double bpm;        /* beats per minute; 0 when not given (no beat grid) */
    double first_beat; /* s into the sound (audio time, not path time) of a beat of the grid (0);
                          in path time the beats are at offset + first_beat + k * 60 / bpm */
} cp_audio;

/* The document's (or the path's) "audio" member, read from its extras.
 * CP_OK with audio->file "" when it has none; a status (with the field,
 * "audio.bpm", in the message) when the extras hold one that is not valid
 * (a program put it there: a loaded file was checked). */
CP_API cp_status cp_document_audio(const cp_document *doc, cp_audio *audio, cp_error *error);
CP_API cp_status cp_path_audio(const cp_path *path, cp_audio *audio, cp_error *error);
/* Sets the document's "audio" member to `audio` (NULL, or file "": takes it
 * out), in the extras where it was (else at their end), every other member
 * kept as it was; offset, bpm and first_beat are written when not 0. The
 * values are checked as the reader checks them (bpm 0: no beat grid); on
 * an error (its field, "audio.bpm", in the message) the document is
 * unchanged. The extras are allocated with the document's allocator. */
CP_API cp_status cp_document_set_audio(cp_document *doc, const cp_audio *audio, cp_error *error);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_JSON_H */

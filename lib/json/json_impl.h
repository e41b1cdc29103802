/* SPDX-License-Identifier: MIT */
/* lib/json/json_impl.h - what the JSON reader, writer, documents and files share
 * (not installed). */
#ifndef CAMPATH_JSON_IMPL_H
#define CAMPATH_JSON_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "campath/json.h"
#include "base.h"
#include "sequence_impl.h"

/* ---- scanning JSON text (json_scan.c) ------------------------------------------- */

/* A position in a text being scanned, and the first syntax error found. */
typedef struct cpi_scan {
    const char *text;
    size_t      size;
    size_t      pos;
    int         unique;      /* cpi_scan_skip_value refuses a member name twice in an object */
    int         failed;
    int         err_code;    /* CP_ERR_SYNTAX; CP_ERR_LIMIT for nesting too deep, CP_ERR_MEMORY,
                                CP_ERR_INVALID for a duplicate member name (with `unique`) */
    size_t      err_pos;
    char        err[160];
    const cp_allocator *alloc; /* for the names kept to refuse duplicates, long numbers */
} cpi_scan;

/* A string literal as found: raw bytes between the quotes, and the decoded
 * text (points into the literal when it has no escapes, else into `buf`). */
typedef struct cpi_string {
    const char *decoded;
    size_t      length;      /* of decoded */
    int         has_nul;     /* decoded holds a \u0000 */
    char       *buf;         /* reused between calls; cpi_free(alloc, buf) when done */
    size_t      cap;
    const cp_allocator *alloc;
} cpi_string;

/* Member names of the objects being read, to refuse duplicates (json_names.c). */
typedef struct cpi_name_entry { uint64_t hash; size_t pos; } cpi_name_entry;
typedef struct cpi_name_set {
    cpi_name_entry *e;
    size_t          n, cap;
    cpi_string      a, b;    /* decoding buffers */
    const cp_allocator *alloc;
} cpi_name_set;
/* Adds the name literal at `pos` of text (scanned already: it is valid). 0, or -1 out of memory. */
int  cpi_names_add(cpi_name_set *set, const char *text, size_t size, size_t pos);
/* Compares the names added since `mark` (set->n when the object opened) and
 * drops them: 1 with the positions of the earliest repeated name and of its
 * first occurrence, 0 if all differ, -1 out of memory. */
int  cpi_names_check(cpi_name_set *set, const char *text, size_t size, size_t mark, size_t *first, size_t *second);
void cpi_names_free(cpi_name_set *set);

/* Records a syntax error at `pos` (the first one wins); returns -1. */
int  cpi_scan_fail(cpi_scan *s, size_t pos, const char *fmt, ...) CPI_PRINTF(3, 4);
/* Records an allocation failure of `size` bytes for `what` at `pos` (the first error wins); returns -1. */
int  cpi_scan_fail_memory(cpi_scan *s, size_t pos, const char *what, size_t size);
/* Skips JSON whitespace (space, tab, line feed, carriage return). */
void cpi_scan_ws(cpi_scan *s);
/* A description of what is at pos for messages: "'x'", "the end of the input (truncated?)". */
const char *cpi_scan_what(const cpi_scan *s, size_t pos, char buf[32]);
/* Reads the string literal at pos (which must be '"'); decodes it into str if
 * str is not NULL. 0, or -1 with a syntax error. */
int  cpi_scan_string(cpi_scan *s, cpi_string *str);
/* Reads the number at pos; *out gets its value (may be +-inf when it is out
 * of range), computed without the locale (json_number.c). 0, or -1 with a
 * syntax error. */
int  cpi_scan_number(cpi_scan *s, double *out);
/* Skips one complete value, checking its syntax (nesting up to
 * CP_JSON_MAX_DEPTH) and, with s->unique, that no object in it holds a
 * member name twice. */
int  cpi_scan_skip_value(cpi_scan *s);

/* 1-based line and column (in UTF-8 characters) of `offset`. */
void cpi_line_col(const char *text, size_t offset, unsigned long *line, unsigned long *col);

/* Calls `fn` for every member of the JSON object `text` with the member's
 * name literal (quotes included) and value text, both verbatim. Checks the
 * whole syntax first. 0, or a status with `error` filled ("what: ..."). */
typedef int (*cpi_member_fn)(void *ctx, const char *name, size_t name_len, const char *value, size_t value_len);
int cpi_json_object_members(const cp_allocator *alloc, const char *text, const char *what, cpi_member_fn fn, void *ctx, cp_error *error);

/* A shake as the file writes it: {"seed": N, "position": [A, F], ...}
 * (json_shake.c), bands with no amplitude and no frequency left out. */
void cpi_json_write_shake(cpi_buf *o, const cp_shake *shake);

/* ---- reading (json_read.c) ----------------------------------------------------------- */

/* The members of a key object, in the order campath writes them. */
enum { CPI_KEY_T, CPI_KEY_POSITION, CPI_KEY_ROTATION, CPI_KEY_TARGET, CPI_KEY_ROLL, CPI_KEY_FOV, CPI_KEY_FOCUS,
       CPI_KEY_APERTURE, CPI_KEY_HOLD, CPI_KEY_SHAKE_SCALE, CPI_KEY_FRAME_WIDTH, CPI_KEY_EASE, CPI_KEY_MEMBERS };
extern const char *const cpi_json_key_names[CPI_KEY_MEMBERS];

/* Where the fields of a loaded file were, to locate errors found after
 * parsing: offsets of each key object and of its members' values
 * (UINT32_MAX for a member the key does not have). */
typedef struct cpi_key_offsets { uint32_t object, member[CPI_KEY_MEMBERS]; } cpi_key_offsets;
typedef struct cpi_locations {
    const char      *text;
    size_t           size;
    const char      *source;
    cpi_key_offsets *keys;       /* one per key */
    size_t           key_count;
    uint32_t         top, keys_member, ends, period, timing, orientation, interp[3];
    uint32_t         dolly_zoom;
    uint32_t         max_angular_speed;
} cpi_locations;


/* Parses and checks a path file into `doc`: the file's own checks and every
 * check of cp_path_create, the splines' included, so that a document that
 * loads also builds. Every error names the file, line and column (also in
 * error->line and error->column) and, where it concerns one, the field and
 * key (error->field, error->key). With `path` not NULL the path built from
 * the keys is handed over there (without the document's name, scene and
 * extras). On failure doc is zeroed, *path is NULL and `error` filled. */
int cpi_document_parse(const cp_allocator *alloc, const char *text, size_t size, const char *source, cp_document *doc, cp_path **path,
                       cp_error *error);
/* Places an error of the path layer in the file, from its field and key:
 * fills error->line and error->column and prefixes the message with
 * "source:line:col: ". */
void cpi_locate_error(const cpi_locations *loc, cp_error *error);

/* A path file read from byte `start` of text to the end of its object:
 * an inline path inside a sequence file (whose syntax was checked already).
 * As cpi_document_parse otherwise; messages name `source` and the line and
 * column in the whole text; its warnings are prefixed with `prefix`
 * ("shots[1].path"). */
int cpi_document_parse_at(const char *text, size_t size, size_t start, const char *prefix, const char *source,
                          cp_document *doc, cp_path **path, cp_error *error);

/* ---- sequences (json_sequence.c) ---------------------------------------------------------- */

/* One shot as read: where its members stand (NO_OFFSET: absent). */
enum { CPI_SHOT_PATH, CPI_SHOT_FROM, CPI_SHOT_TO, CPI_SHOT_BLEND, CPI_SHOT_SHAKE, CPI_SHOT_MEMBERS };
typedef struct cpi_shot_entry {
    double   from, to, blend;
    char    *file;                       /* "path" as a file name, or NULL for an inline path */
    uint32_t object, member[CPI_SHOT_MEMBERS];
    cp_shake shake;
} cpi_shot_entry;
typedef struct cpi_shots {
    cpi_shot_entry *e;
    size_t          n, cap;
    char           *name;                /* the sequence's "name" */
    uint32_t        top, member;         /* the top-level object and the "shots" array */
    int             seen;                /* "shots" was there */
    char          **warnings;            /* unknown members ("file:line:col: ...") */
    size_t          warning_count;
} cpi_shots;
/* Reads a sequence file's text into `shots` (every check of the reader:
 * syntax, version, members; the shots' own members). 0, or a status with
 * `error` filled and located. */
int cpi_shots_parse(const char *text, size_t size, const char *source, cpi_shots *shots, cp_error *error);
void cpi_shots_free(cpi_shots *shots);

/* The files a sequence read besides its own, for hot reload. */
typedef struct cpi_sequence_files {
    char   **names;
    size_t   count;
    uint64_t hash;                       /* of their texts, in order (0 if none) */
} cpi_sequence_files;
/* A sequence from its text: the shots' files are read from `folder` (NULL:
 * only inline paths are allowed). `files` (may be NULL) gets the names of
 * every file it tried to read, also when it fails, so that a reload can
 * watch them; free it with cpi_sequence_files_free. */
cp_sequence *cpi_sequence_load_text(const char *text, size_t size, const char *source, const char *folder,
                                    cpi_sequence_files *files, cp_error *error);
void cpi_sequence_files_free(cpi_sequence_files *files);
/* cpi_sequence_load_text of a file (shots relative to its folder); *hash
 * (if not NULL) gets the hash of the sequence file's own text, when it could be read. */
cp_sequence *cpi_sequence_load_file(const char *file, cpi_sequence_files *files, uint64_t *hash, cp_error *error);
/* FNV-1a of n bytes, continuing from h (0xcbf29ce484222325 to start). */
uint64_t cpi_hash_bytes(uint64_t h, const char *s, size_t n);

/* ---- writing (json_write.c) -------------------------------------------------------------- */

typedef struct cpi_path_view {
    const char             *name;
    const char             *scene;
    cp_path_options         options;
    const cp_key           *keys;
    size_t                  count;
    const char             *extras;
    const char *const      *key_extras; /* NULL or count entries */
    int                     built;      /* a path already: its keys passed cp_path_create's checks */
    const cp_allocator     *alloc;      /* the path's or the document's */
} cpi_path_view;

/* The file text for a path, from the view's allocator, NUL-terminated. What is not built yet
 * is checked first as cp_path_create checks it (and the name, scene and
 * extras as the reader would), so that nothing is written that would not
 * load. */
char *cpi_json_write(const cpi_path_view *view, size_t *size, cp_error *error);
/* cp_path_save_memory with `alloc` (NULL: the C library) in place of the
 * path's allocator, for callers with an allocator of their own (glTF export). */
char *cpi_path_write(const cp_allocator *alloc, const cp_path *path, size_t *size, cp_error *error);

/* ---- files (json_file.c) ------------------------------------------------------------------- */

/* Reads a whole regular file of at most CP_JSON_MAX_FILE_SIZE bytes, NUL-terminated.
 * Messages name the file: "paths/a.json: not found". */
int cpi_read_file(const cp_allocator *alloc, const char *file, char **text, size_t *size, cp_error *error);

#endif /* CAMPATH_JSON_IMPL_H */

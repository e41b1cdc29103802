/* lib/json/json_impl.h - what the JSON reader, writer, documents and files share
 * (not installed). */
#ifndef CAMPATH_JSON_IMPL_H
#define CAMPATH_JSON_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "campath/json.h"
#include "base.h"

/* ---- scanning JSON text (json_scan.c) ------------------------------------------- */

/* A position in a text being scanned, and the first syntax error found. */
typedef struct cpi_scan {
    const char *text;
    size_t      size;
    size_t      pos;
    int         failed;
    int         err_code;    /* CP_ERR_SYNTAX, or CP_ERR_LIMIT for nesting too deep */
    size_t      err_pos;
    char        err[160];
} cpi_scan;

/* A string literal as found: raw bytes between the quotes, and the decoded
 * text (points into the literal when it has no escapes, else into `buf`). */
typedef struct cpi_string {
    const char *decoded;
    size_t      length;      /* of decoded */
    int         has_nul;     /* decoded holds a \u0000 */
    char       *buf;         /* reused between calls; free() when done */
    size_t      cap;
} cpi_string;

/* Records a syntax error at `pos` (the first one wins); returns -1. */
int  cpi_scan_fail(cpi_scan *s, size_t pos, const char *fmt, ...) CPI_PRINTF(3, 4);
/* Skips JSON whitespace (space, tab, line feed, carriage return). */
void cpi_scan_ws(cpi_scan *s);
/* A description of what is at pos for messages: "'x'", "the end of the input (truncated?)". */
const char *cpi_scan_what(const cpi_scan *s, size_t pos, char buf[32]);
/* Reads the string literal at pos (which must be '"'); decodes it into str if
 * str is not NULL. 0, or -1 with a syntax error. */
int  cpi_scan_string(cpi_scan *s, cpi_string *str);
/* Reads the number at pos; *out gets its value (may be +-inf when it is out
 * of range), computed without the locale. 0, or -1 with a syntax error. */
int  cpi_scan_number(cpi_scan *s, double *out);
/* Skips one complete value, checking its syntax (nesting up to CP_JSON_MAX_DEPTH). */
int  cpi_scan_skip_value(cpi_scan *s);
/* The JSON type name of the value starting at pos: "object", "string", ... */
const char *cpi_scan_type(const cpi_scan *s, size_t pos);

/* 1-based line and column (in UTF-8 characters) of `offset`. */
void cpi_line_col(const char *text, size_t offset, unsigned long *line, unsigned long *col);

/* Calls `fn` for every member of the JSON object `text` with the member's
 * name literal (quotes included) and value text, both verbatim. Checks the
 * whole syntax first. 0, or a status with `error` filled ("what: ..."). */
typedef int (*cpi_member_fn)(void *ctx, const char *name, size_t name_len, const char *value, size_t value_len);
int cpi_json_object_members(const char *text, const char *what, cpi_member_fn fn, void *ctx, cp_error *error);

/* ---- reading (json_read.c) ----------------------------------------------------------- */

/* Where the fields of a loaded file were, to locate errors found after parsing. */
typedef struct cpi_key_offsets { uint32_t object, t, position, rotation, fov, hold; } cpi_key_offsets;
typedef struct cpi_locations {
    const char      *text;
    size_t           size;
    const char      *source;
    cpi_key_offsets *keys;       /* one per key */
    size_t           key_count;
    uint32_t         top, keys_member, ends, period, timing, interp[3];
} cpi_locations;

/* Parses and checks a path file into `doc` (key checks included). With `loc`
 * not NULL the field offsets are kept there for cpi_locate_error (free with
 * cpi_locations_free). On failure doc is zeroed and `error` filled. */
int cpi_document_parse(const char *text, size_t size, const char *source, cp_document *doc, cpi_locations *loc,
                       cp_error *error);
void cpi_locations_free(cpi_locations *loc);
/* Prefixes a message that names a field ("keys[3].time: ...", "options.period: ...")
 * with "source:line:col: " of that field in the file. */
void cpi_locate_error(const cpi_locations *loc, cp_error *error);

/* ---- writing (json_write.c) -------------------------------------------------------------- */

typedef struct cpi_path_view {
    const char             *name;
    const char             *scene;
    cp_path_options         options;
    const cp_key           *keys;
    size_t                  count;
    const char             *extras;
    const char *const      *key_extras; /* NULL or count entries */
} cpi_path_view;

/* The file text for a path (checked first); malloc'd, NUL-terminated. */
char *cpi_json_write(const cpi_path_view *view, size_t *size, cp_error *error);

/* ---- files (json_file.c) ------------------------------------------------------------------- */

/* Reads a whole regular file of at most CP_JSON_MAX_FILE_SIZE bytes, NUL-terminated.
 * Messages name the file: "paths/a.json: not found". */
int cpi_read_file(const char *file, char **text, size_t *size, cp_error *error);

#endif /* CAMPATH_JSON_IMPL_H */

/* SPDX-License-Identifier: MIT */
/* lib/json/json_reader.h - the JSON reader's state and primitives, shared by the
 * reader of path files (json_read.c) and its primitives (json_members.c).
 * Not installed. */
#ifndef CAMPATH_JSON_READER_H
#define CAMPATH_JSON_READER_H

#include "json_impl.h"

#define NO_OFFSET UINT32_MAX

/* A field as a path for messages: keys[3].position[1]. */
typedef struct field {
    const struct field *parent;
    const char         *member; /* NULL: an array element */
    size_t              index;
} field;

typedef struct reader {
    const cp_allocator *alloc;        /* the document's */
    cpi_scan       s;
    const char    *source;
    cp_document   *doc;
    cpi_locations *loc;
    cpi_string     str;
    cpi_name_set   names;             /* unknown members' names in the open objects */
    cpi_buf        top_extras;        /* members campath does not know, at the top level */
    cpi_buf        key_extras;        /* the same in the key being read */
    size_t         key_cap;
    size_t         warnings_dropped;
    size_t         lc_pos;            /* line and column of lc_pos, for warnings in text order */
    unsigned long  lc_line, lc_col;
    /* the first error that is not a syntax error; a syntax error anywhere wins over it */
    int            code;
    size_t         err_pos;
    char           err[288];
    char           err_field[64];     /* the field of that error ("keys[3].t"), as data */
    long           err_key;           /* and the index of its key, or -1 */
    struct cpi_shots *shots;          /* reading a sequence: its shots go here (NULL: a path) */
    int            nested;            /* an inline path inside a sequence: no text may follow */
    const char    *prefix;            /* where an inline path stands ("shots[1].path"), for warnings */
} reader;

/* "position", "rotation", "fov": the channels of "interpolation". */
extern const char *const cpi_json_channel_names[3];

/* The first error found (a syntax error anywhere wins over the others):
 * message built from `f` and the format, at byte `pos`. Returns `code`. */
int cpi_jr_fail(reader *r, size_t pos, const field *f, int code, const char *fmt, ...) CPI_PRINTF(5, 6);
static inline int cpi_jr_out_of_memory(reader *r) { return cpi_jr_fail(r, r->s.pos, NULL, CP_ERR_MEMORY, "out of memory"); }
/* Up to 32 characters of s, for messages. */
const char *cpi_jr_excerpt(const char *s, size_t len, char buf[40]);
/* What stands at pos, in words ("string \"5\"", "the end of the input"). */
const char *cpi_jr_describe(reader *r, size_t pos, char buf[64]);
/* "FIELD: EXPECTED expected, got WHAT". */
int cpi_jr_type_error(reader *r, size_t pos, const field *f, const char *expected);
/* Moves the line and column kept for warnings up to pos. */
void cpi_jr_advance_line_col(reader *r, size_t pos);
static inline int cpi_jr_value_start(char c) { return c != '\0' && strchr("{[\"-0123456789tfn", c) != NULL; }
/* The next character after white space (0 at the end). */
char cpi_jr_peek(reader *r);
int cpi_jr_read_number(reader *r, const field *f, double *out);
/* After an array element: 1 at the array's ']', 0 when another element
 * follows its ',', -1 with a located error. */
int cpi_jr_array_next(reader *r);
int cpi_jr_read_string(reader *r, const field *f);
/* An array of exactly n numbers. */
int cpi_jr_read_numbers(reader *r, const field *f, double *out, size_t n, const char *expected);
/* The next member's name of an object (0), or the end of the object (1). */
int cpi_jr_next_member(reader *r, int first, size_t *name_pos, size_t *name_end);
int cpi_jr_is_name(const reader *r, const char *name);
/* Whether the current member is one of `names` (its index, and duplicates refused), or -1. */
int cpi_jr_known_member(reader *r, const char *const *names, int count, size_t *seen, size_t pos, const field *f);
/* Keeps an unknown member verbatim and warns about it; its name joins
 * r->names, to be compared with the object's other unknown members by
 * cpi_jr_unique_names. */
int cpi_jr_keep_unknown(reader *r, cpi_buf *extras, size_t name_pos, size_t name_end, const field *f);
/* The object `f` is read: refuses an unknown member name it holds twice
 * (names added since mark, the value of r->names.n when it opened). */
int cpi_jr_unique_names(reader *r, size_t mark, const field *f);
/* The kept members as JSON object text (NULL if none). */
int cpi_jr_take_extras(reader *r, cpi_buf *extras, char **out);

/* Reads a "shake" object (json_shake.c), every field checked where it stands. */
int cpi_jr_read_shake(reader *r, const field *f, cp_shake *out);

/* Reads the "shots" array of a sequence into r->shots (json_sequence.c). */
int cpi_jr_read_shots(reader *r, const field *f);
/* "audio" (json_audio.c): checked, then kept verbatim with the top-level extras. */
int cpi_jr_read_audio(reader *r, const field *f, size_t name_pos, size_t name_end);

#endif /* CAMPATH_JSON_READER_H */

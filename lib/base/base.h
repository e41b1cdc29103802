/* SPDX-License-Identifier: MIT */
/* lib/base/base.h - helpers shared by the library's source files (not installed). */
#ifndef CAMPATH_BASE_H
#define CAMPATH_BASE_H

#include <stddef.h>

#include "campath/common.h"
#include "os.h"

#if defined(__GNUC__) || defined(__clang__)
#define CPI_PRINTF(f, a) __attribute__((format(CPI_OS_PRINTF, f, a)))
#else
#define CPI_PRINTF(f, a)
#endif

/* Fills `error` (if not NULL) with `code` and a formatted message; returns code. */
cp_status cpi_error_set(cp_error *error, cp_status code, const char *fmt, ...) CPI_PRINTF(3, 4);

/* cpi_error_set for an error about one field: the message is "FIELD: " and
 * the formatted text, and the error records `field` ("keys[3].rotation",
 * "options.period") and `key` (the index of the key at fault, or -1) as data,
 * so that a caller can place it (in a file: line and column) without reading
 * the message. */
cp_status cpi_error_at(cp_error *error, cp_status code, long key, const char *field, const char *fmt, ...)
    CPI_PRINTF(5, 6);

/* Sets only the field and key of an error already filled (the message is
 * kept): for errors whose message does not start with the field. */
void cpi_error_field(cp_error *error, long key, const char *field);

/* How the path layer names a path's fields in messages and in
 * cp_error.field. The C API names its struct members (keys[2].time,
 * options.period, options.position); a file format passes its own names
 * (keys[2].t, period, interpolation.position), so that its errors need no
 * rewriting. */
typedef struct cpi_field_names {
    const char *time;    /* a key's time: "time" */
    const char *options; /* prefix of the path options (period, ends): "options." */
    const char *interp;  /* prefix of the channels' interpolations: "options." */
    const char *xyzw[4]; /* the components of a position or rotation: ".x" ... ".w" */
} cpi_field_names;

/* Marks `error` (if not NULL) as success. */
void cpi_error_clear(cp_error *error);

/* Prefixes the message already in `error` with a formatted context
 * ("file.json: " + message); keeps the code. */
void cpi_error_prefix(cp_error *error, const char *fmt, ...) CPI_PRINTF(2, 3);

/* ---- the allocation funnel (alloc.c) ---------------------------------------
 * Every allocation of lib/ goes through these, with the allocator of the
 * object or call it serves: NULL (or one whose `alloc` is NULL) is the C
 * library. Memory is freed with the allocator that gave it. Nothing else in
 * lib/ calls malloc, calloc, realloc, free or strdup (make test checks). */

/* A copy to keep in an object: zeroed (the C library) for NULL. */
cp_allocator cpi_allocator_copy(const cp_allocator *a);
/* `size` bytes (at least 1), or NULL. */
void *cpi_alloc(const cp_allocator *a, size_t size);
/* n * size bytes, zeroed; NULL on overflow or failure. */
void *cpi_calloc(const cp_allocator *a, size_t n, size_t size);
/* As realloc (p NULL allocates); NULL on failure, p then untouched. */
void *cpi_realloc(const cp_allocator *a, void *p, size_t size);
/* cpi_realloc of n * size bytes, with an overflow check. */
void *cpi_realloc_array(const cp_allocator *a, void *p, size_t n, size_t size);
/* NULL is a no-op. */
void cpi_free(const cp_allocator *a, void *p);
/* n * size bytes with an overflow check; NULL on overflow or failure. */
void *cpi_alloc_array(const cp_allocator *a, size_t n, size_t size);
/* cpi_alloc_array for arrays that may be huge (keys, curve records): with
 * the C library, advises the kernel to back them with huge pages where it
 * can. Free with cpi_free. */
void *cpi_alloc_large(const cp_allocator *a, size_t n, size_t size);
/* A copy of s (NULL for NULL), or of its first n bytes with a NUL added. */
char *cpi_strdup(const cp_allocator *a, const char *s);
char *cpi_strndup(const cp_allocator *a, const char *s, size_t n);


/* ---- the growable text buffer (buf.c) ------------------------------------
 * Zero-initialise it. Appends never fail visibly: an allocation failure sets
 * `failed`, later appends do nothing, and the caller checks `failed` (or the
 * result of cpi_buf_take) once at the end. `data` is NUL-terminated whenever
 * it is not NULL. */
typedef struct cpi_buf {
    const cp_allocator *alloc; /* set before the first append; NULL: the C library */
    char   *data;
    size_t  len, cap;
    int     failed;
} cpi_buf;

/* Makes room for `extra` more bytes (and the NUL); 0, or -1 once failed. */
int  cpi_buf_reserve(cpi_buf *b, size_t extra);
void cpi_buf_append(cpi_buf *b, const void *bytes, size_t n);
void cpi_buf_puts(cpi_buf *b, const char *s);
void cpi_buf_printf(cpi_buf *b, const char *fmt, ...) CPI_PRINTF(2, 3);
/* x as the shortest decimal that reads back to exactly x, whatever the
 * locale (lib/base/dtoa.c); x must be finite to be valid JSON. */
void cpi_buf_double(cpi_buf *b, double x);
/* n bytes of s as a JSON string literal, quotes included: quotes,
 * backslashes and control characters escaped, other bytes as they are. */
void cpi_buf_json_string(cpi_buf *b, const char *s, size_t n);
/* The text (NUL-terminated; *size its length, if not NULL), handed to the
 * caller to free with the buffer's allocator; the buffer is left empty. NULL if an append failed (the
 * buffer is freed). */
char *cpi_buf_take(cpi_buf *b, size_t *size);
void cpi_buf_free(cpi_buf *b);

/* ---- UTF-8 (utf8.c) ------------------------------------------------------ */

/* The length (1..4) of the well-formed UTF-8 character at the start of the
 * n bytes of text, or 0 if it is not one (a stray continuation byte, an
 * overlong form, a surrogate, beyond U+10FFFF, or cut off by the end). */
size_t cpi_utf8_char(const char *text, size_t n);
/* The offset of the first byte of text that is not well-formed UTF-8, or n. */
size_t cpi_utf8_invalid(const char *text, size_t n);

#endif /* CAMPATH_BASE_H */

/* lib/base/base.h - helpers shared by the library's source files (not installed). */
#ifndef CAMPATH_INTERNAL_H
#define CAMPATH_INTERNAL_H

#include <stddef.h>

#include "campath/common.h"

#if defined(__GNUC__) || defined(__clang__)
#define CPI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CPI_PRINTF(f, a)
#endif

/* Fills `error` (if not NULL) with `code` and a formatted message; returns code. */
int cpi_error_set(cp_error *error, int code, const char *fmt, ...) CPI_PRINTF(3, 4);

/* Marks `error` (if not NULL) as success. */
void cpi_error_clear(cp_error *error);

/* Prefixes the message already in `error` with a formatted context
 * ("file.json: " + message); keeps the code. */
void cpi_error_prefix(cp_error *error, const char *fmt, ...) CPI_PRINTF(2, 3);

/* malloc(n * size) with an overflow check; NULL on overflow or failure. */
void *cpi_alloc_array(size_t n, size_t size);

/* cpi_alloc_array for arrays that may be huge (keys, curve records):
 * advises the kernel to back them with huge pages where it can. free() it. */
void *cpi_alloc_large(size_t n, size_t size);

/* Reads a whole regular file into a NUL-terminated buffer (free() it).
 * Errors name the file and say why (not found, a folder, permission, over
 * `limit` bytes, which is called `limit_name` in the message). */
int cpi_read_file_limit(const char *file, size_t limit, const char *limit_name, char **text, size_t *size,
                        cp_error *error);

/* A message for errno value `err` ("permission denied"), in English whatever the locale. */
const char *cpi_errno_text(int err, char buf[64]);

/* Writes `data` to `file` atomically (temporary file in the same folder,
 * fsync, rename, fsync of the folder). CP_OK or a status with `error` filled. */
int cpi_write_file_atomic(const char *file, const void *data, size_t size, cp_error *error);

/* ---- the growable text buffer (buf.c) ------------------------------------
 * Zero-initialise it. Appends never fail visibly: an allocation failure sets
 * `failed`, later appends do nothing, and the caller checks `failed` (or the
 * result of cpi_buf_take) once at the end. `data` is NUL-terminated whenever
 * it is not NULL. */
typedef struct cpi_buf {
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
 * caller to free(); the buffer is left empty. NULL if an append failed (the
 * buffer is freed). */
char *cpi_buf_take(cpi_buf *b, size_t *size);
void cpi_buf_free(cpi_buf *b);

/* strdup that accepts NULL (and returns NULL for it). */
char *cpi_strdup(const char *s);

#endif /* CAMPATH_INTERNAL_H */

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

/* strdup that accepts NULL (and returns NULL for it). */
char *cpi_strdup(const char *s);

#endif /* CAMPATH_INTERNAL_H */

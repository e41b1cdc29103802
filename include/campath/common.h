/* SPDX-License-Identifier: MIT */
/* campath/common.h - version, status codes and the error record shared by every layer.
 *
 * Every campath function that can fail takes an optional `cp_error *` as its
 * last argument. On failure it fills `code` with a `cp_status` and `message`
 * with one line a person can act on, e.g.
 *
 *     paths/intro.json:12:7: keys[3].t: number expected, got string
 *
 * On success `code` is CP_OK and `message` is empty. Passing NULL is allowed
 * when the caller does not care why something failed.
 *
 * What a function returns says what it means:
 *   - a function that can fail returns a `cp_status`: CP_OK (0) on success,
 *     else the same code it wrote to `error->code`; or it returns a pointer,
 *     NULL on failure;
 *   - a predicate ("is it", "is it done") returns `bool`;
 *   - a count returns `size_t`.
 */
#ifndef CAMPATH_COMMON_H
#define CAMPATH_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CAMPATH_VERSION_MAJOR 0
#define CAMPATH_VERSION_MINOR 1
#define CAMPATH_VERSION_PATCH 0
#define CAMPATH_VERSION "0.1.0"

/* Marks the public API. The library is compiled with hidden visibility, so
 * only functions declared with CP_API are exported from libcampath.so. */
#if defined(__GNUC__) || defined(__clang__)
#define CP_API __attribute__((visibility("default")))
#else
#define CP_API
#endif

/* What went wrong: the return value of every function that can fail, and
 * `cp_error.code`. CP_OK (0) is success, so `if (cp_path_save(...) != CP_OK)`
 * and `if (cp_path_save(...))` both test for failure. */
typedef enum cp_status {
    CP_OK = 0,
    CP_ERR_INVALID,     /* bad data: a key, an option, a field of a file */
    CP_ERR_MEMORY,      /* an allocation failed */
    CP_ERR_IO,          /* a file could not be opened, read, written or renamed */
    CP_ERR_SYNTAX,      /* text that is not well-formed (JSON syntax) */
    CP_ERR_LIMIT,       /* input larger than a documented limit */
    CP_ERR_UNSUPPORTED  /* well-formed input that campath cannot represent */
} cp_status;

/* The error record. The caller owns it; campath only writes to it.
 * Besides the message it says where the error is, as data, so that an editor
 * or IDE can jump there without parsing the message. */
typedef struct cp_error {
    cp_status     code;         /* CP_OK = no error */
    char          message[256]; /* one line, no trailing newline, NUL-terminated */
    char          field[64];    /* the field at fault, or empty: as a path file writes
                                   it for errors about a file ("keys[3].t", "period"),
                                   as the C API names it otherwise ("keys[3].time") */
    long          key;          /* index of the key at fault, or -1 */
    unsigned long line, column; /* 1-based place in the file that was read
                                   (column in characters), or 0 when unknown */
} cp_error;

/* A short constant name for a status ("invalid", "memory", ...). */
CP_API const char *cp_status_name(cp_status code);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_COMMON_H */

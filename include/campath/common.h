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

/* The version these headers belong to. CAMPATH_VERSION_NUMBER is
 * MAJOR * 10000 + MINOR * 100 + PATCH (0.2.0 is 200), what cp_version()
 * returns for the library that is running. */
#define CAMPATH_VERSION_MAJOR 0
#define CAMPATH_VERSION_MINOR 2
#define CAMPATH_VERSION_PATCH 0
#define CAMPATH_VERSION "0.2.0"
#define CAMPATH_VERSION_NUMBER (CAMPATH_VERSION_MAJOR * 10000 + CAMPATH_VERSION_MINOR * 100 + CAMPATH_VERSION_PATCH)

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

/* Your own allocator (docs/api.md, "Your own allocator"). Every object that
 * owns memory (a path, a curve, a document, a resource library, a recorder,
 * a link, a check report) and every call that returns memory (the
 * save_memory and export functions, glTF import) takes one through its
 * options: a NULL pointer, or a struct whose `alloc` is NULL, means the C
 * library (malloc, realloc, free). The object keeps a copy of the struct, so
 * the struct itself need not outlive the call; `user` and whatever it points
 * to must outlive every object made with it. There is no global allocator.
 *
 * The three functions behave as malloc, realloc and free, each with `user`
 * as its first argument: `alloc` and `realloc` return NULL when they cannot
 * serve (campath then fails with CP_ERR_MEMORY, leaking nothing); `realloc`
 * with ptr NULL allocates; `free` accepts NULL. campath never asks for 0
 * bytes. Alignment must be at least that of malloc (max_align_t). No size is
 * passed to `free`: memory campath hands to the caller (a document's arrays,
 * saved text) is freed by the caller, who does not always know its size; an
 * allocator that needs sizes keeps them in a small header of its own. */
typedef struct cp_allocator {
    void *(*alloc)(void *user, size_t size);
    void *(*realloc)(void *user, void *ptr, size_t size);
    void  (*free)(void *user, void *ptr);
    void  *user;
} cp_allocator;

/* A short constant name for a status ("invalid", "memory", ...). */
CP_API const char *cp_status_name(cp_status code);

/* The version of the library that is running, as CAMPATH_VERSION_NUMBER
 * gives it for the headers: a game linked with the shared library can
 * check that it got the one it was built with (the same major version
 * and, before 1.0, the same minor one; README, "Versions"). */
CP_API int cp_version(void);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_COMMON_H */

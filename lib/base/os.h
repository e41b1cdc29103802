/* SPDX-License-Identifier: MIT */
/* lib/base/os.h - the one platform interface of the library (not installed):
 * files, the change watch behind hot reload, time, and the few C runtime
 * differences the rest of lib/ must not see.
 *
 * Everything else in lib/ is ISO C and includes no system header beyond the
 * C library's; the build checks it (tests/tools/check_layers.py). Each part
 * has one implementation per system, chosen by the compiler's own macros in
 * the file itself, so that every build compiles every file:
 *
 *     os_file_posix.c   os_file_windows.c    reading, atomic replace, stamps, links
 *     os_watch_posix.c  os_watch_windows.c   the change watch (inotify; ReadDirectoryChangesW)
 *     os_sys_posix.c    os_sys_windows.c     time, sleep, numbers without the locale, huge pages
 *     os_windows.h                           UTF-8 names to the wide-character API
 *
 * The sockets of the live link are the interface's other part: net.h, with
 * POSIX's in net.c (the link layer is not in the Windows build until net.c
 * has a Winsock side).
 *
 * File names are UTF-8 everywhere. On Windows they go to the wide-character
 * API (CreateFileW and friends) as UTF-16, and '\\' separates folders as
 * well as '/'. Messages are English whatever the system's language. */
#ifndef CAMPATH_OS_H
#define CAMPATH_OS_H

#include <stdbool.h>
#include <stddef.h>

#include "campath/common.h"

/* The printf flavour of this C runtime, for the format checks of the
 * functions that take a format (MinGW-w64's C99 printf is "gnu_printf";
 * its header says which one is in use). */
#if defined(__MINGW32__)
#include <stdio.h>
#define CPI_OS_PRINTF __MINGW_PRINTF_FORMAT
#else
#define CPI_OS_PRINTF printf
#endif

/* The longest file name the library builds or follows, in bytes of UTF-8. */
#define CPI_PATH_MAX 4096

/* Symbolic links are followed at most this deep (as the Linux kernel does). */
#define CPI_MAX_LINKS 40

/* ---- names -------------------------------------------------------------------------------- */

/* Where the last component of the file name `name` starts: after its last
 * separator ('/'; on Windows also '\\' and the ':' of a drive). */
size_t cpi_name_base(const char *name);
/* How many bytes of `name` name its folder: 0 for a name without one (the
 * folder is "."), otherwise up to the last separator, which is kept only
 * when it is the root ("/", "C:\"). */
size_t cpi_name_folder(const char *name);
/* Whether two names of files in one folder are the same name to the file
 * system: byte for byte on POSIX, ignoring case on Windows. */
bool cpi_name_same(const char *a, const char *b);

/* ---- files (os_file_*.c) ------------------------------------------------------------------- */

/* A message for the C library's errno value `err` ("permission denied"),
 * in English whatever the locale, written into buf or a constant (POSIX: the
 * Windows build, which has no sockets, has no use for it and leaves it out). */
#if !defined(_WIN32)
const char *cpi_errno_text(int err, char buf[64]);
#endif

/* Reads a whole regular file into a NUL-terminated buffer (free() it).
 * Errors name the file and say why (not found, a folder, permission, over
 * `limit` bytes, which is called `limit_name` in the message). A file is
 * opened so that it never stands in the way of another program's save or
 * delete (on Windows: shared for reading, writing and deleting). */
int cpi_read_file_limit(const cp_allocator *alloc, const char *file, size_t limit, const char *limit_name, char **text, size_t *size,
                        cp_error *error);

/* Writes `data` to `file` atomically: a temporary file in the same folder,
 * flushed, then renamed over the old file (POSIX: rename and a flush of the
 * folder; Windows: ReplaceFileW over an old file, MoveFileExW for a new one),
 * so that a reader sees the old file or the new one, never a mix. Through
 * symbolic links it replaces the file at the end and keeps the links. It
 * keeps what the system lets it keep of an old file: POSIX its owner, group
 * (where this user may) and permission bits; Windows its attributes,
 * security descriptor and creation time. It refuses to replace anything but
 * a regular file (a folder, a device, a FIFO, a socket); on Windows it
 * fails, the old file unchanged, while another program holds the old file
 * open without sharing its deletion, and says so. CP_OK or a status with
 * `error` filled. */
int cpi_write_file_atomic(const char *file, const void *data, size_t size, cp_error *error);

/* One step along a chain of symbolic links: 1 and the name the link `name`
 * points to in `out` (room for CPI_PATH_MAX bytes; may be `name` itself; a
 * relative link is taken relative to the link's folder), 0 if `name` is not
 * a link (or does not exist), -1 on failure. On Windows one step goes to the
 * end of the chain (the system resolves it whole). */
int cpi_link_next(const char *name, char *out);

/* What a poll compares to tell that a file changed: which file a name
 * leads to (device and inode; volume and file index) and its size and
 * times, to the nanosecond where the system keeps them (Windows: 100 ns). */
typedef struct cpi_file_stamp {
    bool               exists;  /* the name leads to something */
    bool               missing; /* it does not: no such file or folder (not: no permission to look) */
    unsigned long long volume, id, size;
    long long          mtime_ns, ctime_ns; /* since 1970, as the system counts */
} cpi_file_stamp;

/* The stamp of what `file` leads to now (through links). On Windows volume
 * and id are 0 (they would take opening the file; cpi_file_same does) and
 * ctime_ns is the creation time. */
cpi_file_stamp cpi_file_stamp_of(const char *file);
/* Whether the two names lead to the same file now (both there). */
bool cpi_file_same(const char *a, const char *b);

/* Why cpi_read_below did not read a file. */
typedef enum cpi_below {
    CPI_BELOW_OK = 0,
    CPI_BELOW_NO_FOLDER,   /* the folder cannot be opened (why says why) */
    CPI_BELOW_NOT_FOUND,   /* no such file in the folder */
    CPI_BELOW_OUTSIDE,     /* a link (on Windows: any reparse point) that leads out of the folder */
    CPI_BELOW_NAME,        /* a name this system reads as another folder or drive ('\\', ':' on Windows) */
    CPI_BELOW_NOT_REGULAR, /* a folder, a device, a FIFO */
    CPI_BELOW_TOO_LARGE,   /* over the limit */
    CPI_BELOW_SHORTER,     /* the file became shorter while it was read */
    CPI_BELOW_MEMORY,
    CPI_BELOW_SYSTEM       /* why says why */
} cpi_below;

/* Reads the regular file `rel` ('/'-separated, relative, with no "." or
 * ".." components) from below the folder `dir`, and from nowhere else: a
 * symbolic link (or on Windows any reparse point) on the way must resolve to
 * a file inside the folder, and the file that is read is the one checked,
 * so that a link swapped in between cannot lead out either. Opened without
 * blocking (a FIFO must not hang). On success *bytes (malloc'd, at least
 * one byte allocated) and *size; otherwise `why` (64 bytes) may hold the
 * system's reason. */
cpi_below cpi_read_below(const cp_allocator *alloc, const char *dir, const char *rel, size_t limit, unsigned char **bytes, size_t *size,
                         char why[64]);

/* ---- the change watch (os_watch_*.c) ------------------------------------------------------- */

/* The system's notification of changes in folders: inotify on Linux,
 * ReadDirectoryChangesW on Windows; none elsewhere (cpi_watch_create gives
 * NULL, and hot reload compares stamps at each poll). A watch is of a
 * folder, not of its subfolders, and is not thread-safe. */
typedef struct cpi_watch cpi_watch;

/* A watch with no folders, or NULL where the system has none (or it
 * cannot be had: out of descriptors, out of memory). */
cpi_watch *cpi_watch_create(const cp_allocator *alloc);
/* Stops every folder's watch and frees it; NULL is a no-op. */
void cpi_watch_destroy(cpi_watch *w);
/* The system's name for the mechanism ("inotify", "ReadDirectoryChangesW"). */
const char *cpi_watch_method(void);
/* Starts watching `folder`; the id of its watch (>= 0; a folder already
 * watched, under any name, gives the id it has), or -1 when it cannot be
 * watched (not there, not a folder, no permission, out of watches). */
int cpi_watch_add(cpi_watch *w, const char *folder);
/* Stops the watch `id` (for every name it was added under). */
void cpi_watch_remove(cpi_watch *w, int id);

enum {
    CPI_WATCH_GONE = 1,    /* the folder went away or moved: its watch has ended */
    CPI_WATCH_OVERFLOW = 2 /* events were lost: anything may have changed (id is -1) */
};
/* Called for each event: the watch, the name in the folder that changed
 * (NULL for the folder itself) and CPI_WATCH_* flags. */
typedef void (*cpi_watch_event)(void *context, int id, const char *name, unsigned flags);
/* Hands every event that has come in to `event`, without waiting. */
void cpi_watch_drain(cpi_watch *w, cpi_watch_event event, void *context);
/* A descriptor that becomes readable when events come in (inotify's), for
 * programs that sleep in poll() or select(); -1 where there is none. */
int cpi_watch_fd(const cpi_watch *w);
/* Sleeps until events come in or `timeout_ms` (>= 0) passes; true if
 * events may have come in. */
bool cpi_watch_wait(cpi_watch *w, int timeout_ms);

/* ---- the system and the C runtime (os_sys_*.c) -------------------------------------------- */

/* The wall clock in nanoseconds since 1970, as file times count. */
long long cpi_clock_ns(void);
/* Sleeps about `ms` milliseconds (>= 0). */
void cpi_sleep_ms(int ms);
/* strtod of the `len` bytes of `text` (a number in the "C" locale's
 * spelling, '.' for the decimal point) into *out, correctly rounded,
 * whatever the program's locale and without changing it. 0, or -1 when out
 * of memory (only for numbers of 64 characters or more). */
int cpi_strtod_c(const cp_allocator *alloc, const char *text, size_t len, double *out);
/* Takes an allocation of `total` bytes in hand when the system gives huge
 * pages on request and it is worth them (Linux: transparent huge pages in
 * "madvise" mode, 2 MiB and more): true and *p (free() it; NULL when out of
 * memory). false: a plain malloc will do. */
bool cpi_huge_alloc(size_t total, void **p);

#endif /* CAMPATH_OS_H */

/* SPDX-License-Identifier: MIT */
/* editor/core/os.h - what the editor's parts ask of the operating system
 * about files and time: a file's identity (to tell the editor's own saves
 * from other programs' changes), names resolved and made relative, a
 * short sleep and a monotonic clock. The POSIX calls behind them stay in os.c.
 */
#ifndef ED_OS_H
#define ED_OS_H

#include <stddef.h>

/* Identifies one version of a file: device, inode, size and modification
 * time; valid = 0 when there is no such file. */
typedef struct ed_os_id {
    int                valid;
    unsigned long long dev, ino, size;
    long long          mtime_sec, mtime_nsec;
} ed_os_id;

ed_os_id ed_os_file_id(const char *file);
int ed_os_same_id(const ed_os_id *a, const ed_os_id *b);

/* 1 when `file` exists, 0 when it does not, -1 when it cannot be told (the
 * reason in why). */
int ed_os_exists(const char *file, char *why, size_t why_size);
/* `member` (a name relative to the folder of `base`, or absolute) resolved
 * to an absolute name without links or dots (malloc'd); NULL with the
 * reason in why when it is not there. */
char *ed_os_resolve(const char *base, const char *member, char *why, size_t why_size);
/* `target` as a name relative to the folder of `base` ("../scenes/town.glb")
 * into out. 0, or -1 when either does not resolve or out is too small. */
int ed_os_relative(const char *base, const char *target, char *out, size_t size);
/* Whether two names resolve to the same file. */
int ed_os_same_file(const char *a, const char *b);
/* Reads exactly n bytes at offset `at` of an open file. 0, or -1 (errno
 * set, or 0 at the file's end). */
int ed_os_read_at(int fd, size_t at, void *buf, size_t n);
/* Seconds on a monotonic clock (for how long something takes). */
double ed_os_seconds(void);
/* Sleeps about `seconds`. */
void ed_os_sleep(double seconds);
/* Seconds on a clock that only moves forward (any origin). */
double ed_os_now(void);

#endif /* ED_OS_H */

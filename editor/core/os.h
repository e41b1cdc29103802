/* SPDX-License-Identifier: MIT */
/* editor/core/os.h - what the editor asks of the operating system: a
 * file's identity (to tell the editor's own saves from other programs'
 * changes), what is at a name, names resolved and made relative, files
 * opened, read, created, written, flushed, renamed and removed, threads, a
 * short sleep and a monotonic clock, and the two string helpers the C
 * library lacks (a copy, a comparison without case). The system's calls
 * behind them stay in os.c, the one file of editor/core that includes a
 * system header beyond the C library's (tests/tools/check_editor.py
 * checks it). Error numbers are errno's values, for strerror.
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
/* What is at a name. */
typedef enum ed_os_kind {
    ED_OS_NOTHING = 0, /* no file by that name */
    ED_OS_REGULAR,
    ED_OS_FOLDER,
    ED_OS_LINK, /* a symbolic link (only when links are not followed) */
    ED_OS_FIFO,
    ED_OS_SOCKET,
    ED_OS_DEVICE,
    ED_OS_OTHER
} ed_os_kind;

/* What is at `file`: a symbolic link itself when `follow` is 0, what it
 * leads to otherwise; *mode (when not NULL) gets its permission bits. 0, or
 * -1 with the system's reason in why when it cannot be told. */
int ed_os_kind_of(const char *file, int follow, ed_os_kind *kind, int *mode, char *why, size_t why_size);
/* Whether `file` is a regular file (links followed): 0 with its size in
 * *size, or -1 with why: "not a regular file", or the system's reason
 * ("No such file or directory"). */
int ed_os_regular_size(const char *file, unsigned long long *size, char *why, size_t why_size);
/* `file` resolved to an absolute name without links or dots (malloc'd);
 * NULL with the system's reason in why. */
char *ed_os_real_name(const char *file, char *why, size_t why_size);

/* An open file. */
typedef struct ed_os_file ed_os_file;

/* Opens a regular file to read, without waiting on one that is not (a FIFO
 * with no writer) and refusing it: NULL with why ("not a regular file", or
 * the system's reason). *size (when not NULL) gets its size in bytes. */
ed_os_file *ed_os_open_read(const char *file, unsigned long long *size, char *why, size_t why_size);
/* Reads up to n bytes at offset `at`: how many were read (fewer at the
 * file's end or on an error). */
size_t ed_os_read_some(ed_os_file *f, unsigned long long at, void *buf, size_t n);
/* Reads exactly n bytes at offset `at`. 0, or -1 (an error, or the file's
 * end before n bytes). */
int ed_os_read_at(ed_os_file *f, size_t at, void *buf, size_t n);
/* Creates a new file to write, by a hidden name beside `file` made unique
 * by the process, the clock and a counter; a file or link already by that
 * name is never opened. `mode`: its permission bits, or -1 for the
 * umask's. Returns it with its name in *temp (malloc'd), or NULL with the
 * reason in why (*temp NULL: nothing to remove). */
ed_os_file *ed_os_create_beside(const char *file, int mode, char **temp, char *why, size_t why_size);
/* Writes all `size` bytes at the position, which moves past them. 0, or an
 * error number. */
int ed_os_write(ed_os_file *f, const void *data, size_t size);
enum { ED_OS_FROM_START, ED_OS_FROM_HERE, ED_OS_FROM_END };
/* Moves the position by `offset` from the start, the position or the end:
 * the new position, or -1. */
long long ed_os_seek(ed_os_file *f, long long offset, int from);
/* Flushes what was written to the disk. 0, or an error number. */
int ed_os_sync(ed_os_file *f);
/* Closes the file (NULL: nothing). 0, or an error number. */
int ed_os_close(ed_os_file *f);
/* Renames `from` to `to`, replacing what is at `to` (a link there is
 * replaced, not followed). 0, or an error number. */
int ed_os_rename(const char *from, const char *to);
/* Removes a file (a link, not what it leads to). 0, or an error number. */
int ed_os_remove(const char *file);

/* A thread. */
typedef struct ed_os_thread ed_os_thread;

/* Runs fn(arg) on a new thread with a stack of at least `stack_bytes`.
 * NULL with the reason in why. */
ed_os_thread *ed_os_thread_start(void (*fn)(void *arg), void *arg, size_t stack_bytes, char *why, size_t why_size);
/* Waits for the thread's function to return and ends the thread. */
void ed_os_thread_join(ed_os_thread *t);

/* A copy of `s` (malloc'd), or NULL when out of memory. */
char *ed_os_strdup(const char *s);
/* a and b (at most n bytes of each) compared with ASCII letters' case
 * ignored: <0, 0 or >0, as strcmp. */
int ed_os_casecmp(const char *a, const char *b);
int ed_os_ncasecmp(const char *a, const char *b, size_t n);
/* Seconds on a monotonic clock (for how long something takes). */
double ed_os_seconds(void);
/* Sleeps about `seconds`. */
void ed_os_sleep(double seconds);
/* Seconds on a clock that only moves forward (any origin). */
double ed_os_now(void);

#endif /* ED_OS_H */

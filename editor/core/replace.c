/* SPDX-License-Identifier: MIT */
/* editor/core/replace.c - a file written whole or not at all, and never through what is at its name. */
#include "replace.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* What is at a name that is not a regular file, for messages. */
static const char *kind(mode_t m)
{
    if (S_ISLNK(m))
        return "a symbolic link";
    if (S_ISDIR(m))
        return "a folder";
    if (S_ISFIFO(m))
        return "a FIFO";
    if (S_ISSOCK(m))
        return "a socket";
    if (S_ISCHR(m) || S_ISBLK(m))
        return "a device";
    return "not a regular file";
}

/* 1 with *st filled when something is at the name, 0 when nothing is, -1 (why) when it cannot be told. */
static int look(const char *file, struct stat *st, char *why, size_t why_size)
{
    if (lstat(file, st) == 0) {
        if (S_ISREG(st->st_mode))
            return 1;
        snprintf(why, why_size, "%s is %s, not a regular file", file, kind(st->st_mode));
        return -1;
    }
    if (errno == ENOENT)
        return 0;
    snprintf(why, why_size, "%s: %s", file, strerror(errno));
    return -1;
}

int ed_replace_check(const char *file, char *why, size_t why_size)
{
    struct stat st;
    return look(file, &st, why, why_size) < 0 ? -1 : 0;
}

int ed_replace_open(ed_replace *r, const char *file, char *why, size_t why_size)
{
    memset(r, 0, sizeof *r);
    r->fd = -1;
    r->mode = -1;
    struct stat st;
    int there = look(file, &st, why, why_size);
    if (there < 0)
        return -1;
    if (there)
        r->mode = (int)(st.st_mode & 07777);
    size_t n = strlen(file);
    const char *slash = strrchr(file, '/');
    size_t dir = slash ? (size_t)(slash - file) + 1 : 0;
    r->file = malloc(n + 1);
    r->temp = malloc(n + 48);
    if (!r->file || !r->temp) {
        snprintf(why, why_size, "%s: out of memory", file);
        ed_replace_abort(r);
        return -1;
    }
    memcpy(r->file, file, n + 1);
    /* a hidden name beside the file, made unique by the process, the clock and a counter;
       O_EXCL: an existing file (or link) by that name is never opened */
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    for (unsigned attempt = 0; r->fd < 0 && attempt < 64; attempt++) {
        snprintf(r->temp, n + 48, "%.*s.%s.%ld.%lx%02x.tmp", (int)dir, file, file + dir, (long)getpid(),
                 (unsigned long)ts.tv_nsec & 0xffffffUL, attempt);
        r->fd = open(r->temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (r->fd < 0 && errno != EEXIST)
            break;
    }
    if (r->fd < 0) {
        snprintf(why, why_size, "%s: cannot make a temporary file beside it: %s", file, strerror(errno));
        free(r->temp);
        r->temp = NULL; /* nothing of ours to remove */
        ed_replace_abort(r);
        return -1;
    }
    if (r->mode >= 0 && fchmod(r->fd, (mode_t)r->mode) != 0)
        r->error = errno;
    return 0;
}

int ed_replace_write(ed_replace *r, const void *data, size_t size)
{
    const char *p = data;
    while (!r->error && size > 0) {
        ssize_t w = write(r->fd, p, size);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            r->error = w < 0 ? errno : EIO;
            break;
        }
        p += w;
        size -= (size_t)w;
    }
    return r->error ? -1 : 0;
}

int ed_replace_commit(ed_replace *r, char *why, size_t why_size)
{
    int err = r->error;
    if (!err && fsync(r->fd) != 0)
        err = errno;
    int fd = r->fd;
    r->fd = -1;
    if (close(fd) != 0 && !err)
        err = errno;
    int rc = -1;
    if (err) {
        snprintf(why, why_size, "%s: %s", r->file, strerror(err));
    } else if (ed_replace_check(r->file, why, why_size) == 0) {
        /* checked again (something may have come to the name meanwhile); rename replaces a
           link that comes after that, it never follows one */
        if (rename(r->temp, r->file) == 0) {
            rc = 0;
            free(r->temp);
            r->temp = NULL;
        } else {
            snprintf(why, why_size, "%s: %s", r->file, strerror(errno));
        }
    }
    ed_replace_abort(r);
    return rc;
}

void ed_replace_abort(ed_replace *r)
{
    if (r->fd >= 0)
        close(r->fd);
    if (r->temp)
        unlink(r->temp);
    free(r->temp);
    free(r->file);
    memset(r, 0, sizeof *r);
    r->fd = -1;
}

int ed_replace_file(const char *file, const void *data, size_t size, char *why, size_t why_size)
{
    ed_replace r;
    if (ed_replace_open(&r, file, why, why_size))
        return -1;
    ed_replace_write(&r, data, size);
    return ed_replace_commit(&r, why, why_size);
}

/* SPDX-License-Identifier: MIT */
/* editor/core/replace.c - a file written whole or not at all, and never through what is at its name. */
#include "replace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What is at a name that is not a regular file, for messages. */
static const char *kind_name(ed_os_kind k)
{
    switch (k) {
    case ED_OS_LINK: return "a symbolic link";
    case ED_OS_FOLDER: return "a folder";
    case ED_OS_FIFO: return "a FIFO";
    case ED_OS_SOCKET: return "a socket";
    case ED_OS_DEVICE: return "a device";
    default: return "not a regular file";
    }
}

/* 1 with *mode set when a regular file is at the name, 0 when nothing is, -1 (why) when something
   else is or it cannot be told. */
static int look(const char *file, int *mode, char *why, size_t why_size)
{
    ed_os_kind k;
    char reason[256];
    if (ed_os_kind_of(file, 0, &k, mode, reason, sizeof reason) != 0) {
        snprintf(why, why_size, "%s: %s", file, reason);
        return -1;
    }
    if (k == ED_OS_NOTHING)
        return 0;
    if (k == ED_OS_REGULAR)
        return 1;
    snprintf(why, why_size, "%s is %s, not a regular file", file, kind_name(k));
    return -1;
}

int ed_replace_check(const char *file, char *why, size_t why_size)
{
    int mode;
    return look(file, &mode, why, why_size) < 0 ? -1 : 0;
}

int ed_replace_open(ed_replace *r, const char *file, char *why, size_t why_size)
{
    memset(r, 0, sizeof *r);
    r->mode = -1;
    int mode = -1;
    int there = look(file, &mode, why, why_size);
    if (there < 0)
        return -1;
    if (there)
        r->mode = mode;
    if (!(r->file = ed_os_strdup(file))) {
        snprintf(why, why_size, "%s: out of memory", file);
        return -1;
    }
    char reason[256];
    r->out = ed_os_create_beside(file, r->mode, &r->temp, reason, sizeof reason);
    if (!r->out) {
        snprintf(why, why_size, "%s: %s", file, reason);
        ed_replace_abort(r);
        return -1;
    }
    return 0;
}

int ed_replace_write(ed_replace *r, const void *data, size_t size)
{
    if (!r->error)
        r->error = ed_os_write(r->out, data, size);
    return r->error ? -1 : 0;
}

long long ed_replace_seek(ed_replace *r, long long offset, int from) { return ed_os_seek(r->out, offset, from); }

int ed_replace_commit(ed_replace *r, char *why, size_t why_size)
{
    int err = r->error;
    if (!err)
        err = ed_os_sync(r->out);
    int closed = ed_os_close(r->out);
    r->out = NULL;
    if (!err)
        err = closed;
    int rc = -1;
    if (err) {
        snprintf(why, why_size, "%s: %s", r->file, strerror(err));
    } else if (ed_replace_check(r->file, why, why_size) == 0) {
        /* checked again (something may have come to the name meanwhile); the rename replaces a
           link that comes after that, it never follows one */
        int renamed = ed_os_rename(r->temp, r->file);
        if (renamed == 0) {
            rc = 0;
            free(r->temp);
            r->temp = NULL;
        } else {
            snprintf(why, why_size, "%s: %s", r->file, strerror(renamed));
        }
    }
    ed_replace_abort(r);
    return rc;
}

void ed_replace_abort(ed_replace *r)
{
    ed_os_close(r->out);
    if (r->temp)
        ed_os_remove(r->temp);
    free(r->temp);
    free(r->file);
    memset(r, 0, sizeof *r);
}

int ed_replace_file(const char *file, const void *data, size_t size, char *why, size_t why_size)
{
    ed_replace r;
    if (ed_replace_open(&r, file, why, why_size))
        return -1;
    ed_replace_write(&r, data, size);
    return ed_replace_commit(&r, why, why_size);
}

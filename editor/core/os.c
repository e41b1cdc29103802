/* SPDX-License-Identifier: MIT */
/* editor/core/os.c - file identity, names and sleep, through POSIX. */
#include "os.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

ed_os_id ed_os_file_id(const char *file)
{
    ed_os_id id;
    struct stat st;
    memset(&id, 0, sizeof id);
    if (file && stat(file, &st) == 0) {
        id.valid = 1;
        id.dev = (unsigned long long)st.st_dev;
        id.ino = (unsigned long long)st.st_ino;
        id.size = (unsigned long long)st.st_size;
        id.mtime_sec = (long long)st.st_mtim.tv_sec;
        id.mtime_nsec = (long long)st.st_mtim.tv_nsec;
    }
    return id;
}

int ed_os_same_id(const ed_os_id *a, const ed_os_id *b)
{
    return a->valid == b->valid && a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
           a->mtime_sec == b->mtime_sec && a->mtime_nsec == b->mtime_nsec;
}

int ed_os_exists(const char *file, char *why, size_t why_size)
{
    struct stat st;
    if (stat(file, &st) == 0)
        return 1;
    if (errno == ENOENT)
        return 0;
    snprintf(why, why_size, "%s", strerror(errno));
    return -1;
}

char *ed_os_resolve(const char *base, const char *member, char *why, size_t why_size)
{
    const char *slash = strrchr(base, '/');
    size_t dir = member[0] == '/' || !slash ? 0 : (size_t)(slash - base) + 1;
    char *joined = malloc(dir + strlen(member) + 1);
    if (!joined) {
        snprintf(why, why_size, "%s: out of memory", member);
        return NULL;
    }
    memcpy(joined, base, dir);
    strcpy(joined + dir, member);
    struct stat st;
    char resolved[PATH_MAX];
    char *out = NULL;
    if (stat(joined, &st) != 0)
        snprintf(why, why_size, "%s, which is not there (%s)", joined, strerror(errno));
    else if (!realpath(joined, resolved))
        snprintf(why, why_size, "%s: %s", joined, strerror(errno));
    else if (!(out = strdup(resolved)))
        snprintf(why, why_size, "%s: out of memory", joined);
    free(joined);
    return out;
}

/* The folder of `file`, resolved, into out (PATH_MAX). -1 if it does not resolve. */
static int folder_of(const char *file, char *out)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(file, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == file)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - file), file);
    return realpath(dir, out) ? 0 : -1;
}

/* `to` relative to the folder `from` (both resolved and absolute): "../scenes/town.glb". */
static int relative_path(const char *from, const char *to, char *out, size_t size)
{
    /* the longest common run of whole folder names */
    size_t common = 0;
    for (size_t i = 0;; i++) {
        int from_end = from[i] == '\0' || from[i] == '/', to_end = to[i] == '\0' || to[i] == '/';
        if (from_end && to_end)
            common = i;
        if (from[i] != to[i] || from[i] == '\0')
            break;
    }
    size_t n = 0;
    out[0] = '\0';
    for (const char *p = from + common; *p; p++)
        if (*p == '/' && p[1] != '\0') {
            if (n + 3 >= size)
                return -1;
            memcpy(out + n, "../", 4);
            n += 3;
        }
    const char *rest = to + common;
    while (*rest == '/')
        rest++;
    int w = snprintf(out + n, size - n, "%s", rest);
    return w < 0 || (size_t)w >= size - n ? -1 : 0;
}

int ed_os_relative(const char *base, const char *target, char *out, size_t size)
{
    char from[PATH_MAX], to[PATH_MAX];
    if (folder_of(base, from) || !realpath(target, to))
        return -1;
    return relative_path(from, to, out, size);
}

int ed_os_same_file(const char *a, const char *b)
{
    char ra[PATH_MAX], rb[PATH_MAX];
    return a && b && realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

int ed_os_read_at(int fd, size_t at, void *buf, size_t n)
{
    size_t got = 0;
    errno = 0;
    while (got < n) {
        ssize_t r = pread(fd, (char *)buf + got, n - got, (off_t)(at + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        got += (size_t)r;
    }
    return 0;
}

double ed_os_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void ed_os_sleep(double seconds)
{
    if (!(seconds > 0))
        return;
    struct timespec ts = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    nanosleep(&ts, NULL);
}

double ed_os_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/os.c - what the editor asks of the operating system, through
 * POSIX: the one file of editor/core that calls it. */
#include "os.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct ed_os_file {
    int fd;
};

struct ed_os_thread {
    pthread_t thread;
    void    (*fn)(void *arg);
    void     *arg;
};

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

static ed_os_kind kind_of_mode(mode_t m)
{
    if (S_ISREG(m))
        return ED_OS_REGULAR;
    if (S_ISDIR(m))
        return ED_OS_FOLDER;
    if (S_ISLNK(m))
        return ED_OS_LINK;
    if (S_ISFIFO(m))
        return ED_OS_FIFO;
    if (S_ISSOCK(m))
        return ED_OS_SOCKET;
    if (S_ISCHR(m) || S_ISBLK(m))
        return ED_OS_DEVICE;
    return ED_OS_OTHER;
}

int ed_os_kind_of(const char *file, int follow, ed_os_kind *kind, int *mode, char *why, size_t why_size)
{
    struct stat st;
    *kind = ED_OS_NOTHING;
    if ((follow ? stat(file, &st) : lstat(file, &st)) == 0) {
        *kind = kind_of_mode(st.st_mode);
        if (mode)
            *mode = (int)(st.st_mode & 07777);
        return 0;
    }
    if (errno == ENOENT)
        return 0;
    snprintf(why, why_size, "%s", strerror(errno));
    return -1;
}

int ed_os_regular_size(const char *file, unsigned long long *size, char *why, size_t why_size)
{
    struct stat st;
    if (stat(file, &st) != 0) {
        snprintf(why, why_size, "%s", strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, why_size, "not a regular file");
        return -1;
    }
    *size = (unsigned long long)st.st_size;
    return 0;
}

char *ed_os_real_name(const char *file, char *why, size_t why_size)
{
    char real[PATH_MAX];
    char *out = NULL;
    if (!realpath(file, real))
        snprintf(why, why_size, "%s", strerror(errno));
    else if (!(out = strdup(real)))
        snprintf(why, why_size, "out of memory");
    return out;
}

ed_os_file *ed_os_open_read(const char *file, unsigned long long *size, char *why, size_t why_size)
{
    /* O_NONBLOCK: a FIFO without a writer does not hold the open; fstat then refuses it */
    int fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(why, why_size, "%s", fd < 0 ? strerror(errno) : "not a regular file");
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    ed_os_file *f = malloc(sizeof *f);
    if (!f) {
        snprintf(why, why_size, "out of memory");
        close(fd);
        return NULL;
    }
    f->fd = fd;
    if (size)
        *size = (unsigned long long)st.st_size;
    return f;
}

size_t ed_os_read_some(ed_os_file *f, unsigned long long at, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = pread(f->fd, (char *)buf + got, n - got, (off_t)(at + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    return got;
}

int ed_os_read_at(ed_os_file *f, size_t at, void *buf, size_t n)
{
    return ed_os_read_some(f, at, buf, n) == n ? 0 : -1;
}

ed_os_file *ed_os_create_beside(const char *file, int mode, char **temp, char *why, size_t why_size)
{
    *temp = NULL;
    size_t n = strlen(file);
    const char *slash = strrchr(file, '/');
    size_t dir = slash ? (size_t)(slash - file) + 1 : 0;
    ed_os_file *f = malloc(sizeof *f);
    char *name = malloc(n + 48);
    if (!f || !name) {
        snprintf(why, why_size, "out of memory");
        free(f);
        free(name);
        return NULL;
    }
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    int fd = -1;
    /* O_EXCL: an existing file (or link) by that name is never opened */
    for (unsigned attempt = 0; fd < 0 && attempt < 64; attempt++) {
        snprintf(name, n + 48, "%.*s.%s.%ld.%lx%02x.tmp", (int)dir, file, file + dir, (long)getpid(),
                 (unsigned long)ts.tv_nsec & 0xffffffUL, attempt);
        fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        snprintf(why, why_size, "cannot make a temporary file beside it: %s", strerror(errno));
        free(f);
        free(name);
        return NULL;
    }
    if (mode >= 0 && fchmod(fd, (mode_t)mode) != 0) {
        snprintf(why, why_size, "cannot give the temporary file the permissions of the old one: %s", strerror(errno));
        close(fd);
        unlink(name);
        free(f);
        free(name);
        return NULL;
    }
    f->fd = fd;
    *temp = name;
    return f;
}

int ed_os_write(ed_os_file *f, const void *data, size_t size)
{
    const char *p = data;
    while (size > 0) {
        ssize_t w = write(f->fd, p, size);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return w < 0 ? errno : EIO;
        p += w;
        size -= (size_t)w;
    }
    return 0;
}

long long ed_os_seek(ed_os_file *f, long long offset, int from)
{
    int whence = from == ED_OS_FROM_START ? SEEK_SET : from == ED_OS_FROM_HERE ? SEEK_CUR : SEEK_END;
    off_t at = lseek(f->fd, (off_t)offset, whence);
    return at < 0 ? -1 : (long long)at;
}

int ed_os_sync(ed_os_file *f) { return fsync(f->fd) == 0 ? 0 : errno; }

int ed_os_close(ed_os_file *f)
{
    if (!f)
        return 0;
    int rc = close(f->fd) == 0 ? 0 : errno;
    free(f);
    return rc;
}

int ed_os_rename(const char *from, const char *to) { return rename(from, to) == 0 ? 0 : errno; }

int ed_os_remove(const char *file) { return unlink(file) == 0 ? 0 : errno; }

static void *thread_main(void *arg)
{
    ed_os_thread *t = arg;
    t->fn(t->arg);
    return NULL;
}

ed_os_thread *ed_os_thread_start(void (*fn)(void *arg), void *arg, size_t stack_bytes, char *why, size_t why_size)
{
    ed_os_thread *t = malloc(sizeof *t);
    if (!t) {
        snprintf(why, why_size, "cannot start a thread: out of memory");
        return NULL;
    }
    t->fn = fn;
    t->arg = arg;
    pthread_attr_t attr;
    int rc = pthread_attr_init(&attr);
    if (rc == 0) {
        rc = pthread_attr_setstacksize(&attr, stack_bytes);
        if (rc == 0)
            rc = pthread_create(&t->thread, &attr, thread_main, t);
        pthread_attr_destroy(&attr);
    }
    if (rc != 0) {
        snprintf(why, why_size, "cannot start a thread: %s", strerror(rc));
        free(t);
        return NULL;
    }
    return t;
}

void ed_os_thread_join(ed_os_thread *t)
{
    if (!t)
        return;
    pthread_join(t->thread, NULL);
    free(t);
}

char *ed_os_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    return c ? memcpy(c, s, n) : NULL;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

int ed_os_ncasecmp(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int x = lower((unsigned char)a[i]), y = lower((unsigned char)b[i]);
        if (x != y || x == 0)
            return x - y;
    }
    return 0;
}

int ed_os_casecmp(const char *a, const char *b) { return ed_os_ncasecmp(a, b, (size_t)-1); }

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

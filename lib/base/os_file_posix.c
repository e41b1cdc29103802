/* SPDX-License-Identifier: MIT */
/* lib/base/os_file_posix.c - files on POSIX systems: reading a regular file
 * whole (bounded), writing any file atomically (temporary file in the same
 * folder, fsync, rename, fsync of the folder), links, stamps, and reading
 * below a folder without being led out of it (lib/base/os.h). */
#if !defined(_WIN32)
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base.h"

size_t cpi_name_base(const char *name)
{
    const char *slash = strrchr(name, '/');
    return slash ? (size_t)(slash - name) + 1 : 0;
}

size_t cpi_name_folder(const char *name)
{
    size_t base = cpi_name_base(name);
    return base <= 1 ? base : base - 1; /* "/x" keeps its root, "a/x" is "a" */
}

bool cpi_name_same(const char *a, const char *b) { return strcmp(a, b) == 0; }

const char *cpi_errno_text(int err, char buf[64])
{
    switch (err) {
    case ENOENT: return "not found";
    case EACCES: return "permission denied";
    case EPERM: return "operation not permitted";
    case EISDIR: return "is a folder";
    case ENOTDIR: return "a part of the path is not a folder";
    case ELOOP: return "too many symbolic links";
    case ENAMETOOLONG: return "name too long";
    case ENOSPC: return "no space left on the device";
    case EDQUOT: return "disk quota exceeded";
    case EROFS: return "read-only file system";
    case EIO: return "input/output error";
    case EMFILE:
    case ENFILE: return "too many open files";
    case ENOMEM: return "out of memory";
    case EFBIG: return "file too large";
    case EXDEV: return "on another file system";
    case EBUSY: return "busy";
    default: snprintf(buf, 64, "system error %d", err); return buf;
    }
}

int cpi_read_file_limit(const cp_allocator *alloc, const char *file, size_t limit, const char *limit_name, char **text, size_t *size,
                        cp_error *error)
{
    char eb[64];
    *text = NULL;
    *size = 0;
    int fd = open(file, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return cpi_error_set(error, CP_ERR_IO, "%s: cannot open: %s", file, cpi_errno_text(errno, eb));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return cpi_error_set(error, CP_ERR_IO, "%s: cannot read: %s", file, cpi_errno_text(e, eb));
    }
    if (S_ISDIR(st.st_mode)) {
        close(fd);
        return cpi_error_set(error, CP_ERR_IO, "%s: is a folder, not a file", file);
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return cpi_error_set(error, CP_ERR_IO, "%s: not a regular file", file);
    }
    if ((unsigned long long)st.st_size > limit) {
        close(fd);
        return cpi_error_set(error, CP_ERR_LIMIT, "%s: %lld bytes is over the limit of %zu bytes (%s)", file,
                             (long long)st.st_size, limit, limit_name);
    }
    /* the size is a hint: the file may grow or shrink while it is read */
    size_t cap = (size_t)st.st_size + 1, len = 0;
    char *buf = cpi_alloc(alloc, cap + 1);
    for (;;) {
        if (!buf) {
            close(fd);
            return cpi_error_set(error, CP_ERR_MEMORY, "%s: out of memory for %zu bytes", file, cap);
        }
        if (len == cap) {
            if (cap > limit) {
                cpi_free(alloc, buf);
                close(fd);
                return cpi_error_set(error, CP_ERR_LIMIT, "%s: over the limit of %zu bytes (%s)", file, limit,
                                     limit_name);
            }
            cap *= 2;
            char *b = cpi_realloc(alloc, buf, cap + 1);
            if (!b)
                cpi_free(alloc, buf);
            buf = b;
            continue;
        }
        ssize_t n = read(fd, buf + len, cap - len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            cpi_free(alloc, buf);
            close(fd);
            return cpi_error_set(error, CP_ERR_IO, "%s: cannot read: %s", file, cpi_errno_text(e, eb));
        }
        if (n == 0)
            break;
        len += (size_t)n;
    }
    close(fd);
    buf[len] = '\0';
    *text = buf;
    *size = len;
    return CP_OK;
}

/* ---- atomic writes ----------------------------------------------------------------------- */

static int write_all(int fd, const char *data, size_t size)
{
    while (size > 0) {
        ssize_t n = write(fd, data, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        data += n;
        size -= (size_t)n;
    }
    return 0;
}

/* Opens a new temporary file next to `target` (name in tmp). Created with
 * open(O_EXCL, 0666) rather than mkstemp so that the umask applies as it
 * would to any new file. */
static int open_temp(const char *target, char *tmp, size_t tmp_size)
{
    const char *slash = strrchr(target, '/');
    int dir_len = slash ? (int)(slash - target + 1) : 0;
    const char *base = slash ? slash + 1 : target;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    unsigned long seed = (unsigned long)ts.tv_nsec ^ ((unsigned long)ts.tv_sec << 20) ^ (unsigned long)getpid();
    for (int attempt = 0; attempt < 100; attempt++) {
        seed = seed * 6364136223846793005ul + 1442695040888963407ul;
        int n = snprintf(tmp, tmp_size, "%.*s.%s.%06lx.tmp", dir_len, target, base, (seed >> 40) & 0xFFFFFF);
        if (n < 0 || (size_t)n >= tmp_size) {
            errno = ENAMETOOLONG;
            return -1;
        }
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

/* What a file that is not a regular one is, for messages. */
static const char *file_kind(mode_t mode)
{
    return S_ISCHR(mode) ? "a character device" : S_ISBLK(mode) ? "a block device" : S_ISFIFO(mode) ? "a FIFO"
         : S_ISSOCK(mode) ? "a socket" : "not a regular file";
}

int cpi_link_next(const char *name, char *out)
{
    struct stat st;
    char target[CPI_PATH_MAX];
    if (lstat(name, &st) != 0 || !S_ISLNK(st.st_mode))
        return 0; /* not a link (or nothing there yet) */
    ssize_t n = readlink(name, target, sizeof target);
    if (n < 0)
        return -1;
    if ((size_t)n >= sizeof target) {
        errno = ENAMETOOLONG;
        return -1;
    }
    target[n] = '\0';
    /* a relative link is relative to the folder that holds the link */
    const char *slash = strrchr(name, '/');
    size_t dir = target[0] == '/' || !slash ? 0 : (size_t)(slash - name) + 1;
    if (dir + (size_t)n >= CPI_PATH_MAX) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memmove(out, name, dir);
    memcpy(out + dir, target, (size_t)n + 1);
    return 1;
}

/* The name a save through `file` writes: `file` itself, or the name at the
 * end of its chain of symbolic links, which may not exist yet. -1 with
 * errno on failure (ELOOP after CPI_MAX_LINKS links). */
static int follow_links(const char *file, char out[CPI_PATH_MAX])
{
    if (strlen(file) >= CPI_PATH_MAX) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(out, file);
    for (int hops = 0;; hops++) {
        int rc = cpi_link_next(out, out);
        if (rc <= 0)
            return rc;
        if (hops == CPI_MAX_LINKS) {
            errno = ELOOP;
            return -1;
        }
    }
}

int cpi_write_file_atomic(const char *file, const void *data, size_t size, cp_error *error)
{
    char eb[64], tmp[CPI_PATH_MAX + 32], target[CPI_PATH_MAX];
    struct stat st;
    int had = 0;
    /* stat follows links: the file a save would replace, if there is one */
    if (stat(file, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return cpi_error_set(error, CP_ERR_IO, "%s: cannot save: is a folder", file);
        if (!S_ISREG(st.st_mode))
            return cpi_error_set(error, CP_ERR_IO,
                                 "%s: cannot save: it is %s; saving replaces a file, so only regular files are "
                                 "saved to",
                                 file, file_kind(st.st_mode));
        had = 1;
    }
    /* writing through a symbolic link replaces its target, not the link */
    if (follow_links(file, target) != 0)
        return cpi_error_set(error, CP_ERR_IO, "%s: cannot save: %s", file, cpi_errno_text(errno, eb));
    int fd = open_temp(target, tmp, sizeof tmp);
    if (fd < 0)
        return cpi_error_set(error, CP_ERR_IO, "%s: cannot create a temporary file next to it: %s", file,
                             cpi_errno_text(errno, eb));
    const char *step = "write";
    if (write_all(fd, data, size) != 0)
        goto fail;
    if (had) {
        /* keep the owner and group where this user may (root always may;
         * others may give a file a group they belong to); the permission
         * bits after, as a change of owner clears set-user-ID bits */
        if ((st.st_uid != geteuid() || st.st_gid != getegid()) && fchown(fd, st.st_uid, st.st_gid) != 0)
            (void)fchown(fd, (uid_t)-1, st.st_gid);
        step = "set the permissions of";
        if (fchmod(fd, st.st_mode & 07777) != 0)
            goto fail;
    }
    step = "flush";
    if (fsync(fd) != 0)
        goto fail;
    step = "close";
    int rc = close(fd);
    fd = -1;
    if (rc != 0)
        goto fail;
    step = "rename the temporary file onto";
    if (rename(tmp, target) != 0)
        goto fail;
    /* the rename itself is durable only once the folder is flushed */
    const char *slash = strrchr(target, '/');
    char dir[CPI_PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - target) + (slash == target) : 1, slash ? target : ".");
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        int e = fsync(dfd) == 0 ? 0 : errno;
        close(dfd);
        if (e != 0 && e != EINVAL && e != ENOTSUP)
            return cpi_error_set(error, CP_ERR_IO, "%s: saved, but flushing its folder failed: %s", file,
                                 cpi_errno_text(e, eb));
    }
    cpi_error_clear(error);
    return CP_OK;
fail:;
    int e = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    return cpi_error_set(error, CP_ERR_IO, "%s: cannot %s the file: %s (%s)", file, step, cpi_errno_text(e, eb),
                         had ? "the old file is unchanged" : "no file was created");
}

/* ---- stamps ---------------------------------------------------------------------------------- */

cpi_file_stamp cpi_file_stamp_of(const char *file)
{
    cpi_file_stamp s;
    struct stat st;
    memset(&s, 0, sizeof s);
    if (stat(file, &st) != 0) {
        s.missing = errno == ENOENT;
        return s;
    }
    s.exists = true;
    s.volume = (unsigned long long)st.st_dev;
    s.id = (unsigned long long)st.st_ino;
    s.size = (unsigned long long)st.st_size;
    s.mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
    s.ctime_ns = (long long)st.st_ctim.tv_sec * 1000000000LL + st.st_ctim.tv_nsec;
    return s;
}

bool cpi_file_same(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* ---- reading below a folder ------------------------------------------------------------------ */

enum { OPEN_OK = 0, OPEN_LINK = 1, OPEN_ERRNO = 2 };

/* Opens the relative path `rel` ('/'-separated, normalised) below the
 * folder `dfd` without following any symbolic link. OPEN_OK and *fd, or
 * OPEN_LINK when a component is a link, or OPEN_ERRNO with *err. */
static int open_below(int dfd, const char *rel, int *fd, int *err)
{
    char comp[NAME_MAX + 1];
    int cur = dup(dfd);
    if (cur < 0) {
        *err = errno;
        return OPEN_ERRNO;
    }
    for (const char *p = rel;;) {
        const char *slash = strchr(p, '/');
        size_t n = slash ? (size_t)(slash - p) : strlen(p);
        if (n > NAME_MAX) {
            close(cur);
            *err = ENAMETOOLONG;
            return OPEN_ERRNO;
        }
        memcpy(comp, p, n);
        comp[n] = '\0';
        const int flags = slash ? O_RDONLY | O_DIRECTORY : O_RDONLY | O_NONBLOCK | O_NOCTTY;
        int next = openat(cur, n ? comp : ".", flags | O_NOFOLLOW | O_CLOEXEC);
        if (next < 0) {
            struct stat st;
            int e = errno;
            int link = fstatat(cur, comp, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
            close(cur);
            *err = e;
            return link ? OPEN_LINK : OPEN_ERRNO;
        }
        close(cur);
        cur = next;
        if (!slash)
            break;
        p = slash + 1;
    }
    *fd = cur;
    return OPEN_OK;
}

/* `rel` through its symbolic links: the real path's part below the
 * folder's real path (in `out`), or -1 when it leads anywhere else or
 * nowhere (the same answer for both: nothing is told about other files). */
static int resolve_inside(const char *dir, const char *rel, char *out, size_t n)
{
    char real_dir[PATH_MAX], full[PATH_MAX], real[PATH_MAX];
    if (!realpath(dir, real_dir) || snprintf(full, sizeof full, "%s/%s", real_dir, rel) >= (int)sizeof full ||
        !realpath(full, real))
        return -1;
    size_t d = strlen(real_dir);
    if (d == 1)
        d = 0; /* the folder is "/" */
    if (strncmp(real, real_dir, d) != 0 || real[d] != '/' || real[d + 1] == '\0')
        return -1;
    snprintf(out, n, "%s", real + d + 1);
    return 0;
}

static void set_why(char why[64], int err)
{
    char eb[64];
    snprintf(why, 64, "%s", cpi_errno_text(err, eb));
}

/* Reads the regular file `fd` whole (at most `limit` bytes). */
static cpi_below read_whole(const cp_allocator *alloc, int fd, size_t limit, unsigned char **bytes, size_t *size, char why[64])
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        set_why(why, errno);
        return CPI_BELOW_SYSTEM;
    }
    if (!S_ISREG(st.st_mode))
        return CPI_BELOW_NOT_REGULAR;
    if ((unsigned long long)st.st_size > limit)
        return CPI_BELOW_TOO_LARGE;
    const size_t n = (size_t)st.st_size;
    unsigned char *b = cpi_alloc(alloc, n ? n : 1);
    if (!b)
        return CPI_BELOW_MEMORY;
    size_t got = 0;
    while (got < n) {
        ssize_t k = read(fd, b + got, n - got);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            int e = k < 0 ? errno : 0;
            cpi_free(alloc, b);
            if (!e)
                return CPI_BELOW_SHORTER;
            set_why(why, e);
            return CPI_BELOW_SYSTEM;
        }
        got += (size_t)k;
    }
    *bytes = b;
    *size = n;
    return CPI_BELOW_OK;
}

cpi_below cpi_read_below(const cp_allocator *alloc, const char *dir, const char *rel, size_t limit, unsigned char **bytes, size_t *size,
                         char why[64])
{
    char real_rel[PATH_MAX];
    why[0] = '\0';
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) {
        set_why(why, errno);
        return CPI_BELOW_NO_FOLDER;
    }
    int fd = -1, err = 0;
    int how = open_below(dfd, rel, &fd, &err);
    if (how == OPEN_LINK) {
        /* once resolved, the path must hold no link: one that appears now
         * was swapped in, and is refused like any other */
        if (resolve_inside(dir, rel, real_rel, sizeof real_rel) != 0 ||
            (how = open_below(dfd, real_rel, &fd, &err)) == OPEN_LINK)
            how = OPEN_LINK;
    }
    close(dfd);
    if (how == OPEN_LINK)
        return CPI_BELOW_OUTSIDE;
    if (how == OPEN_ERRNO) {
        if (err == ENOENT)
            return CPI_BELOW_NOT_FOUND;
        set_why(why, err);
        return CPI_BELOW_SYSTEM;
    }
    cpi_below rc = read_whole(alloc, fd, limit, bytes, size, why);
    close(fd);
    return rc;
}

#else
typedef int cpi_os_file_posix_not_built; /* ISO C wants something in every file */
#endif

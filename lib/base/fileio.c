/* SPDX-License-Identifier: MIT */
/* lib/base/fileio.c - reading a regular file whole (bounded), and writing any
 * file atomically (temporary file in the same folder, fsync, rename, fsync of
 * the folder). */
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
    char target[PATH_MAX];
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
    if (dir + (size_t)n >= PATH_MAX) {
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
static int follow_links(const char *file, char out[PATH_MAX])
{
    if (strlen(file) >= PATH_MAX) {
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
    char eb[64], tmp[PATH_MAX + 32], target[PATH_MAX];
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
    char dir[PATH_MAX];
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

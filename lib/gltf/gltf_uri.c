/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_uri.c - buffer files named by a relative URI, read only from
 * the glTF file's own folder.
 *
 * A glTF file is data, often from elsewhere, and its buffer URIs must not
 * make campath read other files (their bytes would come out as key values,
 * and messages would tell whether they exist). So a URI is percent-decoded
 * (RFC 3986 section 2.1, as glTF URIs are; glTF 2.0 section 3.6.1.1), must
 * not hold a NUL, must be relative, and must stay inside the folder after its
 * "." and ".." are resolved by name. It is then opened one component at a
 * time from the folder, never following a symbolic link; a path through a
 * link is resolved with realpath, accepted only inside the folder's real
 * path, and opened the same way, so that a link swapped in between cannot
 * lead out either. Only a regular file is read, and it is opened without
 * blocking: a FIFO must not hang the import. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gltf_impl.h"

#define IN_FOLDER "the folder of the glTF file"
#define ONLY " only files in that folder are read"

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The URI percent-decoded into `out` (n bytes, NUL-terminated); *nul is set
 * when it decodes to a NUL character. */
static void decode(const char *uri, char *out, size_t n, int *nul)
{
    size_t len = 0;
    *nul = 0;
    for (const char *p = uri; *p && len + 1 < n; p++) {
        int hi, lo;
        if (p[0] == '%' && (hi = hexval(p[1])) >= 0 && (lo = hexval(p[2])) >= 0) {
            out[len] = (char)(hi * 16 + lo);
            *nul |= out[len] == '\0';
            len++;
            p += 2;
        } else {
            out[len++] = *p;
        }
    }
    out[len] = '\0';
}

/* Resolves "." and ".." by name in the relative path `p`, in place, keeping
 * one '/' between components. -1 if a ".." would leave the folder. */
static int normalise(char *p)
{
    char *out = p;
    const char *in = p;
    while (*in) {
        const char *end = strchr(in, '/');
        size_t n = end ? (size_t)(end - in) : strlen(in);
        if (n == 2 && in[0] == '.' && in[1] == '.') {
            if (out == p)
                return -1;
            out--; /* back over the last component and the '/' before it */
            while (out > p && out[-1] != '/')
                out--;
            if (out > p)
                out--;
        } else if (n > 0 && !(n == 1 && in[0] == '.')) {
            if (out > p)
                *out++ = '/';
            memmove(out, in, n);
            out += n;
        }
        in += n + (end ? 1 : 0);
    }
    *out = '\0';
    return 0;
}

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
static int resolve_inside(const char *base_dir, const char *rel, char *out, size_t n)
{
    char real_dir[PATH_MAX], full[PATH_MAX], real[PATH_MAX];
    if (!realpath(base_dir, real_dir) || snprintf(full, sizeof full, "%s/%s", real_dir, rel) >= (int)sizeof full ||
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

static int refuse(cpi_gltf_reader *r, size_t index, const char *uri, const char *why)
{
    return cpi_gltf_fail(r, CP_ERR_IO, "buffers[%zu].uri '%s': %s", index, uri, why);
}

/* Reads the regular file `fd` whole (at most CP_GLTF_MAX_FILE_SIZE bytes). */
static int read_whole(cpi_gltf_reader *r, size_t index, const char *uri, int fd, cpi_gltf_buffer *out)
{
    char eb[64];
    struct stat st;
    if (fstat(fd, &st) != 0)
        return refuse(r, index, uri, cpi_errno_text(errno, eb));
    if (!S_ISREG(st.st_mode))
        return refuse(r, index, uri, "not a regular file");
    if ((unsigned long long)st.st_size > CP_GLTF_MAX_FILE_SIZE)
        return cpi_gltf_fail(r, CP_ERR_LIMIT, "buffers[%zu].uri '%s': larger than %u bytes (CP_GLTF_MAX_FILE_SIZE)",
                             index, uri, CP_GLTF_MAX_FILE_SIZE);
    const size_t size = (size_t)st.st_size;
    unsigned char *bytes = cpi_alloc(r->alloc, size ? size : 1);
    if (!bytes)
        return cpi_gltf_fail(r, CP_ERR_MEMORY, "out of memory for buffers[%zu]", index);
    size_t got = 0;
    while (got < size) {
        ssize_t k = read(fd, bytes + got, size - got);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            int e = k < 0 ? errno : 0;
            cpi_free(r->alloc, bytes);
            return refuse(r, index, uri, e ? cpi_errno_text(e, eb) : "the file became shorter while it was read");
        }
        got += (size_t)k;
    }
    out->bytes = bytes;
    out->size = size;
    return CP_OK;
}

int cpi_gltf_read_uri(cpi_gltf_reader *r, size_t index, const char *uri, cpi_gltf_buffer *out)
{
    char eb[64], rel[PATH_MAX], real_rel[PATH_MAX];
    const size_t scheme = strcspn(uri, ":/?#");
    if (uri[scheme] == ':')
        return refuse(r, index, uri, "only relative URIs (files in " IN_FOLDER ") and data URIs are read");
    if (!r->base_dir)
        return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED,
                             "buffers[%zu]: the file '%s' can only be read when the glTF is read from a file", index,
                             uri);
    int nul;
    decode(uri, rel, sizeof rel, &nul);
    if (nul)
        return refuse(r, index, uri, "holds a NUL character (%00); only files in " IN_FOLDER " are read");
    if (rel[0] == '/' || normalise(rel) != 0)
        return refuse(r, index, uri, "refers to a file outside " IN_FOLDER ";" ONLY);
    int dfd = open(r->base_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0)
        return cpi_gltf_fail(r, CP_ERR_IO, "buffers[%zu].uri '%s': cannot open " IN_FOLDER ": %s", index, uri,
                             cpi_errno_text(errno, eb));
    int fd = -1, err = 0;
    int how = open_below(dfd, rel, &fd, &err);
    if (how == OPEN_LINK) {
        /* once resolved, the path must hold no link: one that appears now
         * was swapped in, and is refused like any other */
        if (resolve_inside(r->base_dir, rel, real_rel, sizeof real_rel) != 0 ||
            (how = open_below(dfd, real_rel, &fd, &err)) == OPEN_LINK)
            how = OPEN_LINK;
    }
    close(dfd);
    if (how == OPEN_LINK)
        return refuse(r, index, uri,
                      "is a symbolic link that does not lead to a file in " IN_FOLDER ";" ONLY);
    if (how == OPEN_ERRNO)
        return refuse(r, index, uri, err == ENOENT ? "not found in " IN_FOLDER : cpi_errno_text(err, eb));
    int rc = read_whole(r, index, uri, fd, out);
    close(fd);
    return rc;
}

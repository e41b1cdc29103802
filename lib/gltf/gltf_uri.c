/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_uri.c - buffer files named by a relative URI, read only from
 * the glTF file's own folder.
 *
 * A glTF file is data, often from elsewhere, and its buffer URIs must not
 * make campath read other files (their bytes would come out as key values,
 * and messages would tell whether they exist). So a URI is percent-decoded
 * (RFC 3986 section 2.1, as glTF URIs are; glTF 2.0 section 3.6.1.1), must
 * not hold a NUL, must be relative, and must stay inside the folder after its
 * "." and ".." are resolved by name. The base layer then reads it from below
 * the folder without being led out by a symbolic link, and only a regular
 * file, opened without blocking: a FIFO must not hang the import
 * (cpi_read_below, lib/base/os.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gltf_impl.h"

#define IN_FOLDER "the folder of the glTF file"
#define ONLY " only files in that folder are read"
#define OUTSIDE "refers to a file outside " IN_FOLDER ";" ONLY

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

static int refuse(cpi_gltf_reader *r, size_t index, const char *uri, const char *why)
{
    return cpi_gltf_fail(r, CP_ERR_IO, "buffers[%zu].uri '%s': %s", index, uri, why);
}

int cpi_gltf_read_uri(cpi_gltf_reader *r, size_t index, const char *uri, cpi_gltf_buffer *out)
{
    char rel[CPI_PATH_MAX];
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
        return refuse(r, index, uri, OUTSIDE);
    unsigned char *bytes = NULL;
    size_t size = 0;
    char why[64];
    switch (cpi_read_below(r->alloc, r->base_dir, rel, CP_GLTF_MAX_FILE_SIZE, &bytes, &size, why)) {
    case CPI_BELOW_OK:
        out->bytes = bytes;
        out->size = size;
        return CP_OK;
    case CPI_BELOW_NO_FOLDER:
        return cpi_gltf_fail(r, CP_ERR_IO, "buffers[%zu].uri '%s': cannot open " IN_FOLDER ": %s", index, uri, why);
    case CPI_BELOW_NOT_FOUND: return refuse(r, index, uri, "not found in " IN_FOLDER);
    case CPI_BELOW_OUTSIDE:
        return refuse(r, index, uri, "is a symbolic link that does not lead to a file in " IN_FOLDER ";" ONLY);
    case CPI_BELOW_NAME: return refuse(r, index, uri, OUTSIDE);
    case CPI_BELOW_NOT_REGULAR: return refuse(r, index, uri, "not a regular file");
    case CPI_BELOW_TOO_LARGE:
        return cpi_gltf_fail(r, CP_ERR_LIMIT, "buffers[%zu].uri '%s': larger than %u bytes (CP_GLTF_MAX_FILE_SIZE)",
                             index, uri, CP_GLTF_MAX_FILE_SIZE);
    case CPI_BELOW_SHORTER: return refuse(r, index, uri, "the file became shorter while it was read");
    case CPI_BELOW_MEMORY: return cpi_gltf_fail(r, CP_ERR_MEMORY, "out of memory for buffers[%zu]", index);
    case CPI_BELOW_SYSTEM: break;
    }
    return refuse(r, index, uri, why);
}

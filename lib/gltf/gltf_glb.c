/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_glb.c - the binary glTF container (GLB), glTF 2.0
 * specification section 4.4: a 12-byte header (magic "glTF", version 2,
 * total length), then chunks of (length, type, data), each 4-byte aligned:
 * the JSON chunk first, padded with spaces, then an optional BIN chunk,
 * padded with zeros. All numbers little-endian. */
#include <stdlib.h>
#include <string.h>

#include "gltf_impl.h"

#define GLB_MAGIC 0x46546C67u /* "glTF" */
#define GLB_CHUNK_JSON 0x4E4F534Au
#define GLB_CHUNK_BIN 0x004E4942u

int cpi_gltf_is_glb(const void *data, size_t size)
{
    return size >= 4 && cpi_gltf_u32(data) == GLB_MAGIC;
}

int cpi_gltf_glb_split(cpi_gltf_reader *r, const unsigned char *data, size_t size, const char **json,
                       size_t *json_size)
{
    if (size < 12)
        return cpi_gltf_fail(r, CP_ERR_SYNTAX, "truncated GLB: the file ends at byte %zu, inside the 12-byte header",
                             size);
    const uint32_t version = cpi_gltf_u32(data + 4);
    if (version != 2)
        return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED, "not a glTF 2.0 binary file (GLB version %u)", (unsigned)version);
    const size_t total = cpi_gltf_u32(data + 8);
    if (total > size)
        return cpi_gltf_fail(r, CP_ERR_SYNTAX,
                             "truncated GLB: the header gives a length of %zu bytes, but the file ends at byte %zu",
                             total, size);
    if (total < 20)
        return cpi_gltf_fail(r, CP_ERR_SYNTAX,
                             "truncated GLB: the JSON chunk's header at byte 12 is cut off at byte %zu (the length "
                             "in the header)",
                             total);
    const size_t json_len = cpi_gltf_u32(data + 12);
    const uint32_t type = cpi_gltf_u32(data + 16);
    if (type != GLB_CHUNK_JSON)
        return cpi_gltf_fail(r, CP_ERR_SYNTAX, "malformed GLB: the first chunk (byte 12) has type 0x%08X, not JSON",
                             (unsigned)type);
    if (json_len > total - 20)
        return cpi_gltf_fail(r, CP_ERR_SYNTAX,
                             "truncated GLB: the JSON chunk at byte 12 holds %zu bytes, but the file ends at byte %zu",
                             json_len, total);
    *json = (const char *)data + 20;
    *json_size = json_len;
    const size_t next = 20 + ((json_len + 3) & ~(size_t)3);
    if (next >= total)
        return CP_OK;
    if (total - next < 8)
        return cpi_gltf_fail(r, CP_ERR_SYNTAX, "truncated GLB: the chunk header at byte %zu is cut off at byte %zu",
                             next, total);
    if (cpi_gltf_u32(data + next + 4) == GLB_CHUNK_BIN) {
        const size_t bin_len = cpi_gltf_u32(data + next);
        if (bin_len > total - next - 8)
            return cpi_gltf_fail(r, CP_ERR_SYNTAX,
                                 "truncated GLB: the binary chunk at byte %zu holds %zu bytes, but the file ends at "
                                 "byte %zu",
                                 next, bin_len, total);
        r->glb_bin = data + next + 8;
        r->glb_bin_size = bin_len;
    }
    return CP_OK;
}

static void put_u32(unsigned char *p, size_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i) & 0xFF);
}

unsigned char *cpi_gltf_glb_build(const char *json, size_t json_len, const unsigned char *bin, size_t bin_len,
                                  size_t *size)
{
    const size_t jpad = (json_len + 3) & ~(size_t)3, bpad = (bin_len + 3) & ~(size_t)3;
    const size_t total = 12 + 8 + jpad + (bin_len ? 8 + bpad : 0);
    if (json_len > 0xFFFFFFF0u || bin_len > 0xFFFFFFF0u || total > 0xFFFFFFFFu)
        return NULL; /* the container's lengths are 32-bit */
    unsigned char *out = calloc(1, total); /* the BIN chunk's padding is zeros */
    if (!out)
        return NULL;
    put_u32(out, GLB_MAGIC);
    put_u32(out + 4, 2);
    put_u32(out + 8, total);
    put_u32(out + 12, jpad);
    put_u32(out + 16, GLB_CHUNK_JSON);
    memcpy(out + 20, json, json_len);
    memset(out + 20 + json_len, ' ', jpad - json_len);
    if (bin_len) {
        unsigned char *b = out + 20 + jpad;
        put_u32(b, bpad);
        put_u32(b + 4, GLB_CHUNK_BIN);
        memcpy(b + 8, bin, bin_len);
    }
    *size = total;
    return out;
}

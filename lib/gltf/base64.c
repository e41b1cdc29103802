/* SPDX-License-Identifier: MIT */
/* lib/gltf/base64.c - base64 (RFC 4648 section 4) for glTF data URIs. */
#include <stdlib.h>

#include "gltf_impl.h"

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void cpi_gltf_base64_encode(cpi_buf *out, const unsigned char *bytes, size_t n)
{
    char quad[4];
    size_t i = 0;
    for (; i + 3 <= n; i += 3) {
        unsigned long v = (unsigned long)bytes[i] << 16 | (unsigned long)bytes[i + 1] << 8 | bytes[i + 2];
        quad[0] = alphabet[v >> 18 & 63];
        quad[1] = alphabet[v >> 12 & 63];
        quad[2] = alphabet[v >> 6 & 63];
        quad[3] = alphabet[v & 63];
        cpi_buf_append(out, quad, 4);
    }
    if (i < n) {
        unsigned long v = (unsigned long)bytes[i] << 16 | (i + 1 < n ? (unsigned long)bytes[i + 1] << 8 : 0);
        quad[0] = alphabet[v >> 18 & 63];
        quad[1] = alphabet[v >> 12 & 63];
        quad[2] = i + 1 < n ? alphabet[v >> 6 & 63] : '=';
        quad[3] = '=';
        cpi_buf_append(out, quad, 4);
    }
}

static int digit(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

unsigned char *cpi_gltf_base64_decode(const char *text, size_t n, size_t *size, size_t *bad_at)
{
    /* padding is optional in some writers: accept its absence, but nothing after it */
    size_t end = n;
    while (end > 0 && text[end - 1] == '=' && n - end < 2)
        end--;
    if (end % 4 == 1) { /* a last character alone holds only 6 of a byte's 8 bits */
        *bad_at = end - 1;
        return NULL;
    }
    unsigned char *out = malloc(end / 4 * 3 + 3);
    if (!out) {
        *bad_at = n;
        return NULL;
    }
    size_t len = 0;
    unsigned long acc = 0;
    int bits = 0;
    for (size_t i = 0; i < end; i++) {
        int d = digit((unsigned char)text[i]);
        if (d < 0) {
            free(out);
            *bad_at = i;
            return NULL;
        }
        acc = (acc << 6 | (unsigned long)d) & 0xffffff;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[len++] = (unsigned char)(acc >> bits & 0xff);
        }
    }
    *size = len;
    return out;
}

/* SPDX-License-Identifier: MIT */
/* lib/base/utf8.c - checking UTF-8 (RFC 3629): path files are UTF-8 text
 * (RFC 8259), so a string that is not is refused when read and never
 * written. */
#include "base.h"

size_t cpi_utf8_char(const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    if (n == 0)
        return 0;
    const unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t len;
    unsigned lo = 0x80, hi = 0xBF; /* the range of the second byte */
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0; /* no overlong forms */
        else if (c == 0xED)
            hi = 0x9F; /* no UTF-16 surrogates U+D800..U+DFFF */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F; /* nothing above U+10FFFF */
    } else {
        return 0; /* a continuation byte, an overlong lead (C0, C1) or F5..FF */
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return len;
}

size_t cpi_utf8_invalid(const char *text, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t len = cpi_utf8_char(text + i, n - i);
        if (len == 0)
            return i;
        i += len;
    }
    return n;
}

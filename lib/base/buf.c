/* SPDX-License-Identifier: MIT */
/* lib/base/buf.c - the one growable text buffer: every writer of the library
 * (path files, glTF, messages) appends to it and checks for failure once. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "dtoa.h"

int cpi_buf_reserve(cpi_buf *b, size_t extra)
{
    if (b->failed)
        return -1;
    if (extra >= (size_t)-1 - b->len - 1) {
        b->failed = 1;
        return -1;
    }
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need)
        cap = cap > (size_t)-1 / 2 ? need : cap * 2;
    char *d = realloc(b->data, cap);
    if (!d) {
        b->failed = 1;
        return -1;
    }
    b->data = d;
    b->cap = cap;
    return 0;
}

void cpi_buf_append(cpi_buf *b, const void *bytes, size_t n)
{
    if (cpi_buf_reserve(b, n) != 0)
        return;
    if (n)
        memcpy(b->data + b->len, bytes, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void cpi_buf_puts(cpi_buf *b, const char *s) { cpi_buf_append(b, s, strlen(s)); }

void cpi_buf_printf(cpi_buf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->failed = 1;
        return;
    }
    if ((size_t)n < sizeof small) {
        cpi_buf_append(b, small, (size_t)n);
        return;
    }
    if (cpi_buf_reserve(b, (size_t)n) != 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void cpi_buf_double(cpi_buf *b, double x)
{
    if (cpi_buf_reserve(b, CPI_DTOA_SIZE) == 0) {
        b->len += cpi_dtoa(x, b->data + b->len);
        b->data[b->len] = '\0';
    }
}

void cpi_buf_json_string(cpi_buf *b, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    cpi_buf_append(b, "\"", 1);
    size_t run = 0; /* bytes copied as they are, appended in one go */
    for (size_t i = 0; i < n; i++) {
        const unsigned char c = (unsigned char)s[i];
        char esc[6] = {'\\', 0};
        size_t len = 2;
        if (c == '"' || c == '\\')
            esc[1] = (char)c;
        else if (c == '\n')
            esc[1] = 'n';
        else if (c == '\t')
            esc[1] = 't';
        else if (c == '\r')
            esc[1] = 'r';
        else if (c < 0x20 || c == 0x7F) {
            memcpy(esc + 1, "u00", 3);
            esc[4] = hex[c >> 4];
            esc[5] = hex[c & 15];
            len = 6;
        } else {
            run++;
            continue;
        }
        cpi_buf_append(b, s + i - run, run);
        run = 0;
        cpi_buf_append(b, esc, len);
    }
    cpi_buf_append(b, s + n - run, run);
    cpi_buf_append(b, "\"", 1);
}

char *cpi_buf_take(cpi_buf *b, size_t *size)
{
    if (cpi_buf_reserve(b, 0) != 0) {
        cpi_buf_free(b);
        return NULL;
    }
    char *d = b->data;
    d[b->len] = '\0';
    if (size)
        *size = b->len;
    memset(b, 0, sizeof *b);
    return d;
}

void cpi_buf_free(cpi_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

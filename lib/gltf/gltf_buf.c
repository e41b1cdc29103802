/* lib/gltf/gltf_buf.c - a growable text buffer with locale-independent number output. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/json.h"
#include "gltf_impl.h"

static int reserve(cpi_gltf_buf *b, size_t extra)
{
    if (b->failed)
        return -1;
    if (extra >= (size_t)-1 - b->len) {
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

void cpi_gltf_buf_append(cpi_gltf_buf *b, const void *bytes, size_t n)
{
    if (reserve(b, n) != 0)
        return;
    if (n)
        memcpy(b->data + b->len, bytes, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void cpi_gltf_buf_puts(cpi_gltf_buf *b, const char *s) { cpi_gltf_buf_append(b, s, strlen(s)); }

void cpi_gltf_buf_printf(cpi_gltf_buf *b, const char *fmt, ...)
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
        cpi_gltf_buf_append(b, small, (size_t)n);
        return;
    }
    if (reserve(b, (size_t)n) != 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* The shortest decimal that reads back to the same float (accessor min and
 * max must equal the float data exactly). printf and strtod both follow
 * LC_NUMERIC, so the round-trip test is done in the locale's own spelling;
 * only then is its decimal separator (which may be more than one byte)
 * replaced by the '.' JSON requires. */
static void put_float(cpi_gltf_buf *b, float x)
{
    char s[64];
    for (int prec = 6; prec <= 9; prec++) {
        snprintf(s, sizeof s, "%.*g", prec, (double)x);
        if ((float)strtod(s, NULL) == x)
            break;
    }
    char out[64];
    size_t n = 0;
    int in_separator = 0;
    for (const char *p = s; *p && n + 1 < sizeof out; p++) {
        char c = *p;
        if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == 'e' || c == 'E') {
            out[n++] = c;
            in_separator = 0;
        } else if (!in_separator) {
            out[n++] = '.';
            in_separator = 1;
        }
    }
    cpi_gltf_buf_append(b, out, n);
}

/* Doubles as path files write them: shortest exact decimal, any locale. */
void cpi_gltf_buf_double(cpi_gltf_buf *b, double x)
{
    char s[CP_JSON_NUMBER_SIZE];
    size_t n = cp_json_format_number(x, s);
    cpi_gltf_buf_append(b, s, n);
}

void cpi_gltf_buf_float(cpi_gltf_buf *b, float x) { put_float(b, x); }

void cpi_gltf_buf_string(cpi_gltf_buf *b, const char *s)
{
    cpi_gltf_buf_append(b, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            char esc[2] = {'\\', (char)*p};
            cpi_gltf_buf_append(b, esc, 2);
        } else if (*p < 0x20) {
            cpi_gltf_buf_printf(b, "\\u%04x", (unsigned)*p);
        } else {
            cpi_gltf_buf_append(b, p, 1);
        }
    }
    cpi_gltf_buf_append(b, "\"", 1);
}

void cpi_gltf_buf_free(cpi_gltf_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_float.c - floats as glTF accessors need them: the shortest
 * decimal that reads back to the same float, '.' as the decimal point. */
#include <stdio.h>
#include <stdlib.h>

#include "gltf_impl.h"

/* The shortest decimal that reads back to the same float (accessor min and
 * max must equal the float data exactly). printf and strtod both follow
 * LC_NUMERIC, so the round-trip test is done in the locale's own spelling;
 * only then is its decimal separator (which may be more than one byte)
 * replaced by the '.' JSON requires. */
void cpi_gltf_put_float(cpi_buf *b, float x)
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
    cpi_buf_append(b, out, n);
}

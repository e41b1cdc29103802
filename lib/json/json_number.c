/* SPDX-License-Identifier: MIT */
/* lib/json/json_number.c - JSON numbers read correctly rounded, without the
 * locale: Clinger's fast path, exact 128-bit integer arithmetic for up to 19
 * digits (lib/base/u128.h), and strtod in the "C" locale of this thread for
 * the rest. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json_impl.h"
#include "u128.h"

/* Exact powers of ten: each is a double without rounding (10^22 < 2^53 * 2^22). */
static const double exact_pow10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                       1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* ---- numbers ------------------------------------------------------------------------ */

static const uint64_t pow10_u64[20] = {1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u,
                                       1000000000u, 10000000000u, 100000000000u, 1000000000000u, 10000000000000u,
                                       100000000000000u, 1000000000000000u, 10000000000000000u,
                                       100000000000000000u, 1000000000000000000u, 10000000000000000000u};
static const uint64_t pow5_u64[28] = {
    1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u, 1953125u, 9765625u, 48828125u, 244140625u,
    1220703125u, 6103515625u, 30517578125u, 152587890625u, 762939453125u, 3814697265625u, 19073486328125u,
    95367431640625u, 476837158203125u, 2384185791015625u, 11920928955078125u, 59604644775390625u,
    298023223876953125u, 1490116119384765625u, 7450580596923828125u};

/* w * 10^q correctly rounded (to nearest, ties to even), for 0 < w < 2^64 and
 * -27 <= q <= 19, with exact 128-bit integer arithmetic (lib/base/u128.h):
 * 10^q is then either a 64-bit integer to multiply by, or 2^q times 5^q with
 * 5^-q below 2^63 to divide by (the remainder says whether anything was cut
 * off). The result is always a normal double in this range. */
static double exact_decimal(uint64_t w, int q)
{
    cpi_u128 m;
    int e2 = 0, sticky = 0;
    if (q >= 0) {
        m = cpi_u128_mul(w, pow10_u64[q]);
    } else {
        int shift = 127 - cpi_bits64(w);
        uint64_t rem;
        m = cpi_u128_divmod(cpi_u128_shl(cpi_u128_from(w), shift), pow5_u64[-q], &rem);
        sticky = rem != 0;
        e2 = q - shift;
    }
    /* m has at most 128 bits; keep 53, rounding on what is cut off */
    int bl = cpi_u128_bits(m);
    uint64_t top;
    if (bl > 53) {
        const int sh = bl - 53;
        /* the bits cut off, compared with half of their weight: the highest
         * cut bit is the half, the ones below it (and sticky) break the tie */
        const cpi_u128 below = cpi_u128_shl(m, 128 - sh); /* the cut bits, at the top */
        const int half = (int)(cpi_u128_hi(below) >> 63);
        const int rest = (cpi_u128_hi(below) << 1) != 0 || cpi_u128_lo(below) != 0 || sticky;
        top = cpi_u128_lo(cpi_u128_shr(m, sh));
        e2 += sh;
        if (half && (rest || (top & 1)))
            top++;
        if (top >> 53) {
            top >>= 1;
            e2++;
        }
    } else {
        top = cpi_u128_lo(m);
    }
    return ldexp((double)top, e2);
}

int cpi_scan_number(cpi_scan *s, double *out)
{
    const char *t = s->text;
    const size_t start = s->pos, n = s->size;
    size_t p = start;
    int negative = 0;
    uint64_t w = 0;   /* significant digits, while they fit */
    int digits = 0;   /* significant digits seen */
    long exp10 = 0;   /* decimal exponent of w */
    char what[32];
    if (p < n && t[p] == '-') {
        negative = 1;
        p++;
    }
    if (p >= n || t[p] < '0' || t[p] > '9')
        return cpi_scan_fail(s, p, "invalid number: a digit expected after '-', found %s", cpi_scan_what(s, p, what));
    if (t[p] == '0') {
        p++;
        if (p < n && t[p] >= '0' && t[p] <= '9')
            return cpi_scan_fail(s, start, "invalid number: leading zeros are not allowed");
    } else {
        for (; p < n && t[p] >= '0' && t[p] <= '9'; p++) {
            if (digits < 19)
                w = w * 10 + (uint64_t)(t[p] - '0');
            else
                exp10++;
            digits++;
        }
    }
    if (p < n && t[p] == '.') {
        p++;
        if (p >= n || t[p] < '0' || t[p] > '9')
            return cpi_scan_fail(s, p, "invalid number: a digit expected after '.', found %s",
                                 cpi_scan_what(s, p, what));
        for (; p < n && t[p] >= '0' && t[p] <= '9'; p++) {
            if (w == 0 && t[p] == '0') { /* leading zeros of a fraction are not significant */
                exp10--;
                continue;
            }
            if (digits < 19) {
                w = w * 10 + (uint64_t)(t[p] - '0');
                exp10--;
            }
            digits++;
        }
    }
    if (p < n && (t[p] == 'e' || t[p] == 'E')) {
        p++;
        int eneg = 0;
        long e = 0;
        if (p < n && (t[p] == '+' || t[p] == '-'))
            eneg = t[p++] == '-';
        if (p >= n || t[p] < '0' || t[p] > '9')
            return cpi_scan_fail(s, p, "invalid number: a digit expected in the exponent, found %s",
                                 cpi_scan_what(s, p, what));
        for (; p < n && t[p] >= '0' && t[p] <= '9'; p++)
            if (e < 100000)
                e = e * 10 + (t[p] - '0');
        exp10 += eneg ? -e : e;
    }
    s->pos = p;
    if (!out)
        return 0;
#if FLT_EVAL_METHOD == 0
    /* Clinger's fast path: w and 10^|exp10| are exact doubles, so one
     * correctly rounded operation gives the correctly rounded value. */
    if (digits <= 15 && exp10 >= -22 && exp10 <= 22) {
        double v = (double)w;
        v = exp10 < 0 ? v / exact_pow10[-exp10] : v * exact_pow10[exp10];
        *out = negative ? -v : v;
        return 0;
    }
#endif
    if (w != 0 && digits <= 19 && exp10 >= -27 && exp10 <= 19) {
        double v = exact_decimal(w, (int)exp10);
        *out = negative ? -v : v;
        return 0;
    }
    if (cpi_strtod_c(s->alloc, t + start, p - start, out) != 0)
        return cpi_scan_fail_memory(s, start, "a number", p - start);
    return 0;
}


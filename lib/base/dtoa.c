/* SPDX-License-Identifier: MIT */
/* lib/base/dtoa.c - shortest round-trip decimal for a double.
 *
 * The method is Schubfach (R. Giulietti, "The Schubfach way to render
 * doubles", 2020): scale the rounding interval of x = c * 2^q by a 126-bit
 * approximation of 10^-k, chosen so that the scaled significand has 16 or 17
 * digits, then take the decimal with the fewest digits that lies inside the
 * interval, the one nearest x if there are two. All arithmetic is exact
 * integer arithmetic, so the result does not depend on the locale or on the
 * C library's printf, and printing is a few dozen nanoseconds. */
#include <math.h>
#include <string.h>

#include "dtoa.h"
#include "u128.h"

#define Q_MIN (-1074)          /* exponent of the smallest subnormal */
#define C_MIN (1ull << 52)     /* smallest normal significand */
#define C_TINY 3u              /* subnormal significands below this are special cases */

/* floor(x / 2^n) for any sign of x, without relying on >> of negatives. */
static int64_t floor_shift(int64_t x, int n)
{
    return x >= 0 ? x >> n : -((-x + ((int64_t)1 << n) - 1) >> n);
}

/* floor(q log10 2), floor(log10(3/4 2^q)) and floor(e log2 10) over the ranges
 * used here (checked exactly by tests/tools/gen_dtoa_table.py). */
static int flog10_pow2(int q) { return (int)floor_shift((int64_t)q * 661971961083, 41); }
static int flog10_three_quarters_pow2(int q) { return (int)floor_shift((int64_t)q * 661971961083 - 274743187321, 41); }
static int flog2_pow10(int e) { return (int)floor_shift((int64_t)e * 913124641741, 38); }

static uint64_t mul_high(uint64_t a, uint64_t b) { return cpi_u128_hi(cpi_u128_mul(a, b)); }

/* floor(g * cp / 2^127) with its lowest bit forced to 1 when the quotient is
 * inexact: enough to decide on which side of an interval end a value lies. */
static uint64_t round_odd(uint64_t g1, uint64_t g0, uint64_t cp)
{
    uint64_t x1 = mul_high(g0, cp);
    cpi_u128 y = cpi_u128_mul(g1, cp);
    uint64_t y0 = cpi_u128_lo(y), y1 = cpi_u128_hi(y);
    uint64_t z = (y0 >> 1) + x1;
    uint64_t vbp = y1 + (z >> 63);
    return vbp | ((z & 0x7FFFFFFFFFFFFFFFull) != 0);
}

/* Writes f * 10^e (f > 0) in the notation of JavaScript's Number#toString,
 * which JSON readers all accept: plain digits when the decimal exponent is in
 * (-7, 21), otherwise d.ddde+XX. */
static size_t emit(char *out, uint64_t f, int e)
{
    char digits[24];
    while (f % 10 == 0) {
        f /= 10;
        e++;
    }
    int n = 1;
    for (uint64_t p = 10; n < 20 && f >= p; p *= 10)
        n++;
    for (int i = n - 1; i >= 0; i--) {
        digits[i] = (char)('0' + f % 10);
        f /= 10;
    }
    int exp10 = e + n - 1; /* x = d.ddd * 10^exp10 */
    char *p = out;
    if (exp10 >= 0 && exp10 < 21) {
        if (e >= 0) {
            memcpy(p, digits, (size_t)n);
            p += n;
            for (int i = 0; i < e; i++)
                *p++ = '0';
        } else {
            memcpy(p, digits, (size_t)exp10 + 1);
            p += exp10 + 1;
            *p++ = '.';
            memcpy(p, digits + exp10 + 1, (size_t)(n - exp10 - 1));
            p += n - exp10 - 1;
        }
    } else if (exp10 < 0 && exp10 > -7) {
        *p++ = '0';
        *p++ = '.';
        for (int i = 0; i < -exp10 - 1; i++)
            *p++ = '0';
        memcpy(p, digits, (size_t)n);
        p += n;
    } else {
        *p++ = digits[0];
        if (n > 1) {
            *p++ = '.';
            memcpy(p, digits + 1, (size_t)n - 1);
            p += n - 1;
        }
        *p++ = 'e';
        *p++ = exp10 < 0 ? '-' : '+';
        int a = exp10 < 0 ? -exp10 : exp10;
        if (a >= 100)
            *p++ = (char)('0' + a / 100);
        if (a >= 10)
            *p++ = (char)('0' + a / 10 % 10);
        *p++ = (char)('0' + a % 10);
    }
    *p = '\0';
    return (size_t)(p - out);
}

/* The shortest decimal in the rounding interval of c * 2^q. */
static size_t to_decimal(char *out, int q, uint64_t c)
{
    const uint64_t out_bit = c & 1; /* odd significand: the interval ends are excluded */
    const uint64_t cb = c << 2, cbr = cb + 2;
    uint64_t cbl;
    int k;
    if (c != C_MIN || q == Q_MIN) {
        cbl = cb - 2;
        k = flog10_pow2(q);
    } else { /* at a power of two the interval below is half as wide */
        cbl = cb - 1;
        k = flog10_three_quarters_pow2(q);
    }
    const int h = q + flog2_pow10(-k) + 2;
    const uint64_t *g = cpi_dtoa_g[k - CPI_DTOA_K_MIN];
    const uint64_t vb = round_odd(g[0], g[1], cb << h);
    const uint64_t vbl = round_odd(g[0], g[1], cbl << h);
    const uint64_t vbr = round_odd(g[0], g[1], cbr << h);

    const uint64_t s = vb >> 2;
    if (s >= 100) {
        /* one digit fewer: of the two multiples of ten around x, at most one fits */
        const uint64_t sp10 = 10 * (s / 10), tp10 = sp10 + 10;
        const int upin = vbl + out_bit <= sp10 << 2;
        const int wpin = (tp10 << 2) + out_bit <= vbr;
        if (upin != wpin)
            return emit(out, upin ? sp10 : tp10, k);
    }
    const uint64_t t = s + 1;
    const int uin = vbl + out_bit <= s << 2;
    const int win = (t << 2) + out_bit <= vbr;
    if (uin != win)
        return emit(out, uin ? s : t, k);
    /* both fit: the nearer one, the even one on a tie */
    const int64_t cmp = (int64_t)(vb - ((s + t) << 1));
    return emit(out, cmp < 0 || (cmp == 0 && (s & 1) == 0) ? s : t, k);
}

size_t cpi_dtoa(double x, char buf[CPI_DTOA_SIZE])
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    const int negative = (int)(bits >> 63);
    const uint64_t t = bits & ((1ull << 52) - 1);
    const int bq = (int)((bits >> 52) & 0x7FF);
    char *p = buf;
    if (bq == 0x7FF) {
        strcpy(buf, t ? "nan" : negative ? "-inf" : "inf");
        return strlen(buf);
    }
    if (negative)
        *p++ = '-';
    if (bq != 0) {
        const int q = bq - 1075;
        const uint64_t c = C_MIN | t;
        if (q < 0 && q > -53 && (c & ((1ull << -q) - 1)) == 0) /* an integer below 2^53 */
            return (size_t)(p - buf) + emit(p, c >> -q, 0);
        return (size_t)(p - buf) + to_decimal(p, q, c);
    }
    if (t == 0) {
        strcpy(p, "0");
        return (size_t)(p - buf) + 1;
    }
    /* The two smallest subnormals are too small for the scaled search (it would
     * give 4.9e-324 and 9.9e-324); their shortest forms are known. */
    if (t < C_TINY) {
        strcpy(p, t == 1 ? "5e-324" : "1e-323");
        return (size_t)(p - buf) + strlen(p);
    }
    return (size_t)(p - buf) + to_decimal(p, Q_MIN, t);
}

const char *cpi_fmt_double(char buf[CPI_FMT_DOUBLE_SIZE], double x)
{
    cpi_dtoa(x, buf);
    return buf;
}

/* SPDX-License-Identifier: MIT */
/* lib/base/u128.h - the few 128-bit unsigned operations the number
 * conversions need (lib/base/dtoa.c, lib/json/json_scan.c), not installed.
 *
 * Compilers for 64-bit targets have `unsigned __int128`; 32-bit targets do
 * not. Without it (or with CPI_NO_INT128 defined, which `make test` uses to
 * run the number tests on this code too) a pair of 64-bit halves does the
 * same arithmetic by hand, exactly: the results are identical bit for bit. */
#ifndef CAMPATH_U128_H
#define CAMPATH_U128_H

#include <stdint.h>

#if defined(__SIZEOF_INT128__) && !defined(CPI_NO_INT128)
#define CPI_HAVE_INT128 1
#else
#define CPI_HAVE_INT128 0
#endif

/* Number of significant bits of a 64-bit value (0 for 0). */
static inline int cpi_bits64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return x ? 64 - __builtin_clzll(x) : 0;
#else
    int n = 0;
    while (x) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

#if CPI_HAVE_INT128

__extension__ typedef unsigned __int128 cpi_u128;

static inline cpi_u128 cpi_u128_mul(uint64_t a, uint64_t b) { return (cpi_u128)a * b; }
static inline uint64_t cpi_u128_hi(cpi_u128 x) { return (uint64_t)(x >> 64); }
static inline uint64_t cpi_u128_lo(cpi_u128 x) { return (uint64_t)x; }
static inline cpi_u128 cpi_u128_from(uint64_t x) { return x; }
/* n in 0..127 */
static inline cpi_u128 cpi_u128_shl(cpi_u128 x, int n) { return x << n; }
static inline cpi_u128 cpi_u128_shr(cpi_u128 x, int n) { return x >> n; }
/* x / d and x % d for 0 < d < 2^63 */
static inline cpi_u128 cpi_u128_divmod(cpi_u128 x, uint64_t d, uint64_t *rem)
{
    *rem = (uint64_t)(x % d);
    return x / d;
}

#else

typedef struct cpi_u128 {
    uint64_t hi, lo;
} cpi_u128;

/* 64 x 64 -> 128 from four 32 x 32 -> 64 products. */
static inline cpi_u128 cpi_u128_mul(uint64_t a, uint64_t b)
{
    const uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    /* the middle column: at most 3 (2^32 - 1) < 2^34, so no carry is lost */
    const uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    cpi_u128 r;
    r.lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return r;
}
static inline uint64_t cpi_u128_hi(cpi_u128 x) { return x.hi; }
static inline uint64_t cpi_u128_lo(cpi_u128 x) { return x.lo; }
static inline cpi_u128 cpi_u128_from(uint64_t x)
{
    cpi_u128 r = {0, x};
    return r;
}
static inline cpi_u128 cpi_u128_shl(cpi_u128 x, int n)
{
    cpi_u128 r;
    if (n == 0)
        return x;
    if (n >= 64) {
        r.hi = x.lo << (n - 64);
        r.lo = 0;
    } else {
        r.hi = (x.hi << n) | (x.lo >> (64 - n));
        r.lo = x.lo << n;
    }
    return r;
}
static inline cpi_u128 cpi_u128_shr(cpi_u128 x, int n)
{
    cpi_u128 r;
    if (n == 0)
        return x;
    if (n >= 64) {
        r.lo = x.hi >> (n - 64);
        r.hi = 0;
    } else {
        r.lo = (x.lo >> n) | (x.hi << (64 - n));
        r.hi = x.hi >> n;
    }
    return r;
}
/* Long division one bit at a time: the remainder stays below d < 2^63, so
 * shifting it left never overflows 64 bits. */
static inline cpi_u128 cpi_u128_divmod(cpi_u128 x, uint64_t d, uint64_t *rem)
{
    cpi_u128 q = {0, 0};
    uint64_t r = 0;
    for (int i = 127; i >= 0; i--) {
        const uint64_t bit = i >= 64 ? (x.hi >> (i - 64)) & 1u : (x.lo >> i) & 1u;
        r = (r << 1) | bit;
        if (r >= d) {
            r -= d;
            if (i >= 64)
                q.hi |= (uint64_t)1 << (i - 64);
            else
                q.lo |= (uint64_t)1 << i;
        }
    }
    *rem = r;
    return q;
}

#endif

/* Number of significant bits of a 128-bit value. */
static inline int cpi_u128_bits(cpi_u128 x)
{
    const uint64_t hi = cpi_u128_hi(x);
    return hi ? 64 + cpi_bits64(hi) : cpi_bits64(cpi_u128_lo(x));
}

#endif /* CAMPATH_U128_H */

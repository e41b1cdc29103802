/* SPDX-License-Identifier: MIT */
/* lib/base/dtoa.h - shortest round-trip decimal for a double (not installed). */
#ifndef CAMPATH_DTOA_H
#define CAMPATH_DTOA_H

#include <stddef.h>
#include <stdint.h>

#define CPI_DTOA_K_MIN (-324)
#define CPI_DTOA_K_MAX 292

/* The scaled powers of ten, see lib/base/dtoa_table.c. */
extern const uint64_t cpi_dtoa_g[CPI_DTOA_K_MAX - CPI_DTOA_K_MIN + 1][2];

/* Longest text cpi_dtoa writes, NUL included ("-2.2250738585072014e-308"). */
#define CPI_DTOA_SIZE 32

/* Writes the shortest decimal that reads back to exactly x (ties go to the
 * digits nearest x), in JSON number syntax, without the locale: "60", "2.5",
 * "-0", "1e-7", "1.7976931348623157e+308". Non-finite values give "nan",
 * "inf", "-inf" (not JSON; callers reject them first). Returns the length. */
size_t cpi_dtoa(double x, char buf[CPI_DTOA_SIZE]);

#define CPI_FMT_DOUBLE_SIZE CPI_DTOA_SIZE

/* x as the shortest decimal that reads back to x, whatever the locale (for
 * messages: two values that differ never print the same). Returns buf. */
const char *cpi_fmt_double(char buf[CPI_FMT_DOUBLE_SIZE], double x);

#endif /* CAMPATH_DTOA_H */

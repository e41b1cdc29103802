/* SPDX-License-Identifier: MIT */
/* tests/unit/testutil.h - what every cmocka test here includes. */
#ifndef CAMPATH_TESTUTIL_H
#define CAMPATH_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "campath/campath.h"

/* |a - b| <= rel * max(|a|, |b|, scale): a relative tolerance that falls back
 * to an absolute one (rel * scale) near zero. Fails with both values shown. */
#define assert_near(a, b, rel, scale) testutil_assert_near((a), (b), (rel), (scale), #a, #b, __FILE__, __LINE__)
void testutil_assert_near(double a, double b, double rel, double scale, const char *ea, const char *eb,
                          const char *file, int line);

/* A deterministic generator (xorshift64*) for reproducible random tests. */
typedef struct testutil_rng { uint64_t state; } testutil_rng;
double testutil_uniform(testutil_rng *rng, double lo, double hi);
/* A random unit quaternion (uniform on S3). */
cp_quat testutil_random_quat(testutil_rng *rng);

/* A temporary folder for the test, created fresh (mkdtemp; on Windows in
 * %TEMP%, '/'-separated); the caller removes it with testutil_rmtree.
 * Returns a malloc'd path. */
char *testutil_tempdir(void);
void testutil_rmtree(const char *dir);

/* What the tests ask of the system, on POSIX and on Windows (where names
 * are UTF-8, as the library takes them): rename over an existing file
 * (POSIX rename; MoveFileExW), fopen (_wfopen), a new folder, an
 * environment variable set (value NULL: removed). 0 on success where there
 * is a result. */
int testutil_rename(const char *from, const char *to);
FILE *testutil_fopen(const char *file, const char *mode);
int testutil_mkdir(const char *dir);
void testutil_setenv(const char *name, const char *value);
/* A file of `size` bytes, made (or cut) to that size without writing them. */
int testutil_truncate(const char *file, long long size);

/* Writes `text` to `file` (not atomically: tests use this to play a careless
 * editor). 0 on success. */
int testutil_write_file(const char *file, const char *text);
/* The whole of `file` (malloc'd, a NUL after its bytes), its size in *size;
 * NULL if it cannot be read. */
char *testutil_read_file(const char *file, size_t *size);

/* Seconds on a monotonic clock, and a sleep of about `seconds`: for loops
 * that wait for something, bounded in time (and not busy). */
double testutil_now(void);
void testutil_nap(double seconds);

/* A hang taken for a failure: unless testutil_hang_clear comes first, after
 * `seconds` the process ends (exit status 1) with one line naming `what`
 * (kept, not copied) and, when `trial` is not NULL, the value *trial then
 * holds (SIGALRM on POSIX, a timer-queue timer on Windows). One guard at a
 * time; a new one replaces the last. */
void testutil_hang_guard(const char *what, unsigned seconds, const volatile int *trial);
void testutil_hang_clear(void);

/* Calls fn(file, ctx) with "dir/name" for every entry of `dir` whose name
 * does not start with '.' and ends with `suffix` (NULL: any), in the order
 * the folder lists them; returns how many. A folder that cannot be opened
 * fails the test. */
size_t testutil_each_file(const char *dir, const char *suffix, void (*fn)(const char *file, void *ctx), void *ctx);
/* Calls fn on every file of `dir` (as testutil_each_file picks them), whole
 * and then cut short by 1 to `cuts` bytes from the end: a fuzz target's
 * corpus replayed. Returns how many files. */
size_t testutil_replay(const char *dir, const char *suffix, size_t cuts, int (*fn)(const uint8_t *, size_t));

#endif /* CAMPATH_TESTUTIL_H */

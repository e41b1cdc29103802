/* SPDX-License-Identifier: MIT */
/* lib/base/os_sys_posix.c - the clock, sleeping, strtod in the "C" locale
 * and huge-page arrays on POSIX systems (lib/base/os.h). */
#if !defined(_WIN32)
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "base.h"

long long cpi_clock_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

void cpi_sleep_ms(int ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0) {
    }
}

/* The "C" locale for this thread only, so that a program running under a
 * comma-decimal locale reads the same numbers (no global state). */
int cpi_strtod_c(const cp_allocator *alloc, const char *text, size_t len, double *out)
{
    char small[64];
    char *buf = len < sizeof small ? small : cpi_alloc(alloc, len + 1);
    if (!buf)
        return -1;
    memcpy(buf, text, len);
    buf[len] = '\0';
    locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    locale_t old = c ? uselocale(c) : (locale_t)0;
    *out = strtod(buf, NULL);
    if (c) {
        uselocale(old);
        freelocale(c);
    }
    if (buf != small)
        cpi_free(alloc, buf);
    return 0;
}

bool cpi_huge_alloc(size_t total, void **p)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    /* Arrays of a million keys span hundreds of megabytes; faulting them in
     * 4 KiB pages costs more than computing them. Ask for huge pages where
     * the kernel offers them on request (transparent huge pages, "madvise"
     * mode). Only a hint: without it the memory is simply used as is. */
    const size_t huge = (size_t)2 << 20;
    if (total >= huge) {
        *p = NULL;
        if (posix_memalign(p, huge, total) != 0)
            *p = NULL;
        else
            (void)madvise(*p, total & ~(huge - 1), MADV_HUGEPAGE);
        return true;
    }
#endif
    (void)total, (void)p;
    return false;
}

#else
typedef int cpi_os_sys_posix_not_built; /* ISO C wants something in every file */
#endif

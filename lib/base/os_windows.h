/* SPDX-License-Identifier: MIT */
/* lib/base/os_windows.h - what the Windows files of the platform interface
 * share (lib/base/os.h): UTF-8 names as UTF-16 names for the
 * wide-character API, and system errors in English. Included only by the
 * os_*_windows.c files. */
#ifndef CAMPATH_OS_WINDOWS_H
#define CAMPATH_OS_WINDOWS_H
#if defined(_WIN32)

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

/* A file name for the wide-character API: UTF-16, NUL-terminated. Names
 * live on the stack, as POSIX code keeps them in PATH_MAX buffers, so that
 * no file operation fails for want of memory for a name. */
typedef struct cpi_wname {
    wchar_t w[CPI_PATH_MAX];
} cpi_wname;

/* The UTF-8 name as a UTF-16 name in *out, with '/' as it is (the API
 * takes both separators). A long name (near MAX_PATH and over) is made
 * absolute and given the "\\?\" prefix, which lifts MAX_PATH. 0, or why
 * not: ERROR_NO_UNICODE_TRANSLATION (not UTF-8), ERROR_FILENAME_EXCED_RANGE. */
DWORD cpi_win_wide(const char *name, cpi_wname *out);

/* `n` UTF-16 units of `w` (n < 0: up to its NUL) as UTF-8 into `out`
 * (room for `size` bytes, NUL-terminated). false if it does not fit. */
bool cpi_win_utf8(const wchar_t *w, int n, char *out, size_t size);

/* A message for the system error `code` (GetLastError), in English
 * whatever the system's language ("not found", "another program has it
 * open"), written into buf or a constant. */
const char *cpi_win_error_text(DWORD code, char buf[64]);

/* 100 ns ticks since 1601 (FILETIME) as nanoseconds since 1970. */
long long cpi_win_time_ns(FILETIME t);

#endif
#endif /* CAMPATH_OS_WINDOWS_H */

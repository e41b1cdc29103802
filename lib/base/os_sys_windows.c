/* SPDX-License-Identifier: MIT */
/* lib/base/os_sys_windows.c - on Windows: the clock, sleeping, strtod in
 * the "C" locale, large arrays, and what the other Windows files share:
 * names to UTF-16 and system errors in English (lib/base/os.h,
 * lib/base/os_windows.h). */
#if defined(_WIN32)
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "base.h"
#include "os_windows.h"

/* FILETIME counts 100 ns ticks from 1601; this many of them lie before 1970. */
#define TICKS_1601_TO_1970 116444736000000000LL

long long cpi_win_time_ns(FILETIME t)
{
    const long long ticks = (long long)(((unsigned long long)t.dwHighDateTime << 32) | t.dwLowDateTime);
    return (ticks - TICKS_1601_TO_1970) * 100;
}

long long cpi_clock_ns(void)
{
    FILETIME t;
    GetSystemTimePreciseAsFileTime(&t);
    return cpi_win_time_ns(t);
}

void cpi_sleep_ms(int ms) { Sleep(ms > 0 ? (DWORD)ms : 0); }

int cpi_strtod_c(const cp_allocator *alloc, const char *text, size_t len, double *out)
{
#if defined(__MINGW32__) && !defined(_UCRT)
    /* MinGW-w64's own C99 strtod is correctly rounded (the old msvcrt.dll's
     * is not), but it reads the decimal point of the program's locale: the
     * number is spelled with that one */
    const char *point = localeconv()->decimal_point;
#else
    const char *point = ".";
#endif
    const size_t pn = strlen(point);
    char small[64];
    char *buf = len + pn < sizeof small ? small : cpi_alloc(alloc, len + pn + 1);
    if (!buf)
        return -1;
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '.') {
            memcpy(buf + n, point, pn);
            n += pn;
        } else {
            buf[n++] = text[i];
        }
    }
    buf[n] = '\0';
#if defined(__MINGW32__) && !defined(_UCRT)
    *out = __mingw_strtod(buf, NULL);
#else
    /* the Universal C runtime's strtod is correctly rounded; a "C" locale
     * object of its own leaves the program's locale alone */
    _locale_t c = _create_locale(LC_NUMERIC, "C");
    *out = c ? _strtod_l(buf, NULL, c) : strtod(buf, NULL);
    if (c)
        _free_locale(c);
#endif
    if (buf != small)
        cpi_free(alloc, buf);
    return 0;
}

/* Large pages on Windows need a privilege few users have: plain malloc. */
bool cpi_huge_alloc(size_t total, void **p)
{
    (void)total, (void)p;
    return false;
}

/* ---- names and errors ------------------------------------------------------------------------- */

/* Names this long (in UTF-16 units) and longer take the "\\?\" prefix:
 * CreateDirectoryW's limit is MAX_PATH minus room for an 8.3 name. */
#define LONG_NAME (MAX_PATH - 12)

DWORD cpi_win_wide(const char *name, cpi_wname *out)
{
    const int cap = (int)(sizeof out->w / sizeof out->w[0]);
    int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, name, -1, out->w, cap);
    if (n <= 0)
        return GetLastError() == ERROR_INSUFFICIENT_BUFFER ? ERROR_FILENAME_EXCED_RANGE : ERROR_NO_UNICODE_TRANSLATION;
    if (n - 1 < LONG_NAME || wcsncmp(out->w, L"\\\\?\\", 4) == 0)
        return 0;
    /* made absolute, with the prefix: \\?\C:\... or \\?\UNC\server\share\... */
    cpi_wname full;
    DWORD f = GetFullPathNameW(out->w, (DWORD)cap, full.w, NULL);
    if (f == 0 || f >= (DWORD)cap)
        return ERROR_FILENAME_EXCED_RANGE;
    const int unc = wcsncmp(full.w, L"\\\\", 2) == 0;
    const wchar_t *prefix = unc ? L"\\\\?\\UNC" : L"\\\\?\\";
    const wchar_t *rest = unc ? full.w + 1 : full.w;
    const size_t pn = wcslen(prefix), rn = wcslen(rest);
    if (pn + rn + 1 > (size_t)cap)
        return ERROR_FILENAME_EXCED_RANGE;
    wmemcpy(out->w, prefix, pn);
    wmemcpy(out->w + pn, rest, rn + 1);
    return 0;
}

bool cpi_win_utf8(const wchar_t *w, int n, char *out, size_t size)
{
    if (size == 0)
        return false;
    const int cap = size - 1 > INT32_MAX ? INT32_MAX : (int)(size - 1);
    int len = n == 0 ? 0 : WideCharToMultiByte(CP_UTF8, 0, w, n, out, cap, NULL, NULL);
    if (len == 0 && n != 0)
        return false; /* too long for out */
    if (n < 0)
        len--; /* the count included the NUL */
    out[len] = '\0';
    return true;
}

const char *cpi_win_error_text(DWORD code, char buf[64])
{
    switch (code) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND: return "not found";
    case ERROR_ACCESS_DENIED: return "permission denied";
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
    case ERROR_USER_MAPPED_FILE: return "another program has it open";
    case ERROR_INVALID_NAME:
    case ERROR_BAD_PATHNAME: return "not a valid file name";
    case ERROR_DIRECTORY: return "a part of the path is not a folder";
    case ERROR_FILENAME_EXCED_RANGE: return "name too long";
    case ERROR_CANT_RESOLVE_FILENAME: return "too many symbolic links";
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL: return "no space left on the device";
    case ERROR_WRITE_PROTECT: return "read-only medium";
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY: return "out of memory";
    case ERROR_TOO_MANY_OPEN_FILES: return "too many open files";
    case ERROR_NOT_SAME_DEVICE: return "on another drive";
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS: return "already exists";
    case ERROR_NO_UNICODE_TRANSLATION: return "the name is not valid UTF-8";
    case ERROR_CRC:
    case ERROR_READ_FAULT:
    case ERROR_WRITE_FAULT:
    case ERROR_IO_DEVICE: return "input/output error";
    case ERROR_NOT_READY:
    case ERROR_DEV_NOT_EXIST:
    case ERROR_BAD_NETPATH:
    case ERROR_NETNAME_DELETED: return "the drive or network share is not there";
    default: snprintf(buf, 64, "system error %lu", (unsigned long)code); return buf;
    }
}

#else
typedef int cpi_os_sys_windows_not_built; /* ISO C wants something in every file */
#endif

/* SPDX-License-Identifier: MIT */
/* tests/unit/testutil.c - helpers shared by the tests, and the little they
 * ask of the system, on POSIX and on Windows (the Windows build runs them
 * under Wine). */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <ftw.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#endif

#include "testutil.h"

void testutil_assert_near(double a, double b, double rel, double scale, const char *ea, const char *eb,
                          const char *file, int line)
{
    double m = fmax(fmax(fabs(a), fabs(b)), scale);
    if (!(fabs(a - b) <= rel * m)) {
        print_error("%s = %.17g\n%s = %.17g\ndiffer by %.3g (allowed %.3g)\n", ea, a, eb, b, fabs(a - b), rel * m);
        _fail(file, line);
    }
}

static uint64_t next(testutil_rng *rng)
{
    uint64_t x = rng->state ? rng->state : 0x9E3779B97F4A7C15ull;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng->state = x;
    return x * 0x2545F4914F6CDD1Dull;
}

double testutil_uniform(testutil_rng *rng, double lo, double hi)
{
    return lo + (hi - lo) * ((double)(next(rng) >> 11) * 0x1.0p-53);
}

cp_quat testutil_random_quat(testutil_rng *rng)
{
    /* Shoemake's method: uniform on S3 from three uniforms */
    double u1 = testutil_uniform(rng, 0, 1), u2 = testutil_uniform(rng, 0, 2 * M_PI),
           u3 = testutil_uniform(rng, 0, 2 * M_PI);
    double a = sqrt(1 - u1), b = sqrt(u1);
    return cp_quat_make(a * sin(u2), a * cos(u2), b * sin(u3), b * cos(u3));
}

/* What the hang guard reports (set before it is armed, read when it fires). */
static const char *hang_what = "";
static unsigned hang_seconds;
static const volatile int *hang_trial;

static void hang_report(void)
{
    char msg[1200];
    int n;
    if (hang_trial)
        n = snprintf(msg, sizeof msg, "%s: no end in %u s (trial %d, -1: none): a hang\n", hang_what, hang_seconds,
                     (int)*hang_trial);
    else
        n = snprintf(msg, sizeof msg, "%s: no end in %u s: a hang\n", hang_what, hang_seconds);
    const size_t len = n < 0 ? 0 : (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1;
#ifdef _WIN32
    fwrite(msg, 1, len, stderr);
    fflush(stderr);
#else
    ssize_t rc = write(2, msg, len); /* from a signal handler: no stdio */
    (void)rc;
#endif
    _exit(1);
}

#ifndef _WIN32

char *testutil_tempdir(void)
{
    const char *base = getenv("TMPDIR");
    char tmpl[4096];
    snprintf(tmpl, sizeof tmpl, "%s/campath-test-XXXXXX", base && *base ? base : "/tmp");
    char *d = mkdtemp(tmpl);
    return d ? strdup(d) : NULL;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

void testutil_rmtree(const char *dir)
{
    if (dir)
        nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int testutil_rename(const char *from, const char *to) { return rename(from, to); }

int testutil_mkdir(const char *dir) { return mkdir(dir, 0755); }

int testutil_truncate(const char *file, long long size)
{
    FILE *f = fopen(file, "ab");
    if (!f || fclose(f) != 0)
        return -1;
    return truncate(file, (off_t)size);
}

void testutil_setenv(const char *name, const char *value)
{
    if (value)
        setenv(name, value, 1);
    else
        unsetenv(name);
}

double testutil_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void testutil_nap(double seconds)
{
    struct timespec t = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    nanosleep(&t, NULL);
}

static void on_hang(int sig)
{
    (void)sig;
    hang_report();
}

void testutil_hang_guard(const char *what, unsigned seconds, const volatile int *trial)
{
    hang_what = what;
    hang_seconds = seconds;
    hang_trial = trial;
    signal(SIGALRM, on_hang);
    alarm(seconds);
}

void testutil_hang_clear(void) { alarm(0); }

#else /* Windows */

/* UTF-8 to UTF-16 (free() it). */
static wchar_t *wide(const char *s)
{
    int n = MultiByteToWideChar(CP_UTF8, 0, s, -1, NULL, 0);
    wchar_t *w = n > 0 ? malloc((size_t)n * sizeof *w) : NULL;
    if (w)
        MultiByteToWideChar(CP_UTF8, 0, s, -1, w, n);
    return w;
}

char *testutil_tempdir(void)
{
    wchar_t base[MAX_PATH + 1];
    DWORD n = GetTempPathW(MAX_PATH + 1, base);
    if (n == 0 || n > MAX_PATH)
        return NULL;
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        wchar_t dir[MAX_PATH + 40];
        _snwprintf(dir, sizeof dir / sizeof dir[0], L"%lscampath-test-%08lx", base,
                   (unsigned long)(GetTickCount() * 2654435761u + GetCurrentProcessId() * 40503u + attempt));
        dir[sizeof dir / sizeof dir[0] - 1] = 0;
        if (CreateDirectoryW(dir, NULL)) {
            char *out = malloc(4 * wcslen(dir) + 1);
            if (out && WideCharToMultiByte(CP_UTF8, 0, dir, -1, out, (int)(4 * wcslen(dir) + 1), NULL, NULL) > 0) {
                for (char *p = out; *p; p++)
                    if (*p == '\\')
                        *p = '/'; /* names built with "%s/name" then read the same */
                return out;
            }
            free(out);
            return NULL;
        }
        if (GetLastError() != ERROR_ALREADY_EXISTS)
            return NULL;
    }
    return NULL;
}

static void remove_tree(const wchar_t *dir)
{
    size_t n = wcslen(dir);
    wchar_t *pattern = malloc((n + 3) * sizeof *pattern);
    if (!pattern)
        return;
    _snwprintf(pattern, n + 3, L"%ls\\*", dir);
    pattern[n + 2] = 0;
    WIN32_FIND_DATAW e;
    HANDLE h = FindFirstFileW(pattern, &e);
    free(pattern);
    if (h != INVALID_HANDLE_VALUE) {
        do {
            if (wcscmp(e.cFileName, L".") == 0 || wcscmp(e.cFileName, L"..") == 0)
                continue;
            size_t m = n + wcslen(e.cFileName) + 2;
            wchar_t *path = malloc(m * sizeof *path);
            if (!path)
                continue;
            _snwprintf(path, m, L"%ls\\%ls", dir, e.cFileName);
            path[m - 1] = 0;
            SetFileAttributesW(path, FILE_ATTRIBUTE_NORMAL); /* read-only files go too */
            const DWORD a = e.dwFileAttributes;
            if ((a & FILE_ATTRIBUTE_DIRECTORY) && !(a & FILE_ATTRIBUTE_REPARSE_POINT))
                remove_tree(path);
            else if (a & FILE_ATTRIBUTE_DIRECTORY)
                RemoveDirectoryW(path); /* a link to a folder: the link goes, not what it leads to */
            else
                DeleteFileW(path);
            free(path);
        } while (FindNextFileW(h, &e));
        FindClose(h);
    }
    RemoveDirectoryW(dir);
}

void testutil_rmtree(const char *dir)
{
    wchar_t *w = dir ? wide(dir) : NULL;
    if (w)
        remove_tree(w);
    free(w);
}

int testutil_rename(const char *from, const char *to)
{
    wchar_t *a = wide(from), *b = wide(to);
    int rc = a && b && MoveFileExW(a, b, MOVEFILE_REPLACE_EXISTING) ? 0 : -1;
    free(a);
    free(b);
    return rc;
}

int testutil_mkdir(const char *dir)
{
    wchar_t *w = wide(dir);
    int rc = w && CreateDirectoryW(w, NULL) ? 0 : -1;
    free(w);
    return rc;
}

int testutil_truncate(const char *file, long long size)
{
    wchar_t *w = wide(file);
    HANDLE h = INVALID_HANDLE_VALUE;
    if (w)
        h = CreateFileW(w, GENERIC_WRITE, 0, NULL, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
    free(w);
    if (h == INVALID_HANDLE_VALUE)
        return -1;
    LARGE_INTEGER at;
    at.QuadPart = size;
    /* the end moves; what lies before it is not written (NTFS keeps the valid data length) */
    int rc = SetFilePointerEx(h, at, NULL, FILE_BEGIN) && SetEndOfFile(h) ? 0 : -1;
    CloseHandle(h);
    return rc;
}

void testutil_setenv(const char *name, const char *value) { _putenv_s(name, value ? value : ""); }

double testutil_now(void)
{
    LARGE_INTEGER t, f;
    QueryPerformanceCounter(&t);
    QueryPerformanceFrequency(&f);
    return (double)t.QuadPart / (double)f.QuadPart;
}

void testutil_nap(double seconds) { Sleep(seconds > 0 ? (DWORD)(seconds * 1000 + 0.5) : 0); }

static HANDLE hang_timer;

static VOID CALLBACK on_hang(PVOID arg, BOOLEAN fired)
{
    (void)arg, (void)fired;
    hang_report();
}

void testutil_hang_guard(const char *what, unsigned seconds, const volatile int *trial)
{
    testutil_hang_clear();
    hang_what = what;
    hang_seconds = seconds;
    hang_trial = trial;
    if (!CreateTimerQueueTimer(&hang_timer, NULL, on_hang, NULL, (DWORD)seconds * 1000, 0, WT_EXECUTEONLYONCE))
        fail_msg("cannot start the timer that takes a hang for a failure (error %lu)", GetLastError());
}

void testutil_hang_clear(void)
{
    if (hang_timer) /* waits for a callback under way */
        DeleteTimerQueueTimer(NULL, hang_timer, INVALID_HANDLE_VALUE);
    hang_timer = NULL;
}

#endif

char *testutil_read_file(const char *file, size_t *size)
{
    FILE *f = testutil_fopen(file, "rb");
    char *data = NULL;
    size_t n = 0, cap = 0;
    while (f) {
        if (cap - n < 2) {
            char *more = realloc(data, cap = 2 * cap + 4096);
            if (!more)
                break;
            data = more;
        }
        size_t got = fread(data + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) {
            int failed = ferror(f);
            fclose(f);
            f = NULL;
            if (failed)
                break;
            data[n] = '\0';
            *size = n;
            return data;
        }
    }
    if (f)
        fclose(f);
    free(data);
    return NULL;
}

int testutil_write_file(const char *file, const char *text)
{
    FILE *f = testutil_fopen(file, "wb");
    if (!f)
        return -1;
    size_t n = strlen(text);
    int ok = fwrite(text, 1, n, f) == n;
    return (fclose(f) == 0 && ok) ? 0 : -1;
}

FILE *testutil_fopen(const char *file, const char *mode)
{
#ifdef _WIN32
    wchar_t *w = wide(file), *m = wide(mode);
    FILE *f = w && m ? _wfopen(w, m) : NULL;
    free(w);
    free(m);
    return f;
#else
    return fopen(file, mode);
#endif
}

size_t testutil_each_file(const char *dir, const char *suffix, void (*fn)(const char *file, void *ctx), void *ctx)
{
    DIR *d = opendir(dir);
    if (!d)
        fail_msg("cannot open the folder %s", dir);
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        const size_t len = strlen(e->d_name), slen = suffix ? strlen(suffix) : 0;
        if (e->d_name[0] == '.' || len < slen || (suffix && strcmp(e->d_name + len - slen, suffix) != 0))
            continue;
        char file[1024];
        snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
        fn(file, ctx);
        n++;
    }
    closedir(d);
    return n;
}

typedef struct replay_ctx {
    size_t cuts;
    int (*fn)(const uint8_t *, size_t);
} replay_ctx;

static void replay_one(const char *file, void *ctx)
{
    const replay_ctx *r = ctx;
    size_t size = 0;
    unsigned char *data = (unsigned char *)testutil_read_file(file, &size);
    if (!data)
        fail_msg("cannot read %s", file);
    for (size_t cut = 0; cut <= r->cuts && cut <= size; cut++)
        r->fn(data, size - cut);
    free(data);
}

size_t testutil_replay(const char *dir, const char *suffix, size_t cuts, int (*fn)(const uint8_t *, size_t))
{
    replay_ctx r = {cuts, fn};
    return testutil_each_file(dir, suffix, replay_one, &r);
}

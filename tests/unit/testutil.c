/* tests/unit/testutil.c - helpers shared by the tests. */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

char *testutil_read_file(const char *file, size_t *size)
{
    FILE *f = fopen(file, "rb");
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
    FILE *f = fopen(file, "wb");
    if (!f)
        return -1;
    size_t n = strlen(text);
    int ok = fwrite(text, 1, n, f) == n;
    return (fclose(f) == 0 && ok) ? 0 : -1;
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

size_t testutil_replay(const char *dir, const char *suffix, size_t cuts, int (*fn)(const uint8_t *, size_t))
{
    size_t n = 0;
    DIR *d = opendir(dir);
    assert_non_null(d);
    unsigned char *data = malloc(1 << 20);
    assert_non_null(data);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || (suffix && (len < strlen(suffix) || strcmp(e->d_name + len - strlen(suffix), suffix))))
            continue;
        char file[1024];
        snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
        FILE *f = fopen(file, "rb");
        assert_non_null(f);
        size_t size = fread(data, 1, 1 << 20, f);
        fclose(f);
        for (size_t cut = 0; cut <= cuts && cut <= size; cut++)
            fn(data, size - cut);
        n++;
    }
    free(data);
    closedir(d);
    return n;
}

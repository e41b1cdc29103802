/* SPDX-License-Identifier: MIT */
/* tests/windows/test_windows_files.c - what files are on Windows, where
 * test_files.c checks POSIX's: a save replaces the old file with
 * MoveFileExW and keeps its attributes and creation time; a save over a
 * file another program holds open fails, says so and leaves the old file
 * intact; read-only files, folders and devices are refused; names are UTF-8
 * (through the wide-character API), '\' separates folders, case does not
 * tell names apart, and long names pass MAX_PATH. Built and run (under
 * Wine) by `make check-windows` only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#include "testutil.h"

#define GOOD_DIR "tests/data/good"

/* UTF-8 to UTF-16, into a buffer of the test's. */
static const wchar_t *wide(const char *s, wchar_t *out, int size)
{
    assert_true(MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, out, size) > 0);
    return out;
}

static char *read_all(const char *file)
{
    FILE *f = testutil_fopen(file, "rb");
    if (!f)
        return NULL;
    char *s = calloc(1, 1 << 16);
    size_t n = fread(s, 1, (1 << 16) - 1, f);
    s[n] = '\0';
    fclose(f);
    return s;
}

/* How many entries `dir` holds: a save leaves no temporary file behind. */
static int entries(const char *dir)
{
    wchar_t w[MAX_PATH * 2];
    char pattern[MAX_PATH * 2];
    snprintf(pattern, sizeof pattern, "%s/*", dir);
    WIN32_FIND_DATAW e;
    HANDLE h = FindFirstFileW(wide(pattern, w, MAX_PATH * 2), &e);
    int n = 0;
    if (h != INVALID_HANDLE_VALUE) {
        do
            n += wcscmp(e.cFileName, L".") != 0 && wcscmp(e.cFileName, L"..") != 0;
        while (FindNextFileW(h, &e));
        FindClose(h);
    }
    return n;
}

/* Each test has a temporary folder and a path to save. */
typedef struct fixture {
    char    *dir;
    cp_path *path;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    cp_error err;
    if (!f || !(f->dir = testutil_tempdir()) || !(f->path = cp_path_load(GOOD_DIR "/minimal.json", &err)))
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    cp_path_destroy(f->path);
    testutil_rmtree(f->dir);
    free(f->dir);
    free(f);
    return 0;
}

/* `name` in the test's folder, into out (600 bytes). */
static char *in_dir(void **state, const char *name, char out[600])
{
    const fixture *f = *state;
    snprintf(out, 600, "%s/%s", f->dir, name);
    return out;
}

static void save_should_replace_and_keep_attributes_and_creation_time(void **state)
{
    fixture *f = *state;
    char file[600];
    wchar_t w[600];
    assert_int_equal(testutil_write_file(in_dir(state, "intro.json", file), "old"), 0);
    /* a hidden file, made "a year ago" */
    HANDLE h = CreateFileW(wide(file, w, 600), FILE_WRITE_ATTRIBUTES, 0, NULL, OPEN_EXISTING, 0, NULL);
    assert_true(h != INVALID_HANDLE_VALUE);
    FILETIME created = {0x12345600u, 0x01d80000u};
    assert_true(SetFileTime(h, &created, NULL, NULL));
    CloseHandle(h);
    assert_true(SetFileAttributesW(w, FILE_ATTRIBUTE_HIDDEN));
    WIN32_FILE_ATTRIBUTE_DATA d;
    assert_true(GetFileAttributesExW(w, GetFileExInfoStandard, &d));
    /* Wine on Linux cannot set a file's creation time: there it is not checked */
    const int keeps_creation = CompareFileTime(&d.ftCreationTime, &created) == 0;
    if (!keeps_creation)
        print_message("this file system does not keep creation times: their keeping is not checked\n");

    cp_error err;
    assert_int_equal(cp_path_save(f->path, file, &err), CP_OK);
    char *text = read_all(file);
    assert_non_null(strstr(text, "\"keys\""));
    free(text);
    assert_true(GetFileAttributesExW(w, GetFileExInfoStandard, &d));
    assert_true(d.dwFileAttributes & FILE_ATTRIBUTE_HIDDEN);
    if (keeps_creation)
        assert_int_equal(CompareFileTime(&d.ftCreationTime, &created), 0);
    assert_int_equal(entries(f->dir), 1);

    /* a first save makes an ordinary file */
    assert_int_equal(cp_path_save(f->path, in_dir(state, "new.json", file), &err), CP_OK);
    assert_false(GetFileAttributesW(wide(file, w, 600)) & FILE_ATTRIBUTE_HIDDEN);
    assert_int_equal(entries(f->dir), 2);
}

/* While another program has the file open (many hold a file they read
 * open; the C library's fopen does not even share its deletion) the file
 * cannot be replaced: the save fails with a message that says so and
 * leaves the old file as it was; once the file is let go, the save goes
 * through. */
static void save_should_fail_clearly_while_another_program_holds_the_file(void **state)
{
    fixture *f = *state;
    char file[600], want[800];
    wchar_t w[600];
    in_dir(state, "held.json", file);
    snprintf(want, sizeof want,
             "%s: cannot replace the file: another program has it open (close it there, then save again) (the old "
             "file is unchanged)",
             file);
    assert_int_equal(testutil_write_file(file, "the old file"), 0);
    cp_error err;
    static const DWORD shares[] = {FILE_SHARE_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE};
    for (int i = 0; i < 2; i++) {
        HANDLE h = CreateFileW(wide(file, w, 600), GENERIC_READ, shares[i], NULL, OPEN_EXISTING, 0, NULL);
        assert_true(h != INVALID_HANDLE_VALUE);
        cp_status rc = cp_path_save(f->path, file, &err);
        CloseHandle(h);
        if (rc == CP_OK) {
            /* a system that replaces a file open with FILE_SHARE_DELETE (POSIX rename semantics) */
            assert_int_equal(i, 1);
            assert_int_equal(testutil_write_file(file, "the old file"), 0);
            continue;
        }
        assert_int_equal(rc, CP_ERR_IO);
        assert_string_equal(err.message, want);
        char *text = read_all(file);
        assert_string_equal(text, "the old file");
        free(text);
        assert_int_equal(entries(f->dir), 1); /* no temporary file left */
    }
    assert_int_equal(cp_path_save(f->path, file, &err), CP_OK);
    char *text = read_all(file);
    assert_non_null(strstr(text, "\"keys\""));
    free(text);
}

static void save_should_refuse_read_only_files_folders_and_devices(void **state)
{
    fixture *f = *state;
    char file[600], want[800];
    wchar_t w[600];
    cp_error err;
    assert_int_equal(testutil_write_file(in_dir(state, "locked.json", file), "kept"), 0);
    assert_true(SetFileAttributesW(wide(file, w, 600), FILE_ATTRIBUTE_READONLY));
    assert_int_equal(cp_path_save(f->path, file, &err), CP_ERR_IO);
    snprintf(want, sizeof want, "%s: cannot save: it is read-only (clear its read-only attribute to save over it)",
             file);
    assert_string_equal(err.message, want);
    char *text = read_all(file);
    assert_string_equal(text, "kept");
    free(text);

    assert_int_equal(cp_path_save(f->path, f->dir, &err), CP_ERR_IO);
    snprintf(want, sizeof want, "%s: cannot save: is a folder", f->dir);
    assert_string_equal(err.message, want);
    assert_int_equal(cp_path_save(f->path, "NUL", &err), CP_ERR_IO);
    assert_string_equal(err.message,
                        "NUL: cannot save: it is a device; saving replaces a file, so only regular files are saved to");
    assert_null(cp_path_load("NUL", &err));
    assert_string_equal(err.message, "NUL: not a regular file");
    assert_null(cp_path_load(f->dir, &err));
    snprintf(want, sizeof want, "%s: is a folder, not a file", f->dir);
    assert_string_equal(err.message, want);
}

/* Names are UTF-8 in the API and UTF-16 on disk; '\' and '/' both separate
 * folders. */
static void names_should_be_utf8_with_either_separator(void **state)
{
    fixture *f = *state;
    char file[600], back[600];
    wchar_t w[600];
    cp_error err;
    /* "Kamerafahrt Übersicht 日本.json" */
    in_dir(state, "Kamerafahrt \xc3\x9c" "bersicht \xe6\x97\xa5\xe6\x9c\xac.json", file);
    assert_int_equal(cp_path_save(f->path, file, &err), CP_OK);
    /* the name on disk is the UTF-16 of the UTF-8 name */
    assert_true(GetFileAttributesW(wide(file, w, 600)) != INVALID_FILE_ATTRIBUTES);
    snprintf(back, sizeof back, "%s", file);
    for (char *c = back; *c; c++)
        if (*c == '/')
            *c = '\\';
    cp_path *q = cp_path_load(back, &err);
    if (!q)
        fail_msg("%s", err.message);
    assert_int_equal(cp_path_key_count(q), cp_path_key_count(f->path));
    cp_path_destroy(q);
    /* not UTF-8: said so, nothing made */
    assert_int_equal(cp_path_save(f->path, in_dir(state, "\xff.json", file), &err), CP_ERR_IO);
    assert_non_null(strstr(err.message, ": cannot save: the name is not valid UTF-8"));
    assert_int_equal(entries(f->dir), 1);

    /* a glTF file's buffer next to it, found through a '\'-separated name */
    assert_non_null(q = cp_gltf_import("tests\\data\\gltf\\external_buffer.gltf", NULL, NULL, &err));
    cp_path_destroy(q);
}

/* Past MAX_PATH (260 UTF-16 units), which the library's names cross with
 * the "\\?\" prefix. */
static void names_should_pass_max_path(void **state)
{
    fixture *f = *state;
    char deep[1200];
    snprintf(deep, sizeof deep, "%s", f->dir);
    for (int i = 0; strlen(deep) < 300; i++) {
        snprintf(deep + strlen(deep), sizeof deep - strlen(deep), "/folder-with-a-long-name-%02d", i);
        wchar_t w[1200];
        wchar_t l[1300] = L"\\\\?\\";
        wide(deep, w, 1200);
        assert_true(GetFullPathNameW(w, 1200, l + 4, NULL) > 0);
        assert_true(CreateDirectoryW(l, NULL));
    }
    snprintf(deep + strlen(deep), sizeof deep - strlen(deep), "/intro.json");
    assert_true(strlen(deep) > MAX_PATH);
    cp_path *q;
    cp_error err;
    assert_int_equal(cp_path_save(f->path, deep, &err), CP_OK);
    assert_non_null(q = cp_path_load(deep, &err));
    cp_path_destroy(q);
}

/* Hot reload with ReadDirectoryChangesW on a '\'-separated name given in
 * another case than the file's (Windows compares names ignoring case): the
 * save is seen, by rename and in place, and cp_library_wait wakes for it. */
static void reload_should_follow_a_file_named_in_another_case(void **state)
{
    fixture *f = *state;
    char file[600], other[600];
    in_dir(state, "intro.json", file);
    snprintf(other, sizeof other, "%s\\INTRO.JSON", f->dir);
    cp_error err;
    assert_int_equal(cp_path_save(f->path, file, &err), CP_OK);
    cp_library *lib = cp_library_create(&err);
    assert_string_equal(cp_library_watch_method(lib), "ReadDirectoryChangesW");
    cp_resource *res = cp_library_open(lib, other, &err);
    assert_non_null(res);
    assert_ptr_equal(cp_library_open(lib, file, &err), res); /* the same file */
    for (int gen = 2; gen <= 3; gen++) {
        char text[200]; /* another first position: another path */
        snprintf(text, sizeof text,
                 "{\"campath\": 1, \"keys\": [{\"t\": 0, \"position\": [%d, 0, 0], \"rotation\": [0, 0, 0, 1]},\r\n"
                 "{\"t\": 1, \"position\": [9, 0, 0], \"rotation\": [0, 0, 0, 1]}]}\r\n",
                 gen);
        if (gen == 2) /* saved by rename, then written in place */
            assert_int_equal(cp_write_file_atomic(file, text, strlen(text), &err), CP_OK);
        else
            assert_int_equal(testutil_write_file(file, text), 0);
        /* the system tells of the change: no stat polling here */
        assert_true(cp_library_wait(lib, 5000));
        double end = testutil_now() + 5;
        while (cp_resource_generation(res) < (unsigned long)gen && testutil_now() < end) {
            cp_library_wait(lib, 100);
            cp_library_poll(lib);
        }
        if (cp_resource_generation(res) != (unsigned long)gen)
            fail_msg("generation %lu, expected %d (%s)", cp_resource_generation(res), gen,
                     cp_resource_error(res) ? cp_resource_error(res) : "no error");
    }
    cp_library_destroy(lib);
}

#define TEST(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        TEST(save_should_replace_and_keep_attributes_and_creation_time),
        TEST(save_should_fail_clearly_while_another_program_holds_the_file),
        TEST(save_should_refuse_read_only_files_folders_and_devices),
        TEST(names_should_be_utf8_with_either_separator),
        TEST(names_should_pass_max_path),
        TEST(reload_should_follow_a_file_named_in_another_case),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

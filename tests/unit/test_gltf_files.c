/* SPDX-License-Identifier: MIT */
/* tests/unit/test_gltf_files.c - glTF files on disk: binary .glb export and
 * import (glTF 2.0 section 4.4), truncated containers, and buffer URIs that
 * try to read outside the glTF's folder, name a FIFO, or name nothing. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <sys/stat.h>
#include <unistd.h>
#endif

#include "testutil.h"

#define DATA "tests/data/gltf/"

static char *read_file(const char *file, size_t *size)
{
    FILE *f = fopen(file, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    assert_non_null(s);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = '\0';
    fclose(f);
    *size = (size_t)n;
    return s;
}

static void write_bytes(const char *file, const void *data, size_t size)
{
    FILE *f = fopen(file, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    assert_int_equal(fclose(f), 0);
}

static uint32_t u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static cp_path *demo_path(void)
{
    static const char text[] =
        "{ \"campath\": 1, \"name\": \"glb\", \"interpolation\": { \"position\": \"c2\", \"rotation\": \"c2\", "
        "\"fov\": \"c2\" }, \"ends\": \"closed\", \"period\": 7.5, \"odd\": 0.30000000000000004, \"keys\": [\n"
        "{ \"t\": 0, \"position\": [0, 2, 10], \"rotation\": [0, 0, 0, 1], \"fov\": 60 },\n"
        "{ \"t\": 1, \"position\": [4, 3, 6], \"rotation\": [0, 0.25881904510252074, 0, 0.96592582628906831], "
        "\"fov\": 55, \"big\": 12345678901234567890123 },\n"
        "{ \"t\": 2.5, \"position\": [6, 2, 0], \"rotation\": [0, 0.60876142900872066, 0, 0.79335334029123517], "
        "\"fov\": 50 },\n"
        "{ \"t\": 4.2, \"position\": [0, 1, -4], \"rotation\": [0, 0.98480775301220802, 0, 0.17364817766693041], "
        "\"fov\": 70 } ] }";
    cp_error err;
    cp_path *p = cp_path_load_memory(text, strlen(text), "demo.json", &err);
    if (!p)
        print_error("%s\n", err.message);
    assert_non_null(p);
    return p;
}

/* ---- GLB ------------------------------------------------------------------------------------ */

static void glb_export_should_write_the_binary_container(void **state)
{
    (void)state;
    cp_path *p = demo_path();
    cp_error err;
    size_t size = 0, text_size = 0;
    unsigned char *glb = cp_gltf_export_glb_memory(p, NULL, &size, &err);
    char *text = cp_gltf_export_memory(p, NULL, &text_size, &err);
    assert_non_null(glb);
    assert_non_null(text);
    /* header: magic, version 2, total length */
    assert_true(size >= 28 && size % 4 == 0);
    assert_memory_equal(glb, "glTF", 4);
    assert_int_equal(u32(glb + 4), 2);
    assert_int_equal(u32(glb + 8), size);
    /* the JSON chunk, padded with spaces to 4 bytes */
    const size_t jlen = u32(glb + 12);
    assert_int_equal(jlen % 4, 0);
    assert_memory_equal(glb + 16, "JSON", 4);
    const char *json = (const char *)glb + 20;
    size_t end = jlen;
    while (end > 0 && json[end - 1] == ' ')
        end--;
    assert_true(jlen - end < 4);
    assert_null(memchr(json, '\0', jlen));
    assert_null(strstr(json, "\"uri\"")); /* the buffer is the BIN chunk */
    /* the BIN chunk: the float data the .gltf holds in base64 */
    const unsigned char *bin = glb + 20 + jlen;
    const size_t blen = u32(bin);
    assert_int_equal(blen % 4, 0);
    assert_memory_equal(bin + 4, "BIN\0", 4);
    assert_int_equal(20 + jlen + 8 + blen, size);
    cp_path *q = cp_gltf_import_memory(glb, size, "x.glb", NULL, NULL, &err);
    assert_non_null(q);
    /* the same animation as the .gltf: import both from the float data and compare */
    cp_gltf_import_options io = {.ignore_extras = 1};
    cp_path *a = cp_gltf_import_memory(glb, size, "x.glb", &io, NULL, &err);
    cp_path *b = cp_gltf_import_memory(text, text_size, "x.gltf", &io, NULL, &err);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(cp_path_key_count(a), cp_path_key_count(b));
    assert_memory_equal(cp_path_keys(a), cp_path_keys(b), cp_path_key_count(a) * sizeof(cp_key));
    cp_path_destroy(a);
    cp_path_destroy(b);
    cp_path_destroy(q);
    free(text);
    free(glb);
    cp_path_destroy(p);
}

/* cp_gltf_export picks the container by the extension; import reads it
 * back losslessly: the path file text is the same, byte for byte. */
static void glb_file_should_round_trip_losslessly(void **state)
{
    (void)state;
    char *dir = testutil_tempdir();
    cp_path *p = demo_path();
    cp_error err;
    char file[512];
    static const char *const names[] = {"out.glb", "OUT.GLB", "out.gltf"};
    for (int i = 0; i < 3; i++) {
        snprintf(file, sizeof file, "%s/%s", dir, names[i]);
        assert_int_equal(cp_gltf_export(p, file, NULL, &err), CP_OK);
        size_t size;
        char *bytes = read_file(file, &size);
        assert_int_equal(memcmp(bytes, "glTF", 4) == 0, i < 2);
        free(bytes);
        cp_gltf_import_report rep;
        cp_path *q = cp_gltf_import(file, NULL, &rep, &err);
        if (!q)
            print_error("%s\n", err.message);
        assert_non_null(q);
        assert_int_equal(rep.source, CP_GLTF_IMPORT_EXACT);
        char *a = cp_path_save_memory(p, NULL, &err), *b = cp_path_save_memory(q, NULL, &err);
        assert_string_equal(a, b);
        free(a);
        free(b);
        cp_path_destroy(q);
    }
    cp_path_destroy(p);
    testutil_rmtree(dir);
    free(dir);
}

/* A container cut anywhere says that it is truncated and where. */
static void truncated_glb_should_say_where(void **state)
{
    (void)state;
    cp_path *p = demo_path();
    cp_error err;
    size_t size;
    unsigned char *glb = cp_gltf_export_glb_memory(p, NULL, &size, &err);
    assert_non_null(glb);
    const size_t jlen = u32(glb + 12), bin_at = 20 + jlen;
    char want[200];
    for (size_t cut = 4; cut < size; cut++) {
        assert_null(cp_gltf_import_memory(glb, cut, "cut.glb", NULL, NULL, &err));
        assert_int_equal(err.code, CP_ERR_SYNTAX);
        if (cut < 12)
            snprintf(want, sizeof want, "cut.glb: truncated GLB: the file ends at byte %zu, inside the 12-byte header",
                     cut);
        else
            snprintf(want, sizeof want,
                     "cut.glb: truncated GLB: the header gives a length of %zu bytes, but the file ends at byte %zu",
                     size, cut);
        if (strcmp(err.message, want) != 0)
            print_error("cut at %zu: %s\n", cut, err.message);
        assert_string_equal(err.message, want);
    }
    /* the lengths inside the file disagree: each chunk is named with its offset */
    unsigned char *bad = malloc(size);
    memcpy(bad, glb, size);
    bad[8] = 24, bad[9] = bad[10] = bad[11] = 0; /* total 24 bytes: the JSON chunk runs past it */
    assert_null(cp_gltf_import_memory(bad, size, "short.glb", NULL, NULL, &err));
    snprintf(want, sizeof want,
             "short.glb: truncated GLB: the JSON chunk at byte 12 holds %zu bytes, but the file ends at byte 24", jlen);
    assert_string_equal(err.message, want);
    memcpy(bad, glb, size);
    bad[bin_at] = 0xff, bad[bin_at + 1] = 0xff; /* the BIN chunk claims more than there is */
    assert_null(cp_gltf_import_memory(bad, size, "long.glb", NULL, NULL, &err));
    assert_non_null(strstr(err.message, "long.glb: truncated GLB: the binary chunk at byte "));
    memcpy(bad, glb, size);
    bad[4] = 1; /* a GLB of another version */
    assert_null(cp_gltf_import_memory(bad, size, "v1.glb", NULL, NULL, &err));
    assert_int_equal(err.code, CP_ERR_UNSUPPORTED);
    assert_string_equal(err.message, "v1.glb: not a glTF 2.0 binary file (GLB version 1)");
    free(bad);
    free(glb);
    cp_path_destroy(p);
}

/* ---- buffer URIs -------------------------------------------------------------------------------------- */

/* A folder with `sub/cam.gltf` (external_buffer.gltf with its uri replaced
 * by `uri`), `sub/frames.bin`, and a valid buffer outside: `secret.bin`. */
typedef struct fixture {
    char *dir;
    char  sub[600], gltf[700], secret[700];
} fixture;

static void make_fixture(fixture *f, const char *uri)
{
    f->dir = testutil_tempdir();
    snprintf(f->sub, sizeof f->sub, "%s/sub", f->dir);
    snprintf(f->gltf, sizeof f->gltf, "%s/cam.gltf", f->sub);
    snprintf(f->secret, sizeof f->secret, "%s/secret.bin", f->dir);
    assert_int_equal(testutil_mkdir(f->sub), 0);
    size_t n, nb;
    char *text = read_file(DATA "external_buffer.gltf", &n);
    char *bin = read_file(DATA "frames.bin", &nb);
    char *at = strstr(text, "\"frames.bin\"");
    assert_non_null(at);
    FILE *out = fopen(f->gltf, "wb");
    assert_non_null(out);
    fprintf(out, "%.*s\"%s\"%s", (int)(at - text), text, uri, at + strlen("\"frames.bin\""));
    assert_int_equal(fclose(out), 0);
    char file[800];
    snprintf(file, sizeof file, "%s/frames.bin", f->sub);
    write_bytes(file, bin, nb);
    write_bytes(f->secret, bin, nb);
    free(bin);
    free(text);
}

static void free_fixture(fixture *f)
{
    testutil_rmtree(f->dir);
    free(f->dir);
}

static void in_sub(const fixture *f, const char *name, char *out, size_t size)
{
    snprintf(out, size, "%s/%s", f->sub, name);
}

/* Imports with `uri` (where "DIR/" stands for the fixture's folder) and
 * expects failure with the message `want` after the file's name, or success
 * when want is NULL. `setup` runs on the fixture first. */
static void check_uri(const char *uri, const char *want, void (*setup)(const fixture *))
{
    fixture f;
    char u[700];
    make_fixture(&f, "frames.bin");
    const char *d = strstr(uri, "DIR/");
    if (d)
        snprintf(u, sizeof u, "%.*s%s%s", (int)(d - uri), uri, f.dir, d + 3);
    else
        snprintf(u, sizeof u, "%s", uri);
    free_fixture(&f);
    make_fixture(&f, u);
    if (setup)
        setup(&f);
    cp_error err = {0};
#ifndef _WIN32
    alarm(20); /* a hang (a FIFO read without O_NONBLOCK) fails the test instead of stopping it */
#endif
    cp_path *p = cp_gltf_import(f.gltf, NULL, NULL, &err);
#ifndef _WIN32
    alarm(0);
#endif
    if (want) {
        char full[1600];
        snprintf(full, sizeof full, "%s: buffers[0].uri '%s': %s", f.gltf, u, want);
        if (p || strcmp(err.message, full) != 0)
            print_error("uri '%s': %s\nexpected: %s\n", u, p ? "imported" : err.message, full);
        assert_null(p);
        assert_int_equal(err.code, CP_ERR_IO);
        assert_string_equal(err.message, full);
    } else {
        if (!p)
            print_error("uri '%s': %s\n", u, err.message);
        assert_non_null(p);
        cp_path_destroy(p);
    }
    free_fixture(&f);
}

#define OUTSIDE "refers to a file outside the folder of the glTF file; only files in that folder are read"
#define SCHEME "only relative URIs (files in the folder of the glTF file) and data URIs are read"
#define LINKED "is a symbolic link that does not lead to a file in the folder of the glTF file; only files in that " \
               "folder are read"

/* Symbolic links and FIFOs are POSIX's here (Windows' links need a
 * privilege to make, and it has no FIFOs). */
#ifndef _WIN32
static void link_outside(const fixture *f)
{
    char link[800];
    in_sub(f, "link.bin", link, sizeof link);
    assert_int_equal(symlink(f->secret, link), 0);
}

static void link_outside_to_nothing(const fixture *f)
{
    char link[800];
    in_sub(f, "link.bin", link, sizeof link);
    assert_int_equal(symlink("../nothing.bin", link), 0);
}

static void link_folder_outside(const fixture *f)
{
    char link[800];
    in_sub(f, "up", link, sizeof link);
    assert_int_equal(symlink("..", link), 0);
}

static void link_inside(const fixture *f)
{
    char link[800];
    in_sub(f, "alias.bin", link, sizeof link);
    assert_int_equal(symlink("frames.bin", link), 0);
}

static void make_fifo(const fixture *f)
{
    char fifo[800];
    in_sub(f, "fifo.bin", fifo, sizeof fifo);
    assert_int_equal(mkfifo(fifo, 0644), 0);
}
#endif

static void sub_folder(const fixture *f)
{
    char d[800], file[900];
    in_sub(f, "data", d, sizeof d);
    assert_int_equal(testutil_mkdir(d), 0);
    size_t n;
    char *bin = read_file(DATA "frames.bin", &n);
    snprintf(file, sizeof file, "%s/frames 1.bin", d);
    write_bytes(file, bin, n);
    free(bin);
}

static void uris_inside_the_folder_should_be_read(void **state)
{
    (void)state;
    check_uri("frames.bin", NULL, NULL);
#ifndef _WIN32
    check_uri("alias.bin", NULL, link_inside);
#endif
    check_uri("data/frames%201.bin", NULL, sub_folder);
    check_uri("data/../frames.bin", NULL, sub_folder);
    check_uri("./frames.bin", NULL, NULL);
}

static void uris_outside_the_folder_should_be_refused(void **state)
{
    (void)state;
    check_uri("../secret.bin", OUTSIDE, NULL);
    check_uri("../../../../../../../../../../etc/passwd", OUTSIDE, NULL);
    check_uri("%2e%2e/secret.bin", OUTSIDE, NULL);
    check_uri("%2E%2E%2Fsecret.bin", OUTSIDE, NULL);
    check_uri("data/../../secret.bin", OUTSIDE, sub_folder);
#ifndef _WIN32
    check_uri("DIR/secret.bin", OUTSIDE, NULL);    /* an absolute path */
    check_uri("%2FDIR/secret.bin", OUTSIDE, NULL); /* the same, percent-encoded */
#else
    /* an absolute path starts with a drive, whose ':' reads as ending a URI's scheme */
    check_uri("DIR/secret.bin", SCHEME, NULL);
    check_uri("%2FDIR/secret.bin", SCHEME, NULL);
    /* what Windows reads as another folder or drive, or a file's stream */
    check_uri("..%5Csecret.bin", OUTSIDE, NULL);
    check_uri("data%5C..%5C..%5Csecret.bin", OUTSIDE, sub_folder);
    check_uri("./frames.bin:stream", OUTSIDE, NULL); /* ("frames.bin:" alone reads as a scheme) */
#endif
    check_uri("frames.bin%00.png", "holds a NUL character (%00); only files in the folder of the glTF file are read",
              NULL);
#ifndef _WIN32
    check_uri("link.bin", LINKED, link_outside);
    check_uri("up/secret.bin", LINKED, link_folder_outside);
#endif
    /* the same words whether the target outside exists or not */
    check_uri("../nothing.bin", OUTSIDE, NULL);
#ifndef _WIN32
    check_uri("link.bin", LINKED, link_outside_to_nothing);
#endif
}

static void uris_naming_no_regular_file_should_say_why(void **state)
{
    (void)state;
#ifndef _WIN32
    check_uri("fifo.bin", "not a regular file", make_fifo);
#else
    check_uri("NUL", "not a regular file", NULL); /* a device */
#endif
    check_uri("data", "not a regular file", sub_folder);
    check_uri("nothere.bin", "not found in the folder of the glTF file", NULL);
    check_uri("data/nothere.bin", "not found in the folder of the glTF file", sub_folder);
    check_uri("http://example.com/frames.bin", SCHEME, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(glb_export_should_write_the_binary_container),
        cmocka_unit_test(glb_file_should_round_trip_losslessly),
        cmocka_unit_test(truncated_glb_should_say_where),
        cmocka_unit_test(uris_inside_the_folder_should_be_read),
        cmocka_unit_test(uris_outside_the_folder_should_be_refused),
        cmocka_unit_test(uris_naming_no_regular_file_should_say_why),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

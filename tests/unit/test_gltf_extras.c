/* SPDX-License-Identifier: MIT */
/* tests/unit/test_gltf_extras.c - the exact path embedded in an exported glTF
 * (animations[0].extras.campath) goes through the JSON layer's one writer and
 * one reader: members campath does not know come back byte for byte, a bad
 * embedded object gets the reader's own message placed in the glTF file, and
 * text that is not UTF-8 is refused at export. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Unknown members of every kind, at the top and in a key: a decimal that
 * is not the shortest form of its double, integers past 2^64, nested
 * containers, escapes, exponents, spacing across lines. */
static const char path_text[] =
    "{\n"
    "  \"campath\": 1,\n"
    "  \"name\": \"harbour \\u00e9 \\\"intro\\\"\",\n"
    "  \"scene\": \"scenes/harbour.glb\",\n"
    "  \"interpolation\": { \"position\": \"c2\", \"rotation\": \"c2\", \"fov\": \"c2\" },\n"
    "  \"ends\": \"natural\",\n"
    "  \"long\": 0.30000000000000004,\n"
    "  \"big\": 123456789012345678901234567890,\n"
    "  \"tiny\": 1E-400,\n"
    "  \"nested\": {\"a\": [1, {\"b\": null, \"c\": [true, false]}],\n"
    "      \"d\": \"x\\ty\\u0000z\\/\"},\n"
    "  \"keys\": [\n"
    "    { \"t\": 0, \"position\": [0, 2, 10], \"rotation\": [0, 0, 0, 1], \"fov\": 60, \"note\": -0.0 },\n"
    "    { \"t\": 1.5, \"position\": [4, 3, 6], \"rotation\": [0, 0.38268343236508978, 0, 0.92387953251128674], "
    "\"fov\": 55, \"tags\": [\"\\ud83d\\ude00\", 1.000] },\n"
    "    { \"t\": 4, \"position\": [8, 3, 0], \"rotation\": [0, 0.70710678118654752, 0, 0.70710678118654752], \"fov\": 50 }\n"
    "  ]\n"
    "}\n";

static cp_path *load(const char *text)
{
    cp_error err;
    cp_path *p = cp_path_load_memory(text, strlen(text), "extras.json", &err);
    if (!p)
        print_error("%s\n", err.message);
    assert_non_null(p);
    return p;
}

static char *save(const cp_path *p)
{
    cp_error err;
    char *text = cp_path_save_memory(p, NULL, &err);
    if (!text)
        print_error("%s\n", err.message);
    assert_non_null(text);
    return text;
}

static void unknown_members_should_come_back_byte_for_byte(void **state)
{
    (void)state;
    cp_path *p = load(path_text);
    cp_error err;
    size_t size;
    char *gltf = cp_gltf_export_memory(p, NULL, &size, &err);
    if (!gltf)
        print_error("%s\n", err.message);
    assert_non_null(gltf);
    /* the embedded object is the path file text, as the JSON layer writes it */
    char *file = save(p);
    assert_non_null(strstr(gltf, "\"long\": 0.30000000000000004"));
    assert_non_null(strstr(gltf, "\"big\": 123456789012345678901234567890"));
    cp_gltf_import_report rep;
    cp_path *q = cp_gltf_import_memory(gltf, size, "extras.gltf", NULL, &rep, &err);
    if (!q)
        print_error("%s\n", err.message);
    assert_non_null(q);
    assert_int_equal(rep.source, CP_GLTF_IMPORT_EXACT);
    assert_string_equal(rep.note, "");
    assert_string_equal(cp_path_extras(q), cp_path_extras(p));
    for (size_t i = 0; i < 3; i++) {
        const char *a = cp_path_key_extras(p, i), *b = cp_path_key_extras(q, i);
        if (a)
            assert_string_equal(a, b);
        else
            assert_null(b);
    }
    assert_string_equal(cp_path_name(q), cp_path_name(p));
    assert_string_equal(cp_path_scene(q), "scenes/harbour.glb");
    char *back = save(q);
    assert_string_equal(back, file);
    free(back);
    free(file);
    cp_path_destroy(q);
    free(gltf);
    cp_path_destroy(p);
}

/* 1-based line and column (in bytes: the test text is ASCII) of `at` in `text`. */
static void line_col(const char *text, const char *at, int *line, int *col)
{
    *line = 1;
    *col = 1;
    for (const char *c = text; c < at; c++) {
        if (*c == '\n')
            ++*line, *col = 1;
        else
            ++*col;
    }
}

static void bad_embedded_object_should_get_the_json_readers_message(void **state)
{
    (void)state;
    cp_path *p = load(path_text);
    cp_error err;
    size_t size;
    char *gltf = cp_gltf_export_memory(p, NULL, &size, &err);
    assert_non_null(gltf);
    /* key 1's time becomes a string: the same length, so nothing else moves */
    char *at = strstr(gltf, "\"t\": 1.5,");
    assert_non_null(at);
    memcpy(at, "\"t\": \"1\",", 9);
    int line, col;
    line_col(gltf, at + 5, &line, &col);
    char want[160];
    snprintf(want, sizeof want, "the embedded campath path was not used: bad.gltf:%d:%d: keys[1].t: ", line, col);
    cp_gltf_import_report rep;
    cp_path *q = cp_gltf_import_memory(gltf, size, "bad.gltf", NULL, &rep, &err);
    if (!q)
        print_error("%s\n", err.message);
    assert_non_null(q); /* read from the animation data instead */
    assert_int_equal(rep.source, CP_GLTF_IMPORT_MATCHED);
    if (strncmp(rep.note, want, strlen(want)) != 0)
        print_error("note: %s\nexpected: %s...\n", rep.note, want);
    assert_int_equal(strncmp(rep.note, want, strlen(want)), 0);
    /* and it is what the JSON layer says of the same object in a path file */
    char *obj = strstr(gltf, "\"campath\": {") + strlen("\"campath\": ");
    char *end = strstr(obj, "\n}") + 2;
    char saved = *end;
    *end = '\0';
    assert_null(cp_path_load_memory(obj, strlen(obj), "bad.gltf", &err));
    *end = saved;
    const char *msg = strchr(strchr(strchr(err.message, ':') + 1, ':') + 1, ':'); /* past file:line:col */
    assert_non_null(strstr(rep.note, msg));
    cp_path_destroy(q);

    /* a version the reader does not know */
    at = strstr(gltf, "\"campath\": 1");
    assert_non_null(at);
    at[11] = '7';
    q = cp_gltf_import_memory(gltf, size, "bad.gltf", NULL, &rep, &err);
    assert_non_null(q);
    assert_non_null(strstr(rep.note, "campath: format version 7 is not supported"));
    cp_path_destroy(q);
    free(gltf);
    cp_path_destroy(p);
}

static void export_should_refuse_text_that_is_not_utf8(void **state)
{
    (void)state;
    static const struct {
        const char *name, *scene, *extras, *key_extras, *option_name, *message;
    } cases[] = {
        {"caf\xe9", NULL, NULL, NULL, NULL, "the path's name: not valid UTF-8 (byte 4)"},
        {NULL, "scenes/\xc0\xaf.glb", NULL, NULL, NULL, "the path's scene: not valid UTF-8 (byte 8)"},
        {NULL, NULL, "{\"who\": \"\xed\xa0\x80\"}", NULL, NULL, "the path's extras: not valid UTF-8 (byte 10)"},
        {NULL, NULL, NULL, "{\"who\": \"ok\xf4\x90\x80\x80\"}", NULL,
         "key 1's extras: not valid UTF-8 (byte 12)"},
        {NULL, NULL, NULL, NULL, "cam\xff", "the name option: not valid UTF-8 (byte 4)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cp_path *p = load(path_text);
        cp_error err;
        const char *kx[3] = {NULL, cases[i].key_extras, NULL};
        if (cases[i].name || cases[i].extras || cases[i].key_extras)
            assert_int_equal(cp_path_set_meta(p, cases[i].name, cases[i].extras, kx, &err), CP_OK);
        if (cases[i].scene)
            assert_int_equal(cp_path_set_scene(p, cases[i].scene, &err), CP_OK);
        cp_gltf_export_options o = {.name = cases[i].option_name};
        size_t size;
        char *gltf = cp_gltf_export_memory(p, &o, &size, &err);
        if (gltf || !strstr(err.message, cases[i].message))
            print_error("case %zu: %s\n", i, gltf ? "exported" : err.message);
        assert_null(gltf);
        assert_int_equal(err.code, CP_ERR_INVALID);
        assert_non_null(strstr(err.message, cases[i].message));
        cp_path_destroy(p);
    }
}

/* Extras that reuse a member campath writes itself cannot be embedded: the
 * JSON layer's writer refuses them, as it does for a path file, rather than
 * dropping them silently. */
static void export_should_refuse_extras_the_format_reserves(void **state)
{
    (void)state;
    cp_path *p = load(path_text);
    cp_error err;
    assert_int_equal(cp_path_set_meta(p, "x", "{\"keys\": 1}", NULL, &err), CP_OK);
    size_t size;
    assert_null(cp_gltf_export_memory(p, NULL, &size, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_non_null(strstr(err.message, "glTF export: the embedded path: extras: member \"keys\" is one campath "
                                        "writes itself"));
    cp_gltf_export_options o = {.no_extras = 1}; /* nothing embedded: nothing to refuse */
    char *text = cp_gltf_export_memory(p, &o, &size, &err);
    assert_non_null(text);
    free(text);
    cp_path_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unknown_members_should_come_back_byte_for_byte),
        cmocka_unit_test(bad_embedded_object_should_get_the_json_readers_message),
        cmocka_unit_test(export_should_refuse_text_that_is_not_utf8),
        cmocka_unit_test(export_should_refuse_extras_the_format_reserves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

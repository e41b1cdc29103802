/* SPDX-License-Identifier: MIT */
/* tests/unit/test_json.c - path files: every bad file's message and place,
 * round trips bit for bit, unknown members, warnings, file errors. Numbers
 * and locales are in test_numbers.c, saving in test_files.c. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include "testutil.h"

#define BAD_DIR "tests/data/bad"
#define GOOD_DIR "tests/data/good"

static char *read_text(const char *file)
{
    FILE *f = fopen(file, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = '\0';
    fclose(f);
    return s;
}

/* Names ending in `ext` in `dir`, sorted; the count goes to *n. */
static char **list_dir(const char *dir, const char *ext, size_t *n)
{
    DIR *d = opendir(dir);
    char **names = NULL;
    *n = 0;
    if (!d)
        return NULL;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name), el = strlen(ext);
        if (len > el && strcmp(e->d_name + len - el, ext) == 0) {
            names = realloc(names, (*n + 1) * sizeof *names);
            names[(*n)++] = strdup(e->d_name);
        }
    }
    closedir(d);
    for (size_t i = 1; i < *n; i++) /* insertion sort: a handful of names */
        for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char *t = names[j];
            names[j] = names[j - 1];
            names[j - 1] = t;
        }
    return names;
}

static void free_list(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* ---- bad files -------------------------------------------------------------------------- */

/* Where an error is, as data: "at LINE:COLUMN field FIELD key KEY" (FIELD "-" for none). */
typedef struct place {
    unsigned long line, column;
    char field[64];
    long key;
} place;

static void assert_place(const char *file, const cp_error *err, const place *want)
{
    const char *field = strcmp(want->field, "-") == 0 ? "" : want->field;
    if (err->line != want->line || err->column != want->column || strcmp(err->field, field) != 0 ||
        err->key != want->key)
        fail_msg("%s\n  place:    at %lu:%lu field %s key %ld\n  expected: at %lu:%lu field %s key %ld", file,
                 err->line, err->column, err->field[0] ? err->field : "-", err->key, want->line, want->column,
                 want->field, want->key);
    /* the message says the same: "file:line:col: " (the empty file has no place in its message) */
    char head[600];
    snprintf(head, sizeof head, "%s:%lu:%lu: ", file, err->line, err->column);
    if (strncmp(err->message, head, strlen(head)) != 0 && strstr(err->message, "the file is empty") == NULL)
        fail_msg("%s: the message does not start with %s: %s", file, head, err->message);
    if (field[0] && strcmp(field, "keys") != 0) { /* "keys": the count, told as "a path needs ..." */
        char named[700];
        snprintf(named, sizeof named, "%s%s: ", head, field);
        if (strncmp(err->message, named, strlen(named)) != 0)
            fail_msg("%s: the message does not name the field %s: %s", file, field, err->message);
    }
}

/* Every tests/data/bad/NAME.json fails with the message in the first line
 * of NAME.expect (the whole message, or a part of it) and the place in its
 * second line; the message names the file; the document loader (what
 * `campath validate` uses) agrees to the letter, errors found only when the
 * splines are built included. */
static void json_should_give_each_bad_file_its_message(void **state)
{
    (void)state;
    size_t n;
    char **names = list_dir(BAD_DIR, ".json", &n);
    assert_true(n >= 60);
    for (size_t i = 0; i < n; i++) {
        char file[512], expect_file[512];
        snprintf(file, sizeof file, "%s/%s", BAD_DIR, names[i]);
        snprintf(expect_file, sizeof expect_file, "%.*s.expect", (int)strlen(file) - 5, file);
        char *expect = read_text(expect_file);
        if (!expect)
            fail_msg("%s has no .expect file", file);
        char *second = expect + strcspn(expect, "\n");
        place want = {0};
        if (*second == '\0' || sscanf(second + 1, "at %lu:%lu field %63s key %ld", &want.line, &want.column,
                                       want.field, &want.key) != 4)
            fail_msg("%s: the second line is not \"at LINE:COLUMN field FIELD key KEY\"", expect_file);
        *second = '\0';
        cp_error err;
        cp_path *p = cp_path_load(file, &err);
        if (p)
            fail_msg("%s loaded, expected: %s", file, expect);
        if (!strstr(err.message, expect))
            fail_msg("%s\n  message:  %s\n  expected: %s", file, err.message, expect);
        assert_int_equal(strncmp(err.message, file, strlen(file)), 0);
        assert_int_not_equal(err.code, CP_OK);
        assert_place(file, &err, &want);
        /* the document loader agrees */
        cp_document doc;
        cp_error err2;
        assert_int_equal(cp_document_load(file, &doc, &err2), err.code);
        assert_string_equal(err2.message, err.message);
        assert_place(file, &err2, &want);
        assert_null(doc.keys);
        free(expect);
    }
    free_list(names, n);
}

static void json_should_name_the_status_of_bad_files(void **state)
{
    (void)state;
    static const struct { const char *name; cp_status code; } cases[] = {
        {"empty", CP_ERR_SYNTAX},       {"truncated", CP_ERR_SYNTAX},         {"deep_nesting", CP_ERR_LIMIT},
        {"version_2", CP_ERR_UNSUPPORTED}, {"time_string", CP_ERR_INVALID}, {"zero_rotation", CP_ERR_INVALID},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char file[256];
        snprintf(file, sizeof file, "%s/%s.json", BAD_DIR, cases[i].name);
        cp_error err;
        assert_null(cp_path_load(file, &err));
        if (err.code != cases[i].code)
            fail_msg("%s: status %s, expected %s", file, cp_status_name(err.code), cp_status_name(cases[i].code));
    }
}

/* ---- good files and round trips ----------------------------------------------------------- */

static void assert_same_document(const cp_document *a, const cp_document *b)
{
    assert_int_equal(a->count, b->count);
    assert_memory_equal(a->keys, b->keys, a->count * sizeof *a->keys);
    assert_memory_equal(&a->options, &b->options, sizeof a->options);
    assert_true((a->name == NULL) == (b->name == NULL));
    if (a->name)
        assert_string_equal(a->name, b->name);
    assert_true((a->extras == NULL) == (b->extras == NULL));
    if (a->extras)
        assert_string_equal(a->extras, b->extras);
    for (size_t i = 0; i < a->count; i++) {
        const char *x = a->key_extras ? a->key_extras[i] : NULL, *y = b->key_extras ? b->key_extras[i] : NULL;
        assert_true((x == NULL) == (y == NULL));
        if (x)
            assert_string_equal(x, y);
    }
}

static void json_should_round_trip_good_files(void **state)
{
    (void)state;
    size_t n;
    char **names = list_dir(GOOD_DIR, ".json", &n);
    assert_true(n >= 5);
    for (size_t i = 0; i < n; i++) {
        char file[512];
        snprintf(file, sizeof file, "%s/%s", GOOD_DIR, names[i]);
        cp_error err;
        cp_document doc, again;
        if (cp_document_load(file, &doc, &err) != CP_OK)
            fail_msg("%s: %s", file, err.message);
        size_t size;
        char *text = cp_document_save_memory(&doc, &size, &err);
        assert_non_null(text);
        assert_int_equal(strlen(text), size);
        assert_int_equal(cp_document_load_memory(text, size, "saved", &again, &err), CP_OK);
        assert_same_document(&doc, &again);
        /* saving what was saved gives the same text */
        char *text2 = cp_document_save_memory(&again, NULL, &err);
        assert_string_equal(text, text2);
        /* and a path carries the same */
        cp_path *p = cp_path_load(file, &err);
        assert_non_null(p);
        char *text3 = cp_path_save_memory(p, NULL, &err);
        assert_string_equal(text, text3);
        free(text);
        free(text2);
        free(text3);
        cp_path_destroy(p);
        cp_document_free(&doc);
        cp_document_free(&again);
    }
    free_list(names, n);
}

/* "timing" and "hold" are read, written back as they were, and absent from
 * files of keys timing, which load and save exactly as before. */
static void json_should_read_and_write_timing_and_holds(void **state)
{
    (void)state;
    cp_error err;
    cp_path *p = cp_path_load(GOOD_DIR "/smooth_holds.json", &err);
    if (!p)
        fail_msg("%s", err.message);
    assert_int_equal(cp_path_get_options(p).timing, CP_TIMING_SMOOTH);
    const cp_key *k = cp_path_keys(p);
    assert_true(k[0].flags == 0 && k[0].hold == 0);
    assert_true(k[1].flags == CP_KEY_HOLD && k[1].hold == 1.5);
    assert_true(k[2].flags == CP_KEY_HOLD && k[2].hold == 0);
    assert_int_equal(cp_path_duration(p), 6);
    char *text = cp_path_save_memory(p, NULL, &err);
    assert_non_null(strstr(text, "  \"timing\": \"smooth\",\n"));
    assert_non_null(strstr(text, "\"fov\": 55, \"hold\": 1.5 }"));
    assert_non_null(strstr(text, "\"fov\": 40, \"hold\": 0 }"));
    free(text);
    cp_path_destroy(p);
    /* keys timing: no "timing" member written, no "hold" */
    p = cp_path_load(GOOD_DIR "/harbour_intro.json", &err);
    assert_int_equal(cp_path_get_options(p).timing, CP_TIMING_KEYS);
    text = cp_path_save_memory(p, NULL, &err);
    assert_null(strstr(text, "timing"));
    assert_null(strstr(text, "hold"));
    free(text);
    cp_path_destroy(p);
    /* each timing by name */
    static const char *const names[3] = {"keys", "smooth", "constant-speed"};
    for (int t = 0; t < 3; t++) {
        char doc[400];
        snprintf(doc, sizeof doc,
                 "{ \"campath\": 1, \"timing\": \"%s\", \"keys\": [ { \"t\": 0, \"position\": [0, 0, 0], "
                 "\"rotation\": [0, 0, 0, 1] }, { \"t\": 2, \"position\": [3, 0, 0], \"rotation\": [0, 0, 0, 1] } ] }",
                 names[t]);
        p = cp_path_load_memory(doc, strlen(doc), "doc", &err);
        if (!p)
            fail_msg("%s: %s", names[t], err.message);
        assert_int_equal(cp_path_get_options(p).timing, t);
        assert_string_equal(cp_timing_name(cp_path_get_options(p).timing), names[t]);
        cp_path_destroy(p);
    }
}

static void json_should_fill_defaults(void **state)
{
    (void)state;
    cp_error err;
    cp_path *p = cp_path_load(GOOD_DIR "/minimal.json", &err);
    assert_non_null(p);
    cp_path_options o = cp_path_get_options(p);
    assert_int_equal(o.position, CP_INTERP_C2);
    assert_int_equal(o.rotation, CP_INTERP_C2);
    assert_int_equal(o.fov, CP_INTERP_C2);
    assert_int_equal(o.ends, CP_ENDS_NATURAL);
    assert_true(cp_path_keys(p)[0].fov == 60.0);
    assert_null(cp_path_name(p));
    cp_path_destroy(p);

    p = cp_path_load(GOOD_DIR "/closed_loop.json", &err);
    assert_non_null(p);
    o = cp_path_get_options(p);
    assert_int_equal(o.position, CP_INTERP_CATMULL_ROM);
    assert_int_equal(o.rotation, CP_INTERP_LINEAR);
    assert_int_equal(o.fov, CP_INTERP_STEP);
    assert_int_equal(o.ends, CP_ENDS_CLOSED);
    assert_true(o.period == 6.0);
    assert_string_equal(cp_path_name(p), "loop");
    cp_path_destroy(p);

    /* a period without closed ends is dropped with a warning */
    cp_document doc;
    assert_int_equal(cp_document_load(GOOD_DIR "/bom_crlf.json", &doc, &err), CP_OK);
    assert_int_equal(doc.options.ends, CP_ENDS_REST);
    assert_true(doc.options.period == 0.0);
    assert_int_equal(doc.warning_count, 1);
    assert_string_equal(doc.warnings[0], GOOD_DIR "/bom_crlf.json:4:13: period: ignored because \"ends\" is not "
                                                  "\"closed\"");
    cp_document_free(&doc);
}

/* Random keys through save and load: every double comes back bit for bit. */
static void json_should_round_trip_paths_bit_exact(void **state)
{
    (void)state;
    testutil_rng rng = {99};
    enum { N = 2000 };
    cp_key *keys = calloc(N, sizeof *keys);
    double t = -1e3;
    for (int i = 0; i < N; i++) {
        /* up to 1e280: keys 1e-6 s apart then keep their accelerations within
         * CP_PATH_MAX_MAGNITUDE (1e300) */
        double scale = pow(10.0, testutil_uniform(&rng, -300, 280));
        t += testutil_uniform(&rng, 1e-6, 10);
        keys[i].time = t;
        keys[i].position = cp_vec3_make(testutil_uniform(&rng, -1, 1) * scale, testutil_uniform(&rng, -1e6, 1e6),
                                        i % 7 == 0 ? -0.0 : i % 11 == 0 ? 4.9e-324 * i : testutil_uniform(&rng, -1, 1));
        keys[i].rotation = testutil_random_quat(&rng);
        keys[i].fov = testutil_uniform(&rng, 1, 179);
    }
    cp_error err;
    cp_path *p = cp_path_create(keys, N, NULL, &err);
    assert_non_null(p);
    size_t size;
    char *text = cp_path_save_memory(p, &size, &err);
    assert_non_null(text);
    cp_path *q = cp_path_load_memory(text, size, "mem", &err);
    if (!q)
        fail_msg("%s", err.message);
    assert_int_equal(cp_path_key_count(q), N);
    assert_memory_equal(cp_path_keys(p), cp_path_keys(q), N * sizeof *keys);
    /* one key per line, plus six lines of head and two of tail */
    size_t lines = 0;
    for (const char *c = text; *c; c++)
        lines += *c == '\n';
    assert_int_equal(lines, N + 7);
    free(text);
    free(keys);
    cp_path_destroy(p);
    cp_path_destroy(q);
}

/* -0 in each number member that takes a zero comes back as -0 through save
 * and load, of a path and of a document, in every orientation and timing
 * where the member is read; where zero is refused, -0 is refused the same
 * way. */
static void json_should_keep_signed_zeros(void **state)
{
    (void)state;
    /* the member's text in the second key, and where its number is in a key */
    static const struct { const char *head, *member; size_t at; } cases[] = {
        {"", "\"t\": -0", offsetof(cp_key, time)},
        {"", "\"position\": [-0, 2, 3]", offsetof(cp_key, position.x)},
        {"", "\"position\": [1, -0, 3]", offsetof(cp_key, position.y)},
        {"", "\"position\": [1, 2, -0]", offsetof(cp_key, position.z)},
        {"", "\"rotation\": [-0, 0, 0, 1]", offsetof(cp_key, rotation.x)},
        {"", "\"rotation\": [0, -0, 0, 1]", offsetof(cp_key, rotation.y)},
        {"", "\"rotation\": [0, 0, -0, 1]", offsetof(cp_key, rotation.z)},
        {"", "\"rotation\": [0, 0, 1, -0]", offsetof(cp_key, rotation.w)},
        {"\"timing\": \"smooth\", ", "\"hold\": -0", offsetof(cp_key, hold)},
        {"\"orientation\": \"look-at\", ", "\"target\": [-0, 1, 9]", offsetof(cp_key, target.x)},
        {"\"orientation\": \"look-at\", ", "\"target\": [5, -0, 9]", offsetof(cp_key, target.y)},
        {"\"orientation\": \"look-at\", ", "\"target\": [5, 1, -0]", offsetof(cp_key, target.z)},
        {"\"orientation\": \"look-at\", ", "\"roll\": -0", offsetof(cp_key, roll)},
        {"\"orientation\": \"look-at\", \"timing\": \"smooth\", ", "\"roll\": -0", offsetof(cp_key, roll)},
        {"\"orientation\": \"look-at\", \"timing\": \"constant-speed\", ", "\"roll\": -0", offsetof(cp_key, roll)},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const int look_at = strstr(cases[c].head, "look-at") != NULL;
        const char *other = look_at ? "\"target\": [0, 1, 9]" : "\"rotation\": [0, 0, 0, 1]";
        const char *m = cases[c].member;
        const int is_t = strncmp(m, "\"t\"", 3) == 0, is_pos = strncmp(m, "\"position\"", 10) == 0,
                  is_other = strncmp(m, other, 9) == 0;
        char text[512];
        snprintf(text, sizeof text,
                 "{\"campath\": 1, %s\"keys\": [{\"t\": -1, \"position\": [0, 0, 0], %s}, {%s, %s, %s%s%s}]}",
                 cases[c].head, other, is_t ? m : "\"t\": 1", is_pos ? m : "\"position\": [1, 2, 3]",
                 is_other ? m : other, is_t || is_pos || is_other ? "" : ", ", is_t || is_pos || is_other ? "" : m);
        cp_error err;
        cp_path *p = cp_path_load_memory(text, strlen(text), "signed", &err);
        if (!p)
            fail_msg("%s: %s", text, err.message);
        cp_document doc;
        assert_int_equal(cp_document_load_memory(text, strlen(text), "signed", &doc, &err), CP_OK);
        size_t n, n_doc;
        char *saved = cp_path_save_memory(p, &n, &err), *saved_doc = cp_document_save_memory(&doc, &n_doc, &err);
        assert_non_null(saved);
        assert_non_null(saved_doc);
        cp_path *q = cp_path_load_memory(saved, n, "saved", &err);
        cp_document again;
        assert_non_null(q);
        assert_int_equal(cp_document_load_memory(saved_doc, n_doc, "saved", &again, &err), CP_OK);
        const double *was = (const double *)((const char *)&cp_path_keys(p)[1] + cases[c].at);
        const double *is = (const double *)((const char *)&cp_path_keys(q)[1] + cases[c].at);
        const double *doc_is = (const double *)((const char *)&again.keys[1] + cases[c].at);
        if (*was != 0 || !signbit(*was) || *is != 0 || !signbit(*is) || *doc_is != 0 || !signbit(*doc_is))
            fail_msg("%s: -0 came back as %g (path) and %g (document); saved:\n%s", cases[c].member, *is, *doc_is,
                     saved);
        free(saved);
        free(saved_doc);
        cp_path_destroy(p);
        cp_path_destroy(q);
        cp_document_free(&doc);
        cp_document_free(&again);
    }
    /* where 0 is refused, -0 is too, with the same message */
    static const char *const refused[] = {"fov", "focus", "aperture"};
    for (size_t c = 0; c < sizeof refused / sizeof refused[0]; c++) {
        char text[2][320];
        cp_error err[2];
        for (int z = 0; z < 2; z++) {
            snprintf(text[z], sizeof text[z],
                     "{\"campath\": 1, \"keys\": [{\"t\": 0, \"position\": [0, 0, 0], \"rotation\": [0, 0, 0, 1]}, "
                     "{\"t\": 1, \"position\": [1, 0, 0], \"rotation\": [0, 0, 0, 1], \"%s\": %s}]}",
                     refused[c], z ? "-0" : "0");
            assert_null(cp_path_load_memory(text[z], strlen(text[z]), "signed", &err[z]));
        }
        assert_non_null(strstr(err[1].message, "-0 "));
        assert_int_equal(err[0].column, err[1].column);
    }
}

/* ---- unknown members ------------------------------------------------------------------------ */

/* "scene" names the editor's world: read, written after "name", carried
 * through a path, and checked like "name". */
static void json_should_keep_the_scene(void **state)
{
    (void)state;
    static const char text[] = "{\"campath\": 1, \"scene\": \"levels/harbour.glb\", \"keys\": ["
                               "{\"t\": 0, \"position\": [0,0,0], \"rotation\": [0,0,0,1]},"
                               "{\"t\": 1, \"position\": [1,0,0], \"rotation\": [0,0,0,1]}]}";
    cp_error err;
    cp_document doc;
    assert_int_equal(cp_document_load_memory(text, sizeof text - 1, "mem", &doc, &err), CP_OK);
    assert_string_equal(doc.scene, "levels/harbour.glb");
    assert_int_equal(doc.warning_count, 0);
    cp_path *p = cp_document_to_path(&doc, &err);
    assert_non_null(p);
    assert_string_equal(cp_path_scene(p), "levels/harbour.glb");
    char *saved = cp_path_save_memory(p, NULL, &err);
    assert_non_null(strstr(saved, "\"campath\": 1,\n  \"scene\": \"levels/harbour.glb\",\n"));
    cp_document copy;
    assert_int_equal(cp_document_from_path(p, &copy, &err), CP_OK);
    assert_string_equal(copy.scene, "levels/harbour.glb");
    assert_int_equal(cp_path_set_scene(p, NULL, &err), CP_OK);
    assert_null(cp_path_scene(p));
    free(saved);
    saved = cp_path_save_memory(p, NULL, &err);
    assert_null(strstr(saved, "scene"));
    free(saved);
    cp_path_destroy(p);
    cp_document_free(&copy);
    cp_document_free(&doc);

    static const char nul[] = "{\"campath\": 1, \"scene\": \"a\\u0000b\", \"keys\": []}";
    assert_null(cp_path_load_memory(nul, sizeof nul - 1, "mem", &err));
    assert_string_equal(err.message, "mem:1:25: scene: contains a NUL character (\\u0000)");
    static const char twice[] = "{\"campath\": 1, \"scene\": \"a\", \"scene\": \"b\", \"keys\": []}";
    assert_null(cp_path_load_memory(twice, sizeof twice - 1, "mem", &err));
    assert_non_null(strstr(err.message, "scene: duplicate member"));
}

static void json_should_keep_unknown_members_verbatim(void **state)
{
    (void)state;
    cp_error err;
    cp_document doc;
    const char *file = GOOD_DIR "/extras.json";
    assert_int_equal(cp_document_load(file, &doc, &err), CP_OK);
    assert_string_equal(doc.extras, "{\"author\": { \"name\": \"Ann\", \"tools\": [\"editor\", 2.50, null, true] }, "
                                    "\"zz\": []}");
    assert_non_null(doc.key_extras);
    assert_string_equal(doc.key_extras[0], "{\"label\": \"start\", \"weight\": 1.0e0}");
    assert_null(doc.key_extras[1]);
    assert_string_equal(doc.key_extras[2], "{\"note\": \"x\\u00e9\\\"\"}");
    assert_int_equal(doc.warning_count, 5);
    assert_string_equal(doc.warnings[0], GOOD_DIR "/extras.json:3:3: unknown member \"author\" ignored (kept when "
                                                  "the file is saved again)");
    assert_non_null(strstr(doc.warnings[1], "extras.json:6:64: keys[0]: unknown member \"label\""));
    assert_non_null(strstr(doc.warnings[3], "extras.json:8:15: keys[2]: unknown member \"note\""));
    assert_non_null(strstr(doc.warnings[4], "extras.json:10:3: unknown member \"zz\""));

    char *text = cp_document_save_memory(&doc, NULL, &err);
    assert_non_null(strstr(text, "\n  \"author\": { \"name\": \"Ann\", \"tools\": [\"editor\", 2.50, null, true] },\n"));
    assert_non_null(strstr(text, "\"fov\": 60, \"label\": \"start\", \"weight\": 1.0e0 },\n"));
    assert_non_null(strstr(text, "\"note\": \"x\\u00e9\\\"\" }\n"));

    /* through a path as well */
    cp_path *p = cp_document_to_path(&doc, &err);
    assert_non_null(p);
    assert_string_equal(cp_path_extras(p), doc.extras);
    assert_string_equal(cp_path_key_extras(p, 0), doc.key_extras[0]);
    assert_null(cp_path_key_extras(p, 1));
    char *text2 = cp_path_save_memory(p, NULL, &err);
    assert_string_equal(text, text2);
    free(text);
    free(text2);
    cp_path_destroy(p);
    cp_document_free(&doc);
}

static void json_should_cap_the_warnings(void **state)
{
    (void)state;
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    len += (size_t)snprintf(text, cap, "{ \"campath\": 1,\n");
    for (int i = 0; i < 250; i++)
        len += (size_t)snprintf(text + len, cap - len, "  \"x%d\": %d,\n", i, i);
    snprintf(text + len, cap - len, "  \"keys\": [{ \"t\": 0, \"position\": [0, 0, 0], \"rotation\": [0, 0, 0, 1] }, "
                                    "{ \"t\": 1, \"position\": [0, 0, 1], \"rotation\": [0, 0, 0, 1] }] }\n");
    cp_document doc;
    cp_error err;
    assert_int_equal(cp_document_load_memory(text, strlen(text), "many.json", &doc, &err), CP_OK);
    assert_int_equal(doc.warning_count, CP_JSON_MAX_WARNINGS + 1);
    assert_string_equal(doc.warnings[CP_JSON_MAX_WARNINGS], "many.json: 150 more warnings not listed");
    assert_non_null(strstr(doc.warnings[99], "many.json:101:3: unknown member \"x99\""));
    cp_document_free(&doc);
    free(text);
}

static void json_should_refuse_to_save_what_would_not_load(void **state)
{
    (void)state;
    cp_error err;
    cp_document doc;
    assert_int_equal(cp_document_load(GOOD_DIR "/minimal.json", &doc, &err), CP_OK);
    doc.extras = strdup("{\"keys\": 1}");
    assert_null(cp_document_save_memory(&doc, NULL, &err));
    assert_string_equal(err.message, "extras: member \"keys\" is one campath writes itself and cannot be an extra");
    free(doc.extras);
    doc.extras = strdup("[1]");
    assert_null(cp_document_save_memory(&doc, NULL, &err));
    assert_string_equal(err.message, "extras: a JSON object { ... } expected, found array");
    free(doc.extras);
    doc.extras = strdup("{\"a\": tru}");
    assert_null(cp_document_save_memory(&doc, NULL, &err));
    assert_int_equal(err.code, CP_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "extras:1:7: "));
    free(doc.extras);
    /* a name twice, at any depth: the reader would refuse the file */
    doc.extras = strdup("{\"a\": 1, \"b\": {\"c\": [{\"d\": 1, \"d\": 2}]}}");
    assert_null(cp_document_save_memory(&doc, NULL, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_string_equal(err.message, "extras:1:31: duplicate member \"d\" (first at 1:23)");
    assert_true(err.line == 1 && err.column == 31);
    free(doc.extras);
    doc.extras = strdup("{\"\\u0061\": 1, \"a\": 2}");
    assert_null(cp_document_save_memory(&doc, NULL, &err));
    assert_string_equal(err.message, "extras:1:15: duplicate member \"a\" (first at 1:2)");
    free(doc.extras);
    doc.extras = NULL;
    /* text that is not UTF-8 */
    doc.name = strdup("caf\xe9");
    assert_null(cp_document_save_memory(&doc, NULL, &err));
    assert_string_equal(err.message, "name: byte 3 (0xE9) is not well-formed UTF-8 (a path file is UTF-8 text)");
    assert_string_equal(err.field, "name");
    free(doc.name);
    doc.name = strdup("caf\xc3\xa9"); /* the same in UTF-8 */
    char *text = cp_document_save_memory(&doc, NULL, &err);
    assert_non_null(text);
    free(text);
    free(doc.name);
    doc.name = NULL;
    doc.scene = strdup("levels/\xed\xa0\x80.glb"); /* a UTF-16 surrogate, encoded */
    assert_null(cp_document_save_memory(&doc, NULL, &err));
    assert_non_null(strstr(err.message, "scene: byte 7 (0xED) is not well-formed UTF-8"));
    free(doc.scene);
    doc.scene = NULL;
    /* keys whose splines overflow, as loading checks them */
    doc.keys[1].time = 1e-320;
    assert_null(cp_document_save_memory(&doc, NULL, &err));
    assert_int_equal(strncmp(err.message, "keys[1].time: 1e-320 is too close to keys[0].time 0", 50), 0);
    doc.keys[1].time = 0;
    assert_null(cp_document_save_memory(&doc, NULL, &err));
    assert_string_equal(err.message, "keys[1].time: 0 is not greater than keys[0].time 0 (times must strictly "
                                     "increase)");
    cp_document_remove_key(&doc, 1);
    assert_int_equal(cp_document_save(&doc, "/nonexistent-folder/x.json", &err), CP_ERR_INVALID);
    assert_string_equal(err.message, "/nonexistent-folder/x.json: cannot save: a path needs at least 2 keys, got 1");
    cp_document_free(&doc);
}

/* ---- the document API -------------------------------------------------------------------------- */

static void document_should_insert_remove_and_copy(void **state)
{
    (void)state;
    cp_error err;
    cp_document doc, copy;
    assert_int_equal(cp_document_load(GOOD_DIR "/extras.json", &doc, &err), CP_OK);
    cp_key k = {.time = 0.5, .position = {9, 9, 9}, .rotation = {0, 0, 0, 1}, .fov = 70};
    for (int i = 0; i < 40; i++) { /* past the capacity, so the arrays grow */
        k.time = 0.5 + 1e-3 * i;
        assert_int_equal(cp_document_insert_key(&doc, 1 + (size_t)i, &k, &err), CP_OK);
    }
    assert_int_equal(doc.count, 43);
    assert_null(doc.key_extras[1]);
    assert_string_equal(doc.key_extras[0], "{\"label\": \"start\", \"weight\": 1.0e0}");
    assert_non_null(doc.key_extras[42]);
    assert_int_equal(cp_document_insert_key(&doc, 99, &k, &err), CP_ERR_INVALID);
    assert_int_equal(cp_document_copy(&copy, &doc, &err), CP_OK);
    assert_same_document(&doc, &copy);
    assert_int_equal(copy.warning_count, doc.warning_count);
    for (int i = 0; i < 40; i++)
        cp_document_remove_key(&doc, 1);
    cp_document_remove_key(&doc, 0);
    cp_document_remove_key(&doc, 99); /* out of range: nothing */
    assert_int_equal(doc.count, 2);
    assert_null(doc.key_extras[0]);
    assert_string_equal(doc.key_extras[1], "{\"note\": \"x\\u00e9\\\"\"}");
    cp_path *p = cp_document_to_path(&copy, &err);
    assert_non_null(p);
    cp_document back;
    assert_int_equal(cp_document_from_path(p, &back, &err), CP_OK);
    assert_same_document(&copy, &back);
    assert_int_equal(back.warning_count, 0);
    cp_path_destroy(p);
    cp_document_free(&back);
    cp_document_free(&copy);
    cp_document_free(&doc);
    cp_document_free(&doc); /* a zeroed document is a no-op */
}

/* ---- line endings ------------------------------------------------------------------------------ */

/* A file saved with Windows line endings (CRLF) reads as the same file with
 * LF ones: every good file gives the same document, every bad one the same
 * message at the same line and column ("\r" is white space, lines end at
 * "\n"). */
static void json_should_read_crlf_files_as_lf_files(void **state)
{
    (void)state;
    static const char *const dirs[] = {GOOD_DIR, BAD_DIR};
    size_t files = 0;
    for (size_t d = 0; d < 2; d++) {
        size_t n;
        char **names = list_dir(dirs[d], ".json", &n);
        for (size_t i = 0; i < n; i++) {
            char file[512];
            snprintf(file, sizeof file, "%s/%s", dirs[d], names[i]);
            size_t len, crlf_len = 0;
            char *lf = testutil_read_file(file, &len);
            assert_non_null(lf);
            if (memchr(lf, '\r', len)) { /* bom_crlf.json: CRLF already */
                free(lf);
                continue;
            }
            char *crlf = malloc(2 * len + 1);
            assert_non_null(crlf);
            for (size_t k = 0; k < len; k++) {
                if (lf[k] == '\n')
                    crlf[crlf_len++] = '\r';
                crlf[crlf_len++] = lf[k];
            }
            cp_document a, b;
            cp_error ea, eb;
            cp_status ra = cp_document_load_memory(lf, len, file, &a, &ea);
            cp_status rb = cp_document_load_memory(crlf, crlf_len, file, &b, &eb);
            /* where the line break itself is the fault (inside a string),
             * the CRLF file's fault is the "\r" before it, at the same place */
            const int at_break = ra != CP_OK && strstr(ea.message, "control character 0x0A") != NULL;
            if (ra != rb || (ra != CP_OK && !at_break && strcmp(ea.message, eb.message) != 0) ||
                (at_break && !strstr(eb.message, "control character 0x0D")))
                fail_msg("%s\n  LF:   %s\n  CRLF: %s", file, ra ? ea.message : "loads", rb ? eb.message : "loads");
            if (ra == CP_OK) {
                assert_same_document(&a, &b);
                cp_document_free(&a);
                cp_document_free(&b);
            } else {
                assert_int_equal(ea.line, eb.line);
                assert_int_equal(ea.column, eb.column);
            }
            files++;
            free(crlf);
            free(lf);
        }
        free_list(names, n);
    }
    assert_true(files >= 60);
}

/* ---- files ------------------------------------------------------------------------------------ */

static void json_should_name_file_errors(void **state)
{
    (void)state;
    cp_error err;
    char *dir = testutil_tempdir();
    char file[1024];
    assert_null(cp_path_load("tests/data/no-such-file.json", &err));
    assert_string_equal(err.message, "tests/data/no-such-file.json: cannot open: not found");
    assert_int_equal(err.code, CP_ERR_IO);
    assert_null(cp_path_load("tests/data", &err));
    assert_string_equal(err.message, "tests/data: is a folder, not a file");

    snprintf(file, sizeof file, "%s/huge.json", dir);
    assert_int_equal(testutil_truncate(file, (long long)CP_JSON_MAX_FILE_SIZE + 1), 0); /* sparse: no real disk use */
    assert_null(cp_path_load(file, &err));
    assert_int_equal(err.code, CP_ERR_LIMIT);
    assert_non_null(strstr(err.message, "huge.json: 268435457 bytes is over the limit of 268435456 bytes"));
    assert_null(cp_path_load_memory("{}", (size_t)CP_JSON_MAX_FILE_SIZE + 1, "big", &err));
    assert_int_equal(err.code, CP_ERR_LIMIT);

#ifndef _WIN32 /* Windows has access control lists, not mode bits, and no /proc */
    snprintf(file, sizeof file, "%s/secret.json", dir);
    assert_int_equal(testutil_write_file(file, "{}"), 0);
    chmod(file, 0);
    if (geteuid() != 0) {
        assert_null(cp_path_load(file, &err));
        assert_non_null(strstr(err.message, "secret.json: cannot open: permission denied"));
    } else {
        /* root reads any file; a file whose read fails takes the same path:
         * /proc/self/mem opens, but reading address 0 is an I/O error */
        assert_null(cp_path_load("/proc/self/mem", &err));
        assert_int_equal(err.code, CP_ERR_IO);
        assert_string_equal(err.message, "/proc/self/mem: cannot read: input/output error");
    }
#endif
    testutil_rmtree(dir);
    free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(json_should_give_each_bad_file_its_message),
        cmocka_unit_test(json_should_name_the_status_of_bad_files),
        cmocka_unit_test(json_should_round_trip_good_files),
        cmocka_unit_test(json_should_read_and_write_timing_and_holds),
        cmocka_unit_test(json_should_fill_defaults),
        cmocka_unit_test(json_should_round_trip_paths_bit_exact),
        cmocka_unit_test(json_should_keep_signed_zeros),
        cmocka_unit_test(json_should_keep_unknown_members_verbatim),
        cmocka_unit_test(json_should_keep_the_scene),
        cmocka_unit_test(json_should_cap_the_warnings),
        cmocka_unit_test(json_should_refuse_to_save_what_would_not_load),
        cmocka_unit_test(document_should_insert_remove_and_copy),
        cmocka_unit_test(json_should_read_crlf_files_as_lf_files),
        cmocka_unit_test(json_should_name_file_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

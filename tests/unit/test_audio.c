/* SPDX-License-Identifier: MIT */
/* tests/unit/test_audio.c - the path file's "audio" member: read with its
 * defaults, refused with located errors when wrong, kept through a load and
 * a save of the path and of the document, read out of a document whose
 * extras a program wrote, and set in a document's extras. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define KEYS "\"keys\": [{\"t\": 0, \"position\": [0, 0, 0], \"rotation\": [0, 0, 0, 1]}, {\"t\": 2, \"position\": [1, 0, 0], \"rotation\": [0, 0, 0, 1]}]"

/* A copy from the C library's allocator (the document's). */
static char *copy(const char *s)
{
    char *c = malloc(strlen(s) + 1);
    assert_non_null(c);
    return strcpy(c, s);
}

static cp_status load_doc(const char *audio, cp_document *doc, cp_error *err)
{
    char text[9000];
    snprintf(text, sizeof text, "{\"campath\": 1,\n \"audio\": %s,\n " KEYS "}", audio);
    return cp_document_load_memory(text, strlen(text), "a.json", doc, err);
}

static void audio_should_read_with_its_defaults(void **state)
{
    (void)state;
    cp_document doc;
    cp_error err;
    assert_int_equal(load_doc("{\"file\": \"music/beat.ogg\"}", &doc, &err), CP_OK);
    assert_int_equal(doc.warning_count, 0); /* a known member: no warning */
    cp_audio a;
    assert_int_equal(cp_document_audio(&doc, &a, &err), CP_OK);
    assert_string_equal(a.file, "music/beat.ogg");
    assert_true(a.offset == 0 && a.bpm == 0 && a.first_beat == 0);
    cp_document_free(&doc);

    assert_int_equal(load_doc("{\"first_beat\": 0.25, \"bpm\": 120, \"offset\": -1.5, \"file\": \"m.wav\"}", &doc, &err), CP_OK);
    assert_int_equal(cp_document_audio(&doc, &a, &err), CP_OK);
    assert_string_equal(a.file, "m.wav");
    assert_true(a.offset == -1.5 && a.bpm == 120 && a.first_beat == 0.25);
    cp_document_free(&doc);
}

static void a_path_without_audio_should_have_an_empty_file(void **state)
{
    (void)state;
    const char *text = "{\"campath\": 1, \"other\": 3, " KEYS "}";
    cp_error err;
    cp_path *p = cp_path_load_memory(text, strlen(text), "p.json", &err);
    assert_non_null(p);
    cp_audio a;
    memset(&a, 'x', sizeof a);
    assert_int_equal(cp_path_audio(p, &a, &err), CP_OK);
    assert_string_equal(a.file, "");
    assert_true(a.bpm == 0);
    cp_path_destroy(p);
}

static void wrong_audio_should_be_refused_where_it_is(void **state)
{
    (void)state;
    static const struct {
        const char *audio, *message, *field;
        int code;
    } cases[] = {
        {"\"m.ogg\"", "a.json:2:11: audio: ", "audio", CP_ERR_INVALID},
        {"{}", "a.json:2:11: audio: member \"file\" (the sound file, relative to the path file's folder) is missing", "audio", CP_ERR_INVALID},
        {"{\"file\": \"\"}", "a.json:2:20: audio.file: a file name, not an empty string", "audio.file", CP_ERR_INVALID},
        {"{\"file\": 3}", "a.json:2:20: audio.file: ", "audio.file", CP_ERR_INVALID},
        {"{\"file\": \"a\\u0000b\"}", "a.json:2:20: audio.file: contains a NUL", "audio.file", CP_ERR_INVALID},
        {"{\"file\": \"m.ogg\", \"bpm\": 0}", "a.json:2:36: audio.bpm: 0 is out of range (beats per minute, more than 0 and at most 1000)", "audio.bpm", CP_ERR_INVALID},
        {"{\"file\": \"m.ogg\", \"bpm\": 1000.5}", "a.json:2:36: audio.bpm: 1000.5 is out of range", "audio.bpm", CP_ERR_INVALID},
        {"{\"file\": \"m.ogg\", \"bpm\": \"fast\"}", "a.json:2:36: audio.bpm: ", "audio.bpm", CP_ERR_INVALID},
        {"{\"file\": \"m.ogg\", \"offset\": -1e7}", "a.json:2:39: audio.offset: -1e7 is out of range (seconds within ±1e6)", "audio.offset", CP_ERR_INVALID},
        {"{\"file\": \"m.ogg\", \"first_beat\": 2e6}", "a.json:2:43: audio.first_beat: 2e6 is out of range", "audio.first_beat", CP_ERR_INVALID},
        {"{\"file\": \"m.ogg\", \"volume\": 1}", "a.json:2:29: audio: unknown member \"volume\" (expected file, offset, bpm or first_beat)", "audio", CP_ERR_INVALID},
        {"{\"file\": \"m.ogg\", \"file\": \"n.ogg\"}", "a.json:2:37: audio.file: duplicate member (first at 2:20)", "audio.file", CP_ERR_INVALID},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cp_document doc;
        cp_error err;
        assert_int_equal(load_doc(cases[i].audio, &doc, &err), cases[i].code);
        if (strncmp(err.message, cases[i].message, strlen(cases[i].message)) != 0)
            fail_msg("case %zu: %s\n  expected it to start with %s", i, err.message, cases[i].message);
        assert_string_equal(err.field, cases[i].field);
    }
}

static void a_long_file_name_should_be_over_the_limit(void **state)
{
    (void)state;
    char audio[CP_AUDIO_MAX_FILE + 40];
    memset(audio, 'a', sizeof audio);
    memcpy(audio, "{\"file\": \"", 10);
    memcpy(audio + 10 + CP_AUDIO_MAX_FILE, "\"}", 3); /* exactly at the limit: accepted */
    cp_document doc;
    cp_error err;
    assert_int_equal(load_doc(audio, &doc, &err), CP_OK);
    cp_audio a;
    assert_int_equal(cp_document_audio(&doc, &a, &err), CP_OK);
    assert_int_equal(strlen(a.file), CP_AUDIO_MAX_FILE);
    cp_document_free(&doc);
    memcpy(audio + 10 + CP_AUDIO_MAX_FILE, "a\"}", 4);
    assert_int_equal(load_doc(audio, &doc, &err), CP_ERR_LIMIT);
    assert_non_null(strstr(err.message, "audio.file: 4097 bytes is over the limit of 4096 bytes (CP_AUDIO_MAX_FILE)"));
}

static void audio_should_survive_saving_the_path_and_the_document(void **state)
{
    (void)state;
    const char *member = "{\"file\": \"m.ogg\", \"offset\": 0.5, \"bpm\": 96, \"first_beat\": 0.125}";
    cp_document doc;
    cp_error err;
    assert_int_equal(load_doc(member, &doc, &err), CP_OK);
    size_t size;
    char *saved = cp_document_save_memory(&doc, &size, &err);
    assert_non_null(saved);
    assert_non_null(strstr(saved, "\"audio\": {\"file\": \"m.ogg\", \"offset\": 0.5, \"bpm\": 96, \"first_beat\": 0.125}"));
    cp_path *p = cp_path_load_memory(saved, size, "saved.json", &err);
    assert_non_null(p);
    char *again = cp_path_save_memory(p, &size, &err);
    assert_non_null(again);
    assert_string_equal(again, saved);
    cp_audio a;
    assert_int_equal(cp_path_audio(p, &a, &err), CP_OK);
    assert_string_equal(a.file, "m.ogg");
    assert_true(a.offset == 0.5 && a.bpm == 96 && a.first_beat == 0.125);
    free(again);
    free(saved);
    cp_path_destroy(p);
    cp_document_free(&doc);
}

static void audio_a_program_wrote_should_be_checked(void **state)
{
    (void)state;
    cp_document doc;
    cp_error err;
    assert_int_equal(load_doc("{\"file\": \"m.ogg\"}", &doc, &err), CP_OK);
    free(doc.extras); /* the document's allocator is the C library's */
    doc.extras = copy("{\"x\": 1, \"audio\": {\"file\": \"n.wav\", \"bpm\": -3}}");
    cp_audio a;
    assert_int_equal(cp_document_audio(&doc, &a, &err), CP_ERR_INVALID);
    assert_string_equal(err.field, "audio.bpm");
    assert_non_null(strstr(err.message, "audio.bpm: -3 is out of range"));
    assert_string_equal(a.file, "");
    free(doc.extras);
    doc.extras = copy("{\"audio\": {\"file\": \"n.wav\", \"bpm\": 60}}");
    assert_int_equal(cp_document_audio(&doc, &a, &err), CP_OK);
    assert_string_equal(a.file, "n.wav");
    assert_true(a.bpm == 60);
    cp_document_free(&doc);
}

static void set_audio_should_replace_add_and_take_out_the_member(void **state)
{
    (void)state;
    cp_document doc;
    cp_error err;
    assert_int_equal(load_doc("{\"file\": \"m.ogg\"}", &doc, &err), CP_OK);
    free(doc.extras);
    doc.extras = copy("{\"x\": [1, {\"y\": \"}\"}], \"audio\": {\"file\": \"m.ogg\"}, \"z\": true}");
    cp_audio a;
    memset(&a, 0, sizeof a);
    strcpy(a.file, "music/\"day\".wav");
    a.offset = -0.5, a.bpm = 128, a.first_beat = 0.1;
    assert_int_equal(cp_document_set_audio(&doc, &a, &err), CP_OK);
    /* in place, the others byte for byte; the name escaped, the numbers shortest */
    assert_string_equal(doc.extras, "{\"x\": [1, {\"y\": \"}\"}], \"audio\": {\"file\": \"music/\\\"day\\\".wav\", "
                                    "\"offset\": -0.5, \"bpm\": 128, \"first_beat\": 0.1}, \"z\": true}");
    cp_audio back;
    assert_int_equal(cp_document_audio(&doc, &back, &err), CP_OK);
    assert_string_equal(back.file, a.file);
    assert_true(back.offset == -0.5 && back.bpm == 128 && back.first_beat == 0.1);
    /* it saves and loads again */
    size_t size;
    char *saved = cp_document_save_memory(&doc, &size, &err);
    assert_non_null(saved);
    cp_document again;
    assert_int_equal(cp_document_load_memory(saved, size, "s.json", &again, &err), CP_OK);
    assert_int_equal(cp_document_audio(&again, &back, &err), CP_OK);
    assert_true(back.bpm == 128);
    cp_document_free(&again);
    free(saved);
    /* bad values: refused by field, the document unchanged */
    char *before = copy(doc.extras);
    a.bpm = 1001;
    assert_int_equal(cp_document_set_audio(&doc, &a, &err), CP_ERR_INVALID);
    assert_string_equal(err.field, "audio.bpm");
    a.bpm = 0, a.offset = 2e6;
    assert_int_equal(cp_document_set_audio(&doc, &a, &err), CP_ERR_INVALID);
    assert_string_equal(err.field, "audio.offset");
    a.offset = 0, a.first_beat = -INFINITY;
    assert_int_equal(cp_document_set_audio(&doc, &a, &err), CP_ERR_INVALID);
    assert_string_equal(err.field, "audio.first_beat");
    strcpy(a.file, "\xff.wav");
    a.first_beat = 0;
    assert_int_equal(cp_document_set_audio(&doc, &a, &err), CP_ERR_INVALID);
    assert_string_equal(err.field, "audio.file");
    assert_string_equal(doc.extras, before);
    free(before);
    /* taken out: the others stay; then none left: no extras */
    assert_int_equal(cp_document_set_audio(&doc, NULL, &err), CP_OK);
    assert_string_equal(doc.extras, "{\"x\": [1, {\"y\": \"}\"}], \"z\": true}");
    free(doc.extras);
    doc.extras = copy("{\"audio\": {\"file\": \"m.ogg\"}}");
    strcpy(a.file, "");
    assert_int_equal(cp_document_set_audio(&doc, &a, &err), CP_OK);
    assert_null(doc.extras);
    /* added to a document without extras; defaults not written */
    strcpy(a.file, "b.wav");
    assert_int_equal(cp_document_set_audio(&doc, &a, &err), CP_OK);
    assert_string_equal(doc.extras, "{\"audio\": {\"file\": \"b.wav\"}}");
    cp_document_free(&doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(audio_should_read_with_its_defaults),
        cmocka_unit_test(a_path_without_audio_should_have_an_empty_file),
        cmocka_unit_test(wrong_audio_should_be_refused_where_it_is),
        cmocka_unit_test(a_long_file_name_should_be_over_the_limit),
        cmocka_unit_test(audio_should_survive_saving_the_path_and_the_document),
        cmocka_unit_test(audio_a_program_wrote_should_be_checked),
        cmocka_unit_test(set_audio_should_replace_add_and_take_out_the_member),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/* tests/unit/test_corpus.c - replays the fuzz corpus and the test data through
 * the loader with the fuzz target's checks, with any compiler, in `make test`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The fuzz target's rule: fail with a message naming the source, or load,
 * save, and load again to the same keys. */
static void check_one(const char *file, void *ctx)
{
    (void)ctx;
    size_t size = 0;
    char *data = testutil_read_file(file, &size);
    assert_non_null(data);
    cp_error err;
    cp_path *p = cp_path_load_memory(data, size, "replay.json", &err);
    if (!p && strncmp(err.message, "replay.json", 11) != 0)
        fail_msg("%s: message does not name the source: %s", file, err.message);
    cp_path_destroy(p);
    cp_document doc, again;
    if (cp_document_load_memory(data, size, "replay.json", &doc, &err) == CP_OK) {
        size_t n;
        char *text = cp_document_save_memory(&doc, &n, &err);
        if (!text)
            fail_msg("%s loads but does not save: %s", file, err.message);
        if (cp_document_load_memory(text, n, "saved.json", &again, &err) != CP_OK)
            fail_msg("%s: the saved text does not load: %s", file, err.message);
        assert_int_equal(again.count, doc.count);
        assert_memory_equal(again.keys, doc.keys, doc.count * sizeof *doc.keys);
        cp_document_free(&again);
        cp_document_free(&doc);
        free(text);
    }
    free(data);
}

static void corpus_should_load_or_fail_cleanly(void **state)
{
    (void)state;
    assert_true(testutil_each_file("tests/fuzz/corpus", NULL, check_one, NULL) >= 6);
    assert_true(testutil_each_file("tests/data/bad", ".json", check_one, NULL) >= 40);
    assert_true(testutil_each_file("tests/data/good", ".json", check_one, NULL) >= 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_should_load_or_fail_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

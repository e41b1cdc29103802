/* tests/unit/test_corpus.c - replays the fuzz corpus and the test data through
 * the loader with the fuzz target's checks, with any compiler, in `make test`. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static char *read_all(const char *file, size_t *size)
{
    FILE *f = fopen(file, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    *size = fread(s, 1, (size_t)n, f);
    fclose(f);
    return s;
}

/* The fuzz target's rule: fail with a message naming the source, or load,
 * save, and load again to the same keys. */
static void check_one(const char *file)
{
    size_t size = 0;
    char *data = read_all(file, &size);
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

static size_t replay(const char *dir)
{
    size_t n = 0;
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strstr(e->d_name, ".expect"))
            continue;
        char file[1024];
        snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
        check_one(file);
        n++;
    }
    closedir(d);
    return n;
}

static void corpus_should_load_or_fail_cleanly(void **state)
{
    (void)state;
    assert_true(replay("tests/fuzz/corpus") >= 6);
    assert_true(replay("tests/data/bad") >= 40);
    assert_true(replay("tests/data/good") >= 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_should_load_or_fail_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

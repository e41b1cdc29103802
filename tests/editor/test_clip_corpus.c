/* SPDX-License-Identifier: MIT */
/* tests/editor/test_clip_corpus.c - replays the paste fuzz corpus through the
 * fuzz target itself (tests/fuzz/fuzz_clip.c, linked in), with any compiler,
 * in `make test`: each input into every path the target makes (its first
 * byte), and the target aborts on any paste that breaks its rules. */
#include <dirent.h>

#include "edtest.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void paste_corpus_should_paste_or_refuse_cleanly(void **state)
{
    (void)state;
    size_t n = 0;
    DIR *d = opendir("tests/fuzz/corpus_clip");
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char *file = edtest_path("tests/fuzz/corpus_clip", e->d_name);
        size_t size;
        unsigned char *data = (unsigned char *)testutil_read_file(file, &size);
        assert_non_null(data);
        for (int path = 0; size > 0 && path < 8; path++) {
            data[0] = (unsigned char)path;
            LLVMFuzzerTestOneInput(data, size);
        }
        free(data);
        free(file);
        n++;
    }
    closedir(d);
    assert_true(n >= 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(paste_corpus_should_paste_or_refuse_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* tests/unit/test_gltf_corpus.c - replays the glTF fuzz corpus and the glTF
 * test data through the fuzz target itself (tests/fuzz/fuzz_gltf.c, linked
 * in), with any compiler, in `make test`: the target aborts on any input
 * that breaks its rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void replay_one(const char *file, void *ctx)
{
    (void)ctx;
    size_t size = 0;
    unsigned char *data = (unsigned char *)testutil_read_file(file, &size);
    assert_non_null(data);
    /* every input with both option bits: the target takes them from the length */
    for (size_t cut = 0; cut < 4 && cut <= size; cut++)
        LLVMFuzzerTestOneInput(data, size - cut);
    free(data);
}

static void gltf_corpus_should_import_or_fail_cleanly(void **state)
{
    (void)state;
    assert_true(testutil_each_file("tests/fuzz/corpus_gltf", NULL, replay_one, NULL) >= 6);
    assert_true(testutil_each_file("tests/data/gltf", ".gltf", replay_one, NULL) >= 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gltf_corpus_should_import_or_fail_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

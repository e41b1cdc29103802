/* SPDX-License-Identifier: MIT */
/* tests/unit/test_gltf_corpus.c - replays the glTF fuzz corpus and the glTF
 * test data through the fuzz target itself (tests/fuzz/fuzz_gltf.c, linked
 * in), with any compiler, in `make test`: the target aborts on any input
 * that breaks its rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* every input with both option bits: the target takes them from the length */
static size_t replay(const char *dir, const char *suffix) { return testutil_replay(dir, suffix, 3, LLVMFuzzerTestOneInput); }

static void gltf_corpus_should_import_or_fail_cleanly(void **state)
{
    (void)state;
    assert_true(replay("tests/fuzz/corpus_gltf", NULL) >= 6);
    assert_true(replay("tests/data/gltf", ".gltf") >= 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gltf_corpus_should_import_or_fail_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

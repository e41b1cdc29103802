/* SPDX-License-Identifier: MIT */
/* tests/unit/test_link_corpus.c - replays the link's fuzz corpus through the
 * fuzz target itself (tests/fuzz/fuzz_link.c, linked in), with any
 * compiler, in `make test`: the target aborts on any input that breaks its
 * rules. Each input is also replayed cut short, byte by byte from the end,
 * as a connection that breaks mid-message would leave it. */
#include "testutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void link_corpus_should_read_or_refuse_cleanly(void **state)
{
    (void)state;
    assert_true(testutil_replay("tests/fuzz/corpus_link", NULL, 63, LLVMFuzzerTestOneInput) >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(link_corpus_should_read_or_refuse_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

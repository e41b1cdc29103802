/* SPDX-License-Identifier: MIT */
/* tests/unit/test_path_corpus.c - replays the path fuzz corpus and the path
 * test data through the fuzz target itself (tests/fuzz/fuzz_path.c, linked
 * in), with any compiler, in `make test`: the target aborts on any input
 * that breaks its rules, and an input that takes over a second fails here,
 * as libFuzzer's -timeout=1 fails it in `make fuzz`. An input that never
 * returns is stopped a few seconds on, naming the file (testutil_hang_guard). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Seconds an input may take (libFuzzer's -timeout in `make fuzz`). */
#define REPLAY_SECONDS 1.0
/* Seconds after which an input that has not returned is taken for a hang. */
#define REPLAY_ALARM 10

static char current[1100];

static void replay_one(const char *file, void *ctx)
{
    double *slowest = ctx;
    size_t size = 0;
    char *data = testutil_read_file(file, &size);
    assert_non_null(data);
    snprintf(current, sizeof current, "test_path_corpus: %s", file);
    testutil_hang_guard(current, REPLAY_ALARM, NULL);
    const double t0 = testutil_now();
    LLVMFuzzerTestOneInput((const uint8_t *)data, size);
    const double took = testutil_now() - t0;
    testutil_hang_clear();
    if (took > REPLAY_SECONDS)
        fail_msg("%s took %.2f s, more than the %.0f s an input may take", file, took, REPLAY_SECONDS);
    if (took > *slowest)
        *slowest = took;
    free(data);
}

static void path_corpus_should_load_sample_and_save_in_time(void **state)
{
    (void)state;
    double slowest = 0;
    assert_true(testutil_each_file("tests/fuzz/corpus_path", NULL, replay_one, &slowest) >= 10);
    assert_true(testutil_each_file("tests/data/good", ".json", replay_one, &slowest) >= 5);
    assert_true(testutil_each_file("tests/data/bad", ".json", replay_one, &slowest) >= 40);
    assert_true(testutil_each_file("paths", ".json", replay_one, &slowest) >= 1);
    printf("slowest input: %.3f s\n", slowest);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(path_corpus_should_load_sample_and_save_in_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

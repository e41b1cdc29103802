/* SPDX-License-Identifier: MIT */
/* tests/unit/test_path_corpus.c - replays the path fuzz corpus and the path
 * test data through the fuzz target itself (tests/fuzz/fuzz_path.c, linked
 * in), with any compiler, in `make test`: the target aborts on any input
 * that breaks its rules, and an input that takes over a second fails here,
 * as libFuzzer's -timeout=1 fails it in `make fuzz`. An input that never
 * returns is stopped by an alarm a few seconds on, naming the file. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Seconds an input may take (libFuzzer's -timeout in `make fuzz`). */
#define REPLAY_SECONDS 1.0
/* Seconds after which an input that has not returned is taken for a hang. */
#define REPLAY_ALARM 10

static char current[1024];

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "test_path_corpus: hangs (no return in 10 s): ";
    ssize_t rc = write(2, msg, sizeof msg - 1);
    rc = write(2, current, strlen(current));
    rc = write(2, "\n", 1);
    (void)rc;
    _exit(1);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void replay_one(const char *file, void *ctx)
{
    double *slowest = ctx;
    size_t size = 0;
    char *data = testutil_read_file(file, &size);
    assert_non_null(data);
    snprintf(current, sizeof current, "%s", file);
    alarm(REPLAY_ALARM);
    const double t0 = now();
    LLVMFuzzerTestOneInput((const uint8_t *)data, size);
    const double took = now() - t0;
    alarm(0);
    if (took > REPLAY_SECONDS)
        fail_msg("%s took %.2f s, more than the %.0f s an input may take", file, took, REPLAY_SECONDS);
    if (took > *slowest)
        *slowest = took;
    free(data);
}

static void path_corpus_should_load_sample_and_save_in_time(void **state)
{
    (void)state;
    signal(SIGALRM, on_alarm);
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

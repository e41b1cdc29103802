/* tests/unit/test_link_corpus.c - replays the link's fuzz corpus through the
 * fuzz target itself (tests/fuzz/fuzz_link.c, linked in), with any
 * compiler, in `make test`: the target aborts on any input that breaks its
 * rules. Each input is also replayed cut short, byte by byte from the end,
 * as a connection that breaks mid-message would leave it. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void link_corpus_should_read_or_refuse_cleanly(void **state)
{
    (void)state;
    size_t n = 0;
    DIR *d = opendir("tests/fuzz/corpus_link");
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char file[1024];
        snprintf(file, sizeof file, "tests/fuzz/corpus_link/%s", e->d_name);
        FILE *f = fopen(file, "rb");
        assert_non_null(f);
        unsigned char *data = malloc(1 << 20);
        assert_non_null(data);
        size_t size = fread(data, 1, 1 << 20, f);
        fclose(f);
        for (size_t cut = 0; cut <= size && cut < 64; cut++)
            LLVMFuzzerTestOneInput(data, size - cut);
        free(data);
        n++;
    }
    closedir(d);
    assert_true(n >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(link_corpus_should_read_or_refuse_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* tests/unit/test_gltf_corpus.c - replays the glTF fuzz corpus and the glTF
 * test data through the fuzz target itself (tests/fuzz/fuzz_gltf.c, linked
 * in), with any compiler, in `make test`: the target aborts on any input
 * that breaks its rules. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t replay(const char *dir, const char *suffix)
{
    size_t n = 0;
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || (suffix && (len < strlen(suffix) || strcmp(e->d_name + len - strlen(suffix), suffix))))
            continue;
        char file[1024];
        snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
        FILE *f = fopen(file, "rb");
        assert_non_null(f);
        unsigned char *data = malloc(1 << 20);
        assert_non_null(data);
        size_t size = fread(data, 1, 1 << 20, f);
        fclose(f);
        /* every input with both option bits: the target takes them from the length */
        for (size_t cut = 0; cut < 4 && cut <= size; cut++)
            LLVMFuzzerTestOneInput(data, size - cut);
        free(data);
        n++;
    }
    closedir(d);
    return n;
}

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

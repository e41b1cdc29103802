/* SPDX-License-Identifier: MIT */
/* tests/fuzz/fuzz_gltf.c - libFuzzer target for glTF and GLB import.
 *
 * Any input must either fail with a status and a message naming the source,
 * or import; a path that imports and exports again (export may refuse it,
 * with a message) must import from its own export to the same keys. The
 * same function replays tests/fuzz/corpus_gltf in `make test`
 * (tests/unit/test_gltf_corpus.c). Run with `make fuzz`. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "campath/campath.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_failure(const cp_error *err)
{
    if (err->code == CP_OK || strncmp(err->message, "fuzz.gltf", 9) != 0)
        abort(); /* a failure must say what failed, and in which input */
}

static void round_trip(const cp_path *path, int glb)
{
    cp_error err;
    size_t size = 0;
    void *out = glb ? cp_gltf_export_glb_memory(path, NULL, &size, &err)
                    : (void *)cp_gltf_export_memory(path, NULL, &size, &err);
    if (!out) {
        if (err.code == CP_OK || err.message[0] == '\0')
            abort();
        return;
    }
    cp_gltf_import_report rep;
    cp_path *back = cp_gltf_import_memory(out, size, "export.gltf", NULL, &rep, &err);
    if (!back || rep.source != CP_GLTF_IMPORT_EXACT || cp_path_key_count(back) != cp_path_key_count(path))
        abort(); /* what campath exports, it imports exactly */
    cp_path_destroy(back);
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the options taken from the input's length, so that every path through
     * the importer is reached */
    cp_gltf_import_options o = {.ignore_extras = (int)(size & 1), .refit = (int)(size >> 1 & 1)};
    cp_gltf_import_report rep;
    cp_error err;
    cp_path *path = cp_gltf_import_memory(data, size, "fuzz.gltf", &o, &rep, &err);
    if (!path) {
        check_failure(&err);
        return 0;
    }
    round_trip(path, 0);
    round_trip(path, 1);
    cp_path_destroy(path);
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* tests/fuzz/fuzz_load.c - libFuzzer target for the path file reader.
 *
 * Any input must either fail with a message naming the source, or load; a
 * document that loads must save, and its text must load again to the same
 * keys, bit for bit. Run with `make fuzz`. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "campath/campath.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cp_error err;
    cp_path *path = cp_path_load_memory((const char *)data, size, "fuzz.json", &err);
    if (!path) {
        if (err.code == CP_OK || strncmp(err.message, "fuzz.json", 9) != 0)
            abort();
    }
    cp_path_destroy(path);

    cp_document doc;
    if (cp_document_load_memory((const char *)data, size, "fuzz.json", &doc, &err) != CP_OK)
        return 0;
    size_t n;
    char *text = cp_document_save_memory(&doc, &n, &err);
    if (!text)
        abort(); /* whatever loads must save */
    cp_document again;
    if (cp_document_load_memory(text, n, "saved.json", &again, &err) != CP_OK)
        abort(); /* and load again */
    if (again.count != doc.count || memcmp(again.keys, doc.keys, doc.count * sizeof *doc.keys) != 0 ||
        again.options.ends != doc.options.ends)
        abort();
    cp_document_free(&again);
    free(text);
    cp_document_free(&doc);
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* tests/fuzz/fuzz_clip.c - libFuzzer target for pasting keys: any text on the
 * system clipboard, through the editor's paste command (clip.h), into a
 * path of 0 to 3 keys with the playhead at its start or its end.
 *
 * A paste either fails with a message and leaves the path as it was, or
 * adds the keys it says it pasted, selected, to a path that still builds;
 * what the editor copies of them then pastes again. The first byte of the
 * input chooses the path and the playhead; the rest is the text. The same
 * function replays tests/fuzz/corpus_clip in `make test`
 * (tests/editor/test_clip_corpus.c). Run with `make fuzz`. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "commands.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *give(void *ctx)
{
    const char *text = ctx;
    char *copy = text ? malloc(strlen(text) + 1) : NULL;
    if (copy)
        strcpy(copy, text);
    return copy;
}

/* Pastes; checks what it must. The key count after it. */
static size_t paste(ed_app *app)
{
    size_t before = ed_app_key_count(app);
    unsigned long revision = app->doc.cur.revision;
    if (ed_clip_paste(app) != 0) {
        if (app->base.message[0] == '\0' || !app->base.message_error || ed_app_key_count(app) != before ||
            app->doc.cur.revision != revision)
            abort(); /* a refused paste says why and changes nothing */
        return before;
    }
    size_t after = ed_app_key_count(app), pasted = ed_app_selected_count(app);
    if (after <= before || pasted != after - before || (after >= 2 && !app->doc.path))
        abort(); /* the keys pasted are the keys selected, and the path builds */
    return after;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    ed_app app;
    if (ed_app_init(&app) != 0)
        abort();
    ed_clipboard_host host = {text, NULL, give};
    ed_app_set_clipboard_host(&app, &host);
    for (int i = 0; i < (data[0] & 3); i++) {
        ed_app_place_camera(&app, cp_vec3_make(6.0 * i, 1, 0), cp_quat_identity());
        if (ed_record_key(&app, 0) != 0)
            abort();
    }
    if (data[0] & 4)
        ed_app_seek(&app, ed_app_start(&app) + ed_app_duration(&app));
    size_t before = ed_app_key_count(&app);
    size_t after = paste(&app);
    if (after > before) {
        /* what was pasted copies, and pastes again: from the editor's own clipboard now */
        size_t pasted = after - before;
        host.ctx = NULL;
        if (ed_clip_copy(&app) != 0 || paste(&app) != after + pasted)
            abort();
    }
    ed_app_free(&app);
    free(text);
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* tests/fuzz/fuzz_link.c - libFuzzer target for the link's messages
 * (campath/link.h, docs/link.md).
 *
 * The input is read twice: whole, as one message body, and as a stream of
 * frames (a 4-byte big-endian length, then that many bytes; a length past
 * the end takes what is left). Every body must either be refused with a
 * status and a message that names the message, or read; one that reads
 * (of a type this version knows) must write, and its text must read back
 * to the same message; a path inside must load or fail with a message
 * naming it. The same function replays tests/fuzz/corpus_link in
 * `make test` (tests/unit/test_link_corpus.c). Run with `make fuzz`. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "campath/campath.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same_camera(const cp_link_camera *a, const cp_link_camera *b)
{
    return a->time == b->time && !memcmp(&a->position, &b->position, sizeof a->position) &&
           !memcmp(&a->rotation, &b->rotation, sizeof a->rotation) && a->fov == b->fov && a->focus == b->focus &&
           a->aperture == b->aperture && a->on_path == b->on_path && (!a->on_path || a->path_time == b->path_time);
}

static int same(const cp_link_message *a, const cp_link_message *b)
{
    if (a->type != b->type || strcmp(a->type_name, b->type_name) != 0)
        return 0;
    switch (a->type) {
    case CP_LINK_HELLO:
        return a->version == b->version && a->oldest == b->oldest && !strcmp(a->name, b->name) &&
               !strcmp(a->token, b->token);
    case CP_LINK_WELCOME: return a->version == b->version && !strcmp(a->name, b->name) && a->pose_rate == b->pose_rate;
    case CP_LINK_BYE: return !strcmp(a->reason, b->reason) && !strcmp(a->text, b->text);
    case CP_LINK_PATH:
        return a->revision == b->revision && a->path_size == b->path_size &&
               !memcmp(a->path_text, b->path_text, a->path_size);
    case CP_LINK_PLAYHEAD:
        return a->playhead.time == b->playhead.time && a->playhead.rate == b->playhead.rate &&
               a->playhead.playing == b->playhead.playing && a->playhead.game_drives == b->playhead.game_drives;
    case CP_LINK_TAKE:
    case CP_LINK_GIVE: return a->blend == b->blend;
    case CP_LINK_SETTINGS: return a->pose_rate == b->pose_rate;
    case CP_LINK_CAMERA: return same_camera(&a->camera, &b->camera);
    case CP_LINK_APPLIED: return a->revision == b->revision;
    case CP_LINK_REFUSED: return a->revision == b->revision && !strcmp(a->text, b->text);
    default: return 1;
    }
}

static void one_body(const char *body, size_t size)
{
    cp_link_message m;
    cp_error err;
    if (cp_link_message_read(body, size, &m, &err) != CP_OK) {
        if (err.code == CP_OK || err.message[0] == '\0' || strchr(err.message, ':') == NULL)
            abort(); /* a refusal must say what was wrong, and where */
        return;
    }
    if (m.type == CP_LINK_PATH) {
        cp_path *path = cp_path_load_memory(m.path_text, m.path_size, "fuzz path", &err);
        if (!path && (err.code == CP_OK || strncmp(err.message, "fuzz path", 9) != 0))
            abort();
        cp_path_destroy(path);
    }
    if (m.type == CP_LINK_UNKNOWN)
        return;
    size_t n;
    char *text = cp_link_message_write(&m, &n, &err);
    if (!text)
        abort(); /* whatever reads must write */
    cp_link_message back;
    if (cp_link_message_read(text, n, &back, &err) != CP_OK || !same(&m, &back))
        abort(); /* and read back the same */
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    one_body((const char *)data, size);
    size_t at = 0;
    while (size - at >= 4) {
        size_t n = (size_t)data[at] << 24 | (size_t)data[at + 1] << 16 | (size_t)data[at + 2] << 8 | data[at + 3];
        at += 4;
        if (n > size - at)
            n = size - at;
        one_body((const char *)data + at, n);
        at += n;
    }
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* lib/json/json_audio.c - the path file's "audio" member (docs/format.md):
 * checked by the reader with located errors and kept verbatim with the
 * top-level extras (as "hidden" is), and read back out of the extras of a
 * document or a path as a cp_audio. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "json_reader.h"

enum { AUDIO_FILE, AUDIO_OFFSET, AUDIO_BPM, AUDIO_FIRST_BEAT, AUDIO_MEMBERS };
static const char *const audio_names[AUDIO_MEMBERS] = {"file", "offset", "bpm", "first_beat"};

/* A number member of "audio" within [lo, hi] (lo excluded when `open_lo`). */
static int audio_number(reader *r, const field *m, double lo, int open_lo, double hi, const char *range, double *out)
{
    size_t pos = r->s.pos;
    if (cpi_jr_read_number(r, m, out) != 0)
        return -1;
    if (*out < lo || (open_lo && *out == lo) || *out > hi) {
        char ex[40];
        return cpi_jr_fail(r, pos, m, CP_ERR_INVALID, "%s is out of range (%s)",
                           cpi_jr_excerpt(r->s.text + pos, r->s.pos - pos, ex), range);
    }
    return 0;
}

/* The "audio" object at the reader's position into *a. 0, or -1 with the
 * reader's error set. */
static int read_audio_object(reader *r, const field *f, cp_audio *a)
{
    memset(a, 0, sizeof *a);
    char c = cpi_jr_peek(r);
    if (c != '{')
        return cpi_jr_value_start(c)
                   ? cpi_jr_type_error(r, r->s.pos, f, "an object { \"file\": \"music.ogg\", ... }")
                   : cpi_scan_skip_value(&r->s);
    size_t object = r->s.pos;
    size_t seen[AUDIO_MEMBERS];
    for (int i = 0; i < AUDIO_MEMBERS; i++)
        seen[i] = NO_OFFSET;
    r->s.pos++;
    for (int first = 1;; first = 0) {
        size_t name_pos = 0, name_end = 0;
        int rc = cpi_jr_next_member(r, first, &name_pos, &name_end);
        if (rc < 0)
            return -1;
        if (rc == 0)
            break;
        int which = cpi_jr_known_member(r, audio_names, AUDIO_MEMBERS, seen, r->s.pos, f);
        if (which < -1)
            return -1;
        if (which < 0) {
            char ex[40];
            return cpi_jr_fail(r, name_pos, f, CP_ERR_INVALID,
                               "unknown member \"%s\" (expected file, offset, bpm or first_beat)",
                               cpi_jr_excerpt(r->str.decoded, r->str.length, ex));
        }
        field m = {f, audio_names[which], 0};
        size_t pos = r->s.pos;
        switch (which) {
        case AUDIO_FILE:
            if (cpi_jr_read_string(r, &m) != 0)
                return -1;
            if (r->str.has_nul)
                return cpi_jr_fail(r, pos, &m, CP_ERR_INVALID, "contains a NUL character (\\u0000)");
            if (r->str.length == 0)
                return cpi_jr_fail(r, pos, &m, CP_ERR_INVALID, "a file name, not an empty string");
            if (r->str.length > CP_AUDIO_MAX_FILE)
                return cpi_jr_fail(r, pos, &m, CP_ERR_LIMIT, "%zu bytes is over the limit of %d bytes (CP_AUDIO_MAX_FILE)",
                                   r->str.length, CP_AUDIO_MAX_FILE);
            memcpy(a->file, r->str.decoded, r->str.length);
            a->file[r->str.length] = '\0';
            break;
        case AUDIO_OFFSET:
            if (audio_number(r, &m, -CP_AUDIO_MAX_TIME, 0, CP_AUDIO_MAX_TIME, "seconds within ±1e6", &a->offset) != 0)
                return -1;
            break;
        case AUDIO_BPM:
            if (audio_number(r, &m, 0, 1, CP_AUDIO_MAX_BPM, "beats per minute, more than 0 and at most 1000", &a->bpm) != 0)
                return -1;
            break;
        default:
            if (audio_number(r, &m, -CP_AUDIO_MAX_TIME, 0, CP_AUDIO_MAX_TIME, "seconds within ±1e6", &a->first_beat) != 0)
                return -1;
            break;
        }
    }
    if (seen[AUDIO_FILE] == NO_OFFSET)
        return cpi_jr_fail(r, object, f, CP_ERR_INVALID,
                           "member \"file\" (the sound file, relative to the path file's folder) is missing");
    return 0;
}

int cpi_jr_read_audio(reader *r, const field *f, size_t name_pos, size_t name_end)
{
    size_t value = r->s.pos;
    cp_audio *a = cpi_alloc(r->alloc, sizeof *a); /* 4 KiB: not on the reader's stack */
    if (!a)
        return cpi_jr_out_of_memory(r);
    int rc = read_audio_object(r, f, a);
    cpi_free(r->alloc, a);
    if (rc != 0)
        return -1;
    cpi_buf *x = &r->top_extras;
    cpi_buf_append(x, x->len ? ", " : "{", x->len ? 2 : 1);
    cpi_buf_append(x, r->s.text + name_pos, name_end - name_pos);
    cpi_buf_append(x, ": ", 2);
    cpi_buf_append(x, r->s.text + value, r->s.pos - value);
    return x->failed ? cpi_jr_out_of_memory(r) : 0;
}

/* ---- out of the extras ------------------------------------------------------------- */

typedef struct find_audio {
    const char *value;
    size_t      size;
} find_audio;

static int audio_member(void *ctx, const char *name, size_t name_len, const char *value, size_t value_len)
{
    find_audio *fa = ctx;
    if (name_len == 7 && memcmp(name, "\"audio\"", 7) == 0) {
        fa->value = value;
        fa->size = value_len;
    }
    return CP_OK;
}

static cp_status audio_from_extras(const cp_allocator *alloc, const char *extras, cp_audio *audio, cp_error *error)
{
    memset(audio, 0, sizeof *audio);
    if (!extras) {
        cpi_error_clear(error);
        return CP_OK;
    }
    const cp_allocator A = cpi_allocator_copy(alloc);
    find_audio fa = {NULL, 0};
    cp_status st = cpi_json_object_members(&A, extras, "extras", audio_member, &fa, error);
    if (st != CP_OK)
        return st;
    if (!fa.value) {
        cpi_error_clear(error);
        return CP_OK;
    }
    reader r = {.alloc = &A, .s = {.text = fa.value, .size = fa.size, .unique = 1, .alloc = &A}, .source = "audio",
                .lc_line = 1, .lc_col = 1, .err_key = -1, .str = {.alloc = &A}, .names = {.alloc = &A}};
    field f = {NULL, "audio", 0};
    int rc = read_audio_object(&r, &f, audio);
    cpi_free(&A, r.str.buf);
    cpi_names_free(&r.names);
    if (rc == 0) {
        cpi_error_clear(error);
        return CP_OK;
    }
    memset(audio, 0, sizeof *audio);
    if (r.s.failed)
        return cpi_error_set(error, r.s.err_code, "audio: %s", r.s.err);
    cpi_error_set(error, r.code, "%s", r.err);
    cpi_error_field(error, -1, r.err_field);
    return r.code;
}

cp_status cp_document_audio(const cp_document *doc, cp_audio *audio, cp_error *error)
{
    return audio_from_extras(&doc->allocator, doc->extras, audio, error);
}

cp_status cp_path_audio(const cp_path *path, cp_audio *audio, cp_error *error)
{
    return audio_from_extras(NULL, cp_path_extras(path), audio, error);
}

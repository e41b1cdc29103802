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

/* ---- into the extras ------------------------------------------------------------------------------- */

typedef struct put_audio {
    cpi_buf       *o;
    const cpi_buf *member; /* the new member's value, or NULL to take it out */
    int            put;    /* the member was written where the old one was */
} put_audio;

static int put_member_or_audio(void *ctx, const char *name, size_t name_len, const char *value, size_t value_len)
{
    put_audio *p = ctx;
    const int audio = name_len == 7 && memcmp(name, "\"audio\"", 7) == 0;
    if (audio && (!p->member || p->put))
        return CP_OK;
    cpi_buf_append(p->o, p->o->len ? ", " : "{", p->o->len ? 2 : 1);
    cpi_buf_append(p->o, name, name_len);
    cpi_buf_append(p->o, ": ", 2);
    if (audio) {
        cpi_buf_append(p->o, p->member->data, p->member->len);
        p->put = 1;
    } else {
        cpi_buf_append(p->o, value, value_len);
    }
    return CP_OK;
}

/* Whether `a` is a member the reader would take; the error names its field. */
static cp_status check_audio(const cp_audio *a, cp_error *error)
{
    const char *end = memchr(a->file, 0, sizeof a->file);
    const size_t n = end ? (size_t)(end - a->file) : sizeof a->file;
    if (n > CP_AUDIO_MAX_FILE)
        return cpi_error_at(error, CP_ERR_LIMIT, -1, "audio.file",
                            "audio.file: over the limit of %d bytes (CP_AUDIO_MAX_FILE)", CP_AUDIO_MAX_FILE);
    const size_t bad = cpi_utf8_invalid(a->file, n);
    if (bad < n)
        return cpi_error_at(error, CP_ERR_INVALID, -1, "audio.file",
                            "audio.file: byte %zu (0x%02X) is not well-formed UTF-8 (a path file is UTF-8 text)", bad,
                            (unsigned)(unsigned char)a->file[bad]);
    if (!(fabs(a->offset) <= CP_AUDIO_MAX_TIME))
        return cpi_error_at(error, CP_ERR_INVALID, -1, "audio.offset",
                            "audio.offset: %g is out of range (seconds within ±1e6)", a->offset);
    if (!(fabs(a->first_beat) <= CP_AUDIO_MAX_TIME))
        return cpi_error_at(error, CP_ERR_INVALID, -1, "audio.first_beat",
                            "audio.first_beat: %g is out of range (seconds within ±1e6)", a->first_beat);
    if (!(a->bpm >= 0 && a->bpm <= CP_AUDIO_MAX_BPM))
        return cpi_error_at(error, CP_ERR_INVALID, -1, "audio.bpm",
                            "audio.bpm: %g is out of range (beats per minute, more than 0 and at most 1000; 0: no "
                            "beat grid)",
                            a->bpm);
    return CP_OK;
}

cp_status cp_document_set_audio(cp_document *doc, const cp_audio *audio, cp_error *error)
{
    const cp_allocator *A = &doc->allocator;
    const int set = audio && audio->file[0];
    cpi_buf member = {.alloc = A};
    if (set) {
        cp_status st = check_audio(audio, error);
        if (st != CP_OK)
            return st;
        /* the members the reader takes, the optional ones only when not their defaults */
        cpi_buf_puts(&member, "{\"file\": ");
        cpi_buf_json_string(&member, audio->file, strlen(audio->file));
        const char *const names[3] = {"offset", "bpm", "first_beat"};
        const double values[3] = {audio->offset, audio->bpm, audio->first_beat};
        for (int i = 0; i < 3; i++)
            if (values[i] != 0) {
                cpi_buf_printf(&member, ", \"%s\": ", names[i]);
                cpi_buf_double(&member, values[i]);
            }
        cpi_buf_puts(&member, "}");
        if (member.failed)
            return cpi_error_set(error, CP_ERR_MEMORY, "out of memory");
    }
    cpi_buf o = {.alloc = A};
    put_audio p = {&o, set ? &member : NULL, 0};
    if (doc->extras) {
        cp_status st = cpi_json_object_members(A, doc->extras, "extras", put_member_or_audio, &p, error);
        if (st != CP_OK) {
            cpi_buf_free(&member);
            cpi_buf_free(&o);
            return st;
        }
    }
    if (set && !p.put) {
        cpi_buf_append(&o, o.len ? ", " : "{", o.len ? 2 : 1);
        cpi_buf_puts(&o, "\"audio\": ");
        cpi_buf_append(&o, member.data, member.len);
    }
    cpi_buf_free(&member);
    if (o.len)
        cpi_buf_append(&o, "}", 1);
    if (o.failed) {
        cpi_buf_free(&o);
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory");
    }
    char *text = o.len ? cpi_buf_take(&o, NULL) : NULL;
    cpi_buf_free(&o);
    cpi_free(A, doc->extras);
    doc->extras = text;
    cpi_error_clear(error);
    return CP_OK;
}

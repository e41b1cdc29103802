/* SPDX-License-Identifier: MIT */
/* lib/json/json_sequence.c - a sequence file (docs/format.md, "Sequences"):
 * the path file's reader with "shots" in place of "keys", then each shot's
 * path, from a file next to the sequence or inline, and the shots' checks
 * of the path layer, every error placed in the sequence file. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_reader.h"

/* ---- reading the shots ----------------------------------------------------------------- */

static const char *const shot_names[CPI_SHOT_MEMBERS] = {"path", "from", "to", "blend", "shake"};

static int grow_shots(reader *r)
{
    cpi_shots *s = r->shots;
    if (s->n < s->cap)
        return 0;
    if (s->n >= CP_SEQUENCE_MAX_SHOTS)
        return cpi_jr_fail(r, r->s.pos, NULL, CP_ERR_LIMIT, "more than %d shots (CP_SEQUENCE_MAX_SHOTS)",
                           CP_SEQUENCE_MAX_SHOTS);
    const size_t cap = s->cap ? 2 * s->cap : 8;
    cpi_shot_entry *e = cpi_alloc_array(NULL, cap, sizeof *e);
    if (!e)
        return cpi_jr_out_of_memory(r);
    if (s->n)
        memcpy(e, s->e, s->n * sizeof *e);
    cpi_free(NULL, s->e);
    s->e = e, s->cap = cap;
    return 0;
}

/* "path": a file name (relative to the sequence's folder) or a path object. */
static int read_shot_path(reader *r, const field *m, cpi_shot_entry *e)
{
    const char c = cpi_jr_peek(r);
    if (c == '{')
        return cpi_scan_skip_value(&r->s); /* read as a path once the whole file is known to be well-formed */
    if (c != '"')
        return cpi_jr_value_start(c) ? cpi_jr_type_error(r, r->s.pos, m, "a path file name or a path object")
                                     : cpi_scan_skip_value(&r->s);
    const size_t pos = r->s.pos;
    if (cpi_jr_read_string(r, m) != 0)
        return -1;
    if (r->str.has_nul || r->str.length == 0)
        return cpi_jr_fail(r, pos, m, CP_ERR_INVALID, "%s", r->str.length ? "contains a NUL character (\\u0000)"
                                                                          : "an empty file name");
    if ((e->file = cpi_alloc_array(NULL, r->str.length + 1, 1)) == NULL)
        return cpi_jr_out_of_memory(r);
    memcpy(e->file, r->str.decoded, r->str.length);
    e->file[r->str.length] = '\0';
    return 0;
}

static int read_shot(reader *r, const field *f)
{
    cpi_shots *s = r->shots;
    cpi_shot_entry *e = &s->e[s->n];
    memset(e, 0, sizeof *e);
    size_t seen[CPI_SHOT_MEMBERS];
    for (int m = 0; m < CPI_SHOT_MEMBERS; m++)
        seen[m] = NO_OFFSET;
    const size_t start = r->s.pos, mark = r->names.n;
    if (cpi_jr_peek(r) != '{')
        return cpi_jr_value_start(cpi_jr_peek(r)) ? cpi_jr_type_error(r, start, f, "a shot object { \"path\": ... }")
                                                  : cpi_scan_skip_value(&r->s);
    r->s.pos++;
    s->n++; /* from here on the entry is the reader's to free */
    cpi_buf ignored = {0};
    int rc = 0;
    for (int first = 1;; first = 0) {
        size_t name_pos = 0, name_end = 0;
        rc = cpi_jr_next_member(r, first, &name_pos, &name_end);
        if (rc <= 0)
            break;
        const int which = cpi_jr_known_member(r, shot_names, CPI_SHOT_MEMBERS, seen, r->s.pos, f);
        if (which < -1) {
            rc = -1;
            break;
        }
        field m = {f, which >= 0 ? shot_names[which] : NULL, 0};
        switch (which) {
        case CPI_SHOT_PATH: rc = read_shot_path(r, &m, e); break;
        case CPI_SHOT_FROM: rc = cpi_jr_read_number(r, &m, &e->from); break;
        case CPI_SHOT_TO: rc = cpi_jr_read_number(r, &m, &e->to); break;
        case CPI_SHOT_BLEND: rc = cpi_jr_read_number(r, &m, &e->blend); break;
        case CPI_SHOT_SHAKE: rc = cpi_jr_read_shake(r, &m, &e->shake); break;
        default: rc = cpi_jr_keep_unknown(r, &ignored, name_pos, name_end, f); break; /* a warning; not kept */
        }
        if (rc != 0)
            break;
    }
    cpi_buf_free(&ignored);
    if (rc < 0 || cpi_jr_unique_names(r, mark, f) != 0)
        return -1;
    if (seen[CPI_SHOT_PATH] == NO_OFFSET)
        return cpi_jr_fail(r, start, f, CP_ERR_INVALID,
                           "member \"path\" is missing (a path file name relative to the sequence, or a path object)");
    e->object = (uint32_t)start;
    for (int m = 0; m < CPI_SHOT_MEMBERS; m++)
        e->member[m] = seen[m] == NO_OFFSET ? NO_OFFSET : (uint32_t)seen[m];
    /* absent: the whole path (the path layer's 0, 0) */
    if (seen[CPI_SHOT_FROM] == NO_OFFSET || seen[CPI_SHOT_TO] == NO_OFFSET) {
        e->from = seen[CPI_SHOT_FROM] == NO_OFFSET ? NAN : e->from;
        e->to = seen[CPI_SHOT_TO] == NO_OFFSET ? NAN : e->to;
    }
    return 0;
}

int cpi_jr_read_shots(reader *r, const field *f)
{
    char what[32];
    r->shots->seen = 1;
    r->shots->member = (uint32_t)r->s.pos;
    if (cpi_jr_peek(r) != '[')
        return cpi_jr_value_start(cpi_jr_peek(r)) ? cpi_jr_type_error(r, r->s.pos, f, "an array of shots")
                                                  : cpi_scan_skip_value(&r->s);
    r->s.pos++;
    if (cpi_jr_peek(r) == ']') {
        r->s.pos++;
        return 0;
    }
    for (;;) {
        if (grow_shots(r) != 0)
            return -1;
        field e = {f, NULL, r->shots->n};
        if (read_shot(r, &e) != 0)
            return -1;
        const char c = cpi_jr_peek(r);
        if (c == ']') {
            r->s.pos++;
            return 0;
        }
        if (c != ',')
            return cpi_scan_fail(&r->s, r->s.pos, "',' or ']' expected after a shot, found %s",
                                 cpi_scan_what(&r->s, r->s.pos, what));
        r->s.pos++;
        if (cpi_jr_peek(r) == ']')
            return cpi_scan_fail(&r->s, r->s.pos, "a value is expected after ',' (JSON allows no trailing comma)");
    }
}

void cpi_shots_free(cpi_shots *shots)
{
    for (size_t i = 0; i < shots->n; i++)
        cpi_free(NULL, shots->e[i].file);
    for (size_t i = 0; i < shots->warning_count; i++)
        cpi_free(NULL, shots->warnings[i]);
    cpi_free(NULL, shots->warnings);
    cpi_free(NULL, shots->e);
    cpi_free(NULL, shots->name);
    memset(shots, 0, sizeof *shots);
}

/* ---- loading the shots' paths ---------------------------------------------------------- */

uint64_t cpi_hash_bytes(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

void cpi_sequence_files_free(cpi_sequence_files *files)
{
    if (!files)
        return;
    for (size_t i = 0; i < files->count; i++)
        cpi_free(NULL, files->names[i]);
    cpi_free(NULL, files->names);
    memset(files, 0, sizeof *files);
}

/* Fills `error` with a message about shot i's member placed in the
 * sequence file: "SOURCE:LINE:COL: shots[i].MEMBER: " and the text. */
static int place(const char *text, const char *source, const cpi_shot_entry *e, size_t i, int member, int code,
                 cp_error *error, const char *what)
{
    unsigned long line, col;
    const uint32_t pos = member >= 0 && e->member[member] != NO_OFFSET ? e->member[member] : e->object;
    cpi_line_col(text, pos, &line, &col);
    char f[64];
    snprintf(f, sizeof f, "shots[%zu]%s%s", i, member >= 0 ? "." : "", member >= 0 ? shot_names[member] : "");
    cpi_error_set(error, (cp_status)code, "%s:%lu:%lu: %s: %s", source, line, col, f, what);
    cpi_error_field(error, (long)i, f);
    error->line = line, error->column = col;
    return code;
}

/* A shot's file name must stay inside the sequence's folder: relative,
 * without ".." (a sequence from elsewhere cannot make a game read any other
 * file). NULL if it may be read, else why not. */
static const char *refuse_name(const char *name)
{
    if (name[0] == '/' || name[0] == '\\' || (name[0] && name[1] == ':'))
        return "is an absolute name: a shot's file is named relative to the sequence's folder";
    if (strchr(name, '\\'))
        return "contains '\\': separate folders with '/'";
    for (const char *p = name; *p;) {
        const size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.')
            return "contains \"..\": a shot's file must be in the sequence's folder or below it";
        p += n + (p[n] == '/');
    }
    return NULL;
}

static char *join(const char *folder, const char *name)
{
    const size_t a = strlen(folder), b = strlen(name);
    char *out = cpi_alloc_array(NULL, a + b + 2, 1);
    if (out)
        snprintf(out, a + b + 2, "%s%s%s", folder, a && folder[a - 1] != '/' ? "/" : "", name);
    return out;
}

static int note_file(cpi_sequence_files *files, const char *name)
{
    if (!files)
        return 0;
    char **n = cpi_alloc_array(NULL, files->count + 1, sizeof *n);
    char *copy = cpi_strdup(NULL, name);
    if (!n || !copy) {
        cpi_free(NULL, n);
        cpi_free(NULL, copy);
        return -1;
    }
    if (files->count)
        memcpy(n, files->names, files->count * sizeof *n);
    cpi_free(NULL, files->names);
    files->names = n;
    files->names[files->count++] = copy;
    return 0;
}

/* Shot i's path: from its file or inline. NULL with `error` placed. */
/* Moves an inline path's warnings to the sequence's (dropped when memory runs out: they are only warnings). */
static void keep_warnings(cpi_shots *shots, cp_document *doc)
{
    if (!doc->warning_count)
        return;
    char **w = cpi_alloc_array(NULL, shots->warning_count + doc->warning_count, sizeof *w);
    if (!w)
        return;
    if (shots->warning_count)
        memcpy(w, shots->warnings, shots->warning_count * sizeof *w);
    memcpy(w + shots->warning_count, doc->warnings, doc->warning_count * sizeof *w);
    cpi_free(NULL, shots->warnings);
    shots->warnings = w;
    shots->warning_count += doc->warning_count;
    cpi_free(NULL, doc->warnings);
    doc->warnings = NULL, doc->warning_count = 0;
}

static cp_path *shot_path(const char *text, size_t size, const char *source, const char *folder,
                          const cpi_shot_entry *e, size_t i, cpi_sequence_files *files, char **joined,
                          cpi_shots *shots, cp_error *error)
{
    cp_error inner;
    char what[256];
    if (!e->file) {
        cp_document doc;
        cp_path *p = NULL;
        char prefix[48];
        snprintf(prefix, sizeof prefix, "shots[%zu].path", i);
        if (cpi_document_parse_at(text, size, e->member[CPI_SHOT_PATH], prefix, source, &doc, &p, &inner) != CP_OK) {
            /* "SOURCE:L:C: FIELD: ..." becomes "SOURCE:L:C: shots[i].path.FIELD: ..." */
            char head[300];
            snprintf(head, sizeof head, "%s:%lu:%lu: ", source, inner.line, inner.column);
            const size_t hn = strlen(head);
            const char *rest = strncmp(inner.message, head, hn) == 0 ? inner.message + hn : inner.message;
            char f[128];
            const size_t fn = strlen(inner.field);
            if (fn && strncmp(rest, inner.field, fn) == 0 && rest[fn] == ':')
                snprintf(f, sizeof f, "shots[%zu].path.%s", i, inner.field), rest += fn + 2;
            else
                snprintf(f, sizeof f, "shots[%zu].path", i);
            cpi_error_set(error, inner.code, "%s%s: %s", head, f, rest);
            cpi_error_field(error, (long)i, f);
            error->line = inner.line, error->column = inner.column;
            return NULL;
        }
        keep_warnings(shots, &doc);
        cp_document_free(&doc);
        return p;
    }
    const char *why = refuse_name(e->file);
    if (why) {
        snprintf(what, sizeof what, "\"%.80s\" %s", e->file, why);
        place(text, source, e, i, CPI_SHOT_PATH, CP_ERR_INVALID, error, what);
        return NULL;
    }
    if (!folder) {
        snprintf(what, sizeof what, "\"%.80s\": a sequence read from memory has no folder to find shot files in "
                 "(give one, or an inline path)", e->file);
        place(text, source, e, i, CPI_SHOT_PATH, CP_ERR_INVALID, error, what);
        return NULL;
    }
    char *name = join(folder, e->file);
    if (!name || note_file(files, name) != 0) {
        cpi_free(NULL, name);
        place(text, source, e, i, CPI_SHOT_PATH, CP_ERR_MEMORY, error, "out of memory");
        return NULL;
    }
    char *ftext;
    size_t fsize;
    cp_path *p = NULL;
    if (cpi_read_file(NULL, name, &ftext, &fsize, &inner) == CP_OK) {
        if (files)
            files->hash = cpi_hash_bytes(files->hash ? files->hash : 0xcbf29ce484222325ull, ftext, fsize);
        p = cp_path_load_memory(ftext, fsize, name, &inner);
        cpi_free(NULL, ftext);
    }
    if (p)
        *joined = name;
    else
        cpi_free(NULL, name);
    if (!p) {
        snprintf(what, sizeof what, "%s", inner.message);
        place(text, source, e, i, CPI_SHOT_PATH, inner.code, error, what);
    }
    return p;
}

cp_sequence *cpi_sequence_load_text(const char *text, size_t size, const char *source, const char *folder,
                                    cpi_sequence_files *files, cp_error *error)
{
    cp_error local;
    if (!error)
        error = &local;
    if (files)
        memset(files, 0, sizeof *files);
    source = source ? source : "<memory>";
    cpi_shots shots = {0};
    if (cpi_shots_parse(text, size, source, &shots, error) != CP_OK)
        return NULL;
    cp_shot *list = cpi_alloc_array(NULL, shots.n ? shots.n : 1, sizeof *list);
    char **joined = cpi_alloc_array(NULL, shots.n ? shots.n : 1, sizeof *joined);
    if (!list || !joined) {
        cpi_free(NULL, list);
        cpi_free(NULL, joined);
        cpi_shots_free(&shots);
        cpi_error_set(error, CP_ERR_MEMORY, "%s: out of memory for %zu shots", source, shots.n);
        return NULL;
    }
    size_t built = 0;
    cp_sequence *seq = NULL;
    for (; built < shots.n; built++) {
        const cpi_shot_entry *e = &shots.e[built];
        list[built] = (cp_shot){.from = e->from, .to = e->to, .blend = e->blend, .shake = e->shake};
        joined[built] = NULL;
        if (!(list[built].path = shot_path(text, size, source, folder, e, built, files, &joined[built], &shots, error)))
            goto done;
    }
    for (size_t i = 0; i < shots.n; i++) {
        /* an absent from or to: the path's start or end */
        const cp_path *p = list[i].path;
        if (list[i].from != list[i].from)
            list[i].from = cp_path_start(p);
        if (list[i].to != list[i].to)
            list[i].to = cp_path_start(p) + cp_path_duration(p);
    }
    seq = cpi_sequence_build(list, shots.n, 1, error);
    if (!seq) {
        if (shots.n == 0) {
            unsigned long line, col;
            cpi_line_col(text, shots.member, &line, &col);
            cpi_error_prefix(error, "%s:%lu:%lu: ", source, line, col);
            error->line = line, error->column = col;
        } else {
            const size_t i = error->key >= 0 && (size_t)error->key < shots.n ? (size_t)error->key : 0;
            const char *dot = strchr(error->field, '.');
            int member = -1;
            for (int m = 0; dot && m < CPI_SHOT_MEMBERS; m++)
                if (strcmp(dot + 1, shot_names[m]) == 0)
                    member = m;
            if (member >= 0 && shots.e[i].member[member] == NO_OFFSET)
                member = CPI_SHOT_PATH; /* a default from or to: the path it comes from */
            unsigned long line, col;
            const cpi_shot_entry *e = &shots.e[i];
            cpi_line_col(text, member >= 0 ? e->member[member] : e->object, &line, &col);
            cpi_error_prefix(error, "%s:%lu:%lu: ", source, line, col);
            error->line = line, error->column = col;
        }
        goto done;
    }
    cpi_sequence_take_warnings(seq, shots.warnings, shots.warning_count);
    shots.warnings = NULL, shots.warning_count = 0;
    int failed = cpi_sequence_set_name(seq, shots.name) != CP_OK;
    for (size_t i = 0; i < shots.n && !failed; i++)
        failed = cpi_sequence_set_file(seq, i, joined[i]) != CP_OK;
    if (failed) {
        cp_sequence_destroy(seq);
        seq = NULL;
        cpi_error_set(error, CP_ERR_MEMORY, "%s: out of memory", source);
    }
done:
    if (!seq)
        for (size_t i = 0; i < built; i++)
            cp_path_destroy((cp_path *)(void *)(uintptr_t)list[i].path);
    for (size_t i = 0; i < built; i++)
        cpi_free(NULL, joined[i]);
    cpi_free(NULL, joined);
    cpi_free(NULL, list);
    cpi_shots_free(&shots);
    if (seq)
        cpi_error_clear(error);
    return seq;
}

/* ---- the public calls ------------------------------------------------------------------ */

cp_sequence *cp_sequence_load_memory(const char *text, size_t size, const char *source, const char *folder,
                                     cp_error *error)
{
    return cpi_sequence_load_text(text, size, source, folder, NULL, error);
}

/* The folder of `file` ("." for a bare name). */
static char *folder_of(const char *file)
{
    const char *slash = strrchr(file, '/');
    if (!slash)
        return cpi_strdup(NULL, ".");
    const size_t n = slash == file ? 1 : (size_t)(slash - file);
    char *out = cpi_alloc_array(NULL, n + 1, 1);
    if (out) {
        memcpy(out, file, n);
        out[n] = '\0';
    }
    return out;
}

cp_sequence *cpi_sequence_load_file(const char *file, cpi_sequence_files *files, uint64_t *hash, cp_error *error)
{
    char *text;
    size_t size;
    if (files)
        memset(files, 0, sizeof *files);
    if (cpi_read_file(NULL, file, &text, &size, error) != CP_OK)
        return NULL;
    if (hash)
        *hash = cpi_hash_bytes(0xcbf29ce484222325ull, text, size);
    char *folder = folder_of(file);
    cp_sequence *seq = NULL;
    if (!folder)
        cpi_error_set(error, CP_ERR_MEMORY, "%s: out of memory", file);
    else
        seq = cpi_sequence_load_text(text, size, file, folder, files, error);
    cpi_free(NULL, folder);
    cpi_free(NULL, text);
    return seq;
}

cp_sequence *cp_sequence_load(const char *file, cp_error *error)
{
    return cpi_sequence_load_file(file, NULL, NULL, error);
}

bool cp_json_is_sequence(const char *text, size_t size)
{
    cpi_scan s = {.text = text, .size = size};
    if (size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        s.pos = 3;
    cpi_scan_ws(&s);
    if (s.pos >= size || text[s.pos] != '{')
        return false;
    s.pos++;
    cpi_string name = {0};
    bool found = false;
    for (int first = 1; !found; first = 0) {
        cpi_scan_ws(&s);
        if (s.pos >= size || text[s.pos] == '}')
            break;
        if (!first) {
            if (text[s.pos] != ',')
                break;
            s.pos++;
            cpi_scan_ws(&s);
        }
        if (s.pos >= size || text[s.pos] != '"' || cpi_scan_string(&s, &name) != 0)
            break;
        found = name.length == 5 && !name.has_nul && memcmp(name.decoded, "shots", 5) == 0;
        cpi_scan_ws(&s);
        if (s.pos >= size || text[s.pos] != ':')
            break;
        s.pos++;
        cpi_scan_ws(&s);
        if (!found && cpi_scan_skip_value(&s) != 0)
            break;
    }
    cpi_free(NULL, name.buf);
    return found;
}

bool cp_json_file_is_sequence(const char *file)
{
    char *text;
    size_t size;
    if (cpi_read_file(NULL, file, &text, &size, NULL) != CP_OK)
        return false;
    const bool is = cp_json_is_sequence(text, size);
    cpi_free(NULL, text);
    return is;
}

/* SPDX-License-Identifier: MIT */
/* lib/json/json_members.c - the JSON reader's primitives: messages with their
 * field paths, numbers, strings, arrays of numbers, object members, and the
 * members campath does not know (kept verbatim, with a warning). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_reader.h"

const char *const cpi_json_channel_names[3] = {"position", "rotation", "fov"};
const char *const cpi_json_key_names[CPI_KEY_MEMBERS] = {"t",    "position", "rotation", "target", "roll",
                                                         "fov",  "focus",    "aperture", "hold", "shake_scale",
                                                         "frame_width", "ease"};

/* ---- messages ------------------------------------------------------------------------ */

static size_t format_field(const field *f, char *buf, size_t size)
{
    if (!f || size == 0)
        return 0;
    size_t n = format_field(f->parent, buf, size);
    if (n >= size)
        return n;
    int w = f->member ? snprintf(buf + n, size - n, "%s%s", f->parent ? "." : "", f->member)
                      : snprintf(buf + n, size - n, "[%zu]", f->index);
    return n + (w > 0 ? (size_t)w : 0);
}

/* The index of the key a field lies in (keys[3].position[1] -> 3), or of
 * the shot in a sequence (shots[2].blend -> 2), or -1. */
static long key_of(const field *f)
{
    for (; f && f->parent; f = f->parent)
        if (!f->member && f->parent->member && !f->parent->parent &&
            (strcmp(f->parent->member, "keys") == 0 || strcmp(f->parent->member, "shots") == 0))
            return (long)f->index;
    return -1;
}

/* Records an error about the value at `pos` (the first one wins); returns -1. */
int cpi_jr_fail(reader *r, size_t pos, const field *f, int code, const char *fmt, ...)
{
    if (r->code != CP_OK)
        return -1;
    char what[192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    format_field(f, r->err_field, sizeof r->err_field);
    snprintf(r->err, sizeof r->err, "%s%s%s", r->err_field, r->err_field[0] ? ": " : "", what);
    r->err_key = key_of(f);
    r->code = code;
    r->err_pos = pos;
    return -1;
}

/* Text for a message: at most 32 bytes, with anything unprintable as '?'. */
const char *cpi_jr_excerpt(const char *s, size_t len, char buf[40])
{
    size_t n = len > 32 ? 32 : len;
    for (size_t i = 0; i < n; i++)
        buf[i] = (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x7F ? s[i] : '?';
    strcpy(buf + n, len > 32 ? "..." : "");
    return buf;
}

/* "string \"abc\"", "true", "an object": what the value at pos is, for "X expected, got ...". */
const char *cpi_jr_describe(reader *r, size_t pos, char buf[64])
{
    const char *t = r->s.text + pos;
    char ex[40];
    switch (*t) {
    case '{': return "an object";
    case '[': return "an array";
    case 't': return "true";
    case 'f': return "false";
    case 'n': return "null";
    case '"': {
        const char *end = t + 1, *limit = r->s.text + r->s.size;
        while (end < limit && *end != '"')
            end += *end == '\\' && end + 1 < limit ? 2 : 1;
        snprintf(buf, 64, "string \"%s\"", cpi_jr_excerpt(t + 1, (size_t)(end - t - 1), ex));
        return buf;
    }
    default: {
        size_t n = 0;
        while (pos + n < r->s.size && strchr("+-.eE0123456789", t[n]) && t[n])
            n++;
        snprintf(buf, 64, "number %s", cpi_jr_excerpt(t, n, ex));
        return buf;
    }
    }
}

int cpi_jr_type_error(reader *r, size_t pos, const field *f, const char *expected)
{
    char buf[64];
    return cpi_jr_fail(r, pos, f, CP_ERR_INVALID, "%s expected, got %s", expected, cpi_jr_describe(r, pos, buf));
}


void cpi_jr_advance_line_col(reader *r, size_t pos)
{
    if (pos < r->lc_pos) {
        r->lc_pos = 0;
        r->lc_line = r->lc_col = 1;
    }
    unsigned long line, col;
    cpi_line_col(r->s.text + r->lc_pos, pos - r->lc_pos, &line, &col);
    r->lc_col = line > 1 ? col : r->lc_col + col - 1;
    r->lc_line += line - 1;
    r->lc_pos = pos;
}

static void warn(reader *r, size_t pos, const field *f, const char *name, size_t len)
{
    cp_document *d = r->doc;
    if (d->warning_count >= CP_JSON_MAX_WARNINGS) {
        r->warnings_dropped++;
        return;
    }
    char path[96] = "", ex[40], line[320];
    format_field(f, path, sizeof path);
    cpi_jr_advance_line_col(r, pos);
    /* sequences are not written by campath: what they do not know is not kept */
    const int kept = !r->shots && !r->nested;
    snprintf(line, sizeof line, "%s:%lu:%lu: %s%s%s%sunknown member \"%s\" ignored%s", r->source, r->lc_line,
             r->lc_col, r->prefix ? r->prefix : "", r->prefix && path[0] ? "." : "", path,
             path[0] || r->prefix ? ": " : "", cpi_jr_excerpt(name, len, ex),
             kept ? " (kept when the file is saved again)" : "");
    char **w = cpi_realloc_array(r->alloc, d->warnings, d->warning_count + 1, sizeof *w);
    if (w) {
        d->warnings = w;
        if ((w[d->warning_count] = cpi_strdup(r->alloc, line)) != NULL)
            d->warning_count++;
    }
}

/* ---- small pieces ---------------------------------------------------------------------- */

/* Can a JSON value start with c? (If not, the text is a syntax error.) */

char cpi_jr_peek(reader *r)
{
    cpi_scan_ws(&r->s);
    return r->s.pos < r->s.size ? r->s.text[r->s.pos] : '\0';
}

/* A finite number at the current position. */
int cpi_jr_read_number(reader *r, const field *f, double *out)
{
    size_t pos = r->s.pos;
    char c = cpi_jr_peek(r);
    if (c != '-' && (c < '0' || c > '9'))
        return cpi_jr_value_start(c) ? cpi_jr_type_error(r, pos, f, "number") : cpi_scan_skip_value(&r->s);
    if (cpi_scan_number(&r->s, out) != 0)
        return -1;
    if (!isfinite(*out)) {
        char ex[40];
        return cpi_jr_fail(r, pos, f, CP_ERR_INVALID, "%s is out of the range of a double (not a finite number)",
                    cpi_jr_excerpt(r->s.text + pos, r->s.pos - pos, ex));
    }
    return 0;
}

/* A string at the current position, decoded into r->str. */
int cpi_jr_read_string(reader *r, const field *f)
{
    char c = cpi_jr_peek(r);
    if (c != '"')
        return cpi_jr_value_start(c) ? cpi_jr_type_error(r, r->s.pos, f, "string") : cpi_scan_skip_value(&r->s);
    return cpi_scan_string(&r->s, &r->str);
}

/* After an array element: 1 at the array's ']', 0 when a ',' and another
 * element follow, -1 with a located error otherwise (a trailing comma too). */
int cpi_jr_array_next(reader *r)
{
    const char c = cpi_jr_peek(r);
    r->s.pos++;
    if (c == ']')
        return 1;
    if (c != ',') {
        char what[32];
        return cpi_scan_fail(&r->s, r->s.pos - 1, "',' or ']' expected after an array element, found %s",
                             cpi_scan_what(&r->s, r->s.pos - 1, what));
    }
    if (cpi_jr_peek(r) == ']')
        return cpi_scan_fail(&r->s, r->s.pos, "a value is expected after ',' (JSON allows no trailing comma)");
    return 0;
}

/* [x, y, ...]: exactly n numbers. */
int cpi_jr_read_numbers(reader *r, const field *f, double *out, size_t n, const char *expected)
{
    size_t start = r->s.pos;
    char c = cpi_jr_peek(r);
    if (c != '[')
        return cpi_jr_value_start(c) ? cpi_jr_type_error(r, start, f, expected) : cpi_scan_skip_value(&r->s);
    r->s.pos++;
    size_t count = 0;
    if (cpi_jr_peek(r) == ']') {
        r->s.pos++;
    } else {
        for (;;) {
            double v;
            field e = {f, NULL, count};
            if (cpi_jr_read_number(r, &e, &v) != 0)
                return -1;
            if (count < n)
                out[count] = v;
            count++;
            const int end = cpi_jr_array_next(r);
            if (end < 0)
                return -1;
            if (end)
                break;
        }
    }
    if (count != n)
        return cpi_jr_fail(r, start, f, CP_ERR_INVALID, "%s expected, got %zu number%s", expected, count,
                    count == 1 ? "" : "s");
    return 0;
}

/* Starts an object member: its name goes to r->str, the value is next.
 * Returns 1 for a member, 0 at the closing brace, -1 on error. */
int cpi_jr_next_member(reader *r, int first, size_t *name_pos, size_t *name_end)
{
    char what[32];
    char c = cpi_jr_peek(r);
    if (!first) {
        if (c == '}') {
            r->s.pos++;
            return 0;
        }
        if (c != ',')
            return cpi_scan_fail(&r->s, r->s.pos, "',' or '}' expected after an object member, found %s",
                                 cpi_scan_what(&r->s, r->s.pos, what));
        r->s.pos++;
        c = cpi_jr_peek(r);
        if (c == '}')
            return cpi_scan_fail(&r->s, r->s.pos, "a member is expected after ',' (JSON allows no trailing comma)");
    } else if (c == '}') {
        r->s.pos++;
        return 0;
    }
    if (c != '"')
        return cpi_scan_fail(&r->s, r->s.pos, "a member name in double quotes expected, found %s",
                             cpi_scan_what(&r->s, r->s.pos, what));
    *name_pos = r->s.pos;
    if (cpi_scan_string(&r->s, &r->str) != 0)
        return -1;
    *name_end = r->s.pos;
    if (cpi_jr_peek(r) != ':')
        return cpi_scan_fail(&r->s, r->s.pos, "':' expected after the member name, found %s",
                             cpi_scan_what(&r->s, r->s.pos, what));
    r->s.pos++;
    cpi_jr_peek(r);
    return 1;
}

int cpi_jr_is_name(const reader *r, const char *name)
{
    size_t n = strlen(name);
    return r->str.length == n && memcmp(r->str.decoded, name, n) == 0;
}

/* Which of `names` the current member is (-1: none); a second occurrence is an error. */
int cpi_jr_known_member(reader *r, const char *const *names, int count, size_t *seen, size_t pos, const field *f)
{
    for (int i = 0; i < count; i++) {
        if (!cpi_jr_is_name(r, names[i]))
            continue;
        if (seen[i] != NO_OFFSET) {
            unsigned long line, col;
            cpi_line_col(r->s.text, seen[i], &line, &col);
            field m = {f, names[i], 0};
            return cpi_jr_fail(r, pos, &m, CP_ERR_INVALID, "duplicate member (first at %lu:%lu)", line, col) - 1;
        }
        seen[i] = pos;
        return i;
    }
    return -1;
}

/* The unknown member's name (for a field path in a message), printable. */
static field unknown_member(const reader *r, const field *parent, char buf[40])
{
    return (field){parent, cpi_jr_excerpt(r->str.decoded, r->str.length, buf), 0};
}

/* Skips an unknown member's value, keeping its name and value text verbatim. */
int cpi_jr_keep_unknown(reader *r, cpi_buf *extras, size_t name_pos, size_t name_end, const field *f)
{
    size_t value = r->s.pos;
    char name[40];
    if (cpi_names_add(&r->names, r->s.text, r->s.size, name_pos) != 0)
        return cpi_jr_out_of_memory(r);
    if (cpi_scan_skip_value(&r->s) != 0) {
        if (r->s.err_code != CP_ERR_INVALID)
            return -1;
        /* a name twice in an object inside the value: not a syntax error, so
         * an error of this member, which a syntax error anywhere still beats
         * (r->str still holds the member's name) */
        field m = unknown_member(r, f, name);
        r->s.failed = 0;
        return cpi_jr_fail(r, r->s.err_pos, &m, CP_ERR_INVALID, "%s", r->s.err);
    }
    warn(r, name_pos, f, r->str.decoded, r->str.length);
    const char *t = r->s.text;
    cpi_buf_append(extras, extras->len ? ", " : "{", extras->len ? 2 : 1);
    cpi_buf_append(extras, t + name_pos, name_end - name_pos);
    cpi_buf_append(extras, ": ", 2);
    cpi_buf_append(extras, t + value, r->s.pos - value);
    if (extras->failed)
        return cpi_jr_out_of_memory(r);
    return 0;
}

int cpi_jr_unique_names(reader *r, size_t mark, const field *f)
{
    size_t first = 0, second = 0;
    int rc = cpi_names_check(&r->names, r->s.text, r->s.size, mark, &first, &second);
    if (rc < 0)
        return cpi_jr_out_of_memory(r);
    if (rc == 0)
        return 0;
    unsigned long line, col;
    char name[40];
    cpi_line_col(r->s.text, first, &line, &col);
    cpi_scan_string(&(cpi_scan){.text = r->s.text, .size = r->s.size, .pos = second, .alloc = r->alloc}, &r->str);
    field m = unknown_member(r, f, name);
    return cpi_jr_fail(r, second, &m, CP_ERR_INVALID, "duplicate member (first at %lu:%lu)", line, col);
}

/* The collected unknown members as object text (or NULL), and a fresh start. */
int cpi_jr_take_extras(reader *r, cpi_buf *extras, char **out)
{
    *out = NULL;
    if (extras->len == 0)
        return 0;
    cpi_buf_append(extras, "}", 1);
    if (extras->failed || (*out = cpi_strdup(r->alloc, extras->data)) == NULL)
        return cpi_jr_out_of_memory(r);
    extras->len = 0;
    return 0;
}


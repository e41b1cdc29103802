/* SPDX-License-Identifier: MIT */
/* lib/json/json_scan.c - the JSON lexer: strict RFC 8259 syntax, exact
 * positions, strings checked as UTF-8. The path reader walks a file with it;
 * the writer uses it to copy unknown members verbatim. Numbers are in
 * json_number.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_impl.h"

int cpi_scan_fail(cpi_scan *s, size_t pos, const char *fmt, ...)
{
    if (!s->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(s->err, sizeof s->err, fmt, ap);
        va_end(ap);
        s->failed = 1;
        s->err_code = CP_ERR_SYNTAX;
        s->err_pos = pos;
    }
    return -1;
}

int cpi_scan_fail_memory(cpi_scan *s, size_t pos, const char *what, size_t size)
{
    int was_failed = s->failed;
    cpi_scan_fail(s, pos, "out of memory for %s of %zu bytes", what, size);
    if (!was_failed)
        s->err_code = CP_ERR_MEMORY;
    return -1;
}

void cpi_scan_ws(cpi_scan *s)
{
    const char *t = s->text;
    size_t p = s->pos, n = s->size;
    while (p < n && (t[p] == ' ' || t[p] == '\n' || t[p] == '\r' || t[p] == '\t'))
        p++;
    s->pos = p;
}

const char *cpi_scan_what(const cpi_scan *s, size_t pos, char buf[32])
{
    if (pos >= s->size)
        return "the end of the input (is the file truncated?)";
    unsigned char c = (unsigned char)s->text[pos];
    if (c >= 0x20 && c < 0x7F)
        snprintf(buf, 32, "'%c'", c);
    else if (c == '\0')
        snprintf(buf, 32, "a NUL byte (binary file?)");
    else if (c < 0x80)
        snprintf(buf, 32, "control character 0x%02X", c);
    else
        snprintf(buf, 32, "byte 0x%02X", c);
    return buf;
}

/* The JSON type name of the value starting at pos: "object", "string", ... */
static const char *value_type(const cpi_scan *s, size_t pos)
{
    if (pos >= s->size)
        return "nothing";
    switch (s->text[pos]) {
    case '{': return "object";
    case '[': return "array";
    case '"': return "string";
    case 't':
    case 'f': return "boolean";
    case 'n': return "null";
    default: return "number";
    }
}

void cpi_line_col(const char *text, size_t offset, unsigned long *line, unsigned long *col)
{
    unsigned long l = 1, c = 1;
    for (size_t i = 0; i < offset; i++) {
        unsigned char b = (unsigned char)text[i];
        if (b == '\n') {
            l++;
            c = 1;
        } else if ((b & 0xC0) != 0x80) { /* count characters, not UTF-8 continuation bytes */
            c++;
        }
    }
    *line = l;
    *col = c;
}

/* ---- strings ------------------------------------------------------------------------ */

static int hex4(const char *p, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned)(c - 'A' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

static int reserve(cpi_string *str, size_t n)
{
    if (n <= str->cap)
        return 0;
    size_t cap = str->cap ? str->cap : 64;
    while (cap < n)
        cap *= 2;
    char *b = realloc(str->buf, cap);
    if (!b)
        return -1;
    str->buf = b;
    str->cap = cap;
    return 0;
}

static size_t put_utf8(char *out, unsigned cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Decodes the escapes of a literal whose syntax has been checked. */
static int decode(const char *p, const char *end, cpi_string *str)
{
    if (reserve(str, (size_t)(end - p) + 1) != 0)
        return -1; /* decoding never makes a literal longer */
    char *o = str->buf;
    str->has_nul = 0;
    while (p < end) {
        if (*p != '\\') {
            *o++ = *p++;
            continue;
        }
        p++;
        switch (*p++) {
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        case 'u': {
            unsigned cp, lo;
            hex4(p, &cp);
            p += 4;
            if (cp >= 0xD800 && cp < 0xDC00) {
                hex4(p + 2, &lo);
                p += 6;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            if (cp == 0)
                str->has_nul = 1;
            o += put_utf8(o, cp);
            break;
        }
        default: *o++ = p[-1]; break; /* \" \\ \/ */
        }
    }
    *o = '\0';
    str->decoded = str->buf;
    str->length = (size_t)(o - str->buf);
    return 0;
}

int cpi_scan_string(cpi_scan *s, cpi_string *str)
{
    const char *t = s->text;
    const size_t start = s->pos, n = s->size;
    size_t p = start + 1;
    int escapes = 0;
    char what[32];
    for (;;) {
        if (p >= n)
            return cpi_scan_fail(s, start, "the string that starts here is not closed (missing '\"')");
        unsigned char c = (unsigned char)t[p];
        if (c == '"')
            break;
        if (c < 0x20)
            return cpi_scan_fail(s, p, "%s inside a string (write it as an escape such as \\n or \\u00%02X)",
                                 cpi_scan_what(s, p, what), c);
        if (c >= 0x80) {
            const size_t len = cpi_utf8_char(t + p, n - p);
            if (len == 0)
                return cpi_scan_fail(s, p, "invalid UTF-8 in a string: %s does not start a well-formed UTF-8 "
                                           "character (the file must be UTF-8 text)",
                                     cpi_scan_what(s, p, what));
            p += len;
            continue;
        }
        if (c != '\\') {
            p++;
            continue;
        }
        escapes = 1;
        if (p + 1 >= n)
            return cpi_scan_fail(s, start, "the string that starts here is not closed (missing '\"')");
        char e = t[p + 1];
        if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
            p += 2;
            continue;
        }
        if (e != 'u')
            return cpi_scan_fail(s, p, "invalid escape '\\%c' in a string (expected one of \\\" \\\\ \\/ \\b \\f \\n "
                                       "\\r \\t \\uXXXX)", e >= 0x20 && e < 0x7F ? e : '?');
        unsigned cp, lo;
        if (p + 6 > n || hex4(t + p + 2, &cp) != 0)
            return cpi_scan_fail(s, p, "invalid \\u escape: four hexadecimal digits expected");
        if (cp >= 0xDC00 && cp < 0xE000)
            return cpi_scan_fail(s, p, "invalid \\u%04X: a low surrogate without a high surrogate before it", cp);
        if (cp >= 0xD800 && cp < 0xDC00) {
            if (p + 12 > n || t[p + 6] != '\\' || t[p + 7] != 'u' || hex4(t + p + 8, &lo) != 0 || lo < 0xDC00 ||
                lo >= 0xE000)
                return cpi_scan_fail(s, p, "invalid \\u%04X: a high surrogate must be followed by a low surrogate "
                                           "\\uDC00..\\uDFFF", cp);
            p += 12;
        } else {
            p += 6;
        }
    }
    s->pos = p + 1;
    if (!str)
        return 0;
    if (!escapes) {
        str->decoded = t + start + 1;
        str->length = p - start - 1;
        str->has_nul = 0;
        return 0;
    }
    if (decode(t + start + 1, t + p, str) != 0)
        return cpi_scan_fail_memory(s, start, "a string", p - start);
    return 0;
}

/* ---- whole values ------------------------------------------------------------------- */

static int literal(cpi_scan *s, const char *word)
{
    size_t len = strlen(word);
    if (s->size - s->pos < len || memcmp(s->text + s->pos, word, len) != 0) {
        char what[32];
        return cpi_scan_fail(s, s->pos, "a value (object, array, string, number, true, false or null) "
                                        "expected, found %s", cpi_scan_what(s, s->pos, what));
    }
    s->pos += len;
    return 0;
}

/* A member name and its colon, at s->pos (after whitespace); the name goes
 * to `names` when it is not NULL. */
static int member_name(cpi_scan *s, int after_comma, cpi_name_set *names)
{
    char what[32];
    cpi_scan_ws(s);
    if (s->pos >= s->size || s->text[s->pos] != '"') {
        if (after_comma && s->pos < s->size && s->text[s->pos] == '}')
            return cpi_scan_fail(s, s->pos, "a member is expected after ',' (JSON allows no trailing comma)");
        return cpi_scan_fail(s, s->pos, "a member name in double quotes expected, found %s",
                             cpi_scan_what(s, s->pos, what));
    }
    const size_t name = s->pos;
    if (cpi_scan_string(s, NULL) != 0)
        return -1;
    if (names && cpi_names_add(names, s->text, s->size, name) != 0)
        return cpi_scan_fail_memory(s, name, "member names", (names->n + 1) * sizeof *names->e);
    cpi_scan_ws(s);
    if (s->pos >= s->size || s->text[s->pos] != ':')
        return cpi_scan_fail(s, s->pos, "':' expected after the member name, found %s",
                             cpi_scan_what(s, s->pos, what));
    s->pos++;
    return 0;
}

/* Records "duplicate member NAME (first at LINE:COL)" at `second`, the name
 * literal that repeats the one at `first` (code CP_ERR_INVALID); returns -1. */
static int duplicate_member(cpi_scan *s, size_t first, size_t second)
{
    unsigned long line, col;
    cpi_line_col(s->text, first, &line, &col);
    cpi_scan str = {.text = s->text, .size = s->size, .pos = second};
    const char *end = s->text + second + 1;
    if (cpi_scan_string(&str, NULL) == 0)
        end = s->text + str.pos - 1;
    int was_failed = s->failed;
    cpi_scan_fail(s, second, "duplicate member \"%.*s\" (first at %lu:%lu)",
                  (int)(end - s->text - second - 1 > 40 ? 40 : end - s->text - second - 1), s->text + second + 1, line,
                  col);
    if (!was_failed)
        s->err_code = CP_ERR_INVALID;
    return -1;
}

/* An object closes: refuses a name it holds twice (names added since mark). */
static int close_object(cpi_scan *s, cpi_name_set *names, size_t mark)
{
    size_t first = 0, second = 0;
    int rc = cpi_names_check(names, s->text, s->size, mark, &first, &second);
    if (rc < 0)
        return cpi_scan_fail_memory(s, s->pos, "member names", names->cap * sizeof *names->e);
    if (rc == 0)
        return 0;
    return duplicate_member(s, first, second);
}

static int skip(cpi_scan *s, cpi_name_set *names)
{
    char stack[CP_JSON_MAX_DEPTH]; /* '{' or '[' for each open container */
    size_t marks[CP_JSON_MAX_DEPTH]; /* where each open object's names start in `names` */
    int depth = 0, after_comma = 0;
    char what[32];
    for (;;) {
        cpi_scan_ws(s);
        if (s->pos >= s->size)
            return cpi_scan_fail(s, s->pos, "a value expected, found %s", cpi_scan_what(s, s->pos, what));
        char c = s->text[s->pos];
        if (c == '{' || c == '[') {
            if (depth == CP_JSON_MAX_DEPTH) {
                int was_failed = s->failed;
                cpi_scan_fail(s, s->pos, "more than %d nested arrays and objects (CP_JSON_MAX_DEPTH)",
                              CP_JSON_MAX_DEPTH);
                if (!was_failed)
                    s->err_code = CP_ERR_LIMIT;
                return -1;
            }
            marks[depth] = names ? names->n : 0;
            stack[depth++] = c;
            s->pos++;
            cpi_scan_ws(s);
            if (s->pos < s->size && s->text[s->pos] == (c == '{' ? '}' : ']')) {
                s->pos++;
                depth--;
            } else if (c == '{') {
                if (member_name(s, 0, names) != 0)
                    return -1;
                after_comma = 0;
                continue;
            } else {
                after_comma = 0;
                continue;
            }
        } else if (c == '"') {
            if (cpi_scan_string(s, NULL) != 0)
                return -1;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            if (cpi_scan_number(s, NULL) != 0)
                return -1;
        } else if (c == 't' || c == 'f' || c == 'n') {
            if (literal(s, c == 't' ? "true" : c == 'f' ? "false" : "null") != 0)
                return -1;
        } else if (after_comma && (c == ']' || c == '}')) {
            return cpi_scan_fail(s, s->pos, "a value is expected after ',' (JSON allows no trailing comma)");
        } else {
            return cpi_scan_fail(s, s->pos, "a value (object, array, string, number, true, false or null) "
                                            "expected, found %s", cpi_scan_what(s, s->pos, what));
        }
        /* a value is complete: close containers or go on to the next element */
        for (;;) {
            if (depth == 0)
                return 0;
            cpi_scan_ws(s);
            char close = stack[depth - 1] == '{' ? '}' : ']';
            if (s->pos < s->size && s->text[s->pos] == close) {
                if (names && close == '}' && close_object(s, names, marks[depth - 1]) != 0)
                    return -1;
                s->pos++;
                depth--;
                continue;
            }
            if (s->pos < s->size && s->text[s->pos] == ',') {
                s->pos++;
                after_comma = 1;
                if (close == '}' && member_name(s, 1, names) != 0)
                    return -1;
                break;
            }
            return cpi_scan_fail(s, s->pos, "',' or '%c' expected after %s, found %s", close,
                                 close == '}' ? "an object member" : "an array element",
                                 cpi_scan_what(s, s->pos, what));
        }
    }
}

int cpi_scan_skip_value(cpi_scan *s)
{
    if (!s->unique)
        return skip(s, NULL);
    cpi_name_set names = {0};
    int rc = skip(s, &names);
    cpi_names_free(&names);
    return rc;
}

/* ---- objects given as text ----------------------------------------------------------- */

int cpi_json_object_members(const char *text, const char *what, cpi_member_fn fn, void *ctx, cp_error *error)
{
    cpi_scan s = {.text = text, .size = strlen(text), .unique = 1};
    unsigned long line, col;
    cpi_scan_ws(&s);
    if (s.pos >= s.size || text[s.pos] != '{')
        return cpi_error_set(error, CP_ERR_INVALID, "%s: a JSON object { ... } expected, found %s", what,
                             s.pos >= s.size ? "nothing" : value_type(&s, s.pos));
    if (cpi_scan_skip_value(&s) == 0) {
        cpi_scan_ws(&s);
        if (s.pos < s.size)
            cpi_scan_fail(&s, s.pos, "unexpected text after the end of the object");
    }
    if (s.failed) {
        cpi_line_col(text, s.err_pos, &line, &col);
        cpi_error_set(error, s.err_code, "%s:%lu:%lu: %s", what, line, col, s.err);
        if (error) {
            error->line = line;
            error->column = col;
        }
        return s.err_code;
    }
    /* the syntax is right: walk the members again, handing out their text */
    s.pos = 0;
    cpi_scan_ws(&s);
    s.pos++;
    for (;;) {
        cpi_scan_ws(&s);
        if (text[s.pos] == '}')
            return CP_OK;
        size_t name = s.pos;
        cpi_scan_string(&s, NULL);
        size_t name_end = s.pos;
        cpi_scan_ws(&s);
        s.pos++; /* ':' */
        cpi_scan_ws(&s);
        size_t value = s.pos;
        cpi_scan_skip_value(&s);
        int rc = fn(ctx, text + name, name_end - name, text + value, s.pos - value);
        if (rc != CP_OK)
            return rc;
        cpi_scan_ws(&s);
        if (text[s.pos] == ',')
            s.pos++;
    }
}

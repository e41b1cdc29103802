/* lib/json_read.c - a path file (format version 1, docs/format.md) read into
 * a cp_document in one pass over the text, each field checked where it
 * stands so that every message carries its line and column.
 *
 * A hand-written reader rather than cJSON: cJSON keeps no positions (needed
 * for "file:line:col: field" messages and to keep unknown members verbatim),
 * and building its tree for a 100,000-key file alone takes longer than the
 * load budget of docs/format.md. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_impl.h"
#include "path_impl.h"

#define NO_OFFSET UINT32_MAX

/* A field as a path for messages: keys[3].position[1]. */
typedef struct field {
    const struct field *parent;
    const char         *member; /* NULL: an array element */
    size_t              index;
} field;

typedef struct buffer {
    char  *data;
    size_t len, cap;
} buffer;

typedef struct reader {
    cpi_scan       s;
    const char    *source;
    cp_document   *doc;
    cpi_locations *loc;
    cpi_string     str;
    buffer         top_extras;        /* members campath does not know, at the top level */
    buffer         key_extras;        /* the same in the key being read */
    size_t         key_cap;
    size_t         warnings_dropped;
    size_t         lc_pos;            /* line and column of lc_pos, for warnings in text order */
    unsigned long  lc_line, lc_col;
    /* the first error that is not a syntax error; a syntax error anywhere wins over it */
    int            code;
    size_t         err_pos;
    char           err[288];
} reader;

static const char *const channel_names[3] = {"position", "rotation", "fov"};

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

/* Records an error about the value at `pos` (the first one wins); returns -1. */
static int fail(reader *r, size_t pos, const field *f, int code, const char *fmt, ...) CPI_PRINTF(5, 6);
static int fail(reader *r, size_t pos, const field *f, int code, const char *fmt, ...)
{
    if (r->code != CP_OK)
        return -1;
    char what[192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    char path[80] = "";
    format_field(f, path, sizeof path);
    snprintf(r->err, sizeof r->err, "%s%s%s", path, path[0] ? ": " : "", what);
    r->code = code;
    r->err_pos = pos;
    return -1;
}

/* Text for a message: at most 32 bytes, with anything unprintable as '?'. */
static const char *excerpt(const char *s, size_t len, char buf[40])
{
    size_t n = len > 32 ? 32 : len;
    for (size_t i = 0; i < n; i++)
        buf[i] = (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x7F ? s[i] : '?';
    strcpy(buf + n, len > 32 ? "..." : "");
    return buf;
}

/* "string \"abc\"", "true", "an object": what the value at pos is, for "X expected, got ...". */
static const char *describe(reader *r, size_t pos, char buf[64])
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
        snprintf(buf, 64, "string \"%s\"", excerpt(t + 1, (size_t)(end - t - 1), ex));
        return buf;
    }
    default: {
        size_t n = 0;
        while (pos + n < r->s.size && strchr("+-.eE0123456789", t[n]) && t[n])
            n++;
        snprintf(buf, 64, "number %s", excerpt(t, n, ex));
        return buf;
    }
    }
}

static int type_error(reader *r, size_t pos, const field *f, const char *expected)
{
    char buf[64];
    return fail(r, pos, f, CP_ERR_INVALID, "%s expected, got %s", expected, describe(r, pos, buf));
}

static int out_of_memory(reader *r) { return fail(r, r->s.pos, NULL, CP_ERR_MEMORY, "out of memory"); }

static void advance_line_col(reader *r, size_t pos)
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
    advance_line_col(r, pos);
    snprintf(line, sizeof line, "%s:%lu:%lu: %s%sunknown member \"%s\" ignored (kept when the file is saved again)",
             r->source, r->lc_line, r->lc_col, path, path[0] ? ": " : "", excerpt(name, len, ex));
    char **w = realloc(d->warnings, (d->warning_count + 1) * sizeof *w);
    if (w) {
        d->warnings = w;
        if ((w[d->warning_count] = cpi_strdup(line)) != NULL)
            d->warning_count++;
    }
}

/* ---- small pieces ---------------------------------------------------------------------- */

static int append(buffer *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *d = realloc(b->data, cap);
        if (!d)
            return -1;
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

/* Can a JSON value start with c? (If not, the text is a syntax error.) */
static int value_start(char c) { return c != '\0' && strchr("{[\"-0123456789tfn", c) != NULL; }

static char peek(reader *r)
{
    cpi_scan_ws(&r->s);
    return r->s.pos < r->s.size ? r->s.text[r->s.pos] : '\0';
}

/* A finite number at the current position. */
static int read_number(reader *r, const field *f, double *out)
{
    size_t pos = r->s.pos;
    char c = peek(r);
    if (c != '-' && (c < '0' || c > '9'))
        return value_start(c) ? type_error(r, pos, f, "number") : cpi_scan_skip_value(&r->s);
    if (cpi_scan_number(&r->s, out) != 0)
        return -1;
    if (!isfinite(*out)) {
        char ex[40];
        return fail(r, pos, f, CP_ERR_INVALID, "%s is out of the range of a double (not a finite number)",
                    excerpt(r->s.text + pos, r->s.pos - pos, ex));
    }
    return 0;
}

/* A string at the current position, decoded into r->str. */
static int read_string(reader *r, const field *f)
{
    char c = peek(r);
    if (c != '"')
        return value_start(c) ? type_error(r, r->s.pos, f, "string") : cpi_scan_skip_value(&r->s);
    return cpi_scan_string(&r->s, &r->str);
}

/* [x, y, ...]: exactly n numbers. */
static int read_numbers(reader *r, const field *f, double *out, size_t n, const char *expected)
{
    size_t start = r->s.pos;
    char c = peek(r);
    if (c != '[')
        return value_start(c) ? type_error(r, start, f, expected) : cpi_scan_skip_value(&r->s);
    r->s.pos++;
    size_t count = 0;
    if (peek(r) == ']') {
        r->s.pos++;
    } else {
        for (;;) {
            double v;
            field e = {f, NULL, count};
            if (read_number(r, &e, &v) != 0)
                return -1;
            if (count < n)
                out[count] = v;
            count++;
            c = peek(r);
            r->s.pos++;
            if (c == ']')
                break;
            if (c != ',') {
                char what[32];
                return cpi_scan_fail(&r->s, r->s.pos - 1, "',' or ']' expected after an array element, found %s",
                                     cpi_scan_what(&r->s, r->s.pos - 1, what));
            }
            if (peek(r) == ']')
                return cpi_scan_fail(&r->s, r->s.pos, "a value is expected after ',' (JSON allows no trailing comma)");
        }
    }
    if (count != n)
        return fail(r, start, f, CP_ERR_INVALID, "%s expected, got %zu number%s", expected, count,
                    count == 1 ? "" : "s");
    return 0;
}

/* Starts an object member: its name goes to r->str, the value is next.
 * Returns 1 for a member, 0 at the closing brace, -1 on error. */
static int next_member(reader *r, int first, size_t *name_pos, size_t *name_end)
{
    char what[32];
    char c = peek(r);
    if (!first) {
        if (c == '}') {
            r->s.pos++;
            return 0;
        }
        if (c != ',')
            return cpi_scan_fail(&r->s, r->s.pos, "',' or '}' expected after an object member, found %s",
                                 cpi_scan_what(&r->s, r->s.pos, what));
        r->s.pos++;
        c = peek(r);
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
    if (peek(r) != ':')
        return cpi_scan_fail(&r->s, r->s.pos, "':' expected after the member name, found %s",
                             cpi_scan_what(&r->s, r->s.pos, what));
    r->s.pos++;
    peek(r);
    return 1;
}

static int is_name(const reader *r, const char *name)
{
    size_t n = strlen(name);
    return r->str.length == n && memcmp(r->str.decoded, name, n) == 0;
}

/* Which of `names` the current member is (-1: none); a second occurrence is an error. */
static int known_member(reader *r, const char *const *names, int count, size_t *seen, size_t pos, const field *f)
{
    for (int i = 0; i < count; i++) {
        if (!is_name(r, names[i]))
            continue;
        if (seen[i] != NO_OFFSET) {
            unsigned long line, col;
            cpi_line_col(r->s.text, seen[i], &line, &col);
            field m = {f, names[i], 0};
            return fail(r, pos, &m, CP_ERR_INVALID, "duplicate member (first at %lu:%lu)", line, col) - 1;
        }
        seen[i] = pos;
        return i;
    }
    return -1;
}

/* Skips an unknown member's value, keeping its name and value text verbatim. */
static int keep_unknown(reader *r, buffer *extras, size_t name_pos, size_t name_end, const field *f)
{
    size_t value = r->s.pos;
    if (cpi_scan_skip_value(&r->s) != 0)
        return -1;
    warn(r, name_pos, f, r->str.decoded, r->str.length);
    const char *t = r->s.text;
    if (append(extras, extras->len ? ", " : "{", extras->len ? 2 : 1) != 0 ||
        append(extras, t + name_pos, name_end - name_pos) != 0 || append(extras, ": ", 2) != 0 ||
        append(extras, t + value, r->s.pos - value) != 0)
        return out_of_memory(r);
    return 0;
}

/* The collected unknown members as object text (or NULL), and a fresh start. */
static int take_extras(reader *r, buffer *extras, char **out)
{
    *out = NULL;
    if (extras->len == 0)
        return 0;
    if (append(extras, "}", 1) != 0 || (*out = cpi_strdup(extras->data)) == NULL)
        return out_of_memory(r);
    extras->len = 0;
    return 0;
}

/* ---- keys ------------------------------------------------------------------------------- */

static int grow_keys(reader *r)
{
    cp_document *d = r->doc;
    if (d->count < r->key_cap)
        return 0;
    size_t cap = r->key_cap ? 2 * r->key_cap : 64;
    cp_key *k = realloc(d->keys, cap * sizeof *k);
    if (k)
        d->keys = k;
    cpi_key_offsets *o = realloc(r->loc->keys, cap * sizeof *o);
    if (o)
        r->loc->keys = o;
    char **x = d->key_extras ? realloc(d->key_extras, cap * sizeof *x) : NULL;
    if (x)
        d->key_extras = x;
    if (!k || !o || (d->key_extras && !x))
        return out_of_memory(r);
    r->key_cap = d->capacity = cap;
    return 0;
}

static int read_key(reader *r, const field *f)
{
    static const char *const names[4] = {"t", "position", "rotation", "fov"};
    cp_document *d = r->doc;
    size_t i = d->count, start = r->s.pos, seen[4] = {NO_OFFSET, NO_OFFSET, NO_OFFSET, NO_OFFSET};
    cp_key key = {.fov = 60.0, .rotation = {0, 0, 0, 1}};
    double v[4];
    if (peek(r) != '{')
        return value_start(peek(r)) ? type_error(r, start, f, "a key object { \"t\": ..., ... }")
                                    : cpi_scan_skip_value(&r->s);
    r->s.pos++;
    for (int first = 1;; first = 0) {
        size_t name_pos = 0, name_end = 0;
        int rc = next_member(r, first, &name_pos, &name_end);
        if (rc <= 0) {
            if (rc < 0)
                return -1;
            break;
        }
        field m = {f, NULL, 0};
        int which = known_member(r, names, 4, seen, r->s.pos, f);
        if (which < -1)
            return -1;
        if (which >= 0)
            m.member = names[which];
        switch (which) {
        case 0: rc = read_number(r, &m, &key.time); break;
        case 1:
            rc = read_numbers(r, &m, v, 3, "3 numbers [x, y, z]");
            key.position = cp_vec3_make(v[0], v[1], v[2]);
            break;
        case 2:
            rc = read_numbers(r, &m, v, 4, "4 numbers [x, y, z, w]");
            key.rotation = cp_quat_make(v[0], v[1], v[2], v[3]);
            break;
        case 3: rc = read_number(r, &m, &key.fov); break;
        default: rc = keep_unknown(r, &r->key_extras, name_pos, name_end, f); break;
        }
        if (rc != 0)
            return -1;
    }
    static const char *const what[3] = {"the time in seconds", "[x, y, z] in metres", "a quaternion [x, y, z, w]"};
    for (int m = 0; m < 3; m++)
        if (seen[m] == NO_OFFSET)
            return fail(r, start, f, CP_ERR_INVALID, "member \"%s\" is missing (%s)", names[m], what[m]);
    char *extras;
    if (take_extras(r, &r->key_extras, &extras) != 0)
        return -1;
    if (extras && !d->key_extras) {
        d->key_extras = calloc(r->key_cap, sizeof *d->key_extras);
        if (!d->key_extras) {
            free(extras);
            return out_of_memory(r);
        }
    }
    if (d->key_extras)
        d->key_extras[i] = extras;
    d->keys[i] = key;
    r->loc->keys[i] = (cpi_key_offsets){(uint32_t)start, (uint32_t)seen[0], (uint32_t)seen[1], (uint32_t)seen[2],
                                        seen[3] == NO_OFFSET ? (uint32_t)start : (uint32_t)seen[3]};
    d->count++;
    return 0;
}

static int read_keys(reader *r, const field *f)
{
    char what[32];
    r->loc->keys_member = (uint32_t)r->s.pos;
    if (peek(r) != '[')
        return value_start(peek(r)) ? type_error(r, r->s.pos, f, "an array of keys") : cpi_scan_skip_value(&r->s);
    r->s.pos++;
    if (peek(r) == ']') {
        r->s.pos++;
        return 0;
    }
    for (;;) {
        if (grow_keys(r) != 0)
            return -1;
        field e = {f, NULL, r->doc->count};
        if (r->doc->key_extras)
            r->doc->key_extras[r->doc->count] = NULL;
        if (read_key(r, &e) != 0)
            return -1;
        char c = peek(r);
        if (c == ']') {
            r->s.pos++;
            return 0;
        }
        if (c != ',')
            return cpi_scan_fail(&r->s, r->s.pos, "',' or ']' expected after a key, found %s",
                                 cpi_scan_what(&r->s, r->s.pos, what));
        r->s.pos++;
        if (peek(r) == ']')
            return cpi_scan_fail(&r->s, r->s.pos, "a value is expected after ',' (JSON allows no trailing comma)");
    }
}

/* ---- the top level ------------------------------------------------------------------------- */

static int read_version(reader *r, const field *f)
{
    size_t pos = r->s.pos;
    double v;
    if (read_number(r, f, &v) != 0)
        return -1;
    if (v != CP_JSON_FORMAT_VERSION) {
        char ex[40];
        return fail(r, pos, f, CP_ERR_UNSUPPORTED, "format version %s is not supported (this campath reads version %d)",
                    excerpt(r->s.text + pos, r->s.pos - pos, ex), CP_JSON_FORMAT_VERSION);
    }
    return 0;
}

static int missing_version(reader *r)
{
    return fail(r, r->loc->top, NULL, CP_ERR_INVALID,
                "member \"campath\" (the format version, %d) is missing: is this a campath path file?",
                CP_JSON_FORMAT_VERSION);
}

static int read_enum(reader *r, const field *f, int is_interp, int *out)
{
    size_t pos = r->s.pos;
    if (read_string(r, f) != 0)
        return -1;
    char name[16] = "", ex[40];
    if (r->str.length < sizeof name && !r->str.has_nul)
        memcpy(name, r->str.decoded, r->str.length + 1);
    name[r->str.length < sizeof name ? r->str.length : 0] = '\0';
    cp_interp i;
    cp_ends e;
    if (is_interp ? cp_interp_parse(name, &i) == 0 : cp_ends_parse(name, &e) == 0) {
        *out = is_interp ? (int)i : (int)e;
        return 0;
    }
    return fail(r, pos, f, CP_ERR_INVALID, "unknown %s \"%s\" (expected %s)", is_interp ? "interpolation" : "ends",
                excerpt(r->str.decoded, r->str.length, ex),
                is_interp ? "c2, bisector, catmull-rom, linear or step" : "natural, rest or closed");
}

static int read_interpolation(reader *r, const field *f)
{
    size_t seen[3] = {NO_OFFSET, NO_OFFSET, NO_OFFSET};
    if (peek(r) != '{')
        return value_start(peek(r))
                   ? type_error(r, r->s.pos, f, "an object such as { \"position\": \"c2\", \"rotation\": \"c2\", "
                                                "\"fov\": \"c2\" }")
                   : cpi_scan_skip_value(&r->s);
    r->s.pos++;
    for (int first = 1;; first = 0) {
        size_t name_pos = 0, name_end = 0;
        int rc = next_member(r, first, &name_pos, &name_end);
        if (rc <= 0)
            return rc;
        int c = known_member(r, channel_names, 3, seen, r->s.pos, f);
        if (c < -1)
            return -1;
        if (c < 0) {
            char ex[40];
            /* the channels are a closed set: a misspelt one must not silently become c2 */
            return fail(r, name_pos, f, CP_ERR_INVALID, "unknown channel \"%s\" (expected position, rotation or fov)",
                        excerpt(r->str.decoded, r->str.length, ex));
        }
        field m = {f, channel_names[c], 0};
        r->loc->interp[c] = (uint32_t)r->s.pos;
        int value;
        if (read_enum(r, &m, 1, &value) != 0)
            return -1;
        cp_interp *chan[3] = {&r->doc->options.position, &r->doc->options.rotation, &r->doc->options.fov};
        *chan[c] = (cp_interp)value;
    }
}

static int read_top(reader *r)
{
    static const char *const names[6] = {"campath", "name", "interpolation", "ends", "period", "keys"};
    size_t seen[6] = {NO_OFFSET, NO_OFFSET, NO_OFFSET, NO_OFFSET, NO_OFFSET, NO_OFFSET};
    cp_document *d = r->doc;
    char c = peek(r);
    if (c == '\0' && r->s.pos >= r->s.size)
        return fail(r, r->s.pos, NULL, CP_ERR_SYNTAX, "no JSON value, only white space");
    if (c != '{') {
        if (!value_start(c))
            return cpi_scan_skip_value(&r->s);
        char buf[64];
        return fail(r, r->loc->top, NULL, CP_ERR_INVALID, "a path file is a JSON object { \"campath\": 1, ... }, got %s",
                    describe(r, r->loc->top, buf));
    }
    r->s.pos++;
    for (int first = 1;; first = 0) {
        size_t name_pos = 0, name_end = 0;
        int rc = next_member(r, first, &name_pos, &name_end);
        if (rc < 0)
            return -1;
        if (rc == 0)
            break;
        int which = known_member(r, names, 6, seen, r->s.pos, NULL);
        if (which < -1)
            return -1;
        field m = {NULL, which >= 0 ? names[which] : NULL, 0};
        int value = 0;
        switch (which) {
        case 0: rc = read_version(r, &m); break;
        case 1:
            rc = read_string(r, &m);
            if (rc == 0 && r->str.has_nul)
                rc = fail(r, seen[1], &m, CP_ERR_INVALID, "contains a NUL character (\\u0000)");
            if (rc == 0 && (d->name = malloc(r->str.length + 1)) == NULL)
                rc = out_of_memory(r);
            if (rc == 0)
                memcpy(d->name, r->str.decoded, r->str.length), d->name[r->str.length] = '\0';
            break;
        case 2: rc = read_interpolation(r, &m); break;
        case 3:
            r->loc->ends = (uint32_t)r->s.pos;
            rc = read_enum(r, &m, 0, &value);
            d->options.ends = (cp_ends)value;
            break;
        case 4:
            r->loc->period = (uint32_t)r->s.pos;
            rc = read_number(r, &m, &d->options.period);
            break;
        case 5: rc = read_keys(r, &m); break;
        default: rc = keep_unknown(r, &r->top_extras, name_pos, name_end, NULL); break;
        }
        if (rc != 0)
            return -1;
    }
    cpi_scan_ws(&r->s);
    if (r->s.pos < r->s.size)
        return cpi_scan_fail(&r->s, r->s.pos, "unexpected text after the end of the JSON object");
    if (seen[0] == NO_OFFSET)
        return missing_version(r);
    if (seen[5] == NO_OFFSET)
        return fail(r, r->loc->top, NULL, CP_ERR_INVALID, "member \"keys\" (the array of keys) is missing");
    if (d->options.ends == CP_ENDS_CLOSED && seen[4] == NO_OFFSET)
        return fail(r, seen[3], &(field){NULL, "period", 0}, CP_ERR_INVALID,
                    "required when \"ends\" is \"closed\" (the time in seconds from the first key back to it)");
    if (d->options.ends != CP_ENDS_CLOSED && seen[4] != NO_OFFSET) {
        d->options.period = 0;
        if (d->warning_count < CP_JSON_MAX_WARNINGS) {
            char line[300];
            advance_line_col(r, seen[4]);
            snprintf(line, sizeof line, "%s:%lu:%lu: period: ignored because \"ends\" is not \"closed\"", r->source,
                     r->lc_line, r->lc_col);
            char **w = realloc(d->warnings, (d->warning_count + 1) * sizeof *w);
            if (w && (d->warnings = w, (w[d->warning_count] = cpi_strdup(line)) != NULL))
                d->warning_count++;
        }
    }
    return take_extras(r, &r->top_extras, &d->extras);
}

/* ---- errors in order: syntax, then the version, then the first other error ------------------- */

/* Replaces r's error with the version's when the file names a version this
 * reader does not know, or none: the other messages would mislead then. */
static void check_version(reader *r)
{
    reader v = {.s = {.text = r->s.text, .size = r->s.size, .pos = r->loc->top}, .source = r->source,
                .doc = r->doc, .loc = r->loc};
    if (peek(&v) != '{')
        return;
    v.s.pos++;
    int found = 0;
    for (int first = 1; !found; first = 0) {
        size_t a, b;
        if (next_member(&v, first, &a, &b) <= 0)
            break;
        if (is_name(&v, "campath")) {
            field m = {NULL, "campath", 0};
            read_version(&v, &m);
            found = 1;
        } else {
            cpi_scan_skip_value(&v.s);
        }
    }
    free(v.str.buf);
    if (!found && !v.s.failed)
        missing_version(&v);
    if (v.code != CP_OK) {
        r->code = v.code;
        r->err_pos = v.err_pos;
        memcpy(r->err, v.err, sizeof r->err);
    }
}

static int report(reader *r, cp_error *error)
{
    unsigned long line, col;
    if (!r->s.failed && r->code != CP_ERR_MEMORY && r->code != CP_ERR_SYNTAX) {
        /* look for a syntax error in the rest of the file first */
        cpi_scan whole = {.text = r->s.text, .size = r->s.size, .pos = r->loc->top};
        if (cpi_scan_skip_value(&whole) == 0) {
            cpi_scan_ws(&whole);
            if (whole.pos < whole.size)
                cpi_scan_fail(&whole, whole.pos, "unexpected text after the end of the JSON object");
        }
        if (whole.failed)
            r->s = whole;
        else if (r->code != CP_ERR_UNSUPPORTED)
            check_version(r);
    }
    if (r->s.failed) {
        cpi_line_col(r->s.text, r->s.err_pos, &line, &col);
        return cpi_error_set(error, r->s.err_code, "%s:%lu:%lu: %s", r->source, line, col, r->s.err);
    }
    cpi_line_col(r->s.text, r->err_pos, &line, &col);
    return cpi_error_set(error, r->code, "%s:%lu:%lu: %s", r->source, line, col, r->err);
}

void cpi_locations_free(cpi_locations *loc)
{
    if (loc) {
        free(loc->keys);
        loc->keys = NULL;
    }
}

int cpi_document_parse(const char *text, size_t size, const char *source, cp_document *doc, cpi_locations *loc,
                       cp_error *error)
{
    cpi_locations own;
    if (!loc)
        loc = &own;
    memset(doc, 0, sizeof *doc);
    *loc = (cpi_locations){.text = text, .size = size, .source = source ? source : "<memory>", .ends = NO_OFFSET,
                           .period = NO_OFFSET, .keys_member = NO_OFFSET,
                           .interp = {NO_OFFSET, NO_OFFSET, NO_OFFSET}};
    source = loc->source;
    if (size > CP_JSON_MAX_FILE_SIZE)
        return cpi_error_set(error, CP_ERR_LIMIT, "%s: %zu bytes is over the limit of %u bytes (CP_JSON_MAX_FILE_SIZE)",
                             source, size, CP_JSON_MAX_FILE_SIZE);
    if (size == 0)
        return cpi_error_set(error, CP_ERR_SYNTAX, "%s: the file is empty (a path file is a JSON object)", source);
    reader r = {.s = {.text = text, .size = size}, .source = source, .doc = doc, .loc = loc, .lc_line = 1, .lc_col = 1};
    if (size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        r.s.pos = 3; /* a UTF-8 byte order mark, as some editors write */
    cpi_scan_ws(&r.s);
    loc->top = (uint32_t)r.s.pos;
    int rc = read_top(&r);
    if (rc == 0 && r.warnings_dropped) {
        char line[200];
        snprintf(line, sizeof line, "%s: %zu more warnings not listed", source, r.warnings_dropped);
        char **w = realloc(doc->warnings, (doc->warning_count + 1) * sizeof *w);
        if (w && (doc->warnings = w, (w[doc->warning_count] = cpi_strdup(line)) != NULL))
            doc->warning_count++;
    }
    loc->key_count = doc->count;
    if (rc == 0) {
        rc = cpi_path_validate(doc->keys, doc->count, &doc->options, error);
        if (rc != CP_OK)
            cpi_locate_error(loc, error);
    } else {
        rc = report(&r, error);
    }
    free(r.str.buf);
    free(r.top_extras.data);
    free(r.key_extras.data);
    if (rc != CP_OK) {
        cpi_locations_free(loc);
        cp_document_free(doc);
        return rc;
    }
    if (loc == &own)
        cpi_locations_free(loc);
    cpi_error_clear(error);
    return CP_OK;
}

/* Replaces every `from` in the message with `to` (shorter or equal). */
static void replace_all(char *m, const char *from, const char *to)
{
    const size_t nf = strlen(from), nt = strlen(to);
    for (char *at = strstr(m, from); at; at = strstr(at + nt, from))
        memmove(at + nt, at + nf, strlen(at + nf) + 1), memcpy(at, to, nt);
}

/* The library names fields as the API does (keys[2].time, options.period);
 * in a file they are keys[2].t, period and interpolation.position. */
static void rename_fields(cp_error *error)
{
    static const struct { const char *api, *file; } names[] = {
        {"].time", "].t"},
        {"options.period", "period"},
        {"options.ends", "ends"},
        {"options.position", "interpolation.position"},
        {"options.rotation", "interpolation.rotation"},
        {"options.fov", "interpolation.fov"},
    };
    char *m = error->message;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strlen(names[i].file) <= strlen(names[i].api)) {
            replace_all(m, names[i].api, names[i].file);
        } else if (strncmp(m, names[i].api, strlen(names[i].api)) == 0) { /* longer: at the head only */
            char rest[sizeof error->message];
            snprintf(rest, sizeof rest, "%s", m + strlen(names[i].api));
            snprintf(m, sizeof error->message, "%s%s", names[i].file, rest);
        }
    }
}

void cpi_locate_error(const cpi_locations *loc, cp_error *error)
{
    if (!error)
        return;
    const char *m = error->message;
    const char *colon = strchr(m, ':');
    size_t head = colon ? (size_t)(colon - m) : 0;
    uint32_t pos = NO_OFFSET;
    if (strncmp(m, "keys[", 5) == 0) {
        char *end;
        unsigned long long i = strtoull(m + 5, &end, 10);
        if (end != m + 5 && i < loc->key_count) {
            const cpi_key_offsets *k = &loc->keys[i];
            char part[64];
            snprintf(part, sizeof part, "%.*s", (int)(head < 63 ? head : 63), m);
            pos = strstr(part, ".time")       ? k->t
                  : strstr(part, ".position") ? k->position
                  : strstr(part, ".rotation") ? k->rotation
                  : strstr(part, ".fov")      ? k->fov
                                              : k->object;
        }
    } else if (strncmp(m, "options.", 8) == 0) {
        const char *o = m + 8;
        pos = strncmp(o, "period", 6) == 0 ? loc->period : strncmp(o, "ends", 4) == 0 ? loc->ends : NO_OFFSET;
        for (int c = 0; c < 3; c++)
            if (strncmp(o, channel_names[c], strlen(channel_names[c])) == 0)
                pos = loc->interp[c];
    } else if (strstr(m, " keys")) {
        pos = loc->keys_member;
    }
    if (pos == NO_OFFSET)
        pos = loc->top;
    rename_fields(error);
    unsigned long line, col;
    cpi_line_col(loc->text, pos, &line, &col);
    cpi_error_prefix(error, "%s:%lu:%lu: ", loc->source, line, col);
}

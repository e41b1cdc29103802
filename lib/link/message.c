/* SPDX-License-Identifier: MIT */
/* lib/link/message.c - the link's messages as data: one JSON object per
 * message body, read with the JSON layer's scanner (strict syntax, UTF-8,
 * no member twice) and written with its number formatting (numbers read
 * back bit for bit). docs/link.md, "Messages", is the same table in words. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_impl.h"
#include "link_impl.h"

static const char *const type_names[] = {NULL,    "hello",   "welcome",  "bye",    "ping",    "path",    "playhead",
                                         "take",  "give",    "settings", "camera", "applied", "refused"};
#define TYPE_COUNT (sizeof type_names / sizeof type_names[0])

const char *cp_link_type_name(cp_link_type type)
{
    return (size_t)type < TYPE_COUNT ? type_names[type] : NULL;
}

/* The members, by the types that have them. */
enum {
    M_TYPE, M_PROTOCOL, M_VERSION, M_OLDEST, M_NAME, M_TOKEN, M_REASON, M_MESSAGE, M_POSE_RATE, M_REVISION, M_PATH,
    M_TIME, M_PLAYING, M_RATE, M_DRIVER, M_BLEND, M_POSITION, M_ROTATION, M_FOV, M_FOCUS, M_APERTURE, M_PATH_TIME,
    M_COUNT
};
static const char *const member_names[M_COUNT] = {
    "type",     "protocol", "version", "oldest",  "name",     "token",    "reason",   "message",
    "pose_rate", "revision", "path",   "time",    "playing",  "rate",     "driver",   "blend",
    "position", "rotation", "fov",     "focus",   "aperture", "path_time"};

#define BIT(m) (1u << (m))
/* Members each type reads (the others are skipped, as unknown ones are), and those it needs. */
static const unsigned members_of[TYPE_COUNT] = {
    0,
    BIT(M_PROTOCOL) | BIT(M_VERSION) | BIT(M_OLDEST) | BIT(M_NAME) | BIT(M_TOKEN),
    BIT(M_VERSION) | BIT(M_NAME) | BIT(M_POSE_RATE),
    BIT(M_REASON) | BIT(M_MESSAGE),
    0,
    BIT(M_REVISION) | BIT(M_PATH),
    BIT(M_TIME) | BIT(M_PLAYING) | BIT(M_RATE) | BIT(M_DRIVER),
    BIT(M_BLEND),
    BIT(M_BLEND),
    BIT(M_POSE_RATE),
    BIT(M_TIME) | BIT(M_POSITION) | BIT(M_ROTATION) | BIT(M_FOV) | BIT(M_FOCUS) | BIT(M_APERTURE) | BIT(M_PATH_TIME),
    BIT(M_REVISION),
    BIT(M_REVISION) | BIT(M_MESSAGE),
};
static const unsigned required_of[TYPE_COUNT] = {
    0,
    BIT(M_PROTOCOL) | BIT(M_VERSION),
    BIT(M_VERSION),
    0,
    0,
    BIT(M_REVISION) | BIT(M_PATH),
    BIT(M_TIME) | BIT(M_PLAYING),
    0,
    0,
    BIT(M_POSE_RATE),
    BIT(M_TIME) | BIT(M_POSITION) | BIT(M_ROTATION) | BIT(M_FOV),
    BIT(M_REVISION),
    BIT(M_REVISION),
};

#define PROTOCOL "campath-link"
#define MAX_INTEGER 9007199254740992.0 /* 2^53: every integer up to it is a double */

/* ---- reading ----------------------------------------------------------------------------- */

typedef struct reader {
    cpi_scan         s;
    cpi_string       str;
    cp_link_message *m;
    const char      *what;   /* the type's name, for messages */
    unsigned         seen;   /* BIT(member) of the members read */
    cp_error        *error;
} reader;

static cp_status bad(reader *r, int member, const char *fmt, ...) CPI_PRINTF(3, 4);
static cp_status bad(reader *r, int member, const char *fmt, ...)
{
    char text[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return cpi_error_set(r->error, CP_ERR_INVALID, "%s: %s: %s", r->what, member_names[member], text);
}

static const char *kind_at(const reader *r, size_t pos)
{
    switch (r->s.text[pos]) {
    case '{': return "an object";
    case '[': return "an array";
    case '"': return "a string";
    case 't': case 'f': return "a boolean";
    case 'n': return "null";
    default: return "a number";
    }
}

static cp_status number_at(reader *r, int member, size_t pos, double *out)
{
    if (r->s.text[pos] == '\0' || strchr("-0123456789", r->s.text[pos]) == NULL)
        return bad(r, member, "a number expected, got %s", kind_at(r, pos));
    r->s.pos = pos;
    cpi_scan_number(&r->s, out);
    if (!isfinite(*out))
        return bad(r, member, "the number is too large for a double");
    return CP_OK;
}

static cp_status integer_at(reader *r, int member, size_t pos, double lo, double *out)
{
    cp_status rc = number_at(r, member, pos, out);
    if (rc == CP_OK && (*out != floor(*out) || *out < lo || *out > MAX_INTEGER))
        return bad(r, member, "%.17g is not a whole number from %g to 2^53", *out, lo);
    return rc;
}

static cp_status bool_at(reader *r, int member, size_t pos, bool *out)
{
    if (r->s.text[pos] != 't' && r->s.text[pos] != 'f')
        return bad(r, member, "true or false expected, got %s", kind_at(r, pos));
    *out = r->s.text[pos] == 't';
    return CP_OK;
}

/* A string member into dst (cut to fit when `cut`, else refused when too long). */
static cp_status string_at(reader *r, int member, size_t pos, char *dst, size_t size, int cut)
{
    if (r->s.text[pos] != '"')
        return bad(r, member, "a string expected, got %s", kind_at(r, pos));
    r->s.pos = pos;
    if (cpi_scan_string(&r->s, &r->str) != 0)
        return cpi_error_set(r->error, r->s.err_code, "%s: %s: %s", r->what, member_names[member], r->s.err);
    if (r->str.has_nul)
        return bad(r, member, "holds a NUL character");
    if (!cut && r->str.length >= size)
        return bad(r, member, "%zu bytes is longer than %zu", r->str.length, size - 1);
    size_t n = r->str.length < size ? r->str.length : size - 1;
    while (n > 0 && n < r->str.length && ((unsigned char)r->str.decoded[n] & 0xC0) == 0x80)
        n--; /* not in the middle of a character */
    memcpy(dst, r->str.decoded, n);
    dst[n] = '\0';
    return CP_OK;
}

static cp_status numbers_at(reader *r, int member, size_t pos, double *out, size_t n)
{
    if (r->s.text[pos] != '[')
        return bad(r, member, "an array of %zu numbers expected, got %s", n, kind_at(r, pos));
    r->s.pos = pos + 1;
    for (size_t i = 0;; i++) {
        cpi_scan_ws(&r->s);
        if (r->s.text[r->s.pos] == ']') {
            if (i != n)
                return bad(r, member, "an array of %zu numbers expected, got %zu", n, i);
            return CP_OK;
        }
        if (i == n)
            return bad(r, member, "an array of %zu numbers expected, got more", n);
        double v;
        cp_status rc = number_at(r, member, r->s.pos, &v);
        if (rc != CP_OK)
            return rc;
        out[i] = v;
        cpi_scan_ws(&r->s);
        if (r->s.text[r->s.pos] == ',')
            r->s.pos++;
    }
}

static cp_status range(reader *r, int member, double v, double lo, double hi, int open_lo)
{
    if (open_lo ? !(v > lo && v <= hi) : !(v >= lo && v <= hi))
        return bad(r, member, "%.17g is outside %s%g, %g]", v, open_lo ? "(" : "[", lo, hi);
    return CP_OK;
}

/* One member of the message: its value at `pos`, up to `end`. */
static cp_status member(reader *r, int which, size_t pos, size_t end)
{
    cp_link_message *m = r->m;
    double v = 0, a[4];
    cp_status rc = CP_OK;
    switch (which) {
    case M_PROTOCOL: {
        char p[32];
        if ((rc = string_at(r, which, pos, p, sizeof p, 1)) != CP_OK)
            return rc;
        if (strcmp(p, PROTOCOL) != 0)
            return bad(r, which, "\"%s\" is not \"" PROTOCOL "\"", p);
        return CP_OK;
    }
    case M_VERSION:
    case M_OLDEST:
        if ((rc = integer_at(r, which, pos, 1, &v)) != CP_OK)
            return rc;
        if (v > 1e6)
            return bad(r, which, "%.17g is not a version (1 .. 1000000)", v);
        *(which == M_VERSION ? &m->version : &m->oldest) = (int)v;
        return CP_OK;
    case M_NAME: return string_at(r, which, pos, m->name, sizeof m->name, 1);
    case M_TOKEN: return string_at(r, which, pos, m->token, sizeof m->token, 0);
    case M_REASON: return string_at(r, which, pos, m->reason, sizeof m->reason, 1);
    case M_MESSAGE: return string_at(r, which, pos, m->text, sizeof m->text, 1);
    case M_POSE_RATE:
        if ((rc = number_at(r, which, pos, &m->pose_rate)) == CP_OK)
            rc = range(r, which, m->pose_rate, 0, CP_LINK_MAX_POSE_RATE, 0);
        return rc;
    case M_REVISION:
        if ((rc = integer_at(r, which, pos, 1, &v)) != CP_OK)
            return rc;
        if (v > (double)(size_t)-1)
            return bad(r, which, "%.17g is too large", v);
        m->revision = (size_t)v;
        return CP_OK;
    case M_PATH:
        if (r->s.text[pos] != '{')
            return bad(r, which, "a path file's object { ... } expected, got %s", kind_at(r, pos));
        m->path_text = r->s.text + pos;
        m->path_size = end - pos;
        return CP_OK;
    case M_TIME:
        return number_at(r, which, pos, m->type == CP_LINK_CAMERA ? &m->camera.time : &m->playhead.time);
    case M_PLAYING: return bool_at(r, which, pos, &m->playhead.playing);
    case M_RATE: return number_at(r, which, pos, &m->playhead.rate);
    case M_DRIVER: {
        char d[16];
        if ((rc = string_at(r, which, pos, d, sizeof d, 1)) != CP_OK)
            return rc;
        if (strcmp(d, "editor") != 0 && strcmp(d, "game") != 0)
            return bad(r, which, "\"%s\" is not \"editor\" or \"game\"", d);
        m->playhead.game_drives = d[0] == 'g';
        return CP_OK;
    }
    case M_BLEND:
        if ((rc = number_at(r, which, pos, &m->blend)) == CP_OK)
            rc = range(r, which, m->blend, 0, CP_LINK_MAX_BLEND, 0);
        return rc;
    case M_POSITION:
        if ((rc = numbers_at(r, which, pos, a, 3)) == CP_OK)
            m->camera.position = cp_vec3_make(a[0], a[1], a[2]);
        return rc;
    case M_ROTATION:
        if ((rc = numbers_at(r, which, pos, a, 4)) != CP_OK)
            return rc;
        m->camera.rotation = cp_quat_make(a[0], a[1], a[2], a[3]);
        if (a[0] == 0 && a[1] == 0 && a[2] == 0 && a[3] == 0)
            return bad(r, which, "a zero quaternion is no rotation");
        return CP_OK;
    case M_FOV:
        if ((rc = number_at(r, which, pos, &m->camera.fov)) == CP_OK && !(m->camera.fov > 0 && m->camera.fov < 180))
            return bad(r, which, "%.17g degrees is outside (0, 180)", m->camera.fov);
        return rc;
    case M_FOCUS:
    case M_APERTURE: {
        double *dst = which == M_FOCUS ? &m->camera.focus : &m->camera.aperture;
        if ((rc = number_at(r, which, pos, dst)) == CP_OK && *dst < 0)
            return bad(r, which, "%.17g is negative (0: none)", *dst);
        return rc;
    }
    case M_PATH_TIME:
        m->camera.on_path = true;
        return number_at(r, which, pos, &m->camera.path_time);
    default: return CP_OK;
    }
}

/* Each member in turn (the syntax was checked): with `type_only`, finds the
 * type; otherwise reads the members the type has and skips the others. */
static cp_status walk(reader *r, int type_only)
{
    cpi_scan *s = &r->s;
    s->pos = 0;
    cpi_scan_ws(s);
    s->pos++; /* '{' */
    for (;;) {
        cpi_scan_ws(s);
        if (s->text[s->pos] == '}')
            return CP_OK;
        if (cpi_scan_string(s, &r->str) != 0)
            return cpi_error_set(r->error, s->err_code, "message: %s", s->err);
        int which = -1;
        for (int i = 0; i < M_COUNT && !r->str.has_nul; i++)
            if (strlen(member_names[i]) == r->str.length && memcmp(member_names[i], r->str.decoded, r->str.length) == 0)
                which = i;
        cpi_scan_ws(s);
        s->pos++; /* ':' */
        cpi_scan_ws(s);
        size_t value = s->pos;
        cpi_scan_skip_value(s);
        size_t end = s->pos;
        cp_status rc = CP_OK;
        if (type_only && which == M_TYPE) {
            rc = string_at(r, M_TYPE, value, r->m->type_name, sizeof r->m->type_name, 1);
            if (rc == CP_OK && r->m->type_name[0] == '\0')
                rc = bad(r, M_TYPE, "empty");
            r->seen |= BIT(M_TYPE);
        } else if (!type_only && which > M_TYPE && (members_of[r->m->type] & BIT(which))) {
            r->seen |= BIT(which);
            rc = member(r, which, value, end);
        }
        if (rc != CP_OK)
            return rc;
        s->pos = end;
        cpi_scan_ws(s);
        if (s->text[s->pos] == ',')
            s->pos++;
    }
}

/* The defaults of the optional members, before they are read. */
static void defaults(cp_link_message *m)
{
    m->pose_rate = CP_LINK_POSE_RATE;
    m->playhead.rate = 1.0;
    m->blend = CP_LINK_BLEND;
}

cp_status cp_link_message_read(const char *body, size_t size, cp_link_message *out, cp_error *error)
{
    if (size > CP_LINK_MAX_MESSAGE)
        return cpi_error_set(error, CP_ERR_LIMIT, "message: %zu bytes is over the limit of %u bytes", size,
                             CP_LINK_MAX_MESSAGE);
    cp_link_message m;
    memset(&m, 0, sizeof m);
    defaults(&m);
    reader r = {.s = {.text = body, .size = size, .unique = 1}, .m = &m, .what = "message", .error = error};
    cpi_scan *s = &r.s;
    cpi_scan_ws(s);
    if (s->pos >= size || body[s->pos] != '{') {
        char what[32];
        return cpi_error_set(error, CP_ERR_INVALID, "message: a JSON object { ... } expected, found %s",
                             cpi_scan_what(s, s->pos, what));
    }
    if (cpi_scan_skip_value(s) == 0) {
        cpi_scan_ws(s);
        if (s->pos < size)
            cpi_scan_fail(s, s->pos, "text after the end of the object");
    }
    if (s->failed) {
        unsigned long line, col;
        cpi_line_col(body, s->err_pos, &line, &col);
        cpi_error_set(error, s->err_code, "message:%lu:%lu: %s", line, col, s->err);
        free(r.str.buf);
        return s->err_code;
    }
    cp_status rc = walk(&r, 1);
    if (rc == CP_OK && !(r.seen & BIT(M_TYPE)))
        rc = cpi_error_set(error, CP_ERR_INVALID, "message: type: missing");
    if (rc == CP_OK) {
        for (size_t t = 1; t < TYPE_COUNT; t++)
            if (strcmp(m.type_name, type_names[t]) == 0)
                m.type = (cp_link_type)t;
        r.what = m.type ? type_names[m.type] : "message";
        rc = walk(&r, 0);
    }
    for (int i = 0; rc == CP_OK && i < M_COUNT; i++)
        if ((required_of[m.type] & BIT(i)) && !(r.seen & BIT(i)))
            rc = bad(&r, i, "missing");
    if (rc == CP_OK && m.type == CP_LINK_HELLO) {
        if (!(r.seen & BIT(M_OLDEST)))
            m.oldest = m.version;
        else if (m.oldest > m.version)
            rc = bad(&r, M_OLDEST, "%d is newer than version %d", m.oldest, m.version);
    }
    if (rc == CP_OK && m.type == CP_LINK_PLAYHEAD && !isfinite(m.playhead.rate))
        rc = bad(&r, M_RATE, "not a finite number");
    free(r.str.buf);
    if (rc != CP_OK)
        return rc;
    cpi_error_clear(error);
    *out = m;
    return CP_OK;
}

/* ---- writing ----------------------------------------------------------------------------- */

static void put_number(cpi_buf *b, const char *name, double v)
{
    cpi_buf_printf(b, ",\"%s\":", name);
    cpi_buf_double(b, v);
}

static void put_string(cpi_buf *b, const char *name, const char *v)
{
    cpi_buf_printf(b, ",\"%s\":", name);
    cpi_buf_json_string(b, v, strlen(v));
}

static void put_numbers(cpi_buf *b, const char *name, const double *v, size_t n)
{
    cpi_buf_printf(b, ",\"%s\":[", name);
    for (size_t i = 0; i < n; i++) {
        if (i)
            cpi_buf_append(b, ",", 1);
        cpi_buf_double(b, v[i]);
    }
    cpi_buf_append(b, "]", 1);
}

/* What the reader would refuse in `m`, as the reader says it; CP_OK when it reads back. */
static cp_status check_out(const cp_link_message *m, cp_error *error)
{
    const char *t = cp_link_type_name(m->type);
    if (!t)
        return cpi_error_set(error, CP_ERR_INVALID, "message: type %d is not one this version writes", (int)m->type);
    const char *texts[4] = {m->name, m->token, m->reason, m->text};
    const size_t sizes[4] = {sizeof m->name, sizeof m->token, sizeof m->reason, sizeof m->text};
    for (int i = 0; i < 4; i++)
        if (memchr(texts[i], '\0', sizes[i]) == NULL || cpi_utf8_invalid(texts[i], strlen(texts[i])) != strlen(texts[i]))
            return cpi_error_set(error, CP_ERR_INVALID, "%s: a text member is not NUL-terminated UTF-8", t);
    switch (m->type) {
    case CP_LINK_HELLO:
        if (m->version < 1 || m->version > 1000000 || m->oldest < 1 || m->oldest > m->version)
            return cpi_error_set(error, CP_ERR_INVALID, "hello: versions %d .. %d are not 1 <= oldest <= version",
                                 m->oldest, m->version);
        break;
    case CP_LINK_WELCOME:
    case CP_LINK_SETTINGS:
        if (m->type == CP_LINK_WELCOME && (m->version < 1 || m->version > 1000000))
            return cpi_error_set(error, CP_ERR_INVALID, "welcome: version %d is not 1 .. 1000000", m->version);
        if (!(m->pose_rate >= 0 && m->pose_rate <= CP_LINK_MAX_POSE_RATE))
            return cpi_error_set(error, CP_ERR_INVALID, "%s: pose_rate: %g is outside [0, %g]", t, m->pose_rate,
                                 CP_LINK_MAX_POSE_RATE);
        break;
    case CP_LINK_PATH:
    case CP_LINK_APPLIED:
    case CP_LINK_REFUSED:
        if (m->revision < 1 || (double)m->revision > MAX_INTEGER)
            return cpi_error_set(error, CP_ERR_INVALID, "%s: revision %zu is not 1 .. 2^53", t, m->revision);
        if (m->type == CP_LINK_PATH) {
            if (!m->path_text || m->path_size == 0 || m->path_text[0] != '{')
                return cpi_error_set(error, CP_ERR_INVALID, "path: the path file's text must be a JSON object");
            cpi_scan s = {.text = m->path_text, .size = m->path_size, .unique = 1};
            if (cpi_scan_skip_value(&s) == 0)
                cpi_scan_ws(&s);
            if (s.failed || s.pos != m->path_size)
                return cpi_error_set(error, CP_ERR_SYNTAX, "path: the path file's text is not one JSON object");
        }
        break;
    case CP_LINK_PLAYHEAD:
        if (!isfinite(m->playhead.time) || !isfinite(m->playhead.rate))
            return cpi_error_set(error, CP_ERR_INVALID, "playhead: time and rate must be finite");
        break;
    case CP_LINK_TAKE:
    case CP_LINK_GIVE:
        if (!(m->blend >= 0 && m->blend <= CP_LINK_MAX_BLEND))
            return cpi_error_set(error, CP_ERR_INVALID, "%s: blend: %g is outside [0, %g]", t, m->blend,
                                 CP_LINK_MAX_BLEND);
        break;
    case CP_LINK_CAMERA: {
        const cp_link_camera *c = &m->camera;
        const double v[] = {c->time, c->position.x, c->position.y, c->position.z, c->rotation.x, c->rotation.y,
                            c->rotation.z, c->rotation.w, c->fov, c->focus, c->aperture, c->on_path ? c->path_time : 0};
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
            if (!isfinite(v[i]))
                return cpi_error_set(error, CP_ERR_INVALID, "camera: a number that is not finite");
        if (c->rotation.x == 0 && c->rotation.y == 0 && c->rotation.z == 0 && c->rotation.w == 0)
            return cpi_error_set(error, CP_ERR_INVALID, "camera: rotation: a zero quaternion is no rotation");
        if (!(c->fov > 0 && c->fov < 180) || c->focus < 0 || c->aperture < 0)
            return cpi_error_set(error, CP_ERR_INVALID,
                                 "camera: fov %g outside (0, 180), or a negative focus or aperture", c->fov);
        break;
    }
    default: break;
    }
    return CP_OK;
}

char *cp_link_message_write(const cp_link_message *m, size_t *size, cp_error *error)
{
    if (check_out(m, error) != CP_OK)
        return NULL;
    cpi_buf b = {0};
    cpi_buf_printf(&b, "{\"type\":\"%s\"", cp_link_type_name(m->type));
    switch (m->type) {
    case CP_LINK_HELLO:
        cpi_buf_printf(&b, ",\"protocol\":\"" PROTOCOL "\",\"version\":%d,\"oldest\":%d", m->version, m->oldest);
        put_string(&b, "name", m->name);
        if (m->token[0])
            put_string(&b, "token", m->token);
        break;
    case CP_LINK_WELCOME:
        cpi_buf_printf(&b, ",\"version\":%d", m->version);
        put_string(&b, "name", m->name);
        put_number(&b, "pose_rate", m->pose_rate);
        break;
    case CP_LINK_BYE:
        put_string(&b, "reason", m->reason);
        put_string(&b, "message", m->text);
        break;
    case CP_LINK_PATH:
        cpi_buf_printf(&b, ",\"revision\":%zu,\"path\":", m->revision);
        cpi_buf_append(&b, m->path_text, m->path_size);
        break;
    case CP_LINK_PLAYHEAD:
        put_number(&b, "time", m->playhead.time);
        cpi_buf_printf(&b, ",\"playing\":%s", m->playhead.playing ? "true" : "false");
        put_number(&b, "rate", m->playhead.rate);
        put_string(&b, "driver", m->playhead.game_drives ? "game" : "editor");
        break;
    case CP_LINK_TAKE:
    case CP_LINK_GIVE: put_number(&b, "blend", m->blend); break;
    case CP_LINK_SETTINGS: put_number(&b, "pose_rate", m->pose_rate); break;
    case CP_LINK_CAMERA: {
        const cp_link_camera *c = &m->camera;
        put_number(&b, "time", c->time);
        put_numbers(&b, "position", (const double[3]){c->position.x, c->position.y, c->position.z}, 3);
        put_numbers(&b, "rotation", (const double[4]){c->rotation.x, c->rotation.y, c->rotation.z, c->rotation.w}, 4);
        put_number(&b, "fov", c->fov);
        if (c->focus > 0)
            put_number(&b, "focus", c->focus);
        if (c->aperture > 0)
            put_number(&b, "aperture", c->aperture);
        if (c->on_path)
            put_number(&b, "path_time", c->path_time);
        break;
    }
    case CP_LINK_APPLIED: cpi_buf_printf(&b, ",\"revision\":%zu", m->revision); break;
    case CP_LINK_REFUSED:
        cpi_buf_printf(&b, ",\"revision\":%zu", m->revision);
        put_string(&b, "message", m->text);
        break;
    default: break;
    }
    cpi_buf_append(&b, "}", 1);
    char *text = cpi_buf_take(&b, size);
    if (!text)
        cpi_error_set(error, CP_ERR_MEMORY, "%s: out of memory", cp_link_type_name(m->type));
    else
        cpi_error_clear(error);
    return text;
}

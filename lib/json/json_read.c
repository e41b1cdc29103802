/* SPDX-License-Identifier: MIT */
/* lib/json/json_read.c - a path file (format version 1, docs/format.md) read into
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

#include "dtoa.h"
#include "json_reader.h"
#include "path_impl.h"
#include "path_layout.h"

/* What the path layer calls the fields in errors about a file: its members. */
/* The names of a path's fields in a file ("keys[2].t", "period",
 * "interpolation.fov"): the path layer names the fields of its errors so. */
static const cpi_field_names file_names = {"t", "", "interpolation.", {"[0]", "[1]", "[2]", "[3]"}};

/* ---- keys ------------------------------------------------------------------------------- */

static int grow_keys(reader *r)
{
    cp_document *d = r->doc;
    if (d->count < r->key_cap)
        return 0;
    size_t cap = r->key_cap ? 2 * r->key_cap : 64;
    cp_key *k = cpi_realloc_array(r->alloc, d->keys, cap, sizeof *k);
    if (k)
        d->keys = k;
    cpi_key_offsets *o = cpi_realloc_array(r->alloc, r->loc->keys, cap, sizeof *o);
    if (o)
        r->loc->keys = o;
    char **x = d->key_extras ? cpi_realloc_array(r->alloc, d->key_extras, cap, sizeof *x) : NULL;
    if (x)
        d->key_extras = x;
    if (!k || !o || (d->key_extras && !x))
        return cpi_jr_out_of_memory(r);
    r->key_cap = d->capacity = cap;
    return 0;
}

/* Focus and aperture in a file: > 0 when present (absent means none). */
static int read_positive(reader *r, const field *m, const char *what, double *out)
{
    const size_t pos = r->s.pos;
    if (cpi_jr_read_number(r, m, out) != 0)
        return -1;
    if (!(*out > 0)) {
        char b[CPI_FMT_DOUBLE_SIZE];
        return cpi_jr_fail(r, pos, m, CP_ERR_INVALID, "%s is not > 0 (%s; leave \"%s\" out for none)",
                           cpi_fmt_double(b, *out), what, m->member);
    }
    return 0;
}

static int read_key(reader *r, const field *f)
{
    const char *const *names = cpi_json_key_names;
    cp_document *d = r->doc;
    size_t i = d->count, start = r->s.pos, seen[CPI_KEY_MEMBERS];
    for (int m = 0; m < CPI_KEY_MEMBERS; m++)
        seen[m] = NO_OFFSET;
    cp_key key = {.fov = 60.0, .rotation = {0, 0, 0, 1}};
    double v[4];
    const size_t mark = r->names.n;
    if (cpi_jr_peek(r) != '{')
        return cpi_jr_value_start(cpi_jr_peek(r)) ? cpi_jr_type_error(r, start, f, "a key object { \"t\": ..., ... }")
                                    : cpi_scan_skip_value(&r->s);
    r->s.pos++;
    for (int first = 1;; first = 0) {
        size_t name_pos = 0, name_end = 0;
        int rc = cpi_jr_next_member(r, first, &name_pos, &name_end);
        if (rc <= 0) {
            if (rc < 0)
                return -1;
            break;
        }
        field m = {f, NULL, 0};
        int which = cpi_jr_known_member(r, names, CPI_KEY_MEMBERS, seen, r->s.pos, f);
        if (which < -1)
            return -1;
        if (which >= 0)
            m.member = names[which];
        switch (which) {
        case CPI_KEY_T: rc = cpi_jr_read_number(r, &m, &key.time); break;
        case CPI_KEY_POSITION:
            rc = cpi_jr_read_numbers(r, &m, v, 3, "3 numbers [x, y, z]");
            key.position = cp_vec3_make(v[0], v[1], v[2]);
            break;
        case CPI_KEY_ROTATION:
            rc = cpi_jr_read_numbers(r, &m, v, 4, "4 numbers [x, y, z, w]");
            key.rotation = cp_quat_make(v[0], v[1], v[2], v[3]);
            break;
        case CPI_KEY_TARGET:
            rc = cpi_jr_read_numbers(r, &m, v, 3, "3 numbers [x, y, z]");
            key.target = cp_vec3_make(v[0], v[1], v[2]);
            key.flags |= CP_KEY_TARGET;
            break;
        case CPI_KEY_ROLL: rc = cpi_jr_read_number(r, &m, &key.roll); break;
        case CPI_KEY_FOV: rc = cpi_jr_read_number(r, &m, &key.fov); break;
        case CPI_KEY_FOCUS: rc = read_positive(r, &m, "focus distance in metres", &key.focus); break;
        case CPI_KEY_APERTURE: rc = read_positive(r, &m, "f-number", &key.aperture); break;
        case CPI_KEY_FRAME_WIDTH: rc = read_positive(r, &m, "width framed in metres", &key.frame_width); break;
        case CPI_KEY_HOLD:
            rc = cpi_jr_read_number(r, &m, &key.hold);
            key.flags |= CP_KEY_HOLD;
            break;
        case CPI_KEY_SHAKE_SCALE: {
            const size_t pos = (cpi_jr_peek(r), r->s.pos);
            rc = cpi_jr_read_number(r, &m, &key.shake_scale);
            key.flags |= CP_KEY_SHAKE_SCALE;
            if (rc == 0 && !(key.shake_scale >= 0.0 && key.shake_scale <= CP_SHAKE_MAX_SCALE)) {
                char b[CPI_FMT_DOUBLE_SIZE], l[CPI_FMT_DOUBLE_SIZE];
                rc = cpi_jr_fail(r, pos, &m, CP_ERR_INVALID, "must be in [0, %s] (the shake's multiplier), got %s",
                                 cpi_fmt_double(l, CP_SHAKE_MAX_SCALE), cpi_fmt_double(b, key.shake_scale));
            }
            break;
        }
        case CPI_KEY_EASE:
            rc = cpi_jr_read_numbers(r, &m, v, 2, "2 numbers [in, out], each from 0 to 1");
            key.ease[0] = v[0], key.ease[1] = v[1];
            break;
        default: rc = cpi_jr_keep_unknown(r, &r->key_extras, name_pos, name_end, f); break;
        }
        if (rc != 0)
            return -1;
    }
    if (cpi_jr_unique_names(r, mark, f) != 0)
        return -1;
    /* "rotation" or "target": which one a key needs depends on "orientation",
     * which may come after the keys (check_orientation) */
    static const char *const what[2] = {"the time in seconds", "[x, y, z] in metres"};
    for (int m = 0; m < 2; m++)
        if (seen[m] == NO_OFFSET)
            return cpi_jr_fail(r, start, f, CP_ERR_INVALID, "member \"%s\" is missing (%s)", names[m], what[m]);
    char *extras;
    if (cpi_jr_take_extras(r, &r->key_extras, &extras) != 0)
        return -1;
    if (extras && !d->key_extras) {
        d->key_extras = cpi_calloc(r->alloc, r->key_cap, sizeof *d->key_extras);
        if (!d->key_extras) {
            cpi_free(r->alloc, extras);
            return cpi_jr_out_of_memory(r);
        }
    }
    if (d->key_extras)
        d->key_extras[i] = extras;
    d->keys[i] = key;
    cpi_key_offsets *o = &r->loc->keys[i];
    o->object = (uint32_t)start;
    for (int m = 0; m < CPI_KEY_MEMBERS; m++)
        o->member[m] = seen[m] == NO_OFFSET ? NO_OFFSET : (uint32_t)seen[m];
    d->count++;
    return 0;
}

/* The members a key must have, or must not, by the path's orientation: a
 * rotation, or a target (and maybe a roll) and no rotation. The first key
 * at fault is named. */
static int check_orientation(reader *r)
{
    const int look_at = r->doc->options.orientation == CP_ORIENTATION_LOOK_AT;
    for (size_t i = 0; i < r->doc->count; i++) {
        const uint32_t *at = r->loc->keys[i].member;
        field k = {&(field){NULL, "keys", 0}, NULL, i};
        field m = {&k, NULL, 0};
        if (look_at && at[CPI_KEY_ROTATION] != NO_OFFSET) {
            m.member = "rotation";
            return cpi_jr_fail(r, at[CPI_KEY_ROTATION], &m, CP_ERR_INVALID,
                               "not used in a look-at path: the rotation comes from \"target\" and \"roll\" "
                               "(remove it, or make \"orientation\" \"rotation\")");
        }
        if (look_at && at[CPI_KEY_TARGET] == NO_OFFSET)
            return cpi_jr_fail(r, r->loc->keys[i].object, &k, CP_ERR_INVALID,
                               "member \"target\" is missing (the point looked at, [x, y, z]: \"orientation\" is "
                               "\"look-at\")");
        if (r->doc->options.dolly_zoom && at[CPI_KEY_FOV] != NO_OFFSET) {
            m.member = "fov";
            return cpi_jr_fail(r, at[CPI_KEY_FOV], &m, CP_ERR_INVALID,
                               "not used with \"dolly_zoom\": the fov comes from \"frame_width\" and the distance "
                               "to the target (remove it, or the dolly zoom)");
        }
        if (!look_at && at[CPI_KEY_ROTATION] == NO_OFFSET)
            return cpi_jr_fail(r, r->loc->keys[i].object, &k, CP_ERR_INVALID,
                               "member \"rotation\" is missing (a quaternion [x, y, z, w])");
        for (int x = CPI_KEY_TARGET; x <= CPI_KEY_ROLL && !look_at; x++)
            if (at[x] != NO_OFFSET) {
                m.member = cpi_json_key_names[x];
                return cpi_jr_fail(r, at[x], &m, CP_ERR_INVALID,
                                   "needs \"orientation\": \"look-at\" at the top level (this path takes its "
                                   "keys' rotations)");
            }
    }
    return 0;
}

static int read_keys(reader *r, const field *f)
{
    char what[32];
    r->loc->keys_member = (uint32_t)r->s.pos;
    if (cpi_jr_peek(r) != '[')
        return cpi_jr_value_start(cpi_jr_peek(r)) ? cpi_jr_type_error(r, r->s.pos, f, "an array of keys") : cpi_scan_skip_value(&r->s);
    r->s.pos++;
    if (cpi_jr_peek(r) == ']') {
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
        char c = cpi_jr_peek(r);
        if (c == ']') {
            r->s.pos++;
            return 0;
        }
        if (c != ',')
            return cpi_scan_fail(&r->s, r->s.pos, "',' or ']' expected after a key, found %s",
                                 cpi_scan_what(&r->s, r->s.pos, what));
        r->s.pos++;
        if (cpi_jr_peek(r) == ']')
            return cpi_scan_fail(&r->s, r->s.pos, "a value is expected after ',' (JSON allows no trailing comma)");
    }
}

/* ---- the top level ------------------------------------------------------------------------- */

static int read_version(reader *r, const field *f)
{
    size_t pos = r->s.pos;
    double v;
    if (cpi_jr_read_number(r, f, &v) != 0)
        return -1;
    if (v != CP_JSON_FORMAT_VERSION) {
        char ex[40];
        return cpi_jr_fail(r, pos, f, CP_ERR_UNSUPPORTED, "format version %s is not supported (this campath reads version %d)",
                    cpi_jr_excerpt(r->s.text + pos, r->s.pos - pos, ex), CP_JSON_FORMAT_VERSION);
    }
    return 0;
}

static int missing_version(reader *r)
{
    return cpi_jr_fail(r, r->loc->top, NULL, CP_ERR_INVALID,
                "member \"campath\" (the format version, %d) is missing: is this a campath path file?",
                CP_JSON_FORMAT_VERSION);
}

/* The named values of "ends", "interpolation", "timing" and "orientation". */
enum { ENUM_ENDS, ENUM_INTERP, ENUM_TIMING, ENUM_ORIENTATION };

static int read_enum(reader *r, const field *f, int kind, int *out)
{
    static const char *const what[4] = {"ends", "interpolation", "timing", "orientation"};
    static const char *const expected[4] = {"natural, rest or closed", "c2, bisector, catmull-rom, linear or step",
                                            "keys, smooth or constant-speed", "rotation or look-at"};
    size_t pos = r->s.pos;
    if (cpi_jr_read_string(r, f) != 0)
        return -1;
    char name[16] = "", ex[40];
    if (r->str.length < sizeof name && !r->str.has_nul)
        memcpy(name, r->str.decoded, r->str.length + 1);
    name[r->str.length < sizeof name ? r->str.length : 0] = '\0';
    cp_interp i;
    cp_ends e;
    cp_timing t;
    cp_orientation o;
    const int found = kind == ENUM_INTERP   ? cp_interp_parse(name, &i) == CP_OK
                      : kind == ENUM_ENDS   ? cp_ends_parse(name, &e) == CP_OK
                      : kind == ENUM_TIMING ? cp_timing_parse(name, &t) == CP_OK
                                            : cp_orientation_parse(name, &o) == CP_OK;
    if (found) {
        *out = kind == ENUM_INTERP ? (int)i : kind == ENUM_ENDS ? (int)e : kind == ENUM_TIMING ? (int)t : (int)o;
        return 0;
    }
    return cpi_jr_fail(r, pos, f, CP_ERR_INVALID, "unknown %s \"%s\" (expected %s)", what[kind],
                       cpi_jr_excerpt(r->str.decoded, r->str.length, ex), expected[kind]);
}

static int read_interpolation(reader *r, const field *f)
{
    size_t seen[3] = {NO_OFFSET, NO_OFFSET, NO_OFFSET};
    if (cpi_jr_peek(r) != '{')
        return cpi_jr_value_start(cpi_jr_peek(r))
                   ? cpi_jr_type_error(r, r->s.pos, f, "an object such as { \"position\": \"c2\", \"rotation\": \"c2\", "
                                                "\"fov\": \"c2\" }")
                   : cpi_scan_skip_value(&r->s);
    r->s.pos++;
    for (int first = 1;; first = 0) {
        size_t name_pos = 0, name_end = 0;
        int rc = cpi_jr_next_member(r, first, &name_pos, &name_end);
        if (rc <= 0)
            return rc;
        int c = cpi_jr_known_member(r, cpi_json_channel_names, 3, seen, r->s.pos, f);
        if (c < -1)
            return -1;
        if (c < 0) {
            char ex[40];
            /* the channels are a closed set: a misspelt one must not silently become c2 */
            return cpi_jr_fail(r, name_pos, f, CP_ERR_INVALID, "unknown channel \"%s\" (expected position, rotation or fov)",
                        cpi_jr_excerpt(r->str.decoded, r->str.length, ex));
        }
        field m = {f, cpi_json_channel_names[c], 0};
        r->loc->interp[c] = (uint32_t)r->s.pos;
        int value;
        if (read_enum(r, &m, ENUM_INTERP, &value) != 0)
            return -1;
        cp_interp *chan[3] = {&r->doc->options.position, &r->doc->options.rotation, &r->doc->options.fov};
        *chan[c] = (cp_interp)value;
    }
}

/* A string member without NUL characters, copied to *out. */
static int read_text(reader *r, const field *m, size_t pos, char **out)
{
    if (cpi_jr_read_string(r, m) != 0)
        return -1;
    if (r->str.has_nul)
        return cpi_jr_fail(r, pos, m, CP_ERR_INVALID, "contains a NUL character (\\u0000)");
    if ((*out = cpi_alloc(r->alloc, r->str.length + 1)) == NULL)
        return cpi_jr_out_of_memory(r);
    memcpy(*out, r->str.decoded, r->str.length);
    (*out)[r->str.length] = '\0';
    return 0;
}

/* "hidden": names of the scene's nodes the editor hides (docs/format.md).
 * Checked here, with located errors, and kept verbatim with the unknown
 * top-level members but without their warning, so that every program that
 * keeps those (the tools, a path saved again) keeps it. */
static int read_hidden(reader *r, const field *f, size_t name_pos, size_t name_end)
{
    char c = cpi_jr_peek(r);
    if (c != '[')
        return cpi_jr_value_start(c) ? cpi_jr_type_error(r, r->s.pos, f, "an array of node names") : cpi_scan_skip_value(&r->s);
    size_t value = r->s.pos;
    r->s.pos++;
    if (cpi_jr_peek(r) == ']') {
        r->s.pos++;
    } else {
        for (size_t i = 0;; i++) {
            field e = {f, NULL, i};
            cpi_jr_peek(r);
            size_t pos = r->s.pos;
            if (cpi_jr_read_string(r, &e) != 0)
                return -1;
            if (r->str.has_nul)
                return cpi_jr_fail(r, pos, &e, CP_ERR_INVALID, "contains a NUL character (\\u0000)");
            if (r->str.length == 0)
                return cpi_jr_fail(r, pos, &e, CP_ERR_INVALID, "a node name, not an empty string");
            const int end = cpi_jr_array_next(r);
            if (end < 0)
                return -1;
            if (end)
                break;
        }
    }
    cpi_buf *x = &r->top_extras;
    cpi_buf_append(x, x->len ? ", " : "{", x->len ? 2 : 1);
    cpi_buf_append(x, r->s.text + name_pos, name_end - name_pos);
    cpi_buf_append(x, ": ", 2);
    cpi_buf_append(x, r->s.text + value, r->s.pos - value);
    return x->failed ? cpi_jr_out_of_memory(r) : 0;
}

/* true or false. */
static int read_bool(reader *r, const field *f, bool *out)
{
    const size_t pos = r->s.pos;
    const char c = cpi_jr_peek(r);
    if (c != 't' && c != 'f')
        return cpi_jr_value_start(c) ? cpi_jr_type_error(r, pos, f, "true or false") : cpi_scan_skip_value(&r->s);
    if (cpi_scan_skip_value(&r->s) != 0)
        return -1;
    *out = c == 't';
    return 0;
}

static int read_top(reader *r)
{
    enum { VERSION, NAME, INTERPOLATION, ENDS, PERIOD, KEYS, SCENE, TIMING, ORIENTATION, SHOTS, HIDDEN, SHAKE,
           DOLLY_ZOOM, MAX_ANGULAR_SPEED, AUDIO, COUNT };
    static const char *const names[COUNT] = {"campath", "name",  "interpolation", "ends",        "period", "keys",
                                             "scene",   "timing", "orientation",  "shots",       "hidden", "shake",
                                             "dolly_zoom", "max_angular_speed", "audio"};
    size_t seen[COUNT];
    for (int m = 0; m < COUNT; m++)
        seen[m] = NO_OFFSET;
    cp_document *d = r->doc;
    char c = cpi_jr_peek(r);
    if (c == '\0' && r->s.pos >= r->s.size)
        return cpi_jr_fail(r, r->s.pos, NULL, CP_ERR_SYNTAX, "no JSON value, only white space");
    if (c != '{') {
        if (!cpi_jr_value_start(c))
            return cpi_scan_skip_value(&r->s);
        char buf[64];
        return cpi_jr_fail(r, r->loc->top, NULL, CP_ERR_INVALID, "a path file is a JSON object { \"campath\": 1, ... }, got %s",
                    cpi_jr_describe(r, r->loc->top, buf));
    }
    r->s.pos++;
    for (int first = 1;; first = 0) {
        size_t name_pos = 0, name_end = 0;
        int rc = cpi_jr_next_member(r, first, &name_pos, &name_end);
        if (rc < 0)
            return -1;
        if (rc == 0)
            break;
        int which = cpi_jr_known_member(r, names, COUNT, seen, r->s.pos, NULL);
        if (which < -1)
            return -1;
        field m = {NULL, which >= 0 ? names[which] : NULL, 0};
        int value = 0;
        if (r->shots && (which == INTERPOLATION || which == ENDS || which == PERIOD || which == KEYS ||
                         which == TIMING || which == ORIENTATION || which == SHAKE || which == DOLLY_ZOOM ||
                         which == MAX_ANGULAR_SPEED))
            return cpi_jr_fail(r, r->s.pos, &m, CP_ERR_INVALID,
                               which == KEYS    ? "a sequence file has \"shots\" in place of \"keys\""
                               : which == SHAKE ? "not used in a sequence file (each shot has its own \"shake\")"
                                                : "not used in a sequence file (each shot's path has its own)");
        if (!r->shots && which == SHOTS)
            return cpi_jr_fail(r, r->s.pos, &m, CP_ERR_INVALID,
                               "this is a sequence file (\"shots\" in place of \"keys\"): load it as a sequence "
                               "(cp_sequence_load)");
        switch (which) {
        case VERSION: rc = read_version(r, &m); break;
        case NAME: rc = read_text(r, &m, seen[NAME], &d->name); break;
        case SCENE: rc = read_text(r, &m, seen[SCENE], &d->scene); break;
        case INTERPOLATION: rc = read_interpolation(r, &m); break;
        case ENDS:
            r->loc->ends = (uint32_t)r->s.pos;
            rc = read_enum(r, &m, ENUM_ENDS, &value);
            d->options.ends = (cp_ends)value;
            break;
        case TIMING:
            r->loc->timing = (uint32_t)r->s.pos;
            rc = read_enum(r, &m, ENUM_TIMING, &value);
            d->options.timing = (cp_timing)value;
            break;
        case ORIENTATION:
            r->loc->orientation = (uint32_t)r->s.pos;
            rc = read_enum(r, &m, ENUM_ORIENTATION, &value);
            d->options.orientation = (cp_orientation)value;
            break;
        case PERIOD:
            r->loc->period = (uint32_t)r->s.pos;
            rc = cpi_jr_read_number(r, &m, &d->options.period);
            break;
        case MAX_ANGULAR_SPEED:
            r->loc->max_angular_speed = (uint32_t)r->s.pos;
            rc = cpi_jr_read_number(r, &m, &d->options.max_angular_speed);
            if (rc == 0 && d->options.max_angular_speed == 0) /* 0 is the API's default, not a speed */
                rc = cpi_jr_fail(r, r->loc->max_angular_speed, &m, CP_ERR_INVALID,
                                 "0 must be in (0, 3600] degrees per second (leave it out for the default, 30)");
            break;
        case KEYS: rc = read_keys(r, &m); break;
        case SHOTS: rc = cpi_jr_read_shots(r, &m); break;
        case SHAKE: rc = cpi_jr_read_shake(r, &m, &d->options.shake); break;
        case HIDDEN: rc = read_hidden(r, &m, name_pos, name_end); break;
        case DOLLY_ZOOM:
            r->loc->dolly_zoom = (uint32_t)r->s.pos;
            rc = read_bool(r, &m, &d->options.dolly_zoom);
            break;
        case AUDIO: rc = cpi_jr_read_audio(r, &m, name_pos, name_end); break;
        default: rc = cpi_jr_keep_unknown(r, &r->top_extras, name_pos, name_end, NULL); break;
        }
        if (rc != 0)
            return -1;
    }
    if (cpi_jr_unique_names(r, 0, NULL) != 0)
        return -1;
    cpi_scan_ws(&r->s);
    if (r->s.pos < r->s.size && !r->nested)
        return cpi_scan_fail(&r->s, r->s.pos, "unexpected text after the end of the JSON object");
    if (seen[VERSION] == NO_OFFSET && !r->nested)
        return missing_version(r);
    if (r->shots) {
        if (seen[SHOTS] == NO_OFFSET)
            return cpi_jr_fail(r, r->loc->top, NULL, CP_ERR_INVALID, "member \"shots\" (the array of shots) is missing");
        r->shots->name = d->name;
        d->name = NULL;
        return cpi_jr_take_extras(r, &r->top_extras, &d->extras);
    }
    if (seen[KEYS] == NO_OFFSET)
        return cpi_jr_fail(r, r->loc->top, NULL, CP_ERR_INVALID, "member \"keys\" (the array of keys) is missing");
    if (check_orientation(r) != 0)
        return -1;
    if (d->options.ends == CP_ENDS_CLOSED && seen[PERIOD] == NO_OFFSET)
        return cpi_jr_fail(r, seen[ENDS], &(field){NULL, "period", 0}, CP_ERR_INVALID,
                    "required when \"ends\" is \"closed\" (the time in seconds from the first key back to it)");
    if (d->options.ends != CP_ENDS_CLOSED && seen[PERIOD] != NO_OFFSET) {
        d->options.period = 0;
        if (d->warning_count < CP_JSON_MAX_WARNINGS) {
            char line[300];
            cpi_jr_advance_line_col(r, seen[PERIOD]);
            snprintf(line, sizeof line, "%s:%lu:%lu: period: ignored because \"ends\" is not \"closed\"", r->source,
                     r->lc_line, r->lc_col);
            char **w = cpi_realloc_array(r->alloc, d->warnings, d->warning_count + 1, sizeof *w);
            if (w && (d->warnings = w, (w[d->warning_count] = cpi_strdup(r->alloc, line)) != NULL))
                d->warning_count++;
        }
    }
    return cpi_jr_take_extras(r, &r->top_extras, &d->extras);
}

/* ---- errors in order: syntax, then the version, then the first other error ------------------- */

/* Replaces r's error with the version's when the file names a version this
 * reader does not know, or none: the other messages would mislead then. */
static void check_version(reader *r)
{
    reader v = {.alloc = r->alloc, .s = {.text = r->s.text, .size = r->s.size, .pos = r->loc->top, .alloc = r->alloc},
                .source = r->source, .doc = r->doc, .loc = r->loc, .str = {.alloc = r->alloc},
                .names = {.alloc = r->alloc}};
    if (cpi_jr_peek(&v) != '{')
        return;
    v.s.pos++;
    int found = 0;
    for (int first = 1; !found; first = 0) {
        size_t a, b;
        if (cpi_jr_next_member(&v, first, &a, &b) <= 0)
            break;
        if (cpi_jr_is_name(&v, "campath")) {
            field m = {NULL, "campath", 0};
            read_version(&v, &m);
            found = 1;
        } else {
            cpi_scan_skip_value(&v.s);
        }
    }
    cpi_free(r->alloc, v.str.buf);
    if (!found && !v.s.failed)
        missing_version(&v);
    if (v.code != CP_OK) {
        r->code = v.code;
        r->err_pos = v.err_pos;
        r->err_key = v.err_key;
        memcpy(r->err, v.err, sizeof r->err);
        memcpy(r->err_field, v.err_field, sizeof r->err_field);
    }
}

static int report(reader *r, cp_error *error)
{
    unsigned long line, col;
    if (!r->s.failed && r->code != CP_ERR_MEMORY && r->code != CP_ERR_SYNTAX) {
        /* look for a syntax error in the rest of the file first */
        cpi_scan whole = {.text = r->s.text, .size = r->s.size, .pos = r->loc->top, .alloc = r->alloc};
        if (cpi_scan_skip_value(&whole) == 0 && !r->nested) {
            cpi_scan_ws(&whole);
            if (whole.pos < whole.size)
                cpi_scan_fail(&whole, whole.pos, "unexpected text after the end of the JSON object");
        }
        if (whole.failed)
            r->s = whole;
        else if (r->code != CP_ERR_UNSUPPORTED && !r->nested)
            check_version(r);
    }
    if (r->s.failed) {
        cpi_line_col(r->s.text, r->s.err_pos, &line, &col);
        cpi_error_set(error, r->s.err_code, "%s:%lu:%lu: %s", r->source, line, col, r->s.err);
    } else {
        cpi_line_col(r->s.text, r->err_pos, &line, &col);
        cpi_error_set(error, r->code, "%s:%lu:%lu: %s", r->source, line, col, r->err);
        cpi_error_field(error, r->err_key, r->err_field);
    }
    error->line = line;
    error->column = col;
    return error->code;
}

/* A file read from `start` (0: the whole text; else an inline path of a
 * sequence) into doc, or into *shots for a sequence file. */
static int parse(const cp_allocator *alloc, const char *text, size_t size, size_t start, const char *prefix,
                 const char *source, cp_document *doc, cp_path **path, cpi_shots *shots, cp_error *error)
{
    cp_error local; /* the status and the field are needed even when the caller wants no message */
    if (!error)
        error = &local;
    if (path)
        *path = NULL;
    memset(doc, 0, sizeof *doc);
    const cp_allocator A = cpi_allocator_copy(alloc); /* doc is zeroed on failure: not doc->allocator */
    source = source ? source : "<memory>";
    cpi_locations loc = {.text = text, .size = size, .source = source, .ends = NO_OFFSET, .period = NO_OFFSET,
                         .max_angular_speed = NO_OFFSET,
                         .timing = NO_OFFSET, .orientation = NO_OFFSET, .keys_member = NO_OFFSET, .interp = {NO_OFFSET, NO_OFFSET, NO_OFFSET},
                         .dolly_zoom = NO_OFFSET};
    if (size > CP_JSON_MAX_FILE_SIZE)
        return cpi_error_set(error, CP_ERR_LIMIT, "%s: %zu bytes is over the limit of %u bytes (CP_JSON_MAX_FILE_SIZE)",
                             source, size, CP_JSON_MAX_FILE_SIZE);
    if (size == 0) {
        cpi_error_set(error, CP_ERR_SYNTAX, "%s: the file is empty (a path file is a JSON object)", source);
        error->line = error->column = 1;
        return CP_ERR_SYNTAX;
    }
    doc->allocator = A;
    reader r = {.alloc = &A, .s = {.text = text, .size = size, .unique = 1, .alloc = &A}, .source = source,
                .doc = doc, .loc = &loc, .lc_line = 1, .lc_col = 1, .err_key = -1, .str = {.alloc = &A},
                .names = {.alloc = &A}, .top_extras = {.alloc = &A}, .key_extras = {.alloc = &A},
                .shots = shots, .nested = start > 0, .prefix = prefix};
    if (start > 0)
        r.s.pos = start;
    else if (size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        r.s.pos = 3; /* a UTF-8 byte order mark, as some editors write */
    cpi_scan_ws(&r.s);
    loc.top = (uint32_t)r.s.pos;
    int rc = read_top(&r);
    if (rc == 0 && r.warnings_dropped) {
        char line[200];
        snprintf(line, sizeof line, "%s: %zu more warnings not listed", source, r.warnings_dropped);
        char **w = cpi_realloc_array(&A, doc->warnings, doc->warning_count + 1, sizeof *w);
        if (w && (doc->warnings = w, (w[doc->warning_count] = cpi_strdup(&A, line)) != NULL))
            doc->warning_count++;
    }
    loc.key_count = doc->count;
    if (shots) {
        shots->top = loc.top;
        rc = rc == 0 ? CP_OK : report(&r, error);
    } else if (rc == 0) {
        /* every check of cp_path_create, the splines' included: a document
         * that loads builds, and its errors are placed in the file */
        cp_path_options opts = doc->options;
        opts.allocator = &A;
        cp_path *p = cpi_path_build(doc->keys, doc->count, &opts, &file_names, error);
        rc = p ? CP_OK : error->code;
        if (!p)
            cpi_locate_error(&loc, error);
        for (size_t i = 0; p && doc->options.orientation == CP_ORIENTATION_LOOK_AT && i < doc->count; i++)
            doc->keys[i].rotation = p->keys[i].rotation; /* the rotations the path derived, for tools that draw keys */
        for (size_t i = 0; p && doc->options.dolly_zoom && i < doc->count; i++)
            doc->keys[i].fov = p->keys[i].fov; /* and a dolly zoom's fov */
        if (p && path)
            *path = p;
        else
            cp_path_destroy(p);
    } else {
        rc = report(&r, error);
    }
    cpi_free(&A, r.str.buf);
    cpi_buf_free(&r.top_extras);
    cpi_buf_free(&r.key_extras);
    cpi_names_free(&r.names);
    cpi_free(&A, loc.keys);
    if (rc != CP_OK) {
        cp_document_free(doc);
        return rc;
    }
    cpi_error_clear(error);
    return CP_OK;
}

int cpi_document_parse(const cp_allocator *alloc, const char *text, size_t size, const char *source, cp_document *doc,
                       cp_path **path, cp_error *error)
{
    return parse(alloc, text, size, 0, NULL, source, doc, path, NULL, error);
}

int cpi_document_parse_at(const char *text, size_t size, size_t start, const char *prefix, const char *source,
                          cp_document *doc, cp_path **path, cp_error *error)
{
    return parse(NULL, text, size, start, prefix, source, doc, path, NULL, error);
}

int cpi_shots_parse(const char *text, size_t size, const char *source, cpi_shots *shots, cp_error *error)
{
    cp_document doc;
    int rc = parse(NULL, text, size, 0, NULL, source, &doc, NULL, shots, error);
    if (rc == CP_OK) {
        if (doc.warning_count) {
            /* the warnings are the sequence's: handed over with the document's */
            shots->warnings = doc.warnings, shots->warning_count = doc.warning_count;
            doc.warnings = NULL, doc.warning_count = 0;
        }
        cp_document_free(&doc);
    } else {
        cpi_shots_free(shots);
    }
    return rc;
}

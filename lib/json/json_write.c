/* SPDX-License-Identifier: MIT */
/* lib/json/json_write.c - a path as file text: one key per line so that a diff
 * shows what changed, numbers in their shortest exact form (lib/base/dtoa.c), and
 * members campath does not know copied back verbatim. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_impl.h"
#include "path_layout.h"

static void numbers(cpi_buf *o, const double *x, int n)
{
    cpi_buf_append(o, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i)
            cpi_buf_append(o, ", ", 2);
        cpi_buf_double(o, x[i]);
    }
    cpi_buf_append(o, "]", 1);
}

/* ---- unknown members, verbatim ------------------------------------------------------------ */

typedef struct extras_ctx {
    cpi_buf           *o;
    const char *const *reserved;
    int                nreserved;
    const char        *prefix, *separator;
    const char        *what;
    cp_error          *error;
    cpi_string         name;
} extras_ctx;

static int put_member(void *p, const char *name, size_t name_len, const char *value, size_t value_len)
{
    extras_ctx *x = p;
    cpi_scan s = {.text = name, .size = name_len, .alloc = x->name.alloc};
    if (cpi_scan_string(&s, &x->name) != 0)
        return cpi_error_set(x->error, CP_ERR_MEMORY, "out of memory");
    for (int i = 0; i < x->nreserved; i++)
        if (x->name.length == strlen(x->reserved[i]) && memcmp(x->name.decoded, x->reserved[i], x->name.length) == 0)
            return cpi_error_set(x->error, CP_ERR_INVALID,
                                 "%s: member \"%s\" is one campath writes itself and cannot be an extra", x->what,
                                 x->reserved[i]);
    cpi_buf_puts(x->o, x->prefix);
    cpi_buf_append(x->o, name, name_len);
    cpi_buf_append(x->o, ": ", 2);
    cpi_buf_append(x->o, value, value_len);
    cpi_buf_puts(x->o, x->separator);
    return CP_OK;
}

static int put_extras(cpi_buf *o, const char *extras, const char *const *reserved, int nreserved, const char *prefix,
                      const char *separator, const char *what, cp_error *error)
{
    extras_ctx x = {o, reserved, nreserved, prefix, separator, what, error, {.alloc = o->alloc}};
    int rc = cpi_json_object_members(o->alloc, extras, what, put_member, &x, error);
    cpi_free(o->alloc, x.name.buf);
    return rc;
}

/* ---- the checks -------------------------------------------------------------------------- */

static int check_text(const char *text, const char *field, cp_error *error)
{
    const size_t n = strlen(text), bad = cpi_utf8_invalid(text, n);
    if (bad < n)
        return cpi_error_at(error, CP_ERR_INVALID, -1, field,
                            "byte %zu (0x%02X) is not well-formed UTF-8 (a path file is UTF-8 text)", bad,
                            (unsigned)(unsigned char)text[bad]);
    return CP_OK;
}

/* What loading checks, so that no file is written that would not load; a
 * path has passed the checks of its keys when it was built. */
static int check(const cpi_path_view *v, const cp_path_options *opts, cp_error *error)
{
    if (v->name && check_text(v->name, "name", error) != CP_OK)
        return error ? error->code : CP_ERR_INVALID;
    if (v->scene && check_text(v->scene, "scene", error) != CP_OK)
        return error ? error->code : CP_ERR_INVALID;
    if (v->built)
        return CP_OK;
    cp_path_options o = *opts;
    o.allocator = v->alloc;
    cp_path *p = cp_path_create(v->keys, v->count, &o, error);
    if (!p)
        return error ? error->code : CP_ERR_INVALID;
    cp_path_destroy(p);
    return CP_OK;
}

/* ---- the file ----------------------------------------------------------------------------- */

char *cpi_json_write(const cpi_path_view *v, size_t *size, cp_error *error)
{
    static const char *const top_names[12] = {"campath", "name",        "scene",  "interpolation", "ends",
                                              "period",  "keys",        "timing", "orientation",   "shake",
                                              "dolly_zoom", "max_angular_speed"};
    cp_path_options opts = v->options;
    if (opts.ends != CP_ENDS_CLOSED)
        opts.period = 0;
    if (check(v, &opts, error) != CP_OK)
        return NULL;
    cpi_buf o = {.alloc = v->alloc};
    /* a key line is about 150 bytes with full-precision numbers */
    if (v->count < ((size_t)-1 - 4096) / 160)
        cpi_buf_reserve(&o, 4096 + 160 * v->count);
    char head[64];
    cpi_buf_puts(&o, "{\n  \"campath\": ");
    cpi_buf_double(&o, CP_JSON_FORMAT_VERSION);
    if (v->name) {
        cpi_buf_puts(&o, ",\n  \"name\": ");
        cpi_buf_json_string(&o, v->name, strlen(v->name));
    }
    if (v->scene) {
        cpi_buf_puts(&o, ",\n  \"scene\": ");
        cpi_buf_json_string(&o, v->scene, strlen(v->scene));
    }
    snprintf(head, sizeof head, ",\n  \"interpolation\": { \"position\": \"%s\", ", cp_interp_name(opts.position));
    cpi_buf_puts(&o, head);
    snprintf(head, sizeof head, "\"rotation\": \"%s\", \"fov\": \"%s\" },\n", cp_interp_name(opts.rotation),
             cp_interp_name(opts.fov));
    cpi_buf_puts(&o, head);
    cpi_buf_puts(&o, "  \"ends\": \"");
    cpi_buf_puts(&o, cp_ends_name(opts.ends));
    cpi_buf_puts(&o, "\",\n");
    if (opts.ends == CP_ENDS_CLOSED) {
        cpi_buf_puts(&o, "  \"period\": ");
        cpi_buf_double(&o, opts.period);
        cpi_buf_puts(&o, ",\n");
    }
    if (opts.timing != CP_TIMING_KEYS) { /* absent means keys: files of keys timing stay as they were */
        cpi_buf_puts(&o, "  \"timing\": \"");
        cpi_buf_puts(&o, cp_timing_name(opts.timing));
        cpi_buf_puts(&o, "\",\n");
    }
    if (opts.orientation == CP_ORIENTATION_LOOK_AT) /* absent means rotation: those files stay as they were */
        cpi_buf_puts(&o, "  \"orientation\": \"look-at\",\n");
    if (cp_shake_active(&opts.shake) || opts.shake.seed != 0) { /* absent means none */
        cpi_buf_puts(&o, "  \"shake\": ");
        cpi_json_write_shake(&o, &opts.shake);
        cpi_buf_puts(&o, ",\n");
    }
    if (opts.dolly_zoom) /* absent means none */
        cpi_buf_puts(&o, "  \"dolly_zoom\": true,\n");
    if (opts.max_angular_speed != 0) { /* absent means the default */
        cpi_buf_puts(&o, "  \"max_angular_speed\": ");
        cpi_buf_double(&o, opts.max_angular_speed);
        cpi_buf_puts(&o, ",\n");
    }
    if (v->extras && put_extras(&o, v->extras, top_names, 12, "  ", ",\n", "extras", error) != CP_OK)
        goto fail;
    const int look_at = opts.orientation == CP_ORIENTATION_LOOK_AT;
    cpi_buf_puts(&o, "  \"keys\": [\n");
    for (size_t i = 0; i < v->count; i++) {
        const cp_key *k = &v->keys[i];
        const double pos[3] = {k->position.x, k->position.y, k->position.z};
        const double rot[4] = {k->rotation.x, k->rotation.y, k->rotation.z, k->rotation.w};
        cpi_buf_puts(&o, "    { \"t\": ");
        cpi_buf_double(&o, k->time);
        cpi_buf_puts(&o, ", \"position\": ");
        numbers(&o, pos, 3);
        if (look_at) { /* the rotation is derived from these */
            const double target[3] = {k->target.x, k->target.y, k->target.z};
            cpi_buf_puts(&o, ", \"target\": ");
            numbers(&o, target, 3);
            if (k->roll != 0 || signbit(k->roll)) { /* -0 is kept, as every number is */
                cpi_buf_puts(&o, ", \"roll\": ");
                cpi_buf_double(&o, k->roll);
            }
        } else {
            cpi_buf_puts(&o, ", \"rotation\": ");
            numbers(&o, rot, 4);
        }
        if (opts.dolly_zoom) { /* the fov is derived from it */
            cpi_buf_puts(&o, ", \"frame_width\": ");
            cpi_buf_double(&o, k->frame_width);
        } else {
            cpi_buf_puts(&o, ", \"fov\": ");
            cpi_buf_double(&o, k->fov);
        }
        if (k->focus > 0) {
            cpi_buf_puts(&o, ", \"focus\": ");
            cpi_buf_double(&o, k->focus);
        }
        if (k->aperture > 0) {
            cpi_buf_puts(&o, ", \"aperture\": ");
            cpi_buf_double(&o, k->aperture);
        }
        if (k->flags & CP_KEY_HOLD) {
            cpi_buf_puts(&o, ", \"hold\": ");
            cpi_buf_double(&o, k->hold);
        }
        if (k->flags & CP_KEY_SHAKE_SCALE) {
            cpi_buf_puts(&o, ", \"shake_scale\": ");
            cpi_buf_double(&o, k->shake_scale);
        }
        if (k->ease[0] != 0.0 || k->ease[1] != 0.0) {
            cpi_buf_puts(&o, ", \"ease\": ");
            numbers(&o, k->ease, 2);
        }
        if (v->key_extras && v->key_extras[i]) {
            char what[48];
            snprintf(what, sizeof what, "keys[%zu] extras", i);
            if (put_extras(&o, v->key_extras[i], cpi_json_key_names, CPI_KEY_MEMBERS, ", ", "", what, error) != CP_OK)
                goto fail;
        }
        cpi_buf_puts(&o, i + 1 < v->count ? " },\n" : " }\n");
    }
    cpi_buf_puts(&o, "  ]\n}\n");
    char *text = cpi_buf_take(&o, size);
    if (!text)
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the text of %zu keys", v->count);
    else
        cpi_error_clear(error);
    return text;
fail:
    cpi_buf_free(&o);
    return NULL;
}

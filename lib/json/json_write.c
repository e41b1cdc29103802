/* lib/json/json_write.c - a path as file text: one key per line so that a diff
 * shows what changed, numbers in their shortest exact form (lib/base/dtoa.c), and
 * members campath does not know copied back verbatim. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtoa.h"
#include "json_impl.h"
#include "path_impl.h"

typedef struct out {
    char  *data;
    size_t len, cap;
    int    failed;
} out;

static int reserve(out *o, size_t n)
{
    if (o->failed)
        return -1;
    if (o->len + n + 1 <= o->cap)
        return 0;
    size_t cap = o->cap ? o->cap : 4096;
    while (cap < o->len + n + 1)
        cap *= 2;
    char *d = realloc(o->data, cap);
    if (!d) {
        o->failed = 1;
        return -1;
    }
    o->data = d;
    o->cap = cap;
    return 0;
}

static void put(out *o, const char *s, size_t n)
{
    if (reserve(o, n) == 0) {
        memcpy(o->data + o->len, s, n);
        o->len += n;
    }
}

static void puts_(out *o, const char *s) { put(o, s, strlen(s)); }

static void number(out *o, double x)
{
    if (reserve(o, CPI_DTOA_SIZE) == 0)
        o->len += cpi_dtoa(x, o->data + o->len);
}

static void numbers(out *o, const double *x, int n)
{
    put(o, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i)
            put(o, ", ", 2);
        number(o, x[i]);
    }
    put(o, "]", 1);
}

/* A JSON string: quotes, backslashes and control characters escaped, other
 * bytes as they are (names are UTF-8). */
static void string(out *o, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    put(o, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char esc[7] = {'\\', 0};
        if (c == '"' || c == '\\') {
            esc[1] = (char)c;
            put(o, esc, 2);
        } else if (c == '\n') {
            put(o, "\\n", 2);
        } else if (c == '\t') {
            put(o, "\\t", 2);
        } else if (c == '\r') {
            put(o, "\\r", 2);
        } else if (c < 0x20 || c == 0x7F) {
            memcpy(esc + 1, "u00", 3);
            esc[4] = hex[c >> 4];
            esc[5] = hex[c & 15];
            put(o, esc, 6);
        } else {
            put(o, s, 1);
        }
    }
    put(o, "\"", 1);
}

/* ---- unknown members, verbatim ------------------------------------------------------------ */

typedef struct extras_ctx {
    out               *o;
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
    cpi_scan s = {.text = name, .size = name_len};
    if (cpi_scan_string(&s, &x->name) != 0)
        return cpi_error_set(x->error, CP_ERR_MEMORY, "out of memory");
    for (int i = 0; i < x->nreserved; i++)
        if (x->name.length == strlen(x->reserved[i]) && memcmp(x->name.decoded, x->reserved[i], x->name.length) == 0)
            return cpi_error_set(x->error, CP_ERR_INVALID,
                                 "%s: member \"%s\" is one campath writes itself and cannot be an extra", x->what,
                                 x->reserved[i]);
    puts_(x->o, x->prefix);
    put(x->o, name, name_len);
    put(x->o, ": ", 2);
    put(x->o, value, value_len);
    puts_(x->o, x->separator);
    return CP_OK;
}

static int put_extras(out *o, const char *extras, const char *const *reserved, int nreserved, const char *prefix,
                      const char *separator, const char *what, cp_error *error)
{
    extras_ctx x = {o, reserved, nreserved, prefix, separator, what, error, {0}};
    int rc = cpi_json_object_members(extras, what, put_member, &x, error);
    free(x.name.buf);
    return rc;
}

/* ---- the file ----------------------------------------------------------------------------- */

char *cpi_json_write(const cpi_path_view *v, size_t *size, cp_error *error)
{
    static const char *const top_names[6] = {"campath", "name", "interpolation", "ends", "period", "keys"};
    static const char *const key_names[4] = {"t", "position", "rotation", "fov"};
    cp_path_options opts = v->options;
    if (opts.ends != CP_ENDS_CLOSED)
        opts.period = 0;
    if (cpi_path_validate(v->keys, v->count, &opts, error) != CP_OK)
        return NULL;
    out o = {0};
    /* a key line is about 150 bytes with full-precision numbers */
    if (v->count < ((size_t)-1 - 4096) / 160)
        reserve(&o, 4096 + 160 * v->count);
    char head[64];
    puts_(&o, "{\n  \"campath\": ");
    number(&o, CP_JSON_FORMAT_VERSION);
    if (v->name) {
        puts_(&o, ",\n  \"name\": ");
        string(&o, v->name);
    }
    snprintf(head, sizeof head, ",\n  \"interpolation\": { \"position\": \"%s\", ", cp_interp_name(opts.position));
    puts_(&o, head);
    snprintf(head, sizeof head, "\"rotation\": \"%s\", \"fov\": \"%s\" },\n", cp_interp_name(opts.rotation),
             cp_interp_name(opts.fov));
    puts_(&o, head);
    puts_(&o, "  \"ends\": \"");
    puts_(&o, cp_ends_name(opts.ends));
    puts_(&o, "\",\n");
    if (opts.ends == CP_ENDS_CLOSED) {
        puts_(&o, "  \"period\": ");
        number(&o, opts.period);
        puts_(&o, ",\n");
    }
    if (v->extras && put_extras(&o, v->extras, top_names, 6, "  ", ",\n", "extras", error) != CP_OK)
        goto fail;
    puts_(&o, "  \"keys\": [\n");
    for (size_t i = 0; i < v->count; i++) {
        const cp_key *k = &v->keys[i];
        const double pos[3] = {k->position.x, k->position.y, k->position.z};
        const double rot[4] = {k->rotation.x, k->rotation.y, k->rotation.z, k->rotation.w};
        puts_(&o, "    { \"t\": ");
        number(&o, k->time);
        puts_(&o, ", \"position\": ");
        numbers(&o, pos, 3);
        puts_(&o, ", \"rotation\": ");
        numbers(&o, rot, 4);
        puts_(&o, ", \"fov\": ");
        number(&o, k->fov);
        if (v->key_extras && v->key_extras[i]) {
            char what[48];
            snprintf(what, sizeof what, "keys[%zu] extras", i);
            if (put_extras(&o, v->key_extras[i], key_names, 4, ", ", "", what, error) != CP_OK)
                goto fail;
        }
        puts_(&o, i + 1 < v->count ? " },\n" : " }\n");
    }
    puts_(&o, "  ]\n}\n");
    if (o.failed) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the text of %zu keys", v->count);
        goto fail;
    }
    o.data[o.len] = '\0';
    if (size)
        *size = o.len;
    cpi_error_clear(error);
    return o.data;
fail:
    free(o.data);
    return NULL;
}

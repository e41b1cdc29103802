/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_data.c - buffers, accessors and animation samplers of a glTF 2.0
 * document, read into doubles.
 *
 * References: glTF 2.0 specification sections 3.6 (buffers, buffer views,
 * accessors: little-endian data, byteStride, accessors without a buffer view
 * are zeros), 3.11 (sampler inputs are float seconds, translation outputs
 * float VEC3, rotation outputs float or normalised integer VEC4, CUBICSPLINE
 * outputs three elements per input) and 4.4 (the GLB binary chunk). */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gltf_impl.h"

/* Elements an accessor without a bufferView (all zeros) may have. */
#define ZERO_ACCESSOR_MAX 65536

uint32_t cpi_gltf_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int cpi_gltf_fail(cpi_gltf_reader *r, int code, const char *fmt, ...)
{
    char msg[sizeof r->error->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return cpi_error_set(r->error, code, "%s: %s", r->source, msg);
}

/* ---- small JSON helpers ---------------------------------------------------------- */

/* A non-negative integer member: 1 if present and valid, 0 if absent, -1 if wrong. */
int cpi_gltf_get_index(const cJSON *obj, const char *name, size_t *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!v)
        return 0;
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0) || v->valuedouble > 9007199254740992.0 ||
        v->valuedouble != floor(v->valuedouble))
        return -1;
    *out = (size_t)v->valuedouble;
    return 1;
}

const cJSON *cpi_gltf_array_item(const cJSON *root, const char *array, size_t i)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, array);
    if (!cJSON_IsArray(a) || i >= (size_t)cJSON_GetArraySize(a))
        return NULL;
    const cJSON *item = cJSON_GetArrayItem(a, (int)i);
    return cJSON_IsObject(item) ? item : NULL;
}

int cpi_gltf_get_numbers(const cJSON *obj, const char *name, double *out, int n)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!a)
        return 0;
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != n)
        return -1;
    int i = 0;
    for (const cJSON *v = a->child; v; v = v->next, i++) {
        if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble))
            return -1;
        out[i] = v->valuedouble;
    }
    return 1;
}

/* ---- buffers ------------------------------------------------------------------------- */

static int load_buffer(cpi_gltf_reader *r, size_t index, const unsigned char **bytes, size_t *size)
{
    const cJSON *buf = cpi_gltf_array_item(r->root, "buffers", index);
    if (!buf)
        return cpi_gltf_fail(r, CP_ERR_INVALID, "buffers[%zu]: no such buffer", index);
    cpi_gltf_buffer *b = &r->buffers[index];
    const cJSON *uri = cJSON_GetObjectItemCaseSensitive(buf, "uri");
    size_t declared = 0;
    if (cpi_gltf_get_index(buf, "byteLength", &declared) != 1)
        return cpi_gltf_fail(r, CP_ERR_INVALID, "buffers[%zu].byteLength: a non-negative integer expected", index);
    if (!b->loaded) {
        if (!uri) {
            if (index != 0 || !r->glb_bin)
                return cpi_gltf_fail(r, CP_ERR_INVALID, "buffers[%zu]: no uri and no GLB binary chunk", index);
        } else if (!cJSON_IsString(uri)) {
            return cpi_gltf_fail(r, CP_ERR_INVALID, "buffers[%zu].uri: a string expected", index);
        } else if (strncmp(uri->valuestring, "data:", 5) == 0) {
            const char *comma = strchr(uri->valuestring, ',');
            if (!comma || comma - uri->valuestring < 12 || strncmp(comma - 7, ";base64", 7) != 0)
                return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED, "buffers[%zu].uri: only base64 data URIs are read", index);
            size_t bad = 0;
            b->bytes = cpi_gltf_base64_decode(comma + 1, strlen(comma + 1), &b->size, &bad);
            if (!b->bytes && bad == strlen(comma + 1))
                return cpi_gltf_fail(r, CP_ERR_MEMORY, "out of memory for buffers[%zu]", index);
            if (!b->bytes)
                return cpi_gltf_fail(r, CP_ERR_SYNTAX, "buffers[%zu].uri: invalid base64 at character %zu of the data",
                                     index, bad);
        } else {
            int rc = cpi_gltf_read_uri(r, index, uri->valuestring, b);
            if (rc != CP_OK)
                return rc;
        }
        b->loaded = 1;
    }
    *bytes = uri ? b->bytes : r->glb_bin;
    *size = uri ? b->size : r->glb_bin_size;
    if (*size < declared)
        return cpi_gltf_fail(r, CP_ERR_INVALID, "buffers[%zu]: byteLength is %zu but the data has %zu bytes", index,
                             declared, *size);
    *size = declared;
    return CP_OK;
}

/* ---- accessors ------------------------------------------------------------------------- */

static int component_size(long type)
{
    switch (type) {
    case 5120:
    case 5121: return 1; /* BYTE, UNSIGNED_BYTE */
    case 5122:
    case 5123: return 2; /* SHORT, UNSIGNED_SHORT */
    case 5126: return 4; /* FLOAT */
    default: return 0;
    }
}

static double component(const unsigned char *p, long type)
{
    uint32_t u;
    float f;
    switch (type) {
    case 5120: return fmax((signed char)p[0] / 127.0, -1.0);
    case 5121: return p[0] / 255.0;
    case 5122: return fmax((int16_t)(uint16_t)(p[0] | p[1] << 8) / 32767.0, -1.0);
    case 5123: return (uint16_t)(p[0] | p[1] << 8) / 65535.0;
    default:
        u = cpi_gltf_u32(p);
        memcpy(&f, &u, sizeof f);
        return f;
    }
}

/* Reads accessor `index` (expected `dim` components per element, and only
 * float unless `normalized_ok`) into a new array of count * dim doubles. */
static int read_accessor(cpi_gltf_reader *r, size_t index, int dim, int normalized_ok, const char *what, double **out,
                         size_t *count)
{
    static const char *const types[5] = {NULL, "SCALAR", NULL, "VEC3", "VEC4"};
    const cJSON *acc = cpi_gltf_array_item(r->root, "accessors", index);
    if (!acc)
        return cpi_gltf_fail(r, CP_ERR_INVALID, "%s: accessor %zu does not exist", what, index);
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(acc, "type");
    const cJSON *ctype = cJSON_GetObjectItemCaseSensitive(acc, "componentType");
    const cJSON *norm = cJSON_GetObjectItemCaseSensitive(acc, "normalized");
    const double ctd = cJSON_IsNumber(ctype) ? ctype->valuedouble : 0;
    /* converting a double outside long's range is undefined: only small integers are codes */
    const long ct = ctd >= 0 && ctd <= 65535 && ctd == floor(ctd) ? (long)ctd : 0;
    size_t n = 0, view_index = 0, acc_offset = 0;
    if (!cJSON_IsString(type) || strcmp(type->valuestring, types[dim]) != 0)
        return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED, "%s: accessor %zu has type %s, %s expected", what, index,
                             cJSON_IsString(type) ? type->valuestring : "(none)", types[dim]);
    if (ct != 5126 && !(normalized_ok && component_size(ct) && ct != 5126 && cJSON_IsTrue(norm)))
        return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED, "%s: accessor %zu has componentType %g, %s expected", what, index,
                             ctd, normalized_ok ? "FLOAT (5126) or a normalized integer type" : "FLOAT (5126)");
    if (cpi_gltf_get_index(acc, "count", &n) != 1 || n < 1 || n > CP_PATH_MAX_KEYS * 3ull)
        return cpi_gltf_fail(r, CP_ERR_INVALID, "%s: accessor %zu: count must be an integer from 1 to %llu", what,
                             index, CP_PATH_MAX_KEYS * 3ull);
    if (cJSON_GetObjectItemCaseSensitive(acc, "sparse"))
        return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED, "%s: accessor %zu is sparse, which campath does not read", what,
                             index);
    if (cpi_gltf_get_index(acc, "byteOffset", &acc_offset) < 0)
        return cpi_gltf_fail(r, CP_ERR_INVALID, "%s: accessor %zu: byteOffset must be a non-negative integer", what,
                             index);
    int has_view = cpi_gltf_get_index(acc, "bufferView", &view_index);
    if (has_view == 0) { /* no buffer view: all zeros (section 3.6.2.1) */
        /* a few bytes of JSON must not claim gigabytes of zeros */
        if (n > ZERO_ACCESSOR_MAX)
            return cpi_gltf_fail(r, CP_ERR_LIMIT, "%s: accessor %zu: %zu elements without a bufferView (at most %d)",
                                 what, index, n, ZERO_ACCESSOR_MAX);
        double *z = calloc(n * (size_t)dim, sizeof *z);
        if (!z)
            return cpi_gltf_fail(r, CP_ERR_MEMORY, "out of memory for accessor %zu", index);
        *out = z;
        *count = n;
        return CP_OK;
    }
    const cJSON *view = has_view > 0 ? cpi_gltf_array_item(r->root, "bufferViews", view_index) : NULL;
    size_t buf_index = 0, view_offset = 0, view_len = 0, stride = 0;
    const unsigned char *bytes = NULL;
    size_t size = 0;
    const size_t csize = (size_t)component_size(ct), elem = csize * (size_t)dim;
    int rc = CP_OK;
    if (!view || cpi_gltf_get_index(view, "buffer", &buf_index) != 1 ||
        cpi_gltf_get_index(view, "byteLength", &view_len) != 1 ||
        cpi_gltf_get_index(view, "byteOffset", &view_offset) < 0 || cpi_gltf_get_index(view, "byteStride", &stride) < 0)
        rc = cpi_gltf_fail(r, CP_ERR_INVALID, "%s: accessor %zu: missing or malformed bufferView", what, index);
    if (rc == CP_OK)
        rc = load_buffer(r, buf_index, &bytes, &size);
    if (rc == CP_OK) {
        if (stride == 0)
            stride = elem;
        if (stride < elem || view_offset > size || view_len > size - view_offset || acc_offset > view_len ||
            (n - 1) > (view_len - acc_offset) / stride || view_len - acc_offset - (n - 1) * stride < elem)
            rc = cpi_gltf_fail(r, CP_ERR_INVALID, "%s: accessor %zu: %zu elements do not fit in bufferView %zu", what,
                               index, n, view_index);
    }
    if (rc != CP_OK)
        return rc;
    /* only now, with the data known to be there, is the size worth allocating */
    double *v = cpi_alloc_array(n, (size_t)dim * sizeof *v);
    if (!v)
        return cpi_gltf_fail(r, CP_ERR_MEMORY, "out of memory for accessor %zu", index);
    const unsigned char *base = bytes + view_offset + acc_offset;
    for (size_t i = 0; i < n; i++)
        for (int j = 0; j < dim; j++) {
            double x = component(base + i * stride + (size_t)j * csize, ct);
            if (!isfinite(x)) {
                free(v);
                return cpi_gltf_fail(r, CP_ERR_INVALID, "%s: accessor %zu element %zu is not a finite number", what,
                                     index, i);
            }
            v[i * (size_t)dim + (size_t)j] = x;
        }
    *out = v;
    *count = n;
    return CP_OK;
}

/* ---- samplers ---------------------------------------------------------------------------- */

void cpi_gltf_sampler_free(cpi_gltf_sampler *s)
{
    if (!s)
        return;
    free(s->times);
    free(s->values);
    free(s->in_tangents);
    free(s->out_tangents);
    free(s);
}

int cpi_gltf_read_sampler(cpi_gltf_reader *r, const cJSON *anim, size_t anim_index, size_t index, int dim,
                          const char *what, cpi_gltf_sampler **out)
{
    char where[128];
    snprintf(where, sizeof where, "animations[%zu].samplers[%zu] (%s)", anim_index, index, what);
    const cJSON *samplers = cJSON_GetObjectItemCaseSensitive(anim, "samplers");
    const cJSON *s = cJSON_IsArray(samplers) && index < (size_t)cJSON_GetArraySize(samplers)
                         ? cJSON_GetArrayItem(samplers, (int)index)
                         : NULL;
    size_t input = 0, output = 0;
    if (!cJSON_IsObject(s) || cpi_gltf_get_index(s, "input", &input) != 1 ||
        cpi_gltf_get_index(s, "output", &output) != 1)
        return cpi_gltf_fail(r, CP_ERR_INVALID, "%s: missing, or without input and output accessors", where);
    const cJSON *interp = cJSON_GetObjectItemCaseSensitive(s, "interpolation");
    cp_curve_mode mode = CP_CURVE_LINEAR;
    if (interp && cJSON_IsString(interp) && strcmp(interp->valuestring, "CUBICSPLINE") == 0)
        mode = CP_CURVE_CUBIC;
    else if (interp && cJSON_IsString(interp) && strcmp(interp->valuestring, "STEP") == 0)
        mode = CP_CURVE_STEP;
    else if (interp && !(cJSON_IsString(interp) && strcmp(interp->valuestring, "LINEAR") == 0))
        return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED, "%s: interpolation '%s' is not LINEAR, STEP or CUBICSPLINE", where,
                             cJSON_IsString(interp) ? interp->valuestring : "?");
    cpi_gltf_sampler *smp = calloc(1, sizeof *smp);
    if (!smp)
        return cpi_gltf_fail(r, CP_ERR_MEMORY, "out of memory");
    smp->index = (int)index;
    smp->mode = mode;
    smp->dim = dim;
    double *outv = NULL;
    size_t nin = 0, nout = 0;
    char what_in[160], what_out[160];
    snprintf(what_in, sizeof what_in, "%s input", where);
    snprintf(what_out, sizeof what_out, "%s output", where);
    int rc = read_accessor(r, input, 1, 0, what_in, &smp->times, &nin);
    if (rc == CP_OK)
        rc = read_accessor(r, output, dim, dim == 4, what_out, &outv, &nout);
    if (rc == CP_OK && nout != (mode == CP_CURVE_CUBIC ? 3 : 1) * nin)
        rc = cpi_gltf_fail(r, CP_ERR_INVALID, "%s: %zu outputs for %zu inputs (%s)", where, nout, nin,
                           mode == CP_CURVE_CUBIC ? "CUBICSPLINE needs three times as many"
                                                  : "LINEAR and STEP need as many");
    for (size_t i = 1; rc == CP_OK && i < nin; i++)
        if (!(smp->times[i] > smp->times[i - 1]))
            rc = cpi_gltf_fail(r, CP_ERR_INVALID, "%s: input times must strictly increase (key %zu: %.9g after %.9g)",
                               where, i, smp->times[i], smp->times[i - 1]);
    if (rc == CP_OK && mode == CP_CURVE_CUBIC) {
        const size_t d = (size_t)dim;
        smp->values = cpi_alloc_array(nin, d * sizeof(double));
        smp->in_tangents = cpi_alloc_array(nin, d * sizeof(double));
        smp->out_tangents = cpi_alloc_array(nin, d * sizeof(double));
        if (!smp->values || !smp->in_tangents || !smp->out_tangents)
            rc = cpi_gltf_fail(r, CP_ERR_MEMORY, "out of memory");
        for (size_t i = 0; rc == CP_OK && i < nin; i++) {
            memcpy(smp->in_tangents + i * d, outv + (3 * i) * d, d * sizeof(double));
            memcpy(smp->values + i * d, outv + (3 * i + 1) * d, d * sizeof(double));
            memcpy(smp->out_tangents + i * d, outv + (3 * i + 2) * d, d * sizeof(double));
        }
        free(outv);
    } else {
        smp->values = outv;
    }
    if (rc != CP_OK) {
        cpi_gltf_sampler_free(smp);
        return rc;
    }
    smp->count = nin;
    *out = smp;
    return CP_OK;
}

/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_write.c - a path as a glTF 2.0 file: one camera node, one animation.
 *
 * References: glTF 2.0 specification (Khronos), sections 3.6 (buffers,
 * accessors, with min/max required on animation inputs), 3.10 (cameras),
 * 3.11 (animations) and Appendix C (interpolation: a CUBICSPLINE output holds
 * in-tangent, value, out-tangent per key, tangents per second, and rotations
 * are normalised after interpolation, which is exactly how campath's
 * rotation curves are evaluated); KHR_animation_pointer (Khronos extension)
 * for the animated yfov. Animation data is float32 because the
 * specification allows no other component type for sampler inputs and
 * translation outputs. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtoa.h"
#include "gltf_impl.h"
#include "path_layout.h"

#define DEG_TO_RAD (3.14159265358979323846 / 180.0)
#define MAX_ACCESSORS 6

typedef struct accessor {
    size_t       offset;     /* bytes into the buffer */
    size_t       count;
    const char  *type;       /* SCALAR, VEC3, VEC4 */
    int          is_input;   /* animation input: min and max are written */
    float        min, max;
} accessor;

/* The float data and its accessors; every accessor gets its own buffer view. */
typedef struct blob {
    const cp_allocator *alloc;
    float     *data;
    size_t     len, cap;    /* in floats */
    accessor   acc[MAX_ACCESSORS];
    int        nacc;
} blob;

typedef struct channel {
    const cp_curve *curve;
    const char     *what;        /* "position", ... for messages */
    double          scale;       /* degrees to radians for the field of view */
    int             input, output;
} channel;

static int blob_push(blob *b, float x)
{
    if (b->len == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 1024;
        float *d = cpi_alloc_array(b->alloc, cap, sizeof *d);
        if (!d)
            return -1;
        if (b->len)
            memcpy(d, b->data, b->len * sizeof *d);
        cpi_free(b->alloc, b->data);
        b->data = d;
        b->cap = cap;
    }
    b->data[b->len++] = x;
    return 0;
}

void cpi_gltf_curve_key(const cp_curve *c, size_t i, double *t, double *v, double *in, double *out)
{
    const size_t n = cp_curve_key_count(c);
    if (i < n) {
        cp_curve_key(c, i, t, v, in, out);
        return;
    }
    const double s = cp_curve_seam_sign(c);
    cp_curve_key(c, 0, t, v, in, out);
    *t = cp_curve_start(c) + cp_curve_period(c);
    for (int j = 0; j < cp_curve_dim(c); j++) {
        v[j] *= s;
        in[j] *= s;
        out[j] *= s;
    }
}

size_t cpi_gltf_written_keys(const cp_curve *c) { return cp_curve_key_count(c) + (cp_curve_period(c) > 0 ? 1 : 0); }

static int to_float(double x, float *out)
{
    if (!(fabs(x) <= FLT_MAX))
        return -1;
    *out = (float)x;
    return 0;
}

static int add_input(blob *b, const channel *ch, double offset, int *index, cp_error *error)
{
    const cp_curve *c = ch->curve;
    const size_t n = cpi_gltf_written_keys(c);
    accessor *a = &b->acc[b->nacc];
    a->offset = b->len * sizeof(float);
    a->count = n;
    a->type = "SCALAR";
    a->is_input = 1;
    float prev = 0.0f;
    double prev_t = 0.0;
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
    for (size_t i = 0; i < n; i++) {
        double t, v[4], in[4], out[4];
        float f;
        cpi_gltf_curve_key(c, i, &t, v, in, out);
        if (to_float(t - offset, &f) != 0)
            return cpi_error_set(error, CP_ERR_UNSUPPORTED, "%s key %zu: time %s is out of single precision range",
                                 ch->what, i, cpi_fmt_double(b1, t));
        /* glTF requires strictly increasing inputs in the stored floats */
        if (i > 0 && !(f > prev))
            return cpi_error_set(error, CP_ERR_UNSUPPORTED,
                                 "%s keys %zu and %zu: times %s and %s are equal in single precision, "
                                 "which glTF animation data uses; space the keys further apart",
                                 ch->what, i - 1, i, cpi_fmt_double(b1, prev_t), cpi_fmt_double(b2, t));
        if (blob_push(b, f) != 0)
            return cpi_error_set(error, CP_ERR_MEMORY, "glTF export: out of memory");
        if (i == 0)
            a->min = f;
        a->max = f;
        prev = f;
        prev_t = t;
    }
    *index = b->nacc++;
    return CP_OK;
}

static int push_values(blob *b, const double *v, int dim, double scale, const channel *ch, size_t key, cp_error *error)
{
    char num[CPI_FMT_DOUBLE_SIZE];
    for (int j = 0; j < dim; j++) {
        float f;
        if (to_float(v[j] * scale, &f) != 0)
            return cpi_error_set(error, CP_ERR_UNSUPPORTED, "%s key %zu: %s is out of single precision range", ch->what,
                                 key, cpi_fmt_double(num, v[j]));
        if (blob_push(b, f) != 0)
            return cpi_error_set(error, CP_ERR_MEMORY, "glTF export: out of memory");
    }
    return CP_OK;
}

static int add_output(blob *b, const channel *ch, int *index, cp_error *error)
{
    const cp_curve *c = ch->curve;
    const int dim = cp_curve_dim(c);
    const int cubic = cp_curve_get_mode(c) == CP_CURVE_CUBIC;
    const size_t n = cpi_gltf_written_keys(c);
    accessor *a = &b->acc[b->nacc];
    a->offset = b->len * sizeof(float);
    a->count = cubic ? 3 * n : n;
    a->type = dim == 1 ? "SCALAR" : dim == 3 ? "VEC3" : "VEC4";
    a->is_input = 0;
    for (size_t i = 0; i < n; i++) {
        double t, v[4], in[4], out[4];
        cpi_gltf_curve_key(c, i, &t, v, in, out);
        int rc = cubic ? push_values(b, in, dim, ch->scale, ch, i, error) : CP_OK;
        if (rc == CP_OK)
            rc = push_values(b, v, dim, ch->scale, ch, i, error);
        if (rc == CP_OK && cubic)
            rc = push_values(b, out, dim, ch->scale, ch, i, error);
        if (rc != CP_OK)
            return rc;
    }
    *index = b->nacc++;
    return CP_OK;
}

/* Do two channels have the same stored key times (so they can share one input)? */
static int same_input(const blob *b, int input, const cp_curve *c, double offset)
{
    const accessor *a = &b->acc[input];
    if (a->count != cpi_gltf_written_keys(c))
        return 0;
    for (size_t i = 0; i < a->count; i++) {
        double t, v[4], in[4], out[4];
        cpi_gltf_curve_key(c, i, &t, v, in, out);
        if ((float)(t - offset) != b->data[a->offset / sizeof(float) + i])
            return 0;
    }
    return 1;
}

/* Does the fov change in the file? Compared as stored: a sampled constant
 * fov varies in its last bits, which single precision drops. */
static int fov_changes(const cp_curve *fov)
{
    double v0, v, in, out;
    cp_curve_key(fov, 0, NULL, &v0, NULL, NULL);
    for (size_t i = 0; i < cp_curve_key_count(fov); i++) {
        cp_curve_key(fov, i, NULL, &v, &in, &out);
        if ((float)(v * DEG_TO_RAD) != (float)(v0 * DEG_TO_RAD) ||
            (cp_curve_get_mode(fov) == CP_CURVE_CUBIC && ((float)in != 0.0f || (float)out != 0.0f)))
            return 1;
    }
    return 0;
}

static const char *sampler_name(const cp_curve *c)
{
    switch (cp_curve_get_mode(c)) {
    case CP_CURVE_CUBIC: return "CUBICSPLINE";
    case CP_CURVE_LINEAR: return "LINEAR";
    default: return "STEP";
    }
}

static int check_options(const cp_gltf_export_options *o, cp_error *error)
{
    if (!isfinite(o->bake_fps) || o->bake_fps < 0)
        return cpi_error_set(error, CP_ERR_INVALID, "glTF export: bake rate %g must be a number of frames a second > 0 "
                             "(0: no bake)", o->bake_fps);
    if (o->form != CP_GLTF_LINEAR && o->form != CP_GLTF_CUBIC)
        return cpi_error_set(error, CP_ERR_INVALID, "glTF export: form %d is neither CP_GLTF_LINEAR nor CP_GLTF_CUBIC",
                             (int)o->form);
    if (!isfinite(o->max_error) || o->max_error < 0)
        return cpi_error_set(error, CP_ERR_INVALID, "glTF export: error bound %g must be a number > 0 (0: default)",
                             o->max_error);
    if (!isfinite(o->znear) || o->znear < 0)
        return cpi_error_set(error, CP_ERR_INVALID, "glTF export: znear %g must be a number > 0 (0: default)",
                             o->znear);
    double znear = o->znear > 0 ? o->znear : CP_GLTF_DEFAULT_ZNEAR;
    if (!isfinite(o->zfar) || (o->zfar != 0 && !(o->zfar > znear)))
        return cpi_error_set(error, CP_ERR_INVALID, "glTF export: zfar %g must be greater than znear %g (0: infinite)",
                             o->zfar, znear);
    if (!isfinite(o->aspect_ratio) || o->aspect_ratio < 0)
        return cpi_error_set(error, CP_ERR_INVALID, "glTF export: aspect ratio %g must be a number > 0 (0: none)",
                             o->aspect_ratio);
    return CP_OK;
}

static void put_floats(cpi_buf *t, const double *v, int n)
{
    cpi_buf_puts(t, "[");
    for (int i = 0; i < n; i++) {
        if (i)
            cpi_buf_puts(t, ", ");
        cpi_buf_double(t, v[i]);
    }
    cpi_buf_puts(t, "]");
}

static void write_scene(cpi_buf *t, const cp_path *path, const cp_gltf_export_options *o, const char *name,
                        int animated_fov)
{
    const cp_key *k0 = &cp_path_keys(path)[0];
    const double pos[3] = {k0->position.x, k0->position.y, k0->position.z};
    const double rot[4] = {k0->rotation.x, k0->rotation.y, k0->rotation.z, k0->rotation.w};
    cpi_buf_printf(t, "{\n  \"asset\": {\"version\": \"2.0\", \"generator\": \"campath %s\"},\n", CAMPATH_VERSION);
    if (animated_fov)
        cpi_buf_puts(t, "  \"extensionsUsed\": [\"KHR_animation_pointer\"],\n");
    cpi_buf_puts(t, "  \"scene\": 0,\n  \"scenes\": [{\"nodes\": [0]}],\n  \"nodes\": [{\"name\": ");
    cpi_buf_json_string(t, name, strlen(name));
    cpi_buf_puts(t, ", \"camera\": 0, \"translation\": ");
    put_floats(t, pos, 3);
    cpi_buf_puts(t, ", \"rotation\": ");
    put_floats(t, rot, 4);
    cpi_buf_puts(t, "}],\n  \"cameras\": [{\"name\": ");
    cpi_buf_json_string(t, name, strlen(name));
    cpi_buf_puts(t, ", \"type\": \"perspective\", \"perspective\": {\"yfov\": ");
    cpi_buf_double(t, k0->fov * DEG_TO_RAD);
    cpi_buf_puts(t, ", \"znear\": ");
    cpi_buf_double(t, o->znear > 0 ? o->znear : CP_GLTF_DEFAULT_ZNEAR);
    if (o->zfar > 0) {
        cpi_buf_puts(t, ", \"zfar\": ");
        cpi_buf_double(t, o->zfar);
    }
    if (o->aspect_ratio > 0) {
        cpi_buf_puts(t, ", \"aspectRatio\": ");
        cpi_buf_double(t, o->aspect_ratio);
    }
    cpi_buf_puts(t, "}}],\n");
}

/* The float data as glTF stores it: little-endian (section 3.6.1.1). NULL when out of memory. */
static unsigned char *little_endian(const blob *b)
{
    unsigned char *le = cpi_alloc(b->alloc, b->len ? b->len * sizeof(float) : 1);
    if (!le)
        return NULL;
    const unsigned probe = 1;
    const int little = *(const unsigned char *)&probe == 1;
    for (size_t i = 0; i < b->len; i++) {
        unsigned char raw[4];
        memcpy(raw, &b->data[i], 4);
        for (int j = 0; j < 4; j++)
            le[4 * i + (size_t)j] = little ? raw[j] : raw[3 - j];
    }
    return le;
}

/* Accessors, buffer views and the buffer: a base64 data URI in a .gltf, the
 * BIN chunk (no uri) in a .glb. */
static void write_data(cpi_buf *t, const blob *b, const unsigned char *le, int glb)
{
    const size_t bytes = b->len * sizeof(float);
    cpi_buf_puts(t, "  \"accessors\": [");
    for (int i = 0; i < b->nacc; i++) {
        const accessor *a = &b->acc[i];
        cpi_buf_printf(t, "%s\n    {\"bufferView\": %d, \"componentType\": 5126, \"count\": %zu, \"type\": \"%s\"",
                       i ? "," : "", i, a->count, a->type);
        if (a->is_input) {
            cpi_buf_puts(t, ", \"min\": [");
            cpi_gltf_put_float(t, a->min);
            cpi_buf_puts(t, "], \"max\": [");
            cpi_gltf_put_float(t, a->max);
            cpi_buf_puts(t, "]");
        }
        cpi_buf_puts(t, "}");
    }
    cpi_buf_puts(t, "\n  ],\n  \"bufferViews\": [");
    for (int i = 0; i < b->nacc; i++) {
        const accessor *a = &b->acc[i];
        size_t end = i + 1 < b->nacc ? b->acc[i + 1].offset : bytes;
        cpi_buf_printf(t, "%s\n    {\"buffer\": 0, \"byteOffset\": %zu, \"byteLength\": %zu}", i ? "," : "",
                       a->offset, end - a->offset);
    }
    cpi_buf_printf(t, "\n  ],\n  \"buffers\": [{\"byteLength\": %zu", bytes);
    if (!glb) {
        cpi_buf_puts(t, ", \"uri\": \"data:application/octet-stream;base64,");
        cpi_gltf_base64_encode(t, le, bytes);
        cpi_buf_puts(t, "\"");
    }
    cpi_buf_puts(t, "}],\n");
}

static int write_animation(cpi_buf *t, const cp_path *path, const channel *ch, int nch, const char *name,
                           int with_extras, cp_error *error)
{
    static const char *const targets[3] = {"translation", "rotation", NULL};
    cpi_buf_puts(t, "  \"animations\": [{\n    \"name\": ");
    cpi_buf_json_string(t, name, strlen(name));
    cpi_buf_puts(t, ",\n    \"samplers\": [");
    for (int i = 0; i < nch; i++)
        cpi_buf_printf(t, "%s\n      {\"input\": %d, \"output\": %d, \"interpolation\": \"%s\"}", i ? "," : "",
                       ch[i].input, ch[i].output, sampler_name(ch[i].curve));
    cpi_buf_puts(t, "\n    ],\n    \"channels\": [");
    for (int i = 0; i < nch; i++) {
        cpi_buf_printf(t, "%s\n      {\"sampler\": %d, \"target\": ", i ? "," : "", i);
        if (targets[i])
            cpi_buf_printf(t, "{\"node\": 0, \"path\": \"%s\"}}", targets[i]);
        else
            cpi_buf_puts(t, "{\"path\": \"pointer\", \"extensions\": {\"KHR_animation_pointer\": "
                            "{\"pointer\": \"/cameras/0/perspective/yfov\"}}}}");
    }
    cpi_buf_puts(t, "\n    ]");
    if (with_extras) {
        cpi_buf_puts(t, ",\n    \"extras\": {\n      \"campath\": ");
        int rc = cpi_gltf_write_path_object(t, path, error);
        if (rc != CP_OK)
            return rc;
        cpi_buf_puts(t, "\n    }");
    }
    cpi_buf_puts(t, "\n  }]\n}\n");
    return CP_OK;
}

/* ---- text that must be UTF-8 --------------------------------------------------------------------- */

static int check_utf8(const char *s, const char *what, cp_error *error)
{
    /* glTF JSON must be UTF-8 (glTF 2.0 section 3.2.3), and a JSON string is copied as it is */
    const size_t n = s ? strlen(s) : 0, at = s ? cpi_utf8_invalid(s, n) : 0;
    if (at == n)
        return CP_OK;
    return cpi_error_set(error, CP_ERR_INVALID,
                         "glTF export: %s: not valid UTF-8 (byte %zu); glTF text must be UTF-8", what, at + 1);
}

/* Every text the file will hold: the name, and with the extras the path's
 * scene, extras and the keys' extras. */
static int check_texts(const cp_path *path, const cp_gltf_export_options *o, cp_error *error)
{
    int rc = check_utf8(o->name, "the name option", error);
    if (rc == CP_OK)
        rc = check_utf8(cp_path_name(path), "the path's name", error);
    if (rc != CP_OK || o->no_extras)
        return rc;
    rc = check_utf8(cp_path_scene(path), "the path's scene", error);
    if (rc == CP_OK)
        rc = check_utf8(cp_path_extras(path), "the path's extras", error);
    for (size_t i = 0; rc == CP_OK && i < cp_path_key_count(path); i++) {
        char what[48];
        snprintf(what, sizeof what, "key %zu's extras", i);
        rc = check_utf8(cp_path_key_extras(path, i), what, error);
    }
    return rc;
}

/* ---- the export ------------------------------------------------------------------------------------ */

/* The glTF JSON text, and for a GLB (glb != 0) the little-endian buffer
 * for its BIN chunk in *bin (*bin_size bytes; free() it). */
static char *export_json(const cp_path *path, const cp_gltf_export_options *options, int glb, size_t *size,
                         unsigned char **bin, size_t *bin_size, cp_error *error)
{
    cp_gltf_export_options o = {0};
    if (options)
        o = *options;
    if (!o.allocator)
        o.allocator = cp_path_get_options(path).allocator;
    if (check_options(&o, error) != CP_OK || check_texts(path, &o, error) != CP_OK)
        return NULL;
    const char *name = o.name ? o.name : cp_path_name(path) ? cp_path_name(path) : "campath";
    const double offset = cpi_gltf_time_offset(path);
    /* Blender's and Godot's importers misplay CUBICSPLINE (docs/gltf.md), so
     * the default form samples every path as LINEAR. The cubic form writes
     * the path's own curves where it has them: smooth and constant-speed
     * paths have channels over u, not time, and a look-at path's rotation is
     * derived, not a curve, so those are sampled as CUBICSPLINE. */
    const cp_path_options po = cp_path_get_options(path);
    const int cubic = o.form == CP_GLTF_CUBIC;
    const int sampled = o.bake_fps > 0 || !cubic || po.timing != CP_TIMING_KEYS ||
                        po.orientation == CP_ORIENTATION_LOOK_AT || cp_shake_active(&po.shake);
    const double bound = o.max_error > 0 ? o.max_error : cubic ? CP_GLTF_DEFAULT_MAX_ERROR
                                                                : CP_GLTF_DEFAULT_LINEAR_MAX_ERROR;
    cp_curve *own[3] = {NULL, NULL, NULL};
    if (sampled && cpi_gltf_sampled_curves(o.allocator, path, offset, o.bake_fps, bound, cubic, own, error) != CP_OK)
        return NULL;
    channel ch[3] = {
        {sampled ? own[0] : cp_path_position_curve(path), "position", 1.0, 0, 0},
        {sampled ? own[1] : cp_path_rotation_curve(path), "rotation", 1.0, 0, 0},
        {sampled ? own[2] : cp_path_fov_curve(path), "fov", DEG_TO_RAD, 0, 0},
    };
    const int animated_fov = fov_changes(ch[2].curve);
    const int nch = animated_fov ? 3 : 2;

    blob b = {.alloc = o.allocator};
    cpi_buf t = {.alloc = o.allocator};
    int rc = CP_OK;
    for (int i = 0; i < nch && rc == CP_OK; i++) {
        if (i > 0 && same_input(&b, ch[0].input, ch[i].curve, offset))
            ch[i].input = ch[0].input;
        else
            rc = add_input(&b, &ch[i], offset, &ch[i].input, error);
        if (rc == CP_OK)
            rc = add_output(&b, &ch[i], &ch[i].output, error);
    }
    if (rc == CP_OK)
        rc = cpi_gltf_check_fov(ch[2].curve, error);
    unsigned char *le = NULL;
    if (rc == CP_OK && (le = little_endian(&b)) == NULL)
        rc = cpi_error_set(error, CP_ERR_MEMORY, "glTF export: out of memory");
    if (rc == CP_OK) {
        write_scene(&t, path, &o, name, animated_fov);
        write_data(&t, &b, le, glb);
        rc = write_animation(&t, path, ch, nch, name, !o.no_extras, error);
    }
    cpi_free(o.allocator, b.data);
    for (int i = 2; i >= 0; i--)
        cp_curve_destroy(own[i]);
    char *text = NULL;
    if (rc == CP_OK && (text = cpi_buf_take(&t, size)) == NULL)
        rc = cpi_error_set(error, CP_ERR_MEMORY, "glTF export: out of memory");
    cpi_buf_free(&t);
    if (rc != CP_OK || !glb) {
        cpi_free(o.allocator, le);
        le = NULL;
    }
    if (rc == CP_OK && glb) {
        *bin = le;
        *bin_size = b.len * sizeof(float);
    }
    return text;
}

char *cp_gltf_export_memory(const cp_path *path, const cp_gltf_export_options *options, size_t *size, cp_error *error)
{
    size_t n = 0;
    char *text = export_json(path, options, 0, &n, NULL, NULL, error);
    if (!text)
        return NULL;
    if (size)
        *size = n;
    cpi_error_clear(error);
    return text;
}

void *cp_gltf_export_glb_memory(const cp_path *path, const cp_gltf_export_options *options, size_t *size,
                                cp_error *error)
{
    size_t n = 0, bin_size = 0, glb_size = 0;
    unsigned char *bin = NULL;
    char *text = export_json(path, options, 1, &n, &bin, &bin_size, error);
    if (!text)
        return NULL;
    const cp_allocator *alloc = options && options->allocator ? options->allocator : cp_path_get_options(path).allocator;
    unsigned char *glb = cpi_gltf_glb_build(alloc, text, n, bin, bin_size, &glb_size);
    cpi_free(alloc, text);
    cpi_free(alloc, bin);
    if (!glb) {
        cpi_error_set(error, CP_ERR_MEMORY, "glTF export: out of memory for the GLB container");
        return NULL;
    }
    if (size)
        *size = glb_size;
    cpi_error_clear(error);
    return glb;
}

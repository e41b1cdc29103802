/* SPDX-License-Identifier: MIT */
/* tests/unit/test_gltf.c - glTF export and import: the structure of the
 * exported file, its float data, the round trip, recognising builders in
 * float data, and a readable error for every animation campath cannot
 * represent (tests/data/gltf/). */
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "testutil.h"

#define PI 3.14159265358979323846

/* ---- paths to export -------------------------------------------------------------- */

static cp_quat yaw_pitch(double yaw_deg, double pitch_deg)
{
    return cp_quat_from_yaw_pitch_roll(yaw_deg * PI / 180, pitch_deg * PI / 180, 0);
}

/* Six unevenly timed keys with turns under 90 degrees and a changing fov. */
static void demo_keys(cp_key k[6])
{
    const double t[6] = {0.0, 1.0, 2.5, 3.0, 4.2, 6.0};
    const double p[6][3] = {{0, 2, 10}, {4, 3, 6}, {6, 2, 0}, {3, 4, -3}, {0, 1, -4}, {-3, 2, 0}};
    const double yaw[6] = {0, 30, 75, 110, 160, 200}, pitch[6] = {0, -10, 5, 20, 0, -15};
    const double fov[6] = {60, 55, 50, 50, 70, 65};
    memset(k, 0, 6 * sizeof *k); /* the members not set here: none */
    for (int i = 0; i < 6; i++) {
        k[i].time = t[i];
        k[i].position = cp_vec3_make(p[i][0], p[i][1], p[i][2]);
        k[i].rotation = yaw_pitch(yaw[i], pitch[i]);
        k[i].fov = fov[i];
    }
}

typedef struct config {
    const char *name;
    cp_interp   position, rotation, fov;
    cp_ends     ends;
    double      period;
    int         shape;    /* 0 demo keys, 1 a full turn (anti-periodic when closed), 2 long arcs */
    double      shift;    /* added to every key time */
    int         constant_fov;
} config;

static const config configs[] = {
    {"c2 natural", CP_INTERP_C2, CP_INTERP_C2, CP_INTERP_C2, CP_ENDS_NATURAL, 0, 0, 0, 0},
    {"c2 rest", CP_INTERP_C2, CP_INTERP_C2, CP_INTERP_LINEAR, CP_ENDS_REST, 0, 0, 0, 0},
    {"c2 closed", CP_INTERP_C2, CP_INTERP_C2, CP_INTERP_C2, CP_ENDS_CLOSED, 7.5, 0, 0, 0},
    {"bisector", CP_INTERP_BISECTOR, CP_INTERP_BISECTOR, CP_INTERP_BISECTOR, CP_ENDS_NATURAL, 0, 0, 0, 0},
    {"catmull-rom", CP_INTERP_CATMULL_ROM, CP_INTERP_CATMULL_ROM, CP_INTERP_STEP, CP_ENDS_NATURAL, 0, 0, 0, 0},
    {"linear", CP_INTERP_LINEAR, CP_INTERP_LINEAR, CP_INTERP_LINEAR, CP_ENDS_NATURAL, 0, 0, 0, 0},
    {"step", CP_INTERP_STEP, CP_INTERP_STEP, CP_INTERP_STEP, CP_ENDS_NATURAL, 0, 0, 0, 0},
    {"linear closed", CP_INTERP_LINEAR, CP_INTERP_LINEAR, CP_INTERP_C2, CP_ENDS_CLOSED, 8, 0, 0, 1},
    {"mixed", CP_INTERP_CATMULL_ROM, CP_INTERP_C2, CP_INTERP_BISECTOR, CP_ENDS_REST, 0, 0, 0, 0},
    {"anti-periodic", CP_INTERP_C2, CP_INTERP_C2, CP_INTERP_C2, CP_ENDS_CLOSED, 4, 1, 0, 1},
    {"inserted rotation keys", CP_INTERP_C2, CP_INTERP_C2, CP_INTERP_C2, CP_ENDS_NATURAL, 0, 2, 0, 1},
    {"negative start", CP_INTERP_C2, CP_INTERP_C2, CP_INTERP_C2, CP_ENDS_NATURAL, 0, 0, -2.25, 0},
    {"late start", CP_INTERP_C2, CP_INTERP_BISECTOR, CP_INTERP_C2, CP_ENDS_CLOSED, 7.5, 0, 100.1, 0},
};
#define NCONFIGS (sizeof configs / sizeof configs[0])

static cp_path *make_path(const config *c)
{
    cp_key k[6];
    size_t n = 6;
    demo_keys(k);
    if (c->shape == 1) { /* yaw 0, 120, 240: back at 360, the quaternion chain returns as -q0 */
        n = 3;
        for (size_t i = 0; i < n; i++) {
            k[i].time = (double)i;
            k[i].position = cp_vec3_make(5 * cos(2 * PI * i / 3.0), 1, 5 * sin(2 * PI * i / 3.0));
            k[i].rotation = yaw_pitch(120.0 * (double)i, 0);
        }
    } else if (c->shape == 2) { /* wide turns, unevenly timed: the builder inserts a midpoint key */
        static const double t[4] = {0, 0.9, 8.8, 17.3}, yaw[4] = {70, 240, 320, 150};
        n = 4;
        for (size_t i = 0; i < n; i++) {
            k[i].time = t[i];
            k[i].rotation = yaw_pitch(yaw[i], 0);
        }
    }
    for (size_t i = 0; i < n; i++) {
        k[i].time += c->shift;
        if (c->constant_fov)
            k[i].fov = 60;
    }
    cp_path_options o = {.position = c->position, .rotation = c->rotation, .fov = c->fov, .ends = c->ends, .period = c->period};
    cp_error err;
    cp_path *p = cp_path_create(k, n, &o, &err);
    if (!p)
        print_error("%s: %s\n", c->name, err.message);
    assert_non_null(p);
    assert_int_equal(cp_path_set_meta(p, c->name, "{\"author\":\"test\",\"n\":[1.5,2]}", NULL, &err), CP_OK);
    return p;
}

static char *export_text(const cp_path *p, const cp_gltf_export_options *o, size_t *size)
{
    cp_error err;
    char *text = cp_gltf_export_memory(p, o, size, &err);
    if (!text)
        print_error("%s\n", err.message);
    assert_non_null(text);
    assert_int_equal(err.code, CP_OK);
    assert_int_equal(strlen(text), *size);
    return text;
}

/* ---- reading the exported file back, independently of the library --------------- */

static int b64(int c)
{
    const char *abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *p = c ? strchr(abc, c) : NULL;
    return p ? (int)(p - abc) : -1;
}

static unsigned char *buffer_bytes(const cJSON *doc, size_t *size)
{
    const cJSON *buf = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "buffers"), 0);
    const char *uri = cJSON_GetStringValue(cJSON_GetObjectItem(buf, "uri"));
    const char *prefix = "data:application/octet-stream;base64,";
    assert_non_null(uri);
    assert_int_equal(strncmp(uri, prefix, strlen(prefix)), 0);
    const char *s = uri + strlen(prefix);
    size_t n = strlen(s);
    assert_int_equal(n % 4, 0);
    unsigned char *out = malloc(n / 4 * 3 + 1);
    size_t len = 0;
    for (size_t i = 0; i < n; i += 4) {
        int d[4];
        for (int j = 0; j < 4; j++)
            d[j] = s[i + j] == '=' ? 0 : b64(s[i + j]);
        for (int j = 0; j < 4; j++)
            assert_true(d[j] >= 0);
        unsigned long v =
            (unsigned long)d[0] << 18 | (unsigned long)d[1] << 12 | (unsigned long)d[2] << 6 | (unsigned long)d[3];
        out[len++] = (unsigned char)(v >> 16);
        if (s[i + 2] != '=')
            out[len++] = (unsigned char)(v >> 8);
        if (s[i + 3] != '=')
            out[len++] = (unsigned char)v;
    }
    assert_int_equal(len, (size_t)cJSON_GetNumberValue(cJSON_GetObjectItem(buf, "byteLength")));
    *size = len;
    return out;
}

/* The floats of accessor `index` (little-endian in the buffer). */
static float *accessor_floats(const cJSON *doc, const unsigned char *buf, size_t bufsize, int index, size_t *count,
                              int *comps)
{
    const cJSON *acc = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "accessors"), index);
    assert_non_null(acc);
    assert_int_equal((int)cJSON_GetNumberValue(cJSON_GetObjectItem(acc, "componentType")), 5126);
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(acc, "type"));
    *comps = strcmp(type, "SCALAR") == 0 ? 1 : strcmp(type, "VEC3") == 0 ? 3 : 4;
    *count = (size_t)cJSON_GetNumberValue(cJSON_GetObjectItem(acc, "count"));
    const int view_index = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(acc, "bufferView"));
    const cJSON *view = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "bufferViews"), view_index);
    size_t off = (size_t)cJSON_GetNumberValue(cJSON_GetObjectItem(view, "byteOffset"));
    size_t len = (size_t)cJSON_GetNumberValue(cJSON_GetObjectItem(view, "byteLength"));
    assert_int_equal(off % 4, 0);
    assert_true(off + len <= bufsize);
    assert_int_equal(len, *count * (size_t)*comps * 4);
    float *f = malloc(len ? len : 1);
    for (size_t i = 0; i < len / 4; i++) {
        const unsigned char *p = buf + off + 4 * i;
        uint32_t u = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        memcpy(&f[i], &u, 4);
    }
    return f;
}

/* The sampler animating `target` ("translation", "rotation" or "pointer"), or NULL. */
static const cJSON *sampler_for(const cJSON *doc, const char *target)
{
    const cJSON *anim = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "animations"), 0);
    const cJSON *chans = cJSON_GetObjectItem(anim, "channels");
    for (const cJSON *c = chans ? chans->child : NULL; c; c = c->next) {
        const cJSON *t = cJSON_GetObjectItem(c, "target");
        if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(t, "path")), target) == 0)
            return cJSON_GetArrayItem(cJSON_GetObjectItem(anim, "samplers"),
                                      (int)cJSON_GetNumberValue(cJSON_GetObjectItem(c, "sampler")));
    }
    return NULL;
}

static int sampler_accessor(const cJSON *sampler, const char *which)
{
    return (int)cJSON_GetNumberValue(cJSON_GetObjectItem(sampler, which));
}

/* The sampler's data must be the curve's keys in float: times, and for
 * CUBICSPLINE in-tangent, value, out-tangent per key (glTF Appendix C). */
static void check_sampler_data(const cJSON *doc, const unsigned char *buf, size_t bufsize, const cJSON *sampler,
                               const cp_curve *c, double scale, double offset)
{
    const char *interp = cJSON_GetStringValue(cJSON_GetObjectItem(sampler, "interpolation"));
    const int cubic = strcmp(interp, "CUBICSPLINE") == 0;
    assert_string_equal(interp, cp_curve_get_mode(c) == CP_CURVE_CUBIC    ? "CUBICSPLINE"
                                : cp_curve_get_mode(c) == CP_CURVE_LINEAR ? "LINEAR"
                                                                          : "STEP");
    size_t nt, nv;
    int ct, cv;
    float *t = accessor_floats(doc, buf, bufsize, sampler_accessor(sampler, "input"), &nt, &ct);
    float *v = accessor_floats(doc, buf, bufsize, sampler_accessor(sampler, "output"), &nv, &cv);
    const int dim = cp_curve_dim(c);
    const int closed = cp_curve_period(c) > 0;
    assert_int_equal(ct, 1);
    assert_int_equal(cv, dim);
    assert_int_equal(nt, cp_curve_key_count(c) + (closed ? 1 : 0));
    assert_int_equal(nv, cubic ? 3 * nt : nt);
    const cJSON *acc = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "accessors"), sampler_accessor(sampler, "input"));
    assert_true((float)cJSON_GetNumberValue(cJSON_GetArrayItem(cJSON_GetObjectItem(acc, "min"), 0)) == t[0]);
    assert_true((float)cJSON_GetNumberValue(cJSON_GetArrayItem(cJSON_GetObjectItem(acc, "max"), 0)) == t[nt - 1]);
    assert_true(t[0] >= 0.0f);
    for (size_t i = 0; i < nt; i++) {
        double kt, val[4], in[4], out[4];
        const size_t k = i < cp_curve_key_count(c) ? i : 0;
        const double s = i == k ? 1.0 : cp_curve_seam_sign(c);
        cp_curve_key(c, k, &kt, val, in, out);
        if (i != k)
            kt = cp_curve_start(c) + cp_curve_period(c);
        assert_true(t[i] == (float)(kt - offset));
        if (i > 0)
            assert_true(t[i] > t[i - 1]);
        const float *e = v + (cubic ? 3 * i : i) * (size_t)dim;
        for (int j = 0; j < dim; j++) {
            if (cubic) {
                assert_true(e[j] == (float)(s * in[j] * scale));
                assert_true(e[dim + j] == (float)(s * val[j] * scale));
                assert_true(e[2 * dim + j] == (float)(s * out[j] * scale));
            } else {
                assert_true(e[j] == (float)(s * val[j] * scale));
            }
        }
    }
    free(t);
    free(v);
}

/* The default form's samplers: LINEAR, on float times, with a sample at
 * every key time, each holding the pose at its time in float. */
static void check_linear_samples(const cJSON *doc, const unsigned char *buf, size_t bufsize, const cp_path *p,
                                 const cJSON *sampler, int first, int dim, double scale, double offset)
{
    assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItem(sampler, "interpolation")), "LINEAR");
    size_t nt, nv;
    int ct, cv;
    float *t = accessor_floats(doc, buf, bufsize, sampler_accessor(sampler, "input"), &nt, &ct);
    float *v = accessor_floats(doc, buf, bufsize, sampler_accessor(sampler, "output"), &nv, &cv);
    assert_int_equal(cv, dim);
    assert_int_equal(nv, nt);
    assert_true(nt > cp_path_key_count(p));
    for (size_t i = 0; i < cp_path_key_count(p); i++) {
        const double kt = cp_path_keys(p)[i].time - offset;
        size_t j = 0;
        for (size_t m = 1; m < nt; m++)
            if (fabs(t[m] - kt) < fabs(t[j] - kt))
                j = m;
        assert_true(fabs(t[j] - kt) <= 2 * FLT_EPSILON * fmax(1, kt));
        /* the pose at its time, or where a step channel jumps the pose at
         * the key, after the jump (stored a float step early) */
        int same = 0;
        for (int at = 0; at < 2 && !same; at++) {
            cp_pose pose;
            cp_path_sample(p, at ? kt + offset : (double)t[j] + offset, &pose);
            const double x[8] = {pose.position.x, pose.position.y, pose.position.z, pose.rotation.x,
                                 pose.rotation.y, pose.rotation.z, pose.rotation.w, pose.fov};
            const float *e = v + (size_t)dim * j;
            /* a rotation goes with either sign, whichever continues the one before */
            const double sign = dim == 4 && e[0] * x[3] + e[1] * x[4] + e[2] * x[5] + e[3] * x[6] < 0 ? -1.0 : 1.0;
            same = 1;
            for (int k = 0; k < dim; k++)
                same = same && e[k] == (float)(sign * x[first + k] * scale);
        }
        assert_true(same);
    }
    free(t);
    free(v);
}

static void export_should_write_a_camera_node_and_its_animation(void **state)
{
    (void)state;
    for (size_t ci = 0; ci < 2 * NCONFIGS; ci++) {
        const config *c = &configs[ci % NCONFIGS];
        const int cubic = ci >= NCONFIGS;
        cp_path *p = make_path(c);
        cp_gltf_export_options o = {0};
        o.form = cubic ? CP_GLTF_CUBIC : CP_GLTF_LINEAR;
        size_t size;
        char *text = export_text(p, &o, &size);
        cJSON *doc = cJSON_Parse(text);
        assert_non_null(doc);
        assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "asset"), "version")),
                            "2.0");
        const cJSON *node = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "nodes"), 0);
        assert_int_equal((int)cJSON_GetNumberValue(cJSON_GetObjectItem(node, "camera")), 0);
        assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItem(node, "name")), c->name);
        const cJSON *cam = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "cameras"), 0);
        assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItem(cam, "type")), "perspective");
        const cJSON *persp = cJSON_GetObjectItem(cam, "perspective");
        assert_near(cJSON_GetNumberValue(cJSON_GetObjectItem(persp, "yfov")), cp_path_keys(p)[0].fov * PI / 180, 1e-15,
                    0);
        assert_near(cJSON_GetNumberValue(cJSON_GetObjectItem(persp, "znear")), CP_GLTF_DEFAULT_ZNEAR, 0, 0);
        assert_null(cJSON_GetObjectItem(persp, "aspectRatio"));
        assert_null(cJSON_GetObjectItem(persp, "zfar"));

        size_t bufsize;
        unsigned char *buf = buffer_bytes(doc, &bufsize);
        const double offset = cp_path_start(p) < 0 ? cp_path_start(p) : 0;
        const cJSON *ts = sampler_for(doc, "translation"), *rs = sampler_for(doc, "rotation");
        const cJSON *fs = sampler_for(doc, "pointer");
        assert_non_null(ts);
        assert_non_null(rs);
        if (cubic) {
            check_sampler_data(doc, buf, bufsize, ts, cp_path_position_curve(p), 1.0, offset);
            check_sampler_data(doc, buf, bufsize, rs, cp_path_rotation_curve(p), 1.0, offset);
        } else {
            check_linear_samples(doc, buf, bufsize, p, ts, 0, 3, 1.0, offset);
            check_linear_samples(doc, buf, bufsize, p, rs, 3, 4, 1.0, offset);
        }
        /* KHR_animation_pointer only when the fov changes */
        const cJSON *used = cJSON_GetObjectItem(doc, "extensionsUsed");
        if (c->constant_fov) {
            assert_null(fs);
            assert_null(used);
        } else {
            assert_non_null(fs);
            if (cubic)
                check_sampler_data(doc, buf, bufsize, fs, cp_path_fov_curve(p), PI / 180, offset);
            else
                check_linear_samples(doc, buf, bufsize, p, fs, 7, 1, PI / 180, offset);
            assert_int_equal(cJSON_GetArraySize(used), 1);
            assert_string_equal(cJSON_GetStringValue(cJSON_GetArrayItem(used, 0)), "KHR_animation_pointer");
            const cJSON *anim = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "animations"), 0);
            const cJSON *ch = cJSON_GetArrayItem(cJSON_GetObjectItem(anim, "channels"), 2);
            const cJSON *ptr = cJSON_GetObjectItem(
                cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(ch, "target"), "extensions"),
                                    "KHR_animation_pointer"),
                "pointer");
            assert_string_equal(cJSON_GetStringValue(ptr), "/cameras/0/perspective/yfov");
        }
        assert_null(cJSON_GetObjectItem(doc, "extensionsRequired"));
        /* translation and fov share their input; in the cubic form a rotation
         * with inserted keys has its own */
        assert_int_equal(sampler_accessor(ts, "input") == sampler_accessor(rs, "input"), !cubic || c->shape != 2);
        if (fs)
            assert_int_equal(sampler_accessor(ts, "input"), sampler_accessor(fs, "input"));
        free(buf);
        cJSON_Delete(doc);
        free(text);
        cp_path_destroy(p);
    }
}

static void export_should_write_the_camera_options(void **state)
{
    (void)state;
    cp_path *p = make_path(&configs[0]);
    cp_gltf_export_options o = {.name = "shot 1", .aspect_ratio = 16.0 / 9.0, .znear = 0.25, .zfar = 500, .no_extras = 1};
    size_t size;
    char *text = export_text(p, &o, &size);
    cJSON *doc = cJSON_Parse(text);
    const cJSON *cam = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "cameras"), 0);
    const cJSON *persp = cJSON_GetObjectItem(cam, "perspective");
    assert_true(cJSON_GetNumberValue(cJSON_GetObjectItem(persp, "aspectRatio")) == 16.0 / 9.0);
    assert_true(cJSON_GetNumberValue(cJSON_GetObjectItem(persp, "znear")) == 0.25);
    assert_true(cJSON_GetNumberValue(cJSON_GetObjectItem(persp, "zfar")) == 500);
    assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItem(cam, "name")), "shot 1");
    const cJSON *anim = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "animations"), 0);
    assert_null(cJSON_GetObjectItem(anim, "extras"));
    cJSON_Delete(doc);
    free(text);

    cp_error err;
    cp_gltf_export_options bad = {0};
    bad.zfar = 0.05;
    assert_null(cp_gltf_export_memory(p, &bad, NULL, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_non_null(strstr(err.message, "zfar 0.05 must be greater than znear 0.1"));
    cp_path_destroy(p);
}

static void export_should_refuse_times_equal_in_single_precision(void **state)
{
    (void)state;
    cp_key k[6];
    demo_keys(k);
    k[1].time = 1.0;
    k[2].time = 1.0 + 1e-12;
    k[2].rotation = k[1].rotation;
    cp_error err;
    cp_path *p = cp_path_create(k, 3, NULL, &err);
    assert_non_null(p);
    assert_null(cp_gltf_export_memory(p, NULL, NULL, &err));
    assert_int_equal(err.code, CP_ERR_UNSUPPORTED);
    assert_non_null(strstr(err.message, "keys 1 and 2: times 1 and 1.000000000001 are equal in single precision"));
    cp_gltf_export_options o = {0};
    o.form = CP_GLTF_CUBIC;
    assert_null(cp_gltf_export_memory(p, &o, NULL, &err));
    assert_int_equal(err.code, CP_ERR_UNSUPPORTED);
    assert_non_null(
        strstr(err.message, "position keys 1 and 2: times 1 and 1.000000000001 are equal in single precision"));
    cp_path_destroy(p);
}

static void export_should_not_depend_on_the_locale(void **state)
{
    (void)state;
    cp_path *p = make_path(&configs[2]);
    size_t n1, n2;
    char *c_text = export_text(p, NULL, &n1);
    const char *old = setlocale(LC_NUMERIC, NULL);
    char *saved = old ? strdup(old) : NULL;
    if (!setlocale(LC_NUMERIC, "de_DE.UTF-8") && !setlocale(LC_NUMERIC, "de_DE.utf8") &&
        !setlocale(LC_NUMERIC, "German_Germany.1252")) {
        print_message("no comma-decimal locale installed: checked in the C locale only\n");
    } else {
        char probe[16];
        snprintf(probe, sizeof probe, "%.1f", 1.5);
        assert_string_equal(probe, "1,5"); /* the locale is in force */
    }
    char *de_text = export_text(p, NULL, &n2);
    setlocale(LC_NUMERIC, saved ? saved : "C");
    free(saved);
    assert_int_equal(n1, n2);
    assert_string_equal(c_text, de_text);
    free(c_text);
    free(de_text);
    cp_path_destroy(p);
}

/* ---- round trip ------------------------------------------------------------------------ */

static void check_same_samples(const cp_path *a, const cp_path *b, double rel, int up_to_sign)
{
    const double t0 = cp_path_start(a), d = cp_path_duration(a);
    double scale = 1;
    for (size_t i = 0; i < cp_path_key_count(a); i++)
        scale = fmax(scale, cp_vec3_length(cp_path_keys(a)[i].position));
    for (int i = 0; i <= 1000; i++) {
        const double t = t0 - 0.05 * d + 1.1 * d * i / 1000.0;
        cp_pose pa, pb;
        cp_path_sample(a, t, &pa);
        cp_path_sample(b, t, &pb);
        assert_near(pa.position.x, pb.position.x, rel, scale);
        assert_near(pa.position.y, pb.position.y, rel, scale);
        assert_near(pa.position.z, pb.position.z, rel, scale);
        const double s = up_to_sign && cp_quat_dot(pa.rotation, pb.rotation) < 0 ? -1 : 1;
        assert_near(pa.rotation.x, s * pb.rotation.x, rel, 1);
        assert_near(pa.rotation.y, s * pb.rotation.y, rel, 1);
        assert_near(pa.rotation.z, s * pb.rotation.z, rel, 1);
        assert_near(pa.rotation.w, s * pb.rotation.w, rel, 1);
        assert_near(pa.fov, pb.fov, rel, 60);
    }
}

/* The animation's extras.campath holds every key's doubles, bit for bit. */
static void check_embedded_keys(const char *text, const cp_path *p)
{
    cJSON *doc = cJSON_Parse(text);
    const cJSON *anim = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "animations"), 0);
    const cJSON *obj = cJSON_GetObjectItem(cJSON_GetObjectItem(anim, "extras"), "campath");
    assert_true(cJSON_GetNumberValue(cJSON_GetObjectItem(obj, "campath")) == 1);
    const cJSON *keys = cJSON_GetObjectItem(obj, "keys");
    assert_int_equal(cJSON_GetArraySize(keys), cp_path_key_count(p));
    for (size_t i = 0; i < cp_path_key_count(p); i++) {
        const cp_key *k = &cp_path_keys(p)[i];
        const cJSON *e = cJSON_GetArrayItem(keys, (int)i);
        const double want[9] = {k->time,       k->position.x, k->position.y, k->position.z, k->rotation.x,
                                k->rotation.y, k->rotation.z, k->rotation.w, k->fov};
        double got[9];
        got[0] = cJSON_GetNumberValue(cJSON_GetObjectItem(e, "t"));
        for (int j = 0; j < 3; j++)
            got[1 + j] = cJSON_GetNumberValue(cJSON_GetArrayItem(cJSON_GetObjectItem(e, "position"), j));
        for (int j = 0; j < 4; j++)
            got[4 + j] = cJSON_GetNumberValue(cJSON_GetArrayItem(cJSON_GetObjectItem(e, "rotation"), j));
        got[8] = cJSON_GetNumberValue(cJSON_GetObjectItem(e, "fov"));
        for (int j = 0; j < 9; j++)
            assert_memory_equal(&got[j], &want[j], sizeof(double));
    }
    cJSON_Delete(doc);
}

/* In either form: the samples' poses (default), or the path's own curves
 * (CP_GLTF_CUBIC), must agree with the embedded path. */
static void round_trip_should_give_back_the_exact_path(void **state)
{
    (void)state;
    for (size_t ci = 0; ci < 2 * NCONFIGS; ci++) {
        const config *c = &configs[ci % NCONFIGS];
        cp_path *p = make_path(c);
        if (c->shape == 2) /* the case this config exists for */
            assert_true(cp_curve_key_count(cp_path_rotation_curve(p)) > cp_path_key_count(p));
        if (c->shape == 1 && c->ends == CP_ENDS_CLOSED)
            assert_true(cp_curve_seam_sign(cp_path_rotation_curve(p)) == -1.0);
        cp_gltf_export_options eo = {0};
        eo.form = ci < NCONFIGS ? CP_GLTF_LINEAR : CP_GLTF_CUBIC;
        size_t size;
        char *text = export_text(p, &eo, &size);
        cp_error err;
        cp_gltf_import_report rep;
        cp_path *q = cp_gltf_import_memory(text, size, "round.gltf", NULL, &rep, &err);
        if (!q)
            print_error("%s: %s\n", c->name, err.message);
        assert_non_null(q);
        assert_int_equal(rep.source, CP_GLTF_IMPORT_EXACT);
        assert_string_equal(rep.note, "");
        assert_int_equal(rep.node, 0);
        assert_int_equal(rep.animation, 0);
        assert_int_equal(cp_path_key_count(q), cp_path_key_count(p));
        for (size_t i = 0; i < cp_path_key_count(p); i++) {
            const cp_key *a = &cp_path_keys(p)[i], *b = &cp_path_keys(q)[i];
            assert_true(a->time == b->time);
            assert_true(a->position.x == b->position.x && a->position.y == b->position.y &&
                        a->position.z == b->position.z);
            /* cp_path_create normalises rotations again, which may move a unit
             * quaternion by an ulp; the embedded numbers themselves are exact
             * (checked below) */
            assert_near(a->rotation.x, b->rotation.x, 4 * DBL_EPSILON, 1);
            assert_near(a->rotation.y, b->rotation.y, 4 * DBL_EPSILON, 1);
            assert_near(a->rotation.z, b->rotation.z, 4 * DBL_EPSILON, 1);
            assert_near(a->rotation.w, b->rotation.w, 4 * DBL_EPSILON, 1);
            assert_true(a->fov == b->fov);
        }
        check_embedded_keys(text, p);
        cp_path_options oa = cp_path_get_options(p), ob = cp_path_get_options(q);
        assert_int_equal(oa.position, ob.position);
        assert_int_equal(oa.rotation, ob.rotation);
        assert_int_equal(oa.fov, ob.fov);
        assert_int_equal(oa.ends, ob.ends);
        assert_true(oa.period == ob.period);
        assert_string_equal(cp_path_name(q), c->name);
        /* the extras as the JSON layer keeps them: each member's text verbatim */
        assert_string_equal(cp_path_extras(q), "{\"author\": \"test\", \"n\": [1.5,2]}");
        check_same_samples(p, q, 1e-9, 0);
        cp_path_destroy(q);
        free(text);
        cp_path_destroy(p);
    }
}

/* The path exported in `form` without its extras, and imported again from
 * the float data, which the import must recognise. */
static cp_path *import_floats(const cp_path *p, cp_gltf_form form, const char *name)
{
    cp_gltf_export_options eo = {0};
    eo.no_extras = 1;
    eo.form = form;
    size_t size;
    char *text = export_text(p, &eo, &size);
    assert_null(strstr(text, "\"extras\""));
    cp_error err;
    cp_gltf_import_report rep;
    cp_path *q = cp_gltf_import_memory(text, size, "floats.gltf", NULL, &rep, &err);
    if (!q)
        print_error("%s: %s\n", name, err.message);
    assert_non_null(q);
    assert_int_equal(rep.source, CP_GLTF_IMPORT_MATCHED);
    free(text);
    return q;
}

static void import_without_extras_should_recognise_each_builder(void **state)
{
    (void)state;
    for (size_t ci = 0; ci < NCONFIGS; ci++) {
        const config *c = &configs[ci];
        cp_path *p = make_path(c);
        cp_path *q = import_floats(p, CP_GLTF_CUBIC, c->name);
        cp_path_options oa = cp_path_get_options(p), ob = cp_path_get_options(q);
        assert_int_equal(oa.position, ob.position);
        assert_int_equal(oa.rotation, ob.rotation);
        if (!c->constant_fov)
            assert_int_equal(oa.fov, ob.fov);
        const int cubic = oa.position <= CP_INTERP_CATMULL_ROM || oa.rotation <= CP_INTERP_CATMULL_ROM;
        if (cubic || oa.ends == CP_ENDS_CLOSED)
            assert_int_equal(oa.ends, ob.ends);
        assert_near(ob.period, oa.period, 1e-6, 1);
        assert_string_equal(cp_path_name(q), c->name); /* the node's name */
        if (c->shift >= 0)
            check_same_samples(p, q, 2e-6, 1);
        cp_path_destroy(q);
        cp_path_destroy(p);
    }
}

/* Without the extras the default form comes back as what it is: a linear
 * path through its samples, which plays as the file does, so within the
 * bound of the original (and float rounding). */
static void import_without_extras_should_give_back_the_linear_samples(void **state)
{
    (void)state;
    for (size_t ci = 0; ci < NCONFIGS; ci++) {
        const config *c = &configs[ci];
        cp_path *p = make_path(c);
        cp_path *q = import_floats(p, CP_GLTF_LINEAR, c->name);
        const cp_path_options ob = cp_path_get_options(q);
        assert_int_equal(ob.position, CP_INTERP_LINEAR);
        assert_int_equal(ob.rotation, CP_INTERP_LINEAR);
        assert_true(cp_path_key_count(q) > cp_path_key_count(p));
        /* the file's times start at 0 */
        const double t0 = cp_path_start(p), d = cp_path_duration(p), offset = t0 < 0 ? t0 : 0.0;
        double pos = 0, rot = 0;
        for (int i = 0; i <= 1000; i++) {
            cp_pose a, b;
            cp_path_sample(p, t0 + d * i / 1000.0, &a);
            cp_path_sample(q, t0 + d * i / 1000.0 - offset, &b);
            pos = fmax(pos, cp_vec3_length(cp_vec3_sub(a.position, b.position)));
            rot = fmax(rot, cp_quat_angle_between(a.rotation, b.rotation));
        }
        assert_true(pos <= CP_GLTF_DEFAULT_LINEAR_MAX_ERROR + 1e-5);
        assert_true(rot <= CP_GLTF_DEFAULT_LINEAR_MAX_ERROR + 1e-6);
        cp_path_destroy(q);
        cp_path_destroy(p);
    }
}

/* Key times far from zero lose digits in single precision (1000 s: steps of
 * 6e-5 s), so the tangents rebuilt from the stored times differ from the
 * exported ones by more than float rounding of the tangents alone; each
 * builder must still be recognised. */
static void import_without_extras_should_recognise_builders_far_from_zero(void **state)
{
    (void)state;
    static const double shifts[] = {1000, 999.9, 4321.123, 20000};
    for (size_t si = 0; si < sizeof shifts / sizeof shifts[0]; si++)
        for (size_t ci = 0; ci < NCONFIGS; ci++) {
            config c = configs[ci];
            c.shift += shifts[si];
            cp_path *p = make_path(&c);
            char name[96];
            snprintf(name, sizeof name, "%s at +%g s", c.name, shifts[si]);
            cp_path *q = import_floats(p, CP_GLTF_CUBIC, name);
            cp_path_options oa = cp_path_get_options(p), ob = cp_path_get_options(q);
            assert_int_equal(oa.position, ob.position);
            assert_int_equal(oa.rotation, ob.rotation);
            if (!c.constant_fov)
                assert_int_equal(oa.fov, ob.fov);
            cp_path_destroy(q);
            cp_path_destroy(p);
        }
}

/* Extras that no longer describe the animation (someone edited the keys in
 * another tool and kept the extras) are set aside with a note, in either
 * form of export. */
static void import_should_set_aside_extras_that_disagree(void **state)
{
    (void)state;
    static const char *const why[2] = {
        "its translation channel differs from sampler 0: its value at ",
        "its translation channel differs from sampler 0: key 0's tangents differ by 1.43"};
    cp_path *p = make_path(&configs[0]);
    for (int cubic = 0; cubic < 2; cubic++) {
        cp_gltf_export_options eo = {0};
        eo.form = cubic ? CP_GLTF_CUBIC : CP_GLTF_LINEAR;
        size_t size;
        char *text = export_text(p, &eo, &size);
        char *at = strstr(text, "\"position\": [4, 3, 6]");
        assert_non_null(at);
        memcpy(at, "\"position\": [5, 3, 6]", strlen("\"position\": [5, 3, 6]"));
        cp_error err;
        cp_gltf_import_report rep;
        cp_path *q = cp_gltf_import_memory(text, size, "edited.gltf", NULL, &rep, &err);
        assert_non_null(q);
        assert_int_equal(rep.source, CP_GLTF_IMPORT_MATCHED);
        assert_non_null(strstr(rep.note, "the embedded campath path was not used because it does not match the "
                                         "animation data: "));
        assert_non_null(strstr(rep.note, why[cubic]));
        cp_pose pose;
        cp_path_sample(q, 1.0, &pose);
        assert_true(fabs(pose.position.x - 4.0) < 1e-6);
        cp_path_destroy(q);

        cp_gltf_import_options io = {0};
        io.ignore_extras = 1;
        free(text);
        text = export_text(p, &eo, &size);
        q = cp_gltf_import_memory(text, size, NULL, &io, &rep, &err);
        assert_non_null(q);
        assert_int_equal(rep.source, CP_GLTF_IMPORT_MATCHED);
        assert_string_equal(rep.note, "");
        cp_path_destroy(q);
        free(text);
    }
    cp_path_destroy(p);
}

/* The same document as a binary .glb: JSON chunk plus BIN chunk (glTF 2.0 section 4.4). */
static void import_should_read_glb(void **state)
{
    (void)state;
    cp_path *p = make_path(&configs[2]);
    size_t size, bufsize;
    cp_gltf_export_options eo = {0};
    eo.form = CP_GLTF_CUBIC; /* its closed C2 ends are recognised from the floats */
    char *text = export_text(p, &eo, &size);
    cJSON *doc = cJSON_Parse(text);
    unsigned char *bin = buffer_bytes(doc, &bufsize);
    cJSON_DeleteItemFromObject(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "buffers"), 0), "uri");
    char *json = cJSON_PrintUnformatted(doc);
    size_t jlen = (strlen(json) + 3) & ~(size_t)3, blen = (bufsize + 3) & ~(size_t)3;
    size_t total = 12 + 8 + jlen + 8 + blen;
    unsigned char *glb = calloc(1, total);
    const uint32_t head[5] = {0x46546C67u, 2, (uint32_t)total, (uint32_t)jlen, 0x4E4F534Au};
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 4; j++)
            glb[4 * i + j] = (unsigned char)(head[i] >> (8 * j));
    memset(glb + 20, ' ', jlen);
    memcpy(glb + 20, json, strlen(json));
    const uint32_t bhead[2] = {(uint32_t)blen, 0x004E4942u};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 4; j++)
            glb[20 + jlen + 4 * (size_t)i + (size_t)j] = (unsigned char)(bhead[i] >> (8 * j));
    memcpy(glb + 28 + jlen, bin, bufsize);
    cp_error err;
    cp_gltf_import_options io = {0};
    io.ignore_extras = 1;
    cp_path *q = cp_gltf_import_memory(glb, total, "x.glb", &io, NULL, &err);
    if (!q)
        print_error("%s\n", err.message);
    assert_non_null(q);
    assert_int_equal(cp_path_get_options(q).ends, CP_ENDS_CLOSED);
    check_same_samples(p, q, 2e-6, 1);
    cp_path_destroy(q);
    /* a truncated container is an error, not a crash */
    q = cp_gltf_import_memory(glb, total - blen - 4, "cut.glb", NULL, NULL, &err);
    assert_null(q);
    assert_non_null(strstr(err.message, "cut.glb: truncated GLB: the header gives a length of"));
    /* a header whose total length is shorter than the header itself must not
     * let the JSON chunk's length reach past the data */
    unsigned char *bad = malloc(28);
    memcpy(bad, glb, 28);
    bad[8] = 12, bad[9] = bad[10] = bad[11] = 0;       /* total: 12 bytes */
    bad[12] = bad[13] = bad[14] = bad[15] = 0xff;      /* JSON chunk: 4 GB */
    memcpy(bad + 20, "{\"asset\":", 8);                 /* and not closed */
    q = cp_gltf_import_memory(bad, 28, "short.glb", NULL, NULL, &err);
    assert_null(q);
    assert_string_equal(err.message,
                        "short.glb: truncated GLB: the JSON chunk's header at byte 12 is cut off at byte 12 (the "
                        "length in the header)");
    free(bad);
    free(glb);
    cJSON_free(json);
    free(bin);
    cJSON_Delete(doc);
    free(text);
    cp_path_destroy(p);
}

/* ---- files from other tools ------------------------------------------------------------- */

static void import_should_read_linear_data_and_external_buffers(void **state)
{
    (void)state;
    cp_error err;
    cp_gltf_import_report rep;
    cp_path *p = cp_gltf_import("tests/data/gltf/linear_ok.gltf", NULL, &rep, &err);
    if (!p)
        print_error("%s\n", err.message);
    assert_non_null(p);
    assert_int_equal(rep.source, CP_GLTF_IMPORT_MATCHED);
    assert_int_equal(cp_path_key_count(p), 2);
    assert_int_equal(cp_path_get_options(p).position, CP_INTERP_LINEAR);
    assert_int_equal(cp_path_get_options(p).rotation, CP_INTERP_LINEAR);
    assert_near(cp_path_keys(p)[0].fov, 180 / PI, 1e-15, 0); /* yfov 1 radian */
    assert_string_equal(cp_path_name(p), "cam");
    cp_pose pose;
    cp_path_sample(p, 0.5, &pose);
    assert_near(pose.position.x, 0.5, 1e-7, 1);
    assert_near(cp_quat_angle_between(pose.rotation, yaw_pitch(22.5, 0)), 0, 0, 1e-7);

    cp_path *q = cp_gltf_import("tests/data/gltf/external_buffer.gltf", NULL, NULL, &err);
    if (!q)
        print_error("%s\n", err.message);
    assert_non_null(q);
    check_same_samples(p, q, 0, 1);
    cp_path_destroy(q);
    cp_path_destroy(p);

    /* a constant scale of 1 (some exporters write one) is accepted */
    p = cp_gltf_import("tests/data/gltf/scale_of_one.gltf", NULL, NULL, &err);
    assert_non_null(p);
    cp_path_destroy(p);
    /* a mesh node next to the camera is skipped */
    cp_gltf_import_options o = {0};
    o.node = "cam";
    p = cp_gltf_import("tests/data/gltf/two_nodes.gltf", &o, &rep, &err);
    assert_non_null(p);
    assert_int_equal(rep.node, 0);
    cp_path_destroy(p);
}

static void import_should_refit_foreign_tangents_only_when_asked(void **state)
{
    (void)state;
    cp_error err;
    cp_gltf_import_options o = {0};
    assert_null(cp_gltf_import("tests/data/gltf/foreign_tangents.gltf", &o, NULL, &err));
    assert_int_equal(err.code, CP_ERR_UNSUPPORTED);
    o.refit = 1;
    cp_gltf_import_report rep;
    cp_path *p = cp_gltf_import("tests/data/gltf/foreign_tangents.gltf", &o, &rep, &err);
    assert_non_null(p);
    assert_int_equal(rep.source, CP_GLTF_IMPORT_REFIT);
    assert_int_equal(cp_path_get_options(p).position, CP_INTERP_C2);
    assert_int_equal(cp_path_get_options(p).rotation, CP_INTERP_STEP);
    assert_int_equal(cp_path_key_count(p), 3);
    assert_true(cp_path_keys(p)[1].position.x == 1 && cp_path_keys(p)[1].position.y == 2);
    cp_path_destroy(p);

    /* different key times per channel: merged under refit, every channel evaluated as glTF does */
    p = cp_gltf_import("tests/data/gltf/different_times.gltf", &o, &rep, &err);
    assert_non_null(p);
    assert_int_equal(cp_path_key_count(p), 3);
    assert_int_equal(cp_path_get_options(p).position, CP_INTERP_LINEAR);
    assert_near(cp_path_keys(p)[1].position.x, 0.5, 1e-12, 1);
    assert_near(cp_quat_angle_between(cp_path_keys(p)[1].rotation, yaw_pitch(22.5, 0)), 0, 0, 1e-7);
    cp_path_destroy(p);
}

/* A camera at the bottom of a deep hierarchy: every ancestor is checked,
 * and the one that moves it is named. */
static void import_should_check_every_ancestor_of_a_deep_hierarchy(void **state)
{
    (void)state;
    enum { DEPTH = 3000 };
    FILE *f = fopen("tests/data/gltf/linear_ok.gltf", "rb");
    assert_non_null(f);
    char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    cJSON *doc = cJSON_Parse(text);
    assert_non_null(doc);
    /* nodes[0..DEPTH-1] each hold the next one; the camera is nodes[DEPTH] */
    cJSON *nodes = cJSON_GetObjectItem(doc, "nodes");
    cJSON *cam = cJSON_DetachItemFromArray(nodes, 0);
    for (int i = 0; i < DEPTH; i++) {
        cJSON *node = cJSON_CreateObject();
        cJSON *children = cJSON_AddArrayToObject(node, "children");
        cJSON_AddItemToArray(children, cJSON_CreateNumber(i + 1));
        cJSON_AddItemToArray(nodes, node);
    }
    cJSON_AddItemToArray(nodes, cam);
    cJSON *chans = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "animations"), 0), "channels");
    for (int c = 0; c < 2; c++)
        cJSON_SetNumberValue(cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetArrayItem(chans, c), "target"), "node"),
                             DEPTH);
    char *json = cJSON_PrintUnformatted(doc);
    cp_error err;
    cp_gltf_import_report rep;
    cp_path *p = cp_gltf_import_memory(json, strlen(json), "deep.gltf", NULL, &rep, &err);
    if (!p)
        print_error("%s\n", err.message);
    assert_non_null(p);
    assert_int_equal(rep.node, DEPTH);
    cp_path_destroy(p);
    cJSON_free(json);

    cJSON *top = cJSON_GetArrayItem(nodes, 0);
    cJSON_AddStringToObject(top, "name", "rig");
    cJSON *move = cJSON_AddArrayToObject(top, "translation");
    for (int i = 0; i < 3; i++)
        cJSON_AddItemToArray(move, cJSON_CreateNumber(i == 0));
    json = cJSON_PrintUnformatted(doc);
    assert_null(cp_gltf_import_memory(json, strlen(json), "deep.gltf", NULL, NULL, &err));
    assert_int_equal(err.code, CP_ERR_UNSUPPORTED);
    assert_non_null(
        strstr(err.message, "node 3000 'cam' is a child of node 0 'rig', whose transform is not the identity"));
    cJSON_free(json);
    cJSON_Delete(doc);
}

/* Every file campath cannot represent, with the message it must give. */
static void import_should_explain_what_it_cannot_represent(void **state)
{
    (void)state;
    static const struct {
        const char *file, *node;
        cp_status code;
        const char *message;
    } bad[] = {
        {"no_camera", NULL, CP_ERR_UNSUPPORTED,
         "no_camera.gltf: no node has a camera (campath imports camera animations)"},
        {"scale", NULL, CP_ERR_UNSUPPORTED, "animations[0] scales node 0 'cam'; a camera path has no scale"},
        {"weights", NULL, CP_ERR_UNSUPPORTED,
         "animations[0] animates 'weights' of node 0 'cam'; a campath path holds only translation, rotation and the "
         "camera's yfov"},
        {"animated_znear", NULL, CP_ERR_UNSUPPORTED,
         "animations[0] animates '/cameras/0/perspective/znear' of node 0 'cam'"},
        {"different_times", NULL, CP_ERR_UNSUPPORTED,
         "animations[0] of node 0 'cam': samplers[1] (rotation) has 3 keys at other times than samplers[0]'s 2; a "
         "campath path has one set of key times"},
        {"foreign_tangents", NULL, CP_ERR_UNSUPPORTED,
         "animations[0] of node 0 'cam': samplers[0] (translation): the CUBICSPLINE tangents match none of c2, "
         "catmull-rom, bisector (with natural ends, key 0's tangents differ by 6); refit to rebuild C2 tangents"},
        {"orthographic", NULL, CP_ERR_UNSUPPORTED,
         "cameras[0] of node 0 'cam' is orthographic; campath paths are perspective"},
        {"two_nodes", "1", CP_ERR_UNSUPPORTED, "node 1 'box' has no camera"},
        {"two_nodes", "nope", CP_ERR_INVALID, "no node named 'nope' (camera nodes: node 0 'cam')"},
        {"two_nodes", "7", CP_ERR_INVALID, "node 7: the file has 2 nodes"},
        {"gltf1", NULL, CP_ERR_UNSUPPORTED, "asset.version: glTF 1.0 is not supported (2.0 expected)"},
        {"malformed", NULL, CP_ERR_SYNTAX, "malformed.gltf:7:3: ',' or '}' expected after an object member"},
        {"parent_transform", NULL, CP_ERR_UNSUPPORTED,
         "node 1 'cam' is a child of node 0 'rig', whose transform is not the identity"},
        {"sparse", NULL, CP_ERR_UNSUPPORTED, "animations[0].samplers[0] (translation) output: accessor 1 is sparse"},
        {"bad_base64", NULL, CP_ERR_SYNTAX, "buffers[0].uri: invalid base64 at character 4 of the data"},
        {"base64_length", NULL, CP_ERR_SYNTAX, "buffers[0].uri: invalid base64 at character 4 of the data"},
        {"component_type", NULL, CP_ERR_UNSUPPORTED,
         "animations[0].samplers[0] (translation) output: accessor 1 has componentType 1e+300, FLOAT (5126) expected"},
        {"output_count", NULL, CP_ERR_INVALID,
         "animations[0].samplers[0] (translation): 1 outputs for 2 inputs (LINEAR and STEP need as many)"},
        {"cycle", NULL, CP_ERR_INVALID, "the node hierarchy above node 0 'cam' has a cycle"},
        {"cubic_count", NULL, CP_ERR_INVALID,
         "animations[0].samplers[0] (translation): 2 outputs for 2 inputs (CUBICSPLINE needs three times as many)"},
        {"times_not_increasing", NULL, CP_ERR_INVALID, "input times must strictly increase (key 2: 1 after 1)"},
        {"not_animated", NULL, CP_ERR_UNSUPPORTED, "node 0 'cam' has no translation, rotation or yfov animation"},
        {"one_key", NULL, CP_ERR_UNSUPPORTED, "samplers[0] has 1 key; a path needs at least 2"},
        {"missing_file", NULL, CP_ERR_IO, "missing_file.gltf: cannot open: not found"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char file[256];
        snprintf(file, sizeof file, "tests/data/gltf/%s.gltf", bad[i].file);
        cp_gltf_import_options o = {0};
        o.node = bad[i].node;
        cp_error err = {0};
        cp_path *p = cp_gltf_import(file, &o, NULL, &err);
        if (p || err.code != bad[i].code || !strstr(err.message, bad[i].message) ||
            strncmp(err.message, file, strlen(file)) != 0)
            print_error("%s: got code %d '%s'\nexpected code %d and '%s'\n", file, err.code, err.message, bad[i].code,
                        bad[i].message);
        assert_null(p);
        assert_int_equal(err.code, bad[i].code);
        assert_non_null(strstr(err.message, bad[i].message));
        assert_int_equal(strncmp(err.message, file, strlen(file)), 0);
    }
    /* from memory, a buffer in another file cannot be reached */
    const char *file = "tests/data/gltf/external_buffer.gltf";
    FILE *f = fopen(file, "rb");
    assert_non_null(f);
    char text[8192];
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    cp_error err;
    assert_null(cp_gltf_import_memory(text, n, NULL, NULL, NULL, &err));
    assert_int_equal(err.code, CP_ERR_UNSUPPORTED);
    assert_string_equal(err.message, "<memory>: buffers[0]: the file 'frames.bin' can only be read when the glTF is "
                                     "read from a file");
    /* the report is left alone on failure; NULL arguments are fine */
    assert_null(cp_gltf_import_memory("", 0, NULL, NULL, NULL, NULL));
}

/* ---- smooth and constant-speed timing: sampled; any timing: baked ------------------------ */

/* A sampler of the file, evaluated as glTF says (Appendix C), independently
 * of the library. */
typedef struct file_sampler {
    float *t, *v;
    size_t n;
    int    dim, cubic;
} file_sampler;

static file_sampler read_file_sampler(const cJSON *doc, const unsigned char *buf, size_t size, const char *target)
{
    file_sampler f = {0};
    const cJSON *s = sampler_for(doc, target);
    if (!s)
        return f;
    int ct;
    f.cubic = strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(s, "interpolation")), "CUBICSPLINE") == 0;
    f.t = accessor_floats(doc, buf, size, sampler_accessor(s, "input"), &f.n, &ct);
    size_t nv;
    f.v = accessor_floats(doc, buf, size, sampler_accessor(s, "output"), &nv, &f.dim);
    assert_int_equal(nv, f.cubic ? 3 * f.n : f.n);
    return f;
}

/* The value at t (seconds from the file's zero); a rotation normalised. A
 * LINEAR rotation is slerped as the specification says, or with `nlerp`
 * lerped and normalised as Blender plays it (each number an F-curve). */
static void file_sampler_eval(const file_sampler *f, double t, int nlerp, double *out)
{
    const size_t d = (size_t)f->dim, w = f->cubic ? 3 * d : d, at = f->cubic ? d : 0;
    size_t k = 0;
    while (k + 1 < f->n && f->t[k + 1] <= t)
        k++;
    const float *a = f->v + k * w;
    if (k + 1 == f->n || t <= f->t[0]) {
        for (size_t j = 0; j < d; j++)
            out[j] = (t <= f->t[0] ? f->v[at + j] : a[at + j]);
        return;
    }
    const float *b = a + w;
    const double h = (double)f->t[k + 1] - f->t[k], u = (t - f->t[k]) / h;
    if (!f->cubic && d == 4 && !nlerp) {
        cp_quat q = cp_quat_slerp(cp_quat_make(a[0], a[1], a[2], a[3]), cp_quat_make(b[0], b[1], b[2], b[3]), u);
        out[0] = q.x, out[1] = q.y, out[2] = q.z, out[3] = q.w;
        return;
    }
    double len = 0;
    for (size_t j = 0; j < d; j++) {
        if (f->cubic) {
            const double u2 = u * u, u3 = u2 * u;
            out[j] = (2 * u3 - 3 * u2 + 1) * a[d + j] + (u3 - 2 * u2 + u) * h * a[2 * d + j] +
                     (-2 * u3 + 3 * u2) * b[d + j] + (u3 - u2) * h * b[j];
        } else {
            out[j] = a[j] + u * (b[j] - a[j]);
        }
        len += out[j] * out[j];
    }
    if (d == 4)
        for (size_t j = 0; j < 4; j++)
            out[j] /= sqrt(len);
}

/* How far a file's animation strays from the path, sampled `n` times over
 * it: metres of position, radians of rotation and of fov. */
typedef struct stray {
    double position, rotation, fov;
    size_t samples;
    int    cubic;
} stray;

static stray measure_file(const char *text, const cp_path *p, int n)
{
    cJSON *doc = cJSON_Parse(text);
    assert_non_null(doc);
    size_t size;
    unsigned char *buf = buffer_bytes(doc, &size);
    file_sampler f[3] = {read_file_sampler(doc, buf, size, "translation"), read_file_sampler(doc, buf, size, "rotation"),
                         read_file_sampler(doc, buf, size, "pointer")};
    assert_non_null(f[0].t);
    assert_non_null(f[1].t);
    const cJSON *persp = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "cameras"), 0), "perspective");
    const double yfov = cJSON_GetNumberValue(cJSON_GetObjectItem(persp, "yfov"));
    const double start = cp_path_start(p), offset = start < 0 ? start : 0.0, span = cp_path_duration(p);
    stray s = {0, 0, 0, f[0].n, f[0].cubic};
    for (int i = 0; i <= n; i++) {
        const double t = start + span * i / n;
        cp_pose pose;
        cp_path_sample(p, t, &pose);
        double x[3], q[4], fov = yfov;
        file_sampler_eval(&f[0], t - offset, 0, x);
        if (f[2].t)
            file_sampler_eval(&f[2], t - offset, 0, &fov);
        s.position = fmax(s.position, cp_vec3_length(cp_vec3_sub(cp_vec3_make(x[0], x[1], x[2]), pose.position)));
        for (int nlerp = 0; nlerp < 2; nlerp++) {
            file_sampler_eval(&f[1], t - offset, nlerp, q);
            s.rotation = fmax(s.rotation, cp_quat_angle_between(cp_quat_make(q[0], q[1], q[2], q[3]), pose.rotation));
        }
        s.fov = fmax(s.fov, fabs(fov - pose.fov * PI / 180));
    }
    for (int c = 0; c < 3; c++) {
        free(f[c].t);
        free(f[c].v);
    }
    free(buf);
    cJSON_Delete(doc);
    return s;
}

/* The demo keys in smooth timing with holds, in constant-speed timing, and
 * closed; and a shape that reverses along a line. */
static cp_path *timed_path(int which)
{
    cp_key k[6];
    demo_keys(k);
    cp_path_options o = {.timing = CP_TIMING_SMOOTH, .ends = CP_ENDS_REST};
    if (which == 0) {
        k[1].flags = k[4].flags = CP_KEY_HOLD;
        k[1].hold = 0.75, k[4].hold = 0.5;
    } else if (which == 1) {
        o.timing = CP_TIMING_CONSTANT_SPEED;
        k[2].flags = CP_KEY_HOLD, k[2].hold = 0.25;
    } else if (which == 2) {
        o.ends = CP_ENDS_CLOSED, o.period = 7.5;
    } else if (which == 3) {
        for (int i = 0; i < 6; i++)
            k[i].position = cp_vec3_make(i % 2 ? 10.0 : 6.75 * (i / 2), 0, 0);
    } else {
        /* look-at, with roll, focus and aperture: keys timing, and smooth and closed */
        o.orientation = CP_ORIENTATION_LOOK_AT;
        if (which == 4)
            o.timing = CP_TIMING_KEYS, o.ends = CP_ENDS_NATURAL;
        else
            o.ends = CP_ENDS_CLOSED, o.period = 7.5;
        for (int i = 0; i < 6; i++) {
            k[i].flags = CP_KEY_TARGET;
            k[i].target = cp_vec3_make(0.5 * i, 1, 1 - 0.3 * i);
            k[i].roll = i % 2 ? 10 : -5;
            k[i].focus = 4 + i, k[i].aperture = 2.8;
        }
    }
    cp_error err;
    cp_path *p = cp_path_create(k, 6, &o, &err);
    if (!p)
        print_error("%s\n", err.message);
    assert_non_null(p);
    return p;
}

/* Both forms, each at its default bound and at 1e-3: the six timed paths
 * (sampled in either form) and, in the default form, five keys-timing
 * paths (the cubic form writes their own curves). A LINEAR rotation is
 * measured slerped and lerped (measure_file). */
static void sampled_export_should_stay_within_its_bound(void **state)
{
    (void)state;
    static const char *const names[6] = {"smooth, holds",   "constant speed",          "smooth, closed",
                                         "smooth, reversing", "look-at, keys timing", "look-at, smooth, closed"};
    static const int keyed[5] = {0, 2, 4, 6, 10}; /* c2 natural and closed, catmull-rom, step, inserted keys */
    for (int cubic = 0; cubic < 2; cubic++)
        for (int which = 0; which < (cubic ? 6 : 11); which++) {
            cp_path *p = which < 6 ? timed_path(which) : make_path(&configs[keyed[which - 6]]);
            const char *name = which < 6 ? names[which] : configs[keyed[which - 6]].name;
            for (int b = 0; b < 2; b++) {
                cp_gltf_export_options o = {0};
                o.form = cubic ? CP_GLTF_CUBIC : CP_GLTF_LINEAR;
                o.max_error = b ? 1e-3 : 0;
                const double bound = b ? 1e-3 : cubic ? CP_GLTF_DEFAULT_MAX_ERROR : CP_GLTF_DEFAULT_LINEAR_MAX_ERROR;
                size_t size;
                char *text = export_text(p, &o, &size);
                const stray s = measure_file(text, p, 50000);
                printf("    %s, %s, bound %g: %zu samples, %zu bytes; largest error at 50,001 times: position %.2e m, "
                       "rotation %.2e rad, fov %.2e rad\n",
                       cubic ? "CUBICSPLINE" : "LINEAR", name, bound, s.samples, size, s.position, s.rotation, s.fov);
                assert_int_equal(s.cubic, cubic);
                /* the bound, and the rounding of the values to float (1e-6 of about 10 m) */
                assert_true(s.position <= bound + 2e-6);
                assert_true(s.rotation <= bound + 2e-7);
                assert_true(s.fov <= bound + 2e-7);
                /* lossless through the embedded path */
                cp_error err;
                cp_gltf_import_report rep;
                cp_path *q = cp_gltf_import_memory(text, size, "timed.gltf", NULL, &rep, &err);
                assert_non_null(q);
                assert_int_equal(rep.source, CP_GLTF_IMPORT_EXACT);
                assert_int_equal(cp_path_get_options(q).timing, cp_path_get_options(p).timing);
                assert_int_equal(cp_path_get_options(q).orientation, cp_path_get_options(p).orientation);
                for (size_t i = 0; i < cp_path_key_count(p); i++) {
                    const cp_key *x = &cp_path_keys(p)[i], *y = &cp_path_keys(q)[i];
                    assert_true(x->time == y->time && x->flags == y->flags && x->hold == y->hold);
                    /* the extras keep the targets, roll, focus and aperture */
                    assert_memory_equal(&x->target, &y->target, sizeof x->target);
                    assert_true(x->roll == y->roll && x->focus == y->focus && x->aperture == y->aperture);
                }
                check_same_samples(p, q, 1e-9, 0);
                cp_path_destroy(q);
                free(text);
            }
            cp_path_destroy(p);
        }
}

static void sampled_export_should_hold_each_key_and_hold_end(void **state)
{
    (void)state;
    cp_path *p = timed_path(0);
    for (int cubic = 0; cubic < 2; cubic++) {
        cp_gltf_export_options o = {0};
        o.form = cubic ? CP_GLTF_CUBIC : CP_GLTF_LINEAR;
        size_t size;
        char *text = export_text(p, &o, &size);
        cJSON *doc = cJSON_Parse(text);
        size_t bufsize;
        unsigned char *buf = buffer_bytes(doc, &bufsize);
        file_sampler f = read_file_sampler(doc, buf, bufsize, "translation");
        const size_t w = cubic ? 9 : 3, at = cubic ? 3 : 0;
        /* every key and hold end is a sample, its value the pose there in
         * float, and in the cubic form both tangents its velocity */
        for (size_t i = 0; i < cp_path_key_count(p); i++) {
            const cp_key *k = &cp_path_keys(p)[i];
            for (int end = 0; end < 1 + ((k->flags & CP_KEY_HOLD) != 0); end++) {
                const double t = (float)(k->time + (end ? k->hold : 0.0));
                size_t j = 0;
                while (j < f.n && f.t[j] != (float)t)
                    j++;
                assert_true(j < f.n);
                cp_pose pose;
                cp_path_sample(p, t, &pose);
                assert_true(f.v[w * j + at] == (float)pose.position.x && f.v[w * j + at + 1] == (float)pose.position.y);
                if (cubic)
                    assert_true(f.v[w * j + 6] == (float)pose.velocity.x && f.v[w * j] == (float)pose.velocity.x);
            }
        }
        free(f.t);
        free(f.v);
        free(buf);
        cJSON_Delete(doc);
        free(text);
    }
    cp_path_destroy(p);
}

static void bake_should_write_every_frame(void **state)
{
    (void)state;
    cp_path *paths[2] = {make_path(&configs[0]), timed_path(0)};
    for (int i = 0; i < 2; i++) {
        cp_gltf_export_options o = {0};
        o.bake_fps = 30;
        size_t size;
        char *text = export_text(paths[i], &o, &size);
        cJSON *doc = cJSON_Parse(text);
        size_t bufsize;
        unsigned char *buf = buffer_bytes(doc, &bufsize);
        file_sampler f = read_file_sampler(doc, buf, bufsize, "translation");
        assert_false(f.cubic);
        assert_int_equal(f.n, 6 * 30 + 1); /* 0 to 6 s, both ends */
        for (size_t j = 0; j < f.n; j++) {
            assert_true(f.t[j] == (float)((double)j / 30));
            cp_pose pose;
            cp_path_sample(paths[i], (double)f.t[j], &pose);
            assert_true(f.v[3 * j] == (float)pose.position.x && f.v[3 * j + 2] == (float)pose.position.z);
        }
        const stray s = measure_file(text, paths[i], 20000);
        printf("    baked at 30 fps, %s timing: linear between frames strays %.2g m, %.2g rad\n",
               cp_timing_name(cp_path_get_options(paths[i]).timing), s.position, s.rotation);
        cp_gltf_import_report rep;
        cp_error err;
        cp_path *q = cp_gltf_import_memory(text, size, "baked.gltf", NULL, &rep, &err);
        assert_non_null(q);
        assert_int_equal(rep.source, CP_GLTF_IMPORT_EXACT);
        check_same_samples(paths[i], q, 1e-9, 0);
        cp_path_destroy(q);
        free(f.t);
        free(f.v);
        free(buf);
        cJSON_Delete(doc);
        free(text);
        cp_path_destroy(paths[i]);
    }
}

static void export_should_refuse_bad_bake_and_bound(void **state)
{
    (void)state;
    cp_path *p = timed_path(0);
    cp_error err;
    cp_gltf_export_options o = {0};
    o.bake_fps = -1;
    assert_null(cp_gltf_export_memory(p, &o, NULL, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_non_null(strstr(err.message, "bake rate -1"));
    o.bake_fps = 1e9; /* more frames than a file holds */
    assert_null(cp_gltf_export_memory(p, &o, NULL, &err));
    assert_int_equal(err.code, CP_ERR_LIMIT);
    o.bake_fps = 2e5; /* frames closer than single precision times (7.6e-6 s apart at 100 s) */
    cp_path *late = make_path(&configs[12]);
    assert_true(cp_path_start(late) > 100);
    assert_null(cp_gltf_export_memory(late, &o, NULL, &err));
    cp_path_destroy(late);
    assert_int_equal(err.code, CP_ERR_UNSUPPORTED);
    assert_non_null(strstr(err.message, "fall on the same time in single precision"));
    o.bake_fps = 0;
    o.max_error = NAN;
    assert_null(cp_gltf_export_memory(p, &o, NULL, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    o.max_error = 1e-12; /* finer than float times can sample */
    assert_null(cp_gltf_export_memory(p, &o, NULL, &err));
    assert_true(err.code == CP_ERR_UNSUPPORTED || err.code == CP_ERR_LIMIT);
    o.max_error = 0;
    o.form = (cp_gltf_form)2;
    assert_null(cp_gltf_export_memory(p, &o, NULL, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_string_equal(err.message, "glTF export: form 2 is neither CP_GLTF_LINEAR nor CP_GLTF_CUBIC");
    cp_path_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(export_should_write_a_camera_node_and_its_animation),
        cmocka_unit_test(export_should_write_the_camera_options),
        cmocka_unit_test(export_should_refuse_times_equal_in_single_precision),
        cmocka_unit_test(export_should_not_depend_on_the_locale),
        cmocka_unit_test(round_trip_should_give_back_the_exact_path),
        cmocka_unit_test(import_without_extras_should_recognise_each_builder),
        cmocka_unit_test(import_without_extras_should_give_back_the_linear_samples),
        cmocka_unit_test(import_without_extras_should_recognise_builders_far_from_zero),
        cmocka_unit_test(import_should_set_aside_extras_that_disagree),
        cmocka_unit_test(import_should_read_glb),
        cmocka_unit_test(import_should_read_linear_data_and_external_buffers),
        cmocka_unit_test(import_should_refit_foreign_tangents_only_when_asked),
        cmocka_unit_test(import_should_check_every_ancestor_of_a_deep_hierarchy),
        cmocka_unit_test(import_should_explain_what_it_cannot_represent),
        cmocka_unit_test(sampled_export_should_stay_within_its_bound),
        cmocka_unit_test(sampled_export_should_hold_each_key_and_hold_end),
        cmocka_unit_test(bake_should_write_every_frame),
        cmocka_unit_test(export_should_refuse_bad_bake_and_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

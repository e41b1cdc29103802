/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_import.c - a campath path from a glTF camera animation.
 *
 * A path is keys plus a tangent builder per channel, while a glTF
 * CUBICSPLINE sampler stores arbitrary tangents (glTF 2.0, Appendix C). So
 * an imported path is found, in this order:
 *   1. the exact path embedded by campath's export (extras.campath), if it
 *      reproduces the file's animation data to single precision: its own
 *      curves (keys timing), or its poses and derivatives at the file's key
 *      times (smooth and constant-speed timing, look-at paths, and bakes,
 *      which the export samples: gltf_sample.c);
 *   2. the file's keys with, for each channel, the first of campath's
 *      builders (c2, catmull-rom, bisector; natural, rest or closed ends) whose
 *      tangents reproduce the file's tangents to single precision; LINEAR and
 *      STEP samplers map to linear and step;
 *   3. only with options.refit: every key time of every channel, each channel
 *      evaluated there as glTF defines, CUBICSPLINE channels rebuilt as C2.
 * Anything else is an error that says what cannot be represented. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gltf_impl.h"

#define DEG_TO_RAD (3.14159265358979323846 / 180.0)
/* Single precision data against campath's doubles: values agree to this
 * fraction of the channel's largest value, tangents to this fraction of
 * (largest tangent + largest value / shortest segment). Float rounding is
 * 6e-8; builders that differ typically do so by 1e-3 or more. */
#define VALUE_TOL 1e-6
#define TANGENT_TOL 1e-5
#define TIME_TOL 1e-6
/* How much a relative change of the key spacing can grow in the tangents
 * (see sampler_tolerances). */
#define TIME_ROUNDING_GAIN 4.0

static const char *const channel_names[3] = {"translation", "rotation", "yfov"};

/* ---- comparing a curve with a sampler ------------------------------------------ */

typedef struct tolerances {
    double value, tangent;
} tolerances;

static tolerances sampler_tolerances(const cpi_gltf_sampler *s)
{
    const size_t n = s->count * (size_t)s->dim;
    double vmax = s->dim == 4 ? 1.0 : 0.0, mmax = 0.0, hmin = INFINITY;
    for (size_t i = 0; i < n; i++) {
        vmax = fmax(vmax, fabs(s->values[i]));
        if (s->in_tangents)
            mmax = fmax(mmax, fmax(fabs(s->in_tangents[i]), fabs(s->out_tangents[i])));
    }
    for (size_t i = 1; i < s->count; i++)
        hmin = fmin(hmin, s->times[i] - s->times[i - 1]);
    if (!isfinite(hmin))
        hmin = 1.0;
    vmax = fmax(vmax, 1e-12);
    /* The tangents were built from the double times but are rebuilt from
     * the stored floats, which are off by up to half an ulp of the largest
     * time: a relative change of the key spacing of up to ulp / hmin, which
     * the tangents (slopes over that spacing) inherit, a few times over
     * through the C2 solve. Float rounding alone is not enough far from 0 s. */
    const double tmax = fmax(fabs(s->times[0]), fabs(s->times[s->count - 1]));
    const double spacing = TIME_ROUNDING_GAIN * FLT_EPSILON * tmax / hmin;
    tolerances t = {VALUE_TOL * vmax, (TANGENT_TOL + spacing) * (mmax + vmax / hmin)};
    return t;
}

static double max_diff(const double *a, const double *b, int dim, double scale, double sign)
{
    double d = 0;
    for (int j = 0; j < dim; j++)
        d = fmax(d, fabs(sign * a[j] * scale - b[j]));
    return d;
}

/* Does `curve` (times shifted by -offset, values times `scale`) have the
 * sampler's keys, values and tangents? If not, `why` says where it differs. */
static int curve_matches(const cp_curve *curve, const cpi_gltf_sampler *s, double offset, double scale, char *why,
                         size_t why_size, double *worst)
{
    if (worst)
        *worst = 0;
    const int dim = s->dim;
    const size_t n = cpi_gltf_written_keys(curve);
    if (cp_curve_get_mode(curve) != s->mode) {
        snprintf(why, why_size, "its interpolation differs");
        return 0;
    }
    if (n != s->count) {
        snprintf(why, why_size, "it has %zu keys where %zu were expected", s->count, n);
        return 0;
    }
    const tolerances tol = sampler_tolerances(s);
    /* a LINEAR or STEP rotation is the same with either sign per key; a cubic one is not */
    const int sign_free = dim == 4 && s->mode != CP_CURVE_CUBIC;
    for (size_t i = 0; i < n; i++) {
        double t, v[4], in[4], out[4];
        cpi_gltf_curve_key(curve, i, &t, v, in, out);
        const double *sv = s->values + i * (size_t)dim;
        if (fabs((t - offset) - s->times[i]) > TIME_TOL * fmax(fabs(s->times[i]), 1.0)) {
            snprintf(why, why_size, "key %zu is at %.9g s, not %.9g s", i, s->times[i], t - offset);
            return 0;
        }
        double dv = max_diff(v, sv, dim, scale, 1.0);
        if (sign_free)
            dv = fmin(dv, max_diff(v, sv, dim, scale, -1.0));
        if (dv > tol.value) {
            snprintf(why, why_size, "key %zu's value differs by %.3g", i, dv);
            return 0;
        }
        if (s->mode != CP_CURVE_CUBIC)
            continue;
        double dm = fmax(max_diff(in, s->in_tangents + i * (size_t)dim, dim, scale, 1.0),
                         max_diff(out, s->out_tangents + i * (size_t)dim, dim, scale, 1.0));
        if (dm > tol.tangent) {
            snprintf(why, why_size, "key %zu's tangents differ by %.3g", i, dm);
            return 0;
        }
        if (worst && tol.tangent > 0)
            *worst = fmax(*worst, dm / tol.tangent);
    }
    return 1;
}

/* Is the path's channel a constant equal to the node's static value? */
static int constant_matches(const cp_curve *curve, const double *value, double scale)
{
    const int dim = cp_curve_dim(curve);
    double vmax = 1.0;
    for (int j = 0; j < dim; j++)
        vmax = fmax(vmax, fabs(value[j]));
    for (size_t i = 0; i < cp_curve_key_count(curve); i++) {
        double v[4], in[4], out[4];
        cp_curve_key(curve, i, NULL, v, in, out);
        double d = max_diff(v, value, dim, scale, 1.0);
        if (dim == 4)
            d = fmin(d, max_diff(v, value, dim, scale, -1.0));
        if (d > VALUE_TOL * vmax)
            return 0;
        for (int j = 0; cp_curve_get_mode(curve) == CP_CURVE_CUBIC && j < dim; j++)
            if (in[j] != 0.0 || out[j] != 0.0)
                return 0;
    }
    return 1;
}

static const cp_curve *path_channel(const cp_path *p, int c)
{
    return c == CPI_GLTF_TRANSLATION ? cp_path_position_curve(p)
           : c == CPI_GLTF_ROTATION  ? cp_path_rotation_curve(p)
                                     : cp_path_fov_curve(p);
}

/* Does the path reproduce the file's animation of the node? */
static int path_matches(const cp_path *p, const cpi_gltf_camera_anim *a, double offset, char *why, size_t why_size)
{
    char detail[160];
    for (int c = 0; c < 3; c++) {
        const double scale = c == CPI_GLTF_FOV ? DEG_TO_RAD : 1.0;
        const cp_curve *curve = path_channel(p, c);
        if (a->channel[c]) {
            if (!curve_matches(curve, a->channel[c], offset, scale, detail, sizeof detail, NULL)) {
                snprintf(why, why_size, "its %s channel differs from sampler %d: %s", channel_names[c],
                         a->channel[c]->index, detail);
                return 0;
            }
            continue;
        }
        const double *still = c == CPI_GLTF_TRANSLATION ? a->translation
                              : c == CPI_GLTF_ROTATION  ? a->rotation
                                                        : &a->yfov;
        if (!constant_matches(curve, still, scale)) {
            snprintf(why, why_size, "it moves the %s, which the file does not animate", channel_names[c]);
            return 0;
        }
    }
    return 1;
}

/* Does the path, sampled at the sampler's times, give its values (and, for
 * CUBICSPLINE, its tangents: the exact derivatives)? What a sampled or
 * baked export wrote (gltf_sample.c: its times are exact offsets). */
static int sampler_samples(const cp_path *p, const cpi_gltf_sampler *s, int c, double offset, char *why,
                           size_t why_size)
{
    static const int first[3] = {0, 3, 7};
    const int dim = s->dim;
    const double scale = c == CPI_GLTF_FOV ? DEG_TO_RAD : 1.0;
    const tolerances tol = sampler_tolerances(s);
    for (size_t i = 0; i < s->count; i++) {
        const double *sv = s->values + i * (size_t)dim;
        double v[8], d[8], sign = 1.0, dv = INFINITY;
        /* the pose at the sample's time; or, where a step channel jumps
         * between two float times, the pose after the jump, which the export
         * stores at the earlier one (gltf_sample.c): the pose at the end of
         * the sample's float step */
        const double times[2] = {offset + s->times[i],
                                 nextafter(offset + (double)nextafterf((float)s->times[i], INFINITY), -INFINITY)};
        for (int k = 0; k < 2 && dv > tol.value; k++) {
            cp_pose pose;
            cp_path_sample(p, times[k], &pose);
            cpi_gltf_pose_jet(&pose, v, d);
            const double *x = v + first[c];
            /* a rotation is the same with either sign; its tangents go with it */
            sign = dim == 4 && max_diff(x, sv, dim, scale, -1.0) < max_diff(x, sv, dim, scale, 1.0) ? -1.0 : 1.0;
            dv = fmin(dv, max_diff(x, sv, dim, scale, sign));
        }
        const double *dx = d + first[c];
        if (dv > tol.value) {
            snprintf(why, why_size, "its value at %.9g s differs by %.3g", s->times[i], dv);
            return 0;
        }
        if (s->mode != CP_CURVE_CUBIC)
            continue;
        const double dm = fmax(max_diff(dx, s->in_tangents + i * (size_t)dim, dim, scale, sign),
                               max_diff(dx, s->out_tangents + i * (size_t)dim, dim, scale, sign));
        if (dm > tol.tangent) {
            snprintf(why, why_size, "its tangents at %.9g s differ by %.3g", s->times[i], dm);
            return 0;
        }
    }
    return 1;
}

/* Does the path, sampled at the file's key times, give the file's data (a
 * channel the file does not animate: the node's static value)? */
static int path_samples(const cp_path *p, const cpi_gltf_camera_anim *a, double offset, char *why, size_t why_size)
{
    char detail[160];
    const cpi_gltf_sampler *times = a->channel[0] ? a->channel[0] : a->channel[1] ? a->channel[1] : a->channel[2];
    for (int c = 0; c < 3; c++) {
        if (a->channel[c]) {
            if (a->channel[c]->mode == CP_CURVE_STEP ||
                !sampler_samples(p, a->channel[c], c, offset, detail, sizeof detail)) {
                snprintf(why, why_size, "its %s channel differs from sampler %d: %s", channel_names[c],
                         a->channel[c]->index,
                         a->channel[c]->mode == CP_CURVE_STEP ? "a STEP sampler is not a sampled path" : detail);
                return 0;
            }
            continue;
        }
        const double *still = c == CPI_GLTF_TRANSLATION ? a->translation
                              : c == CPI_GLTF_ROTATION  ? a->rotation
                                                        : &a->yfov;
        double value[4];
        const int dim = c == CPI_GLTF_TRANSLATION ? 3 : c == CPI_GLTF_ROTATION ? 4 : 1;
        memcpy(value, still, (size_t)dim * sizeof *value);
        cpi_gltf_sampler fixed = {.mode = CP_CURVE_LINEAR, .dim = dim, .count = 1, .values = value};
        for (size_t i = 0; i < times->count; i++) {
            fixed.times = times->times + i;
            if (!sampler_samples(p, &fixed, c, offset, detail, sizeof detail)) {
                snprintf(why, why_size, "it moves the %s, which the file does not animate", channel_names[c]);
                return 0;
            }
        }
    }
    return 1;
}

/* Does the exact path give the file's data: its own curves (keys timing,
 * CP_GLTF_CUBIC), or its samples (the default form, other timings, and
 * bakes)? `why` tells the failure of the comparison that applies: the own
 * curves' where the translation has as many keys as the path's curve. */
static int matches(const cp_path *p, const cpi_gltf_camera_anim *a, char *why, size_t why_size)
{
    const double offset = cpi_gltf_time_offset(p);
    char other[200];
    const cp_path_options o = cp_path_get_options(p);
    /* a look-at path's rotation is no curve: its export is sampled */
    const int keys = o.timing == CP_TIMING_KEYS && o.orientation == CP_ORIENTATION_ROTATION;
    const cpi_gltf_sampler *t = a->channel[CPI_GLTF_TRANSLATION];
    const int own = keys && (!t || t->count == cpi_gltf_written_keys(cp_path_position_curve(p)));
    if (keys && path_matches(p, a, offset, own ? why : other, own ? why_size : sizeof other))
        return 1;
    return path_samples(p, a, offset, own ? other : why, own ? sizeof other : why_size);
}

/* ---- evaluating a sampler as glTF does (Appendix C) ------------------------------- */

static void sampler_eval(const cpi_gltf_sampler *s, double t, double *out)
{
    const size_t d = (size_t)s->dim, n = s->count;
    size_t k = 0;
    if (t >= s->times[n - 1]) {
        k = n - 1;
    } else if (t > s->times[0]) {
        size_t lo = 0, hi = n - 1;
        while (hi - lo > 1) {
            size_t mid = lo + (hi - lo) / 2;
            if (s->times[mid] <= t)
                lo = mid;
            else
                hi = mid;
        }
        k = lo;
    }
    const double *v0 = s->values + k * d;
    if (k + 1 >= n || t <= s->times[k] || s->mode == CP_CURVE_STEP) {
        memcpy(out, v0, d * sizeof *out);
        return;
    }
    const double *v1 = v0 + d;
    const double h = s->times[k + 1] - s->times[k], u = (t - s->times[k]) / h;
    if (s->mode == CP_CURVE_LINEAR) {
        if (d == 4) {
            cp_quat q =
                cp_quat_slerp(cp_quat_make(v0[0], v0[1], v0[2], v0[3]), cp_quat_make(v1[0], v1[1], v1[2], v1[3]), u);
            out[0] = q.x, out[1] = q.y, out[2] = q.z, out[3] = q.w;
        } else {
            for (size_t j = 0; j < d; j++)
                out[j] = v0[j] + u * (v1[j] - v0[j]);
        }
        return;
    }
    const double u2 = u * u, u3 = u2 * u;
    const double *b = s->out_tangents + k * d, *a = s->in_tangents + (k + 1) * d;
    double len = 0;
    for (size_t j = 0; j < d; j++) {
        out[j] = (2 * u3 - 3 * u2 + 1) * v0[j] + (u3 - 2 * u2 + u) * h * b[j] + (-2 * u3 + 3 * u2) * v1[j] +
                 (u3 - u2) * h * a[j];
        len += out[j] * out[j];
    }
    if (d == 4 && len > 0)
        for (size_t j = 0; j < 4; j++)
            out[j] /= sqrt(len);
}

/* ---- building paths from the float data --------------------------------------------- */

/* Keys at `times` with every channel evaluated there (absent channels take
 * the node's static value). */
static cp_key *keys_at(const cpi_gltf_camera_anim *a, const double *times, size_t n)
{
    cp_key *keys = calloc(n, sizeof *keys);
    if (!keys)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        double p[3], q[4], f;
        memcpy(p, a->translation, sizeof p);
        memcpy(q, a->rotation, sizeof q);
        f = a->yfov;
        if (a->channel[CPI_GLTF_TRANSLATION])
            sampler_eval(a->channel[CPI_GLTF_TRANSLATION], times[i], p);
        if (a->channel[CPI_GLTF_ROTATION])
            sampler_eval(a->channel[CPI_GLTF_ROTATION], times[i], q);
        if (a->channel[CPI_GLTF_FOV])
            sampler_eval(a->channel[CPI_GLTF_FOV], times[i], &f);
        keys[i].time = times[i];
        keys[i].position = cp_vec3_make(p[0], p[1], p[2]);
        keys[i].rotation = cp_quat_make(q[0], q[1], q[2], q[3]);
        keys[i].fov = f / DEG_TO_RAD;
    }
    return keys;
}

static int same_times(const cpi_gltf_sampler *s, const double *times, size_t n)
{
    return s->count == n && memcmp(s->times, times, n * sizeof *times) == 0;
}

/* Tries every builder for each channel with the given ends; on success the
 * path reproduces the file's samplers. `why` gets the first channel that
 * fails otherwise. */
static cp_path *match_builders(const cpi_gltf_camera_anim *a, const cp_key *keys, size_t n, cp_ends ends, double period,
                               char *why, size_t why_size, int *out_of_memory)
{
    cp_error e;
    static const cp_interp cubic[3] = {CP_INTERP_C2, CP_INTERP_CATMULL_ROM, CP_INTERP_BISECTOR};
    cp_path_options o = {0};
    o.ends = ends;
    o.period = period;
    cp_interp *slot[3] = {&o.position, &o.rotation, &o.fov};
    cp_path *path = NULL;
    for (int c = 0; c < 3; c++) {
        const cpi_gltf_sampler *s = a->channel[c];
        if (!s)
            continue;
        const cp_interp single = s->mode == CP_CURVE_LINEAR ? CP_INTERP_LINEAR : CP_INTERP_STEP;
        const int ntry = s->mode == CP_CURVE_CUBIC ? 3 : 1;
        /* every builder is tried and the closest kept: far from 0 s the
         * tolerance for float times is wide enough for two to pass */
        int found = 0;
        double best = INFINITY;
        cp_interp best_interp = single;
        char detail[160] = "";
        for (int k = 0; k < ntry; k++) {
            *slot[c] = s->mode == CP_CURVE_CUBIC ? cubic[k] : single;
            cp_path *p = cp_path_create(keys, n, &o, &e);
            if (!p && e.code == CP_ERR_MEMORY) {
                *out_of_memory = 1; /* not a builder that does not match: the import must fail */
                return NULL;
            }
            double worst = 0;
            if (p && curve_matches(path_channel(p, c), s, 0.0, c == CPI_GLTF_FOV ? DEG_TO_RAD : 1.0, detail,
                                   sizeof detail, &worst) &&
                worst < best) {
                found = 1;
                best = worst;
                best_interp = *slot[c];
            }
            cp_path_destroy(p);
        }
        *slot[c] = best_interp;
        if (!found) {
            snprintf(why, why_size, "samplers[%d] (%s): %s (with %s ends, %s)", s->index, channel_names[c],
                     s->mode == CP_CURVE_CUBIC ? "the CUBICSPLINE tangents match none of c2, catmull-rom, bisector"
                                               : "the keys do not fit a campath curve",
                     cp_ends_name(ends), detail);
            return NULL;
        }
    }
    path = cp_path_create(keys, n, &o, &e);
    if (!path && e.code == CP_ERR_MEMORY)
        *out_of_memory = 1;
    if (path && !path_matches(path, a, 0.0, why, why_size)) {
        cp_path_destroy(path);
        path = NULL;
    }
    return path;
}

/* The key times all present channels share: the translation's, the
 * rotation's or the fov's. The rotation may hold more keys (campath inserts
 * midpoints into long arcs); matching then checks they are campath's. */
static const cpi_gltf_sampler *key_source(const cpi_gltf_camera_anim *a, char *why, size_t why_size)
{
    const cpi_gltf_sampler *base = a->channel[CPI_GLTF_TRANSLATION] ? a->channel[CPI_GLTF_TRANSLATION]
                                   : a->channel[CPI_GLTF_FOV]       ? a->channel[CPI_GLTF_FOV]
                                                                    : a->channel[CPI_GLTF_ROTATION];
    for (int c = 0; c < 3; c++) {
        const cpi_gltf_sampler *s = a->channel[c];
        if (!s || same_times(s, base->times, base->count))
            continue;
        if (c == CPI_GLTF_ROTATION && s->mode == CP_CURVE_CUBIC && s->count > base->count)
            continue;
        snprintf(why, why_size,
                 "samplers[%d] (%s) has %zu keys at other times than samplers[%d]'s %zu; a campath "
                 "path has one set of key times",
                 s->index, channel_names[c], s->count, base->index, base->count);
        return NULL;
    }
    return base;
}

static int seam_repeats(const cpi_gltf_camera_anim *a, size_t n)
{
    for (int c = 0; c < 3; c++) {
        const cpi_gltf_sampler *s = a->channel[c];
        if (!s)
            continue;
        const size_t d = (size_t)s->dim, last = s->count - 1;
        const tolerances tol = sampler_tolerances(s);
        double diff = max_diff(s->values, s->values + last * d, s->dim, 1.0, 1.0);
        if (d == 4)
            diff = fmin(diff, max_diff(s->values, s->values + last * d, s->dim, 1.0, -1.0));
        if (diff > tol.value || (c != CPI_GLTF_ROTATION && s->count != n))
            return 0;
    }
    return n >= 3;
}

static cp_path *from_samplers(const cpi_gltf_camera_anim *a, cp_error *error)
{
    char why[200];
    const cpi_gltf_sampler *base = key_source(a, why, sizeof why);
    if (!base) {
        cpi_error_set(error, CP_ERR_UNSUPPORTED, "%s", why);
        return NULL;
    }
    const size_t n = base->count;
    if (n < 2) {
        cpi_error_set(error, CP_ERR_UNSUPPORTED, "samplers[%d] has %zu key; a path needs at least 2", base->index, n);
        return NULL;
    }
    cp_key *keys = keys_at(a, base->times, n);
    if (!keys) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for %zu keys", n);
        return NULL;
    }
    /* a closed path is exported with its first key repeated one period later */
    char natural_why[200] = "", other_why[200] = "";
    cp_path *path = NULL;
    int oom = 0;
    if (seam_repeats(a, n))
        path = match_builders(a, keys, n - 1, CP_ENDS_CLOSED, base->times[n - 1] - base->times[0], other_why,
                              sizeof other_why, &oom);
    if (!path && !oom)
        path = match_builders(a, keys, n, CP_ENDS_NATURAL, 0.0, natural_why, sizeof natural_why, &oom);
    if (!path && !oom)
        path = match_builders(a, keys, n, CP_ENDS_REST, 0.0, other_why, sizeof other_why, &oom);
    if (oom) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for a path of %zu keys", n);
    } else if (!path) {
        cp_error e;
        cp_path *check = cp_path_create(keys, n, NULL, &e);
        if (!check)
            cpi_error_set(error, e.code == CP_ERR_MEMORY ? CP_ERR_MEMORY : CP_ERR_INVALID,
                          "the keys do not make a path: %s", e.message);
        else
            cpi_error_set(error, CP_ERR_UNSUPPORTED, "%s; refit to rebuild C2 tangents", natural_why);
        cp_path_destroy(check);
    }
    free(keys);
    return path;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static cp_path *refit(const cpi_gltf_camera_anim *a, cp_error *error)
{
    size_t total = 0;
    for (int c = 0; c < 3; c++)
        total += a->channel[c] ? a->channel[c]->count : 0;
    double *times = cpi_alloc_array(total, sizeof *times);
    if (!times) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for %zu keys", total);
        return NULL;
    }
    size_t n = 0;
    for (int c = 0; c < 3; c++)
        for (size_t i = 0; a->channel[c] && i < a->channel[c]->count; i++)
            times[n++] = a->channel[c]->times[i];
    qsort(times, n, sizeof *times, cmp_double);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (m == 0 || times[i] > times[m - 1])
            times[m++] = times[i];
    cp_path_options o = {0};
    cp_interp *slot[3] = {&o.position, &o.rotation, &o.fov};
    for (int c = 0; c < 3; c++)
        if (a->channel[c])
            *slot[c] = a->channel[c]->mode == CP_CURVE_LINEAR ? CP_INTERP_LINEAR
                       : a->channel[c]->mode == CP_CURVE_STEP ? CP_INTERP_STEP
                                                              : CP_INTERP_C2;
    cp_key *keys = keys_at(a, times, m);
    cp_path *path = keys ? cp_path_create(keys, m, &o, error) : NULL;
    if (!keys)
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for %zu keys", m);
    free(keys);
    free(times);
    return path;
}

/* ---- the import -------------------------------------------------------------------------- */

cp_path *cpi_gltf_import(const void *data, size_t size, const char *source, const char *base_dir,
                         const cp_gltf_import_options *options, cp_gltf_import_report *report, cp_error *error)
{
    cp_gltf_import_options o = {0};
    if (options)
        o = *options;
    if (!source)
        source = "<memory>";
    cp_gltf_import_report rep = {0};
    cJSON *root = NULL;
    cpi_gltf_camera_anim a;
    if (cpi_gltf_read(data, size, source, base_dir, &o, &root, &a, error) != CP_OK)
        return NULL;
    rep.node = a.node;
    rep.animation = a.animation;
    cp_path *path = NULL;
    char why[200] = "";
    if (!a.channel[0] && !a.channel[1] && !a.channel[2]) {
        cpi_error_set(error, CP_ERR_UNSUPPORTED, "%s: %s has no translation, rotation or yfov animation", source,
                      a.node_label);
        goto done;
    }
    if (a.has_extras_path && !o.ignore_extras) {
        cp_error e;
        cp_path *exact = cpi_gltf_read_path_object(a.json, a.json_size, (size_t)a.animation, source, &e);
        if (!exact && e.code == CP_ERR_MEMORY) {
            /* falling back on the float data would be a lossy success */
            cpi_error_set(error, CP_ERR_MEMORY, "%s", e.message);
            goto done;
        }
        if (!exact)
            snprintf(rep.note, sizeof rep.note, "the embedded campath path was not used: %.210s", e.message);
        else if (!matches(exact, &a, why, sizeof why))
            snprintf(rep.note, sizeof rep.note,
                     "the embedded campath path was not used because it does not match the animation data: %.150s",
                     why);
        else
            path = exact, rep.source = CP_GLTF_IMPORT_EXACT;
        if (!path)
            cp_path_destroy(exact);
    }
    if (!path) {
        cp_error e;
        path = from_samplers(&a, &e);
        rep.source = CP_GLTF_IMPORT_MATCHED;
        if (!path && o.refit && e.code == CP_ERR_UNSUPPORTED) {
            path = refit(&a, &e);
            rep.source = CP_GLTF_IMPORT_REFIT;
        }
        if (!path) {
            cpi_error_set(error, e.code, "%s: animations[%d] of %s: %s", source, a.animation, a.node_label, e.message);
            goto done;
        }
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "nodes"), (int)a.node), "name");
        if (cJSON_IsString(name) && cp_path_set_meta(path, name->valuestring, NULL, NULL, error) != CP_OK) {
            cp_path_destroy(path);
            path = NULL;
            goto done;
        }
    }
    if (report)
        *report = rep;
    cpi_error_clear(error);
done:
    cpi_gltf_camera_anim_free(&a);
    cJSON_Delete(root);
    return path;
}

cp_path *cp_gltf_import_memory(const void *data, size_t size, const char *source, const cp_gltf_import_options *options,
                               cp_gltf_import_report *report, cp_error *error)
{
    if (size > CP_GLTF_MAX_FILE_SIZE) {
        cpi_error_set(error, CP_ERR_LIMIT, "%s: %zu bytes is more than the limit of %u (CP_GLTF_MAX_FILE_SIZE)",
                      source ? source : "<memory>", size, CP_GLTF_MAX_FILE_SIZE);
        return NULL;
    }
    return cpi_gltf_import(data, size, source, NULL, options, report, error);
}

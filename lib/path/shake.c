/* SPDX-License-Identifier: MIT */
/* lib/path/shake.c - the shake layer (campath/shake.h; docs/math.md,
 * "Shake"): a C2 gradient noise that gives the same bits everywhere, the
 * layer it makes on a pose with exact derivatives, its checks, and the
 * keys' shake_scale channel. */
/* The noise must round the same way under every compiler: no multiply-add
 * may be fused (GCC fuses by default outside ISO C modes, Clang within an
 * expression, where the target has the instruction; docs/math.md). The
 * pragmas are undone at the end of the file. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#endif

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "campath/path.h"
#include "base.h"
#include "curve_impl.h"
#include "dtoa.h"
#include "monotone.h"
#include "shake_impl.h"

/* ---- the noise ------------------------------------------------------------------------- */

/* A 32-bit integer hash with good avalanche (Wellons' "lowbias32",
 * docs/math.md): integer arithmetic only, the same on every platform. */
static uint32_t shake_hash(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

static uint32_t shake_key(uint32_t seed, uint32_t stream)
{
    return shake_hash(shake_hash(seed) ^ shake_hash(stream + 0x9e3779b9U));
}

/* The gradient at lattice point `i` (two's complement bits): 24 bits of
 * hash mapped exactly onto [-1, 1). */
static double shake_gradient(uint32_t key, uint64_t i)
{
    const uint32_t h = shake_hash(shake_hash(key ^ (uint32_t)i) ^ (uint32_t)(i >> 32));
    return (double)(h >> 8) * (1.0 / 8388608.0) - 1.0;
}

/* 1D gradient noise (Perlin) with the quintic fade 6f^5 - 15f^4 + 10f^3:
 * C2, value 0 at the lattice points, times 2 so that it fills [-1, 1]. */
static double shake_noise_key(uint32_t key, double x, double d[2])
{
    double f;
    uint64_t i;
    if (fabs(x) < 0x1p52) {
        const double fl = floor(x);
        f = x - fl; /* exact */
        i = (uint64_t)(int64_t)fl;
    } else if (isfinite(x)) {
        f = 0.0; /* an integer already: its bits name the lattice point */
        memcpy(&i, &x, sizeof i);
    } else {
        if (d)
            d[0] = d[1] = 0.0;
        return 0.0;
    }
    const double g0 = shake_gradient(key, i), g1 = shake_gradient(key, i + 1);
    const double f1 = f - 1.0;
    const double s = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
    const double a = g0 * f, dlt = g1 * f1 - a, dg = g1 - g0;
    if (d) {
        const double s1 = 30.0 * (f * f) * (f1 * f1);
        const double s2 = 60.0 * f * f1 * (2.0 * f - 1.0);
        d[0] = 2.0 * (g0 + s1 * dlt + s * dg);
        d[1] = 2.0 * (s2 * dlt + 2.0 * s1 * dg);
    }
    return 2.0 * (a + s * dlt);
}

double cp_shake_noise(uint32_t seed, uint32_t stream, double x, double d[2])
{
    return shake_noise_key(shake_key(seed, stream), x, d);
}

/* ---- the layer ------------------------------------------------------------------------- */

/* Lattice cells per second for a band's frequency: with the cell a quarter
 * of the period, the energy above `frequency` stays small (docs/math.md,
 * "Shake", measured by tests/unit/test_shake.c). */
#define SHAKE_CELLS_PER_HZ 0.5

bool cp_shake_active(const cp_shake *shake)
{
    return shake->position.amplitude != 0.0 || shake->rotation.amplitude != 0.0 || shake->fov.amplitude != 0.0;
}

/* Stream k of the layer at `time`, amplitude times scale: value, first and
 * second time derivative. Each stream starts at its own phase within a
 * cell, so that the axes do not pass through 0 together. */
static void shake_stream(const cp_shake *sh, uint32_t k, const cp_shake_band *b, double time, const double sc[3],
                         double out[3])
{
    const uint32_t key = shake_key(sh->seed, k);
    const double phase = (double)(shake_hash(key ^ 0x85ebca6bU) >> 8) * (1.0 / 16777216.0);
    const double rate = b->frequency * SHAKE_CELLS_PER_HZ;
    double d[2];
    const double n = shake_noise_key(key, time * rate + phase, d);
    const double n1 = d[0] * rate, n2 = d[1] * rate * rate;
    const double A = b->amplitude;
    out[0] = A * (sc[0] * n);
    out[1] = A * (sc[1] * n + sc[0] * n1);
    out[2] = A * (sc[2] * n + 2.0 * sc[1] * n1 + sc[0] * n2);
}

void cp_shake_apply(const cp_shake *shake, double time, const double scale[3], cp_pose *pose)
{
    if (!cp_shake_active(shake) || (scale[0] == 0.0 && scale[1] == 0.0 && scale[2] == 0.0))
        return;
    if (time != time)
        return;
    double o[7][3] = {{0}};
    for (uint32_t k = 0; k < 3; k++)
        if (shake->position.amplitude != 0.0)
            shake_stream(shake, k, &shake->position, time, scale, o[k]);
    for (uint32_t k = 3; k < 6; k++)
        if (shake->rotation.amplitude != 0.0)
            shake_stream(shake, k, &shake->rotation, time, scale, o[k]);
    if (shake->fov.amplitude != 0.0)
        shake_stream(shake, 6, &shake->fov, time, scale, o[6]);

    pose->position = cp_vec3_add(pose->position, cp_vec3_make(o[0][0], o[1][0], o[2][0]));
    pose->velocity = cp_vec3_add(pose->velocity, cp_vec3_make(o[0][1], o[1][1], o[2][1]));
    pose->acceleration = cp_vec3_add(pose->acceleration, cp_vec3_make(o[0][2], o[1][2], o[2][2]));
    pose->fov += o[6][0];
    pose->fov_velocity += o[6][1];
    pose->fov_acceleration += o[6][2];
    if (shake->rotation.amplitude == 0.0)
        return;
    /* a small rotation r (radians, the camera's axes) as the R4 point
     * (r / 2, 1): unit-free, no pole, exact derivatives by the R4 formulas */
    const double rad = 3.14159265358979323846 / 180.0;
    double p[3][4];
    for (int j = 0; j < 3; j++) {
        for (int c = 0; c < 3; c++)
            p[j][c] = 0.5 * rad * o[3 + c][j];
        p[j][3] = j == 0 ? 1.0 : 0.0;
    }
    cp_quat qs;
    cp_vec3 ws, as;
    cpi_rotation_from_r4(p[0], p[1], p[2], &qs, &ws, &as);
    const cp_quat q = pose->rotation;
    /* R = Rp Rs: omega = omega_p + Rp omega_s,
     * alpha = alpha_p + Rp alpha_s + omega_p x (Rp omega_s) */
    const cp_vec3 w = cp_quat_rotate(q, ws);
    pose->angular_acceleration = cp_vec3_add(pose->angular_acceleration,
                                             cp_vec3_add(cp_quat_rotate(q, as), cp_vec3_cross(pose->angular_velocity, w)));
    pose->angular_velocity = cp_vec3_add(pose->angular_velocity, w);
    pose->rotation = cp_quat_mul(q, qs);
}

/* ---- checks ---------------------------------------------------------------------------- */

int cpi_shake_validate(const cp_shake *shake, const char *prefix, cp_error *error)
{
    static const char *const names[3] = {"position", "rotation", "fov"};
    static const char *const units[3] = {"metres", "degrees", "degrees"};
    const double limits[3] = {CP_SHAKE_MAX_POSITION, CP_SHAKE_MAX_ROTATION, CP_SHAKE_MAX_FOV};
    const cp_shake_band *b[3] = {&shake->position, &shake->rotation, &shake->fov};
    char field[96], v[CPI_FMT_DOUBLE_SIZE], l[CPI_FMT_DOUBLE_SIZE];
    for (int i = 0; i < 3; i++) {
        const double A = b[i]->amplitude, F = b[i]->frequency;
        snprintf(field, sizeof field, "%sshake.%s[0]", prefix, names[i]);
        if (!(A >= 0.0 && A <= limits[i]))
            return cpi_error_at(error, CP_ERR_INVALID, -1, field, "amplitude must be in [0, %s] %s, got %s",
                                cpi_fmt_double(l, limits[i]), units[i], cpi_fmt_double(v, A));
        snprintf(field, sizeof field, "%sshake.%s[1]", prefix, names[i]);
        if (!(F >= 0.0 && F <= CP_SHAKE_MAX_FREQUENCY) || (A > 0.0 && F == 0.0))
            return cpi_error_at(error, CP_ERR_INVALID, -1, field,
                                "frequency must be in (0, %s] Hz%s, got %s",
                                cpi_fmt_double(l, CP_SHAKE_MAX_FREQUENCY),
                                A > 0.0 ? "" : " (or 0 with no amplitude)", cpi_fmt_double(v, F));
    }
    return CP_OK;
}

int cpi_shake_validate_keys(const cp_key *keys, size_t count, cp_error *error)
{
    char field[64], v[CPI_FMT_DOUBLE_SIZE], l[CPI_FMT_DOUBLE_SIZE];
    for (size_t i = 0; i < count; i++) {
        const double s = keys[i].shake_scale;
        if (!(keys[i].flags & CP_KEY_SHAKE_SCALE) || (s >= 0.0 && s <= CP_SHAKE_MAX_SCALE))
            continue;
        snprintf(field, sizeof field, "keys[%zu].shake_scale", i);
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, field, "must be in [0, %s], got %s",
                            cpi_fmt_double(l, CP_SHAKE_MAX_SCALE), cpi_fmt_double(v, s));
    }
    return CP_OK;
}

/* ---- the shake_scale channel ----------------------------------------------------------- */

void cpi_shake_scale_free(cpi_shake_scale *s, const cp_allocator *alloc)
{
    if (!s)
        return;
    cpi_free(alloc, s->x);
    cpi_free(alloc, s);
}

cpi_shake_scale *cpi_shake_scale_build(const cp_key *keys, size_t count, const cp_path_options *options,
                                       const cp_allocator *alloc, int *rc, cp_error *error)
{
    *rc = CP_OK;
    size_t with = 0;
    for (size_t i = 0; i < count; i++)
        with += (keys[i].flags & CP_KEY_SHAKE_SCALE) != 0;
    if (with == 0)
        return NULL;
    cpi_shake_scale *s = cpi_calloc(alloc, 1, sizeof *s);
    if (s)
        s->x = cpi_alloc_array(alloc, 4 * count, sizeof *s->x);
    if (!s || !s->x) {
        cpi_shake_scale_free(s, alloc);
        *rc = cpi_error_at(error, CP_ERR_MEMORY, -1, "", "out of memory for the shake_scale of %zu keys", count);
        return NULL;
    }
    s->n = count;
    s->y = s->x + count, s->d = s->y + count, s->a = s->d + count;
    for (size_t i = 0; i < count; i++) {
        s->x[i] = keys[i].time;
        s->y[i] = (keys[i].flags & CP_KEY_SHAKE_SCALE) ? keys[i].shake_scale : 1.0;
    }
    s->closed = options->ends == CP_ENDS_CLOSED;
    s->period = s->closed ? options->period : 0.0;
    /* rest at open ends: the scale is C2 where the path holds its end pose */
    const cpi_mono_spec spec = {count, s->x, s->y, NULL, s->closed, s->period, 0.0, 1, NULL, alloc, NULL};
    if ((*rc = cpi_monotone_build(&spec, s->d, s->a, error)) != CP_OK) {
        cpi_shake_scale_free(s, alloc);
        return NULL;
    }
    return s;
}

void cpi_shake_scale_eval(const cpi_shake_scale *s, double time, double out[3])
{
    if (!s) {
        out[0] = 1.0, out[1] = out[2] = 0.0;
        return;
    }
    const size_t n = s->n;
    double t = time;
    if (s->closed) {
        t = s->x[0] + fmod(t - s->x[0], s->period);
        if (t < s->x[0])
            t += s->period;
        if (!(t >= s->x[0] && t < s->x[0] + s->period))
            t = s->x[0];
    } else if (!(t > s->x[0]) || t >= s->x[n - 1]) {
        out[0] = !(t > s->x[0]) ? s->y[0] : s->y[n - 1];
        out[1] = out[2] = 0.0;
        return;
    }
    size_t lo = 0, hi = n; /* x[lo] <= t < x[hi] */
    while (hi - lo > 1) {
        const size_t mid = lo + (hi - lo) / 2;
        if (s->x[mid] <= t)
            lo = mid;
        else
            hi = mid;
    }
    const size_t j = lo, k = lo + 1 < n ? lo + 1 : 0;
    const double x1 = lo + 1 < n ? s->x[k] : s->x[0] + s->period;
    const double h = x1 - s->x[j];
    cpi_quintic_eval(h, s->y[j], s->y[k], s->d[j], s->d[k], s->a[j], s->a[k], (t - s->x[j]) / h, &out[0], &out[1],
                     &out[2]);
}

/* the file's rounding rules end here (the amalgamation goes on after it) */
#if defined(__clang__)
#pragma STDC FP_CONTRACT DEFAULT
#elif defined(__GNUC__)
#pragma GCC pop_options
#endif

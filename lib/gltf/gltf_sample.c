/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_sample.c - the curves a glTF export writes when it does not
 * write the path's own: by default every path, and with CP_GLTF_CUBIC the
 * paths in smooth or constant-speed timing, whose channels are curves over
 * the shape's parameter u rather than over time, and look-at paths, whose
 * rotation is derived from position, target and roll (docs/math.md, section
 * 15) rather than a curve; and any path baked at a frame rate.
 *
 * Sampled: the exact pose at every key, at both ends of every hold, and
 * in between as many as keep the pieces that glTF interpolates (Appendix C)
 * between two samples within the error bound of the path. The error of a
 * piece is the largest of the position's distance in metres, the
 * rotation's angle and the field of view's difference in radians (the same
 * weighing of metres and radians as the shape parameter, docs/math.md
 * section 12) at points inside it.
 *
 * - LINEAR (the default): each piece about as long as the bound allows
 *   (linear interpolation errs as the square of the length, so halving
 *   would leave most pieces far more accurate, and so more numerous, than
 *   asked for), checked at 15 points with both slerp, which the
 *   specification asks for, and normalised lerp, which Blender's importer
 *   plays (it keys each number of the quaternion as an F-curve).
 * - CUBICSPLINE: the exact first derivatives as the tangents (velocity;
 *   q' = omega q / 2 from the world-frame angular velocity, docs/math.md
 *   section 5; the fov's rate), a piece halved where it strays at any of 7
 *   points.
 *
 * Where a step channel jumps, the pose just before the jump is a sample
 * too, one float time earlier, so that no piece has to bridge the jump.
 *
 * Baked (LINEAR): the pose at every 1/fps s from the path's start, and at
 * its end.
 *
 * Sample times are chosen so that their offset from the export's time
 * origin is a float: the time the file stores is then exactly the time the
 * pose was taken at (but where a step jumps: stored_time), and the import
 * can retake the same poses from the embedded exact path to see that the
 * data is its own. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "curve_impl.h"
#include "dtoa.h"
#include "gltf_impl.h"

#define DEG_TO_RAD (3.14159265358979323846 / 180.0)
/* Halvings of a piece between two key times, at most. */
#define MAX_DEPTH 40
/* Samples at most: more could not fit in a file of CP_GLTF_MAX_FILE_SIZE
 * (each takes 4 + 3 x 8 x 4 bytes). */
#define MAX_SAMPLES ((size_t)CP_GLTF_MAX_FILE_SIZE / 100)

/* One sample: time, position, rotation and fov, each with its derivative. */
typedef struct sample {
    double t;
    double v[8], d[8]; /* position (3), rotation (4), fov in degrees (1) */
} sample;

typedef struct sampler {
    const cp_path *path;
    double         offset, tol;
    int            cubic;    /* CUBICSPLINE pieces, else LINEAR */
    sample        *s;
    size_t         n, cap;
    cp_error      *error;
} sampler;

/* The time of the file nearest t: offset plus a float. */
static double snap_time(double t, double offset) { return offset + (double)(float)(t - offset); }

void cpi_gltf_pose_jet(const cp_pose *p, double v[8], double d[8])
{
    const cp_quat q = p->rotation, w = {p->angular_velocity.x, p->angular_velocity.y, p->angular_velocity.z, 0};
    const cp_quat dq = cp_quat_mul(w, q);
    const double vv[8] = {p->position.x, p->position.y, p->position.z, q.x, q.y, q.z, q.w, p->fov};
    const double dd[8] = {p->velocity.x, p->velocity.y, p->velocity.z, 0.5 * dq.x, 0.5 * dq.y, 0.5 * dq.z,
                          0.5 * dq.w, p->fov_velocity};
    memcpy(v, vv, sizeof vv);
    memcpy(d, dd, sizeof dd);
}

/* The pose at `at`, stored at time `stored` (the same but where a step
 * jumps: see break_times). */
static sample take(const cp_path *path, double at, double stored)
{
    sample s = {.t = stored};
    cp_pose p;
    cp_path_sample(path, at, &p);
    cpi_gltf_pose_jet(&p, s.v, s.d);
    return s;
}

static int push(sampler *S, const sample *s)
{
    if (S->n == MAX_SAMPLES)
        return cpi_error_set(S->error, CP_ERR_LIMIT,
                             "glTF export: more than %zu samples would be needed; raise the error bound", MAX_SAMPLES);
    if (S->n == S->cap) {
        const size_t cap = S->cap ? 2 * S->cap : 256;
        sample *m = realloc(S->s, cap * sizeof *m);
        if (!m)
            return cpi_error_set(S->error, CP_ERR_MEMORY, "glTF export: out of memory for %zu samples", cap);
        S->s = m;
        S->cap = cap;
    }
    S->s[S->n++] = *s;
    return CP_OK;
}

/* The cubic Hermite piece from a to b at fraction u, component j (glTF's
 * CUBICSPLINE interpolation, Appendix C), b's rotation taken with sign sb. */
static double hermite(const sample *a, const sample *b, double sb, double u, int j)
{
    const double h = b->t - a->t, u2 = u * u, u3 = u2 * u;
    return (2 * u3 - 3 * u2 + 1) * a->v[j] + (u3 - 2 * u2 + u) * h * a->d[j] + (-2 * u3 + 3 * u2) * sb * b->v[j] +
           (u3 - u2) * h * sb * b->d[j];
}

/* How far apart two poses are (position, rotation, fov in degrees, as in
 * a sample): metres, radians, radians. */
static double distance(const double v[8], const double w[8])
{
    const double dx = v[0] - w[0], dy = v[1] - w[1], dz = v[2] - w[2];
    const double pos = sqrt(dx * dx + dy * dy + dz * dz);
    const double rot =
        cp_quat_angle_between(cp_quat_make(v[3], v[4], v[5], v[6]), cp_quat_make(w[3], w[4], w[5], w[6]));
    const double fov = fabs(v[7] - w[7]) * DEG_TO_RAD;
    return fmax(pos, fmax(rot, fov));
}

static double pose_error(const double v[8], const cp_pose *p)
{
    double w[8], d[8];
    cpi_gltf_pose_jet(p, w, d);
    return distance(v, w);
}

/* The LINEAR piece from a to b at fraction u: position and fov lerped, the
 * rotation slerped (nlerp = 0) or lerped and normalised (nlerp = 1). */
static void linear(const sample *a, const sample *b, double sb, double u, int nlerp, double v[8])
{
    for (int j = 0; j < 8; j++)
        v[j] = (1 - u) * a->v[j] + u * (j >= 3 && j < 7 ? sb : 1.0) * b->v[j];
    if (!nlerp) {
        const cp_quat q = cp_quat_slerp(cp_quat_make(a->v[3], a->v[4], a->v[5], a->v[6]),
                                        cp_quat_make(b->v[3], b->v[4], b->v[5], b->v[6]), u);
        v[3] = q.x, v[4] = q.y, v[5] = q.z, v[6] = q.w;
    }
}

/* The largest error of the piece from a to b at points inside it: 7 for a
 * CUBICSPLINE piece, 15 for a LINEAR one, whose pieces are each made about
 * as long as the bound allows, so that a peak between two points would
 * show (stride). */
static double piece_error(const sampler *S, const sample *a, const sample *b)
{
    double dot = 0;
    for (int j = 3; j < 7; j++)
        dot += a->v[j] * b->v[j];
    const double sb = dot < 0 ? -1.0 : 1.0;
    const int parts = S->cubic ? 8 : 16;
    double worst = 0;
    for (int i = 1; i < parts; i++) {
        const double u = (double)i / parts;
        cp_pose p;
        cp_path_sample(S->path, a->t + u * (b->t - a->t), &p);
        double v[8];
        if (S->cubic) {
            for (int j = 0; j < 8; j++)
                v[j] = j >= 3 && j < 7 ? hermite(a, b, sb, u, j) : hermite(a, b, 1.0, u, j);
            worst = fmax(worst, pose_error(v, &p));
            continue;
        }
        for (int nlerp = 0; nlerp < 2; nlerp++) {
            linear(a, b, sb, u, nlerp, v);
            worst = fmax(worst, pose_error(v, &p));
        }
    }
    return worst;
}

/* A piece no shorter one can replace: the bound is finer than float times. */
static int unsampleable(const sampler *S, double t)
{
    return cpi_error_set(S->error, CP_ERR_UNSUPPORTED,
                         "glTF export: near t = %.9g s the path cannot be sampled within %g with times in single "
                         "precision, which glTF animation data uses",
                         t, S->tol);
}

/* Pushes the samples strictly inside (a, b) that the bound needs, in order. */
static int refine(sampler *S, const sample *a, const sample *b, int depth)
{
    if (!(piece_error(S, a, b) > S->tol))
        return CP_OK;
    const double mid = snap_time(0.5 * (a->t + b->t), S->offset);
    if (depth == 0 || !(mid > a->t && mid < b->t))
        return unsampleable(S, a->t);
    const sample m = take(S->path, mid, mid);
    int rc = refine(S, a, &m, depth - 1);
    if (rc == CP_OK)
        rc = push(S, &m);
    return rc == CP_OK ? refine(S, &m, b, depth - 1) : rc;
}

/* Pushes the samples strictly inside (a, b) that the bound needs, in order,
 * each piece about as long as the bound allows: a piece errs about as the
 * square of its length, which predicts the next length to try; one within
 * 90% of the bound is taken, or the longest found when the search has
 * narrowed to 3%. */
static int stride(sampler *S, const sample *a0, const sample *b)
{
    sample a = *a0;
    double guess = b->t - a.t;
    for (;;) {
        const double rest = b->t - a.t;
        if (rest <= 1.5 * guess && !(piece_error(S, &a, b) > S->tol))
            return CP_OK;
        double ok = 0, bad = rest, len = fmin(guess, 0.5 * rest);
        sample best = a;
        for (int it = 0; it < 60; it++) {
            const double t = snap_time(a.t + len, S->offset);
            if (!(t > a.t))
                break;
            double e = INFINITY;
            if (t < b->t) {
                const sample m = take(S->path, t, t);
                e = piece_error(S, &a, &m);
                if (!(e > S->tol))
                    ok = len, best = m;
            }
            if (e > S->tol)
                bad = len;
            if (ok > 0 && (bad < 1.03 * ok || (e <= S->tol && e >= 0.9 * S->tol)))
                break;
            double next = e > 0 && isfinite(e) ? 0.97 * len * sqrt(S->tol / e) : 2 * len;
            if (!(next > ok && next < bad))
                next = ok > 0 && bad > 2 * ok ? 2 * ok : 0.5 * (ok + bad);
            len = next;
        }
        if (!(ok > 0))
            return unsampleable(S, a.t);
        int rc = push(S, &best);
        if (rc != CP_OK)
            return rc;
        guess = ok;
        a = best;
    }
}

/* The last time of the file at or before t. */
static double snap_down(double t, double offset)
{
    float f = (float)(t - offset);
    if (offset + (double)f > t)
        f = nextafterf(f, -INFINITY);
    return offset + (double)f;
}

/* The time of the file a break time t is stored at. Where channels step
 * (`steps`) that is the time at or before it, and the sample there holds
 * the pose at t: at a jump, the pose after it, so that the file jumps no
 * later than the path, whichever times a player evaluates it at (a frame
 * at exactly a key time is common), and the sample one float earlier the
 * pose before it. Elsewhere the nearest, and the pose there. */
static double stored_time(double t, double offset, int steps)
{
    return steps ? snap_down(t, offset) : snap_time(t, offset);
}

/* The times that must be samples: every key, both ends of every hold and
 * the end of the path (a loop's period); sorted, one for each stored time
 * (the last). */
static double *break_times(const cp_path *path, double offset, int steps, size_t *count, cp_error *error)
{
    const size_t n = cp_path_key_count(path);
    const cp_key *k = cp_path_keys(path);
    /* two keys on one stored time: the path would have to get from one to
     * the other in no time */
    for (size_t i = 1; i < n; i++)
        if (stored_time(k[i - 1].time, offset, steps) == stored_time(k[i].time, offset, steps)) {
            char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
            cpi_error_set(error, CP_ERR_UNSUPPORTED,
                          "keys %zu and %zu: times %s and %s are equal in single precision, which glTF animation "
                          "data uses; space the keys further apart",
                          i - 1, i, cpi_fmt_double(b1, k[i - 1].time), cpi_fmt_double(b2, k[i].time));
            return NULL;
        }
    double *t = cpi_alloc_array(2 * n + 1, sizeof *t);
    if (!t) {
        cpi_error_set(error, CP_ERR_MEMORY, "glTF export: out of memory for %zu keys", n);
        return NULL;
    }
    const size_t m = cp_path_key_times(path, t);
    size_t u = 0;
    for (size_t i = 0; i < m; i++) {
        if (u > 0 && stored_time(t[i], offset, steps) == stored_time(t[u - 1], offset, steps))
            u--;
        t[u++] = t[i];
    }
    *count = u;
    return t;
}

/* The times of a bake: every 1/fps s from the start, and the end. */
static double *frame_times(const cp_path *path, double offset, double fps, size_t *count, cp_error *error)
{
    const double start = cp_path_start(path), span = cp_path_duration(path);
    const double frames = floor(span * fps);
    if (!(frames < (double)MAX_SAMPLES)) {
        cpi_error_set(error, CP_ERR_LIMIT, "glTF export: %g frames at %g frames a second are more than %zu", frames,
                      fps, MAX_SAMPLES);
        return NULL;
    }
    const size_t nf = (size_t)frames + 2;
    double *t = cpi_alloc_array(nf, sizeof *t);
    if (!t) {
        cpi_error_set(error, CP_ERR_MEMORY, "glTF export: out of memory for %zu frames", nf);
        return NULL;
    }
    size_t m = 0;
    for (size_t i = 0; i + 1 < nf; i++) {
        const double ti = snap_time(start + (double)i / fps, offset);
        if (m > 0 && !(ti > t[m - 1])) {
            free(t);
            cpi_error_set(error, CP_ERR_UNSUPPORTED,
                          "glTF export: frames %zu and %zu fall on the same time in single precision, which glTF "
                          "animation data uses (at %.9g s); bake at a lower rate",
                          i - 1, i, ti);
            return NULL;
        }
        t[m++] = ti;
    }
    const double end = snap_time(start + span, offset);
    if (end > t[m - 1])
        t[m++] = end;
    *count = m;
    return t;
}

/* Rotations of consecutive samples in the same half of the sphere, so that
 * neither interpolation takes the long way round. */
static void continue_signs(sample *s, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        double dot = 0;
        for (int j = 3; j < 7; j++)
            dot += s[i - 1].v[j] * s[i].v[j];
        if (dot < 0)
            for (int j = 3; j < 7; j++)
                s[i].v[j] = -s[i].v[j], s[i].d[j] = -s[i].d[j];
    }
}

static int make_curves(const sample *s, size_t n, int cubic, cp_curve *out[3], cp_error *error)
{
    static const int first[3] = {0, 3, 7}, dims[3] = {3, 4, 1};
    for (int c = 0; c < 3; c++) {
        out[c] = cpi_curve_alloc(dims[c], n, cubic ? CP_CURVE_CUBIC : CP_CURVE_LINEAR, c == 1, 0, 0.0, 0, error);
        if (!out[c])
            return error ? error->code : CP_ERR_MEMORY;
        cp_curve *k = out[c];
        for (size_t i = 0; i < n; i++) {
            double *r = k->rec + i * (size_t)k->stride;
            r[0] = s[i].t;
            for (int j = 0; j < dims[c]; j++) {
                r[1 + j] = s[i].v[first[c] + j];
                r[k->tout + j] = cubic ? s[i].d[first[c] + j] : 0.0;
            }
        }
        if (cpi_curve_finish(k, c ? out[0] : NULL, error) != CP_OK)
            return error ? error->code : CP_ERR_MEMORY;
    }
    return CP_OK;
}

/* Does any channel jump at its keys? */
static int has_steps(const cp_path *path)
{
    const cp_path_options o = cp_path_get_options(path);
    return o.position == CP_INTERP_STEP || o.rotation == CP_INTERP_STEP || o.fov == CP_INTERP_STEP;
}

/* Samples from a (pushed) up to b (not pushed): the pieces between them,
 * as many as the bound needs; where the path jumps at b, the pose one float
 * time before b first, and no piece across the jump. */
static int span(sampler *S, const sample *a, const sample *b, int steps)
{
    const double before = S->offset + (double)nextafterf((float)(b->t - S->offset), -INFINITY);
    if (steps && before > a->t) {
        const sample left = take(S->path, before, before);
        if (distance(left.v, b->v) > S->tol) {
            int rc = S->cubic ? refine(S, a, &left, MAX_DEPTH) : stride(S, a, &left);
            return rc == CP_OK ? push(S, &left) : rc;
        }
    }
    return S->cubic ? refine(S, a, b, MAX_DEPTH) : stride(S, a, b);
}

int cpi_gltf_sampled_curves(const cp_path *path, double offset, double fps, double max_error, int cubic,
                            cp_curve *out[3], cp_error *error)
{
    out[0] = out[1] = out[2] = NULL;
    sampler S = {.path = path, .offset = offset, .tol = max_error, .cubic = fps <= 0 && cubic, .error = error};
    const int steps = has_steps(path);
    size_t nt = 0;
    double *t = fps > 0 ? frame_times(path, offset, fps, &nt, error) : break_times(path, offset, steps, &nt, error);
    if (!t)
        return error ? error->code : CP_ERR_MEMORY;
    int rc = CP_OK;
    if (nt < 2)
        rc = cpi_error_set(error, CP_ERR_UNSUPPORTED,
                           "glTF export: the path's start and end are the same time in single precision, which glTF "
                           "animation data uses");
    sample prev = take(path, steps ? t[0] : stored_time(t[0], offset, 0), stored_time(t[0], offset, steps));
    if (rc == CP_OK)
        rc = push(&S, &prev);
    for (size_t i = 1; i < nt && rc == CP_OK; i++) {
        const double stored = stored_time(t[i], offset, steps);
        const sample next = take(path, steps ? t[i] : stored, stored);
        if (fps <= 0)
            rc = span(&S, &prev, &next, steps);
        if (rc == CP_OK)
            rc = push(&S, &next);
        prev = next;
    }
    free(t);
    if (rc == CP_OK) {
        continue_signs(S.s, S.n);
        rc = make_curves(S.s, S.n, S.cubic, out, error);
    }
    free(S.s);
    if (rc != CP_OK)
        for (int c = 0; c < 3; c++) {
            cp_curve_destroy(out[c]);
            out[c] = NULL;
        }
    return rc;
}

/* lib/gltf/gltf_sample.c - the curves a glTF export writes when it cannot
 * write the path's own: paths in smooth or constant-speed timing, whose
 * channels are curves over the shape's parameter u rather than over time,
 * look-at paths, whose rotation is derived from position, target and roll
 * (docs/math.md, section 15) rather than a curve, and any path baked at a
 * frame rate.
 *
 * Sampled (CUBICSPLINE): the exact pose and its exact first derivatives
 * (velocity; q' = omega q / 2 from the world-frame angular velocity, docs/
 * math.md section 5; the fov's rate) at every key, at both ends of every
 * hold, and wherever else the cubic Hermite pieces that glTF interpolates
 * (Appendix C) between two samples stray from the path by more than the
 * error bound at any of 7 points inside the piece: there the piece is
 * halved. The error of a piece is the largest of the position's distance in
 * metres, the rotation's angle and the field of view's difference in
 * radians, the same weighing of metres and radians as the shape parameter
 * (docs/math.md, section 12).
 *
 * Baked (LINEAR): the pose at every 1/fps s from the path's start, and at
 * its end.
 *
 * Sample times are chosen so that their offset from the export's time
 * origin is a float: the time the file stores is then exactly the time the
 * pose was taken at, and the import can retake the same poses from the
 * embedded exact path to see that the data is its own. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "curve_impl.h"
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

static sample take(const cp_path *path, double t)
{
    sample s = {.t = t};
    cp_pose p;
    cp_path_sample(path, t, &p);
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

static double pose_error(const double v[8], const cp_pose *p)
{
    const double dx = v[0] - p->position.x, dy = v[1] - p->position.y, dz = v[2] - p->position.z;
    const double pos = sqrt(dx * dx + dy * dy + dz * dz);
    const cp_quat q = cp_quat_normalize(cp_quat_make(v[3], v[4], v[5], v[6]));
    const double rot = cp_quat_angle_between(q, p->rotation);
    const double fov = fabs(v[7] - p->fov) * DEG_TO_RAD;
    return fmax(pos, fmax(rot, fov));
}

/* The largest error of the piece from a to b at 7 points inside it. */
static double piece_error(const sampler *S, const sample *a, const sample *b)
{
    double dot = 0;
    for (int j = 3; j < 7; j++)
        dot += a->v[j] * b->v[j];
    const double sb = dot < 0 ? -1.0 : 1.0;
    double worst = 0;
    for (int i = 1; i < 8; i++) {
        const double u = i / 8.0;
        double v[8];
        for (int j = 0; j < 8; j++)
            v[j] = j >= 3 && j < 7 ? hermite(a, b, sb, u, j) : hermite(a, b, 1.0, u, j);
        cp_pose p;
        cp_path_sample(S->path, a->t + u * (b->t - a->t), &p);
        worst = fmax(worst, pose_error(v, &p));
    }
    return worst;
}

/* Pushes the samples strictly inside (a, b) that the bound needs, in order. */
static int refine(sampler *S, const sample *a, const sample *b, int depth)
{
    if (!(piece_error(S, a, b) > S->tol))
        return CP_OK;
    const double mid = snap_time(0.5 * (a->t + b->t), S->offset);
    if (depth == 0 || !(mid > a->t && mid < b->t))
        return cpi_error_set(S->error, CP_ERR_UNSUPPORTED,
                             "glTF export: near t = %.9g s the path cannot be sampled within %g with times in "
                             "single precision, which glTF animation data uses",
                             a->t, S->tol);
    const sample m = take(S->path, mid);
    int rc = refine(S, a, &m, depth - 1);
    if (rc == CP_OK)
        rc = push(S, &m);
    return rc == CP_OK ? refine(S, &m, b, depth - 1) : rc;
}

/* The times that must be samples: every key, both ends of every hold and
 * the end of the path (a loop's period), snapped; increasing, each once
 * (snapping keeps the order but may make neighbours equal). */
static double *break_times(const cp_path *path, double offset, size_t *count, cp_error *error)
{
    const size_t n = cp_path_key_count(path);
    double *t = cpi_alloc_array(2 * n + 1, sizeof *t);
    if (!t) {
        cpi_error_set(error, CP_ERR_MEMORY, "glTF export: out of memory for %zu keys", n);
        return NULL;
    }
    const size_t m = cp_path_key_times(path, t);
    size_t u = 0;
    for (size_t i = 0; i < m; i++) {
        const double s = snap_time(t[i], offset);
        if (u == 0 || s > t[u - 1])
            t[u++] = s;
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

int cpi_gltf_sampled_curves(const cp_path *path, double offset, double fps, double max_error, cp_curve *out[3],
                            cp_error *error)
{
    out[0] = out[1] = out[2] = NULL;
    sampler S = {.path = path, .offset = offset, .tol = max_error, .error = error};
    size_t nt = 0;
    double *t = fps > 0 ? frame_times(path, offset, fps, &nt, error) : break_times(path, offset, &nt, error);
    if (!t)
        return error ? error->code : CP_ERR_MEMORY;
    int rc = CP_OK;
    if (nt < 2)
        rc = cpi_error_set(error, CP_ERR_UNSUPPORTED,
                           "glTF export: the path's start and end are the same time in single precision, which glTF "
                           "animation data uses");
    sample prev = take(path, t[0]);
    if (rc == CP_OK)
        rc = push(&S, &prev);
    for (size_t i = 1; i < nt && rc == CP_OK; i++) {
        const sample next = take(path, t[i]);
        if (fps <= 0)
            rc = refine(&S, &prev, &next, MAX_DEPTH);
        if (rc == CP_OK)
            rc = push(&S, &next);
        prev = next;
    }
    free(t);
    if (rc == CP_OK) {
        continue_signs(S.s, S.n);
        rc = make_curves(S.s, S.n, fps <= 0, out, error);
    }
    free(S.s);
    if (rc != CP_OK)
        for (int c = 0; c < 3; c++) {
            cp_curve_destroy(out[c]);
            out[c] = NULL;
        }
    return rc;
}

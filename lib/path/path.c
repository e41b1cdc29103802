/* lib/path/path.c - camera paths: validation, the three channel curves, pose sampling. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "campath/path.h"
#include "curve_impl.h"
#include "base.h"
#include "path_impl.h"

/* Sampled fields of view are kept inside this range so that a curve that
 * overshoots near 0 or 180 degrees still gives a usable projection. */
#define CPI_FOV_SAMPLE_MIN 0.01
#define CPI_FOV_SAMPLE_MAX 179.99

/* ---- names -------------------------------------------------------------------- */

static const char *const interp_names[] = {"c2", "bisector", "catmull-rom", "linear", "step"};
static const char *const ends_names[] = {"natural", "rest", "closed"};

const char *cp_interp_name(cp_interp interp)
{
    return (unsigned)interp <= (unsigned)CP_INTERP_STEP ? interp_names[interp] : NULL;
}

const char *cp_ends_name(cp_ends ends)
{
    return (unsigned)ends <= (unsigned)CP_ENDS_CLOSED ? ends_names[ends] : NULL;
}

int cp_interp_parse(const char *name, cp_interp *out)
{
    for (int i = 0; name && i <= (int)CP_INTERP_STEP; i++)
        if (strcmp(name, interp_names[i]) == 0) {
            *out = (cp_interp)i;
            return 0;
        }
    return -1;
}

int cp_ends_parse(const char *name, cp_ends *out)
{
    for (int i = 0; name && i <= (int)CP_ENDS_CLOSED; i++)
        if (strcmp(name, ends_names[i]) == 0) {
            *out = (cp_ends)i;
            return 0;
        }
    return -1;
}

/* ---- life cycle ---------------------------------------------------------------------- */

/* A channel curve (position or fov) filled straight from the keys. */
static cp_curve *channel(const cp_key *keys, size_t count, int dim, cp_interp interp, const cp_path_options *o,
                         const cp_curve *index_from, cp_error *error)
{
    cp_curve *c = cpi_curve_alloc(dim, count, cpi_interp_mode(interp), 0, 0, o->period, 0, error);
    if (!c)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        double *r = c->rec + i * (size_t)c->stride;
        r[0] = keys[i].time;
        if (dim == 3) {
            r[1] = keys[i].position.x, r[2] = keys[i].position.y, r[3] = keys[i].position.z;
            r[4] = r[5] = r[6] = 0.0;
        } else {
            r[1] = keys[i].fov;
            r[2] = 0.0;
        }
    }
    if ((c->mode == CP_CURVE_CUBIC && cpi_curve_solve(c, interp, o->ends, error) != CP_OK) ||
        cpi_curve_finish(c, index_from, error) != CP_OK) {
        cp_curve_destroy(c);
        return NULL;
    }
    return c;
}

cp_path *cpi_path_build(const cp_key *keys, size_t count, const cp_path_options *options,
                        const cpi_field_names *names, cp_error *error)
{
    cp_path_options opts = {0};
    if (options)
        opts = *options;
    if (opts.ends != CP_ENDS_CLOSED)
        opts.period = 0.0;
    cpi_key_stats stats;
    if (cpi_path_validate(keys, count, &opts, names, &stats, error) != CP_OK)
        return NULL;

    cp_path *p = calloc(1, sizeof *p);
    if (p)
        p->keys = cpi_alloc_large(count, sizeof *p->keys);
    if (!p || !p->keys) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for a path of %zu keys", count);
        cp_path_destroy(p);
        return NULL;
    }
    p->count = count;
    p->opts = opts;
    for (size_t i = 0; i < count; i++) {
        p->keys[i] = keys[i];
        /* Normalising a unit quaternion can move it by an ulp; leave keys that
         * are unit to rounding as given, so a file round trip is bit-exact. */
        const double n2 = cp_quat_dot(keys[i].rotation, keys[i].rotation);
        if (!(fabs(n2 - 1.0) <= 8 * DBL_EPSILON))
            p->keys[i].rotation = cp_quat_normalize(keys[i].rotation);
    }
    /* the fov and (unless it needed extra keys) rotation curves share the
     * position curve's segment index: a sample searches once */
    p->pos = channel(keys, count, 3, opts.position, &opts, NULL, error);
    if (p->pos)
        p->fov = channel(keys, count, 1, opts.fov, &opts, p->pos, error);
    if (p->fov)
        p->rot = cpi_rotation_build(count, &keys[0].time, sizeof *keys, &keys[0].rotation, sizeof *keys,
                                    opts.rotation, opts.ends, opts.period, p->pos, names->time, error);
    if (!p->rot) {
        cp_path_destroy(p);
        return NULL;
    }
    p->rot_shared = p->rot->count == count;
    if (cpi_path_check_splines(p, &stats, names, error) != CP_OK) {
        cp_path_destroy(p);
        return NULL;
    }
    p->all_cubic = p->pos->mode == CP_CURVE_CUBIC && p->rot->mode == CP_CURVE_CUBIC && p->fov->mode == CP_CURVE_CUBIC;
    cpi_error_clear(error);
    return p;
}

cp_path *cp_path_create(const cp_key *keys, size_t count, const cp_path_options *options, cp_error *error)
{
    return cpi_path_build(keys, count, options, &cpi_api_names, error);
}

static void free_meta(cp_path *p)
{
    if (p->key_extras) {
        for (size_t i = 0; i < p->count; i++)
            free(p->key_extras[i]);
        free(p->key_extras);
    }
    free(p->name);
    free(p->extras);
    p->name = p->extras = NULL;
    p->key_extras = NULL;
}

void cp_path_destroy(cp_path *path)
{
    if (!path)
        return;
    free_meta(path);
    free(path->scene);
    cp_curve_destroy(path->rot); /* these two may borrow the position curve's index */
    cp_curve_destroy(path->fov);
    cp_curve_destroy(path->pos);
    free(path->keys);
    free(path);
}

/* ---- accessors --------------------------------------------------------------------- */

size_t cp_path_key_count(const cp_path *path) { return path->count; }
const cp_key *cp_path_keys(const cp_path *path) { return path->keys; }
cp_path_options cp_path_get_options(const cp_path *path) { return path->opts; }
double cp_path_start(const cp_path *path) { return path->keys[0].time; }
double cp_path_duration(const cp_path *path) { return cp_curve_end(path->pos) - cp_curve_start(path->pos); }
const cp_curve *cp_path_position_curve(const cp_path *path) { return path->pos; }
const cp_curve *cp_path_rotation_curve(const cp_path *path) { return path->rot; }
const cp_curve *cp_path_fov_curve(const cp_path *path) { return path->fov; }

/* ---- sampling ------------------------------------------------------------------------ */

static void sample(const cp_path *p, double time, int side, cp_path_cursor *cursor, int derivs, cp_pose *out)
{
    double v[3], d1[3], d2[3], f, f1, f2;
    int odd;
    const double local = cpi_curve_local_time(p->pos, time, side, &odd);
    size_t seg;
    if (cursor) {
        seg = cpi_curve_segment_cursor(p->pos, &cursor->position, local);
    } else {
        /* A random sample of a long path misses the cache in every channel.
         * The slice table (always cached) gives a guess without touching any
         * key, so the records of all three channels around it load at once,
         * in one memory round trip, while the search settles on the segment. */
        size_t guess = cpi_curve_guess(p->pos, local), from = guess > 1 ? guess - 2 : 0;
        cpi_prefetch_records(p->pos, from, 6);
        if (p->rot_shared)
            cpi_prefetch_records(p->rot, from, 6);
        cpi_prefetch_records(p->fov, from, 6);
        seg = cpi_curve_segment_from(p->pos, local, side, guess);
    }
    size_t rseg = seg;
    if (!p->rot_shared)
        rseg = cursor ? cpi_curve_segment_cursor(p->rot, &cursor->rotation, local)
                      : cpi_curve_segment(p->rot, local, side);
    else if (cursor)
        cursor->rotation = seg;
    if (cursor)
        cursor->fov = seg;

    out->time = time;
    const double rsign = cpi_curve_sign(p->rot, odd);
    double q[4], q1[4], q2[4];
    if (p->all_cubic && p->rot_shared && p->pos->nseg > 0) {
        /* the usual path: every channel a cubic on the same segment, one basis for all */
        double h, ih;
        const double u = cpi_segment_u(p->pos, seg, local, &h, &ih);
        cpi_basis B;
        cpi_basis_make2(h, ih, u, &B);
        cpi_cubic_apply(3, p->pos, seg, &B, 1.0, v, d1, d2);
        cpi_cubic_apply(1, p->fov, seg, &B, 1.0, &f, &f1, &f2);
        cpi_cubic_apply(4, p->rot, seg, &B, rsign, q, q1, q2);
    } else {
        cpi_curve_eval(p->pos, seg, local, 1.0, v, d1, d2);
        cpi_curve_eval(p->fov, seg, local, 1.0, &f, &f1, &f2);
        cpi_curve_eval(p->rot, rseg, local, rsign, q, q1, q2);
    }
    if (derivs) {
        cpi_rotation_from_r4(q, q1, q2, &out->rotation, &out->angular_velocity, &out->angular_acceleration);
        out->velocity = cp_vec3_make(d1[0], d1[1], d1[2]);
        out->acceleration = cp_vec3_make(d2[0], d2[1], d2[2]);
        out->fov_velocity = f1;
        out->fov_acceleration = f2;
    } else {
        cpi_rotation_from_r4(q, q1, q2, &out->rotation, NULL, NULL);
        out->velocity = out->acceleration = cp_vec3_make(0, 0, 0);
        out->angular_velocity = out->angular_acceleration = cp_vec3_make(0, 0, 0);
        out->fov_velocity = out->fov_acceleration = 0.0;
    }
    out->focus = out->aperture = 0.0;
    out->position = cp_vec3_make(v[0], v[1], v[2]);
    out->fov = f < CPI_FOV_SAMPLE_MIN ? CPI_FOV_SAMPLE_MIN : f > CPI_FOV_SAMPLE_MAX ? CPI_FOV_SAMPLE_MAX : f;
}

void cp_path_sample(const cp_path *path, double time, cp_pose *out) { sample(path, time, 0, NULL, 1, out); }

void cp_path_sample_fast(const cp_path *path, double time, cp_pose *out) { sample(path, time, 0, NULL, 0, out); }

void cp_path_sample_cursor(const cp_path *path, cp_path_cursor *cursor, double time, cp_pose *out)
{
    sample(path, time, 0, cursor, 1, out);
}

void cp_path_sample_side(const cp_path *path, double time, int side, cp_pose *out)
{
    sample(path, time, side < 0 ? -1 : 1, NULL, 1, out);
}

/* ---- metadata ----------------------------------------------------------------------------- */

const char *cp_path_name(const cp_path *path) { return path->name; }
const char *cp_path_scene(const cp_path *path) { return path->scene; }

int cp_path_set_scene(cp_path *path, const char *scene, cp_error *error)
{
    char *s = cpi_strdup(scene);
    if (scene && !s)
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the path's scene");
    free(path->scene);
    path->scene = s;
    cpi_error_clear(error);
    return CP_OK;
}
const char *cp_path_extras(const cp_path *path) { return path->extras; }
const char *cp_path_key_extras(const cp_path *path, size_t i)
{
    return path->key_extras && i < path->count ? path->key_extras[i] : NULL;
}

int cp_path_set_meta(cp_path *path, const char *name, const char *extras, const char *const *key_extras,
                     cp_error *error)
{
    char *n = cpi_strdup(name), *e = cpi_strdup(extras);
    char **k = NULL;
    int ok = (!name || n) && (!extras || e);
    if (ok && key_extras) {
        k = calloc(path->count, sizeof *k);
        ok = k != NULL;
        for (size_t i = 0; ok && i < path->count; i++) {
            k[i] = cpi_strdup(key_extras[i]);
            ok = !key_extras[i] || k[i];
        }
    }
    if (!ok) {
        free(n);
        free(e);
        if (k)
            for (size_t i = 0; i < path->count; i++)
                free(k[i]);
        free(k);
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the path's metadata");
    }
    free_meta(path);
    path->name = n;
    path->extras = e;
    path->key_extras = k;
    cpi_error_clear(error);
    return CP_OK;
}

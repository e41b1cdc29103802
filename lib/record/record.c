/* SPDX-License-Identifier: MIT */
/* lib/record/record.c - the recorder: live camera poses to timed keys
 * (distance or real pace), a path from them, and the atomic save. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/json.h"
#include "campath/record.h"
#include "base.h"
#include "dtoa.h"

/* What a key needs besides itself: the clock it was recorded at, and for
 * real pace the key whose clock its time counts from. */
typedef struct take {
    double now;
    int    real;   /* timed by real pace */
    size_t base;   /* real pace: time = keys[base].time + (now - takes[base].now) */
} take;

struct cp_recorder {
    cp_recorder_options o;      /* defaults filled in */
    cp_key             *keys;
    take               *takes;
    size_t              count, cap;
    double              flown;  /* metres reported since the last key */
};

static int check_options(const cp_recorder_options *o, cp_error *error)
{
    char b[CPI_FMT_DOUBLE_SIZE];
    if ((unsigned)o->pace > (unsigned)CP_PACE_REAL)
        return cpi_error_set(error, CP_ERR_INVALID, "options.pace: unknown pace %d (expected 0..1: distance, real)",
                             (int)o->pace);
    if (!(o->speed >= 0.0) || !isfinite(o->speed))
        return cpi_error_set(error, CP_ERR_INVALID,
                             "options.speed: %s m/s is not a finite number > 0 (0: the default %g m/s)",
                             cpi_fmt_double(b, o->speed), CP_RECORDER_SPEED);
    return CP_OK;
}

static cp_recorder_options with_defaults(const cp_recorder_options *options)
{
    cp_recorder_options o = {0};
    if (options)
        o = *options;
    if (o.speed == 0.0)
        o.speed = CP_RECORDER_SPEED;
    return o;
}

cp_recorder *cp_recorder_create(const cp_recorder_options *options, cp_error *error)
{
    cp_recorder_options o = with_defaults(options);
    if (check_options(&o, error) != CP_OK)
        return NULL;
    cp_recorder *r = calloc(1, sizeof *r);
    if (!r) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for a recorder");
        return NULL;
    }
    r->o = o;
    cpi_error_clear(error);
    return r;
}

void cp_recorder_destroy(cp_recorder *r)
{
    if (!r)
        return;
    free(r->keys);
    free(r->takes);
    free(r);
}

cp_status cp_recorder_set_options(cp_recorder *r, const cp_recorder_options *options, cp_error *error)
{
    cp_recorder_options o = with_defaults(options);
    int rc = check_options(&o, error);
    if (rc != CP_OK)
        return rc;
    r->o = o;
    cpi_error_clear(error);
    return CP_OK;
}

/* ---- timing ------------------------------------------------------------------------ */

static double gap(double speed, cp_vec3 p0, cp_quat q0, cp_vec3 p1, cp_quat q1, double flown)
{
    double d = fmax(cp_vec3_length(cp_vec3_sub(p1, p0)), flown);
    double turn = cp_quat_angle_between(q0, q1);
    return fmax(fmax(d / speed, turn / CP_RECORDER_TURN_RATE), CP_RECORDER_MIN_GAP);
}

static int finite_pose(cp_vec3 p, cp_quat q)
{
    return isfinite(p.x) && isfinite(p.y) && isfinite(p.z) && isfinite(q.x) && isfinite(q.y) && isfinite(q.z) &&
           isfinite(q.w);
}

double cp_recorder_gap(const cp_recorder_options *options, cp_vec3 from_position, cp_quat from_rotation,
                       cp_vec3 position, cp_quat rotation, double flown)
{
    cp_recorder_options o = with_defaults(options);
    if (!(o.speed > 0.0) || !isfinite(o.speed) || !finite_pose(from_position, from_rotation) ||
        !finite_pose(position, rotation) || !isfinite(flown) || !(cp_quat_length(from_rotation) > 0.0) ||
        !(cp_quat_length(rotation) > 0.0))
        return NAN;
    return gap(o.speed, from_position, from_rotation, position, rotation, flown);
}

/* Fills `error` for key i's field ("keys[3].fov: ..."), with the field and
 * the key as data too. Returns CP_ERR_INVALID. */
static int key_error(cp_error *error, size_t i, const char *field, const char *fmt, ...) CPI_PRINTF(4, 5);
static int key_error(cp_error *error, size_t i, const char *field, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    cpi_error_set(error, CP_ERR_INVALID, "keys[%zu].%s: %s", i, field, what);
    if (error) {
        snprintf(error->field, sizeof error->field, "keys[%zu].%s", i, field);
        error->key = (long)i;
    }
    return CP_ERR_INVALID;
}

/* The checks of a pose before it is timed: finite numbers and a rotation
 * that gives an orientation (the fov is checked by cp_recorder_add). */
static int check_pose(size_t i, double now, cp_vec3 p, cp_quat q, cp_error *error)
{
    const struct {
        const char *name;
        double      v;
    } nums[] = {
        {"now", now},        {"position.x", p.x}, {"position.y", p.y}, {"position.z", p.z},
        {"rotation.x", q.x}, {"rotation.y", q.y}, {"rotation.z", q.z}, {"rotation.w", q.w},
    };
    char b[CPI_FMT_DOUBLE_SIZE];
    for (size_t k = 0; k < sizeof nums / sizeof nums[0]; k++)
        if (!isfinite(nums[k].v))
            return key_error(error, i, nums[k].name, "%s is not a finite number", cpi_fmt_double(b, nums[k].v));
    double len = cp_quat_length(q);
    if (!(len > 1e-150) || !isfinite(len)) {
        char bx[CPI_FMT_DOUBLE_SIZE], by[CPI_FMT_DOUBLE_SIZE], bz[CPI_FMT_DOUBLE_SIZE], bw[CPI_FMT_DOUBLE_SIZE];
        return key_error(error, i, "rotation",
                         "(%s, %s, %s, %s) has length %s and gives no orientation (expected a unit quaternion x, "
                         "y, z, w)",
                         cpi_fmt_double(bx, q.x), cpi_fmt_double(by, q.y), cpi_fmt_double(bz, q.z),
                         cpi_fmt_double(bw, q.w), cpi_fmt_double(b, len));
    }
    return CP_OK;
}

/* The time of the next key (index r->count) under the current pace, and
 * what the recorder keeps about it. */
static int next_time(const cp_recorder *r, double now, cp_vec3 p, cp_quat q, double *time, take *t, cp_error *error)
{
    size_t n = r->count;
    if (check_pose(n, now, p, q, error) != CP_OK)
        return CP_ERR_INVALID;
    t->now = now;
    t->real = r->o.pace == CP_PACE_REAL;
    t->base = n;
    if (n == 0) {
        *time = 0.0;
        return CP_OK;
    }
    const cp_key *last = &r->keys[n - 1];
    const take *lt = &r->takes[n - 1];
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
    if (t->real) {
        if (!(now > lt->now))
            return key_error(error, n, "now", "%s s %s keys[%zu]'s %s s (real pace: the clock must move forward)",
                             cpi_fmt_double(b1, now), now == lt->now ? "repeats" : "is earlier than", n - 1,
                             cpi_fmt_double(b2, lt->now));
        /* a run of real-paced keys counts from its first clock, so that a
           recording made in real pace throughout has times now - first now */
        t->base = lt->real ? lt->base : n - 1;
        *time = r->keys[t->base].time + (now - r->takes[t->base].now);
    } else {
        *time = last->time + gap(r->o.speed, last->position, last->rotation, p, q, r->flown);
    }
    if (!(*time > last->time) || !isfinite(*time))
        return key_error(error, n, "time", "the pace gives %s s, not later than keys[%zu].time %s (times must "
                         "strictly increase)", cpi_fmt_double(b1, *time), n - 1, cpi_fmt_double(b2, last->time));
    return CP_OK;
}

cp_status cp_recorder_next_time(const cp_recorder *r, double now, cp_vec3 position, cp_quat rotation, double *time,
                                cp_error *error)
{
    take t;
    double x;
    int rc = next_time(r, now, position, rotation, &x, &t, error);
    if (rc != CP_OK)
        return rc;
    *time = x;
    cpi_error_clear(error);
    return CP_OK;
}

/* ---- keys ------------------------------------------------------------------------------ */

static int grow(cp_recorder *r, cp_error *error)
{
    if (r->count < r->cap)
        return CP_OK;
    if (r->count >= CP_PATH_MAX_KEYS)
        return cpi_error_set(error, CP_ERR_LIMIT, "the recorder holds %zu keys, the limit of a path (CP_PATH_MAX_KEYS)",
                             r->count);
    size_t cap = r->cap ? 2 * r->cap : 64;
    cp_key *k = realloc(r->keys, cap * sizeof *k);
    if (k)
        r->keys = k;
    take *t = k ? realloc(r->takes, cap * sizeof *t) : NULL;
    if (!t)
        return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for %zu recorded keys", cap);
    r->takes = t;
    r->cap = cap;
    return CP_OK;
}

/* Focus and aperture: finite, >= 0 (0: none), and on every key or on none. */
static int check_lens(const cp_recorder *r, const double lens[2], cp_error *error)
{
    static const char *const name[2] = {"focus", "aperture"};
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE];
    for (int c = 0; c < 2; c++) {
        if (!isfinite(lens[c]))
            return key_error(error, r->count, name[c], "%s is not a finite number", cpi_fmt_double(b1, lens[c]));
        if (lens[c] < 0)
            return key_error(error, r->count, name[c], "%s is negative (%s; 0 means none)",
                             cpi_fmt_double(b1, lens[c]), c ? "f-number" : "metres");
        const double first = r->count ? (c ? r->keys[0].aperture : r->keys[0].focus) : lens[c];
        if ((first > 0) != (lens[c] > 0))
            return key_error(error, r->count, name[c], "%s, while keys[0].%s is %s (%s is on every key or on none)",
                             lens[c] > 0 ? cpi_fmt_double(b1, lens[c]) : "none", name[c],
                             first > 0 ? cpi_fmt_double(b2, first) : "none", name[c]);
    }
    return CP_OK;
}

/* Records a key with its lens (focus, aperture: 0 for none). */
static int add_key(cp_recorder *r, double now, cp_vec3 position, cp_quat rotation, double fov, const double lens[2],
                   cp_error *error)
{
    double time;
    take t;
    int rc = next_time(r, now, position, rotation, &time, &t, error);
    if (rc != CP_OK)
        return rc;
    char b[CPI_FMT_DOUBLE_SIZE];
    if (!(fov > 0.0 && fov < 180.0))
        return key_error(error, r->count, "fov", "%s degrees is outside (0, 180) (vertical field of view)",
                         cpi_fmt_double(b, fov));
    if ((rc = check_lens(r, lens, error)) != CP_OK || (rc = grow(r, error)) != CP_OK)
        return rc;
    cp_key *k = &r->keys[r->count];
    memset(k, 0, sizeof *k);
    k->time = time;
    k->position = position;
    /* as cp_path_create does: unit to rounding stays as given */
    const double n2 = cp_quat_dot(rotation, rotation);
    k->rotation = fabs(n2 - 1.0) <= 8 * DBL_EPSILON ? rotation : cp_quat_normalize(rotation);
    k->fov = fov;
    k->focus = lens[0];
    k->aperture = lens[1];
    r->takes[r->count++] = t;
    r->flown = 0.0;
    cpi_error_clear(error);
    return CP_OK;
}

cp_status cp_recorder_add(cp_recorder *r, double now, cp_vec3 position, cp_quat rotation, double fov, cp_error *error)
{
    const double none[2] = {0.0, 0.0};
    return add_key(r, now, position, rotation, fov, none, error);
}

cp_status cp_recorder_add_pose(cp_recorder *r, double now, const cp_pose *pose, cp_error *error)
{
    const double lens[2] = {pose->focus, pose->aperture};
    return add_key(r, now, pose->position, pose->rotation, pose->fov, lens, error);
}

bool cp_recorder_undo(cp_recorder *r)
{
    if (r->count == 0)
        return false;
    r->count--;
    r->flown = 0.0;
    return true;
}

void cp_recorder_clear(cp_recorder *r)
{
    r->count = 0;
    r->flown = 0.0;
}

size_t cp_recorder_count(const cp_recorder *r) { return r->count; }

const cp_key *cp_recorder_keys(const cp_recorder *r) { return r->count ? r->keys : NULL; }

cp_status cp_recorder_fly(cp_recorder *r, double metres, cp_error *error)
{
    char b[CPI_FMT_DOUBLE_SIZE];
    if (!(metres >= 0.0) || !isfinite(metres))
        return cpi_error_set(error, CP_ERR_INVALID, "distance flown: %s m is not a finite number >= 0",
                             cpi_fmt_double(b, metres));
    r->flown += metres;
    cpi_error_clear(error);
    return CP_OK;
}

/* ---- paths and files ---------------------------------------------------------------------- */

/* A recording's options when the caller gives none, and in its file: what
 * the editor gives a path it records (a new file there is smooth, C2, natural
 * ends), so a take from a game plays as the same take from the editor, and
 * uneven presses cannot make the camera overshoot or turn the long way. */
static const cp_path_options recorded = {.timing = CP_TIMING_SMOOTH};

cp_path *cp_recorder_path(const cp_recorder *r, const cp_path_options *options, cp_error *error)
{
    if (r->count < 2) {
        cpi_error_set(error, CP_ERR_INVALID, "the recorder holds %zu key%s; a path needs at least 2", r->count,
                      r->count == 1 ? "" : "s");
        return NULL;
    }
    return cp_path_create(r->keys, r->count, options ? options : &recorded, error);
}

cp_status cp_recorder_save(const cp_recorder *r, const char *file, cp_error *error)
{
    cp_error local, *e = error ? error : &local; /* the status, also for a caller who passes no record */
    cp_path *p = cp_recorder_path(r, NULL, e);
    if (!p)
        return e->code;
    cp_status rc = cp_path_save(p, file, error);
    cp_path_destroy(p);
    return rc;
}

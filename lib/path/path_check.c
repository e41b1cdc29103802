/* lib/path/path_check.c - the checks of cp_path_create: the keys and options
 * one by one, the spacing of the key times, and the splines once built (no
 * velocity or acceleration that overflows). Every error names its field and
 * key as data (cp_error.field, cp_error.key) in the names its caller uses,
 * the C API's or a file's, so that the file layer can place it without
 * reading the message. */
#include <math.h>
#include <stdio.h>

#include "base.h"
#include "curve_impl.h"
#include "path_impl.h"

/* The rotation curve's first-derivative terms stay below this: the angular
 * acceleration holds their square (times at most about 6e6, from
 * |p| >= 0.05 on the R^4 curve), which must stay finite. */
#define CPI_ROT_D1_LIMIT 1e145

const cpi_field_names cpi_api_names = {"time", "options.", "options.", {".x", ".y", ".z", ".w"}};

/* "keys[i].member" (or "keys[i]" for an empty member). */
static const char *key_field(char buf[128], size_t i, const char *member)
{
    snprintf(buf, 128, "keys[%zu]%s%.64s", i, member[0] ? "." : "", member);
    return buf;
}

/* "prefix" "member": "options.period", "period". */
static const char *option_field(char buf[128], const char *prefix, const char *member)
{
    snprintf(buf, 128, "%s%s", prefix, member);
    return buf;
}

/* A finite number, and within CP_PATH_MAX_MAGNITUDE when `bounded`. */
static int check_number(double x, size_t i, const char *member, const char *component, int bounded,
                        cp_error *error)
{
    char b[CPI_FMT_DOUBLE_SIZE], f[128], m[64];
    snprintf(m, sizeof m, "%.16s%.16s", member, component);
    member = m;
    if (!isfinite(x))
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, member), "%s is not a finite number",
                            cpi_fmt_double(b, x));
    if (bounded && !(fabs(x) <= CP_PATH_MAX_MAGNITUDE))
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, member),
                            "%s is beyond the largest magnitude a path takes, 1e+300 (CP_PATH_MAX_MAGNITUDE)",
                            cpi_fmt_double(b, x));
    return CP_OK;
}

static int check_key(const cp_key *keys, size_t i, const cpi_field_names *names, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], f[128], g[128];
    const cp_key *k = &keys[i];
    int rc = check_number(k->time, i, names->time, "", 1, error);
    const double pos[3] = {k->position.x, k->position.y, k->position.z};
    const double rot[4] = {k->rotation.x, k->rotation.y, k->rotation.z, k->rotation.w};
    for (int j = 0; j < 3 && rc == CP_OK; j++)
        rc = check_number(pos[j], i, "position", names->xyzw[j], 1, error);
    for (int j = 0; j < 4 && rc == CP_OK; j++)
        rc = check_number(rot[j], i, "rotation", names->xyzw[j], 0, error);
    if (rc == CP_OK)
        rc = check_number(k->fov, i, "fov", "", 0, error);
    if (rc != CP_OK)
        return rc;
    if (i > 0 && !(k->time > keys[i - 1].time))
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, names->time),
                            "%s is not greater than %s %s (times must strictly increase)", cpi_fmt_double(b1, k->time),
                            key_field(g, i - 1, names->time), cpi_fmt_double(b2, keys[i - 1].time));
    double len = cp_quat_length(k->rotation);
    if (!(len > 1e-150) || !isfinite(len)) {
        char bx[CPI_FMT_DOUBLE_SIZE], by[CPI_FMT_DOUBLE_SIZE], bz[CPI_FMT_DOUBLE_SIZE], bw[CPI_FMT_DOUBLE_SIZE];
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "rotation"),
                            "(%s, %s, %s, %s) has length %s and gives no orientation (expected a unit quaternion "
                            "x, y, z, w)",
                            cpi_fmt_double(bx, k->rotation.x), cpi_fmt_double(by, k->rotation.y),
                            cpi_fmt_double(bz, k->rotation.z), cpi_fmt_double(bw, k->rotation.w),
                            cpi_fmt_double(b1, len));
    }
    if (!(k->fov > 0.0 && k->fov < 180.0))
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "fov"),
                            "%s degrees is outside (0, 180) (vertical field of view)", cpi_fmt_double(b1, k->fov));
    return CP_OK;
}

/* How far apart two keys must be: CP_PATH_MIN_KEY_SPACING of the largest
 * |time| (the end of a closed loop included), and CP_PATH_MIN_KEY_SECONDS. */
static double min_spacing(const cp_key *keys, size_t count, const cp_path_options *o, int *absolute, double *scale)
{
    *scale = fmax(fabs(keys[0].time), fabs(keys[count - 1].time));
    if (o->ends == CP_ENDS_CLOSED)
        *scale = fmax(*scale, fabs(keys[0].time + o->period));
    const double relative = CP_PATH_MIN_KEY_SPACING * *scale;
    *absolute = !(relative > CP_PATH_MIN_KEY_SECONDS);
    return *absolute ? CP_PATH_MIN_KEY_SECONDS : relative;
}

/* Why keys must be `least` seconds apart. */
static const char *spacing_reason(char buf[96], int absolute, double scale)
{
    char b[CPI_FMT_DOUBLE_SIZE];
    if (absolute)
        return "CP_PATH_MIN_KEY_SECONDS: closer, accelerations overflow";
    snprintf(buf, 96, "CP_PATH_MIN_KEY_SPACING times the largest time, %s", cpi_fmt_double(b, scale));
    return buf;
}

static int check_spacing(const cp_key *keys, size_t count, const cp_path_options *o, const cpi_field_names *names,
                         cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], b3[CPI_FMT_DOUBLE_SIZE], b4[CPI_FMT_DOUBLE_SIZE];
    char f[128], g[128], why[96];
    int absolute;
    double scale;
    const double least = min_spacing(keys, count, o, &absolute, &scale);
    for (size_t i = 1; i < count; i++) {
        const double h = keys[i].time - keys[i - 1].time;
        if (!(h >= least))
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, names->time),
                                "%s is too close to %s %s (%s s apart): keys must be at least %s s apart here (%s)",
                                cpi_fmt_double(b1, keys[i].time), key_field(g, i - 1, names->time),
                                cpi_fmt_double(b2, keys[i - 1].time), cpi_fmt_double(b3, h),
                                cpi_fmt_double(b4, least), spacing_reason(why, absolute, scale));
    }
    if (o->ends == CP_ENDS_CLOSED) {
        const double seam = keys[0].time + o->period - keys[count - 1].time;
        if (!(seam >= least))
            return cpi_error_at(error, CP_ERR_INVALID, -1, option_field(f, names->options, "period"),
                                "%s leaves %s s from the last key back to the first: keys must be at least %s s "
                                "apart here (%s)",
                                cpi_fmt_double(b1, o->period), cpi_fmt_double(b2, seam), cpi_fmt_double(b3, least),
                                spacing_reason(why, absolute, scale));
    }
    return CP_OK;
}

int cpi_path_validate(const cp_key *keys, size_t count, const cp_path_options *o, const cpi_field_names *names,
                      cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], f[128];
    /* about the array as a whole: the message does not start with its field */
    if (count < 2) {
        cpi_error_set(error, CP_ERR_INVALID, "a path needs at least 2 keys, got %zu", count);
        cpi_error_field(error, -1, "keys");
        return CP_ERR_INVALID;
    }
    if (count > CP_PATH_MAX_KEYS) {
        cpi_error_set(error, CP_ERR_LIMIT, "%zu keys is more than the limit of %u (CP_PATH_MAX_KEYS)", count,
                      CP_PATH_MAX_KEYS);
        cpi_error_field(error, -1, "keys");
        return CP_ERR_LIMIT;
    }
    if (!keys)
        return cpi_error_at(error, CP_ERR_INVALID, -1, "keys", "NULL array for %zu keys", count);
    const cp_interp chans[3] = {o->position, o->rotation, o->fov};
    static const char *const chan_names[3] = {"position", "rotation", "fov"};
    for (int c = 0; c < 3; c++)
        if ((unsigned)chans[c] > (unsigned)CP_INTERP_STEP)
            return cpi_error_at(error, CP_ERR_INVALID, -1, option_field(f, names->interp, chan_names[c]),
                                "unknown interpolation %d (expected 0..%d: c2, bisector, catmull-rom, linear, step)",
                                (int)chans[c], (int)CP_INTERP_STEP);
    if ((unsigned)o->ends > (unsigned)CP_ENDS_CLOSED)
        return cpi_error_at(error, CP_ERR_INVALID, -1, option_field(f, names->options, "ends"),
                            "unknown ends %d (expected 0..2: natural, rest, closed)", (int)o->ends);
    for (size_t i = 0; i < count; i++) {
        int rc = check_key(keys, i, names, error);
        if (rc != CP_OK)
            return rc;
    }
    if (o->ends == CP_ENDS_CLOSED) {
        double span = keys[count - 1].time - keys[0].time;
        if (!isfinite(o->period) || !(o->period > span))
            return cpi_error_at(error, CP_ERR_INVALID, -1, option_field(f, names->options, "period"),
                                "%s must be a number greater than the key span %s (last time - first time) for a "
                                "closed path",
                                cpi_fmt_double(b1, o->period), cpi_fmt_double(b2, span));
        if (!(fabs(keys[0].time + o->period) <= CP_PATH_MAX_MAGNITUDE))
            return cpi_error_at(error, CP_ERR_INVALID, -1, option_field(f, names->options, "period"),
                                "%s ends the loop at %s s, beyond the largest magnitude a path takes, 1e+300 "
                                "(CP_PATH_MAX_MAGNITUDE)",
                                cpi_fmt_double(b1, o->period), cpi_fmt_double(b2, keys[0].time + o->period));
    }
    return check_spacing(keys, count, o, names, error);
}

/* ---- the splines -------------------------------------------------------------------------- */

/* Names the fault of one channel's curve: the key at the end of the failing
 * segment, its time when the keys are too close for the spline (always, for
 * rotations, whose values are unit quaternions), else the channel's value. */
static int spline_fault(const cp_path *p, const cp_curve *c, const char *member, size_t seg, cpi_range_fault fault,
                        const cpi_field_names *names, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], f[128], g[128];
    const int rotation = c == p->rot;
    /* the rotation curve may hold inserted keys: find the given key before the segment */
    const size_t a = rotation && !p->rot_shared ? cpi_curve_segment(p->pos, CPI_TIME(c, seg), 0) : seg;
    const size_t b = a + 1 < p->count ? a + 1 : 0; /* 0: the seam of a closed path */
    const double gap = (b ? p->keys[b].time : p->keys[0].time + p->opts.period) - p->keys[a].time;
    const char *rate = rotation ? "angular velocity or acceleration"
                       : c == p->pos ? "velocity or acceleration"
                                     : "rate of change";
    if (fault == CPI_RANGE_VALUES)
        return cpi_error_at(error, CP_ERR_INVALID, (long)b, key_field(f, b, member),
                            "too far from %s for a spline: the values or their difference are beyond 1e+300 "
                            "(CP_PATH_MAX_MAGNITUDE)",
                            key_field(g, a, member));
    if (fault == CPI_RANGE_SPACING || rotation) {
        if (b == 0)
            return cpi_error_at(error, CP_ERR_INVALID, -1, option_field(f, names->options, "period"),
                                "%s leaves %s s from the last key back to the first: the %s of the %s spline "
                                "would overflow",
                                cpi_fmt_double(b1, p->opts.period), cpi_fmt_double(b2, gap), rate, member);
        return cpi_error_at(error, CP_ERR_INVALID, (long)b, key_field(f, b, names->time),
                            "%s is only %s s after %s: too close for the %s spline, whose %s would overflow",
                            cpi_fmt_double(b1, p->keys[b].time), cpi_fmt_double(b2, gap),
                            key_field(g, a, names->time), member, rate);
    }
    return cpi_error_at(error, CP_ERR_INVALID, (long)b, key_field(f, b, member),
                        "changes too much from %s for keys %s s apart: the spline's %s would be beyond 1e+300 "
                        "(CP_PATH_MAX_MAGNITUDE)",
                        key_field(g, a, member), cpi_fmt_double(b1, gap), rate);
}

int cpi_path_check_splines(const cp_path *p, const cpi_field_names *names, cp_error *error)
{
    const struct { const cp_curve *c; const char *member; double d1_limit; } chans[3] = {
        {p->pos, "position", CP_PATH_MAX_MAGNITUDE},
        {p->rot, "rotation", CPI_ROT_D1_LIMIT},
        {p->fov, "fov", CP_PATH_MAX_MAGNITUDE},
    };
    for (int i = 0; i < 3; i++) {
        size_t seg = 0;
        cpi_range_fault fault = cpi_curve_range(chans[i].c, CP_PATH_MAX_MAGNITUDE, chans[i].d1_limit, &seg);
        if (fault != CPI_RANGE_OK)
            return spline_fault(p, chans[i].c, chans[i].member, seg, fault, names, error);
    }
    return CP_OK;
}

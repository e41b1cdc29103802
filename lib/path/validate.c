/* SPDX-License-Identifier: MIT */
/* lib/path/validate.c - the validation behind cp_path_create: the keys and
 * options one by one, the spacing of the key times, and the splines once
 * built (no velocity or acceleration that overflows). Every error names its
 * field and key as data (cp_error.field, cp_error.key) in the names its
 * caller uses, the C API's or a file's, so that the file layer can place it
 * without reading the message. (`campath check`, which measures what a
 * valid path does between its keys, is check.c.) */
#include <math.h>
#include <stdio.h>

#include "base.h"
#include "curve_impl.h"
#include "dtoa.h"
#include "lookat.h"
#include "path_layout.h"
#include "validate.h"


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

/* A finite number, and within CP_PATH_MAX_MAGNITUDE when `bounded`. The
 * field is "keys[i]." member component ("keys[2].position.x"), formatted
 * only for an error: this runs for every number of every key. */
static int check_number(double x, size_t i, const char *member, const char *component, int bounded,
                        cp_error *error)
{
    if (isfinite(x) && (!bounded || fabs(x) <= CP_PATH_MAX_MAGNITUDE))
        return CP_OK;
    char b[CPI_FMT_DOUBLE_SIZE], f[128], m[64];
    snprintf(m, sizeof m, "%.16s%.16s", member, component);
    if (!isfinite(x))
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, m), "%s is not a finite number",
                            cpi_fmt_double(b, x));
    return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, m),
                        "%s is beyond the largest magnitude a path takes, 1e+300 (CP_PATH_MAX_MAGNITUDE)",
                        cpi_fmt_double(b, x));
}

/* A look-at path derives its keys' rotations: they are not read. */
static int check_key(const cp_key *keys, size_t i, int look_at, const cpi_field_names *names, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], f[128], g[128];
    const cp_key *k = &keys[i];
    int rc = check_number(k->time, i, names->time, "", 1, error);
    const double pos[3] = {k->position.x, k->position.y, k->position.z};
    const double rot[4] = {k->rotation.x, k->rotation.y, k->rotation.z, k->rotation.w};
    for (int j = 0; j < 3 && rc == CP_OK; j++)
        rc = check_number(pos[j], i, "position", names->xyzw[j], 1, error);
    for (int j = 0; j < 4 && rc == CP_OK && !look_at; j++)
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
    if (!look_at && (!(len > 1e-150) || !isfinite(len))) {
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

double cpi_path_min_spacing(const cp_key *keys, size_t count, const cp_path_options *options)
{
    int absolute;
    double scale;
    return min_spacing(keys, count, options, &absolute, &scale);
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

/* The keys closer than `least` (some are: stats found it): names the first. */
static int spacing_error(const cp_key *keys, size_t count, const cp_path_options *o, double least, int absolute,
                         double scale, const cpi_field_names *names, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], b3[CPI_FMT_DOUBLE_SIZE], b4[CPI_FMT_DOUBLE_SIZE];
    char f[128], g[128], why[96];
    for (size_t i = 1; i < count; i++) {
        const double h = keys[i].time - keys[i - 1].time;
        if (!(h >= least))
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, names->time),
                                "%s is too close to %s %s (%s s apart): keys must be at least %s s apart here (%s)",
                                cpi_fmt_double(b1, keys[i].time), key_field(g, i - 1, names->time),
                                cpi_fmt_double(b2, keys[i - 1].time), cpi_fmt_double(b3, h),
                                cpi_fmt_double(b4, least), spacing_reason(why, absolute, scale));
    }
    const double seam = keys[0].time + o->period - keys[count - 1].time;
    return cpi_error_at(error, CP_ERR_INVALID, -1, option_field(f, names->options, "period"),
                        "%s leaves %s s from the last key back to the first: keys must be at least %s s apart here "
                        "(%s)",
                        cpi_fmt_double(b1, o->period), cpi_fmt_double(b2, seam), cpi_fmt_double(b3, least),
                        spacing_reason(why, absolute, scale));
}

/* Does key k pass every check on its own (and come after prev)? The common
 * case, tested without formatting anything; check_key says what is wrong. */
static int key_ok(const cp_key *k, const cp_key *prev, int look_at)
{
    const double m = CP_PATH_MAX_MAGNITUDE;
    const double len = cp_quat_length(k->rotation); /* also not finite if a component is not */
    return fabs(k->time) <= m && fabs(k->position.x) <= m && fabs(k->position.y) <= m &&
           fabs(k->position.z) <= m && (!prev || k->time > prev->time) &&
           (look_at || (len > 1e-150 && isfinite(len))) && k->fov > 0.0 && k->fov < 180.0;
}

/* ---- look-at targets, roll, focus and aperture ---------------------------------------------- */

static const char *vec_text(char buf[3 * CPI_FMT_DOUBLE_SIZE + 8], cp_vec3 v)
{
    char x[CPI_FMT_DOUBLE_SIZE], y[CPI_FMT_DOUBLE_SIZE], z[CPI_FMT_DOUBLE_SIZE];
    snprintf(buf, 3 * CPI_FMT_DOUBLE_SIZE + 8, "(%s, %s, %s)", cpi_fmt_double(x, v.x), cpi_fmt_double(y, v.y),
             cpi_fmt_double(z, v.z));
    return buf;
}

/* A look-at key's target: there, finite, and not degenerate (docs/math.md
 * section 15: the view must have a direction, and a heading). */
static int check_target(const cp_key *k, size_t i, const cpi_field_names *names, cp_error *error)
{
    char f[128], t[128], b1[3 * CPI_FMT_DOUBLE_SIZE + 8], b2[3 * CPI_FMT_DOUBLE_SIZE + 8], b3[CPI_FMT_DOUBLE_SIZE];
    if (!(k->flags & CP_KEY_TARGET))
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "target"),
                            "missing: a look-at path (%s) needs a target on every key (CP_KEY_TARGET in flags)",
                            option_field(t, names->options, "orientation"));
    const double v[3] = {k->target.x, k->target.y, k->target.z};
    for (int j = 0; j < 3; j++) {
        int rc = check_number(v[j], i, "target", names->xyzw[j], 1, error);
        if (rc != CP_OK)
            return rc;
    }
    double angle, distance;
    cpi_lookat_margins(k, &angle, &distance);
    if (!(distance >= CP_PATH_LOOKAT_MIN_DISTANCE))
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "target"),
                            "%s is %s m from the position %s, closer than %s m (CP_PATH_LOOKAT_MIN_DISTANCE): the "
                            "camera has no direction to look in",
                            vec_text(b1, k->target), cpi_fmt_double(b3, distance), vec_text(b2, k->position),
                            cpi_fmt_double(t, CP_PATH_LOOKAT_MIN_DISTANCE));
    if (!(angle * (180.0 / 3.14159265358979323846) >= CP_PATH_LOOKAT_MIN_ANGLE))
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "target"),
                            "%s is straight %s the position %s (within %s degrees, CP_PATH_LOOKAT_MIN_ANGLE): a "
                            "camera with +Y up has no heading there; move the target sideways",
                            vec_text(b1, k->target), k->target.y > k->position.y ? "above" : "below",
                            vec_text(b2, k->position), cpi_fmt_double(b3, CP_PATH_LOOKAT_MIN_ANGLE));
    return CP_OK;
}

/* The members after fov that key i may have, on their own: a target and a
 * roll only in a look-at path, focus and aperture >= 0 (0: none). */
static int check_extras(const cp_key *keys, size_t i, const cp_path_options *o, const cpi_field_names *names,
                        cp_error *error)
{
    char f[128], t[128], b[CPI_FMT_DOUBLE_SIZE];
    const cp_key *k = &keys[i];
    const int look_at = o->orientation == CP_ORIENTATION_LOOK_AT;
    if (look_at) {
        int rc = check_target(k, i, names, error);
        if (rc != CP_OK)
            return rc;
    } else if (k->flags & CP_KEY_TARGET) {
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "target"),
                            "a target needs the look-at orientation (%s is rotation)",
                            option_field(t, names->options, "orientation"));
    }
    int rc = check_number(k->roll, i, "roll", "", 0, error);
    if (rc != CP_OK)
        return rc;
    if (!look_at && k->roll != 0.0)
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "roll"),
                            "%s degrees of roll needs the look-at orientation (%s is rotation; the rotation holds "
                            "the roll)",
                            cpi_fmt_double(b, k->roll), option_field(t, names->options, "orientation"));
    if (!(fabs(k->roll) <= CP_PATH_MAX_ROLL))
        return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "roll"),
                            "%s degrees is beyond +-3600 (CP_PATH_MAX_ROLL, ten turns)", cpi_fmt_double(b, k->roll));
    static const char *const lens[2] = {"focus", "aperture"};
    static const char *const what[2] = {"focus distance in metres", "f-number"};
    const double lv[2] = {k->focus, k->aperture};
    for (int c = 0; c < 2; c++) {
        if ((rc = check_number(lv[c], i, lens[c], "", 1, error)) != CP_OK)
            return rc;
        if (lv[c] < 0)
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, lens[c]),
                                "%s is not > 0 (%s; 0 means none)", cpi_fmt_double(b, lv[c]), what[c]);
    }
    return CP_OK;
}

/* Focus and aperture are on every key or on none: names the first key
 * without one when another has it. */
static int check_presence(const cp_key *keys, size_t count, cp_error *error)
{
    static const char *const lens[2] = {"focus", "aperture"};
    char f[128], g[128], b[CPI_FMT_DOUBLE_SIZE];
    for (int c = 0; c < 2; c++) {
        size_t with = count, without = count;
        for (size_t i = 0; i < count && (with == count || without == count); i++) {
            const double v = c ? keys[i].aperture : keys[i].focus;
            if (v > 0 && with == count)
                with = i;
            if (v == 0 && without == count)
                without = i;
        }
        if (with < count && without < count)
            return cpi_error_at(error, CP_ERR_INVALID, (long)without, key_field(f, without, lens[c]),
                                "missing, while %s is %s (%s is on every key or on none)",
                                key_field(g, with, lens[c]), cpi_fmt_double(b, c ? keys[with].aperture : keys[with].focus),
                                lens[c]);
    }
    return CP_OK;
}

static double max2(double a, double b) { return a > b ? a : b; } /* NaN cannot reach here */

/* Widens the stats by the segment from a to b, h seconds long (targets
 * count as positions, roll, focus and aperture as fov). */
static void add_segment(cpi_key_stats *st, const cp_key *a, const cp_key *b, double h, int look_at)
{
    double step = max2(fabs(b->position.x - a->position.x),
                       max2(fabs(b->position.y - a->position.y), fabs(b->position.z - a->position.z)));
    if (look_at) /* a rotation path does not read its keys' targets */
        step = max2(step, max2(fabs(b->target.x - a->target.x),
                               max2(fabs(b->target.y - a->target.y), fabs(b->target.z - a->target.z))));
    const double scalar = max2(max2(fabs(b->fov - a->fov), fabs(b->roll - a->roll)),
                               max2(fabs(b->focus - a->focus), fabs(b->aperture - a->aperture)));
    const double ih = 1.0 / h;
    st->hmin = h < st->hmin ? h : st->hmin;
    st->hmax = max2(st->hmax, h);
    st->pos_step = max2(st->pos_step, step);
    st->pos_slope = max2(st->pos_slope, step * ih);
    st->fov_slope = max2(st->fov_slope, scalar * ih);
}

/* Holds: finite, >= 0, in a timing that has them, and over before the next
 * key. The end of a hold is a knot of the warp as a key is: a hold that is
 * not 0 lasts at least `least` seconds, and ends at least that long before
 * the next key. */
static int check_holds(const cp_key *keys, size_t count, const cp_path_options *o, double least,
                       const cpi_field_names *names, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], b3[CPI_FMT_DOUBLE_SIZE], b4[CPI_FMT_DOUBLE_SIZE],
        b5[CPI_FMT_DOUBLE_SIZE];
    char f[128], g[128], t[128];
    const int closed = o->ends == CP_ENDS_CLOSED;
    for (size_t i = 0; i < count; i++) {
        const cp_key *k = &keys[i];
        if (!(k->flags & CP_KEY_HOLD))
            continue;
        int rc = check_number(k->hold, i, "hold", "", 1, error);
        if (rc != CP_OK)
            return rc;
        if (k->hold < 0)
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "hold"),
                                "%s is negative (seconds at rest from the key's time, >= 0)",
                                cpi_fmt_double(b1, k->hold));
        if (o->timing == CP_TIMING_KEYS)
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "hold"),
                                "a hold needs smooth or constant-speed timing (%s is keys)",
                                option_field(t, names->options, "timing"));
        if (k->hold > 0 && !(k->hold >= least))
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "hold"),
                                "%s s is too short: a hold is 0 (a rest for an instant) or at least %s s here, the "
                                "spacing of keys",
                                cpi_fmt_double(b1, k->hold), cpi_fmt_double(b2, least));
        const int last = i + 1 == count;
        if (last && !closed)
            continue;
        const double next = last ? keys[0].time + o->period : keys[i + 1].time, end = k->time + k->hold;
        if (!(end < next))
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "hold"),
                                "%s s from time %s ends at %s, not before %s%s %s (the next key comes after the "
                                "hold)",
                                cpi_fmt_double(b1, k->hold), cpi_fmt_double(b2, k->time), cpi_fmt_double(b3, end),
                                key_field(g, last ? 0 : i + 1, names->time), last ? " + period" : "",
                                cpi_fmt_double(b4, next));
        if (!(next - end >= least))
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "hold"),
                                "%s s from time %s ends only %s s before %s%s %s: a hold must end at least %s s before "
                                "the next key here, the spacing of keys",
                                cpi_fmt_double(b1, k->hold), cpi_fmt_double(b2, k->time),
                                cpi_fmt_double(b3, next - end), key_field(g, last ? 0 : i + 1, names->time),
                                last ? " + period" : "", cpi_fmt_double(b4, next), cpi_fmt_double(b5, least));
    }
    return CP_OK;
}

/* Eases: each of the two a number in [0, 1], in a timing that has a warp
 * to ease, and not on a key that rests anyway (a hold). */
static int check_eases(const cp_key *keys, size_t count, const cp_path_options *o, const cpi_field_names *names,
                       cp_error *error)
{
    char b[CPI_FMT_DOUBLE_SIZE], f[128], t[128];
    for (size_t i = 0; i < count; i++) {
        const cp_key *k = &keys[i];
        if (k->ease[0] == 0.0 && k->ease[1] == 0.0)
            continue;
        for (int c = 0; c < 2; c++) {
            const char *m = c ? "ease[1]" : "ease[0]";
            if (!(k->ease[c] >= 0.0 && k->ease[c] <= 1.0))
                return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, m),
                                    "%s must be in [0, 1] (0: the key's natural pace, 1: easing down to an "
                                    "instant of rest)",
                                    cpi_fmt_double(b, k->ease[c]));
        }
        if (o->timing == CP_TIMING_KEYS)
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "ease"),
                                "an ease needs smooth or constant-speed timing (%s is keys, which passes every "
                                "key at the pace its spline gives)",
                                option_field(t, names->options, "timing"));
        if (k->flags & CP_KEY_HOLD)
            return cpi_error_at(error, CP_ERR_INVALID, (long)i, key_field(f, i, "ease"),
                                "a key with a hold comes to rest already: remove the ease or the hold");
    }
    return CP_OK;
}

int cpi_path_validate(const cp_key *keys, size_t count, const cp_path_options *o, const cpi_field_names *names,
                      cpi_key_stats *stats, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], f[128];
    cpi_key_stats st = {INFINITY, 0, 0, 0, 0};
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
    if ((unsigned)o->timing > (unsigned)CP_TIMING_CONSTANT_SPEED)
        return cpi_error_at(error, CP_ERR_INVALID, -1, option_field(f, names->options, "timing"),
                            "unknown timing %d (expected 0..2: keys, smooth, constant-speed)", (int)o->timing);
    if ((unsigned)o->orientation > (unsigned)CP_ORIENTATION_LOOK_AT)
        return cpi_error_at(error, CP_ERR_INVALID, -1, option_field(f, names->options, "orientation"),
                            "unknown orientation %d (expected 0..1: rotation, look-at)", (int)o->orientation);
    if (o->max_angular_speed != 0 &&
        !(o->max_angular_speed > 0 && o->max_angular_speed <= CP_PATH_MAX_ANGULAR_SPEED_LIMIT))
        return cpi_error_at(error, CP_ERR_INVALID, -1, option_field(f, names->options, "max_angular_speed"),
                            "%s must be in (0, 3600] degrees per second (CP_PATH_MAX_ANGULAR_SPEED_LIMIT; leave it "
                            "out for the default, 30)",
                            cpi_fmt_double(b1, o->max_angular_speed));
    const int look_at = o->orientation == CP_ORIENTATION_LOOK_AT;
    for (size_t i = 0; i < count; i++) {
        const cp_key *prev = i > 0 ? &keys[i - 1] : NULL;
        int rc = key_ok(&keys[i], prev, look_at) ? CP_OK : check_key(keys, i, look_at, names, error);
        if (rc == CP_OK)
            rc = check_extras(keys, i, o, names, error);
        if (rc != CP_OK)
            return rc;
        if (prev)
            add_segment(&st, prev, &keys[i], keys[i].time - prev->time, look_at);
    }
    int rc = check_presence(keys, count, error);
    if (rc != CP_OK)
        return rc;
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
        add_segment(&st, &keys[count - 1], &keys[0], keys[0].time + o->period - keys[count - 1].time, look_at);
    }
    int absolute;
    double scale;
    const double least = min_spacing(keys, count, o, &absolute, &scale);
    if (!(st.hmin >= least))
        return spacing_error(keys, count, o, least, absolute, scale, names, error);
    rc = check_holds(keys, count, o, least, names, error);
    if (rc == CP_OK)
        rc = check_eases(keys, count, o, names, error);
    if (rc != CP_OK)
        return rc;
    if (stats)
        *stats = st;
    return CP_OK;
}

/* ---- the splines -------------------------------------------------------------------------- */

cpi_channel cpi_channel_of(int channel, int look_at)
{
    static const char *const members[CPI_CHANNELS] = {"position", "rotation", "fov",      "target",
                                                      "roll",     "focus",    "aperture", "frame_width"};
    cpi_channel ch = {members[channel], CP_PATH_MAX_MAGNITUDE, CP_PATH_MAX_MAGNITUDE,
                      "1e+300 (CP_PATH_MAX_MAGNITUDE)"};
    if (channel == CPI_CH_ROTATION) {
        ch.d1 = CPI_ROT_D1_LIMIT;
    } else if (look_at && (channel == CPI_CH_POSITION || channel == CPI_CH_TARGET || channel == CPI_CH_ROLL)) {
        ch.d1 = ch.d2 = CP_PATH_MAX_LOOKAT_RATE;
        ch.limit_text = "1e+140 (CP_PATH_MAX_LOOKAT_RATE)";
    }
    return ch;
}

/* Names the fault of one channel's curve: the key at the end of the failing
 * segment, its time when the keys are too close for the spline (always, for
 * rotations, whose values are unit quaternions), else the channel's value. */
static int spline_fault(const cp_path *p, const cp_curve *c, const char *member, const char *limit, size_t seg,
                        cpi_range_fault fault, const cpi_field_names *names, cp_error *error)
{
    char b1[CPI_FMT_DOUBLE_SIZE], b2[CPI_FMT_DOUBLE_SIZE], f[128], g[128];
    const int rotation = c == p->rot;
    /* the rotation curve may hold inserted keys: find the given key before the segment */
    const size_t a = rotation && !p->rot_shared ? cpi_curve_segment(p->pos, CPI_TIME(c, seg), 0) : seg;
    const size_t b = a + 1 < p->count ? a + 1 : 0; /* 0: the seam of a closed path */
    const double gap = (b ? p->keys[b].time : p->keys[0].time + p->opts.period) - p->keys[a].time;
    const char *rate = rotation ? "angular velocity or acceleration"
                       : c == p->pos || c == p->target ? "velocity or acceleration"
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
                        "changes too much from %s for keys %s s apart: the spline's %s would be beyond %s",
                        key_field(g, a, member), cpi_fmt_double(b1, gap), rate, limit);
}

/* A proof from the key stats alone that no term can overflow, so that the
 * splines need not be walked (they are as large as the keys): every tangent
 * builder gives tangents of at most 3 sqrt(3) < 6 times the largest chord
 * slope (the C2 system is diagonally dominant: a tangent larger than that
 * could not balance its row; bisector and Catmull-Rom tangents are means of
 * the slopes). Rotation keys are unit quaternions, at most 2 apart, and keys
 * inserted on the rotation curve split a segment at most 2^8 times. Where
 * the proof fails the splines are checked segment by segment. */
static int surely_within(const cpi_key_stats *st, int look_at)
{
    /* a look-at path's positions, targets and roll keep to the look-at rate */
    const double lim = CP_PATH_MAX_MAGNITUDE, view = look_at ? CP_PATH_MAX_LOOKAT_RATE : lim;
    const double ih = 1.0 / st->hmin, ih_rot = 256.0 * ih;
    const double pos_m = 6.0 * st->pos_slope, fov_m = 6.0 * st->fov_slope, rot_m = 6.0 * 2.0 * ih_rot;
    return st->pos_step <= lim && pos_m <= view && st->hmax * pos_m <= lim && 6.0 * st->pos_slope * ih <= view &&
           4.0 * pos_m * ih <= view && fov_m <= view && st->hmax * fov_m <= lim && 6.0 * st->fov_slope * ih <= view &&
           4.0 * fov_m * ih <= view && 61.0 * ih_rot * ih_rot <= lim && rot_m <= CPI_ROT_D1_LIMIT &&
           st->hmax * rot_m <= lim && 4.0 * rot_m * ih_rot <= lim && 12.0 * ih_rot * ih_rot <= lim;
}

int cpi_path_check_splines(const cp_path *p, const cpi_key_stats *stats, const cpi_field_names *names,
                           cp_error *error)
{
    const int look_at = p->target != NULL;
    if (surely_within(stats, look_at))
        return CP_OK;
    const cp_curve *const curves[8] = {p->pos,           p->rot,
                                       p->fov,           p->target,
                                       p->xc[CPI_X_ROLL], p->xc[CPI_X_FOCUS],
                                       p->xc[CPI_X_APERTURE], p->xc[CPI_X_WIDTH]};
    for (int i = 0; i < 8; i++) {
        if (!curves[i])
            continue;
        const cpi_channel ch = cpi_channel_of(i, look_at);
        size_t seg = 0;
        const cpi_range_limits lim = {CP_PATH_MAX_MAGNITUDE, ch.d1, ch.d2};
        cpi_range_fault fault = cpi_curve_range(curves[i], &lim, &seg);
        if (fault != CPI_RANGE_OK)
            return spline_fault(p, curves[i], ch.member, ch.limit_text, seg, fault, names, error);
    }
    return CP_OK;
}

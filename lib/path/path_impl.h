/* lib/path/path_impl.h - the path's layout, shared by the path, arc-length and
 * file code (not installed). */
#ifndef CAMPATH_PATH_IMPL_H
#define CAMPATH_PATH_IMPL_H

#include "campath/path.h"
#include "base.h"
#include "dtoa.h"

struct cp_path {
    cp_key          *keys;       /* as given, rotations normalised */
    size_t           count;
    cp_path_options  opts;       /* period is 0 unless closed */
    cp_curve        *pos, *rot, *fov;
    int              rot_shared; /* the rotation curve has exactly the path's key times */
    int              all_cubic;  /* every channel is CUBIC: the sampler's fast path */
    char            *name, *extras, *scene;
    char           **key_extras; /* NULL or count entries */
};

/* The C API's names of a path's fields (keys[2].time, options.period). */
extern const cpi_field_names cpi_api_names;

/* What the validation of the keys saw, for the check of the splines. */
typedef struct cpi_key_stats {
    double hmin, hmax;          /* shortest and longest spacing of key times (the seam included) */
    double pos_step, pos_slope; /* largest change of a position coordinate, and of it per second */
    double fov_slope;           /* largest change of the fov per second */
} cpi_key_stats;

/* The checks of cp_path_create that need no spline (lib/path/path_check.c):
 * the options, each key, the period, the spacing of the key times. Errors
 * name their field with `names`. CP_OK (and *stats, if not NULL) or a status. */
int cpi_path_validate(const cp_key *keys, size_t count, const cp_path_options *options,
                      const cpi_field_names *names, cpi_key_stats *stats, cp_error *error);

/* The check of a built path's splines: no segment whose velocity or
 * acceleration terms overflow (cpi_curve_range; skipped when the key stats
 * prove it). CP_OK or a status. */
int cpi_path_check_splines(const cp_path *path, const cpi_key_stats *stats, const cpi_field_names *names,
                           cp_error *error);

/* cp_path_create with the fields of errors named by `names`. */
cp_path *cpi_path_build(const cp_key *keys, size_t count, const cp_path_options *options,
                        const cpi_field_names *names, cp_error *error);

#endif /* CAMPATH_PATH_IMPL_H */

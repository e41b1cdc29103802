/* lib/path/validate.h - the validation behind cp_path_create
 * (lib/path/validate.c; not installed). */
#ifndef CAMPATH_VALIDATE_H
#define CAMPATH_VALIDATE_H

#include "campath/path.h"
#include "base.h"

/* The C API's names of a path's fields (keys[2].time, options.period). */
extern const cpi_field_names cpi_api_names;

/* What the validation of the keys saw, for the check of the splines. */
typedef struct cpi_key_stats {
    double hmin, hmax;          /* shortest and longest spacing of key times (the seam included) */
    double pos_step, pos_slope; /* largest change of a position or target coordinate, and of it per second */
    double fov_slope;           /* largest change of the fov (or roll, focus, aperture) per second */
} cpi_key_stats;

/* The checks of cp_path_create that need no spline: the options, each key,
 * the period, the spacing of the key times. Errors name their field with
 * `names`. CP_OK (and *stats, if not NULL) or a status. */
int cpi_path_validate(const cp_key *keys, size_t count, const cp_path_options *options,
                      const cpi_field_names *names, cpi_key_stats *stats, cp_error *error);

/* The check of a built path's splines: no segment whose velocity or
 * acceleration terms overflow (cpi_curve_range; skipped when the key stats
 * prove it). CP_OK or a status. */
int cpi_path_check_splines(const cp_path *path, const cpi_key_stats *stats, const cpi_field_names *names,
                           cp_error *error);

#endif /* CAMPATH_VALIDATE_H */

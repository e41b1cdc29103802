/* SPDX-License-Identifier: MIT */
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

/* How far apart key times must be (CP_PATH_MIN_KEY_SPACING of the largest
 * |time|, the end of a loop included, and CP_PATH_MIN_KEY_SECONDS): for the
 * times constant-speed timing computes. */
double cpi_path_min_spacing(const cp_key *keys, size_t count, const cp_path_options *options);

/* The rotation curve's first-derivative terms stay below this: the angular
 * acceleration holds their square (times at most about 6e6, from
 * |p| >= 0.05 on the R^4 curve), which must stay finite. */
#define CPI_ROT_D1_LIMIT 1e145

/* A path's channels, in the order of cpi_channel_of. */
enum { CPI_CH_POSITION, CPI_CH_ROTATION, CPI_CH_FOV, CPI_CH_TARGET, CPI_CH_ROLL, CPI_CH_FOCUS, CPI_CH_APERTURE,
       CPI_CH_WIDTH, CPI_CHANNELS };

/* What a channel is called in a key, and the limits of its velocity and
 * acceleration terms (in time): CP_PATH_MAX_MAGNITUDE, CPI_ROT_D1_LIMIT for
 * the rotation's first derivative, CP_PATH_MAX_LOOKAT_RATE for what makes a
 * look-at view (position, target, roll). `limit_text` names the limit in
 * messages. */
typedef struct cpi_channel {
    const char *member;
    double      d1, d2;
    const char *limit_text;
} cpi_channel;
cpi_channel cpi_channel_of(int channel, int look_at);

/* The check of a built path's splines: no segment whose velocity or
 * acceleration terms overflow (cpi_curve_range; skipped when the key stats
 * prove it). CP_OK or a status. */
int cpi_path_check_splines(const cp_path *path, const cpi_key_stats *stats, const cpi_field_names *names,
                           cp_error *error);

/* Smooth and constant-speed timing (lib/path/validate_shape.c), as the
 * shape is built: the path's parameter and the targets' travel at every key
 * within CP_PATH_MAX_MAGNITUDE (once the u-knots are set, before anything
 * is built over them); then, with the warp built, every term of a sample
 * within its channel's limits. CP_OK or CP_ERR_INVALID naming the key. */
int cpi_path_check_travel(const cp_path *path, cp_error *error);
/* Constant speed, once the shape is built: a moving position, every key
 * apart from the one before along the path, and a pace along the shape
 * clear of zero (else cpi_path_bends_too_sharply). */
int cpi_path_check_moving(const cp_path *path, const cpi_field_names *names, cp_error *error);
/* The refusal of a shape that defeats constant speed between key i and the
 * next (of n keys): the message names both, the field the later. */
int cpi_path_bends_too_sharply(size_t i, size_t n, cp_error *error);
int cpi_path_check_timed(const cp_path *path, const cpi_field_names *names, cp_error *error);

#endif /* CAMPATH_VALIDATE_H */

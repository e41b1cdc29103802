/* SPDX-License-Identifier: MIT */
/* lib/path/shape_eval.h - the channels of a built shape at a parameter u
 * (lib/path/shape_eval.c; not installed). */
#ifndef CAMPATH_SHAPE_EVAL_H
#define CAMPATH_SHAPE_EVAL_H

#include <stddef.h>

#include "path_layout.h"

/* The position curve's parameter sigma_p at u in u-segment k, and the
 * position curve's segment that holds it. */
double cpi_shape_sigma(const cp_path *p, size_t k, double u, size_t *pseg);
/* The least u where sigma_p(u) = sigma (0 <= sigma <= its total); *k gets its u-segment. */
double cpi_shape_u_at_sigma(const cp_path *p, double sigma, size_t *k);
/* The channels at parameter u in u-segment k: position and its first and
 * second derivative in u, the R4 rotation (times `sign`) and its
 * derivatives (look-at paths: the target in rot[][0..2]), fov and its
 * derivatives, and when x is not NULL the scalar channels the path has
 * (the others are left alone). Outputs but x may not be NULL. */
void cpi_shape_eval(const cp_path *p, size_t k, double u, double sign, double pos[3][3], double rot[3][4],
                    double fov[3], double x[CPI_X_COUNT][3]);
/* cpi_shape_eval's rot alone, to the bit, for a path with a rotation
 * curve (not look-at). */
void cpi_shape_eval_rotation(const cp_path *p, size_t k, double u, double sign, double rot[3][4]);

#endif /* CAMPATH_SHAPE_EVAL_H */

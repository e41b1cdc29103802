/* SPDX-License-Identifier: MIT */
/* lib/path/shake_impl.h - what lib/path/shake.c gives the path layer beyond
 * campath/shake.h: the checks of a shake and of the keys' shake_scale, and
 * the shake_scale channel (not installed). */
#ifndef CAMPATH_SHAKE_IMPL_H
#define CAMPATH_SHAKE_IMPL_H

#include "campath/path.h"
#include "base.h"

/* The shake_scale channel: a monotone C2 quintic through the key times
 * (docs/math.md, "Shake"), constant between keys of equal scale. */
typedef struct cpi_shake_scale {
    size_t  n;           /* knots */
    double *x, *y, *d, *a; /* times, values, first and second derivatives */
    int     closed;      /* a loop of period `period` (knot n is knot 0 a period on) */
    double  period;
} cpi_shake_scale;

/* The checks of a shake (amplitudes and frequencies within their limits),
 * its field named `prefix` + "shake.position[1]": CP_OK or a status. */
int cpi_shake_validate(const cp_shake *shake, const char *prefix, cp_error *error);

/* The checks of the keys' shake_scale ("keys[3].shake_scale"). */
int cpi_shake_validate_keys(const cp_key *keys, size_t count, cp_error *error);

/* The channel of the keys' shake_scale, or NULL with CP_OK in *rc when no
 * key has one (NULL with the status in *rc on failure). */
cpi_shake_scale *cpi_shake_scale_build(const cp_key *keys, size_t count, const cp_path_options *options,
                                       const cp_allocator *alloc, int *rc, cp_error *error);
void cpi_shake_scale_free(cpi_shake_scale *s, const cp_allocator *alloc);

/* The channel at `time`: value, first and second derivative. NULL: 1, 0, 0. */
void cpi_shake_scale_eval(const cpi_shake_scale *s, double time, double out[3]);

#endif /* CAMPATH_SHAKE_IMPL_H */

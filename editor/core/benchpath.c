/* SPDX-License-Identifier: MIT */
/* editor/core/benchpath.c - a long generated path for the frame benchmark. */
#include "benchpath.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static cp_vec3 lap_point(double u)
{
    return cp_vec3_make(70 * sin(u) + 18 * sin(5 * u), 10 + 6 * sin(7 * u), -60 + 90 * cos(u) + 14 * cos(3 * u));
}

static int generate(cp_document *doc, size_t count, const cp_path_options *options, cp_error *error)
{
    memset(doc, 0, sizeof *doc);
    if (count < 2) {
        if (error) {
            error->code = CP_ERR_INVALID;
            strcpy(error->message, "the benchmark path needs at least 2 keys");
        }
        return CP_ERR_INVALID;
    }
    cp_key *keys = calloc(count, sizeof *keys);
    if (!keys) {
        if (error) {
            error->code = CP_ERR_MEMORY;
            strcpy(error->message, "out of memory for the benchmark path");
        }
        return CP_ERR_MEMORY;
    }
    double t = 0;
    for (size_t i = 0; i < count; i++) {
        double u = 6.0 * M_PI * (double)i / (double)(count - 1);
        cp_vec3 p = lap_point(u), d = cp_vec3_normalize(cp_vec3_sub(lap_point(u + 1e-4), p));
        if (i > 0)
            t += fmax(cp_vec3_length(cp_vec3_sub(p, keys[i - 1].position)) / 10.0, 1e-3);
        keys[i].time = t;
        keys[i].position = p;
        keys[i].rotation = cp_quat_from_yaw_pitch_roll(atan2(-d.x, -d.z), asin(d.y), 0.2 * sin(4 * u));
        keys[i].fov = 60 + 10 * sin(2 * u);
    }
    cp_path *path = cp_path_create(keys, count, options, error);
    free(keys);
    if (!path)
        return error ? error->code : CP_ERR_INVALID;
    int rc = cp_document_from_path(path, doc, error);
    cp_path_destroy(path);
    return rc;
}

int ed_bench_document(cp_document *doc, size_t count, cp_error *error) { return generate(doc, count, NULL, error); }

int ed_bench_document_smooth(cp_document *doc, size_t count, cp_error *error)
{
    const cp_path_options smooth = {.timing = CP_TIMING_SMOOTH};
    return generate(doc, count, &smooth, error);
}

/* SPDX-License-Identifier: MIT */
/* editor/core/trace.h - a path sampled for display: the polyline drawn in the
 * view (with a colour level per point, by speed and by acceleration) and the
 * curves of the graph panel (speed, acceleration, angular speed, angular
 * acceleration, field of view and focus against time, with the depth of
 * field around the focus).
 *
 * Built once per path (not per frame), and after an edit of a few keys
 * again only where the path changed. The graph samples both one-sided
 * limits at every key, so a jump in acceleration shows as a vertical step:
 * none for a C2 path, visible for bisector or Catmull-Rom tangents.
 */
#ifndef ED_TRACE_H
#define ED_TRACE_H

#include <stddef.h>

#include "campath/path.h"

#define ED_TRACE_LEVELS 32           /* colour steps along the path */
#define ED_TRACE_MAX_POINTS 400000   /* polyline budget */
#define ED_TRACE_PLOT_SAMPLES 1500   /* uniform graph samples (plus two per key) */
#define ED_TRACE_PLOT_KEY_LIMIT 50000 /* above this many keys the graph skips the per-key limits */
#define ED_TRACE_BLOCK 256           /* segments summed together, so that an update sums blocks, not segments */

enum {
    ED_PLOT_SPEED = 0, ED_PLOT_ACCELERATION, ED_PLOT_ANGULAR_SPEED, ED_PLOT_ANGULAR_ACCELERATION,
    ED_PLOT_FOV,       /* the field of view itself, degrees */
    ED_PLOT_FOCUS,     /* the focus distance, metres (0: the path has none) */
    ED_PLOT_COUNT
};

typedef struct ed_trace {
    unsigned long  serial;          /* the path it was built for (0: none) */
    size_t         count, cap;      /* polyline points */
    float         *xyz;             /* 3 * count */
    unsigned char *level[2];        /* per point: speed level, acceleration level */
    double         max[2];          /* the value of the top level: m/s, m/s^2 */
    size_t         plot_count, plot_cap;
    double        *plot_t;          /* sample times, non-decreasing (a key's two limits share a time) */
    float         *plot[ED_PLOT_COUNT];
    double         plot_min[ED_PLOT_COUNT], plot_max[ED_PLOT_COUNT];
    double         plot_floor[ED_PLOT_COUNT]; /* the least a strip spans (trace.c says why) */
    /* per graph sample: the near and far limits of acceptable sharpness
       (lens.h; far INFINITY beyond the hyperfocal distance), NAN where the
       pose has no lens */
    float         *lens_near, *lens_far;
    int            has_lens;        /* the path has focus and aperture */
    /* what an update of part of the path keeps (ed_trace_update) */
    size_t         seg_count, seg_cap; /* segments sampled */
    double        *seg;             /* per segment: its times, chord, turn, zoom, largest speed and acceleration */
    double        *block;           /* per ED_TRACE_BLOCK segments (and their keys): sums and maxima of those */
    size_t         block_cap;
    size_t        *seg_point;       /* seg_count + 1: each segment's first polyline point */
    size_t        *seg_plot;        /* seg_count + 1: each segment's first graph sample */
    size_t        *seg_u;           /* seg_count + 1: the first uniform graph sample each segment may take */
    float         *mag;             /* per point: speed and acceleration, for the levels */
    double        *plot_v;          /* ED_PLOT_COUNT per graph sample: the values, for the ranges */
    double         step;            /* metres between polyline points, from a ladder of powers of 2 */
    double         start, duration;
    size_t         keys;
    int            closed;
} ed_trace;

/* Samples `path` (NULL: empties the trace) and tags the result with serial.
 * 0, or -1 if out of memory (the trace is then empty). */
int ed_trace_build(ed_trace *t, const cp_path *path, unsigned long serial);
/* The same for `path` changed from the one the trace was built for only in
 * `span` (seconds; NULL: anywhere), its keys outside the span those of
 * before (as cp_path_update leaves them): samples again the key segments
 * that meet the span, keeps the others' and builds what depends on the
 * whole (colour levels, ranges, floors) from them, so the result is what
 * ed_trace_build gives wherever the path's poses outside the span are those
 * of the path before. Falls back on ed_trace_build when the key count, the
 * ends, the start, the duration or the polyline's step changed, or a
 * segment beside the span has other times or another chord. 0, or -1 if
 * out of memory (empty). */
int ed_trace_update(ed_trace *t, const cp_path *path, unsigned long serial, const double span[2]);
void ed_trace_free(ed_trace *t);

/* The values a graph strip spans: from 0 (speeds and accelerations) or a
 * little under the least value (the field of view) to a little over the
 * largest; never less than the strip's floor, so that rounding noise in a
 * value that is really constant draws as a flat line. */
void ed_trace_plot_range(const ed_trace *t, int plot, double *lo, double *hi);

#endif /* ED_TRACE_H */

/* SPDX-License-Identifier: MIT */
/* lib/path/path_layout.h - the layout of a path and of its shape: the data
 * that the path layer's files build, sample and measure (not installed). It
 * declares no function: each file's own header does. */
#ifndef CAMPATH_PATH_LAYOUT_H
#define CAMPATH_PATH_LAYOUT_H

#include <stdint.h>

#include "campath/path.h"

/* ---- smooth and constant-speed timing (docs/math.md, section 12) ---------------------
 *
 * The shape is a function of one geometric parameter u (metres: chord length
 * of position with rotation angle and fov change weighted in). Each channel
 * has its own chord parameter sigma (metres of position chord, radians of
 * rotation), a monotone C2 map of u that is flat where the channel keeps its
 * value; position and rotation are C2 splines over their sigma, fov a
 * monotone C2 quintic over u. The warp maps time onto u. A sample finds one
 * warp piece (a segment search over time); everything else is indexed
 * directly from it. */

/* A distinct value of u (keys equal in every channel share one). */
typedef struct cpi_uknot {
    double   u;
    double   sp[3];  /* position chord parameter sigma_p(u) and its first and second derivative in u */
    double   sr[3];  /* rotation angle parameter sigma_r(u), the same; look-at paths: the
                        target's chord parameter sigma_t(u) */
    double   f[3];   /* fov(u), the same (used when the fov channel is c2: the monotone quintic) */
    uint32_t pseg;   /* index of the position curve's knot at sigma_p(u) */
    uint32_t rseg;   /* index of the rotation (look-at: target) curve's knot at sigma_r(u) */
} cpi_uknot;

/* The scalar channels a path may have besides fov: a look-at path's roll
 * (degrees), focus (metres), aperture (f-number) and a dolly zoom's frame
 * width (metres, lib/path/dolly.c). A channel is there
 * when a key has it (roll: when a key's roll is not 0); keys without it
 * read 0. Roll follows the rotation's interpolation, focus and aperture the
 * fov's. */
enum { CPI_X_ROLL, CPI_X_FOCUS, CPI_X_APERTURE, CPI_X_WIDTH, CPI_X_COUNT };
#define CPI_X_BIT(c) (1u << (c))

/* A key's value in scalar channel c. */
static inline double cpi_key_x(const cp_key *k, int c)
{
    return c == CPI_X_ROLL ? k->roll : c == CPI_X_FOCUS ? k->focus : c == CPI_X_APERTURE ? k->aperture : k->frame_width;
}

/* The monotone maps of the scalar channels at a u-knot: value, first and
 * second derivative in u of each (smooth timing, channels whose
 * interpolation is c2). */
typedef struct cpi_xknot {
    double v[CPI_X_COUNT][3];
} cpi_xknot;

/* The warp's knots are kept in a curve's record layout so that the curve's
 * cached segment search (and its wrapping of closed paths) serves them:
 * record = [t | u, u', u'', k, pseg, rseg] with k the u-segment (index of
 * the u-knot at or before u) and that u-knot's position and rotation knot
 * indices, so that a sample can fetch every record it needs as soon as it
 * has the warp's. Pieces are quintic Hermite. */
#define CPI_WARP_U 1
#define CPI_WARP_D 2
#define CPI_WARP_A 3
#define CPI_WARP_K 4
#define CPI_WARP_PSEG 5
#define CPI_WARP_RSEG 6

typedef struct cpi_shape {
    size_t     nu;        /* distinct u-knots; uk holds nu + 1 entries when closed (the seam) */
    cpi_uknot *uk;
    double     total;     /* u over the whole path (one period when closed) */
    cp_curve  *warp;      /* time -> u, see above */
    uint32_t  *key_knot;  /* for each key, its u-knot */
    int        fov_mono;  /* fov is the monotone quintic in uk[].f, else the fov curve over u */
    int        x_mono[CPI_X_COUNT]; /* scalar channel c is the monotone quintic in xk[].v[c], else
                                       the curve p->xc[c] over u */
    cpi_xknot *xk;        /* nu + 1 entries when a scalar channel is a monotone map, else NULL */
    double     speed;     /* constant-speed timing: the cruising speed in m/s, else 0 */
    void      *work;      /* while building: scratch for every monotone build, then NULL */
    double    *scratch;   /* while building: 10 (keys + 1) doubles for the maps, then NULL */
    const cp_allocator *alloc; /* the path's */
} cpi_shape;

/* The hemisphere of a look-at path's quaternion (docs/math.md, section 15):
 * each segment (the position curve's in keys timing, the u-segments
 * otherwise) starts with the look-at frame where the segment starts, taken
 * so that the quaternion is continuous from the path's start, and adds a
 * reference wherever the view's heading comes a quarter turn from the last
 * one's. A sample takes the frame in the hemisphere of the last reference
 * at or before it, which its heading is within a quarter turn of. */
typedef struct cpi_lift_piece {
    double  at;   /* where the reference takes over: local time (keys timing) or u */
    cp_quat ref;
} cpi_lift_piece;

typedef struct cpi_lift_seg {
    cp_quat  ref;         /* the frame where the segment starts */
    uint32_t more, nmore; /* the segment's further references: more[more .. more + nmore - 1] */
} cpi_lift_seg;

typedef struct cpi_lift {
    cpi_lift_seg   *seg;   /* nseg entries (at least 1) */
    size_t          nseg;
    cpi_lift_piece *more;
    double          seam;  /* closed: -1 when the quaternion comes back negated after a period, else 1 */
} cpi_lift;

struct cp_path {
    cp_key          *keys;       /* as given, rotations normalised (constant speed: times computed) */
    size_t           count;
    cp_path_options  opts;       /* period is 0 unless closed */
    cp_curve        *pos, *rot, *fov;
    cp_curve        *target;     /* look-at paths: the targets (dim 3); rot is NULL then */
    cp_curve        *xc[CPI_X_COUNT]; /* scalar channels over time (keys timing) or u; NULL if absent
                                         or a monotone map (shape->x_mono) */
    unsigned         xmask;      /* CPI_X_BIT of each scalar channel the path has */
    cp_quat         *q0;         /* look-at: each key's look-at frame without roll, in the hemisphere the
                                    path has there (first chained key to key, then lifted: `lift`) */
    cpi_lift         lift;       /* look-at: the quaternion's hemisphere along the path */
    int              rot_shared; /* the rotation curve has exactly the path's key times (look-at: 1) */
    int              all_cubic;  /* every channel is CUBIC: the sampler's fast path */
    cpi_shape       *shape;      /* smooth and constant-speed timing; NULL for keys timing */
    char            *name, *extras, *scene;
    char           **key_extras; /* NULL or count entries */
    cp_allocator     alloc;      /* what the path and all it holds were allocated with */
    struct cpi_shake_scale *shake_scale; /* the keys' shake_scale over time; NULL: 1 everywhere */
    int              shaken;     /* opts.shake moves something: sampling adds the layer */
};

#endif /* CAMPATH_PATH_LAYOUT_H */

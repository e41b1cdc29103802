/* lib/path/path_impl.h - the path's layout, shared by the path, timing,
 * arc-length, check and file code (not installed). */
#ifndef CAMPATH_PATH_IMPL_H
#define CAMPATH_PATH_IMPL_H

#include <stdint.h>

#include "campath/path.h"
#include "base.h"
#include "dtoa.h"

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
 * (degrees), focus (metres) and aperture (f-number). A channel is there
 * when a key has it (roll: when a key's roll is not 0); keys without it
 * read 0. Roll follows the rotation's interpolation, focus and aperture the
 * fov's. */
enum { CPI_X_ROLL, CPI_X_FOCUS, CPI_X_APERTURE, CPI_X_COUNT };
#define CPI_X_BIT(c) (1u << (c))

/* A key's value in scalar channel c. */
static inline double cpi_key_x(const cp_key *k, int c)
{
    return c == CPI_X_ROLL ? k->roll : c == CPI_X_FOCUS ? k->focus : k->aperture;
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
    cp_quat   *uq0;       /* look-at: nu + 1 look-at frames, each u-knot's first key's (section 15) */
    double     speed;     /* constant-speed timing: the cruising speed in m/s, else 0 */
    void      *work;      /* while building: scratch for every monotone build, then NULL */
    double    *scratch;   /* while building: 4 (keys + 1) doubles for the maps, then NULL */
} cpi_shape;

struct cp_path {
    cp_key          *keys;       /* as given, rotations normalised (constant speed: times computed) */
    size_t           count;
    cp_path_options  opts;       /* period is 0 unless closed */
    cp_curve        *pos, *rot, *fov;
    cp_curve        *target;     /* look-at paths: the targets (dim 3); rot is NULL then */
    cp_curve        *xc[CPI_X_COUNT]; /* scalar channels over time (keys timing) or u; NULL if absent
                                         or a monotone map (shape->x_mono) */
    unsigned         xmask;      /* CPI_X_BIT of each scalar channel the path has */
    cp_quat         *q0;         /* look-at: each key's look-at frame without roll, hemispheres chained */
    double           q0_seam;    /* look-at, closed: -1 when that chain comes back as -q0[0], else 1 */
    int              rot_shared; /* the rotation curve has exactly the path's key times (look-at: 1) */
    int              all_cubic;  /* every channel is CUBIC: the sampler's fast path */
    cpi_shape       *shape;      /* smooth and constant-speed timing; NULL for keys timing */
    char            *name, *extras, *scene;
    char           **key_extras; /* NULL or count entries */
};

/* The C API's names of a path's fields (keys[2].time, options.period). */
extern const cpi_field_names cpi_api_names;

/* What the validation of the keys saw, for the check of the splines. */
typedef struct cpi_key_stats {
    double hmin, hmax;          /* shortest and longest spacing of key times (the seam included) */
    double pos_step, pos_slope; /* largest change of a position or target coordinate, and of it per second */
    double fov_slope;           /* largest change of the fov (or roll, focus, aperture) per second */
} cpi_key_stats;

/* The checks of cp_path_create that need no spline (lib/path/validate.c):
 * the options, each key, the period, the spacing of the key times. Errors
 * name their field with `names`. CP_OK (and *stats, if not NULL) or a status. */
/* Gives `dst` copies of `src`'s name, extras, keys' extras and scene (a path
 * derived from another one keeps what its file said). CP_OK or a status. */
int cpi_path_copy_meta(cp_path *dst, const cp_path *src, cp_error *error);

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

/* Builds the shape, the channel curves and the warp of a smooth or
 * constant-speed path whose keys and options are set (lib/path/shape.c). */
int cpi_shape_build(cp_path *p, const cpi_field_names *names, cp_error *error);
void cpi_shape_free(cpi_shape *s);

/* The warp of a smooth path: monotone C2 through the keys and holds (warp.c). */
int cpi_warp_smooth(cp_path *p, cp_error *error);
/* Builds the warp's segment index, gives a loop's seam record the u of one
 * period further, and fills each record's knot indices (warp.c). */
int cpi_warp_finish(cpi_shape *s, cp_curve *w, cp_error *error);
/* The warp of a constant-speed path; sets the keys' times (warp_speed.c). */
int cpi_warp_constant_speed(cp_path *p, const cpi_field_names *names, cp_error *error);

/* u and its first and second time derivatives at local time t (already in
 * one cycle) in warp piece j; *k gets the u-segment. */
void cpi_warp_eval(const cpi_shape *s, size_t j, double t, double u[3], size_t *k);

/* The length of segment `seg` of a position curve (dimension 3) from its
 * start to its parameter x (arclength.c). */
double cpi_arc_partial(const cp_curve *c, size_t seg, double x);
/* The whole length of that segment. */
double cpi_arc_segment_length(const cp_curve *c, size_t seg);
/* The velocity of cubic segment `seg` of a position curve as a polynomial
 * in w = x - x_seg: v[k][j] is the coefficient of w^k of component j. */
void cpi_arc_velocity(const cp_curve *c, size_t seg, double v[3][3]);

/* A cubic position segment's length from its start, as a smooth function
 * of where it stops: the pieces the adaptive quadrature of the whole segment
 * accepted, each integrated by its one rule up to the stop (an adaptive
 * integral of each partial length would jump as its pieces change). */
typedef struct cpi_arc_table {
    const cp_curve *c;
    size_t          seg;
    double          a, b;      /* the segment's parameter range */
    double          v[3][3];   /* its velocity over x = (t - a) / (b - a) in [0, 1], over s / (b - a) */
    double          s;         /* lengths below times s are metres */
    size_t          n, cap;
    double         *x0, *cum;  /* piece starts (in x) and cumulative lengths (n + 1) */
    int             failed;
} cpi_arc_table;
int    cpi_arc_table_build(cpi_arc_table *t, const cp_curve *c, size_t seg); /* 0, or -1 out of memory */
double cpi_arc_table_at(const cpi_arc_table *t, double x);
void   cpi_arc_table_free(cpi_arc_table *t);

/* The least speed |p'| on segment `seg` of a position curve (exact: the
 * square root of a quartic's least value). */
double cpi_arc_least_speed(const cp_curve *c, size_t seg);

/* The position curve's parameter sigma_p at u in u-segment k, and the
 * position curve's segment that holds it. */
double cpi_shape_sigma(const cp_path *p, size_t k, double u, size_t *pseg);
/* The least u where sigma_p(u) = sigma (0 <= sigma <= its total); *k gets its u-segment. */
double cpi_shape_u_at_sigma(const cp_path *p, double sigma, size_t *k);
/* The first time in the warp's first cycle at which it reaches u. */
double cpi_warp_time_at(const cpi_shape *s, double u);

/* The channels at parameter u in u-segment k: position and its first and
 * second derivative in u, the R4 rotation (times `sign`) and its
 * derivatives (look-at paths: the target in rot[][0..2]), fov and its
 * derivatives, and when x is not NULL the scalar channels the path has
 * (the others are left alone). Outputs but x may not be NULL. */
void cpi_shape_eval(const cp_path *p, size_t k, double u, double sign, double pos[3][3], double rot[3][4],
                    double fov[3], double x[CPI_X_COUNT][3]);

/* ---- look-at (lib/path/lookat.c, docs/math.md section 15) ------------------------------ */

/* Each key's look-at frame (p->q0, hemispheres chained, p->q0_seam) and
 * its rotation with roll (p->keys[].rotation). The keys are valid. */
int cpi_lookat_prepare(cp_path *p, cp_error *error);

/* The camera's rotation looking along d (target - position), +Y up, rolled
 * by roll[0] degrees, with its world angular velocity and acceleration from
 * the first and second time derivatives of d (d[1], d[2]) and of the roll;
 * roll may be NULL (none). The look-at frame's quaternion is taken in the
 * hemisphere of `ref`. omega and alpha may be NULL (not computed). */
void cpi_lookat(double d[3][3], const double *roll, cp_quat ref, cp_quat *q, cp_vec3 *omega,
                cp_vec3 *alpha);

/* The look-at frame (no roll) of view direction d, in the hemisphere of ref. */
cp_quat cpi_lookat_frame(const double d[3], cp_quat ref);

/* How far key k is from a degenerate view: the angle in radians between
 * its view and straight up or down, and the distance from its position to
 * its target in metres. */
void cpi_lookat_margins(const cp_key *k, double *angle, double *distance);

#endif /* CAMPATH_PATH_IMPL_H */

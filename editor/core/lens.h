/* SPDX-License-Identifier: MIT */
/* editor/core/lens.h - the path camera's lens as the editor shows it: a thin
 * lens with the path's focus distance and f-number, and a focal length from
 * the vertical field of view on an assumed full-frame sensor (36 x 24 mm,
 * so the fov spans its 24 mm height). From it come the circle of confusion
 * of a point at any distance (what the shot view and --render-frames blur
 * by), the near and far limits of acceptable sharpness (the graph's focus
 * strip), and the plane in focus (the marker in the view).
 *
 * The formulas and their sources are in docs/math.md, section 22. A pose
 * without focus or aperture (0) has no lens: everything is sharp, and the
 * renderer draws exactly what it drew before lenses were shown.
 */
#ifndef ED_LENS_H
#define ED_LENS_H

#include "campath/path.h"

#define ED_LENS_SENSOR_H 0.024     /* metres: the sensor height the fov spans (full frame) */
#define ED_LENS_COC_LIMIT 0.00003  /* metres: the circle of confusion still called sharp (0.03 mm) */
#define ED_LENS_MAX_BLUR 0.02      /* the largest blur radius drawn, a share of the image height */

typedef struct ed_lens {
    double focus;      /* metres, > 0 */
    double aperture;   /* f-number, > 0 */
    double focal;      /* metres, from the fov */
} ed_lens;

/* The lens of a pose; 0 if it has none (focus or aperture 0, or not finite). */
int ed_lens_of(const cp_pose *pose, ed_lens *out);
/* The focal length (metres) that gives the vertical fov (degrees) on the sensor. */
double ed_lens_focal(double fov);
/* The circle of confusion's diameter on the sensor (metres) of a point at
 * `depth` metres in front of the lens (> 0); 0 at the focus distance. */
double ed_lens_coc(const ed_lens *l, double depth);
/* The blur radius in pixels of an image `height` pixels high for a point at
 * `depth`: half the circle of confusion, scaled from the sensor to the
 * image, at most ED_LENS_MAX_BLUR of the height. */
double ed_lens_blur(const ed_lens *l, double depth, double height);
/* The constant k of the shader's radius k |depth - focus| / depth (pixels,
 * before the cap) for an image `height` pixels high. */
double ed_lens_blur_scale(const ed_lens *l, double height);
/* The near and far limits of acceptable sharpness (circle of confusion up
 * to ED_LENS_COC_LIMIT); *far is INFINITY at or beyond the hyperfocal
 * distance. */
void ed_lens_limits(const ed_lens *l, double *near, double *far);
/* The corners of the plane in focus seen by the pose's camera with the
 * given aspect (width / height): top left, top right, bottom right, bottom
 * left; 0 if the pose has no lens. */
int ed_lens_plane(const cp_pose *pose, double aspect, cp_vec3 corners[4]);

#endif /* ED_LENS_H */

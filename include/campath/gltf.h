/* SPDX-License-Identifier: MIT */
/* campath/gltf.h - a path as a glTF 2.0 camera animation, out and in.
 *
 * Export writes one self-contained file, either a .gltf (JSON with the
 * binary buffer embedded as a base64 data URI) or a binary .glb (the same
 * JSON and the buffer in one container, section 4.4): a node with a
 * perspective camera and an animation of the node's translation and
 * rotation that reproduces the path (glTF 2.0 specification, section 3.11
 * "Animations" and Appendix C "Interpolation"). A closed path is written
 * over one period, ending where it began. A field of view that changes is
 * animated through the KHR_animation_pointer extension on
 * /cameras/0/perspective/yfov.
 *
 * By default (CP_GLTF_LINEAR) the animation is LINEAR samples of the path:
 * the exact pose at every key and at both ends of every hold, and as often
 * between as keeps the interpolation within `max_error` (metres of
 * position, radians of rotation and fov) of the path, with slerp and with
 * the normalised lerp Blender plays. Blender's and Godot's importers play
 * it as the path; they misplay CUBICSPLINE (docs/gltf.md). With
 * CP_GLTF_CUBIC, C2, bisector and Catmull-Rom channels become CUBICSPLINE
 * samplers with the path's own tangents, linear becomes LINEAR and step
 * STEP; a path in smooth or constant-speed timing, whose channels are over
 * its shape, not over time, and a look-at path are sampled as CUBICSPLINE
 * keys holding the exact pose and its exact derivatives. With `bake_fps`
 * any path is baked instead: LINEAR keys at every frame.
 *
 *     cp_error err;
 *     if (cp_gltf_export(path, "intro.gltf", NULL, &err) != CP_OK)
 *         fprintf(stderr, "%s\n", err.message);
 *
 *     cp_path *back = cp_gltf_import("intro.gltf", NULL, NULL, &err);
 *
 * glTF stores animation data as 32-bit floats, which cannot hold the path's
 * doubles. So the export also embeds the exact path, in the campath file
 * format, in the animation's `extras.campath`; import uses it when it agrees
 * with the float data, which makes export then import lossless. Files from
 * other tools are read from the float data: each channel's interpolation is
 * recognised by comparing its tangents with campath's tangent builders, and a
 * sampler campath cannot represent is an error unless `refit` is set.
 * docs/gltf.md has the whole mapping.
 *
 * Memory: the returned text and paths belong to the caller (free() and
 * cp_path_destroy). Nothing is kept between calls; the functions may run in
 * several threads at once.
 */
#ifndef CAMPATH_GLTF_H
#define CAMPATH_GLTF_H

#include <stddef.h>

#include "common.h"
#include "path.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Files larger than this are refused with CP_ERR_LIMIT. */
#define CP_GLTF_MAX_FILE_SIZE (256u * 1024u * 1024u)

/* The near plane written when the options give none, in metres. */
#define CP_GLTF_DEFAULT_ZNEAR 0.1

/* The error bound of a sampled export when the options give none: metres of
 * position, radians of rotation and of field of view; LINEAR samples (the
 * default form) and CUBICSPLINE samples (CP_GLTF_CUBIC). */
#define CP_GLTF_DEFAULT_LINEAR_MAX_ERROR 1e-4
#define CP_GLTF_DEFAULT_MAX_ERROR 1e-5

/* What the animation's samplers hold. */
typedef enum cp_gltf_form {
    CP_GLTF_LINEAR = 0,  /* LINEAR samples within max_error, whatever the path: what Blender's and
                            Godot's importers play as glTF says, as well as every other player */
    CP_GLTF_CUBIC        /* the path's own curves (CUBICSPLINE with its tangents; LINEAR; STEP), or
                            CUBICSPLINE samples where it has none over time: exact and far smaller,
                            for players that follow Appendix C (three.js, Babylon.js, campath) */
} cp_gltf_form;

/* ---- export --------------------------------------------------------------- */

typedef struct cp_gltf_export_options {  /* all zero = the defaults */
    const char *name;          /* node, camera and animation name; NULL = the path's name, else "campath" */
    double      aspect_ratio;  /* > 0: the camera's aspectRatio; 0 = left out (the viewer's aspect) */
    double      znear;         /* > 0: near plane in metres; 0 = CP_GLTF_DEFAULT_ZNEAR */
    double      zfar;          /* > znear: far plane in metres; 0 = left out (infinite projection) */
    int         no_extras;     /* non-zero: do not embed the exact path in the animation's extras */
    double      bake_fps;      /* > 0: LINEAR keys at every 1/bake_fps s from the start, and the end (any
                                  timing); 0 = the path's own curves, or sampled (see below) */
    double      max_error;     /* > 0: the error bound of a sampled export; 0 = CP_GLTF_DEFAULT_LINEAR_MAX_ERROR,
                                  or CP_GLTF_DEFAULT_MAX_ERROR for CP_GLTF_CUBIC */
    cp_gltf_form form;         /* CP_GLTF_LINEAR (the default) or CP_GLTF_CUBIC; bake_fps overrides both */
} cp_gltf_export_options;

/* The glTF text for `path` (`options` may be NULL), NUL-terminated; *size (if
 * not NULL) gets its length. Free with free(). NULL and `error` on failure,
 * e.g. CP_ERR_UNSUPPORTED when two key times are equal in single precision,
 * CP_ERR_INVALID when a name, the scene or extras are not valid UTF-8, or
 * when the fov leaves (0, 180) between keys (a glTF yfov must be above 0;
 * `campath check` reports it as fov-range). */
CP_API char *cp_gltf_export_memory(const cp_path *path, const cp_gltf_export_options *options, size_t *size,
                            cp_error *error);

/* The same as a binary glTF (GLB: header, JSON chunk, BIN chunk), *size
 * bytes (not NUL-terminated). Free with free(). NULL and `error` on failure. */
CP_API void *cp_gltf_export_glb_memory(const cp_path *path, const cp_gltf_export_options *options, size_t *size,
                                cp_error *error);

/* Writes `file` atomically: a binary GLB when its name ends in ".glb" (any
 * case), else glTF text. CP_OK or a cp_status. */
CP_API cp_status cp_gltf_export(const cp_path *path, const char *file, const cp_gltf_export_options *options,
                                cp_error *error);

/* ---- import --------------------------------------------------------------- */

typedef struct cp_gltf_import_options {  /* all zero = the defaults */
    const char *node;          /* a node name, or a node index in decimal; NULL = the first node with a camera */
    int         ignore_extras; /* non-zero: read the float data even where an exact path is embedded */
    int         refit;         /* non-zero: instead of failing on CUBICSPLINE tangents that match no
                                  builder, or on channels with different key times, keep every key of
                                  every channel and build C2 tangents through them (approximate) */
} cp_gltf_import_options;

/* How an imported path was obtained. */
typedef enum cp_gltf_import_source {
    CP_GLTF_IMPORT_EXACT = 0,  /* the exact path embedded by campath's export: lossless */
    CP_GLTF_IMPORT_MATCHED,    /* the float data, each channel's interpolation recognised */
    CP_GLTF_IMPORT_REFIT       /* the float data's keys with rebuilt tangents (options.refit) */
} cp_gltf_import_source;

typedef struct cp_gltf_import_report {
    size_t                 node;       /* index of the node that was read */
    int                    animation;  /* index of the animation read, -1 if the node has none */
    cp_gltf_import_source  source;
    char                   note[256];  /* why embedded extras were not used; empty if not applicable */
} cp_gltf_import_report;

/* Reads the camera animation of a node from glTF text or a binary .glb
 * (`size` bytes; `source` names it in messages, NULL: "<memory>"). Buffers
 * must be embedded (data URIs, or the .glb's binary chunk). `options` and
 * `report` may be NULL. Returns a new path, or NULL and `error`
 * (CP_ERR_UNSUPPORTED for an animation campath cannot represent). */
CP_API cp_path *cp_gltf_import_memory(const void *data, size_t size, const char *source,
                               const cp_gltf_import_options *options, cp_gltf_import_report *report,
                               cp_error *error);

/* The same from a .gltf or .glb file; buffers may also be files in the same
 * folder as it (relative URIs, percent-encoded as RFC 3986 says). A URI
 * that leads out of that folder (`..`, an absolute path, a symbolic link
 * that resolves elsewhere), holds a NUL, or names anything but a regular
 * file is refused with CP_ERR_IO and a message that names the URI only. */
CP_API cp_path *cp_gltf_import(const char *file, const cp_gltf_import_options *options, cp_gltf_import_report *report,
                        cp_error *error);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_GLTF_H */

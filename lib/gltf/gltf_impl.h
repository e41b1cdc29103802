/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_impl.h - what the glTF export and import files share (not installed). */
#ifndef CAMPATH_GLTF_IMPL_H
#define CAMPATH_GLTF_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "campath/gltf.h"
#include "base.h"

/* ---- numbers (lib/gltf/gltf_float.c) --------------------------------------
 * Text goes to the base layer's cpi_buf. */

/* x (a float) with the fewest digits that read back to the same float. */
void cpi_gltf_put_float(cpi_buf *b, float x);

/* ---- base64 (RFC 4648, standard alphabet, padded) (lib/gltf/base64.c) ---------- */

/* Appends the encoding of n bytes. */
void cpi_gltf_base64_encode(cpi_buf *out, const unsigned char *bytes, size_t n);
/* Decodes `n` characters into a new array (*size bytes). Returns NULL on a
 * character outside the alphabet or bad padding (*bad_at = its offset), or
 * when out of memory (*bad_at = n). */
unsigned char *cpi_gltf_base64_decode(const char *text, size_t n, size_t *size, size_t *bad_at);

/* ---- the embedded exact path (lib/gltf/gltf_extras.c) ----------------------------
 * The object stored under the animation's extras.campath: a path file in the
 * campath format (docs/format.md), written by the JSON layer's writer and read
 * by its reader, so that there is one implementation of the format. */

/* Appends the path file text of `path` (the JSON layer's cp_path_save_memory,
 * without its final newline). CP_OK or a status with `error` filled. */
int cpi_gltf_write_path_object(cpi_buf *b, const cp_path *path, cp_error *error);
/* The path in animations[anim].extras.campath of the glTF JSON text `json`
 * (`size` bytes), read from its own text by the JSON layer's reader; errors
 * are the reader's, with the line and column in `json`. NULL on failure. */
cp_path *cpi_gltf_read_path_object(const char *json, size_t size, size_t anim, const char *source, cp_error *error);

/* Key times of a path as written to glTF: shifted so that none is negative
 * (glTF sampler inputs start at 0; section 3.11). */
double cpi_gltf_time_offset(const cp_path *path);

/* Keys of a curve as exported (lib/gltf/gltf_write.c): the curve's keys, then for
 * a closed curve the seam key (seam_sign times key 0, one period later). */
size_t cpi_gltf_written_keys(const cp_curve *curve);

/* A pose's position, rotation and fov (degrees) in v, their time
 * derivatives in d (q' = omega q / 2). */
void cpi_gltf_pose_jet(const cp_pose *pose, double v[8], double d[8]);
/* The curves an export writes for a path it samples (fps 0: LINEAR, or
 * CUBICSPLINE if `cubic`, within max_error, see gltf_sample.c) or bakes
 * (fps > 0: LINEAR at every frame): position, rotation, fov in degrees,
 * over snapped times, open. Destroy them with cp_curve_destroy, out[2] and
 * out[1] before out[0]. */
int cpi_gltf_sampled_curves(const cp_path *path, double offset, double fps, double max_error, int cubic,
                            cp_curve *out[3], cp_error *error);
/* CP_OK, or CP_ERR_INVALID and a message naming the value and its time
 * when the fov curve (degrees) as written leaves (0, 180) anywhere: at a
 * key, or between two as glTF interpolates them (lib/gltf/gltf_check.c). */
int cpi_gltf_check_fov(const cp_curve *fov, cp_error *error);
/* Key i < cpi_gltf_written_keys(curve): time, and dim numbers each of value and tangents. */
void cpi_gltf_curve_key(const cp_curve *curve, size_t i, double *time, double *value, double *in_tangent,
                        double *out_tangent);

/* ---- animation data read from a file (lib/gltf/gltf_data.c, lib/gltf/gltf_read.c) ----- */

/* One sampler of the chosen node, converted to doubles. Cubic samplers have
 * tangents (per second, as in glTF), the others do not. */
typedef struct cpi_gltf_sampler {
    int            index;    /* sampler index in its animation, for messages */
    cp_curve_mode  mode;
    int            dim;      /* 3 translation, 4 rotation, 1 field of view (radians) */
    size_t         count;
    double        *times;    /* count */
    double        *values;   /* count * dim */
    double        *in_tangents, *out_tangents; /* count * dim, CUBIC only */
} cpi_gltf_sampler;

/* The state of reading one document (lib/gltf/gltf_data.c, lib/gltf/gltf_read.c). */
typedef struct cpi_gltf_buffer {
    unsigned char *bytes;   /* decoded or read data; NULL for the GLB chunk */
    size_t         size;
    int            loaded;
} cpi_gltf_buffer;

typedef struct cpi_gltf_reader {
    const char          *source;       /* names the input in messages */
    const char          *base_dir;     /* for relative buffer URIs; NULL when reading memory */
    cJSON               *root;
    const char          *json;         /* the JSON text (the GLB's JSON chunk) */
    size_t               json_size;
    const unsigned char *glb_bin;      /* the .glb binary chunk, if any */
    size_t               glb_bin_size;
    cpi_gltf_buffer     *buffers;      /* one per buffers[] entry, loaded on first use */
    size_t               nbuffers;
    cp_error            *error;
} cpi_gltf_reader;

/* ---- the GLB container (lib/gltf/gltf_glb.c) ---------------------------------------- */

/* Does the data start with the GLB magic? */
int cpi_gltf_is_glb(const void *data, size_t size);
/* Finds the JSON chunk (*json, *json_size) and the BIN chunk (r->glb_bin) of
 * a GLB; a truncated or malformed container is an error that says where. */
int cpi_gltf_glb_split(cpi_gltf_reader *r, const unsigned char *data, size_t size, const char **json,
                       size_t *json_size);
/* A GLB of the JSON text and the binary data (bin_len 0: no BIN chunk),
 * malloc'd; *size its length. NULL when out of memory or over 4 GB. */
unsigned char *cpi_gltf_glb_build(const char *json, size_t json_len, const unsigned char *bin, size_t bin_len,
                                  size_t *size);

/* Reads the buffer file `uri` (relative, percent-encoded) from r->base_dir
 * and from nowhere else: lib/gltf/gltf_uri.c. CP_OK or a status. */
int cpi_gltf_read_uri(cpi_gltf_reader *r, size_t index, const char *uri, cpi_gltf_buffer *out);

/* Fills the error with "source: " and the message; returns code. */
int cpi_gltf_fail(cpi_gltf_reader *r, int code, const char *fmt, ...) CPI_PRINTF(3, 4);
/* A little-endian 32-bit number. */
uint32_t cpi_gltf_u32(const unsigned char *p);
/* A non-negative integer member: 1 if present and valid, 0 if absent, -1 if wrong. */
int cpi_gltf_get_index(const cJSON *obj, const char *name, size_t *out);
/* root[array][i] if it is an object, else NULL. */
const cJSON *cpi_gltf_array_item(const cJSON *root, const char *array, size_t i);
/* An array member of n finite numbers: 1 if present and valid, 0 if absent, -1 if wrong. */
int cpi_gltf_get_numbers(const cJSON *obj, const char *name, double *out, int n);
/* Reads samplers[index] of animation `anim` with outputs of `dim` components
 * (`what` names the target in messages). CP_OK or a status. */
int cpi_gltf_read_sampler(cpi_gltf_reader *r, const cJSON *anim, size_t anim_index, size_t index, int dim,
                          const char *what, cpi_gltf_sampler **out);
void cpi_gltf_sampler_free(cpi_gltf_sampler *s);

typedef struct cpi_gltf_camera_anim {
    size_t            node;
    char              node_label[96];    /* "node 2 'Camera'" for messages */
    double            yfov;              /* the camera's yfov, radians */
    double            translation[3];    /* the node's static pose */
    double            rotation[4];
    int               animation;         /* -1: the node is not animated */
    cpi_gltf_sampler *channel[3];        /* translation, rotation, yfov; NULL = not animated */
    int               has_extras_path;   /* the animation has an extras.campath member */
    const char       *json;              /* the document's JSON text (in the data read) */
    size_t            json_size;
} cpi_gltf_camera_anim;

enum { CPI_GLTF_TRANSLATION = 0, CPI_GLTF_ROTATION = 1, CPI_GLTF_FOV = 2 };

/* Parses glTF text or a .glb and fills `anim` for the node chosen by
 * `options`; `root` receives the parsed document (free it with cJSON_Delete).
 * `base_dir` (NULL for memory) is the folder relative buffer URIs are read
 * from, and the only one. CP_OK or a status. */
int cpi_gltf_read(const void *data, size_t size, const char *source, const char *base_dir,
                  const cp_gltf_import_options *options, cJSON **root, cpi_gltf_camera_anim *anim,
                  cp_error *error);
void cpi_gltf_camera_anim_free(cpi_gltf_camera_anim *anim);

/* ---- import (lib/gltf/gltf_import.c) ------------------------------------------- */

/* The shared body of cp_gltf_import_memory and cp_gltf_import. */
cp_path *cpi_gltf_import(const void *data, size_t size, const char *source, const char *base_dir,
                         const cp_gltf_import_options *options, cp_gltf_import_report *report,
                         cp_error *error);

#endif /* CAMPATH_GLTF_IMPL_H */

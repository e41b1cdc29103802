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
 * campath format, version 1 (docs/format.md), written and read here without
 * the JSON layer so that the glTF layer stands on the path layer alone. */
void cpi_gltf_write_path_object(cpi_buf *b, const cp_path *path);
/* The path described by `obj`, or NULL with `error` naming the member. */
cp_path *cpi_gltf_read_path_object(const cJSON *obj, cp_error *error);

/* Key times of a path as written to glTF: shifted so that none is negative
 * (glTF sampler inputs start at 0; section 3.11). */
double cpi_gltf_time_offset(const cp_path *path);

/* Keys of a curve as exported (lib/gltf/gltf_write.c): the curve's keys, then for
 * a closed curve the seam key (seam_sign times key 0, one period later). */
size_t cpi_gltf_written_keys(const cp_curve *curve);
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
    const unsigned char *glb_bin;      /* the .glb binary chunk, if any */
    size_t               glb_bin_size;
    cpi_gltf_buffer     *buffers;      /* one per buffers[] entry, loaded on first use */
    size_t               nbuffers;
    cp_error            *error;
} cpi_gltf_reader;

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
    const cJSON      *extras_path;       /* the animation's extras.campath, or NULL */
} cpi_gltf_camera_anim;

enum { CPI_GLTF_TRANSLATION = 0, CPI_GLTF_ROTATION = 1, CPI_GLTF_FOV = 2 };

/* Parses glTF text or a .glb and fills `anim` for the node chosen by
 * `options`; `root` receives the parsed document (anim->extras_path points
 * into it; free it with cJSON_Delete). `base_dir` (NULL for memory) is where
 * relative buffer URIs are read from. CP_OK or a status. */
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

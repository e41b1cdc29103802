/* SPDX-License-Identifier: MIT */
/* editor/cli/scene.c - a camera's animation from a scene file, through assimp
 * and behind the editor's scene guards (editor/core: scan.h, import_io.h). */
#include "scene.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_scene_shot_free(cli_scene_shot *shot)
{
    free(shot->keys);
    memset(shot, 0, sizeof *shot);
}

#ifdef CAMPATH_WITH_ASSIMP

#include <assimp/cimport.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <math.h>
#include <stdint.h>

#include "import.h"
#include "import_io.h"
#include "scan.h"
#include "scene_anim.h"

#define PI 3.14159265358979323846
/* assimp's own viewer plays an animation that gives no ticks per second at this rate */
#define DEFAULT_TICKS_PER_SECOND 25.0
/* the picture's shape taken when the file gives none */
#define DEFAULT_ASPECT (16.0 / 9.0)

/* ---- the reader --------------------------------------------------------------------------------- */

typedef struct reader {
    const char                 *file;
    const struct aiScene       *scene;
    const struct aiNode       **chain;     /* the root ... the camera's node */
    const struct aiNodeAnim   **channel;   /* per chain node: its channel in the animation, or NULL */
    size_t                      depth;     /* nodes in the chain */
    char                       *err;
    size_t                      err_size;
    cli_scene_shot             *shot;
} reader;

static void add_note(cli_scene_shot *shot, const char *text)
{
    size_t n = strlen(shot->notes);
    snprintf(shot->notes + n, sizeof shot->notes - n, "%s%s", n ? "; " : "", text);
}

/* Whether `s` ends in `suffix` (lower case ASCII), in any case. */
static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    if (n < m)
        return 0;
    for (size_t i = 0; i < m; i++) {
        char c = s[n - m + i];
        if ((c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c) != suffix[i])
            return 0;
    }
    return 1;
}

static int is_gltf(const char *file)
{
    return ends_with(file, ".gltf") || ends_with(file, ".glb");
}

/* Metres and +Y up, as the editor takes a scene (editor/core/import.c): an
 * FBX file's UnitScaleFactor (centimetres per unit) and UpAxis /
 * UpAxisSign are applied here; a COLLADA file's <unit> and <up_axis>
 * assimp has applied itself; other formats are taken as metres, +Y up. */
static cli_affine units_and_axes(const reader *r)
{
    cli_affine root = cli_affine_identity();
    if (ends_with(r->file, ".dae"))
        return root;
    double s = 1;
    int up = 1, sign = 1;
    ed_import_declared(r->scene, &s, &up, &sign);
    /* rows: where the source's x, y, z go, so that its up axis becomes +Y */
    double m[3][3];
    ed_import_up_rows(up, sign, m);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            root.m[i][j] = s * m[i][j];
    return root;
}

/* The chain from the root to the first node called `name` (depth first, in
 * the file's order). 1 found, 0 not, -1 deeper than the editor's limit. */
static int find_chain(reader *r, const struct aiNode *node, const char *name, size_t depth)
{
    if (depth >= ED_IMPORT_MAX_DEPTH)
        return -1;
    r->chain[depth] = node;
    if (strcmp(node->mName.data, name) == 0) {
        r->depth = depth + 1;
        return 1;
    }
    for (unsigned i = 0; i < node->mNumChildren; i++) {
        int rc = find_chain(r, node->mChildren[i], name, depth + 1);
        if (rc)
            return rc;
    }
    return 0;
}

/* Which camera: the one named, or the only one. NULL with the message. */
static const struct aiCamera *pick_camera(reader *r, const char *name)
{
    const struct aiScene *sc = r->scene;
    if (sc->mNumCameras == 0) {
        snprintf(r->err, r->err_size, "%s: the scene holds no camera", r->file);
        return NULL;
    }
    if (name) {
        for (unsigned i = 0; i < sc->mNumCameras; i++)
            if (strcmp(sc->mCameras[i]->mName.data, name) == 0)
                return sc->mCameras[i];
    } else if (sc->mNumCameras == 1) {
        return sc->mCameras[0];
    }
    int n = name ? snprintf(r->err, r->err_size, "%s: no camera '%s'; the scene's cameras: ", r->file, name)
                 : snprintf(r->err, r->err_size, "%s: %u cameras, name one with --camera: ", r->file, sc->mNumCameras);
    for (unsigned i = 0; i < sc->mNumCameras && n >= 0 && (size_t)n < r->err_size; i++) {
        int m = snprintf(r->err + n, r->err_size - (size_t)n, "%s'%s'", i ? ", " : "", sc->mCameras[i]->mName.data);
        if (m < 0)
            break;
        n += m;
    }
    return NULL;
}

/* The first animation with a channel for a node of the chain; NULL if none. */
static const struct aiAnimation *pick_animation(reader *r)
{
    const struct aiScene *sc = r->scene;
    const struct aiAnimation *found = NULL;
    int others = 0;
    for (unsigned a = 0; a < sc->mNumAnimations; a++) {
        const struct aiAnimation *anim = sc->mAnimations[a];
        int hit = 0;
        for (unsigned c = 0; c < anim->mNumChannels && !hit; c++)
            for (size_t d = 0; d < r->depth && !hit; d++)
                hit = strcmp(anim->mChannels[c]->mNodeName.data, r->chain[d]->mName.data) == 0;
        if (hit && !found)
            found = anim;
        else if (hit)
            others++;
    }
    if (found && others) {
        char text[400];
        snprintf(text, sizeof text, "%d more animations move the camera: the first, '%.200s', is read", others,
                 found->mName.data);
        add_note(r->shot, text);
    }
    return found;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Every key time of the chain's channels, sorted, each once (ticks). */
static double *key_times(reader *r, size_t *count)
{
    size_t total = 0;
    for (size_t d = 0; d < r->depth; d++) {
        const struct aiNodeAnim *ch = r->channel[d];
        if (ch)
            total += (size_t)ch->mNumPositionKeys + ch->mNumRotationKeys + ch->mNumScalingKeys;
    }
    double *t = malloc((total ? total : 1) * sizeof *t);
    if (!t)
        return NULL;
    size_t n = 0;
    for (size_t d = 0; d < r->depth; d++) {
        const struct aiNodeAnim *ch = r->channel[d];
        if (!ch)
            continue;
        for (unsigned i = 0; i < ch->mNumPositionKeys; i++)
            t[n++] = ch->mPositionKeys[i].mTime;
        for (unsigned i = 0; i < ch->mNumRotationKeys; i++)
            t[n++] = ch->mRotationKeys[i].mTime;
        for (unsigned i = 0; i < ch->mNumScalingKeys; i++)
            t[n++] = ch->mScalingKeys[i].mTime;
    }
    qsort(t, n, sizeof *t, cmp_double);
    size_t u = 0;
    for (size_t i = 0; i < n; i++)
        if (u == 0 || t[i] != t[u - 1])
            t[u++] = t[i];
    *count = u;
    return t;
}

/* Whether a channel's keys are finite and strictly increasing in time; -1 with the message if not. */
static int check_channel(reader *r, const struct aiNodeAnim *ch)
{
    const char *kinds[3] = {"position", "rotation", "scaling"};
    unsigned counts[3] = {ch->mNumPositionKeys, ch->mNumRotationKeys, ch->mNumScalingKeys};
    for (int k = 0; k < 3; k++) {
        for (unsigned i = 0; i < counts[k]; i++) {
            double t = k == 0 ? ch->mPositionKeys[i].mTime : k == 1 ? ch->mRotationKeys[i].mTime : ch->mScalingKeys[i].mTime;
            double prev = i == 0 ? -INFINITY
                          : k == 0 ? ch->mPositionKeys[i - 1].mTime
                          : k == 1 ? ch->mRotationKeys[i - 1].mTime
                                   : ch->mScalingKeys[i - 1].mTime;
            if (!isfinite(t) || !(t > prev)) {
                snprintf(r->err, r->err_size, "%s: camera '%s': node '%s': %s key %u: its time %g does not follow %g",
                         r->file, r->shot->camera, ch->mNodeName.data, kinds[k], i, t, prev);
                return -1;
            }
        }
    }
    return 0;
}

/* The camera's vertical field of view in degrees. What mHorizontalFOV holds
 * depends on the reader (measured with assimp 5.2, docs/cli.md): the FBX and
 * COLLADA readers put the full horizontal angle there; the glTF reader the
 * vertical angle times the aspect ratio (or the vertical angle alone when
 * the file gives no aspect ratio); the others, as assimp documents, half
 * the horizontal angle. */
static int vertical_fov(reader *r, const struct aiCamera *cam, double *fov)
{
    if (cam->mOrthographicWidth != 0 || !(cam->mHorizontalFOV > 0)) {
        snprintf(r->err, r->err_size, "%s: camera '%s' is orthographic (or has no field of view): campath paths are "
                 "perspective", r->file, r->shot->camera);
        return -1;
    }
    double aspect = cam->mAspect, angle = cam->mHorizontalFOV;
    int known = aspect > 0 && isfinite(aspect);
    if (is_gltf(r->file)) {
        *fov = (known ? angle / aspect : angle) * 180 / PI;
    } else {
        double half = ends_with(r->file, ".fbx") || ends_with(r->file, ".dae") ? angle / 2 : angle;
        if (!known) {
            aspect = DEFAULT_ASPECT;
            add_note(r->shot, "the file gives no aspect ratio: the horizontal field of view is turned into a "
                              "vertical one for 16:9");
        }
        *fov = 2 * atan(tan(half) / aspect) * 180 / PI;
    }
    if (!(*fov > 0 && *fov < 180)) {
        snprintf(r->err, r->err_size, "%s: camera '%s': vertical field of view %g degrees, outside (0, 180)", r->file,
                 r->shot->camera, *fov);
        return -1;
    }
    return 0;
}

/* The camera's world pose from the chain's transform `w`. */
static int pose(reader *r, const struct aiCamera *cam, const cli_affine *w, double seconds, cp_key *key)
{
    cp_vec3 p = cp_vec3_make(cam->mPosition.x, cam->mPosition.y, cam->mPosition.z);
    /* a glTF camera is at its node's origin (glTF 2.0, "Cameras"); assimp 5.2's reader copies the
       node's translation into mPosition as well, which would count it twice */
    if (is_gltf(r->file))
        p = cp_vec3_make(0, 0, 0);
    cp_vec3 look = cli_affine_linear(w, cp_vec3_make(cam->mLookAt.x, cam->mLookAt.y, cam->mLookAt.z));
    cp_vec3 up = cli_affine_linear(w, cp_vec3_make(cam->mUp.x, cam->mUp.y, cam->mUp.z));
    cp_vec3 right = cp_vec3_cross(look, up);
    /* a mirroring transform turns the camera's right-handed frame left-handed */
    cp_vec3 l0 = cp_vec3_make(cam->mLookAt.x, cam->mLookAt.y, cam->mLookAt.z);
    cp_vec3 u0 = cp_vec3_make(cam->mUp.x, cam->mUp.y, cam->mUp.z);
    double det = cp_vec3_dot(cli_affine_linear(w, cp_vec3_cross(l0, u0)), right);
    double ll = cp_vec3_length(look), lr = cp_vec3_length(right);
    if (!(ll > 0) || !(lr > 1e-12 * ll * cp_vec3_length(up)) || !isfinite(ll * lr)) {
        snprintf(r->err, r->err_size, "%s: camera '%s' at %g s: its look-at and up directions are zero or parallel",
                 r->file, r->shot->camera, seconds);
        return -1;
    }
    if (!(det > 0)) {
        snprintf(r->err, r->err_size, "%s: camera '%s' at %g s: a transform above it mirrors (a negative scale), "
                 "which a camera pose cannot hold", r->file, r->shot->camera, seconds);
        return -1;
    }
    cp_vec3 z = cp_vec3_scale(look, -1 / ll);          /* the camera looks down -Z */
    cp_vec3 x = cp_vec3_scale(right, 1 / lr);
    cp_vec3 y = cp_vec3_cross(z, x);
    key->time = seconds;
    key->position = cp_vec3_add(cli_affine_linear(w, p), cp_vec3_make(w->m[0][3], w->m[1][3], w->m[2][3]));
    key->rotation = cli_quat_from_columns(x, y, z);
    return 0;
}

static int read_camera(reader *r, const char *name)
{
    const struct aiScene *sc = r->scene;
    const struct aiCamera *cam = pick_camera(r, name);
    if (!cam)
        return -1;
    snprintf(r->shot->camera, sizeof r->shot->camera, "%.255s", cam->mName.data);
    double fov;
    if (vertical_fov(r, cam, &fov))
        return -1;
    int found = sc->mRootNode ? find_chain(r, sc->mRootNode, cam->mName.data, 0) : 0;
    if (found < 0) {
        snprintf(r->err, r->err_size, "%s: the node tree is more than %d levels deep, the editor's limit", r->file,
                 ED_IMPORT_MAX_DEPTH);
        return -1;
    }
    if (!found) {
        snprintf(r->err, r->err_size, "%s: camera '%s' has no node", r->file, cam->mName.data);
        return -1;
    }
    const struct aiAnimation *anim = pick_animation(r);
    if (!anim) {
        snprintf(r->err, r->err_size, "%s: camera '%s' has no animation (no channel moves its node or a node above it)",
                 r->file, cam->mName.data);
        return -1;
    }
    for (size_t d = 0; d < r->depth; d++) {
        r->channel[d] = NULL;
        for (unsigned c = 0; c < anim->mNumChannels && !r->channel[d]; c++)
            if (strcmp(anim->mChannels[c]->mNodeName.data, r->chain[d]->mName.data) == 0)
                r->channel[d] = anim->mChannels[c];
        if (r->channel[d] && check_channel(r, r->channel[d]))
            return -1;
    }
    double tps = anim->mTicksPerSecond;
    if (!(tps > 0) || !isfinite(tps)) {
        tps = DEFAULT_TICKS_PER_SECOND;
        add_note(r->shot, "the file gives no ticks per second: 25 taken, as assimp's own viewer does");
    }
    size_t count;
    double *ticks = key_times(r, &count);
    if (!ticks) {
        snprintf(r->err, r->err_size, "%s: out of memory", r->file);
        return -1;
    }
    if (count < 2) {
        snprintf(r->err, r->err_size, "%s: camera '%s' has no animation: its channels hold %zu key time%s, a path needs 2",
                 r->file, cam->mName.data, count, count == 1 ? "" : "s");
        free(ticks);
        return -1;
    }
    if (count > CP_PATH_MAX_KEYS || !(r->shot->keys = calloc(count, sizeof *r->shot->keys))) {
        snprintf(r->err, r->err_size, "%s: camera '%s': %zu key times, more than a path may hold", r->file,
                 cam->mName.data, count);
        free(ticks);
        return -1;
    }
    cli_affine root = units_and_axes(r);
    for (size_t i = 0; i < count; i++) {
        cli_affine w = root;
        for (size_t d = 0; d < r->depth; d++) {
            cli_affine local = cli_anim_local(r->chain[d], r->channel[d], ticks[i]);
            w = cli_affine_mul(&w, &local);
        }
        cp_key *k = &r->shot->keys[i];
        if (pose(r, cam, &w, ticks[i] / tps, k)) {
            free(ticks);
            return -1;
        }
        /* one sign along the path: each rotation in the hemisphere of the one before */
        if (i > 0 && cp_quat_dot(k->rotation, r->shot->keys[i - 1].rotation) < 0)
            k->rotation = cp_quat_neg(k->rotation);
        k->fov = fov;
    }
    r->shot->count = count;
    free(ticks);
    return 0;
}

/* Whether a glTF file (its JSON, or a GLB's JSON chunk, which comes first)
 * names KHR_animation_pointer: assimp 5.2 reads such a channel as the
 * translation of the first node, silently. Reads as far as a glTF's JSON may go. */
static int uses_animation_pointer(const char *file)
{
    static const char name[] = "KHR_animation_pointer";
    enum { N = sizeof name - 1, CHUNK = 65536 };
    FILE *f = fopen(file, "rb");
    if (!f)
        return 0;
    /* in chunks, each after the last N - 1 bytes of the one before (a name across two) */
    char buf[N - 1 + CHUNK];
    size_t kept = 0, total = 0, got;
    int found = 0;
    while (!found && total < ED_IMPORT_MAX_JSON_BYTES + 28 && (got = fread(buf + kept, 1, CHUNK, f)) > 0) {
        size_t len = kept + got;
        for (size_t i = 0; i + N <= len && !found; i++)
            found = buf[i] == 'K' && memcmp(buf + i, name, N) == 0;
        kept = len < N - 1 ? len : N - 1;
        memmove(buf, buf + len - kept, kept);
        total += got;
    }
    fclose(f);
    return found;
}

int cli_scene_read(const char *file, const char *camera, cli_scene_shot *shot, char *err, size_t err_size)
{
    memset(shot, 0, sizeof *shot);
    /* the editor's budget: what a glTF asks for is counted before assimp reads it,
       and assimp reads only regular files in the scene's folder, for a limited time */
    ed_import_io fs;
    if (ed_import_io_init(&fs, file, NULL, ED_IMPORT_MAX_SECONDS, err, err_size))
        return CLI_SCENE_FAILED;
    if (ed_scan_gltf(file, NULL, err, err_size)) {
        ed_import_io_free(&fs);
        return CLI_SCENE_FAILED;
    }
    if (is_gltf(file) && uses_animation_pointer(file)) {
        snprintf(err, err_size, "%s: it animates with KHR_animation_pointer, which assimp 5.2 reads as the first "
                 "node's translation: read it with campath import-gltf", file);
        ed_import_io_free(&fs);
        return CLI_SCENE_FAILED;
    }
    const struct aiScene *sc = aiImportFileEx(file, aiProcess_ValidateDataStructure, &fs.io);
    if (!sc) {
        const char *reason = aiGetErrorString();
        if (fs.stopped)
            snprintf(err, err_size, "%s: reading took more than %g s, the editor's limit for a scene: stopped", file,
                     fs.seconds);
        else
            snprintf(err, err_size, "%s: %s%s%s", file, reason && *reason ? reason : "assimp cannot read it",
                     fs.refused[0] ? "; refused: " : "", fs.refused);
        ed_import_io_free(&fs);
        return CLI_SCENE_FAILED;
    }
    reader r = {file, sc, NULL, NULL, 0, err, err_size, shot};
    r.chain = malloc(ED_IMPORT_MAX_DEPTH * sizeof *r.chain);
    r.channel = malloc(ED_IMPORT_MAX_DEPTH * sizeof *r.channel);
    int rc = -1;
    if (!r.chain || !r.channel)
        snprintf(err, err_size, "%s: out of memory", file);
    else
        rc = read_camera(&r, camera);
    free(r.chain);
    free(r.channel);
    aiReleaseImport(sc);
    ed_import_io_free(&fs);
    if (rc) {
        cli_scene_shot_free(shot);
        return CLI_SCENE_FAILED;
    }
    return CLI_SCENE_OK;
}

#else /* no assimp in this build */

int cli_scene_read(const char *file, const char *camera, cli_scene_shot *shot, char *err, size_t err_size)
{
    (void)camera;
    memset(shot, 0, sizeof *shot);
    snprintf(err, err_size, "%s: reading scene files is not available in this build of campath (it is built without "
             "assimp)", file);
    return CLI_SCENE_UNAVAILABLE;
}

#endif

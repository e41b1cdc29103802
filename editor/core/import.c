/* editor/core/import.c - a scene file through assimp into the editor's world. */
#include "import.h"

#include <assimp/cimport.h>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "import_io.h"

/* A 4x4 affine transform, row-major like aiMatrix4x4, in doubles. */
typedef struct xform {
    double m[3][4];
} xform;

typedef struct importer {
    const struct aiScene *scene;
    ed_world             *w;
    ed_import_io         *fs;
    const char           *file;
    int                   linear_colors;  /* glTF colour factors are linear: shown as sRGB */
    int                  *material_of;    /* assimp material -> world material */
    ed_import_progress   *progress;
    char                 *err;
    size_t                err_size;
} importer;

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

static xform xform_mul(const xform *a, const struct aiMatrix4x4 *b)
{
    const double bm[3][4] = {{b->a1, b->a2, b->a3, b->a4}, {b->b1, b->b2, b->b3, b->b4}, {b->c1, b->c2, b->c3, b->c4}};
    xform r;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 4; j++)
            r.m[i][j] = a->m[i][0] * bm[0][j] + a->m[i][1] * bm[1][j] + a->m[i][2] * bm[2][j];
        r.m[i][3] += a->m[i][3];
    }
    return r;
}

/* ---- materials and textures --------------------------------------------------------------- */

static float to_srgb(float c)
{
    c = c < 0 ? 0 : c > 1 ? 1 : c;
    return c <= 0.0031308f ? 12.92f * c : 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

/* The texture `path` names: one the scene embeds ("*N" or by its name), or a
 * file beside the scene. -1 when there is none or it may not be read. */
static int add_texture(importer *im, const char *path)
{
    const struct aiScene *sc = im->scene;
    ed_texture t;
    memset(&t, 0, sizeof t);
    const struct aiTexture *emb = NULL;
    if (path[0] == '*') {
        char *end;
        long i = strtol(path + 1, &end, 10);
        if (*end == '\0' && i >= 0 && (unsigned long)i < sc->mNumTextures)
            emb = sc->mTextures[i];
    }
    for (unsigned i = 0; !emb && i < sc->mNumTextures; i++)
        if (sc->mTextures[i]->mFilename.length && strcmp(sc->mTextures[i]->mFilename.data, path) == 0)
            emb = sc->mTextures[i];
    if (emb) {
        if (emb->mHeight == 0) {
            t.size = emb->mWidth;     /* compressed: mWidth is the byte count */
            snprintf(t.hint, sizeof t.hint, "%.*s", (int)sizeof t.hint - 1, emb->achFormatHint);
        } else {
            if (emb->mWidth > ED_WORLD_MAX_TEXTURE_SIZE || emb->mHeight > ED_WORLD_MAX_TEXTURE_SIZE)
                return -1;
            t.width = (int)emb->mWidth;
            t.height = (int)emb->mHeight;
            t.size = (size_t)t.width * t.height * 4;
        }
        if (!(t.data = malloc(t.size ? t.size : 1)))
            return -2;
        if (emb->mHeight == 0) {
            memcpy(t.data, emb->pcData, t.size);
        } else {
            for (size_t i = 0; i < (size_t)t.width * t.height; i++) {
                const struct aiTexel *p = &emb->pcData[i];
                t.data[4 * i] = p->r, t.data[4 * i + 1] = p->g, t.data[4 * i + 2] = p->b, t.data[4 * i + 3] = p->a;
            }
        }
    } else {
        /* a file beside the scene: relative to its folder, and only inside it */
        size_t n = strlen(im->fs->root) + strlen(path) + 2;
        char *joined = malloc(n), why[256];
        if (!joined)
            return -2;
        snprintf(joined, n, "%s/%s", im->fs->root, path);
        for (char *p = joined; *p; p++)
            if (*p == '\\')
                *p = '/';
        t.file = ed_import_io_resolve(im->fs, path[0] == '/' ? path : joined, why, sizeof why);
        free(joined);
        if (!t.file) {
            if (!im->fs->refused[0])
                snprintf(im->fs->refused, sizeof im->fs->refused, "texture %.240s: %.240s", path, why);
            return -1;
        }
    }
    int idx = ed_world_add_texture(im->w, &t);
    return idx < 0 ? -2 : idx;
}

static int convert_materials(importer *im)
{
    const struct aiScene *sc = im->scene;
    im->material_of = calloc(sc->mNumMaterials ? sc->mNumMaterials : 1, sizeof *im->material_of);
    if (!im->material_of)
        return -1;
    for (unsigned i = 0; i < sc->mNumMaterials; i++) {
        const struct aiMaterial *m = sc->mMaterials[i];
        struct aiColor4D c = {1, 1, 1, 1};
        if (aiGetMaterialColor(m, AI_MATKEY_BASE_COLOR, &c) != aiReturn_SUCCESS &&
            aiGetMaterialColor(m, AI_MATKEY_COLOR_DIFFUSE, &c) != aiReturn_SUCCESS)
            c = (struct aiColor4D){0.8f, 0.8f, 0.8f, 1};
        float color[4] = {c.r, c.g, c.b, c.a};
        if (im->linear_colors)
            for (int k = 0; k < 3; k++)
                color[k] = to_srgb(color[k]);
        struct aiString path;
        int tex = -1;
        if (aiGetMaterialTexture(m, aiTextureType_BASE_COLOR, 0, &path, NULL, NULL, NULL, NULL, NULL, NULL) ==
                aiReturn_SUCCESS ||
            aiGetMaterialTexture(m, aiTextureType_DIFFUSE, 0, &path, NULL, NULL, NULL, NULL, NULL, NULL) ==
                aiReturn_SUCCESS)
            tex = add_texture(im, path.data);
        if (tex == -2)
            return -1;
        if ((im->material_of[i] = ed_world_add_material(im->w, color, tex)) < 0)
            return -1;
    }
    return 0;
}

/* ---- meshes --------------------------------------------------------------------------------- */

/* How many triangles and vertices the node tree places (instances counted). */
static void count_instances(const struct aiScene *sc, const struct aiNode *node, unsigned depth, double *tris,
                            double *verts)
{
    if (depth > 1000)
        return;
    for (unsigned i = 0; i < node->mNumMeshes; i++) {
        if (node->mMeshes[i] >= sc->mNumMeshes)
            continue;
        const struct aiMesh *m = sc->mMeshes[node->mMeshes[i]];
        *tris += m->mNumFaces;
        *verts += m->mNumVertices;
    }
    for (unsigned i = 0; i < node->mNumChildren; i++)
        count_instances(sc, node->mChildren[i], depth + 1, tris, verts);
}

static int add_mesh(importer *im, const struct aiMesh *am, const xform *x)
{
    if (!(am->mPrimitiveTypes & aiPrimitiveType_TRIANGLE) || am->mNumVertices == 0)
        return 0;
    size_t tris = 0;
    for (unsigned f = 0; f < am->mNumFaces; f++)
        tris += am->mFaces[f].mNumIndices == 3;
    if (tris == 0)
        return 0;
    int with_uvs = am->mTextureCoords[0] != NULL;
    unsigned mat = am->mMaterialIndex < im->scene->mNumMaterials ? am->mMaterialIndex : 0;
    int material = im->scene->mNumMaterials ? im->material_of[mat] : -1;
    if (material < 0) {
        static const float grey[4] = {0.8f, 0.8f, 0.8f, 1.0f};
        material = ed_world_add_material(im->w, grey, -1);
        if (material < 0)
            return -1;
    }
    ed_mesh *m = ed_world_add_mesh(im->w, material, am->mNumVertices, tris, with_uvs);
    if (!m)
        return -1;
    /* normals go through the cofactor matrix (the inverse transpose up to a factor), so
       that a non-uniform scale keeps them perpendicular to the surface */
    const double (*a)[4] = x->m;
    double cof[3][3] = {
        {a[1][1] * a[2][2] - a[1][2] * a[2][1], a[1][2] * a[2][0] - a[1][0] * a[2][2], a[1][0] * a[2][1] - a[1][1] * a[2][0]},
        {a[0][2] * a[2][1] - a[0][1] * a[2][2], a[0][0] * a[2][2] - a[0][2] * a[2][0], a[0][1] * a[2][0] - a[0][0] * a[2][1]},
        {a[0][1] * a[1][2] - a[0][2] * a[1][1], a[0][2] * a[1][0] - a[0][0] * a[1][2], a[0][0] * a[1][1] - a[0][1] * a[1][0]},
    };
    for (unsigned v = 0; v < am->mNumVertices; v++) {
        const struct aiVector3D p = am->mVertices[v];
        for (int k = 0; k < 3; k++)
            m->positions[3 * v + k] = (float)(a[k][0] * p.x + a[k][1] * p.y + a[k][2] * p.z + a[k][3]);
        double n[3] = {0, 1, 0};
        if (am->mNormals) {
            const struct aiVector3D q = am->mNormals[v];
            for (int k = 0; k < 3; k++)
                n[k] = cof[k][0] * q.x + cof[k][1] * q.y + cof[k][2] * q.z;
        }
        double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        for (int k = 0; k < 3; k++)
            m->normals[3 * v + k] = len > 0 && isfinite(len) ? (float)(n[k] / len) : (k == 1 ? 1.0f : 0.0f);
        if (with_uvs) {
            m->uvs[2 * v] = am->mTextureCoords[0][v].x;
            m->uvs[2 * v + 1] = am->mTextureCoords[0][v].y;
        }
    }
    size_t t = 0;
    for (unsigned f = 0; f < am->mNumFaces; f++) {
        const struct aiFace *face = &am->mFaces[f];
        if (face->mNumIndices != 3)
            continue;
        for (int k = 0; k < 3; k++)
            m->indices[3 * t + k] = face->mIndices[k] < am->mNumVertices ? face->mIndices[k] : 0;
        t++;
    }
    ed_world_mesh_done(im->w, m);
    for (unsigned v = 0; v < 3 * am->mNumVertices; v++)
        if (!isfinite(m->positions[v])) {
            snprintf(im->err, im->err_size, "%s: mesh '%s' has a vertex that is not a finite number", im->file,
                     am->mName.data);
            return -2;
        }
    if (im->progress)
        atomic_fetch_add(&im->progress->meshes_done, 1);
    return 0;
}

static int add_node(importer *im, const struct aiNode *node, const xform *parent, unsigned depth)
{
    if (depth > 1000) {
        snprintf(im->err, im->err_size, "%s: the node tree is more than 1000 levels deep", im->file);
        return -2;
    }
    xform x = xform_mul(parent, &node->mTransformation);
    for (unsigned i = 0; i < node->mNumMeshes; i++) {
        if (node->mMeshes[i] >= im->scene->mNumMeshes)
            continue;
        int rc = add_mesh(im, im->scene->mMeshes[node->mMeshes[i]], &x);
        if (rc)
            return rc;
    }
    for (unsigned i = 0; i < node->mNumChildren; i++) {
        int rc = add_node(im, node->mChildren[i], &x, depth + 1);
        if (rc)
            return rc;
    }
    return 0;
}

/* ---- the import -------------------------------------------------------------------------------- */

static int convert(importer *im, const ed_import_options *o)
{
    const struct aiScene *sc = im->scene;
    double tris = 0, verts = 0;
    if (sc->mRootNode)
        count_instances(sc, sc->mRootNode, 0, &tris, &verts);
    if (tris > ED_WORLD_MAX_TRIANGLES || verts > ED_WORLD_MAX_VERTICES) {
        snprintf(im->err, im->err_size, "%s: %.0f triangles and %.0f vertices, more than the editor takes (%u, %u)",
                 im->file, tris, verts, ED_WORLD_MAX_TRIANGLES, ED_WORLD_MAX_VERTICES);
        return -1;
    }
    if (convert_materials(im)) {
        snprintf(im->err, im->err_size, "%s: out of memory", im->file);
        return -1;
    }
    double s = o && o->scale > 0 ? o->scale : 1.0;
    xform root = {{{s, 0, 0, 0}, {0, s, 0, 0}, {0, 0, s, 0}}};
    if (o && o->z_up) /* +Z up to +Y up: (x, y, z) -> (x, z, -y) */
        root = (xform){{{s, 0, 0, 0}, {0, 0, s, 0}, {0, -s, 0, 0}}};
    int rc = sc->mRootNode ? add_node(im, sc->mRootNode, &root, 0) : 0;
    if (rc == -1)
        snprintf(im->err, im->err_size, "%s: out of memory for %.0f triangles", im->file, tris);
    if (rc == 0 && im->w->triangle_count == 0) {
        snprintf(im->err, im->err_size, "%s: the scene holds no triangles%s%s", im->file,
                 im->fs->refused[0] ? "; refused: " : "", im->fs->refused);
        rc = -1;
    }
    return rc ? -1 : 0;
}

static const struct aiScene *run_assimp(const char *file, ed_import_io *fs)
{
    struct aiPropertyStore *props = aiCreatePropertyStore();
    /* points and lines are dropped; normals are made where missing, smooth below 30 degrees */
    aiSetImportPropertyInteger(props, AI_CONFIG_PP_SBP_REMOVE, aiPrimitiveType_POINT | aiPrimitiveType_LINE);
    aiSetImportPropertyFloat(props, AI_CONFIG_PP_GSN_MAX_SMOOTHING_ANGLE, 30.0f);
    const unsigned flags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_GenSmoothNormals |
                           aiProcess_SortByPType | aiProcess_ValidateDataStructure | aiProcess_FlipUVs;
    const struct aiScene *sc = aiImportFileExWithProperties(file, flags, &fs->io, props);
    aiReleasePropertyStore(props);
    return sc;
}

int ed_import_baseline(const char *file, const ed_import_options *options, char *err, size_t err_size)
{
    (void)options; /* axes and scale are applied after assimp, in the conversion */
    ed_import_io fs;
    if (ed_import_io_init(&fs, file, NULL, err, err_size))
        return -1;
    const struct aiScene *sc = run_assimp(file, &fs);
    if (!sc)
        snprintf(err, err_size, "%s: %s", file, aiGetErrorString());
    aiReleaseImport(sc);
    ed_import_io_free(&fs);
    return sc ? 0 : -1;
}

int ed_import_world(ed_world *world, const char *file, const ed_import_options *options,
                    ed_import_progress *progress, char *err, size_t err_size)
{
    ed_world_init(world);
    struct stat st;
    if (stat(file, &st) != 0) {
        snprintf(err, err_size, "%s: %s", file, strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, err_size, "%s: not a regular file", file);
        return -1;
    }
    if (options && !(options->scale >= 0 && options->scale <= 1e6)) {
        snprintf(err, err_size, "%s: the scale %g is outside 0..1e6", file, options->scale);
        return -1;
    }
    if (progress)
        atomic_store(&progress->total, (long long)st.st_size);
    ed_import_io fs;
    if (ed_import_io_init(&fs, file, progress, err, err_size))
        return -1;
    const struct aiScene *sc = run_assimp(file, &fs);
    int rc = 0;
    if (!sc) {
        const char *why = aiGetErrorString();
        snprintf(err, err_size, "%s: %s%s%s", file, why && *why ? why : "the importer gave no reason",
                 fs.refused[0] ? "; refused: " : "", fs.refused);
        rc = -1;
    } else {
        if (progress) {
            atomic_store(&progress->stage, ED_IMPORT_CONVERTING);
            atomic_store(&progress->meshes_total, (long long)sc->mNumMeshes);
        }
        importer im = {sc, world, &fs, file, ends_with(file, ".gltf") || ends_with(file, ".glb"), NULL, progress,
                       err, err_size};
        rc = convert(&im, options);
        free(im.material_of);
        aiReleaseImport(sc);
    }
    if (rc == 0 && !(world->source = malloc(strlen(file) + 1))) {
        snprintf(err, err_size, "%s: out of memory", file);
        rc = -1;
    }
    if (rc == 0)
        strcpy(world->source, file);
    else
        ed_world_free(world);
    ed_import_io_free(&fs);
    if (progress)
        atomic_store(&progress->stage, ED_IMPORT_DONE);
    return rc;
}

/* SPDX-License-Identifier: MIT */
/* editor/core/import.c - a scene file through assimp into the editor's world. */
#include "import.h"

#include <assimp/cimport.h>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "image.h"
#include "import_io.h"
#include "os.h"
#include "scan.h"

/* A 4x4 affine transform, row-major like aiMatrix4x4, in doubles. */
typedef struct xform {
    double m[3][4];
} xform;

/* A texture already made, by the name the scene gives it (an open-addressing table). */
typedef struct texture_slot {
    char *name;
    int   index;    /* into the world's textures, or -1: none */
} texture_slot;

typedef struct importer {
    const struct aiScene *scene;
    ed_world             *w;
    ed_import_io         *fs;
    const char           *file;
    int                   linear_colors;  /* glTF colour factors are linear: shown as sRGB */
    int                  *material_of;    /* assimp material -> world material */
    texture_slot         *made;           /* textures made so far, by name */
    size_t                made_cap;       /* a power of two */
    double                texels;         /* pixels of all textures so far */
    ed_import_progress   *progress;
    char                 *err;
    size_t                err_size;
    int                   left_out;       /* textures not there or outside the folder */
    char                  first_left_out[420];
} importer;

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && ed_os_casecmp(s + n - m, suffix) == 0;
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

/* Whether a texture of w x h pixels keeps the scene within its budget
 * (world.h): -1 with the message in im->err when it does not. */
static int texture_budget(importer *im, const char *name, long long w, long long h)
{
    if (w > ED_WORLD_MAX_TEXTURE_SIZE || h > ED_WORLD_MAX_TEXTURE_SIZE) {
        snprintf(im->err, im->err_size, "%s: texture %s is %lld x %lld pixels, over the editor's limit of %d pixels a side",
                 im->file, name, w, h, ED_WORLD_MAX_TEXTURE_SIZE);
        return -1;
    }
    im->texels += (double)w * (double)h;
    if (im->texels > ED_WORLD_MAX_TEXELS) {
        snprintf(im->err, im->err_size,
                 "%s: texture %s brings the scene's textures to %.0f pixels (%.0f MB as RGBA), over the editor's limit "
                 "of %u pixels (%u MB)", im->file, name, im->texels, im->texels * 4 / (1024.0 * 1024.0),
                 ED_WORLD_MAX_TEXELS, ED_WORLD_MAX_TEXELS / (256u * 1024u));
        return -1;
    }
    return 0;
}

/* The size and format of an encoded image, from its header (image.h), checked
 * against the budget. One whose header does not read is kept without a
 * format: the front end leaves it out and says why. */
static int encoded_texture(importer *im, ed_texture *t, const char *name)
{
    ed_image_info info;
    char why[256];
    int rc = t->file ? ed_image_info_file(t->file, &info, why, sizeof why)
                     : ed_image_info_memory(t->data, t->size, t->hint, &info, why, sizeof why);
    if (rc != 0)
        return 0;
    if (texture_budget(im, name, info.width, info.height))
        return -1;
    t->width = (int)info.width;
    t->height = (int)info.height;
    snprintf(t->format, sizeof t->format, "%s", ed_image_format_name(info.format));
    return 0;
}

/* The texture `path` names, made: one the scene embeds ("*N" or by its
 * name), or a file beside the scene. -1 when there is none or it may not be
 * read; -2 (with im->err) when it is over the budget or out of memory. */
static int make_texture(importer *im, const char *path)
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
    if (emb && emb->mHeight != 0) {
        /* raw texels */
        if (texture_budget(im, path, emb->mWidth, emb->mHeight))
            return -2;
        t.raw = 1;
        t.width = (int)emb->mWidth;
        t.height = (int)emb->mHeight;
        t.size = (size_t)t.width * t.height * 4;
        if (!(t.data = malloc(t.size ? t.size : 1)))
            goto oom;
        for (size_t i = 0; i < (size_t)t.width * t.height; i++) {
            const struct aiTexel *p = &emb->pcData[i];
            t.data[4 * i] = p->r, t.data[4 * i + 1] = p->g, t.data[4 * i + 2] = p->b, t.data[4 * i + 3] = p->a;
        }
    } else if (emb) {
        t.size = emb->mWidth; /* compressed: mWidth is the byte count */
        snprintf(t.hint, sizeof t.hint, "%.*s", (int)sizeof t.hint - 1, emb->achFormatHint);
        if (!(t.data = malloc(t.size ? t.size : 1)))
            goto oom;
        memcpy(t.data, emb->pcData, t.size);
    } else {
        /* a file beside the scene: relative to its folder, and only inside it */
        size_t n = strlen(im->fs->root) + strlen(path) + 2;
        char *joined = malloc(n), why[256];
        if (!joined)
            goto oom;
        snprintf(joined, n, "%s/%s", im->fs->root, path);
        for (char *p = joined; *p; p++)
            if (*p == '\\')
                *p = '/';
        t.file = ed_import_io_resolve(im->fs, path[0] == '/' ? path : joined, why, sizeof why);
        free(joined);
        if (!t.file) {
            if (!im->fs->refused[0])
                snprintf(im->fs->refused, sizeof im->fs->refused, "texture %.240s: %.240s", path, why);
            if (im->left_out++ == 0)
                snprintf(im->first_left_out, sizeof im->first_left_out, "%.200s: %.200s", path, why);
            return -1;
        }
    }
    if (!t.raw && encoded_texture(im, &t, path)) {
        free(t.file);
        free(t.data);
        return -2;
    }
    int idx = ed_world_add_texture(im->w, &t);
    if (idx >= 0)
        return idx;
oom:
    free(t.file);
    free(t.data);
    snprintf(im->err, im->err_size, "%s: out of memory", im->file);
    return -2;
}

/* The texture `path` names, made once however many materials name it. */
static int add_texture(importer *im, const char *path)
{
    unsigned long h = 2166136261u; /* FNV-1a */
    for (const char *p = path; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    size_t i = h & (im->made_cap - 1);
    while (im->made[i].name && strcmp(im->made[i].name, path) != 0)
        i = (i + 1) & (im->made_cap - 1);
    if (im->made[i].name)
        return im->made[i].index;
    int idx = make_texture(im, path);
    if (idx == -2)
        return -2;
    if (!(im->made[i].name = ed_os_strdup(path))) {
        snprintf(im->err, im->err_size, "%s: out of memory", im->file);
        return -2;
    }
    im->made[i].index = idx;
    return idx;
}

static int convert_materials(importer *im)
{
    const struct aiScene *sc = im->scene;
    im->material_of = calloc(sc->mNumMaterials ? sc->mNumMaterials : 1, sizeof *im->material_of);
    /* at most one texture per material: a table twice that size */
    im->made_cap = 16;
    while (im->made_cap < 2 * (size_t)sc->mNumMaterials)
        im->made_cap *= 2;
    im->made = calloc(im->made_cap, sizeof *im->made);
    if (!im->material_of || !im->made) {
        snprintf(im->err, im->err_size, "%s: out of memory", im->file);
        return -1;
    }
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
        if ((im->material_of[i] = ed_world_add_material(im->w, color, tex)) < 0) {
            snprintf(im->err, im->err_size, "%s: out of memory", im->file);
            return -1;
        }
    }
    return 0;
}

/* ---- meshes --------------------------------------------------------------------------------- */

/* What the node tree places (instances counted). */
typedef struct placed {
    double meshes, triangles, vertices;
} placed;

static void count_instances(const struct aiScene *sc, const struct aiNode *node, unsigned depth, placed *c)
{
    if (depth > ED_IMPORT_MAX_DEPTH)
        return; /* add_node refuses it */
    for (unsigned i = 0; i < node->mNumMeshes; i++) {
        if (node->mMeshes[i] >= sc->mNumMeshes)
            continue;
        const struct aiMesh *m = sc->mMeshes[node->mMeshes[i]];
        c->meshes++;
        c->triangles += m->mNumFaces;
        c->vertices += m->mNormals ? (double)m->mNumVertices : 3.0 * m->mNumFaces; /* flat: a vertex per corner */
    }
    for (unsigned i = 0; i < node->mNumChildren; i++)
        count_instances(sc, node->mChildren[i], depth + 1, c);
}

static void transform_point(const xform *x, const struct aiVector3D *p, float *out)
{
    for (int k = 0; k < 3; k++)
        out[k] = (float)(x->m[k][0] * p->x + x->m[k][1] * p->y + x->m[k][2] * p->z + x->m[k][3]);
}

/* A mesh without normals with flat ones: each triangle's corners are
 * vertices of their own, with the triangle's normal (in world space: the
 * cross product of the transformed edges, which a mirroring node turns with
 * the winding). */
static void add_flat(ed_mesh *m, const struct aiMesh *am, const xform *x, int with_uvs)
{
    size_t t = 0;
    for (unsigned f = 0; f < am->mNumFaces; f++) {
        const struct aiFace *face = &am->mFaces[f];
        if (face->mNumIndices != 3)
            continue;
        float *p = m->positions + 9 * t;
        for (int k = 0; k < 3; k++) {
            unsigned v = face->mIndices[k] < am->mNumVertices ? face->mIndices[k] : 0;
            transform_point(x, &am->mVertices[v], p + 3 * k);
            if (with_uvs) {
                m->uvs[6 * t + 2 * k] = am->mTextureCoords[0][v].x;
                m->uvs[6 * t + 2 * k + 1] = am->mTextureCoords[0][v].y;
            }
            m->indices[3 * t + k] = (unsigned)(3 * t + (size_t)k);
        }
        double e1[3], e2[3];
        for (int k = 0; k < 3; k++)
            e1[k] = (double)p[3 + k] - p[k], e2[k] = (double)p[6 + k] - p[k];
        double n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
        double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        for (int c = 0; c < 3; c++)
            for (int k = 0; k < 3; k++)
                m->normals[9 * t + 3 * c + k] = len > 0 && isfinite(len) ? (float)(n[k] / len) : (k == 1 ? 1.0f : 0.0f);
        t++;
    }
}

/* After a mesh is filled: its vertices are finite numbers, and it counts. */
static int mesh_done(importer *im, const struct aiMesh *am, const ed_mesh *m)
{
    for (size_t v = 0; v < 3 * m->vertex_count; v++)
        if (!isfinite(m->positions[v])) {
            snprintf(im->err, im->err_size, "%s: mesh '%s' has a vertex that is not a finite number", im->file,
                     am->mName.data);
            return -2;
        }
    if (im->progress)
        atomic_fetch_add(&im->progress->meshes_done, 1);
    return 0;
}

/* 0, -1 out of memory, -2 with the message in im->err, -3 stopped (cancelled or late). */
static int add_mesh(importer *im, const struct aiMesh *am, const xform *x)
{
    if (ed_import_io_stopped(im->fs))
        return -3;
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
    /* glTF without normals asks for flat ones (its spec says so): every corner its own vertex */
    int flat = !am->mNormals;
    ed_mesh *m = ed_world_add_mesh(im->w, material, flat ? 3 * tris : am->mNumVertices, tris, with_uvs);
    if (!m)
        return -1;
    if (flat) {
        add_flat(m, am, x, with_uvs);
        ed_world_mesh_done(im->w, m);
        return mesh_done(im, am, m);
    }
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
    return mesh_done(im, am, m);
}

static int add_node(importer *im, const struct aiNode *node, const xform *parent, unsigned depth, int parent_node)
{
    if (depth > ED_IMPORT_MAX_DEPTH) {
        snprintf(im->err, im->err_size, "%s: the node tree is more than %d levels deep, the editor's limit", im->file,
                 ED_IMPORT_MAX_DEPTH);
        return -2;
    }
    xform x = xform_mul(parent, &node->mTransformation);
    /* by its name, so that the path file can hide it ("hidden") */
    int self = ed_world_add_node(im->w, node->mName.data, parent_node);
    if (self < 0)
        return -1;
    for (unsigned i = 0; i < node->mNumMeshes; i++) {
        if (node->mMeshes[i] >= im->scene->mNumMeshes)
            continue;
        size_t before = im->w->mesh_count;
        int rc = add_mesh(im, im->scene->mMeshes[node->mMeshes[i]], &x);
        if (rc)
            return rc;
        for (size_t m = before; m < im->w->mesh_count; m++)
            im->w->meshes[m].node = self;
    }
    for (unsigned i = 0; i < node->mNumChildren; i++) {
        int rc = add_node(im, node->mChildren[i], &x, depth + 1, self);
        if (rc)
            return rc;
    }
    return 0;
}

/* ---- the import -------------------------------------------------------------------------------- */

static void stopped_message(const ed_import_io *fs, const char *file, char *err, size_t err_size)
{
    if (fs->stopped == ED_IMPORT_IO_CANCELLED)
        snprintf(err, err_size, "%s: loading cancelled", file);
    else
        snprintf(err, err_size, "%s: loading took more than %g s, the editor's limit for a scene: stopped", file,
                 fs->seconds);
}

/* ---- units and axes ------------------------------------------------------------------------- */

/* What a COLLADA file declares in its <asset>: assimp applies its <unit> and
 * <up_axis> itself (the scene comes out in metres, +Y up), so the editor
 * only needs to know that it did. */
static void collada_declares(const char *file, int *unit, int *up)
{
    *unit = *up = 0;
    enum { HEAD = 65536 };
    FILE *f = fopen(file, "rb");
    char *head = malloc(HEAD);
    if (!f || !head) {
        if (f)
            fclose(f);
        free(head);
        return;
    }
    size_t n = fread(head, 1, HEAD - 1, f);
    fclose(f);
    head[n] = '\0';
    char *end = strstr(head, "</asset>");
    if (end)
        *end = '\0';
    *unit = strstr(head, "<unit") != NULL;
    *up = strstr(head, "<up_axis>") != NULL;
    free(head);
}

static void add_note(char *note, size_t size, const char *text)
{
    size_t n = strlen(note);
    snprintf(note + n, size - n, "%s%s", n ? "; " : "", text);
}

/* The scene's root transform: metres and +Y up. What the file declares (its
 * unit and up axis: FBX's UnitScaleFactor and UpAxis, COLLADA's <unit> and
 * <up_axis>) is respected; the options say it only for a file that does not. */
static void units_and_axes(importer *im, const ed_import_options *o, xform *root)
{
    const struct aiScene *sc = im->scene;
    double s = o && o->scale > 0 ? o->scale : 1.0;
    int up = o && o->z_up ? 2 : 1, sign = 1; /* the source's up axis: 0 X, 1 Y, 2 Z */
    int declared_unit = 0, declared_up = 0;
    char text[256];
    const int declared = ed_import_declared(sc, &s, &up, &sign);
    if (declared & 1) { /* FBX: centimetres per unit */
        declared_unit = 1;
        snprintf(text, sizeof text, "1 unit = %g m, as the file declares", s);
        add_note(im->w->note, sizeof im->w->note, text);
    }
    if (declared & 2) {
        declared_up = 1;
        snprintf(text, sizeof text, "%c%c up, as the file declares", sign < 0 ? '-' : '+', "XYZ"[up]);
        add_note(im->w->note, sizeof im->w->note, text);
    }
    if (ends_with(im->file, ".dae")) {
        int unit, axis;
        collada_declares(im->file, &unit, &axis);
        if (unit) /* assimp has applied it */
            declared_unit = 1, s = 1;
        if (axis)
            declared_up = 1, up = 1, sign = 1;
        if (unit || axis)
            add_note(im->w->note, sizeof im->w->note,
                     unit && axis ? "its unit and up axis as the file declares"
                     : unit       ? "its unit as the file declares"
                                  : "its up axis as the file declares");
    }
    if (declared_unit && o && o->scale > 0 && o->scale != 1)
        add_note(im->w->note, sizeof im->w->note, "the file declares its unit: the scale option is not applied");
    if (declared_up && o && o->z_up)
        add_note(im->w->note, sizeof im->w->note, "the file declares its up axis: z-up is not applied");
    /* rows: where the source's x, y, z go, so that its up axis becomes +Y */
    double r[3][3];
    ed_import_up_rows(up, sign, r);
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            root->m[i][j] = s * r[i][j];
        root->m[i][3] = 0;
    }
}

static int convert(importer *im, const ed_import_options *o)
{
    const struct aiScene *sc = im->scene;
    placed n = {0, 0, 0};
    if (sc->mRootNode)
        count_instances(sc, sc->mRootNode, 0, &n);
    if (n.meshes > ED_WORLD_MAX_MESHES) {
        snprintf(im->err, im->err_size, "%s: the nodes place %.0f meshes, over the editor's limit of %u", im->file,
                 n.meshes, ED_WORLD_MAX_MESHES);
        return -1;
    }
    if (n.triangles > ED_WORLD_MAX_TRIANGLES || n.vertices > ED_WORLD_MAX_VERTICES) {
        snprintf(im->err, im->err_size,
                 "%s: %.0f triangles and %.0f vertices, over the editor's limit of %u triangles and %u vertices",
                 im->file, n.triangles, n.vertices, ED_WORLD_MAX_TRIANGLES, ED_WORLD_MAX_VERTICES);
        return -1;
    }
    if (convert_materials(im))
        return -1;
    xform root;
    units_and_axes(im, o, &root);
    int rc = sc->mRootNode ? add_node(im, sc->mRootNode, &root, 0, -1) : 0;
    if (rc == -1)
        snprintf(im->err, im->err_size, "%s: out of memory for %.0f triangles", im->file, n.triangles);
    if (rc == -3)
        stopped_message(im->fs, im->file, im->err, im->err_size);
    if (im->left_out) {
        char text[600];
        if (im->left_out == 1)
            snprintf(text, sizeof text, "a texture was left out: %s", im->first_left_out);
        else
            snprintf(text, sizeof text, "%d textures were left out, the first: %s", im->left_out, im->first_left_out);
        add_note(im->w->note, sizeof im->w->note, text);
    }
    if (rc == 0 && im->w->triangle_count == 0) {
        snprintf(im->err, im->err_size, "%s: the scene holds no triangles%s%s", im->file,
                 im->fs->refused[0] ? "; refused: " : "", im->fs->refused);
        rc = -1;
    }
    return rc ? -1 : 0;
}

static int is_gltf(const char *file)
{
    return ends_with(file, ".gltf") || ends_with(file, ".glb");
}

static const struct aiScene *run_assimp(const char *file, ed_import_io *fs)
{
    struct aiPropertyStore *props = aiCreatePropertyStore();
    /* points and lines are dropped; normals are made where missing, smooth below 30 degrees
       (assimp's rule for its formats), except in glTF, whose spec asks for flat ones: the
       conversion makes those (add_flat) */
    aiSetImportPropertyInteger(props, AI_CONFIG_PP_SBP_REMOVE, aiPrimitiveType_POINT | aiPrimitiveType_LINE);
    aiSetImportPropertyFloat(props, AI_CONFIG_PP_GSN_MAX_SMOOTHING_ANGLE, 30.0f);
    const unsigned flags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                           (is_gltf(file) ? 0u : (unsigned)aiProcess_GenSmoothNormals) | aiProcess_SortByPType |
                           aiProcess_ValidateDataStructure | aiProcess_FlipUVs;
    const struct aiScene *sc = aiImportFileExWithProperties(file, flags, &fs->io, props);
    aiReleasePropertyStore(props);
    return sc;
}

static double seconds_of(const ed_import_options *o)
{
    return o && o->max_seconds > 0 ? o->max_seconds : ED_IMPORT_MAX_SECONDS;
}

int ed_import_baseline(const char *file, const ed_import_options *options, char *err, size_t err_size)
{
    /* axes and scale are applied after assimp, in the conversion; the budget holds here too */
    ed_import_io fs;
    if (ed_scan_gltf(file, NULL, err, err_size) || ed_import_io_init(&fs, file, NULL, seconds_of(options), err, err_size))
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
    unsigned long long size = 0;
    char reason[256];
    if (ed_os_regular_size(file, &size, reason, sizeof reason) != 0) {
        snprintf(err, err_size, "%s: %s", file, reason);
        return -1;
    }
    if (options && !(options->scale >= 0 && options->scale <= 1e6)) {
        snprintf(err, err_size, "%s: the scale %g is outside 0..1e6", file, options->scale);
        return -1;
    }
    if (progress)
        atomic_store(&progress->total, (long long)size);
    ed_import_io fs;
    if (ed_import_io_init(&fs, file, progress, seconds_of(options), err, err_size))
        return -1;
    /* what a glTF asks for, counted before assimp allocates for it */
    if (ed_scan_gltf(file, NULL, err, err_size)) {
        ed_import_io_free(&fs);
        if (progress)
            atomic_store(&progress->stage, ED_IMPORT_DONE);
        return -1;
    }
    const struct aiScene *sc = run_assimp(file, &fs);
    int rc = 0;
    if (!sc && fs.stopped) {
        stopped_message(&fs, file, err, err_size);
        rc = -1;
    } else if (!sc) {
        const char *why = aiGetErrorString();
        snprintf(err, err_size, "%s: %s%s%s", file, why && *why ? why : "the importer gave no reason",
                 fs.refused[0] ? "; refused: " : "", fs.refused);
        rc = -1;
    } else {
        if (progress) {
            atomic_store(&progress->stage, ED_IMPORT_CONVERTING);
            atomic_store(&progress->meshes_total, (long long)sc->mNumMeshes);
        }
        importer im = {sc, world, &fs, file, is_gltf(file), NULL, NULL, 0, 0,
                       progress, err, err_size, 0, ""};
        rc = convert(&im, options);
        free(im.material_of);
        for (size_t i = 0; im.made && i < im.made_cap; i++)
            free(im.made[i].name);
        free(im.made);
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

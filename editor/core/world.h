/* SPDX-License-Identifier: MIT */
/* editor/core/world.h - the world the camera flies through, as plain data:
 * meshes of triangles in world space (metres, +Y up), each with one
 * material (a base colour and maybe a base-colour texture), and a few
 * lines (the demo's ground grid). The built-in demo town (scene.c) and an
 * imported scene (import.c) are the same kind of thing, so the renderer and
 * the clearance check see no difference between them.
 *
 * Nothing here knows SDL or OpenGL: textures are kept as a file name or as
 * the encoded bytes the scene embeds, and the front end decodes them.
 */
#ifndef ED_WORLD_H
#define ED_WORLD_H

#include <stddef.h>

#include "campath/math.h"

/* Hard limits (part of a scene's budget, import.h): a scene beyond them is
 * refused with a message saying so. */
#define ED_WORLD_MAX_TRIANGLES 10000000u           /* in all meshes */
#define ED_WORLD_MAX_VERTICES 20000000u
#define ED_WORLD_MAX_MESHES 100000u                /* mesh instances: one per draw */
#define ED_WORLD_MAX_TEXTURE_SIZE 8192             /* pixels, either side */
#define ED_WORLD_MAX_TEXELS (128u * 1024u * 1024u) /* pixels of all textures: 512 MB as RGBA */

typedef struct ed_rgba {
    unsigned char r, g, b, a;
} ed_rgba;

/* A base-colour texture: one of `file` (an image file to decode) or `data`
 * (the encoded image the scene embeds, `size` bytes, or raw RGBA8 pixels
 * when `raw` is set). */
typedef struct ed_texture {
    char          *file;
    unsigned char *data;
    size_t         size;
    int            raw;             /* data is width * height RGBA8 pixels */
    int            width, height;   /* pixels: of the raw data, or as the encoded image's header says (0: unread) */
    char           format[4];       /* encoded: "PNG", "JPG", "BMP", "TGA" as its header says (image.h), or "" */
    char           hint[8];         /* "png", "jpg"...: the format the scene names, or "" */
} ed_texture;

typedef struct ed_material {
    float color[4];   /* base colour, sRGB-encoded 0..1, multiplied with the texture */
    int   texture;    /* index into textures, or -1 */
} ed_material;

/* Triangles in world space. Normals are per vertex (unit length); uvs may
 * be NULL (then the material's texture is not used). */
typedef struct ed_mesh {
    float    *positions;    /* 3 per vertex */
    float    *normals;      /* 3 per vertex */
    float    *uvs;          /* 2 per vertex, or NULL */
    unsigned *indices;      /* 3 per triangle */
    size_t    vertex_count, triangle_count;
    int       material;
    float     lo[3], hi[3]; /* bounding box */
} ed_mesh;

typedef struct ed_world_line {
    cp_vec3 a, b;
    ed_rgba color;
} ed_world_line;

typedef struct ed_world {
    ed_mesh       *meshes;
    size_t         mesh_count, mesh_cap;
    ed_material   *materials;
    size_t         material_count, material_cap;
    ed_texture    *textures;
    size_t         texture_count, texture_cap;
    ed_world_line *lines;
    size_t         line_count, line_cap;
    size_t         triangle_count, vertex_count;   /* in all meshes */
    double         lo[3], hi[3];                   /* bounds of everything (0 when empty) */
    ed_rgba        sky;
    char          *source;    /* the scene file it came from (malloc'd), or NULL for the demo */
} ed_world;

/* An empty world (a sky colour, nothing else). */
void ed_world_init(ed_world *w);
/* Frees everything and leaves an empty world. */
void ed_world_free(ed_world *w);

/* Adds a material; its index, or -1 if out of memory. */
int ed_world_add_material(ed_world *w, const float color[4], int texture);
/* Adds a texture (moved in: the caller's pointers are owned by the world
 * from now on, also on failure). Its index, or -1 if out of memory. */
int ed_world_add_texture(ed_world *w, ed_texture *t);
/* Adds an empty mesh for `material` with room for the counts given
 * (positions, normals, indices; uvs when with_uvs); NULL if out of memory.
 * The caller fills the arrays and then calls ed_world_mesh_done. */
ed_mesh *ed_world_add_mesh(ed_world *w, int material, size_t vertices, size_t triangles, int with_uvs);
/* Updates the mesh's box and the world's totals and bounds. */
void ed_world_mesh_done(ed_world *w, ed_mesh *m);
int ed_world_add_line(ed_world *w, cp_vec3 a, cp_vec3 b, ed_rgba color);

/* The size of the world: the length of its bounding box's diagonal
 * (at least 1 m), and its centre. */
double ed_world_size(const ed_world *w);
cp_vec3 ed_world_centre(const ed_world *w);

/* Bytes of memory the world's arrays take (for the benchmark's report). */
size_t ed_world_bytes(const ed_world *w);

#endif /* ED_WORLD_H */

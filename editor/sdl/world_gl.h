/* SPDX-License-Identifier: MIT */
/* editor/sdl/world_gl.h - the world on the GPU: each mesh in a vertex and an
 * index buffer, each material's texture decoded (SDL2_image) and uploaded
 * once, drawn with a depth buffer and a fixed sun, meshes outside the view
 * skipped by their bounding boxes.
 */
#ifndef ED_WORLD_GL_H
#define ED_WORLD_GL_H

#include <stddef.h>

#include "gl.h"
#include "world.h"

typedef struct ed_world_gl_mesh {
    GLuint vao, vbo, ibo;
    GLsizei index_count;
    int     material;
    float   lo[3], hi[3];
} ed_world_gl_mesh;

typedef struct ed_world_gl {
    GLuint            program;
    GLint             u_vp, u_eye, u_color, u_tex, u_has_tex;
    ed_world_gl_mesh *meshes;
    size_t            mesh_count;
    GLuint           *textures;     /* per world texture; 0 where it could not be decoded */
    size_t            texture_count;
    float           (*colors)[4];   /* per material */
    int              *material_texture;
    size_t            material_count;
    GLuint            line_vao, line_vbo; /* the world's lines (the demo's grid) */
    GLsizei           line_count;
    unsigned long     serial;       /* the world it holds (0: none) */
    size_t            gpu_bytes;    /* buffers and textures, for the benchmark */
    size_t            drawn_triangles;  /* in the last ed_world_gl_draw */
} ed_world_gl;

/* Compiles the world's shader. 0, or -1 with a reason. */
int ed_world_gl_init(ed_world_gl *g, char *err, size_t err_size);
void ed_world_gl_free(ed_world_gl *g);

/* Uploads `w` (replacing what was there) and tags it with serial. Textures
 * that do not decode are left out and named in `warn` (may be NULL); the
 * material's colour stays. 0, or -1 when the GPU is out of memory. */
int ed_world_gl_upload(ed_world_gl *g, const ed_world *w, unsigned long serial, char *warn, size_t warn_size);

/* Draws the meshes in view with the view-projection `vp` (column-major) seen
 * from `eye`; depth test and writes on. */
void ed_world_gl_draw(ed_world_gl *g, const float vp[16], const float eye[3]);

#endif /* ED_WORLD_GL_H */

/* SPDX-License-Identifier: MIT */
/* editor/sdl/dof.c - the shot's depth of field: a gather blur by the depth buffer. */
#include "dof.h"

#include <math.h>
#include <string.h>

/* a triangle that covers the viewport, from the vertex index alone */
static const char vs[] = "#version 330 core\n"
                         "void main() {\n"
                         "    vec2 p = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);\n"
                         "    gl_Position = vec4(p, 0.0, 1.0);\n"
                         "}\n";

static const char fs[] =
    "#version 330 core\n"
    "uniform sampler2D u_color, u_depth;\n"
    "uniform ivec2 u_origin;\n"
    "uniform float u_focus, u_scale, u_max, u_near, u_far;\n"
    "const int TAPS = 32;\n" /* ED_DOF_TAPS */
    "uniform vec2 u_taps[TAPS];\n"  /* the spiral for a radius of 1 (tap 0 the centre) */
    "out vec4 frag;\n"
    /* the distance along the view from the depth buffer's value (the projection's inverse) */
    "float dist(ivec2 p) {\n"
    "    float z = 2.0 * texelFetch(u_depth, p, 0).r - 1.0;\n"
    "    return 2.0 * u_near * u_far / (u_far + u_near - z * (u_far - u_near));\n"
    "}\n"
    "float radius(float d) { return min(u_scale * abs(d - u_focus) / d, u_max); }\n"
    "void main() {\n"
    "    ivec2 size = textureSize(u_color, 0);\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy) - u_origin;\n"
    "    float dc = dist(p), rc = radius(dc);\n"
    "    vec3 sum = texelFetch(u_color, p, 0).rgb;\n"
    "    float wsum = 1.0;\n"
    "    if (rc >= 0.5) {\n"
    "        for (int i = 1; i < TAPS; i++) {\n"
    "            vec2 o = rc * u_taps[i];\n"
    "            float r = length(o);\n"
    "            ivec2 q = clamp(p + ivec2(round(o)), ivec2(0), size - 1);\n"
    "            float dt = dist(q), rt = radius(dt);\n"
    "            float reach = dt > dc ? min(rt, rc) : rt;\n"
    "            float w = clamp(reach - r + 1.0, 0.0, 1.0);\n"
    "            sum += w * texelFetch(u_color, q, 0).rgb;\n"
    "            wsum += w;\n"
    "        }\n"
    "    }\n"
    "    frag = vec4(sum / wsum, 1.0);\n"
    "}\n";

int ed_dof_init(ed_dof *d, char *err, size_t err_size)
{
    memset(d, 0, sizeof *d);
    if (ed_gl_program(vs, fs, &d->prog, err, err_size) != 0)
        return -1;
    d->u_color = glGetUniformLocation(d->prog, "u_color");
    d->u_depth = glGetUniformLocation(d->prog, "u_depth");
    d->u_origin = glGetUniformLocation(d->prog, "u_origin");
    d->u_focus = glGetUniformLocation(d->prog, "u_focus");
    d->u_scale = glGetUniformLocation(d->prog, "u_scale");
    d->u_max = glGetUniformLocation(d->prog, "u_max");
    d->u_near = glGetUniformLocation(d->prog, "u_near");
    d->u_far = glGetUniformLocation(d->prog, "u_far");
    /* the taps: i at radius sqrt(i / 32) of the blur's, turned by the golden angle each */
    float taps[2 * ED_DOF_TAPS];
    for (int i = 0; i < ED_DOF_TAPS; i++) {
        double r = sqrt((double)i / ED_DOF_TAPS), a = 2.39996323 * i;
        taps[2 * i] = (float)(r * cos(a)), taps[2 * i + 1] = (float)(r * sin(a));
    }
    glUseProgram(d->prog);
    glUniform2fv(glGetUniformLocation(d->prog, "u_taps"), ED_DOF_TAPS, taps);
    glUseProgram(0);
    glGenVertexArrays(1, &d->vao);
    return 0;
}

static void free_target(ed_dof *d)
{
    if (d->fbo)
        glDeleteFramebuffers(1, &d->fbo);
    if (d->color)
        glDeleteTextures(1, &d->color);
    if (d->depth)
        glDeleteTextures(1, &d->depth);
    d->fbo = d->color = d->depth = 0;
    d->w = d->h = 0;
}

void ed_dof_free(ed_dof *d)
{
    free_target(d);
    if (d->prog)
        glDeleteProgram(d->prog);
    if (d->vao)
        glDeleteVertexArrays(1, &d->vao);
    memset(d, 0, sizeof *d);
}

static GLuint texture(GLint internal, int w, int h, GLenum format, GLenum type)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, internal, w, h, 0, format, type, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    return t;
}

int ed_dof_begin(ed_dof *d, int w, int h)
{
    if (!d->prog || w <= 0 || h <= 0)
        return -1;
    if (!d->fbo || d->w != w || d->h != h) {
        free_target(d);
        GLint max = 0;
        glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max);
        if (w > max || h > max)
            return -1;
        d->color = texture(GL_RGBA8, w, h, GL_RGBA, GL_UNSIGNED_BYTE);
        d->depth = texture(GL_DEPTH_COMPONENT24, w, h, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT);
        glGenFramebuffers(1, &d->fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, d->fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, d->color, 0);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, d->depth, 0);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
            free_target(d);
            return -1;
        }
        d->w = w, d->h = h;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, d->fbo);
    return 0;
}

void ed_dof_end(ed_dof *d, GLuint into, int x, int y, const ed_lens *lens, double near, double far)
{
    glBindFramebuffer(GL_FRAMEBUFFER, into);
    glViewport(x, y, d->w, d->h);
    GLboolean depth_test = glIsEnabled(GL_DEPTH_TEST), blend = glIsEnabled(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glUseProgram(d->prog);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, d->color);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, d->depth);
    glUniform1i(d->u_color, 0);
    glUniform1i(d->u_depth, 1);
    glUniform2i(d->u_origin, x, y);
    glUniform1f(d->u_focus, (float)lens->focus);
    glUniform1f(d->u_scale, (float)ed_lens_blur_scale(lens, d->h));
    glUniform1f(d->u_max, (float)(ED_LENS_MAX_BLUR * d->h));
    glUniform1f(d->u_near, (float)near);
    glUniform1f(d->u_far, (float)far);
    glBindVertexArray(d->vao);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(0);
    if (depth_test)
        glEnable(GL_DEPTH_TEST);
    if (blend)
        glEnable(GL_BLEND);
}

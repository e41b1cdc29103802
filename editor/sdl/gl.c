/* SPDX-License-Identifier: MIT */
/* editor/sdl/gl.c - contexts, programs, framebuffers, pixels. */
#include "gl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char ed_gl_glyph_fs[] =
    "#version 330 core\n"
    "in vec2 v_uv;\n"
    "in vec4 v_color;\n"
    "uniform sampler2D u_tex;\n"
    "out vec4 o_color;\n"
    "void main() {\n"
    "    float a = v_uv.x < 0.0 ? 1.0 : texture(u_tex, v_uv).a;\n"
    "    o_color = vec4(v_color.rgb, v_color.a * a);\n"
    "}\n";

static void request_core_33(void)
{
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
}

static int check_version(ed_gl_context *c, char *err, size_t err_size)
{
    if (epoxy_gl_version() < 33) {
        const char *r = (const char *)glGetString(GL_RENDERER);
        snprintf(err, err_size, "OpenGL 3.3 is needed; %s offers %d.%d", r ? r : "this driver", epoxy_gl_version() / 10,
                 epoxy_gl_version() % 10);
        ed_gl_close(c);
        return -1;
    }
    return 0;
}

int ed_gl_open_window(ed_gl_context *c, const char *title, int w, int h, char *err, size_t err_size)
{
    memset(c, 0, sizeof *c);
    request_core_33();
    c->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                 SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE);
    if (!c->window) {
        snprintf(err, err_size, "no OpenGL window: %s", SDL_GetError());
        return -1;
    }
    c->gl = SDL_GL_CreateContext(c->window);
    if (!c->gl) {
        snprintf(err, err_size, "no OpenGL 3.3 core context for the window: %s", SDL_GetError());
        ed_gl_close(c);
        return -1;
    }
    /* vsync where the driver offers it; the frame loop paces itself otherwise */
    SDL_GL_SetSwapInterval(1);
    return check_version(c, err, err_size);
}

int ed_gl_open_offscreen(ed_gl_context *c, char *err, size_t err_size)
{
    memset(c, 0, sizeof *c);
    c->offscreen = 1;
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
    /* without a window there is no event loop to see SDL's quit event: Ctrl+C and SIGTERM
       keep their default action and end the program (a render, a script) */
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        snprintf(err, err_size, "no offscreen video: %s", SDL_GetError());
        return -1;
    }
    request_core_33();
    c->window = SDL_CreateWindow("campath-editor", 0, 0, 16, 16, SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
    if (c->window)
        c->gl = SDL_GL_CreateContext(c->window);
    if (!c->gl) {
        snprintf(err, err_size,
                 "no OpenGL without a display: the offscreen context needs Mesa's EGL and its software renderer "
                 "(Debian: libegl1 libegl-mesa0 libgl1-mesa-dri); SDL says: %s",
                 SDL_GetError());
        ed_gl_close(c);
        return -1;
    }
    return check_version(c, err, err_size);
}

void ed_gl_close(ed_gl_context *c)
{
    if (c->gl)
        SDL_GL_DeleteContext(c->gl);
    if (c->window)
        SDL_DestroyWindow(c->window);
    if (c->offscreen)
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
    memset(c, 0, sizeof *c);
}

static GLuint shader(GLenum type, const char *src, char *err, size_t err_size)
{
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1024] = "";
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        snprintf(err, err_size, "%s shader: %s", type == GL_VERTEX_SHADER ? "vertex" : "fragment", log);
        glDeleteShader(s);
        return 0;
    }
    return s;
}

int ed_gl_program(const char *vertex, const char *fragment, GLuint *out, char *err, size_t err_size)
{
    GLuint vs = shader(GL_VERTEX_SHADER, vertex, err, err_size);
    GLuint fs = vs ? shader(GL_FRAGMENT_SHADER, fragment, err, err_size) : 0;
    if (!fs) {
        if (vs)
            glDeleteShader(vs);
        return -1;
    }
    GLuint p = glCreateProgram();
    glAttachShader(p, vs);
    glAttachShader(p, fs);
    glLinkProgram(p);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[1024] = "";
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        snprintf(err, err_size, "shader program: %s", log);
        glDeleteProgram(p);
        return -1;
    }
    *out = p;
    return 0;
}

void ed_gl_target_free(ed_gl_target *t)
{
    if (t->fbo)
        glDeleteFramebuffers(1, &t->fbo);
    if (t->color)
        glDeleteRenderbuffers(1, &t->color);
    if (t->depth)
        glDeleteRenderbuffers(1, &t->depth);
    memset(t, 0, sizeof *t);
}

int ed_gl_target_bind(ed_gl_target *t, int w, int h, char *err, size_t err_size)
{
    if (t->fbo && t->w == w && t->h == h) {
        glBindFramebuffer(GL_FRAMEBUFFER, t->fbo);
        return 0;
    }
    ed_gl_target_free(t);
    GLint max = 0;
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max);
    if (w > max || h > max) {
        snprintf(err, err_size, "%dx%d is larger than this OpenGL's largest image (%d)", w, h, (int)max);
        return -1;
    }
    glGenFramebuffers(1, &t->fbo);
    glGenRenderbuffers(1, &t->color);
    glGenRenderbuffers(1, &t->depth);
    glBindRenderbuffer(GL_RENDERBUFFER, t->color);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
    glBindRenderbuffer(GL_RENDERBUFFER, t->depth);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, w, h);
    glBindFramebuffer(GL_FRAMEBUFFER, t->fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, t->color);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, t->depth);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        snprintf(err, err_size, "an offscreen image of %dx%d could not be made (out of memory?)", w, h);
        ed_gl_target_free(t);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        return -1;
    }
    t->w = w;
    t->h = h;
    return 0;
}

SDL_Surface *ed_gl_read_pixels(int w, int h, char *err, size_t err_size)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_RGB24);
    size_t row = (size_t)w * 3;
    Uint8 *tmp = malloc(row * (size_t)h);
    if (!s || !tmp) {
        snprintf(err, err_size, "out of memory for a %dx%d image", w, h);
        SDL_FreeSurface(s);
        free(tmp);
        return NULL;
    }
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, tmp);
    /* GL's rows go bottom up */
    for (int y = 0; y < h; y++)
        memcpy((Uint8 *)s->pixels + (size_t)y * s->pitch, tmp + (size_t)(h - 1 - y) * row, row);
    free(tmp);
    return s;
}

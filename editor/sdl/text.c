/* SPDX-License-Identifier: MIT */
/* editor/sdl/text.c - a glyph atlas texture for a monospaced font. */
#include "text.h"

#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIRST_GLYPH 32
#define LAST_GLYPH 126
#define GLYPHS (LAST_GLYPH - FIRST_GLYPH + 1)

struct ed_text {
    GLuint atlas;
    int    advance, height, atlas_w;
};

const char *ed_text_find_font(void)
{
    static const char *const candidates[] = {
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
        "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
        "/usr/share/fonts/truetype/freefont/FreeMono.ttf",
        "/usr/local/share/fonts/DejaVuSansMono.ttf",
        "/Library/Fonts/Menlo.ttc",
    };
    const char *env = getenv("CAMPATH_EDITOR_FONT");
    if (env && *env)
        return env;
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        FILE *f = fopen(candidates[i], "rb");
        if (f) {
            fclose(f);
            return candidates[i];
        }
    }
    return NULL;
}

ed_text *ed_text_create(const char *font_file, int size, char *err, size_t err_size)
{
    if (!TTF_WasInit() && TTF_Init() != 0) {
        snprintf(err, err_size, "SDL_ttf: %s", TTF_GetError());
        return NULL;
    }
    TTF_Font *font = TTF_OpenFont(font_file, size);
    if (!font) {
        snprintf(err, err_size, "%s: %s", font_file, TTF_GetError());
        return NULL;
    }
    ed_text *t = calloc(1, sizeof *t);
    SDL_Surface *atlas = NULL;
    int minx, maxx, miny, maxy, adv;
    if (!t || TTF_GlyphMetrics(font, 'M', &minx, &maxx, &miny, &maxy, &adv) != 0) {
        snprintf(err, err_size, "%s: no glyph metrics", font_file);
        goto fail;
    }
    t->advance = adv;
    t->height = TTF_FontHeight(font);
    t->atlas_w = adv * GLYPHS;
    atlas = SDL_CreateRGBSurfaceWithFormat(0, t->atlas_w, t->height, 32, SDL_PIXELFORMAT_ABGR8888);
    if (!atlas) {
        snprintf(err, err_size, "glyph atlas: %s", SDL_GetError());
        goto fail;
    }
    SDL_FillRect(atlas, NULL, SDL_MapRGBA(atlas->format, 255, 255, 255, 0));
    SDL_Color white = {255, 255, 255, 255};
    for (int c = FIRST_GLYPH; c <= LAST_GLYPH; c++) {
        SDL_Surface *g = TTF_RenderGlyph_Blended(font, (Uint16)c, white);
        if (!g)
            continue;
        /* copy coverage as it is: blending here would darken the edges twice */
        SDL_SetSurfaceBlendMode(g, SDL_BLENDMODE_NONE);
        SDL_Rect dst = {(c - FIRST_GLYPH) * adv, 0, adv, t->height};
        SDL_Rect src = {0, 0, g->w < adv ? g->w : adv, g->h < t->height ? g->h : t->height};
        SDL_BlitSurface(g, &src, atlas, &dst);
        SDL_FreeSurface(g);
    }
    /* ABGR8888 is R, G, B, A bytes in memory: what GL_RGBA with GL_UNSIGNED_BYTE reads */
    glGenTextures(1, &t->atlas);
    glBindTexture(GL_TEXTURE_2D, t->atlas);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, atlas->pitch / 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, atlas->w, atlas->h, 0, GL_RGBA, GL_UNSIGNED_BYTE, atlas->pixels);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    /* glyphs are drawn at their own size, pixel on pixel */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    SDL_FreeSurface(atlas);
    TTF_CloseFont(font);
    return t;
fail:
    SDL_FreeSurface(atlas);
    TTF_CloseFont(font);
    free(t);
    return NULL;
}

void ed_text_destroy(ed_text *t)
{
    if (!t)
        return;
    if (t->atlas)
        glDeleteTextures(1, &t->atlas);
    free(t);
}

void ed_text_quit(void)
{
    if (TTF_WasInit())
        TTF_Quit();
}

GLuint ed_text_texture(const ed_text *t) { return t->atlas; }

void ed_text_glyph(const ed_text *t, unsigned char c, float uv[4])
{
    int g = c >= FIRST_GLYPH && c <= LAST_GLYPH ? c : '?';
    uv[0] = (float)((g - FIRST_GLYPH) * t->advance) / (float)t->atlas_w;
    uv[1] = 0.0f;
    uv[2] = (float)((g - FIRST_GLYPH + 1) * t->advance) / (float)t->atlas_w;
    uv[3] = 1.0f;
}

int ed_text_width(const ed_text *t, const char *s) { return (int)strlen(s) * ed_text_advance(t); }
int ed_text_height(const ed_text *t) { return t ? t->height : 16; }
int ed_text_advance(const ed_text *t) { return t ? t->advance : 8; }

/* SPDX-License-Identifier: MIT */
/* docs/examples/recorder.c - recording a camera path where the game runs,
 * and playing it back with hot reload: a small SDL2 game loop.
 *
 *     build/examples/recorder [FILE] [--pace real] [--frames N]
 *
 * Fly with W A S D, turn with the arrow keys, Q / E go down and up. The
 * game's own hotkey R records the camera as a key, Backspace drops the last
 * one, F5 saves FILE (default recorded.json), P plays FILE back and keeps
 * following it: record more, press F5, and the playback changes at once.
 * Escape quits. The window shows the scene from above: the camera (white),
 * the recorded keys (yellow), the saved path and its camera (cyan).
 *
 * With --frames N the game runs N frames on a fixed 60 Hz clock with
 * scripted input (the SDL key events a keyboard would send; set
 * SDL_VIDEODRIVER=dummy when there is no display), then checks that the
 * saved file loads, that playback sampled it and followed the second save.
 * make test runs it that way. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "campath/campath.h"

#define HZ 60.0
#define SPEED 8.0  /* m/s */
#define TURN 1.5   /* rad/s */
#define SCALE 6.0  /* pixels per metre on the map */

typedef struct game {
    const char  *file;
    cp_vec3      position;
    double       yaw, pitch, fov;
    int          held[SDL_NUM_SCANCODES];
    cp_recorder *rec;
    cp_library  *lib;        /* playback: the saved file, reloaded when it changes */
    cp_resource *res;
    int          playing;
    double       play_start;
    long         samples, reloads;
    int          quit;
} game;

static cp_quat rotation(const game *g) { return cp_quat_from_yaw_pitch_roll(g->yaw, g->pitch, 0.0); }

/* ---- the game's hotkeys --------------------------------------------------------------- */

static void record(game *g, double now)
{
    cp_error err;
    if (cp_recorder_add(g->rec, now, g->position, rotation(g), g->fov, &err) != CP_OK) {
        printf("not recorded: %s\n", err.message);
        return;
    }
    size_t n = cp_recorder_count(g->rec);
    printf("key %zu at %.2f s\n", n - 1, cp_recorder_keys(g->rec)[n - 1].time);
}

static void save(game *g)
{
    cp_error err;
    if (cp_recorder_save(g->rec, g->file, &err) != CP_OK)
        printf("not saved: %s\n", err.message);
    else
        printf("saved %s (%zu keys)\n", g->file, cp_recorder_count(g->rec));
}

static void play(game *g, double now)
{
    cp_error err;
    if (g->playing) {
        g->playing = 0;
        return;
    }
    if (!g->lib && !(g->lib = cp_library_create(&err))) {
        printf("no playback: %s\n", err.message);
        return;
    }
    if (!g->res && !(g->res = cp_library_open(g->lib, g->file, &err))) {
        printf("no playback: %s\n", err.message);
        return;
    }
    cp_library_poll(g->lib);
    if (!cp_resource_path(g->res)) { /* opened before the first save: it comes with F5 */
        printf("nothing to play yet: %s\n", cp_resource_error(g->res));
        return;
    }
    g->playing = 1;
    g->play_start = now;
    printf("playing %s\n", g->file);
}

static void key_down(game *g, SDL_Scancode key, double now)
{
    switch (key) {
    case SDL_SCANCODE_R: record(g, now); break;
    case SDL_SCANCODE_BACKSPACE:
        if (cp_recorder_undo(g->rec))
            printf("dropped the last key (%zu left)\n", cp_recorder_count(g->rec));
        break;
    case SDL_SCANCODE_F5: save(g); break;
    case SDL_SCANCODE_P: play(g, now); break;
    case SDL_SCANCODE_ESCAPE: g->quit = 1; break;
    default: break;
    }
}

/* ---- flying ----------------------------------------------------------------------------- */

static void fly(game *g, double dt)
{
    const int *h = g->held;
    g->yaw += TURN * dt * (h[SDL_SCANCODE_LEFT] - h[SDL_SCANCODE_RIGHT]);
    g->pitch += TURN * dt * (h[SDL_SCANCODE_UP] - h[SDL_SCANCODE_DOWN]);
    g->pitch = fmax(-1.5, fmin(1.5, g->pitch));
    cp_vec3 forward = cp_quat_forward(cp_quat_from_yaw_pitch_roll(g->yaw, 0, 0));
    cp_vec3 right = cp_vec3_make(-forward.z, 0, forward.x);
    cp_vec3 move = cp_vec3_add(cp_vec3_scale(forward, h[SDL_SCANCODE_W] - h[SDL_SCANCODE_S]),
                               cp_vec3_scale(right, h[SDL_SCANCODE_D] - h[SDL_SCANCODE_A]));
    move.y = h[SDL_SCANCODE_E] - h[SDL_SCANCODE_Q];
    cp_vec3 step = cp_vec3_scale(cp_vec3_normalize(move), SPEED * dt);
    g->position = cp_vec3_add(g->position, step);
    /* distance pace times keys by the way actually flown */
    cp_recorder_fly(g->rec, cp_vec3_length(step), NULL);
}

/* ---- playback and drawing ---------------------------------------------------------------- */

static int playback(game *g, double now, cp_pose *pose)
{
    if (!g->playing)
        return 0;
    if (cp_library_poll(g->lib) > 0) { /* once a frame; cheap when nothing changed */
        g->reloads++;
        printf("reloaded %s: %zu keys\n", g->file, cp_path_key_count(cp_resource_path(g->res)));
    }
    const cp_path *path = cp_resource_path(g->res); /* fetched every frame: a reload replaces it */
    double t = cp_path_start(path) + fmod(now - g->play_start, cp_path_duration(path));
    cp_path_sample(path, t, pose);
    g->samples++;
    return 1;
}

static SDL_Point to_map(const game *g, cp_vec3 p, int w, int h)
{
    SDL_Point s = {w / 2 + (int)lround((p.x - g->position.x) * SCALE), h / 2 + (int)lround((p.z - g->position.z) * SCALE)};
    return s;
}

static void marker(SDL_Renderer *r, SDL_Point p, int size)
{
    SDL_Rect box = {p.x - size, p.y - size, 2 * size + 1, 2 * size + 1};
    SDL_RenderFillRect(r, &box);
}

static void draw(SDL_Renderer *r, const game *g, const cp_pose *played)
{
    int w, h;
    SDL_GetRendererOutputSize(r, &w, &h);
    SDL_SetRenderDrawColor(r, 20, 24, 32, 255);
    SDL_RenderClear(r);
    const cp_path *path = g->res ? cp_resource_path(g->res) : NULL;
    if (path) {
        SDL_SetRenderDrawColor(r, 0, 160, 170, 255);
        SDL_Point last = {0, 0};
        for (int i = 0; i <= 200; i++) {
            cp_pose p;
            cp_path_sample_fast(path, cp_path_start(path) + cp_path_duration(path) * i / 200.0, &p);
            SDL_Point s = to_map(g, p.position, w, h);
            if (i > 0)
                SDL_RenderDrawLine(r, last.x, last.y, s.x, s.y);
            last = s;
        }
    }
    SDL_SetRenderDrawColor(r, 240, 200, 40, 255);
    for (size_t i = 0; i < cp_recorder_count(g->rec); i++)
        marker(r, to_map(g, cp_recorder_keys(g->rec)[i].position, w, h), 2);
    if (played) {
        SDL_SetRenderDrawColor(r, 0, 230, 240, 255);
        marker(r, to_map(g, played->position, w, h), 4);
    }
    SDL_Point c = to_map(g, g->position, w, h);
    cp_vec3 ahead = cp_vec3_add(g->position, cp_vec3_scale(cp_quat_forward(rotation(g)), 3.0));
    SDL_Point a = to_map(g, ahead, w, h);
    SDL_SetRenderDrawColor(r, 255, 255, 255, 255);
    marker(r, c, 3);
    SDL_RenderDrawLine(r, c.x, c.y, a.x, a.y);
    SDL_RenderPresent(r);
}

/* ---- scripted input ------------------------------------------------------------------------- */

/* What a player does in --frames mode: key presses and releases by frame. */
typedef struct scripted {
    int          frame;
    SDL_Scancode key;
    int          down;
} scripted;

static const scripted script[] = {
    {0, SDL_SCANCODE_W, 1},         {1, SDL_SCANCODE_R, 1},          {2, SDL_SCANCODE_R, 0},
    {40, SDL_SCANCODE_RIGHT, 1},    {60, SDL_SCANCODE_R, 1},         {61, SDL_SCANCODE_R, 0},
    {80, SDL_SCANCODE_RIGHT, 0},    {90, SDL_SCANCODE_E, 1},         {110, SDL_SCANCODE_E, 0},
    {120, SDL_SCANCODE_R, 1},       {121, SDL_SCANCODE_R, 0},        {140, SDL_SCANCODE_LEFT, 1},
    {170, SDL_SCANCODE_LEFT, 0},    {180, SDL_SCANCODE_R, 1},        {181, SDL_SCANCODE_R, 0},
    {200, SDL_SCANCODE_R, 1},       {201, SDL_SCANCODE_R, 0},        {202, SDL_SCANCODE_BACKSPACE, 1},
    {203, SDL_SCANCODE_BACKSPACE, 0}, {230, SDL_SCANCODE_R, 1},      {231, SDL_SCANCODE_R, 0},
    {232, SDL_SCANCODE_F5, 1},      {233, SDL_SCANCODE_F5, 0},       {240, SDL_SCANCODE_P, 1},
    {241, SDL_SCANCODE_P, 0},       {300, SDL_SCANCODE_R, 1},        {301, SDL_SCANCODE_R, 0},
    {302, SDL_SCANCODE_F5, 1},      {303, SDL_SCANCODE_F5, 0},       {380, SDL_SCANCODE_W, 0},
};

static void push_script(int frame)
{
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) {
        if (script[i].frame != frame)
            continue;
        SDL_Event e;
        memset(&e, 0, sizeof e);
        e.type = script[i].down ? SDL_KEYDOWN : SDL_KEYUP;
        e.key.state = script[i].down ? SDL_PRESSED : SDL_RELEASED;
        e.key.keysym.scancode = script[i].key;
        e.key.keysym.sym = SDL_GetKeyFromScancode(script[i].key);
        SDL_PushEvent(&e);
    }
}

/* What --frames checks: the file the script saved twice (5 keys, then 6)
 * loads, and playback sampled it and followed the second save. */
static int check(const game *g)
{
    cp_error err;
    cp_path *saved = cp_path_load(g->file, &err);
    if (!saved) {
        fprintf(stderr, "recorder: the saved file does not load: %s\n", err.message);
        return 1;
    }
    size_t keys = cp_path_key_count(saved);
    cp_path_destroy(saved);
    size_t played = g->res && cp_resource_path(g->res) ? cp_path_key_count(cp_resource_path(g->res)) : 0;
    printf("recorder: %zu keys saved, playback sampled %ld poses, followed %ld reload(s), plays %zu keys\n", keys,
           g->samples, g->reloads, played);
    if (keys != 6 || g->samples == 0 || g->reloads < 1 || played != 6) {
        fprintf(stderr, "recorder: expected 6 keys saved and played after one reload\n");
        return 1;
    }
    return 0;
}

/* ---- main ------------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    game g;
    memset(&g, 0, sizeof g);
    g.file = "recorded.json";
    g.position = cp_vec3_make(0, 2, 0);
    g.fov = 60;
    cp_recorder_options opts = {.pace = CP_PACE_DISTANCE, .speed = SPEED};
    long frames = -1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc)
            frames = atol(argv[++i]);
        else if (strcmp(argv[i], "--pace") == 0 && i + 1 < argc && strcmp(argv[i + 1], "real") == 0)
            opts.pace = CP_PACE_REAL, i++;
        else if (argv[i][0] != '-')
            g.file = argv[i];
        else {
            fprintf(stderr, "usage: recorder [FILE] [--pace real] [--frames N]\n");
            return 2;
        }
    }
    cp_error err;
    if (!(g.rec = cp_recorder_create(&opts, &err))) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "recorder: %s\n", SDL_GetError());
        cp_recorder_destroy(g.rec);
        return 1;
    }
    SDL_Window *win = SDL_CreateWindow("campath recorder: R records, F5 saves, P plays", SDL_WINDOWPOS_CENTERED,
                                       SDL_WINDOWPOS_CENTERED, 800, 600, 0);
    SDL_Renderer *ren = win ? SDL_CreateRenderer(win, -1, 0) : NULL;
    if (!ren) {
        fprintf(stderr, "recorder: %s\n", SDL_GetError());
        SDL_Quit();
        cp_recorder_destroy(g.rec);
        return 1;
    }
    const Uint64 freq = SDL_GetPerformanceFrequency(), t0 = SDL_GetPerformanceCounter();
    double now = 0.0;
    for (long frame = 0; !g.quit && (frames < 0 || frame < frames); frame++) {
        /* the game's clock: real time, or a fixed 60 Hz when scripted */
        double next = frames < 0 ? (double)(SDL_GetPerformanceCounter() - t0) / (double)freq : frame / HZ;
        double dt = next - now;
        now = next;
        if (frames >= 0)
            push_script((int)frame);
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            if (e.type == SDL_QUIT)
                g.quit = 1;
            else if (e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) {
                g.held[e.key.keysym.scancode] = e.type == SDL_KEYDOWN;
                if (e.type == SDL_KEYDOWN && !e.key.repeat)
                    key_down(&g, e.key.keysym.scancode, now);
            }
        }
        fly(&g, dt);
        cp_pose played;
        draw(ren, &g, playback(&g, now, &played) ? &played : NULL);
        if (frames < 0)
            SDL_Delay(1000 / (Uint32)HZ);
    }
    int rc = frames >= 0 ? check(&g) : 0;
    SDL_DestroyRenderer(ren);
    SDL_DestroyWindow(win);
    SDL_Quit();
    cp_library_destroy(g.lib);
    cp_recorder_destroy(g.rec);
    return rc;
}

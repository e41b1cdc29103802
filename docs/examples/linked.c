/* SPDX-License-Identifier: MIT */
/* docs/examples/linked.c - a small SDL2 game linked to the editor
 * (campath/link.h): it draws its world and the linked path in wireframe
 * through its camera, plays the path at the editor's playhead when the
 * editor takes the camera, and sends its own camera back.
 *
 *     campath-editor --link paths/demo.json          (the editor, listening)
 *     build/examples/linked                          (the game, connecting)
 *
 * Fly with W A S D, turn with the arrow keys, Q / E go down and up; Escape
 * quits. In the editor F8 hands the game's camera to the path (and back),
 * the timeline scrubs it, Shift+V looks through the game's camera and F2
 * records what it sees.
 *
 *     linked [--host H] [--port P] [--token T] [--name N] [--own-clock]
 *            [--headless] [--seconds S] [--size WxH] [--screenshot OUT.bmp] [--camera-log FILE]
 *
 * --headless runs without a window on a fixed 60 Hz clock paced in real
 * time, its camera flying a scripted circle, printing what the link brings
 * (make test runs it so); it ends after --seconds (default 60) or on
 * SIGTERM, with a summary. --own-clock plays the linked path on the game's
 * own clock, for an editor that follows the game's time. --screenshot
 * saves the last frame; --camera-log writes every camera sent (time,
 * position, rotation, fov, with 17 digits). */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "campath/campath.h"

#define HZ 60.0
#define SPEED 8.0  /* m/s */
#define TURN 1.5   /* rad/s */

static volatile sig_atomic_t stop;
static void on_signal(int sig) { (void)sig; stop = 1; }

typedef struct game {
    cp_link *link;
    cp_vec3  position, velocity;
    double   yaw, pitch, fov;
    int      held[SDL_NUM_SCANCODES];
    int      headless, own_clock;
    FILE    *camera_log;
    long     frames, sent, losses, paths;
} game;

/* ---- the game's own camera -------------------------------------------------------------------- */

static cp_quat rotation(const game *g) { return cp_quat_from_yaw_pitch_roll(g->yaw, g->pitch, 0.0); }

static void fly(game *g, double dt)
{
    const int *h = g->held;
    g->yaw += TURN * dt * (h[SDL_SCANCODE_LEFT] - h[SDL_SCANCODE_RIGHT]);
    g->pitch = fmax(-1.5, fmin(1.5, g->pitch + TURN * dt * (h[SDL_SCANCODE_UP] - h[SDL_SCANCODE_DOWN])));
    cp_vec3 forward = cp_quat_forward(cp_quat_from_yaw_pitch_roll(g->yaw, 0, 0));
    cp_vec3 right = cp_vec3_make(-forward.z, 0, forward.x);
    cp_vec3 move = cp_vec3_add(cp_vec3_scale(forward, h[SDL_SCANCODE_W] - h[SDL_SCANCODE_S]),
                               cp_vec3_scale(right, h[SDL_SCANCODE_D] - h[SDL_SCANCODE_A]));
    move.y = h[SDL_SCANCODE_E] - h[SDL_SCANCODE_Q];
    g->velocity = cp_vec3_scale(cp_vec3_normalize(move), SPEED);
    g->position = cp_vec3_add(g->position, cp_vec3_scale(g->velocity, dt));
}

/* Headless: a circle round the town, looking at its middle. */
static void circle(game *g, double now)
{
    double a = 0.3 * now + 0.5;
    g->position = cp_vec3_make(30 * cos(a), 12 + 2 * sin(0.7 * now), -20 + 30 * sin(a));
    g->velocity = cp_vec3_make(-9 * sin(a), 1.4 * cos(0.7 * now), 9 * cos(a));
    cp_vec3 d = cp_vec3_normalize(cp_vec3_sub(cp_vec3_make(0, 5, -20), g->position));
    g->yaw = atan2(-d.x, -d.z);
    g->pitch = asin(d.y);
}

/* ---- drawing: wireframe through a camera ------------------------------------------------------- */

typedef struct view {
    SDL_Renderer *r;
    cp_vec3       eye;
    cp_quat       inverse;
    double        focal;   /* pixels */
    int           w, h;
} view;

static void line3(const view *v, cp_vec3 a, cp_vec3 b)
{
    a = cp_quat_rotate(v->inverse, cp_vec3_sub(a, v->eye));
    b = cp_quat_rotate(v->inverse, cp_vec3_sub(b, v->eye));
    const double near = -0.1; /* the camera looks down -z: clip what is behind the near plane */
    if (a.z > near && b.z > near)
        return;
    if (a.z > near || b.z > near) {
        cp_vec3 *in_front = a.z > near ? &a : &b, other = a.z > near ? b : a;
        *in_front = cp_vec3_lerp(other, *in_front, (near - other.z) / (in_front->z - other.z));
    }
    SDL_RenderDrawLineF(v->r, (float)(v->w / 2 + v->focal * a.x / -a.z), (float)(v->h / 2 - v->focal * a.y / -a.z),
                        (float)(v->w / 2 + v->focal * b.x / -b.z), (float)(v->h / 2 - v->focal * b.y / -b.z));
}

static void box(const view *v, double x0, double y0, double z0, double x1, double y1, double z1)
{
    cp_vec3 p[8];
    for (int i = 0; i < 8; i++)
        p[i] = cp_vec3_make((i & 1) ? x1 : x0, (i & 4) ? y1 : y0, (i & 2) ? z1 : z0);
    static const int e[12][2] = {{0, 1}, {1, 3}, {3, 2}, {2, 0}, {4, 5}, {5, 7}, {7, 6}, {6, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    for (int i = 0; i < 12; i++)
        line3(v, p[e[i][0]], p[e[i][1]]);
}

/* An n-sided column of radius r and height h at (x, z) with a point on top at `tip`. */
static void column(const view *v, double x, double z, double r, double h, double tip, int n)
{
    for (int i = 0; i < n; i++) {
        double a = 2 * M_PI * i / n, b = 2 * M_PI * (i + 1) / n;
        cp_vec3 p = {x + r * cos(a), 0, z + r * sin(a)}, q = {x + r * cos(b), 0, z + r * sin(b)};
        cp_vec3 pt = {p.x, h, p.z}, qt = {q.x, h, q.z};
        line3(v, p, q);
        line3(v, pt, qt);
        line3(v, p, pt);
        line3(v, pt, cp_vec3_make(x, tip, z));
    }
}

/* A town like the editor's demo: a pillar in the middle, a bridge over a river, a tall building
 * beyond it, a pyramid, houses and a mast, in wireframe. */
static void town(const view *v)
{
    SDL_SetRenderDrawColor(v->r, 60, 80, 60, 255);
    for (int i = -10; i <= 10; i++) {
        line3(v, cp_vec3_make(20 * i, 0, -200), cp_vec3_make(20 * i, 0, 100));
        if (i >= -10 && i <= 5)
            line3(v, cp_vec3_make(-200, 0, 20 * i), cp_vec3_make(200, 0, 20 * i));
    }
    SDL_SetRenderDrawColor(v->r, 80, 140, 220, 255);
    line3(v, cp_vec3_make(-200, 0, -62), cp_vec3_make(200, 0, -62));
    line3(v, cp_vec3_make(-200, 0, -78), cp_vec3_make(200, 0, -78));
    SDL_SetRenderDrawColor(v->r, 220, 220, 230, 255);
    column(v, 0, 0, 2.6, 41.5, 46, 8);
    box(v, -45, 0, -74, -9, 12, -66);
    box(v, 9, 0, -74, 45, 12, -66);
    box(v, -46, 12, -74.5, 46, 14.6, -65.5);
    for (int i = 0; i < 12; i++) { /* the arch */
        double a = M_PI * i / 12, b = M_PI * (i + 1) / 12;
        line3(v, cp_vec3_make(9 * cos(a), 9 * sin(a), -66), cp_vec3_make(9 * cos(b), 9 * sin(b), -66));
    }
    box(v, -22, 0, -175, 22, 70, -150);
    static const double houses[][4] = {{-46, 22, 8, 11}, {-42, -104, 9, 12}, {42, -116, 10, 8}};
    for (int i = 0; i < 3; i++)
        box(v, houses[i][0] - houses[i][2] / 2, 0, houses[i][1] - houses[i][3] / 2, houses[i][0] + houses[i][2] / 2, 5,
            houses[i][1] + houses[i][3] / 2);
    box(v, 54.5, 0, 47.5, 55.5, 24, 48.5);
    const cp_vec3 apex = {45, 13, -20}, base[4] = {{37, 0, -28}, {53, 0, -28}, {53, 0, -12}, {37, 0, -12}};
    for (int i = 0; i < 4; i++) {
        line3(v, base[i], base[(i + 1) % 4]);
        line3(v, base[i], apex);
    }
}

static void draw(SDL_Renderer *r, int w, int h, const cp_pose *cam, const cp_path *path)
{
    view v = {r, cam->position, cp_quat_conj(cp_quat_normalize(cam->rotation)),
              0.5 * h / tan(0.5 * cam->fov * M_PI / 180.0), w, h};
    SDL_SetRenderDrawColor(r, 24, 28, 38, 255);
    SDL_RenderClear(r);
    town(&v);
    if (path) { /* the linked path, as the designer edits it */
        SDL_SetRenderDrawColor(r, 255, 200, 40, 255);
        cp_pose a, b;
        double t0 = cp_path_start(path), d = cp_path_duration(path);
        cp_path_sample_fast(path, t0, &a);
        for (int i = 1; i <= 300; i++, a = b) {
            cp_path_sample_fast(path, t0 + d * i / 300.0, &b);
            line3(&v, a.position, b.position);
        }
    }
}

/* ---- the link ------------------------------------------------------------------------------------ */

static void report(game *g, const cp_link_news *n, double now)
{
    cp_link *l = g->link;
    if (n->connected)
        printf("connected: %s\n", cp_link_state(l));
    if (n->lost) {
        g->losses++;
        printf("lost: %s\n", cp_link_state(l));
    }
    if (n->path) {
        g->paths++;
        printf("path %zu: %zu keys\n", cp_link_generation(l), cp_path_key_count(cp_link_path(l)));
    }
    if (n->path_refused)
        printf("refused: %s\n", cp_link_path_error(l));
    cp_link_playhead ph;
    if (n->playhead && cp_link_playhead_at(l, now, &ph))
        printf("playhead %.17g %s%s\n", ph.time, ph.playing ? "playing" : "paused",
               ph.game_drives ? " (the game's time drives)" : "");
    if (n->take)
        printf("take\n");
    if (n->give)
        printf("give\n");
    fflush(stdout);
}

/* The camera to show, and the path time it shows when on the path. */
static void camera(game *g, double now, cp_pose *out, double *path_time, int *on_path)
{
    cp_pose live;
    memset(&live, 0, sizeof live);
    live.time = now;
    live.position = g->position;
    live.velocity = g->velocity;
    live.rotation = rotation(g);
    live.fov = g->fov;
    const cp_path *path = cp_link_path(g->link);
    *on_path = 0;
    if (g->own_clock && path) {
        /* a cut-scene on the game's own clock: the editor may follow it */
        *path_time = cp_path_start(path) + fmod(now, cp_path_duration(path));
        cp_path_sample(path, *path_time, out);
        *on_path = 1;
        return;
    }
    if (cp_link_view(g->link, now, &live, out, NULL) != CP_OK)
        *out = live;
    cp_link_playhead ph;
    if (cp_link_taken(g->link, now) && cp_link_playhead_at(g->link, now, &ph)) {
        *path_time = ph.time;
        *on_path = 1;
    }
}

static void send(game *g, double now, const cp_pose *cam, double path_time, int on_path)
{
    cp_link_camera c = {.time = now, .position = cam->position, .rotation = cam->rotation, .fov = cam->fov,
                        .on_path = on_path != 0, .path_time = path_time};
    if (!cp_link_send_camera(g->link, &c))
        return;
    g->sent++;
    if (g->camera_log)
        fprintf(g->camera_log, "%.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", c.time, c.position.x,
                c.position.y, c.position.z, c.rotation.x, c.rotation.y, c.rotation.z, c.rotation.w, c.fov);
}

/* ---- main ---------------------------------------------------------------------------------------- */

static int usage(void)
{
    fprintf(stderr, "usage: linked [--host H] [--port P] [--token T] [--name N] [--own-clock] [--headless]\n"
                    "              [--seconds S] [--size WxH] [--screenshot OUT.bmp] [--camera-log FILE]\n");
    return 2;
}

int main(int argc, char **argv)
{
    game g;
    memset(&g, 0, sizeof g);
    g.position = cp_vec3_make(0, 12, 60);
    g.fov = 60;
    const char *host = NULL, *shot = NULL, *log = NULL;
    int port = 0, w = 800, h = 450;
    double seconds = 60;
    cp_link_options opts = {.name = "linked example"};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--headless") == 0)
            g.headless = 1;
        else if (strcmp(a, "--own-clock") == 0)
            g.own_clock = 1;
        else if (!v)
            return usage();
        else if (strcmp(a, "--host") == 0)
            host = v, i++;
        else if (strcmp(a, "--port") == 0)
            port = atoi(v), i++;
        else if (strcmp(a, "--token") == 0)
            opts.token = v, i++;
        else if (strcmp(a, "--name") == 0)
            opts.name = v, i++;
        else if (strcmp(a, "--seconds") == 0)
            seconds = atof(v), i++;
        else if (strcmp(a, "--screenshot") == 0)
            shot = v, i++;
        else if (strcmp(a, "--camera-log") == 0)
            log = v, i++;
        else if (strcmp(a, "--size") == 0 && sscanf(v, "%dx%d", &w, &h) == 2 && w >= 16 && h >= 16 && w <= 4096 &&
                 h <= 4096)
            i++;
        else
            return usage();
    }
    cp_error err;
    if (!(g.link = cp_link_connect(host, port, &opts, &err))) {
        fprintf(stderr, "linked: %s\n", err.message);
        return 1;
    }
    if (log && !(g.camera_log = fopen(log, "w"))) {
        fprintf(stderr, "linked: cannot write %s\n", log);
        cp_link_close(g.link);
        return 1;
    }
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    /* headless: a software renderer on a surface, no window, no display */
    SDL_Window *win = NULL;
    SDL_Surface *surface = NULL;
    SDL_Renderer *ren = NULL;
    if (g.headless) {
        surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
        ren = surface ? SDL_CreateSoftwareRenderer(surface) : NULL;
    } else if (SDL_Init(SDL_INIT_VIDEO) == 0) {
        win = SDL_CreateWindow("linked", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h, SDL_WINDOW_RESIZABLE);
        ren = win ? SDL_CreateRenderer(win, -1, SDL_RENDERER_PRESENTVSYNC) : NULL;
    }
    if (!ren) {
        fprintf(stderr, "linked: %s\n", SDL_GetError());
        cp_link_close(g.link);
        return 1;
    }
    const Uint64 freq = SDL_GetPerformanceFrequency(), t0 = SDL_GetPerformanceCounter();
    double now = 0, wall = 0;
    int quit = 0;
    for (long frame = 0; !quit && !stop; frame++) {
        /* the game's clock: a fixed 60 Hz headless, real time in a window; paced in real time both ways */
        wall = (double)(SDL_GetPerformanceCounter() - t0) / (double)freq;
        double dt = (g.headless ? frame / HZ : wall) - now;
        now += dt;
        if (g.headless && now >= seconds)
            break;
        SDL_Event e;
        while (!g.headless && SDL_PollEvent(&e)) {
            if (e.type == SDL_QUIT || (e.type == SDL_KEYDOWN && e.key.keysym.scancode == SDL_SCANCODE_ESCAPE))
                quit = 1;
            else if (e.type == SDL_KEYDOWN || e.type == SDL_KEYUP)
                g.held[e.key.keysym.scancode] = e.type == SDL_KEYDOWN;
        }
        if (g.headless)
            circle(&g, now);
        else
            fly(&g, dt);
        cp_link_news news;
        if (cp_link_poll(g.link, now, &news))
            report(&g, &news, now);
        cp_pose cam;
        double path_time = 0;
        int on_path;
        camera(&g, now, &cam, &path_time, &on_path);
        send(&g, now, &cam, path_time, on_path);
        int rw = w, rh = h;
        if (win)
            SDL_GetRendererOutputSize(ren, &rw, &rh);
        draw(ren, rw, rh, &cam, cp_link_path(g.link));
        if (win) {
            SDL_SetWindowTitle(win, cp_link_state(g.link));
            SDL_RenderPresent(ren);
        }
        if (g.headless && frame % 60 == 0) {
            printf("frame %ld: time %.2f, path %zu, camera at (%.2f, %.2f, %.2f)%s\n", frame, now,
                   cp_link_generation(g.link), cam.position.x, cam.position.y, cam.position.z,
                   on_path ? ", on the path" : "");
            fflush(stdout);
        }
        g.frames = frame + 1;
        double ahead = (frame + 1) / HZ - (double)(SDL_GetPerformanceCounter() - t0) / (double)freq;
        if (g.headless && ahead > 0)
            SDL_Delay((Uint32)(ahead * 1000));
    }
    if (shot) {
        if (win) {
            SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
            if (s && SDL_RenderReadPixels(ren, NULL, SDL_PIXELFORMAT_RGBA32, s->pixels, s->pitch) == 0)
                SDL_SaveBMP(s, shot);
            SDL_FreeSurface(s);
        } else if (SDL_SaveBMP(surface, shot) != 0) {
            fprintf(stderr, "linked: %s: %s\n", shot, SDL_GetError());
        }
    }
    printf("linked: %ld frames, %ld paths, %ld cameras sent, %ld connections lost; %s\n", g.frames, g.paths, g.sent,
           g.losses, cp_link_state(g.link));
    if (g.camera_log)
        fclose(g.camera_log);
    cp_link_close(g.link);
    SDL_DestroyRenderer(ren);
    SDL_FreeSurface(surface);
    if (win)
        SDL_DestroyWindow(win);
    SDL_Quit();
    return 0;
}

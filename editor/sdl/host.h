/* SPDX-License-Identifier: MIT */
/* editor/sdl/host.h - what the editor's modes share: the command-line options,
 * starting the app from them (file, scene, settings), the offscreen renderer
 * of the headless modes, and progress lines on the terminal.
 *
 * Modes: the window (main.c), scripts and screenshots and --render-frames
 * (headless.c), the benchmarks (bench.c).
 */
#ifndef ED_HOST_H
#define ED_HOST_H

#include <SDL.h>
#include <stddef.h>

#include "commands.h"
#include "draw.h"
#include "gl.h"

#define ED_DEFAULT_FILE "paths/demo.json"
#define ED_DEFAULT_FPS 30.0
#define ED_RENDER_W 1280       /* --render-frames and the benchmarks, without --size */
#define ED_RENDER_H 720
/* --render-frames renders at most this many frames (frame_00000.png to
 * frame_99999.png: the names keep five digits and sort in order); a longer
 * render is refused before its first frame. */
#define ED_RENDER_MAX_FRAMES 100000L

typedef struct ed_args {
    const char       *file, *script, *screenshot, *scene, *render_dir, *bench_load;
    int               width, height, size_given;
    int               play;          /* --play: the window starts playing the path */
    long              bench_frames;
    double            fps;
    ed_import_options import;
    double            aspect, clearance;   /* 0: not given */
    int               link;          /* --link: listen for running games */
    int               link_port;     /* 0: the default; CP_LINK_ANY_PORT for --link 0 */
    const char       *link_address, *link_token;
    int               sound_device;  /* the window: the path's sound is played (else decoded only) */
} ed_args;

/* Reads the command line into o (args.c): 0 to run, 1 when done (--help,
 * --version, --print-*: printed), 2 on bad arguments (the reason printed). */
int ed_args_parse(int argc, char **argv, ed_args *o);


/* Opens FILE (or the default) and loads the scene of --scene, waiting for
 * both with progress lines. A scene that the path file names but that does
 * not load is reported and the path still opens; --scene that does not load
 * is an error. 0, or -1 with the message printed. */
int ed_host_start(ed_app *app, const ed_args *o, const char *file);

/* Before a frame is drawn: the fonts' metrics go to the app, what the frame
 * shows is computed (ed_app_refresh), the GPU copies are brought up to date
 * and what went wrong with them becomes the app's message. */
void ed_host_prepare(ed_gfx *g, ed_app *app);


/* The offscreen renderer: a GL context without a window, the renderer, and a
 * framebuffer of the size asked for. */
typedef struct ed_offscreen {
    ed_gl_context ctx;
    ed_gfx        gfx;
    ed_gl_target  target;
    int           ready;
    struct host_queue *queue;   /* the script's window system queue (headless.c) */
} ed_offscreen;

/* Creates the context and the renderer (a font warning is printed). 0, or -1 with the reason. */
int ed_offscreen_open(ed_offscreen *o, char *err, size_t err_size);
void ed_offscreen_close(ed_offscreen *o);
/* Binds a framebuffer of w x h. 0, or -1 with the reason. */
int ed_offscreen_bind(ed_offscreen *o, int w, int h, char *err, size_t err_size);

/* The modes. Each returns the program's exit status. */
int ed_run_headless(const ed_args *o);
int ed_run_render_frames(const ed_args *o);
int ed_run_bench(const ed_args *o);
int ed_run_bench_load(const ed_args *o);

#endif /* ED_HOST_H */

/* SPDX-License-Identifier: MIT */
/* editor/sdl/main.c - campath-editor: the window and its frame loop (the command line is in args.c);
 * the headless modes are in headless.c, the benchmarks in bench.c. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "control.h"
#include "frame.h"
#include "host.h"
#include "input.h"
#include "script.h"
#include "sound.h"

#define ED_WINDOW_W 1280
#define ED_WINDOW_H 720
#define ED_MIN_FRAME 0.004   /* s: without vsync, do not spin faster than this */

/* ---- the window ---------------------------------------------------------------------------- */

static double seconds(Uint64 a, Uint64 b) { return (double)(b - a) / (double)SDL_GetPerformanceFrequency(); }

static int no_display(const char *why)
{
    fprintf(stderr,
            "campath-editor: cannot open a window (%s).\n"
            "Run it on a desktop (with DISPLAY or WAYLAND_DISPLAY set), or without a window:\n"
            "  campath-editor --script SCRIPT [--screenshot OUT.png] [FILE]   run a script of editor commands\n"
            "  campath-editor FILE --screenshot OUT.png                        save what the editor shows\n"
            "  campath-editor --render-frames DIR FILE                         render the shot (or a sequence) as PNG frames\n"
            "docs/editor.md describes them.\n",
            why);
    return 1;
}

static void update_title(SDL_Window *win, const ed_app *app, char *last, size_t n)
{
    char title[512];
    snprintf(title, sizeof title, "%s%s - campath-editor", app->file.name ? app->file.name : "(no file)",
             ed_app_dirty(app) ? " *" : "");
    if (strcmp(title, last) != 0) {
        SDL_SetWindowTitle(win, title);
        snprintf(last, n, "%s", title);
    }
}

/* Keys copied in the editor go to the system clipboard, so that they paste
 * into another editor window (another file) and as text anywhere. */
static void clipboard_set(void *ctx, const char *text)
{
    (void)ctx;
    SDL_SetClipboardText(text);
}

static char *clipboard_get(void *ctx)
{
    (void)ctx;
    if (!SDL_HasClipboardText())
        return NULL;
    char *t = SDL_GetClipboardText(), *copy = NULL;
    if (t && (copy = malloc(strlen(t) + 1)) != NULL)
        strcpy(copy, t);
    SDL_free(t);
    return copy;
}

static const ed_clipboard_host sdl_clipboard = {NULL, clipboard_set, clipboard_get};

static int run_window(const ed_args *o)
{
    if (SDL_Init(SDL_INIT_VIDEO) != 0)
        return no_display(SDL_GetError());
    const char *driver = SDL_GetCurrentVideoDriver();
    if (driver && (strcmp(driver, "offscreen") == 0 || strcmp(driver, "dummy") == 0)) {
        char why[128];
        snprintf(why, sizeof why, "no display: SDL has only its '%s' video driver, which shows nothing", driver);
        SDL_Quit();
        return no_display(why);
    }
    ed_app app;
    ed_control ctl;
    ed_control_init(&ctl);
    /* the scene of --scene loads before the window opens, so that a bad one ends here with status 1 */
    int started = ed_app_init(&app) == 0;
    ed_app_set_clipboard_host(&app, &sdl_clipboard);
    ed_args wo = *o;
    wo.sound_device = 1; /* the window plays the path's sound */
    if (!started || ed_host_start(&app, &wo, o->file ? o->file : ED_DEFAULT_FILE) != 0) {
        ed_sound_close(&app);
        ed_app_free(&app);
        SDL_Quit();
        return 1;
    }
    int w = o->size_given ? o->width : ED_WINDOW_W, h = o->size_given ? o->height : ED_WINDOW_H;
    ed_gl_context ctx;
    ed_gfx gfx;
    char err[512];
    if (ed_gl_open_window(&ctx, "campath-editor", w, h, err, sizeof err) != 0 ||
        ed_gfx_init(&gfx, err, sizeof err) != 0) {
        fprintf(stderr, "campath-editor: cannot set up the window: %s\n", err);
        if (ctx.window)
            ed_gl_close(&ctx);
        ed_app_free(&app);
        SDL_Quit();
        return 1;
    }
    if (err[0])
        fprintf(stderr, "campath-editor: %s\n", err);
    int vsync = SDL_GL_GetSwapInterval() != 0;
    if (o->play)
        ed_app_play(&app, 1);
    SDL_GL_GetDrawableSize(ctx.window, &w, &h);
    ed_app_resize(&app, w, h);
    ed_input_state input;
    ed_input_begin(&input);
    char title[512] = "";
    Uint64 last = SDL_GetPerformanceCounter();
    int redraw = 1;
    while (!app.base.quit) {
        /* idle, the editor sleeps until an event comes or time has something to show (frame.h) */
        double wait = redraw ? 0 : ctl.minimized ? 0.1 : ed_frame_idle_wait(&app, &ctl);
        if (wait > 0)
            SDL_WaitEventTimeout(NULL, (int)ceil(1e3 * wait));
        /* any event may change what is seen (the mouse over the gizmo, an exposed window) */
        if (ed_input_pump(&input, &ctl, &app) > 0)
            redraw = 1;
        Uint64 now = SDL_GetPerformanceCounter();
        double dt = seconds(last, now);
        last = now;
        ed_frame_stamp before, after;
        ed_frame_stamp_take(&app, &before);
        ed_control_update(&ctl, &app, dt);
        ed_app_update(&app, dt);
        ed_sound_sync(&app);
        ed_frame_stamp_take(&app, &after);
        redraw |= ed_frame_stamp_changed(&before, &after) || ed_frame_idle_wait(&app, &ctl) == 0;
        update_title(ctx.window, &app, title, sizeof title);
        if (ctl.minimized || !redraw)
            continue;
        SDL_GL_GetDrawableSize(ctx.window, &w, &h);
        if (w != app.ui.width || h != app.ui.height)
            ed_app_resize(&app, w, h);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        ed_host_prepare(&gfx, &app);
        ed_render_frame(&gfx, &app);
        SDL_GL_SwapWindow(ctx.window);
        redraw = 0;
        if (!vsync) {
            double spent = seconds(now, SDL_GetPerformanceCounter());
            if (spent < ED_MIN_FRAME)
                SDL_Delay((Uint32)(1e3 * (ED_MIN_FRAME - spent)) + 1);
        }
    }
    SDL_SetRelativeMouseMode(SDL_FALSE);
    ed_gfx_free(&gfx);
    ed_gl_close(&ctx);
    ed_sound_close(&app);
    ed_app_free(&app);
    SDL_Quit();
    return 0;
}

int main(int argc, char **argv)
{
    ed_args o;
    int p = ed_args_parse(argc, argv, &o);
    if (p)
        return p == 1 ? 0 : 2;
    int rc;
    if (o.bench_load)
        rc = ed_run_bench_load(&o);
    else if (o.bench_frames)
        rc = ed_run_bench(&o);
    else if (o.render_dir)
        rc = ed_run_render_frames(&o);
    else if (o.script || o.screenshot)
        rc = ed_run_headless(&o);
    else
        rc = run_window(&o);
    ed_sound_close(NULL); /* the headless modes' (their apps are gone) */
    ed_text_quit();
    SDL_Quit();
    return rc;
}

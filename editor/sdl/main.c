/* editor/sdl/main.c - campath-editor: arguments, the window and its frame loop;
 * the headless modes are in headless.c, the benchmarks in bench.c. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "benchpath.h"
#include "control.h"
#include "frame.h"
#include "host.h"
#include "input.h"
#include "script.h"

#define ED_WINDOW_W 1280
#define ED_WINDOW_H 720
#define ED_MIN_FRAME 0.004   /* s: without vsync, do not spin faster than this */

static void usage(FILE *out)
{
    fprintf(out,
            "usage: campath-editor [options] [FILE]       fly, record and edit FILE (default %s)\n"
            "       campath-editor --script SCRIPT [--screenshot OUT.png] [options] [FILE]\n"
            "                                             run without a window (the script language is in docs/editor.md)\n"
            "       campath-editor [FILE] --screenshot OUT.png|.jpg|.bmp [options]\n"
            "                                             save what the editor shows on FILE, without a window\n"
            "       campath-editor --render-frames DIR [--fps N] [--size WxH] [options] [FILE]\n"
            "                                             the shot as DIR/frame_00000.png ..., one per 1/N s (default 30),\n"
            "                                             1280x720 unless --size, without a window\n"
            "       campath-editor --bench-frames N [--size WxH] [--scene SCENE] [--screenshot OUT.png]\n"
            "                                             render N frames of a %d-key path, print frame times\n"
            "       campath-editor --bench-load SCENE     time loading SCENE against the importer alone\n"
            "       campath-editor --print-bindings | --print-commands\n"
            "                                             the key bindings / script commands in Markdown\n"
            "options:\n"
            "  --scene SCENE     fly through SCENE (glTF .gltf/.glb, OBJ, FBX, COLLADA... through assimp);\n"
            "                    saved in FILE's \"scene\" member\n"
            "  --z-up            the scene has +Z up (turned so that +Z becomes +Y)\n"
            "  --scale S         metres per scene unit (default 1)\n"
            "  --size WxH        the window or image size\n"
            "  --aspect A        the output frame: W:H or a ratio (default 16:9)\n"
            "  --clearance M     warn where the camera comes closer than M metres to the scene (default 0.2)\n"
            "  --play            start playing the path as the window opens\n"
            "FILE is created by the first save if it does not exist. F1 in the editor lists every key.\n",
            ED_DEFAULT_FILE, ED_BENCH_KEYS);
}

static int parse_size(const char *s, int *w, int *h)
{
    char *end;
    long a = strtol(s, &end, 10);
    if (end == s || (*end != 'x' && *end != 'X'))
        return -1;
    const char *p = end + 1;
    long b = strtol(p, &end, 10);
    if (end == p || *end || a < 16 || b < 16 || a > 8192 || b > 8192)
        return -1;
    *w = (int)a;
    *h = (int)b;
    return 0;
}

/* "16:9", "2.39", "2.39:1": the width / height, or 0 if it is none. */
static double parse_aspect(const char *s)
{
    char *end;
    double a = strtod(s, &end), b = 1.0;
    if (end == s)
        return 0;
    if (*end == ':') {
        const char *p = end + 1;
        b = strtod(p, &end);
        if (end == p)
            return 0;
    }
    if (*end || !(a > 0) || !(b > 0) || !isfinite(a / b))
        return 0;
    return a / b;
}

static int number(const char *opt, const char *s, double lo, double hi, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v >= lo && v <= hi)) {
        fprintf(stderr, "campath-editor: %s %s: expected a number from %g to %g\n", opt, s, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* 0: run; 1: done (help or version printed); 2: bad arguments (message printed). */
static int parse_args(int argc, char **argv, ed_options *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        double v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 1;
        } else if (strcmp(a, "--version") == 0) {
            printf("campath-editor %s\n", CAMPATH_VERSION);
            return 1;
        } else if (strcmp(a, "--print-bindings") == 0) {
            char *md = ed_bindings_markdown();
            if (!md)
                return 2;
            fputs(md, stdout);
            free(md);
            return 1;
        } else if (strcmp(a, "--print-commands") == 0) {
            size_t n;
            const ed_script_command *c = ed_script_commands(&n);
            for (size_t k = 0; k < n; k++)
                printf("- `%s` - %s\n", c[k].usage, c[k].help);
            return 1;
        } else if (strcmp(a, "--script") == 0 && has_value) {
            o->script = argv[++i];
        } else if (strcmp(a, "--screenshot") == 0 && has_value) {
            o->screenshot = argv[++i];
        } else if (strcmp(a, "--scene") == 0 && has_value) {
            o->scene = argv[++i];
        } else if (strcmp(a, "--play") == 0) {
            o->play = 1;
        } else if (strcmp(a, "--z-up") == 0) {
            o->import.z_up = 1;
        } else if (strcmp(a, "--scale") == 0 && has_value) {
            if (number(a, argv[++i], 1e-6, 1e6, &o->import.scale))
                return 2;
        } else if (strcmp(a, "--render-frames") == 0 && has_value) {
            o->render_dir = argv[++i];
        } else if (strcmp(a, "--fps") == 0 && has_value) {
            if (number(a, argv[++i], 0.01, 1000, &o->fps))
                return 2;
        } else if (strcmp(a, "--aspect") == 0 && has_value) {
            o->aspect = parse_aspect(argv[++i]);
            if (!(o->aspect >= ED_ASPECT_MIN && o->aspect <= ED_ASPECT_MAX)) {
                fprintf(stderr, "campath-editor: --aspect %s: expected W:H or a ratio between %g and %g\n", argv[i],
                        ED_ASPECT_MIN, ED_ASPECT_MAX);
                return 2;
            }
        } else if (strcmp(a, "--clearance") == 0 && has_value) {
            if (number(a, argv[++i], ED_CLEARANCE_MIN, ED_CLEARANCE_MAX, &v))
                return 2;
            o->clearance = v;
        } else if (strcmp(a, "--size") == 0 && has_value) {
            if (parse_size(argv[++i], &o->width, &o->height)) {
                fprintf(stderr, "campath-editor: --size %s: expected WxH between 16x16 and 8192x8192\n", argv[i]);
                return 2;
            }
            o->size_given = 1;
        } else if (strcmp(a, "--bench-frames") == 0 && has_value) {
            char *end;
            o->bench_frames = strtol(argv[++i], &end, 10);
            if (*end || o->bench_frames < 1 || o->bench_frames > 1000000) {
                fprintf(stderr, "campath-editor: --bench-frames %s: expected a count from 1 to 1000000\n", argv[i]);
                return 2;
            }
        } else if (strcmp(a, "--bench-load") == 0 && has_value) {
            o->bench_load = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "campath-editor: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            return 2;
        } else if (o->file) {
            fprintf(stderr, "campath-editor: one FILE at a time ('%s' and '%s')\n", o->file, a);
            return 2;
        } else {
            o->file = a;
        }
    }
    if (o->play && (o->script || o->screenshot || o->render_dir || o->bench_frames || o->bench_load)) {
        fprintf(stderr, "campath-editor: --play is for the window (a script plays with play and play-to)\n");
        return 2;
    }
    if (o->fps > 0 && !o->render_dir) {
        fprintf(stderr, "campath-editor: --fps goes with --render-frames DIR\n");
        return 2;
    }
    if (o->render_dir && (o->script || o->screenshot || o->bench_frames)) {
        fprintf(stderr, "campath-editor: --render-frames takes no --script, --screenshot or --bench-frames\n");
        return 2;
    }
    if ((o->bench_frames || o->bench_load) && (o->script || o->file)) {
        fprintf(stderr, "campath-editor: --bench-frames and --bench-load take no FILE or --script\n");
        return 2;
    }
    return 0;
}

/* ---- the window ---------------------------------------------------------------------------- */

static double seconds(Uint64 a, Uint64 b) { return (double)(b - a) / (double)SDL_GetPerformanceFrequency(); }

static int no_display(const char *why)
{
    fprintf(stderr,
            "campath-editor: cannot open a window (%s).\n"
            "Run it on a desktop (with DISPLAY or WAYLAND_DISPLAY set), or without a window:\n"
            "  campath-editor --script SCRIPT [--screenshot OUT.png] [FILE]   run a script of editor commands\n"
            "  campath-editor FILE --screenshot OUT.png                        save what the editor shows\n"
            "  campath-editor --render-frames DIR FILE                         render the shot as PNG frames\n"
            "docs/editor.md describes them.\n",
            why);
    return 1;
}

static void update_title(SDL_Window *win, const ed_app *app, char *last, size_t n)
{
    char title[512];
    snprintf(title, sizeof title, "%s%s - campath-editor", app->file ? app->file : "(no file)",
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

static int run_window(const ed_options *o)
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
    app.clipboard_host = &sdl_clipboard;
    if (!started || ed_host_start(&app, o, o->file ? o->file : ED_DEFAULT_FILE) != 0) {
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
    /* keys are commands here, not text: keep input methods from taking them */
    SDL_StopTextInput();
    char title[512] = "";
    int relative = 0, texting = 0;
    Uint64 last = SDL_GetPerformanceCounter();
    int redraw = 1;
    while (!app.quit) {
        SDL_Event e;
        ed_event ev;
        /* idle, the editor sleeps until an event comes or time has something to show (frame.h) */
        double wait = redraw ? 0 : ctl.minimized ? 0.1 : ed_frame_idle_wait(&app, &ctl);
        if (wait > 0)
            SDL_WaitEventTimeout(NULL, (int)ceil(1e3 * wait));
        while (SDL_PollEvent(&e)) {
            redraw = 1; /* any event may change what is seen (the mouse over the gizmo, an exposed window) */
            if (ed_input_translate(&e, &ev))
                ed_control_event(&ctl, &app, &ev);
        }
        if (ctl.want_relative_mouse != relative) {
            relative = ctl.want_relative_mouse;
            SDL_SetRelativeMouseMode(relative ? SDL_TRUE : SDL_FALSE);
        }
        /* text comes as text only while an inspector field takes it: keys are commands otherwise */
        if (ctl.want_text != texting) {
            texting = ctl.want_text;
            if (texting)
                SDL_StartTextInput();
            else
                SDL_StopTextInput();
        }
        Uint64 now = SDL_GetPerformanceCounter();
        double dt = seconds(last, now);
        last = now;
        ed_frame_stamp before, after;
        ed_frame_stamp_take(&app, &before);
        ed_control_update(&ctl, &app, dt);
        ed_app_update(&app, dt);
        ed_frame_stamp_take(&app, &after);
        redraw |= ed_frame_stamp_changed(&before, &after) || ed_frame_idle_wait(&app, &ctl) == 0;
        update_title(ctx.window, &app, title, sizeof title);
        if (ctl.minimized || !redraw)
            continue;
        SDL_GL_GetDrawableSize(ctx.window, &w, &h);
        if (w != app.width || h != app.height)
            ed_app_resize(&app, w, h);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
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
    ed_app_free(&app);
    SDL_Quit();
    return 0;
}

int main(int argc, char **argv)
{
    ed_options o;
    int p = parse_args(argc, argv, &o);
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
    ed_text_quit();
    SDL_Quit();
    return rc;
}

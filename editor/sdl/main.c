/* editor/sdl/main.c - campath-editor: arguments, SDL set-up, the frame loop, and
 * the headless (--script, --screenshot) and benchmark (--bench-frames) modes. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "app.h"
#include "benchpath.h"
#include "control.h"
#include "draw.h"
#include "input.h"
#include "script.h"
#include "shot.h"

#define ED_DEFAULT_FILE "paths/demo.json"
#define ED_WINDOW_W 1280
#define ED_WINDOW_H 720
#define ED_MIN_FRAME 0.004   /* s: without vsync, do not spin faster than this */

typedef struct options {
    const char *file, *script, *screenshot;
    int         width, height, size_given;
    long        bench_frames;
} options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: campath-editor [FILE]                 fly, record and edit FILE (default %s)\n"
            "       campath-editor --script SCRIPT [--screenshot OUT.png|OUT.bmp] [--size WxH] [FILE]\n"
            "                                             run without a window (the script language is in docs/editor.md)\n"
            "       campath-editor [FILE] --screenshot OUT.png [--size WxH]\n"
            "                                             save what the editor shows on FILE, without a window\n"
            "       campath-editor --bench-frames N [--size WxH] [--screenshot OUT.png]\n"
            "                                             render N frames of a %d-key path, print frame times\n"
            "                                             (the screenshot is the last frame of the orbit half)\n"
            "       campath-editor --print-bindings | --print-commands\n"
            "                                             the key bindings / script commands in Markdown\n"
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

/* 0: run; 1: done (help or version printed); 2: bad arguments (message printed). */
static int parse_args(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
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
    return 0;
}

/* ---- rendering without a window ------------------------------------------------------------- */

typedef struct target {
    SDL_Surface  *surface;
    SDL_Renderer *r;
    ed_gfx        gfx;
    int           w, h, ready, warned;
} target;

static void target_free(target *t)
{
    if (t->ready)
        ed_gfx_free(&t->gfx);
    if (t->r)
        SDL_DestroyRenderer(t->r);
    SDL_FreeSurface(t->surface);
    t->surface = NULL;
    t->r = NULL;
    t->ready = 0;
}

static int target_ensure(target *t, int w, int h, char *err, size_t n)
{
    if (t->ready && t->w == w && t->h == h)
        return 0;
    target_free(t);
    t->surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    t->r = t->surface ? SDL_CreateSoftwareRenderer(t->surface) : NULL;
    if (!t->r) {
        snprintf(err, n, "software renderer: %s", SDL_GetError());
        target_free(t);
        return -1;
    }
    char msg[256];
    if (ed_gfx_init(&t->gfx, t->r, msg, sizeof msg) != 0) {
        snprintf(err, n, "%s", msg);
        target_free(t);
        return -1;
    }
    if (msg[0] && !t->warned)
        fprintf(stderr, "campath-editor: %s\n", msg);
    t->warned = 1;
    t->w = w;
    t->h = h;
    t->ready = 1;
    return 0;
}

static int target_render(target *t, ed_app *app, char *err, size_t n)
{
    if (target_ensure(t, app->width, app->height, err, n))
        return -1;
    ed_render_frame(&t->gfx, app);
    SDL_RenderPresent(t->r);
    return 0;
}

static int host_screenshot(void *ctx, ed_app *app, const char *file, char *err, size_t n)
{
    target *t = ctx;
    if (target_render(t, app, err, n))
        return -1;
    return ed_shot_save(t->r, t->w, t->h, file, err, n);
}

/* Synthetic events go out as SDL events and come back through the same
 * translation the window's events take. */
static void host_event(void *ctx, ed_app *app, ed_control *c, const ed_event *ev)
{
    (void)ctx;
    SDL_Event se;
    ed_event back;
    if (ed_input_synthesize(ev, &se) && ed_input_translate(&se, &back))
        ed_control_event(c, app, &back);
    else
        ed_control_event(c, app, ev);
}

static int run_headless(const options *o)
{
    ed_app app;
    ed_control ctl;
    target t;
    memset(&t, 0, sizeof t);
    int rc = 0;
    char err[1024];
    ed_app_init(&app);
    ed_control_init(&ctl);
    if (o->size_given)
        ed_app_resize(&app, o->width, o->height);
    /* a script opens its own file: a forgotten `open` must not save over the demo */
    const char *file = o->file ? o->file : o->script ? NULL : ED_DEFAULT_FILE;
    if (file && ed_app_open(&app, file) != 0) {
        fprintf(stderr, "campath-editor: %s\n", app.message);
        rc = 1;
    }
    if (rc == 0 && o->script) {
        ed_script_host host = {&t, host_screenshot, host_event};
        ed_script s;
        memset(&s, 0, sizeof s);
        s.app = &app;
        s.control = &ctl;
        s.host = &host;
        if (ed_script_run_file(&s, o->script, err, sizeof err) != 0) {
            fprintf(stderr, "campath-editor: %s\n", err);
            rc = 1;
        }
    }
    if (rc == 0 && o->screenshot && host_screenshot(&t, &app, o->screenshot, err, sizeof err) != 0) {
        fprintf(stderr, "campath-editor: %s\n", err);
        rc = 1;
    }
    target_free(&t);
    ed_app_free(&app);
    return rc;
}

/* ---- the benchmark ------------------------------------------------------------------------- */

static double seconds(Uint64 a, Uint64 b) { return (double)(b - a) / (double)SDL_GetPerformanceFrequency(); }

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void stats(const char *label, double *ms, long n)
{
    if (n <= 0)
        return;
    double sum = 0;
    for (long i = 0; i < n; i++)
        sum += ms[i];
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    long p95 = (long)ceil(0.95 * n) - 1;
    printf("  %-28s mean %6.2f ms   median %6.2f ms   p95 %6.2f ms   max %6.2f ms\n", label, sum / n, ms[n / 2],
           ms[p95 < 0 ? 0 : p95], ms[n - 1]);
}

static int run_bench(const options *o)
{
    int w = o->size_given ? o->width : 1280, h = o->size_given ? o->height : 720;
    long n = o->bench_frames;
    ed_app app;
    ed_app_init(&app);
    ed_app_resize(&app, w, h);
    target t;
    memset(&t, 0, sizeof t);
    char err[512];
    cp_document doc;
    cp_error cerr;
    double *ms = malloc((size_t)n * 2 * sizeof *ms);
    int rc = 1;
    if (!ms || ed_bench_document(&doc, ED_BENCH_KEYS, &cerr) != CP_OK) {
        fprintf(stderr, "campath-editor: %s\n", ms ? cerr.message : "out of memory");
        goto done;
    }
    Uint64 e0 = SDL_GetPerformanceCounter();
    if (ed_app_commit(&app, &doc, ED_BENCH_KEYS / 2, 1) != 0) {
        fprintf(stderr, "campath-editor: %s\n", app.message);
        goto done;
    }
    Uint64 e1 = SDL_GetPerformanceCounter();
    app.show_graph = 1;
    if (target_ensure(&t, w, h, err, sizeof err)) {
        fprintf(stderr, "campath-editor: %s\n", err);
        goto done;
    }
    Uint64 s0 = SDL_GetPerformanceCounter();
    ed_trace_build(&t.gfx.trace, app.path, app.path_serial);
    Uint64 s1 = SDL_GetPerformanceCounter();
    /* half the frames orbit high above the world (the whole path in view, the
       worst case), half look through the path camera while it plays */
    long orbit = (n + 1) / 2;
    double *through = ms + n;
    for (long i = 0; i < n; i++) {
        if (i < orbit) {
            double a = 2.0 * M_PI * (double)i / (double)orbit;
            cp_vec3 eye = cp_vec3_make(190 * sin(a), 95, -60 + 190 * cos(a));
            cp_vec3 d = cp_vec3_normalize(cp_vec3_sub(cp_vec3_make(0, 0, -60), eye));
            ed_app_place_camera(&app, eye, cp_quat_from_yaw_pitch_roll(atan2(-d.x, -d.z), asin(d.y), 0));
        } else if (!app.view_path) {
            if (o->screenshot && ed_shot_save(t.r, w, h, o->screenshot, err, sizeof err) != 0)
                fprintf(stderr, "campath-editor: %s\n", err);
            app.view_path = 1;
            ed_app_seek(&app, ed_app_start(&app));
            ed_app_play(&app, 1);
        }
        Uint64 f0 = SDL_GetPerformanceCounter();
        ed_app_update(&app, 1.0 / 60.0);
        ed_render_frame(&t.gfx, &app);
        SDL_RenderPresent(t.r);
        Uint64 f1 = SDL_GetPerformanceCounter();
        (i < orbit ? ms : through)[i < orbit ? i : i - orbit] = 1e3 * seconds(f0, f1);
    }
    double *all = malloc((size_t)n * sizeof *all);
    if (!all) {
        fprintf(stderr, "campath-editor: out of memory\n");
        goto done;
    }
    memcpy(all, ms, (size_t)orbit * sizeof *all);
    memcpy(all + orbit, through, (size_t)(n - orbit) * sizeof *all);
    printf("campath-editor --bench-frames %ld: %dx%d, software renderer, %d-key path (%zu polyline points)\n", n, w, h,
           ED_BENCH_KEYS, t.gfx.trace.count);
    stats("all frames", all, n);
    stats("orbit (whole path in view)", ms, orbit);
    stats("through the path camera", through, n - orbit);
    printf("  after an edit: path rebuild %.1f ms, resampling for display %.1f ms (not per frame)\n",
           1e3 * seconds(e0, e1), 1e3 * seconds(s0, s1));
    free(all);
    rc = 0;
done:
    free(ms);
    target_free(&t);
    ed_app_free(&app);
    return rc;
}

/* ---- the window ---------------------------------------------------------------------------- */

static int no_display(const char *why)
{
    fprintf(stderr,
            "campath-editor: cannot open a window (%s).\n"
            "Run it on a desktop (with DISPLAY or WAYLAND_DISPLAY set), or without a window:\n"
            "  campath-editor --script SCRIPT [--screenshot OUT.png] [FILE]   run a script of editor commands\n"
            "  campath-editor FILE --screenshot OUT.png                        save what the editor shows\n"
            "docs/editor.md describes both.\n",
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

static int run_window(const options *o)
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
    ed_app_init(&app);
    ed_control_init(&ctl);
    if (ed_app_open(&app, o->file ? o->file : ED_DEFAULT_FILE) != 0) {
        fprintf(stderr, "campath-editor: %s\n", app.message);
        ed_app_free(&app);
        SDL_Quit();
        return 1;
    }
    int w = o->size_given ? o->width : ED_WINDOW_W, h = o->size_given ? o->height : ED_WINDOW_H;
    SDL_Window *win = SDL_CreateWindow("campath-editor", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                       SDL_WINDOW_RESIZABLE);
    SDL_Renderer *r = NULL;
    int vsync = 1;
    if (win) {
        r = SDL_CreateRenderer(win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
        if (!r) {
            vsync = 0;
            r = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
        }
    }
    ed_gfx gfx;
    char err[256];
    if (!win || !r || ed_gfx_init(&gfx, r, err, sizeof err) != 0) {
        fprintf(stderr, "campath-editor: cannot set up the window: %s\n", !win || !r ? SDL_GetError() : err);
        if (r)
            SDL_DestroyRenderer(r);
        if (win)
            SDL_DestroyWindow(win);
        ed_app_free(&app);
        SDL_Quit();
        return 1;
    }
    if (err[0])
        fprintf(stderr, "campath-editor: %s\n", err);
    SDL_GetWindowSize(win, &w, &h);
    ed_app_resize(&app, w, h);
    /* keys are commands here, not text: keep input methods from taking them */
    SDL_StopTextInput();
    char title[512] = "";
    int relative = 0;
    Uint64 last = SDL_GetPerformanceCounter();
    while (!app.quit) {
        SDL_Event e;
        ed_event ev;
        while (SDL_PollEvent(&e))
            if (ed_input_translate(&e, &ev))
                ed_control_event(&ctl, &app, &ev);
        if (ctl.want_relative_mouse != relative) {
            relative = ctl.want_relative_mouse;
            SDL_SetRelativeMouseMode(relative ? SDL_TRUE : SDL_FALSE);
        }
        Uint64 now = SDL_GetPerformanceCounter();
        double dt = seconds(last, now);
        last = now;
        ed_control_update(&ctl, &app, dt);
        ed_app_update(&app, dt);
        update_title(win, &app, title, sizeof title);
        if (ctl.minimized) {
            SDL_WaitEventTimeout(NULL, 100);
            continue;
        }
        ed_render_frame(&gfx, &app);
        SDL_RenderPresent(r);
        if (!vsync) {
            double spent = seconds(now, SDL_GetPerformanceCounter());
            if (spent < ED_MIN_FRAME)
                SDL_Delay((Uint32)(1e3 * (ED_MIN_FRAME - spent)) + 1);
        }
    }
    SDL_SetRelativeMouseMode(SDL_FALSE);
    ed_gfx_free(&gfx);
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(win);
    ed_app_free(&app);
    SDL_Quit();
    return 0;
}

int main(int argc, char **argv)
{
    options o;
    int p = parse_args(argc, argv, &o);
    if (p)
        return p == 1 ? 0 : 2;
    if (o.bench_frames) {
        if (o.script || o.file) {
            fprintf(stderr, "campath-editor: --bench-frames takes no FILE or --script\n");
            return 2;
        }
        int rc = run_bench(&o);
        ed_text_quit();
        return rc;
    }
    int rc = o.script || o.screenshot ? run_headless(&o) : run_window(&o);
    ed_text_quit();
    return rc;
}

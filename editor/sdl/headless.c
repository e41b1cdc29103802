/* SPDX-License-Identifier: MIT */
/* editor/sdl/headless.c - the editor without a window: scripts, screenshots and
 * --render-frames, on an offscreen OpenGL context; and what all modes share
 * to start (host.h). */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "control.h"
#include "replace.h"
#include "host.h"
#include "input.h"
#include "script.h"
#include "shot.h"
#include "shots.h"
#include "sound.h"

/* ---- starting ---------------------------------------------------------------------------------- */

static int progress_open;   /* a line rewritten in place is on the terminal */

/* Shows the line; asks to stop when the person wants to quit (Ctrl+C, or
 * closing the window: SDL's events, once SDL has them; without a window
 * Ctrl+C ends the program itself). */
static int progress(void *ctx, const char *line)
{
    (void)ctx;
    if (isatty(STDERR_FILENO)) {
        fprintf(stderr, "\r%s\033[K", line);
        progress_open = 1;
    } else {
        fprintf(stderr, "%s\n", line);
    }
    fflush(stderr);
    return SDL_WasInit(SDL_INIT_EVENTS) && SDL_QuitRequested();
}

static void progress_done(void)
{
    if (progress_open)
        fputc('\n', stderr);
    progress_open = 0;
}

static void apply(ed_app *app, const ed_args *o)
{
    if (o->size_given)
        ed_app_resize(app, o->width, o->height);
    if (o->aspect > 0)
        ed_app_set_aspect(app, o->aspect);
    if (o->clearance > 0)
        ed_app_set_clearance(app, o->clearance);
    ed_app_set_import_options(app, &o->import);
}

/* --link: listens for games, and says where (and the token they need) on the terminal. */
static int start_link(ed_app *app, const ed_args *o)
{
    if (!o->link)
        return 0;
    if (ed_game_configure(app, o->link_address, o->link_token) != 0 || ed_game_listen(app, o->link_port) != 0) {
        fprintf(stderr, "campath-editor: %s\n", app->base.message);
        return -1;
    }
    printf("campath-editor: %s\n", app->base.message);
    fflush(stdout);
    return 0;
}

int ed_host_start(ed_app *app, const ed_args *o, const char *file)
{
    apply(app, o);
    if (start_link(app, o) != 0)
        return -1;
    char note[512];
    if (ed_sound_open(app, o->sound_device, note, sizeof note) != 0 || note[0])
        fprintf(stderr, "campath-editor: %s\n", note);
    if (file && ed_app_open(app, file) != 0) {
        fprintf(stderr, "campath-editor: %s\n", app->base.message);
        return -1;
    }
    /* the sound the path file names: reported when it is missing or does not decode, the path opens anyway */
    if (app->audio.status[0])
        fprintf(stderr, "campath-editor: warning: %s\n", app->audio.status);
    /* the scene the path file names: reported when it does not load, the path opens anyway */
    if (ed_app_wait_scene(app, progress, NULL) != 0) {
        progress_done();
        fprintf(stderr, "campath-editor: %s\n", app->base.message);
    }
    progress_done();
    if (o->scene) {
        if (ed_app_load_scene(app, o->scene, 1) != 0 || ed_app_wait_scene(app, progress, NULL) != 0) {
            progress_done();
            fprintf(stderr, "campath-editor: %s\n", app->base.message);
            return -1;
        }
        progress_done();
    }
    return 0;
}

void ed_host_prepare(ed_gfx *g, ed_app *app)
{
    const ed_text_metrics m = ed_gfx_text_metrics(g);
    ed_app_set_text_metrics(app, &m);
    ed_app_refresh(app);
    ed_gfx_upload(g, app);
    if (g->warning[0]) {
        ed_app_message(app, 1, "%s", g->warning);
        g->warning[0] = '\0';
    }
}

/* ---- the offscreen renderer -------------------------------------------------------------------- */

int ed_offscreen_open(ed_offscreen *o, char *err, size_t err_size)
{
    memset(o, 0, sizeof *o);
    if (ed_gl_open_offscreen(&o->ctx, err, err_size) != 0)
        return -1;
    char warn[512];
    if (ed_gfx_init(&o->gfx, warn, sizeof warn) != 0) {
        snprintf(err, err_size, "%s", warn);
        ed_gl_close(&o->ctx);
        return -1;
    }
    if (warn[0])
        fprintf(stderr, "campath-editor: %s\n", warn);
    o->ready = 1;
    return 0;
}

void ed_offscreen_close(ed_offscreen *o)
{
    if (o->ready) {
        ed_gl_target_free(&o->target);
        ed_gfx_free(&o->gfx);
        ed_gl_close(&o->ctx);
    }
    memset(o, 0, sizeof *o);
}

int ed_offscreen_bind(ed_offscreen *o, int w, int h, char *err, size_t err_size)
{
    if (!o->ready && ed_offscreen_open(o, err, err_size) != 0)
        return -1;
    return ed_gl_target_bind(&o->target, w, h, err, err_size);
}

/* ---- scripts and screenshots ----------------------------------------------------------------------- */

static int host_screenshot(void *ctx, ed_app *app, const char *file, char *err, size_t n)
{
    ed_offscreen *o = ctx;
    if (ed_shot_check_name(file, err, n) || ed_offscreen_bind(o, app->ui.width, app->ui.height, err, n))
        return -1;
    ed_host_prepare(&o->gfx, app);
    ed_render_frame(&o->gfx, app);
    SDL_Surface *s = ed_gl_read_pixels(app->ui.width, app->ui.height, err, n);
    int rc = s ? ed_shot_save(s, file, err, n) : -1;
    SDL_FreeSurface(s);
    return rc;
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

/* `queue` and `pump`: events on SDL's own queue, read by the window's own reading */
typedef struct host_queue {
    ed_offscreen  *off;
    ed_input_state input;
    int            ready;
} host_queue;

static int queue_ready(host_queue *q)
{
    if (!q->ready) {
        if (SDL_InitSubSystem(SDL_INIT_EVENTS) != 0)
            return -1;
        ed_input_begin(&q->input);
        q->ready = 1;
    }
    return 0;
}

static void host_queue_event(void *ctx, const ed_event *ev)
{
    host_queue *q = ((ed_offscreen *)ctx)->queue;
    SDL_Event se;
    if (queue_ready(q) == 0 && ed_input_synthesize(ev, &se))
        SDL_PushEvent(&se);
}

/* A file dropped on the window, as SDL gives it: the name SDL_malloc'd, freed by its reader. */
static void host_queue_drop(void *ctx, const char *file)
{
    host_queue *q = ((ed_offscreen *)ctx)->queue;
    if (queue_ready(q) != 0)
        return;
    SDL_Event se;
    memset(&se, 0, sizeof se);
    se.type = SDL_DROPFILE;
    se.drop.file = SDL_strdup(file);
    if (se.drop.file && SDL_PushEvent(&se) != 1)
        SDL_free(se.drop.file);
}

static int host_pump(void *ctx, ed_app *app, ed_control *c)
{
    host_queue *q = ((ed_offscreen *)ctx)->queue;
    return queue_ready(q) == 0 ? ed_input_pump(&q->input, c, app) : 0;
}

int ed_run_headless(const ed_args *o)
{
    char err[1024];
    if (o->screenshot && ed_shot_check_name(o->screenshot, err, sizeof err)) {
        fprintf(stderr, "campath-editor: --screenshot %s\n", err);
        return 2;
    }
    ed_app app;
    ed_control ctl;
    ed_offscreen off;
    memset(&off, 0, sizeof off);
    int rc = 0;
    if (ed_app_init(&app) != 0) {
        fprintf(stderr, "campath-editor: out of memory\n");
        ed_app_free(&app);
        return 1;
    }
    ed_control_init(&ctl);
    /* a script opens its own file: a forgotten `open` must not save over the demo */
    const char *file = o->file ? o->file : o->script ? NULL : ED_DEFAULT_FILE;
    if (ed_host_start(&app, o, file) != 0)
        rc = 1;
    if (rc == 0 && o->script) {
        host_queue queue = {&off, {0, 0}, 0};
        off.queue = &queue;
        ed_script_host host = {&off, host_screenshot, host_event, progress, host_queue_event, host_pump,
                               host_queue_drop};
        ed_script s;
        memset(&s, 0, sizeof s);
        s.app = &app;
        s.control = &ctl;
        s.host = &host;
        rc = ed_script_run_file(&s, o->script, err, sizeof err) != 0;
        progress_done();
        if (rc)
            fprintf(stderr, "campath-editor: %s\n", err);
    }
    if (rc == 0 && o->screenshot && host_screenshot(&off, &app, o->screenshot, err, sizeof err) != 0) {
        fprintf(stderr, "campath-editor: %s\n", err);
        rc = 1;
    }
    ed_offscreen_close(&off);
    ed_app_free(&app);
    return rc;
}

/* ---- rendering the shot frame by frame ---------------------------------------------------------------- */

static double now(void) { return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency(); }

/* Ctrl+C or SIGTERM during a render: the frame being written is finished or
 * dropped (no temporary file left in DIR), then the signal takes its course. */
static volatile sig_atomic_t stop_signal;
static void on_stop_signal(int sig) { stop_signal = sig; }

/* The sound of the rendered range, `frames` frames from path time `start` at
 * `fps`, as DIR/audio.wav: exactly frames / fps seconds long to the sound's
 * frame, silence where the sound has not begun or has ended. Written whole
 * or not at all, never through a link. 0, or -1 with why. */
static int write_render_audio(const ed_app *app, const char *file, double start, long frames, double fps, char *why, size_t n)
{
    const ed_wave *w = &app->audio.wave;
    size_t count = (size_t)llround((double)frames * w->rate / fps);
    long long first = (long long)llround(ed_app_sound_frame_at(app, start));
    int16_t *pcm = malloc(count ? count * (size_t)w->channels * sizeof *pcm : 1);
    unsigned char *bytes = NULL;
    size_t size = 0;
    if (!pcm || (ed_wave_copy(w, first, count, pcm), ed_wave_encode(pcm, count, w->rate, w->channels, &bytes, &size)) != 0) {
        free(pcm);
        snprintf(why, n, "%s: out of memory for %zu frames of sound", file, count);
        return -1;
    }
    free(pcm);
    ed_replace r;
    int rc = ed_replace_open(&r, file, why, n);
    if (rc == 0) {
        ed_replace_write(&r, bytes, size);
        rc = ed_replace_commit(&r, why, n);
    }
    free(bytes);
    return rc;
}

/* The folder for the frames: made when missing (one level), refused when it is something else. */
static int frames_folder(const char *dir, char *err, size_t n)
{
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            snprintf(err, n, "--render-frames %s: not a folder", dir);
            return -1;
        }
        return 0;
    }
    if (errno != ENOENT || mkdir(dir, 0777) != 0) {
        snprintf(err, n, "--render-frames %s: %s", dir, strerror(errno));
        return -1;
    }
    return 0;
}

int ed_run_render_frames(const ed_args *o)
{
    char err[1024];
    const char *file = o->file ? o->file : ED_DEFAULT_FILE;
    double fps = o->fps > 0 ? o->fps : ED_DEFAULT_FPS;
    int w = o->size_given ? o->width : ED_RENDER_W, h = o->size_given ? o->height : ED_RENDER_H;
    ed_app app;
    ed_offscreen off;
    memset(&off, 0, sizeof off);
    int rc = 1;
    if (ed_app_init(&app) != 0) {
        fprintf(stderr, "campath-editor: out of memory\n");
        goto done;
    }
    if (ed_host_start(&app, o, file) != 0)
        goto done;
    if (!app.doc.path) {
        fprintf(stderr, "campath-editor: %s: a path of 2 keys or more is needed to render frames\n", file);
        goto done;
    }
    double start = ed_app_start(&app), duration = ed_app_duration(&app);
    if (ed_shots_open(&app)) {
        /* a sequence plays whole, through its cuts and blends, from sequence time 0 */
        cp_sequence_pose probe;
        ed_app_refresh(&app);
        if (ed_shots_pose(&app, 0, &probe) != 0) {
            fprintf(stderr, "campath-editor: %s: the sequence does not play: %s\n", file, app.seq.build_error);
            goto done;
        }
        start = 0;
        duration = ed_shots_duration(&app);
    }
    /* floor(duration * fps) + 1 frames: the first at the start, one every 1/fps s; a hair of
       rounding slack so that 2 s at 30 fps gives frame 60 at exactly the end */
    double count = floor(duration * fps + 1e-9) + 1;
    if (!(count <= (double)ED_RENDER_MAX_FRAMES)) {
        fprintf(stderr, "campath-editor: %s: %g s at %g frames/s is %.15g frames, over the editor's limit of %ld frames "
                        "(frame_00000.png to frame_%05ld.png): lower --fps, or render a part of the path\n",
                file, duration, fps, count, ED_RENDER_MAX_FRAMES, ED_RENDER_MAX_FRAMES - 1);
        goto done;
    }
    long frames = (long)count;
    if (frames_folder(o->render_dir, err, sizeof err) != 0) {
        fprintf(stderr, "campath-editor: %s\n", err);
        goto done;
    }
    size_t name_size = strlen(o->render_dir) + 32;
    char *name = malloc(name_size);
    if (!name) {
        fprintf(stderr, "campath-editor: out of memory\n");
        goto done;
    }
    /* every frame replaces what is at its name: anything there that is not a regular file
       (a link, a FIFO) is named before the first frame is drawn */
    for (long i = 0; i < frames; i++) {
        snprintf(name, name_size, "%s/frame_%05ld.png", o->render_dir, i);
        if (ed_replace_check(name, err, sizeof err) != 0) {
            fprintf(stderr, "campath-editor: frame %ld: %s\n", i, err);
            free(name);
            goto done;
        }
    }
    /* and the sound's file beside them, when the path has a sound */
    int sound = ed_app_has_sound(&app);
    snprintf(name, name_size, "%s/audio.wav", o->render_dir);
    if (sound && ed_replace_check(name, err, sizeof err) != 0) {
        fprintf(stderr, "campath-editor: the sound: %s\n", err);
        free(name);
        goto done;
    }
    if (ed_offscreen_bind(&off, w, h, err, sizeof err) != 0) {
        fprintf(stderr, "campath-editor: %s\n", err);
        free(name);
        goto done;
    }
    double t0 = now(), last = t0;
    int tty = isatty(STDERR_FILENO);
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    int failed = 0;
    for (long i = 0; i < frames && !stop_signal && !failed; i++) {
        ed_render_shot(&off.gfx, &app, fmin(start + (double)i / fps, start + duration), w, h);
        SDL_Surface *s = ed_gl_read_pixels(w, h, err, sizeof err);
        snprintf(name, name_size, "%s/frame_%05ld.png", o->render_dir, i);
        if (!s || ed_shot_save(s, name, err, sizeof err) != 0) {
            SDL_FreeSurface(s);
            progress_done();
            fprintf(stderr, "campath-editor: frame %ld: %s\n", i, err);
            failed = 1;
            continue;
        }
        SDL_FreeSurface(s);
        double t = now();
        /* on a terminal a line rewritten a few times a second; in a log one every 100 frames */
        if ((tty && t - last > 0.25) || (!tty && (i + 1) % 100 == 0) || i + 1 == frames) {
            char line[256];
            snprintf(line, sizeof line, "frame %ld of %ld (%.0f%%), %.1f frames/s", i + 1, frames,
                     100.0 * (double)(i + 1) / (double)frames, (double)(i + 1) / (t - t0 > 0 ? t - t0 : 1e-9));
            progress(NULL, line);
            last = t;
        }
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    progress_done();
    if (failed) {
        free(name);
        goto done;
    }
    if (stop_signal) {
        free(name);
        ed_offscreen_close(&off);
        ed_app_free(&app);
        raise(stop_signal);
        return 1;
    }
    double secs = now() - t0;
    printf("wrote %ld frames of %dx%d to %s/ in %.2f s (%.1f frames/s)\n", frames, w, h, o->render_dir, secs,
           (double)frames / (secs > 0 ? secs : 1e-9));
    if (sound) {
        snprintf(name, name_size, "%s/audio.wav", o->render_dir);
        if (write_render_audio(&app, name, start, frames, fps, err, sizeof err) != 0) {
            fprintf(stderr, "campath-editor: the sound: %s\n", err);
            free(name);
            goto done;
        }
        printf("wrote the sound of the %.6g s as %s (%d Hz, %d channels, %zu frames)\n", (double)frames / fps, name,
               app.audio.wave.rate, app.audio.wave.channels, (size_t)llround((double)frames * app.audio.wave.rate / fps));
    }
    /* frames left over from a longer render would join the movie */
    snprintf(name, name_size, "%s/frame_%05ld.png", o->render_dir, frames);
    if (access(name, F_OK) == 0)
        fprintf(stderr, "campath-editor: note: %s is from an earlier render (this one ends at frame_%05ld.png)\n", name,
                frames - 1);
    free(name);
    rc = 0;
done:
    ed_offscreen_close(&off);
    ed_app_free(&app);
    return rc;
}

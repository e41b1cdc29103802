/* SPDX-License-Identifier: MIT */
/* editor/sdl/bench.c - the editor's benchmarks: frame times (--bench-frames,
 * with the path camera's preview off, drawn every frame and cached), an
 * edit of one key of a long smooth path against the whole rebuild, and
 * scene loading against the importer alone (--bench-load). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "benchpath.h"
#include "diff.h"
#include "host.h"
#include "panels.h"
#include "shot.h"

#define ED_BENCH_PREVIEW_KEYS 30 /* the path flown past while the preview is measured */

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
    printf("  %-28s mean %7.2f ms   median %7.2f ms   p95 %7.2f ms   max %7.2f ms\n", label, sum / n, ms[n / 2],
           ms[p95 < 0 ? 0 : p95], ms[n - 1]);
}

/* The CPU time of the whole process (all its threads: Mesa's software
 * rasterizer draws on its own), milliseconds: the work a frame did, however
 * long a shared machine kept it waiting. */
static double cpu_ms(void)
{
    struct timespec t;
    return clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) == 0 ? 1e3 * (double)t.tv_sec + 1e-6 * (double)t.tv_nsec : 0;
}

/* Renders a frame and waits for the GPU, so that the time is the frame's. */
static double frame(ed_offscreen *off, ed_app *app)
{
    Uint64 f0 = SDL_GetPerformanceCounter();
    ed_app_update(app, 1.0 / 60.0);
    ed_host_prepare(&off->gfx, app);
    ed_render_frame(&off->gfx, app);
    glFinish();
    return 1e3 * seconds(f0, SDL_GetPerformanceCounter());
}

/* Flying with the preview of the path camera off, drawn afresh every frame
 * (as before it was cached), and drawn only when the path camera's picture
 * changes: the free camera flies round the world over the roofs while the
 * playhead stands still, each of its n places drawn in the three ways one
 * after the other, in turns (the first frame at a new place may cost
 * more). Printed: the median of each way, best of `reps` runs; and, as a
 * shared machine slows all three frames of a place alike, the median over
 * all places of all runs of each frame with the preview against the frame
 * without it at the same place. */
static void bench_preview(ed_offscreen *off, ed_app *app, long n, cp_vec3 c, double size, double *ms)
{
    enum { OFF, AFRESH, CACHED, MODES };
    const int reps = 3;
    double best[MODES] = {1e30, 1e30, 1e30}, cpu_sum[MODES] = {0, 0, 0};
    /* wall time afresh / off, cached / off, then the same in CPU time */
    double *ratio = malloc(4 * (size_t)(reps * n) * sizeof *ratio);
    if (!ratio) {
        fprintf(stderr, "campath-editor: out of memory\n");
        return;
    }
    unsigned long draws = 0;
    ed_app_view_path(app, 0);
    ed_app_play(app, 0);
    ed_app_seek(app, ed_app_start(app) + 0.5 * ed_app_duration(app));
    for (int r = 0; r < reps; r++) {
        off->gfx.preview_cached = 0;
        unsigned long d0 = off->gfx.preview_draws;
        for (long i = 0; i < n; i++) {
            double a = 2.0 * M_PI * (double)i / (double)n;
            cp_vec3 eye = cp_vec3_add(c, cp_vec3_make(0.3 * size * sin(a), 0.08 * size, 0.3 * size * cos(a)));
            cp_vec3 d = cp_vec3_normalize(cp_vec3_sub(c, eye));
            ed_app_place_camera(app, eye, cp_quat_from_yaw_pitch_roll(atan2(-d.x, -d.z), asin(d.y), 0));
            double cpu[MODES];
            for (int j = 0; j < MODES; j++) {
                int m = (int)((i + j) % MODES); /* each way first at a third of the places */
                ed_app_show_pip(app, m != OFF);
                off->gfx.preview_uncached = m == AFRESH;
                double c0 = cpu_ms();
                ms[m * n + i] = frame(off, app);
                cpu[m] = cpu_ms() - c0;
                cpu_sum[m] += cpu[m];
            }
            ratio[r * n + i] = ms[AFRESH * n + i] / ms[OFF * n + i];
            ratio[(reps + r) * n + i] = ms[CACHED * n + i] / ms[OFF * n + i];
            ratio[(2 * reps + r) * n + i] = cpu[AFRESH] / cpu[OFF];
            ratio[(3 * reps + r) * n + i] = cpu[CACHED] / cpu[OFF];
        }
        draws = off->gfx.preview_draws - d0;
        for (int m = 0; m < MODES; m++) {
            qsort(ms + m * n, (size_t)n, sizeof *ms, cmp_double);
            best[m] = fmin(best[m], ms[m * n + n / 2]);
        }
    }
    off->gfx.preview_uncached = 0;
    ed_app_show_pip(app, 1);
    long all = reps * n;
    double med[4];
    for (int k = 0; k < 4; k++) {
        qsort(ratio + k * all, (size_t)all, sizeof *ratio, cmp_double);
        med[k] = ratio[k * all + all / 2];
    }
    printf("  flying past a %d-key path, the playhead still (median, best of %d runs of %ld frames each way):\n",
           ED_BENCH_PREVIEW_KEYS, reps, n);
    printf("    preview off %.2f ms; preview on, drawn every frame (before) %.2f ms; "
           "drawn when its picture changes (after: %lu of %ld frames) %.2f ms\n",
           best[OFF], best[AFRESH], draws, n, best[CACHED]);
    printf("    a frame with the preview against one without, place by place (median of %ld):\n", all);
    printf("      wall time: before %.3fx, after %.3fx\n", med[0], med[1]);
    printf("      CPU time a frame (all threads, mean): preview off %.2f ms, before %.2f ms, after %.2f ms\n",
           cpu_sum[OFF] / (double)all, cpu_sum[AFRESH] / (double)all, cpu_sum[CACHED] / (double)all);
    printf("      CPU time (all threads): before %.3fx, after %.3fx; the preview's share after / before %.2f\n", med[2],
           med[3], med[2] > 1 ? (med[3] - 1) / (med[2] - 1) : NAN);
    free(ratio);
}

/* The benchmark path's laps, fitted to the world: centred on it, scaled to its size. */
static void fit(const ed_app *app, cp_document *doc)
{
    if (!app->scene.file)
        return;
    cp_vec3 c = ed_world_centre(&app->scene.world), lap_centre = cp_vec3_make(0, 10, -60);
    double size = ed_world_size(&app->scene.world), k = size / 400.0;
    for (size_t i = 0; i < doc->count; i++) {
        cp_vec3 d = cp_vec3_scale(cp_vec3_sub(doc->keys[i].position, lap_centre), k);
        doc->keys[i].position = cp_vec3_add(cp_vec3_add(c, d), cp_vec3_make(0, 0.1 * size, 0));
        doc->keys[i].time *= k;
    }
}

/* ---- an edit of one key ------------------------------------------------------------------------- */

#define ED_BENCH_EDIT_TARGET 16.0 /* ms: an edit within a frame at 60 Hz */
#define ED_BENCH_EDIT_WINDOW 16   /* keys each side: the span a local update of one key reports */

enum { EDIT_PATH, EDIT_RESAMPLE, EDIT_GRAPH, EDIT_CLEARANCE, EDIT_TOTAL, EDIT_PARTS };

static double ms_since(Uint64 a) { return 1e3 * seconds(a, SDL_GetPerformanceCounter()); }

/* The graph panel drawn again (its cache is out of date after an edit). */
static double graph_ms(ed_offscreen *off, const ed_app *app)
{
    ed_layout l;
    ed_app_layout(app, &l);
    Uint64 a = SDL_GetPerformanceCounter();
    ed_canvas_begin(off->gfx.canvas, app->ui.width, app->ui.height);
    ed_draw_graph(&off->gfx, app, &l);
    ed_canvas_end(off->gfx.canvas);
    glFinish();
    return ms_since(a);
}

/* The graph panel's pixels in its cache (RGBA, rows from the bottom) into
 * px, which holds p->w * p->h * 4 bytes. */
static void graph_pixels(const ed_gfx *g, const ed_app *app, const ed_rect *p, unsigned char *px)
{
    GLint into = 0;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &into);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, g->graph_cache.fbo);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(p->x, app->ui.height - (p->y + p->h), p->w, p->h, GL_RGBA, GL_UNSIGNED_BYTE, px);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)into);
}

/* The panel as the edit left it in the cache (drawn in part, where it
 * could be) against the whole panel drawn afresh: returns the pixels that
 * differ (-1: no memory) and times the whole drawing in *whole_ms. */
static long graph_check(ed_offscreen *off, const ed_app *app, double *whole_ms)
{
    ed_layout l;
    ed_app_layout(app, &l);
    const ed_rect *p = &l.graph;
    const size_t bytes = (size_t)(p->w > 0 ? p->w : 0) * (size_t)(p->h > 0 ? p->h : 0) * 4;
    unsigned char *a = malloc(bytes ? 2 * bytes : 1);
    if (!a)
        return -1;
    graph_pixels(&off->gfx, app, p, a);
    off->gfx.graph_cached = 0;
    off->gfx.graph_whole = 1;
    *whole_ms = graph_ms(off, app);
    graph_pixels(&off->gfx, app, p, a + bytes);
    long differ = 0;
    for (size_t i = 0; i < bytes; i += 4)
        differ += memcmp(a + i, a + bytes + i, 4) != 0;
    free(a);
    return differ;
}

/* One row of the edit's figures: best and median of each part over n edits. */
static void edit_row(const char *label, double *ms, int n, int parts)
{
    printf("    %-44s", label);
    static const char *names[EDIT_PARTS] = {"path", "resample", "graph", "clearance", "total"};
    for (int p = 0; p < EDIT_PARTS; p++) {
        if (!(parts & (1 << p)))
            continue;
        double *v = ms + p * n;
        qsort(v, (size_t)n, sizeof *v, cmp_double);
        printf(" %s %.2f/%.2f", names[p], v[0], v[n / 2]);
    }
    printf(" ms\n");
}

/* Edits of one key in the middle of a 10^5-key smooth path fitted to the
 * world, moved up and down in turns: as the editor makes them (the path
 * updated, the trace and the clearance check redone where it changed, the
 * graph drawn again), the editor's own part when the update reports a window
 * of ED_BENCH_EDIT_WINDOW keys each side (what a local cp_path_update
 * reports; the trace and the check of this row are the bench's own), and
 * the old way (the path built whole, sampled whole, checked whole). */
static int bench_edit(ed_offscreen *off, ed_app *app, long frames, cp_document *doc)
{
    const int n = frames >= 20 ? 7 : frames >= 8 ? 3 : 2;
    const size_t keys = doc->count, k = keys / 2;
    /* the editor as one edits in it: the free camera, the graph shown */
    ed_app_play(app, 0);
    ed_app_view_path(app, 0);
    ed_app_show_graph(app, 1);
    Uint64 b0 = SDL_GetPerformanceCounter();
    if (ed_edit_replace(app, doc, (long)k) != 0) {
        fprintf(stderr, "campath-editor: %s\n", app->base.message);
        return -1;
    }
    ed_host_prepare(&off->gfx, app);
    const ed_clearance *check = ed_app_check_clearance(app);
    double build = ms_since(b0);
    const ed_bvh *bvh = &app->scene.bvh;
    const double radius = app->scene.radius;
    ed_trace win_trace, old_trace;
    ed_clearance win_check = {0}, old_check = {0};
    memset(&win_trace, 0, sizeof win_trace);
    memset(&old_trace, 0, sizeof old_trace);
    double *ms = calloc(3 * EDIT_PARTS * (size_t)n, sizeof *ms); /* n <= 7 */
    if (!check || !ms || ed_trace_build(&win_trace, app->doc.path, app->doc.path_serial) ||
        ed_clearance_check(&win_check, app->doc.path, bvh, radius)) {
        fprintf(stderr, "campath-editor: out of memory\n");
        free(ms);
        return -1;
    }
    double *now = ms, *win = ms + EDIT_PARTS * n, *old = ms + 2 * EDIT_PARTS * n, lib[8], own[8];
    cp_document copies[8];
    memset(copies, 0, sizeof copies);
    const double lift = 0.01 * (app->scene.file ? ed_world_size(&app->scene.world) : 400.0);
    int rc = 0;
    unsigned long graph_parts = 0;
    long graph_differ = 0;
    for (int e = 0; e < n && rc == 0; e++) {
        cp_vec3 p = ed_app_keys(app)[k].position;
        p.y += e % 2 ? -lift : lift;
        Uint64 a = SDL_GetPerformanceCounter();
        if (ed_edit_position(app, p) != 0) {
            fprintf(stderr, "campath-editor: %s\n", app->base.message);
            rc = -1;
            break;
        }
        now[EDIT_PATH * n + e] = ms_since(a);
        a = SDL_GetPerformanceCounter();
        ed_gfx_upload(&off->gfx, app);
        now[EDIT_RESAMPLE * n + e] = ms_since(a);
        /* the frame's order: the clearance checked (ed_app_refresh), then the panels drawn */
        a = SDL_GetPerformanceCounter();
        check = ed_app_check_clearance(app);
        now[EDIT_CLEARANCE * n + e] = ms_since(a);
        const unsigned long parts = off->gfx.graph_draws[1];
        now[EDIT_GRAPH * n + e] = graph_ms(off, app);
        graph_parts += off->gfx.graph_draws[1] - parts;
        double whole_ms = 0;
        const long differ = graph_check(off, app, &whole_ms);
        rc |= differ < 0 ? -1 : 0;
        graph_differ += differ > 0 ? differ : 0;
        /* the editor's part with a window of keys around the edit */
        const cp_key *kk = ed_app_keys(app);
        const double span[2] = {kk[k - ED_BENCH_EDIT_WINDOW].time, kk[k + ED_BENCH_EDIT_WINDOW].time};
        a = SDL_GetPerformanceCounter();
        rc |= ed_trace_update(&win_trace, app->doc.path, app->doc.path_serial, span);
        win[EDIT_RESAMPLE * n + e] = ms_since(a);
        win[EDIT_GRAPH * n + e] = now[EDIT_GRAPH * n + e];
        a = SDL_GetPerformanceCounter();
        rc |= ed_clearance_update(&win_check, app->doc.path, bvh, radius, span);
        win[EDIT_CLEARANCE * n + e] = ms_since(a);
        /* the old way */
        cp_error err;
        a = SDL_GetPerformanceCounter();
        cp_path *whole = cp_document_to_path(&app->doc.cur.doc, &err);
        old[EDIT_PATH * n + e] = ms_since(a);
        rc |= whole ? 0 : -1;
        a = SDL_GetPerformanceCounter();
        rc |= ed_trace_build(&old_trace, whole, 1);
        old[EDIT_RESAMPLE * n + e] = ms_since(a);
        old[EDIT_GRAPH * n + e] = whole_ms;
        a = SDL_GetPerformanceCounter();
        rc |= ed_clearance_check(&old_check, whole, bvh, radius);
        old[EDIT_CLEARANCE * n + e] = ms_since(a);
        /* what the path step of an edit cost before it changed its run in
           place: a copy of the document to change, and its comparison with
           the document; kept to the end, as the undo history kept each
           edit's (so each takes fresh memory) */
        size_t first, count;
        a = SDL_GetPerformanceCounter();
        rc |= cp_document_copy(&copies[e], &app->doc.cur.doc, &err) == CP_OK ? 0 : -1;
        rc |= ed_diff_key_run(&app->doc.cur.doc, &copies[e], &first, &count) ? 0 : -1;
        own[e] = ms_since(a);
        /* the library's update alone, of the same key on the same path */
        double changed[2];
        a = SDL_GetPerformanceCounter();
        cp_path *updated = whole ? cp_path_update(whole, k, &kk[k], 1, changed, &err) : NULL;
        lib[e] = ms_since(a);
        cp_path_destroy(updated ? updated : whole);
        rc |= updated ? 0 : -1;
        for (int p2 = EDIT_PATH; p2 < EDIT_TOTAL; p2++) {
            now[EDIT_TOTAL * n + e] += now[p2 * n + e];
            win[EDIT_TOTAL * n + e] += win[p2 * n + e];
            old[EDIT_TOTAL * n + e] += old[p2 * n + e];
        }
    }
    if (rc == 0) {
        printf("  an edit of one key (key %zu moved %.2g m, up and down in turns) of a %zu-key smooth path, %zu "
               "polyline points, %zu poses checked, %zu problems (best/median of %d edits; target %.0f ms; the path "
               "built, sampled and checked first in %.0f ms):\n",
               k, lift, keys, off->gfx.trace.count, check ? check->samples : 0, check ? check->count : 0, n,
               ED_BENCH_EDIT_TARGET, build);
        double now_total[8], old_total[8];
        memcpy(now_total, now + EDIT_TOTAL * n, (size_t)n * sizeof *now);
        memcpy(old_total, old + EDIT_TOTAL * n, (size_t)n * sizeof *old);
        edit_row("as the editor makes it (cp_path_update):", now, n, 0x1f);
        qsort(lib, (size_t)n, sizeof *lib, cmp_double);
        qsort(own, (size_t)n, sizeof *own, cmp_double);
        printf("      its path: cp_path_update alone (on the path built afresh) %.2f/%.2f ms; the copy of the "
               "document and its comparison an edit made before it changed its run in place %.2f/%.2f ms\n",
               lib[0], lib[n / 2], own[0], own[n / 2]);
        printf("      its graph: drawn again in the columns the edit moved in %lu of %d edits; against the whole "
               "panel drawn afresh, %ld pixels differ\n",
               graph_parts, n, graph_differ);
        edit_row("the editor's part, a window of 16 keys each side:", win, n, 0x1e);
        edit_row("the old way (built, sampled, checked whole):", old, n, 0x1f);
        qsort(now_total, (size_t)n, sizeof *now_total, cmp_double);
        qsort(old_total, (size_t)n, sizeof *old_total, cmp_double);
        printf("    median total %.1f ms against the %.0f ms target (%.2fx it); the old way %.1f ms (%.2fx the edit)\n",
               now_total[n / 2], ED_BENCH_EDIT_TARGET, now_total[n / 2] / ED_BENCH_EDIT_TARGET, old_total[n / 2],
               old_total[n / 2] / now_total[n / 2]);
    } else {
        fprintf(stderr, "campath-editor: the edit benchmark failed (out of memory)\n");
    }
    for (int e = 0; e < n; e++)
        cp_document_free(&copies[e]);
    ed_trace_free(&win_trace);
    ed_trace_free(&old_trace);
    ed_clearance_free(&win_check);
    ed_clearance_free(&old_check);
    free(ms);
    return rc;
}

int ed_run_bench(const ed_args *o)
{
    int w = o->size_given ? o->width : ED_RENDER_W, h = o->size_given ? o->height : ED_RENDER_H;
    long n = o->bench_frames;
    ed_app app;
    ed_offscreen off;
    memset(&off, 0, sizeof off);
    char err[1024];
    cp_document doc;
    cp_error cerr;
    double *ms = malloc((size_t)n * 3 * sizeof *ms); /* and the preview's three ways of (n + 1) / 2 */
    int rc = 1;
    if (ed_app_init(&app) != 0 || !ms) {
        fprintf(stderr, "campath-editor: out of memory\n");
        goto done;
    }
    ed_args opts = *o;
    opts.size_given = 1, opts.width = w, opts.height = h;
    if (ed_host_start(&app, &opts, NULL) != 0)
        goto done;
    if (ed_bench_document(&doc, ED_BENCH_KEYS, &cerr) != CP_OK) {
        fprintf(stderr, "campath-editor: %s\n", cerr.message);
        goto done;
    }
    fit(&app, &doc);
    Uint64 e0 = SDL_GetPerformanceCounter();
    if (ed_edit_replace(&app, &doc, ED_BENCH_KEYS / 2) != 0) {
        fprintf(stderr, "campath-editor: %s\n", app.base.message);
        goto done;
    }
    Uint64 e1 = SDL_GetPerformanceCounter();
    ed_app_show_graph(&app, 1);
    if (ed_offscreen_bind(&off, w, h, err, sizeof err)) {
        fprintf(stderr, "campath-editor: %s\n", err);
        goto done;
    }
    Uint64 s0 = SDL_GetPerformanceCounter();
    ed_trace_build(&off.gfx.trace, app.doc.path, app.doc.path_serial);
    Uint64 s1 = SDL_GetPerformanceCounter();
    const ed_clearance *clear = ed_app_check_clearance(&app);
    Uint64 s2 = SDL_GetPerformanceCounter();
    /* the first frame uploads the world and the path: timed apart */
    double first = frame(&off, &app);
    /* half the frames orbit high above the world (the whole path in view, the
       worst case), half look through the path camera while it plays */
    long orbit = (n + 1) / 2;
    double *through = ms + n;
    cp_vec3 c = ed_world_centre(&app.scene.world);
    double size = app.scene.file ? ed_world_size(&app.scene.world) : 400.0;
    if (!app.scene.file)
        c = cp_vec3_make(0, 0, -60);
    for (long i = 0; i < n; i++) {
        if (i < orbit) {
            double a = 2.0 * M_PI * (double)i / (double)orbit;
            cp_vec3 eye = cp_vec3_add(c, cp_vec3_make(0.48 * size * sin(a), 0.24 * size, 0.48 * size * cos(a)));
            cp_vec3 d = cp_vec3_normalize(cp_vec3_sub(c, eye));
            ed_app_place_camera(&app, eye, cp_quat_from_yaw_pitch_roll(atan2(-d.x, -d.z), asin(d.y), 0));
        } else if (!app.ui.view_path) {
            if (o->screenshot) {
                SDL_Surface *s = ed_gl_read_pixels(w, h, err, sizeof err);
                if (!s || ed_shot_save(s, o->screenshot, err, sizeof err) != 0)
                    fprintf(stderr, "campath-editor: %s\n", err);
                SDL_FreeSurface(s);
            }
            ed_app_view_path(&app, 1);
            ed_app_seek(&app, ed_app_start(&app));
            ed_app_play(&app, 1);
        }
        (i < orbit ? ms : through)[i < orbit ? i : i - orbit] = frame(&off, &app);
    }
    double *all = malloc((size_t)n * sizeof *all);
    if (!all) {
        fprintf(stderr, "campath-editor: out of memory\n");
        goto done;
    }
    memcpy(all, ms, (size_t)orbit * sizeof *all);
    memcpy(all + orbit, through, (size_t)(n - orbit) * sizeof *all);
    const char *r = (const char *)glGetString(GL_RENDERER);
    printf("campath-editor --bench-frames %ld: %dx%d, %s, world %s (%zu triangles), %d-key path (%zu polyline points)\n",
           n, w, h, r ? r : "OpenGL", app.scene.file ? app.scene.file : "the demo town", app.scene.world.triangle_count,
           ED_BENCH_KEYS, off.gfx.trace.count);
    stats("all frames", all, n);
    stats("orbit (whole path in view)", ms, orbit);
    stats("through the path camera", through, n - orbit);
    printf("  first frame (uploads the world and the path) %.1f ms\n", first);
    printf("  after an edit: path rebuild %.1f ms, resampling for display %.1f ms, clearance check %.1f ms (%zu poses, "
           "%zu problems); not per frame\n",
           1e3 * seconds(e0, e1), 1e3 * seconds(s0, s1), 1e3 * seconds(s1, s2), clear ? clear->samples : 0,
           clear ? clear->count : 0);
    /* an edit of one key of a long smooth path (a quick run, as the tests make, on a tenth of it) */
    if (ed_bench_document_smooth(&doc, n >= 8 ? ED_BENCH_EDIT_KEYS : ED_BENCH_EDIT_KEYS / 10, &cerr) != CP_OK) {
        fprintf(stderr, "campath-editor: %s\n", cerr.message);
        goto done;
    }
    fit(&app, &doc);
    if (bench_edit(&off, &app, n, &doc) != 0)
        goto done;
    /* the preview, with a path of the size people make (the 10,000 keys drawn in the view would hide it) */
    if (ed_bench_document(&doc, ED_BENCH_PREVIEW_KEYS, &cerr) != CP_OK) {
        fprintf(stderr, "campath-editor: %s\n", cerr.message);
        goto done;
    }
    fit(&app, &doc);
    if (ed_edit_replace(&app, &doc, -1) != 0) {
        fprintf(stderr, "campath-editor: %s\n", app.base.message);
        goto done;
    }
    bench_preview(&off, &app, orbit, c, size, ms);
    free(all);
    rc = 0;
done:
    free(ms);
    ed_offscreen_close(&off);
    ed_app_free(&app);
    return rc;
}

static long max_rss_kb(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
}

int ed_run_bench_load(const ed_args *o)
{
    const char *file = o->bench_load;
    char err[1024];
    const int runs = 3;
    double importer = 1e30, load = 1e30, upload = 1e30, bvh = 1e30;
    long rss0 = max_rss_kb();
    ed_world w;
    memset(&w, 0, sizeof w);
    for (int i = 0; i < runs; i++) {
        Uint64 a = SDL_GetPerformanceCounter();
        if (ed_import_baseline(file, &o->import, err, sizeof err) != 0) {
            fprintf(stderr, "campath-editor: %s\n", err);
            return 1;
        }
        Uint64 b = SDL_GetPerformanceCounter();
        importer = fmin(importer, seconds(a, b));
    }
    long rss_importer = max_rss_kb();
    for (int i = 0; i < runs; i++) {
        ed_world_free(&w);
        Uint64 a = SDL_GetPerformanceCounter();
        if (ed_import_world(&w, file, &o->import, NULL, err, sizeof err) != 0) {
            fprintf(stderr, "campath-editor: %s\n", err);
            return 1;
        }
        Uint64 b = SDL_GetPerformanceCounter();
        load = fmin(load, seconds(a, b));
        ed_bvh tree;
        if (ed_bvh_build(&tree, &w) != 0) {
            fprintf(stderr, "campath-editor: out of memory for the clearance check\n");
            ed_world_free(&w);
            return 1;
        }
        bvh = fmin(bvh, seconds(b, SDL_GetPerformanceCounter()));
        ed_bvh_free(&tree);
    }
    ed_offscreen off;
    if (ed_offscreen_open(&off, err, sizeof err) != 0) {
        fprintf(stderr, "campath-editor: %s\n", err);
        ed_world_free(&w);
        return 1;
    }
    for (int i = 0; i < runs; i++) {
        Uint64 a = SDL_GetPerformanceCounter();
        if (ed_world_gl_upload(&off.gfx.world, &w, (unsigned long)i + 1, NULL, 0) != 0) {
            fprintf(stderr, "campath-editor: the graphics memory is too small for this world\n");
            break;
        }
        glFinish();
        upload = fmin(upload, seconds(a, SDL_GetPerformanceCounter()));
    }
    printf("campath-editor --bench-load %s: %zu triangles, %zu vertices, %zu meshes, %zu textures (best of %d)\n", file,
           w.triangle_count, w.vertex_count, w.mesh_count, w.texture_count, runs);
    printf("  assimp alone (the baseline)    %8.1f ms\n", 1e3 * importer);
    printf("  editor import (assimp + world) %8.1f ms   %.2fx the baseline\n", 1e3 * load, load / importer);
    printf("  GPU upload                     %8.1f ms\n", 1e3 * upload);
    printf("  clearance index (BVH)          %8.1f ms\n", 1e3 * bvh);
    printf("  memory: world %.1f MB, GPU buffers %.1f MB; peak resident %.0f MB (%.0f MB before, %.0f MB after assimp alone)\n",
           ed_world_bytes(&w) / 1048576.0, off.gfx.world.gpu_bytes / 1048576.0, max_rss_kb() / 1024.0, rss0 / 1024.0,
           rss_importer / 1024.0);
    ed_offscreen_close(&off);
    ed_world_free(&w);
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* tests/bench/bench_link.c - the live link on loopback, measured through
 * the editor's own code (editor/core, linked in) and the game's side of the
 * library, each against its baseline in the same run:
 *   1. latency from an edit in the editor (a key moved, then the update step
 *      that sends the path) to the new path in service in the game, median
 *      and p99, against the same edit saved (atomically) and picked up by
 *      hot reload;
 *   2. camera messages the editor takes in: 8 games at the most the link
 *      allows each (1000 a second) while the editor runs its update step 60
 *      times a second; what the step spends per message, against the same
 *      step with the games silent; and what is left waiting once the games
 *      stop (the backlog);
 *   3. the cost of an idle cp_link_poll in a game's frame, against an idle
 *      cp_library_poll (hot reload's poll of one file).
 * The games run on a thread of their own, as another process would, and
 * poll in a tight loop: a real game polls once a frame, which adds up to
 * one of its frames to the latency. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "campath/campath.h"
#include "commands.h"

#include "bench.h"

#define EDITS 300
#define GAMES 8
#define INTAKE_SECONDS 3.0
#define IDLE_POLLS 200000

static void die(const char *what)
{
    fprintf(stderr, "bench_link: %s\n", what);
    exit(1);
}

static void nap(double seconds)
{
    struct timespec ts = {0, (long)(seconds * 1e9)};
    nanosleep(&ts, NULL);
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double percentile(double *v, size_t n, double p)
{
    qsort(v, n, sizeof *v, cmp);
    size_t i = (size_t)ceil(p * (double)n) - 1;
    return v[i < n ? i : n - 1];
}

/* ---- the games' thread --------------------------------------------------------------------------- */

enum { WATCH, SEND, STOP };

#define SEEN 64   /* the times of the last events seen, round */

typedef struct watch {
    atomic_size_t count;      /* events seen: paths put in service, or reloads */
    double        at[SEEN];   /* when (written before `count` moves) */
} watch;

typedef struct games {
    int         port;
    const char *path_file;     /* the path file hot reload watches */
    atomic_int  mode;          /* what the thread does now */
    atomic_int  ready;         /* the first game has the first path */
    watch       link, file;
} games;

static void saw(watch *w)
{
    size_t k = atomic_load(&w->count);
    w->at[k % SEEN] = bench_now();
    atomic_store(&w->count, k + 1);
}

static void *run_games(void *arg)
{
    games *g = arg;
    cp_link *link[GAMES] = {NULL};
    cp_error err;
    int count = 0; /* one game, and the others when they are to send */
    if (!(link[count++] = cp_link_connect("127.0.0.1", g->port, NULL, &err)))
        die(err.message);
    cp_library *lib = cp_library_create(&err);
    cp_resource *res = lib ? cp_library_open(lib, g->path_file, &err) : NULL;
    if (!res)
        die(err.message);
    size_t gen = 0;
    unsigned long reloads = cp_resource_generation(res);
    cp_link_camera c = {.position = {1, 2, 3}, .rotation = {0, 0, 0, 1}, .fov = 60};
    for (int mode; (mode = atomic_load(&g->mode)) != STOP;) {
        double now = bench_now();
        while (mode == SEND && count < GAMES) {
            char name[16];
            snprintf(name, sizeof name, "game %d", count);
            cp_link_options o = {.name = name};
            if (!(link[count++] = cp_link_connect("127.0.0.1", g->port, &o, &err)))
                die(err.message);
        }
        for (int i = 0; i < count; i++)
            cp_link_poll(link[i], now, NULL);
        if (cp_link_generation(link[0]) != gen) {
            gen = cp_link_generation(link[0]);
            if (atomic_load(&g->ready))
                saw(&g->link);
            atomic_store(&g->ready, 1);
        }
        cp_library_poll(lib);
        if (cp_resource_generation(res) != reloads) {
            reloads = cp_resource_generation(res);
            saw(&g->file);
        }
        if (mode == SEND) {
            for (int i = 0; i < count; i++) {
                c.time = now;
                cp_link_send_camera(link[i], &c);
            }
            nap(0.0002);
        } else {
            nap(0.00002); /* a game that polls all the time, yielding the core now and then */
        }
    }
    for (int i = 0; i < count; i++)
        cp_link_close(link[i]);
    cp_library_destroy(lib);
    return NULL;
}

/* ---- the editor -------------------------------------------------------------------------------- */

/* Edit number i: key 3 a millimetre further each time (every edit makes a file of its own: a save of
 * the same bytes is no change to hot reload). */
static void edit(ed_app *app, int i)
{
    static double x0;
    if (i == 0)
        x0 = ed_app_keys(app)[3].position.x;
    cp_vec3 p = ed_app_keys(app)[3].position;
    p.x = x0 + 0.001 * (i + 1);
    if (ed_edit_position(app, p) != 0)
        die(app->base.message);
}

/* Waits (the editor updating without time passing) until `w` has seen `k` events; when. */
static double wait_seen(ed_app *app, watch *w, size_t k)
{
    double until = bench_now() + 10;
    unsigned rounds = 0;
    while (atomic_load(&w->count) < k) {
        if (bench_now() > until)
            die("a path did not reach the game in 10 s");
        if (++rounds % 20 == 0)
            ed_app_update(app, 0.0); /* sends what the socket did not take at once (not for small paths) */
        nap(0.0002);
    }
    return w->at[(k - 1) % SEEN];
}

/* The two ways interleaved, so that both see the same noise of a shared machine. */
static void latency(ed_app *app, games *g)
{
    static double link_ms[EDITS], reload_ms[EDITS];
    for (int i = 0; i < EDITS; i++) {
        size_t k = atomic_load(&g->link.count);
        double t0 = bench_now();
        edit(app, 2 * i);
        ed_app_update(app, 0.0); /* the editor's frame after the edit: the path goes out */
        link_ms[i] = (wait_seen(app, &g->link, k + 1) - t0) * 1e3;

        k = atomic_load(&g->file.count);
        size_t kl = atomic_load(&g->link.count);
        t0 = bench_now();
        edit(app, 2 * i + 1);
        if (ed_app_save(app) != 0)
            die(app->base.message);
        reload_ms[i] = (wait_seen(app, &g->file, k + 1) - t0) * 1e3;
        wait_seen(app, &g->link, kl + 1); /* the same edit over the link, out of the way of the next */
    }
    printf("edit to path in service in the game, %d edits of a %zu-key path each way, interleaved (ms)\n", EDITS,
           ed_app_key_count(app));
    printf("  %-58s %9s %9s\n", "", "median", "p99");
    printf("  %-58s %9.3f %9.3f\n", "the link: edit, update step, loopback, load in the game",
           percentile(link_ms, EDITS, 0.5), percentile(link_ms, EDITS, 0.99));
    printf("  %-58s %9.3f %9.3f\n", "baseline: edit, atomic save, hot reload", percentile(reload_ms, EDITS, 0.5),
           percentile(reload_ms, EDITS, 0.99));
}

static size_t cameras(const ed_app *app)
{
    size_t n = 0;
    for (size_t i = 0; i < app->link.games; i++)
        n += app->link.game[i].cameras;
    return n;
}

/* The editor's update step 60 times a second for `seconds`: its mean and worst time; *taken the
 * camera messages it took in. */
static double frames(ed_app *app, double seconds, size_t *taken, double *worst)
{
    size_t before = cameras(app);
    double spent = 0, t0 = bench_now(), next = t0;
    long n = 0;
    *worst = 0;
    while (bench_now() - t0 < seconds) {
        while (bench_now() < next)
            nap(0.0005);
        next += 1.0 / 60;
        double a = bench_now();
        ed_app_update(app, 1.0 / 60);
        double d = bench_now() - a;
        spent += d;
        *worst = fmax(*worst, d);
        n++;
    }
    *taken = cameras(app) - before;
    return spent / (double)n;
}

static void intake(ed_app *app, games *g)
{
    cp_error err;
    cp_link_server_set_pose_rate(app->link.server, CP_LINK_MAX_POSE_RATE, &err);
    atomic_store(&g->mode, SEND);
    double until = bench_now() + 10;
    while (app->link.games < GAMES && bench_now() < until)
        ed_app_update(app, 0.0);
    if (app->link.games < GAMES)
        die("the games did not all join");
    size_t taken;
    double worst, idle_worst;
    frames(app, 0.5, &taken, &worst); /* the rate reaches the games; they start */
    double busy = frames(app, INTAKE_SECONDS, &taken, &worst);
    atomic_store(&g->mode, WATCH); /* the games stop sending */
    nap(0.05);
    size_t before = cameras(app);
    ed_app_update(app, 1.0 / 60); /* one frame more takes whatever was still on its way */
    size_t late = cameras(app) - before;
    before = cameras(app);
    ed_app_update(app, 1.0 / 60);
    size_t backlog = cameras(app) - before;
    size_t none;
    double idle = frames(app, 1.0, &none, &idle_worst);
    double per = taken ? (busy - idle) * 60.0 * INTAKE_SECONDS / (double)taken : 0;
    printf("\ncamera messages taken in by the editor: %d games at %g a second each, %g s, 60 frames a second\n", GAMES,
           CP_LINK_MAX_POSE_RATE, INTAKE_SECONDS);
    printf("  %-58s %12.0f\n", "messages taken in a second", (double)taken / INTAKE_SECONDS);
    printf("  %-58s %12zu\n", "in the frame after the games stop (in flight)", late);
    printf("  %-58s %12zu\n", "left for the frame after that (backlog)", backlog);
    printf("  %-58s %12.3f\n", "update step, mean ms a frame", busy * 1e3);
    printf("  %-58s %12.3f\n", "update step, worst frame, ms", worst * 1e3);
    printf("  %-58s %12.3f\n", "baseline: update step with the games silent, mean ms", idle * 1e3);
    printf("  %-58s %12.2f\n", "the link's share per message, microseconds", per * 1e6);
    if (per > 0)
        printf("  %-58s %12.0f\n", "messages a second that share allows in 10% of a frame", 0.1 / per);
}

static void idle_poll(int port, const char *file)
{
    cp_error err;
    cp_link_server_options so = {.port = CP_LINK_ANY_PORT};
    cp_link_server *s = cp_link_server_open(&so, &err);
    cp_link *game = s ? cp_link_connect("127.0.0.1", (int)cp_link_server_port(s), NULL, &err) : NULL;
    cp_library *lib = cp_library_create(&err);
    cp_resource *res = lib ? cp_library_open(lib, file, &err) : NULL;
    if (!game || !res)
        die(err.message);
    (void)port;
    double until = bench_now() + 10;
    while (!cp_link_connected(game) && bench_now() < until) {
        cp_link_server_poll(s);
        cp_link_poll(game, 0.0, NULL);
    }
    if (!cp_link_connected(game))
        die("no connection for the idle poll");
    double link_ns = INFINITY, lib_ns = INFINITY;
    for (int r = 0; r < 5; r++) {
        double t0 = bench_now();
        for (int i = 0; i < IDLE_POLLS; i++)
            cp_link_poll(game, 0.0, NULL);
        double t1 = bench_now();
        for (int i = 0; i < IDLE_POLLS; i++)
            cp_library_poll(lib);
        double t2 = bench_now();
        cp_link_server_poll(s); /* the server stays alive between runs */
        link_ns = fmin(link_ns, (t1 - t0) * 1e9 / IDLE_POLLS);
        lib_ns = fmin(lib_ns, (t2 - t1) * 1e9 / IDLE_POLLS);
    }
    printf("\nan idle poll, once a frame (best of 5 runs of %d)\n", IDLE_POLLS);
    printf("  %-58s %9.0f ns\n", "cp_link_poll, connected, nothing arriving", link_ns);
    printf("  %-58s %9.0f ns\n", "baseline: cp_library_poll, one file, unchanged", lib_ns);
    printf("  %-58s %9.4f %%\n", "the link's poll in a frame at 60 Hz", link_ns * 1e-9 * 60 * 100);
    cp_link_close(game);
    cp_link_server_close(s);
    cp_library_destroy(lib);
}

int main(void)
{
    char dir[] = "/tmp/campath-bench-link-XXXXXX";
    if (!mkdtemp(dir))
        die("no temporary folder");
    char file[600];
    snprintf(file, sizeof file, "%s/demo.json", dir);
    cp_error err;
    cp_path *demo = cp_path_load("paths/demo.json", &err);
    if (!demo || cp_path_save(demo, file, &err) != CP_OK)
        die(err.message);
    cp_path_destroy(demo);
    static ed_app app;
    if (ed_app_init(&app) != 0 || ed_app_open(&app, file) != 0 || ed_select_one(&app, 3) != 0 ||
        ed_game_listen(&app, CP_LINK_ANY_PORT) != 0)
        die(app.base.message);
    static games g;
    g.port = (int)cp_link_server_port(app.link.server);
    g.path_file = file;
    atomic_init(&g.mode, WATCH);
    atomic_init(&g.ready, 0);
    atomic_init(&g.link.count, 0);
    atomic_init(&g.file.count, 0);
    pthread_t thread;
    if (pthread_create(&thread, NULL, run_games, &g) != 0)
        die("no thread");
    double until = bench_now() + 10;
    while (!atomic_load(&g.ready) && bench_now() < until)
        ed_app_update(&app, 0.0);
    if (!atomic_load(&g.ready))
        die("the games did not get the path");

    latency(&app, &g);
    intake(&app, &g);
    atomic_store(&g.mode, STOP);
    pthread_join(thread, NULL);
    idle_poll(g.port, file);

    ed_app_free(&app);
    char recovery[700];
    snprintf(recovery, sizeof recovery, "%s.recovery", file);
    unlink(recovery);
    unlink(file);
    rmdir(dir);
    return 0;
}

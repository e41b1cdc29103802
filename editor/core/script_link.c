/* SPDX-License-Identifier: MIT */
/* editor/core/script_link.c - the script commands about linked games:
 * listening, waiting in real time (bounded) for what games do, following,
 * handing off, and the checks of `expect` about them. A script's other
 * commands take no real time; these are the ones that wait for another
 * program. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os.h"
#include "script_impl.h"

#define WAIT_DEFAULT 10.0   /* s: a link-wait without SECONDS */
#define WAIT_MAX 120.0
#define WAIT_NAP 0.002      /* s between two looks */

static const char *const on_off[] = {"off", "on", NULL};

int ed_script_c_link(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    if (strcmp(argv[1], "off") == 0 && argc == 2) {
        ed_game_stop(s->app);
        return 0;
    }
    if (strcmp(argv[1], "on") != 0)
        return ed_script_fail(s, err, n, "link: 'on [PORT]' or 'off', not '%s'", argv[1]);
    double port = 0;
    if (argc == 3 && ed_script_number(s, argv[2], &port, err, n))
        return -1;
    if (port != floor(port) || port < 0 || port > 65535)
        return ed_script_fail(s, err, n, "link: port %g is not 0 .. 65535", port);
    if (ed_game_listen(s->app, port == 0 && argc == 3 ? CP_LINK_ANY_PORT : (int)port) != 0)
        return ed_script_result(s, -1, argv[0], err, n);
    printf("%s\n", s->app->base.message); /* where: a test reads the port a free one got */
    fflush(stdout);
    return 0;
}

/* ---- waiting for games ----------------------------------------------------------------------- */

typedef struct wait_for {
    const char *what;
    long        count;      /* games N */
    size_t      cameras;    /* the first game's camera count when the wait began */
} wait_for;

static const cp_link_game *first_with_camera(const ed_app *app)
{
    for (size_t i = 0; i < app->link.games; i++)
        if (app->link.game[i].has_camera)
            return &app->link.game[i];
    return NULL;
}

/* Whether the game's camera is the path's pose at the playhead, to the bit. */
static int on_path(const ed_app *app)
{
    const cp_link_game *g = first_with_camera(app);
    if (!g || !app->doc.path || !g->camera.on_path || g->camera.path_time != app->base.playhead)
        return 0;
    cp_pose p;
    cp_path_sample(app->doc.path, app->base.playhead, &p);
    const cp_link_camera *c = &g->camera;
    return !memcmp(&p.position, &c->position, sizeof p.position) && !memcmp(&p.rotation, &c->rotation, sizeof p.rotation) &&
           p.fov == c->fov;
}

static int done(const ed_app *app, const wait_for *w)
{
    const ed_link *l = &app->link;
    if (strcmp(w->what, "games") == 0)
        return (long)l->games == w->count;
    if (strcmp(w->what, "applied") == 0) {
        size_t rev = l->server ? cp_link_server_revision(l->server) : 0;
        for (size_t i = 0; i < l->games; i++)
            if (l->game[i].applied != rev)
                return 0;
        return rev > 0 && l->games > 0;
    }
    if (strcmp(w->what, "camera") == 0) {
        const cp_link_game *g = first_with_camera(app);
        return g && g->cameras > w->cameras;
    }
    if (strcmp(w->what, "on-path") == 0)
        return on_path(app);
    if (strcmp(w->what, "following") == 0) {
        const cp_link_game *g = first_with_camera(app);
        return l->follow && g && g->camera.on_path && g->cameras > w->cameras &&
               g->camera.path_time == app->base.playhead;
    }
    return 0; /* seconds: only time ends it */
}

int ed_script_c_link_wait(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    static const char *const whats[] = {"games", "applied", "camera", "on-path", "following", "seconds", NULL};
    if (ed_script_choice(s, argv[1], whats, err, n) < 0)
        return -1;
    wait_for w = {argv[1], 0, 0};
    int arg = 2;
    double seconds = WAIT_DEFAULT, v;
    if (strcmp(w.what, "games") == 0 || strcmp(w.what, "seconds") == 0) {
        if (argc < 3)
            return ed_script_fail(s, err, n, "link-wait %s: give %s", w.what, w.what[0] == 'g' ? "N" : "SECONDS");
        if (ed_script_number(s, argv[2], &v, err, n))
            return -1;
        if (w.what[0] == 'g')
            w.count = lround(v);
        else
            seconds = v;
        arg = 3;
    }
    if (argc > arg && ed_script_number(s, argv[arg], &seconds, err, n))
        return -1;
    if (argc > arg + 1)
        return ed_script_fail(s, err, n, "link-wait: too many words");
    if (!(seconds >= 0 && seconds <= WAIT_MAX))
        return ed_script_fail(s, err, n, "link-wait: %g s is outside 0 .. %g", seconds, WAIT_MAX);
    if (!s->app->link.server)
        return ed_script_fail(s, err, n, "link-wait: not listening for games (link on)");
    const cp_link_game *g = first_with_camera(s->app);
    w.cameras = g ? g->cameras : 0;
    /* bounded twice: by the seconds, and by a count of rounds that many seconds cannot exceed */
    double t0 = ed_os_now(), last = t0;
    long rounds = (long)(seconds / WAIT_NAP) + 2;
    for (long r = 0; r < rounds; r++) {
        double t = ed_os_now();
        ed_app_update(s->app, t - last); /* real time passes: playback runs, the link is polled */
        last = t;
        if (done(s->app, &w))
            return 0;
        if (t - t0 >= seconds)
            break;
        ed_os_sleep(WAIT_NAP);
    }
    if (strcmp(w.what, "seconds") == 0)
        return 0;
    return ed_script_fail(s, err, n, "link-wait %s: not within %g s (%zu games linked; %s)", w.what, seconds,
                          s->app->link.games, s->app->base.message);
}

int ed_script_c_follow_game(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    (void)argc;
    int v = ed_script_choice(s, argv[1], on_off, err, n);
    if (v < 0)
        return -1;
    return ed_script_result(s, ed_game_follow(s->app, v), argv[0], err, n);
}

int ed_script_c_hand_off(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    static const char *const ways[] = {"give", "take", NULL};
    int take = ed_script_choice(s, argv[1], ways, err, n);
    double blend = ED_GAME_BLEND;
    if (take < 0 || (argc == 3 && ed_script_number(s, argv[2], &blend, err, n)))
        return -1;
    return ed_script_result(s, ed_game_hand_off(s->app, take, blend), argv[0], err, n);
}

/* ---- expect ------------------------------------------------------------------------------------ */

int ed_script_x_games(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    long want;
    if (ed_script_index(s, a[0], &want, err, n))
        return -1;
    if ((size_t)want != s->app->link.games)
        return ed_script_fail(s, err, n, "expected %ld linked games, there are %zu", want, s->app->link.games);
    return 0;
}

int ed_script_x_game_key(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    long i;
    if (ed_script_index(s, a[0], &i, err, n))
        return -1;
    const cp_link_game *g = first_with_camera(s->app);
    if (!g)
        return ed_script_fail(s, err, n, "expected key %ld to be the game's camera; no game sent one", i);
    if ((size_t)i >= s->app->doc.cur.doc.count)
        return ed_script_fail(s, err, n, "there is no key %ld", i);
    const cp_key *k = &s->app->doc.cur.doc.keys[i];
    const cp_link_camera *c = &g->camera;
    if (memcmp(&k->position, &c->position, sizeof k->position) || memcmp(&k->rotation, &c->rotation, sizeof k->rotation) ||
        k->fov != c->fov)
        return ed_script_fail(s, err, n,
                              "key %ld is at (%.17g, %.17g, %.17g) fov %.17g; the game's camera at (%.17g, %.17g, %.17g) "
                              "fov %.17g",
                              i, k->position.x, k->position.y, k->position.z, k->fov, c->position.x, c->position.y,
                              c->position.z, c->fov);
    return 0;
}

int ed_script_x_game_camera(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    double p[3];
    if (ed_script_numbers(s, a + 1, 3, p, err, n))
        return -1;
    for (size_t i = 0; i < s->app->link.games; i++) {
        const cp_link_game *g = &s->app->link.game[i];
        if (strcmp(g->name, a[0]) != 0)
            continue;
        if (!g->has_camera)
            return ed_script_fail(s, err, n, "game '%s' has sent no camera", a[0]);
        const cp_vec3 c = g->camera.position;
        if (c.x != p[0] || c.y != p[1] || c.z != p[2])
            return ed_script_fail(s, err, n, "game '%s' has its camera at (%.17g, %.17g, %.17g)", a[0], c.x, c.y, c.z);
        return 0;
    }
    return ed_script_fail(s, err, n, "no game named '%s' is linked", a[0]);
}

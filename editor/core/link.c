/* SPDX-License-Identifier: MIT */
/* editor/core/link.c - the link to running games: listening, the update
 * step's poll, the path and the playhead going out when they change. */
#include "link.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "os.h"

void ed_link_init(ed_link *l) { memset(l, 0, sizeof *l); }

void ed_link_free(ed_link *l)
{
    cp_link_server_close(l->server);
    free(l->address);
    free(l->token);
    memset(l, 0, sizeof *l);
}

int ed_link_configure(ed_link *l, const char *address, const char *token)
{
    char *a = address ? ed_os_strdup(address) : NULL, *t = token ? ed_os_strdup(token) : NULL;
    if ((address && !a) || (token && !t)) {
        free(a);
        free(t);
        return -1;
    }
    free(l->address);
    free(l->token);
    l->address = a;
    l->token = t;
    return 0;
}

int ed_link_listen(ed_link *l, ed_base *b, int port)
{
    if (l->server)
        ed_link_stop(l, b);
    cp_link_server_options o = {.address = l->address, .port = port, .token = l->token};
    cp_error err;
    l->server = cp_link_server_open(&o, &err);
    if (!l->server) {
        ed_base_message(b, 1, "link: %s", err.message);
        return -1;
    }
    l->path_sent = l->playhead_sent = 0;
    l->games = 0;
    l->serial++;
    const char *token = cp_link_server_token(l->server);
    if (token)
        ed_base_message(b, 0, "link: listening on %s; games must give the token %s", cp_link_server_address(l->server),
                        token);
    else
        ed_base_message(b, 0, "link: listening on %s (this machine only)", cp_link_server_address(l->server));
    return 0;
}

void ed_link_stop(ed_link *l, ed_base *b)
{
    if (!l->server)
        return;
    cp_link_server_close(l->server);
    l->server = NULL;
    l->games = 0;
    l->view_game = l->follow = l->taken = 0;
    l->serial++;
    ed_base_message(b, 0, "link: stopped; the games keep their last path");
}

int ed_link_camera(const ed_link *l, cp_link_camera *out)
{
    for (size_t i = 0; i < l->games; i++)
        if (l->game[i].has_camera) {
            *out = l->game[i].camera;
            return 1;
        }
    return 0;
}

/* What happened to the connections, as the HUD's message. */
static void report(ed_link *l, ed_base *b)
{
    cp_link_event e;
    while (cp_link_server_next_event(l->server, &e)) {
        switch (e.kind) {
        case CP_LINK_EVENT_JOINED: ed_base_message(b, 0, "link: %s", e.text); break;
        case CP_LINK_EVENT_LEFT: ed_base_message(b, 0, "link: %s left: %s", e.name, e.text); break;
        case CP_LINK_EVENT_REJECTED: ed_base_message(b, 1, "link: dropped %s: %s", e.address, e.text); break;
        case CP_LINK_EVENT_REFUSED: ed_base_message(b, 1, "link: %s", e.text); break;
        default: break;
        }
    }
}

/* The games as the server sees them now; the serial moves when the view would change. */
static void take_games(ed_link *l)
{
    size_t n = cp_link_server_game_count(l->server);
    int changed = n != l->games;
    for (size_t i = 0; i < n && i < CP_LINK_MAX_GAMES; i++) {
        cp_link_game g;
        cp_link_server_game(l->server, i, &g);
        const cp_link_game *old = &l->game[i];
        /* a camera that comes again the same (a game standing still) changes nothing on screen */
        const cp_link_camera *a = &g.camera, *c = &old->camera;
        int moved = g.has_camera != old->has_camera || memcmp(&a->position, &c->position, sizeof a->position) ||
                    memcmp(&a->rotation, &c->rotation, sizeof a->rotation) || a->fov != c->fov;
        changed |= i >= l->games || g.id != old->id || moved || g.applied != old->applied ||
                   g.refused != old->refused || g.camera_rate != old->camera_rate;
        l->game[i] = g;
    }
    l->games = n < CP_LINK_MAX_GAMES ? n : CP_LINK_MAX_GAMES;
    if (changed)
        l->serial++;
}

/* Following a game: the playhead goes where the game's camera is on the path. */
static void follow(ed_link *l, ed_base *b, const ed_doc *d)
{
    for (size_t i = 0; i < l->games; i++) {
        const cp_link_game *g = &l->game[i];
        if (!g->has_camera)
            continue;
        if (g->cameras != l->followed && g->camera.on_path && d->path) {
            ed_base_seek(b, d->path, g->camera.path_time);
            l->followed = g->cameras;
        }
        b->playing = 0; /* the game's clock runs the path */
        return;
    }
}

static void send_playhead(ed_link *l, const ed_base *b)
{
    cp_link_playhead want = {.time = b->playhead, .rate = 1.0, .playing = b->playing != 0, .game_drives = l->follow != 0};
    if (l->playhead_sent && want.playing == l->playhead.playing && want.game_drives == l->playhead.game_drives) {
        if (want.game_drives)
            return; /* the game's time runs the path: nothing to tell it until that changes */
        double since = b->clock - l->playhead_clock;
        double expected = l->playhead.time + (l->playhead.playing ? since : 0.0);
        if (fabs(b->playhead - expected) < 1e-6 && !(want.playing && since >= ED_LINK_SYNC))
            return;
    }
    if (cp_link_server_set_playhead(l->server, &want, NULL) == CP_OK) {
        l->playhead = want;
        l->playhead_clock = b->clock;
        l->playhead_sent = 1;
    }
}

void ed_link_update(ed_link *l, ed_base *b, const ed_doc *d)
{
    if (!l->server)
        return;
    cp_link_server_poll(l->server);
    report(l, b);
    take_games(l);
    if (l->follow)
        follow(l, b, d);
    /* no game, no file text to make (a large path takes a while): the next game to join gets it */
    if (l->games == 0)
        l->path_sent = 0;
    else if (d->path && (!l->path_sent || l->sent_serial != d->path_serial)) {
        cp_error err;
        if (cp_link_server_set_path(l->server, d->path, &err) != CP_OK)
            ed_base_message(b, 1, "link: the path does not go to the games: %s", err.message);
        l->path_sent = 1;
        l->sent_serial = d->path_serial;
    }
    if (d->path)
        send_playhead(l, b);
}

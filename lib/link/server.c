/* SPDX-License-Identifier: MIT */
/* lib/link/server.c - the editor's side of the link: listening, the
 * handshake (version, token), the games connected and what they send, and
 * the path and playhead in service for every game, those that join later
 * too. Bad peers are dropped with a bye that says why; the others do not
 * notice. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/json.h"
#include "link_impl.h"

/* Connections at once: the games, and as many saying hello. */
#define SLOTS (2 * CP_LINK_MAX_GAMES)
#define EVENTS 64
/* Connections accepted in one poll, at most. */
#define ACCEPTS 8

typedef struct peer {
    bool         used, game;    /* game: the handshake is done */
    cpi_conn     conn;
    double       since;         /* monotonic: when it was accepted */
    cp_link_game info;
    double       window_start;  /* the camera rate's window, and the cameras in it */
    size_t       window_count;
} peer;

struct cp_link_server {
    cpi_sock         listener;
    char             address[CPI_ADDR_TEXT];
    size_t           port;
    bool             need_token;
    char             token[CP_LINK_NAME_SIZE];
    char             name[CP_LINK_NAME_SIZE];
    double           pose_rate, timeout;
    peer             peers[SLOTS];
    size_t           games, next_id;
    char            *path_msg;        /* the path in service as its message body */
    size_t           path_len, revision;
    bool             has_playhead;
    cp_link_playhead playhead;
    cp_link_event    events[EVENTS];
    size_t           event_start, event_count;
    /* while a message is handled: why it ends the connection */
    const char      *reason;
    char             why[400];
    size_t           taken;           /* messages taken in by this poll */
};

/* ---- events ------------------------------------------------------------------------------------ */

static void event(cp_link_server *s, cp_link_event_kind kind, const peer *p, size_t revision, const char *fmt, ...)
    CPI_PRINTF(5, 6);
static void event(cp_link_server *s, cp_link_event_kind kind, const peer *p, size_t revision, const char *fmt, ...)
{
    if (s->event_count == EVENTS) { /* the oldest make room */
        s->event_start = (s->event_start + 1) % EVENTS;
        s->event_count--;
    }
    cp_link_event *e = &s->events[(s->event_start + s->event_count++) % EVENTS];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->game = p->game ? p->info.id : 0;
    snprintf(e->name, sizeof e->name, "%s", p->info.name);
    snprintf(e->address, sizeof e->address, "%s", p->conn.peer);
    e->revision = revision;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->text, sizeof e->text, fmt, ap);
    va_end(ap);
}

bool cp_link_server_next_event(cp_link_server *server, cp_link_event *out)
{
    if (server->event_count == 0)
        return false;
    *out = server->events[server->event_start];
    server->event_start = (server->event_start + 1) % EVENTS;
    server->event_count--;
    return true;
}

/* Ends a connection: a bye with `reason` (NULL: none, the peer is gone) and an event. */
static void drop(cp_link_server *s, peer *p, const char *reason, const char *why)
{
    if (reason)
        cpi_conn_bye(&p->conn, reason, why);
    if (p->game) {
        event(s, CP_LINK_EVENT_LEFT, p, 0, "%s", why);
        s->games--;
    } else {
        event(s, CP_LINK_EVENT_REJECTED, p, 0, "%s", why);
    }
    cpi_conn_free(&p->conn);
    memset(p, 0, sizeof *p);
}

/* ---- opening and closing -------------------------------------------------------------------------- */

static cp_status check_token(const char *token, cp_error *error)
{
    size_t n = strlen(token);
    if (n == 0 || n >= CP_LINK_NAME_SIZE)
        return cpi_error_set(error, CP_ERR_INVALID, "token: %zu characters; 1 to %d are needed", n,
                             CP_LINK_NAME_SIZE - 1);
    for (size_t i = 0; i < n; i++)
        if (token[i] <= ' ' || token[i] > '~')
            return cpi_error_set(error, CP_ERR_INVALID, "token: letters, digits and punctuation only (no blanks)");
    return CP_OK;
}

cp_link_server *cp_link_server_open(const cp_link_server_options *options, cp_error *error)
{
    cp_link_server_options o = options ? *options : (cp_link_server_options){0};
    if (o.port != CP_LINK_ANY_PORT && (o.port < 0 || o.port > 65535)) {
        cpi_error_set(error, CP_ERR_INVALID, "port %d is outside 0..65535", o.port);
        return NULL;
    }
    if (!(o.pose_rate >= 0 && o.pose_rate <= CP_LINK_MAX_POSE_RATE)) {
        cpi_error_set(error, CP_ERR_INVALID, "pose rate %g is outside 0..%g per second", o.pose_rate,
                      CP_LINK_MAX_POSE_RATE);
        return NULL;
    }
    if (o.token && check_token(o.token, error) != CP_OK)
        return NULL;
    cp_link_server *s = calloc(1, sizeof *s);
    if (!s) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the link");
        return NULL;
    }
    s->listener = CPI_SOCK_NONE;
    if (cpi_link_timeout(o.timeout, &s->timeout, error) != CP_OK) {
        free(s);
        return NULL;
    }
    s->pose_rate = o.pose_rate > 0 ? o.pose_rate : CP_LINK_POSE_RATE;
    cpi_link_copy_text(s->name, sizeof s->name, o.name ? o.name : "campath-editor");
    const char *host = o.address ? o.address : CP_LINK_DEFAULT_HOST;
    unsigned port = o.port == CP_LINK_ANY_PORT ? 0u : o.port ? (unsigned)o.port : CP_LINK_DEFAULT_PORT;
    cpi_addr addr, local;
    size_t count;
    if (cpi_net_resolve(host, port, &addr, 1, &count, error) != CP_OK ||
        cpi_net_listen(&addr, &s->listener, error) != CP_OK || cpi_net_local(s->listener, &local, error) != CP_OK) {
        cpi_net_close(s->listener);
        free(s);
        return NULL;
    }
    cpi_net_addr_text(&local, s->address);
    s->port = cpi_net_addr_port(&local);
    if (o.token) {
        cpi_link_copy_text(s->token, sizeof s->token, o.token);
        s->need_token = true;
    } else if (!cpi_net_addr_loopback(&local)) {
        /* another machine may connect: nobody does without the token this editor shows */
        unsigned char r[16];
        if (cpi_random_bytes(r, sizeof r, error) != CP_OK) {
            cp_link_server_close(s);
            return NULL;
        }
        for (size_t i = 0; i < sizeof r; i++)
            snprintf(s->token + 2 * i, 3, "%02x", r[i]);
        s->need_token = true;
    }
    cpi_error_clear(error);
    return s;
}

void cp_link_server_close(cp_link_server *server)
{
    if (!server)
        return;
    for (size_t i = 0; i < SLOTS; i++)
        if (server->peers[i].used) {
            cpi_conn_bye(&server->peers[i].conn, "closing", "the editor stopped the link");
            cpi_conn_free(&server->peers[i].conn);
        }
    cpi_net_close(server->listener);
    free(server->path_msg);
    free(server);
}

/* ---- what games say ----------------------------------------------------------------------------- */

/* Compares tokens in a time that does not depend on where they first differ. */
static bool same_token(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    unsigned diff = (unsigned)(na ^ nb);
    for (size_t i = 0; i < CP_LINK_NAME_SIZE; i++)
        diff |= (unsigned)((i < na ? (unsigned char)a[i] : 0) ^ (i < nb ? (unsigned char)b[i] : 0));
    return diff == 0;
}

static int refuse(cp_link_server *s, const char *reason, const char *fmt, ...) CPI_PRINTF(3, 4);
static int refuse(cp_link_server *s, const char *reason, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->why, sizeof s->why, fmt, ap);
    va_end(ap);
    s->reason = reason;
    return 1;
}

static void welcome(cp_link_server *s, peer *p, const cp_link_message *hello)
{
    p->game = true;
    s->games++;
    p->info.id = ++s->next_id;
    cpi_link_copy_text(p->info.name, sizeof p->info.name, hello->name[0] ? hello->name : "game");
    cpi_link_copy_text(p->info.address, sizeof p->info.address, p->conn.peer);
    p->window_start = cpi_time_now();
    cp_link_message m;
    memset(&m, 0, sizeof m);
    m.type = CP_LINK_WELCOME;
    m.version = CP_LINK_VERSION;
    cpi_link_copy_text(m.name, sizeof m.name, s->name);
    m.pose_rate = s->pose_rate;
    cpi_conn_queue_message(&p->conn, &m);
    if (s->has_playhead) {
        memset(&m, 0, sizeof m);
        m.type = CP_LINK_PLAYHEAD;
        m.playhead = s->playhead;
        cpi_conn_queue_message(&p->conn, &m);
    }
    if (s->path_msg)
        cpi_conn_queue_latest(&p->conn, s->path_msg, s->path_len);
    event(s, CP_LINK_EVENT_JOINED, p, 0, "%s joined from %s", p->info.name, p->conn.peer);
}

static int hello(cp_link_server *s, peer *p, const cp_link_message *m)
{
    if (m->type != CP_LINK_HELLO)
        return refuse(s, "handshake", "the first message must be a hello, not '%s'", m->type_name);
    int version = m->version < CP_LINK_VERSION ? m->version : CP_LINK_VERSION;
    if (version < m->oldest || version < 1)
        return refuse(s, "version", "the game speaks versions %d to %d of the protocol; this editor speaks 1 to %d",
                      m->oldest, m->version, CP_LINK_VERSION);
    if (s->need_token && !m->token[0])
        return refuse(s, "token", "this editor needs the token it printed when it started; none was given");
    if (s->need_token && !same_token(m->token, s->token))
        return refuse(s, "token", "the token given is not the one this editor printed");
    if (s->games >= CP_LINK_MAX_GAMES)
        return refuse(s, "full", "this editor serves %d games already", CP_LINK_MAX_GAMES);
    welcome(s, p, m);
    return 0;
}

typedef struct handling {
    cp_link_server *s;
    peer           *p;
} handling;

static int handle(void *ctx, const char *body, size_t size)
{
    handling *h = ctx;
    cp_link_server *s = h->s;
    peer *p = h->p;
    cp_link_message m;
    cp_error err;
    s->taken++;
    if (cp_link_message_read(body, size, &m, &err) != CP_OK)
        return refuse(s, "protocol", "%s%s", p->game ? "a malformed message: " : "not a campath link client: ",
                      err.message);
    if (!p->game)
        return hello(s, p, &m);
    switch (m.type) {
    case CP_LINK_CAMERA:
        p->info.camera = m.camera;
        p->info.has_camera = true;
        p->info.cameras++;
        p->window_count++;
        break;
    case CP_LINK_APPLIED:
        p->info.applied = m.revision;
        event(s, CP_LINK_EVENT_APPLIED, p, m.revision, "%s has path %zu in service", p->info.name, m.revision);
        break;
    case CP_LINK_REFUSED:
        p->info.refused = m.revision;
        event(s, CP_LINK_EVENT_REFUSED, p, m.revision, "%s refused path %zu: %s", p->info.name, m.revision, m.text);
        break;
    case CP_LINK_BYE:
        s->reason = NULL;
        snprintf(s->why, sizeof s->why, "%s closed the link%s%s", p->info.name, m.text[0] ? ": " : "", m.text);
        return 1;
    case CP_LINK_PING:
    case CP_LINK_UNKNOWN: break; /* a newer game's types are ignored */
    default: return refuse(s, "protocol", "'%s' is not a message a game sends (or sends twice)", m.type_name);
    }
    return 0;
}

/* ---- polling ------------------------------------------------------------------------------------- */

static void accept_new(cp_link_server *s, double t)
{
    for (int n = 0; n < ACCEPTS; n++) {
        cpi_sock sock;
        cpi_addr from;
        cp_error err;
        if (cpi_net_accept(s->listener, &sock, &from, &err) != CPI_NET_DONE)
            return;
        char at[CPI_ADDR_TEXT];
        cpi_net_addr_text(&from, at);
        /* games always have their room: connections saying hello get the rest */
        peer *p = NULL;
        size_t saying_hello = 0;
        for (size_t i = 0; i < SLOTS; i++) {
            saying_hello += s->peers[i].used && !s->peers[i].game;
            if (!s->peers[i].used && !p)
                p = &s->peers[i];
        }
        if (!p || saying_hello >= CP_LINK_MAX_GAMES) {
            peer gone;
            memset(&gone, 0, sizeof gone);
            cpi_conn_init(&gone.conn, sock, at, 0, t);
            drop(s, &gone, "full", "too many connections saying hello at once");
            continue;
        }
        p->used = true;
        p->since = t;
        cpi_conn_init(&p->conn, sock, at, CP_LINK_MAX_GAME_MESSAGE, t);
    }
}

static void ping(peer *p, double t, double timeout)
{
    if (p->game && t - p->conn.last_out > timeout / 5 && cpi_conn_backlog(&p->conn) == 0) {
        cp_link_message m = {.type = CP_LINK_PING};
        if (cpi_conn_queue_message(&p->conn, &m) == 0)
            cpi_conn_flush(&p->conn, t, NULL);
    }
}

size_t cp_link_server_poll(cp_link_server *server)
{
    cp_link_server *s = server;
    double t = cpi_time_now();
    s->taken = 0;
    accept_new(s, t);
    for (size_t i = 0; i < SLOTS; i++) {
        peer *p = &s->peers[i];
        if (!p->used)
            continue;
        handling h = {s, p};
        cp_error err;
        s->reason = NULL;
        s->why[0] = '\0';
        int rc = cpi_conn_read(&p->conn, t, handle, &h, &err);
        if (rc == 0 && cpi_conn_flush(&p->conn, t, &err) != 0)
            rc = -1;
        if (rc == 0 && !p->game && t - p->since > s->timeout) {
            rc = refuse(s, "handshake", "no hello within %.3g s", s->timeout);
        } else if (rc == 0 && cpi_conn_check_time(&p->conn, t, s->timeout, &err) != 0) {
            s->reason = "timeout";
            rc = -1;
        }
        if (rc != 0) {
            /* framing broken, too large, silent, stuck: the peer hears why if it still listens */
            const char *reason = rc < 0 ? (err.code == CP_ERR_LIMIT ? "too-large" : err.code == CP_ERR_INVALID ? "protocol"
                                                                                                         : s->reason)
                                        : s->reason;
            drop(s, p, reason, rc < 0 ? err.message : s->why);
            continue;
        }
        ping(p, t, s->timeout);
        if (p->game && t - p->window_start >= 1.0) {
            p->info.camera_rate = (double)p->window_count / (t - p->window_start);
            p->window_start = t;
            p->window_count = 0;
        }
    }
    return s->taken;
}

/* ---- what the editor sends ---------------------------------------------------------------------- */

static void to_games(cp_link_server *s, const cp_link_message *m)
{
    double t = cpi_time_now();
    for (size_t i = 0; i < SLOTS; i++)
        if (s->peers[i].game) {
            cpi_conn_queue_message(&s->peers[i].conn, m);
            cpi_conn_flush(&s->peers[i].conn, t, NULL);
        }
}

cp_status cp_link_server_set_path(cp_link_server *server, const cp_path *path, cp_error *error)
{
    cp_link_server *s = server;
    size_t n;
    char *text = cp_path_save_memory(path, &n, error);
    if (!text)
        return error ? error->code : CP_ERR_INVALID;
    cp_link_message m;
    memset(&m, 0, sizeof m);
    m.type = CP_LINK_PATH;
    m.revision = s->revision + 1;
    m.path_text = text;
    m.path_size = n;
    size_t len;
    char *body = cp_link_message_write(&m, &len, error);
    free(text);
    if (!body)
        return error ? error->code : CP_ERR_MEMORY;
    if (len > CP_LINK_MAX_MESSAGE) {
        free(body);
        return cpi_error_set(error, CP_ERR_LIMIT, "the path's file is %zu bytes, over the link's limit of %u bytes",
                             len, CP_LINK_MAX_MESSAGE);
    }
    free(s->path_msg);
    s->path_msg = body;
    s->path_len = len;
    s->revision++;
    double t = cpi_time_now();
    for (size_t i = 0; i < SLOTS; i++)
        if (s->peers[i].game) {
            cpi_conn_queue_latest(&s->peers[i].conn, body, len);
            cpi_conn_flush(&s->peers[i].conn, t, NULL);
        }
    return CP_OK;
}

size_t cp_link_server_revision(const cp_link_server *server) { return server->revision; }

cp_status cp_link_server_set_playhead(cp_link_server *server, const cp_link_playhead *playhead, cp_error *error)
{
    if (!isfinite(playhead->time) || !isfinite(playhead->rate))
        return cpi_error_set(error, CP_ERR_INVALID, "playhead: time %g and rate %g must be finite", playhead->time,
                             playhead->rate);
    server->playhead = *playhead;
    server->has_playhead = true;
    cp_link_message m;
    memset(&m, 0, sizeof m);
    m.type = CP_LINK_PLAYHEAD;
    m.playhead = *playhead;
    to_games(server, &m);
    return CP_OK;
}

cp_status cp_link_server_hand_off(cp_link_server *server, bool take, double blend, cp_error *error)
{
    if (!(blend >= 0 && blend <= CP_LINK_MAX_BLEND))
        return cpi_error_set(error, CP_ERR_INVALID, "blend: %g s is outside 0..%g", blend, CP_LINK_MAX_BLEND);
    cp_link_message m;
    memset(&m, 0, sizeof m);
    m.type = take ? CP_LINK_TAKE : CP_LINK_GIVE;
    m.blend = blend;
    to_games(server, &m);
    return CP_OK;
}

cp_status cp_link_server_set_pose_rate(cp_link_server *server, double rate, cp_error *error)
{
    if (!(rate >= 0 && rate <= CP_LINK_MAX_POSE_RATE))
        return cpi_error_set(error, CP_ERR_INVALID, "pose rate %g is outside 0..%g per second", rate,
                             CP_LINK_MAX_POSE_RATE);
    server->pose_rate = rate;
    cp_link_message m;
    memset(&m, 0, sizeof m);
    m.type = CP_LINK_SETTINGS;
    m.pose_rate = rate;
    to_games(server, &m);
    return CP_OK;
}

/* ---- what the editor reads ---------------------------------------------------------------------- */

size_t cp_link_server_game_count(const cp_link_server *server) { return server->games; }

bool cp_link_server_game(const cp_link_server *server, size_t index, cp_link_game *out)
{
    for (size_t i = 0; i < SLOTS; i++)
        if (server->peers[i].game && index-- == 0) {
            *out = server->peers[i].info;
            return true;
        }
    return false;
}

const char *cp_link_server_address(const cp_link_server *server) { return server->address; }
size_t cp_link_server_port(const cp_link_server *server) { return server->port; }
const char *cp_link_server_token(const cp_link_server *server)
{
    return server->need_token ? server->token : NULL;
}

/* SPDX-License-Identifier: MIT */
/* lib/link/client.c - the game's side of the link: connecting and
 * reconnecting in the background, the handshake, the path in service, the
 * playhead, and the game's camera going out at the editor's rate. The
 * hand-off of the camera is in view.c. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/json.h"
#include "client_impl.h"

/* ---- the connection's life ------------------------------------------------------------------ */

static void set_state(cp_link *l, const char *fmt, ...) CPI_PRINTF(2, 3);
static void set_state(cp_link *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->state_text, sizeof l->state_text, fmt, ap);
    va_end(ap);
}

/* Ends the connection (with a bye when `reason` is given) and waits before the next try. */
static void lose(cp_link *l, double t, const char *reason, const char *why)
{
    if (reason)
        cpi_conn_bye(&l->conn, reason, why);
    cpi_conn_free(&l->conn);
    if (l->state == CPI_LINK_LINKED)
        l->news.lost = true;
    l->state = CPI_LINK_WAITING;
    l->retry_at = t + l->backoff;
    set_state(l, "lost %s: %s; trying again in %.2g s", l->target, why, l->backoff);
    l->backoff = fmin(2 * l->backoff, CP_LINK_RETRY_MAX);
}

static void say_hello(cp_link *l, double t)
{
    cp_link_message m;
    memset(&m, 0, sizeof m);
    m.type = CP_LINK_HELLO;
    m.version = m.oldest = CP_LINK_VERSION;
    cpi_link_copy_text(m.name, sizeof m.name, l->name);
    cpi_link_copy_text(m.token, sizeof m.token, l->token);
    cp_error err;
    if (cpi_conn_queue_message(&l->conn, &m) != 0 || cpi_conn_flush(&l->conn, t, &err) != 0) {
        lose(l, t, NULL, "could not send the hello");
        return;
    }
    l->state = CPI_LINK_HELLO;
    l->since = t;
    set_state(l, "saying hello to %s", l->target);
}

static void start_connect(cp_link *l, double t)
{
    const cpi_addr *a = &l->addrs[l->addr_next];
    l->addr_next = (l->addr_next + 1) % l->addr_count;
    cpi_net_addr_text(a, l->target);
    cpi_sock sock = CPI_SOCK_NONE;
    cp_error err;
    cpi_net_result r = cpi_net_connect(a, &sock, &err);
    if (r == CPI_NET_FAILED) {
        lose(l, t, NULL, err.message);
        return;
    }
    cpi_conn_init(&l->conn, sock, l->target, CP_LINK_MAX_MESSAGE, t);
    l->since = t;
    if (r == CPI_NET_DONE) {
        say_hello(l, t);
    } else {
        l->state = CPI_LINK_CONNECTING;
        set_state(l, "connecting to %s", l->target);
    }
}

cp_link *cp_link_connect(const char *host, int port, const cp_link_options *options, cp_error *error)
{
    cp_link_options o = options ? *options : (cp_link_options){0};
    if (port < 0 || port > 65535) {
        cpi_error_set(error, CP_ERR_INVALID, "port %d is outside 0..65535", port);
        return NULL;
    }
    if (o.token && strlen(o.token) >= CP_LINK_NAME_SIZE) {
        cpi_error_set(error, CP_ERR_INVALID, "token: %zu bytes is longer than %d", strlen(o.token),
                      CP_LINK_NAME_SIZE - 1);
        return NULL;
    }
    if ((o.name && cpi_utf8_invalid(o.name, strlen(o.name)) != strlen(o.name)) ||
        (o.token && cpi_utf8_invalid(o.token, strlen(o.token)) != strlen(o.token))) {
        cpi_error_set(error, CP_ERR_INVALID, "the name and the token must be UTF-8 text");
        return NULL;
    }
    cp_link *l = calloc(1, sizeof *l);
    if (!l) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for a link");
        return NULL;
    }
    if (cpi_link_timeout(o.timeout, &l->timeout, error) != CP_OK) {
        free(l);
        return NULL;
    }
    l->conn.sock = CPI_SOCK_NONE;
    cpi_link_copy_text(l->name, sizeof l->name, o.name ? o.name : "game");
    cpi_link_copy_text(l->token, sizeof l->token, o.token);
    if (cpi_net_resolve(host ? host : CP_LINK_DEFAULT_HOST, (unsigned)(port ? port : CP_LINK_DEFAULT_PORT), l->addrs,
                        CPI_LINK_ADDRS, &l->addr_count, error) != CP_OK) {
        free(l);
        return NULL;
    }
    l->backoff = CP_LINK_RETRY_MIN;
    start_connect(l, cpi_time_now());
    memset(&l->news, 0, sizeof l->news);
    cpi_error_clear(error);
    return l;
}

void cp_link_close(cp_link *link)
{
    if (!link)
        return;
    if (link->state == CPI_LINK_LINKED || link->state == CPI_LINK_HELLO)
        cpi_conn_bye(&link->conn, "closing", "the game closed the link");
    cpi_conn_free(&link->conn);
    cp_path_destroy(link->path);
    free(link);
}

/* ---- what the editor says ------------------------------------------------------------------- */

static void answer(cp_link *l, cp_link_type type, size_t revision, const char *text)
{
    cp_link_message m;
    memset(&m, 0, sizeof m);
    m.type = type;
    m.revision = revision;
    cpi_link_copy_text(m.text, sizeof m.text, text);
    cpi_conn_queue_message(&l->conn, &m);
}

static void take_path(cp_link *l, const cp_link_message *m)
{
    char source[48];
    snprintf(source, sizeof source, "path %zu", m->revision);
    cp_error err;
    cp_path *path = cp_path_load_memory(m->path_text, m->path_size, source, &err);
    if (!path) {
        /* as a hot reload keeps the last good file: the last good path stays */
        cpi_link_copy_text(l->path_error, sizeof l->path_error, err.message);
        l->refused = true;
        l->news.path_refused = true;
        answer(l, CP_LINK_REFUSED, m->revision, err.message);
        return;
    }
    cp_path_destroy(l->path);
    l->path = path;
    l->generation++;
    l->revision = m->revision;
    l->refused = false;
    l->news.path = true;
    answer(l, CP_LINK_APPLIED, m->revision, NULL);
}

/* A message from the editor; non-zero ends the connection (l->why says why, l->reason for the bye). */
static int handle(void *ctx, const char *body, size_t size)
{
    cp_link *l = ctx;
    cp_link_message m;
    cp_error err;
    l->news.messages++;
    if (cp_link_message_read(body, size, &m, &err) != CP_OK) {
        snprintf(l->why, sizeof l->why, "a malformed message from the editor: %s", err.message);
        l->reason = "protocol";
        return 1;
    }
    if (m.type == CP_LINK_BYE) {
        snprintf(l->why, sizeof l->why, "the editor closed the connection: %s (%s)", m.text[0] ? m.text : "no reason given",
                 m.reason[0] ? m.reason : "bye");
        l->reason = NULL;
        /* a refusal would be the same on the next try right away */
        if (strcmp(m.reason, "closing") != 0)
            l->backoff = CP_LINK_RETRY_MAX;
        return 1;
    }
    if (l->state == CPI_LINK_HELLO) {
        if (m.type != CP_LINK_WELCOME) {
            snprintf(l->why, sizeof l->why, "the editor answered the hello with '%s', not a welcome", m.type_name);
            l->reason = "handshake";
            return 1;
        }
        if (m.version != CP_LINK_VERSION) {
            snprintf(l->why, sizeof l->why, "the editor chose protocol version %d; this game speaks %d", m.version,
                     CP_LINK_VERSION);
            l->reason = "version";
            return 1;
        }
        l->state = CPI_LINK_LINKED;
        l->backoff = CP_LINK_RETRY_MIN;
        cpi_link_copy_text(l->editor, sizeof l->editor, m.name);
        l->pose_rate = m.pose_rate;
        l->tokens = 1;
        l->tokens_at = cpi_time_now();
        l->news.connected = true;
        set_state(l, "connected to %s at %s", l->editor[0] ? l->editor : "an editor", l->target);
        return 0;
    }
    switch (m.type) {
    case CP_LINK_PATH: take_path(l, &m); break;
    case CP_LINK_PLAYHEAD:
        l->playhead = m.playhead;
        l->playhead_at = l->now;
        l->has_playhead = true;
        l->news.playhead = true;
        break;
    case CP_LINK_TAKE:
    case CP_LINK_GIVE:
        l->request = m.type == CP_LINK_TAKE ? CPI_LINK_TAKE : CPI_LINK_GIVE;
        l->request_blend = m.blend;
        *(m.type == CP_LINK_TAKE ? &l->news.take : &l->news.give) = true;
        break;
    case CP_LINK_SETTINGS: l->pose_rate = m.pose_rate; break;
    case CP_LINK_WELCOME:
    case CP_LINK_HELLO:
    case CP_LINK_CAMERA:
    case CP_LINK_APPLIED:
    case CP_LINK_REFUSED:
        snprintf(l->why, sizeof l->why, "the editor sent '%s', which only a game sends or only once", m.type_name);
        l->reason = "protocol";
        return 1;
    default: break; /* ping, and types of newer versions */
    }
    return 0;
}

/* ---- polling ------------------------------------------------------------------------------------ */

bool cp_link_poll(cp_link *link, double now, cp_link_news *news)
{
    cp_link *l = link;
    memset(&l->news, 0, sizeof l->news);
    l->now = now;
    double t = cpi_time_now();
    cp_error err;
    if (l->state == CPI_LINK_WAITING && t >= l->retry_at)
        start_connect(l, t);
    if (l->state == CPI_LINK_CONNECTING) {
        cpi_net_result r = cpi_net_connected(l->conn.sock, &err);
        if (r == CPI_NET_DONE)
            say_hello(l, t);
        else if (r == CPI_NET_FAILED)
            lose(l, t, NULL, err.message);
        else if (t - l->since > l->timeout)
            lose(l, t, NULL, "no answer to the connection");
    }
    if (l->state == CPI_LINK_HELLO || l->state == CPI_LINK_LINKED) {
        l->why[0] = '\0';
        l->reason = NULL;
        int rc = cpi_conn_read(&l->conn, t, handle, l, &err);
        if (rc == 0 && cpi_conn_flush(&l->conn, t, &err) != 0)
            rc = -1;
        if (rc == 0 && l->state == CPI_LINK_HELLO && t - l->since > l->timeout) {
            snprintf(l->why, sizeof l->why, "no welcome within %.3g s", l->timeout);
            l->reason = "handshake";
            rc = 1;
        }
        if (rc == 0 && cpi_conn_check_time(&l->conn, t, l->timeout, &err) != 0) {
            l->reason = "timeout";
            rc = -1;
        }
        if (rc == 0 && l->state == CPI_LINK_LINKED && t - l->conn.last_out > l->timeout / 5 &&
            cpi_conn_backlog(&l->conn) == 0) {
            cp_link_message ping = {.type = CP_LINK_PING};
            if (cpi_conn_queue_message(&l->conn, &ping) == 0)
                cpi_conn_flush(&l->conn, t, NULL);
        }
        if (rc != 0)
            lose(l, t, l->reason, rc < 0 ? err.message : l->why);
    }
    if (news)
        *news = l->news;
    const cp_link_news *n = &l->news;
    return n->connected || n->lost || n->path || n->path_refused || n->playhead || n->take || n->give ||
           n->messages > 0;
}

/* ---- what the game reads ----------------------------------------------------------------------- */

const cp_path *cp_link_path(const cp_link *link) { return link->path; }
size_t cp_link_generation(const cp_link *link) { return link->generation; }
const char *cp_link_path_error(const cp_link *link) { return link->refused ? link->path_error : NULL; }
bool cp_link_connected(const cp_link *link) { return link->state == CPI_LINK_LINKED; }
const char *cp_link_state(const cp_link *link) { return link->state_text; }

bool cp_link_playhead_at(const cp_link *link, double now, cp_link_playhead *out)
{
    if (!link->has_playhead)
        return false;
    cp_link_playhead p = link->playhead;
    if (p.playing)
        p.time += p.rate * (now - link->playhead_at);
    if (link->path && isfinite(p.time)) {
        double start = cp_path_start(link->path), duration = cp_path_duration(link->path);
        if (cp_path_get_options(link->path).ends == CP_ENDS_CLOSED && duration > 0) {
            double u = fmod(p.time - start, duration);
            p.time = start + (u < 0 ? u + duration : u);
        } else if (p.time >= start + duration) {
            p.time = start + duration;
            p.playing = p.playing && p.rate < 0;
        } else if (p.time <= start) {
            p.time = start;
            p.playing = p.playing && p.rate > 0;
        }
    }
    *out = p;
    return true;
}

bool cp_link_send_camera(cp_link *link, const cp_link_camera *camera)
{
    cp_link *l = link;
    if (l->state != CPI_LINK_LINKED || !(l->pose_rate > 0))
        return false;
    double t = cpi_time_now();
    /* a bucket of at most two, filled at the editor's rate: a steady frame rate with jitter sends
       every frame it may, and no second holds more than rate + 1 */
    l->tokens = fmin(2.0, l->tokens + (t - l->tokens_at) * l->pose_rate);
    l->tokens_at = t;
    if (l->tokens < 1.0 || cpi_conn_backlog(&l->conn) > CPI_LINK_CAMERA_BACKLOG)
        return false;
    cp_link_message m;
    memset(&m, 0, sizeof m);
    m.type = CP_LINK_CAMERA;
    m.camera = *camera;
    if (cpi_conn_queue_message(&l->conn, &m) != 0) /* refused by the writer: not finite, fov out of range */
        return false;
    l->tokens -= 1.0;
    cp_error err;
    if (cpi_conn_flush(&l->conn, t, &err) != 0)
        lose(l, t, NULL, err.message);
    return true;
}

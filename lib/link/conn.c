/* SPDX-License-Identifier: MIT */
/* lib/link/conn.c - one connection of the link: messages framed by their
 * length (4 bytes, big-endian), read as they come in pieces, queued and
 * sent as the socket takes them; the clocks behind the time-outs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link_impl.h"

void cpi_conn_init(cpi_conn *c, cpi_sock sock, const char *peer, size_t max_in, double now)
{
    memset(c, 0, sizeof *c);
    c->sock = sock;
    snprintf(c->peer, sizeof c->peer, "%s", peer);
    c->max_in = max_in;
    c->last_in = c->last_out = now;
}

void cpi_conn_free(cpi_conn *c)
{
    cpi_net_close(c->sock);
    free(c->in);
    cpi_buf_free(&c->out);
    free(c->latest);
    memset(c, 0, sizeof *c);
    c->sock = CPI_SOCK_NONE;
}

/* ---- out ---------------------------------------------------------------------------------- */

static void put_length(char *p, size_t n)
{
    p[0] = (char)(n >> 24 & 0xFF);
    p[1] = (char)(n >> 16 & 0xFF);
    p[2] = (char)(n >> 8 & 0xFF);
    p[3] = (char)(n & 0xFF);
}

int cpi_conn_queue(cpi_conn *c, const char *body, size_t size)
{
    if (size == 0 || size > 0xFFFFFFFFu)
        return -1;
    /* what went out makes room first */
    if (c->out_sent == c->out.len) {
        c->out_sent = c->out.len = 0;
    } else if (c->out_sent > c->out.len / 2) {
        memmove(c->out.data, c->out.data + c->out_sent, c->out.len - c->out_sent);
        c->out.len -= c->out_sent;
        c->out_sent = 0;
    }
    if (cpi_buf_reserve(&c->out, size + 4) != 0) {
        c->out.failed = 0; /* the queue is whole: only this message is not in it */
        return -1;
    }
    char head[4];
    put_length(head, size);
    cpi_buf_append(&c->out, head, 4);
    cpi_buf_append(&c->out, body, size);
    return 0;
}

int cpi_conn_queue_message(cpi_conn *c, const cp_link_message *msg)
{
    size_t n;
    char *body = cp_link_message_write(msg, &n, NULL);
    int rc = body ? cpi_conn_queue(c, body, n) : -1;
    free(body);
    return rc;
}

int cpi_conn_queue_latest(cpi_conn *c, const char *body, size_t size)
{
    if (size == 0 || size > 0xFFFFFFFFu)
        return -1;
    char *p = malloc(size + 5);
    if (!p)
        return -1;
    put_length(p, size);
    memcpy(p + 4, body, size);
    p[size + 4] = '\0';
    free(c->latest);
    c->latest = p;
    c->latest_len = size + 4;
    return 0;
}

size_t cpi_conn_backlog(const cpi_conn *c) { return c->out.len - c->out_sent + c->latest_len; }

int cpi_conn_flush(cpi_conn *c, double now, cp_error *error)
{
    for (;;) {
        if (c->out_sent == c->out.len && c->latest) {
            /* everything before it is out: the newest of its kind goes next */
            cpi_buf_free(&c->out);
            c->out.data = c->latest;
            c->out.len = c->latest_len;
            c->out.cap = c->latest_len + 1;
            c->out_sent = 0;
            c->latest = NULL;
            c->latest_len = 0;
        }
        if (c->out_sent == c->out.len) {
            c->stuck_since = 0;
            return 0;
        }
        size_t sent;
        cpi_net_result r = cpi_net_send(c->sock, c->out.data + c->out_sent, c->out.len - c->out_sent, &sent, error);
        if (r == CPI_NET_FAILED)
            return -1;
        if (r == CPI_NET_AGAIN || sent == 0) {
            if (c->stuck_since == 0)
                c->stuck_since = now;
            return 0;
        }
        c->out_sent += sent;
        c->stuck_since = 0;
        c->last_out = now;
    }
}

/* ---- in ----------------------------------------------------------------------------------- */

static size_t get_length(const char *p)
{
    const unsigned char *u = (const unsigned char *)p;
    return (size_t)u[0] << 24 | (size_t)u[1] << 16 | (size_t)u[2] << 8 | (size_t)u[3];
}

/* Hands out the complete messages in the buffer. 0, the handler's result, or -1 (framing). */
static int take_messages(cpi_conn *c, cpi_conn_handler fn, void *ctx, cp_error *error)
{
    while (c->in_len - c->in_start >= 4) {
        size_t n = get_length(c->in + c->in_start);
        if (n == 0) {
            cpi_error_set(error, CP_ERR_INVALID, "%s: a message of length 0 (the framing is broken)", c->peer);
            return -1;
        }
        if (n > c->max_in) {
            cpi_error_set(error, CP_ERR_LIMIT, "%s: a message of %zu bytes is over the limit of %zu bytes", c->peer,
                          n, c->max_in);
            return -1;
        }
        if (c->in_len - c->in_start - 4 < n)
            return 0;
        char *body = c->in + c->in_start + 4;
        char after = body[n];
        body[n] = '\0'; /* the handler may treat the body as a string */
        c->in_start += 4 + n;
        int rc = fn(ctx, body, n);
        body[n] = after;
        if (rc != 0)
            return rc;
    }
    return 0;
}

int cpi_conn_read(cpi_conn *c, double now, cpi_conn_handler fn, void *ctx, cp_error *error)
{
    size_t budget = CPI_LINK_READ_BUDGET;
    for (;;) {
        int rc = take_messages(c, fn, ctx, error);
        if (rc != 0)
            return rc;
        if (c->in_start == c->in_len)
            c->in_start = c->in_len = 0;
        if (budget == 0)
            return 0;
        /* room for a chunk, and for the whole of the message begun (bounded by max_in) */
        size_t want = CPI_LINK_CHUNK;
        if (c->in_len - c->in_start >= 4) {
            size_t rest = 4 + get_length(c->in + c->in_start) - (c->in_len - c->in_start);
            want = rest > want ? rest : want;
        }
        if (c->in_cap - c->in_len < want + 1) {
            if (c->in_start > 0) {
                memmove(c->in, c->in + c->in_start, c->in_len - c->in_start);
                c->in_len -= c->in_start;
                c->in_start = 0;
            }
            if (c->in_cap - c->in_len < want + 1) {
                size_t cap = c->in_len + want + 1;
                char *p = realloc(c->in, cap);
                if (!p) {
                    cpi_error_set(error, CP_ERR_MEMORY, "%s: out of memory for a message of %zu bytes", c->peer, cap);
                    return -1;
                }
                c->in = p;
                c->in_cap = cap;
            }
        }
        size_t ask = want < budget ? want : budget, got;
        cpi_net_result r = cpi_net_recv(c->sock, c->in + c->in_len, ask, &got, error);
        if (r == CPI_NET_AGAIN)
            return 0;
        if (r == CPI_NET_CLOSED) {
            cpi_error_set(error, CP_ERR_IO, "%s: the other side closed the connection", c->peer);
            return -1;
        }
        if (r == CPI_NET_FAILED)
            return -1;
        c->in_len += got;
        c->last_in = now;
        budget -= got < budget ? got : budget;
    }
}

int cpi_conn_check_time(const cpi_conn *c, double now, double timeout, cp_error *error)
{
    if (now - c->last_in > timeout) {
        cpi_error_set(error, CP_ERR_IO, "%s: silent for %.3g s (the limit is %.3g s)", c->peer, now - c->last_in,
                      timeout);
        return -1;
    }
    if (c->stuck_since > 0 && now - c->stuck_since > timeout) {
        cpi_error_set(error, CP_ERR_IO, "%s: stopped reading (%zu bytes unread for %.3g s)", c->peer,
                      cpi_conn_backlog(c), now - c->stuck_since);
        return -1;
    }
    return 0;
}

void cpi_conn_bye(cpi_conn *c, const char *reason, const char *text)
{
    if (c->sock == CPI_SOCK_NONE)
        return;
    cp_link_message bye;
    memset(&bye, 0, sizeof bye);
    bye.type = CP_LINK_BYE;
    cpi_link_copy_text(bye.reason, sizeof bye.reason, reason);
    cpi_link_copy_text(bye.text, sizeof bye.text, text);
    /* behind what is queued (a message half sent cannot be cut short), ahead of the newest-only
       slot; it goes out if the socket takes it now */
    free(c->latest);
    c->latest = NULL;
    c->latest_len = 0;
    if (cpi_conn_queue_message(c, &bye) == 0)
        cpi_conn_flush(c, c->last_out, NULL);
    cpi_net_close(c->sock);
    c->sock = CPI_SOCK_NONE;
}

/* ---- small things both sides use ----------------------------------------------------------- */

void cpi_link_copy_text(char *dst, size_t size, const char *src)
{
    size_t n = src ? strlen(src) : 0;
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
            n--;
    }
    if (n)
        memcpy(dst, src, n);
    dst[n] = '\0';
}

cp_status cpi_link_timeout(double given, double *out, cp_error *error)
{
    if (given == 0) {
        *out = CP_LINK_TIMEOUT;
        return CP_OK;
    }
    if (!(given > 0 && given <= CP_LINK_MAX_TIMEOUT))
        return cpi_error_set(error, CP_ERR_INVALID, "timeout: %g s is outside (0, %g]", given, CP_LINK_MAX_TIMEOUT);
    *out = given;
    return CP_OK;
}

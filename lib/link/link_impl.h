/* SPDX-License-Identifier: MIT */
/* lib/link/link_impl.h - what the link layer's files share (not installed):
 * one connection with its framing, its queues and its clocks (conn.c), used
 * by the game's side (client.c) and the editor's (server.c). */
#ifndef CAMPATH_LINK_IMPL_H
#define CAMPATH_LINK_IMPL_H

#include <stddef.h>

#include "campath/link.h"
#include "base.h"
#include "net.h"

/* Bytes read from one connection in one poll, at most (a flood waits for
 * the next frame rather than stalling this one). */
#define CPI_LINK_READ_BUDGET (4u * 1024u * 1024u)
/* Bytes asked of the socket per read call. */
#define CPI_LINK_CHUNK 65536u
/* A camera message is not queued behind more unsent bytes than this (a
 * slow reader gets fewer, newer ones). */
#define CPI_LINK_CAMERA_BACKLOG 65536u

/* One TCP connection speaking the link's framing: each message is its
 * body's length as 4 bytes, big-endian, then the body. */
typedef struct cpi_conn {
    cpi_sock sock;
    char     peer[CPI_ADDR_TEXT];  /* the other end, for messages */
    size_t   max_in;               /* the largest body taken */
    char    *in;                   /* bytes read, not yet handled: in[in_start .. in_len) */
    size_t   in_len, in_cap, in_start;
    cpi_buf  out;                  /* framed messages to send: out.data[out_sent .. out.len) */
    size_t   out_sent;
    char    *latest;               /* a framed message (NUL-terminated) that waits for `out` to
                                      empty, replaced by a newer one meanwhile (paths: only the
                                      newest counts) */
    size_t   latest_len;
    double   last_in, last_out;    /* monotonic clock: the last byte received, the last byte sent */
    double   stuck_since;          /* unsent bytes that the socket has not taken since then (0: none) */
} cpi_conn;

/* Called for each complete message: `body` is `size` bytes (followed by a
 * NUL). Non-zero stops reading and is returned by cpi_conn_read. */
typedef int (*cpi_conn_handler)(void *ctx, const char *body, size_t size);

/* A connection over `sock` (now owned) to `peer`, taking bodies up to max_in bytes. */
void cpi_conn_init(cpi_conn *c, cpi_sock sock, const char *peer, size_t max_in, double now);
/* Closes the socket and frees the buffers; the struct is left as after {0}. */
void cpi_conn_free(cpi_conn *c);

/* Queues a message body (framed here). 0, or -1 if out of memory or over the length limit. */
int cpi_conn_queue(cpi_conn *c, const char *body, size_t size);
/* Queues `msg` (written by the codec). 0, or -1. */
int cpi_conn_queue_message(cpi_conn *c, const cp_link_message *msg);
/* Makes `body` the newest message of its kind: it goes out once everything
 * queued before it has, unless a newer one replaces it first. 0, or -1. */
int cpi_conn_queue_latest(cpi_conn *c, const char *body, size_t size);
/* Bytes waiting to go out. */
size_t cpi_conn_backlog(const cpi_conn *c);

/* Sends what the socket takes now. 0, or -1 with `error` (the connection is gone). */
int cpi_conn_flush(cpi_conn *c, double now, cp_error *error);
/* Reads what arrived (up to CPI_LINK_READ_BUDGET bytes) and hands each
 * complete message to fn. 0 when all went well, the handler's non-zero
 * result, or -1 with `error`: the peer closed the connection, a length
 * over max_in or of 0, a read error. */
int cpi_conn_read(cpi_conn *c, double now, cpi_conn_handler fn, void *ctx, cp_error *error);
/* -1 with `error` when the connection has been silent, or left its unsent
 * bytes untaken, for `timeout` seconds; else 0. */
int cpi_conn_check_time(const cpi_conn *c, double now, double timeout, cp_error *error);
/* Queues a bye with `reason` and `text`, sends what the socket takes at once, and closes. */
void cpi_conn_bye(cpi_conn *c, const char *reason, const char *text);

/* Copies text into a fixed buffer, cut at a character boundary to fit. */
void cpi_link_copy_text(char *dst, size_t size, const char *src);
/* Checks a timeout option: 0 gives CP_LINK_TIMEOUT; CP_OK or CP_ERR_INVALID. */
cp_status cpi_link_timeout(double given, double *out, cp_error *error);

#endif /* CAMPATH_LINK_IMPL_H */

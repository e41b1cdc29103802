/* SPDX-License-Identifier: MIT */
/* lib/base/net.h - the platform's sockets, clock and randomness, for the link
 * layer (not installed): non-blocking TCP over IPv4 and IPv6, a monotonic
 * clock, random bytes for tokens.
 *
 * Only net.c includes a socket header; a Winsock version of the same
 * functions goes there too, so that no other file of the library changes
 * for another platform. Every call returns at once: none waits for the
 * network (a host name is the exception: see cpi_net_resolve).
 */
#ifndef CAMPATH_NET_H
#define CAMPATH_NET_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"

/* A socket: a POSIX descriptor here, a Winsock SOCKET there. */
typedef intptr_t cpi_sock;
#define CPI_SOCK_NONE ((cpi_sock)-1)

/* A socket address of either family, as plain bytes (room for any). */
typedef struct cpi_addr {
    unsigned char data[128];
    unsigned      len;
} cpi_addr;

/* What an operation that would have to wait did instead. */
typedef enum cpi_net_result {
    CPI_NET_DONE = 0,   /* it happened */
    CPI_NET_AGAIN,      /* not now (nothing to read, no room to write, still connecting): try later */
    CPI_NET_CLOSED,     /* the peer closed the connection (reading) */
    CPI_NET_FAILED      /* an error, said in the cp_error */
} cpi_net_result;

/* Longest text of an address with its port: "[ffff:...:ffff]:65535". */
#define CPI_ADDR_TEXT 64

/* The addresses of `host` (numeric, or a name: a name may wait as long as
 * the system's resolver takes, so callers resolve once) at `port`, at most
 * `max` into `out`; *count gets how many. CP_OK or CP_ERR_IO naming the host. */
cp_status cpi_net_resolve(const char *host, unsigned port, cpi_addr *out, size_t max, size_t *count,
                          cp_error *error);
/* "127.0.0.1:47100", "[::1]:47100" into buf. */
const char *cpi_net_addr_text(const cpi_addr *addr, char buf[CPI_ADDR_TEXT]);
/* True for 127.0.0.0/8, ::1 and IPv4-mapped 127.x: addresses no other machine reaches. */
bool cpi_net_addr_loopback(const cpi_addr *addr);
/* The port of an address. */
unsigned cpi_net_addr_port(const cpi_addr *addr);

/* A non-blocking listening socket bound to `addr` (the address may be
 * reused at once after a restart). CP_OK or CP_ERR_IO ("127.0.0.1:47100:
 * address in use"). */
cp_status cpi_net_listen(const cpi_addr *addr, cpi_sock *out, cp_error *error);
/* The address a socket is bound to (a port the system picked). */
cp_status cpi_net_local(cpi_sock sock, cpi_addr *out, cp_error *error);
/* The next waiting connection, non-blocking, with its peer's address:
 * DONE, AGAIN when none waits, FAILED. */
cpi_net_result cpi_net_accept(cpi_sock listener, cpi_sock *out, cpi_addr *peer, cp_error *error);
/* Starts a non-blocking connection: DONE (connected), AGAIN (under way:
 * ask cpi_net_connected), FAILED. */
cpi_net_result cpi_net_connect(const cpi_addr *addr, cpi_sock *out, cp_error *error);
/* Whether a connection under way has been made: DONE, AGAIN, FAILED (refused, unreachable...). */
cpi_net_result cpi_net_connected(cpi_sock sock, cp_error *error);
/* Writes what the socket takes of `n` bytes; *sent gets how many. DONE
 * (some or all), AGAIN (none: no room), FAILED (the connection is gone). */
cpi_net_result cpi_net_send(cpi_sock sock, const void *data, size_t n, size_t *sent, cp_error *error);
/* Reads what is there, at most `n` bytes; *got gets how many. DONE, AGAIN
 * (nothing yet), CLOSED (the peer closed it), FAILED. */
cpi_net_result cpi_net_recv(cpi_sock sock, void *data, size_t n, size_t *got, cp_error *error);
/* Closes a socket; CPI_SOCK_NONE is a no-op. */
void cpi_net_close(cpi_sock sock);

/* Seconds on a clock that only moves forward (any origin). */
double cpi_time_now(void);
/* n unpredictable bytes from the system. CP_OK or CP_ERR_IO. */
cp_status cpi_random_bytes(void *out, size_t n, cp_error *error);

#endif /* CAMPATH_NET_H */

/* SPDX-License-Identifier: MIT */
/* lib/base/net.c - sockets, the monotonic clock and random bytes on POSIX
 * systems (net.h). The one file of the library that includes a socket header. */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>

#include "net.h"

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0 /* where there is none, SO_NOSIGPIPE is set on the socket instead */
#endif

static const char *net_text(int err, char buf[64])
{
    switch (err) {
    case ECONNREFUSED: return "connection refused (is the editor listening?)";
    case ECONNRESET: return "connection reset by the peer";
    case EPIPE: return "the peer closed the connection";
    case ETIMEDOUT: return "timed out";
    case EHOSTUNREACH: return "host unreachable";
    case ENETUNREACH: return "network unreachable";
    case EADDRINUSE: return "address in use (another program listens there)";
    case EADDRNOTAVAIL: return "address not available on this machine";
    case EAFNOSUPPORT: return "address family not supported";
    default: return cpi_errno_text(err, buf);
    }
}

static cp_status net_fail(cp_error *error, const char *what, int err)
{
    char eb[64];
    return cpi_error_set(error, CP_ERR_IO, "%s: %s", what, net_text(err, eb));
}

/* Non-blocking, closed on exec, no SIGPIPE, no Nagle delay for small messages. */
static int prepare(int fd, int stream)
{
    int flags = fcntl(fd, F_GETFL, 0);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) != 0)
        return -1;
#ifdef SO_NOSIGPIPE
    int one_ = 1;
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one_, sizeof one_);
#endif
    if (stream) {
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    return 0;
}

cp_status cpi_net_resolve(const char *host, unsigned port, cpi_addr *out, size_t max, size_t *count,
                          cp_error *error)
{
    *count = 0;
    if (port > 65535)
        return cpi_error_set(error, CP_ERR_INVALID, "port %u is outside 0..65535", port);
    char service[16];
    snprintf(service, sizeof service, "%u", port);
    struct addrinfo hints, *list = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    int rc = getaddrinfo(host, service, &hints, &list);
    if (rc != 0) {
        const char *why = rc == EAI_NONAME ? "no such host" : rc == EAI_AGAIN ? "the name server did not answer"
                                                                             : gai_strerror(rc);
        return cpi_error_set(error, CP_ERR_IO, "%s: %s", host, why);
    }
    for (const struct addrinfo *a = list; a && *count < max; a = a->ai_next) {
        if ((a->ai_family != AF_INET && a->ai_family != AF_INET6) || a->ai_addrlen > sizeof out->data)
            continue;
        memset(&out[*count], 0, sizeof out[*count]);
        memcpy(out[*count].data, a->ai_addr, a->ai_addrlen);
        out[*count].len = (unsigned)a->ai_addrlen;
        (*count)++;
    }
    freeaddrinfo(list);
    if (*count == 0)
        return cpi_error_set(error, CP_ERR_IO, "%s: no IPv4 or IPv6 address", host);
    return CP_OK;
}

const char *cpi_net_addr_text(const cpi_addr *addr, char buf[CPI_ADDR_TEXT])
{
    char host[INET6_ADDRSTRLEN] = "?";
    const struct sockaddr *sa = (const struct sockaddr *)(const void *)addr->data;
    if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)(const void *)addr->data;
        inet_ntop(AF_INET6, &s6->sin6_addr, host, sizeof host);
        snprintf(buf, CPI_ADDR_TEXT, "[%s]:%u", host, (unsigned)ntohs(s6->sin6_port));
    } else if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *s4 = (const struct sockaddr_in *)(const void *)addr->data;
        inet_ntop(AF_INET, &s4->sin_addr, host, sizeof host);
        snprintf(buf, CPI_ADDR_TEXT, "%s:%u", host, (unsigned)ntohs(s4->sin_port));
    } else {
        snprintf(buf, CPI_ADDR_TEXT, "(unknown address)");
    }
    return buf;
}

bool cpi_net_addr_loopback(const cpi_addr *addr)
{
    const struct sockaddr *sa = (const struct sockaddr *)(const void *)addr->data;
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *s4 = (const struct sockaddr_in *)(const void *)addr->data;
        return (ntohl(s4->sin_addr.s_addr) >> 24) == 127;
    }
    if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)(const void *)addr->data;
        const unsigned char *b = s6->sin6_addr.s6_addr;
        static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        if (memcmp(b, mapped, 12) == 0)
            return b[12] == 127;
        for (int i = 0; i < 15; i++)
            if (b[i] != 0)
                return false;
        return b[15] == 1;
    }
    return false;
}

unsigned cpi_net_addr_port(const cpi_addr *addr)
{
    const struct sockaddr *sa = (const struct sockaddr *)(const void *)addr->data;
    if (sa->sa_family == AF_INET6)
        return ntohs(((const struct sockaddr_in6 *)(const void *)addr->data)->sin6_port);
    if (sa->sa_family == AF_INET)
        return ntohs(((const struct sockaddr_in *)(const void *)addr->data)->sin_port);
    return 0;
}

cp_status cpi_net_listen(const cpi_addr *addr, cpi_sock *out, cp_error *error)
{
    char at[CPI_ADDR_TEXT];
    cpi_net_addr_text(addr, at);
    const struct sockaddr *sa = (const struct sockaddr *)(const void *)addr->data;
    int fd = socket(sa->sa_family, SOCK_STREAM, 0);
    if (fd < 0)
        return net_fail(error, at, errno);
    int one = 1;
    /* a restarted editor takes its port back at once, while the old connections linger */
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (prepare(fd, 0) != 0 || bind(fd, sa, (socklen_t)addr->len) != 0 || listen(fd, 16) != 0) {
        int e = errno;
        close(fd);
        return net_fail(error, at, e);
    }
    *out = fd;
    return CP_OK;
}

cp_status cpi_net_local(cpi_sock sock, cpi_addr *out, cp_error *error)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    if (getsockname((int)sock, (struct sockaddr *)&ss, &len) != 0)
        return net_fail(error, "socket", errno);
    memset(out, 0, sizeof *out);
    memcpy(out->data, &ss, len < sizeof out->data ? len : sizeof out->data);
    out->len = len;
    return CP_OK;
}

cpi_net_result cpi_net_accept(cpi_sock listener, cpi_sock *out, cpi_addr *peer, cp_error *error)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    int fd = accept((int)listener, (struct sockaddr *)&ss, &len);
    if (fd < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR || errno == ECONNABORTED)
            return CPI_NET_AGAIN;
        net_fail(error, "accept", errno);
        return CPI_NET_FAILED;
    }
    if (prepare(fd, 1) != 0) {
        net_fail(error, "accept", errno);
        close(fd);
        return CPI_NET_FAILED;
    }
    memset(peer, 0, sizeof *peer);
    memcpy(peer->data, &ss, len < sizeof peer->data ? len : sizeof peer->data);
    peer->len = len;
    *out = fd;
    return CPI_NET_DONE;
}

cpi_net_result cpi_net_connect(const cpi_addr *addr, cpi_sock *out, cp_error *error)
{
    char at[CPI_ADDR_TEXT];
    cpi_net_addr_text(addr, at);
    const struct sockaddr *sa = (const struct sockaddr *)(const void *)addr->data;
    int fd = socket(sa->sa_family, SOCK_STREAM, 0);
    if (fd < 0 || prepare(fd, 1) != 0) {
        net_fail(error, at, errno);
        if (fd >= 0)
            close(fd);
        return CPI_NET_FAILED;
    }
    *out = fd;
    if (connect(fd, sa, (socklen_t)addr->len) == 0)
        return CPI_NET_DONE;
    if (errno == EINPROGRESS || errno == EINTR)
        return CPI_NET_AGAIN;
    net_fail(error, at, errno);
    close(fd);
    *out = CPI_SOCK_NONE;
    return CPI_NET_FAILED;
}

cpi_net_result cpi_net_connected(cpi_sock sock, cp_error *error)
{
    struct pollfd p = {(int)sock, POLLOUT, 0};
    int n = poll(&p, 1, 0);
    if (n < 0) {
        if (errno == EINTR)
            return CPI_NET_AGAIN;
        net_fail(error, "connect", errno);
        return CPI_NET_FAILED;
    }
    if (n == 0)
        return CPI_NET_AGAIN;
    int err = 0;
    socklen_t len = sizeof err;
    if (getsockopt((int)sock, SOL_SOCKET, SO_ERROR, &err, &len) != 0)
        err = errno;
    if (err != 0) {
        net_fail(error, "connect", err);
        return CPI_NET_FAILED;
    }
    return CPI_NET_DONE;
}

cpi_net_result cpi_net_send(cpi_sock sock, const void *data, size_t n, size_t *sent, cp_error *error)
{
    *sent = 0;
    ssize_t w = send((int)sock, data, n, MSG_NOSIGNAL);
    if (w < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
            return CPI_NET_AGAIN;
        net_fail(error, "send", errno);
        return CPI_NET_FAILED;
    }
    *sent = (size_t)w;
    return w > 0 || n == 0 ? CPI_NET_DONE : CPI_NET_AGAIN;
}

cpi_net_result cpi_net_recv(cpi_sock sock, void *data, size_t n, size_t *got, cp_error *error)
{
    *got = 0;
    ssize_t r = recv((int)sock, data, n, 0);
    if (r < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
            return CPI_NET_AGAIN;
        net_fail(error, "receive", errno);
        return CPI_NET_FAILED;
    }
    if (r == 0)
        return n == 0 ? CPI_NET_DONE : CPI_NET_CLOSED;
    *got = (size_t)r;
    return CPI_NET_DONE;
}

void cpi_net_close(cpi_sock sock)
{
    if (sock != CPI_SOCK_NONE)
        close((int)sock);
}

double cpi_time_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

cp_status cpi_random_bytes(void *out, size_t n, cp_error *error)
{
    /* getentropy gives at most 256 bytes a call, never fewer than asked */
    for (size_t done = 0; done < n; done += 256)
        if (getentropy((unsigned char *)out + done, n - done < 256 ? n - done : 256) != 0)
            return net_fail(error, "random bytes", errno);
    return CP_OK;
}

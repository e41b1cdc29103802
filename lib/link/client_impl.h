/* SPDX-License-Identifier: MIT */
/* lib/link/client_impl.h - the game's link as data, shared by client.c (the
 * connection, the path, the playhead) and view.c (the hand-off of the
 * camera). Not installed. */
#ifndef CAMPATH_CLIENT_IMPL_H
#define CAMPATH_CLIENT_IMPL_H

#include "link_impl.h"

/* Addresses of one host tried in turn (IPv6 and IPv4 of "localhost"). */
#define CPI_LINK_ADDRS 4

enum { CPI_LINK_WAITING = 0, CPI_LINK_CONNECTING, CPI_LINK_HELLO, CPI_LINK_LINKED };
enum { CPI_LINK_NO_REQUEST = 0, CPI_LINK_TAKE, CPI_LINK_GIVE };
/* Who has the camera (view.c). */
enum { CPI_VIEW_LIVE = 0, CPI_VIEW_ENTER, CPI_VIEW_PATH, CPI_VIEW_LEAVE };

struct cp_link {
    cpi_addr         addrs[CPI_LINK_ADDRS];
    size_t           addr_count, addr_next;
    char             target[CPI_ADDR_TEXT];   /* the address tried or connected */
    char             name[CP_LINK_NAME_SIZE], token[CP_LINK_NAME_SIZE];
    double           timeout;
    int              state;                   /* CPI_LINK_* */
    cpi_conn         conn;
    double           since;                   /* monotonic: when the state began */
    double           retry_at, backoff;
    char             state_text[512];
    char             why[400];                /* why a message ends the connection */
    const char      *reason;                  /* the bye's reason then (NULL: no bye) */
    char             editor[CP_LINK_NAME_SIZE];
    double           pose_rate;               /* camera messages a second the editor asks for */
    double           tokens, tokens_at;       /* the rate's bucket, and when it was filled */
    double           now;                     /* the game's clock at the poll */
    cp_link_news     news;
    /* the path in service */
    cp_path         *path;
    size_t           generation, revision;
    bool             refused;
    char             path_error[256];
    /* the playhead, as the editor sent it, and the game's clock then */
    bool             has_playhead;
    cp_link_playhead playhead;
    double           playhead_at;
    /* the hand-off (view.c) */
    int              request;                 /* CPI_LINK_TAKE / _GIVE waiting for cp_link_view */
    double           request_blend;
    int              mode;                    /* CPI_VIEW_* */
    cp_pose          from;                    /* the camera when the blend onto the path began */
    double           enter_start, enter_blend, leave_start, leave_blend;
    double           take_time;               /* game time the path took the camera */
};

#endif /* CAMPATH_CLIENT_IMPL_H */

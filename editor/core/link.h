/* SPDX-License-Identifier: MIT */
/* editor/core/link.h - the link to running games (campath/link.h): the
 * listener, the games connected as the last poll saw them, what was last
 * sent to them (the path, the playhead), and the editor's choices about
 * them: looking through a game's camera, following a game's time, the
 * camera handed to the path.
 *
 * The update step polls it without waiting (ed_link_update): games join and
 * leave, their cameras come in, and every change of the path or the
 * playhead goes out at once. The commands that change it are in game.h.
 */
#ifndef ED_LINK_H
#define ED_LINK_H

#include <stddef.h>

#include "base.h"
#include "campath/campath.h"
#include "doc.h"

#define ED_LINK_SYNC 1.0          /* s: while playing, the playhead goes out at least this often */
#define ED_LINK_WAKE (1.0 / 120)  /* s: how long the window may sleep while games are connected */
#define ED_LINK_IDLE_WAKE 0.05    /* s: the same while it listens and no game is there */

typedef struct ed_link {
    cp_link_server  *server;                      /* NULL: not listening */
    char            *address, *token;             /* the command line's (NULL: loopback, no token) */
    size_t           games;                       /* connected, as the last poll saw them */
    cp_link_game     game[CP_LINK_MAX_GAMES];
    unsigned long    serial;                      /* +1 whenever what is shown of the games changes */
    int              path_sent;                   /* the doc's path went out: which one */
    unsigned long    sent_serial;
    int              playhead_sent;               /* the playhead last sent, and the clock then */
    cp_link_playhead playhead;
    double           playhead_clock;
    size_t           followed;                    /* the camera message the playhead last followed */
    int              view_game;                   /* the view is the game's camera */
    int              follow;                      /* the playhead follows the game's time */
    int              taken;                       /* the games were asked to hand their camera to the path */
} ed_link;

void ed_link_init(ed_link *l);
/* Stops listening (the games are told) and frees what it holds. */
void ed_link_free(ed_link *l);

/* Keeps the address and token to listen with (copies; NULL: loopback, none). 0, or -1 if out of memory. */
int ed_link_configure(ed_link *l, const char *address, const char *token);
/* Listens on `port` (0: CP_LINK_DEFAULT_PORT, CP_LINK_ANY_PORT: one the
 * system picks), saying where (and the token games need) in the message.
 * 0, or -1 with the reason in the message. */
int ed_link_listen(ed_link *l, ed_base *b, int port);
/* Stops listening; the games are told. */
void ed_link_stop(ed_link *l, ed_base *b);

/* The update step's part: polls the games (events become messages), moves
 * the playhead to a followed game's time, and sends the document's path
 * and the playhead when they changed. */
void ed_link_update(ed_link *l, ed_base *b, const ed_doc *d);

/* The camera of the first game that sent one: 1 and *out, else 0. */
int ed_link_camera(const ed_link *l, cp_link_camera *out);

#endif /* ED_LINK_H */

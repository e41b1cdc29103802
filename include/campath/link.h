/* SPDX-License-Identifier: MIT */
/* campath/link.h - the live link between a running game and the editor, over
 * a TCP socket: the game shows the path as the designer edits it, follows
 * the editor's playhead, hands its camera to the path and back when asked,
 * and sends its own camera for the editor to show and record.
 *
 * Quick start, in the game's frame loop (no threads, nothing ever waits):
 *
 *     cp_link *link = cp_link_connect(NULL, 0, NULL, &err);  // 127.0.0.1, CP_LINK_DEFAULT_PORT
 *     for (;;) {                                            // the game loop; now = game time, s
 *         cp_link_news news;
 *         cp_link_poll(link, now, &news);                   // once a frame; never blocks
 *         if (news.path_refused) show(cp_link_path_error(link));
 *         cp_pose camera;                                   // the path at the editor's playhead,
 *         cp_link_view(link, now, &player, &camera, NULL);  // or the game's camera (take / give)
 *         render(&camera);
 *         cp_link_camera me = {.time = now, .position = player.position,
 *                              .rotation = player.rotation, .fov = player.fov};
 *         cp_link_send_camera(link, &me);                   // at most as often as the editor asks
 *     }
 *     cp_link_close(link);
 *
 * The editor is `campath-editor --link [PORT]`. A link that cannot reach it,
 * or loses it, tries again in the background (every CP_LINK_RETRY_MIN
 * seconds at first, backing off to CP_LINK_RETRY_MAX); the game keeps its
 * last good path and playhead meanwhile. A path that arrives and does not
 * validate is refused as a hot reload refuses a bad file: the last good one
 * stays in service and cp_link_path_error() says why (the editor is told
 * too).
 *
 * The protocol (docs/link.md): messages of JSON text, each after its length
 * as 4 bytes, big-endian; a version handshake; paths in the path file format
 * (docs/format.md). The codec at the end of this header reads and writes
 * its messages, for tools and for games that carry the bytes their own way.
 * The editor's side (cp_link_server) is here too: the editor is a program on
 * top of this API like any other.
 *
 * Clocks: `now` is the game's clock in seconds (any origin, never going
 * back); playheads and hand-off blends run on it. Time-outs, retries and the
 * pose rate run on the system's monotonic clock, so a game paused in a
 * debugger for longer than CP_LINK_TIMEOUT finds itself reconnecting.
 *
 * Not thread-safe: use a link (or server) from one thread. Memory: a link
 * holds at most one message being read (CP_LINK_MAX_MESSAGE) and the
 * messages waiting to go out; everything is freed by cp_link_close.
 */
#ifndef CAMPATH_LINK_H
#define CAMPATH_LINK_H

#include <stddef.h>

#include "common.h"
#include "math.h"
#include "path.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- limits and defaults (docs/link.md says the same) ------------------------------ */

#define CP_LINK_VERSION 1                 /* the protocol version this library speaks */
#define CP_LINK_DEFAULT_HOST "127.0.0.1"  /* where the game looks for the editor */
#define CP_LINK_DEFAULT_PORT 47100        /* where the editor listens */
/* The largest message body the game takes from the editor (a path file travels in one). */
#define CP_LINK_MAX_MESSAGE (16u * 1024u * 1024u)
/* The largest message body the editor takes from a game (hello, camera, answers). */
#define CP_LINK_MAX_GAME_MESSAGE 65536u
/* Seconds a connection may take to complete the handshake, stay silent, or
 * leave what it was sent unread, before it is closed (options may set less,
 * or more up to CP_LINK_MAX_TIMEOUT). Each side sends a ping when it has
 * sent nothing for a fifth of it. */
#define CP_LINK_TIMEOUT 5.0
#define CP_LINK_MAX_TIMEOUT 10.0
/* Seconds between a lost connection and the next try: doubling from the
 * first to the second. */
#define CP_LINK_RETRY_MIN 0.25
#define CP_LINK_RETRY_MAX 2.0
/* Camera messages per second the editor asks for unless told otherwise, and the most it may ask. */
#define CP_LINK_POSE_RATE 60.0
#define CP_LINK_MAX_POSE_RATE 1000.0
/* Games one editor serves at once (and as many more connections may be saying hello). */
#define CP_LINK_MAX_GAMES 16
/* Room for a name or a token, NUL included (longer names are cut, longer tokens refused). */
#define CP_LINK_NAME_SIZE 64
/* Seconds of a hand-off blend when the editor does not say. */
#define CP_LINK_BLEND 1.0
/* The longest hand-off blend, s. */
#define CP_LINK_MAX_BLEND 60.0

/* ---- what the two sides tell each other ------------------------------------------------ */

/* The editor's playhead. While `playing`, path time runs on at `rate` path
 * seconds per second of the game's clock from `time`. */
typedef struct cp_link_playhead {
    double time;         /* path time, s */
    double rate;         /* path seconds per second while playing (1: real time) */
    bool   playing;
    bool   game_drives;  /* the editor follows the game's own time (its camera's path_time):
                            play the path by your own clock */
} cp_link_playhead;

/* The game's camera, as it sends it. Zero is a valid start for the optional members. */
typedef struct cp_link_camera {
    double  time;        /* the game's clock, s */
    cp_vec3 position;    /* metres */
    cp_quat rotation;    /* any non-zero length; the camera looks down its local -Z, +Y up */
    double  fov;         /* vertical, degrees, in (0, 180) */
    double  focus;       /* metres, 0: none */
    double  aperture;    /* f-number, 0: none */
    bool    on_path;     /* the camera shows the linked path, at path_time */
    double  path_time;   /* with on_path: the path time shown, s */
} cp_link_camera;

/* ---- the game's side ------------------------------------------------------------------- */

typedef struct cp_link cp_link;

typedef struct cp_link_options {   /* all zero = the defaults */
    const char *name;    /* the game's name in the editor's HUD; NULL: "game" */
    const char *token;   /* the token an editor listening beyond loopback prints; NULL: none */
    double      timeout; /* seconds (see CP_LINK_TIMEOUT); 0: CP_LINK_TIMEOUT */
} cp_link_options;

/* What one cp_link_poll brought. */
typedef struct cp_link_news {
    bool   connected;     /* the handshake with an editor completed */
    bool   lost;          /* the connection ended (cp_link_state says why); the link tries again */
    bool   path;          /* a new path is in service (cp_link_path) */
    bool   path_refused;  /* a path arrived that does not validate: the last good one stays
                             (cp_link_path_error says why) */
    bool   playhead;      /* the playhead was moved, started or stopped (cp_link_playhead_at) */
    bool   take;          /* the editor asks for the camera: cp_link_view blends onto the path */
    bool   give;          /* the editor gives the camera back: cp_link_view blends to the game's */
    size_t messages;      /* messages taken in */
} cp_link_news;

/* A link to the editor at `host` (NULL: CP_LINK_DEFAULT_HOST; a name is
 * looked up here, once, which may take as long as the system's resolver
 * does; a numeric address never waits) and `port` (0: CP_LINK_DEFAULT_PORT).
 * It starts connecting at once, without waiting; an editor that is not
 * there yet is not an error. NULL and `error` for a host that does not
 * resolve, a port outside 0..65535, a token longer than CP_LINK_NAME_SIZE - 1
 * bytes or a bad timeout. Close with cp_link_close. */
CP_API cp_link *cp_link_connect(const char *host, int port, const cp_link_options *options, cp_error *error);

/* Says goodbye to the editor (when connected) and frees the link, its path
 * and its buffers; NULL is a no-op. */
CP_API void cp_link_close(cp_link *link);

/* Once a frame: connects or reconnects when it is time, takes in what
 * arrived (within a budget per call, so a large path may take a few frames
 * to come in) and sends what waits, without ever waiting. `now` is the
 * game's clock. `news` (may be NULL) says what happened. True when
 * anything did. */
CP_API bool cp_link_poll(cp_link *link, double now, cp_link_news *news);

/* The path in service: the last good one the editor sent (owned by the link;
 * valid until a cp_link_poll that brings a new one, or cp_link_close). NULL
 * until the first arrives. */
CP_API const cp_path *cp_link_path(const cp_link *link);
/* 0 before the first path, +1 for every path put in service. */
CP_API size_t cp_link_generation(const cp_link *link);
/* Why the last path that arrived was refused ("path 3:1:250: keys[1].t: ..."),
 * or NULL when the last one went into service. */
CP_API const char *cp_link_path_error(const cp_link *link);

/* The editor's playhead at game time `now`: moved on by the rate while
 * playing, held at the path's end (wrapped round a closed path) when there
 * is one. False (and *out untouched) until the editor has sent one. */
CP_API bool cp_link_playhead_at(const cp_link *link, double now, cp_link_playhead *out);

/* The camera to render at game time `now`: `live` (the game's own camera,
 * with its velocity and acceleration, zero when unknown) until the editor
 * takes it; then a C2 blend onto the path at the playhead (campath/handoff.h,
 * over the seconds the editor asked for), the path itself, and when given
 * back a blend to `live` again. A hand-off starts at the first call after
 * the poll that brought it; with no path in service the camera stays
 * live. CP_OK, or CP_ERR_INVALID for a live pose that is not finite (*out
 * untouched). */
CP_API cp_status cp_link_view(cp_link *link, double now, const cp_pose *live, cp_pose *out, cp_error *error);
/* True while the path has the camera at `now` (blending onto it, on it, or blending back). */
CP_API bool cp_link_taken(const cp_link *link, double now);

/* Sends the game's camera when connected and the editor's rate allows it
 * (at most that many a second, with one of slack); otherwise, or for a
 * camera with a non-finite number, a zero rotation or a fov outside
 * (0, 180), nothing is sent. True when it went out. */
CP_API bool cp_link_send_camera(cp_link *link, const cp_link_camera *camera);

/* True while connected to an editor (the handshake done). */
CP_API bool cp_link_connected(const cp_link *link);
/* One line on the link for a HUD or a log: "connected to campath-editor at
 * 127.0.0.1:47100", "connecting to 127.0.0.1:47100", "lost 127.0.0.1:47100:
 * the editor closed the connection; trying again in 0.5 s". Owned by the
 * link, valid until its next call. */
CP_API const char *cp_link_state(const cp_link *link);

/* ---- the editor's side ------------------------------------------------------------------- */

typedef struct cp_link_server cp_link_server;

/* Listen on a port the system picks (cp_link_server_port says which), for tests. */
#define CP_LINK_ANY_PORT (-1)

typedef struct cp_link_server_options {   /* all zero = the defaults */
    const char *address;  /* NULL: "127.0.0.1" (loopback: only this machine can connect) */
    int         port;     /* 0: CP_LINK_DEFAULT_PORT; or CP_LINK_ANY_PORT */
    const char *token;    /* games must give it in their hello. NULL: none on a loopback
                             address; any other address (another machine may connect) gets a
                             random one (cp_link_server_token) */
    const char *name;     /* the editor's name told to games; NULL: "campath-editor" */
    double      pose_rate;/* camera messages a second asked of games; 0: CP_LINK_POSE_RATE */
    double      timeout;  /* seconds (see CP_LINK_TIMEOUT); 0: CP_LINK_TIMEOUT */
} cp_link_server_options;

/* What happened to the connections, for the editor to show. */
typedef enum cp_link_event_kind {
    CP_LINK_EVENT_JOINED = 0,   /* a game completed the handshake */
    CP_LINK_EVENT_LEFT,         /* a game's connection ended (text: why) */
    CP_LINK_EVENT_REJECTED,     /* a connection was refused or dropped before the handshake (text: why) */
    CP_LINK_EVENT_APPLIED,      /* a game put a path in service (revision) */
    CP_LINK_EVENT_REFUSED       /* a game refused a path (revision; text: the game's error) */
} cp_link_event_kind;

typedef struct cp_link_event {
    cp_link_event_kind kind;
    size_t             game;                       /* the game's id (0: none yet) */
    char               name[CP_LINK_NAME_SIZE];    /* the game's name ("" before its hello) */
    char               address[64];                /* "127.0.0.1:53422" */
    size_t             revision;                   /* APPLIED, REFUSED */
    char               text[256];
} cp_link_event;

/* A connected game, as the server last heard from it. */
typedef struct cp_link_game {
    size_t         id;                       /* unique while the server lives */
    char           name[CP_LINK_NAME_SIZE];
    char           address[64];
    double         camera_rate;              /* camera messages a second, over the last second */
    size_t         cameras;                  /* camera messages taken in */
    bool           has_camera;
    cp_link_camera camera;                   /* the last one */
    size_t         applied;                  /* the revision of the path it has in service (0: none) */
    size_t         refused;                  /* the last revision it refused (0: none) */
} cp_link_game;

/* Listens for games. CP_ERR_IO for an address that does not resolve or
 * cannot be listened on ("127.0.0.1:47100: address in use ..."),
 * CP_ERR_INVALID for a bad port, rate, timeout or token. */
CP_API cp_link_server *cp_link_server_open(const cp_link_server_options *options, cp_error *error);
/* Says goodbye to every game, stops listening and frees it; NULL is a no-op. */
CP_API void cp_link_server_close(cp_link_server *server);

/* Accepts, reads, answers and drops connections, and sends what waits,
 * without waiting; within a budget per connection, so one flood does not
 * stall the editor's frame. Returns how many messages were taken in. */
CP_API size_t cp_link_server_poll(cp_link_server *server);

/* The next event since the last call (oldest first; the oldest are dropped
 * past 64): true and *out filled, or false when there is none. */
CP_API bool cp_link_server_next_event(cp_link_server *server, cp_link_event *out);

/* How many games are connected, and game `index` of them (false when out of range). */
CP_API size_t cp_link_server_game_count(const cp_link_server *server);
CP_API bool cp_link_server_game(const cp_link_server *server, size_t index, cp_link_game *out);

/* The path in service: sent to every game now (a game that is still taking
 * in an older one gets only the newest) and to every game that joins later.
 * Its revision goes up by one (cp_link_server_revision). CP_OK or a
 * cp_status (a path whose file is larger than CP_LINK_MAX_MESSAGE:
 * CP_ERR_LIMIT). */
CP_API cp_status cp_link_server_set_path(cp_link_server *server, const cp_path *path, cp_error *error);
/* The revision of the path in service (0: none yet). */
CP_API size_t cp_link_server_revision(const cp_link_server *server);
/* The playhead: sent to every game now and to every game that joins later. */
CP_API cp_status cp_link_server_set_playhead(cp_link_server *server, const cp_link_playhead *playhead,
                                             cp_error *error);
/* Asks every game to hand its camera to the path (take true) or to take it
 * back (false), blending over `blend` seconds (0 .. CP_LINK_MAX_BLEND). */
CP_API cp_status cp_link_server_hand_off(cp_link_server *server, bool take, double blend, cp_error *error);
/* The camera messages a second asked of every game (0 .. CP_LINK_MAX_POSE_RATE; 0: none). */
CP_API cp_status cp_link_server_set_pose_rate(cp_link_server *server, double rate, cp_error *error);

/* Where it listens ("127.0.0.1:47100", "[::]:47100"), and its port. */
CP_API const char *cp_link_server_address(const cp_link_server *server);
CP_API size_t cp_link_server_port(const cp_link_server *server);
/* The token games must give, or NULL when none is needed. */
CP_API const char *cp_link_server_token(const cp_link_server *server);

/* ---- the codec: one message's body as data ----------------------------------------------
 * The link's own reader and writer of message bodies (the JSON text after
 * the 4-byte length), for tools and for games that carry the bytes their
 * own way. docs/link.md lists every type and member. */

typedef enum cp_link_type {
    CP_LINK_UNKNOWN = 0,   /* a type this version does not know (a newer peer's): ignored */
    CP_LINK_HELLO,         /* game: first message: protocol, versions, name, token */
    CP_LINK_WELCOME,       /* editor: the handshake's answer: version, name, pose_rate */
    CP_LINK_BYE,           /* either: before closing: reason and text */
    CP_LINK_PING,          /* either: when nothing else went out for a while */
    CP_LINK_PATH,          /* editor: a path file (path_text) and its revision */
    CP_LINK_PLAYHEAD,      /* editor: the playhead */
    CP_LINK_TAKE,          /* editor: blend onto the path over `blend` seconds */
    CP_LINK_GIVE,          /* editor: blend back to the game's camera over `blend` seconds */
    CP_LINK_SETTINGS,      /* editor: pose_rate */
    CP_LINK_CAMERA,        /* game: its camera */
    CP_LINK_APPLIED,       /* game: the revision it put in service */
    CP_LINK_REFUSED        /* game: the revision it refused, and why (text) */
} cp_link_type;

typedef struct cp_link_message {
    cp_link_type     type;
    char             type_name[32];           /* the "type" member as written (cut to fit) */
    int              version, oldest;         /* HELLO: newest and oldest spoken; WELCOME: version */
    char             name[CP_LINK_NAME_SIZE]; /* HELLO, WELCOME (cut to fit) */
    char             token[CP_LINK_NAME_SIZE];/* HELLO ("": none) */
    char             reason[32];              /* BYE: "closing", "version", "token", ... (cut) */
    char             text[256];               /* BYE, REFUSED: for people (cut) */
    double           pose_rate;               /* WELCOME, SETTINGS */
    size_t           revision;                /* PATH, APPLIED, REFUSED */
    const char      *path_text;               /* PATH: the path file's text, inside the body */
    size_t           path_size;
    cp_link_playhead playhead;                /* PLAYHEAD */
    double           blend;                   /* TAKE, GIVE */
    cp_link_camera   camera;                  /* CAMERA */
} cp_link_message;

/* Reads one message body of `size` bytes. CP_OK and *out filled (its
 * path_text points into `body`), or CP_ERR_SYNTAX (not JSON),
 * CP_ERR_INVALID (not an object, a member missing or of the wrong kind,
 * text that is not UTF-8), CP_ERR_LIMIT (over CP_LINK_MAX_MESSAGE), with
 * `error` saying what ("camera: fov: 190 is outside (0, 180)"). A type it
 * does not know is CP_OK with CP_LINK_UNKNOWN; members it does not know are
 * skipped. */
CP_API cp_status cp_link_message_read(const char *body, size_t size, cp_link_message *out, cp_error *error);
/* The body of `msg` as compact JSON (NUL-terminated, *size its length
 * without the NUL; free() it), or NULL for a message that would not read
 * back (a value out of range, an unknown type). */
CP_API char *cp_link_message_write(const cp_link_message *msg, size_t *size, cp_error *error);
/* "hello", "welcome", ... for a type; NULL for CP_LINK_UNKNOWN or out of range. */
CP_API const char *cp_link_type_name(cp_link_type type);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_LINK_H */

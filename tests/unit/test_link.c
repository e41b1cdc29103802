/* SPDX-License-Identifier: MIT */
/* tests/unit/test_link.c - the live link on loopback: the codec (every type
 * written and read back, bad bodies refused with their message), then a
 * game's link and an editor's server in one process: the handshake, the
 * path and playhead in service (for late joiners too), the camera at the
 * rate asked for, the hand-off, a refused token, a server that goes away
 * and comes back, one that goes silent. Every wait is bounded in rounds and
 * in time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "testutil.h"

#define ROUNDS 20000   /* polls of one wait, at most (about 1 ms apart) */
#define WAIT_SECONDS 8.0

static double clock_now(void) { return testutil_now(); }
static void nap(void) { testutil_nap(0.001); }

/* ---- the codec ------------------------------------------------------------------------------ */

static cp_link_message written_and_read(const cp_link_message *m)
{
    cp_error err;
    size_t n;
    char *body = cp_link_message_write(m, &n, &err);
    if (!body)
        fail_msg("%s: %s", cp_link_type_name(m->type), err.message);
    assert_int_equal(strlen(body), n);
    cp_link_message back;
    if (cp_link_message_read(body, n, &back, &err) != CP_OK)
        fail_msg("%s: %s (%s)", cp_link_type_name(m->type), err.message, body);
    free(body);
    assert_int_equal(back.type, m->type);
    assert_string_equal(back.type_name, cp_link_type_name(m->type));
    return back;
}

static void codec_should_round_trip_every_type(void **state)
{
    (void)state;
    cp_link_message m;
    memset(&m, 0, sizeof m);
    m.type = CP_LINK_HELLO;
    m.version = 3;
    m.oldest = 1;
    snprintf(m.name, sizeof m.name, "la \"game\"\n\xc3\xa9");
    snprintf(m.token, sizeof m.token, "t0k3n");
    cp_link_message b = written_and_read(&m);
    assert_int_equal(b.version, 3);
    assert_int_equal(b.oldest, 1);
    assert_string_equal(b.name, m.name);
    assert_string_equal(b.token, "t0k3n");

    memset(&m, 0, sizeof m);
    m.type = CP_LINK_CAMERA;
    m.camera = (cp_link_camera){.time = 0.1 + 0.2, .position = {1.0 / 3, -2e-300, 7},
                                .rotation = {0.1, -0.2, 0.3, 0.9}, .fov = 59.999999999999993, .focus = 4.5,
                                .on_path = true, .path_time = 2.0 / 3};
    b = written_and_read(&m);
    /* numbers come back bit for bit */
    assert_memory_equal(&b.camera.position, &m.camera.position, sizeof m.camera.position);
    assert_memory_equal(&b.camera.rotation, &m.camera.rotation, sizeof m.camera.rotation);
    assert_true(b.camera.time == m.camera.time && b.camera.fov == m.camera.fov && b.camera.path_time == 2.0 / 3);
    assert_true(b.camera.on_path && b.camera.focus == 4.5 && b.camera.aperture == 0);

    memset(&m, 0, sizeof m);
    m.type = CP_LINK_PLAYHEAD;
    m.playhead = (cp_link_playhead){.time = 12.25, .rate = -0.5, .playing = true, .game_drives = true};
    b = written_and_read(&m);
    assert_true(b.playhead.time == 12.25 && b.playhead.rate == -0.5 && b.playhead.playing && b.playhead.game_drives);

    const char path[] = "{ \"campath\": 1, \"keys\": [ {\"t\": 0, \"position\": [0,0,0], \"rotation\": [0,0,0,1], "
                        "\"fov\": 60}, {\"t\": 1, \"position\": [1,0,0], \"rotation\": [0,0,0,1], \"fov\": 60} ] }";
    memset(&m, 0, sizeof m);
    m.type = CP_LINK_PATH;
    m.revision = 42;
    m.path_text = path;
    m.path_size = strlen(path);
    b = written_and_read(&m);
    assert_int_equal(b.revision, 42);
    assert_int_equal(b.path_size, strlen(path));
    assert_memory_equal(b.path_text, path, strlen(path));

    const cp_link_type simple[] = {CP_LINK_WELCOME, CP_LINK_BYE, CP_LINK_PING, CP_LINK_TAKE, CP_LINK_GIVE,
                                   CP_LINK_SETTINGS, CP_LINK_APPLIED, CP_LINK_REFUSED};
    for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++) {
        memset(&m, 0, sizeof m);
        m.type = simple[i];
        m.version = 1;
        m.revision = 7;
        m.pose_rate = 30;
        m.blend = 0.5;
        snprintf(m.reason, sizeof m.reason, "token");
        snprintf(m.text, sizeof m.text, "why: %zu", i);
        b = written_and_read(&m);
        if (simple[i] == CP_LINK_SETTINGS || simple[i] == CP_LINK_WELCOME)
            assert_true(b.pose_rate == 30);
        if (simple[i] == CP_LINK_TAKE || simple[i] == CP_LINK_GIVE)
            assert_true(b.blend == 0.5);
        if (simple[i] == CP_LINK_REFUSED || simple[i] == CP_LINK_BYE)
            assert_string_equal(b.text, m.text);
    }
    assert_null(cp_link_type_name(CP_LINK_UNKNOWN));
    assert_string_equal(cp_link_type_name(CP_LINK_CAMERA), "camera");
}

static void codec_should_default_and_skip(void **state)
{
    (void)state;
    cp_link_message m;
    cp_error err;
    const char take[] = "{\"type\":\"take\",\"future\":[1,{\"x\":2}]}";
    assert_int_equal(cp_link_message_read(take, strlen(take), &m, &err), CP_OK);
    assert_int_equal(m.type, CP_LINK_TAKE);
    assert_true(m.blend == CP_LINK_BLEND);
    const char later[] = " {\"type\":\"teleport\",\"to\":[1,2,3]} ";
    assert_int_equal(cp_link_message_read(later, strlen(later), &m, &err), CP_OK);
    assert_int_equal(m.type, CP_LINK_UNKNOWN);
    assert_string_equal(m.type_name, "teleport");
    const char hello[] = "{\"type\":\"hello\",\"protocol\":\"campath-link\",\"version\":1}";
    assert_int_equal(cp_link_message_read(hello, strlen(hello), &m, &err), CP_OK);
    assert_int_equal(m.oldest, 1);
    assert_string_equal(m.name, "");
    /* a name too long is cut, at a character's edge */
    char longname[200];
    snprintf(longname, sizeof longname, "{\"type\":\"welcome\",\"version\":1,\"name\":\"%s\"}",
             "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
             "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
             "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9");
    assert_int_equal(cp_link_message_read(longname, strlen(longname), &m, &err), CP_OK);
    assert_int_equal(strlen(m.name), 62);
}

static void codec_should_refuse_bad_messages(void **state)
{
    (void)state;
    static const struct {
        const char *body;
        cp_status   code;
        const char *message;
    } cases[] = {
        {"", CP_ERR_INVALID, "message: a JSON object { ... } expected, found the end of the input"},
        {"GET / HTTP/1.1", CP_ERR_INVALID, "message: a JSON object { ... } expected, found 'G'"},
        {"[1,2]", CP_ERR_INVALID, "message: a JSON object { ... } expected, found '['"},
        {"{\"type\":\"ping\"", CP_ERR_SYNTAX, "message:1:15:"},
        {"{\"type\":\"ping\"} x", CP_ERR_SYNTAX, "text after the end of the object"},
        {"{\"type\":\"ping\",\"type\":\"ping\"}", CP_ERR_INVALID, "type"},
        {"{\"kind\":\"ping\"}", CP_ERR_INVALID, "message: type: missing"},
        {"{\"type\":5}", CP_ERR_INVALID, "message: type: a string expected, got a number"},
        {"{\"type\":\"\"}", CP_ERR_INVALID, "message: type: empty"},
        {"{\"type\":\"hello\",\"version\":1}", CP_ERR_INVALID, "hello: protocol: missing"},
        {"{\"type\":\"hello\",\"protocol\":\"http\",\"version\":1}", CP_ERR_INVALID,
         "hello: protocol: \"http\" is not \"campath-link\""},
        {"{\"type\":\"hello\",\"protocol\":\"campath-link\",\"version\":1.5}", CP_ERR_INVALID,
         "hello: version: 1.5 is not a whole number"},
        {"{\"type\":\"hello\",\"protocol\":\"campath-link\",\"version\":1,\"oldest\":2}", CP_ERR_INVALID,
         "hello: oldest: 2 is newer than version 1"},
        {"{\"type\":\"hello\",\"protocol\":\"campath-link\",\"version\":1,\"token\":"
         "\"0123456789012345678901234567890123456789012345678901234567890123\"}",
         CP_ERR_INVALID, "hello: token: 64 bytes is longer than 63"},
        {"{\"type\":\"hello\",\"protocol\":\"campath-link\",\"version\":1,\"name\":\"a\\u0000b\"}", CP_ERR_INVALID,
         "hello: name: holds a NUL character"},
        {"{\"type\":\"camera\",\"time\":0,\"position\":[0,0],\"rotation\":[0,0,0,1],\"fov\":60}", CP_ERR_INVALID,
         "camera: position: an array of 3 numbers expected, got 2"},
        {"{\"type\":\"camera\",\"time\":0,\"position\":[0,0,0],\"rotation\":[0,0,0,0],\"fov\":60}", CP_ERR_INVALID,
         "camera: rotation: a zero quaternion is no rotation"},
        {"{\"type\":\"camera\",\"time\":0,\"position\":[0,0,0],\"rotation\":[0,0,0,1],\"fov\":190}", CP_ERR_INVALID,
         "camera: fov: 190 degrees is outside (0, 180)"},
        {"{\"type\":\"camera\",\"time\":1e999,\"position\":[0,0,0],\"rotation\":[0,0,0,1],\"fov\":60}",
         CP_ERR_INVALID, "camera: time: the number is too large for a double"},
        {"{\"type\":\"camera\",\"time\":0,\"position\":[0,0,\"0\"],\"rotation\":[0,0,0,1],\"fov\":60}",
         CP_ERR_INVALID, "camera: position: a number expected, got a string"},
        {"{\"type\":\"camera\",\"position\":[0,0,0],\"rotation\":[0,0,0,1],\"fov\":60}", CP_ERR_INVALID,
         "camera: time: missing"},
        {"{\"type\":\"path\",\"revision\":0,\"path\":{}}", CP_ERR_INVALID, "path: revision: 0 is not a whole number"},
        {"{\"type\":\"path\",\"revision\":1,\"path\":\"a.json\"}", CP_ERR_INVALID,
         "path: path: a path file's object { ... } expected, got a string"},
        {"{\"type\":\"playhead\",\"time\":1}", CP_ERR_INVALID, "playhead: playing: missing"},
        {"{\"type\":\"playhead\",\"time\":1,\"playing\":1}", CP_ERR_INVALID,
         "playhead: playing: true or false expected, got a number"},
        {"{\"type\":\"playhead\",\"time\":1,\"playing\":true,\"driver\":\"cat\"}", CP_ERR_INVALID,
         "playhead: driver: \"cat\" is not \"editor\" or \"game\""},
        {"{\"type\":\"take\",\"blend\":-1}", CP_ERR_INVALID, "take: blend: -1 is outside [0, 60]"},
        {"{\"type\":\"settings\",\"pose_rate\":5000}", CP_ERR_INVALID, "settings: pose_rate: 5000 is outside [0, 1000]"},
        {"{\"type\":\"ping\",\"x\":\"\xff\"}", CP_ERR_SYNTAX, "message:1:"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cp_link_message m;
        cp_error err;
        cp_status rc = cp_link_message_read(cases[i].body, strlen(cases[i].body), &m, &err);
        if (rc != cases[i].code || strstr(err.message, cases[i].message) == NULL)
            fail_msg("case %zu (%s): got %s \"%s\", expected %s \"%s\"", i, cases[i].body, cp_status_name(rc),
                     err.message, cp_status_name(cases[i].code), cases[i].message);
    }
    /* bodies with a NUL inside are not JSON */
    cp_link_message m;
    cp_error err;
    assert_int_equal(cp_link_message_read("{\"type\":\"ping\"}\0", 16, &m, &err), CP_ERR_SYNTAX);
    /* over the limit before any byte is looked at */
    assert_int_equal(cp_link_message_read("{}", (size_t)CP_LINK_MAX_MESSAGE + 1, &m, &err), CP_ERR_LIMIT);
    /* the writer refuses what would not read back */
    memset(&m, 0, sizeof m);
    m.type = CP_LINK_CAMERA;
    m.camera.rotation.w = 1;
    m.camera.fov = 0;
    assert_null(cp_link_message_write(&m, NULL, &err));
    m.type = CP_LINK_UNKNOWN;
    assert_null(cp_link_message_write(&m, NULL, &err));
}

/* ---- a game and an editor on loopback ---------------------------------------------------------- */

typedef struct rig {
    cp_link_server *server;
    cp_link        *link;
    double          now;       /* the game's clock: 1 ms a round */
    cp_link_news    seen;      /* everything the polls brought, or-ed */
} rig;

static cp_path *make_path(double x0, size_t keys)
{
    cp_key *k = calloc(keys, sizeof *k);
    assert_non_null(k);
    for (size_t i = 0; i < keys; i++) {
        k[i].time = (double)i;
        k[i].position = cp_vec3_make(x0 + 3.0 * (double)i, 1.0 + 0.1 * (double)(i % 7), -2.0 * (double)i);
        k[i].rotation = cp_quat_from_axis_angle(cp_vec3_make(0, 1, 0), 0.2 * (double)i);
        k[i].fov = 50 + (double)(i % 5);
    }
    cp_error err;
    cp_path *p = cp_path_create(k, keys, NULL, &err);
    free(k);
    if (!p)
        fail_msg("%s", err.message);
    return p;
}

static cp_link_server *open_server(const char *token, int port)
{
    cp_link_server_options o = {.port = port, .token = token, .timeout = 2.0};
    cp_error err;
    cp_link_server *s = cp_link_server_open(&o, &err);
    if (!s)
        fail_msg("%s", err.message);
    return s;
}

static void step(rig *r)
{
    if (r->server)
        cp_link_server_poll(r->server);
    cp_link_news n;
    cp_link_poll(r->link, r->now, &n);
    r->seen.connected |= n.connected;
    r->seen.lost |= n.lost;
    r->seen.path |= n.path;
    r->seen.playhead |= n.playhead;
    r->seen.take |= n.take;
    r->seen.give |= n.give;
    r->now += 0.001;
}

/* Polls both sides until cond holds; fails after ROUNDS rounds or WAIT_SECONDS. */
#define WAIT_UNTIL(r, cond)                                                                                          \
    do {                                                                                                             \
        double until_ = clock_now() + WAIT_SECONDS;                                                                  \
        int n_ = 0;                                                                                                  \
        while (!(cond)) {                                                                                            \
            if (++n_ > ROUNDS || clock_now() > until_)                                                               \
                fail_msg("waited in vain for %s (link: %s)", #cond, cp_link_state((r)->link));                     \
            step(r);                                                                                                 \
            nap();                                                                                                   \
        }                                                                                                            \
    } while (0)

static rig connect_rig(const char *server_token, const char *link_token)
{
    rig r;
    memset(&r, 0, sizeof r);
    r.server = open_server(server_token, CP_LINK_ANY_PORT);
    cp_link_options o = {.name = "unit test", .token = link_token, .timeout = 2.0};
    cp_error err;
    r.link = cp_link_connect("127.0.0.1", (int)cp_link_server_port(r.server), &o, &err);
    if (!r.link)
        fail_msg("%s", err.message);
    r.now = 100.0;
    return r;
}

static void close_rig(rig *r)
{
    cp_link_close(r->link);
    cp_link_server_close(r->server);
}

static int has_event(cp_link_server *s, cp_link_event_kind kind, const char *text)
{
    cp_link_event e;
    int found = 0;
    while (cp_link_server_next_event(s, &e))
        if (e.kind == kind && (!text || strstr(e.text, text)))
            found = 1;
    return found;
}

static void link_should_bring_path_and_playhead(void **state)
{
    (void)state;
    rig r = connect_rig(NULL, NULL);
    assert_null(cp_link_server_token(r.server));
    assert_null(cp_link_path(r.link));
    WAIT_UNTIL(&r, cp_link_connected(r.link) && cp_link_server_game_count(r.server) == 1);
    assert_true(r.seen.connected);
    assert_non_null(strstr(cp_link_state(r.link), "connected to campath-editor at 127.0.0.1:"));
    cp_link_game g;
    assert_true(cp_link_server_game(r.server, 0, &g));
    assert_string_equal(g.name, "unit test");
    assert_false(cp_link_server_game(r.server, 1, &g));
    assert_true(has_event(r.server, CP_LINK_EVENT_JOINED, "unit test joined from 127.0.0.1:"));

    cp_path *path = make_path(0, 6);
    cp_error err;
    assert_int_equal(cp_link_server_set_path(r.server, path, &err), CP_OK);
    assert_int_equal(cp_link_server_revision(r.server), 1);
    WAIT_UNTIL(&r, cp_link_generation(r.link) == 1);
    assert_true(r.seen.path);
    assert_null(cp_link_path_error(r.link));
    assert_int_equal(cp_path_key_count(cp_link_path(r.link)), 6);
    WAIT_UNTIL(&r, cp_link_server_game(r.server, 0, &g) && g.applied == 1);
    assert_true(has_event(r.server, CP_LINK_EVENT_APPLIED, "has path 1 in service"));

    /* the path that arrives samples as the editor's does, bit for bit */
    cp_pose a, b;
    cp_path_sample(path, 2.7, &a);
    cp_path_sample(cp_link_path(r.link), 2.7, &b);
    assert_memory_equal(&a.position, &b.position, sizeof a.position);
    assert_memory_equal(&a.rotation, &b.rotation, sizeof a.rotation);

    cp_link_playhead ph = {.time = 1.5}, got;
    assert_false(cp_link_playhead_at(r.link, r.now, &got));
    assert_int_equal(cp_link_server_set_playhead(r.server, &ph, &err), CP_OK);
    WAIT_UNTIL(&r, cp_link_playhead_at(r.link, r.now, &got));
    assert_true(got.time == 1.5 && !got.playing);
    /* playing: the time runs on with the game's clock, held at the end of an open path */
    ph = (cp_link_playhead){.time = 4.0, .rate = 2.0, .playing = true};
    r.seen.playhead = false;
    cp_link_server_set_playhead(r.server, &ph, &err);
    WAIT_UNTIL(&r, r.seen.playhead);
    cp_link_playhead_at(r.link, r.now + 0.25, &got);
    assert_near(got.time, 4.0 + 2.0 * (0.25 + 0.001), 1e-12, 1.0); /* the poll that brought it was 1 ms back */
    cp_link_playhead_at(r.link, r.now + 10, &got);
    assert_true(got.time == 5.0 && !got.playing);

    /* a game that joins later gets the path and the playhead in service */
    cp_link_options o = {.name = "late"};
    cp_link *late = cp_link_connect("127.0.0.1", (int)cp_link_server_port(r.server), &o, &err);
    assert_non_null(late);
    double until = clock_now() + WAIT_SECONDS;
    for (int i = 0; i < ROUNDS && clock_now() < until && !(cp_link_generation(late) == 1 && cp_link_playhead_at(late, 0, &got)); i++) {
        step(&r);
        cp_link_poll(late, 0, NULL);
        nap();
    }
    assert_int_equal(cp_link_generation(late), 1);
    assert_int_equal(cp_link_server_game_count(r.server), 2);
    cp_link_close(late);
    WAIT_UNTIL(&r, cp_link_server_game_count(r.server) == 1);
    assert_true(has_event(r.server, CP_LINK_EVENT_LEFT, "late closed the link"));
    cp_path_destroy(path);
    close_rig(&r);
}

static void link_should_send_camera_at_the_rate_asked(void **state)
{
    (void)state;
    rig r;
    memset(&r, 0, sizeof r);
    cp_link_server_options so = {.port = CP_LINK_ANY_PORT, .pose_rate = 20}; /* told in the welcome */
    cp_error err;
    r.server = cp_link_server_open(&so, &err);
    assert_non_null(r.server);
    r.link = cp_link_connect("127.0.0.1", (int)cp_link_server_port(r.server), NULL, &err);
    assert_non_null(r.link);
    WAIT_UNTIL(&r, cp_link_connected(r.link));
    cp_link_camera cam = {.time = 1, .position = {1, 2, 3}, .rotation = {0, 0, 0, 1}, .fov = 70};
    /* a game that offers its camera every millisecond: at most 20 a second go out, and one of slack */
    size_t sent = 0;
    double t0 = clock_now(), until = t0 + 0.5;
    for (int i = 0; i < ROUNDS && clock_now() < until; i++) {
        cam.time = r.now;
        sent += cp_link_send_camera(r.link, &cam);
        step(&r);
        nap();
    }
    double spent = clock_now() - t0;
    assert_true(sent >= 5 && (double)sent <= 20 * spent + 2 + 1e-9);
    cp_link_game g;
    WAIT_UNTIL(&r, cp_link_server_game(r.server, 0, &g) && g.cameras == sent);
    assert_true(g.has_camera && g.camera.fov == 70 && g.camera.position.z == 3);
    /* a bad camera is not sent, whatever the rate allows */
    cam.fov = 180;
    double t1 = clock_now();
    while (clock_now() - t1 < 0.2)
        step(&r);
    assert_false(cp_link_send_camera(r.link, &cam));
    /* a rate of 0: once the settings arrive, nothing goes out */
    assert_int_equal(cp_link_server_set_pose_rate(r.server, 0, &err), CP_OK);
    cam.fov = 60;
    int refused = 0;
    WAIT_UNTIL(&r, (refused = cp_link_send_camera(r.link, &cam) ? 0 : refused + 1) >= 100);
    close_rig(&r);
}

static void link_should_hand_the_camera_over_and_back(void **state)
{
    (void)state;
    rig r = connect_rig(NULL, NULL);
    cp_error err;
    WAIT_UNTIL(&r, cp_link_connected(r.link));
    cp_pose live;
    memset(&live, 0, sizeof live);
    live.position = cp_vec3_make(-50, 5, 5);
    live.rotation = cp_quat_identity();
    live.fov = 80;
    cp_pose out;
    assert_int_equal(cp_link_view(r.link, r.now, &live, &out, &err), CP_OK);
    assert_true(out.position.x == -50 && !cp_link_taken(r.link, r.now));
    /* a take before any path waits for one */
    assert_int_equal(cp_link_server_hand_off(r.server, true, 0.5, &err), CP_OK);
    WAIT_UNTIL(&r, r.seen.take);
    cp_link_view(r.link, r.now, &live, &out, &err);
    assert_true(out.position.x == -50);
    cp_path *path = make_path(0, 4);
    cp_link_server_set_path(r.server, path, &err);
    cp_link_playhead ph = {.time = 2.0};
    cp_link_server_set_playhead(r.server, &ph, &err);
    WAIT_UNTIL(&r, cp_link_generation(r.link) == 1 && r.seen.playhead);
    double t0 = r.now;
    cp_link_view(r.link, t0, &live, &out, &err); /* the blend starts here */
    assert_true(out.position.x == -50 && cp_link_taken(r.link, t0));
    cp_pose mid, end, want;
    cp_link_view(r.link, t0 + 0.25, &live, &mid, &err);
    assert_true(mid.position.x > -50 && mid.position.x < 6);
    cp_link_view(r.link, t0 + 0.5, &live, &end, &err);
    cp_path_sample(path, 2.0, &want);
    assert_memory_equal(&end.position, &want.position, sizeof want.position);
    assert_true(end.fov == want.fov);
    /* paused: the path's camera stands still */
    assert_true(end.velocity.x == 0 && end.velocity.y == 0 && end.velocity.z == 0);
    /* playing at twice real time: the camera's speed is the path's, twice over */
    ph = (cp_link_playhead){.time = 1.0, .rate = 2.0, .playing = true};
    r.seen.playhead = false;
    cp_link_server_set_playhead(r.server, &ph, &err);
    WAIT_UNTIL(&r, r.seen.playhead);
    cp_link_playhead now_ph;
    assert_true(cp_link_playhead_at(r.link, r.now, &now_ph));
    cp_link_view(r.link, r.now, &live, &out, &err);
    cp_path_sample(path, now_ph.time, &want);
    assert_near(out.velocity.x, 2 * want.velocity.x, 1e-12, 1.0);
    assert_near(out.acceleration.z, 4 * want.acceleration.z, 1e-12, 1.0);
    assert_near(out.angular_velocity.y, 2 * want.angular_velocity.y, 1e-12, 1.0);
    /* given back: a blend to the live camera, then the live camera */
    cp_link_server_hand_off(r.server, false, 0.0, &err);
    WAIT_UNTIL(&r, r.seen.give);
    cp_link_view(r.link, t0 + 1, &live, &out, &err);
    assert_true(out.position.x == -50 && !cp_link_taken(r.link, t0 + 1));
    /* a live pose that is not finite is refused */
    live.fov = NAN;
    assert_int_equal(cp_link_view(r.link, t0 + 2, &live, &out, &err), CP_ERR_INVALID);
    cp_path_destroy(path);
    close_rig(&r);
}

static void link_should_be_refused_without_the_token(void **state)
{
    (void)state;
    rig r = connect_rig("s3cret", NULL);
    assert_string_equal(cp_link_server_token(r.server), "s3cret");
    WAIT_UNTIL(&r, has_event(r.server, CP_LINK_EVENT_REJECTED, "none was given"));
    WAIT_UNTIL(&r, strstr(cp_link_state(r.link), "lost") != NULL);
    assert_false(cp_link_connected(r.link));
    assert_non_null(strstr(cp_link_state(r.link), "the editor closed the connection: this editor needs the token"));
    assert_non_null(strstr(cp_link_state(r.link), "(token)"));
    cp_link_close(r.link);
    cp_error err;
    cp_link_options o = {.token = "wrong"};
    r.link = cp_link_connect("127.0.0.1", (int)cp_link_server_port(r.server), &o, &err);
    WAIT_UNTIL(&r, has_event(r.server, CP_LINK_EVENT_REJECTED, "not the one"));
    cp_link_close(r.link);
    o.token = "s3cret";
    r.link = cp_link_connect("127.0.0.1", (int)cp_link_server_port(r.server), &o, &err);
    WAIT_UNTIL(&r, cp_link_connected(r.link));
    close_rig(&r);
    /* a server that anyone beyond this machine could reach makes a token of its own */
    cp_link_server_options so = {.address = "::1", .port = CP_LINK_ANY_PORT};
    cp_link_server *s = cp_link_server_open(&so, &err);
    if (s) { /* a machine without IPv6 has no ::1 */
        assert_null(cp_link_server_token(s));
        assert_non_null(strstr(cp_link_server_address(s), "[::1]:"));
        cp_link_server_close(s);
    }
    so.address = "127.0.0.1";
    so.token = "has space";
    assert_null(cp_link_server_open(&so, &err));
    assert_non_null(strstr(err.message, "no blanks"));
}

static void link_should_come_back_when_the_editor_does(void **state)
{
    (void)state;
    rig r = connect_rig(NULL, NULL);
    cp_error err;
    WAIT_UNTIL(&r, cp_link_connected(r.link));
    cp_path *path = make_path(0, 5);
    cp_link_server_set_path(r.server, path, &err);
    WAIT_UNTIL(&r, cp_link_generation(r.link) == 1);
    int port = (int)cp_link_server_port(r.server);
    cp_link_server_close(r.server);
    r.server = NULL;
    WAIT_UNTIL(&r, r.seen.lost);
    assert_false(cp_link_connected(r.link));
    assert_non_null(strstr(cp_link_state(r.link), "trying again"));
    /* the last good path stays in service */
    assert_non_null(cp_link_path(r.link));
    /* a while with nobody there: the tries back off, the game goes on */
    double t0 = clock_now();
    while (clock_now() - t0 < 0.6)
        step(&r);
    r.server = open_server(NULL, port);
    cp_path *other = make_path(10, 3);
    cp_link_server_set_path(r.server, other, &err);
    r.seen.connected = false;
    WAIT_UNTIL(&r, cp_link_generation(r.link) == 2);
    assert_true(r.seen.connected);
    assert_int_equal(cp_path_key_count(cp_link_path(r.link)), 3);
    cp_path_destroy(path);
    cp_path_destroy(other);
    close_rig(&r);
}

static void link_should_notice_an_editor_that_goes_silent(void **state)
{
    (void)state;
    rig r;
    memset(&r, 0, sizeof r);
    r.server = open_server(NULL, CP_LINK_ANY_PORT);
    cp_link_options o = {.timeout = 0.3};
    cp_error err;
    r.link = cp_link_connect("127.0.0.1", (int)cp_link_server_port(r.server), &o, &err);
    assert_non_null(r.link);
    WAIT_UNTIL(&r, cp_link_connected(r.link));
    /* the editor stops (a breakpoint, a hang): its socket is open, nothing comes */
    cp_link_server *frozen = r.server;
    r.server = NULL;
    double t0 = clock_now();
    WAIT_UNTIL(&r, r.seen.lost);
    assert_true(clock_now() - t0 < 3.0);
    assert_non_null(strstr(cp_link_state(r.link), "silent for"));
    r.server = frozen;
    close_rig(&r);
}

static void server_should_refuse_a_game_past_its_room(void **state)
{
    (void)state;
    rig r = connect_rig(NULL, NULL);
    cp_link *more[CP_LINK_MAX_GAMES];
    cp_error err;
    for (int i = 0; i < CP_LINK_MAX_GAMES; i++) {
        more[i] = cp_link_connect("127.0.0.1", (int)cp_link_server_port(r.server), NULL, &err);
        assert_non_null(more[i]);
    }
    /* the rig's game and 16 more: one finds no room, and is told */
    double until = clock_now() + WAIT_SECONDS;
    int told = 0;
    for (int round = 0; round < ROUNDS && clock_now() < until && !(told && cp_link_server_game_count(r.server) == 16);
         round++) {
        step(&r);
        for (int i = 0; i < CP_LINK_MAX_GAMES; i++)
            cp_link_poll(more[i], r.now, NULL);
        told = strstr(cp_link_state(r.link), "(full)") != NULL;
        for (int i = 0; i < CP_LINK_MAX_GAMES && !told; i++)
            told = strstr(cp_link_state(more[i]), "(full)") != NULL;
        nap();
    }
    assert_int_equal(cp_link_server_game_count(r.server), CP_LINK_MAX_GAMES);
    assert_true(told);
    for (int i = 0; i < CP_LINK_MAX_GAMES; i++)
        cp_link_close(more[i]);
    close_rig(&r);
}

static void link_should_refuse_bad_arguments(void **state)
{
    (void)state;
    cp_error err;
    assert_null(cp_link_connect("127.0.0.1", 70000, NULL, &err));
    assert_non_null(strstr(err.message, "port 70000"));
    cp_link_options o = {.timeout = 11};
    assert_null(cp_link_connect(NULL, 0, &o, &err));
    assert_non_null(strstr(err.message, "timeout"));
    assert_null(cp_link_connect("no such host.invalid", 0, NULL, &err));
    cp_link_server_options so = {.pose_rate = -1};
    assert_null(cp_link_server_open(&so, &err));
    /* nobody listening is no error: the link waits and tries */
    cp_link_server *s = open_server(NULL, CP_LINK_ANY_PORT);
    int port = (int)cp_link_server_port(s);
    cp_link_server_close(s);
    cp_link *l = cp_link_connect("127.0.0.1", port, NULL, &err);
    assert_non_null(l);
    for (int i = 0; i < 50; i++) {
        cp_link_poll(l, 0, NULL);
        nap();
    }
    assert_false(cp_link_connected(l));
    assert_non_null(strstr(cp_link_state(l), "refused"));
    cp_link_close(l);
    cp_link_close(NULL);
    cp_link_server_close(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(codec_should_round_trip_every_type),
        cmocka_unit_test(codec_should_default_and_skip),
        cmocka_unit_test(codec_should_refuse_bad_messages),
        cmocka_unit_test(link_should_bring_path_and_playhead),
        cmocka_unit_test(link_should_send_camera_at_the_rate_asked),
        cmocka_unit_test(link_should_hand_the_camera_over_and_back),
        cmocka_unit_test(link_should_be_refused_without_the_token),
        cmocka_unit_test(link_should_come_back_when_the_editor_does),
        cmocka_unit_test(link_should_notice_an_editor_that_goes_silent),
        cmocka_unit_test(server_should_refuse_a_game_past_its_room),
        cmocka_unit_test(link_should_refuse_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A client of campath's live link in another language, written from
docs/link.md alone: the proof that the protocol page is enough.

    link_client.py game PORT [--token T] [--name N]    a well-behaved game
    link_client.py garbage PORT                        bytes that are not the protocol
    link_client.py oversized PORT                      a hello, then a length over the limit
    link_client.py silent PORT                         connects and never says hello
    link_client.py no-hello PORT                       a camera before any hello
    link_client.py zero PORT                           a hello, then a length of 0
    link_client.py future PORT                         a hello of versions 2 to 3 only
    link_client.py never-reads PORT                    a hello, then pings, never reading
    link_client.py refused PORT [--token T]            expects the hello to be refused (reason: token)
    link_client.py editor                              plays the editor for a game (prints its port)

Each mode checks what the page promises and exits 0, or prints what went
wrong and exits 1. Every wait is bounded. Only 127.0.0.1 is used.
"""
import json
import select
import socket
import struct
import sys
import time

HOST = "127.0.0.1"
GAME_LIMIT = 65536             # largest body a game may send
EDITOR_LIMIT = 16 * 1024 * 1024


class Failed(Exception):
    pass


def say(mode, text):
    print("link_client %s: %s" % (mode, text), flush=True)


# ---- framing: a 4-byte big-endian length, then a JSON object ----------------------------------

def frame(obj):
    body = json.dumps(obj, separators=(",", ":")).encode("utf-8")
    return struct.pack(">I", len(body)) + body


def send(sock, obj):
    sock.sendall(frame(obj))


class Reader:
    """Messages from a socket, as they come in pieces; bounded waits."""

    def __init__(self, sock, limit):
        self.sock = sock
        self.limit = limit
        self.buf = b""
        self.closed = False

    def _fill(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        ready, _, _ = select.select([self.sock], [], [], left)
        if not ready:
            return False
        try:
            data = self.sock.recv(65536)
        except ConnectionResetError:
            data = b""
        if not data:
            self.closed = True
            return False
        self.buf += data
        return True

    def message(self, seconds):
        """The next message (a dict), or None when the connection closed or the time ran out."""
        deadline = time.monotonic() + seconds
        while True:
            if len(self.buf) >= 4:
                (n,) = struct.unpack(">I", self.buf[:4])
                if n == 0 or n > self.limit:
                    raise Failed("a length of %d bytes from the other side" % n)
                if len(self.buf) >= 4 + n:
                    body, self.buf = self.buf[4:4 + n], self.buf[4 + n:]
                    obj = json.loads(body.decode("utf-8"))
                    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
                        raise Failed("a body that is not an object with a type: %r" % body[:80])
                    return obj
            if self.closed or not self._fill(deadline):
                return None

    def until(self, kind, seconds, handle=None):
        """Skips messages (handing each to `handle`) until one of type `kind`."""
        deadline = time.monotonic() + seconds
        while True:
            m = self.message(max(0.0, deadline - time.monotonic()))
            if m is None:
                raise Failed("no '%s' within %g s (connection %s)" % (kind, seconds, "closed" if self.closed else "open"))
            if m["type"] == kind:
                return m
            if handle:
                handle(m)

    def closed_within(self, seconds):
        deadline = time.monotonic() + seconds
        while not self.closed and time.monotonic() < deadline:
            self._fill(deadline)
        return self.closed


def connect(port, rcvbuf=None):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(5)
    s.connect((HOST, port))
    s.settimeout(None)
    return s


def hello(name, token=None):
    h = {"type": "hello", "protocol": "campath-link", "version": 1, "oldest": 1, "name": name}
    if token:
        h["token"] = token
    return h


def expect_bye(reader, reason, seconds):
    m = reader.until("bye", seconds)
    if m.get("reason") != reason:
        raise Failed("bye with reason %r (%r), expected %r" % (m.get("reason"), m.get("message"), reason))
    if not reader.closed_within(2):
        raise Failed("the connection stayed open after the bye")
    return m


# ---- the modes ----------------------------------------------------------------------------------

def check_path(m):
    if not isinstance(m.get("revision"), int) or m["revision"] < 1:
        raise Failed("path revision %r" % m.get("revision"))
    p = m.get("path")
    if not isinstance(p, dict) or p.get("campath") != 1 or not isinstance(p.get("keys"), list) or len(p["keys"]) < 2:
        raise Failed("the path is not a path file's object: %r" % str(p)[:120])
    for k in p["keys"]:
        if not isinstance(k.get("t"), (int, float)) or len(k.get("position", [])) != 3:
            raise Failed("a key without t or position: %r" % k)


def game(port, token, name):
    s = connect(port)
    r = Reader(s, EDITOR_LIMIT)
    # a game that also speaks a (future) version 2: the editor picks the newest both speak
    h = hello(name, token)
    h["version"] = 2
    send(s, h)
    w = r.until("welcome", 10)
    if w.get("version") != 1:
        raise Failed("welcome version %r, expected 1 (the newest both speak)" % w.get("version"))
    rate = w.get("pose_rate", 60)
    say("game", "welcome from %r, pose_rate %r" % (w.get("name"), rate))
    seen = {"paths": 0, "playheads": 0}

    def other(m):
        if m["type"] == "playhead":
            seen["playheads"] += 1
            if not isinstance(m.get("time"), (int, float)) or not isinstance(m.get("playing"), bool):
                raise Failed("a playhead without time or playing: %r" % m)

    p = r.until("path", 10, other)
    check_path(p)
    seen["paths"] += 1
    send(s, {"type": "applied", "revision": p["revision"]})
    say("game", "path %d: %d keys, applied" % (p["revision"], len(p["path"]["keys"])))
    # a type and a member this version does not know are skipped by the editor
    send(s, {"type": "telemetry", "fps": 60})
    send(s, {"type": "camera", "time": 1.25, "position": [1.5, -2.25, 3.125],
             "rotation": [0, 0.6, 0, 0.8], "fov": 55.5, "mood": "curious"})
    say("game", "camera sent")
    # on until the editor says goodbye: answer every path, ping when quiet
    deadline = time.monotonic() + 60
    last_sent = time.monotonic()
    while time.monotonic() < deadline:
        m = r.message(0.5)
        if m is None and r.closed:
            raise Failed("the editor closed the connection without a bye")
        if time.monotonic() - last_sent > 1.0:
            send(s, {"type": "ping"})
            last_sent = time.monotonic()
        if m is None:
            continue
        if m["type"] == "path":
            check_path(m)
            seen["paths"] += 1
            send(s, {"type": "applied", "revision": m["revision"]})
            last_sent = time.monotonic()
        elif m["type"] == "bye":
            if m.get("reason") != "closing":
                raise Failed("bye %r: %r" % (m.get("reason"), m.get("message")))
            say("game", "bye (%s): %d paths, %d playheads" % (m.get("message"), seen["paths"], seen["playheads"]))
            return
        else:
            other(m)
    raise Failed("no bye within 60 s")


# Clients that break the protocol: (a hello first, the bytes they send, the reason of the bye
# they must get). "silent" sends nothing and must be dropped within the handshake's time.
BAD = {
    "garbage": (False, b"GET / HTTP/1.1\r\nHost: campath\r\n\r\n", "too-large"),
    "oversized": (True, struct.pack(">I", GAME_LIMIT + 1) + b"{" * 100, "too-large"),
    "no-hello": (False, frame({"type": "camera", "time": 0, "position": [0, 0, 0], "rotation": [0, 0, 0, 1],
                               "fov": 60}), "handshake"),
    "zero": (True, struct.pack(">I", 0), "protocol"),
    "future": (False, frame({"type": "hello", "protocol": "campath-link", "version": 3, "oldest": 2}), "version"),
    "silent": (False, b"", "handshake"),
}


def bad_client(mode, port):
    greet, data, reason = BAD[mode]
    s = connect(port)
    r = Reader(s, EDITOR_LIMIT)
    if greet:
        send(s, hello(mode))
        r.until("welcome", 10)
    s.sendall(data)
    t0 = time.monotonic()
    m = expect_bye(r, reason, 12)
    took = time.monotonic() - t0
    if took > 10.5:
        raise Failed("dropped only after %.1f s (the handshake's limit is 10 s at most)" % took)
    say(mode, "dropped after %.1f s: %s" % (took, m.get("message")))


def never_reads(port):
    s = connect(port, rcvbuf=4096)
    r = Reader(s, EDITOR_LIMIT)
    send(s, hello("never reads"))
    r.until("welcome", 10)
    say("never-reads", "welcome; reading no more")
    # alive (it pings) but never reads: the editor must drop it; its close then resets our sends
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        try:
            send(s, {"type": "ping"})
        except (BrokenPipeError, ConnectionResetError) as e:
            say("never-reads", "dropped (%s)" % e.__class__.__name__)
            return
        time.sleep(0.25)
    raise Failed("still connected after 40 s of not reading")


def refused(port, token):
    s = connect(port)
    r = Reader(s, EDITOR_LIMIT)
    send(s, hello("no token", token))
    m = expect_bye(r, "token", 10)
    say("refused", "refused: %s" % m.get("message"))


BAD_PATH = {"campath": 1, "keys": [{"t": 1, "position": [0, 0, 0], "rotation": [0, 0, 0, 1], "fov": 60},
                                   {"t": 0, "position": [1, 0, 0], "rotation": [0, 0, 0, 1], "fov": 60}]}
GOOD_PATH = {"campath": 1, "name": "from python", "ends": "rest",
             "keys": [{"t": 0, "position": [0, 5, 40], "rotation": [0, 0, 0, 1], "fov": 60},
                      {"t": 2, "position": [10, 6, 20], "rotation": [0, 0.2588190451025208, 0, 0.9659258262890683], "fov": 55},
                      {"t": 4, "position": [0, 8, 0], "rotation": [0, 0.7071067811865476, 0, 0.7071067811865476], "fov": 50}]}


def editor():
    """Plays the editor: a game connects; it must apply a good path, refuse a bad one and keep the
    good one, and when handed the path show it at the playhead."""
    ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    ls.bind((HOST, 0))
    ls.listen(1)
    print("port %d" % ls.getsockname()[1], flush=True)
    ls.settimeout(20)
    s, _ = ls.accept()
    ls.close()
    r = Reader(s, GAME_LIMIT)
    h = r.message(10)
    if not h or h["type"] != "hello" or h.get("protocol") != "campath-link" or h.get("version", 0) < 1:
        raise Failed("the first message is not a hello: %r" % h)
    say("editor", "hello from %r, version %r" % (h.get("name"), h.get("version")))
    send(s, {"type": "welcome", "version": 1, "name": "python editor", "pose_rate": 30})
    send(s, {"type": "path", "revision": 1, "path": GOOD_PATH})
    skip_cameras = lambda m: None
    a = r.until("applied", 10, skip_cameras)
    if a.get("revision") != 1:
        raise Failed("applied %r" % a)
    send(s, {"type": "path", "revision": 2, "path": BAD_PATH})
    f = r.until("refused", 10, skip_cameras)
    if f.get("revision") != 2 or "keys[1].t" not in f.get("message", ""):
        raise Failed("refused %r" % f)
    say("editor", "refused as it should be: %s" % f["message"])
    # the good path stays in service: handed the camera at 2 s, the game shows its key 1
    send(s, {"type": "playhead", "time": 2, "playing": False})
    send(s, {"type": "take", "blend": 0})
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        c = r.until("camera", max(0.1, deadline - time.monotonic()))
        if c.get("path_time") == 2:
            if c["position"] != [10, 6, 20] or c["fov"] != 55:
                raise Failed("on the path at 2 s the game shows %r" % c)
            say("editor", "the game's camera is on the kept path at 2 s: %r" % c["position"])
            send(s, {"type": "bye", "reason": "closing", "message": "python editor done"})
            s.close()
            return
    raise Failed("the game's camera never showed the path at 2 s")


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    mode = argv[1]
    opts = dict(zip(argv[3::2], argv[4::2]))
    try:
        if mode == "editor":
            editor()
        else:
            port = int(argv[2])
            if mode == "game":
                game(port, opts.get("--token"), opts.get("--name", "python interop"))
            elif mode in BAD:
                bad_client(mode, port)
            elif mode == "never-reads":
                never_reads(port)
            elif mode == "refused":
                refused(port, opts.get("--token"))
            else:
                print(__doc__)
                return 2
    except (Failed, OSError, ValueError) as e:
        say(mode, "FAIL: %s" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

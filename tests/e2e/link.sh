#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/link.sh - the live link end to end, on loopback only, with the
# editor in script mode and the example game (docs/examples/linked.c)
# headless, and a client in another language (tests/e2e/link_client.py,
# written from docs/link.md alone):
#   1. a scripted edit reaches the game; scrubbing, playing and pausing move
#      the game's camera to the path's pose at the playhead, to the bit; a
#      camera the game sent is recorded by F2 exactly (checked against the
#      game's own log of what it sent);
#   2. garbage, an oversized message, a camera before the hello, a length of
#      0, a hello of newer versions only, a client that never says hello and
#      one that never reads are dropped, each told why, while the game and
#      the Python client keep up with every edit; the Python client (which
#      also speaks a version 2) is welcomed in version 1, takes the paths and
#      sends a camera the editor shows;
#   3. the playhead follows the game's own time; the editor killed and
#      restarted: the game keeps playing its last path and reconnects;
#   4. a listener beyond loopback (0.0.0.0, inside a network namespace that
#      has only loopback, when one can be made) prints a token and refuses a
#      game without it;
#   5. the Python client plays the editor: the game applies a good path,
#      refuses a bad one and keeps the good one in service.
# Every wait is bounded; every process started is ended by its id.
set -eu

BUILD=${BUILD:-build}
ED="$BUILD/campath-editor"
GAME="$BUILD/examples/linked"
PY=tests/e2e/link_client.py
INSIDE=
if [ "${1:-}" = "--inside-namespace" ]; then
    INSIDE=1
    TMP=$2
else
    TMP=$(mktemp -d)
fi
PIDS=""
cleanup() {
    for p in $PIDS; do kill -KILL "$p" 2>/dev/null || true; done
    [ -n "$INSIDE" ] || rm -rf "$TMP"
}
trap cleanup EXIT
. tests/tools/editor_env.sh
ED=$(editor_wrap "$TMP" "$ED")
started() { PIDS="$PIDS $1"; }
fail() { echo "FAIL: $*"; for f in "$TMP"/*.out; do echo "--- $f"; tail -20 "$f"; done; exit 1; }
ok() { echo "ok: $*"; }

# wait_line FILE PATTERN SECONDS: until FILE has a line matching PATTERN
wait_line() {
    n=0
    while ! grep -q "$2" "$1" 2>/dev/null; do
        n=$((n + 1))
        [ "$n" -le $(($3 * 20)) ] || fail "no '$2' in $1 within $3 s"
        sleep 0.05
    done
}
# port_of FILE: the port an editor printed it listens on
port_of() { sed -n 's/.*listening on [^ ]*:\([0-9][0-9]*\).*/\1/p' "$1" | head -1; }
# finish PID NAME: waits for a process that ends on its own (bounded by its own time limits)
finish() { wait "$1" || fail "$2 exited with status $?"; }

# ---- 4. a listener beyond loopback, inside a network namespace --------------------------------
if [ -n "$INSIDE" ]; then
    ip link set lo up
    "$ED" --link 0 --link-address 0.0.0.0 --script "$TMP/s4.script" > "$TMP/e4.out" 2>&1 &
    E=$!; started $E
    wait_line "$TMP/e4.out" "token" 20
    PORT=$(port_of "$TMP/e4.out")
    TOKEN=$(sed -n 's/.*give the token \([0-9a-f]*\).*/\1/p' "$TMP/e4.out" | head -1)
    grep -q "listening on 0.0.0.0:$PORT" "$TMP/e4.out" || fail "the editor does not say it listens on 0.0.0.0"
    [ ${#TOKEN} -eq 32 ] || fail "no 32-digit token printed: $(cat "$TMP/e4.out")"
    python3 $PY refused "$PORT" > "$TMP/p4a.out" 2>&1 || fail "a game without the token was not refused"
    python3 $PY refused "$PORT" --token 0123 > "$TMP/p4b.out" 2>&1 || fail "a game with a wrong token was not refused"
    python3 $PY game "$PORT" --token "$TOKEN" > "$TMP/p4c.out" 2>&1 || fail "the game with the token: $(cat "$TMP/p4c.out")"
    finish $E "the editor on 0.0.0.0"
    cat "$TMP/p4a.out" "$TMP/p4c.out" | grep -v '^$' | sed 's/^/    /'
    exit 0
fi

cp paths/demo.json "$TMP/demo.json"

# ---- 1. edits, scrubbing, playing, recording from the game's camera -----------------------------
cat > "$TMP/s1.script" <<EOF
open $TMP/demo.json
link-wait games 1 20
link-wait applied
select 3
edit position 12 9.5 -14
link-wait applied
expect games 1
hand-off take 0
pause
seek 3.7
link-wait on-path
seek 12.5
link-wait on-path
play
link-wait seconds 0.4
pause
link-wait on-path
hand-off give 0
link-wait camera
view game
record
expect game-key 15
view free
save
EOF
"$ED" --link 0 --script "$TMP/s1.script" > "$TMP/e1.out" 2>&1 &
E=$!; started $E
wait_line "$TMP/e1.out" "listening on" 20
PORT=$(port_of "$TMP/e1.out")
"$GAME" --headless --port "$PORT" --seconds 30 --camera-log "$TMP/cameras.txt" > "$TMP/g1.out" 2>&1 &
G=$!; started $G
finish $E "the editor (edits and scrubbing)"
kill -TERM $G; finish $G "the game"
grep -q '^path 2: 15 keys' "$TMP/g1.out" || fail "the edit did not reach the game"
grep -q '^take' "$TMP/g1.out" && grep -q '^give' "$TMP/g1.out" || fail "the game was not handed the camera and back"
grep -q '^playhead 3.7000000000000002 paused' "$TMP/g1.out" || fail "the game did not get the scrubbed playhead"
grep -q '^playhead .* playing' "$TMP/g1.out" || fail "the game did not get the playhead playing"
python3 - "$TMP/demo.json" "$TMP/cameras.txt" <<'EOF' || fail "the recorded key is not a camera the game sent"
import json, sys
key = json.load(open(sys.argv[1]))["keys"][15]
sent = [[float(x) for x in line.split()] for line in open(sys.argv[2])]
want = key["position"] + key["rotation"] + [key["fov"]]
sys.exit(0 if any(s[1:] == want for s in sent) else 1)
EOF
ok "a scripted edit reached the game; scrubbing, play and pause put the game's camera on the path's pose, to the bit"
ok "F2 through the game's camera recorded a camera the game sent, exactly ($(wc -l < "$TMP/cameras.txt") sent)"

# ---- 2. bad clients dropped, the others undisturbed; the Python client ---------------------------
python3 - "$TMP/big.json" <<'EOF'
import json, math, sys
keys = [{"t": i * 0.5, "position": [30 * math.cos(i * 0.01), 5 + (i % 7), -0.2 * i],
         "rotation": [0, math.sin(i * 0.005), 0, math.cos(i * 0.005)], "fov": 60} for i in range(6000)]
json.dump({"campath": 1, "name": "big", "keys": keys}, open(sys.argv[1], "w"))
EOF
cat > "$TMP/s2.script" <<EOF
open $TMP/big.json
link on 0
link-wait games 3 30
link-wait seconds 0.5
expect game-camera "python interop" 1.5 -2.25 3.125
select 1
edit position 1 2 3
link-wait seconds 0.3
select 2
edit position 2 3 4
link-wait seconds 0.3
select 3
edit position 3 4 5
link-wait games 2 20
expect message never reads left
expect message stopped reading
link-wait applied 20
expect games 2
link-wait camera
link off
EOF
"$ED" --script "$TMP/s2.script" > "$TMP/e2.out" 2>&1 &
E=$!; started $E
wait_line "$TMP/e2.out" "listening on" 20
PORT=$(port_of "$TMP/e2.out")
python3 $PY garbage "$PORT" > "$TMP/p2g.out" 2>&1 &
PG=$!; started $PG
python3 $PY oversized "$PORT" > "$TMP/p2o.out" 2>&1 &
PO=$!; started $PO
python3 $PY silent "$PORT" > "$TMP/p2s.out" 2>&1 &
PS=$!; started $PS
python3 $PY no-hello "$PORT" > "$TMP/p2h.out" 2>&1 &
PH=$!; started $PH
python3 $PY zero "$PORT" > "$TMP/p2z.out" 2>&1 &
PZ=$!; started $PZ
python3 $PY future "$PORT" > "$TMP/p2f.out" 2>&1 &
PF=$!; started $PF
finish $PG "the garbage client"
finish $PO "the oversized client"
finish $PH "the client that skips the hello"
finish $PZ "the client that sends a length of 0"
finish $PF "the client of newer versions only"
"$GAME" --headless --port "$PORT" --seconds 60 > "$TMP/g2.out" 2>&1 &
G=$!; started $G
python3 $PY game "$PORT" > "$TMP/p2i.out" 2>&1 &
PI=$!; started $PI
python3 $PY never-reads "$PORT" > "$TMP/p2n.out" 2>&1 &
PN=$!; started $PN
finish $E "the editor (bad clients)"
finish $PS "the silent client"
finish $PN "the client that never reads"
finish $PI "the Python client"
kill -TERM $G; finish $G "the game"
[ "$(grep -c '^lost' "$TMP/g2.out")" -eq 1 ] || fail "the game lost its connection before the editor stopped"
grep -q '^path 4: 6000 keys' "$TMP/g2.out" || grep -q '^path 3: 6000 keys' "$TMP/g2.out" || fail "the game missed the edits"
for f in p2g p2o p2h p2z p2f p2s p2n p2i; do sed 's/^/    /' "$TMP/$f.out"; done
ok "garbage, oversized, no hello, broken framing, no common version, silent and never-reading clients dropped with a reason;"
ok "the game and the Python client kept up with every edit"

# ---- 3. following the game's time; the editor killed and restarted --------------------------------
cat > "$TMP/s3a.script" <<EOF
open $TMP/demo.json
link on 0
link-wait games 1 20
link-wait applied
follow-game on
link-wait following
link-wait seconds 0.3
link-wait following
echo ready
link-wait seconds 60
EOF
"$ED" --script "$TMP/s3a.script" > "$TMP/e3a.out" 2>&1 &
E=$!; started $E
wait_line "$TMP/e3a.out" "listening on" 20
PORT=$(port_of "$TMP/e3a.out")
"$GAME" --headless --own-clock --port "$PORT" --seconds 60 > "$TMP/g3.out" 2>&1 &
G=$!; started $G
wait_line "$TMP/e3a.out" "^ready" 30
grep -q 'playhead .* (the game.s time drives)' "$TMP/g3.out" || fail "the game was not told the editor follows it"
kill -KILL $E; wait $E 2>/dev/null || true
wait_line "$TMP/g3.out" "^lost" 10
frames_lost=$(grep -c '^frame' "$TMP/g3.out")
sleep 1.2
cat > "$TMP/short.json" <<EOF
{ "campath": 1, "keys": [
  { "t": 0, "position": [0, 5, 30], "rotation": [0, 0, 0, 1], "fov": 60 },
  { "t": 2, "position": [5, 6, 10], "rotation": [0, 0, 0, 1], "fov": 60 },
  { "t": 4, "position": [0, 7, -10], "rotation": [0, 0, 0, 1], "fov": 60 } ] }
EOF
cat > "$TMP/s3b.script" <<EOF
open $TMP/short.json
link on $PORT
link-wait games 1 20
link-wait applied
EOF
"$ED" --script "$TMP/s3b.script" > "$TMP/e3b.out" 2>&1 &
E=$!; started $E
finish $E "the restarted editor"
wait_line "$TMP/g3.out" "^path 2: 3 keys" 10
kill -TERM $G; finish $G "the game"
[ "$(grep -c '^frame' "$TMP/g3.out")" -gt "$frames_lost" ] || fail "the game stalled while the editor was away"
awk '/^lost/ { lost = 1 } lost && /^frame/ && /path 1, .* on the path/ { kept++ } END { exit kept >= 1 ? 0 : 1 }' \
    "$TMP/g3.out" || fail "the game did not keep playing its last path while the editor was away"
[ "$(grep -c '^connected' "$TMP/g3.out")" -eq 2 ] || fail "the game did not reconnect"
ok "the playhead followed the game's own time"
ok "the editor killed: the game played its last path on; it reconnected to the restarted editor and took its path"

# ---- 4. beyond loopback: a token ------------------------------------------------------------------
cat > "$TMP/s4.script" <<EOF
open $TMP/demo.json
link-wait games 1 20
link-wait seconds 0.3
link off
EOF
if unshare -rn true 2>/dev/null && command -v ip > /dev/null; then
    unshare -rn sh "$0" --inside-namespace "$TMP" || fail "the listener beyond loopback"
    ok "listening on 0.0.0.0 (in a network namespace of loopback only): a token printed, games without it refused"
else
    "$ED" --link 0 --link-token s3cret --script "$TMP/s4.script" > "$TMP/e4.out" 2>&1 &
    E=$!; started $E
    wait_line "$TMP/e4.out" "listening on" 20
    PORT=$(port_of "$TMP/e4.out")
    python3 $PY refused "$PORT" > "$TMP/p4a.out" 2>&1 || fail "a game without the token was not refused"
    python3 $PY game "$PORT" --token s3cret > "$TMP/p4c.out" 2>&1 || fail "the game with the token"
    finish $E "the editor with a token"
    ok "no network namespace here: a token asked for on loopback refuses games without it"
fi

# ---- 5. the Python client plays the editor ------------------------------------------------------------
python3 $PY editor > "$TMP/p5.out" 2>&1 &
PE=$!; started $PE
wait_line "$TMP/p5.out" "^port" 10
PORT=$(sed -n 's/^port //p' "$TMP/p5.out")
"$GAME" --headless --port "$PORT" --seconds 30 > "$TMP/g5.out" 2>&1 &
G=$!; started $G
finish $PE "the Python editor"
kill -TERM $G; finish $G "the game"
grep -q '^refused: path 2:' "$TMP/g5.out" || fail "the game did not report the refused path"
sed 's/^/    /' "$TMP/p5.out"
ok "a game and an editor written from docs/link.md: the game refused a bad path and kept the good one"

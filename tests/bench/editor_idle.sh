#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/bench/editor_idle.sh - what campath-editor's window costs while
# nothing happens, on a virtual display (Xvfb) with Mesa's software OpenGL,
# run by `make bench`. The baseline, in the same run, is the same window
# playing the demo path (a new frame every time, as the editor drew even
# when idle before it learnt to wait): CPU time over wall time, best of 2.
set -eu
BUILD=${BUILD:-build}
ED="$(cd "$BUILD" && pwd)/campath-editor"
SECONDS_MEASURED=${EDITOR_IDLE_SECONDS:-5}
if ! command -v Xvfb > /dev/null; then
    echo "editor idle bench: Xvfb is missing: install xvfb (make deps-bench)" >&2
    exit 1
fi
TMP=$(mktemp -d)
XPID=
EPID=
cleanup() {
    [ -n "$EPID" ] && kill "$EPID" 2>/dev/null
    [ -n "$XPID" ] && kill "$XPID" 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT
cp paths/demo.json "$TMP/demo.json"
# a display number no one uses
n=90
while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
Xvfb ":$n" -screen 0 1280x800x24 -nolisten tcp > /dev/null 2>&1 &
XPID=$!
sleep 1
HZ=$(getconf CLK_TCK)

# share MODE...: the editor's CPU time over wall time (%), after 3 s to settle
share() {
    DISPLAY=":$n" "$ED" "$@" "$TMP/demo.json" > /dev/null 2>&1 &
    EPID=$!
    sleep 3
    t0=$(awk '{print $14 + $15}' "/proc/$EPID/stat")
    w0=$(date +%s.%N)
    sleep "$SECONDS_MEASURED"
    t1=$(awk '{print $14 + $15}' "/proc/$EPID/stat")
    w1=$(date +%s.%N)
    kill "$EPID"
    wait "$EPID" 2>/dev/null || true
    EPID=
    awk -v a="$t0" -v b="$t1" -v c="$w0" -v d="$w1" -v hz="$HZ" \
        'BEGIN { printf "%.4f\n", 100 * (b - a) / hz / (d - c) }' 
}

best() { # best of 2: the lower share
    a=$(share "$@")
    b=$(share "$@")
    awk -v a="$a" -v b="$b" 'BEGIN { print (a < b ? a : b) }' 
}

echo "-- the window at rest against the window playing (1280x720, Xvfb, llvmpipe), CPU time over wall time, best of 2"
idle=$(best)
playing=$(best --play)
printf '  %-34s %6.2f%% of a core\n' "open, nothing happening" "$idle"
printf '  %-34s %6.2f%% of a core\n' "playing the demo path (baseline)" "$playing"
printf '  %-34s %8.4f\n' "at rest / playing" "$(awk -v a="$idle" -v b="$playing" 'BEGIN { print a / b }')"

#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/cli.sh - drives build/campath: validate, info, sample, retime, watch.
# Run from the project root with BUILD set (make e2e does both).
set -eu
BUILD=${BUILD:-build}
CAMPATH=$BUILD/campath
TMP=$(mktemp -d "${TMPDIR:-/tmp}/campath-e2e-XXXXXX")
WATCH_PID=
cleanup() {
    if [ -n "$WATCH_PID" ]; then kill "$WATCH_PID" 2>/dev/null || true; fi
    rm -rf "$TMP"
}
trap cleanup EXIT INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }

# Waits up to 10 s for a line matching $2 in file $1.
wait_for() {
    i=0
    while ! grep -q "$2" "$1" 2>/dev/null; do
        i=$((i + 1))
        [ $i -le 200 ] || { cat "$1" >&2; fail "no '$2' in $1"; }
        sleep 0.05
    done
}

# validate: good files exit 0, a bad file exits 1 with its message
$CAMPATH validate tests/data/good/*.json > "$TMP/out" || fail "validate good files"
grep -q "harbour_intro.json: ok (2 keys)" "$TMP/out" || fail "validate output"
if $CAMPATH validate tests/data/good/minimal.json tests/data/bad/time_string.json 2> "$TMP/err"; then
    fail "validate accepted a bad file"
fi
grep -q "time_string.json:8:12: keys\[3\].t: number expected, got string" "$TMP/err" || fail "validate message"
$CAMPATH validate --help | grep -q "usage: campath validate" || fail "validate --help"
# files that once validated and then hung arc length and sampled NaN, and a
# file whose error only building the splines finds: refused, with the place
for f in spacing_tiny position_huge spacing_subnormal spline_velocity; do
    if $CAMPATH validate "tests/data/bad/$f.json" 2> "$TMP/err"; then fail "validate accepted $f.json"; fi
    grep -qF "$(head -1 "tests/data/bad/$f.expect")" "$TMP/err" || fail "validate $f.json: $(cat "$TMP/err")"
done

# info
$CAMPATH info tests/data/good/harbour_intro.json > "$TMP/info" || fail "info"
grep -q "^keys           2$" "$TMP/info" || fail "info keys"
$CAMPATH info tests/data/good/closed_loop.json > "$TMP/info2" || fail "info closed"
grep -q "^largest acceleration jump .* m/s^2 at keys\[1\] (t = 2.5)$" "$TMP/info2" || fail "info jumps"
$CAMPATH info paths/demo.json > "$TMP/info4" || fail "info demo"
grep -q "^largest velocity jump         0 m/s (none at any key)$" "$TMP/info4" || fail "info names a key for no jump"

# sample: the exact header, and numbers that read back to the same double
$CAMPATH sample tests/data/good/harbour_intro.json > "$TMP/csv" || fail "sample"
[ "$(head -1 "$TMP/csv")" = "t,px,py,pz,vx,vy,vz,ax,ay,az,qx,qy,qz,qw,avx,avy,avz,aax,aay,aaz,fov" ] || fail "header"
[ "$(wc -l < "$TMP/csv")" -eq 152 ] || fail "151 samples at 60 Hz over 2.5 s"
$CAMPATH sample tests/data/good/harbour_intro.json --at 2.5 > "$TMP/at"
line=$(sed -n 2p "$TMP/at")
[ "${line%%,*}" = "2.5" ] || fail "sample --at time"
echo "$line" | grep -q ",0.3826834323650898,0,0.9238795325112867," || fail "sample rotation digits"
if $CAMPATH sample tests/data/good/harbour_intro.json --rate abc 2>/dev/null; then fail "bad --rate accepted"; fi
# an option without its value is named as such, not as an unknown option
set +e
$CAMPATH sample tests/data/good/harbour_intro.json --at 2> "$TMP/err"
rc=$?
set -e
[ $rc -eq 2 ] && grep -q "campath sample: --at needs a value" "$TMP/err" ||
    fail "sample --at without a value: $(cat "$TMP/err")"

# retime keeps the name and unknown members
cp tests/data/good/extras.json "$TMP/r.json"
$CAMPATH retime "$TMP/r.json" --constant-speed --duration 10 -o "$TMP/r2.json" > /dev/null || fail "retime"
grep -q '"name": "with extras"' "$TMP/r2.json" || fail "retime lost the name"
grep -q '"weight": 1.0e0' "$TMP/r2.json" || fail "retime lost an unknown member"
grep -q '"t": 10,' "$TMP/r2.json" || fail "retime duration"
$CAMPATH validate "$TMP/r2.json" > /dev/null 2>&1 || fail "retimed file does not validate"
# --duration alone keeps the timing and sets the duration
$CAMPATH retime "$TMP/r.json" --duration 7.5 -o "$TMP/r4.json" | grep -q "retimed over 7.5 s$" || fail "retime --duration alone"
$CAMPATH info "$TMP/r4.json" | grep -q "^duration *7.5 s$" || fail "retime --duration alone: duration"
# a duration the key times cannot hold is blamed on --duration
set +e
$CAMPATH retime "$TMP/r.json" --constant-speed --duration 1e308 -o "$TMP/r3.json" 2> "$TMP/err"
rc=$?
set -e
[ $rc -eq 1 ] && grep -q "^campath retime: --duration: 1e+308 s from the first key at 0 s ends beyond" "$TMP/err" ||
    fail "retime --duration 1e308: $(cat "$TMP/err")"
[ ! -e "$TMP/r3.json" ] || fail "retime --duration 1e308 wrote a file"

# -o onto what is not a regular file is refused and left as it was (never
# the real /dev/null: a FIFO, and as root a device node, made in $TMP)
mkfifo "$TMP/fifo"
if $CAMPATH retime "$TMP/r.json" --constant-speed -o "$TMP/fifo" 2> "$TMP/err"; then fail "retime -o FIFO"; fi
grep -q "fifo: cannot save: it is a FIFO" "$TMP/err" && [ -p "$TMP/fifo" ] || fail "retime -o FIFO: $(cat "$TMP/err")"
if [ "$(id -u)" = 0 ]; then
    mknod "$TMP/null" c 1 3
    if $CAMPATH retime "$TMP/r.json" --constant-speed -o "$TMP/null" 2> "$TMP/err"; then fail "retime -o device"; fi
    grep -q "null: cannot save: it is a character device" "$TMP/err" && [ -c "$TMP/null" ] ||
        fail "retime -o device: $(cat "$TMP/err")"
fi
# -o through a link writes the file it points to and keeps the link
ln -s r2.json "$TMP/r-link.json"
$CAMPATH retime "$TMP/r.json" --constant-speed --duration 20 -o "$TMP/r-link.json" > /dev/null || fail "retime -o link"
[ -L "$TMP/r-link.json" ] && grep -q '"t": 20,' "$TMP/r2.json" || fail "retime -o link replaced the link"

# timing: info shows it; retime gives a smooth path constant-speed timing,
# keeping its holds, and the result checks clean of speed changes
$CAMPATH info tests/data/good/smooth_holds.json > "$TMP/info3" || fail "info smooth"
grep -q "^timing         smooth$" "$TMP/info3" || fail "info timing"
grep -q "^holds          2 (1.5 s in all)$" "$TMP/info3" || fail "info holds"
sed -e 's/{ "t": 3.2, "position": \[8, 3, 0\]/{ "t": 3.2, "position": [9, 3, 0]/' \
    -e 's/{ "t": 4, "position": \[8, 3, 0\]/{ "t": 4, "position": [10, 3, 0]/' \
    tests/data/good/smooth_holds.json > "$TMP/s.json"
$CAMPATH retime "$TMP/s.json" --constant-speed --duration 12 -o "$TMP/s2.json" > "$TMP/rt" || fail "retime smooth: $(cat "$TMP/rt")"
grep -q "s2.json: 6 keys retimed over 12 s at [0-9.]* m/s$" "$TMP/rt" || fail "retime output: $(cat "$TMP/rt")"
grep -q '"timing": "constant-speed",' "$TMP/s2.json" || fail "retime timing"
grep -q '"hold": 1.5 }' "$TMP/s2.json" || fail "retime lost a hold"
$CAMPATH info "$TMP/s2.json" | grep -q "^timing         constant-speed ([0-9.]* m/s)$" || fail "info speed"
# a smooth path that waits on the spot (two keys, one pose) cannot be constant speed: a message, exit 1
# (its turn on the spot, keys 2 to 3, is paced by max_angular_speed)
if $CAMPATH retime tests/data/good/smooth_holds.json --constant-speed -o "$TMP/s3.json" 2> "$TMP/err"; then
    fail "retime turned waiting on the spot into constant speed"
fi
grep -q "keys\[4\].position: the same as keys\[3\]'s, and so is the rotation: at constant speed the camera cannot wait on the spot" "$TMP/err" ||
    fail "retime message: $(cat "$TMP/err")"
[ ! -e "$TMP/s3.json" ] || fail "retime wrote a file after failing"

# watch follows a save by rename, reports a broken one, and stops on SIGTERM
cp tests/data/good/harbour_intro.json "$TMP/w.json"
$CAMPATH watch "$TMP/w.json" > "$TMP/watch.out" 2>&1 &
WATCH_PID=$!
wait_for "$TMP/watch.out" "^watching"
cp tests/data/good/closed_loop.json "$TMP/w.tmp" && mv "$TMP/w.tmp" "$TMP/w.json"
wait_for "$TMP/watch.out" "^reloaded generation=2 keys=3$"
printf '{ "campath": 1, "keys": [' > "$TMP/w.tmp" && mv "$TMP/w.tmp" "$TMP/w.json"
wait_for "$TMP/watch.out" "^error: .*w.json:1:26: "
kill -TERM "$WATCH_PID"
wait "$WATCH_PID" || fail "watch did not exit cleanly"
WATCH_PID=

# the example program runs for a bounded time
[ -x "$BUILD/examples/player" ] && { "$BUILD/examples/player" tests/data/good/minimal.json --seconds 0.2 > /dev/null || fail "player"; }
echo "cli.sh: all passed"

#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/windows/cli.sh - campath.exe, the Windows build of the tool, under
# Wine: validate, check, info, sample, export-gltf and import-gltf print and
# write what the Linux build does (the same bytes, but for the CRLF line
# ends of text on a Windows console), paths with CRLF line endings and
# UTF-8 file names work, a save over a file another process holds fails
# with a clear message and leaves the file intact, and watch picks up
# changes through ReadDirectoryChangesW; import-scene, built without
# assimp here, says that it is not available. Run from the project root by `make
# check-windows` (WIN, WINE, WINEPREFIX and BUILD set; the Linux campath
# built).
set -eu
BUILD=${BUILD:-build}
WIN=${WIN:-$BUILD/windows}
unset DISPLAY WAYLAND_DISPLAY # console programs: Wine needs no display
export WINEPREFIX WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
NATIVE=$BUILD/campath
TMP=$WIN/cli-test
rm -rf "$TMP"
mkdir -p "$TMP"
HOLD_PID=
WATCH_PID=
cleanup() {
    exec 3>&- 2>/dev/null || true
    for pid in $HOLD_PID $WATCH_PID; do kill "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }
campath() { "$WINE" "$WIN/campath.exe" "$@"; } # (run in the background, $! is its shell: "$WINE" directly)

# Waits up to 20 s for a line matching $2 in file $1.
wait_for() {
    i=0
    while ! tr -d '\r' < "$1" 2>/dev/null | grep -q "$2"; do
        i=$((i + 1))
        [ $i -le 400 ] || { cat "$1" >&2; fail "no '$2' in $1"; }
        sleep 0.05
    done
}

# The Windows build prints what the Linux build prints (its console text
# has CRLF line ends), exit status included.
same() {
    what=$1
    shift
    set +e
    "$NATIVE" "$@" > "$TMP/linux.out" 2> "$TMP/linux.err"
    linux=$?
    campath "$@" > "$TMP/win.out" 2> "$TMP/win.err"
    win=$?
    set -e
    tr -d '\r' < "$TMP/win.out" > "$TMP/win.lf"
    tr -d '\r' < "$TMP/win.err" > "$TMP/win.err.lf"
    [ "$win" = "$linux" ] || { cat "$TMP/win.err" >&2; fail "$what: exit status $win, on Linux $linux"; }
    cmp -s "$TMP/linux.out" "$TMP/win.lf" || { diff "$TMP/linux.out" "$TMP/win.lf" | head >&2; fail "$what: output"; }
    cmp -s "$TMP/linux.err" "$TMP/win.err.lf" || { diff "$TMP/linux.err" "$TMP/win.err.lf" | head >&2; fail "$what: messages"; }
    echo "ok: $what"
}

same "validate good files" validate tests/data/good/minimal.json tests/data/good/harbour_intro.json \
    tests/data/good/closed_loop.json tests/data/good/bom_crlf.json paths/demo.json
same "validate a bad file" validate tests/data/bad/time_string.json
same "check" check paths/uneven.json
same "check --json" check paths/demo.json --json
same "info" info tests/data/good/closed_loop.json
same "sample" sample tests/data/good/harbour_intro.json
same "sample --at" sample paths/demo.json --at 0.5,1.25,3

# a path written with Windows line endings
sed 's/$/\r/' tests/data/good/harbour_intro.json > "$TMP/crlf.json"
same "validate CRLF" validate "$TMP/crlf.json"
same "sample CRLF" sample "$TMP/crlf.json"
sed 's/$/\r/' tests/data/bad/time_string.json > "$TMP/crlf_bad.json"
same "a CRLF file's error place" validate "$TMP/crlf_bad.json"

# export-gltf writes the same bytes; import-gltf reads them back to the same path file
for ext in gltf glb; do
    "$NATIVE" export-gltf paths/demo.json "$TMP/linux.$ext" > /dev/null
    campath export-gltf paths/demo.json "$TMP/win.$ext" > /dev/null || fail "export-gltf .$ext"
    cmp -s "$TMP/linux.$ext" "$TMP/win.$ext" || fail "export-gltf .$ext: not the bytes the Linux build writes"
    "$NATIVE" import-gltf "$TMP/linux.$ext" "$TMP/linux-back.json" > /dev/null
    campath import-gltf "$TMP/win.$ext" "$TMP/win-back.json" > /dev/null || fail "import-gltf .$ext"
    cmp -s "$TMP/linux-back.json" "$TMP/win-back.json" || fail "import-gltf .$ext: not the file the Linux build writes"
    echo "ok: export-gltf and import-gltf .$ext"
done
same "import-gltf with a buffer file next to it" import-gltf tests/data/gltf/external_buffer.gltf "$TMP/ext.json"

# import-scene is there without assimp: it says so, exits 1 and writes nothing
set +e
campath import-scene tests/data/good/minimal.json "$TMP/scene.json" > "$TMP/win.out" 2> "$TMP/win.err"
st=$?
set -e
[ "$st" = 1 ] || fail "import-scene: exit status $st, expected 1"
tr -d '\r' < "$TMP/win.err" | grep -q "reading scene files is not available in this build of campath" ||
    { cat "$TMP/win.err" >&2; fail "import-scene: no 'not available in this build' message"; }
[ ! -e "$TMP/scene.json" ] || fail "import-scene wrote its output"
echo "ok: import-scene says it is not available in this build"

# UTF-8 names, through the command line (the manifest's UTF-8 code page) to the wide API
name="$TMP/Kamerafahrt Übersicht 日本.json"
campath retime paths/demo.json --constant-speed -o "$name" > /dev/null || fail "retime to a UTF-8 name"
[ -f "$name" ] || fail "no file under the UTF-8 name: $(ls "$TMP")"
campath validate "$name" | tr -d '\r' | grep -q "Übersicht 日本.json: ok" || fail "validate a UTF-8 name"
echo "ok: UTF-8 file names"

# an atomic save over a file another process holds open fails, says so, and
# changes nothing; once it is let go, the same save goes through
cp paths/demo.json "$TMP/held.json"
mkfifo "$TMP/hold.in"
"$WINE" "$WIN/tests/hold.exe" "$TMP/held.json" < "$TMP/hold.in" > "$TMP/hold.out" 2>&1 &
HOLD_PID=$!
exec 3> "$TMP/hold.in"
wait_for "$TMP/hold.out" "^holding"
if campath retime "$TMP/held.json" --constant-speed > /dev/null 2> "$TMP/held.err"; then
    fail "retime replaced a file another process holds"
fi
tr -d '\r' < "$TMP/held.err" | grep -q "held.json: cannot replace the file: another program has it open (close it there, then save again) (the old file is unchanged)" ||
    fail "the message of a save over a held file: $(cat "$TMP/held.err")"
cmp -s paths/demo.json "$TMP/held.json" || fail "the held file changed"
[ "$(ls "$TMP" | grep -c '\.tmp$')" = 0 ] || fail "a temporary file was left: $(ls "$TMP")"
exec 3>&-
wait "$HOLD_PID" || fail "hold.exe"
HOLD_PID=
campath retime "$TMP/held.json" --constant-speed > /dev/null || fail "retime once the file is let go"
cmp -s paths/demo.json "$TMP/held.json" && fail "retime did not change the file"
echo "ok: a save over a held file fails clearly, the file intact; then goes through"

# watch: ReadDirectoryChangesW sees a save by rename and one in place
cp tests/data/good/harbour_intro.json "$TMP/w.json"
"$WINE" "$WIN/campath.exe" watch "$TMP/w.json" > "$TMP/watch.out" 2>&1 &
WATCH_PID=$! # Wine's process is the Windows program's: killing it ends watch
wait_for "$TMP/watch.out" "^watching .*w.json (ReadDirectoryChangesW) generation=1 keys=2$"
cp tests/data/good/closed_loop.json "$TMP/w.tmp" && mv "$TMP/w.tmp" "$TMP/w.json"
wait_for "$TMP/watch.out" "^reloaded generation=2 keys=3$"
cat tests/data/good/minimal.json > "$TMP/w.json"
wait_for "$TMP/watch.out" "^reloaded generation=3 keys=2$"
printf '{ "campath": 1, "keys": [' > "$TMP/w.tmp" && mv "$TMP/w.tmp" "$TMP/w.json"
wait_for "$TMP/watch.out" "^error: .*w.json:1:26: "
kill "$WATCH_PID" 2>/dev/null || true
wait "$WATCH_PID" 2>/dev/null || true
WATCH_PID=
echo "ok: watch (ReadDirectoryChangesW)"

rm -rf "$TMP"
echo "cli.sh (Windows): all passed"

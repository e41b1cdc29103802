#!/bin/sh
# docs/editor-images.sh - makes the editor screenshots that docs/editor.md
# shows, with the editor's headless mode on a copy of paths/demo.json.
#
#     make && sh docs/editor-images.sh [OUTDIR]      (default docs/images)
#
# BUILD names the build folder (default build). Run from the project root.
set -eu
BUILD=${BUILD:-build}
OUT=${1:-docs/images}
[ -x "$BUILD/campath-editor" ] || { echo "editor-images: $BUILD/campath-editor not found: run make first" >&2; exit 1; }
ED="$(cd "$BUILD" && pwd)/campath-editor"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# a copy, under the name the HUD should show
mkdir -p "$TMP/paths"
cp paths/demo.json "$TMP/paths/demo.json"

run() { # run NAME: the script on stdin, the screenshot to OUT/NAME.png
    cat > "$TMP/$1.script"
    (cd "$TMP" && "$ED" --size 960x540 --script "$1.script" --screenshot "$OUT/$1.png")
    echo "wrote $OUT/$1.png"
}

run editor-overview <<SCRIPT
open paths/demo.json
camera 62 58 52
look-at 0 2 -45
select 9
graph on
SCRIPT

run editor-path-camera <<SCRIPT
open paths/demo.json
seek 0
play-to 31.2
view path
SCRIPT

run editor-bisector <<SCRIPT
open paths/demo.json
interpolation bisector
color acceleration
camera 62 58 52
look-at 0 2 -45
graph on
SCRIPT

run editor-help <<SCRIPT
open paths/demo.json
camera 62 58 52
look-at 0 2 -45
help on
SCRIPT

# a recording session: three keys flown so far, the third just recorded
run editor-recording <<SCRIPT
open paths/flight.json
speed 6
camera -30 6 40
look-at 0 12 0
record
fly -10 7 22
look-at 0 13 0
record
fly 8 8 20
look-at 0 14 0
record
camera -40 30 70
look-at -4 6 20
SCRIPT

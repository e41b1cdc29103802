#!/bin/sh
# SPDX-License-Identifier: MIT
# docs/editor-images.sh - makes the editor screenshots that docs/editor.md
# and the README show, with the editor's headless mode: the demo town on a
# copy of paths/demo.json, and a real building, the FZK-Haus (Karlsruhe
# Institute of Technology) that Debian ships in assimp-testmodels.
#
#     make && sh docs/editor-images.sh [OUTDIR]      (default docs/images)
#
# BUILD names the build folder (default build); HOUSE another scene file for
# the real-scene pictures. Run from the project root.
set -eu
BUILD=${BUILD:-build}
OUT=${1:-docs/images}
HOUSE=${HOUSE:-/usr/share/assimp/models/IFC/AC14-FZK-Haus.ifc}
[ -x "$BUILD/campath-editor" ] || { echo "editor-images: $BUILD/campath-editor not found: run make first" >&2; exit 1; }
[ -f "$HOUSE" ] || { echo "editor-images: $HOUSE not found: install assimp-testmodels (make deps-test)" >&2; exit 1; }
ED="$(cd "$BUILD" && pwd)/campath-editor"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/tools/editor_env.sh
ED=$(editor_wrap "$TMP" "$ED")
# a copy, under the name the HUD should show
mkdir -p "$TMP/paths"
cp paths/demo.json "$TMP/paths/demo.json"
cp paths/intro.json paths/sequence.json "$TMP/paths/"

run() { # run NAME [WxH]: the script on stdin, the screenshot to OUT/NAME.png
    cat > "$TMP/$1.script"
    (cd "$TMP" && "$ED" --size "${2:-960x540}" --script "$1.script" --screenshot "$OUT/$1.png" 2>/dev/null)
    echo "wrote $OUT/$1.png"
}

run editor-overview <<SCRIPT
open paths/demo.json
camera 62 58 52
look-at 0 2 -45
select 9
graph on
SCRIPT

run editor-shots <<SCRIPT
open paths/sequence.json
camera 62 58 52
look-at 0 2 -45
shot 2
shot-seek 9
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

# the pace: a hold that pushed the later keys, a segment slowed and a key's
# pace doubled from the speed strip, a selection's span in the inspector
run editor-pace 1280x720 <<SCRIPT
open paths/demo.json
camera 62 58 52
look-at 0 2 -45
select 6
edit hold 3
speed-at segment 3 0.5
speed-at key 10 2
select 8-11
graph on
SCRIPT

# editing: two keys selected, the move gizmo at their centre, the inspector
run editor-editing 1280x720 <<SCRIPT
open paths/demo.json
camera 44 16 6
look-at 12 7 -6
select 8-9
SCRIPT

# look-at: the demo path turned to look at targets, the lens on every key
run editor-lookat 1280x720 <<SCRIPT
open paths/demo.json
orientation look-at
select 9
edit focus 24
edit aperture 2.8
camera 62 58 52
look-at 0 2 -45
SCRIPT

# depth of field: a long lens on every key, the focus pulled in to 14 m at key 9; the plane in
# focus in the view, the focus strip in the graph, the preview blurred where it is out of focus
run editor-focus 1280x720 <<SCRIPT
open paths/demo.json
select 0-14
edit fov 30
edit focus 40
edit aperture 1.4
select 9
edit focus 14
seek 24.74
camera 45 22 -5
look-at 12 5 -25
graph on
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

# a real building: a path around the FZK-Haus, one stretch of it straight through the house
cat > "$TMP/house.script" <<SCRIPT
open paths/house.json
scene $HOUSE
speed 3
camera 26 4 10
look-at 6 2 -5
record
camera 12 2.2 9
look-at 6 2 -5
record
camera 6 2.2 -4
look-at 4 2 -12
record
camera 2 2.5 -18
look-at 6 2 -5
record
camera -12 4 -10
look-at 6 2 -5
record
camera -8 3 6
look-at 6 2 -5
record
save
SCRIPT
(cd "$TMP" && "$ED" --script house.script > /dev/null 2>&1)

run editor-scene 1280x720 <<SCRIPT
open paths/house.json
camera 25 12 19
look-at 1 0 -8
select 2
seek 3
SCRIPT

run editor-scene-shot 1280x720 <<SCRIPT
open paths/house.json
seek 1.5
view path
SCRIPT

# the path's sound: a click track at 120 beats per minute (a decaying tone on every beat, louder
# on every fourth), its waveform and beat grid on the timeline, snapping on
python3 - "$TMP/paths/beat.wav" <<'PY'
import math, struct, sys, wave
rate, seconds = 48000, 40
w = wave.open(sys.argv[1], "wb")
w.setnchannels(1); w.setsampwidth(2); w.setframerate(rate)
data = bytearray()
for i in range(rate * seconds):
    t = i / rate
    k, into = divmod(t, 0.5)
    amp = (0.9 if int(k) % 4 == 0 else 0.45) * math.exp(-into * 9)
    data += struct.pack("<h", int(32000 * amp * math.sin(2 * math.pi * 220 * t)))
w.writeframes(bytes(data))
w.close()
PY
python3 - "$TMP/paths/demo.json" "$TMP/paths/audio.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["audio"] = {"file": "beat.wav", "offset": 0.5, "bpm": 120}
json.dump(d, open(sys.argv[2], "w"), indent=1)
PY
run editor-audio <<SCRIPT
open paths/audio.json
camera 62 58 52
look-at 0 2 -45
snap on
select 4
seek 12
SCRIPT

#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/godot.sh - exported glTF files through Godot 3's importer and
# AnimationPlayer (Debian's godot3 package, the editor on a virtual display,
# Xvfb: Godot 3 opens a window on Linux even to import): a project whose
# import settings for scenes are what docs/gltf.md tells a user to set
# (tests/e2e/godot/project.godot: Animation > Fps 120, Optimizer off)
# imports the default export of five paths (the demo path, an unevenly
# timed keys path, Catmull-Rom, smooth timing with holds, a closed loop),
# .glb and for the demo also .gltf; each is played at 24, 30 and 60 frames a
# second and the camera at every frame compared with `campath sample` at
# frame / fps s (tests/e2e/godot/play.gd, tests/e2e/players/compare.py):
# within 1 mm and 1e-3 rad. Two more files of the demo path show what the
# settings are for: with Godot's own defaults (Fps 15, Optimizer on), and
# with the optimizer on at Fps 120, Godot plays it off by more than 1 mm.
#
# Without godot3 or Xvfb the script fails: a check that cannot run has not
# passed (make deps installs them).
set -eu

BUILD=${BUILD:-build}
CAMPATH="$BUILD/campath"
HERE=$(dirname "$0")
. "$HERE/players/paths.sh"

for tool in godot3 Xvfb; do
    if ! command -v $tool >/dev/null 2>&1; then
        echo "godot.sh: $tool not found: the check needs Debian's godot3 and xvfb packages (make deps installs them)" >&2
        exit 1
    fi
done

TMP=$(mktemp -d)
XPID=
cleanup() {
    [ -n "$XPID" ] && kill "$XPID" 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT
player_paths "$TMP"
PROJECT="$TMP/project"
mkdir -p "$PROJECT"
cp "$HERE/godot/project.godot" "$HERE/godot/play.gd" "$PROJECT/"

# JOBS: play.gd's arguments; CHECKS: what compare.py is told
JOBS=""
CHECKS=""
job() { # PATH FILE FPS [--expect-off]
    base="$TMP/$(basename "$2").$3"
    player_sample "$TMP/$1.json" "$3" "$base.csv"
    JOBS="$JOBS --job res://$(basename "$2") $3 $(player_frames "$TMP/$1.json" "$3") $base.poses"
    CHECKS="$CHECKS
$base.csv $base.poses $(basename "$2")@${3}fps ${4:-}"
}
# import settings of one file (FILE.import, as the Import dock writes them)
import_settings() { # FILE FPS OPTIMIZER
    cat >"$PROJECT/$1.import" <<EOF2
[remap]

importer="scene"
type="PackedScene"

[deps]

source_file="res://$1"

[params]

animation/fps=$2
animation/optimizer/enabled=$3
EOF2
}
# GLTF_EXPORT_OPTIONS (say --cubic) shows what another form of export gives
for name in demo uneven catmull_rom holds loop; do
    # shellcheck disable=SC2086 # options are words
    "$CAMPATH" export-gltf "$TMP/$name.json" "$PROJECT/$name.glb" ${GLTF_EXPORT_OPTIONS:-} >/dev/null
    for fps in 24 30 60; do
        job "$name" "$PROJECT/$name.glb" $fps
    done
    cp "$PROJECT/$name.glb" "$PROJECT/${name}_godot_defaults.glb"
    import_settings "${name}_godot_defaults.glb" 15 true
    job "$name" "$PROJECT/${name}_godot_defaults.glb" 24 --expect-off
    cp "$PROJECT/$name.glb" "$PROJECT/${name}_optimizer.glb"
    import_settings "${name}_optimizer.glb" 120 true
    job "$name" "$PROJECT/${name}_optimizer.glb" 24 --expect-off
done
# shellcheck disable=SC2086 # options are words
"$CAMPATH" export-gltf "$TMP/demo.json" "$PROJECT/demo.gltf" ${GLTF_EXPORT_OPTIONS:-} >/dev/null
job demo "$PROJECT/demo.gltf" 24

# a display number no one uses
n=90
while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
Xvfb ":$n" -screen 0 640x480x24 -nolisten tcp >/dev/null 2>&1 &
XPID=$!
sleep 1
# Godot keeps its editor settings and caches under these: in TMP, not the user's
export DISPLAY=":$n" XDG_CONFIG_HOME="$TMP/config" XDG_DATA_HOME="$TMP/data" XDG_CACHE_HOME="$TMP/cache"
godot3 --audio-driver Dummy --path "$PROJECT" --editor --quit >"$TMP/import.log" 2>&1 || true
# shellcheck disable=SC2086 # JOBS is a list of words without blanks
if ! godot3 --audio-driver Dummy --path "$PROJECT" --script play.gd $JOBS >"$TMP/play.log" 2>&1; then
    cat "$TMP/import.log" "$TMP/play.log"
    echo "godot.sh: Godot failed"
    exit 1
fi
status=0
while read -r samples poses label flag; do
    [ -n "$samples" ] || continue
    # shellcheck disable=SC2086 # flag is empty or one word
    python3 "$HERE/players/compare.py" "$samples" "$poses" "$label" 1e-3 1e-3 $flag || status=1
done <<EOF2
$CHECKS
EOF2
[ $status -eq 0 ] || { echo "Godot checks failed"; exit 1; }
echo "Godot checks passed"

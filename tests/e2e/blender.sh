#!/bin/sh
# tests/e2e/blender.sh - baked glTF files through Blender's own importer:
# four paths (keys timing, smooth timing with holds, constant-speed timing,
# a closed smooth loop) exported with `export-gltf --bake 24`, imported by
# Blender (Debian's blender package, run in background mode) into a scene
# at 24 frames a second, and the camera at every frame compared with
# `campath sample` at frame / 24 s (tests/e2e/blender/check_blender.py):
# position within 1e-5 of the path's size, viewing and up directions within
# 1e-5 rad. Blender 3.4 does not read KHR_animation_pointer, so the animated
# field of view is not compared. Without Blender the script fails: a check
# that cannot run has not passed (make deps installs it).
set -eu

BUILD=${BUILD:-build}
CAMPATH="$BUILD/campath"
HERE=$(dirname "$0")
FPS=24

if ! command -v blender >/dev/null 2>&1; then
    echo "blender.sh: blender not found: the check needs Debian's blender and python3-numpy packages" \
        "(make deps installs them)" >&2
    exit 1
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

KEYS='    { "t": 0, "position": [0, 2, 10], "rotation": [0, 0, 0, 1], "fov": 60 },
    { "t": 1, "position": [4, 3, 6], "rotation": [0, 0.3826834323650898, 0, 0.9238795325112867], "fov": 55HOLD1 },
    { "t": 3, "position": [8, 3, 0], "rotation": [0, 0.7071067811865476, 0, 0.7071067811865476], "fov": 40 },
    { "t": 4, "position": [6, 1, -4], "rotation": [0.1, 0.9, 0.05, 0.4], "fov": 45HOLD2 },
    { "t": 6, "position": [8, 2, -8], "rotation": [0, 0.9238795325112867, 0, 0.3826834323650898], "fov": 60 }'

write_path() { # NAME TIMING ENDS PERIOD HOLD1 HOLD2
    period=""
    [ "$4" != "-" ] && period="\"period\": $4,"
    keys=$(printf '%s\n' "$KEYS" | sed "s/HOLD1/$5/; s/HOLD2/$6/")
    cat >"$TMP/$1.json" <<JSON
{
  "campath": 1,
  "name": "$1",
  "ends": "$3", $period
  "timing": "$2",
  "keys": [
$keys
  ]
}
JSON
}
write_path keys keys natural - "" ""
write_path smooth smooth rest - ', "hold": 0.75' ', "hold": 0.5'
write_path constant_speed constant-speed natural - "" ', "hold": 0.5'
write_path loop smooth closed 7.5 "" ""

status=0
for name in keys smooth constant_speed loop; do
    "$CAMPATH" export-gltf "$TMP/$name.json" "$TMP/$name.glb" --bake $FPS >/dev/null
    span=$("$CAMPATH" info "$TMP/$name.json" | awk '$1 == "duration" { print $2 }')
    [ -n "$span" ] || { echo "blender.sh: no duration in campath info $name.json"; exit 1; }
    times=$(awk -v span="$span" -v fps=$FPS 'BEGIN {
        for (i = 0; i <= span * fps + 1e-9; i++) printf "%s%.17g", (i ? "," : ""), i / fps }')
    "$CAMPATH" sample "$TMP/$name.json" --at "$times" >"$TMP/$name.csv"
    if ! blender --background --factory-startup --python-exit-code 1 \
        --python "$HERE/blender/check_blender.py" -- "$TMP/$name.glb" "$TMP/$name.csv" $FPS 1e-5 \
        >"$TMP/$name.log" 2>&1; then
        cat "$TMP/$name.log"
        status=1
    else
        grep "largest deviation" "$TMP/$name.log"
    fi
done
[ $status -eq 0 ] || { echo "Blender checks failed"; exit 1; }
echo "Blender checks passed"

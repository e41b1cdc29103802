# SPDX-License-Identifier: MIT
# tests/e2e/players/paths.sh - the paths that tests/e2e/blender.sh and
# tests/e2e/godot.sh play through other tools' glTF importers, and the poses
# they are compared with. Sourced (sh); needs CAMPATH and HERE set.
#
#   player_paths DIR          writes DIR/NAME.json for each of $PLAYER_PATHS
#   player_frames PATH FPS    the number of frames from 0 s to the path's end
#   player_sample PATH FPS OUT  `campath sample` at frame / FPS s, every frame

# demo: the demo path (smooth timing, 15 keys, 38 s); uneven: keys timing,
# C2, keys 0.8 to 2.7 s apart; catmull_rom: the same keys, Catmull-Rom;
# holds: smooth timing with two holds and rest ends; loop: a closed smooth
# loop; constant_speed: constant-speed timing with a hold
PLAYER_PATHS="demo uneven catmull_rom holds loop constant_speed"

PLAYER_KEYS='    { "t": 0, "position": [0, 2, 10], "rotation": [0, 0, 0, 1], "fov": 60 },
    { "t": 1, "position": [4, 3, 6], "rotation": [0, 0.3826834323650898, 0, 0.9238795325112867], "fov": 55HOLD1 },
    { "t": 3, "position": [8, 3, 0], "rotation": [0, 0.7071067811865476, 0, 0.7071067811865476], "fov": 40 },
    { "t": 4, "position": [6, 1, -4], "rotation": [0.1, 0.9, 0.05, 0.4], "fov": 45HOLD2 },
    { "t": 6, "position": [8, 2, -8], "rotation": [0, 0.9238795325112867, 0, 0.3826834323650898], "fov": 60 }'

player_write() { # DIR NAME TIMING ENDS PERIOD HOLD1 HOLD2
    period=""
    [ "$5" != "-" ] && period="\"period\": $5,"
    keys=$(printf '%s\n' "$PLAYER_KEYS" | sed "s/HOLD1/$6/; s/HOLD2/$7/")
    cat >"$1/$2.json" <<JSON
{
  "campath": 1,
  "name": "$2",
  "ends": "$4", $period
  "timing": "$3",
  "keys": [
$keys
  ]
}
JSON
}

player_paths() { # DIR
    root="$HERE/../.."
    cp "$root/paths/demo.json" "$1/demo.json"
    cp "$root/paths/uneven.json" "$1/uneven.json"
    sed 's/"c2"/"catmull-rom"/g; s/"name": "uneven"/"name": "catmull_rom"/' "$root/paths/uneven.json" \
        >"$1/catmull_rom.json"
    grep -q '"catmull-rom"' "$1/catmull_rom.json" || { echo "paths.sh: no catmull-rom in catmull_rom.json" >&2; return 1; }
    player_write "$1" holds smooth rest - ', "hold": 0.75' ', "hold": 0.5'
    player_write "$1" loop smooth closed 7.5 "" ""
    player_write "$1" constant_speed constant-speed natural - "" ', "hold": 0.5'
}

player_frames() { # PATH FPS
    span=$("$CAMPATH" info "$1" | awk '$1 == "duration" { print $2 }')
    [ -n "$span" ] || { echo "paths.sh: no duration in campath info $1" >&2; return 1; }
    awk -v span="$span" -v fps="$2" 'BEGIN { print int(span * fps + 1e-9) + 1 }'
}

player_sample() { # PATH FPS OUT
    n=$(player_frames "$1" "$2") || return 1
    times=$(awk -v n="$n" -v fps="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s%.17g", (i ? "," : ""), i / fps }')
    "$CAMPATH" sample "$1" --at "$times" >"$3"
}

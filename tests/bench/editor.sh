#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/bench/editor.sh - campath-editor on Mesa's software OpenGL (llvmpipe),
# run by `make bench`:
#   - frame time at 1280x720 with a 10,000-key path shown (HUD, graph and
#     timeline on), in three worlds: the demo town, a real building of about
#     30,000 triangles, and a generated town of a million;
#   - loading those scenes against assimp's own import of the same file, and
#     the memory they take;
#   - flying with the path camera's preview off, drawn every frame (before
#     it was cached) and drawn only when its picture changes (--bench-frames
#     prints the three);
#   - --render-frames throughput at 1280x720 (the shot alone: no overlays),
#     and with depth of field.
# The real building is the FZK-Haus (Karlsruhe Institute of Technology), an
# IFC model that Debian ships in assimp-testmodels (`make deps-bench`).
set -eu
BUILD=${BUILD:-build}
ED="$BUILD/campath-editor"
FRAMES=${EDITOR_BENCH_FRAMES:-120}
HOUSE=${EDITOR_BENCH_BUILDING:-/usr/share/assimp/models/IFC/AC14-FZK-Haus.ifc}
MILLION="$BUILD/bench/million.glb"
if [ ! -f "$HOUSE" ]; then
    echo "editor bench: $HOUSE is missing: install assimp-testmodels (make deps-bench)" >&2
    exit 1
fi
mkdir -p "$BUILD/bench"
[ -f "$MILLION" ] || python3 tests/bench/editor_scene.py "$MILLION"

echo "-- frame time, 1280x720, llvmpipe (targets: the 30k-triangle building under 16 ms, a million triangles under 100 ms)"
"$ED" --bench-frames "$FRAMES" 2>/dev/null
"$ED" --bench-frames "$FRAMES" --scene "$HOUSE" 2>/dev/null
"$ED" --bench-frames "$((FRAMES / 3 + 1))" --scene "$MILLION" 2>/dev/null

echo "-- the shot alone: --render-frames at 1280x720 (the world, no overlays, PNG written)"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$ED" --render-frames "$TMP/demo" --fps 10 paths/demo.json 2>/dev/null
cat > "$TMP/house.script" <<SCRIPT
open $TMP/house.json
scene $HOUSE
camera 22 6 22
look-at 5 2 -4
record
camera 10 3 12
look-at 5 2 -4
record
camera -6 4 6
look-at 5 2 -4
record
save
SCRIPT
"$ED" --script "$TMP/house.script" 2>/dev/null
"$ED" --render-frames "$TMP/house" --fps 30 "$TMP/house.json" 2>/dev/null
echo "-- the same shot with depth of field (focus 12 m, f/2 on every key: the blur pass over every frame)"
sed 's/"fov": \([0-9][0-9.e+-]*\)/"fov": \1, "focus": 12, "aperture": 2/g' "$TMP/house.json" > "$TMP/house_lens.json"
grep -q '"aperture"' "$TMP/house_lens.json" || { echo "editor bench: no lens added to the house path" >&2; exit 1; }
"$ED" --render-frames "$TMP/house_lens" --fps 30 "$TMP/house_lens.json" 2>/dev/null

echo "-- loading: the editor's import against assimp's own, best of 3"
"$ED" --bench-load "$HOUSE" 2>/dev/null
"$ED" --bench-load "$MILLION" 2>/dev/null

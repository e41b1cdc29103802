#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/editor_dof.sh - depth of field in --render-frames: a near and a
# far checkerboard, seen from one place while the focus moves from the near
# one to the far one; the board in focus is measured sharper (its local
# contrast, tests/e2e/pixels.py) than the other, and the two trade places.
# A path without focus and aperture renders as a lens that blurs nothing:
# the same bytes. The window's preview of the path camera, drawn once and
# copied while its picture stays, is the preview drawn afresh after the
# free camera moves, after a seek and after an edit of the lens. The view
# shows the plane in focus (a cyan outline) only where the path has a lens.
set -eu

. tests/tools/editor_env.sh
editor_start
PX="python3 tests/e2e/pixels.py"

# two boards of 8 x 8 squares, black and white: 1 m wide 3 m away on the
# left, 10 m wide 30 m away on the right (each about 110 pixels across at
# 640x360 and a 30 degree fov)
python3 - "$TMP" <<'PY'
import sys
d = sys.argv[1]
with open(d + "/boards.mtl", "w") as f:
    f.write("newmtl white\nKd 0.95 0.95 0.95\nnewmtl black\nKd 0.05 0.05 0.05\n")
v, faces = [], {"white": [], "black": []}
def board(cx, cy, z, size):
    s = size / 8.0
    for i in range(8):
        for j in range(8):
            x0, y0 = cx - size / 2 + i * s, cy - size / 2 + j * s
            n = len(v)
            v.extend([(x0, y0, z), (x0 + s, y0, z), (x0 + s, y0 + s, z), (x0, y0 + s, z)])
            faces["white" if (i + j) % 2 else "black"].append((n + 1, n + 2, n + 3, n + 4))
board(-0.6, 1.0, -3.0, 1.0)
board(6.0, 1.0, -30.0, 10.0)
with open(d + "/boards.obj", "w") as f:
    f.write("mtllib boards.mtl\no boards\n")
    for p in v:
        f.write("v %g %g %g\n" % p)
    for m, fs in faces.items():
        f.write("usemtl %s\n" % m)
        for q in fs:
            f.write("f %d %d %d %d\n" % q)
PY
# path FILE FOCUS0 FOCUS1 APERTURE: two keys at one pose, 1 s apart; FOCUS0 "-": no lens
path() {
    lens0="" lens1=""
    if [ "$2" != - ]; then
        lens0=", \"focus\": $2, \"aperture\": $4" lens1=", \"focus\": $3, \"aperture\": $4"
    fi
    cat > "$1" <<JSON
{"campath": 1, "scene": "boards.obj", "keys": [
  {"t": 0, "position": [0, 1, 0], "rotation": [0, 0, 0, 1], "fov": 30$lens0},
  {"t": 1, "position": [0, 1, 0], "rotation": [0, 0, 0, 1], "fov": 30$lens1}]}
JSON
}
render() { # render NAME: the path $TMP/NAME.json into $TMP/NAME/, frames 0 (t = 0) and 1 (t = 1)
    if ! timeout 120 "$ED" --render-frames "$TMP/$1" --fps 1 --size 640x360 "$TMP/$1.json" > "$TMP/$1.out" 2>&1; then
        bad "render $1: $(cat "$TMP/$1.out")"
        editor_done
    fi
}
near() { $PX contrast "$1" 90 110 280 250; }   # the near board's squares
far() { $PX contrast "$1" 360 110 550 250; }   # the far board's

path "$TMP/pull.json" 3 30 1
render pull
n0=$(near "$TMP/pull/frame_00000.png") f0=$(far "$TMP/pull/frame_00000.png")
n1=$(near "$TMP/pull/frame_00001.png") f1=$(far "$TMP/pull/frame_00001.png")
path "$TMP/sharp.json" - - -
render sharp
ns=$(near "$TMP/sharp/frame_00000.png") fs=$(far "$TMP/sharp/frame_00000.png")
echo "local contrast, near / far board: no lens $ns / $fs; focus at 3 m $n0 / $f0; focus at 30 m $n1 / $f1"
# in focus: within a tenth of the sharp picture's; out of focus: under half of it
if python3 -c "import sys; ns, fs, n0, f0, n1, f1 = map(float, sys.argv[1:]); sys.exit(not (
        n0 > 0.9 * ns and f0 < 0.5 * fs and f1 > 0.9 * fs and n1 < 0.5 * ns and ns > 1 and fs > 1))" \
        "$ns" "$fs" "$n0" "$f0" "$n1" "$f1"; then
    ok "the board in focus is sharp and the other blurred, and they trade places as the focus moves"
else
    bad "sharpness does not follow the focus (numbers above)"
fi

# a lens that blurs nothing (f/1000000: under a thousandth of a pixel) gives the bytes of no lens
path "$TMP/pinhole.json" 3 30 1000000
render pinhole
if cmp -s "$TMP/sharp/frame_00000.png" "$TMP/pinhole/frame_00000.png" &&
    cmp -s "$TMP/sharp/frame_00001.png" "$TMP/pinhole/frame_00001.png"; then
    ok "a path without focus and aperture renders the bytes of a lens that blurs nothing"
else
    bad "a path without a lens differs from a lens that blurs nothing"
fi

# ---- the preview, copied from its cache ------------------------------------------------------------
cp paths/demo.json "$TMP/preview.json"
preview() { # preview NAME STEPS...: the demo path, a screenshot after the steps
    name=$1; shift
    { echo "open $TMP/preview.json"; echo "camera 30 30 20"; echo "look-at 0 6 -20"
      for step in "$@"; do echo "$step"; done; echo "screenshot $TMP/$name.png"; } > "$TMP/$name.script"
    timeout 120 "$ED" --size 640x400 --script "$TMP/$name.script" > "$TMP/out" 2>&1 || bad "preview script $name: $(cat "$TMP/out")"
}
preview cached_fly "screenshot $TMP/p0.png" "camera 20 25 30"
preview fresh_fly "camera 20 25 30"
preview cached_seek "screenshot $TMP/p0.png" "seek 12"
preview fresh_seek "seek 12"
preview cached_lens "screenshot $TMP/p0.png" "seek 12" "screenshot $TMP/p1.png" "select 0-14" "edit fov 30" "edit focus 8" \
    "edit aperture 1.4"
preview fresh_lens "seek 12" "select 0-14" "edit fov 30" "edit focus 8" "edit aperture 1.4"
if cmp -s "$TMP/cached_fly.png" "$TMP/fresh_fly.png" && cmp -s "$TMP/cached_seek.png" "$TMP/fresh_seek.png" &&
    cmp -s "$TMP/cached_lens.png" "$TMP/fresh_lens.png" && ! cmp -s "$TMP/p1.png" "$TMP/cached_lens.png"; then
    ok "the preview from its cache is the preview drawn afresh, after flying, a seek and an edit of the lens"
else
    bad "the preview from its cache differs from a fresh one"
fi
# ---- the plane in focus in the view ------------------------------------------------------------------
marker() { # marker NAME STEPS...: the demo path seen from beside the path camera at 24.74 s
    name=$1; shift
    { echo "open $TMP/preview.json"; echo "select 0-14"; echo "edit fov 30"
      for step in "$@"; do echo "$step"; done
      echo "select none"; echo "seek 24.74"; echo "camera 40 15 -10"; echo "look-at 12 5 -25"
      echo "screenshot $TMP/$name.png"; } > "$TMP/$name.script"
    timeout 120 "$ED" --size 960x540 --script "$TMP/$name.script" > "$TMP/out" 2>&1 || bad "marker script $name: $(cat "$TMP/out")"
}
marker lensless
marker lens "edit focus 14" "edit aperture 2"
with=$($PX count "$TMP/lens.png" 120 220 255 8) without=$($PX count "$TMP/lensless.png" 120 220 255 8)
if [ "$with" -gt 100 ] && [ "$without" -eq 0 ]; then
    ok "the plane in focus is drawn in the view ($with pixels of its colour; none without a lens)"
else
    bad "the plane in focus: $with pixels of its colour with a lens, $without without"
fi
editor_done

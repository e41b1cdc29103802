#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/gltf_cli.sh - `campath export-gltf` and `campath import-gltf`:
# the round trip through a file gives back the same samples, files without
# the embedded path come back with their interpolation recognised (a linear
# path through the default form's samples, the path's own interpolation
# from --cubic), and bad input fails with exit status 1 and a message that
# names the problem.
set -eu

BUILD=${BUILD:-build}
CAMPATH="$BUILD/campath"
DATA=tests/data/gltf
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}

cat >"$TMP/loop.json" <<'JSON'
{
  "campath": 1,
  "name": "loop",
  "interpolation": { "position": "c2", "rotation": "c2", "fov": "catmull-rom" },
  "ends": "closed",
  "period": 9,
  "keys": [
    { "t": 0.0, "position": [0, 2, 10], "rotation": [0, 0, 0, 1], "fov": 60 },
    { "t": 1.7, "position": [7, 3, 5], "rotation": [0, 0.5, 0, 0.8660254037844386], "fov": 50 },
    { "t": 4.1, "position": [6, 1, -6], "rotation": [0.1, 0.9, 0, 0.3], "fov": 45 },
    { "t": 6.0, "position": [-5, 2, -3], "rotation": [0, 0.9659258262890683, 0, -0.25881904510252074], "fov": 55 }
  ]
}
JSON

# errors: exit status 1 and a message that says what is wrong
expect_error() { # EXPECTED-TEXT ARGS...
    want=$1
    shift
    if "$CAMPATH" import-gltf "$@" "$TMP/never.json" >/dev/null 2>"$TMP/err.txt"; then
        fail "import-gltf $* succeeded"
    else
        rc=$?
    fi
    [ "$rc" -eq 1 ] || fail "import-gltf $*: exit status $rc, expected 1"
    grep -qF "$want" "$TMP/err.txt" || fail "import-gltf $*: expected '$want', got: $(cat "$TMP/err.txt")"
    [ ! -e "$TMP/never.json" ] || fail "import-gltf $* wrote a file"
}

# --help works and exits 0
"$CAMPATH" export-gltf --help | grep -q "usage: campath export-gltf" || fail "export-gltf --help"
"$CAMPATH" import-gltf --help | grep -q "usage: campath import-gltf" || fail "import-gltf --help"

# round trip through the embedded exact path
"$CAMPATH" export-gltf "$TMP/loop.json" "$TMP/loop.gltf" --aspect 1.7777777777777777 >"$TMP/out.txt"
grep -q "loop.gltf: 4 keys" "$TMP/out.txt" || fail "export-gltf summary: $(cat "$TMP/out.txt")"
grep -q '"aspectRatio": 1.7777777777777777}' "$TMP/loop.gltf" || fail "--aspect is not the aspectRatio"
! grep -q '"zfar"' "$TMP/loop.gltf" || fail "--aspect set zfar"
# --bake: LINEAR keys at every frame, and the exact path back
"$CAMPATH" export-gltf "$TMP/loop.json" "$TMP/baked.gltf" --bake 24 >"$TMP/out.txt"
grep -q "baked$" "$TMP/out.txt" || fail "export-gltf --bake summary: $(cat "$TMP/out.txt")"
grep -q '"interpolation": "LINEAR"' "$TMP/baked.gltf" || fail "--bake wrote no LINEAR sampler"
"$CAMPATH" import-gltf "$TMP/baked.gltf" "$TMP/baked.json" | grep -q "the exact path embedded by campath" ||
    fail "the baked file's embedded path was not used"
"$CAMPATH" import-gltf "$TMP/loop.gltf" "$TMP/back.json" >"$TMP/out.txt"
grep -q "the exact path embedded by campath (position c2, rotation c2, fov catmull-rom, closed ends)" "$TMP/out.txt" ||
    fail "import-gltf summary: $(cat "$TMP/out.txt")"
"$CAMPATH" sample "$TMP/loop.json" --rate 50 >"$TMP/a.csv"
"$CAMPATH" sample "$TMP/back.json" --rate 50 >"$TMP/b.csv"
# every number within 1e-9 (relative, or absolute near zero)
paste -d, "$TMP/a.csv" "$TMP/b.csv" | awk -F, 'NR > 1 {
    n = NF / 2
    for (i = 1; i <= n; i++) {
        a = $i; b = $(i + n); d = a - b; if (d < 0) d = -d
        m = a < 0 ? -a : a; if (m < 1) m = 1
        if (d > 1e-9 * m) { printf "row %d column %d: %s vs %s\n", NR, i, a, b; bad = 1; exit 1 }
    }
} END { exit bad }' || fail "round trip samples differ"

# binary glTF: chosen by the extension, read back to the same path file
"$CAMPATH" export-gltf "$TMP/loop.json" "$TMP/loop.glb" >/dev/null
[ "$(head -c 4 "$TMP/loop.glb")" = "glTF" ] || fail "loop.glb is not a GLB"
"$CAMPATH" import-gltf "$TMP/loop.glb" "$TMP/back_glb.json" >"$TMP/out.txt"
grep -q "the exact path embedded by campath" "$TMP/out.txt" || fail "import of loop.glb: $(cat "$TMP/out.txt")"
cmp -s "$TMP/back.json" "$TMP/back_glb.json" || fail "the .glb and the .gltf import differently"

# a buffer URI that leads out of the glTF's folder is refused, and says nothing of the target
mkdir "$TMP/in"
sed 's|"frames.bin"|"../secret.bin"|' "$DATA/external_buffer.gltf" >"$TMP/in/cam.gltf"
cp "$DATA/frames.bin" "$TMP/secret.bin"
expect_error "buffers[0].uri '../secret.bin': refers to a file outside the folder of the glTF file" "$TMP/in/cam.gltf"
sed 's|"frames.bin"|"fifo.bin"|' "$DATA/external_buffer.gltf" >"$TMP/in/fifo.gltf"
mkfifo "$TMP/in/fifo.bin"
expect_error "buffers[0].uri 'fifo.bin': not a regular file" "$TMP/in/fifo.gltf"

# without the embedded path: the float data, interpolation recognised; the
# default form's LINEAR samples come back as a linear path through them,
# --cubic's curves as the path's own interpolation
"$CAMPATH" export-gltf "$TMP/loop.json" "$TMP/plain.gltf" --no-extras >"$TMP/out.txt"
grep -q "LINEAR samples$" "$TMP/out.txt" || fail "export-gltf summary: $(cat "$TMP/out.txt")"
grep -q '"extras"' "$TMP/plain.gltf" && fail "--no-extras still wrote extras"
grep -q '"CUBICSPLINE"' "$TMP/plain.gltf" && fail "the default form wrote a CUBICSPLINE sampler"
"$CAMPATH" import-gltf "$TMP/plain.gltf" "$TMP/plain.json" >"$TMP/out.txt"
grep -q "interpolation recognised (position linear, rotation linear, fov linear, closed ends)" "$TMP/out.txt" ||
    fail "import of float data: $(cat "$TMP/out.txt")"
"$CAMPATH" export-gltf "$TMP/loop.json" "$TMP/cubic.gltf" --no-extras --cubic >"$TMP/out.txt"
grep -q "its own curves$" "$TMP/out.txt" || fail "export-gltf --cubic summary: $(cat "$TMP/out.txt")"
"$CAMPATH" import-gltf "$TMP/cubic.gltf" "$TMP/cubic.json" >"$TMP/out.txt"
grep -q "interpolation recognised (position c2, rotation c2, fov catmull-rom, closed ends)" "$TMP/out.txt" ||
    fail "import of float data: $(cat "$TMP/out.txt")"

expect_error "no node has a camera" "$DATA/no_camera.gltf"
expect_error "scales node 0 'cam'" "$DATA/scale.gltf"
expect_error "refit to rebuild C2 tangents" "$DATA/foreign_tangents.gltf"
expect_error "no node named 'nope' (camera nodes: node 0 'cam')" "$DATA/two_nodes.gltf" --node nope
expect_error "missing.gltf: cannot open: not found" "$TMP/missing.gltf"
"$CAMPATH" import-gltf "$DATA/foreign_tangents.gltf" "$TMP/refit.json" --refit | grep -q "refit as C2" ||
    fail "import-gltf --refit"
"$CAMPATH" import-gltf "$DATA/two_nodes.gltf" "$TMP/node.json" --node 0 >/dev/null || fail "import-gltf --node 0"

# usage errors exit 2
set +e
"$CAMPATH" export-gltf "$TMP/loop.json" 2>/dev/null
rc=$?
set -e
[ $rc -eq 2 ] || fail "export-gltf with one argument: exit status $rc, expected 2"
echo "glTF command checks passed"

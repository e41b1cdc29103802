#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/import_scene.sh - `campath import-scene`: a camera animated in
# Blender and exported with Blender's own exporters, read back through
# assimp and compared with Blender's camera at every frame.
#
# tests/e2e/import_scene_blender.py builds the scene (a camera under an
# empty with its own location, a rotation that turns and a scale; the
# camera's location, rotation and focal length keyed) and exports it as FBX
# and COLLADA; tests/e2e/import_scene_compare.py compares `campath sample`
# of each imported path at every frame's time with Blender's world matrix
# there: within 0.1 mm and 1e-5 rad (measured: under 6e-6 m and 1.1e-6 rad,
# what the files' and assimp's single precision leaves), and the field of
# view within 1e-4 degrees of Blender's at the first frame (assimp reads no
# animated camera property: docs/cli.md). The same comparison one frame off
# must fail (the check can tell). Then: a campath path through glTF and
# back; a glTF whose channels have keys at different times (the union of
# the times, the other channel linear or slerped there, as assimp defines
# it); an imported file as a shot of a sequence; and the errors (several
# cameras, a camera without animation, a name that is not there, a file
# assimp cannot read, KHR_animation_pointer, an orthographic camera, a
# mirroring parent, scene bombs, usage), none of which writes its output.
#
# Time: about 4 s of processor time, half of it Blender's; 8 s on the
# clock on two idle cores (Blender 1.3 s of it), 22 s on two busy ones.
#
# Without Blender the script fails: a check that cannot run has not passed
# (make deps installs it).
set -eu

BUILD=${BUILD:-build}
CAMPATH="$BUILD/campath"
HERE=$(dirname "$0")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}

if ! command -v blender >/dev/null 2>&1; then
    echo "import_scene.sh: blender not found: the check needs Debian's blender package (make deps installs it)" >&2
    exit 1
fi

# ---- the scene, from Blender -------------------------------------------------------------
start=$(date +%s.%N)
if ! blender --background --factory-startup --python-exit-code 1 --python "$HERE/import_scene_blender.py" -- "$TMP" \
    >"$TMP/blender.log" 2>&1; then
    cat "$TMP/blender.log"
    fail "Blender could not make the scene"
fi
echo "ok: Blender made shot.fbx, shot.dae, two.fbx and still.fbx in $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s"

# frame f of Blender's 0..48 at 24 frames a second is at f / 24 s
TIMES=$(python3 -c "print(','.join(repr(f / 24) for f in range(49)))")
status=0
for fmt in fbx dae; do
    "$CAMPATH" import-scene "$TMP/shot.$fmt" "$TMP/shot_$fmt.json" >"$TMP/out" 2>&1 ||
        { cat "$TMP/out"; fail "import-scene shot.$fmt"; }
    grep -q "camera 'Shot', 49 keys over 2 s" "$TMP/out" || { cat "$TMP/out"; fail "shot.$fmt: not 49 keys over 2 s"; }
    # the keys are the files' keys: one a frame, at the frame's time (to 1e-6 s: COLLADA's are single precision)
    python3 - "$TMP/shot_$fmt.json" <<'EOF' || fail "shot.$fmt: key times are not the frames'"
import json, sys
keys = json.load(open(sys.argv[1]))["keys"]
bad = [(i, k["t"]) for i, k in enumerate(keys) if abs(k["t"] - i / 24) > 1e-6]
print("keys at", "frames' times" if not bad else bad[:3])
sys.exit(1 if bad or len(keys) != 49 else 0)
EOF
    "$CAMPATH" sample "$TMP/shot_$fmt.json" --at "$TIMES" >"$TMP/$fmt.csv"
    python3 "$HERE/import_scene_compare.py" "$TMP/blender.txt" "$TMP/$fmt.csv" "shot.$fmt" 1e-4 1e-5 1e-4 \
        --fov-frame 0 || status=1
done
# the control: one frame late, the same comparison must see it
LATE=$(python3 -c "print(','.join(repr((f + 1) / 24) for f in range(49)))")
"$CAMPATH" sample "$TMP/shot_fbx.json" --at "$LATE" >"$TMP/late.csv"
python3 "$HERE/import_scene_compare.py" "$TMP/blender.txt" "$TMP/late.csv" "shot.fbx one frame late" 1e-4 1e-5 1e-4 \
    --fov-frame 0 --expect-off || status=1
[ $status -eq 0 ] || fail "the imported cameras are not Blender's"

# ---- several cameras: the one named ------------------------------------------------------------
"$CAMPATH" import-scene "$TMP/two.fbx" "$TMP/two.json" --camera Shot >/dev/null || fail "two.fbx --camera Shot"
"$CAMPATH" sample "$TMP/two.json" --at "$TIMES" >"$TMP/two.csv"
python3 "$HERE/import_scene_compare.py" "$TMP/blender.txt" "$TMP/two.csv" "two.fbx --camera Shot" 1e-4 1e-5 1e-4 \
    --fov-frame 0 >/dev/null || fail "two.fbx --camera Shot is not Blender's camera"
echo "ok: two.fbx --camera Shot reads the camera named"

# ---- glTF: a campath path exported and read back through assimp ------------------------------
# (a constant field of view: campath animates a changing one with KHR_animation_pointer, which
# assimp 5.2 misreads, and import-scene refuses it: see the errors below)
cat >"$TMP/flight.json" <<'JSON'
{
  "campath": 1,
  "name": "flight",
  "keys": [
    { "t": 0.0, "position": [0, 2, 10], "rotation": [0, 0, 0, 1], "fov": 50 },
    { "t": 1.5, "position": [7, 3, 5], "rotation": [0, 0.5, 0, 0.8660254037844386], "fov": 50 },
    { "t": 4.0, "position": [6, 1, -6], "rotation": [0.1, 0.9, 0, 0.3], "fov": 50 },
    { "t": 6.0, "position": [-5, 2, -3], "rotation": [0, 0.9659258262890683, 0, -0.25881904510252074], "fov": 50 }
  ]
}
JSON
"$CAMPATH" export-gltf "$TMP/flight.json" "$TMP/flight.glb" --bake 24 >/dev/null
"$CAMPATH" import-scene "$TMP/flight.glb" "$TMP/flight_back.json" >/dev/null || fail "import-scene flight.glb"
FLIGHT=$(python3 -c "print(','.join(repr(f / 24) for f in range(145)))")
"$CAMPATH" sample "$TMP/flight.json" --at "$FLIGHT" >"$TMP/flight_want.csv"
"$CAMPATH" sample "$TMP/flight_back.json" --at "$FLIGHT" >"$TMP/flight_got.csv"
python3 - "$TMP/flight_want.csv" "$TMP/flight_got.csv" <<'EOF' || fail "flight.glb read back is not the path"
import math, sys
rows = []
for name in sys.argv[1:]:
    with open(name) as f:
        head = f.readline().strip().split(",")
        rows.append([dict(zip(head, map(float, line.split(",")))) for line in f])
pos = max(math.dist([a["px"], a["py"], a["pz"]], [b["px"], b["py"], b["pz"]]) for a, b in zip(*rows))
rot = max(2 * math.acos(min(1, abs(sum(a[c] * b[c] for c in ("qx", "qy", "qz", "qw"))))) for a, b in zip(*rows))
fov = max(abs(a["fov"] - b["fov"]) for a, b in zip(*rows))
ok = len(rows[0]) == len(rows[1]) == 145 and pos <= 1e-4 and rot <= 1e-4 and fov <= 1e-4
print(f"{'ok' if ok else 'FAIL'}: flight.glb through assimp: largest error {pos:.3g} m, {rot:.3g} rad, {fov:.3g} deg"
      " at 145 frames (tolerance 1e-4 each)")
sys.exit(0 if ok else 1)
EOF

# ---- the rule between keys: channels with keys at different times ------------------------------
# A glTF made here: a camera node under a turned and moved parent, its translation keyed at 0, 1
# and 2 s and its rotation at 0, 0.5 and 2 s. The path has a key at each of 0, 0.5, 1 and 2 s,
# where the other channel is sampled as assimp does (linear, and the shorter slerp), and the
# vertical field of view from the glTF camera's yfov and aspect ratio.
python3 - "$TMP/rule.gltf" <<'EOF'
import base64, json, math, struct, sys
def axis_angle(x, y, z, a):
    return [x * math.sin(a / 2), y * math.sin(a / 2), z * math.sin(a / 2), math.cos(a / 2)]
t_times, t_values = [0, 1, 2], [0, 0, 0, 2, 0, 0, 2, 2, 0]
r_times, r_values = [0, 0.5, 2], [0, 0, 0, 1] + axis_angle(0, 1, 0, 1.2) + axis_angle(1, 0, 0, 1.0)
parts = [struct.pack("<3f", *t_times), struct.pack("<9f", *t_values), struct.pack("<3f", *r_times),
         struct.pack("<12f", *r_values)]
views, offset = [], 0
for p in parts:
    views.append({"buffer": 0, "byteOffset": offset, "byteLength": len(p)})
    offset += len(p)
doc = {
    "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
    "nodes": [{"name": "Arm", "translation": [1, 0.5, -2], "rotation": axis_angle(0, 1, 0, math.pi / 2),
               "children": [1]},
              {"name": "Cam", "camera": 0}],
    "cameras": [{"type": "perspective", "perspective": {"yfov": 0.8, "aspectRatio": 1.5, "znear": 0.1}}],
    "accessors": [
        {"bufferView": 0, "componentType": 5126, "count": 3, "type": "SCALAR", "min": [0], "max": [2]},
        {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"},
        {"bufferView": 2, "componentType": 5126, "count": 3, "type": "SCALAR", "min": [0], "max": [2]},
        {"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC4"}],
    "bufferViews": views,
    "buffers": [{"byteLength": offset,
                 "uri": "data:application/octet-stream;base64," + base64.b64encode(b"".join(parts)).decode()}],
    "animations": [{"name": "move",
                    "samplers": [{"input": 0, "output": 1}, {"input": 2, "output": 3}],
                    "channels": [{"sampler": 0, "target": {"node": 1, "path": "translation"}},
                                 {"sampler": 1, "target": {"node": 1, "path": "rotation"}}]}],
}
json.dump(doc, open(sys.argv[1], "w"))
EOF
"$CAMPATH" import-scene "$TMP/rule.gltf" "$TMP/rule.json" >/dev/null || fail "import-scene rule.gltf"
# and two that are refused below: an orthographic camera, a parent that mirrors
python3 - "$TMP/rule.gltf" "$TMP/ortho.gltf" "$TMP/mirror.gltf" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
ortho = json.loads(json.dumps(doc))
ortho["cameras"] = [{"type": "orthographic", "orthographic": {"xmag": 2, "ymag": 1, "znear": 0.1, "zfar": 10}}]
json.dump(ortho, open(sys.argv[2], "w"))
doc["nodes"][0]["scale"] = [-1, 1, 1]
json.dump(doc, open(sys.argv[3], "w"))
EOF
python3 - "$TMP/rule.json" <<'EOF' || fail "rule.gltf: the keys are not assimp's rule"
import json, math, sys
def axis_angle(x, y, z, a):
    return [x * math.sin(a / 2), y * math.sin(a / 2), z * math.sin(a / 2), math.cos(a / 2)]
def mul(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return [aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz]
def rotate(q, v):
    x, y, z, _ = mul(mul(q, v + [0]), [-q[0], -q[1], -q[2], q[3]])
    return [x, y, z]
def slerp(a, b, f):
    d = sum(x * y for x, y in zip(a, b))
    if d < 0:
        b, d = [-x for x in b], -d
    th = math.acos(min(1, d))
    wa, wb = math.sin((1 - f) * th) / math.sin(th), math.sin(f * th) / math.sin(th)
    return [wa * x + wb * y for x, y in zip(a, b)]
arm_q, arm_t = axis_angle(0, 1, 0, math.pi / 2), [1, 0.5, -2]
q0, q1, q2 = [0, 0, 0, 1], axis_angle(0, 1, 0, 1.2), axis_angle(1, 0, 0, 1.0)
want = [(0, [0, 0, 0], q0), (0.5, [1, 0, 0], q1), (1, [2, 0, 0], slerp(q1, q2, 1 / 3)), (2, [2, 2, 0], q2)]
keys = json.load(open(sys.argv[1]))["keys"]
worst_p = worst_q = worst_f = 0
for k, (t, p, q) in zip(keys, want):
    wp = [a + b for a, b in zip(rotate(arm_q, p), arm_t)]
    wq = mul(arm_q, q)
    worst_p = max(worst_p, math.dist(k["position"], wp), abs(k["t"] - t))
    worst_q = max(worst_q, 1 - abs(sum(a * b for a, b in zip(k["rotation"], wq))))
    worst_f = max(worst_f, abs(k["fov"] - math.degrees(0.8)))
ok = len(keys) == 4 and worst_p < 1e-6 and worst_q < 1e-9 and worst_f < 1e-5
print(f"{'ok' if ok else 'FAIL'}: rule.gltf: {len(keys)} keys at 0, 0.5, 1, 2 s, the other channel linear or slerped"
      f" there (largest error {worst_p:.2g} m or s, 1 - |q.q'| {worst_q:.2g}, fov {worst_f:.2g} deg)")
sys.exit(0 if ok else 1)
EOF

# ---- an imported file as a shot of a sequence ----------------------------------------------------
cat >"$TMP/cut.json" <<'JSON'
{
  "campath": 1,
  "name": "cut",
  "shots": [
    { "path": "shot_fbx.json", "from": 0, "to": 1.5 },
    { "path": "shot_dae.json", "from": 0.5, "to": 2, "blend": 0.5 },
    { "path": "flight_back.json", "from": 1, "to": 3 }
  ]
}
JSON
"$CAMPATH" validate "$TMP/cut.json" >"$TMP/out" 2>&1 || { cat "$TMP/out"; fail "validate a sequence of imported shots"; }
"$CAMPATH" sample "$TMP/cut.json" --at 0.25,2.75 >"$TMP/cut.csv" || fail "sample the sequence"
python3 - "$TMP/cut.csv" "$TMP/fbx.csv" <<'EOF' || fail "the sequence does not play the imported shot"
import sys
with open(sys.argv[1]) as f:
    head = f.readline().strip().split(",")
    cut = [dict(zip(head, map(float, line.split(",")))) for line in f]
with open(sys.argv[2]) as f:
    head = f.readline().strip().split(",")
    shot = [dict(zip(head, map(float, line.split(",")))) for line in f]
# sequence time 0.25 s is shot 0 at 0.25 s: frame 6 of the FBX camera
ok = cut[0]["shot"] == 0 and cut[1]["shot"] == 2 and all(abs(cut[0][c] - shot[6][c]) < 1e-12 for c in ("px", "py", "pz"))
print(f"{'ok' if ok else 'FAIL'}: a sequence of imported shots validates and plays them (shots {cut[0]['shot']:g},"
      f" {cut[1]['shot']:g})")
sys.exit(0 if ok else 1)
EOF

# ---- errors: exit status 1, a message naming the file and the camera, nothing written ------------------
echo "untouched" >"$TMP/kept.json"
expect_error() { # STATUS EXPECTED-TEXT ARGS...
    want_status=$1 want=$2
    shift 2
    set +e
    "$CAMPATH" import-scene "$@" >"$TMP/out" 2>&1
    got=$?
    set -e
    [ "$got" -eq "$want_status" ] || { cat "$TMP/out"; fail "import-scene $*: exit status $got, expected $want_status"; }
    grep -qF -- "$want" "$TMP/out" || { cat "$TMP/out"; fail "import-scene $*: no '$want' in the message"; }
    [ "$(cat "$TMP/kept.json")" = "untouched" ] || fail "import-scene $*: wrote its output on an error"
    echo "ok: import-scene $(echo "$*" | sed "s|$TMP/||g"): $(head -n 1 "$TMP/out" | sed "s|$TMP/||g" | cut -c1-150)"
}
expect_error 1 "two.fbx: 2 cameras, name one with --camera: 'Shot', 'Still'" "$TMP/two.fbx" "$TMP/kept.json"
expect_error 1 "still.fbx: camera 'Shot' has no animation" "$TMP/still.fbx" "$TMP/kept.json" --camera Shot
expect_error 1 "two.fbx: no camera 'Nope'; the scene's cameras: 'Shot', 'Still'" "$TMP/two.fbx" "$TMP/kept.json" \
    --camera Nope
printf 'Kaydara FBX Binary  \0 this is not a scene' >"$TMP/broken.fbx"
expect_error 1 "broken.fbx: " "$TMP/broken.fbx" "$TMP/kept.json"
expect_error 1 "missing.dae: " "$TMP/missing.dae" "$TMP/kept.json"
"$CAMPATH" export-gltf paths/demo.json "$TMP/zoom.gltf" >/dev/null
expect_error 1 "zoom.gltf: it animates with KHR_animation_pointer" "$TMP/zoom.gltf" "$TMP/kept.json"
expect_error 1 "ortho.gltf: camera 'Cam' is orthographic" "$TMP/ortho.gltf" "$TMP/kept.json"
expect_error 1 "mirror.gltf: camera 'Cam' at 0 s: a transform above it mirrors" "$TMP/mirror.gltf" "$TMP/kept.json"
python3 tests/data/scenes/make_bombs.py "$TMP/bombs" dag.gltf deep.gltf >/dev/null
expect_error 1 "over the editor's limit of 200000" "$TMP/bombs/dag.gltf" "$TMP/kept.json"
expect_error 1 "over the editor's limit of 1000 levels" "$TMP/bombs/deep.gltf" "$TMP/kept.json"
expect_error 2 "usage: campath import-scene FILE OUT.json [--camera NAME]" "$TMP/two.fbx"
expect_error 2 "unknown option '--node'" "$TMP/two.fbx" "$TMP/kept.json" --node Shot
expect_error 2 "--camera needs a camera's name" "$TMP/two.fbx" "$TMP/kept.json" --camera
"$CAMPATH" import-scene --help | grep -q "vertical field of view" || fail "import-scene --help"
echo "import-scene checks passed"

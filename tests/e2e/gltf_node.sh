#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/gltf_node.sh - exported glTF files against the Khronos glTF
# Validator and three.js (GLTFLoader + AnimationMixer), both from the npm
# registry, installed from tests/e2e/node/package-lock.json into
# $BUILD/node once (tests/tools/npm_ci.sh: without the registry the script
# fails with one line that says so). For each kind of path: export-gltf to
# .gltf and to .glb, in the default form (LINEAR samples within 1e-4) and
# with --cubic, validate (no errors), and compare three.js's animation with
# `campath sample` at 1,000 times (the default form within its bound,
# --cubic within 1e-5). Node.js and npm come from Debian (`make deps`
# installs them); without them the script fails: a check that cannot run
# has not passed.
set -eu

BUILD=${BUILD:-build}
CAMPATH="$BUILD/campath"
HERE=$(dirname "$0")

for tool in node npm; do
    if ! command -v $tool >/dev/null 2>&1; then
        echo "gltf_node.sh: $tool not found: the glTF validator and three.js checks need Debian's nodejs and npm" \
            "packages (make deps installs them)" >&2
        exit 1
    fi
done

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Without the registry the check fails with one line that says what to do,
# not npm's stack: shown here against a registry that refuses (with an
# empty cache, so that nothing is served from it, and no retries).
if npm_config_registry=http://127.0.0.1:9/ npm_config_cache="$TMP/npm-cache" npm_config_fetch_retries=0 \
    sh "$HERE/../tools/npm_ci.sh" "$TMP/offline" >"$TMP/offline.out" 2>&1; then
    echo "gltf_node.sh: installing from a registry that refuses every connection succeeded" >&2; exit 1
fi
if [ "$(grep -c 'FAIL: the npm registry (http://127.0.0.1:9/) cannot be reached (ECONNREFUSED)' "$TMP/offline.out")" != 1 ] ||
    grep -q '^npm error' "$TMP/offline.out"; then
    echo "gltf_node.sh: without the registry, expected one line that says so; got:" >&2
    cat "$TMP/offline.out" >&2; exit 1
fi
echo "ok: without the registry, one line says so: $(tail -n 1 "$TMP/offline.out" | sed 's/^.*FAIL: //' | cut -c1-80)..."

NODE_DIR="$BUILD/node"
sh "$HERE/../tools/npm_ci.sh" "$NODE_DIR"
# ES modules resolve packages from the script's own folder
cp "$HERE/node/check_gltf.mjs" "$NODE_DIR/"

# kind interpolation(position rotation fov) ends period keys...
write_path() { # NAME POS ROT FOV ENDS PERIOD KEYS_JSON
    period=""
    [ "$6" != "-" ] && period="\"period\": $6,"
    cat >"$TMP/$1.json" <<EOF
{
  "campath": 1,
  "name": "$1",
  "interpolation": { "position": "$2", "rotation": "$3", "fov": "$4" },
  "ends": "$5", $period
  "keys": [
$7
  ]
}
EOF
}

DEMO='    { "t": 0.0, "position": [0, 2, 10], "rotation": [0, 0, 0, 1], "fov": 60 },
    { "t": 1.0, "position": [4, 3, 6], "rotation": [-0.0828, 0.2545, 0.0222, 0.9632], "fov": 55 },
    { "t": 2.5, "position": [6, 2, 0], "rotation": [0.0282, 0.6080, -0.0218, 0.7932], "fov": 50 },
    { "t": 3.0, "position": [3, 4, -3], "rotation": [0.1411, 0.8114, 0.1010, 0.5581], "fov": 50 },
    { "t": 4.2, "position": [0, 1, -4], "rotation": [0, 0.9848, 0, 0.1736], "fov": 70 },
    { "t": 6.0, "position": [-3, 2, 0], "rotation": [-0.1280, 0.9667, 0.0290, -0.2192], "fov": 65 }'
TURN='    { "t": 0, "position": [5, 1, 0], "rotation": [0, 0, 0, 1], "fov": 60 },
    { "t": 1, "position": [-2.5, 1, 4.33], "rotation": [0, 0.8660254037844386, 0, 0.5], "fov": 60 },
    { "t": 2, "position": [-2.5, 1, -4.33], "rotation": [0, 0.8660254037844387, 0, -0.5], "fov": 60 }'
WIDE='    { "t": 0, "position": [0, 0, 0], "rotation": [0, 0.573576436, 0, 0.819152044], "fov": 60 },
    { "t": 0.9, "position": [1, 0, 0], "rotation": [0, 0.866025404, 0, -0.5], "fov": 60 },
    { "t": 8.8, "position": [2, 0, 0], "rotation": [0, 0.342020143, 0, -0.939692621], "fov": 60 },
    { "t": 17.3, "position": [3, 0, 0], "rotation": [0, 0.965925826, 0, 0.258819045], "fov": 60 }'
NEG='    { "t": -2.25, "position": [0, 2, 10], "rotation": [0, 0, 0, 1], "fov": 60 },
    { "t": -1.0, "position": [4, 3, 6], "rotation": [0, 0.2588, 0, 0.9659], "fov": 45 },
    { "t": 1.5, "position": [6, 2, 0], "rotation": [0, 0.6088, 0, 0.7934], "fov": 50 }'

write_path c2_natural c2 c2 c2 natural - "$DEMO"
write_path c2_rest c2 c2 linear rest - "$DEMO"
write_path c2_closed c2 c2 c2 closed 7.5 "$DEMO"
write_path bisector bisector bisector bisector natural - "$DEMO"
write_path catmull_rom catmull-rom catmull-rom step natural - "$DEMO"
write_path linear linear linear linear natural - "$DEMO"
write_path step step step step natural - "$DEMO"
write_path anti_periodic c2 c2 c2 closed 3 "$TURN"
write_path inserted_keys c2 c2 c2 natural - "$WIDE"
write_path negative_start c2 c2 c2 natural - "$NEG"
# smooth and constant-speed timing: sampled within 1e-5 (docs/gltf.md)
write_path smooth c2 c2 c2 rest - "$DEMO"
sed -i 's/"ends": "rest",/"ends": "rest", "timing": "smooth",/; s/"t": 1.0, \(.*\) }/"t": 1.0, \1, "hold": 0.5 }/' "$TMP/smooth.json"
write_path constant_speed c2 c2 c2 natural - "$DEMO"
sed -i 's/"ends": "natural",/"ends": "natural", "timing": "constant-speed",/' "$TMP/constant_speed.json"
grep -q '"hold": 0.5' "$TMP/smooth.json" || { echo "gltf_node.sh: no hold in smooth.json"; exit 1; }

status=0
for f in "$TMP"/*.json; do
    name=$(basename "$f" .json)
    "$CAMPATH" export-gltf "$f" "$TMP/$name.gltf" >/dev/null
    "$CAMPATH" export-gltf "$f" "$TMP/$name.glb" >/dev/null
    "$CAMPATH" export-gltf "$f" "$TMP/${name}_cubic.gltf" --cubic >/dev/null
    "$CAMPATH" export-gltf "$f" "$TMP/${name}_cubic.glb" --cubic >/dev/null
    # 1,000 times, at the middle of 1,000 equal slices of the path
    times=$(awk -v f="$f" 'BEGIN {
        while ((getline line < f) > 0) {
            if (line ~ /"t":/) { sub(/.*"t": */, "", line); sub(/,.*/, "", line); t[n++] = line + 0 }
            if (line ~ /"period":/) { sub(/.*"period": */, "", line); sub(/,.*/, "", line); period = line + 0 }
        }
        start = t[0]; span = period > 0 ? period : t[n - 1] - t[0]
        for (i = 0; i < 1000; i++) printf "%s%.17g", (i ? "," : ""), start + span * (i + 0.5) / 1000
    }')
    "$CAMPATH" sample "$f" --at "$times" >"$TMP/$name.csv"
    # the default form within its bound, --cubic to single precision
    for ext in gltf glb; do
        if ! node "$NODE_DIR/check_gltf.mjs" "$TMP/$name.$ext" "$TMP/$name.csv" 1e-4; then
            status=1
        fi
        if ! node "$NODE_DIR/check_gltf.mjs" "$TMP/${name}_cubic.$ext" "$TMP/$name.csv"; then
            status=1
        fi
    done
done
# baked: LINEAR keys at every frame, compared at the frames (between them
# the bake is linear, which is what a bake is)
for name in c2_natural smooth; do
    "$CAMPATH" export-gltf "$TMP/$name.json" "$TMP/${name}_baked.glb" --bake 200 >/dev/null
    times=$(awk 'BEGIN { for (i = 0; i <= 1200; i++) printf "%s%.17g", (i ? "," : ""), i / 200 }')
    "$CAMPATH" sample "$TMP/$name.json" --at "$times" >"$TMP/${name}_baked.csv"
    if ! node "$NODE_DIR/check_gltf.mjs" "$TMP/${name}_baked.glb" "$TMP/${name}_baked.csv"; then
        status=1
    fi
done
# the case the wide turns are there for: the rotation sampler holds an inserted key
if ! grep -q '"count": 15, "type": "VEC4"' "$TMP/inserted_keys_cubic.gltf"; then
    echo "inserted_keys_cubic.gltf: expected a rotation sampler with 5 keys (one inserted), found none"
    status=1
fi
if [ $status -ne 0 ]; then
    echo "glTF checks failed"
    exit 1
fi
echo "glTF checks passed: validator and three.js on $(ls "$TMP"/*.gltf "$TMP"/*.glb | wc -l) exported files"

#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/editor_budget.sh - scenes that would take campath-editor past
# its budget (docs/editor.md, "Scene limits") are refused at once, with a
# message naming the limit, and a path file that names one still opens:
#   - nodes that instance each other 24 levels deep (2^24 copies of a
#     triangle from a 2 KB file), a chain of 20,000 nodes (assimp's
#     recursion ran out of stack), a node among its own descendants;
#   - a GLB whose BIN chunk says it holds 4 GB, a sparse accessor of
#     500 million texture coordinates, 200,001 nodes;
#   - eight 8192 x 8192 textures (2 GB decoded from 0.6 MB of PNG), a
#     texture wider than 8192 pixels, in a file and inside a GLB;
#   - textures are decoded as the format their header names (JPEG, BMP),
#     and one that is no image is left out with the reason.
# The scenes are made by tests/data/scenes/make_bombs.py. Each run has a
# time limit, and without the sanitizers (which reserve address space of
# their own) a memory limit too, so that a scene that is not refused fails
# here instead of taking the machine.
set -eu

. tests/tools/editor_env.sh
editor_start

python3 tests/data/scenes/make_bombs.py "$TMP/b"

# run OUT ARGS...: the editor with a time limit (and a memory limit without the sanitizers); its status
run() {
    out=$1
    shift
    rc=0
    if [ -z "${CAMPATH_EDITOR_PRELOAD:-}" ]; then
        (ulimit -v 4000000; exec timeout 60 "$ED" "$@") > "$out" 2>&1 || rc=$?
    else
        timeout 60 "$ED" "$@" > "$out" 2>&1 || rc=$?
    fi
    return $rc
}

# each scene, and the limit its message must name
while read -r f limit; do
    start=$(date +%s)
    rc=0
    run "$TMP/out" --scene "$TMP/b/$f" --size 160x90 --screenshot "$TMP/x.png" || rc=$?
    secs=$(($(date +%s) - start))
    if [ "$rc" = 1 ] && grep -q "$TMP/b/$f: .*$limit" "$TMP/out" && [ "$secs" -le 10 ]; then
        ok "$f refused in ${secs} s: $(sed "s|.*$TMP/b/$f: ||" "$TMP/out" | head -c 110)"
    else
        bad "$f: status $rc after $secs s: $(head -c 400 "$TMP/out")"
    fi
done <<EOF
dag.gltf 33554431 node instances .*over the editor's limit of 200000
deep.gltf 20000 levels deep, over the editor's limit of 1000 levels
cycle.gltf nodes\[0\] is among its own descendants
chunk.glb chunk 1 (BIN) at byte 84 says it holds 4294967280 bytes, but only 16 follow
sparse.gltf 3815 MB of data that is in no file, over the editor's limit of 256 MB
many.gltf 200001 node instances .*over the editor's limit of 200000
textures.gltf texture t2.png brings the scene's textures to 201326592 pixels (768 MB as RGBA), over the editor's limit of 134217728 pixels (512 MB)
wide.gltf texture wide.png is 16385 x 16 pixels, over the editor's limit of 8192 pixels a side
wide_inside.glb texture \*0 is 16385 x 16 pixels, over the editor's limit of 8192 pixels a side
EOF

# textures are decoded as the format their header names: JPEG and BMP as well as PNG; text is left out
cp tests/data/scenes/wall.gltf tests/data/scenes/wall.bin "$TMP/b/"
"$ED" paths/demo.json --size 64x64 --screenshot "$TMP/b/tex.jpg" > /dev/null 2>&1
"$ED" paths/demo.json --size 64x64 --screenshot "$TMP/b/tex.bmp" > /dev/null 2>&1
echo "not an image" > "$TMP/b/tex.png"
for f in tex.jpg tex.bmp tex.png; do
    sed "s/checker.png/$f/" tests/data/scenes/wall.gltf > "$TMP/b/$f.gltf"
    printf 'scene %s/b/%s.gltf\nscreenshot %s/x.png\n' "$TMP" "$f" "$TMP" > "$TMP/tex.script"
    [ "$f" = tex.png ] && echo "expect message a texture was left out: $TMP/b/tex.png: not a PNG, JPEG, BMP or TGA image" >> "$TMP/tex.script" ||
        echo "expect message scene $TMP/b/$f.gltf: 12 triangles" >> "$TMP/tex.script"
    if run "$TMP/out" --script "$TMP/tex.script"; then ok "$f as a texture: $(tail -1 "$TMP/tex.script" | sed "s|.*/b/||")"
    else bad "$f texture: $(cat "$TMP/out")"; fi
done

# a path file that names a scene over the budget opens in the demo town, with the reason
printf '{"campath": 1, "scene": "b/dag.gltf", "keys": [\n' > "$TMP/shot.json"
printf '{"t": 0, "position": [0, 2, 10], "rotation": [0, 0, 0, 1], "fov": 60},\n' >> "$TMP/shot.json"
printf '{"t": 2, "position": [4, 2, 6], "rotation": [0, 0, 0, 1], "fov": 60}]}\n' >> "$TMP/shot.json"
printf 'open %s/shot.json\nexpect keys 2\nexpect scene demo\n' "$TMP" > "$TMP/open.script"
if run "$TMP/out" --script "$TMP/open.script" && grep -q "b/dag.gltf: the nodes place 33554431 node instances" "$TMP/out"; then
    ok "a path file that names the DAG opens in the demo town, the reason said"
else
    bad "path with a bombing scene: $(head -c 400 "$TMP/out")"
fi
# and renders its frames
if run "$TMP/out" --render-frames "$TMP/frames" --fps 2 --size 160x90 "$TMP/shot.json" && [ -f "$TMP/frames/frame_00004.png" ]; then
    ok "its frames render in the demo town"
else
    bad "render-frames with a bombing scene: $(head -c 400 "$TMP/out")"
fi

editor_done

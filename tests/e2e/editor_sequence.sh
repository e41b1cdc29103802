#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/editor_sequence.sh - campath-editor plays a sequence file
# (paths/sequence.json: shot 1 demo.json 0-10 s, shot 2 intro.json 5-15 s
# blending in over 2 s, shot 3 demo.json 20-28 s after a cut):
#   - --render-frames renders the whole sequence, 0 to 26 s;
#   - a frame after the cut and a frame inside the blend are the pictures of
#     the library's poses there (campath sample at that sequence time, each
#     rendered as a path that rests at that pose), and differ from the
#     frame before the cut, and from both shots' own poses inside the blend;
#   - a sequence that does not play is refused before any frame;
#   - shots changed by a script (a blend, a trim, a shot added and undone)
#     are saved, and campath reads the file back.
set -eu

. tests/tools/editor_env.sh
editor_start

# diff A B: the mean difference of the two images' channels (0..255)
diff_img() {
    python3 - "$1" "$2" <<'PY'
import sys
sys.path.insert(0, "tests/e2e")
import pixels
wa, ha, a = pixels.load(sys.argv[1])
wb, hb, b = pixels.load(sys.argv[2])
if (wa, ha) != (wb, hb):
    print(999)
    sys.exit(0)
t = sum(abs(p - q) for ra, rb in zip(a, b) for pa, pb in zip(ra, rb) for p, q in zip(pa, pb))
print("%.3f" % (t / (wa * ha * 3.0)))
PY
}
# still NAME FILE T: a path resting at FILE's pose at time T (campath sample), rendered as NAME.png
still() {
    "$BUILD/campath" sample "$2" --at "$3" | awk -F, -v out="$TMP/$1.json" 'NR == 2 {
        k = sprintf("\"position\": [%s, %s, %s], \"rotation\": [%s, %s, %s, %s], \"fov\": %s", $2, $3, $4, $11, $12, $13, $14, $21)
        printf "{\"campath\": 1, \"keys\": [{\"t\": 0, %s},\n{\"t\": 1, %s}]}\n", k, k > out }'
    "$ED" --render-frames "$TMP/still_$1" --fps 1 --size 160x90 "$TMP/$1.json" > "$TMP/out" 2>&1 ||
        bad "rendering $1: $(cat "$TMP/out")"
    cp "$TMP/still_$1/frame_00000.png" "$TMP/$1.png"
}

# ---- the whole sequence -------------------------------------------------------------------------------
rc=0
"$ED" --render-frames "$TMP/seq" --fps 2 --size 160x90 paths/sequence.json > "$TMP/out" 2>&1 || rc=$?
n=$(ls "$TMP/seq" | grep -c '^frame_' || :)
if [ "$rc" = 0 ] && [ "$n" = 53 ] && grep -q "wrote 53 frames" "$TMP/out"; then
    ok "the sequence renders whole: 26 s at 2 frames/s is 53 frames"
else
    bad "sequence render: status $rc, $n frames: $(cat "$TMP/out")"
fi

# ---- the cut at 18 s: frame 36 is shot 3 (demo.json at 20 s), frame 35 still shot 2 -------------------
still cut paths/sequence.json 18
still before paths/sequence.json 17.5
still demo20 paths/demo.json 20
d_cut=$(diff_img "$TMP/seq/frame_00036.png" "$TMP/cut.png")
d_demo=$(diff_img "$TMP/seq/frame_00036.png" "$TMP/demo20.png")
d_before=$(diff_img "$TMP/seq/frame_00035.png" "$TMP/before.png")
d_jump=$(diff_img "$TMP/seq/frame_00035.png" "$TMP/seq/frame_00036.png")
if awk -v a="$d_cut" -v b="$d_demo" -v c="$d_before" -v j="$d_jump" 'BEGIN { exit !(a < 0.5 && b < 0.5 && c < 0.5 && j > 5) }'; then
    ok "the cut: frame 36 is the library's pose at 18 s, demo.json's at 20 s (differences $d_cut, $d_demo), frame 35 its own ($d_before); across the cut the picture changes by $d_jump"
else
    bad "the cut: frame 36 against the library's pose $d_cut, against demo.json at 20 s $d_demo; frame 35 $d_before; across the cut $d_jump"
fi

# ---- inside the blend, at 9 s (frame 18): neither shot's own pose, the library's blend -----------------
still blend paths/sequence.json 9
still demo9 paths/demo.json 9
still intro6 paths/intro.json 6
d_blend=$(diff_img "$TMP/seq/frame_00018.png" "$TMP/blend.png")
d_a=$(diff_img "$TMP/seq/frame_00018.png" "$TMP/demo9.png")
d_b=$(diff_img "$TMP/seq/frame_00018.png" "$TMP/intro6.png")
if awk -v a="$d_blend" -v b="$d_a" -v c="$d_b" 'BEGIN { exit !(a < 0.5 && b > 2 && c > 2) }'; then
    ok "the blend: frame 18 is the library's blended pose at 9 s ($d_blend), not shot 1's ($d_a) nor shot 2's ($d_b)"
else
    bad "the blend: frame 18 against the library's pose $d_blend, shot 1's $d_a, shot 2's $d_b"
fi

# ---- a sequence that does not play ---------------------------------------------------------------------
cp paths/demo.json paths/intro.json "$TMP/"
printf '{"campath": 1, "shots": [{"path": "demo.json", "from": 0, "to": 4}, {"path": "intro.json", "from": 0, "to": 5, "blend": 4.5}]}\n' > "$TMP/bad.json"
rc=0
"$ED" --render-frames "$TMP/bad" --fps 2 --size 160x90 "$TMP/bad.json" > "$TMP/out" 2>&1 || rc=$?
if [ "$rc" = 1 ] && grep -q "bad.json" "$TMP/out" && grep -q "blend" "$TMP/out" && [ ! -e "$TMP/bad/frame_00000.png" ]; then
    ok "a sequence whose blend is longer than a shot is refused before any frame: $(head -c 160 "$TMP/out")"
else
    bad "a bad sequence: status $rc: $(cat "$TMP/out")"
fi

# ---- shots changed by a script, saved, read back by campath --------------------------------------------
mkdir "$TMP/edit"
cp paths/demo.json paths/intro.json paths/sequence.json "$TMP/edit/"
cat > "$TMP/edit/t.script" <<SCRIPT
open $TMP/edit/sequence.json
expect shots 3
shot-blend 3 1.5
shot-trim 2 4 15
shot-add
expect shots 4
expect shot 4
undo
expect shots 3
save
SCRIPT
rc=0
"$ED" --size 640x360 --script "$TMP/edit/t.script" > "$TMP/out" 2>&1 || rc=$?
"$BUILD/campath" info "$TMP/edit/sequence.json" > "$TMP/info" 2>&1 || rc=$?
if [ "$rc" = 0 ] && "$BUILD/campath" validate "$TMP/edit/sequence.json" | grep -q "3 shots, 25.5 s: 0 cuts, 2 blends" &&
    grep -q '"from": 4, "to": 15, "blend": 2' "$TMP/edit/sequence.json" &&
    grep -q '"from": 20, "to": 28, "blend": 1.5' "$TMP/edit/sequence.json"; then
    ok "shots changed by a script are saved: $("$BUILD/campath" validate "$TMP/edit/sequence.json")"
else
    bad "saved shots: status $rc: $(cat "$TMP/out") $(cat "$TMP/edit/sequence.json")"
fi

# ---- a three-shot cut-scene built from scratch in a script ------------------------------------------
mkdir "$TMP/new"
cp paths/demo.json paths/intro.json "$TMP/new/"
cat > "$TMP/new/t.script" <<SCRIPT
open $TMP/new/demo.json
sequence-new $TMP/new/scene.json
shot-trim 1 0 12
shot-add $TMP/new/intro.json
shot-trim 2 3 13
shot-blend 2 2.5
shot 1
shot-add
shot-trim 3 25 30
shot-seek 11
expect shot 2
save
SCRIPT
rc=0
"$ED" --size 640x360 --script "$TMP/new/t.script" > "$TMP/out" 2>&1 || rc=$?
if [ "$rc" = 0 ] && "$BUILD/campath" validate "$TMP/new/scene.json" | grep -q "3 shots, 24.5 s: 1 cut, 1 blend" &&
    grep -q '"path": "intro.json", "from": 3, "to": 13, "blend": 2.5' "$TMP/new/scene.json"; then
    ok "a three-shot cut-scene built in a script plays in the library: $("$BUILD/campath" validate "$TMP/new/scene.json")"
else
    bad "a new sequence: status $rc: $(cat "$TMP/out") $(cat "$TMP/new/scene.json" 2>&1)"
fi

editor_done

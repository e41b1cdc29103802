#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/editor_scene.sh - campath-editor in the user's world, headless
# (Mesa's software OpenGL through EGL, no display):
#   - a screenshot shows the scene (glTF text with a texture file, binary glTF
#     with the texture inside, OBJ), checked by its pixels;
#   - a key behind a wall is hidden in the normal pass and shows faintly;
#   - the clearance check finds a path through the wall, and says when;
#   - the path file remembers its scene; a missing one is reported;
#   - --render-frames writes floor(duration x fps) + 1 frames of the right
#     size, the same bytes twice, with no overlay;
#   - bad scenes, bad image names and no OpenGL at all give clear messages.
set -eu

. tests/tools/editor_env.sh
editor_start
PX="python3 tests/e2e/pixels.py"
S=tests/data/scenes

# The sky, and the wall's two checker colours as the sun lights its front face.
SKY="156 192 228"
RED="147 44 29"
YELLOW="176 147 44"
near() { # near "R G B" "R G B" TOL: each channel within TOL
    set -- $1 $2 $3
    echo "$1 $2 $3 $4 $5 $6 $7" | awk '{ exit !(($1-$4)^2 <= $7^2 && ($2-$5)^2 <= $7^2 && ($3-$6)^2 <= $7^2) }'
}

# ---- the scene on screen -------------------------------------------------------------------------
for f in wall.gltf wall.glb wall.obj; do
    cat > "$TMP/look.script" <<EOF
scene $S/$f
expect scene $f
expect triangles 12
camera 0 3 0 0 0
screenshot $TMP/$f.png
EOF
    if ! "$ED" --script "$TMP/look.script" > "$TMP/out" 2>&1; then bad "$f: $(cat "$TMP/out")"; continue; fi
    centre=$($PX pixel "$TMP/$f.png" 480 248)
    corner=$($PX pixel "$TMP/$f.png" 940 30)
    if near "$corner" "$SKY" 2 && ! near "$centre" "$SKY" 40; then ok "$f: the wall fills the middle, the sky the corner"
    else bad "$f: centre $centre, corner $corner"; fi
done
# the texture: both checker colours on the wall, from a file beside the scene and from inside the .glb
for f in wall.gltf wall.glb; do
    r=$($PX count "$TMP/$f.png" $RED 6)
    y=$($PX count "$TMP/$f.png" $YELLOW 6)
    if [ "$r" -gt 5000 ] && [ "$y" -gt 5000 ]; then ok "$f: textured ($r red and $y yellow pixels)"
    else bad "$f: texture missing ($r red, $y yellow pixels)"; fi
done

# ---- overlays behind the wall ------------------------------------------------------------------------
# key 0 lies 10 m behind the wall, straight ahead of the camera: it projects onto the view's centre
cat > "$TMP/keys.script" <<EOF
open $TMP/behind.json
scene $S/wall.glb
pip off
camera 0 3 -20 0 0
record
camera 4 3 -26 0 0
record
camera 0 3 0 0 0
screenshot $TMP/hidden.png
camera 0 3 -15 0 0
screenshot $TMP/visible.png
EOF
cat > "$TMP/nokeys.script" <<EOF
scene $S/wall.glb
camera 0 3 0 0 0
screenshot $TMP/nokeys.png
EOF
if "$ED" --script "$TMP/keys.script" > "$TMP/out" 2>&1 && "$ED" --script "$TMP/nokeys.script" > "$TMP/out2" 2>&1; then
    hidden=$($PX pixel "$TMP/hidden.png" 480 248)
    visible=$($PX pixel "$TMP/visible.png" 480 248)
    plain=$($PX pixel "$TMP/nokeys.png" 480 248)
    if near "$visible" "255 255 255" 8; then ok "a key in sight is drawn white ($visible)"; else bad "visible key: $visible"; fi
    if ! near "$hidden" "255 255 255" 40 && ! near "$hidden" "$plain" 6; then
        ok "a key behind the wall shows only faintly ($hidden; the wall alone $plain)"
    else
        bad "key behind the wall: $hidden (wall alone $plain)"
    fi
else
    bad "overlay scripts: $(cat "$TMP/out" "$TMP/out2")"
fi

# ---- clearance, and the scene member ---------------------------------------------------------------------
cat > "$TMP/through.script" <<EOF
open $TMP/through.json
scene $S/wall.glb
speed 5
camera 0 2 0 0 0
record
camera 0 2 -20 0 0
record
expect clearance 1
expect through 2
expect clear 0.5
clearance
save
EOF
if "$ED" --script "$TMP/through.script" > "$TMP/out" 2>&1 && grep -q "clearance 0.2 m: passes through geometry at 1.9-2.1 s" "$TMP/out"; then
    ok "the clearance check finds the path through the wall at 1.9-2.1 s"
else
    bad "clearance: $(cat "$TMP/out")"
fi
if grep -q "\"scene\": \".*tests/data/scenes/wall.glb\"" "$TMP/through.json"; then ok "the path file names its scene"
else bad "no scene member: $(cat "$TMP/through.json")"; fi
printf 'open %s/through.json\nexpect scene wall.glb\nexpect triangles 12\nexpect clearance 1\n' "$TMP" > "$TMP/reopen.script"
if "$ED" --script "$TMP/reopen.script" > "$TMP/out" 2>&1; then ok "opening the path loads its scene"; else bad "reopen: $(cat "$TMP/out")"; fi
sed 's|"scene": "[^"]*"|"scene": "gone/town.glb"|' "$TMP/through.json" > "$TMP/gone.json"
printf 'open %s/gone.json\nexpect keys 2\nexpect scene demo\n' "$TMP" > "$TMP/gone.script"
if "$ED" --script "$TMP/gone.script" > "$TMP/out" 2>&1 && grep -q "gone/town.glb, which is not there" "$TMP/out"; then
    ok "a missing scene is reported and the path opens"
else
    bad "missing scene: $(cat "$TMP/out")"
fi

# ---- rendering frames --------------------------------------------------------------------------------------
# 2 s at 10 fps: floor(2 x 10) + 1 = 21 frames
cat > "$TMP/shot.script" <<EOF
open $TMP/shot.json
scene $S/wall.gltf
camera 0 3 0 0 0
record
camera 0 3 -4 0 0
record
key-time 2
save
screenshot $TMP/editing.png
EOF
if "$ED" --script "$TMP/shot.script" > "$TMP/out" 2>&1 &&
    "$ED" --render-frames "$TMP/frames" --fps 10 --size 320x180 "$TMP/shot.json" > "$TMP/out" 2>"$TMP/err"; then
    n=$(ls "$TMP/frames" | grep -c '^frame_[0-9]\{5\}\.png$')
    if [ "$n" = 21 ] && [ -f "$TMP/frames/frame_00020.png" ]; then ok "21 frames for 2 s at 10 fps"; else bad "$n frames: $(ls "$TMP/frames")"; fi
    if [ "$($PX size "$TMP/frames/frame_00000.png")" = "320 180" ] && [ "$($PX size "$TMP/frames/frame_00020.png")" = "320 180" ]; then
        ok "frames are 320x180"
    else
        bad "frame size $($PX size "$TMP/frames/frame_00000.png")"
    fi
    grep -q "wrote 21 frames of 320x180" "$TMP/out" && ok "render-frames reports its throughput" || bad "report: $(cat "$TMP/out")"
    # no overlay: no HUD text (240, 240, 240), no marker white, no magenta; the editor's own view has them
    text=$($PX count "$TMP/editing.png" 240 240 240 12)
    clean=0
    for fr in frame_00000 frame_00010 frame_00020; do
        t=$($PX count "$TMP/frames/$fr.png" 240 240 240 12)
        m=$($PX count "$TMP/frames/$fr.png" 255 120 255 12)
        [ "$t" = 0 ] && [ "$m" = 0 ] || clean=1
    done
    if [ "$text" -gt 100 ] && [ "$clean" = 0 ]; then ok "frames show no overlay (the editor's view has $text text pixels)"
    else bad "overlay in the frames, or none in the editor ($text)"; fi
    # deterministic
    "$ED" --render-frames "$TMP/again" --fps 10 --size 320x180 "$TMP/shot.json" > /dev/null 2>&1
    if cmp -s "$TMP/frames/frame_00007.png" "$TMP/again/frame_00007.png" && cmp -s "$TMP/frames/frame_00020.png" "$TMP/again/frame_00020.png"; then
        ok "the same frames, byte for byte, a second time"
    else
        bad "frames differ between two runs"
    fi
    # the last frame is the path's end: the wall 6 m ahead fills more of it than at the start
    w0=$($PX count "$TMP/frames/frame_00000.png" $SKY 2)
    w1=$($PX count "$TMP/frames/frame_00020.png" $SKY 2)
    if [ "$w1" -lt "$w0" ]; then ok "the frames follow the path (sky $w0 -> $w1 pixels)"; else bad "sky $w0 -> $w1"; fi
else
    bad "render-frames: $(cat "$TMP/out" "$TMP/err" 2>/dev/null)"
fi
if "$ED" --render-frames "$TMP/x" --fps 0 "$TMP/shot.json" > "$TMP/out" 2>&1; then bad "--fps 0 accepted"
elif grep -q -- "--fps 0: expected a number" "$TMP/out"; then ok "--fps 0 refused"; else bad "--fps 0: $(cat "$TMP/out")"; fi

# ---- bad input ---------------------------------------------------------------------------------------------
for f in bad/truncated.glb bad/not_json.gltf bad/unknown.xyz bad/escape.gltf bad/absurd.gltf missing.glb; do
    rc=0
    "$ED" --scene "$S/$f" --screenshot "$TMP/x.png" > "$TMP/out" 2>&1 || rc=$?
    if [ "$rc" = 1 ] && grep -q "$S/$f: " "$TMP/out"; then ok "--scene $f: status 1, $(sed "s|.*$S/$f: ||" "$TMP/out" | head -c 70)"
    else bad "--scene $f: status $rc: $(cat "$TMP/out")"; fi
done
printf 'scene %s/wall.glb\nscene %s/bad/truncated.glb\n' "$S" "$S" > "$TMP/badscene.script"
if "$ED" --script "$TMP/badscene.script" > "$TMP/out" 2>&1; then bad "a bad scene in a script succeeded"
elif grep -q "badscene.script:2: scene: scene not loaded (the world is unchanged): $S/bad/truncated.glb" "$TMP/out"; then
    ok "a bad scene stops the script with its line and reason"
else
    bad "bad scene in a script: $(cat "$TMP/out")"
fi
if "$ED" paths/demo.json --screenshot "$TMP/x.gif" > "$TMP/out" 2>&1; then bad "a .gif screenshot was written"
elif grep -q "does not write '.gif' images" "$TMP/out" && [ ! -e "$TMP/x.gif" ]; then ok "an unknown image extension is refused"
else bad ".gif: $(cat "$TMP/out")"; fi
"$ED" paths/demo.json --size 320x180 --screenshot "$TMP/x.jpg" > "$TMP/out" 2>&1 || bad "jpg: $(cat "$TMP/out")"
if [ "$(od -An -tx1 -N3 "$TMP/x.jpg" | tr -d ' ')" = ffd8ff ]; then ok "a .jpg screenshot is a JPEG"; else bad "x.jpg is not a JPEG"; fi
rc=0
__EGL_VENDOR_LIBRARY_DIRS="$TMP/none" "$ED" paths/demo.json --screenshot "$TMP/y.png" > "$TMP/out" 2>&1 || rc=$?
if [ "$rc" = 1 ] && grep -q "no OpenGL without a display" "$TMP/out"; then ok "no offscreen OpenGL: the message says so"
else bad "no EGL: status $rc: $(cat "$TMP/out")"; fi

editor_done

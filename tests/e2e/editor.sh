#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/editor.sh - campath-editor end to end, without a display:
#   - a script records a path through the key bindings, inserts, undoes,
#     saves with Ctrl+S, and the file is checked by the library's loader
#     (build/campath validate) and by a second editor run;
#   - the screenshot is an image of the right size that is not one colour;
#   - window resize, minimise and focus events through the input layer;
#   - recovery after the editor dies with unsaved edits;
#   - script errors name the script line; bad options are refused and every
#     option of --help is in the manual; no display gives a clear message;
#   - paths/demo.json loads and the manual's screenshot script still works;
#   - the graph panel drawn from its cache is the graph drawn afresh;
#   - the frame benchmark runs.
set -eu

. tests/tools/editor_env.sh
editor_start
CLI="$BUILD/campath"

# A 24-bit BMP's width and height (little-endian words at offsets 18 and 22).
bmp_word() { od -An -tu4 -j "$2" -N4 "$1" | tr -d ' '; }
# How many different byte values the pixels hold: 3 or fewer for one colour.
distinct_bytes() { od -An -v -tu1 -j 54 "$1" | tr -s ' ' '\n' | grep -v '^$' | sort -un | wc -l; }

# ---- record, insert, undo, save ---------------------------------------------------------
cat > "$TMP/record.script" <<EOF
open $TMP/flight.json
speed 6
camera 0 9 46 0 0
press f2
camera 10 8 20
look-at 0 14 0
press f2
fly 18 8 4
look-at 0 15 0
record
camera 12 9 -14
look-at 0 16 0
press f2
expect keys 4
select 1
camera 16 8 14
look-at 0 14 0
press shift+f2
expect keys 5
expect selected 2
press ctrl+z
expect keys 4
press ctrl+y
expect keys 5
press o
expect ends rest
expect dirty yes
press ctrl+s
expect dirty no
graph on
camera 60 50 60
look-at 0 5 -10
screenshot $TMP/shot.bmp
EOF
if "$ED" --script "$TMP/record.script" > "$TMP/out" 2>&1; then ok "recording script ran"; else bad "recording script: $(cat "$TMP/out")"; fi
if [ -f "$TMP/flight.json" ] && grep -q '"ends": "rest"' "$TMP/flight.json"; then ok "saved file written"; else bad "no saved file"; fi
if [ -x "$CLI" ]; then
    if "$CLI" validate "$TMP/flight.json" > "$TMP/out" 2>&1; then ok "campath validate accepts the file"; else bad "campath validate: $(cat "$TMP/out")"; fi
    if "$CLI" info "$TMP/flight.json" > "$TMP/info" 2>&1 && grep -q 5 "$TMP/info"; then ok "campath info reads it"; else bad "campath info: $(cat "$TMP/info")"; fi
else
    echo "note: $CLI not built: checking the file with the editor only"
fi
# the editor reads back what it wrote: 5 keys, times increasing
cat > "$TMP/reread.script" <<EOF
open $TMP/flight.json
expect keys 5
expect ends rest
expect key-time 0 0
expect prompt none
EOF
if "$ED" --script "$TMP/reread.script" > "$TMP/out" 2>&1; then ok "the saved file reloads with 5 keys"; else bad "reread: $(cat "$TMP/out")"; fi

# ---- the screenshot ------------------------------------------------------------------------
if [ -f "$TMP/shot.bmp" ] && [ "$(bmp_word "$TMP/shot.bmp" 18)" = 960 ] && [ "$(bmp_word "$TMP/shot.bmp" 22)" = 540 ]; then
    ok "screenshot is 960x540"
else
    bad "screenshot missing or of the wrong size"
fi
n=$(distinct_bytes "$TMP/shot.bmp" 2>/dev/null || echo 0)
if [ "$n" -gt 40 ]; then ok "screenshot is not one colour ($n byte values)"; else bad "screenshot looks blank ($n byte values)"; fi
"$ED" "$TMP/flight.json" --size 320x200 --screenshot "$TMP/small.png" > "$TMP/out" 2>&1 || bad "PNG screenshot: $(cat "$TMP/out")"
if [ "$(od -An -c -j1 -N3 "$TMP/small.png" | tr -d ' ')" = PNG ]; then ok "PNG screenshot"; else bad "PNG screenshot has no PNG signature"; fi

# ---- window events through the input layer ----------------------------------------------------
cat > "$TMP/window.script" <<EOF
open $TMP/flight.json
select 2
key-down w
key-down shift
event resize 640 360
wait 0.2
event minimize
wait 1
event restore
event focus-lost
wait 1
event focus-gained
event resize 0 0
event resize 800 450
click 400 225
click 10 440
expect keys 5
expect dirty no
screenshot $TMP/resized.bmp
EOF
if "$ED" --script "$TMP/window.script" > "$TMP/out" 2>&1; then ok "resize, minimise, focus events"; else bad "window events: $(cat "$TMP/out")"; fi
if [ -f "$TMP/resized.bmp" ] && [ "$(bmp_word "$TMP/resized.bmp" 18)" = 800 ]; then ok "screenshot follows the resize"; else bad "resized screenshot"; fi

# ---- recovery after the editor dies ---------------------------------------------------------------
cat > "$TMP/crash.script" <<EOF
open $TMP/flight.json
camera 0 30 -40
record
expect keys 6
wait 4
EOF
"$ED" --script "$TMP/crash.script" > "$TMP/out" 2>&1 || bad "crash script: $(cat "$TMP/out")"
if [ -f "$TMP/flight.json.recovery" ]; then ok "recovery file written while dirty"; else bad "no recovery file"; fi
cat > "$TMP/recover.script" <<EOF
open $TMP/flight.json
expect prompt recovery
expect keys 5
record
EOF
if "$ED" --script "$TMP/recover.script" > "$TMP/out" 2>&1; then bad "editing went through while the recovery question waited"
elif grep -q "recover.script:4: record: answer the question first" "$TMP/out"; then ok "the recovery question blocks edits"
else bad "recovery question: $(cat "$TMP/out")"; fi
cat > "$TMP/restore.script" <<EOF
open $TMP/flight.json
answer restore
expect keys 6
expect dirty yes
save
EOF
if "$ED" --script "$TMP/restore.script" > "$TMP/out" 2>&1 && [ ! -f "$TMP/flight.json.recovery" ]; then
    ok "recovery restored and saved"
else
    bad "restore: $(cat "$TMP/out")"
fi

# line_of_keys N: script lines recording N keys 10 m apart along +X at 10 m/s (t = 0, 1, 2, ...)
line_of_keys() {
    echo "speed 10"
    i=0
    while [ "$i" -lt "$1" ]; do
        if [ "$i" = 0 ]; then echo "camera 0 2 0 0 0"; else echo "camera $((10 * i)) 2 0"; fi
        echo "record"
        i=$((i + 1))
    done
}

# ---- selecting and editing keys directly -------------------------------------------------------
cat > "$TMP/direct.script" <<EOF
open $TMP/direct.json
$(line_of_keys 4)
expect key 3 time 3
select 1-2
expect selected-count 2
select-add 3
expect selected-count 3
edit fov 40
expect key 1 fov 40
expect key 3 fov 40
expect key 0 fov 60
select 1
expect message key 1 selected
edit time 1.25
expect key 1 time 1.25
edit position 10 5 0
expect key 1 position 10 5 0
edit rotation 30 -10 5
expect key 1 rotation 30 -10 5 1e-9
select none
transform translate 0 1 0
expect key 0 position 0 3 0
expect key 1 position 10 6 0
select all
transform shift 1
expect key 0 time 1
undo
expect key 0 time 0
seek 0.5
insert-at-playhead
expect keys 5
expect key 1 time 0.5
expect selected 1
save
# a Ctrl chord through the input layer, Ctrl let go first: S must not fly
camera 0 2 0 0 0
key-down ctrl
key-down s
key-up ctrl
wait 1
key-up s
expect camera 0 2 0
expect dirty no
EOF
if "$ED" --script "$TMP/direct.script" > "$TMP/out" 2>&1; then ok "select, edit, transform, insert at the playhead; Ctrl+S does not fly"
else bad "direct editing: $(cat "$TMP/out")"; fi
printf 'open %s/direct.json\nselect 3-1\n' "$TMP" > "$TMP/badsel.script"
if "$ED" --script "$TMP/badsel.script" > "$TMP/out" 2>&1; then bad "select 3-1 was accepted"
elif grep -q "badsel.script:2: select: no keys 3-1" "$TMP/out"; then ok "a backwards range is refused with the line"
else bad "select 3-1: $(cat "$TMP/out")"; fi
printf 'open %s/direct.json\nselect 1\nedit time 99\n' "$TMP" > "$TMP/badtime.script"
if "$ED" --script "$TMP/badtime.script" > "$TMP/out" 2>&1; then bad "edit time 99 was accepted"
elif grep -q "badtime.script:3: edit: key 1's time must lie between [0-9.]* s (key 0) and [0-9.]* s (key 2): type a time between them" "$TMP/out"; then ok "a time past the next key is refused"
else bad "edit time 99: $(cat "$TMP/out")"; fi

# copy in one file, paste into another
cat > "$TMP/clip.script" <<EOF
open $TMP/direct.json
select 1-2
copy
expect message 2 keys copied
open $TMP/pasted.json
paste
expect keys 2
expect selected-count 2
expect key 0 time 0
save
EOF
if "$ED" --script "$TMP/clip.script" > "$TMP/out" 2>&1 && [ -x "$CLI" ] && "$CLI" validate "$TMP/pasted.json" > /dev/null 2>&1; then
    ok "keys copied in one file paste into another, which validates"
else bad "copy and paste between files: $(cat "$TMP/out")"; fi

# dragging with the mouse through the input layer: a key's tick on the timeline, a box, the gizmo
cat > "$TMP/drag.script" <<EOF
open $TMP/drag.json
$(line_of_keys 4)
camera 30 12 40 0 -14
select none
# the timeline bar spans x = 64..895 at y = 511..524 in a 960x540 window: key 1 (1 s of 3) is at x = 341
drag 341 518 410 518
expect key 1 time 1.25 0.01
expect selected 1
undo
expect key 1 time 1
drag 5 5 950 480
expect selected-count 4
select 2
screenshot $TMP/gizmo.png
select none
screenshot $TMP/nogizmo.png
save
EOF
if "$ED" --script "$TMP/drag.script" > "$TMP/out" 2>&1; then ok "drag: a key's tick moves its time, a box selects"
else bad "drag: $(cat "$TMP/out")"; fi
if [ -f "$TMP/gizmo.png" ] && [ -f "$TMP/nogizmo.png" ]; then
    with=$(python3 tests/e2e/pixels.py count "$TMP/gizmo.png" 235 70 70 12)
    without=$(python3 tests/e2e/pixels.py count "$TMP/nogizmo.png" 235 70 70 12)
    if [ "$((with - without))" -gt 100 ]; then ok "the move gizmo shows at the selected key ($with against $without pixels of its X axis)"
    else bad "no gizmo at the selected key ($with against $without pixels)"; fi
fi

# the inspector, typed into through the input layer
cat > "$TMP/inspect.script" <<EOF
open $TMP/drag.json
select 1
press enter
type 1.5
press enter
expect key 1 time 1.5
press enter
press tab
expect message hold
press tab
type 45
press enter
expect key 1 fov 45
press enter
type 4o
press enter
expect message '4o' is not a number
press escape
expect selected 1
undo
expect key 1 fov 60
EOF
if "$ED" --script "$TMP/inspect.script" > "$TMP/out" 2>&1; then ok "inspector: values typed, Enter applies, Tab goes on, a bad number is refused"
else bad "inspector: $(cat "$TMP/out")"; fi

# typing right after the click: the window reads a click and the keys after it in one frame; SDL
# queued the first keys while text input was off (no text with them), the later ones with their text.
# Nothing typed is lost (it read "2" for "12").
cat > "$TMP/quicktype.script" <<EOF
open $TMP/quicktype.json
size 960 540
$(line_of_keys 3)
select 1
queue click 760 212
queue key 1
pump
queue text 2
pump
press enter
expect key 1 position 12 2 0
queue click 760 212
queue key 3
queue key .
queue key 5
pump
press enter
expect key 1 position 3.5 2 0
EOF
if "$ED" --script "$TMP/quicktype.script" > "$TMP/out" 2>&1; then ok "inspector: keys typed in the frame of the click are kept, through SDL's queue"
else bad "inspector, typing right after the click: $(cat "$TMP/out")"; fi

# F2 through the path camera: the message says what it did, or why not, on screen (the HUD is not drawn there)
cat > "$TMP/pathf2.script" <<EOF
open $TMP/pathf2.json
$(line_of_keys 3)
view path
seek 1
screenshot $TMP/pathf2-before.png
press f2
expect message is at the playhead
screenshot $TMP/pathf2-after.png
EOF
if "$ED" --script "$TMP/pathf2.script" > "$TMP/out" 2>&1; then
    before=$(python3 tests/e2e/pixels.py count "$TMP/pathf2-before.png" 255 110 100 20)
    after=$(python3 tests/e2e/pixels.py count "$TMP/pathf2-after.png" 255 110 100 20)
    if [ "$((after - before))" -gt 40 ]; then ok "F2 through the path camera: the refusal is on screen ($after against $before pixels of red text)"
    else bad "F2 through the path camera: nothing on screen ($after against $before pixels of red text)"; fi
else bad "F2 through the path camera: $(cat "$TMP/out")"; fi

# timing: a new path is smooth, holds are edited per key and saved, campath check finds the file clean
cat > "$TMP/hold.script" <<EOF
open $TMP/hold.json
expect timing smooth
$(line_of_keys 3)
select 1
edit hold 0.5
expect key 1 hold 0.5
expect key 2 time 2
edit hold none
expect key 1 hold none
undo
expect key 1 hold 0.5
save
EOF
if "$ED" --script "$TMP/hold.script" > "$TMP/out" 2>&1 && grep -q '"hold": 0.5' "$TMP/hold.json" && grep -q '"timing": "smooth"' "$TMP/hold.json"; then
    ok "holds edited per key and saved with smooth timing"
else bad "holds: $(cat "$TMP/out")"; fi
if [ -x "$CLI" ]; then
    if "$CLI" check "$TMP/hold.json" > "$TMP/out" 2>&1; then ok "campath check finds the path with a hold clean"
    else bad "campath check: $(cat "$TMP/out")"; fi
fi

# ---- errors --------------------------------------------------------------------------------
printf 'open %s/e.json\ncamera 0 0 0\nrecord\nrecord sideways\n' "$TMP" > "$TMP/bad.script"
if "$ED" --script "$TMP/bad.script" > "$TMP/out" 2>&1; then bad "a bad script succeeded"
elif grep -q "bad.script:4: usage: record" "$TMP/out"; then ok "script errors name the line"
else bad "script error message: $(cat "$TMP/out")"; fi
printf 'open %s/e.json\nsave\n' "$TMP" > "$TMP/empty.script"
if "$ED" --script "$TMP/empty.script" > "$TMP/out" 2>&1; then bad "saving an empty path succeeded"
elif grep -q "empty.script:2: save: a path needs at least 2 keys" "$TMP/out" && [ ! -f "$TMP/e.json" ]; then ok "an empty path is not saved"
else bad "empty save: $(cat "$TMP/out")"; fi
printf '{"campath": 1, "keys": [' > "$TMP/broken.json"
if "$ED" "$TMP/broken.json" --screenshot "$TMP/x.bmp" > "$TMP/out" 2>&1; then bad "a broken file opened"
elif grep -q "broken.json" "$TMP/out"; then ok "a broken file is refused with its name"
else bad "broken file: $(cat "$TMP/out")"; fi
if "$ED" --no-such-option > "$TMP/out" 2>&1; then bad "unknown option accepted"; else ok "unknown option refused"; fi
# the command line is one table: --help prints it, each option takes its value, and the manual lists each
"$ED" --help > "$TMP/help"
missing=""
for opt in $(grep -o -- '--[a-z-]*' "$TMP/help" | sort -u); do
    grep -q -- "\`$opt" docs/editor.md || missing="$missing $opt"
done
if [ -z "$missing" ]; then ok "every option of --help is in docs/editor.md"; else bad "options not in docs/editor.md:$missing"; fi
if "$ED" --size 10x10 > "$TMP/out" 2>&1 || ! grep -q "expected WxH" "$TMP/out"; then
    bad "--size 10x10: $(cat "$TMP/out")"
elif "$ED" --scene > "$TMP/out" 2>&1 || ! grep -q -- "--scene needs SCENE" "$TMP/out"; then
    bad "--scene without its value: $(cat "$TMP/out")"
else
    ok "options check their values and say what they need"
fi

# ---- no display -------------------------------------------------------------------------------------
for driver in dummy offscreen ""; do
    rc=0
    env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER="$driver" timeout 20 "$ED" "$TMP/flight.json" > "$TMP/out" 2>&1 || rc=$?
    if [ "$rc" = 1 ] && grep -q -- "--script" "$TMP/out"; then
        ok "no display (driver '${driver:-default}'): clear message, status 1"
    else
        bad "no display (driver '${driver:-default}'): status $rc: $(cat "$TMP/out")"
    fi
done

# ---- the graph panel, drawn from its cache -----------------------------------------------------------
# The panel is drawn once and copied while nothing it shows changes: after a
# playhead move it must be what a fresh editor draws, and after an edit (a
# key moved in time, the path changed) too.
cp paths/demo.json "$TMP/graph.json"
graph_frames() { # graph_frames NAME STEPS...: the demo path with the graph, a screenshot after the steps
    name=$1; shift
    { echo "open $TMP/graph.json"; echo "graph on"; echo "select 9"; for step in "$@"; do echo "$step"; done
      echo "screenshot $TMP/$name.png"; } > "$TMP/$name.script"
    "$ED" --size 640x400 --script "$TMP/$name.script" > "$TMP/out" 2>&1 || bad "graph script $name: $(cat "$TMP/out")"
}
graph_frames cached_seek "screenshot $TMP/first.png" "seek 12"
graph_frames fresh_seek "seek 12"
if cmp -s "$TMP/cached_seek.png" "$TMP/fresh_seek.png"; then ok "the graph copied from its cache after a seek is the graph drawn afresh"
else bad "the graph from its cache differs from a fresh one after a seek"; fi
graph_frames cached_edit "screenshot $TMP/first.png" "seek 12" "screenshot $TMP/second.png" "nudge 1.5"
graph_frames fresh_edit "nudge 1.5"
if cmp -s "$TMP/cached_edit.png" "$TMP/fresh_edit.png" && ! cmp -s "$TMP/cached_edit.png" "$TMP/second.png"; then
    ok "the graph is drawn again after an edit"
else
    bad "the graph after an edit is not what a fresh editor draws"
fi

# ---- the demo, the manual's screenshots, the benchmark ----------------------------------------------------
cat > "$TMP/demo.script" <<EOF
open paths/demo.json
expect keys 15
expect interpolation c2
expect ends rest
expect prompt none
EOF
if "$ED" --script "$TMP/demo.script" > "$TMP/out" 2>&1; then ok "paths/demo.json loads"; else bad "demo: $(cat "$TMP/out")"; fi
if [ -x "$CLI" ] && ! "$CLI" validate paths/demo.json > "$TMP/out" 2>&1; then bad "campath validate paths/demo.json: $(cat "$TMP/out")"; fi
if BUILD="$BUILD" sh docs/editor-images.sh "$TMP/images" > "$TMP/out" 2>&1 && [ "$(ls "$TMP/images" | wc -l)" -ge 5 ]; then
    ok "docs/editor-images.sh makes the manual's screenshots"
else
    bad "docs/editor-images.sh: $(cat "$TMP/out")"
fi
if "$ED" --bench-frames 4 --size 320x180 > "$TMP/out" 2>&1 && grep -q "median" "$TMP/out"; then ok "the frame benchmark runs"; else bad "bench: $(cat "$TMP/out")"; fi
# after an edit of one key the graph is drawn again in the columns it moved, and
# those come out as the whole panel drawn afresh does, pixel for pixel
if grep -Eq "drawn again in the columns the edit moved in [1-9][0-9]* of [0-9]+ edits; against the whole panel drawn afresh, 0 pixels differ" "$TMP/out"; then
    ok "an edit draws the graph again in part, as the whole panel would be"
else
    bad "the graph drawn in part: $(grep "its graph" "$TMP/out")"
fi

editor_done

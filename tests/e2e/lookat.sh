#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/lookat.sh - look-at paths, focus and aperture through `campath`:
# sample prints today's header, byte for byte, for files without focus and
# aperture and appends focus,aperture for files with them; info names the
# orientation and lens; check finds a view over its target and a target at
# the camera; a look-at path goes to glTF and back with its targets.
# Run from the project root with BUILD set (make e2e does both).
set -eu
BUILD=${BUILD:-build}
CAMPATH=$BUILD/campath
TMP=$(mktemp -d "${TMPDIR:-/tmp}/campath-e2e-XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }
G=tests/data/good

# the header without focus and aperture: exactly as it always was
printf 't,px,py,pz,vx,vy,vz,ax,ay,az,qx,qy,qz,qw,avx,avy,avz,aax,aay,aaz,fov\n' > "$TMP/plain_header"
for f in minimal harbour_intro smooth_holds closed_loop; do
    $CAMPATH sample $G/$f.json --rate 4 > "$TMP/csv" || fail "sample $f"
    head -1 "$TMP/csv" | cmp -s - "$TMP/plain_header" || fail "$f.json: header $(head -1 "$TMP/csv")"
    awk -F, '{ if (NF != 21) exit 1 }' "$TMP/csv" || fail "$f.json: a row without 21 columns"
done
# with them: two more columns, the keys' values at the keys
printf 't,px,py,pz,vx,vy,vz,ax,ay,az,qx,qy,qz,qw,avx,avy,avz,aax,aay,aaz,fov,focus,aperture\n' > "$TMP/lens_header"
$CAMPATH sample $G/focus.json --at 0,2,5 > "$TMP/csv" || fail "sample focus"
head -1 "$TMP/csv" | cmp -s - "$TMP/lens_header" || fail "focus.json: header $(head -1 "$TMP/csv")"
[ "$(sed -n 2p "$TMP/csv" | cut -d, -f22,23)" = "2,1.8" ] || fail "focus at t = 0: $(sed -n 2p "$TMP/csv")"
[ "$(sed -n 3p "$TMP/csv" | cut -d, -f22,23)" = "12,1.8" ] || fail "focus at t = 2"
[ "$(sed -n 4p "$TMP/csv" | cut -d, -f22,23)" = "10,2.8" ] || fail "focus at t = 5"
# a rack focus on the spot: the camera stays, the focus moves
$CAMPATH sample $G/focus.json --at 1 > "$TMP/csv"
[ "$(sed -n 2p "$TMP/csv" | cut -d, -f2-4)" = "0,1.6,6" ] || fail "the camera moved: $(sed -n 2p "$TMP/csv")"

# info
$CAMPATH info $G/look_at.json > "$TMP/info" || fail "info look_at"
grep -q "^orientation    look-at (targets, roll)$" "$TMP/info" || fail "info orientation: $(cat "$TMP/info")"
grep -q "^lens           focus, aperture$" "$TMP/info" || fail "info lens"
$CAMPATH info $G/minimal.json > "$TMP/info" || fail "info minimal"
grep -q "^orientation    rotation$" "$TMP/info" || fail "info rotation"
grep -q "^lens           (none)$" "$TMP/info" || fail "info no lens"

# check: a clean look-at loop, and one that flies over its target
$CAMPATH check $G/look_at.json > "$TMP/out" || fail "check look_at: $(cat "$TMP/out")"
set +e
$CAMPATH check tests/data/check/look_over_target.json > "$TMP/out"
rc=$?
set -e
[ $rc -eq 1 ] || fail "check look_over_target: exit $rc"
grep -q "warning: look-vertical: keys\[1\] (t = 2)..keys\[2\] (t = 4): the view comes within 4.26" "$TMP/out" ||
    fail "no look-vertical line: $(cat "$TMP/out")"
grep -q "warning: target-near: keys\[2\] (t = 4)..keys\[3\] (t = 6): the target comes within 0.0538" "$TMP/out" ||
    fail "no target-near line: $(cat "$TMP/out")"

# glTF: sampled out, and back exactly through the embedded path
$CAMPATH export-gltf $G/look_at.json "$TMP/look_at.gltf" > /dev/null || fail "export-gltf look_at"
$CAMPATH import-gltf "$TMP/look_at.gltf" "$TMP/back.json" > /dev/null || fail "import-gltf look_at"
$CAMPATH sample $G/look_at.json --rate 10 > "$TMP/a.csv"
$CAMPATH sample "$TMP/back.json" --rate 10 > "$TMP/b.csv"
cmp -s "$TMP/a.csv" "$TMP/b.csv" || fail "look_at.json through glTF samples differently"
grep -q '"orientation": "look-at"' "$TMP/back.json" || fail "the orientation was lost"
grep -q '"target": \[0, 1.5, 0\], "roll": -8' "$TMP/back.json" || fail "the targets were lost"
if grep -q '"rotation": \[' "$TMP/back.json"; then fail "a look-at file holds rotations"; fi
echo "lookat: ok"

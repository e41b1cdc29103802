#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/check.sh - drives `campath check`: the overshoot examples are
# findings with keys timing (exit 1, one line each, naming keys and times) and
# clean with smooth timing (exit 0); --json parses; usage errors exit 2.
# Run from the project root with BUILD set (make e2e does both).
set -eu
BUILD=${BUILD:-build}
CAMPATH=$BUILD/campath
TMP=$(mktemp -d "${TMPDIR:-/tmp}/campath-e2e-XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }
D=tests/data/check

# expect FILE STATUS PATTERN: the exit status, and a line of the output
expect() {
    set +e
    $CAMPATH check "$1" > "$TMP/out" 2> "$TMP/err"
    rc=$?
    set -e
    [ $rc -eq "$2" ] || fail "check $1: exit $rc, expected $2: $(cat "$TMP/out" "$TMP/err")"
    grep -q -- "$3" "$TMP/out" || fail "check $1: no line matching '$3' in: $(cat "$TMP/out")"
}

expect $D/rotation_long_way_keys.json 1 \
    "^$D/rotation_long_way_keys.json: error: turn: keys\[1\] (t = 1)..keys\[2\] (t = 101): the camera turns 630"
expect $D/position_reverses_keys.json 1 \
    "error: reverse: keys\[0\] (t = 0)..keys\[1\] (t = 1): the camera moves backwards along the segment, at up to 7.66"
expect $D/fov_dips_keys.json 1 "error: fov-range: keys\[1\] (t = 1)..keys\[2\] (t = 10): the field of view reaches -63.79"
expect $D/hold_drifts_keys.json 1 "error: reverse: keys\[1\] (t = 1)..keys\[2\] (t = 2): the keys share a position"
expect $D/lens_swings_keys.json 1 "error: focus-range: keys\[1\] (t = 1)..keys\[2\] (t = 10): the focus distance reaches -18.94"
expect $D/lens_swings_keys.json 1 "warning: aperture-overshoot: keys\[1\] (t = 1)..keys\[2\] (t = 10): the aperture reaches f/29.85"
for ex in rotation_long_way position_reverses fov_dips hold_drifts lens_swings; do
    expect $D/${ex}_smooth.json 0 "^$D/${ex}_smooth.json: clean (4 keys, smooth timing)$"
done
# one line per finding
$CAMPATH check $D/position_reverses_keys.json > "$TMP/two" || true
[ "$(wc -l < "$TMP/two")" -eq 2 ] || fail "two findings, two lines: $(cat "$TMP/two")"

# --json: machine-readable, the same findings
$CAMPATH check $D/position_reverses_keys.json --json > "$TMP/json" && fail "--json exit status 0 with errors"
python3 - "$TMP/json" <<'PY' || fail "check --json output"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["errors"] == 2 and d["total"] == 2 and d["timing"] == "keys", d
f = d["findings"][0]
assert f["kind"] == "reverse" and f["severity"] == "error" and f["keys"] == [0, 1] and f["times"] == [0, 1], f
assert abs(f["value"] + 7.666201766620187) < 1e-12 and f["message"].startswith("keys[0] (t = 0)..keys[1] (t = 1): ")
PY
$CAMPATH check $D/lens_swings_keys.json --json > "$TMP/lens" && fail "--json exit status 0 with a focus error"
python3 - "$TMP/lens" <<'PY' || fail "check --json focus and aperture"
import json, sys
d = json.load(open(sys.argv[1]))
kinds = [(f["kind"], f["severity"]) for f in d["findings"]]
assert kinds == [("focus-range", "error"), ("aperture-overshoot", "warning")], kinds
assert abs(d["findings"][0]["value"] + 18.948275862068964) < 1e-12 and d["findings"][0]["at"] == 5.5, d
PY
$CAMPATH check $D/fov_dips_smooth.json --json > "$TMP/json2" || fail "--json clean exit status"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['findings'] == [] and d['total'] == 0" "$TMP/json2" ||
    fail "clean --json"

# --max-jump: rounding at a C2 key is a jump once the tolerance is below it
$CAMPATH check tests/data/good/harbour_intro.json > /dev/null || fail "a two-key path is clean"
set +e
$CAMPATH check paths/demo.json --max-jump 1e-300 > "$TMP/tight"
rc=$?
set -e
[ $rc -eq 1 ] && grep -q "error: jump: keys\[" "$TMP/tight" || fail "--max-jump 1e-300: $(cat "$TMP/tight")"

# usage errors exit 2; a file that does not load exits 1 with its message
for args in "" "--max-jump" "--max-jump abc $D/fov_dips_keys.json" "--max-jump 0 $D/fov_dips_keys.json" \
    "--frobnicate $D/fov_dips_keys.json" "a.json b.json"; do
    set +e
    # shellcheck disable=SC2086
    $CAMPATH check $args > /dev/null 2> "$TMP/err"
    rc=$?
    set -e
    [ $rc -eq 2 ] || fail "check $args: exit $rc, expected 2"
done
set +e
$CAMPATH check tests/data/bad/hold_overlaps.json > /dev/null 2> "$TMP/err"
rc=$?
set -e
[ $rc -eq 1 ] && grep -q "hold_overlaps.json:6:85: keys\[1\].hold:" "$TMP/err" || fail "bad file: $(cat "$TMP/err")"
$CAMPATH check --help | grep -q "usage: campath check FILE \[--max-jump REL\] \[--json\]" || fail "check --help"

# a shaken path: checked without its layer, and one more line on the layer and its continuity at the keys
$CAMPATH check tests/data/good/shake.json > "$TMP/shake" || fail "shake.json: $(cat "$TMP/shake")"
grep -q "shake.json: clean (4 keys, smooth timing)" "$TMP/shake" || fail "shake.json findings: $(cat "$TMP/shake")"
grep -q "shake.json: info: shake: seed 1234, position 0.015 m at 1.5 Hz, rotation 0.6 deg at 2 Hz" "$TMP/shake" ||
    fail "shake line: $(cat "$TMP/shake")"
$CAMPATH check --json tests/data/good/shake.json | grep -q '"shake": { "seed": 1234, "position": \[0.015, 1.5\]' ||
    fail "shake in --json"
echo "check: all passed"

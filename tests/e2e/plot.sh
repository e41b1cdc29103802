#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/plot.sh - `campath plot`: well-formed SVG with four charts, keys
# marked, axes labelled with units, and with --compare a second series whose
# jumps at the keys are drawn as vertical steps (while C2 has none).
set -eu

BUILD=${BUILD:-build}
CAMPATH="$BUILD/campath"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}

cat >"$TMP/uneven.json" <<'JSON'
{
  "campath": 1,
  "name": "uneven <&> \"keys\"",
  "interpolation": { "position": "c2", "rotation": "c2", "fov": "c2" },
  "ends": "natural",
  "keys": [
    { "t": 0.0, "position": [0, 2, 10], "rotation": [0, 0, 0, 1], "fov": 60 },
    { "t": 0.6, "position": [3, 3, 7], "rotation": [0, 0.2588190451, 0, 0.9659258263], "fov": 55 },
    { "t": 3.1, "position": [9, 2, 0], "rotation": [0.1, 0.7, 0, 0.7], "fov": 50 },
    { "t": 3.8, "position": [6, 4, -4], "rotation": [0, 0.9659258263, 0, 0.2588190451], "fov": 50 },
    { "t": 7.0, "position": [-2, 1, -6], "rotation": [0, 1, 0, 0], "fov": 70 }
  ]
}
JSON
sed -e 's/"natural"/"closed", "period": 9/' "$TMP/uneven.json" >"$TMP/closed.json"
sed -e 's/"c2"/"step"/g' "$TMP/uneven.json" >"$TMP/step.json"

"$CAMPATH" plot "$TMP/uneven.json" "$TMP/plain.svg" | grep -q "4 charts" || fail "plot summary"
"$CAMPATH" plot "$TMP/uneven.json" "$TMP/compare.svg" --compare bisector >/dev/null
"$CAMPATH" plot "$TMP/closed.json" "$TMP/closed.svg" --compare catmull-rom >/dev/null
"$CAMPATH" plot "$TMP/step.json" "$TMP/step.svg" --compare linear >/dev/null
"$CAMPATH" plot --help | grep -q "usage: campath plot" || fail "plot --help"
# a shaken path: drawn with its layer and, as the second series, without it
"$CAMPATH" plot tests/data/good/shake.json "$TMP/shake.svg" | grep -q "with and without its shake" || fail "shaken plot"
[ "$(grep -c 'class="series1"' "$TMP/shake.svg")" -eq 4 ] || fail "shake.svg: not 4 unshaken series"
grep -q "the same path without its shake" "$TMP/shake.svg" || fail "shake.svg: no legend for the unshaken path"

# key times far from 0 (where adding a tick step to a time may not change it)
# still give a plot of bounded size; keys closer than CP_PATH_MIN_KEY_SPACING
# times their time (here 2 units in the last place apart) do not load at all
cat >"$TMP/late.json" <<'JSON'
{ "campath": 1, "keys": [
  { "t": 1e15, "position": [0, 0, 0], "rotation": [0, 0, 0, 1] },
  { "t": 1000000000001024, "position": [1, 0, 0], "rotation": [0, 0, 0, 1] } ] }
JSON
cat >"$TMP/too-late.json" <<'JSON'
{ "campath": 1, "keys": [
  { "t": 1e15, "position": [0, 0, 0], "rotation": [0, 0, 0, 1] },
  { "t": 1000000000000000.25, "position": [1, 0, 0], "rotation": [0, 0, 0, 1] } ] }
JSON
if "$CAMPATH" plot "$TMP/too-late.json" "$TMP/too-late.svg" 2>"$TMP/err.txt"; then fail "keys 0.25 s apart at 1e15 s plotted"; fi
grep -q "too-late.json:3:10: keys\[1\].t: 1000000000000000.2 is too close" "$TMP/err.txt" ||
    fail "keys 0.25 s apart at 1e15 s: $(cat "$TMP/err.txt")"
LIMIT=
if command -v timeout >/dev/null 2>&1; then LIMIT="timeout 60"; fi
(ulimit -f 20000 2>/dev/null || true; $LIMIT "$CAMPATH" plot "$TMP/late.json" "$TMP/late.svg" >/dev/null) ||
    fail "plot of late key times"
[ "$(wc -c <"$TMP/late.svg")" -lt 1000000 ] || fail "plot of late key times: $(wc -c <"$TMP/late.svg") bytes"
[ "$(grep -c 'class="chart"' "$TMP/late.svg")" -eq 4 ] || fail "late.svg: not 4 charts"

# bad input: exit 1 (a file problem) or 2 (a usage problem), a message, no output file
set +e
"$CAMPATH" plot "$TMP/missing.json" "$TMP/never.svg" 2>"$TMP/err.txt"
rc=$?
[ $rc -eq 1 ] && grep -q "missing.json" "$TMP/err.txt" || fail "plot of a missing file: exit $rc, $(cat "$TMP/err.txt")"
"$CAMPATH" plot "$TMP/uneven.json" "$TMP/never.svg" --compare spline 2>"$TMP/err.txt"
rc=$?
[ $rc -eq 2 ] && grep -q "bisector, catmull-rom, linear" "$TMP/err.txt" || fail "--compare spline: exit $rc"
set -e
[ ! -e "$TMP/never.svg" ] || fail "a failed plot wrote a file"

if command -v python3 >/dev/null 2>&1; then
    python3 - "$TMP" <<'PY'
import sys, xml.etree.ElementTree as ET
tmp = sys.argv[1]
NS = '{http://www.w3.org/2000/svg}'

def load(name):
    root = ET.parse(f'{tmp}/{name}').getroot()  # raises on malformed XML
    assert root.tag == NS + 'svg', root.tag
    return root

def charts(root):
    return [g for g in root.iter(NS + 'g') if g.get('class') == 'chart']

def points(poly):
    return [tuple(map(float, p.split(','))) for p in poly.get('points').split()]

def vertical_steps(poly):
    """Largest |dy| in pixels between consecutive points at the same x."""
    pts = points(poly)
    return max([abs(b[1] - a[1]) for a, b in zip(pts, pts[1:]) if abs(b[0] - a[0]) < 1e-9] + [0])

for name, compared in [('plain.svg', False), ('compare.svg', True), ('closed.svg', True), ('step.svg', True)]:
    root = load(name)
    cs = charts(root)
    assert len(cs) == 4, f'{name}: {len(cs)} charts'
    texts = ' | '.join(t.text or '' for t in root.iter(NS + 'text'))
    for label in ['speed (m/s)', 'acceleration (m/s\u00b2)', 'angular speed (deg/s)',
                  'angular acceleration (deg/s\u00b2)', 'time (s)', 'this path']:
        assert label in texts, f'{name}: no label {label!r}'
    for c in cs:
        lines = [p for p in c.iter(NS + 'polyline')]
        classes = sorted(p.get('class') for p in lines)
        assert classes == (['series0', 'series1'] if compared else ['series0']), f'{name} {c.get("id")}: {classes}'
        keys = [l for l in c.iter(NS + 'line') if l.get('class') == 'key']
        assert len(keys) >= 5, f'{name} {c.get("id")}: {len(keys)} key lines'
        ticks = [t for t in c.iter(NS + 'text') if t.get('class') == 'tick']
        assert len(ticks) >= 6, f'{name} {c.get("id")}: {len(ticks)} tick labels'
    if name == 'plain.svg':
        assert 'uneven <&> "keys"' in texts, 'the path name is escaped and shown'

# the point of the plot: bisector acceleration jumps at the keys, C2 does not
root = load('compare.svg')
acc = [c for c in charts(root) if c.get('id') == 'chart-acceleration'][0]
series = {p.get('class'): p for p in acc.iter(NS + 'polyline')}
c2_step, bis_step = vertical_steps(series['series0']), vertical_steps(series['series1'])
assert c2_step < 0.5, f'C2 acceleration steps by {c2_step} px at a key'
assert bis_step > 5, f'bisector acceleration steps by only {bis_step} px at the keys'
assert 'bisector' in ' '.join(t.text or '' for t in root.iter(NS + 'text'))
print(f'plot SVGs well-formed; acceleration step at a key: c2 {c2_step:.2f} px, bisector {bis_step:.1f} px')
PY
elif command -v xmllint >/dev/null 2>&1; then
    for f in plain compare closed step; do
        xmllint --noout "$TMP/$f.svg" || fail "$f.svg is not well-formed XML"
        [ "$(grep -c 'class="chart"' "$TMP/$f.svg")" -eq 4 ] || fail "$f.svg: not 4 charts"
    done
    echo "python3 not found: checked well-formedness with xmllint and the chart count only"
else
    for f in plain compare closed step; do
        [ "$(grep -c 'class="chart"' "$TMP/$f.svg")" -eq 4 ] || fail "$f.svg: not 4 charts"
    done
    echo "python3 and xmllint not found: XML well-formedness not checked, chart count checked"
fi
echo "plot checks passed"

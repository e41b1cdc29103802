#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/figures.sh - the two figures of docs/math.md, section 10 (the
# second also heads the README), each made by `campath plot PATH
# --compare bisector`: c2_vs_bisector.svg from the demo path
# (paths/demo.json), c2_vs_bisector_uneven.svg from paths/uneven.json, a path
# of unevenly timed keys; and link.png, the editor and the example game
# linked side by side (docs/link-images.sh; a screenshot, so it is checked
# for its size, not compared).
#
#   make figures            regenerates them in docs/images/
#   sh tests/e2e/figures.sh (as `make e2e` runs it) makes them in a temporary
#                           folder, checks them (four charts, a bisector
#                           series, well-formed XML where python3 is), and
#                           notes when the committed ones differ from what
#                           the paths give now
set -eu

BUILD=${BUILD:-build}
CAMPATH="$BUILD/campath"
OUT=${FIGURES_OUT:-}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

DEST=${OUT:-$TMP}
mkdir -p "$DEST"

FIGURES="c2_vs_bisector:paths/demo.json c2_vs_bisector_uneven:paths/uneven.json"
stale=""
for fig in $FIGURES; do
    name=${fig%%:*}
    path=${fig#*:}
    "$CAMPATH" plot "$path" "$DEST/$name.svg" --compare bisector >/dev/null
    count=$(grep -c 'class="chart"' "$DEST/$name.svg")
    [ "$count" -eq 4 ] || { echo "FAIL: $name.svg has $count charts"; exit 1; }
    grep -q 'class="series1"' "$DEST/$name.svg" || { echo "FAIL: $name.svg has no bisector series"; exit 1; }
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$DEST/$name.svg"
    fi
    if [ -z "$OUT" ]; then
        [ -f "docs/images/$name.svg" ] || { echo "FAIL: docs/images/$name.svg is missing: run 'make figures'"; exit 1; }
        cmp -s "$TMP/$name.svg" "docs/images/$name.svg" || stale="$stale $name.svg"
    fi
done

# the picture of the live link (docs/link-images.sh): the editor and the example game side by side
if [ -x "$BUILD/examples/linked" ] && [ -x "$BUILD/campath-editor" ]; then
    BUILD="$BUILD" sh docs/link-images.sh "$DEST" > "$TMP/link-images.out" 2>&1 ||
        { cat "$TMP/link-images.out"; echo "FAIL: docs/link-images.sh"; exit 1; }
    python3 - "$DEST/link.png" <<'PY' || { echo "FAIL: link.png is not the two 960x540 pictures side by side"; exit 1; }
import struct, sys
d = open(sys.argv[1], "rb").read()
sys.exit(0 if d[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", d[16:24]) == (1928, 540) else 1)
PY
    [ -n "$OUT" ] || [ -f docs/images/link.png ] || { echo "FAIL: docs/images/link.png is missing: run 'make figures'"; exit 1; }
fi

if [ -n "$OUT" ]; then
    echo "figures written to $OUT"
elif [ -n "$stale" ]; then
    echo "note: docs/images/{$stale } differ from what the paths give now: run 'make figures'"
else
    echo "figures up to date"
fi

#!/bin/sh
# tests/e2e/figures.sh - the figures of docs/math.md (section 10), made by `campath plot`.
#
#   make figures            regenerates them in docs/images/
#   sh tests/e2e/figures.sh (as `make e2e` runs it) makes them in a temporary
#                           folder, checks them, and says if the committed
#                           ones are out of date
#
# c2_vs_bisector.svg is the demo path (paths/demo.json; paths/uneven.json
# while there is no demo path), c2_vs_bisector_uneven.svg is paths/uneven.json,
# a path of unevenly timed keys.
set -eu

BUILD=${BUILD:-build}
CAMPATH="$BUILD/campath"
OUT=${FIGURES_OUT:-}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

SOURCE=paths/demo.json
[ -f "$SOURCE" ] || SOURCE=paths/uneven.json
DEST=${OUT:-$TMP}
mkdir -p "$DEST"

FIGURES="c2_vs_bisector:$SOURCE c2_vs_bisector_uneven:paths/uneven.json"
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

if [ -n "$OUT" ]; then
    echo "figures written to $OUT (the demo figure from $SOURCE)"
elif [ -n "$stale" ]; then
    echo "note: docs/images/{$stale } differ from what the paths give now: run 'make figures'"
else
    echo "figures up to date"
fi

#!/bin/sh
# tests/bench/editor.sh - frame time of campath-editor drawing the demo world
# and a 10,000-key path at 1280x720 with SDL's software renderer (target:
# under 16 ms per frame). Run by `make bench`.
set -eu
BUILD=${BUILD:-build}
FRAMES=${EDITOR_BENCH_FRAMES:-300}
exec "$BUILD/campath-editor" --bench-frames "$FRAMES"

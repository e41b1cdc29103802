#!/bin/sh
# SPDX-License-Identifier: MIT
# docs/link-images.sh - makes docs/images/link.png, the picture of
# docs/editor.md's "Linked games" and docs/link.md: the editor (left), in
# its headless mode, linked on loopback to the example game (right,
# docs/examples/linked.c, headless), which the editor has handed the path:
# the game's camera is the green frustum in the editor's view, and the game
# shows the path (yellow) from that camera, at the same playhead.
#
#     make && sh docs/link-images.sh [OUTDIR]      (default docs/images)
#
# BUILD names the build folder (default build). Run from the project root;
# it needs python3 to put the two screenshots side by side.
set -eu
BUILD=${BUILD:-build}
OUT=${1:-docs/images}
for p in campath-editor examples/linked; do
    [ -x "$BUILD/$p" ] || { echo "link-images: $BUILD/$p not found: run make first" >&2; exit 1; }
done
mkdir -p "$OUT"
TMP=$(mktemp -d)
EPID=
GPID=
cleanup() {
    [ -n "$GPID" ] && kill -KILL "$GPID" 2>/dev/null
    [ -n "$EPID" ] && kill -KILL "$EPID" 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT
. tests/tools/editor_env.sh
ED=$(editor_wrap "$TMP" "$BUILD/campath-editor")
mkdir -p "$TMP/paths"
cp paths/demo.json "$TMP/paths/demo.json"

cat > "$TMP/link.script" <<EOF
open $TMP/paths/demo.json
camera 62 58 52
look-at 0 6 -30
link-wait games 1 20
link-wait applied
hand-off take 0
seek 16.2
link-wait on-path
link-wait seconds 1.2
screenshot $TMP/editor.bmp
link-wait seconds 0.3
EOF
"$ED" --size 960x540 --link 0 --script "$TMP/link.script" > "$TMP/editor.out" 2>&1 &
EPID=$!
wait_line() { # FILE PATTERN: at most 30 s
    n=0
    until grep -q "$2" "$1" 2>/dev/null; do
        n=$((n + 1))
        [ "$n" -le 600 ] || { echo "link-images: no '$2' in $1:" >&2; cat "$1" >&2; exit 1; }
        sleep 0.05
    done
}
wait_line "$TMP/editor.out" "listening on"
PORT=$(sed -n 's/.*listening on [^ ]*:\([0-9][0-9]*\).*/\1/p' "$TMP/editor.out" | head -1)
"$BUILD/examples/linked" --headless --port "$PORT" --size 960x540 --seconds 60 --screenshot "$TMP/game.bmp" \
    > "$TMP/game.out" 2>&1 &
GPID=$!
wait "$EPID" || { echo "link-images: the editor failed:" >&2; cat "$TMP/editor.out" >&2; exit 1; }
EPID=
# the game keeps the path and the playhead it was given: its last frame is the same view
kill -TERM "$GPID"
wait "$GPID"
GPID=

python3 - "$TMP/editor.bmp" "$TMP/game.bmp" "$OUT/link.png" <<'EOF'
import struct, sys, zlib

def read_bmp(name):
    """(width, height, rows of RGB bytes, top first) of a 24- or 32-bit BMP."""
    data = open(name, "rb").read()
    offset, header = struct.unpack_from("<I", data, 10)[0], struct.unpack_from("<I", data, 14)[0]
    w, h, _, bpp, compression = struct.unpack_from("<iiHHI", data, 18)
    masks = (0xFF0000, 0xFF00, 0xFF)
    if compression == 3:  # bit fields: the masks follow the 40-byte header
        masks = struct.unpack_from("<III", data, 54)
    byte = [((m & -m).bit_length() - 1) // 8 for m in masks]  # where each channel is in a pixel
    step, stride = bpp // 8, (w * bpp // 8 + 3) & ~3
    rows = []
    for y in range(abs(h)):
        src = offset + (abs(h) - 1 - y if h > 0 else y) * stride
        pixels = data[src:src + w * step]
        row = bytearray(3 * w)
        for c in range(3):
            row[c::3] = pixels[byte[c]::step]
        rows.append(row)
    return w, abs(h), rows

ew, eh, erows = read_bmp(sys.argv[1])
gw, gh, grows = read_bmp(sys.argv[2])
gap = 8
h = max(eh, gh)
w = ew + gap + gw
out = bytearray()
for y in range(h):
    out.append(0)  # filter: none
    out += erows[y] if y < eh else bytes(3 * ew)
    out += bytes([40, 40, 48]) * gap
    out += grows[y] if y < gh else bytes(3 * gw)

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + \
      chunk(b"IDAT", zlib.compress(bytes(out), 9)) + chunk(b"IEND", b"")
open(sys.argv[3], "wb").write(png)
EOF
echo "wrote $OUT/link.png"

#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/editor_frames.sh - campath-editor --render-frames replaces what
# is in DIR and trusts no write:
#   - a symbolic link or a FIFO at a frame's name is an error naming it
#     (its target is not written, the FIFO does not block the render);
#   - a second hard link to a frame keeps its old bytes (the frame is
#     replaced, not written into);
#   - a write that fails (a file size limit: EFBIG; and, where the test
#     may mount one, a full tmpfs: ENOSPC) stops the render at that frame
#     with the reason and status 1, and no "wrote N frames";
#   - a path too long for the frame limit is refused before any frame;
#   - a signal ends a render without leaving a temporary file;
#   - a screenshot is written the same way.
set -eu

. tests/tools/editor_env.sh
editor_start
trap 'umount "$TMP/tmpfs" 2>/dev/null || :; rm -rf "$TMP"' EXIT

# a path of 1 s: at 4 frames/s, frames 0 to 4
path() { # path FILE SECONDS
    printf '{"campath": 1, "keys": [{"t": 0, "position": [0, 2, 10], "rotation": [0, 0, 0, 1], "fov": 60},\n' > "$1"
    printf '{"t": %s, "position": [4, 2, 6], "rotation": [0, 0, 0, 1], "fov": 60}]}\n' "$2" >> "$1"
}
path "$TMP/shot.json" 1
render() { # render DIR [ARGS...]: status in $rc, output in $TMP/out
    dir=$1
    shift
    rc=0
    timeout 60 "$ED" --render-frames "$dir" --fps 4 --size 160x90 "$@" "$TMP/shot.json" > "$TMP/out" 2>&1 || rc=$?
}

# ---- links and FIFOs in DIR -----------------------------------------------------------------------
mkdir "$TMP/links"
printf 'keep me\n' > "$TMP/victim.txt"
ln -s ../victim.txt "$TMP/links/frame_00001.png"
ln -s ../nowhere.txt "$TMP/links/frame_00003.png"
render "$TMP/links"
if [ "$rc" = 1 ] && grep -q "links/frame_00001.png is a symbolic link, not a regular file" "$TMP/out" &&
    [ "$(cat "$TMP/victim.txt")" = "keep me" ] && [ ! -e "$TMP/nowhere.txt" ] && [ ! -e "$TMP/links/frame_00000.png" ]; then
    ok "a link in DIR is named, before any frame, and its target left alone"
else
    bad "link in DIR: status $rc, victim '$(cat "$TMP/victim.txt")': $(cat "$TMP/out")"
fi
mkdir "$TMP/fifo"
mkfifo "$TMP/fifo/frame_00002.png"
render "$TMP/fifo"
if [ "$rc" = 1 ] && grep -q "fifo/frame_00002.png is a FIFO, not a regular file" "$TMP/out"; then
    ok "a FIFO in DIR is named and does not block"
else
    bad "FIFO in DIR: status $rc: $(cat "$TMP/out")"
fi
mkdir "$TMP/hard"
printf 'keep me too\n' > "$TMP/victim2.txt"
ln "$TMP/victim2.txt" "$TMP/hard/frame_00002.png"
render "$TMP/hard"
if [ "$rc" = 0 ] && [ "$(cat "$TMP/victim2.txt")" = "keep me too" ] &&
    [ "$(od -An -tx1 -N4 "$TMP/hard/frame_00002.png" | tr -d ' ')" = 89504e47 ]; then
    ok "a frame with a second hard link is replaced: the other name keeps its bytes"
else
    bad "hard link: status $rc, victim2 '$(cat "$TMP/victim2.txt")': $(cat "$TMP/out")"
fi
if ls -a "$TMP/hard" | grep -q '\.tmp$'; then bad "a temporary file was left in DIR: $(ls -a "$TMP/hard")"
else ok "no temporary file is left in DIR"; fi

# ---- a write that fails -------------------------------------------------------------------------------
# limited OUT ARGS...: the editor under a file size limit of 512 bytes, SIGXFSZ ignored so that a
# write past it fails with EFBIG (and no shader cache that could hit it); its status in $rc
limited() {
    out=$1
    shift
    rc=0
    MESA_SHADER_CACHE_DISABLE=true sh -c 'trap "" XFSZ; ulimit -f 1; exec "$@"' sh timeout 60 "$ED" "$@" > "$out" 2>&1 ||
        rc=$?
}
mkdir "$TMP/full"
limited "$TMP/out" --render-frames "$TMP/full" --fps 4 --size 160x90 "$TMP/shot.json"
if [ "$rc" = 1 ] && grep -q "frame 0: .*full/frame_00000.png: File too large" "$TMP/out" && ! grep -q "wrote" "$TMP/out" &&
    [ -z "$(ls -A "$TMP/full")" ]; then
    ok "a failed write stops the render at its frame, with the reason and status 1, and leaves nothing"
else
    bad "failed write: status $rc: $(cat "$TMP/out"); in DIR: $(ls -A "$TMP/full")"
fi
# a full disk: a tmpfs of 16 KB takes the first few frames (as root, where mounting is allowed)
mkdir "$TMP/tmpfs"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=16k tmpfs "$TMP/tmpfs" 2>/dev/null; then
    render "$TMP/tmpfs/frames" --fps 40
    n=$(ls "$TMP/tmpfs/frames" | grep -c '^frame_' || :)
    if [ "$rc" = 1 ] && grep -q "frame $n: .*$(printf 'frame_%05d' "$n").png: No space left on device" "$TMP/out" &&
        ! grep -q "wrote" "$TMP/out" &&
        ! ls -a "$TMP/tmpfs/frames" | grep -q '\.tmp$'; then
        ok "a full disk stops the render at frame $n with the reason and status 1"
    else
        bad "full disk: status $rc, $n frames: $(cat "$TMP/out")"
    fi
    umount "$TMP/tmpfs"
else
    echo "skip: a full disk (no tmpfs can be mounted here; the file size limit above stands for it)"
fi
printf 'open %s/shot.json\nscreenshot %s/full/shot.png\n' "$TMP" "$TMP" > "$TMP/shot.script"
limited "$TMP/out" --size 320x180 --script "$TMP/shot.script"
if [ "$rc" = 1 ] && grep -q "full/shot.png: File too large" "$TMP/out" && [ ! -e "$TMP/full/shot.png" ]; then
    ok "a screenshot that cannot be written fails with the reason"
else
    bad "failed screenshot: status $rc: $(cat "$TMP/out")"
fi
ln -s ../victim.txt "$TMP/full/link.png"
rc=0
"$ED" paths/demo.json --size 160x90 --screenshot "$TMP/full/link.png" > "$TMP/out" 2>&1 || rc=$?
if [ "$rc" = 1 ] && grep -q "link.png is a symbolic link, not a regular file" "$TMP/out" && [ "$(cat "$TMP/victim.txt")" = "keep me" ]; then
    ok "a screenshot does not write through a link"
else
    bad "screenshot through a link: status $rc: $(cat "$TMP/out")"
fi

# ---- a render stopped by a signal --------------------------------------------------------------------
# SIGTERM (Ctrl+C's SIGINT is ignored by a job in the background of a script): the frame being
# written is finished or dropped, nothing half-written or temporary stays, the signal ends it
"$ED" --render-frames "$TMP/stopped" --fps 60 --size 320x180 paths/demo.json > "$TMP/out" 2>&1 &
pid=$!
sleep 1
kill -TERM "$pid" 2>/dev/null || :
rc=0
wait "$pid" || rc=$?
if [ "$rc" = 143 ] && ! ls -a "$TMP/stopped" | grep -q '\.tmp$'; then
    ok "SIGTERM ends a render and leaves no temporary file ($(ls "$TMP/stopped" | wc -l) frames written)"
elif [ "$rc" = 0 ]; then
    echo "skip: the render finished before the signal"
else
    bad "SIGTERM: status $rc, in DIR: $(ls -a "$TMP/stopped" | grep tmp): $(tail -c 300 "$TMP/out")"
fi

# ---- the frame limit --------------------------------------------------------------------------------------
path "$TMP/shot.json" 1e300
render "$TMP/long"
if [ "$rc" = 1 ] && grep -q "over the editor's limit of 100000 frames" "$TMP/out" && [ ! -e "$TMP/long/frame_00000.png" ]; then
    ok "a path of 1e300 s is refused before any frame: $(sed 's/.*shot.json: //' "$TMP/out" | head -c 90)"
else
    bad "1e300 s: status $rc: $(cat "$TMP/out")"
fi
# 100,000 frames is the limit: 25,000 s at 4 frames/s is 100,001
path "$TMP/shot.json" 25000
render "$TMP/long"
if [ "$rc" = 1 ] && grep -q "100001 frames, over the editor's limit of 100000 frames" "$TMP/out"; then
    ok "one frame over the limit is refused"
else
    bad "100,001 frames: status $rc: $(cat "$TMP/out")"
fi

editor_done

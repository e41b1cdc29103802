#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/editor_audio.sh - the path's sound in campath-editor, headless
# (SDL's dummy audio driver: no sound card needed):
#   - --render-frames writes DIR/audio.wav exactly as long as the frames
#     (frame count / frame rate, to the sample), the source's samples at
#     the path's offset, silence before the sound starts and after it ends;
#   - a symbolic link at DIR/audio.wav is refused (its target untouched);
#   - OGG and MP3 decode (files made here with oggenc and lame: the test
#     fails when they are missing, it does not skip);
#   - a missing sound is a warning and the frames are still rendered; in
#     a script, a warning in its log and the path open.
set -eu

. tests/tools/editor_env.sh
editor_start
export SDL_AUDIODRIVER=dummy

# a path of 1 s: at 30 frames/s, frames 0 to 30 (31 frames: 31/30 s of sound, 49600 samples at 48 kHz)
path() { # path FILE AUDIO-MEMBER
    printf '{"campath": 1, "audio": %s,\n' "$2" > "$1"
    printf '"keys": [{"t": 0, "position": [0, 2, 10], "rotation": [0, 0, 0, 1]},\n' >> "$1"
    printf '{"t": 1, "position": [4, 2, 6], "rotation": [0, 0, 0, 1]}]}\n' >> "$1"
}
render() { # render DIR PATH: status in $rc, output in $TMP/out
    rc=0
    timeout 120 "$ED" --render-frames "$1" --fps 30 --size 32x18 "$2" > "$TMP/out" 2>&1 || rc=$?
}

# the source: 1.2 s at 48 kHz, 16-bit stereo, a pseudo-random signal (every sample differs from its neighbours)
python3 - "$TMP/src.wav" <<'PY'
import struct, sys, wave
n = 57600
w = wave.open(sys.argv[1], "wb")
w.setnchannels(2); w.setsampwidth(2); w.setframerate(48000)
x = 12345
data = bytearray()
for i in range(n):
    x = (x * 1103515245 + 12345) & 0x7fffffff
    l = (x >> 8) % 40000 - 20000
    data += struct.pack("<hh", l, -l // 2)
w.writeframes(bytes(data))
w.close()
PY

check_wav() { # check_wav WAV SOURCE OFFSET: the rendered sound is the source at path time 0 .. 31/30 s
    python3 - "$1" "$2" "$3" <<'PY'
import sys, wave
out, src, offset = wave.open(sys.argv[1]), wave.open(sys.argv[2]), float(sys.argv[3])
assert out.getframerate() == 48000 and out.getnchannels() == 2 and out.getsampwidth() == 2, out.getparams()
n = out.getnframes()
assert n == 49600, "%d frames, not 31 / 30 * 48000 = 49600" % n
o, s = out.readframes(n), src.readframes(src.getnframes())
first = round(-offset * 48000)
for i in range(n):
    f = first + i
    want = s[4 * f:4 * f + 4] if 0 <= f < len(s) // 4 else b"\0\0\0\0"
    if o[4 * i:4 * i + 4] != want:
        sys.exit("frame %d (the source's %d) differs" % (i, f))
PY
}

# ---- the sound starts 0.25 s into the path: silence first -------------------------------------------
path "$TMP/late.json" '{"file": "src.wav", "offset": 0.25}'
render "$TMP/late" "$TMP/late.json"
if [ "$rc" = 0 ] && [ -f "$TMP/late/frame_00030.png" ] && [ ! -e "$TMP/late/frame_00031.png" ] &&
    grep -q "wrote the sound of the 1.03333 s as $TMP/late/audio.wav (48000 Hz, 2 channels, 49600 frames)" "$TMP/out" &&
    check_wav "$TMP/late/audio.wav" "$TMP/src.wav" 0.25; then
    ok "a sound starting 0.25 s into the path: 49600 samples, silence, then the source sample for sample"
else
    bad "a sound starting 0.25 s into the path (status $rc): $(cat "$TMP/out")"
fi

# ---- the path starts 0.5 s into the sound, which ends before the frames do --------------------------
path "$TMP/early.json" '{"file": "src.wav", "offset": -0.5}'
render "$TMP/early" "$TMP/early.json"
if [ "$rc" = 0 ] && check_wav "$TMP/early/audio.wav" "$TMP/src.wav" -0.5; then
    ok "a path starting 0.5 s into the sound: the source from 24000, silence after its end"
else
    bad "a path starting 0.5 s into the sound (status $rc): $(cat "$TMP/out")"
fi

# ---- a link at audio.wav ---------------------------------------------------------------------------
mkdir "$TMP/links"
printf 'keep me\n' > "$TMP/victim.txt"
ln -s ../victim.txt "$TMP/links/audio.wav"
render "$TMP/links" "$TMP/late.json"
if [ "$rc" = 1 ] && grep -q "links/audio.wav is a symbolic link, not a regular file" "$TMP/out" &&
    [ "$(cat "$TMP/victim.txt")" = "keep me" ] && [ ! -e "$TMP/links/frame_00000.png" ]; then
    ok "a symbolic link at audio.wav is refused before any frame, its target untouched"
else
    bad "a link at audio.wav (status $rc): $(cat "$TMP/out")"
fi

# ---- OGG and MP3 -----------------------------------------------------------------------------------
loud() { # loud WAV: the rendered sound is the source's loudness where it plays (lossy: within 25 %)
    python3 - "$1" "$TMP/src.wav" <<'PY'
import array, math, sys, wave
def rms(b):
    a = array.array("h", b)
    return math.sqrt(sum(x * x for x in a) / max(1, len(a)))
out, src = wave.open(sys.argv[1]), wave.open(sys.argv[2])
assert out.getnframes() == 49600, out.getnframes()
o = out.readframes(49600)
# offset 0.25: silence for 12000 frames, then the sound
quiet, sound = rms(o[:4 * 11000]), rms(o[4 * 14000:4 * 49600])
want = rms(src.readframes(src.getnframes()))
if quiet > 0.01 * want or abs(sound - want) > 0.25 * want:
    sys.exit("silence %.1f, sound %.1f, the source %.1f" % (quiet, sound, want))
PY
}
for kind in ogg mp3; do
    case $kind in
    ogg) tool=oggenc; make() { oggenc -Q -o "$TMP/src.ogg" "$TMP/src.wav"; } ;;
    mp3) tool=lame; make() { lame --quiet -b 192 "$TMP/src.wav" "$TMP/src.mp3"; } ;;
    esac
    if ! command -v "$tool" > /dev/null 2>&1; then
        bad "$kind: $tool is missing (Debian: make deps installs it), so $kind decoding is not tested"
        continue
    fi
    make
    path "$TMP/$kind.json" "{\"file\": \"src.$kind\", \"offset\": 0.25}"
    render "$TMP/$kind" "$TMP/$kind.json"
    if [ "$rc" = 0 ] && loud "$TMP/$kind/audio.wav"; then
        ok "$kind decoded through SDL2_mixer: 49600 samples, silent before the offset, as loud as the source after"
    else
        bad "$kind (status $rc): $(cat "$TMP/out")"
    fi
done

# ---- a missing sound ---------------------------------------------------------------------------------
path "$TMP/gone.json" '{"file": "gone.ogg"}'
render "$TMP/gone" "$TMP/gone.json"
if [ "$rc" = 0 ] && grep -q "warning: the audio gone.ogg: .*gone.ogg, which is not there" "$TMP/out" &&
    [ -f "$TMP/gone/frame_00030.png" ] && [ ! -e "$TMP/gone/audio.wav" ]; then
    ok "a missing sound: a warning, the frames rendered, no audio.wav"
else
    bad "a missing sound (status $rc): $(cat "$TMP/out")"
fi

# and in a script: a warning line in its log, the path open (its keys there) all the same
printf 'open %s\nexpect keys 2\nexpect message the audio gone.ogg\n' "$TMP/gone.json" > "$TMP/gone.script"
rc=0
timeout 60 "$ED" --script "$TMP/gone.script" > "$TMP/out" 2>&1 || rc=$?
if [ "$rc" = 0 ] && grep -q "gone.script:1: open: warning: the audio gone.ogg: .*which is not there" "$TMP/out"; then
    ok "a missing sound in a script: a warning in its log, the path open, the message on screen"
else
    bad "a missing sound in a script (status $rc): $(cat "$TMP/out")"
fi

editor_done

#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/editor_day.sh - the day's task of issue 21, done in
# campath-editor headless without typing a single key time: a shot flown
# and recorded with F2, a 2 s hold at the door, exactly 20 s, eased into
# the hold, a sound with its beat grid, and the hold's end (the cut) put on
# a beat by dragging the door's key along the timeline with snapping on;
# and the window's way to the sound, a file dropped on it.
# Every command's message is checked (`expect message`), and the saved
# file is checked with campath info, sample and check: 20 s to the digit,
# the hold 2 s, the ease there and the camera slowing into the hold, the
# cut on a beat, and every value the person did not change as it was
# flown (no value changed without a word).
set -eu

. tests/tools/editor_env.sh
editor_start
export SDL_AUDIODRIVER=dummy
CP=$BUILD/campath

# the music: 24 s at 48 kHz, a click on every beat of 120 bpm, the first 0.25 s into the sound
python3 - "$TMP/music.wav" <<'PY'
import math, struct, sys, wave
rate = 48000
w = wave.open(sys.argv[1], "wb")
w.setnchannels(1); w.setsampwidth(2); w.setframerate(rate)
data = bytearray()
for i in range(24 * rate):
    t = i / rate
    b = (t - 0.25) % 0.5
    data += struct.pack("<h", int(20000 * math.sin(2 * math.pi * 880 * t) * math.exp(-40 * b)) if t >= 0.25 else 0)
w.writeframes(bytes(data))
w.close()
PY

run() { # run SCRIPT: status in $rc, output in $TMP/out
    rc=0
    timeout 120 "$ED" --script "$1" > "$TMP/out" 2>&1 || rc=$?
}

# ---- the first session: fly, record, hold, duration, ease ----------------------------------------
# The camera is placed once; from there it flies, and F2 records each pose:
# in distance mode a key's time is the distance flown over the nominal speed.
cat > "$TMP/fly.script" <<SCRIPT
open $TMP/day.json
expect message new file $TMP/day.json
size 960 540
speed 4
expect message nominal speed 4.00 m/s
mode distance
expect message key times: distance / nominal speed
camera 0 1.7 30 0 0
look-at 0 1.7 20
press f2
expect message key 0 recorded at 0.00 s
fly 0 1.7 20
look-at 4 1.7 12
press f2
expect message key 1 recorded at 2.50 s
fly 4 1.7 12
look-at 8 1.7 6
press f2
expect message key 2 recorded at 4.74 s
fly 8 1.7 6
look-at 14 1.7 2
press f2
expect message key 3 recorded at 6.54 s
fly 14 1.7 2
look-at 20 1.7 0
press f2
expect message key 4 recorded at 8.34 s
expect keys 5
select 2
expect message key 2 selected (t = 4.74 s)
edit hold 2
expect message key 2: a hold of 2.00 s; keys 3..4 moved 2.00 s later
expect message to make room (Ctrl+Z undoes both)
select none
duration 20
expect message the path's duration 20.00 s (was 10.34 s; holds kept)
speed-at key 1 0.5
expect message speed at key 1 x0.50: ease in 0.50, out 0.50 (was 0.00, 0.00)
expect message passes key 1 at 0.50 of its natural speed; no key time moved
save
expect message saved $TMP/day.json (5 keys)
SCRIPT
run "$TMP/fly.script"
if [ "$rc" = 0 ]; then
    ok "flown and recorded with F2, a 2 s hold at the door (key 2), 20 s, eased at key 1: every message as expected"
else
    bad "the first session (status $rc): $(cat "$TMP/out")"
fi
cp "$TMP/day.json" "$TMP/first.json" || { editor_done; exit 1; }

# ---- the second session: the sound, snapping, the cut on a beat ------------------------------------
# The door's key is dragged along the timeline (960x540: the bar from x 64,
# 832 pixels wide, its middle at y 518) to the beat after the one nearest
# it; with snapping on it lands on the beat, and its hold moves with it.
set -- $(python3 - "$TMP/day.json" <<'PY'
import json, sys
k = json.load(open(sys.argv[1]))["keys"]
dur = k[-1]["t"] - k[0]["t"]
x = lambda t: round(64 + (t - k[0]["t"]) / dur * 831)
door = k[2]["t"]
beat = 0.25 + 0.5 * (round((door - 0.25) / 0.5) + 1)
print(x(door), x(beat), "%.2f" % beat, "%.2f" % (beat + 2), "%.3f" % beat)
PY
)
from=$1 to=$2 beat=$3 cut=$4 beat3=$5
cat > "$TMP/cut.script" <<SCRIPT
open $TMP/day.json
size 960 540
audio $TMP/music.wav 0 120 0.25
expect message audio music.wav: 24.00 s of sound from 0.00 s of the path;
expect message 120.00 bpm, a beat at 0.25 s of the path
snap on
expect message snapping on: key times snap to beats (120 bpm) and frames (30 fps)
drag $from 518 $to 518
expect message key 2 at $beat3 s
expect key 2 time $beat 1e-12
expect key 2 hold 2
expect key 4 time 20 0
save
expect message saved $TMP/day.json (5 keys)
SCRIPT
run "$TMP/cut.script"
if [ "$rc" = 0 ]; then
    ok "the sound set from the editor, the door's key dragged with snapping: on the beat at $beat s, the cut at $cut s"
else
    bad "the second session (status $rc): $(cat "$TMP/out")"
fi

# ---- the window's way to the sound: a file dropped, through SDL's own queue -----------------------------
cp "$TMP/first.json" "$TMP/drop.json"
cat > "$TMP/drop.script" <<SCRIPT
open $TMP/drop.json
queue drop $TMP/music.wav
pump
expect message audio music.wav: 24.00 s of sound from 0.00 s
expect message of the path; no beat grid
queue drop $TMP/first.json
pump
expect message first.json dropped: not a sound the editor plays (WAV, OGG or MP3); nothing changed
undo
expect message undone: audio music.wav: 24.00 s of sound
save
SCRIPT
run "$TMP/drop.script"
if [ "$rc" = 0 ] && ! grep -q '"audio"' "$TMP/drop.json"; then
    ok "a sound file dropped on the window (an SDL_DROPFILE event) became the path's sound; another file changed nothing; one undo step"
else
    bad "a dropped file (status $rc): $(cat "$TMP/out")"
fi

# ---- the file, checked by the command line tools -------------------------------------------------------
if "$CP" info "$TMP/day.json" > "$TMP/info" 2>&1 && grep -q "^duration  *20 s$" "$TMP/info" &&
    grep -q "^holds  *1 (2 s in all)$" "$TMP/info" && grep -q "^timing  *smooth$" "$TMP/info"; then
    ok "campath info: exactly 20 s, one hold of 2 s"
else
    bad "campath info: $(cat "$TMP/info")"
fi
if "$CP" check "$TMP/day.json" > "$TMP/check" 2>&1 && grep -q "clean (5 keys, smooth timing)" "$TMP/check"; then
    ok "campath check: clean"
else
    bad "campath check: $(cat "$TMP/check")"
fi
"$CP" sample "$TMP/day.json" --rate 100 > "$TMP/samples.csv"
if python3 - "$TMP/first.json" "$TMP/day.json" "$TMP/samples.csv" "$TMP/music.wav" <<'PY'
import csv, json, math, sys, wave
first, day = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
fk, k = first["keys"], day["keys"]
fail = []
def need(ok, what):
    if not ok:
        fail.append(what)
# exactly 20 s; the hold 2 s at the door, its end on a beat of the grid the file names
need(k[0]["t"] == 0 and k[-1]["t"] == 20, "the path spans %r..%r, not 0..20" % (k[0]["t"], k[-1]["t"]))
need(k[2].get("hold") == 2, "key 2's hold is %r" % k[2].get("hold"))
a = day["audio"]
need(a["file"] == "music.wav" and a["bpm"] == 120 and a["first_beat"] == 0.25 and a.get("offset", 0) == 0,
     "the audio member is %r" % a)
period = 60 / a["bpm"]
for name, t in (("the door's key", k[2]["t"]), ("the hold's end (the cut)", k[2]["t"] + k[2]["hold"])):
    beats = (t - a.get("offset", 0) - a["first_beat"]) / period
    need(abs(beats - round(beats)) < 1e-9, "%s at %r s is not on a beat (%r beats)" % (name, t, beats))
# the ease at key 1, and nowhere else
need(k[1].get("ease") == [0.5, 0.5], "key 1's ease is %r" % k[1].get("ease"))
need(all("ease" not in x for i, x in enumerate(k) if i != 1), "an ease where none was set")
# nothing changed that was not asked for: positions, rotations and fov as flown; key times moved
# only by the commands that said so (the other keys' times as the first session left them)
for i, (x, y) in enumerate(zip(fk, k)):
    for m in ("position", "rotation", "fov"):
        need(x[m] == y[m], "key %d's %s changed: %r -> %r" % (i, m, x[m], y[m]))
    if i != 2:
        need(x["t"] == y["t"], "key %d's time changed: %r -> %r" % (i, x["t"], y["t"]))
need(set(day) - {"audio"} == set(first), "members other than audio changed: %r" % (set(day) ^ set(first)))
need(len(k) == 5, "%d keys" % len(k))
# the samples: the camera rests through the hold and slows into it smoothly
rows = [[float(v) for v in r] for r in list(csv.reader(open(sys.argv[3])))[1:]]
speed = lambda r: math.sqrt(r[4] ** 2 + r[5] ** 2 + r[6] ** 2)
need(abs(rows[-1][0] - 20) < 1e-9, "the samples end at %r" % rows[-1][0])
d0, d1 = k[2]["t"], k[2]["t"] + 2
rest = [speed(r) for r in rows if d0 + 0.01 <= r[0] <= d1 - 0.01]
need(rest and max(rest) < 1e-9, "the camera moves during the hold: %r m/s" % (max(rest) if rest else None))
into = [speed(r) for r in rows if d0 - 1.0 <= r[0] <= d0]
need(all(b <= a + 1e-9 for a, b in zip(into, into[1:])), "the speed does not fall steadily in the last second before the hold")
need(into and into[-1] < 1e-6 and into[0] > 0.1, "into the hold: %r .. %r m/s" % (into[:1], into[-1:]))
# the sound is as long as the shot needs
w = wave.open(sys.argv[4])
need(w.getnframes() / w.getframerate() >= 20, "the music is shorter than the shot")
if fail:
    sys.exit("\n".join(fail))
PY
then
    ok "the file: 20 s to the digit, the hold 2 s, ease at key 1, the camera resting through the hold and slowing into it, the door and the cut on beats, nothing else changed"
else
    bad "the file as saved"
fi

editor_done

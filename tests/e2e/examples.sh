#!/bin/sh
# SPDX-License-Identifier: MIT
# The recorder and hand-off examples (docs/examples) run as make test builds
# them: the recorder's SDL2 game loop headless with scripted input (it
# records, saves, plays back and follows a second save, then checks the
# file itself), its saved file through `campath validate`, and the hand-off
# program, which checks continuity at both ends of its blends, and the
# sequence player (docs/examples/sequence.c) through a cut and a blend, and
# the live target (docs/examples/follow.c) through a teleport.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "examples.sh: $*" >&2; exit 1; }

for pace in distance real; do
    if [ "$pace" = real ]; then set -- --pace real; else set --; fi
    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$BUILD/examples/recorder" "$tmp/take-$pace.json" --frames 400 "$@" \
        > "$tmp/out" 2>&1 || { cat "$tmp/out" >&2; fail "recorder ($pace pace) failed"; }
    grep -q '^reloaded ' "$tmp/out" || { cat "$tmp/out" >&2; fail "recorder: playback did not follow the second save"; }
    "$BUILD/campath" validate "$tmp/take-$pace.json" > /dev/null || fail "recorder: the saved file does not validate"
    echo "ok: recorder ($pace pace): $(tail -1 "$tmp/out" | sed 's/^recorder: //')"
done

"$BUILD/examples/handoff" --quiet > "$tmp/out" 2>&1 || { cat "$tmp/out" >&2; fail "handoff failed"; }
echo "ok: $(tail -1 "$tmp/out")"

# the sequence player: every shot begins and the one cut is reported
"$BUILD/examples/sequence" paths/sequence.json > "$tmp/out" 2>&1 || { cat "$tmp/out" >&2; fail "sequence failed"; }
grep -q 'cut to shot 2' "$tmp/out" || { cat "$tmp/out" >&2; fail "sequence: no cut to shot 2"; }
grep -q 'shot 1 begins (blending in)' "$tmp/out" || { cat "$tmp/out" >&2; fail "sequence: shot 1 did not blend in"; }
grep -q '^sequence: 3 shots over 26 s, 1 cut,' "$tmp/out" || { cat "$tmp/out" >&2; fail "sequence: wrong summary"; }
echo "ok: $(tail -1 "$tmp/out")"

# the live target: a character followed through a teleport, smooth
"$BUILD/examples/follow" --quiet > "$tmp/out" 2>&1 || { cat "$tmp/out" >&2; fail "follow failed"; }
grep -q '^follow: smooth:' "$tmp/out" || { cat "$tmp/out" >&2; fail "follow: not smooth"; }
echo "ok: $(tail -1 "$tmp/out")"

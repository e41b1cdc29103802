#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/math_figures.sh - docs/math.md quotes what the measuring tests
# print, so a figure cannot drift from its measurement: the swing of smooth
# timing past its rotation keys and the share of a run a constant-speed
# ease covers (build/tests/test_figures), and how constant the constant
# speed is (build/tests/test_timing). Each printed number must appear in
# the doc, as the same number to the digits printed.
# Run from the project root with BUILD set (make e2e does both).
set -eu
BUILD=${BUILD:-build}
DOC=docs/math.md
TMP=$(mktemp -d "${TMPDIR:-/tmp}/campath-e2e-XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }

CP_BUILD=$BUILD "$BUILD/tests/test_figures" > "$TMP/figures" 2>&1 || fail "test_figures: $(cat "$TMP/figures")"
CP_BUILD=$BUILD "$BUILD/tests/test_timing" > "$TMP/timing" 2>&1 || fail "test_timing: $(cat "$TMP/timing")"

python3 - "$TMP/figures" "$TMP/timing" "$DOC" <<'PY' || exit 1
import re, sys
figures, timing, doc = (open(f).read() for f in sys.argv[1:4])
doc = re.sub(r"\s+", " ", doc)  # the doc wraps its lines anywhere

def printed(text, pattern, what):
    m = re.search(pattern, text)
    if not m:
        sys.exit("FAIL: no line with %s in the test's output" % what)
    return m.groups()

def quoted(pattern, numbers, what):
    """The doc has `pattern` (a regex with one group per number) with the same numbers."""
    found = re.findall(pattern, doc)
    for groups in found:
        groups = groups if isinstance(groups, tuple) else (groups,)
        if all(float(g) == float(n) for g, n in zip(groups, numbers)):
            return
    sys.exit("FAIL: %s: the test prints %s, %s says %s" % (what, ", ".join(numbers), sys.argv[3],
                                                        found or "nothing of the kind"))

swing = printed(figures, r"swings up to (\d+) degrees past its keys", "the swing past the keys")
quoted(r"swings up to (\d+) degrees past its keys", swing, "smooth timing's swing past its keys")
ease = printed(figures, r"an ease covers ([\d.]+) of a run between two stops, ([\d.]+) of a run with one", "the eases")
quoted(r"measures ([\d.]+) and ([\d.]+) on runs", ease, "the share of a run an ease covers")
speed = printed(timing, r"speed constant to ([\d.e+-]+) away from holds", "constant speed")
quoted(r"speed constant to ([\d.e+-]+) away from holds", speed, "how constant the constant speed is")
print("math figures: swing %s degrees, eases %s and %s, speed %s: as docs/math.md says" % (swing + ease + speed))
PY

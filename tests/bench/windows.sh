#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/bench/windows.sh - the same benchmark (tests/bench/bench_platform.c)
# built for Linux and for Windows, run in one `make bench`, side by side.
# The Windows build runs under Wine here: the figures are informative only.
# Wine is not Windows (its files are Linux's under a translation layer, its
# C runtime and clock are its own), but the CPU-bound figures show what the
# MinGW-w64 build of the library costs against the Linux one.
set -eu
BUILD=${BUILD:-build}
WIN=${WIN:-$BUILD/windows}
WINE=${WINE:-$(ls /usr/lib/wine/wine64 2>/dev/null || echo wine64)}
unset DISPLAY WAYLAND_DISPLAY # console programs: Wine needs no display
export WINEPREFIX="${WINEPREFIX:-$(cd "$WIN" && pwd)/wineprefix}" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
TMP=$(mktemp -d "${TMPDIR:-/tmp}/campath-bench-XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# two rounds each, taken in turn, so that a change in the machine's load
# (it may be shared) falls on both; each figure is its best of the rounds
mkdir -p "$WIN/bench/files"
for round in 1 2; do
    "$BUILD/bench/bench_platform" "$TMP" >> "$TMP/linux.all"
    "$WINE" "$WIN/bench/bench_platform.exe" "$WIN/bench/files" | tr -d '\r' >> "$TMP/windows.all"
done
best() { # the lowest time or the highest rate of each figure, in the order of the first round
    awk '$1 != "(checksum" { if (!($1 in v)) { order[++n] = $1; v[$1] = $2; line[$1] = $0 }
        else if (($3 == "MB/s") ? $2 > v[$1] : $2 < v[$1]) v[$1] = $2 }
        END { for (i = 1; i <= n; i++) { $0 = line[order[i]]; $2 = v[order[i]]; print } }' "$1"
}
best "$TMP/linux.all" > "$TMP/linux"
best "$TMP/windows.all" > "$TMP/windows"
echo "The same benchmark built for Linux (gcc) and for Windows (MinGW-w64 gcc, run under Wine $("$WINE" --version 2>/dev/null | sed 's/^wine-//'))."
echo "Wine is not Windows: the Windows column is informative only. \"Wine/Linux\" is how many times longer the"
echo "Windows build takes (for MB/s: the inverse), best of a few runs in two rounds each."
echo
printf '%-14s %10s %10s %-8s %10s  %s\n' "figure" "Linux" "Wine" "unit" "Wine/Linux" "what"
while read -r name value unit what; do
    [ "$name" != "(checksum" ] || continue
    wine=$(awk -v n="$name" '$1 == n { print $2 }' "$TMP/windows")
    [ -n "$wine" ] || { echo "windows.sh: no $name from the Windows build" >&2; exit 1; }
    awk -v n="$name" -v l="$value" -v w="$wine" -v u="$unit" -v what="$what" 'BEGIN {
        r = (u == "MB/s") ? l / w : w / l
        printf "%-14s %10.4g %10.4g %-8s %10.2f  %s\n", n, l, w, u, r, what }'
done < "$TMP/linux"

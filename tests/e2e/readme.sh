#!/bin/sh
# The README's C example is compiled and run, so the front page cannot rot:
# the first ```c block after the line "<!-- readme-example -->".
set -eu
BUILD=${BUILD:-build}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

awk '/<!-- readme-example -->/ { armed = 1; next }
     armed && /^```c$/ { inside = 1; next }
     inside && /^```$/ { exit }
     inside { print }' README.md > "$out/example.c"

if [ ! -s "$out/example.c" ]; then
    echo "readme.sh: no example found in README.md" >&2
    exit 1
fi
${CC:-cc} -std=c11 -Wall -Wextra -Werror -Iinclude -o "$out/example" "$out/example.c" "$BUILD/libcampath.a" -lcjson -lm
"$out/example" > "$out/output.txt"
# the example prints the pose at t = 1.25 s; check it is a real pose
grep -q '^position ' "$out/output.txt" || { echo "readme.sh: unexpected output:" >&2; cat "$out/output.txt" >&2; exit 1; }
echo "readme example: compiled and ran: $(head -1 "$out/output.txt")"

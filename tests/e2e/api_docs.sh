#!/bin/sh
# tests/e2e/api_docs.sh - docs/api.md stays in step with the headers: every
# function declared in include/campath/*.h is mentioned there (as `name(`),
# and every complete program on the page (a ```c block that starts with
# #include) compiles without warnings against the library and runs.
set -eu

BUILD=${BUILD:-build}
DOC=docs/api.md
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# function names outside comments: cp_ or CP_ identifiers followed by "("
missing=""
count=0
for h in include/campath/*.h; do
    names=$(awk '
        { line = $0; out = ""
          while (length(line) > 0) {
              if (in_comment) {
                  i = index(line, "*/"); if (i) { line = substr(line, i + 2); in_comment = 0 } else line = ""
              } else {
                  i = index(line, "/*"); if (i) { out = out substr(line, 1, i - 1); line = substr(line, i + 2); in_comment = 1 }
                  else { out = out line; line = "" }
              }
          }
          sub(/\/\/.*/, "", out); print out }' "$h" |
        grep -o 'cp_[a-z0-9_]*[[:space:]]*(' | sed 's/[[:space:]]*($//' | sort -u)
    for n in $names; do
        count=$((count + 1))
        grep -qF "$n(" "$DOC" || missing="$missing $h:$n"
    done
done
if [ -n "$missing" ]; then
    echo "FAIL: functions not described in $DOC:"
    for m in $missing; do echo "  $m"; done
    exit 1
fi

# the complete programs
awk -v dir="$TMP" '
    /^```c$/ { inblock = 1; n++; file = sprintf("%s/block%02d.c", dir, n); first = 1; next }
    /^```$/ { inblock = 0; next }
    inblock { if (first) { keep = ($0 ~ /^#include/); first = 0 } if (keep) print > file }
' "$DOC"
programs=0
for f in "$TMP"/block*.c; do
    [ -s "$f" ] || continue
    programs=$((programs + 1))
    ${CC:-cc} -std=c11 -Wall -Wextra -Werror -Iinclude -D_POSIX_C_SOURCE=200809L -o "${f%.c}" "$f" \
        "$BUILD/libcampath.a" -lcjson -lm || { echo "FAIL: a program in $DOC does not compile: $f"; cat "$f"; exit 1; }
    "${f%.c}" >/dev/null || { echo "FAIL: a program in $DOC fails when run"; exit 1; }
done
[ "$programs" -ge 2 ] || { echo "FAIL: expected complete programs in $DOC, found $programs"; exit 1; }
echo "api docs: all $count public functions described, $programs programs compile and run"

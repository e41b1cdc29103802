#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/api_docs.sh - docs/api.md stays in step with the headers: every
# function declared in include/campath/*.h is mentioned there (as `name(`).
# Its code (programs, fragments, excerpts) is checked by tests/e2e/doc_code.sh.
set -eu

DOC=docs/api.md

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

echo "api docs: all $count public functions described"

#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/doc_code.sh - every ```c block of README.md and docs/*.md holds:
# programs (a block with main) compile with -std=c11, the project's warnings
# and -Werror against the library and run; fragments (a block after
# <!-- c-fragment: DECLARATIONS -->) compile and link inside a function of a
# harness that declares what they use; excerpts (after <!-- c-excerpt: FILE
# -->) are word for word in FILE; any other ```c block fails.
# tests/tools/doc_code.py says how; its self-test first shows that each
# check can fail. A failure names the markdown file and line of the block.
set -eu
BUILD=${BUILD:-build}
command -v python3 >/dev/null 2>&1 || { echo "doc_code.sh: python3 is missing (make deps-test installs it)" >&2; exit 1; }
python3 tests/tools/doc_code.py --self-test "$BUILD"
python3 tests/tools/doc_code.py "$BUILD" README.md docs/*.md

#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/doc_examples.sh - the example sessions of the documentation
# (indented blocks of "$ campath ..." and what it prints, in docs/cli.md)
# print what the tool prints now: each command runs from a copy of the
# project root, and its output is compared (numbers to 1e-9). Its
# self-test first shows that a stale output fails and that --update mends
# it. tests/tools/doc_examples.py says how; `make doc-examples` rewrites the
# outputs.
set -eu
BUILD=${BUILD:-build}
command -v python3 >/dev/null 2>&1 || { echo "doc_examples.sh: python3 is missing (make deps-test installs it)" >&2; exit 1; }
python3 tests/tools/doc_examples.py --self-test "$BUILD"
python3 tests/tools/doc_examples.py "$BUILD" README.md docs/*.md

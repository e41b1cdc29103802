#!/bin/sh
# SPDX-License-Identifier: MIT
# The editor's modules as editor/core/README.md maps them: every file in the
# map, every function with its module's prefix, calls only downwards and
# never round a circle, front ends through the commands, a renderer that
# only reads, the system asked through os.c only (tests/tools/check_editor.py).
# The checker first shows that it catches each kind of violation, planted in
# a copy of the tree, so a pass means something.
set -eu
BUILD=${BUILD:-build}
python3 tests/tools/check_editor.py --self-test "$BUILD"
python3 tests/tools/check_editor.py "$BUILD"

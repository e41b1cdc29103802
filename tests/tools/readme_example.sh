#!/bin/sh
# SPDX-License-Identifier: MIT
# Prints the README's example program: the ```c block after the line
# <!-- readme-example --> in README.md (the install, CMake, amalgamation and
# tarball checks build it; tests/e2e/doc_code.sh compiles and runs it too).
set -eu
awk '/<!-- readme-example -->/ { armed = 1; next }
     armed && /^```c$/ { inside = 1; next }
     inside && /^```$/ { exit }
     inside { print }' "${1:-README.md}"

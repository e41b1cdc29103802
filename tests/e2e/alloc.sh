#!/bin/sh
# SPDX-License-Identifier: MIT
# Every allocation of lib/ goes through the funnel in lib/base/alloc.c, so
# that a game's allocator (docs/api.md, "Your own allocator") sees every
# byte: tests/tools/check_alloc.py finds a direct malloc, free or strdup
# anywhere else in lib/, first shown to find planted ones.
set -eu
python3 tests/tools/check_alloc.py --self-test
python3 tests/tools/check_alloc.py .

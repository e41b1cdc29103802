#!/bin/sh
# SPDX-License-Identifier: MIT
# The licence is in place (README, "Licence"): LICENSE at the top says MIT,
# the README names it, and every source file carries the SPDX line; the
# line check is first shown to fail on a file without it.
set -eu
cd "$(dirname "$0")/../.."
grep -q '^MIT License$' LICENSE || { echo "LICENSE is missing or not the MIT licence"; exit 1; }
grep -q 'SPDX-License-Identifier: MIT' README.md || { echo "README.md does not name the licence"; exit 1; }
python3 tests/tools/spdx.py --self-test
python3 tests/tools/spdx.py

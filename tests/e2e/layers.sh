#!/bin/sh
# SPDX-License-Identifier: MIT
# The layers depend only downwards (README, "Layout"): an upward include of an
# internal header does not compile with a layer's include paths, and
# tests/tools/check_layers.py finds upward includes and symbols in the tree
# and the objects. Both checks are first shown to fail on a planted upward
# dependency, so a pass means something.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. the include paths: the path layer cannot include the JSON layer's
# internals, but can include the curve layer's (the control).
inc=$(make --no-print-directory -s print-INC_path)
printf '#include "curve_impl.h"\nint probe(void);\nint probe(void) { return 0; }\n' > "$tmp/down.c"
printf '#include "json_impl.h"\nint probe(void);\nint probe(void) { return 0; }\n' > "$tmp/up.c"
${CC:-cc} -Iinclude $inc -c "$tmp/down.c" -o "$tmp/down.o" ||
    { echo "layers.sh: the path layer cannot include the curve layer's header" >&2; exit 1; }
if ${CC:-cc} -Iinclude $inc -c "$tmp/up.c" -o "$tmp/up.o" 2>"$tmp/err"; then
    echo "layers.sh: the path layer's include paths reach the JSON layer" >&2; exit 1
fi
grep -q 'json_impl.h' "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
echo "ok: an upward include does not compile ($(head -1 "$tmp/err" | sed 's/^[^ ]* //'))"
inc=$(make --no-print-directory -s print-EDITOR_CORE_CPPFLAGS)
printf '#include <SDL.h>\n' > "$tmp/sdl.c"
if ${CC:-cc} -Iinclude $inc -c "$tmp/sdl.c" -o "$tmp/sdl.o" 2>/dev/null; then
    echo "layers.sh: editor/core compiles with SDL's include path" >&2; exit 1
fi
echo "ok: editor/core is compiled without SDL's include path"

# 2. the checker catches each kind of upward dependency, then passes on the tree
python3 tests/tools/check_layers.py --self-test
python3 tests/tools/check_layers.py "$BUILD"

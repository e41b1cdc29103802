#!/bin/sh
# SPDX-License-Identifier: MIT
# The amalgamation (make amalgamation; README, "One file"), beyond the unit
# tests that `make check-amalgamation` links against it:
#  1. the generator's self-test: planted clashes (a static function, a
#     typedef, a tag, an enumerator and a macro in two files) do not compile
#     concatenated and do amalgamated;
#  2. it is up to date: made again from the Makefile's list of sources it is
#     the same to the byte, and it holds exactly those sources, in order;
#  3. it compiles alone with gcc and clang, -std=c11 -Wall -Wextra -pedantic,
#     without a warning, unoptimised and at -O2; with MinGW-w64 too once this
#     tree builds for Windows (it has a check-windows target);
#  4. only the public API has external linkage: the functions declared
#     CP_API, the same list libcampath.so exports;
#  5. the README's drop-in use: the README's example, including "campath.h",
#     built with the README's command next to the two files, prints what it
#     prints built against libcampath.a.
set -eu
script=amalgamation.sh
. tests/package/lib.sh
amal="$BUILD/amalgamation"
[ -s "$amal/campath.c" ] && [ -s "$amal/campath.h" ] || fail "$amal has no campath.c and campath.h (make amalgamation)"
cjson_cflags=$(pkg-config --cflags libcjson 2>/dev/null || true)

# 1.
python3 tools/amalgamate.py --self-test "${CC:-cc}"

# 2.
features=$(make --no-print-directory -s print-FEATURES | sed 's/-D\([^ ]*\)/--define=\1/g')
sources=$(make --no-print-directory -s print-LIB_SRC)
# shellcheck disable=SC2086
python3 tools/amalgamate.py --out "$tmp/again" $features $sources > /dev/null
for f in campath.c campath.h; do
    cmp -s "$tmp/again/$f" "$amal/$f" || fail "$amal/$f is not what the sources make now (make amalgamation)"
done
listed=$(sed -n '/^ \* The sources, in order:$/,/^ \*[^ ]\|^ \* File-local/p' "$amal/campath.c" |
    sed -n 's/^ \*   \(lib\/.*\.c\)$/\1/p')
inlined=$(sed -n 's|^/\* ======== \(lib/[^ ]*\.c\) ======== \*/$|\1|p' "$amal/campath.c")
want=$(printf '%s\n' $sources)
[ "$listed" = "$want" ] || fail "campath.c lists other sources than the Makefile's LIB_SRC"
[ "$inlined" = "$want" ] || fail "campath.c holds other sources than the Makefile's LIB_SRC, or in another order"
echo "ok: $amal is up to date: the $(echo "$want" | wc -l) sources of LIB_SRC, in order"

# 3.
for cc in gcc clang; do
    command -v $cc >/dev/null || fail "$cc is not installed (make deps-test installs it)"
    for opt in -O0 -O2; do
        # shellcheck disable=SC2086
        $cc -std=c11 $opt -Wall -Wextra -pedantic $cjson_cflags -c "$amal/campath.c" -o "$tmp/campath-$cc.o" \
            2> "$tmp/warnings" || { cat "$tmp/warnings" >&2; fail "$cc $opt does not compile campath.c"; }
        [ ! -s "$tmp/warnings" ] || { cat "$tmp/warnings" >&2; fail "$cc $opt warns about campath.c"; }
    done
done
if grep -q '^check-windows:' Makefile; then
    mingw=x86_64-w64-mingw32-gcc
    command -v $mingw >/dev/null || fail "$mingw is not installed (make deps-test installs it)"
    # cJSON's header is plain C: the host's serves a compile-only check
    mkdir -p "$tmp/mingw-include"
    ln -s /usr/include/cjson "$tmp/mingw-include/cjson"
    $mingw -std=c11 -O2 -Wall -Wextra -pedantic -I"$tmp/mingw-include" -c "$amal/campath.c" -o "$tmp/campath-mingw.o" \
        2> "$tmp/warnings" || { cat "$tmp/warnings" >&2; fail "$mingw does not compile campath.c"; }
    [ ! -s "$tmp/warnings" ] || { cat "$tmp/warnings" >&2; fail "$mingw warns about campath.c"; }
    echo "ok: campath.c compiles without a warning with gcc, clang (-O0, -O2) and $mingw (-O2)"
else
    echo "ok: campath.c compiles without a warning with gcc and clang (-O0, -O2);" \
         "MinGW-w64 is not tried: this tree has no Windows build yet (make check-windows turns it on)"
fi

# 4.
nm -g --defined-only "$tmp/campath-gcc.o" | awk '{ print $3 }' | sort > "$tmp/external"
grep -h '^CP_API' include/campath/*.h | grep -o 'cp_[a-z0-9_]*[[:space:]]*(' | sed 's/[[:space:]]*($//' |
    sort -u > "$tmp/declared"
if ! cmp -s "$tmp/external" "$tmp/declared"; then
    comm -23 "$tmp/external" "$tmp/declared" | sed 's/^/  external, not CP_API: /' >&2
    comm -13 "$tmp/external" "$tmp/declared" | sed 's/^/  CP_API, not defined: /' >&2
    fail "campath.o's external symbols are not the public API"
fi
echo "ok: campath.o's only external symbols are the $(wc -l < "$tmp/external") CP_API functions"

# 5.
grep -qF 'cc -std=c11 game.c campath.c -lcjson -lm' README.md ||
    fail "the README no longer shows the drop-in command tested here"
sh tests/tools/readme_example.sh > "$tmp/lib-game.c"
${CC:-cc} -std=c11 "$tmp/lib-game.c" -Iinclude "$BUILD/libcampath.a" -lcjson -lm -o "$tmp/lib-game"
mkdir "$tmp/game"
cp "$amal/campath.c" "$amal/campath.h" "$tmp/game/"
sed 's|#include <campath/campath.h>|#include "campath.h"|' "$tmp/lib-game.c" > "$tmp/game/game.c"
grep -q '#include "campath.h"' "$tmp/game/game.c" || fail "the README's example no longer includes <campath/campath.h>"
(cd "$tmp/game" && ${CC:-cc} -std=c11 game.c campath.c -lcjson -lm) ||
    fail "the README's drop-in command does not build the example"
[ "$("$tmp/game/a.out")" = "$("$tmp/lib-game")" ] || fail "the drop-in build prints other numbers than the library's"
echo "ok: the README's example built next to campath.c and campath.h with the README's command prints what the library's build prints"

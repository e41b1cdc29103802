#!/bin/sh
# SPDX-License-Identifier: MIT
# The tarball (make dist) on a machine that has only it, unpacked in a
# temporary folder outside the tree:
#  1. it holds the files git tracks, under campath-VERSION/, and no others;
#  2. `make` builds everything from it; the tool validates the demo path, a
#     unit test passes, and the README's example builds and runs with the
#     README's command;
#  3. CMake builds it (the library, the tool, the examples without SDL),
#     which run, and a game's CMake project takes it in with FetchContent
#     from the tarball's URL and runs the README's example;
#  4. `make install-lib` from it installs the library, the headers,
#     campath.pc and the CMake package without building the editor: every
#     editor source is replaced by an #error and pkg-config finds neither
#     SDL2 nor assimp; a CMake project and the README's pkg-config command
#     build the example against what it installed.
set -eu
script=dist.sh
DIST=${DIST:?the tarball (make dist)}
. tests/package/lib.sh
case "$tmp/" in "$root"/*) fail "the temporary folder $tmp is inside the tree" ;; esac
dist=$(cd "$(dirname "$DIST")" && pwd)/$(basename "$DIST")
top=$(basename "$dist" .tar.gz)

# the builds below are of the tarball alone, not of this make's variables
unset MAKEFLAGS MFLAGS MAKELEVEL

# 1.
tar -tzf "$dist" | grep -v '/$' | sort > "$tmp/packed"
if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$root" ]; then
    what="the files git tracks"
    git ls-files > "$tmp/files"
else
    what="the files of the tree but the build's"     # an unpacked tarball
    find . -type f ! -path "./$BUILD/*" ! -name '*.tar.gz' | sed 's|^\./||' > "$tmp/files"
fi
sed "s|^|$top/|" "$tmp/files" | sort > "$tmp/tracked"
cmp -s "$tmp/packed" "$tmp/tracked" ||
    { diff "$tmp/tracked" "$tmp/packed" | head -20 >&2; fail "$top.tar.gz does not hold exactly $what"; }
echo "ok: $(basename "$dist") holds $what ($(wc -l < "$tmp/tracked")), under $top/"

# 2.
mkdir "$tmp/make"
tar -xzf "$dist" -C "$tmp/make"
src="$tmp/make/$top"
header_version "$src"
[ ! -e "$src/.git" ] || fail "the tarball holds a .git"
quiet "make does not build the tarball" make -C "$src" --no-print-directory -j "$jobs" WERROR=-Werror
quiet "the tarball's campath does not validate the demo path" sh -c "cd '$src' && build/campath validate paths/demo.json"
quiet "the tarball's unit test does not build" make -C "$src" --no-print-directory build/tests/test_path
quiet "the tarball's unit test fails" sh -c "cd '$src' && build/tests/test_path"
grep -qF 'cc game.c -Iinclude build/libcampath.a -lcjson -lm' "$src/README.md" ||
    fail "the README no longer shows the in-tree command tested here"
sh tests/tools/readme_example.sh "$src/README.md" > "$src/game.c"
quiet "the README's in-tree command fails in the tarball" \
    sh -c "cd '$src' && ${CC:-cc} game.c -Iinclude build/libcampath.a -lcjson -lm -o game"
expected=$("$src/game")
echo "ok: make builds the unpacked tarball: campath validates the demo path, test_path passes, the README's example runs"

# 3.
quiet "CMake does not configure the tarball" cmake -S "$src" -B "$tmp/cmake"
quiet "CMake does not build the tarball" cmake --build "$tmp/cmake" -j "$jobs"
quiet "the tarball's CMake-built tool fails" sh -c "cd '$src' && '$tmp/cmake/campath' validate paths/demo.json"
quiet "the tarball's CMake-built hand-off example fails" "$tmp/cmake/examples/handoff" --quiet
echo "ok: CMake builds the unpacked tarball; its campath and examples run"
consume fetch static "$expected" -DCAMPATH_VIA=fetch -DCAMPATH_URL="file://$dist"

# 4.
mkdir "$tmp/lib"
tar -xzf "$dist" -C "$tmp/lib"
src="$tmp/lib/$top"
for f in "$src"/editor/core/*.c "$src"/editor/sdl/*.c; do
    echo '#error make install-lib must not compile the editor' > "$f"
done
cat > "$tmp/pkg-config" <<EOF
#!/bin/sh
# pkg-config on a machine without SDL2 and assimp
for a in "\$@"; do
    case "\$a" in sdl2|SDL2_ttf|SDL2_image|epoxy|assimp) exit 1 ;; esac
done
exec pkg-config "\$@"
EOF
chmod +x "$tmp/pkg-config"
quiet "make install-lib fails without the editor and SDL2" \
    make -C "$src" --no-print-directory -j "$jobs" install-lib PREFIX="$tmp/lib-prefix" PKG_CONFIG="$tmp/pkg-config"
[ ! -e "$src/build/editor" ] || fail "make install-lib built some of the editor"
[ ! -e "$tmp/lib-prefix/bin" ] || fail "make install-lib installed programs: $(ls "$tmp/lib-prefix/bin")"
for f in include/campath/campath.h lib/libcampath.a lib/libcampath.so "lib/$soname" lib/pkgconfig/campath.pc \
         lib/cmake/campath/campathConfig.cmake lib/cmake/campath/campathConfigVersion.cmake; do
    [ -e "$tmp/lib-prefix/$f" ] || fail "make install-lib did not install $f"
done
echo "ok: make install-lib installs the library side with the editor's sources uncompilable and no SDL2 or assimp"
consume install-lib shared "$expected" -DCMAKE_PREFIX_PATH="$tmp/lib-prefix"
sh tests/tools/readme_example.sh "$root/README.md" > "$tmp/game.c"
flags=$(PKG_CONFIG_PATH="$tmp/lib-prefix/lib/pkgconfig" pkg-config --cflags --libs campath)
# shellcheck disable=SC2086
(cd "$tmp" && ${CC:-cc} game.c $flags -Wl,-rpath,"$tmp/lib-prefix/lib" -o game-pc) ||
    fail "the README's pkg-config command fails against install-lib"
[ "$("$tmp/game-pc")" = "$expected" ] || fail "the pkg-config build against install-lib prints something else"
echo "ok: the README's example builds with pkg-config against make install-lib's library and runs"

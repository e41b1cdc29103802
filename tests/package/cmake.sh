#!/bin/sh
# SPDX-License-Identifier: MIT
# CMake, as a game programmer uses it (README, "CMake"), held to the Makefile:
#  1. CMake compiles the same library sources as the Makefile, each with the
#     same include paths and macros (tests/tools/check_cmake.py, which first
#     shows on planted drifts that it finds them);
#  2. it builds the static and the shared library (the soname of the ABI
#     rule), the tool and the examples that need no SDL, which run;
#  3. its install and `make install` write the same package files, and a
#     game's CMake project (tests/package/consumer) builds the README's
#     example with find_package against each, and with add_subdirectory of
#     the sources, and runs it; the package's version file accepts what the
#     soname rule accepts and nothing else.
# FetchContent is checked from the tarball (tests/package/dist.sh).
set -eu
script=cmake.sh
. tests/package/lib.sh
header_version "$root"
command -v cmake >/dev/null || fail "cmake is not installed (make deps-test installs it)"

# what the README's example prints built against the Makefile's library
sh tests/tools/readme_example.sh > "$tmp/game.c"
${CC:-cc} -std=c11 "$tmp/game.c" -Iinclude "$BUILD/libcampath.a" -lcjson -lm -o "$tmp/game"
expected=$("$tmp/game")

# 1. the same compile commands
python3 tests/tools/check_cmake.py --self-test
cm="$BUILD/cmake"
rm -rf "$cm"
quiet "CMake does not configure the tree" \
    cmake -S . -B "$cm" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_INSTALL_PREFIX="$tmp/cmake-prefix"
python3 tests/tools/check_cmake.py "$cm/compile_commands.json"

# 2. the build
quiet "CMake does not build the tree" cmake --build "$cm" -j "$jobs"
readelf -d "$cm/libcampath.so" | grep -qF "Library soname: [$soname]" || fail "CMake's libcampath.so is not $soname"
quiet "CMake's campath tool fails" "$cm/campath" validate paths/demo.json
quiet "CMake's hand-off example fails" "$cm/examples/handoff" --quiet
quiet "CMake's player example fails" "$cm/examples/player" paths/demo.json --seconds 0.2
for sdl in $(grep -l '^#[[:space:]]*include[[:space:]]*[<"]SDL' docs/examples/*.c); do
    name=$(basename "$sdl" .c)
    [ ! -e "$cm/examples/$name" ] || fail "CMake built the SDL example $name"
done
echo "ok: CMake builds $soname, libcampath.a, campath and the examples without SDL; they run"

# 3. both installs, the same package
quiet "CMake's install fails" cmake --install "$cm"
quiet "make install fails" make --no-print-directory BUILD="$BUILD" install PREFIX="$tmp/make-prefix"
for p in cmake-prefix make-prefix; do
    for f in lib/cmake/campath/campathConfig.cmake lib/cmake/campath/campathConfigVersion.cmake \
             lib/pkgconfig/campath.pc lib/libcampath.a "lib/$soname" lib/libcampath.so include/campath/campath.h; do
        [ -e "$tmp/$p/$f" ] || fail "$p: $f was not installed"
    done
done
for f in campathConfig.cmake campathConfigVersion.cmake; do
    cmp -s "$tmp/cmake-prefix/lib/cmake/campath/$f" "$tmp/make-prefix/lib/cmake/campath/$f" ||
        { diff "$tmp/cmake-prefix/lib/cmake/campath/$f" "$tmp/make-prefix/lib/cmake/campath/$f" >&2;
          fail "CMake's install and make install write different $f"; }
done
sed "s|$tmp/cmake-prefix|PREFIX|g" "$tmp/cmake-prefix/lib/pkgconfig/campath.pc" > "$tmp/cmake.pc"
sed "s|$tmp/make-prefix|PREFIX|g" "$tmp/make-prefix/lib/pkgconfig/campath.pc" > "$tmp/make.pc"
cmp -s "$tmp/cmake.pc" "$tmp/make.pc" || { diff "$tmp/cmake.pc" "$tmp/make.pc" >&2; fail "the two campath.pc differ"; }
echo "ok: CMake's install and make install write the same campathConfig.cmake, campathConfigVersion.cmake and campath.pc"

consume cmake-install shared "$expected" -DCMAKE_PREFIX_PATH="$tmp/cmake-prefix"
consume make-install shared "$expected" -Dcampath_DIR="$tmp/make-prefix/lib/cmake/campath"
consume subdirectory static "$expected" -DCAMPATH_VIA=subdirectory -DCAMPATH_SOURCE="$root"

# the version file: the soname's rule
check_probe() {
    got=$(probe "$tmp/make-prefix" "$2" "${3:-}")
    [ "$got" = "$1" ] || fail "find_package(campath $2 ${3:-}) against $major.$minor.$patch: '$got', expected '$1'"
}
check_probe found "$major.$minor"
check_probe found "$major.$minor.$patch" EXACT
check_probe "not found" "$major.$((minor + 1))"
check_probe "not found" "$((major + 1)).0"
if [ "$major" = 0 ] && [ "$minor" -gt 0 ]; then
    check_probe "not found" "0.$((minor - 1))"     # before 1.0 a minor release breaks the ABI
elif [ "$major" -gt 0 ]; then
    check_probe found "$major.0"
fi
echo "ok: find_package(campath VERSION) accepts $major.$minor and $major.$minor.$patch EXACT, refuses the versions of another ABI"

#!/bin/sh
# SPDX-License-Identifier: MIT
# `make install` as the README says, for a prefix given after a plain `make`:
# the README's own example program, built with the README's own command
# (`cc game.c $(pkg-config --cflags --libs campath)`: the shared library),
# runs; so does a static build (`pkg-config --static`). Then a staged install
# (DESTDIR) and `make uninstall` leave nothing behind.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"

make --no-print-directory -s BUILD="$BUILD" >/dev/null
make --no-print-directory -s BUILD="$BUILD" install PREFIX="$prefix" >/dev/null
for f in include/campath/campath.h lib/libcampath.a lib/libcampath.so lib/libcampath.so.0 \
         lib/pkgconfig/campath.pc bin/campath; do
    [ -e "$prefix/$f" ] || { echo "install.sh: $f was not installed" >&2; exit 1; }
done
grep -qx "prefix=$prefix" "$prefix/lib/pkgconfig/campath.pc" ||
    { echo "install.sh: campath.pc does not name the prefix given to make install:" >&2;
      cat "$prefix/lib/pkgconfig/campath.pc" >&2; exit 1; }

# the README's example, built exactly as the README says (a non-system prefix
# needs PKG_CONFIG_PATH to build and LD_LIBRARY_PATH to run, as it says too)
awk '/<!-- readme-example -->/ { armed = 1; next }
     armed && /^```c$/ { inside = 1; next }
     inside && /^```$/ { exit }
     inside { print }' README.md > "$tmp/game.c"
grep -q 'make install' README.md && grep -qF 'cc game.c $(pkg-config --cflags --libs campath)' README.md ||
    { echo "install.sh: the README no longer shows the command tested here" >&2; exit 1; }
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
(cd "$tmp" && ${CC:-cc} game.c $(pkg-config --cflags --libs campath) -o game)
readelf -d "$tmp/game" | grep -q 'NEEDED.*libcampath\.so\.0' ||
    { echo "install.sh: the README's command did not link the shared library" >&2; exit 1; }
out=$(LD_LIBRARY_PATH="$prefix/lib" "$tmp/game")
case "$out" in position*) ;; *) echo "install.sh: the example printed '$out'" >&2; exit 1 ;; esac

# rpath instead of LD_LIBRARY_PATH, and the static library, as the README says
(cd "$tmp" && ${CC:-cc} game.c $(pkg-config --cflags --libs campath) -Wl,-rpath,"$prefix/lib" -o game-rpath)
[ "$("$tmp/game-rpath")" = "$out" ] || { echo "install.sh: the rpath build differs" >&2; exit 1; }
(cd "$tmp" && ${CC:-cc} game.c $(pkg-config --cflags campath) "$prefix/lib/libcampath.a" -lcjson -lm -o game-static)
! readelf -d "$tmp/game-static" | grep -q 'NEEDED.*libcampath' ||
    { echo "install.sh: the static build linked the shared library" >&2; exit 1; }
[ "$("$tmp/game-static")" = "$out" ] || { echo "install.sh: static and shared builds differ" >&2; exit 1; }

make --no-print-directory -s BUILD="$BUILD" uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -type f | head -5)
[ -z "$left" ] || { echo "install.sh: uninstall left: $left" >&2; exit 1; }

# staged, as packagers do: files under DESTDIR, paths inside them without it
stage="$tmp/stage"
make --no-print-directory -s BUILD="$BUILD" install DESTDIR="$stage" PREFIX=/usr/local >/dev/null
grep -qx 'prefix=/usr/local' "$stage/usr/local/lib/pkgconfig/campath.pc" ||
    { echo "install.sh: campath.pc must not contain the staging folder" >&2; exit 1; }
make --no-print-directory -s BUILD="$BUILD" uninstall DESTDIR="$stage" PREFIX=/usr/local >/dev/null
left=$(find "$stage" -type f | head -5)
[ -z "$left" ] || { echo "install.sh: uninstall left: $left" >&2; exit 1; }
echo "install.sh: the README's example built with pkg-config against the installed shared and static library; uninstalled cleanly"

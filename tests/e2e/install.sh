#!/bin/sh
# `make install` into a staging folder (DESTDIR), then a program built with
# pkg-config against the installed headers and libraries, then `make
# uninstall` leaves nothing behind.
set -eu
BUILD=${BUILD:-build}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

make --no-print-directory -s BUILD="$BUILD" install DESTDIR="$stage" PREFIX=/usr/local >/dev/null
for f in usr/local/include/campath/campath.h usr/local/lib/libcampath.a usr/local/lib/libcampath.so \
         usr/local/lib/pkgconfig/campath.pc usr/local/bin/campath; do
    [ -e "$stage/$f" ] || { echo "install.sh: $f was not installed" >&2; exit 1; }
done
grep -q '^prefix=/usr/local$' "$stage/usr/local/lib/pkgconfig/campath.pc" ||
    { echo "install.sh: campath.pc must not contain the staging folder" >&2; exit 1; }

# a program that uses only the installed files
cat > "$stage/game.c" <<'C'
#include <campath/campath.h>
#include <stdio.h>
int main(void)
{
    cp_key k[2] = {{.time = 0, .position = {0, 0, 0}, .rotation = {0, 0, 0, 1}, .fov = 60}, {.time = 1, .position = {1, 0, 0}, .rotation = {0, 0, 0, 1}, .fov = 60}};
    cp_path *p = cp_path_create(k, 2, NULL, NULL);
    cp_pose pose;
    cp_path_sample(p, 0.5, &pose);
    printf("%g\n", pose.position.x);
    cp_path_destroy(p);
    return 0;
}
C
flags=$(PKG_CONFIG_PATH="$stage/usr/local/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$stage" \
        pkg-config --cflags --libs --static campath)
${CC:-cc} -std=c11 -o "$stage/game" "$stage/game.c" $flags
out=$("$stage/game" 2>&1 || true)
if [ "$out" != "0.5" ]; then
    # linked against the shared library: run it from the staging folder
    out=$(LD_LIBRARY_PATH="$stage/usr/local/lib" "$stage/game")
fi
[ "$out" = "0.5" ] || { echo "install.sh: the installed library gave '$out'" >&2; exit 1; }

make --no-print-directory -s BUILD="$BUILD" uninstall DESTDIR="$stage" PREFIX=/usr/local >/dev/null
left=$(find "$stage/usr" -type f | head -5)
[ -z "$left" ] || { echo "install.sh: uninstall left: $left" >&2; exit 1; }
echo "install.sh: installed, built a program with pkg-config, uninstalled cleanly"

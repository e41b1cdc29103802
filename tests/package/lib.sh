# SPDX-License-Identifier: MIT
# tests/package/lib.sh - what the checks of tests/package share, sourced
# from the project root after the script sets `script` (its name). Sets
# BUILD (the build folder, default build), root (the tree, absolute) and tmp
# (a temporary folder, removed at exit).

fail() { echo "$script: $*" >&2; exit 1; }
BUILD=${BUILD:-build}
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
jobs=$(nproc 2>/dev/null || echo 2)

# the version a game asks find_package for: MAJOR.MINOR of the headers in $1
header_version() {
    major=$(sed -n 's/^#define CAMPATH_VERSION_MAJOR \([0-9]*\)$/\1/p' "$1/include/campath/common.h")
    minor=$(sed -n 's/^#define CAMPATH_VERSION_MINOR \([0-9]*\)$/\1/p' "$1/include/campath/common.h")
    patch=$(sed -n 's/^#define CAMPATH_VERSION_PATCH \([0-9]*\)$/\1/p' "$1/include/campath/common.h")
    [ -n "$major" ] && [ -n "$minor" ] && [ -n "$patch" ] || fail "no version numbers in $1/include/campath/common.h"
    if [ "$major" = 0 ]; then soname=libcampath.so.0.$minor; else soname=libcampath.so.$major; fi
}

# quiet MESSAGE COMMAND...: runs the command, its output kept in $tmp/log
# and shown only when it fails, with MESSAGE
quiet() {
    msg=$1
    shift
    "$@" > "$tmp/log" 2>&1 || { tail -n 40 "$tmp/log" >&2; fail "$msg"; }
}

# links PROGRAM KIND: the program uses the shared library (KIND shared, the
# soname of the headers) or not (static)
links() {
    if readelf -d "$1" | grep -qF "Shared library: [$soname]"; then kind=shared; else kind=static; fi
    if readelf -d "$1" | grep -q 'Shared library: \[libcampath'; then
        [ "$kind" = shared ] || fail "$1 links $(readelf -d "$1" | grep -o 'libcampath[^]]*'), not $soname"
    fi
    [ "$kind" = "$2" ] || fail "$1 links campath $kind, not $2"
}

# consume NAME KIND EXPECTED [CMAKE ARGUMENTS...]: the consumer project
# (tests/package/consumer) with the README's example, configured with the
# arguments and built in $tmp/consumer-NAME; the example must print EXPECTED
# (what it prints built against the Makefile's library) and link campath
# KIND (shared or static), the static build of the package (where it has
# one) must print the same, and the version check must pass.
consume() {
    name=$1 want_kind=$2 expected=$3
    shift 3
    dir="$tmp/consumer-$name"
    rm -rf "$dir"
    cp -R "$root/tests/package/consumer" "$dir"
    sh "$root/tests/tools/readme_example.sh" "$root/README.md" > "$dir/game.c"
    quiet "$name: the consumer project does not configure" \
        cmake -S "$dir" -B "$dir/build" -DCAMPATH_WANT="$major.$minor" "$@"
    quiet "$name: the consumer project does not build" cmake --build "$dir/build" -j "$jobs"
    out=$("$dir/build/game") || fail "$name: the README's example failed"
    [ "$out" = "$expected" ] || fail "$name: the README's example printed '$out', not '$expected'"
    links "$dir/build/game" "$want_kind"
    "$dir/build/version" > /dev/null || fail "$name: the running library is not the headers' version"
    if [ -e "$dir/build/game_static" ]; then
        [ "$("$dir/build/game_static")" = "$expected" ] || fail "$name: campath::campath_static's build differs"
        links "$dir/build/game_static" static
    fi
    echo "ok: $name: a CMake project builds the README's example with campath::campath ($want_kind) and runs it"
}

# probe PREFIX REQUEST [EXACT]: prints found or not found, for
# find_package(campath REQUEST [EXACT]) against the package in PREFIX
probe() {
    dir="$tmp/probe"
    rm -rf "$dir"
    cp -R "$root/tests/package/consumer" "$dir"
    cmake -S "$dir" -B "$dir/build" -DCAMPATH_VIA=probe -DCAMPATH_WANT="$2" -DCAMPATH_EXACT="${3:-}" \
        -DCMAKE_PREFIX_PATH="$1" 2>&1 | sed -n 's/^-- probe: campath .*: //p'
}

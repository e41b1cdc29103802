#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/e2e/deps.sh - `make run` and `make test` for a user who is not root
# and lacks a Debian package (a made-up name in DEB_run, DEB_test): each
# stops before building, names the package, and prints how to install it,
# as root and from the account with su (a minimal Debian has no sudo; the
# sudo line comes only where sudo is installed). Run as root, the rules are
# run as the user nobody, from a copy of the Makefile.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "deps.sh: $*" >&2; [ ! -f "$tmp/out" ] || sed 's/^/    /' "$tmp/out" >&2; exit 1; }

mkdir -p "$tmp/tree/include/campath"
cp Makefile "$tmp/tree/"
cp include/campath/common.h "$tmp/tree/include/campath/"
chmod -R a+rwX "$tmp"
as_user=""
if [ "$(id -u)" = 0 ]; then
    command -v setpriv >/dev/null 2>&1 || fail "setpriv (util-linux) is needed to run the rules as another user"
    as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
fake=campath-no-such-package
for target in run test; do
    $as_user make --no-print-directory -s -C "$tmp/tree" "$target" "DEB_$target=$fake" >"$tmp/out" 2>&1 &&
        fail "make $target went on with $fake missing"
    grep -qx "missing Debian packages: $fake" "$tmp/out" || fail "make $target did not name the missing package"
    install="apt-get update \&\& apt-get install -y --no-install-recommends $fake"
    grep -qx "install them as root: *$install" "$tmp/out" || fail "make $target printed no command for root"
    grep -qx "or from this account: *su -c '$install'" "$tmp/out" || fail "make $target printed no su command"
    if command -v sudo >/dev/null 2>&1; then
        grep -q "sudo sh -c '$install'" "$tmp/out" || fail "make $target printed no sudo command where sudo is"
    elif grep -q sudo "$tmp/out"; then
        fail "make $target printed a sudo command where there is no sudo"
    fi
    [ ! -e "$tmp/tree/build" ] || fail "make $target built something with $fake missing"
done
echo "ok: make run and make test, as a user without $fake, print how to install it as root and with su"

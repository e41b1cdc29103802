#!/bin/sh
# SPDX-License-Identifier: MIT
# debsrc.sh DEV-PACKAGE DEST: the Debian source package of the installed
# DEV-PACKAGE (libcjson-dev, libcmocka-dev), at the same version, unpacked
# into DEST, for building it for another target (the Windows build).
#
# It is Debian's own apt-get source, from the mirrors this machine already
# uses (their deb lines, turned into deb-src lines), with apt's state in a
# folder of its own next to DEST, so that nothing of the system's apt
# configuration changes and no root is needed. apt checks the archive's
# signature and every file's checksum on the way, dpkg-source the files
# again as it unpacks them.
set -eu
pkg=$1
dest=$2
apt=$(dirname "$dest")/apt
command -v dpkg-source >/dev/null ||
    { echo "debsrc.sh: dpkg-source is missing (Debian's dpkg-dev; make deps installs it)" >&2; exit 1; }
src=$(dpkg-query -W -f='${source:Package} ${source:Version}' "$pkg" 2>/dev/null) ||
    { echo "debsrc.sh: $pkg is not installed (make deps installs it)" >&2; exit 1; }
name=${src% *}
version=${src#* }
if [ -f "$dest/.debsrc" ] && [ "$(cat "$dest/.debsrc")" = "$name $version" ]; then
    exit 0 # unpacked already
fi

# deb-src lines for the Debian archives the deb lines name (main, updates, security)
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/parts" "$apt/get"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
opt=""
[ -f "$keyring" ] && opt=" [signed-by=$keyring]"
apt-get indextargets --format '$(ORIGIN) $(REPO_URI) $(RELEASE) $(COMPONENT)' 'Created-By: Packages' |
    awk -v opt="$opt" '$1 == "Debian" && NF == 4 { print "deb-src" opt " " $2 " " $3 " " $4 }' |
    sort -u > "$apt/sources.list"
if [ ! -s "$apt/sources.list" ]; then
    echo "debsrc.sh: no Debian archive in this machine's apt sources to fetch $name from" >&2
    exit 1
fi
set -- -o Dir::Etc::SourceList="$(cd "$apt" && pwd)/sources.list" -o Dir::Etc::SourceParts="$(cd "$apt" && pwd)/parts" \
    -o Dir::State::Lists="$(cd "$apt" && pwd)/lists" -o Dir::Cache="$(cd "$apt" && pwd)/cache" -q
# as root apt downloads as its _apt user, which may not reach this folder
[ "$(id -u)" = 0 ] && set -- "$@" -o APT::Sandbox::User=root
if ! apt-get "$@" source --download-only --print-uris "$name=$version" >/dev/null 2>&1; then
    apt-get "$@" update >"$apt/update.log" 2>&1 ||
        { cat "$apt/update.log" >&2; echo "debsrc.sh: apt-get update for the source lists failed" >&2; exit 1; }
fi
rm -rf "$apt/get" && mkdir -p "$apt/get"
if ! (cd "$apt/get" && apt-get "$@" source --download-only "$name=$version" >../source.log 2>&1); then
    # the installed version may have left the archive (a newer one replaced it): take the archive's
    (cd "$apt/get" && apt-get "$@" source --download-only "$name" >>../source.log 2>&1) ||
        { cat "$apt/source.log" >&2; echo "debsrc.sh: apt-get source $name failed" >&2; exit 1; }
    echo "debsrc.sh: $name $version is not in the archive any more; built from its newest version" >&2
fi
rm -rf "$dest"
dsc=$(ls "$apt/get/${name}_"*.dsc | head -1)
dpkg-source --no-copy -x "$dsc" "$dest" >"$apt/unpack.log" 2>&1 ||
    { cat "$apt/unpack.log" >&2; echo "debsrc.sh: dpkg-source -x $dsc failed" >&2; exit 1; }
echo "$name $version" > "$dest/.debsrc"
echo "debsrc.sh: $name $(basename "$dsc" .dsc | sed 's/^[^_]*_//') from Debian's sources in $dest"

#!/bin/sh
# SPDX-License-Identifier: MIT
# libcampath.so exports the public API and nothing else: every function
# declared with CP_API in include/campath/*.h, and no library-internal
# (cpi_) or other symbol.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

nm -D --defined-only "$BUILD/libcampath.so" | awk '$2 ~ /^[TDRBVW]$/ { print $3 }' | sort -u > "$tmp/exported"
# declarations: CP_API lines, up to the function name
grep -h '^CP_API' include/campath/*.h | grep -o 'cp_[a-z0-9_]*[[:space:]]*(' | sed 's/[[:space:]]*($//' |
    sort -u > "$tmp/declared"
[ -s "$tmp/declared" ] || { echo "exports.sh: no CP_API declarations found" >&2; exit 1; }
extra=$(comm -23 "$tmp/exported" "$tmp/declared")
missing=$(comm -13 "$tmp/exported" "$tmp/declared")
if [ -n "$extra" ] || [ -n "$missing" ]; then
    [ -z "$extra" ] || { echo "exports.sh: exported but not public API:"; echo "$extra" | sed 's/^/  /'; } >&2
    [ -z "$missing" ] || { echo "exports.sh: public API not exported:"; echo "$missing" | sed 's/^/  /'; } >&2
    exit 1
fi
# every non-inline function in the headers is marked CP_API (an unmarked one
# would compile but not link against the shared library)
unmarked=$(grep -hn '^[a-z].*[ *]cp_[a-z0-9_]*(' include/campath/*.h | grep -v 'static inline\|typedef' || true)
[ -z "$unmarked" ] || { echo "exports.sh: declarations without CP_API:" >&2; echo "$unmarked" >&2; exit 1; }
echo "exports: libcampath.so exports exactly the $(wc -l < "$tmp/exported") public functions"

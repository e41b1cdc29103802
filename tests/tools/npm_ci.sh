#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/tools/npm_ci.sh DIR - installs the npm packages that
# tests/e2e/gltf_node.sh checks exported glTF with (the Khronos glTF
# Validator and three.js, pinned by tests/e2e/node/package-lock.json) into
# DIR, from the npm registry, unless DIR holds them already.
#
# npm's own output goes to DIR/npm-ci.log. A failure ends in one line on
# stderr that says what happened and what to do, above all when the
# registry cannot be reached, and exits 1: a check that cannot run has not
# passed. A registry that refuses the connection or has no address is not
# tried again; other failures (a connection reset, a timeout) up to 3 times.
set -eu
NODE_SRC=$(cd "$(dirname "$0")/../e2e/node" && pwd)
DIR=$1
mkdir -p "$DIR"
if cmp -s "$NODE_SRC/package-lock.json" "$DIR/package-lock.json" && [ -d "$DIR/node_modules/three" ] &&
    [ -d "$DIR/node_modules/gltf-validator" ]; then
    exit 0
fi
cp "$NODE_SRC/package.json" "$NODE_SRC/package-lock.json" "$DIR/"
registry=$(npm config get registry 2>/dev/null || true)
registry=${registry:-the npm registry}
LOG="$DIR/npm-ci.log"
echo "installing gltf-validator and three into $DIR from $registry"
# npm's own retries, with shorter waits than its minute-long default (set
# in the environment, where npm_config_* given by the caller still win)
export npm_config_fetch_retries="${npm_config_fetch_retries:-2}"
export npm_config_fetch_retry_mintimeout="${npm_config_fetch_retry_mintimeout:-1000}"
export npm_config_fetch_retry_maxtimeout="${npm_config_fetch_retry_maxtimeout:-10000}"
tries=0
while :; do
    if (cd "$DIR" && npm ci --no-audit --no-fund --loglevel=error) >"$LOG" 2>&1; then
        exit 0
    fi
    tries=$((tries + 1))
    code=$(sed -n 's/^npm error code //p' "$LOG" | head -n 1)
    case "$code" in
    ECONNREFUSED | ENOTFOUND | EAI_AGAIN | ENETUNREACH | EHOSTUNREACH | *CERT* | *SELF_SIGNED* | UNABLE_TO_* | EPROXY*)
        kind=unreachable ;;
    ETIMEDOUT | ECONNRESET | ESOCKETTIMEDOUT | ERR_SOCKET_TIMEOUT | EPIPE)
        kind=network ;;
    *)
        kind=other ;;
    esac
    [ "$kind" != unreachable ] && [ "$tries" -lt 3 ] || break
    echo "npm ci failed (${code:-no error code}); trying again in 5 s (npm's log: $LOG)"
    sleep 5
done
if [ "$kind" = other ]; then
    what=$(grep -m 1 '^npm error' "$LOG" | sed 's/^npm error *//' || true)
    echo "gltf_node.sh: FAIL: npm could not install the glTF validator and three.js into $DIR:" \
        "${what:-npm ci failed}; see npm's log, $LOG" >&2
else
    echo "gltf_node.sh: FAIL: the npm registry ($registry) cannot be reached ($code): make test installs the Khronos" \
        "glTF validator and three.js from it once, into $DIR; connect this machine to it (or point npm at a registry" \
        "or proxy that serves them: npm config set registry URL, or npm config set proxy URL) and run make test" \
        "again (npm's log: $LOG)" >&2
fi
exit 1

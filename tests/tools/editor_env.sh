# SPDX-License-Identifier: MIT
# Sourced by the scripts that run campath-editor (tests/e2e, docs/editor-images.sh).
#
# editor_wrap DIR EDITOR prints the command to run the editor as. Normally
# that is EDITOR itself. Under the sanitizers the Makefile sets
# CAMPATH_EDITOR_PRELOAD to the ASan runtime and Mesa's software driver:
# preloaded, the driver stays loaded until the editor exits. Otherwise EGL
# unloads it at exit, its allocations can then no longer be attributed (and
# so neither told apart nor suppressed) and LeakSanitizer reports them as
# leaks; its threads also crashed LeakSanitizer's tracer. Leaks of the
# editor's own are still found.
editor_wrap() {
    if [ -z "${CAMPATH_EDITOR_PRELOAD:-}" ]; then
        printf '%s\n' "$2"
        return
    fi
    cat > "$1/campath-editor" <<WRAP
#!/bin/sh
LD_PRELOAD="$CAMPATH_EDITOR_PRELOAD" exec "$2" "\$@"
WRAP
    chmod +x "$1/campath-editor"
    printf '%s\n' "$1/campath-editor"
}

# editor_start sets what an editor test script works with: BUILD (default
# build), TMP (a new folder, removed at exit), ED (the editor to run, as
# editor_wrap gives it) and the tally that ok and bad keep; editor_done
# prints the tally and fails when a check did.
editor_start() {
    BUILD=${BUILD:-build}
    TMP=$(mktemp -d)
    trap 'rm -rf "$TMP"' EXIT
    ED=$(editor_wrap "$TMP" "$BUILD/campath-editor")
    passes=0
    fails=0
}
ok() { passes=$((passes + 1)); echo "ok: $1"; }
bad() { fails=$((fails + 1)); echo "FAIL: $1"; }
editor_done() {
    echo "$passes passed, $fails failed"
    [ "$fails" = 0 ]
}

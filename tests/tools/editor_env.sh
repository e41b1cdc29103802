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

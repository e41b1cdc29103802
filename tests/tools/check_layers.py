#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks that campath's layers depend only downwards.

    check_layers.py BUILD            checks the tree and the objects in BUILD
    check_layers.py --self-test      shows that each check can fail

The library's layers are folders of lib/, bottom to top in the order of
LAYERS below (the Makefile compiles each with the include paths of its own
folder and the ones below, so an upward "#include" of an internal header does
not even compile; tests/e2e/layers.sh shows that). This script checks what
the include paths cannot:

  1. includes: a file of a layer includes internal headers of its own layer
     or lower ones only, public headers (campath/X.h) of its own layer or
     lower ones only, never "../" paths, and cJSON only in the glTF layer;
  2. symbols: every cp_ or cpi_ symbol that a layer's objects use is defined
     by objects of that layer or a lower one;
  3. the editor: editor/core includes no SDL, OpenGL or loader header, no
     part of the editor includes a library-internal header, and no editor or
     tool object uses a cpi_ (library-internal) symbol;
  4. sockets: no file of the library, the editor or the examples but
     lib/base/net.c includes a socket header (the one platform interface,
     so that a Winsock version goes there and nowhere else);
  5. the platform: outside the one platform interface of the base layer
     (lib/base/os*.[ch], and net*.[ch] for sockets) no file of lib/ includes
     a system header beyond the C library's (no POSIX, no Windows header) or
     asks which system it is compiled for (#ifdef _WIN32, __linux__, ...).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

LAYERS = ["base", "curve", "path", "json", "reload", "record", "gltf", "link"]
# the layer of each public header (math.h is the header-only math layer, on base)
PUBLIC = {
    "common.h": "base", "math.h": "base", "curve.h": "curve", "path.h": "path", "handoff.h": "path", "follow.h": "path", "sequence.h": "path",
    "json.h": "json", "reload.h": "reload", "record.h": "record", "gltf.h": "gltf", "link.h": "link",
    "campath.h": None,  # includes everything: for programs, not for the library
}
# headers of other projects a layer may include (<...>), by layer
FOREIGN = {"cjson/": "gltf"}
CORE_FORBIDDEN = ("SDL", "GL/", "GLES", "epoxy/", "EGL/")
# socket headers, and the one file that may include them
SOCKET_HEADERS = ("sys/socket.h", "netinet/", "arpa/inet.h", "netdb.h", "sys/un.h", "winsock", "ws2tcpip.h")
SOCKET_FILE = os.path.join("lib", "base", "net.c")

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)

# The headers of ISO C (C11): all lib/ may include, besides its own and cJSON.
ISO_C = {
    "assert.h", "complex.h", "ctype.h", "errno.h", "fenv.h", "float.h", "inttypes.h", "iso646.h", "limits.h",
    "locale.h", "math.h", "setjmp.h", "signal.h", "stdalign.h", "stdarg.h", "stdatomic.h", "stdbool.h", "stddef.h",
    "stdint.h", "stdio.h", "stdlib.h", "stdnoreturn.h", "string.h", "tgmath.h", "threads.h", "time.h", "uchar.h",
    "wchar.h", "wctype.h",
}
# The macros that say which system (or system's compiler) the code is built for.
PLATFORM_MACROS = re.compile(
    r"\b(_WIN32|_WIN64|WIN32|_WINDOWS|__CYGWIN__|__MINGW32__|__MINGW64__|_MSC_VER|__linux__|__linux|linux|"
    r"__gnu_linux__|__unix__|__unix|unix|__APPLE__|__MACH__|__FreeBSD__|__NetBSD__|__OpenBSD__|__DragonFly__|"
    r"__ANDROID__|__EMSCRIPTEN__|__HAIKU__|__sun|_POSIX_VERSION|_AIX)\b")
CONDITIONAL = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif)\b(.*)$", re.M)


def platform_file(rel):
    """The files of the one platform interface (lib/base/os*, and the sockets' net*)."""
    parts = rel.replace(os.sep, "/").split("/")
    return len(parts) == 3 and parts[:2] == ["lib", "base"] and parts[2].startswith(("os", "net"))


def rank(layer):
    return LAYERS.index(layer)


def lib_files(root):
    out = []
    for layer in LAYERS:
        d = os.path.join(root, "lib", layer)
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            if name.endswith((".c", ".h")):
                out.append((layer, os.path.join(d, name)))
    return out


def check_includes(root):
    problems = []
    owner = {}  # internal header name -> layer
    for layer, path in lib_files(root):
        if path.endswith(".h"):
            owner[os.path.basename(path)] = layer
    for layer, path in lib_files(root):
        rel = os.path.relpath(path, root)
        text = open(path, encoding="utf-8").read()
        for m in INCLUDE.finditer(text):
            kind, name = m.group(1), m.group(2)
            line = text.count("\n", 0, m.start()) + 1
            where = "%s:%d" % (rel, line)
            if ".." in name.split("/"):
                problems.append('%s: "%s" climbs out of its folder' % (where, name))
                continue
            if kind == '"' and name.startswith("campath/"):
                hdr = name[len("campath/"):]
                if hdr not in PUBLIC:
                    problems.append("%s: unknown public header %s" % (where, name))
                elif PUBLIC[hdr] is None or rank(PUBLIC[hdr]) > rank(layer):
                    problems.append("%s: the %s layer includes %s, which belongs to the %s layer above it"
                                    % (where, layer, name, PUBLIC[hdr] or "top"))
            elif kind == '"':
                base = os.path.basename(name)
                if base not in owner:
                    problems.append("%s: unknown header %s" % (where, name))
                elif rank(owner[base]) > rank(layer):
                    problems.append("%s: the %s layer includes %s of the %s layer above it"
                                    % (where, layer, name, owner[base]))
            else:
                for prefix, allowed in FOREIGN.items():
                    if name.startswith(prefix) and layer != allowed:
                        problems.append("%s: <%s> may be used by the %s layer only" % (where, name, allowed))
    problems += check_sockets(root)
    for sub in ("core", "sdl", "cli"):
        d = os.path.join(root, "editor", sub)
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(d, name)
            text = open(path, encoding="utf-8").read()
            for m in INCLUDE.finditer(text):
                inc = m.group(2)
                where = "%s:%d" % (os.path.relpath(path, root), text.count("\n", 0, m.start()) + 1)
                if sub == "core" and inc.startswith(CORE_FORBIDDEN):
                    problems.append("%s: editor/core must stay free of SDL and OpenGL, includes %s" % (where, inc))
                # a header of the editor's own folder may share a name with a library-internal one
                local = os.path.exists(os.path.join(d, inc))
                if ".." in inc.split("/") or (inc in owner and not local):
                    problems.append("%s: the editor uses the public API only, includes %s" % (where, inc))
    return problems


def check_sockets(root):
    problems = []
    for top in ("lib", "editor", os.path.join("docs", "examples")):
        for folder, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, root)
                if not name.endswith((".c", ".h")) or rel == SOCKET_FILE:
                    continue
                text = open(path, encoding="utf-8").read()
                for m in INCLUDE.finditer(text):
                    if m.group(1) == "<" and m.group(2).startswith(SOCKET_HEADERS):
                        problems.append("%s:%d: includes <%s>: sockets belong behind lib/base/net.h"
                                        % (rel, text.count("\n", 0, m.start()) + 1, m.group(2)))
    return problems


def check_platform(root):
    problems = []
    for layer, path in lib_files(root):
        rel = os.path.relpath(path, root)
        if platform_file(rel):
            continue
        text = open(path, encoding="utf-8").read()
        for m in INCLUDE.finditer(text):
            kind, name = m.group(1), m.group(2)
            if kind == "<" and name not in ISO_C and not any(name.startswith(p) for p in FOREIGN):
                problems.append("%s:%d: <%s> is a system header: only lib/base/os*.[ch] (the platform interface) "
                                "include those" % (rel, text.count("\n", 0, m.start()) + 1, name))
        for m in CONDITIONAL.finditer(text):
            macro = PLATFORM_MACROS.search(m.group(2))
            if macro:
                problems.append("%s:%d: #%s on %s: which system it is lives in lib/base/os*.[ch] only"
                                % (rel, text.count("\n", 0, m.start()) + 1, m.group(1), macro.group(1)))
    return problems


def symbols(obj, defined):
    args = ["nm", "--defined-only" if defined else "--undefined-only", "-P", obj]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if parts and re.match(r"^cpi?_", parts[0]):
            if not defined or parts[1] in ("T", "D", "R", "B", "C", "V", "W"):
                names.add(parts[0])
    return names


def check_symbols(root, build):
    problems = []
    defined_by = {}
    objs = []
    for layer in LAYERS:
        d = os.path.join(build, "lib", layer)
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            if name.endswith(".o"):
                obj = os.path.join(d, name)
                objs.append((layer, obj))
                for s in symbols(obj, True):
                    defined_by[s] = layer
    if not objs:
        return ["%s/lib: no objects to check (build the library first)" % build]
    for layer, obj in objs:
        for s in sorted(symbols(obj, False)):
            if s not in defined_by:
                problems.append("%s: uses %s, defined in no layer" % (os.path.relpath(obj, build), s))
            elif rank(defined_by[s]) > rank(layer):
                problems.append("%s: the %s layer uses %s of the %s layer above it"
                                % (os.path.relpath(obj, build), layer, s, defined_by[s]))
    for sub in ("core", "sdl", "cli"):
        d = os.path.join(build, "editor", sub)
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            if name.endswith(".o"):
                for s in sorted(symbols(os.path.join(d, name), False)):
                    if s.startswith("cpi_"):
                        problems.append("editor/%s/%s: uses the library-internal %s" % (sub, name, s))
    return problems


def run(root, build):
    problems = check_includes(root) + check_platform(root)
    if build:
        problems += check_symbols(root, build)
    return problems


def self_test(root):
    """Each kind of upward dependency, planted in a copy of the tree, is found."""
    failures = 0
    tmp = tempfile.mkdtemp()
    try:
        def plant(rel, text):
            copy = os.path.join(tmp, "tree")
            if os.path.exists(copy):
                shutil.rmtree(copy)
            shutil.copytree(os.path.join(root, "lib"), os.path.join(copy, "lib"))
            shutil.copytree(os.path.join(root, "editor"), os.path.join(copy, "editor"))
            with open(os.path.join(copy, rel), "a", encoding="utf-8") as f:
                f.write(text)
            return check_includes(copy) + check_platform(copy)

        cases = [
            ("lib/path/path.c", '#include "json_impl.h"\n', "path layer includes an internal JSON header"),
            ("lib/curve/curve.c", '#include "campath/path.h"\n', "curve layer includes the public path header"),
            ("lib/base/error.c", '#include "../json/json_impl.h"\n', "a ../ include"),
            ("lib/json/json_read.c", "#include <cjson/cJSON.h>\n", "cJSON outside the glTF layer"),
            ("editor/core/app.c", "#include <SDL.h>\n", "SDL in the editor core"),
            ("editor/core/app.c", '#include "json_impl.h"\n', "a library-internal header in the editor"),
            ("lib/reload/reload.c", "#include <unistd.h>\n", "a POSIX header outside the platform interface"),
            ("lib/gltf/gltf_file.c", "#include <sys/stat.h>\n", "a POSIX header outside the platform interface"),
            ("lib/json/json_read.c", "#include <windows.h>\n", "a Windows header outside the platform interface"),
            ("lib/path/path.c", "#ifdef _WIN32\n#endif\n", "#ifdef _WIN32 outside the platform interface"),
            ("lib/curve/curve.c", "#if defined(__linux__) && 1\n#endif\n", "#if defined(__linux__) outside it"),
            ("lib/link/client.c", "#include <sys/socket.h>\n", "a socket header outside lib/base/net.c"),
            ("editor/core/link.c", "#include <netinet/in.h>\n", "a socket header in the editor"),
        ]
        for rel, text, what in cases:
            if not os.path.exists(os.path.join(root, rel)):
                continue
            found = plant(rel, text)
            if not found:
                print("self-test: NOT caught: %s (%s)" % (what, rel))
                failures += 1
            else:
                print("self-test: caught: %s: %s" % (what, found[0]))
        # the control: the platform interface itself may do all of that
        for rel in ("lib/base/os_file_posix.c", "lib/base/os_sys_windows.c"):
            if os.path.exists(os.path.join(root, rel)):
                found = plant(rel, "#include <unistd.h>\n#ifdef _WIN32\n#endif\n")
                if found:
                    print("self-test: WRONGLY caught: the platform interface's own %s: %s" % (rel, found[0]))
                    failures += 1
                else:
                    print("self-test: allowed: a system header and #ifdef _WIN32 in %s" % rel)
        # symbols: an object of a low layer that calls a function of a higher one
        src = os.path.join(tmp, "probe.c")
        with open(src, "w", encoding="utf-8") as f:
            f.write("int cp_path_save(void); int cpi_probe(void); int cpi_probe(void) { return cp_path_save(); }\n")
        fake = os.path.join(tmp, "build")
        for layer in ("base", "json"):
            os.makedirs(os.path.join(fake, "lib", layer))
        subprocess.run(["cc", "-c", src, "-o", os.path.join(fake, "lib", "base", "probe.o")], check=True)
        with open(src, "w", encoding="utf-8") as f:
            f.write("int cp_path_save(void); int cp_path_save(void) { return 0; }\n")
        subprocess.run(["cc", "-c", src, "-o", os.path.join(fake, "lib", "json", "save.o")], check=True)
        found = check_symbols(root, fake)
        if any("cp_path_save of the json layer" in p for p in found):
            print("self-test: caught: base object calling a json function: %s" % found[0])
        else:
            print("self-test: NOT caught: base object calling a json function: %s" % found)
            failures += 1
    finally:
        shutil.rmtree(tmp)
    return failures


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if len(sys.argv) == 2 and sys.argv[1] == "--self-test":
        return 1 if self_test(root) else 0
    build = sys.argv[1] if len(sys.argv) > 1 else None
    if build and not os.path.isabs(build):
        build = os.path.join(root, build)
    problems = run(root, build)
    for p in problems:
        print(p)
    if problems:
        print("%d upward dependenc%s" % (len(problems), "y" if len(problems) == 1 else "ies"))
        return 1
    print("layers: every include and every symbol points down (%s); system headers and #ifdefs on the "
          "system only in lib/base/os*" % " < ".join(LAYERS))
    return 0


if __name__ == "__main__":
    sys.exit(main())

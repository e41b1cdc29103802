#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/tools/check_cmake.py - CMake compiles the library as the Makefile does.

    python3 tests/tools/check_cmake.py CMAKE_BUILD/compile_commands.json
    python3 tests/tools/check_cmake.py --self-test

The Makefile's commands for the library's objects (`make -n`) and CMake's
(its compile_commands.json) must name the same lib/ sources, and give each
the same C standard, the same include paths inside the tree (in the same
order: a layer sees its own folder and those below it) and the same macros
(-D; NDEBUG, which CMake's release build types add, aside). The self-test
plants each kind of drift and expects it found.
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile


def flags(args, root, directory):
    """(std, include paths inside root, macros) of one compile command."""
    std, incs, defs = None, [], set()
    i = 0
    while i < len(args):
        a = args[i]
        value = None
        if a in ("-I", "-isystem", "-D") and i + 1 < len(args):
            value = args[i + 1]
            i += 1
        elif a.startswith(("-I", "-D")):
            a, value = a[:2], a[2:]
        elif a.startswith("-isystem"):
            a, value = "-isystem", a[len("-isystem"):]
        if a.startswith("-std="):
            std = a
        elif a in ("-I", "-isystem"):
            path = os.path.normpath(os.path.join(directory, value))
            if path == root or path.startswith(root + os.sep):
                incs.append(os.path.relpath(path, root))
        elif a == "-D" and value.split("=")[0] != "NDEBUG":
            defs.add(value)
        i += 1
    return std, incs, defs


def source_of(args, root, directory):
    for a in args:
        if a.endswith(".c"):
            path = os.path.normpath(os.path.join(directory, a))
            rel = os.path.relpath(path, root)
            if rel.startswith("lib" + os.sep):
                return rel
    return None


def makefile_commands(root):
    """{source: flags} from the Makefile's own commands for the library's objects."""
    with tempfile.TemporaryDirectory() as tmp:
        build = os.path.join(tmp, "b")
        make = ["make", "--no-print-directory", "-C", root, "BUILD=" + build]
        objs = subprocess.run(make + ["-s", "print-LIB_OBJ"], capture_output=True, text=True,
                              check=True).stdout.split()
        if not objs:
            raise SystemExit("check_cmake.py: the Makefile lists no library objects")
        out = subprocess.run(make + ["-n", "-B"] + objs, capture_output=True, text=True, check=True).stdout
    cmds = {}
    for line in out.splitlines():
        args = shlex.split(line)
        if "-c" not in args:
            continue
        src = source_of(args, root, root)
        if src:
            cmds[src] = flags(args, root, root)
    return cmds


def cmake_commands(path, root):
    with open(path) as f:
        entries = json.load(f)
    cmds = {}
    for e in entries:
        args = e["arguments"] if "arguments" in e else shlex.split(e["command"])
        src = source_of([e["file"]], root, e["directory"])
        if src:
            cmds[src] = flags(args, root, e["directory"])
    return cmds


def compare(make, cmake):
    """The differences, one line each."""
    problems = []
    for src in sorted(set(make) - set(cmake)):
        problems.append("%s: the Makefile compiles it, CMake does not" % src)
    for src in sorted(set(cmake) - set(make)):
        problems.append("%s: CMake compiles it, the Makefile does not" % src)
    for src in sorted(set(make) & set(cmake)):
        (mstd, minc, mdef), (cstd, cinc, cdef) = make[src], cmake[src]
        if mstd != cstd:
            problems.append("%s: the Makefile compiles it with %s, CMake with %s" % (src, mstd, cstd))
        if minc != cinc:
            problems.append("%s: include paths: the Makefile %s, CMake %s" % (src, " ".join(minc), " ".join(cinc)))
        if mdef != cdef:
            problems.append("%s: macros: the Makefile %s, CMake %s" % (src, " ".join(sorted(mdef)),
                                                                       " ".join(sorted(cdef))))
    return problems


def self_test():
    root = "/r"
    good = {"lib/base/a.c": ("-std=c11", ["include", "lib/base"], {"_DEFAULT_SOURCE"}),
            "lib/path/b.c": ("-std=c11", ["include", "lib/base", "lib/path"], {"_DEFAULT_SOURCE"})}
    assert compare(good, dict(good)) == []
    drifts = {
        "a source CMake misses": {"lib/base/a.c": good["lib/base/a.c"]},
        "an include path too many": dict(good, **{"lib/base/a.c": ("-std=c11", ["include", "lib/base", "lib/path"],
                                                                   {"_DEFAULT_SOURCE"})}),
        "include paths in another order": dict(good, **{"lib/path/b.c": ("-std=c11", ["include", "lib/path",
                                                                                      "lib/base"],
                                                                         {"_DEFAULT_SOURCE"})}),
        "a macro missing": dict(good, **{"lib/base/a.c": ("-std=c11", ["include", "lib/base"], set())}),
        "another standard": dict(good, **{"lib/base/a.c": ("-std=gnu11", ["include", "lib/base"],
                                                           {"_DEFAULT_SOURCE"})}),
    }
    for what, cmake in drifts.items():
        if not compare(good, cmake):
            raise SystemExit("check_cmake.py self-test: %s was not found" % what)
    parsed = flags(shlex.split("cc -std=c11 -DNDEBUG -D_DEFAULT_SOURCE -I/r/include -isystem /usr/include/cjson "
                               "-I /r/lib/base -c /r/lib/base/a.c"), root, root)
    assert parsed == ("-std=c11", ["include", "lib/base"], {"_DEFAULT_SOURCE"}), parsed
    print("check_cmake.py self-test: a missing source, an extra or reordered include path, a missing macro and "
          "another standard are each found")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return 0
    if len(sys.argv) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    root = os.path.abspath(".")
    make = makefile_commands(root)
    cmake = cmake_commands(sys.argv[1], root)
    problems = compare(make, cmake)
    if problems:
        print("check_cmake.py: CMake and the Makefile compile the library differently:", file=sys.stderr)
        for p in problems:
            print("  " + p, file=sys.stderr)
        return 1
    print("check_cmake.py: CMake compiles the Makefile's %d library sources, each with its include paths and macros"
          % len(make))
    return 0


if __name__ == "__main__":
    sys.exit(main())

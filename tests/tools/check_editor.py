#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks that the editor's modules stay as editor/core/README.md maps them.

    check_editor.py BUILD            checks the tree and the objects in BUILD
    check_editor.py --self-test BUILD   plants each violation and shows it is caught

The map is the table in editor/core/README.md: each module's floor (leaf,
bottom, part, command, front), its files and its prefixes. From the objects
in BUILD (nm) and the sources this script checks that:

  1. every source file of editor/core and editor/sdl is in the map;
  2. every function a module defines starts with one of its prefixes;
  3. no module calls a module on a floor above its own;
  4. no modules call each other round a circle (each file of editor/sdl is
     a module of its own here);
  5. no front end calls a part or the bottom (the parts are changed through
     commands), nor a function of the commands' protocol (app_impl.h);
  6. no renderer function takes an ed_app it could write to (a non-const
     ed_app pointer), and no renderer file casts a const away.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

FLOORS = ["leaf", "bottom", "part", "command", "front"]
CORE = os.path.join("editor", "core")
SDL = os.path.join("editor", "sdl")


def read_map(root):
    """{module: {floor, files (paths relative to root), prefixes, renderer}} from the README's table."""
    text = open(os.path.join(root, CORE, "README.md"), encoding="utf-8").read()
    modules = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] not in FLOORS:
            continue
        floor, name, files, prefixes, owns = cells
        paths = []
        for f in files.split(","):
            f = f.strip()
            if f.endswith("/*.c"):
                d = os.path.normpath(os.path.join(CORE, f[:-4]))
                paths += sorted(os.path.join(d, n) for n in os.listdir(os.path.join(root, d)) if n.endswith(".c"))
            else:
                paths.append(os.path.normpath(os.path.join(CORE, f)))
        m = re.search(r"renderer: ([^)]*)", owns)
        renderer = [os.path.normpath(os.path.join(SDL, r.strip())) for r in m.group(1).split(",")] if m else []
        modules[name] = {"floor": floor, "files": paths, "prefixes": [p.strip() for p in prefixes.split(",")],
                         "renderer": renderer}
    return modules


def module_of_file(modules):
    """{source path: module}; each file of editor/sdl is a module of its own ("sdl/draw")."""
    out = {}
    for name, m in modules.items():
        for f in m["files"]:
            out[f] = "sdl/" + os.path.basename(f)[:-2] if f.startswith(SDL + os.sep) else name
    return out


def floor_of(modules, module):
    return modules["sdl" if module.startswith("sdl/") else module]["floor"]


def symbols(obj):
    """(defined, used) external symbols of an object."""
    out = subprocess.run(["nm", "-P", obj], check=True, capture_output=True, text=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0].startswith("ed_"):
            if parts[1] == "U":
                used.add(parts[0])
            elif parts[1] in ("T", "D", "B", "R", "C"):
                defined.add(parts[0])
    return defined, used


def protocol(root):
    """The functions app_impl.h declares: the commands' own protocol."""
    text = open(os.path.join(root, CORE, "app_impl.h"), encoding="utf-8").read()
    return set(re.findall(r"\b(ed_[a-z_]+)\s*\(", text))


def cycles(graph):
    """The strongly connected components of more than one node (Tarjan)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def check(root, build):
    problems = []
    modules = read_map(root)
    if not modules:
        return ["%s/README.md: no map (the table of modules) found" % CORE]
    owner = module_of_file(modules)
    # 1. every source is in the map
    for d in (CORE, SDL):
        for n in sorted(os.listdir(os.path.join(root, d))):
            path = os.path.join(d, n)
            if n.endswith(".c") and path not in owner:
                problems.append("%s: not in the map of %s/README.md (add it to a module)" % (path, CORE))
    # the objects: what each module defines and uses
    defined_by, uses = {}, {}
    for path, module in sorted(owner.items()):
        obj = os.path.join(build, path[:-2] + ".o")
        if not os.path.exists(obj):
            problems.append("%s: no object (build the editor first)" % obj)
            continue
        d, u = symbols(obj)
        for s in d:
            defined_by[s] = module
            # 2. the prefix says the module
            prefixes = modules["sdl" if module.startswith("sdl/") else module]["prefixes"]
            if not any(s.startswith(p) for p in prefixes):
                problems.append("%s: defines %s, which does not start with the module's prefix (%s)"
                                % (path, s, ", ".join(prefixes)))
        uses.setdefault(module, set()).update((s, path) for s in u)
    internal = protocol(root)
    graph = {}
    for module, used in sorted(uses.items()):
        here = FLOORS.index(floor_of(modules, module))
        for s, path in sorted(used):
            other = defined_by.get(s)
            if other is None or other == module:
                continue
            graph.setdefault(module, set()).add(other)
            there = FLOORS.index(floor_of(modules, other))
            # 3. downwards only
            if there > here:
                problems.append("%s: calls %s of %s, a %s above this %s" % (path, s, other, FLOORS[there],
                                                                          FLOORS[here]))
            # 5. front ends go through the commands
            if FLOORS[here] == "front" and FLOORS[there] in ("part", "bottom"):
                problems.append("%s: the front end calls %s of the %s %s: change it through a command"
                                % (path, s, FLOORS[there], other))
            if FLOORS[here] == "front" and s in internal:
                problems.append("%s: the front end calls %s, the commands' own protocol (app_impl.h)" % (path, s))
    # 4. no circles
    for comp in cycles(graph):
        ties = ["%s -> %s" % (a, b) for a in comp for b in sorted(graph.get(a, ())) if b in comp]
        problems.append("modules call each other round a circle: %s (%s)" % (", ".join(comp), "; ".join(ties)))
    # 6. the renderer only reads
    proto = re.compile(r"^[a-z][^;{=]*\(([^)]*)\)\s*(?:\{|;)", re.M)
    renderer = modules.get("sdl", {}).get("renderer", [])
    for path in renderer + [p[:-2] + ".h" for p in renderer]:
        full = os.path.join(root, path)
        if not os.path.exists(full):
            continue
        text = open(full, encoding="utf-8").read()
        for m in proto.finditer(text):
            for param in m.group(1).split(","):
                if re.search(r"\bed_app\s*\*", param) and not re.search(r"\bconst\s+ed_app\b", param):
                    line = text.count("\n", 0, m.start()) + 1
                    problems.append("%s:%d: a renderer function takes a writable ed_app (%s): the renderer only reads"
                                    % (path, line, param.strip()))
        for m in re.finditer(r"\(\s*ed_app\s*\*\s*\)", text):
            line = text.count("\n", 0, m.start()) + 1
            problems.append("%s:%d: a renderer file casts the app's const away" % (path, line))
    return problems


def self_test(root, build):
    """Each violation, planted in a copy of the tree and its objects, is caught; the tree itself passes."""
    failures = 0
    tmp = tempfile.mkdtemp()
    cc = os.environ.get("CC", "cc").split()[0]
    try:
        def copy():
            tree, objs = os.path.join(tmp, "tree"), os.path.join(tmp, "build")
            for d in (tree, objs):
                if os.path.exists(d):
                    shutil.rmtree(d)
            for d in (CORE, SDL):
                shutil.copytree(os.path.join(root, d), os.path.join(tree, d))
                shutil.copytree(os.path.join(build, d), os.path.join(objs, d))
            return tree, objs

        def probe(tree, objs, module_file, source):
            """A probe file added to the module of `module_file`, compiled into objs."""
            d = os.path.dirname(module_file)
            name = "probe_" + os.path.basename(module_file)
            path = os.path.join(d, name)
            with open(os.path.join(tree, path), "w", encoding="utf-8") as f:
                f.write(source)
            readme = os.path.join(tree, CORE, "README.md")
            text = open(readme, encoding="utf-8").read()
            base = os.path.basename(module_file)
            if d == CORE:
                text = re.sub(r"(\| )(%s)( \|)" % re.escape(base), r"\1\2, %s\3" % name, text, count=1)
                text = re.sub(r"(\| )(%s)(, )" % re.escape(base), r"\1\2, %s\3" % name, text, count=1)
            with open(readme, "w", encoding="utf-8") as f:
                f.write(text)
            subprocess.run([cc, "-c", os.path.join(tree, path), "-o", os.path.join(objs, path[:-2] + ".o")],
                           check=True)

        cases = []

        def case(what, plant):
            tree, objs = copy()
            plant(tree, objs)
            found = check(tree, objs)
            cases.append((what, found))

        case("a file missing from the map",
             lambda t, o: open(os.path.join(t, CORE, "orphan.c"), "w").write("int ed_orphan;\n"))
        case("a function without its module's prefix",
             lambda t, o: probe(t, o, os.path.join(CORE, "doc.c"),
                                "int ed_scene_probe(void);\nint ed_scene_probe(void) { return 0; }\n"))
        case("a part that calls a command",
             lambda t, o: probe(t, o, os.path.join(CORE, "doc.c"),
                                "int ed_edit_undo(void *); int ed_doc_probe(void);\n"
                                "int ed_doc_probe(void) { return ed_edit_undo(0); }\n"))
        case("two commands round a circle (edit calls xform, xform calls edit)",
             lambda t, o: probe(t, o, os.path.join(CORE, "xform.c"),
                                "int ed_edit_undo(void *); int ed_xform_probe(void);\n"
                                "int ed_xform_probe(void) { return ed_edit_undo(0); }\n"))
        case("a front end that calls a part",
             lambda t, o: probe(t, o, os.path.join(CORE, "control.c"),
                                "int ed_doc_undo(void *, void *, int); int ed_control_probe(void);\n"
                                "int ed_control_probe(void) { return ed_doc_undo(0, 0, 0); }\n"))
        case("a front end that calls the commands' protocol",
             lambda t, o: probe(t, o, os.path.join(SDL, "bench.c"),
                                "int ed_app_commit(void *, void *, long, int); int ed_probe(void);\n"
                                "int ed_probe(void) { return ed_app_commit(0, 0, 0, 0); }\n"))

        def writable(t, o):
            with open(os.path.join(t, SDL, "hud.c"), "a", encoding="utf-8") as f:
                f.write("\nvoid ed_draw_probe(ed_gfx *g, ed_app *app) { (void)g; (void)app; }\n")
        case("a renderer function that can write the app", writable)

        def cast(t, o):
            with open(os.path.join(t, SDL, "graph.c"), "a", encoding="utf-8") as f:
                f.write("\nstatic void probe(const ed_app *app) { ed_app_seek((ed_app *)app, 0); }\n")
        case("a renderer file that casts const away", cast)

        for what, found in cases:
            if found:
                print("self-test: caught: %s: %s" % (what, found[0]))
            else:
                print("self-test: NOT caught: %s" % what)
                failures += 1
        base = check(root, build)
        if base:
            print("self-test: the tree itself fails:\n  " + "\n  ".join(base))
            failures += 1
    finally:
        shutil.rmtree(tmp)
    return failures


def main(argv):
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    if len(argv) == 3 and argv[1] == "--self-test":
        failures = self_test(root, argv[2])
        if failures:
            print("self-test: %d check(s) could not fail" % failures)
            return 1
        print("self-test: every planted violation was caught")
        return 0
    if len(argv) != 2:
        print(__doc__)
        return 2
    problems = check(root, argv[1])
    for p in problems:
        print(p)
    if problems:
        print("%d problem(s) with the editor's modules" % len(problems))
        return 1
    print("editor modules: every file mapped, every prefix its module's, calls downwards, no circles, "
          "front ends through commands, the renderer const")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

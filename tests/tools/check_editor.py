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
     ed_app pointer), and no renderer file casts a const away;
  7. no file of editor/core but os.c (the one platform file) includes a
     system header beyond the C library's and the libraries the editor
     builds on (unistd.h, fcntl.h, sys/*.h, dirent.h, pthread.h, poll.h,
     strings.h, windows.h, ...) or asks which system it is built for
     (#ifdef _WIN32, __linux__, ...);
  8. no object of editor/core but os.o calls a function beyond the C
     library's (open, stat, realpath, pthread_create, strdup, ...).
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


# The C library's headers (C11), and the libraries editor/core builds on.
C_HEADERS = {"assert", "complex", "ctype", "errno", "fenv", "float", "inttypes", "iso646", "limits", "locale",
             "math", "setjmp", "signal", "stdalign", "stdarg", "stdatomic", "stdbool", "stddef", "stdint", "stdio",
             "stdlib", "stdnoreturn", "string", "tgmath", "threads", "time", "uchar", "wchar", "wctype"}
LIBRARY_DIRS = ("assimp/", "campath/", "cjson/")
PLATFORM_FILE = os.path.join(CORE, "os.c")
SYSTEM_MACROS = re.compile(r"^\s*#\s*(?:if|ifdef|ifndef|elif)\b.*\b(_WIN32|_WIN64|__linux__|__unix__|__APPLE__|"
                           r"__FreeBSD__|__MINGW32__|__MINGW64__|_MSC_VER|__CYGWIN__|_POSIX_VERSION|__gnu_linux__)\b")
# The C library's functions (C11) and objects; names starting with "__" are
# the compiler's and the C library's own (errno, the sanitizers, atomics).
_MATH = ("acos asin atan atan2 cos sin tan acosh asinh atanh cosh sinh tanh exp exp2 expm1 frexp ilogb ldexp log "
         "log10 log1p log2 logb modf scalbn scalbln cbrt fabs hypot pow sqrt erf erfc lgamma tgamma ceil floor "
         "nearbyint rint lrint llrint round lround llround trunc fmod remainder remquo copysign nan nextafter "
         "nexttoward fdim fmax fmin fma").split()
C_FUNCTIONS = set(_MATH) | {m + "f" for m in _MATH} | {m + "l" for m in _MATH} | {"sincos", "sincosf"} | set((
    "isalnum isalpha isblank iscntrl isdigit isgraph islower isprint ispunct isspace isupper isxdigit tolower "
    "toupper feclearexcept fegetexceptflag feraiseexcept fesetexceptflag fetestexcept fegetround fesetround "
    "fegetenv feholdexcept fesetenv feupdateenv imaxabs imaxdiv strtoimax strtoumax setlocale localeconv "
    "setjmp _setjmp longjmp signal raise remove rename tmpfile tmpnam fclose fflush fopen freopen setbuf setvbuf "
    "fprintf fscanf printf scanf snprintf sprintf sscanf vfprintf vfscanf vprintf vscanf vsnprintf vsprintf "
    "vsscanf fgetc fgets fputc fputs getc getchar putc putchar puts ungetc fread fwrite fgetpos fseek fsetpos "
    "ftell rewind clearerr feof ferror perror stdin stdout stderr atof atoi atol atoll strtod strtof strtold "
    "strtol strtoll strtoul strtoull rand srand aligned_alloc calloc free malloc realloc abort atexit "
    "at_quick_exit exit _Exit getenv quick_exit system bsearch qsort abs labs llabs div ldiv lldiv mblen mbtowc "
    "wctomb mbstowcs wcstombs memcpy memmove strcpy strncpy strcat strncat memcmp strcmp strcoll strncmp strxfrm "
    "memchr strchr strcspn strpbrk strrchr strspn strstr strtok memset strerror strlen clock difftime mktime "
    "time asctime ctime gmtime localtime strftime timespec_get thrd_create thrd_join thrd_sleep mtx_init "
    "mtx_lock mtx_unlock mtx_destroy cnd_init cnd_wait cnd_signal cnd_broadcast cnd_destroy call_once").split())
LIBRARY_PREFIXES = ("ed_", "cp_", "cJSON", "ai")


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


def library_calls(obj):
    """The functions (and objects) an object uses from outside the project and its libraries."""
    out = subprocess.run(["nm", "-P", obj], check=True, capture_output=True, text=True).stdout
    used = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[1] == "U" and not parts[0].startswith(LIBRARY_PREFIXES + ("__",)):
            used.add(parts[0])
    return used


def platform_problems(root, build):
    """Rules 7 and 8: the system is asked through os.c only."""
    problems = []
    for n in sorted(os.listdir(os.path.join(root, CORE))):
        path = os.path.join(CORE, n)
        if not n.endswith((".c", ".h")) or path == PLATFORM_FILE:
            continue
        for i, line in enumerate(open(os.path.join(root, path), encoding="utf-8").read().splitlines(), 1):
            m = re.match(r"\s*#\s*include\s*<([^>]+)>", line)
            if m and not (m.group(1)[:-2] in C_HEADERS and m.group(1).endswith(".h")) \
                    and not m.group(1).startswith(LIBRARY_DIRS):
                problems.append("%s:%d: includes <%s>, a system header beyond the C library's: only %s asks the "
                                "system (add what is needed to os.h)" % (path, i, m.group(1), PLATFORM_FILE))
            m = SYSTEM_MACROS.match(line)
            if m:
                problems.append("%s:%d: asks which system it is built for (%s): only %s may"
                                % (path, i, m.group(1), PLATFORM_FILE))
        if n.endswith(".c"):
            obj = os.path.join(build, path[:-2] + ".o")
            if os.path.exists(obj):  # rule 1 reports a missing object
                for f in sorted(library_calls(obj) - C_FUNCTIONS):
                    problems.append("%s: calls %s, beyond the C library: only %s calls the system (add what is "
                                    "needed to os.h)" % (path, f, PLATFORM_FILE))
    return problems


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
    # 7, 8. the system through os.c only
    problems += platform_problems(root, build)
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

        def posix_header(t, o):
            with open(os.path.join(t, CORE, "doc.c"), "a", encoding="utf-8") as f:
                f.write("\n#include <unistd.h>\n")
        case("a file of editor/core but os.c that includes a POSIX header", posix_header)

        def system_test(t, o):
            with open(os.path.join(t, CORE, "scan.h"), "a", encoding="utf-8") as f:
                f.write("\n#ifdef __linux__\n#endif\n")
        case("a file of editor/core but os.c that asks which system it is built for", system_test)
        case("an object of editor/core but os.o that calls the system",
             lambda t, o: probe(t, o, os.path.join(CORE, "replace.c"),
                                "int open(const char *, int, ...); int ed_replace_probe(void);\n"
                                "int ed_replace_probe(void) { return open(\"x\", 0); }\n"))

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
          "front ends through commands, the renderer const, the system through os.c only")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

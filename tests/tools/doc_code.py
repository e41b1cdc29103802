#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The C code shown in the documentation compiles, and its programs run.

    doc_code.py BUILD FILE.md...     checks every ```c block of the files
    doc_code.py --self-test BUILD    shows that each check can fail

A ```c block is one of three things, said by the block itself or by an HTML
comment on the line before it (hidden where the page is rendered):

  a program   the block defines main(). Compiled, linked against
              BUILD/libcampath.a and run from the project root: it must exit 0.
  a fragment  <!-- c-fragment: DECLARATIONS --> comes before it. The block is
              the body of a function in a harness that includes
              <campath/campath.h> and <math.h>, <stdbool.h>, <stdio.h>,
              <stdlib.h>, <string.h>, and declares at file scope what the
              DECLARATIONS say ("cp_error err; cp_path *path"): the variables
              the fragment uses but does not declare. Compiled and linked, not
              run. `<!-- c-fragment -->` alone declares nothing.
  an excerpt  <!-- c-excerpt: FILE --> comes before it: text shown from FILE
              (a header), found there word for word (a run of blanks and line
              ends counts as one blank).

Any other ```c block is an error: a reader cannot tell what it is, and no
check would hold it. Everything is compiled as a game would be with the
strictest of them: -std=c11 and no feature-test macros (so no M_PI), the
project's warnings (`make print-WARNINGS`) and -Werror. In fragments alone
unused variables are allowed: a fragment shows a call, and what it returns
is there for the reader. Errors name the markdown file and line (the
harness sets #line), so a failure points at the block to fix.
"""
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import tempfile

MARK = re.compile(r"^<!--\s*c-(fragment|excerpt)\b\s*:?\s*(.*?)\s*-->\s*$", re.S)
MAIN = re.compile(r"^\s*int\s+main\s*\(", re.M)
HARNESS_HEADERS = ("math.h", "stdbool.h", "stdio.h", "stdlib.h", "string.h")
RUN_SECONDS = 60


class Block:
    def __init__(self, doc, line, text, kind, arg):
        self.doc, self.line, self.text, self.kind, self.arg = doc, line, text, kind, arg

    def where(self):
        return "%s:%d" % (self.doc, self.line)


def mark_before(lines, i):
    """The c-fragment / c-excerpt comment that ends on the line before lines[i]
    (it may span lines), as (kind, argument), or (None, None)."""
    j = i - 1
    if j < 0 or not lines[j].rstrip().endswith("-->"):
        return None, None
    k = j
    while k >= 0 and "<!--" not in lines[k]:
        k -= 1
    if k < 0:
        return None, None
    m = MARK.match(" ".join(l.strip() for l in lines[k:j + 1]))
    return (m.group(1), m.group(2)) if m else (None, None)


def blocks_of(doc, text):
    """Every ```c block of a markdown text, with the line of its first line of code."""
    out = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        fence = re.match(r"^```\s*(\S*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        start = i + 1
        end = start
        while end < len(lines) and not re.match(r"^```\s*$", lines[end]):
            end += 1
        if fence.group(1) == "c":
            code = "\n".join(lines[start:end]) + "\n"
            kind, arg = mark_before(lines, i)
            if MAIN.search(code):
                kind, arg = "program", None
            out.append(Block(doc, start + 1, code, kind, arg))
        i = end + 1
    return out


def split_declarations(text):
    """'cp_error err; struct { int a; } s' -> ['cp_error err', 'struct { int a; } s']"""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "({[":
            depth += 1
        elif ch in ")}]":
            depth -= 1
        if ch == ";" and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return [d for d in out if d]


def harness(block):
    """The C file that holds a fragment."""
    head = "/* %s: a fragment of the documentation, in a harness (tests/tools/doc_code.py) */\n" % block.where()
    head += "".join("#include <%s>\n" % h for h in HARNESS_HEADERS)
    head += "\n#include <campath/campath.h>\n\n"
    head += "".join("%s;\n" % d for d in split_declarations(block.arg or ""))
    return (head + "\nint doc_fragment(void);\nint doc_fragment(void)\n{\n#line %d \"%s\"\n%s"
            "#line 1 \"harness\"\n    return 0;\n}\n\nint main(void) { return 0; }\n") % (block.line, block.doc, block.text)


def program(block):
    return "#line %d \"%s\"\n%s" % (block.line, block.doc, block.text)


def normalise(text):
    return " ".join(text.split())


class Checker:
    def __init__(self, build, root):
        self.build, self.root = build, root
        self.cc = shlex.split(os.environ.get("CC") or "cc")
        warnings = subprocess.run(["make", "--no-print-directory", "-s", "print-WARNINGS"], cwd=root,
                                  capture_output=True, text=True, check=True).stdout.split()
        if "-Wall" not in warnings:
            raise SystemExit("doc_code.py: `make print-WARNINGS` gave no warning list: %r" % warnings)
        self.flags = ["-std=c11", "-O2"] + warnings + ["-Werror", "-I" + os.path.join(root, "include")]
        self.libs = [os.path.join(build, "libcampath.a"), "-lcjson", "-lm"]

    def check(self, block, tmp, n):
        """None when the block holds, else what is wrong (a message, then the tool's output)."""
        if block.kind == "excerpt":
            try:
                with open(os.path.join(self.root, block.arg), encoding="utf-8") as f:
                    source = f.read()
            except OSError as e:
                return "excerpt: %s cannot be read (%s)" % (block.arg, e.strerror)
            if normalise(block.text) not in normalise(source):
                return "excerpt: this block is not in %s word for word: copy it from there again" % block.arg
            return None
        if block.kind not in ("program", "fragment"):
            return ("this ```c block has no main() and no <!-- c-fragment: DECLARATIONS --> or <!-- c-excerpt: FILE -->"
                    " line before it: say what it is (tests/tools/doc_code.py)")
        source = os.path.join(tmp, "block%03d.c" % n)
        exe = source[:-2]
        with open(source, "w", encoding="utf-8") as f:
            f.write(program(block) if block.kind == "program" else harness(block))
        relax = ["-Wno-unused-variable", "-Wno-unused-but-set-variable"] if block.kind == "fragment" else []
        cc = subprocess.run(self.cc + self.flags + relax + ["-o", exe, source] + self.libs, cwd=self.root,
                            capture_output=True, text=True)
        if cc.returncode != 0:
            return "%s: does not compile (-std=c11, the project's warnings, -Werror):\n%s" % (
                block.kind, (cc.stdout + cc.stderr).rstrip())
        if block.kind == "program":
            try:
                run = subprocess.run([exe], cwd=self.root, capture_output=True, text=True, timeout=RUN_SECONDS)
            except subprocess.TimeoutExpired:
                return "program: still running after %d s" % RUN_SECONDS
            if run.returncode != 0:
                return "program: exits with %d:\n%s" % (run.returncode, (run.stdout + run.stderr).rstrip())
        return None

    def check_all(self, blocks):
        """[(block, problem)] for the blocks that do not hold, in document order."""
        with tempfile.TemporaryDirectory() as tmp:
            with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
                problems = list(pool.map(lambda nb: self.check(nb[1], tmp, nb[0]), enumerate(blocks)))
        return [(b, p) for b, p in zip(blocks, problems) if p]


def report(failures):
    for block, problem in failures:
        first, _, rest = problem.partition("\n")
        print("FAIL: %s: %s" % (block.where(), first))
        if rest:
            print("\n".join("    " + l for l in rest.split("\n")))


def main(build, docs):
    root = os.getcwd()
    blocks = []
    for doc in docs:
        with open(doc, encoding="utf-8") as f:
            blocks += blocks_of(doc, f.read())
    if not blocks:
        print("FAIL: no ```c blocks found in %s" % " ".join(docs))
        return 1
    failures = Checker(build, root).check_all(blocks)
    report(failures)
    count = {k: sum(1 for b in blocks if b.kind == k) for k in ("program", "fragment", "excerpt")}
    if failures:
        print("FAIL: %d of %d C blocks of the documentation do not hold" % (len(failures), len(blocks)))
        return 1
    print("doc code: in %d pages, %d programs compile and run, %d fragments compile, %d excerpts match"
          % (len(docs), count["program"], count["fragment"], count["excerpt"]))
    return 0


SELF_TEST = """\
# A page with one of each

<!-- c-fragment: cp_error err; cp_resource *intro; cp_pose player_pose; double now -->
```c
cp_handoff h;    /* a resource where a path is expected: the bug this check was made for */
cp_handoff_begin(&h, intro, cp_path_start(intro), &player_pose, 1.0, &err);
```

<!-- c-fragment: cp_error err; cp_resource *intro; cp_pose player_pose -->
```c
cp_handoff h;
const cp_path *p = cp_resource_path(intro);
if (p) cp_handoff_begin(&h, p, cp_path_start(p), &player_pose, 1.0, &err);
```

<!-- c-fragment -->
```c
cp_quat q = cp_quat_from_yaw_pitch_roll(M_PI / 2, 0, 0);   /* M_PI is not C11 */
```

```c
cp_path_destroy(path);   /* unmarked */
```

<!-- c-excerpt: include/campath/common.h -->
```c
typedef struct cp_error { int not_like_this; } cp_error;
```

<!-- c-excerpt: include/campath/common.h -->
```c
#define CAMPATH_VERSION_MAJOR 0
```

```c
#include <campath/campath.h>
int main(void) { return cp_path_load("no/such/file.json", NULL) == NULL; }
```

```c
#include <campath/campath.h>
int main(void) { return 0; }
```
"""
# the lines the self-test page must be faulted at, and the words of each fault
SELF_TEST_FAULTS = {5: "does not compile", 18: "does not compile", 22: "say what it is",
                    27: "word for word", 36: "exits with 1"}


def self_test(build):
    with tempfile.TemporaryDirectory() as tmp:
        doc = os.path.join(tmp, "selftest.md")
        with open(doc, "w", encoding="utf-8") as f:
            f.write(SELF_TEST)
        with open(doc, encoding="utf-8") as f:
            blocks = blocks_of(doc, f.read())
        failures = Checker(build, os.getcwd()).check_all(blocks)
    got = {b.line: p for b, p in failures}
    ok = True
    for line, words in SELF_TEST_FAULTS.items():
        if line not in got or words not in got[line]:
            print("self-test FAIL: the block at line %d should fail with '%s', got: %s" % (line, words, got.get(line)))
            ok = False
    for line in set(got) - set(SELF_TEST_FAULTS):
        print("self-test FAIL: the block at line %d should pass, got: %s" % (line, got[line]))
        ok = False
    if "selftest.md:6:" not in got.get(5, ""):
        print("self-test FAIL: the compiler should name the markdown line (selftest.md:6), got: %s" % got.get(5))
        ok = False
    if not ok:
        return 1
    print("doc code self-test: a wrong type, M_PI, an unmarked block, a stale excerpt and a failing program"
          " are each caught; good blocks pass")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--self-test":
        sys.exit(self_test(sys.argv[2]))
    if len(sys.argv) < 3:
        print(__doc__.split("\n\n")[1])
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2:]))

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks that every allocation of lib/ goes through the funnel.

    check_alloc.py [ROOT]        checks ROOT/lib (default: the current folder)
    check_alloc.py --self-test   shows that the check can fail

lib/base/alloc.c is the one file of the library that may call the C
library's allocator (malloc, calloc, realloc, free, strdup, strndup,
posix_memalign, aligned_alloc, reallocarray); everything else calls the
funnel (cpi_alloc, cpi_free, ...) with the allocator of the object it
serves, so that a game's allocator sees every byte (docs/api.md, "Your own
allocator"). No file of lib/ may set cJSON's global hooks (cJSON_InitHooks):
allocators come through options, never through global state. Comments and
string literals are not code: a call named there is not a call.
"""
import os
import re
import shutil
import sys
import tempfile

FUNNEL = os.path.join("lib", "base", "alloc.c")
# the platform's huge pages (cpi_huge_alloc, lib/base/os.h): memory of the
# C library's, aligned, that cpi_free's free() gives back
HUGE = {os.path.join("lib", "base", "os_sys_posix.c"): ("posix_memalign",)}
CALLS = ("malloc", "calloc", "realloc", "free", "strdup", "strndup", "posix_memalign", "aligned_alloc",
         "reallocarray")
# a call of one of them: not part of a longer name, not a member (a->free(...) is the caller's allocator)
CALL = re.compile(r"(?<![\w.>])(" + "|".join(CALLS) + r")\s*\(")
HOOKS = re.compile(r"\bcJSON_InitHooks\b")


def strip(text):
    """The text with comments and string and character literals blanked (lines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * (j - i - 2) + c if j - i >= 2 else text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def check(root):
    problems = []
    lib = os.path.join(root, "lib")
    for folder, _, files in sorted(os.walk(lib)):
        for name in sorted(files):
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            with open(path, encoding="utf-8") as f:
                code = strip(f.read())
            for no, line in enumerate(code.split("\n"), 1):
                if rel != FUNNEL:
                    for m in CALL.finditer(line):
                        if m.group(1) in HUGE.get(rel, ()):
                            continue
                        problems.append("%s:%d: %s() outside the allocation funnel (%s): use cpi_%s" %
                                        (rel, no, m.group(1), FUNNEL, "alloc" if m.group(1) != "free" else "free"))
                if HOOKS.search(line):
                    problems.append("%s:%d: cJSON_InitHooks is global state: allocators come through options" %
                                    (rel, no))
    return problems


def self_test():
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(os.path.join(here, "lib"), os.path.join(tmp, "lib"))
        base = check(tmp)
        if base:
            print("check_alloc self-test: the tree fails before anything is planted:\n  " + "\n  ".join(base))
            return 1
        plants = [
            ("lib/path/planted.c", "void *p(void);\nvoid *p(void) { return malloc(4); }\n", "malloc() outside"),
            ("lib/json/planted.h", "static inline void q(char *s) { free(s); }\n", "free() outside"),
            ("lib/gltf/planted.c", "char *r(const char *s) { return strdup(s); }\n", "strdup() outside"),
            ("lib/gltf/hooks.c", "void h(void) { cJSON_InitHooks(0); }\n", "cJSON_InitHooks"),
        ]
        # not calls: the funnel's own names, members, comments and strings
        quiet = ("lib/path/quiet.c", "/* malloc(4) */ void s(const cp_allocator *a, void *p) { cpi_free(a, p);"
                 " a->free(a->user, p); const char *t = \"free(p)\"; (void)t; } // realloc(p, 2)\n")
        with open(os.path.join(tmp, quiet[0]), "w") as f:
            f.write(quiet[1])
        if check(tmp):
            print("check_alloc self-test: flagged what is not a call:\n  " + "\n  ".join(check(tmp)))
            return 1
        for rel, text, expect in plants:
            path = os.path.join(tmp, rel)
            with open(path, "w") as f:
                f.write(text)
            found = check(tmp)
            os.remove(path)
            if not any(rel in p and expect in p for p in found):
                print("check_alloc self-test: a planted %s in %s was not found" % (expect, rel))
                return 1
    print("ok: check_alloc finds a planted malloc, free, strdup and cJSON_InitHooks, and no comment or member")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    root = argv[1] if len(argv) > 1 else "."
    problems = check(root)
    if problems:
        print("\n".join(problems))
        return 1
    print("ok: every allocation of lib/ goes through %s" % FUNNEL)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

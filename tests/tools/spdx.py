#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every source file git tracks carries the licence's SPDX line near its top.

    spdx.py             lists the files without it; exit 1 if any
    spdx.py --add       writes the line into the files without it
    spdx.py --self-test shows the check fails on a file without the line
                        and passes on each comment style with it

Source files: C (.c, .h), shell, Python, JavaScript (.mjs), GDScript, the
Makefile, CMake files, .in templates, .ci/run, and the Windows build's
resource script (.rc) and manifest (.manifest, XML: after its declaration). Data (paths, glTF, test
expectations, images) and documents carry no line: LICENSE covers them.
"""
import os
import subprocess
import sys
import tempfile

LINE = "SPDX-License-Identifier: MIT"
HASH = "# " + LINE


def comment_for(path):
    """The line as the file's language writes a comment, or None: not source."""
    name = os.path.basename(path)
    ext = os.path.splitext(name)[1]
    if ext in (".c", ".h", ".rc"):
        return "/* " + LINE + " */"
    if ext == ".manifest":
        return "<!-- " + LINE + " -->"
    if ext == ".mjs":
        return "// " + LINE
    if ext in (".sh", ".py", ".gd", ".cmake", ".in") or name in ("Makefile", "CMakeLists.txt", "run"):
        return HASH
    return None


def has_line(text):
    """The line within the first five lines (after a shebang or a
    template's first line)."""
    return any(LINE in line for line in text.splitlines()[:5])


def tracked(root):
    out = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if comment_for(f) and os.path.isfile(os.path.join(root, f))]


def missing(root, files):
    bad = []
    for f in files:
        with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
            if not has_line(fh.read(4096)):
                bad.append(f)
    return bad


def add(root, f):
    p = os.path.join(root, f)
    with open(p, encoding="utf-8") as fh:
        text = fh.read()
    line = comment_for(f) + "\n"
    if text.startswith("#!") or text.startswith("<?xml"):
        first, _, rest = text.partition("\n")
        text = first + "\n" + line + rest
    else:
        text = line + text
    with open(p, "w", encoding="utf-8") as fh:
        fh.write(text)


def self_test():
    with tempfile.TemporaryDirectory() as d:
        samples = {"a.c": "int a;\n", "b.sh": "#!/bin/sh\necho b\n", "c.mjs": "let c;\n", "Makefile": "all:\n",
                   "d.manifest": '<?xml version="1.0"?>\n<assembly/>\n'}
        for name, text in samples.items():
            with open(os.path.join(d, name), "w") as fh:
                fh.write(text)
        names = sorted(samples)
        if missing(d, names) != names:
            print("self-test: files without the line were not all found", file=sys.stderr)
            return 1
        for name in names:
            add(d, name)
        if missing(d, names):
            print("self-test: the line, once added, is not found", file=sys.stderr)
            return 1
        with open(os.path.join(d, "b.sh")) as fh:
            if not fh.read().startswith("#!/bin/sh\n" + HASH):
                print("self-test: the line went before the shebang", file=sys.stderr)
                return 1
        with open(os.path.join(d, "d.manifest")) as fh:
            if not fh.read().startswith('<?xml version="1.0"?>\n<!-- ' + LINE + " -->\n"):
                print("self-test: the line went before the XML declaration", file=sys.stderr)
                return 1
    print("spdx self-test: a file without the line is caught, each comment style is read")
    return 0


def main(argv):
    root = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True,
                          check=True).stdout.strip()
    if "--self-test" in argv:
        return self_test()
    files = tracked(root)
    bad = missing(root, files)
    if "--add" in argv:
        for f in bad:
            add(root, f)
        print(f"added the SPDX line to {len(bad)} files")
        return 0
    for f in bad:
        print(f"{f}: no '{LINE}' line in its first five lines (tests/tools/spdx.py --add writes it)",
              file=sys.stderr)
    if bad:
        return 1
    print(f"licence: all {len(files)} source files carry the SPDX line")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

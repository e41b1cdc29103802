#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The example sessions of the documentation print what the tool prints.

    doc_examples.py BUILD FILE.md...            runs every example, fails where the output differs
    doc_examples.py --update BUILD FILE.md...   writes what the commands print now into the files
    doc_examples.py --self-test BUILD           shows that the check can fail, and --update mend it

An example is an indented block (four spaces) whose first line starts with
"$ ". Each "$ " line is a command, and must be one of campath (`$ campath
info FILE`: BUILD/campath); the lines after it, up to the next "$ " line
or the end of the block, are what it prints, stdout and stderr as a
terminal shows them. The commands of a block run in turn, with `sh`, from
a fresh copy of the project's paths/ folder and a link to its tests/
folder, so every command reads and writes as it would from the project
root and the tree is left alone.

A command that runs until it is stopped (`campath watch`) is the one
command of its block, and an HTML comment before the block says what
happens while it runs, one shell command a line:

    <!-- while it runs:
         cp paths/intro.json x && mv x paths/new.json
    -->

It is started, and once it has printed all its lines but one per action,
each action runs in turn and the line it makes is awaited; then the
command is interrupted (SIGINT).

Numbers are compared to 1e-9 relative (and 1e-12 absolute), so that the
last digits of a rounding-sized result may differ between machines; all
other text is compared exactly.
"""
import difflib
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import termios
import time

COMMAND_SECONDS = 60
LINE_SECONDS = 10
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
WHILE = re.compile(r"^<!--\s*while it runs:\s*(.*?)\s*-->\s*$", re.S)


class Example:
    def __init__(self, doc, line, commands, actions):
        # commands: [(line in the file, command, [expected lines], first output line index, end index)]
        self.doc, self.line, self.commands, self.actions = doc, line, commands, actions

    def where(self, cmd):
        return "%s:%d" % (self.doc, cmd[0])


def actions_before(lines, i):
    """The actions of a <!-- while it runs: ... --> comment before lines[i] (blank lines between)."""
    j = i - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    if j < 0 or not lines[j].rstrip().endswith("-->"):
        return []
    k = j
    while k >= 0 and "<!--" not in lines[k]:
        k -= 1
    m = WHILE.match("\n".join(lines[k:j + 1])) if k >= 0 else None
    return [a.strip() for a in m.group(1).split("\n") if a.strip()] if m else []


def examples_of(doc, text):
    lines = text.split("\n")
    out = []
    i = 0
    while i < len(lines):
        if not (lines[i].startswith("    $ ") and (i == 0 or not lines[i - 1].strip())):
            i += 1
            continue
        start = i
        while i < len(lines) and (lines[i].startswith("    ") or (not lines[i].strip() and i + 1 < len(lines)
                                                                   and lines[i + 1].startswith("    "))):
            i += 1
        commands = []
        for n in range(start, i):
            if lines[n].startswith("    $ "):
                commands.append([n + 1, lines[n][6:], [], n + 1, n + 1])
            else:
                commands[-1][2].append(lines[n][4:])
                commands[-1][4] = n + 1
        out.append(Example(doc, start + 1, [tuple(c) for c in commands], actions_before(lines, start)))
    return out


def same_output(want, got):
    return len(want) == len(got) and all(same_line(w, g) for w, g in zip(want, got))


def same_line(want, got):
    """Text equal, numbers within 1e-9 relative."""
    if NUMBER.sub("#", want) != NUMBER.sub("#", got):
        return False
    for a, b in zip(NUMBER.findall(want), NUMBER.findall(got)):
        x, y = float(a), float(b)
        if abs(x - y) > 1e-9 * max(abs(x), abs(y)) + 1e-12:
            return False
    return True


class Terminal:
    """A command on a pseudo-terminal: stdout and stderr in the order a person sees them."""

    def __init__(self, command, cwd, env):
        master, slave = pty.openpty()
        attrs = termios.tcgetattr(slave)
        attrs[1] &= ~termios.ONLCR  # no \r before each \n
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        self.proc = subprocess.Popen(["sh", "-c", command], cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=slave,
                                     stderr=slave, start_new_session=True)
        os.close(slave)
        self.master, self.data, self.closed = master, b"", False

    def lines(self):
        return self.data.decode("utf-8", "replace").split("\n")[:-1]

    def read(self, until, seconds):
        """Reads until until(lines) holds, the output ends, or the time is up."""
        end = time.monotonic() + seconds
        while not self.closed and not until(self.lines()) and time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], max(0.0, min(0.2, end - time.monotonic())))
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # EIO: every writer has gone
                    chunk = b""
                if chunk:
                    self.data += chunk
                else:
                    self.closed = True

    def finish(self, interrupt=False):
        if interrupt and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGINT)
        self.read(lambda lines: False, COMMAND_SECONDS)
        try:
            self.proc.wait(timeout=COMMAND_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        os.close(self.master)
        return self.lines()


def run_example(example, build, root):
    """What each command of the example prints now: [lines] per command."""
    with tempfile.TemporaryDirectory() as sandbox:
        shutil.copytree(os.path.join(root, "paths"), os.path.join(sandbox, "paths"))
        os.symlink(os.path.join(root, "tests"), os.path.join(sandbox, "tests"))
        env = dict(os.environ, PATH=os.path.abspath(build) + os.pathsep + os.environ.get("PATH", ""))
        outputs = []
        for cmd in example.commands:
            if not cmd[1].startswith("campath "):
                outputs.append(None)  # not run: problems_of says why
                continue
            term = Terminal(cmd[1], sandbox, env)
            if example.actions:
                before = len(cmd[2]) - len(example.actions)
                term.read(lambda lines: len(lines) >= before, LINE_SECONDS)
                for action in example.actions:
                    count = len(term.lines())
                    subprocess.run(["sh", "-c", action], cwd=sandbox, env=env, check=True)
                    term.read(lambda lines: len(lines) > count, LINE_SECONDS)
                outputs.append([l.rstrip("\r ") for l in term.finish(interrupt=True)])
            else:
                term.read(lambda lines: False, COMMAND_SECONDS)
                if term.proc.poll() is None and not term.closed:
                    term.finish(interrupt=True)
                    outputs.append(["(still running after %d s)" % COMMAND_SECONDS])
                    continue
                outputs.append([l.rstrip("\r ") for l in term.finish()])
            if term.proc.returncode < 0 and term.proc.returncode != -signal.SIGINT:
                outputs[-1].append("(killed by signal %d)" % -term.proc.returncode)
    return outputs


def problems_of(example, outputs):
    """[(command, message)] for every command whose example is not what it prints, or is not campath."""
    out = []
    for cmd, got in zip(example.commands, outputs):
        if not cmd[1].startswith("campath "):
            out.append((cmd, "not a campath command: examples here run the tool only"))
        elif not same_output(cmd[2], got):
            diff = difflib.unified_diff(cmd[2], got, "the example", "what it prints now", lineterm="", n=1)
            out.append((cmd, "the output shown is not what the command prints now ('make doc-examples' writes it):\n"
                        + "\n".join(diff)))
    return out


def load(docs):
    examples = []
    for doc in docs:
        with open(doc, encoding="utf-8") as f:
            examples += examples_of(doc, f.read())
    return examples


def check(build, docs, root, report=True):
    examples = load(docs)
    if not examples:
        print("FAIL: no example sessions ('    $ campath ...') found in %s" % " ".join(docs))
        return 1, []
    failures = []
    for ex in examples:
        failures += problems_of(ex, run_example(ex, build, root))
    for cmd, message in failures if report else []:
        first, _, rest = message.partition("\n")
        print("FAIL: %s:%d: $ %s: %s" % (cmd_doc(examples, cmd), cmd[0], cmd[1], first))
        if rest:
            print("\n".join("    " + l for l in rest.split("\n")))
    commands = sum(len(ex.commands) for ex in examples)
    if failures:
        if report:
            print("FAIL: %d of the %d commands of the documentation's examples do not hold" % (len(failures), commands))
        return 1, failures
    print("doc examples: %d commands in %d examples print what the documentation shows" % (commands, len(examples)))
    return 0, []


def cmd_doc(examples, cmd):
    return next(ex.doc for ex in examples if cmd in ex.commands)


def update(build, docs, root, report=True):
    written = 0
    for doc in docs:
        with open(doc, encoding="utf-8") as f:
            lines = f.read().split("\n")
        changed = 0
        for ex in reversed(examples_of(doc, "\n".join(lines))):
            for cmd, got in reversed(list(zip(ex.commands, run_example(ex, build, root)))):
                if got is not None and not same_output(cmd[2], got):
                    lines[cmd[3]:cmd[4]] = [("    " + l).rstrip() for l in got]
                    changed += 1
        if changed:
            with open(doc, "w", encoding="utf-8") as f:
                f.write("\n".join(lines))
            if report:
                print("%s: %d example outputs written" % (doc, changed))
        written += changed
    if report and not written:
        print("the example outputs are up to date")
    return 0


SELF_TEST = """\
# Examples

    $ campath validate paths/intro.json
    paths/intro.json: ok (12 keys)

Stale:

    $ campath validate paths/intro.json tests/data/bad/time_string.json
    paths/intro.json: ok (13 keys)
    tests/data/bad/time_string.json:8:12: keys[3].t: number expected, got string "5"

Rounding in the last digits:

    $ campath info paths/intro.json
    {info}

Not the tool:

    $ ls paths

<!-- while it runs:
     cp tests/data/good/minimal.json x && mv x paths/new.json
-->

    $ campath watch paths/new.json
    watching paths/new.json ({watcher}) generation=0 keys=0
    error: paths/new.json: not there yet: the path comes with the file's first save
    reloaded generation=1 keys=2
"""


def self_test(build):
    root = os.getcwd()
    info = subprocess.run([os.path.join(build, "campath"), "info", "paths/intro.json"], capture_output=True, text=True,
                          check=True).stdout.rstrip("\n").split("\n")
    length = next(i for i, l in enumerate(info) if l.startswith("length"))
    # the last digit of the length changed: within the tolerance, so neither a failure nor rewritten
    info[length] = re.sub(r"(\d) m$", lambda m: str((int(m.group(1)) + 1) % 10) + " m", info[length])
    watcher = "stat polling" if os.environ.get("CAMPATH_NO_INOTIFY", "0") not in ("", "0") else "inotify"
    text = SELF_TEST.format(info="\n    ".join(info), watcher=watcher)
    page = text.split("\n")
    stale, foreign = (page.index(l) + 1 for l in ("    $ campath validate paths/intro.json tests/data/bad/time_string.json",
                                                  "    $ ls paths"))
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        doc = os.path.join(tmp, "selftest.md")
        with open(doc, "w", encoding="utf-8") as f:
            f.write(text)
        status, failures = check(build, [doc], root, report=False)
        lines = sorted(cmd[0] for cmd, _ in failures)
        if status == 0 or lines != [stale, foreign]:
            print("self-test FAIL: expected failures at lines %d (stale) and %d (not campath), got %s" %
                  (stale, foreign, lines))
            ok = False
        update(build, [doc], root, report=False)
        with open(doc, encoding="utf-8") as f:
            mended = f.read()
        if "paths/intro.json: ok (12 keys)\n    tests/data/bad" not in mended or info[length] not in mended:
            print("self-test FAIL: --update did not write the output, or rewrote what was within the tolerance")
            ok = False
        status, failures = check(build, [doc], root, report=False)
        if [cmd[0] for cmd, _ in failures] != [foreign]:
            print("self-test FAIL: after --update only line %d (not campath) should fail, got %s" %
                  (foreign, [cmd[0] for cmd, _ in failures]))
            ok = False
    if not ok:
        return 1
    print("doc examples self-test: a stale output and a command that is not campath fail, a watch with an action"
          " and rounding-sized differences pass, --update writes the output")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "--self-test":
        sys.exit(self_test(args[1]))
    if len(args) >= 3 and args[0] == "--update":
        sys.exit(update(args[1], args[2:], os.getcwd()))
    if len(args) >= 2 and not args[0].startswith("-"):
        sys.exit(check(args[0], args[1:], os.getcwd())[0])
    print(__doc__.split("\n\n")[1])
    sys.exit(2)

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tools/amalgamate.py - the library as one C file and one header (the amalgamation).

    python3 tools/amalgamate.py --out DIR [--define NAME[=VALUE] ...] SOURCE.c ...

writes DIR/campath.h (include/campath/campath.h with every public header it
includes inlined, unchanged in meaning) and DIR/campath.c (every SOURCE.c in
the order given, each internal header inlined where it is first included),
one translation unit in which only the public API (CP_API) has external
linkage. `make amalgamation` runs it with the Makefile's list of sources, so
files added to lib/<layer>/ are picked up without editing anything here.

What one translation unit needs that separate files do not:
  - cross-file internals (cpi_* functions and tables declared in lib/*/*.h)
    become `static`: every top-level function or object that is not declared
    CP_API in include/campath/ gets the keyword (`extern` is replaced by it);
  - file-local names that two files both declare (static functions and
    objects, typedefs, struct/union/enum tags, enumerators), or that a file
    declares and a header declares too, are renamed in each such file to
    FILE_NAME (lib/path/handoff.c's check_finite is handoff_check_finite);
    the renames are listed at the top of campath.c. Not renamed: an opaque
    type a header names (`typedef struct cpi_watch cpi_watch;`) and files
    define, each platform's file its own, and a header's typedef that a
    file declares again;
  - macros that a source file #defines are #undef'd at the end of that
    file, so that they reach no other file (headers' macros stay, as in
    the normal build).
Only the library's own files are parsed (system headers stay #include
lines), with a small C tokenizer that knows comments, strings, preprocessor
lines and brace depth; what it cannot place, it refuses with a message
rather than guess. `--self-test CC` runs it on planted clashes.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

KEYWORDS = set("""auto break case char const continue default do double else enum extern float for goto if
inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void
volatile while _Alignas _Alignof _Atomic _Bool _Complex _Generic _Imaginary _Noreturn _Static_assert
_Thread_local __attribute__ __extension__ __inline __inline__ __restrict __restrict__ __declspec
alignas static_assert bool""".split())
# names before a "(" that are not a declarator: attributes and qualifiers
NOT_DECLARATORS = {"__attribute__", "__declspec", "_Alignas", "alignas", "__extension__", "_Static_assert",
                   "static_assert", "typeof", "__typeof__", "sizeof", "_Alignof"}


class AmalgamationError(Exception):
    pass


# ---- tokens ------------------------------------------------------------------------------------

def tokenize(text, pp=True):
    """A list of (kind, text) whose texts concatenate to `text`. Kinds: ws,
    comment, pp (a whole preprocessor line with its continuations), str,
    char, id, num, punct."""
    toks = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if c in " \t\r\n\f\v":
            j = i
            while j < n and text[j] in " \t\r\n\f\v":
                if text[j] == "\n":
                    line_start = True
                j += 1
            toks.append(("ws", text[i:j]))
            i = j
            continue
        if c == "\\" and text.startswith("\\\n", i):
            toks.append(("ws", "\\\n"))
            i += 2
            continue
        if pp and c == "#" and line_start:
            j = i
            while j < n and text[j] != "\n":
                if text.startswith("\\\n", j):
                    j += 2
                elif text.startswith("/*", j):
                    k = text.find("*/", j + 2)
                    if k < 0:
                        raise AmalgamationError("unterminated comment in a preprocessor line")
                    j = k + 2
                elif text.startswith("//", j):
                    while j < n and text[j] != "\n":
                        j += 1
                elif text[j] in "\"'":
                    j = skip_quoted(text, j)
                else:
                    j += 1
            toks.append(("pp", text[i:j]))
            i = j
            continue
        line_start = False
        if text.startswith("/*", i):
            k = text.find("*/", i + 2)
            if k < 0:
                raise AmalgamationError("unterminated comment")
            toks.append(("comment", text[i:k + 2]))
            i = k + 2
        elif text.startswith("//", i):
            k = text.find("\n", i)
            k = n if k < 0 else k
            toks.append(("comment", text[i:k]))
            i = k
        elif c == '"' or c == "'":
            j = skip_quoted(text, i)
            toks.append(("str" if c == '"' else "char", text[i:j]))
            i = j
        elif c.isalpha() or c == "_":
            m = re.compile(r"[A-Za-z0-9_]+").match(text, i)
            # an encoding prefix belongs to its string (u8"...", L'x')
            if m.end() < n and text[m.end()] in "\"'" and m.group() in ("L", "u", "U", "u8"):
                j = skip_quoted(text, m.end())
                toks.append(("str", text[i:j]))
                i = j
                continue
            toks.append(("id", m.group()))
            i = m.end()
        elif c.isdigit() or (c == "." and i + 1 < n and text[i + 1].isdigit()):
            m = re.compile(r"\.?[0-9](?:[eEpP][+-]|[A-Za-z0-9_.])*").match(text, i)
            toks.append(("num", m.group()))
            i = m.end()
        elif text.startswith("->", i) or text.startswith("...", i):
            k = 3 if text.startswith("...", i) else 2
            toks.append(("punct", text[i:i + k]))
            i += k
        else:
            toks.append(("punct", c))
            i += 1
    return toks


def skip_quoted(text, i):
    q = text[i]
    j = i + 1
    while j < len(text) and text[j] != q:
        if text[j] == "\\":
            j += 1
        elif text[j] == "\n":
            raise AmalgamationError("newline in a string or character constant")
        j += 1
    if j >= len(text):
        raise AmalgamationError("unterminated string or character constant")
    return j + 1


PP_DIRECTIVE = re.compile(r"#\s*([A-Za-z_]+)")
PP_INCLUDE = re.compile(r'#\s*include\s*(["<])([^">]+)[">]')
PP_DEFINE = re.compile(r"#\s*define\s+([A-Za-z_][A-Za-z0-9_]*)")


def directive(tok_text):
    m = PP_DIRECTIVE.match(tok_text)
    return m.group(1) if m else ""


# ---- declarations at file scope -----------------------------------------------------------------

class Decl:
    """One top-level declaration or function definition: the indexes of its
    significant tokens in the file's token list."""

    def __init__(self):
        self.idx = []


def top_level_decls(toks, macros):
    """The file's top-level declarations. A function-like macro called at
    file scope (one that defines functions, say) is left as it is."""
    decls, cur, depth, body, linkage = [], None, 0, False, 0
    sig_idx = [i for i, (kind, _) in enumerate(toks) if kind not in ("ws", "comment", "pp")]
    p = 0
    while p < len(sig_idx):
        i = sig_idx[p]
        kind, text = toks[i]
        p += 1
        if depth == 0:
            if cur is None:
                if kind == "id" and macros.get(text, {}).get("function") and p < len(sig_idx) \
                        and toks[sig_idx[p]][1] == "(":
                    level = 0
                    while p < len(sig_idx):
                        level += {"(": 1, ")": -1}.get(toks[sig_idx[p]][1], 0)
                        p += 1
                        if level == 0:
                            break
                    continue
                cur = Decl()
            if text == ";":
                cur.idx.append(i)
                decls.append(cur)
                cur = None
                continue
            if text == "}" and not cur.idx and linkage:
                linkage -= 1                           # the end of extern "C" { ... }
                cur = None
                continue
            if text == "{":
                sig = [toks[k][1] for k in cur.idx]
                if sig == ["extern", '"C"']:
                    linkage += 1                       # C++'s linkage block: not a scope
                    cur = None
                    continue
                if "=" in sig:
                    body = False                       # an initializer
                elif sig and (sig[-1] in ("struct", "union", "enum") or
                              (len(sig) > 1 and sig[-2] in ("struct", "union", "enum"))):
                    body = False                       # an aggregate's body
                elif sig and sig[-1] == ")":
                    body = True                        # a function's body
                else:
                    raise AmalgamationError("cannot tell what the brace after '%s' opens" % " ".join(sig[-4:]))
                depth = 1
                cur.idx.append(i)
                continue
            cur.idx.append(i)
            continue
        cur.idx.append(i)
        if text == "{":
            depth += 1
        elif text == "}":
            depth -= 1
            if depth == 0 and body:
                decls.append(cur)
                cur, body = None, False
    if cur is not None and cur.idx:
        raise AmalgamationError("the file ends inside a declaration")
    return decls


def macro_words(name, macros, depth=0):
    """The words an object-like macro expands to, through other macros."""
    m = macros.get(name)
    if not m or m["function"] or depth > 8:
        return set()
    words = set(m["words"])
    for w in m["words"]:
        words |= macro_words(w, macros, depth + 1)
    return words


def analyse(toks, decl, macros):
    """What a declaration declares: a dict with 'storage' (the set of
    storage-class words), 'names' (declarators: (name, is_function)),
    'tags' (struct/union/enum tags it defines), 'enumerators'."""
    sig = [toks[k][1] for k in decl.idx]
    kinds = [toks[k][0] for k in decl.idx]
    info = {"storage": set(), "names": [], "tags": [], "enumerators": [], "sig": sig}
    if sig and sig[0] in ("_Static_assert", "static_assert"):
        return info
    depth = 0          # (), [] and {} together
    in_init = False
    last_id = None
    function_found = False
    enum_depths = []   # brace depths of enum bodies
    pending_enum = False
    for j, t in enumerate(sig):
        prev = sig[j - 1] if j else ""
        if t in ("struct", "union", "enum"):
            if j + 2 < len(sig) and kinds[j + 1] == "id" and sig[j + 2] == "{":
                info["tags"].append(sig[j + 1])
            pending_enum = t == "enum" and j + 1 < len(sig) and (
                sig[j + 1] == "{" or (j + 2 < len(sig) and kinds[j + 1] == "id" and sig[j + 2] == "{"))
        if t == "{":
            if pending_enum:
                enum_depths.append(depth + 1)
                pending_enum = False
            depth += 1
            if depth == 1 and not in_init:
                last_id = None
            continue
        if t == "}":
            if enum_depths and enum_depths[-1] == depth:
                enum_depths.pop()
            depth -= 1
            continue
        if enum_depths and enum_depths[-1] == depth and kinds[j] == "id" and prev in ("{", ","):
            info["enumerators"].append(t)
        if t in ("(", "["):
            if depth == 0 and not in_init:
                if t == "(" and last_id and last_id not in NOT_DECLARATORS and not function_found \
                        and prev == last_id:
                    info["names"].append((last_id, True))
                    function_found = True
                elif t == "(" and j + 3 < len(sig) and sig[j + 1] == "*" and kinds[j + 2] == "id" \
                        and sig[j + 3] == ")" and not function_found:
                    info["names"].append((sig[j + 2], False))   # (*name)(...): a pointer to a function
                    function_found = True
                elif t == "[" and last_id and prev == last_id and not function_found:
                    info["names"].append((last_id, False))
                    function_found = True                       # this declarator is named
            depth += 1
            continue
        if t in (")", "]"):
            depth -= 1
            continue
        if depth:
            continue
        words = {t} | (macro_words(t, macros) if t != "CP_API" else set())
        info["storage"] |= words & {"static", "extern", "typedef", "inline", "_Thread_local", "CP_API"}
        if kinds[j] == "id" and t in macros:
            continue
        if kinds[j] == "id" and t not in KEYWORDS:
            last_id = None if prev in ("struct", "union", "enum") else t
            if in_init:
                last_id = None
        elif t == "=":
            if not in_init and last_id and not function_found:
                info["names"].append((last_id, False))
            in_init = True
        elif t in (",", ";"):
            if not in_init and last_id and not function_found:
                info["names"].append((last_id, False))
            in_init, last_id, function_found = False, None, False
    return info


# ---- files -----------------------------------------------------------------------------------

class Unit:
    """A file of the library, tokenized and analysed."""

    def __init__(self, path, is_source, public):
        self.path = path
        self.is_source = is_source
        self.public = public
        with open(path, encoding="utf-8") as f:
            self.text = f.read()
        try:
            self.toks = tokenize(self.text)
        except AmalgamationError as e:
            raise AmalgamationError("%s: %s" % (path, e))
        self.macros = {}        # name -> {"function": bool, "words": identifiers of its body}
        for kind, text in self.toks:
            if kind == "pp":
                m = PP_DEFINE.match(text)
                if m:
                    body = text[m.end():]
                    entry = self.macros.setdefault(m.group(1), {"function": False, "words": set()})
                    entry["function"] |= body.startswith("(")
                    entry["words"] |= {t for k, t in tokenize(body, pp=False) if k == "id"}
        self.parsed = False
        self.ids = None

    def parse(self, macros):
        """The declarations at file scope and the names they declare, with
        `macros` (every library file's) to see through."""
        if self.parsed:
            return
        self.parsed = True
        is_source = self.is_source
        try:
            self.decls = top_level_decls(self.toks, macros)
            self.infos = [analyse(self.toks, d, macros) for d in self.decls]
        except AmalgamationError as e:
            raise AmalgamationError("%s: %s" % (self.path, e))
        self.local = {"ord": set(), "tag": set()}    # file-local names (sources)
        self.globl = {"ord": set(), "tag": set()}    # names every later file sees
        self.typedefs = set()       # names it declares with typedef
        self.tag_refs = set()       # tags it names anywhere (struct X, defined or not)
        prev = ""
        for kind, text in self.toks:
            if kind == "id" and prev in ("struct", "union", "enum"):
                self.tag_refs.add(text)
            if kind not in ("ws", "comment", "pp"):
                prev = text
        for info in self.infos:
            local = is_source and ("static" in info["storage"] or "typedef" in info["storage"])
            if "typedef" in info["storage"]:
                self.typedefs.update(name for name, _ in info["names"])
            for name, _ in info["names"]:
                (self.local if local else self.globl)["ord"].add(name)
            for name in info["enumerators"]:
                (self.local if is_source else self.globl)["ord"].add(name)
            for name in info["tags"]:
                (self.local if is_source else self.globl)["tag"].add(name)
        if not is_source:
            self.globl["ord"].update(self.macros)

    def identifiers(self):
        """The identifiers the file uses, members after . and -> left out."""
        if self.ids is None:
            self.ids, prev = set(), ""
            for kind, text in self.toks:
                if kind == "id" and prev not in (".", "->"):
                    self.ids.add(text)
                elif kind == "pp":
                    self.ids.update(t for k, t in tokenize(text[1:], pp=False) if k == "id")
                if kind not in ("ws", "comment"):
                    prev = text
        return self.ids


def public_api(public_units):
    names = set()
    for u in public_units:
        for info in u.infos:
            if "CP_API" in info["storage"]:
                names.update(n for n, _ in info["names"])
    return names


def rename_tokens(toks, renames):
    """Renames identifiers in a token list (and inside preprocessor lines),
    ordinary names and tags separately; members after . and -> are kept."""
    if not renames["ord"] and not renames["tag"]:
        return toks
    out = []
    prev = ""
    for kind, text in toks:
        if kind == "id":
            if prev in ("struct", "union", "enum"):
                text = renames["tag"].get(text, text)
            elif prev not in (".", "->"):
                text = renames["ord"].get(text, text)
        elif kind == "pp" and not PP_INCLUDE.match(text):
            m = PP_DIRECTIVE.match(text)
            head, rest = text[:m.end()] if m else "", text[m.end():] if m else text
            if directive(text) in ("undef",):
                out.append((kind, text))
                continue
            sub = rename_tokens(tokenize(rest, pp=False), renames)
            text = head + "".join(t for _, t in sub)
        out.append((kind, text))
        if kind not in ("ws", "comment"):
            prev = text
    return out


def make_static(unit, api):
    """The unit's tokens with `static` on every top-level function and
    object that the public API does not declare."""
    toks = list(unit.toks)
    for decl, info in zip(unit.decls, unit.infos):
        storage = info["storage"]
        if not info["names"] or storage & {"static", "typedef", "CP_API"}:
            continue
        if any(n in api for n, _ in info["names"]):
            if not all(n in api for n, _ in info["names"]):
                raise AmalgamationError("%s: a declaration of public and internal names together: %s"
                                        % (unit.path, " ".join(info["sig"][:8])))
            continue
        if "extern" in storage:
            for k in decl.idx:
                if toks[k] == ("id", "extern"):
                    toks[k] = ("id", "static")
                    break
        else:
            k = decl.idx[0]
            toks[k] = (toks[k][0], "static " + toks[k][1])
    return toks


# ---- the generator ---------------------------------------------------------------------------------

class Amalgamation:
    def __init__(self, root, sources):
        self.root = root
        self.sources = sources
        self.pub_dir = os.path.join(root, "include")
        self.lib_dirs = sorted({os.path.dirname(s) for s in sources})
        self.units = {}

    def unit(self, path, is_source=False, public=False):
        path = os.path.normpath(path)
        if path not in self.units:
            self.units[path] = Unit(path, is_source, public)
        return self.units[path]

    def resolve(self, name, from_file):
        """The library file a quoted #include names, and whether it is public."""
        if name.startswith("campath/"):
            cand = os.path.join(self.pub_dir, name)
            if os.path.exists(cand):
                return os.path.normpath(cand), True
        here = os.path.dirname(from_file)
        cand = os.path.join(here, name)
        if os.path.exists(cand):
            return os.path.normpath(cand), os.path.normpath(here) == os.path.normpath(
                os.path.join(self.pub_dir, "campath"))
        for d in self.lib_dirs:
            cand = os.path.join(d, name)
            if os.path.exists(cand):
                return os.path.normpath(cand), False
        raise AmalgamationError("%s: #include \"%s\" not found in the library's folders" % (from_file, name))

    def header(self):
        """campath.h: the umbrella header with every public header inlined once."""
        umbrella = os.path.join(self.pub_dir, "campath", "campath.h")
        done, parts = set(), []

        def inline(path):
            done.add(path)
            u = self.unit(path, public=True)
            for kind, text in u.toks:
                m = PP_INCLUDE.match(text) if kind == "pp" else None
                if m and m.group(1) == '"':
                    target, public = self.resolve(m.group(2), path)
                    if not public:
                        raise AmalgamationError("%s includes the internal header %s" % (path, target))
                    if target not in done:
                        parts.append("/* ---- %s ---- */\n" % self.rel(target))
                        inline(target)
                        parts.append("/* ---- end of %s ---- */\n" % self.rel(target))
                    else:
                        parts.append("/* %s: above */" % text.strip())
                    continue
                parts.append(text)
        inline(os.path.normpath(umbrella))
        # a public header the umbrella does not reach still belongs to the API
        for h in sorted(os.listdir(os.path.join(self.pub_dir, "campath"))):
            path = os.path.normpath(os.path.join(self.pub_dir, "campath", h))
            if h.endswith(".h") and path not in done:
                parts.append("\n/* ---- %s ---- */\n" % self.rel(path))
                inline(path)
        return "".join(parts), sorted(done)

    def rel(self, path):
        return os.path.relpath(path, self.root)

    def plan(self, public_files):
        """Every library file in the order it is inlined, and the renames."""
        order = []          # (path, is_source)
        seen = set()

        def visit(path, is_source):
            u = self.unit(path, is_source=is_source)
            for kind, text in u.toks:
                if kind != "pp":
                    continue
                m = PP_INCLUDE.match(text)
                if m and m.group(1) == '"':
                    target, public = self.resolve(m.group(2), path)
                    if not public and target not in seen:
                        seen.add(target)
                        visit(target, False)
            order.append((path, is_source))

        for s in self.sources:
            visit(os.path.normpath(s), True)
        table = {}
        for u in self.units.values():
            for name, m in u.macros.items():
                entry = table.setdefault(name, {"function": False, "words": set()})
                entry["function"] |= m["function"]
                entry["words"] |= m["words"]
        for u in self.units.values():
            u.parse(table)
        sources = [self.units[p] for p, is_source in order if is_source]
        headers = [u for u in self.units.values() if not u.is_source]

        def clashes(u, ns, n, tags_renamed):
            """Whether file-local name n of source u meets another declaration."""
            if ns == "tag":
                if any(n in h.globl["tag"] for h in headers):
                    return True         # a header defines it: this file's is another type
                # a tag a header only names is the header's opaque type, which
                # this file defines (platform files may each define it)
                if any(n in h.tag_refs for h in headers):
                    return False
                return any(n in v.local["tag"] for v in sources if v is not u)
            if n in u.typedefs and n not in tags_renamed and any(n in h.typedefs for h in headers):
                return False            # the header's typedef, declared again
            return any(n in v.local["ord"] or n in v.globl["ord"] for v in sources + headers if v is not u)

        every_id = set()
        for u in self.units.values():
            every_id |= u.identifiers()
        renames = {}
        taken = set(every_id)
        for path, is_source in order:
            u = self.units[path]
            r = {"ord": {}, "tag": {}}
            stem = os.path.splitext(os.path.basename(path))[0]
            chosen = {}     # one new name for an old one, whatever its namespace
            for ns in ("tag", "ord"):
                for n in sorted(u.local[ns]):
                    if clashes(u, ns, n, r["tag"]):
                        if n not in chosen:
                            new = "%s_%s" % (stem, n)
                            while new in taken:
                                new += "_"
                            taken.add(new)
                            chosen[n] = new
                        r[ns][n] = chosen[n]
            renames[path] = r
        return order, renames

    def source(self, public_files, defines, header_name):
        order, renames = self.plan(public_files)
        api = public_api([self.unit(p, public=True) for p in public_files])
        emitted = set()
        out = []

        def emit(path, is_source):
            u = self.units[path]
            toks = make_static(u, api)
            toks = rename_tokens(toks, renames[path])
            label = self.rel(path)
            out.append("/* ======== %s ======== */\n" % label)
            depth = 0
            for kind, text in toks:
                if kind == "pp":
                    d = directive(text)
                    if d in ("if", "ifdef", "ifndef"):
                        depth += 1
                    elif d == "endif":
                        depth -= 1
                    m = PP_INCLUDE.match(text)
                    if m and m.group(1) == '"':
                        target, public = self.resolve(m.group(2), path)
                        if public:
                            out.append("/* %s: in %s */" % (text.strip(), header_name))
                        elif target in emitted:
                            out.append("/* %s: above */" % text.strip())
                        else:
                            # inlined where first included; inside a conditional
                            # it is inlined again at the next include (its guard
                            # keeps it once) in case the condition was false
                            if depth <= (1 if not is_source else 0):
                                emitted.add(target)
                            out.append("\n")
                            emit(target, False)
                            out.append("/* end of %s, back in %s */" % (self.rel(target), label))
                        continue
                out.append(text)
            if is_source and u.macros:
                out.append("\n/* the macros of %s end with it */\n" % label)
                out.extend("#undef %s\n" % m for m in u.macros)
            out.append("\n")

        for path, is_source in order:
            if is_source:
                posix_only = self.rel(path).startswith(POSIX_ONLY)
                if posix_only:
                    out.append("#if !defined(_WIN32) /* the live link has no Windows side yet (README) */\n")
                emit(path, True)
                if posix_only:
                    out.append("#endif /* !_WIN32 */\n")
        listed = [self.rel(p) for p, s in order if s]
        moved = [(self.rel(p), old, new) for p in renames for ns in ("ord", "tag")
                 for old, new in sorted(renames[p][ns].items())]
        head = [SPDX_LINE,
                "/* campath.c - the campath library as one C file (the amalgamation).\n",
                " *\n",
                LICENCE_NOTE,
                " *\n",
                " * Generated by tools/amalgamate.py from the library's sources: do not edit;\n",
                " * change lib/ and run `make amalgamation`. Compile it with your program\n",
                " * (C11), include \"%s\" where you use campath, and link cJSON and the\n" % header_name,
                " * math library (-lcjson -lm): glTF import and export parse with cJSON.\n",
                " *\n",
                " * Only the public API (CP_API) has external linkage; everything else is static.\n",
                " * The sources, in order:\n"]
        head += [" *   %s\n" % s for s in listed]
        if moved:
            head.append(" * File-local names that two files share, renamed in their own file:\n")
            head += [" *   %s: %s -> %s\n" % m for m in moved]
        head.append(" */\n")
        for d in defines:
            name, _, value = d.partition("=")
            head.append("#ifndef %s\n#define %s%s\n#endif\n" % (name, name, " " + value if value else ""))
        head.append('#include "%s"\n\n' % header_name)
        return "".join(head + out), listed, moved


# The sources the Windows build leaves out (the Makefile's WIN_LIB_SRC): the
# live link's sockets are POSIX's. In the amalgamation they are compiled
# everywhere but on Windows.
POSIX_ONLY = ("lib/base/net.c", "lib/link/")

# Each file of the sources starts with this line; the two files written
# carry it once, at their top, with the notice the MIT licence asks copies
# to keep.
SPDX_LINE = "/* SPDX-License-Identifier: MIT */\n"
LICENCE_NOTE = " * Copyright (c) 2026 the campath authors, under the MIT licence (LICENSE in\n" \
               " * campath's sources): keep this notice with every copy.\n"


def generate(root, sources, out_dir, defines):
    a = Amalgamation(root, sources)
    header, public_files = a.header()
    version = re.search(r'#define CAMPATH_VERSION "([^"]*)"', header)
    banner = (SPDX_LINE +
              "/* campath.h - the public header of the campath library %s as one file, for the\n"
              " * amalgamation (campath.c). Generated by tools/amalgamate.py from\n"
              " * the headers in include/campath: do not edit.\n"
              " *\n" % (version.group(1) if version else "") + LICENCE_NOTE + " */\n")
    header = banner + "#ifndef CAMPATH_AMALGAMATION_H\n#define CAMPATH_AMALGAMATION_H\n" + header + \
        "\n#endif /* CAMPATH_AMALGAMATION_H */\n"
    source, listed, moved = a.source(public_files, defines, "campath.h")
    os.makedirs(out_dir, exist_ok=True)
    for name, text in (("campath.h", header), ("campath.c", source)):
        tmp = os.path.join(out_dir, name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, os.path.join(out_dir, name))
    return listed, moved


# ---- self-test --------------------------------------------------------------------------------

PLANTED = {
    "include/campath/campath.h": '#ifndef T_H\n#define T_H\n#include "common.h"\n'
                                 'CP_API int cp_answer(void);\n#endif\n',
    "include/campath/common.h": '#ifndef T_COMMON_H\n#define T_COMMON_H\n'
                                '#define CP_API __attribute__((visibility("default")))\n#endif\n',
    # an opaque type, which each platform's file defines (one is compiled)
    "lib/a/a.h": "#ifndef A_H\n#define A_H\nint cpi_shared(int x);\nextern const int cpi_table[2];\n"
                 "typedef struct opaque opaque;\nopaque *cpi_open(void);\n#endif\n",
    # a header only one.c includes, with a type two.c names for its own
    "lib/a/b.h": "#ifndef B_H\n#define B_H\ntypedef struct reader { int r; } reader;\n#endif\n",
    "lib/a/one.c": '#include "a.h"\n#include "b.h"\n#define LOCAL 1\ntypedef struct node { int v; } node;\n'
                   "enum { FIRST, SECOND };\nstatic int helper(node n) { reader r = {SECOND}; return n.v + LOCAL + r.r; }\n"
                   "int cpi_shared(int x) { node n = {x}; return helper(n); }\n"
                   "#ifdef PLATFORM_TWO\nstruct opaque { int one; };\n"
                   "opaque *cpi_open(void) { static opaque o = {1}; return &o; }\n#endif\n",
    "lib/a/two.c": '#include "a.h"\n#include "campath/campath.h"\n#define LOCAL 2\n'
                   "typedef struct node { double w; } node;\nenum { SECOND = 5 };\n"
                   "typedef struct reader { double q; } reader;\n"
                   "const int cpi_table[2] = {1, 2};\n"
                   "static int helper(void) { node n = {LOCAL}; reader r = {0.5}; return (int)(n.w + r.q) + SECOND; }\n"
                   "#ifndef PLATFORM_TWO\nstruct opaque { int two; };\n"
                   "opaque *cpi_open(void) { static opaque o = {2}; return &o; }\n#endif\n"
                   "int cp_answer(void) { return cpi_shared(helper()) + cpi_table[1] + (cpi_open() != 0); }\n",
}


def self_test(cc):
    """Two files with the same static function, typedef, tag, enumerator and
    macro, and a type of their own named as a header's: concatenated they do
    not compile; amalgamated they do, with one external symbol, and give the
    answer of the separately compiled files. An opaque type that each
    platform's file defines keeps the header's name."""
    with tempfile.TemporaryDirectory() as tmp:
        for rel, text in PLANTED.items():
            os.makedirs(os.path.join(tmp, os.path.dirname(rel)), exist_ok=True)
            with open(os.path.join(tmp, rel), "w") as f:
                f.write(text)
        srcs = [os.path.join(tmp, "lib/a/one.c"), os.path.join(tmp, "lib/a/two.c")]
        naive = os.path.join(tmp, "naive.c")
        with open(naive, "w") as f:
            f.write("".join(open(s).read() for s in srcs))
        flags = ["-std=c11", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I" + os.path.join(tmp, "include"),
                 "-I" + os.path.join(tmp, "lib/a"), "-c"]
        r = subprocess.run([cc] + flags + [naive, "-o", os.path.join(tmp, "naive.o")], capture_output=True)
        if r.returncode == 0:
            raise AmalgamationError("self-test: the planted clashes compiled when simply concatenated")
        listed, moved = generate(tmp, srcs, os.path.join(tmp, "out"), ["_POSIX_C_SOURCE=200809L"])
        main = os.path.join(tmp, "main.c")
        with open(main, "w") as f:
            f.write('#include "campath.h"\nint main(void) { return cp_answer() == 12 ? 0 : 1; }\n')
        obj = os.path.join(tmp, "out", "campath.o")
        r = subprocess.run([cc] + flags[:5] + ["-c", os.path.join(tmp, "out", "campath.c"), "-o", obj],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise AmalgamationError("self-test: the amalgamated files do not compile:\n" + r.stderr)
        nm = subprocess.run(["nm", "-g", "--defined-only", obj], capture_output=True, text=True, check=True)
        external = sorted(line.split()[-1] for line in nm.stdout.splitlines() if line.strip())
        if external != ["cp_answer"]:
            raise AmalgamationError("self-test: external symbols %s, expected only cp_answer" % external)
        exe = os.path.join(tmp, "main")
        r = subprocess.run([cc, "-std=c11", "-I" + os.path.join(tmp, "out"), main, obj, "-o", exe],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise AmalgamationError("self-test: a program does not link with the amalgamation:\n" + r.stderr)
        if subprocess.run([exe]).returncode != 0:
            raise AmalgamationError("self-test: the amalgamated program computed a different answer")
        want = {("lib/a/one.c", "helper", "one_helper"), ("lib/a/one.c", "node", "one_node"),
                ("lib/a/one.c", "SECOND", "one_SECOND"), ("lib/a/two.c", "helper", "two_helper"),
                ("lib/a/two.c", "reader", "two_reader")}
        missing = want - set(moved)
        if missing:
            raise AmalgamationError("self-test: renames missing: %s" % sorted(missing))
        wrong = [m for m in moved if m[1] in ("opaque", "cpi_open")]
        if wrong:
            raise AmalgamationError("self-test: the header's opaque type was renamed: %s" % wrong)
    print("amalgamate.py self-test: planted clashes (static function, typedef, tag, enumerator, macro, a header's "
          "type name) fail when concatenated and compile amalgamated, with one external symbol; an opaque type "
          "that two platform files define keeps its name")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="the folder for campath.c and campath.h")
    ap.add_argument("--define", action="append", default=[],
                    help="a macro campath.c defines before any header (NAME or NAME=VALUE)")
    ap.add_argument("--self-test", metavar="CC", help="run the generator on planted clashes, compiling with CC")
    ap.add_argument("sources", nargs="*")
    args = ap.parse_args()
    try:
        if args.self_test:
            self_test(args.self_test)
            return 0
        if not args.out or not args.sources:
            ap.error("--out and the sources are needed")
        root = os.getcwd()
        listed, moved = generate(root, args.sources, args.out, [d[2:] if d.startswith("-D") else d for d in args.define])
        print("amalgamation: %s/campath.c from %d sources (%d file-local names renamed), %s/campath.h"
              % (args.out, len(listed), len(moved), args.out))
    except AmalgamationError as e:
        print("amalgamate.py: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

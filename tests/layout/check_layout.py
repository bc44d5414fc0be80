#!/usr/bin/env python3
"""The house rules of the architecture (one-way libraries), checked on the tree.

Usage: check_layout.py SOURCE_ROOT BUILD_DIR

1. A library includes only headers of the folders it may use:
   lint/ uses rules/ (the registry) but none of rewrite/, confirm/, the
   model or cmd/; rules/ uses only lint's small API (lint_ctx.h,
   finding.h); rewrite/ only lint/finding.h; confirm/ only the model's
   public API (object.h: open an object; result.h: verify it);
   verifier-model/ nothing outside itself. Every library may read
   common/kernel_release.h (header only: the release of each kernel
   feature, one table). cmd/, tests/, fuzz/ and bench/ may use anything.
2. A .c file declares no prototype of a function (or extern object) at
   file scope: the declaration belongs in the header of the .c file that
   defines it, so that the compiler sees a changed signature.
3. No source file is compiled into two build targets (meson introspect).
   Custom targets are builds for another machine (the static loader that
   runs inside the VM) and are not counted.

Prints one line per violation and "N violations"; exits 1 if any.
"""
import json
import os
import re
import subprocess
import sys

ALLOWED = {
    "lint": ["lint/", "rules/rule.h"],
    "rules": ["rules/", "lint/lint_ctx.h", "lint/finding.h"],
    "rewrite": ["rewrite/", "lint/finding.h"],
    "confirm": ["confirm/", "verifier-model/result.h", "verifier-model/object.h"],
    "verifier-model": ["verifier-model/"],
}
ALWAYS = ["config.h", "common/kernel_release.h"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources(root, folder, exts=(".c", ".h")):
    for d, dirs, files in os.walk(os.path.join(root, folder)):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(exts):
                yield os.path.join(d, f)


def check_includes(root):
    bad = []
    for folder, allowed in ALLOWED.items():
        for path in sources(root, folder):
            text = open(path, encoding="utf-8", errors="replace").read()
            rel = os.path.relpath(path, root)
            for m in INCLUDE.finditer(text):
                inc = m.group(1)
                if "/" not in inc and inc not in ALWAYS:
                    # a bare name resolves beside the file: fine
                    continue
                if inc in ALWAYS or any(inc == a or (a.endswith("/") and inc.startswith(a))
                                        for a in allowed):
                    continue
                line = text.count("\n", 0, m.start()) + 1
                bad.append(f"{rel}:{line}: includes {inc}: {folder}/ may use only "
                           + ", ".join(allowed))
    return bad


def strip_code(text):
    """Comments, string and char literals blanked, preprocessor lines
    (with their continuations) dropped; line numbers kept."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    text = re.sub(r'/\*.*?\*/|//[^\n]*|"(\\.|[^"\\\n])*"|\'(\\.|[^\'\\\n])*\'',
                  blank, text, flags=re.S)
    out = []
    in_pp = False
    for line in text.split("\n"):
        if in_pp or line.lstrip().startswith("#"):
            in_pp = line.rstrip().endswith("\\")
            out.append("")
        else:
            out.append(line)
    return "\n".join(out)


def file_scope_statements(text):
    """(line, statement) for each statement at brace depth 0."""
    depth = 0
    stmt_line = 0
    out = []
    buf = []
    for lineno, line in enumerate(text.split("\n"), 1):
        for ch in line:
            if depth == 0 and not buf and ch.isspace():
                continue
            if depth == 0:
                if not buf:
                    stmt_line = lineno
                buf.append(ch)
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    buf = []  # a definition or a type body ended
            elif ch == ";" and depth == 0:
                out.append((stmt_line, "".join(buf)))
                buf = []
        if depth == 0 and buf:
            buf.append(" ")
    return out


PROTO = re.compile(r"\b([A-Za-z_]\w*)\s*\([^()]*(\([^()]*\)[^()]*)*\)\s*"
                   r"(__attribute__\s*\(\(.*\)\)\s*)?;$", re.S)


# a declaration inside a function body: "int foo(...);" with a type first
BLOCK_PROTO = re.compile(r"^[ \t]+(?:extern\s+)?(?:const\s+)?(?:void|bool|char|int|long|unsigned|"
                         r"size_t|ssize_t|u?int\d+_t|__[us]\d+|struct\s+\w+|enum\s+\w+)"
                         r"[\s*]+(\w+)\s*\([^;{}()]*\)\s*;", re.M)


def check_prototypes(root):
    bad = []
    for folder in list(ALLOWED) + ["cmd", "fuzz"]:
        for path in sources(root, folder, (".c",)):
            text = strip_code(open(path, encoding="utf-8", errors="replace").read())
            rel = os.path.relpath(path, root)
            for m in BLOCK_PROTO.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                bad.append(f"{rel}:{line}: declares {m.group(1)}() inside a function: "
                           "its prototype belongs in the header of the file defining it")
            for line, stmt in file_scope_statements(text):
                s = stmt.strip()
                if s.startswith(("static", "typedef", "struct", "union", "enum")) \
                        and not s.startswith(("struct ", "union ", "enum ")):
                    continue
                if s.startswith("typedef") or "=" in s:
                    continue
                if s.startswith("extern") and "(" not in s:
                    bad.append(f"{rel}:{line}: declares an extern object defined elsewhere: "
                               f"{' '.join(s.split())[:80]}")
                    continue
                m = PROTO.search(s)
                if not m or s.startswith("static"):
                    continue
                # a struct/enum type declared alone ("struct foo;") has no '('
                bad.append(f"{rel}:{line}: declares {m.group(1)}(), defined in another file: "
                           "its prototype belongs in that file's header")
    return bad


def check_targets(build):
    out = subprocess.run(["meson", "introspect", "--targets", build],
                         capture_output=True, text=True, check=True).stdout
    seen = {}
    bad = []
    for t in json.loads(out):
        if t["type"] == "custom":
            continue
        for src in t.get("target_sources", []):
            for f in src.get("sources", []):
                if not f.endswith(".c"):
                    continue
                f = os.path.realpath(f)
                seen.setdefault(f, []).append(t["name"])
    for f, names in sorted(seen.items()):
        if len(set(names)) > 1:
            bad.append(f"{f}: compiled into {len(set(names))} targets: "
                       + ", ".join(sorted(set(names))))
    return bad


def main():
    root, build = sys.argv[1], sys.argv[2]
    bad = check_includes(root) + check_prototypes(root) + check_targets(build)
    for b in bad:
        print(b)
    print(f"{len(bad)} violations")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

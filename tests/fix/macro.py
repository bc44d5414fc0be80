# SPDX-License-Identifier: GPL-2.0-only
"""Macros: a construct from a header's macro is never edited in the header (the header's
bytes stay, edits stay in the main file or the fix is reported not automatically
fixable); a construct from a macro of the same file is fixed at the macro definition or
reported not automatically fixable. The fixed files still compile, and a second --apply
changes nothing. Cases: tests/fix/data/macro_*.bpf.c."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from fixlib import COMPAT, Checks, read, run

BPF_FIX, BPF_LINT, CLANG = (os.path.abspath(a) for a in sys.argv[1:4])
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
CLANG_ARGS = ["--", "-I" + COMPAT]


def define_spans(text):
    """Byte ranges of the #define lines of text."""
    spans, off = [], 0
    for line in text.splitlines(True):
        if line.lstrip().startswith(b"#define"):
            spans.append((off, off + len(line)))
        off += len(line)
    return spans


def findings(path):
    r = run([BPF_LINT, "--format=json", path] + CLANG_ARGS)
    try:
        return json.loads(r.stdout or b"[]")
    except ValueError:
        return None


def check_case(c, tmp, name, in_header):
    d = os.path.join(tmp, name)
    os.makedirs(d)
    src = os.path.join(d, name)
    shutil.copy(os.path.join(DATA, name), src)
    hdr = os.path.join(d, "macro_defs.h")
    shutil.copy(os.path.join(DATA, "macro_defs.h"), hdr)
    before_hdr, text = read(hdr), read(src)
    found = findings(src)
    if not c.check(found, name + ": bpf-lint reports the macro constructs"):
        return
    spans = define_spans(text)
    for f in found:
        fix = f.get("fix") or {}
        edits = fix.get("edits") or []
        where = "%s:%s [%s]" % (name, f["range"]["start"]["line"], f["rule"])
        if fix.get("unfixable") or not edits:
            print("%s: not automatically fixable: %s" % (where, fix.get("unfixable")))
            continue
        same = all(os.path.realpath(e["file"]) == os.path.realpath(src) for e in edits)
        c.check(same, where + ": every edit is in the main file, none in the header")
        if not in_header:
            inside = all(any(a <= e["offset"] and e["offset"] + e["length"] <= b for a, b in spans)
                         for e in edits)
            c.check(inside, where + ": fixed at the macro definition", json.dumps(edits))
        print("%s: fixed (%d edits)" % (where, len(edits)))
    r = run([BPF_FIX, "--apply", "--verify=none", src] + CLANG_ARGS)
    c.check(r.returncode in (0, 1), name + ": bpf-fix --apply succeeds", r.stderr.decode())
    c.check(read(hdr) == before_hdr, name + ": the header is byte for byte unchanged")
    p = subprocess.run([CLANG, "-O2", "-g", "-target", "bpf", "-D__TARGET_ARCH_x86",
                        "-I/usr/include/x86_64-linux-gnu", "-I" + COMPAT, "-c", src,
                        "-o", os.path.join(d, "out.o")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    c.check(p.returncode == 0, name + ": the result compiles", p.stdout.decode()[-2000:])
    after = read(src)
    r = run([BPF_FIX, "--apply", "--verify=none", src] + CLANG_ARGS)
    c.check(r.returncode == 0 and read(src) == after, name + ": a second --apply changes nothing",
            r.stdout.decode() + r.stderr.decode())


def main():
    c = Checks()
    tmp = tempfile.mkdtemp(prefix="bpf-fix-macro-")
    try:
        check_case(c, tmp, "macro_header.bpf.c", True)
        check_case(c, tmp, "macro_main.bpf.c", False)
    finally:
        shutil.rmtree(tmp)
    c.finish()


main()

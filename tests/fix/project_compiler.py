# SPDX-License-Identifier: GPL-2.0-only
"""bpf-fix confirms with the project's own compiler (issue 22, item 8):
- a compile database naming a wrapper script (relative to the entry's
  directory): every confirming compile runs it, in that directory, with
  the entry's flags; the fix is kept and a second --apply changes nothing;
- `-- /usr/lib/llvm-19/bin/clang FLAGS` (clang-19 by another path) names
  the compiler the same way;
- a database naming a compiler this machine lacks: one line, exit 2, the
  file unchanged;
- a fix in a header (the static helper moved to hot.h): its trials
  compile the unit with the database's wrapper too, not clang-19.
Usage: project_compiler.py BPF_FIX CLANG"""
import json
import os
import shutil
import sys
import tempfile
from fixlib import TESTDATA, Checks, include_flags, read, run, write

BPF_FIX, CLANG = os.path.abspath(sys.argv[1]), sys.argv[2]
CASE = os.path.join(TESTDATA, "e2e", "static_in_loop.bpf.c")
MULTIARCH = run(["gcc", "-print-multiarch"]).stdout.decode().strip() or "x86_64-linux-gnu"


def database(d, compiler, src):
    with open(os.path.join(d, "compile_commands.json"), "w") as f:
        json.dump([{"directory": d, "file": src,
                    "arguments": [compiler, "-O2", "-g", "-target", "bpf",
                                  "-D__TARGET_ARCH_x86", "-I/usr/include/" + MULTIARCH] +
                                 include_flags(CASE) +
                                 ["-c", src, "-o", src + ".o"]}], f)


def wrapper_checks(c, d):
    src = os.path.join(d, "prog.bpf.c")
    shutil.copy(CASE, src)
    log = os.path.join(d, "cc.log")
    write(os.path.join(d, "cc-wrap.sh"),
          ('#!/bin/sh\necho "$PWD $*" >> %s\nexec %s "$@"\n' % (log, CLANG)).encode(), 0o755)
    database(d, "./cc-wrap.sh", src)
    orig = read(src)
    r = run([BPF_FIX, "--apply", "-p", d, src])
    err = r.stderr.decode()
    c.check(r.returncode == 1 and read(src) != orig, "wrapper: the fix is applied (exit 1)", err)
    c.check("bump_all: 9113 -> " in err and "accepted -> accepted" in err,
            "wrapper: the model's figures are printed", err)
    runs = read(log).decode().splitlines() if os.path.exists(log) else []
    c.check(len(runs) >= 2, "wrapper: the original and a candidate compiled by it (%d runs)" % len(runs),
            "\n".join(runs))
    c.check(all(l.startswith(d + " ") and " -c " in l and "-D__TARGET_ARCH_x86" in l for l in runs),
            "wrapper: run in the entry's directory with its flags", "\n".join(runs))
    c.check(not any(" -o " + src + ".o" in l for l in runs), "wrapper: the entry's output is not written")
    fixed = read(src)
    r = run([BPF_FIX, "--apply", "-p", d, src])
    c.check(r.returncode == 0 and read(src) == fixed, "wrapper: a second --apply changes nothing",
            r.stderr.decode())
    c.check(not [n for n in os.listdir(d) if ".bpf-fix-" in n], "wrapper: no temporary left")


def other_path_checks(c, d):
    src = os.path.join(d, "prog2.bpf.c")
    shutil.copy(CASE, src)
    clang = "/usr/lib/llvm-19/bin/clang"
    if not os.path.exists(clang):
        print("SKIP part: no " + clang)
        return
    r = run([BPF_FIX, "--apply", src, "--", clang] + include_flags(CASE))
    c.check(r.returncode == 1 and "bump_all: 9113 -> " in r.stderr.decode(),
            "`-- /usr/lib/llvm-19/bin/clang`: compiled and fixed", r.stderr.decode())


def missing_compiler_checks(c, d):
    sub = os.path.join(d, "missing")
    os.mkdir(sub)
    src = os.path.join(sub, "prog.bpf.c")
    shutil.copy(CASE, src)
    database(sub, "clang-nonexistent-16", src)
    orig = read(src)
    r = run([BPF_FIX, "--apply", "-p", sub, src])
    lines = [l for l in r.stderr.decode().splitlines() if l.startswith("bpf-fix: ")]
    c.check(r.returncode == 2 and read(src) == orig, "missing compiler: exit 2, file unchanged",
            r.stderr.decode())
    c.check(len(lines) == 1 and "compiler 'clang-nonexistent-16' not found" in lines[0],
            "missing compiler: one line naming it", r.stderr.decode())


def header_checks(c, d):
    sub = os.path.join(d, "hdr")
    os.mkdir(sub)
    text = read(CASE).decode()
    start = text.index("struct {")
    end = text.index("SEC(\"tc\")")
    write(os.path.join(sub, "hot.h"), text[start:end].encode())
    src = os.path.join(sub, "prog.bpf.c")
    write(src, (text[:start] + '#include "hot.h"\n\n' + text[end:]).encode())
    log = os.path.join(sub, "cc.log")
    write(os.path.join(sub, "cc-wrap.sh"),
          ('#!/bin/sh\necho "$PWD $*" >> %s\nexec %s "$@"\n' % (log, CLANG)).encode(), 0o755)
    database(sub, "./cc-wrap.sh", src)
    orig_h = read(os.path.join(sub, "hot.h"))
    r = run([BPF_FIX, "--apply", "-p", sub, src])
    err = r.stderr.decode()
    c.check(r.returncode == 1 and read(os.path.join(sub, "hot.h")) != orig_h,
            "header: the fix in hot.h is applied (exit 1)", err)
    runs = read(log).decode().splitlines() if os.path.exists(log) else []
    c.check(len(runs) >= 2 and all(l.startswith(sub + " ") for l in runs),
            "header: the unit's trials compiled by the database's wrapper in its "
            "directory (%d runs)" % len(runs), err)


def main():
    c = Checks()
    d = tempfile.mkdtemp(prefix="bpf-fix-cc-")
    try:
        wrapper_checks(c, d)
        other_path_checks(c, d)
        missing_compiler_checks(c, d)
        header_checks(c, d)
    finally:
        shutil.rmtree(d)
    c.finish()


if __name__ == "__main__":
    main()

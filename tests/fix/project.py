#!/usr/bin/env python3
"""A project with its hot code in headers (issue 22): testdata/project.

hot.h's loop is shared by a.bpf.c (NSLOTS 128) and b.bpf.c (256);
c.bpf.c #includes c_piece.bpf.c; d.bpf.c has a loop of its own besides
hot.h's (both fixes need struct bpf_iter_num in one unit). On a copy with
its own vmlinux.h:
- bpf-lint a.bpf.c b.bpf.c reports hot.h's loop once, naming both, exit 1,
  with no --header-filter; a directory run lints a, b, c (not the piece);
- bpf-fix --apply edits hot.h, c_piece.bpf.c and d.bpf.c, no other file;
- the fixed programs compile with clang-19 and the running kernel's
  verifier processes at most a tenth of the instructions it did before
  (skipped, exit 77, when bpf() is refused);
- a second bpf-fix --apply changes nothing;
- with a project vmlinux.h older than struct bpf_iter_num (the hand-written
  one of testdata/bounded-loop), d.bpf.c's fix and hot.h's both need it
  in d's unit: each file carries it under one guard, d compiles and a
  second run changes nothing (was: 'redefinition of bpf_iter_num', and
  the header's fix dropped).

  project.py BPF_FIX BPF_LINT BPF_VERIFY CLANG
"""
import csv
import io
import os
import shutil
import subprocess
import sys
import tempfile

from fixlib import Checks

FIX, LINT, VERIFY, CLANG = (os.path.abspath(a) for a in sys.argv[1:5])
ROOT = os.environ["BPF_SOURCE_ROOT"]
VMDIR = os.environ.get("BPF_VMLINUX_DIR", "")
c = Checks()


def run(argv, d):
    return subprocess.run(argv, cwd=d, capture_output=True, text=True)


def snapshot(d):
    return {n: open(os.path.join(d, n), "rb").read() for n in sorted(os.listdir(d))
            if os.path.isfile(os.path.join(d, n))}


def kernel_insns(d, objs):
    r = run([VERIFY, "--backend=kernel", "--format=csv"] + objs, d)
    if r.returncode == 2:
        return None, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    return {row["program"]: (row["verdict"], int(row["insns"])) for row in rows}, r.stderr


def compile_all(d, tag):
    multi = subprocess.run(["gcc", "-print-multiarch"], capture_output=True,
                           text=True).stdout.strip() or "x86_64-linux-gnu"
    objs = []
    for f in ("a", "b", "c", "d"):
        o = "%s-%s.o" % (f, tag)
        r = run([CLANG, "-O2", "-g", "-target", "bpf", "-D__TARGET_ARCH_x86",
                 "-I/usr/include/" + multi, "-c", f + ".bpf.c", "-o", o], d)
        c.check(r.returncode == 0, "%s.bpf.c (%s) compiles with clang-19" % (f, tag), r.stderr)
        objs.append(o)
    return objs


def main():
    vm = os.path.join(VMDIR, "vmlinux.h")
    if not os.path.exists(vm):
        print("SKIP: no generated vmlinux.h (needs /sys/kernel/btf/vmlinux and bpftool)")
        return 77
    d = tempfile.mkdtemp(prefix="bpf-project-")
    try:
        for n in os.listdir(os.path.join(ROOT, "testdata", "project")):
            shutil.copy(os.path.join(ROOT, "testdata", "project", n), d)
        shutil.copy(vm, d)
        rc = steps(d)
    finally:
        shutil.rmtree(d)
    d = tempfile.mkdtemp(prefix="bpf-project-old-")
    try:
        for n in os.listdir(os.path.join(ROOT, "testdata", "project")):
            shutil.copy(os.path.join(ROOT, "testdata", "project", n), d)
        shutil.copy(os.path.join(ROOT, "testdata", "bounded-loop", "project_vmlinux",
                                 "vmlinux.h"), d)
        old_vmlinux_steps(d)
    finally:
        shutil.rmtree(d)
    return 1 if c.failed else rc


def old_vmlinux_steps(d):
    before = snapshot(d)
    r = run([FIX, "--apply", "a.bpf.c", "d.bpf.c"], d)
    after = snapshot(d)
    changed = sorted(n for n in before if before[n] != after.get(n))
    guard = b"#ifndef BPF_FIX_STRUCT_BPF_ITER_NUM"
    c.check(r.returncode == 1 and changed == ["d.bpf.c", "hot.h"] and
          guard in after["d.bpf.c"] and guard in after["hot.h"],
          "old vmlinux.h: d.bpf.c and hot.h each fixed, each with struct bpf_iter_num "
          "under one guard", "changed %s\n%s" % (changed, r.stderr))
    multi = subprocess.run(["gcc", "-print-multiarch"], capture_output=True,
                           text=True).stdout.strip() or "x86_64-linux-gnu"
    r = run([CLANG, "-O2", "-g", "-target", "bpf", "-D__TARGET_ARCH_x86",
             "-I/usr/include/" + multi, "-c", "d.bpf.c", "-o", "d.o"], d)
    c.check(r.returncode == 0, "old vmlinux.h: the fixed d.bpf.c compiles", r.stderr)
    again = snapshot(d)
    r2 = run([FIX, "--apply", "a.bpf.c", "d.bpf.c"], d)
    c.check(r2.returncode == 0 and snapshot(d) == again,
          "old vmlinux.h: a second run changes nothing", r2.stdout + r2.stderr)


def steps(d):
    r = run([LINT, "--color=never", "-q", "a.bpf.c", "b.bpf.c"], d)
    hot = [l for l in r.stdout.splitlines() if l.startswith("hot.h:") and "warning:" in l]
    c.check(r.returncode == 1 and len(hot) == 1 and "[bounded-loop]" in hot[0],
          "bpf-lint a.bpf.c b.bpf.c: hot.h's loop once, exit 1", r.stdout + r.stderr)
    c.check("note: this file is included by a.bpf.c, b.bpf.c" in r.stdout,
          "the finding names both programs", r.stdout)
    c.check(not any(l.startswith("vmlinux.h") for l in r.stdout.splitlines()),
          "nothing reported in vmlinux.h", r.stdout)
    r = run([LINT, "--color=never", "."], d)
    c.check("4 files:" in r.stderr and "c_piece.bpf.c:11:2: warning:" in r.stdout,
          "a directory run lints a, b, c and d, the piece through c", r.stdout + r.stderr)

    before = snapshot(d)
    objs_before = compile_all(d, "before")
    r = run([FIX, "--apply", "a.bpf.c", "b.bpf.c", "c.bpf.c", "d.bpf.c"], d)
    after = snapshot(d)
    changed = sorted(n for n in before if not n.endswith(".o") and before[n] != after.get(n))
    c.check(r.returncode == 1 and changed == ["c_piece.bpf.c", "d.bpf.c", "hot.h"],
          "bpf-fix --apply edits hot.h, c_piece.bpf.c and d.bpf.c only (vmlinux.h untouched)",
          "changed %s\n%s" % (changed, r.stderr))
    c.check(b"bpf_for(i, 0, NSLOTS)" in after["hot.h"], "hot.h's loop is a bpf_for", "")
    c.check(not [n for n in after if ".bpf-fix-" in n], "no temporary or journal left", "")
    objs_after = compile_all(d, "after")
    r2 = run([FIX, "--apply", "a.bpf.c", "b.bpf.c", "c.bpf.c", "d.bpf.c"], d)
    again = {n: b for n, b in snapshot(d).items() if not n.endswith(".o")}
    c.check(r2.returncode == 0 and again == {n: b for n, b in after.items() if not n.endswith(".o")},
          "a second run changes nothing",
          r2.stdout + r2.stderr)

    kb, err = kernel_insns(d, objs_before)
    if kb is None:
        print("SKIP kernel figures: %s" % err.strip())
        return 1 if c.failed else 77
    ka, err = kernel_insns(d, objs_after)
    rel = os.uname().release
    for prog in ("prog_a", "prog_b", "prog_c", "prog_d"):
        (vb, nb), (va, na) = kb.get(prog, ("missing", 0)), ka.get(prog, ("missing", 0))
        print("  %s: %d -> %d processed insns (kernel %s), %s -> %s" % (prog, nb, na, rel, vb, va))
        c.check(vb == "success" and va == "success" and 0 < na * 10 <= nb,
              "%s loads before and after, a tenth of the insns or less" % prog)
    return 1 if c.failed else 0


if __name__ == "__main__":
    rc = main()
    print("%d checks, %d failed" % (c.n, c.failed))
    sys.exit(rc)

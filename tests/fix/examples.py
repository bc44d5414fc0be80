# SPDX-License-Identifier: GPL-2.0-only
"""bpf-fix --apply on copies of examples/*.bpf.c: the result compiles and every program
of it loads into the kernel verifier (skipped, 77, only when bpf() is not permitted).
Prints the processed-instruction counts the kernel reported before and after."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from fixlib import COMPAT, SRC, Checks, run

BPF_FIX, CLANG = os.path.abspath(sys.argv[1]), sys.argv[2]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fixed_load  # noqa: E402
from fixed_load import bpf_permitted, compile_obj, load  # noqa: E402
fixed_load.CLANG = CLANG


def counts(log):
    """Program name -> processed insns from bpftool -d's verifier logs."""
    out, prog = {}, None
    for line in log.splitlines():
        m = re.search(r"prog '([^']+)'", line)
        if m:
            prog = m.group(1)
        m = re.search(r"processed (\d+) insns", line)
        if m and prog:
            out[prog] = int(m.group(1))
    return out


def main():
    c = Checks()
    ex = os.path.join(SRC, "examples")
    files = sorted(f for f in os.listdir(ex) if f.endswith(".bpf.c")) if os.path.isdir(ex) else []
    if not files:
        print("no examples/*.bpf.c")
        sys.exit(77)
    tmp = tempfile.mkdtemp(prefix="bpf-fix-examples-")
    try:
        no_bpf = bpf_permitted(tmp)
        for name in files:
            t = os.path.join(tmp, name)
            shutil.copy(os.path.join(ex, name), t)
            r = run([BPF_FIX, "--apply", "--verify=none", t, "--", "-I" + COMPAT, "-I" + ex])
            c.check(r.returncode in (0, 1), name + ": bpf-fix --apply", r.stderr.decode())
            figures = {}
            for side, path in (("before", os.path.join(ex, name)), ("after", t)):
                obj = os.path.join(tmp, side + "-" + name + ".o")
                p = compile_obj(path, obj, ["-I" + ex])
                if not c.check(p.returncode == 0, "%s (%s): compiles" % (name, side), p.stdout[-2000:]):
                    continue
                if no_bpf:
                    continue
                ok, log = load(obj, "/sys/fs/bpf/bpf-fix-ex-%d" % os.getpid())
                if side == "after":
                    c.check(ok, name + " (fixed): every program loads", log[-3000:])
                figures[side] = counts(log) if ok else {}
            for prog in sorted(set(figures.get("before", {})) | set(figures.get("after", {}))):
                print("%s %s: processed insns %s -> %s" % (name, prog, figures.get("before", {}).get(prog, "rejected"),
                                                           figures.get("after", {}).get(prog, "rejected")))
        if no_bpf:
            print("SKIP loading: " + no_bpf)
            if not c.failed:
                sys.exit(77)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    c.finish()


if __name__ == "__main__":
    main()

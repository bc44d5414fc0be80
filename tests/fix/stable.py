#!/usr/bin/env python3
"""A second bpf-fix --apply changes nothing (issue 22): testdata/project-stable.

hot.h holds four loop fixes; the first costs more, so they are tried one
by one, and the program copies __FILE__ (its length is code). Every trial
must see the project's file names, not its temporaries' (whose length grew
with the trial's number: the first run dropped the fourth fix, measured
under a longer name than its reference, and the second run kept it).
On a copy with the generated vmlinux.h:
- the first --apply keeps the three loops that help (bpf_for in mix_a,
  mix_b and small), not folded's, exit 1, and only hot.h changes;
- the definitions bpf_for needs go below hot.h's licence, inside its
  include guard, after its includes;
- the processed insns it prints fall;
- a second --apply changes nothing, exit 0.
hot.h is a symlink to shared/hot.h, as projects link shared headers in:
each trial must lay its bytes over the name a.bpf.c includes it by (the
trials saw the unchanged header, and every fix was dropped with "the
compiled object is unchanged"), and --apply writes the target, keeping
the link.

  stable.py BPF_FIX
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from fixlib import Checks

FIX = os.path.abspath(sys.argv[1])
ROOT = os.environ["BPF_SOURCE_ROOT"]
VMDIR = os.environ.get("BPF_VMLINUX_DIR", "")


def snapshot(d):
    return {n: open(os.path.join(d, n), "rb").read() for n in sorted(os.listdir(d))
            if os.path.isfile(os.path.join(d, n))}


def summary(err):
    m = re.search(r"processed insns (\d+) -> (\d+)", err)
    return (int(m.group(1)), int(m.group(2))) if m else None


def main():
    vm = os.path.join(VMDIR, "vmlinux.h")
    if not os.path.exists(vm):
        print("SKIP: no generated vmlinux.h (needs /sys/kernel/btf/vmlinux and bpftool)")
        return 77
    c = Checks()
    d = tempfile.mkdtemp(prefix="bpf-stable-")
    try:
        src = os.path.join(ROOT, "testdata", "project-stable")
        for n in os.listdir(src):
            shutil.copy(os.path.join(src, n), d)
        shutil.copy(vm, d)
        os.mkdir(os.path.join(d, "shared"))
        os.rename(os.path.join(d, "hot.h"), os.path.join(d, "shared", "hot.h"))
        os.symlink(os.path.join("shared", "hot.h"), os.path.join(d, "hot.h"))
        before = snapshot(d)
        r = subprocess.run([FIX, "--apply", "a.bpf.c"], cwd=d, capture_output=True, text=True)
        after = snapshot(d)
        changed = sorted(n for n in before if before[n] != after[n])
        loops = re.findall(rb"bpf_for\(i, 0, (\d+)\)", after["hot.h"])
        c.check(r.returncode == 1 and changed == ["hot.h"],
              "the first --apply changes hot.h only, exit 1",
              "exit %d, changed %s\n%s" % (r.returncode, changed, r.stderr))
        c.check(loops == [b"64", b"48", b"32"],
              "mix_a's, mix_b's and small's loops are bpf_for, folded's is not",
              "bpf_for over %s\n%s" % (loops, r.stderr))
        hot = after["hot.h"]
        defs = hot.find(b"#ifndef bpf_for")
        c.check(hot.startswith(b"/* SPDX-License-Identifier") and
              hot.find(b'#include "note.h"') < defs < hot.rfind(b"#endif") and defs > 0,
              "hot.h's added definitions: below its licence, inside its guard, after "
              "its includes", hot.decode()[:1500])
        c.check(os.readlink(os.path.join(d, "hot.h")) == "shared/hot.h",
                "hot.h is still the symlink, its target fixed", "")
        figures = summary(r.stderr)
        print("  first run: processed insns %s -> %s (verifier model)" %
              (figures if figures else ("?", "?")))
        c.check(figures is not None and figures[1] < figures[0],
              "the first run's processed insns fall", r.stderr)
        r = subprocess.run([FIX, "--apply", "a.bpf.c"], cwd=d, capture_output=True, text=True)
        c.check(r.returncode == 0 and snapshot(d) == after,
              "a second --apply changes nothing, exit 0", r.stdout + r.stderr)
    finally:
        shutil.rmtree(d)
    c.finish()


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: GPL-2.0-only
"""A file whose programs load only linked with another (issue 22, item 9):
tests/fix/projects/link/.bpf-lint.yaml links bump.bpf.c with slots.bpf.c
(bump_all calls slot_limit(), defined in slots.bpf.c), as `bpftool gen
object` would. bpf-fix confirms on the linked object: the model and, where
bpf() is permitted, the 6.18 kernel say bump_all 10220 -> 132; a second
--apply changes nothing; slots.bpf.c is not touched. Without the link
entry the file's own object cannot be verified and nothing is applied;
with a member missing, bpf-fix says so and changes nothing (exit 2).
Usage: link_project.py BPF_FIX"""
import os
import shutil
import subprocess
import sys
import tempfile
from fixlib import COMPAT, Checks, read, run

BPF_FIX = os.path.abspath(sys.argv[1])
PROJECT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "projects", "link")


def kernel_permitted():
    r = subprocess.run(["bpftool", "prog", "show"], capture_output=True) if shutil.which("bpftool") else None
    return os.geteuid() == 0 and (r is None or r.returncode == 0)


def fix(d, verify):
    return run([BPF_FIX, "--apply", "--verify=" + verify, os.path.join(d, "bump.bpf.c"), "--", "-I" + COMPAT])


def linked_checks(c, d, verify, want):
    bump, slots = os.path.join(d, "bump.bpf.c"), os.path.join(d, "slots.bpf.c")
    before, other = read(bump), read(slots)
    r = fix(d, verify)
    err = r.stderr.decode()
    c.check(r.returncode == 1 and read(bump) != before, verify + ": the fix is applied", err)
    c.check(want in err and "accepted -> accepted" in err, verify + ": figures of the linked object: " + want, err)
    c.check(read(slots) == other, verify + ": the other file is not touched")
    fixed = read(bump)
    r = fix(d, verify)
    c.check(r.returncode == 0 and read(bump) == fixed, verify + ": a second --apply changes nothing",
            r.stderr.decode())


def main():
    c = Checks()
    d = tempfile.mkdtemp(prefix="bpf-fix-link-")
    try:
        for verify, want in (("model", "bump_all: 10220 -> 132 processed insns"),
                             ("kernel", "bump_all: 10220 -> 132 processed insns")):
            if verify == "kernel" and not kernel_permitted():
                print("SKIP part: bpf() not permitted here, the kernel's figures not checked")
                continue
            w = os.path.join(d, verify)
            shutil.copytree(PROJECT, w)
            linked_checks(c, w, verify, want)
        alone = os.path.join(d, "alone")
        shutil.copytree(PROJECT, alone)
        os.unlink(os.path.join(alone, ".bpf-lint.yaml"))
        before = read(os.path.join(alone, "bump.bpf.c"))
        r = fix(alone, "model")
        c.check(read(os.path.join(alone, "bump.bpf.c")) == before and
                "could not be verified" in r.stderr.decode(),
                "without the link entry: not verifiable, nothing applied", r.stderr.decode())
        broken = os.path.join(d, "broken")
        shutil.copytree(PROJECT, broken)
        with open(os.path.join(broken, ".bpf-lint.yaml"), "w") as f:
            f.write("link:\n  - [bump.bpf.c, missing.bpf.c]\n")
        before = read(os.path.join(broken, "bump.bpf.c"))
        r = fix(broken, "model")
        c.check(r.returncode == 2 and read(os.path.join(broken, "bump.bpf.c")) == before and
                "missing.bpf.c (linked with the file)" in r.stderr.decode(),
                "a link member that is missing: exit 2, said, nothing applied", r.stderr.decode())
    finally:
        shutil.rmtree(d)
    c.finish()


if __name__ == "__main__":
    main()

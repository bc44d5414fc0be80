# SPDX-License-Identifier: GPL-2.0-only
"""A file that uses a BPF arena (issue 22, item 9): tests/fix/projects/arena
sums a table of global __arena variables (.addr_space.1) in a 256-step loop.
bpf-fix confirms its bounded-loop fix with the model, which reads the
arena map and its globals and verifies addr_space_cast: sum_table
1801 -> 73 processed insns, accepted -> accepted; a second --apply changes
nothing. Before, the object was refused ("relocation to section
.addr_space.1") and nothing was confirmed. The kernel backend is not
asked: Debian 12's libbpf 1.1 cannot open an arena object and this host
refuses arena maps (EPERM).
Usage: arena_project.py BPF_FIX"""
import os
import shutil
import sys
import tempfile
from fixlib import COMPAT, Checks, read, run

BPF_FIX = os.path.abspath(sys.argv[1])
PROJECT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "projects", "arena")
WANT = "sum_table: 1801 -> 73 processed insns"


def fix(path):
    return run([BPF_FIX, "--apply", "--verify=model", path, "--", "-I" + COMPAT])


def main():
    c = Checks()
    d = tempfile.mkdtemp(prefix="bpf-fix-arena-")
    try:
        shutil.copytree(PROJECT, os.path.join(d, "arena"))
        src = os.path.join(d, "arena", "arena_sum.bpf.c")
        before = read(src)
        r = fix(src)
        err = r.stderr.decode()
        c.check(r.returncode == 1 and read(src) != before and b"bpf_for(i, 0, 256)" in read(src),
                "the bounded-loop fix is applied", err)
        c.check(WANT in err and "accepted -> accepted" in err,
                "confirmed by the model: " + WANT, err)
        fixed = read(src)
        r = fix(src)
        c.check(r.returncode == 0 and read(src) == fixed, "a second --apply changes nothing",
                r.stderr.decode())
    finally:
        shutil.rmtree(d)
    c.finish()


if __name__ == "__main__":
    main()

# SPDX-License-Identifier: GPL-2.0-only
"""A file that uses a BPF arena (issue 22, item 9): tests/fix/projects/arena
sums a table of global __arena variables (.addr_space.1) in a 256-step loop.
bpf-fix confirms its bounded-loop fix with the model, which reads the
arena map and its globals and verifies addr_space_cast: sum_table
1801 -> 73 processed insns, accepted -> accepted; a second --apply changes
nothing. Before, the object was refused ("relocation to section
.addr_space.1") and nothing was confirmed. This host refuses arena maps
(EPERM), so the kernel's word comes from the 6.12 VM where its image is
cached (scripts/vm/fetch-kernel 6.12), through bpf-verify's own loader
(libbpf 1.1 cannot load an arena): bpf-fix --target-kernel=6.12
--verify=kernel confirms the same fix, 1801 -> 100 processed insns.
Usage: arena_project.py BPF_FIX"""
import os
import shutil
import sys
import tempfile
from fixlib import COMPAT, Checks, read, run

BPF_FIX = os.path.abspath(sys.argv[1])
PROJECT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "projects", "arena")
WANT = "sum_table: 1801 -> 73 processed insns"


VM_WANT = "1801 -> 100 (-94.4%)"


def fix(path, *opts):
    return run([BPF_FIX, "--apply", *(opts or ("--verify=model",)), path, "--", "-I" + COMPAT])


def vm_612():
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return os.path.exists(os.path.join(cache, "bpf-lint", "kernels", "6.12", "vmlinuz")) and \
        shutil.which("qemu-system-x86_64")


def vm_checks(c, d):
    src = os.path.join(d, "vm", "arena_sum.bpf.c")
    shutil.copytree(PROJECT, os.path.join(d, "vm"))
    r = fix(src, "--target-kernel=6.12", "--verify=kernel")
    err = r.stderr.decode()
    c.check(r.returncode == 1 and "kernel verifier (VM) of Linux 6.12" in err and VM_WANT in err,
            "the 6.12 kernel (VM) confirms it: " + VM_WANT, err)


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
        if vm_612():
            vm_checks(c, d)
        else:
            print("SKIP part: no 6.12 kernel image or qemu: the VM's confirmation not checked")
    finally:
        shutil.rmtree(d)
    c.finish()


if __name__ == "__main__":
    main()

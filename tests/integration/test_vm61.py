#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Boot the 6.1 VM once and hold its figures to the recorded ones.

The recorded truth is testdata/verifier/kernel-6.1.tsv (scripts/vm/record
writes it); every object it names is compiled from testdata/verifier/ and
checked row by row (verdict, processed insns, states, reason). The issue's
case tests/integration/static_call_64.bpf.c is checked against its
"KERNEL-6.1:" annotation. Exit 77 (skip) with the reason when qemu is not
installed or the kernel image is neither cached nor downloadable.

usage: test_vm61.py BPF_VERIFY_VM SOURCE_ROOT CLANG
"""
import os
import re
import shutil
import subprocess
import sys

RELEASE = "6.1"
COMPARED = ("verdict", "insns", "states", "peak_states", "reason")


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def read_tsv(text):
    """(kernel comment, {(object, program): row dict}) of a figures TSV."""
    kernel, cols, rows, reasons = "", None, {}, {}
    for line in text.splitlines():
        if line.startswith("# kernel:"):
            kernel = line[len("# kernel:"):].strip()
        elif line.startswith("# reason\t"):
            _, obj, prog, why = line.split("\t", 3)
            reasons[(obj, prog)] = why
        elif line.startswith("object\t"):
            cols = line.split("\t")
        elif line.strip() and not line.startswith("#"):
            row = dict(zip(cols, line.split("\t")))
            rows[(row["object"], row["program"])] = row
    for key, row in rows.items():
        row["reason"] = reasons.get(key, "")
    return kernel, rows


def annotations(path):
    """KERNEL-6.1: PROG VERDICT [insns=N] ["reason"] lines of a case."""
    pat = re.compile(r'KERNEL-%s:\s+(\S+)\s+(success|failure)'
                     r'(?:\s+insns=(\d+))?(?:\s+"([^"]*)")?' % re.escape(RELEASE))
    with open(path) as f:
        return [m.groups() for m in pat.finditer(f.read())]


def ensure_image(root):
    if not shutil.which("qemu-system-x86_64"):
        skip("qemu-system-x86_64 not installed (apt-get install qemu-system-x86)")
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    kdir = os.path.join(cache, "bpf-lint/kernels", RELEASE)
    if all(os.path.exists(os.path.join(kdir, f)) for f in ("vmlinuz", "config")):
        return
    if not shutil.which("apt-get"):
        skip("no cached %s kernel and no apt-get to download one" % RELEASE)
    fetch = subprocess.run([os.path.join(root, "scripts/vm/fetch-kernel"), RELEASE],
                           capture_output=True, text=True)
    if fetch.returncode:
        skip("cannot download the %s kernel: %s" % (RELEASE, fetch.stderr.strip()))


def compare(recorded, measured):
    errors = []
    for key, want in sorted(recorded.items()):
        got = measured.get(key)
        if got is None:
            errors.append("%s/%s: the VM reported nothing" % key)
            continue
        for col in COMPARED:
            if want.get(col) != got.get(col):
                errors.append("%s/%s: %s recorded %s, measured %s"
                              % (key + (col, want.get(col), got.get(col))))
    return errors


def check_case(path, obj, measured):
    errors = []
    for prog, verdict, insns, reason in annotations(path):
        got = measured.get((obj, prog))
        if got is None:
            errors.append("%s/%s: the VM reported nothing" % (obj, prog))
        elif got["verdict"] != verdict or (insns and got["insns"] != insns) \
                or (reason and reason not in got["reason"]):
            errors.append("%s/%s: annotated %s %s %r, measured %s %s %r"
                          % (obj, prog, verdict, insns, reason,
                             got["verdict"], got["insns"], got["reason"]))
    return errors


def main():
    tool, root, case_obj = sys.argv[1:4]
    objs = sys.argv[4:]
    ensure_image(root)
    tsv = os.path.join(root, "testdata/verifier/kernel-%s.tsv" % RELEASE)
    rec_kernel, recorded = "(nothing recorded)", {}
    if os.path.exists(tsv):
        with open(tsv) as f:
            rec_kernel, recorded = read_tsv(f.read())
    else:
        print("note: no %s yet: checking the annotated case only" % tsv)
    case = os.path.join(root, "tests/integration/static_call_64.bpf.c")
    run = subprocess.run([tool, "--kernel=" + RELEASE, "--tsv", case_obj] + objs,
                         capture_output=True, text=True, timeout=600)
    if run.returncode == 2:
        skip(run.stderr.strip())
    kernel, measured = read_tsv(run.stdout)
    errors = [] if run.returncode == 0 else [run.stderr.strip()]
    errors += compare(recorded, measured)
    errors += check_case(case, os.path.basename(case_obj), measured)
    unrecorded = sorted(k for k in measured if k not in recorded
                        and k[0] != os.path.basename(case_obj))
    # a case added since the last recording is news, not a mismatch
    for k in unrecorded:
        print("note: %s/%s is not recorded yet (scripts/vm/record)" % k)
    print("VM kernel: %s (recorded on %s)" % (kernel, rec_kernel))
    print("%d recorded programs, %d measured" % (len(recorded), len(measured)))
    for e in errors:
        print("FAIL: " + e)
    if errors and kernel != rec_kernel:
        print("note: the kernel differs from the recorded one: re-record with scripts/vm/record")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The in-VM loader reports what the host backend reports.

bpf-vm-loader is a plain static binary, so it runs on the host too: for
every program of the objects given, its verdict, processed insns, states,
peak states, max states per insn, stack depth, program size and reason
must equal bpf-verify --backend=kernel's on the same (running) kernel.
That makes the VM's figures the host backend's figures, only of another
kernel. Exit 77 when this process may not load BPF programs.

usage: test_loader_host.py BPF_VM_LOADER BPF_VERIFY OBJ.bpf.o...
"""
import csv
import io
import os
import subprocess
import sys

VERDICT = {"accepted": "success", "rejected": "failure", "load-error": "error"}


def loader_rows(loader, objs):
    out = subprocess.run([loader] + objs, capture_output=True, text=True,
                         timeout=300, check=True).stdout
    rows = {}
    for line in out.splitlines():
        f = line.split("\t")
        if f[0] != "@vm61":
            continue
        rows[(f[1], f[2])] = {
            "verdict": VERDICT[f[4]], "insns": f[5], "states": f[6],
            "peak_states": f[7], "max_states_per_insn": f[8],
            "stack_depth": f[10] if f[10] != "-" else "",
            "prog_size": f[11], "reason": f[13] if f[13] != "-" else ""}
    return rows


def host_rows(bpf_verify, objs):
    run = subprocess.run([bpf_verify, "--backend=kernel", "--format=csv"] + objs,
                         capture_output=True, text=True, timeout=300)
    if run.returncode == 2 and ("CAP_BPF" in run.stderr or "bpf()" in run.stderr):
        print("SKIP: " + run.stderr.strip())
        sys.exit(77)
    rows = {}
    for r in csv.DictReader(io.StringIO(run.stdout)):
        rows[(os.path.basename(r["file"]), r["program"])] = r
    return rows


def main():
    loader, bpf_verify, objs = sys.argv[1], sys.argv[2], sys.argv[3:]
    host = host_rows(bpf_verify, objs)
    mine = loader_rows(loader, objs)
    errors = []
    if set(host) != set(mine):
        errors.append("programs differ: host only %s, loader only %s"
                      % (sorted(set(host) - set(mine)), sorted(set(mine) - set(host))))
    for key in sorted(set(host) & set(mine)):
        for col, want in mine[key].items():
            if host[key].get(col) != want:
                errors.append("%s/%s: %s: host backend %r, loader %r"
                              % (key + (col, host[key].get(col), want)))
    print("%d programs compared" % len(set(host) & set(mine)))
    for e in errors:
        print("FAIL: " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
